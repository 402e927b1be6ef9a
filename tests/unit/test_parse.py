import pytest
from lxml import etree

from scrapy_boiler import extract
from scrapy_boiler.parse import ParseError, parse_html
from scrapy_boiler.parse.normalize import title_parts


def texts(page) -> str:
    return " ".join(" ".join(page.root.itertext()).split())


def test_removes_non_content_elements(page_bytes):
    page = parse_html(page_bytes("news_article.html"))
    text = texts(page)
    assert "tracking" not in text and "color: red" not in text
    assert "Search the site" not in text and "Go" not in text.split()
    assert page.root.find(".//form") is not None, "the form element itself is kept (ASP.NET pages wrap everything)"
    assert page.title == "Harbour bridge reopens after repairs - The Coastal Herald"


def test_tail_text_of_removed_elements_is_kept():
    page = parse_html("<p>before<script>x()</script> after<br>end</p>")
    assert texts(page) == "before after end"


def test_hidden_elements_are_removed():
    page = parse_html('<div><p style="display: none">hidden one</p><p hidden>hidden two</p><p>shown</p></div>')
    assert texts(page) == "shown"


def test_a_custom_tooltip_element_is_removed():
    """Google's developer sites set a tooltip in each page's ``<h1>`` (``<devsite-feature-tooltip>``: "Stay organized
    with collections"): a popout shown on demand, not the page's text; "tooltip" in a class name is not enough."""
    page = parse_html('<h1>Set request timeout<div class="devsite-actions"><devsite-feature-tooltip class="nocontent">'
                      '<span slot="popout-heading">Stay organized with collections</span></devsite-feature-tooltip>'
                      '</div></h1><p>A <span class="tooltip">timeout</span> ends the request.</p>')
    assert texts(page) == "Set request timeout A timeout ends the request."


def test_text_for_screen_readers_only_is_removed():
    page = parse_html('<div><h2 class="visually-hidden">Article content</h2><p>Read <a href="/r">the report<span '
                      'class="sr-only"> (opens in a new window)</span></a> today.</p><p class="srcset-note">kept'
                      '</p><span class="screen-reader-text">Share on Facebook</span><p>Shares of <a href="/c">Halvard'
                      '<span class="screen-reader-only">, opens new tab</span></a> rose<span class="u-visually-hidden">'
                      ' (link)</span>.</p></div>')
    assert texts(page) == "Read the report today. kept Shares of Halvard rose."


def test_zero_width_spaces_are_dropped_and_joiners_kept():
    """Docusaurus ends each heading with a zero-width space in its anchor link; a Persian word's zero-width
    non-joiner is part of its spelling."""
    page = parse_html('<h2>Installation<a class="hash-link" href="#installation">\u200b</a></h2><p>می\u200cخواهم</p>')
    assert texts(page) == "Installation می\u200cخواهم"


def test_a_screen_reader_separator_without_words_stays():
    page = parse_html('<h1><div>Night trains</div><span class="visually-hidden">: </span><span>Back to the Alps'
                      '</span></h1>')
    assert texts(page) == "Night trains : Back to the Alps"


def test_formulas_typeset_by_mathjax_read_as_their_tex_source():
    """A page saved after MathJax 2 ran: glyphs hidden from screen readers, a MathML copy for them, the TeX in a
    script."""
    drawn = ('<span class="MathJax_Preview"></span><span class="MathJax" role="presentation"><nobr aria-hidden="true">'
             '<span class="mi">\u03c0</span></nobr><span class="MJX_Assistive_MathML"><math><mi>\u03c0</mi></math>'
             '</span></span>')
    page = parse_html(f'<p>The value is {drawn}<script type="math/tex">\\frac{{\\pi^2}}{{12}}</script>, so</p>'
                      f'<p>we get <span class="MathJax_Display">{drawn}</span><script type="math/tex; mode=display">'
                      '\\sum 1/n^2</script> at once.</p>')
    assert texts(page) == "The value is $\\frac{\\pi^2}{12}$ , so we get $$\\sum 1/n^2$$ at once."
    assert page.root.xpath("string(//div)") == "$$\\sum 1/n^2$$"  # a displayed formula is a line of its own


def test_a_checkbox_drawn_for_screen_readers_goes_like_their_words():
    """WP Recipe Maker reads a box symbol aloud before each ingredient, for the checkbox beside it."""
    page = parse_html('<ul><li><span><input type="checkbox"/><label><span class="sr-only screen-reader-text">\u25a2 '
                      '</span></label></span><span>2</span> <span>Tbsp</span> <span>olive oil</span></li></ul>')
    assert texts(page) == "2 Tbsp olive oil"


_PREFERENCES = "We and our partners store and access information on your device. " * 5


@pytest.mark.parametrize("box", [
    # OneTrust's preference centre, named like content inside
    f'<div id="onetrust-consent-sdk"><div id="onetrust-pc-sdk" class="ot-sdk-container">'
    f'<div id="ot-content" class="ot-main-content"><h2>Privacy Preference Center</h2><p>{_PREFERENCES}</p></div>'
    f'</div></div>',
    f'<div id="sp_message_container_874231"><p>{_PREFERENCES}</p></div>',  # Sourcepoint numbers its boxes
    f'<div class="qc-cmp2-container" data-nosnippet><p>{_PREFERENCES}</p></div>',  # Quantcast Choice
    f'<div id="qc-cmp2-container" data-nosnippet><p>{_PREFERENCES}</p></div>',  # ... its root, by id (Il Sole 24 Ore)
    f'<div id="cookie-notice" role="dialog"><span>{_PREFERENCES}</span></div>',  # the Cookie Notice plugin
])
def test_a_consent_managers_box_is_removed(box):
    page = parse_html(f"<html><body><article><p>The harbour bridge reopens today.</p></article>{box}"
                      f"<footer>Contact</footer></body></html>")
    assert texts(page) == "The harbour bridge reopens today. Contact"


def test_a_discourse_posts_link_preview_and_picture_details_are_removed():
    """Discourse shows a link to another page as a preview card (``aside.onebox``: the site, the page's title and
    description) and a picture with its file name and size (``a.lightbox > div.meta``): neither is the poster's text.
    An aside of another name stays."""
    page = parse_html('<div class="cooked"><p>See the docs on input mapping contexts.</p><aside class="onebox '
                      'allowlistedgeneric"><header>Epic Games Developer</header><h3><a href="/d">Enhanced Input in '
                      'Unreal Engine</a></h3><p>An overview of the Enhanced Input Plugin.</p></aside><div class="'
                      'lightbox-wrapper"><a class="lightbox" href="/i.png"><img src="/i.png"><div class="meta"><span '
                      'class="filename">imc_vehicle</span><span class="informations">1312×604 48.2 KB</span></div></a>'
                      '</div><aside class="note"><p>Restart the editor afterwards.</p></aside></div>')
    assert texts(page) == "See the docs on input mapping contexts. Restart the editor afterwards."


def test_names_that_only_mention_consent_or_cookies_stay():
    page = parse_html('<div class="consent-decree-story"><p id="cookie-notice-history">The court approved the '
                      'consent decree.</p><p class="cmp-text">Cookie banners came later.</p></div>')
    assert texts(page) == "The court approved the consent decree. Cookie banners came later."


def test_a_copy_of_shown_text_that_a_css_frameworks_class_hides_is_removed():
    """Forgejo keeps each comment's raw Markdown in a ``div.raw-content.tw-hidden`` beside its rendered text: a copy,
    removed. Hidden text the page shows nowhere else stays for the models to weigh (a "read more" part a script
    reveals; Slashdot's comment collapsed with a reply quoting it), as does a copy that ``hidden md:block`` shows on
    wide screens, or a spoiler's."""
    said = (
        "We should normalize both sides before comparing the remote path with the local one, and merge the copies "
        "that the server already holds.")
    reply = "Sealed letters in academia can be rude, and HR reads every exit interview twice."
    page = parse_html(f'<div class="comment"><div class="render-content"><p>{said}</p></div>'
                      f'<div class="raw-content tw-hidden">{said.replace("both", "**both**")}</div></div>'
                      f'<p>HuffPost: the rate is below 50%<span class="hidden"> for 71 of the schools, a report says.'
                      f'</span></p><div class="hidden md:block">{said}</div><div class="spoiler hidden">{said}</div>'
                      f'<li class="comment hidden"><p>{reply}</p><blockquote>{reply}</blockquote></li>')
    assert texts(page) == (f"{said} HuffPost: the rate is below 50% for 71 of the schools, a report says. {said} "
                           f"{said} {reply} {reply}")


def test_the_collapsed_copy_of_an_expanded_jira_comment_is_removed():
    """Jira draws each comment twice in its ``twixi-block``: whole (``twixi-wrap verbose``) and on one line
    (``twixi-wrap concise``), and its style shows one of them; the one-line copy of text shown whole goes, a concise
    line that says something of its own stays."""
    said = ("Thank you for the test case. Reproducible on 11.4.5 and on the current 11.8 branch, not reproducible on "
            "10.11.11, and the plan shows the window function reading through the index.")
    page = parse_html(f'<div class="issue-data-block activity-comment twixi-block expanded"><div class="twixi-wrap '
                      f'verbose actionContainer"><div class="action-body"><p>{said}</p></div></div><div class="twixi-'
                      f'wrap concise actionContainer"><div class="action-details">Ann added a comment - {said}</div>'
                      f'</div></div><div class="twixi-wrap concise">3 older comments</div>')
    assert texts(page) == f"{said} 3 older comments"


def test_a_wikis_section_edit_links_and_citation_marks_are_removed():
    """MediaWiki (Wikipedia, Fandom) puts "[edit | edit source]" in every section heading and "[1]" after a sentence
    citing a source; a class merely naming edit sections or references stays."""
    page = parse_html('<h2><span class="mw-headline" id="Early_life">Early life</span><span class="mw-editsection">'
                      '<span class="mw-editsection-bracket">[</span><a href="/e?section=1">edit</a> | <a href="/e?'
                      'section=1&amp;source">edit source</a><span class="mw-editsection-bracket">]</span></span></h2>'
                      '<p class="editsection-notes">She was born in Brackwater.<sup id="cite_ref-1" class="reference">'
                      '<a href="#cite_note-1">[1]</a></sup></p><p>Population<sup class="reference-note">a</sup></p>')
    assert texts(page) == "Early life She was born in Brackwater. Population a"


def test_a_headings_anchor_mark_is_removed():
    """Sphinx ends every heading with ``<a class="headerlink" href="#x">¶</a>``, other generators with a "§" or "#":
    a mark, not the heading's last character; a link to an anchor that says something stays."""
    page = parse_html('<h2>Backoff strategies<a class="headerlink" href="#backoff">¶</a></h2><h3><a href="#jitter">§'
                      '</a> Jitter</h3><p>See <a href="#jitter">Jitter</a> and <a href="/hash">#</a> tags.</p>')
    assert texts(page) == "Backoff strategies Jitter See Jitter and # tags."


def test_a_forums_jammer_text_is_removed():
    """Discuz strews its name into every post's sentences in ``<font class="jammer">``, which its stylesheet hides."""
    page = parse_html('<td class="t_f">unemployment days start the day after,<font class="jammer">.1point3acres</font>'
                      'severance does not count.<font class="jammer">- 一亩-三分-地，独家发布</font></td>'
                      '<p class="jammers-guide">Jammers are listed here.</p>')
    assert texts(page) == "unemployment days start the day after,severance does not count. Jammers are listed here."


def test_status_messages_are_removed():
    """Stack Exchange puts its notice that a question is closed as a duplicate inside the question's body, as a status
    message (``role="status"``) listing the other questions' titles; a forum's "thread is locked" banner is one too.
    A large part of a page marked so is no message, and stays."""
    notice = ('<aside class="s-notice post-notice" role="status"><b>This question already has answers here</b>:'
              '<div><a href="/q/480214">How do I remove duplicates from a list?</a> (31 answers)</div>Closed 2 years '
              "ago.</aside>")
    story = " ".join(["The council met again on Tuesday."] * 30)
    page = parse_html(f'<div class="s-prose">{notice}<p>My list has repeated names.</p></div><div role="status">'
                      f'This thread is locked.</div><div role="status"><p>{story}</p></div>')
    assert texts(page) == f"My list has repeated names. {story}"


def test_a_list_items_number_drawn_in_an_element_of_its_own_is_removed():
    """Quora draws each number of an ordered list in a ``<div>`` before the item's text: the list numbers its items
    itself. A number that is the item's whole text, or that has its text beside it, stays."""
    page = parse_html('<ol><li><div class="q-inlineBlock">1.</div><div class="q-text"><span>Online aptitude tests.'
                      '</span></div></li><li><div>2.</div></li><li><b>3)</b> Posting to a unit.</li>'
                      '<li><span>4.</span><span>5.</span></li></ol>')
    assert texts(page) == "Online aptitude tests. 2. 3) Posting to a unit. 4. 5."


def test_an_emails_quotation_of_the_message_it_answers_is_removed():
    """A mailing list's archive shows a reply in a ``<pre>``: the attribution line and the quoted lines (``>``) of the
    earlier message go, written with newlines (Pipermail, MARC) or with ``<br>`` (lkml.org); the reply's own lines,
    code included, stay."""
    mail = ("On Mon, Sep 16, 2013 at 11:42 PM, Elena Marchetti wrote:\n> This patch allocates the buffer once.\n>\n"
            "> Changes since v1:\n>  - split large blocks\n\nThanks for the respin, a few comments inline.\n\n"
            "> +\tr->scratch = malloc(n);\n\nThis leaks r->filter on failure:\n\tgoto fail_filter;\n")
    page = parse_html(f"<pre>{mail.replace('>', '&gt;')}</pre>")
    assert "".join(page.root.find(".//pre").itertext()) == (
        "Thanks for the respin, a few comments inline.\n\nThis leaks r->filter on failure:\n\tgoto fail_filter;\n")
    page = parse_html("<pre itemprop='articleBody'>On Tue, Feb 13, 2024, Lukas Brandner wrote:<br/>&gt; Hi,<br/>&gt; "
                      "since 6.8-rc1 my laptop <a href='/x'>loses</a> the drive.<br/><br/>Thanks for the report."
                      "<br/>Keiko</pre>")
    assert [" ".join(text.split()) for text in page.root.find(".//pre").itertext()] == [
        "Thanks for the report.", "Keiko"]
    page = parse_html("<pre>Am 14.02.24 um 11:27 schrieb Keiko Matsuda:\n&gt; Geht das?\nJa.</pre>")
    assert "".join(page.root.find(".//pre").itertext()) == "Ja."


def test_an_archived_emails_header_lines_and_split_attribution_are_removed():
    """public-inbox and MARC show a message's header lines (From, To, Cc and their continuations, Subject, Date,
    Message-ID) in the ``<pre>`` above its text: they go, as does an attribution split over two lines ("On <date>" and
    "X <address> wrote:"). A tutorial's code block showing an e-mail among the page's paragraphs keeps them."""
    mail = ("From: Jonah Cartwright <jc@kernel.org>\nTo: Marta Oliveira <marta@hexasense.com>\nCc: Rui Santos "
            "<rui@hexasense.com>,\n\tlinux-iio@vger.kernel.org\nSubject: Re: [PATCH v3 2/3] iio: adc: add driver\n"
            "Date: Sat, 15 Jun 2024 17:10:22 +0100\t[thread overview]\nMessage-ID: <2024@jc> (raw)\n\n"
            "On Tue, 11 Jun 2024 11:22:03 +0100\nMarta Oliveira <marta@hexasense.com> wrote:\n\n"
            "> This adds a driver for the HX8412.\n\nHi Marta,\n\nA few comments inline, most of them minor.\n")
    page = parse_html(f"<pre>{mail.replace('<', '&lt;').replace('>', '&gt;')}</pre>")
    assert "".join(page.root.find(".//pre").itertext()) == "Hi Marta,\n\nA few comments inline, most of them minor.\n"
    example = "From: ann@example.org\nTo: bob@example.org\nSubject: Test\nDate: Mon, 1 Jan 2024\n\nHello Bob!\n"
    prose = "<p>" + "An e-mail is a block of header lines, a blank line and the message's text. " * 8 + "</p>"
    page = parse_html(f"<main>{prose}<pre>{example}</pre>{prose}</main>")
    assert "".join(page.root.find(".//pre").itertext()) == example


def test_an_mhonarc_replys_quotation_boxes_and_header_list_are_removed():
    """MHonArc (the Debian and GNU lists) writes each quoted stretch of a reply as a ``<blockquote>`` holding a
    ``<pre>``, after the ``<pre>`` ending with the attribution, and the header lines as a list: the boxes, the
    attribution and the list go, the reply's own ``<pre>`` s stay. A quotation box after no attribution (a blog's
    quoted terminal output) is kept, and so is a list of header lines among a page's paragraphs."""
    header = ("<ul><li><em>To</em>: debian-devel@lists.debian.org</li><li><em>Subject</em>: Re: zram by default</li>"
              "<li><em>From</em>: Henrik &lt;henrik@example.dk&gt;</li><li><em>Date</em>: Wed, 18 Sep 2024 23:41:07"
              "</li><li><em>Mail-followup-to</em>: debian-devel@lists.debian.org</li></ul>")
    box = '<blockquote style="border-left: #5555EE solid 0.2em"><pre>{}</pre></blockquote>'
    reply = ("<pre>Hi Paul,\n\nOn Tue, Sep 17, 2024 at 10:05:33PM +0200, Paul Müller wrote:\n</pre>"
             + box.format("Fedora has shipped zram swap by default since Fedora 33.")
             + "<pre>\nI think this is a good idea for desktops, and I have run it on three machines for years.\n</pre>"
             + box.format("The installer creates a swap partition of roughly the size of memory.")
             + "<pre>\nThis is where I disagree: hibernation needs a disk-backed swap area, and users who rely on "
             "hibernate on laptops would lose it.\n</pre>")
    page = parse_html(f"<html><body><h1>Re: zram by default</h1>\n{header}{reply}</body></html>")
    assert page.root.find(".//blockquote") is None and page.root.find(".//ul") is None
    assert " ".join("".join(page.root.find(".//body").itertext()).split()) == (
        "Re: zram by default Hi Paul, I think this is a good idea for desktops, and I have run it on three machines "
        "for years. This is where I disagree: hibernation needs a disk-backed swap area, and users who rely on "
        "hibernate on laptops would lose it.")
    output = "<pre>$ uname -r\n6.8.0</pre>" + box.format("6.8.0-1-amd64")
    prose = "<p>" + "An e-mail is a block of header lines, a blank line and the message's text. " * 8 + "</p>"
    page = parse_html(f"<html><body>{prose}{header}{output}{prose}</body></html>")
    assert page.root.find(".//blockquote") is not None and page.root.find(".//ul") is not None


def test_a_preformatted_text_with_quoted_lines_but_no_attribution_keeps_them():
    """A shell session's ``>`` prompts, or a Markdown source's quotation, are no e-mail's quotation."""
    session = "$ node\n> [1, 2].map(x => x * 2)\n[ 2, 4 ]\n> .exit\n"
    page = parse_html(f"<pre>{session.replace('>', '&gt;')}</pre><pre>The manual said:\n&gt; Back up first.</pre>")
    assert [text for text in page.root.find(".//pre").itertext()] == [session]
    assert "".join(page.root.findall(".//pre")[1].itertext()) == "The manual said:\n> Back up first."


def test_a_code_blocks_toolbar_is_removed():
    """VitePress writes a code block's language and copy button beside its ``<pre>``, Juejin its toolbar inside the
    ``<pre>`` before the ``<code>``, ChatGPT in a box inside the ``<pre>`` beside the box of the ``<code>``: they go.
    A line introducing the code, a caption of a sentence, and a list item's text beside a ``<pre>`` stay."""
    page = parse_html(
        '<div class="language-ts"><button title="Copy Code" class="copy"></button><span class="lang">ts</span>'
        "<pre><code>await next()</code></pre></div>"
        '<pre><div class="code-block-extension-header"><div class="headerRight"><span>javascript</span>'
        "<div>体验AI代码助手</div><div>代码解读</div><div>复制代码</div></div></div><code>self.close();</code></pre>"
        '<pre><div class="rounded-2xl"><div class="select-none">bash</div><div class="sticky"><button>Copy</button>'
        '</div><div class="overflow-y-auto"><code>sudo apt install fdupes</code></div></div></pre>'
        "<div><span>Then run:</span><pre>make test</pre></div>"
        "<figure><figcaption>The worker hashes the file in slices of two megabytes</figcaption><pre>spark.end()</pre>"
        "</figure><ul><li><span>Build</span><pre>make</pre></li></ul>")
    assert texts(page) == ("await next() self.close(); sudo apt install fdupes Then run: make test The worker hashes "
                           "the file in slices of two megabytes spark.end() Build make")


def test_the_line_numbers_beside_a_code_block_are_removed():
    """Jekyll (Rouge) and Hexo number a code block's lines in a table cell beside the code: the numbers go, the code
    stays; a table of figures whose other cell holds no code keeps its numbers."""
    page = parse_html('<table class="rouge-table"><tr><td class="rouge-gutter gl"><pre class="lineno">1\n2\n</pre>'
                      '</td><td class="rouge-code"><pre>backup() {\n  rsync -a /srv /mnt\n}</pre></td></tr></table>'
                      "<table><tr><td>2024</td><td>Backups made</td></tr><tr><td>11</td><td>Days missed</td></tr>"
                      "</table>")
    assert texts(page) == "backup() { rsync -a /srv /mnt } 2024 Backups made 11 Days missed"


def test_code_lines_laid_out_by_css_get_their_line_breaks():
    """WoltLab writes each line of a code block as a ``span.codeBoxLine`` with no newline between them; a block whose
    lines are separated already (Shiki's ``span.line`` and a newline) is left as it is."""
    page = parse_html('<pre class="codeBoxCode"><code><span class="codeBoxLine"><a class="lineAnchor"></a><span>'
                      'alias: notify</span></span><span class="codeBoxLine"><span>trigger:</span></span><span '
                      'class="codeBoxLine"><span>  - platform: state</span></span></code></pre>'
                      '<pre class="shiki"><code><span class="line">a = 1</span>\n<span class="line">b = 2</span></code>'
                      '</pre>')
    first, second = page.root.iter("pre")
    assert "".join(first.itertext()) == "alias: notify\ntrigger:\n  - platform: state"
    assert "".join(second.itertext()) == "a = 1\nb = 2"


def test_line_numbers_listed_beside_a_code_block_go():
    """CSDN writes a code block's line numbers as ``ul.pre-numbering`` in the ``<pre>``, after the ``<code>`` (the
    parser closes the ``<pre>`` before it): a list of 1, 2, 3... numbering as many lines as the code has goes; a list
    of other numbers, or of as many numbers as another count, stays."""
    numbers = "".join(f"<li>{n}</li>" for n in range(1, 4))
    page = parse_html(f"<article><pre><code>import asyncio\n\nasyncio.run(main())</code><ul class=\"pre-numbering\">"
                      f"{numbers}</ul></pre><p>Steps:</p><ol>{numbers}</ol><pre><code>one line</code></pre>"
                      f"<ul>{numbers}</ul></article>")
    assert [item.text for item in page.root.iter("li")] == ["1", "2", "3"] * 2


def test_a_code_box_written_as_a_list_of_lines_is_a_block_of_code():
    """Discuz! writes a post's code as ``div.blockcode > div > ol > li``, each line ending in a ``<br>``, indented
    with ``&nbsp;``: it is one block of code with its lines and indentation (spaces), not a list; an item ending
    without a ``<br>`` ends its line too. A list in a box named otherwise stays a list."""
    lines = ["def shot_time(path):", "&nbsp; &nbsp; try:", "&nbsp; &nbsp; &nbsp; &nbsp; return read(path)", "",
             "print(shot_time('a.jpg'))"]
    items = "".join(f"<li>{line}<br />" for line in lines[:-1]) + f"<li>{lines[-1]}</li>"
    page = parse_html(f'<div class="t_f"><p>The script:</p><div class="blockcode"><div id="code_rX7"><ol>\n{items}'
                      f'</ol></div><em>Copy code</em></div><ul><li>one</li><li>two</li></ul></div>')
    pre = next(page.root.iter("pre"))
    assert "".join(pre.itertext()) == ("def shot_time(path):\n    try:\n        return read(path)\n\n"
                                      "print(shot_time('a.jpg'))\n")
    assert [item.text for item in page.root.iter("li")] == ["one", "two"]


def test_a_code_of_lines_broken_by_br_outside_a_pre_is_a_block_of_its_own():
    """Simple Machines Forum writes a post's code as ``code.bbc_code`` with a ``<br>`` between lines, the sentence
    after it in the same box: the code is a block of its own, so the sentence is not run into its last line, and each
    ``<br>`` is one newline (the markup's newline after it showed none); an inline ``<code>`` stays in its sentence."""
    post = ('<div class="inner">Something like this works:<br><br><code class="bbc_code">import numpy as np<br>\n'
            'print(np.std(v))</code>RMS tells you a lot more than peak-to-peak, as <code>np.std</code> shows.</div>')
    page = parse_html(f"<html><body>{post}</body></html>")
    pres = list(page.root.iter("pre"))
    assert len(pres) == 1 and pres[0][0].get("class") == "bbc_code"
    assert "".join(pres[0].itertext()) == "import numpy as np\nprint(np.std(v))"  # a <br> and its markup's newline
    assert pres[0].tail.startswith("RMS tells you")
    # its indentation, written as &nbsp;, is spaces, as a reader copying the code gets them
    page = parse_html('<html><body><div class="inner"><code class="bbc_code">void f(void)<br>{<br>&nbsp; &nbsp; '
                      'x = 1;&nbsp; &nbsp;// one<br>}</code></div></body></html>')
    assert "".join(next(page.root.iter("pre")).itertext()) == "void f(void)\n{\n    x = 1;   // one\n}"
    doc = extract(f"<html><body><article>{post.replace('works:', 'works: ' + 'it reads the export. ' * 12)}"
                  "</article></body></html>")
    assert "import numpy as np\nprint(np.std(v))\nRMS tells you a lot more than peak-to-peak, as np.std shows." \
        in doc.text
    assert "```\nimport numpy as np\nprint(np.std(v))\n```" in doc.markdown


def test_a_code_whose_lines_are_broken_inside_its_highlighting_span_is_a_block_too():
    """MyBB's PHP code box writes PHP's own highlighting: ``<code><span style=...>`` with the ``<br>`` between lines
    inside the span, and a line of punctuation alone ("];") among them. It was left inline, and those lines, no words,
    left the post's text."""
    post = ('<div class="post_body">Here is the rule:<div class="codeblock phpcodeblock"><div class="title">PHP Code:'
            '</div><div class="body"><div dir="ltr"><code><span style="color: #000000">$rules = [<br />    '
            "'email' =&gt; 'required',<br />];</span></code></div></div></div>It fails on update.</div>")
    page = parse_html(f"<html><body>{post}</body></html>")
    pres = list(page.root.iter("pre"))
    assert len(pres) == 1 and "".join(pres[0].itertext()) == "$rules = [\n    'email' => 'required',\n];"


def test_a_footnotes_reference_number_leaves_the_text_and_the_note_stays():
    """Substack links a footnote's number into the sentence (``a.footnote-anchor``), Markdown in a ``<sup>``: as text
    it runs into the word before ("capacity.1 That"). The reference goes, the note below stays (its number, a link
    back, goes too), and so does a link to a footnote that says more than its number, or a number linked
    elsewhere."""
    page = parse_html('<html><body><p>It costs eight thousand dollars.<a class="footnote-anchor" href="#footnote-1-17">'
                      '1</a> That sounds like a lot.<sup><a href="#fn:2">[2]</a></sup> Then <a href="#fn:3">see the '
                      'note</a> and <a href="/page/2">2</a>.</p><div class="footnote"><a href="#footnote-anchor-1-17">'
                      "1</a><p>Prices vary a lot by region.</p></div></body></html>")
    text = " ".join("".join(page.root.itertext()).split())
    assert text.startswith("It costs eight thousand dollars. That sounds like a lot. Then see the note and 2.")
    assert text.endswith("and 2.Prices vary a lot by region.")  # the note's number, linking back, goes too


def test_code_lines_written_as_blocks_are_one_block_of_lines():
    """Expressive Code (Astro Starlight) writes each line of a code block as a ``div.ec-line``: the code is one block
    of lines, its lines of punctuation alone (``});``) included, which as blocks of their own had no word to keep
    them; a ``<pre>`` of one line keeps its ``<div>``."""
    lines = ["export default defineRule({", "  check(context) {", "    context.visit('link', report);", "  },", "});"]
    code = "".join(f'<div class="ec-line"><div class="code">{line}</div></div>' for line in lines)
    page = parse_html(f"<main><p>Every rule exports a rule object.</p><pre><code>{code}</code></pre></main>")
    pre = next(page.root.iter("pre"))
    assert "".join(pre.itertext()) == "\n".join(lines)
    assert next(pre.iter("div", "p"), None) is None
    doc = extract(f"<html><body><article><p>{'Every rule exports a rule object with a name and a check. ' * 4}</p>"
                  f"<pre><code>{code}</code></pre><p>{'Register it in the configuration file afterwards. ' * 4}</p>"
                  "</article></body></html>")
    assert "\n".join(lines) in doc.text
    single = parse_html('<pre><div class="output">42</div></pre>')
    assert next(single.root.iter("pre")).find("div") is not None


def test_code_lines_around_a_blank_line_get_their_line_breaks():
    """Expressive Code (Astro) writes a blank line of a code block as a line holding a newline: the other lines still
    hold none between them, and each is given its own."""
    lines = ["[Unit]", "Description=Nightly backup", "", "[Service]", "Type=oneshot"]
    code = "".join(f'<div class="ec-line"><div class="code">{line or chr(10)}</div></div>' for line in lines)
    page = parse_html(f"<main><pre><code>{code}</code></pre></main>")
    assert "".join(next(page.root.iter("pre")).itertext()) == "\n".join(lines)


def test_broken_markup_is_tolerated(page_bytes):
    page = parse_html(page_bytes("broken_markup.html"))
    text = texts(page)
    assert "never closed" in text and "cell two" in text and "link that never ends" in text
    assert "Enable JavaScript" not in text


def test_noscript_swallowing_the_page_is_unwrapped():
    body = "<p>" + "Real article text that a parser nested inside noscript. " * 20 + "</p>"
    page = parse_html(f"<html><body><noscript><div>menu</noscript>{body}</body></html>")
    assert "Real article text" in texts(page)


def test_nul_bytes_and_xml_declaration():
    page = parse_html(b'<?xml version="1.0" encoding="utf-8"?>\n<html><body><p>a\x00b</p></body></html>')
    assert texts(page) == "ab"


def test_xhtml_namespaces_parse():
    xhtml = b'<html xmlns="http://www.w3.org/1999/xhtml"><body><p>namespaced text</p></body></html>'
    assert "namespaced text" in texts(parse_html(xhtml))


@pytest.mark.parametrize("body", [b"", b"   \n\t ", ""])
def test_empty_input_raises_parse_error(body):
    with pytest.raises(ParseError):
        parse_html(body)


def test_tree_is_plain_lxml():
    assert isinstance(parse_html("<p>x</p>").root, etree._Element)


def test_control_characters_do_not_break_cleaning():
    page = parse_html("<p>one\x0btwo<script>x</script>\x0cthree\x01 four</p>")
    assert texts(page) == "one two three four"


@pytest.mark.parametrize(("title", "pieces"), [
    ("Headline of the day | Site", ["Headline of the day", "Site"]),
    ("Headline - Section :: Site", ["Headline", "Section", "Site"]),
    ("【求助】电脑开机后黑屏怎么办_电脑吧_百度贴吧", ["【求助】电脑开机后黑屏怎么办", "电脑吧", "百度贴吧"]),
    ("新闻标题｜新浪网", ["新闻标题", "新浪网"]),
    ("snake_case_names explained - Blog", ["snake_case_names explained", "Blog"]),  # no script without spaces
])
def test_title_pieces_split_at_the_separators_each_script_uses(title, pieces):
    assert title_parts(title) == pieces


def test_a_spoilers_hidden_contents_are_kept():
    """A forum spoiler hides its contents until clicked (Invision's ``ipsSpoiler_contents`` with ``display: none``):
    they are the post's text, unlike other hidden elements."""
    page = parse_html(b'<html><body><div class="post"><p>The answer:</p><div class="ipsSpoiler">'
                      b'<div class="ipsSpoiler_header">Reveal hidden contents</div>'
                      b'<div class="ipsSpoiler_contents" style="display: none;"><p>It is 14196.</p></div></div>'
                      b'<div style="display:none">Log in to reply</div></div></body></html>')
    text = " ".join(page.root.itertext())
    assert "It is 14196." in text and "Log in to reply" not in text


@pytest.mark.parametrize("header", [
    '<div class="ipsSpoiler_header"><span>Spoiler</span></div>',  # Invision
    '<div class="SpoilerTitle">Spoiler</div>',  # Vanilla
    '<div class="sp-head" onclick="toggle(this)">Spoiler: cómo lo dejé yo</div>',  # SMF's spoiler mod
    '<div class="spoiler-head">Спойлер: вывод pnputil</div>',  # vBulletin's
    '<div class="jsOnly spoilerBoxHeader"><a href="#" class="button">Display Spoiler</a></div>',  # WoltLab
])
def test_a_spoilers_header_is_no_text_of_the_post(header):
    """A spoiler's header is the button that opens it ("Spoiler", "Display Spoiler", "Spoiler: how I did it"), the
    board's label, not what the poster wrote: it goes, and the spoiler's contents stay."""
    page = parse_html(f'<html><body><div class="post"><p>The answer:</p><div class="spoiler">{header}'
                      '<div class="spoiler-body" style="display: none;"><p>It is 14196.</p></div></div></div>'
                      '</body></html>')
    text = " ".join(" ".join(page.root.itertext()).split())
    assert text == "The answer: It is 14196."


def _rest_of_the_article() -> str:
    """Eight paragraphs, 136 words: as long as a paywalled part must be."""
    return "".join(f"<p>Paragraph {n} of the story goes on about the harbour works and the people who ran them.</p>"
                   for n in range(1, 9))


def test_an_articles_hidden_paywalled_part_is_kept():
    """A paywalled article's rest, hidden in an element named as the paywall (ABC's ``div.paywall[hidden]``), is the
    body a subscriber reads; a short hidden subscription prompt named so is not, and neither is the other hidden
    text."""
    page = parse_html(f'<html><body><article><p>The lead paragraph is shown to everyone.</p>'
                      f'<div class="paywall" hidden>{_rest_of_the_article()}</div>'
                      f'<div class="paywall-prompt" style="display:none">Subscribe to read on</div>'
                      f'<div hidden>Log in</div></article></body></html>'.encode())
    text = texts(page)
    assert "Paragraph 1 of the story" in text and "Paragraph 8 of the story" in text
    assert "Subscribe to read on" not in text and "Log in" not in text


def test_an_accordions_hidden_panels_and_their_headings_buttons_are_kept():
    """An explainer's FAQ drawn as the WAI-ARIA accordion (WDR's): each question a button in a heading, each answer a
    panel hidden until the button opens it. The questions and answers are text the reader opens; a menu's toggle
    outside a heading and the hidden menu it opens still go."""
    page = parse_html(
        b'<html><body><nav><button aria-expanded="false" aria-controls="menu">Menu</button>'
        b'<ul id="menu" hidden><li><a href="/a">Sport</a></li></ul></nav><article><p>The plan comes first.</p>'
        b'<h3 class="accordionHeadline"><button class="accordionButton" aria-expanded="false" aria-controls="faq-1">'
        b"Do I have to replace my boiler?</button></h3>"
        b'<div class="accordionContent" id="faq-1" role="region" hidden><p>No. A working boiler may stay.</p></div>'
        b"</article></body></html>")
    text = texts(page)
    assert "Do I have to replace my boiler?" in text and "No. A working boiler may stay." in text
    assert "Menu" not in text and "Sport" not in text


def test_a_posts_read_more_cut_hidden_until_its_link_is_clicked_is_kept():
    """Diary.ru hides a post's rest under a cut: a "читать дальше" (read more) link whose script shows the hidden span
    after it. That span is the post's text; a menu a scripted link opens (links) and a short hidden note are not."""
    rest = " ".join(["Ещё помню, что на выдачу давали не больше трёх книг, и выбрать эти три было мукой."] * 3)
    page = parse_html(
        '<html><body><div class="postInner"><p>Под катом маленький список того, что я брала тогда чаще всего.</p>'
        '<a class="LinkMore" href="javascript:void(0)" onclick="swapMore(this);return false;">читать дальше</a>'
        f'<span class="MoreText" style="display:none">{rest}</span>'
        '<a href="#" onclick="toggle()">Разделы</a><ul style="display:none"><li><a href="/a">Книги и все книги '
        'нашей библиотеки</a></li><li><a href="/b">Кино и все фильмы нашего архива</a></li><li><a href="/c">Музыка '
        'и все записи нашей фонотеки</a></li><li><a href="/d">Разное и всё прочее из нашего дневника</a></li></ul>'
        '<a href="javascript:void(0)" onclick="note()">?</a><span style="display:none">Нужна регистрация.</span>'
        '</div></body></html>'.encode())
    text = texts(page)
    assert "выбрать эти три было мукой" in text
    assert "Книги" not in text and "Нужна регистрация" not in text


def test_a_hidden_copy_of_the_shown_text_stays_hidden():
    """der Freitag hides a copy of the text it shows (for its paywall script) in ``div.o-paywall``: shown, it would
    double the body."""
    shown = _rest_of_the_article()
    copy = " ".join(etree.fromstring(f"<div>{shown}</div>").itertext())
    page = parse_html(f'<html><body><article>{shown}<div class="o-paywall" style="display:none">{copy}</div>'
                      f'</article></body></html>'.encode())
    assert texts(page).count("Paragraph 1 of the story") == 1


def test_a_template_holding_the_pages_text_is_kept_and_other_templates_go():
    """Wiki.js serves its article in ``<template slot="contents">`` inside its ``<page>`` element, for its script to
    render: holding most of the page's words, it is the page's text. A template of the interface (a dialog's few
    words) goes as before."""
    page = parse_html(f'<html><body><nav><a href="/">Home</a></nav><page title="Harbour works"><template '
                      f'slot="contents">{_rest_of_the_article()}</template></page><template id="dialog"><p>Are you '
                      f"sure you want to leave this page now?</p></template></body></html>".encode())
    text = texts(page)
    assert "Paragraph 1 of the story" in text and "Paragraph 8 of the story" in text
    assert "Are you sure" not in text


def test_a_pages_script_data_does_not_count_against_its_rendered_template():
    """The share of the page's words a rendered template must hold is taken over the words a reader sees: the
    hydration data a Wiki.js page also serves in a ``<script>`` (often the page's text once more) is no words of
    the page."""
    data = " ".join(f"word{n}" for n in range(800))
    page = parse_html(f'<html><head><title>Harbour works</title></head><body><page><template slot="contents">'
                      f'{_rest_of_the_article()}</template></page><script>window.__DATA__ = "{data}";</script>'
                      f"</body></html>".encode())
    assert "Paragraph 1 of the story" in texts(page)


def test_text_a_script_reveals_once_laid_out_is_kept():
    """WeChat serves every article in ``div#js_content`` with ``visibility: hidden``, which its script lifts once
    the page is laid out: hidden so, and holding most of the page's words, it is the page's text. A small box hidden
    so, a link menu hidden so, and text hidden by ``display: none`` stay out."""
    menu = "".join(f'<a href="/c/{n}">Section number {n} of the site</a>' for n in range(60))
    page = parse_html(f'<html><body><h1>Harbour works</h1><p>By the desk</p>'
                      f'<div id="js_content" style="visibility: hidden;">{_rest_of_the_article()}</div>'
                      f'<div style="visibility:hidden">Loading the player</div>'
                      f'<nav style="visibility:hidden">{menu}</nav></body></html>'.encode())
    text = texts(page)
    assert "Paragraph 1 of the story" in text and "Paragraph 8 of the story" in text
    assert "Loading the player" not in text and "Section number" not in text
    page = parse_html(f'<html><body><h1>Harbour works</h1><div style="display: none; visibility: hidden">'
                      f'{_rest_of_the_article()}</div></body></html>'.encode())
    assert "Paragraph 1 of the story" not in texts(page)


def test_a_custom_element_holding_text_inside_a_sentence_runs_inline():
    """A browser runs an element it does not know inline: a quote chip's ``<bg-quote>`` in the link naming a stock,
    GitHub's ``<g-emoji>``, do not break their sentence into blocks (a custom element holding other elements, or
    standing between blocks, is left as it is)."""
    sentence = ("Chip stocks rose after Harlow Semiconductor Corp. <a class='qt-chip' href='/investing/stock/hrlw'>"
                "<span>HRLW</span><bg-quote field='percentchange'>+3.86%</bg-quote></a> raised its revenue forecast "
                "for the year, citing stronger orders for the controllers used in data-center servers "
                "<g-emoji alias='tada'>🎉</g-emoji> and for its newer chips.")
    body = " ".join(["The company said it now expects sales of $8.4 billion to $8.7 billion for the year."] * 4)
    page = (f"<html><body><article><h1>Stocks end mixed</h1><p>{sentence}</p><p>{body}</p>"
            "<lite-youtube videoid='x'><div class='title'>Watch: the day in markets</div></lite-youtube>"
            "</article></body></html>")
    parsed = parse_html(page)
    assert [el.tag for el in parsed.root.iter("bg-quote", "g-emoji", "lite-youtube")] == ["lite-youtube"]
    doc = extract(page, "https://markets.example/story/stocks-end-mixed-11726583")
    assert "Harlow Semiconductor Corp. HRLW+3.86% raised its revenue forecast" in doc.text
    assert any(line.startswith("Chip stocks rose") and line.endswith("for its newer chips.")
               for line in doc.text.split("\n"))

"""Plain-text tables of evaluation results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

_COLUMNS = (
    ("model", "{:<18}"),
    ("pages", "{:>5}"),
    ("sh P", "{:>6}"),
    ("sh R", "{:>6}"),
    ("sh F1", "{:>6}"),
    ("empty", "{:>5}"),
    ("blk P", "{:>6}"),
    ("blk R", "{:>6}"),
    ("blk F1", "{:>6}"),
    ("blk Acc", "{:>7}"),
    ("wrd F1", "{:>6}"),
    ("wrd wF1", "{:>7}"),
    ("BoW P", "{:>6}"),
    ("BoW R", "{:>6}"),
    ("BoW F1", "{:>6}"),
    ("BoW med", "{:>7}"),
    ("ms med", "{:>7}"),
    ("ms p95", "{:>7}"),
)


def _row(summary: dict[str, Any]) -> list[str]:
    block, word, bow, shingle = summary["block"], summary["word"], summary["bow"], summary["shingle"]
    has_blocks = summary["block_blocks"] > 0

    def f(value: float, show: bool = True) -> str:
        return f"{value:.3f}" if show else "-"

    return [
        summary["model"],
        str(summary["pages"]),
        f(shingle["precision_mean"]),
        f(shingle["recall_mean"]),
        f(shingle["f1"]),
        str(len(shingle["empty_pages"])),
        f(block["precision"], has_blocks),
        f(block["recall"], has_blocks),
        f(block["f1"], has_blocks),
        f(block["accuracy"], has_blocks),
        f(word["f1"], has_blocks),
        f(word["weighted_avg_f1"], has_blocks),
        f(bow["precision_mean"]),
        f(bow["recall_mean"]),
        f(bow["f1_mean"]),
        f(bow["f1_median"]),
        f"{summary['ms_median']:.1f}",
        f"{summary['ms_p95']:.1f}",
    ]


def table(dataset: str, summaries: Sequence[dict[str, Any]]) -> str:
    """One dataset's results, a row per model."""
    blocks = max((s["block_blocks"] for s in summaries), default=0)
    lines = [f"== {dataset}: {summaries[0]['pages'] if summaries else 0} pages, {blocks} reference blocks"]
    lines.append(" ".join(fmt.format(name) for name, fmt in _COLUMNS))
    for summary in summaries:
        lines.append(" ".join(fmt.format(cell) for (_, fmt), cell in zip(_COLUMNS, _row(summary), strict=True)))
        types = summary.get("page_types") or {}
        if set(types) - {"article"}:  # only routers type pages; say what they decided
            lines.append("   page types: " + ", ".join(f"{name} {count}" for name, count in types.items()))
        posts = summary.get("posts")
        if posts:
            line = f"   thread: question in text {posts['question_in_text']:.3f} of {posts['threads']}"
            if posts["structured"]:
                line += (
                    f"; posts P {posts['precision']:.3f} R {posts['recall']:.3f} F1 {posts['f1']:.3f} "
                    f"({posts['predicted_posts']} predicted, {posts['gold_posts']} gold); "
                    f"question found {posts['question_found']:.3f}; "
                    f"pairs P {posts['pair_precision']:.3f} R {posts['pair_recall']:.3f} "
                    f"({posts['predicted_pairs']} predicted, {posts['gold_pairs']} gold)"
                )
            lines.append(line)
        if summary["errors"]:
            examples = "; ".join(summary["failures"][:2])
            lines.append(f"   ({summary['model']}: {summary['errors']} pages with errors, e.g. {examples})")
    return "\n".join(lines)


LEGEND = (
    "sh = text-level precision/recall of the text's 4-token shingles against the gold's, averaged over pages, "
    "and the F1 of those two means (the article-extraction benchmark metric); empty = pages with gold text "
    "where the text came out empty; "
    "blk = content-class scores over DOM text leaves, each block weighted 1 (Vogels et al. Table 1); "
    "wrd F1 = same, weighted by words; wrd wF1 = word-weighted F1 averaged over both classes "
    "(Kohlschütter et al. Table 2); BoW = bag-of-words P/R/F1 of the text vs gold, mean over pages (med = median F1); "
    "ms = milliseconds per page for extract(); thread (thread corpora): question in text = 80% of the gold "
    "question's words are in the text; posts = one-to-one post matches at bag-of-words F1 >= 0.5; question found = "
    "the stated question (else the first post) matches the gold question; pairs = (question, answer) pairs whose "
    "both sides match."
)

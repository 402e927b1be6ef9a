"""The README stays short, its links and the docs' links lead somewhere, and its two commands are what CI runs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
MAX_README_LINES = 300

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)

# Steps of .ci/run that are CI housekeeping, not part of the README's commands.
CI_ONLY = (
    re.compile(r"^set -euo pipefail$"),
    re.compile(r'^cd "\$\(dirname "\$0"\)/\.\."$'),
    re.compile(r"^rm -rf \S+$"),
    re.compile(r"^python -m pip install --upgrade pip$"),
    re.compile(r"^command -v redis-server \|\|"),
    re.compile(r"^ruff check "),
    re.compile(r"^[()]$"),
)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.replace("`", "").strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(text):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(path: Path) -> list[str]:
    text = CODE_SPAN.sub("", FENCE.sub("", path.read_text(encoding="utf-8")))
    return LINK.findall(text)


def test_readme_is_short():
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_README_LINES, f"README.md has {lines} lines (at most {MAX_README_LINES}): move detail to docs/"


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_lead_to_files_and_headings(path: Path):
    broken = []
    for target in links(path):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...
            continue
        file_part, _, fragment = target.partition("#")
        destination = (path.parent / file_part).resolve() if file_part else path
        if not destination.exists():
            broken.append(f"{target}: no such file")
        elif fragment and destination.suffix == ".md" and fragment not in anchors(destination):
            broken.append(f"{target}: no heading #{fragment} in {destination.relative_to(ROOT)}")
    assert not broken, broken


def test_no_seed_numbers_for_papers():
    """Papers are cited by title and authors (docs/papers.md), never by the number of a reading copy."""
    for path in [README, *DOCS]:
        assert not re.search(r"\bseeds?\s+0\d\d\b", path.read_text(encoding="utf-8"), re.I), path


def readme_commands() -> list[list[str]]:
    """The README's shell commands that set up a virtualenv, each as its `&&`-separated steps."""
    blocks = re.findall(r"^```sh\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)
    commands = [line for block in blocks for line in block.splitlines() if line.startswith("python3 -m venv ")]
    return [[step.strip() for step in command.split("&&")] for command in commands]


def ci_steps() -> list[str]:
    """The commands .ci/run runs, one a step, with its virtualenv names and pip's --quiet taken out."""
    steps = []
    for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines():
        line = line.split(" #")[0].strip()
        if not line or line.startswith(("#", "#!")):
            continue
        line = re.sub(r"\.ci(-demo)?-venv\b", ".venv", line).replace(" --quiet", "")
        for step in line.split(" && ") if not line.startswith("command -v") else [line]:
            if not any(pattern.search(step.strip()) for pattern in CI_ONLY):
                steps.append(step.strip())
    return steps


def test_readme_commands_are_what_ci_runs():
    commands = readme_commands()
    assert len(commands) == 2, f"expected the demo and the test command in README.md, found {commands}"
    demo, tests = commands
    assert demo[-1] == "scrapy demo" and tests[-1] == "pytest -q", commands
    readme = [shlex.split(step) for step in demo + tests]  # the same words, whatever the quoting
    ci = [shlex.split(step) for step in ci_steps()]
    assert ci == readme, "the steps of .ci/run (less its housekeeping) differ from the README's two commands"

"""A learnt binary decision tree over block features, and its readable rules file.

The rules file is the tree written the way Kohlschütter et al. print Algorithms 1 and 2 (Weka's J48 layout),
so a user reads it like the paper and :func:`loads` parses it back::

    # scrapy-boiler rules format 1
    # comment lines (what it was trained on) start with '#'
    curr_link_density <= 0.34
    | curr_num_words <= 16: BOILERPLATE (p=0.121, n=4012)
    | curr_num_words > 16: CONTENT (p=0.934, n=2210)
    curr_link_density > 0.34: BOILERPLATE (p=0.020, n=9120)

A feature is ``prev_``, ``curr_`` or ``next_`` followed by a :class:`BlockFeatures` field; ``p`` is
the share of content (by training weight) in the leaf, used as the block's score, ``n`` the number
of training blocks that reached it. The format line gives the file layout's version (a file without
one, like the shipped ``learned-tree.rules``, is version 1).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields

from scrapy_boiler.extractors.model_files import FORMAT_VERSION
from scrapy_boiler.segment.features import BlockFeatures

POSITIONS: tuple[str, ...] = ("prev", "curr", "next")
FEATURE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(BlockFeatures))
#: Position features of the neighbours only restate the current block's (±1), so only ``curr_`` has them.
_CURRENT_ONLY = frozenset({"absolute_position", "relative_position"})
#: Every name a tree may test: the features of the previous, current and next block.
FEATURE_NAMES: tuple[str, ...] = tuple(
    f"{pos}_{name}" for pos in POSITIONS for name in FEATURE_FIELDS if pos == "curr" or name not in _CURRENT_ONLY
)
CONTENT_LABEL = "CONTENT"
BOILERPLATE_LABEL = "BOILERPLATE"

_LINE = re.compile(
    r"^(?P<indent>(?:\| )*)(?P<feature>[a-z_]+) (?P<op><=|>) (?P<threshold>[-+0-9.eE]+|inf)"
    r"(?:: (?P<leaf>.*))?$"
)
_LEAF = re.compile(r"^(?P<label>CONTENT|BOILERPLATE) \(p=(?P<p>[0-9.]+), n=(?P<n>\d+)\)$")
#: First line :func:`dumps` writes: the rules-file format version (a comment, so older readers skip it).
FORMAT_COMMENT = "scrapy-boiler rules format {version}"
_FORMAT_LINE = re.compile(r"^#\s*scrapy-boiler rules format (?P<version>\d+)\s*$")


class RulesFormatError(ValueError):
    """A rules file that does not describe a tree."""


@dataclass(slots=True)
class TreeNode:
    """A leaf (``feature`` None: ``content``, ``p``, ``n``) or a split ``feature <= threshold``."""

    content: bool = False
    p: float = 0.0
    n: int = 0
    feature: str | None = None
    threshold: float = 0.0
    le: TreeNode | None = None
    gt: TreeNode | None = None

    @property
    def is_leaf(self) -> bool:
        return self.feature is None

    def leaves(self) -> int:
        return 1 if self.is_leaf else self.le.leaves() + self.gt.leaves()  # type: ignore[union-attr]

    def depth(self) -> int:
        return 0 if self.is_leaf else 1 + max(self.le.depth(), self.gt.depth())  # type: ignore[union-attr]

    def keeps_any(self) -> bool:
        """Whether some leaf labels its blocks content (a tree without one extracts nothing from any page)."""
        return self.content if self.is_leaf else self.le.keeps_any() or self.gt.keeps_any()  # type: ignore[union-attr]

    def features_used(self) -> set[str]:
        if self.is_leaf:
            return set()
        return {self.feature, *self.le.features_used(), *self.gt.features_used()}  # type: ignore[union-attr,misc]


def feature_getter(prev: BlockFeatures, curr: BlockFeatures, nxt: BlockFeatures) -> Callable[[str], float]:
    """Look up ``prev_x`` / ``curr_x`` / ``next_x`` for one block and its neighbours."""
    by_position = {"prev": prev, "curr": curr, "next": nxt}

    def get(name: str) -> float:
        position, _, field = name.partition("_")
        return float(getattr(by_position[position], field))

    return get


def decide(root: TreeNode, get: Callable[[str], float]) -> tuple[TreeNode, list[str]]:
    """The leaf a block reaches, and the tests on the way there (for explanations)."""
    node = root
    path: list[str] = []
    while not node.is_leaf:
        assert node.feature is not None and node.le is not None and node.gt is not None
        if get(node.feature) <= node.threshold:
            path.append(f"{node.feature}<={format_number(node.threshold)}")
            node = node.le
        else:
            path.append(f"{node.feature}>{format_number(node.threshold)}")
            node = node.gt
    return node, path


def format_number(value: float) -> str:
    """Shortest text that reads back as the same float (``16`` rather than ``16.0``)."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def _leaf_text(node: TreeNode) -> str:
    return f"{CONTENT_LABEL if node.content else BOILERPLATE_LABEL} (p={node.p:.3f}, n={node.n})"


def dumps(root: TreeNode, comments: list[str] | tuple[str, ...] = ()) -> str:
    """The rules-file text of a tree: the format line, then ``comments`` as ``#`` lines, then the rules."""
    lines = [f"# {FORMAT_COMMENT.format(version=FORMAT_VERSION)}"]
    lines += [f"# {line}".rstrip() for comment in comments for line in comment.splitlines() or [""]]
    if root.is_leaf:
        lines.append(_leaf_text(root))
    else:
        _dump(root, 0, lines)
    return "\n".join(lines) + "\n"


def _dump(node: TreeNode, depth: int, lines: list[str]) -> None:
    indent = "| " * depth
    threshold = format_number(node.threshold)
    for op, child in (("<=", node.le), (">", node.gt)):
        assert child is not None
        test = f"{indent}{node.feature} {op} {threshold}"
        if child.is_leaf:
            lines.append(f"{test}: {_leaf_text(child)}")
        else:
            lines.append(test)
            _dump(child, depth + 1, lines)


def loads(text: str) -> TreeNode:
    """Parse a rules file written by :func:`dumps`; raises :class:`RulesFormatError` naming the file line."""
    lines = [(number, line.rstrip()) for number, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        raise RulesFormatError("no rules in file")
    if len(lines) == 1 and _LEAF.match(lines[0][1]):
        number, line = lines[0]
        return _parse_leaf(line, number)
    root, end = _parse(lines, 0, 0)
    if end != len(lines):
        raise RulesFormatError(f"line {lines[end][0]}: unexpected {lines[end][1]!r} after the tree")
    return root


def rules_format(text: str) -> int | None:
    """The format version in a rules file's ``# scrapy-boiler rules format N`` line; None if it has none."""
    for line in text.splitlines():
        match = _FORMAT_LINE.match(line)
        if match:
            return int(match["version"])
    return None


def _parse_leaf(text: str, lineno: int) -> TreeNode:
    match = _LEAF.match(text)
    if not match:
        raise RulesFormatError(f"line {lineno}: expected 'CONTENT|BOILERPLATE (p=P, n=N)', got {text!r}")
    return TreeNode(content=match["label"] == CONTENT_LABEL, p=_number(match["p"], lineno), n=int(match["n"]))


def _number(text: str, lineno: int) -> float:
    try:
        return float(text)
    except ValueError:
        raise RulesFormatError(f"line {lineno}: {text!r} is not a number") from None


def _parse(lines: list[tuple[int, str]], pos: int, depth: int) -> tuple[TreeNode, int]:
    node = TreeNode()
    for op in ("<=", ">"):
        if pos >= len(lines):
            raise RulesFormatError(f"line {lines[-1][0]}: the tree ends where a '{op}' branch was expected")
        number, line = lines[pos]
        match = _LINE.match(line)
        if not match or len(match["indent"]) != 2 * depth or match["op"] != op:
            raise RulesFormatError(f"line {number}: expected a '{op}' test at depth {depth}, got {line!r}")
        feature, threshold = match["feature"], _number(match["threshold"], number)
        if feature not in FEATURE_NAMES:
            raise RulesFormatError(f"line {number}: unknown feature {feature!r}")
        if op == "<=":
            node.feature, node.threshold = feature, threshold
        elif (feature, threshold) != (node.feature, node.threshold):
            raise RulesFormatError(f"line {number}: '>' branch does not match the test {node.feature} <= ...")
        if match["leaf"] is not None:
            child, pos = _parse_leaf(match["leaf"], number), pos + 1
        else:
            child, pos = _parse(lines, pos + 1, depth + 1)
        if op == "<=":
            node.le = child
        else:
            node.gt = child
    assert node.le is not None and node.gt is not None
    total = node.le.n + node.gt.n
    node.n = total
    node.p = (node.le.p * node.le.n + node.gt.p * node.gt.n) / total if total else 0.0
    node.content = node.p >= 0.5
    return node, pos

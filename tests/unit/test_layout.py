"""The package's layout rules, read from the code's own imports (every ``import`` anywhere in a module, lazy ones
and ``TYPE_CHECKING`` ones included): no circles, everything pointing down the stages, one folder per model
family that no other family reaches into, runtime code free of training, evaluation and Scrapy."""

from __future__ import annotations

import ast
import importlib
import importlib.util
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "scrapy_boiler"
MAX_LINES = 400
#: The stages a page travels, bottom up, and what stands beside or on top of them. A module may import from
#: its own area or from a lower rank, never from a higher one.
RANKS = {
    "document": 0, "limits": 0,
    "parse": 1,
    "segment": 2, "metrics": 2,
    "extractors": 3, "datasets": 3,
    "assemble": 4,
    "api": 5, "__init__": 5,
    "batch": 6, "view": 6, "training": 6,
    "integration": 7, "bulk": 7, "evaluation": 7,
    "commands": 8,
}
FAMILIES = ("boilerpipe", "learned_tree", "threads", "semtext", "web2text", "multiboilernet")
OFFLINE = ("training", "evaluation", "commands")
#: The only folders that may import Scrapy (and Twisted): models, training and evaluation run without it.
SCRAPY_GLUE = ("integration", "commands")


def _module_name(path: Path) -> str:
    parts = ["scrapy_boiler", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


@cache
def imports() -> dict[str, set[str]]:
    """Every package module each module imports, resolved to modules (``from pkg import module`` included)."""
    known = modules()
    out: dict[str, set[str]] = {}
    for name, path in known.items():
        targets: set[str] = set()
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], base]).rstrip(".")
                for alias in node.names:
                    targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
        out[name] = {target for target in targets if target in known and target != name}
    return out


def area(module: str) -> str:
    """``scrapy_boiler.extractors.semtext.model`` → ``extractors``; the package itself → ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def family(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 3 and parts[1] == "extractors" and parts[2] in FAMILIES else None


def test_every_folder_is_a_package_so_the_wheel_ships_it():
    folders = {path.parent for path in PACKAGE.rglob("*.py")}
    assert sorted(str(f) for f in folders if not (f / "__init__.py").is_file()) == []


def test_no_module_over_400_lines():
    long = {name: n for name, path in modules().items() if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while (top := stack.pop()) != node:
                component.append(top)
            if component:
                found.append(sorted([node, *component]))

    for node in list(graph):
        if node not in index:
            visit(node)
    return found


def folder_graph() -> dict[str, set[str]]:
    """Imports between the top-level folders (and top-level modules) of the package."""
    graph: dict[str, set[str]] = {}
    for name, targets in imports().items():
        graph.setdefault(area(name), set()).update(area(t) for t in targets if area(t) != area(name))
    return graph


def test_no_import_circle_between_modules_or_folders():
    assert circles(imports()) == []
    assert circles(folder_graph()) == []


def test_every_import_points_down_the_stages():
    unranked = {area(m) for m in modules()} - set(RANKS)
    assert not unranked, f"give {unranked} a rank"
    upward = [(m, t) for m, targets in imports().items() for t in targets
              if area(t) != area(m) and RANKS[area(t)] > RANKS[area(m)]]
    assert upward == []


def test_only_training_evaluation_and_commands_import_them():
    leaks = [(m, t) for m, targets in imports().items() for t in targets
             if area(t) in OFFLINE and area(m) not in OFFLINE]
    assert leaks == []


@pytest.mark.parametrize("glue", ["integration", "bulk"])
def test_the_scrapy_glue_and_bulk_use_the_public_api_and_shared_plumbing_only(glue):
    allowed = ("scrapy_boiler", "scrapy_boiler.api", "scrapy_boiler.document", "scrapy_boiler.limits",
               "scrapy_boiler.batch", "scrapy_boiler.extractors.registry", f"scrapy_boiler.{glue}")
    inside = [(m, t) for m, targets in imports().items() if area(m) == glue for t in targets
              if not (t in allowed or t.startswith((f"scrapy_boiler.{glue}.", "scrapy_boiler.parse.")))]
    assert inside == []


def test_model_families_never_import_each_other_and_shared_modules_import_no_family():
    crossing = []
    for m, targets in imports().items():
        if area(m) != "extractors":
            continue
        for t in targets:
            if family(t) is None or family(t) == family(m):
                continue
            own = m.split(".")[2]
            if own not in ("registry", "router") or (own == "router" and family(t) != "threads"):
                crossing.append((m, t))
    assert crossing == []


def test_only_the_scrapy_glue_imports_scrapy_or_twisted():
    offenders = []
    for name, path in modules().items():
        if area(name) in SCRAPY_GLUE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            roots = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            offenders += [(name, root) for root in roots if root.split(".")[0] in ("scrapy", "twisted")]
    assert offenders == []


def test_every_module_imports():
    """Modules no other test reaches (the evaluation scripts) must still import after a move."""
    needs_torch = ("scrapy_boiler.extractors.semtext", "scrapy_boiler.extractors.web2text",
                   "scrapy_boiler.extractors.multiboilernet", "scrapy_boiler.extractors.device",
                   "scrapy_boiler.training", "scrapy_boiler.evaluation.forum_folds")
    have_torch = importlib.util.find_spec("torch") is not None and importlib.util.find_spec("torchcrf") is not None
    broken = []
    for name in modules():
        if name.startswith(needs_torch) and not have_torch:
            continue
        try:
            importlib.import_module(name)
        except ImportError as exc:
            broken.append(f"{name}: {exc}")
    assert broken == []


def _summary() -> str:
    """Module counts per top-level folder and the import graph between folders, as the tests above read them."""
    folders: dict[str, list[int]] = {}
    for name, path in modules().items():
        folders.setdefault(area(name), [0, 0])
        folders[area(name)][0] += 1
        folders[area(name)][1] += len(path.read_text(encoding="utf-8").splitlines())
    graph = folder_graph()
    lines = [f"{len(modules())} modules, {sum(n for _, n in folders.values())} lines, "
             f"{len(circles(imports()))} circles between modules, {len(circles(graph))} between folders"]
    lines += [f"  {folder:12s} {count:3d} modules {size:6d} lines -> {', '.join(sorted(graph.get(folder, ())))}"
              for folder, (count, size) in sorted(folders.items(), key=lambda item: RANKS.get(item[0], 9))]
    return "\n".join(lines)


if __name__ == "__main__":  # python tests/unit/test_layout.py [PACKAGE_DIR]: the summary, for this or another checkout
    import sys

    if len(sys.argv) > 1:
        PACKAGE = Path(sys.argv[1]).resolve()
    print(_summary())

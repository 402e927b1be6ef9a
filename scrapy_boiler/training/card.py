"""The model card (``OUT.md``) and run record every trainer writes next to its model, from one writer.

A card says what a newcomer needs before trusting a file: the paper it follows, the data it was trained on,
the figures the run measured (never a test set), its size and date, and the command line that rebuilds it.
The run record is the same in JSON (with every option), for scripts. Trainers give :class:`Card` their
own sections; the frame (title, files and size, date, data, figures table, retrain block) is the same for
all, so the cards of ``models/`` and of a user's run read alike.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

#: The paper behind each trainer kind (docs/papers.md), as the card cites it.
PAPERS: dict[str, str] = {
    "tree": "Christian Kohlschütter, Peter Fankhauser, Wolfgang Nejdl: *Boilerplate Detection using Shallow Text "
            "Features*. WSDM 2010 (§4.3, the decision tree)",
    "blend": "ours, not a paper's: boosted trees over Kohlschütter et al.'s shallow features (*Boilerplate "
             "Detection using Shallow Text Features*, WSDM 2010) and rule votes, with page semantics",
    "semtext": "Hao Zhang, Jie Wang: *Boilerplate Detection via Semantic Classification of TextBlocks* (SemText)",
    "web2text": "Thijs Vogels, Octavian-Eugen Ganea, Carsten Eickhoff: *Web2Text: Deep Structured Boilerplate "
                "Removal*. ECIR 2018",
    "multiboilernet": "Yu-Hao Wu (吳昱豪), Chia-Hui Chang (張嘉惠): "
                      "*應用多任務序列標記模型於零樣本跨語言網頁模板移除之研究* "
                      "(multi-task sequence labelling for zero-shot cross-lingual boilerplate removal; "
                      "MultiBoilerNet)",
}


#: Options of every Scrapy command, not of the trainer: left out of the run record.
_SCRAPY_OPTIONS = {"argv", "logfile", "loglevel", "nolog", "profile", "pidfile", "set", "pdb"}


@dataclass
class Card:
    """What one training run tells its card and record; ``files[0]`` is the file users name (``KIND:PATH``)."""

    kind: str
    files: Sequence[Path]
    summary: str  #: one paragraph: what the model is
    command: str  #: the ``scrapy boiler-train KIND ...`` line of the run
    data: Sequence[str]  #: bullet lines: corpora, pages, split
    figures: Sequence[tuple[str, Mapping[str, float]]] = ()  #: (split, scores) measured by the run
    seconds: float = 0.0
    sections: Sequence[tuple[str, Sequence[str]]] = ()  #: further (heading, lines) of the trainer's own
    record: dict[str, Any] = field(default_factory=dict)  #: the trainer's own run details, for the JSON

    @property
    def model(self) -> Path:
        return Path(self.files[0])


def card_path(model: Path) -> Path:
    """``OUT.md`` beside the model (``models/semtext`` → ``models/semtext.md``)."""
    return model.with_suffix(".md")


def record_path(model: Path, files: Sequence[Path]) -> Path:
    """``OUT.json`` beside the model, or ``OUT.run.json`` when ``OUT.json`` is a model file itself (blend, SemText)."""
    path = model.with_suffix(".json")
    return model.with_name(model.with_suffix("").name + ".run.json") if path in {Path(f) for f in files} else path


def _size(files: Sequence[Path]) -> str:
    parts = []
    for file in files:
        size = Path(file).stat().st_size if Path(file).is_file() else 0
        shown = f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.0f} KB" if size >= 1e3 else f"{size} B"
        parts.append(f"`{Path(file).name}` ({shown})")
    return ", ".join(parts)


def _table(figures: Sequence[tuple[str, Mapping[str, float]]]) -> list[str]:
    names = list(dict.fromkeys(name for _, scores in figures for name in scores))
    lines = ["| split | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for split, scores in figures:
        cells = [f"{scores[name]:.3f}" if name in scores else "" for name in names]
        lines.append(f"| {split} | " + " | ".join(cells) + " |")
    return lines


def card_text(card: Card, stamp: str) -> str:
    """The Markdown of a card (``stamp``: when the run ended)."""
    model = card.model
    use = f"`-m {card.kind}:{model}` (or the path alone), `extract(html, model=\"{card.kind}:{model}\")`"
    lines = [f"# Model card: `{model.name}` ({card.kind}, trained by `scrapy boiler-train {card.kind}`)", "",
             card.summary, "", f"- **Paper**: {PAPERS.get(card.kind, 'none')}",
             f"- **Files**: {_size(card.files)}; select it with {use}",
             f"- **Trained**: {stamp}, {card.seconds:.1f} s wall time (reading the pages included)",
             "", "## Data", *(f"- {line}" for line in card.data)]
    if card.figures:
        lines += ["", "## Figures of this run (training and validation data; not a test set)", *_table(card.figures)]
    for heading, body in card.sections:
        lines += ["", f"## {heading}", *body]
    lines += ["", "## Retrain", "```", card.command, "```", ""]
    return "\n".join(lines)


def _plain(value: Any) -> Any:
    """An option's value as JSON (paths and tuples as text and lists)."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)


def write_card(card: Card, args: argparse.Namespace) -> tuple[Path, Path]:
    """Write ``OUT.md`` and the run record (``OUT.json``, or ``OUT.run.json``); returns both paths."""
    ended = datetime.now(UTC)
    stamp = ended.strftime("%Y-%m-%d %H:%M UTC")
    markdown = card_path(card.model)
    markdown.parent.mkdir(parents=True, exist_ok=True)
    markdown.write_text(card_text(card, stamp), encoding="utf-8")
    options = {name: _plain(value) for name, value in vars(args).items() if name not in _SCRAPY_OPTIONS}
    record = {
        "kind": card.kind, "command": card.command, "trained": ended.isoformat(timespec="seconds"),
        "files": {Path(f).name: Path(f).stat().st_size for f in card.files if Path(f).is_file()},
        "data": list(getattr(args, "data", []) or []), "valid": list(getattr(args, "valid", []) or []),
        "figures": {split: dict(scores) for split, scores in card.figures},
        "seconds": round(card.seconds, 1), "args": options, **card.record,
    }
    path = record_path(card.model, card.files)
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return markdown, path

"""The loss and validation-F1 curves of a run as a small self-contained SVG (no plotting library needed)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

WIDTH, HEIGHT, MARGIN = 360, 220, 40


def _panel(x0: int, title: str, values: Sequence[float], colour: str) -> list[str]:
    out = [f'<g transform="translate({x0},0)">',
           f'<text x="{WIDTH / 2}" y="18" text-anchor="middle" font-size="13">{escape(title)}</text>',
           f'<rect x="{MARGIN}" y="{MARGIN}" width="{WIDTH - 2 * MARGIN}" height="{HEIGHT - 2 * MARGIN}" '
           'fill="none" stroke="#999"/>']
    if values:
        low, high = min(values), max(values)
        span = (high - low) or 1.0
        step = (WIDTH - 2 * MARGIN) / max(1, len(values) - 1)
        inner = HEIGHT - 2 * MARGIN
        points = [(MARGIN + i * step, HEIGHT - MARGIN - (v - low) / span * inner) for i, v in enumerate(values)]
        joined = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{joined}"/>')
        out += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{colour}"/>' for x, y in points]
        out.append(f'<text x="{MARGIN - 4}" y="{MARGIN + 4}" text-anchor="end" font-size="10">{high:.3g}</text>')
        out.append(f'<text x="{MARGIN - 4}" y="{HEIGHT - MARGIN}" text-anchor="end" font-size="10">{low:.3g}</text>')
        out.append(f'<text x="{WIDTH / 2}" y="{HEIGHT - 12}" text-anchor="middle" font-size="10">'
                   f'epoch 1..{len(values)}</text>')
    out.append("</g>")
    return out


def write_curves(path: str | Path, losses: Sequence[float], f1s: Sequence[float], title: str = "") -> Path:
    """Two panels, training loss and validation F1 per epoch, written to ``path`` (an .svg file)."""
    path = Path(path)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * WIDTH}" height="{HEIGHT + 20}" '
             'font-family="sans-serif">']
    if title:
        parts.append(f'<text x="{WIDTH}" y="{HEIGHT + 14}" text-anchor="middle" font-size="11">{escape(title)}</text>')
    parts += _panel(0, "training loss", losses, "#c0392b")
    parts += _panel(WIDTH, "validation F1", f1s, "#2471a3")
    parts.append("</svg>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return path

"""A trained SemText network with its vocabulary: batching block sequences into tensors, windowed decoding,
saving and loading.

Weights are a ``state_dict`` saved with :func:`torch.save` and loaded with
``torch.load(weights_only=True)`` (no pickled code runs); configuration and vocabulary are JSON, whose
``format`` field (``scrapy-boiler/semtext/N``) is the file-format version. A bad file pair is a
:class:`~scrapy_boiler.extractors.model_files.ModelFileError` naming the file at fault.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import torch

from scrapy_boiler.extractors.device import place, single_thread_on_cpu
from scrapy_boiler.extractors.model_files import (
    FORMAT_VERSION,
    check_format,
    interpreting,
    load_state,
    load_tensors,
    read_json,
    save_tensors,
)
from scrapy_boiler.extractors.semtext.embeddings import Vocabulary, word_table
from scrapy_boiler.extractors.semtext.network import FIELDS, EncodedBatch, SemTextConfig, SemTextNet
from scrapy_boiler.extractors.semtext.windows import even_split, overlapping, reconcile
from scrapy_boiler.extractors.semtext.words import MAX_WORDS, Strings

NAME = "semtext"
#: Prefix of the ``format`` field of a config (``scrapy-boiler/semtext/1``), followed by the version.
FORMAT = f"scrapy-boiler/{NAME}"
#: Zero slots kept after the longest string of a batch: the widest kernel (7) minus one.
PAD_AFTER = 6
#: Windows decoded per forward pass at inference.
INFERENCE_BATCH = 32

def encode_batch(
    sequences: Sequence[Sequence[Strings]], vocab: Vocabulary, fields: Sequence[str] = FIELDS,
    labels: Sequence[Sequence[int]] | None = None,
) -> EncodedBatch:
    """Tensors for a batch of block sequences; distinct words and distinct strings are stored once."""
    words: dict[str, int] = {}
    strings: dict[str, dict[tuple[str, ...], int]] = {name: {(): 0} for name in fields}
    positions = {name: FIELDS.index(name) for name in fields}
    longest = max((len(seq) for seq in sequences), default=0)
    index = {name: torch.zeros(len(sequences), max(1, longest), dtype=torch.long) for name in fields}
    for s, seq in enumerate(sequences):
        for b, block in enumerate(seq):
            for name in fields:
                string = block[positions[name]]
                row = strings[name].get(string)
                if row is None:
                    row = strings[name][string] = len(strings[name])
                    for word in string:
                        words.setdefault(word, len(words) + 1)
                index[name][s, b] = row
    flat, offsets = word_table(list(words), vocab)
    string_tensors = {}
    for name in fields:
        rows = strings[name]
        width = min(MAX_WORDS, max(len(string) for string in rows) + PAD_AFTER)  # room for all-zero windows
        tensor = torch.zeros(len(rows), width, dtype=torch.long)
        for string, row in rows.items():
            if string:
                tensor[row, :len(string)] = torch.tensor([words[w] for w in string])
        string_tensors[name] = tensor
    label_tensor = None
    if labels is not None:
        label_tensor = torch.zeros(len(sequences), max(1, longest), dtype=torch.long)
        for s, seq_labels in enumerate(labels):
            label_tensor[s, :len(seq_labels)] = torch.tensor(seq_labels, dtype=torch.long)
    lengths = torch.tensor([max(1, len(seq)) for seq in sequences], dtype=torch.long)
    return EncodedBatch(flat, offsets, string_tensors, index, lengths, label_tensor)


@dataclass
class SemTextModel:
    """A trained network with its vocabulary: what is saved and loaded."""

    net: SemTextNet
    vocab: Vocabulary
    meta: dict

    def save(self, prefix: str | Path) -> tuple[Path, Path]:
        """Write ``prefix.pt`` (tensors only, float16) and ``prefix.json`` (config, vocabulary, meta)."""
        prefix = Path(prefix)
        prefix.parent.mkdir(parents=True, exist_ok=True)
        weights, config = prefix.with_suffix(".pt"), prefix.with_suffix(".json")
        state = {k: v.detach().to("cpu", torch.float16) if v.is_floating_point() else v.detach().cpu()
                 for k, v in self.net.state_dict().items()}
        save_tensors(state, weights)  # atomic: an interrupted save leaves no half-written weights behind
        config.write_text(json.dumps({
            "format": f"{FORMAT}/{FORMAT_VERSION}", "config": self.net.config.to_json(),
            "vocabulary": self.vocab.words, "buckets": self.vocab.buckets, "meta": self.meta,
        }), encoding="utf-8")
        return weights, config

    @classmethod
    def load(cls, prefix: str | Path, device: torch.device | None = None) -> SemTextModel:
        """Read a saved model; tensors are loaded with ``weights_only=True``; raises ModelFileError."""
        prefix = Path(prefix)
        config_path, weights_path = prefix.with_suffix(".json"), prefix.with_suffix(".pt")
        data = read_json(config_path)
        check_format(data.get("format"), config_path, NAME)
        with interpreting(config_path):
            net = SemTextNet(SemTextConfig.from_json(data["config"]))
            vocab = Vocabulary(list(data["vocabulary"]), int(data["buckets"]))
            meta = dict(data.get("meta", {}))
        state = load_tensors(weights_path)
        load_state(net, state, weights_path)  # float16 on disk, copied into float32 parameters
        net.eval()
        if device is not None:
            place(net, device, NAME)
        return cls(net, vocab, meta)


def predict_sequences(
    model: SemTextModel, sequences: Sequence[Sequence[Strings]], device: torch.device, *,
    window_mode: str = "overlap", batch_size: int = INFERENCE_BATCH,
) -> list[list[int]]:
    """Labels (0/1) for every block of every sequence, windowed as ``window_mode`` (overlap or split)."""
    jobs: list[tuple[int, int, int]] = []  # (sequence, start, end)
    spans: list[list[tuple[int, int]]] = []
    for s, seq in enumerate(sequences):
        windows = overlapping(len(seq)) if window_mode == "overlap" else even_split(len(seq))
        spans.append(windows)
        jobs.extend((s, start, end) for start, end in windows if end > start)
    decoded: dict[tuple[int, int], list[int]] = {}
    model.net.eval()
    fields = model.net.config.fields
    with torch.inference_mode(), single_thread_on_cpu(device):
        for i in range(0, len(jobs), batch_size):
            chunk = jobs[i:i + batch_size]
            batch = encode_batch([sequences[s][a:b] for s, a, b in chunk], model.vocab, fields).to(device)
            for (s, a, _), labels in zip(chunk, model.net.decode(batch), strict=True):
                decoded[(s, a)] = labels
    out = []
    for s, seq in enumerate(sequences):
        windows = [w for w in spans[s] if w[1] > w[0]]
        out.append(reconcile(len(seq), windows, [decoded[(s, a)] for a, _ in windows]) if seq else [])
    return out

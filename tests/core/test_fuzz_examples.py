"""Mutated example records through every library path: only NotationError or RuleError.

Each bundled example is cut, spliced and sprinkled with characters that matter to some
notation, then checked, parsed, written back, replayed, drawn and converted, the way
`meeple check`, `fmt`, `replay --json`, `show` and `convert` would. Bounded under
`make test`; `make fuzz` runs it long.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple import conversion, engine, records, registry
from meeple.errors import MeepleError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SAMPLES = sorted(
    (path.read_text(encoding="utf-8"), path.name)
    for path in EXAMPLES.glob("*/*")
    if path.is_file() and path.suffix != ".sh"
)
NOISE = "[]{}()\"'\\:,;.&*~-_ \n\r\t0123456789ABCDEFGNPSTWabcdefkmnoprstwy┌─│\ud800\x00"


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    text, name = draw(st.sampled_from(SAMPLES))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        end = draw(st.integers(at, min(len(text), at + 12)))
        edit = draw(st.sampled_from(["delete", "insert", "duplicate", "replace"]))
        if edit == "delete":
            text = text[:at] + text[end:]
        elif edit == "duplicate":
            text = text[:end] + text[at:end] + text[end:]
        else:
            noise = draw(st.text(st.sampled_from(NOISE), min_size=1, max_size=6))
            text = text[:at] + noise + text[end if edit == "replace" else at :]
    return text, name


def _exercise(fmt: meeple.Format, text: str) -> None:
    meeple.check(text, format=fmt.name)
    try:
        document = fmt.read(text, "fuzz")
    except MeepleError:
        return
    asked = {o.name: True for o in fmt.options if o.name == "drop_comments"}
    canonical = fmt.dump(document.model, **asked)
    assert fmt.dump(fmt.parse(canonical, "again")) == canonical
    with contextlib.suppress(MeepleError):
        record = records.of(document)
        for step, state in enumerate(records.states(record)):
            json.dumps(records.step_of(record.notation, step, state).to_json(record.notation))
            if record.notation.can("render"):
                record.notation.render(state)
            if isinstance(state, engine.GameState) and state.history:
                move = state.history[-1]
                assert state.move_from_text(state.move_to_text(move)) == move
    for target in registry.formats():
        _convert(document, target)


def _convert(document: Any, target: meeple.Format) -> None:
    with contextlib.suppress(MeepleError):
        conversion.convert(document, target, force=True)


@pytest.mark.fuzz
@given(mutated())
def test_mutated_examples_fail_only_with_positioned_errors(sample: tuple[str, str]) -> None:
    text, _ = sample
    for fmt in registry.formats():
        _exercise(fmt, text)

"""Fuzzing with large inputs, every format: a generated (often broken) piece of a record
repeated into a large one. `meeple check` must answer with findings, never a traceback,
and do about ten times the work for ten times the piece count (tests/growth.py).

Bounded in `make test` (a tenth of the profile's examples: each one traces two runs);
long in `make fuzz`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple.botc import ascii
from meeple.errors import MeepleError
from tests.growth import steps
from tests.guards import finishes

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SOME = max(5, settings().max_examples // 10)
GROWS = 15  # the work of 10 times the pieces, against once: linear with slack for noise


def _lines(path: str) -> list[str]:
    return (EXAMPLES / path).read_text().splitlines()


RAFT = _lines("raft/crossed-paths.raft")
FLOWS = _lines("flows/face-to-face.flows")
TRACE = _lines("botc/game.trace")
QGN = _lines("qgn/unknown-game.qgn")
ATLANTIS = json.loads((EXAMPLES / "atlantis" / "game.json").read_text())

# How each format's large record is made: (format, head, pieces to repeat, characters
# that mutations insert)
FORMATS = {
    "raft": (RAFT[1] + "\n", RAFT[2:], "ABCDabcdefNESW0123456789RGYPF#\r\n "),
    "flows": (FLOWS[0] + "\n", FLOWS[1:], "P123456ABCDEFGT0123NESW;.\r\n "),
    "botc-trace": (TRACE[0] + "\n", TRACE[1:], "<>NDE123!:->()+*~st#\r\n "),
    "qgn": ("\n".join(QGN[:5]) + "\n", QGN[5:], '[]{}"\\&.0123abcZ\r\n '),
}


def _mutated(pieces: list[str], data: st.DataObject, alphabet: str) -> list[str]:
    chosen = data.draw(st.lists(st.sampled_from(pieces), min_size=1, max_size=6))
    edits = data.draw(st.lists(st.tuples(st.integers(0, 200), st.text(alphabet, max_size=3))))
    text = "\n".join(chosen) + "\n"
    for at, insert in edits[:4]:
        at %= len(text) + 1
        text = text[:at] + insert + text[at:]
    return [text]


def _check(text: str, fmt: str) -> list[meeple.Finding]:
    try:
        return meeple.check(text, fmt)
    except MeepleError:  # a usage-level refusal is fine; any other exception is a bug
        return []


def _grows_linearly(fmt: str, small: str, large: str) -> None:
    with finishes(60):
        _check(small, fmt), _check(large, fmt)
        work = steps(lambda: _check(large, fmt)) / max(1, steps(lambda: _check(small, fmt)))
    assert work < GROWS, f"{fmt}: {work:.1f} times the work for 10 times the input"


@pytest.mark.fuzz
@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=SOME)
@given(data=st.data())
def test_fuzz_large_line_records(fmt: str, data: st.DataObject) -> None:
    head, pieces, alphabet = FORMATS[fmt]
    piece = _mutated(pieces, data, alphabet)[0]
    _grows_linearly(fmt, head + piece * 30, head + piece * 300)


ENTRY = st.from_regex(
    r"\*?(~~)?[A-Za-z][a-z0-9]{0,5}(~~)?:[a-z_]{1,8}(\([a-z:_,]{0,12}\))?\*?", fullmatch=True
)


@pytest.mark.fuzz
@settings(max_examples=SOME)
@given(st.lists(ENTRY, min_size=1, max_size=4), st.sampled_from([" ", "  ", "\r", ""]))
def test_fuzz_large_single_line_grimoires(entries: list[str], gap: str) -> None:
    def line(copies: int) -> str:
        return (
            "["
            + gap.join(f"{e}{n}" if e[-1].isalnum() else e for n in range(copies) for e in entries)
            + "]\n"
        )

    _grows_linearly("botc", line(40), line(400))


@pytest.mark.fuzz
@settings(max_examples=SOME)
@given(
    st.sampled_from(["auto", "compact", "tall", "balanced"]),
    st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(list("()│ x~*:\n"))), max_size=3),
)
def test_fuzz_large_grimoire_drawings(layout: str, edits: list[tuple[int, str]]) -> None:
    """A drawing grows linearly; an edit in one place costs at most the reading of the
    whole drawing again (where it is found first is no measure of growth)."""

    def art(seats: int) -> str:
        names = [f"P{n}:chef(chef:x)" if n % 2 else f"*P{n}:imp*" for n in range(seats)]
        grimoire = meeple.loads("[" + " ".join(names) + "]", "botc")
        return ascii.render_grimoire(grimoire, layout, True, "unicode")

    small, large = art(30), art(300)
    _grows_linearly("botc-ascii", small, large)
    edited = large
    for at, char in edits:
        at %= len(edited)
        edited = edited[:at] + char + edited[at + 1 :]
    with finishes(60):
        whole = steps(lambda: _check(large, "botc-ascii"))
        assert steps(lambda: _check(edited, "botc-ascii")) <= 2 * whole + 10_000


@pytest.mark.fuzz
@settings(max_examples=SOME)
@given(st.data())
def test_fuzz_large_atlantis_transcripts(data: st.DataObject) -> None:
    events = ATLANTIS["events"]
    chosen = data.draw(st.lists(st.sampled_from(events), min_size=1, max_size=4))
    extra = data.draw(st.sampled_from([None, "turns", "moves"]))

    def transcript(copies: int) -> str:
        record = dict(ATLANTIS, events=chosen * copies)
        if extra:
            record[extra] = [event.get("moves", []) for event in chosen * copies]
        return json.dumps(record)

    _grows_linearly("atlantis", transcript(20), transcript(200))

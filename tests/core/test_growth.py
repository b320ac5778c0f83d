"""Work that grows linearly with the input, however big or broken (the reliability issue).

Each test measures an operation at a size n and at 10n by what it does, not by the clock
(tests/growth.py): lines of meeple's code executed, or the peak of memory held. Linear
work gives a ratio near 10; the quadratic code these guard gave 35 to 100.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import pytest

import meeple
from meeple.botc import ascii, layout
from meeple.botc import rules as botc_rules
from meeple.botc import trace as botc_trace
from meeple.qgn import notation as qgn
from tests.growth import peak_bytes, ratio, steps

LINEAR = 13  # a ratio above this for 10 times the input is not linear


def grimoire_line(seats: int) -> str:
    """A single-line grimoire: dead and living players, with and without tokens."""
    entries = (
        f"*P{n}:imp(poisoner:poisoned)*"
        if n % 3 == 0
        else f"P{n}:washerwoman(washerwoman:townsfolk,drunk:is_the_drunk)"
        for n in range(seats)
    )
    return "[" + " ".join(entries) + "]\n"


def trace_text(events: int) -> str:
    """A trace of `events` events: days of nominations and votes, nights of poisoning."""
    seats = [f"P{n}" for n in range(12)]
    grimoire = "[" + " ".join(f"{name}:chef" for name in seats[1:]) + " P0:poisoner]"
    lines, count, day = [grimoire], 0, 1
    while count < events:
        poisoned = f"P{day % 11 + 1}"
        lines.append(
            f"<N{day}> P0:poisoner!{poisoned}(+poisoner:poisoned) st!{poisoned}(-poisoner:poisoned)"
        )
        lines.append(f"<D{day}> P1!nominates->P2 " + " ".join(f"{v}!votes->P2" for v in seats[3:]))
        lines.append(f"<E{day}>")
        count += 15
        day += 1
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("layout_name", ["auto", "balanced"])
def test_drawing_a_grimoire_grows_linearly(layout_name: str) -> None:
    small, large = (meeple.loads(grimoire_line(n), "botc") for n in (40, 400))
    grows = ratio(
        steps,
        lambda: ascii.render_grimoire(small, layout_name, False, "unicode"),
        lambda: ascii.render_grimoire(large, layout_name, False, "unicode"),
    )
    assert grows < LINEAR


@contextmanager
def counting_plans() -> Iterator[list[int]]:
    planned = [0]
    plan = layout._plan

    def counted(*args: Any, **kwargs: Any) -> Any:
        planned[0] += 1
        return plan(*args, **kwargs)

    layout._plan = counted
    try:
        yield planned
    finally:
        layout._plan = plan


@pytest.mark.parametrize("layout_name", ["compact", "tall"])
def test_searching_layouts_grows_linearly_per_distribution_weighed(layout_name: str) -> None:
    """From 24 seats on, `compact` and `tall` weigh at most 125 distributions, each in
    time linear in the seats (the bounds once cost a side's length per distribution)."""
    work = []
    for seats in (40, 400):
        grimoire = meeple.loads(grimoire_line(seats), "botc")
        ascii.render_grimoire(grimoire, layout_name, False, "unicode")
        with counting_plans() as planned:
            done = steps(partial(ascii.render_grimoire, grimoire, layout_name, False, "ascii"))
        assert 1 <= planned[0] <= len(layout._candidates(seats, layout_name)) <= 125
        work.append(done / planned[0])
    assert work[1] / work[0] < LINEAR


@pytest.mark.parametrize("layout_name", ["auto", "tall"])
def test_reading_a_grimoire_drawing_grows_linearly(layout_name: str) -> None:
    small, large = (
        ascii.render_grimoire(meeple.loads(grimoire_line(n), "botc"), layout_name, True, "unicode")
        for n in (40, 400)
    )
    assert ratio(steps, lambda: ascii.read_art(small), lambda: ascii.read_art(large)) < LINEAR
    assert (
        ratio(
            steps,
            lambda: meeple.check(small, "botc-ascii"),
            lambda: meeple.check(large, "botc-ascii"),
        )
        < LINEAR
    )


def test_checking_a_single_line_grimoire_grows_linearly() -> None:
    small, large = grimoire_line(120), grimoire_line(1200)
    assert (
        ratio(steps, lambda: meeple.check(small, "botc"), lambda: meeple.check(large, "botc"))
        < LINEAR
    )
    lower = small.replace("P", "p"), large.replace("P", "p")  # a lint finding for every seat
    assert (
        ratio(steps, lambda: meeple.check(lower[0], "botc"), lambda: meeple.check(lower[1], "botc"))
        < LINEAR
    )


def test_a_trace_replay_holds_memory_linear_in_its_events() -> None:
    small, large = (botc_trace.parse(trace_text(n)) for n in (1000, 10000))
    assert len(large.events) >= 10000

    def replay(parsed: botc_trace.Trace) -> list[botc_rules.State]:
        return list(botc_rules.replay(parsed))

    assert ratio(peak_bytes, lambda: replay(small), lambda: replay(large)) < LINEAR
    states = replay(small)
    last = states[-1]
    assert len(last.history) == len(small.events) and last.history[-1] == small.events[-1]
    assert tuple(last.history) == small.events
    assert states[3].history == small.events[:3]


QGN_HEAD = '[key "x"]\n[teams "a, b"]\n'
QGN_BROKEN = {
    "unclosed comments, one a line": lambda n: QGN_HEAD + "{\n" * (n // 2),
    "brackets on one line": lambda n: "[" * n,
    "closing braces": lambda n: QGN_HEAD + "}" * n,
    "words without a team": lambda n: QGN_HEAD + "x " * (n // 2),
    "nested tags": lambda n: QGN_HEAD + "[a [" * (n // 4),
}


@pytest.mark.parametrize("name", QGN_BROKEN)
def test_qgn_diagnosis_of_many_problems_grows_linearly(name: str) -> None:
    small, large = (QGN_BROKEN[name](n) for n in (2000, 20000))
    assert ratio(steps, lambda: qgn.diagnose(small), lambda: qgn.diagnose(large)) < LINEAR
    assert (
        ratio(steps, lambda: meeple.check(small, "qgn"), lambda: meeple.check(large, "qgn"))
        < LINEAR
    )


class _ScanCounter:
    """Stands in for a token pattern and counts what its misses cost the regular
    expression engine: from each '{' it could not close, the rest of the text; and from
    each offset where no token starts (the pattern is tried again there), the rest of
    the text. A pattern whose tokens tile the text costs nothing here."""

    def __init__(self, pattern: re.Pattern[str], comments: bool = True) -> None:
        self.pattern, self.comments, self.scanned = pattern, comments, 0

    def finditer(self, text: str, pos: int = 0) -> Iterator[re.Match[str]]:
        reached = pos
        for match in self.pattern.finditer(text, pos):
            self.scanned += _retried(len(text), reached, match.start())
            if self.comments and match.lastgroup == "bad" and text[match.start("bad")] == "{":
                self.scanned += len(text) - match.start("bad")
            reached = match.end()
            yield match
        self.scanned += _retried(len(text), reached, len(text))


def _retried(length: int, start: int, end: int) -> int:
    """What trying a pattern at every offset from `start` to `end` may scan: from each,
    the rest of a text of `length` characters."""
    return (end - start) * (2 * length - start - end + 1) // 2


@contextmanager
def counting_scans() -> Iterator[list[_ScanCounter]]:
    """Both QGN token patterns (with comments, and past an unclosed one) counted."""
    counters = [_ScanCounter(qgn._TOKEN), _ScanCounter(qgn._TOKEN_UNCLOSED, comments=False)]
    originals = qgn._TOKEN, qgn._TOKEN_UNCLOSED
    qgn._TOKEN, qgn._TOKEN_UNCLOSED = counters  # type: ignore[assignment]
    try:
        yield counters
    finally:
        qgn._TOKEN, qgn._TOKEN_UNCLOSED = originals


def scanned(work: Any) -> int:
    """What `work()` costs the QGN token patterns' misses (see `_ScanCounter`)."""
    with counting_scans() as counters:
        work()
    return sum(counter.scanned for counter in counters)


@pytest.mark.parametrize("lines", [True, False])
def test_unclosed_qgn_comments_are_not_each_scanned_to_the_end(lines: bool) -> None:
    work = []
    for n in (2000, 20000):
        text = QGN_HEAD + ("{\n" if lines else "{ ") * n
        work.append(scanned(partial(qgn.diagnose, text)))
        assert len(qgn.diagnose(text).problems) == (n if lines else 1)
    assert work[1] / work[0] < LINEAR


QGN_SCANNED = {
    "blank space after a final comment": lambda n: QGN_HEAD + "0a {c}" + " " * n,
    "blank space after a tag": lambda n: QGN_HEAD + " \n" * (n // 2),
    "blank space after a game's tag": lambda n: '[key "connect4"]' + " " * n,
    "blank space after a game's comment": lambda n: CONNECT4_HEAD + "0p&1 {c}" + " " * n,
    "unclosed comments in a game": lambda n: CONNECT4_HEAD + "0p&1 " + "{ " * (n // 2),
    "unclosed comments in a game, one a line": lambda n: CONNECT4_HEAD + "{\n" * (n // 2),
}
CONNECT4_HEAD = '[key "connect4"]\n[teams "a, b"]\n'


@pytest.mark.parametrize("name", QGN_SCANNED)
def test_qgn_tokens_are_not_tried_again_from_every_offset(name: str) -> None:
    """The token pattern is never tried again at every offset of a tail it cannot read,
    nor from every '{' of many unclosed ones, whatever reads the text: the reader, the
    checker of a game's record (which finds each action's place), the team warnings."""
    small, large = (QGN_SCANNED[name](n) for n in (2000, 20000))
    for work in (qgn.diagnose, meeple.check, qgn.action_offsets, qgn.team_findings):
        assert scanned(partial(work, large)) <= LINEAR * max(1, scanned(partial(work, small)))

"""One line-end rule for every line-based notation: LF, CRLF and a lone CR each end a line.

Each format's example is read with its line ends rewritten: the record read, the
findings of `meeple check` and the line:column of an error are the same as with LF.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple.errors import Location, Locator, NotationError, line_ends, line_ends_of_pieces
from tests.cli_helpers import meeple as run_meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GOLDEN = Path(__file__).resolve().parents[1]

STATE = (EXAMPLES / "raft" / "seed-board.raftstate").read_text()
# (format, a valid record, a malformed one or None)
CASES = {
    "raft": (
        (EXAMPLES / "raft" / "crossed-paths.raft").read_text(),
        (EXAMPLES / "raft" / "malformed.raft").read_text(),
    ),
    "raft-state": (
        STATE,
        STATE.replace("\n", "\nx", 3),
    ),
    "flows": (
        (EXAMPLES / "flows" / "face-to-face.flows").read_text(),
        (EXAMPLES / "flows" / "face-to-face.flows").read_text() + "P1Q9T0N\n",
    ),
    "botc": (
        (EXAMPLES / "botc" / "twelve.botc").read_text(),
        (EXAMPLES / "botc" / "twelve.botc").read_text() + "\n\n  [A:imp]\n",
    ),
    "botc-bag": ((EXAMPLES / "botc" / "bag.botc").read_text(), "\n\n{imp chef\n"),
    "botc-ascii": (
        (EXAMPLES / "botc" / "seed.grimoire").read_text(),
        (EXAMPLES / "botc" / "seed.grimoire").read_text().replace("│ Ian ", "│ Ian!", 1),
    ),
    "botc-trace": (
        (EXAMPLES / "botc" / "game.trace").read_text(),
        (EXAMPLES / "botc" / "game.trace").read_text().replace("<D2>", "<D2> Fay!!x"),
    ),
    "qgn": (
        (EXAMPLES / "qgn" / "unknown-game.qgn").read_text(),
        (EXAMPLES / "qgn" / "broken.qgn").read_text(),
    ),
}
FORMAT_OF = {"botc-bag": "botc"}
ENDINGS = {"crlf": "\r\n", "cr": "\r"}


def _with(text: str, ending: str) -> str:
    return text.replace("\n", ending)


def _fmt(case: str) -> str:
    return FORMAT_OF.get(case, case)


def test_line_ends_keeps_offsets_and_turns_only_lone_crs() -> None:
    assert line_ends("a\rb\r\nc\n\r") == "a\nb\r\nc\n\n"
    assert "".join(line_ends_of_pieces(["a\r", "\nb\r", "c\r"])) == "a\r\nb\nc\n"


def test_locations_count_a_lone_cr_as_a_line_end() -> None:
    text = "one\rtwo\r\nthree\nfour"
    for offset, (line, column) in {4: (2, 1), 9: (3, 1), 15: (4, 1), 18: (4, 4)}.items():
        here = Location.of(text, offset)
        assert (here.line, here.column) == (line, column)
        assert (Locator(text)(offset).line, Locator(text)(offset).column) == (line, column)
    assert Location.of(text, 5).line_text == "two"


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("case", CASES)
def test_every_line_end_reads_the_same_record(case: str, ending: str) -> None:
    good, _ = CASES[case]
    assert meeple.loads(_with(good, ENDINGS[ending]), _fmt(case)) == meeple.loads(good, _fmt(case))


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("case", CASES)
def test_every_line_end_checks_and_replays_the_same(case: str, ending: str) -> None:
    good, _ = CASES[case]
    fmt = _fmt(case)
    changed = _with(good, ENDINGS[ending])
    assert meeple.check(changed, fmt) == meeple.check(good, fmt)
    lf = run_meeple(["check", "--format", fmt, "-"], good)
    other = run_meeple(["check", "--format", fmt, "-"], changed)
    assert (other.code, other.out) == (lf.code, lf.out)
    if fmt in ("raft", "flows", "botc-trace"):
        assert len(meeple.replay(changed, fmt)) == len(meeple.replay(good, fmt))


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("case", [case for case, (_, bad) in CASES.items() if bad])
def test_every_line_end_puts_an_error_at_the_same_line_and_column(case: str, ending: str) -> None:
    _, bad = CASES[case]
    assert bad is not None
    fmt = _fmt(case)
    with pytest.raises(NotationError) as lf:
        meeple.loads(bad, fmt)
    with pytest.raises(NotationError) as other:
        meeple.loads(_with(bad, ENDINGS[ending]), fmt)
    assert (other.value.line, other.value.column) == (lf.value.line, lf.value.column)
    assert other.value.location.line_text == lf.value.location.line_text
    lf_run = run_meeple(["check", "--format", fmt, "-"], bad)
    other_run = run_meeple(["check", "--format", fmt, "-"], _with(bad, ENDINGS[ending]))
    assert (other_run.code, other_run.out) == (lf_run.code, lf_run.out)


def test_a_lone_cr_after_a_raft_comment_ends_it() -> None:
    """The issue's case: the move after `# round 1\\r` was hidden in the comment."""
    challenge = "LNSNLASAF000300060012001506030903C000093030341203R11215 seed=1"
    text = f"# c\n{challenge}\n# round 1\rA3B1D2\n"
    assert len(meeple.loads(text, "raft").entries) == 1
    assert len(meeple.replay(text, "raft")) == 2


def test_a_lone_cr_ends_a_flows_line() -> None:
    text = "P1A1T0N\rP2A4T1NE\r"
    assert len(meeple.loads(text, "flows").moves) == 2


def test_every_line_based_format_page_states_the_same_rule() -> None:
    docs = GOLDEN.parent / "docs" / "formats"
    rule = "LF, CRLF and a lone CR each end a line, in every line-based meeple format"
    for name in ("raft", "flows", "botc", "qgn"):
        assert rule in (docs / f"{name}.md").read_text(), name

"""The front door (`import meeple`) offers what the command line does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple import engine
from meeple.errors import ConversionError, Unsupported

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FLOWS = EXAMPLES / "flows" / "numbered.flows"
GRIMOIRE = "[Alice:baron *Bob:imp* Carol:chef]"


def test_check_takes_a_path_a_path_string_or_text_and_returns_findings() -> None:
    bad = EXAMPLES / "qgn" / "broken.qgn"
    by_path = meeple.check(bad)
    assert by_path and by_path[0].location.source == str(bad)
    assert meeple.check(str(bad)) == by_path
    assert meeple.check(bad.read_text(), format="qgn")[0].message == by_path[0].message
    assert meeple.check(FLOWS) == []


def test_check_reports_a_notation_error_as_a_finding_instead_of_raising() -> None:
    found = meeple.check('[key "x"]\n[teams "a]\n')
    assert [f.severity for f in found] == ["error"]
    assert found[0].kind == "notation"
    assert found[0].location.line == 2


def test_replay_gives_protocol_states_and_render_draws_one() -> None:
    states = meeple.replay(FLOWS)
    assert isinstance(states[-1], engine.GameState)
    assert [len(state.history) for state in states] == list(range(len(states)))
    assert meeple.render(FLOWS, step=0) != meeple.render(FLOWS)


def test_render_of_a_step_past_the_end_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="the record has 12 moves"):
        meeple.render(FLOWS, step=10_000)


def test_a_picture_a_kind_has_not_is_unsupported_as_in_every_game() -> None:
    script = '[{"id": "_meta", "name": "Two"}, "washerwoman", "imp"]'
    with pytest.raises(Unsupported, match="botc-script records have no SVG picture"):
        meeple.render(script, format="botc-script", svg=True)
    with pytest.raises(TypeError):  # what it was before it was Unsupported
        meeple.render(script, format="botc-script", svg=True)


def test_dumps_picks_among_a_models_notations() -> None:
    grimoire = meeple.loads(GRIMOIRE, format="botc")
    assert meeple.dumps(grimoire) == meeple.dumps(grimoire, format="botc")
    art = meeple.dumps(grimoire, format="botc-ascii")
    assert meeple.loads(art, format="botc-ascii") == grimoire


def test_dumps_rejects_an_option_the_format_does_not_take_naming_those_it_does() -> None:
    grimoire = meeple.loads(GRIMOIRE, format="botc")
    with pytest.raises(TypeError, match=r"meeple\.dumps\(\).*'colour'.*botc-ascii.*layout"):
        meeple.dumps(grimoire, format="botc-ascii", colour=True)
    with pytest.raises(TypeError, match="takes: dialect"):
        meeple.dumps(meeple.load(FLOWS), layout="tall")
    written = meeple.dumps(meeple.load(FLOWS), dialect="quortextt")
    assert meeple.loads(written, format="flows").dialect == "quortextt"


def test_dumps_refuses_a_format_of_another_game() -> None:
    with pytest.raises(ConversionError, match=r"botc records convert to .*, not to flows"):
        meeple.dumps(meeple.loads(GRIMOIRE, format="botc"), format="flows")


def test_loads_accepts_bytes_and_positions_bad_utf8() -> None:
    assert meeple.loads(GRIMOIRE.encode(), format="botc") == meeple.loads(GRIMOIRE, format="botc")
    with pytest.raises(meeple.NotationError) as caught:
        meeple.loads(b'[key "x"]\n[teams "\xff"]', format="qgn")
    assert (caught.value.line, caught.value.column) == (2, 9)


@pytest.mark.parametrize("record", [b"\xff", b'[key "x"]\n[teams "a"]\n0a {\xff}\n', "nothing"])
def test_check_never_raises_for_bytes_that_are_no_utf8_nor_a_text_of_no_notation(
    record: str | bytes,
) -> None:
    """`check` promises findings, never an exception, for any record given as text."""
    for format in ("qgn", None):
        (finding,) = meeple.check(record, format)
        assert (finding.severity, finding.kind) == ("error", "notation")
        assert finding.location.line >= 1 and finding.location.column >= 1


@pytest.mark.parametrize("call", [meeple.check, meeple.detect, meeple.replay, meeple.render])
def test_a_string_that_looks_like_a_path_and_names_no_file_is_file_not_found(call: Any) -> None:
    """One line ending in an extension meeple knows is taken as a path, even when the
    file is missing: a mistyped path is not a text in some notation."""
    with pytest.raises(FileNotFoundError, match=r"wni\.qgn"):
        call("examples/connect4/wni.qgn")


def test_detect_takes_a_path_or_its_text_as_its_siblings_do() -> None:
    win = EXAMPLES / "connect4" / "win.qgn"
    assert meeple.detect(win) == meeple.detect(str(win)) == meeple.detect(win.read_text()) == "qgn"
    assert meeple.detect(FLOWS) == meeple.detect(FLOWS.read_bytes()) == "flows"


@given(st.binary(max_size=40), st.sampled_from(["qgn", "flows", None]))
def test_check_of_any_bytes_never_raises(data: bytes, format: str | None) -> None:
    assert isinstance(meeple.check(data, format), list)

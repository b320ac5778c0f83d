"""The front door (`import meeple`) offers what the command line does."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple import engine
from meeple.errors import ConversionError

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

"""Pictures of QGN records of games meeple does not know: a list of tags and actions."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from hypothesis import given

from meeple import qgn
from meeple.qgn import Snapshot
from meeple.qgn.ascii import render
from meeple.qgn.svg import ACTIONS_PER_ROW, MAX_ROWS, lines
from meeple.qgn.svg import render as svg
from tests.cli_helpers import meeple
from tests.qgn.test_properties import snapshots

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "qgn" / "unknown-game.qgn"
NS = "{http://www.w3.org/2000/svg}"


def test_the_example_draws_its_tags_and_actions() -> None:
    picture = meeple(["show", "--svg", str(EXAMPLE)]).out
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg" and root.get("viewBox", "").startswith("0 0 ")
    title = root.find(f"{NS}title")
    assert title is not None and title.text == "QGN record of unknown-game"
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "teams: a, b" in texts and any("3. 0b&1.2.k.b" in (t or "") for t in texts)
    assert meeple(["show", "--svg", str(EXAMPLE)]).out == picture  # deterministic


def test_text_picture_names_each_actions_team() -> None:
    shown = meeple(["show", str(EXAMPLE)]).out.splitlines()
    assert shown[0] == "unknown-game (a, b)"
    assert any(line.split() == ["4.", "1c", "b"] for line in shown)


@given(snapshots())
def test_any_record_draws_as_well_formed_escaped_svg(game: qgn.Snapshot) -> None:
    root = ET.fromstring(svg(game))
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    assert len(texts) == 1 + len(game.tags) + -(-len(game.actions) // 6)
    for (name, value), shown in zip(game.tags.items(), texts[1:], strict=False):
        if value.isprintable():
            assert shown == f"{name}: {value}"
    assert isinstance(render(game), str)


def test_characters_xml_cannot_hold_are_shown_as_pictures() -> None:
    game = qgn.Snapshot({"key": "k\x1fz", "teams": "a"})
    texts = [t.text for t in ET.fromstring(svg(game)).iter(f"{NS}text")]
    assert "key: k\u241fz" in texts


def test_hostile_values_are_escaped() -> None:
    game = qgn.parse('[key "<script>alert(1)</script>"][teams "a & b"] 0a&<x>')
    picture = svg(game)
    assert "<script>" not in picture
    ET.fromstring(picture)


def test_a_long_record_draws_the_rows_it_can_hold_and_counts_the_rest() -> None:
    text = '[key "k"][teams "a"]\n' + " ".join(f"0a&{n}" for n in range(3000)) + "\n"
    game = qgn.parse(text)
    rows = lines(game)
    shown = ACTIONS_PER_ROW * (MAX_ROWS - 3)  # a title and two tags come first
    assert len(rows) == MAX_ROWS + 1
    assert rows[-1] == ("note", f"... {3000 - shown} more actions")
    assert rows[-2][1].endswith(f"{shown}. 0a&{shown - 1}")
    assert lines(Snapshot(game.tags, tuple(game.actions))) == rows

"""Flows pictures (meeple.flows.svg): well-formed SVG, every state drawn, flows coloured."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meeple.flows import replay_text
from meeple.flows.svg import COLOURS, render
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "flows"
NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name", ["numbered.flows", "three-players.flows", "messy.flows"])
def test_every_state_of_the_examples_draws_as_well_formed_svg(name: str) -> None:
    for state in replay_text((EXAMPLES / name).read_text(encoding="utf-8")):
        root = ET.fromstring(render(state))
        assert root.tag == f"{NS}svg" and root.get("viewBox")
        assert root.find(f"{NS}title") is not None and root.find(f"{NS}desc") is not None
        assert len(root.findall(f"{NS}polygon")) == 37 + (1 if state.placements else 0)
        assert len(root.findall(f"{NS}path")) >= 3 * len(state.placements)


def test_the_picture_shows_each_players_flow_in_their_colour_and_the_result() -> None:
    *_, last = replay_text((EXAMPLES / "three-players.flows").read_text(encoding="utf-8"))
    picture = render(last)
    root = ET.fromstring(picture)
    strokes = {path.get("stroke") for path in root.findall(f"{NS}path")}
    assert set(COLOURS[:3]) <= strokes
    assert root.findall(f"{NS}text")[-1].text == last.result_text
    assert render(last) == picture  # the same state, the same bytes


def test_show_svg_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    run = meeple(["show", "--svg", "--step", "4", str(EXAMPLES / "numbered.flows"), "-o", str(out)])
    assert run.code == 0
    ET.fromstring(out.read_text(encoding="utf-8"))

"""Atlantis pictures (meeple.atlantis.svg): well-formed, every state, what they show."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from meeple.atlantis import parse, replay
from meeple.atlantis.rules import State
from meeple.atlantis.svg import PALETTE, SHADES, colours, render
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "atlantis"
NS = "{http://www.w3.org/2000/svg}"


def test_every_state_of_the_example_draws_as_well_formed_svg() -> None:
    game = parse((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    for state in replay(game):
        picture = render(state)
        root = ET.fromstring(picture)
        assert root.get("viewBox") and root.find(f"{NS}title") is not None
        assert len(root.findall(f"{NS}polygon")) == len(state.fields)
        assert render(state) == picture


def test_stacks_in_the_transcripts_colours_and_the_turns_moves_as_arrows() -> None:
    text = (EXAMPLES / "handwritten.json5").read_text(encoding="utf-8")
    states = list(replay(parse(text)))
    after_move = states[1]  # John's a1-b2, his turn not yet over
    root = ET.fromstring(render(after_move))
    # The transcript's red and Blue, in the colour-blind-safe palette's shades of them.
    assert colours(after_move) == [SHADES["red"], SHADES["blue"]]
    discs = {c.get("fill") for c in root.findall(f"{NS}circle")}
    assert {SHADES["red"], SHADES["blue"]} <= discs
    arrows = [p for p in root.findall(f"{NS}polyline") if p.get("marker-end")]
    assert len(arrows) == 1


def test_a_palette_stands_in_for_missing_colours() -> None:
    text = "{segments: [['a1', 'a2']], players: [{stacks: {a1: 1}}, {stacks: {a2: 1}}]}"
    assert colours(State.initial(parse(text))) == list(PALETTE[:2])


def test_named_colours_are_drawn_in_the_palette_s_shade_of_their_hue() -> None:
    text = (
        "{segments: [['a1', 'a2', 'a3']], players: [{color: 'red', stacks: {a1: 1}},"
        " {stacks: {a2: 1}}, {color: 'Blue', stacks: {a3: 1}}]}"
    )
    drawn = colours(State.initial(parse(text)))
    assert drawn[0] == SHADES["red"] and drawn[2] == SHADES["blue"]
    assert drawn[1] not in (drawn[0], drawn[2])  # the free shade, not one in use
    assert len(set(drawn)) == 3


def test_the_legend_names_every_player_in_their_colour_and_the_caption_wraps() -> None:
    text = "{segments: [['a1', 'a2']], players: [{name: 'Ann', stacks: {a1: 1}},"
    text += " {name: 'Bartholomew-the-Long-Named', stacks: {a2: 1}}]}"
    state = State.initial(parse(text))
    root = ET.fromstring(render(state))
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "Ann" in texts and "Bartholomew-the-Long-Named" in texts
    width = float(root.get("viewBox", "0 0 0 0").split()[2])
    for line in root.iter(f"{NS}text"):
        assert float(line.get("x", "0")) <= width


def test_show_svg_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    run = meeple(["show", "--svg", str(EXAMPLES / "game.json"), "-o", str(out)])
    assert run.code == 0
    ET.fromstring(out.read_text(encoding="utf-8"))

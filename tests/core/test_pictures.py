"""Every game's pictures from the outside: golden SVGs of the seeds' examples, and
`meeple show --color` for every game's ASCII picture.

A golden SVG that changes on purpose is written again with MEEPLE_REGOLD=1.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meeple import ansi
from tests.cli_helpers import meeple
from tests.conftest import ROOT

GOLDEN = Path(__file__).parent / "golden_svg"
TESTS = ROOT / "tests"
EXAMPLES = ROOT / "examples"
# The seeds' examples (and the bundled examples built on them), one picture each.
PICTURED = {
    "flows-numbered": EXAMPLES / "flows" / "numbered.flows",
    "flows-three-players": EXAMPLES / "flows" / "three-players.flows",
    "raft-seed-board": EXAMPLES / "raft" / "seed-board.raftstate",
    "raft-crossed-paths": EXAMPLES / "raft" / "crossed-paths.raft",
    "atlantis-seed-board": TESTS / "atlantis" / "golden" / "seed-board.json",
    "atlantis-game": EXAMPLES / "atlantis" / "game.json",
    "botc-dead": TESTS / "botc" / "golden" / "dead.botc",
    "botc-ghost-vote-used": TESTS / "botc" / "golden" / "ghost_vote_used.botc",
    "botc-art": TESTS / "botc" / "golden" / "twelve_players.grimoire",
    "botc-trace": EXAMPLES / "botc" / "game.trace",
    "qgn-unknown-game": EXAMPLES / "qgn" / "unknown-game.qgn",  # the seed's example, renamed
}
SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name", sorted(PICTURED))
def test_the_seeds_examples_draw_as_their_golden_svg(name: str) -> None:
    run = meeple(["show", str(PICTURED[name]), "--svg"])
    assert run.code == 0, run.err
    golden = GOLDEN / f"{name}.svg"
    if os.environ.get("MEEPLE_REGOLD") == "1":
        golden.write_text(run.out, encoding="utf-8")
    assert run.out == golden.read_text(encoding="utf-8")
    root = ET.fromstring(run.out)
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}desc") is not None
    assert not re.search(r"(?:href|src)=\"(?:https?:)?//", run.out), "nothing from elsewhere"


def test_the_same_record_gives_the_same_bytes_in_another_process() -> None:
    """Deterministic output: no set order, hash seed or clock leaks into a picture."""
    record = str(PICTURED["flows-three-players"])
    code = "import sys; from meeple.cli import cli; cli(sys.argv[1:])"
    runs = {
        subprocess.run(
            [sys.executable, "-c", code, "show", record, "--svg"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(runs) == 1


COLOURED = {
    "raft": EXAMPLES / "raft" / "crossed-paths.raft",
    "flows": EXAMPLES / "flows" / "three-players.flows",
    "atlantis": EXAMPLES / "atlantis" / "game.json",
    "botc": EXAMPLES / "botc" / "twelve.botc",
    "botc bag": EXAMPLES / "botc" / "bag.botc",
    "botc art": EXAMPLES / "botc" / "seed.grimoire",
    "botc trace": EXAMPLES / "botc" / "game.trace",
    "qgn": EXAMPLES / "qgn" / "unknown-game.qgn",
}


@pytest.mark.parametrize("game", sorted(COLOURED))
def test_color_paints_every_games_picture_without_moving_it(game: str) -> None:
    plain = meeple(["show", str(COLOURED[game])])
    coloured = meeple(["show", str(COLOURED[game]), "--color"])
    assert plain.code == coloured.code == 0, coloured.err
    assert "\x1b[" in coloured.out
    # Only blanks a plain line would trim may stay inside a coloured cell.
    assert [line.rstrip() for line in ansi.strip(coloured.out).splitlines()] == [
        line.rstrip() for line in plain.out.splitlines()
    ]


def test_color_gives_each_flows_player_their_own_colour() -> None:
    out = meeple(["show", str(COLOURED["flows"]), "--color"]).out
    for player in (1, 2, 3):
        assert ansi.wrap(f"P{player}", ansi.player_code(player)) in out
    # A path two flows share (in a game seated face to face one chain carries both) shows
    # both numbers, each in its player's colour.
    shared = meeple(["show", str(EXAMPLES / "flows" / "face-to-face.flows"), "--color"]).out
    bold = f";{ansi.BOLD}"
    two = ansi.wrap("1", ansi.player_code(1) + bold) + ansi.wrap("2", ansi.player_code(2) + bold)
    assert two in shared


def test_color_gives_atlantis_stacks_the_transcripts_colours() -> None:
    out = meeple(["show", str(COLOURED["atlantis"]), "--color"]).out
    assert ansi.wrap("1A", ansi.named_code("red", 1)) in out
    assert ansi.wrap("xx", ansi.DIM) in out


def test_color_gives_botc_roles_their_teams_colours() -> None:
    out = meeple(["show", str(COLOURED["botc"]), "--color"]).out
    assert ansi.wrap("imp", "31") in out and ansi.wrap("baron", "33") in out
    assert ansi.wrap("butler", "36") in out and ansi.wrap("chef", "34") in out
    assert ansi.wrap("(poisoned)", ansi.DIM) in out


def test_color_with_an_svg_or_the_html_fragment_is_a_usage_mistake() -> None:
    assert meeple(["show", str(COLOURED["botc"]), "--color", "--html"]).code == 2
    assert meeple(["show", str(COLOURED["flows"]), "--color", "--svg"]).code == 2
    assert meeple(["show", str(COLOURED["botc"]), "--layout", "compact", "--svg"]).code == 2

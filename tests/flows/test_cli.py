"""The `meeple` command on Flows records, end to end."""

from __future__ import annotations

import json
import re
from pathlib import Path

from meeple.flows import notation
from meeple.flows.model import Move
from meeple.hexgrid import Hex
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).parents[2] / "examples" / "flows"
GOLDEN = Path(__file__).parent / "golden"


def test_formats_lists_flows() -> None:
    run = meeple(["formats"])
    line = next(line for line in run.out.splitlines() if line.startswith("flows"))
    assert ".flows" in line and "replay" in line and "qgn" in line


def test_check_the_seed_sample_reports_the_w_orientation() -> None:
    run = meeple(["check", str(GOLDEN / "seed_sample.flows")])
    assert run.code == 1
    # Both of the seed's findings: the rule broken on line 5, the notation on line 7.
    lines = run.out.splitlines()
    assert lines[0].endswith(
        "seed_sample.flows:5:1: error: P2G1 is internal (0,0), already"
        " filled by P1A1 on line 2: a tile goes on an empty hex"
        " (the replay stops at this move; later moves are not checked)"
    )
    at = next(i for i, line in enumerate(lines) if "seed_sample.flows:7:7: error: 'W'" in line)
    assert lines[at + 2] == "          ^"


def test_check_reports_the_occupied_hex_with_both_lines() -> None:
    run = meeple(["check", str(EXAMPLES / "occupied.flows")])
    assert run.code == 1
    assert (
        "occupied.flows:5:1: error: P2G1 is internal (0,0), already filled by P1A1 on line 2"
        in run.out
    )


def test_check_valid_records() -> None:
    run = meeple(["check", str(EXAMPLES / "three-players.flows"), str(EXAMPLES / "numbered.flows")])
    assert run.code == 0, run.out
    assert "2 valid" in run.err


def test_check_warns_about_a_missing_ellipsis() -> None:
    run = meeple(["check", "--format", "flows", "-"], stdin="P1A1T0N\n")
    assert run.code == 0
    assert "lint: the game is not over" in run.out
    assert meeple(["check", "--strict", "--format", "flows", "-"], stdin="P1A1T0N\n").code == 1


def test_show_draws_the_board_at_a_step() -> None:
    run = meeple(["show", str(EXAMPLES / "three-players.flows"), "--step", "1"])
    assert run.code == 0
    # Labelled as the player to move (P2) writes hexes: P2's row A runs A4 to A7.
    assert "hexes as P2 writes them" in run.out and "A4" in run.out and "A1" not in run.out
    mine = meeple(["show", str(EXAMPLES / "three-players.flows"), "--step", "1", "--frame", "P1"])
    assert "hexes as P1 writes them" in mine.out and "A1" in mine.out
    first = notation.parse((EXAMPLES / "three-players.flows").read_text()).moves[0]
    assert f"the last tile placed, T{first.tile}{first.orientation} by P1" in run.out
    assert "result: in play: P2 to move" in run.out
    final = meeple(["show", str(EXAMPLES / "three-players.flows")])
    assert final.out.rstrip().endswith("result: P3 wins")


def test_show_step_beyond_the_record_is_a_usage_error() -> None:
    run = meeple(["show", str(EXAMPLES / "numbered.flows"), "--step", "99"])
    assert run.code == 2


def test_replay_json_has_one_state_per_move() -> None:
    path = EXAMPLES / "numbered.flows"
    run = meeple(["replay", "--json", str(path)])
    assert run.code == 0
    states = [json.loads(line) for line in run.out.splitlines()]
    moves = notation.parse(path.read_text()).moves
    assert len(states) == len(moves) + 1
    first, last = states[0], states[-1]
    assert first["move"] is None and first["status"] == "playing"
    assert first["state"]["result"]["status"] == "playing"
    assert last["move"] == notation.format_move(moves[-1])
    own = last["state"]
    assert own["move"]["notation"] == notation.format_move(moves[-1])
    assert own["move"]["hex"] == [moves[-1].hex.x, moves[-1].hex.y]
    assert [flow["player"] for flow in own["flows"]] == [1, 2]
    for flow in own["flows"]:
        for path in flow["paths"]:
            assert len(path["hex"]) == 2 and len(path["sides"]) == 2


def test_replay_stops_at_the_first_illegal_move() -> None:
    run = meeple(["replay", str(GOLDEN / "rule_no_route.flows")])
    assert run.code == 1
    assert "rule_no_route.flows:11:1: error: illegal placement" in run.err
    assert run.out.count("== step") == 10


def test_convert_to_qgn_and_back() -> None:
    path = EXAMPLES / "three-players.flows"
    qgn = meeple(["convert", str(path), "--to", "qgn"])
    assert qgn.code == 0
    assert '[key "flows"]' in qgn.out and '[teams "P1, P2, P3"]' in qgn.out
    back = meeple(["convert", "--format", "qgn", "-", "--to", "flows"], stdin=qgn.out)
    assert back.code == 0
    assert back.out == path.read_text()


def test_fmt_writes_canonical_text() -> None:
    run = meeple(["fmt", "-", "--format", "flows"], stdin="Game:  2-player\n1.P1A1T0N;hi\n...\n")
    assert run.code == 0
    assert run.out == "Game: 2-player\n1. P1A1T0N ; hi\n...\n"


def test_bad_qgn_import_is_reported() -> None:
    run = meeple(
        ["convert", "--format", "qgn", "-", "--to", "flows"],
        stdin='[key "flows"][teams "P1, P2"] 0p&9.9.T0.N',
    )
    assert run.code == 1
    assert "not one of the 37 hexes" in run.err


def test_check_warns_when_ellipsis_marks_a_finished_game() -> None:
    text = (EXAMPLES / "three-players.flows").read_text() + "...\n"
    run = meeple(["check", "--format", "flows", "-"], stdin=text)
    assert run.code == 0
    assert "warning: '...' marks an unfinished game, but the game is over: P3 wins" in run.out


def test_show_draws_each_path_with_its_flows() -> None:
    # Row 3 from (3,6), whose E side is the upper-right's: P2's flow runs west along it.
    row_three = "".join(
        notation.format_move(Move(i % 3 + 1, Hex(3, c), 0, 0)) + "\n"
        for i, c in enumerate(range(6, 0, -1))
    )
    run = meeple(["show", "--format", "flows", "-"], stdin="Game: 3-player\n" + row_three)
    assert run.code == 0
    lines = run.out.splitlines()
    labels = next(i for i, line in enumerate(lines) if "D1" in line)
    assert re.findall(r"\[?D\d\]?", lines[labels]) == ["D1", "[D2]", "D3", "D4", "D5", "D6", "D7"]
    # Below the labels, the middle line of the row: P2's flow (thick, numbered) across
    # D2-D7 and out of the upper-right edge; D1 is empty.
    middle = lines[labels + 2]
    assert middle.endswith("━━━┿━2━━┿━" * 5 + "━━━┿━2━━╋━━2")
    assert middle[: middle.index("━")].strip(" ┊") == "2"  # the lower-left: P2's target


def test_messy_record_formats_to_canonical_form() -> None:
    run = meeple(["fmt", "-", "--format", "flows"], stdin=(EXAMPLES / "messy.flows").read_text())
    assert run.code == 0
    assert run.out.splitlines()[:3] == [
        "Game: 3-player,  club night ; friendly",
        "1. P1D4T1SW ; a start",
        "2. P2D7T2S",
    ]


def test_old_mac_line_ends_read_as_lines() -> None:
    # Fuzzing found a CR-only record read as one line: the header's comment swallowed
    # every move. A lone CR ends a line, and positions still point at the right place.
    text = "Game: 2-player ; a comment\rP1A1T0N\rP2A4T1NE\r"
    run = meeple(["replay", "--json", "--format", "flows", "-"], stdin=text)
    assert run.code == 0 and len(run.out.splitlines()) == 3
    bad = meeple(["check", "-"], stdin="P1A1T0N\rP2A4T1W\r")
    assert bad.code == 1 and bad.out.startswith("<stdin>:2:7: error: 'W' is not an orientation")


def test_the_svg_labels_every_hex_in_the_chosen_frame_inside_the_picture() -> None:
    import xml.etree.ElementTree as ET

    record = str(EXAMPLES / "three-players.flows")
    run = meeple(["show", "--svg", record, "--frame", "P3"])
    assert run.code == 0, run.err
    root = ET.fromstring(run.out)
    ns = "{http://www.w3.org/2000/svg}"
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    shown = [g for g in root.iter(f"{ns}g") if g.get("data-frame") and g.get("display") != "none"]
    assert [g.get("data-frame") for g in shown] == ["P3"]  # the other frames are hidden
    texts = {t.text: t for t in shown[0].iter(f"{ns}text")}
    assert "hexes as P3 writes them" in texts
    labels = [t for t in texts if t and len(t) == 2 and t[0] in "ABCDEFG" and t[1].isdigit()]
    assert len(labels) == 37
    for label in labels:
        x, y = float(texts[label].get("x", "-1")), float(texts[label].get("y", "-1"))
        assert 0 <= x <= width and 0 <= y <= height
    assert meeple(["show", "--svg", record, "--frame", "P6"]).code == 2  # 3 players

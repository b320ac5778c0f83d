"""`meeple botc solve`: worlds in the seed's notation, JSON, counts, limits, --explain,
and the exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from meeple.botc.characters import official
from meeple.botc.solver.cast import CAST
from tests.botc.solver.helpers import PUZZLES
from tests.cli_helpers import meeple

P31 = str(PUZZLES / "puzzle-31.puzzle")
P10 = str(PUZZLES / "puzzle-10.puzzle")
ANSWER_31 = (
    "[Adam:imp Fraser:recluse Sarah:baron Olivia:fortune_teller You:chef Aoife:empath"
    " Tim:ravenkeeper(drunk:is_the_drunk)]"
)


def test_each_world_is_a_grimoire_line_then_the_storytellers_choices() -> None:
    run = meeple(["botc", "solve", P31])
    assert run.code == 0
    assert run.out == f"{ANSWER_31}\n  no choice the answer depends on\n1 world\n"


def test_the_choices_line_names_the_poisoned_and_the_red_herring() -> None:
    run = meeple(["botc", "solve", P10])
    lines = run.out.splitlines()
    assert lines[0].startswith("[Tom:fortune_teller Sula:chef Fraser:poisoner")
    assert "night 1: Josh poisoned" in lines[1]
    assert "red herring:" in lines[1]


def test_json_has_count_and_worlds() -> None:
    run = meeple(["botc", "solve", P31, "--json"])
    found = json.loads(run.out)
    assert found["count"] == 1
    (world,) = found["worlds"]
    assert world["characters"]["Tim"] == "drunk"
    assert world["drunk_as"] == {"Tim": "ravenkeeper"}
    assert world["grimoire"] == ANSWER_31
    assert set(world) >= {"characters", "poisoned", "red_herring", "drunk_as", "grimoire"}


def test_count_only() -> None:
    assert meeple(["botc", "solve", P31, "--count-only"]).out == "1 world\n"
    assert json.loads(meeple(["botc", "solve", P31, "--count-only", "--json"]).out) == {
        "count": 1,
        "bounded": False,
    }


def test_a_limit_says_the_search_stopped(tmp_path: Path) -> None:
    loose = tmp_path / "loose.puzzle"
    text = (PUZZLES / "puzzle-31.puzzle").read_text("utf-8")
    loose.write_text(text.split("Adam claims")[0], "utf-8")
    run = meeple(["botc", "solve", str(loose), "--limit", "2", "--count-only"])
    assert run.code == 0
    assert run.out == "at least 2 worlds (the search stopped at --limit)\n"


def test_no_world_exits_1_naming_the_clash(tmp_path: Path) -> None:
    broken = tmp_path / "broken.puzzle"
    text = (PUZZLES / "puzzle-31.puzzle").read_text("utf-8")
    broken.write_text(text.replace("day 1:", "night 1: night death of Adam\nday 1:", 1), "utf-8")
    run = meeple(["botc", "solve", str(broken)])
    assert run.code == 1
    assert run.out == "0 worlds\n"
    assert run.err.startswith("error: no world: the claims clash; closest: [")
    assert "no one could have killed Adam" in run.err


def test_explain_a_player_shows_why_they_are_not_the_demon() -> None:
    run = meeple(["botc", "solve", P31, "--explain", "Tim"])
    assert run.code == 1
    first = run.out.splitlines()[0]
    assert first.startswith("[") and "Tim:imp" in first
    assert " on night " in first


def test_explain_a_world_that_holds() -> None:
    run = meeple(["botc", "solve", P31, "--explain", ANSWER_31])
    assert run.code == 0
    assert run.out.endswith(": a world (no claim contradicts it)\n")


def test_explain_a_world_names_the_first_claim_it_contradicts() -> None:
    wrong = ANSWER_31.replace("Adam:imp", "Adam:investigator").replace("Sarah:baron", "Sarah:imp")
    wrong = wrong.replace("Aoife:empath", "Aoife:baron")
    run = meeple(["botc", "solve", P31, "--explain", wrong])
    assert run.code == 1
    assert run.out.endswith(": the game would have ended on day 2\n")


def test_explain_says_what_a_character_reading_would_have_shown() -> None:
    # Sarah the Undertaker said You, executed on day 1, was the Spy; in this world You is
    # the Chef, so she would have learned the Chef (the wording of every other reason).
    real_chef = (
        "[Adam:investigator Fraser:recluse Sarah:undertaker"
        " Olivia:fortune_teller(drunk:is_the_drunk) You:chef Aoife:baron Tim:imp]"
    )
    run = meeple(["botc", "solve", P31, "--explain", real_chef])
    assert run.code == 1
    assert run.out.endswith(
        ": Sarah (Undertaker) on night 2: would have learned the Chef: You is the Chef\n"
    )


def test_usage_mistakes_exit_2() -> None:
    assert meeple(["botc", "solve", "no-such-file.puzzle"]).code == 2
    assert meeple(["botc", "solve", P31, "--explain", "[Nobody:imp]"]).code == 2
    assert meeple(["botc", "solve", P31, "--limit", "0"]).code == 2


def test_check_is_quiet_on_a_puzzle_with_one_world() -> None:
    run = meeple(["check", P31])
    assert run.code == 0
    assert "warning" not in run.out + run.err


def test_check_warns_of_more_than_one_world_and_shows_two(tmp_path: Path) -> None:
    loose = tmp_path / "loose.puzzle"
    text = (PUZZLES / "puzzle-31.puzzle").read_text("utf-8")
    loose.write_text(text.split("Tim claims")[0], "utf-8")
    run = meeple(["check", str(loose)])
    found = run.out + run.err
    assert "worlds, not one: [" in found
    assert "] differ at " in found


def test_check_warns_of_no_world(tmp_path: Path) -> None:
    broken = tmp_path / "broken.puzzle"
    text = (PUZZLES / "puzzle-31.puzzle").read_text("utf-8")
    broken.write_text(text.replace("day 1:", "night 1: night death of Adam\nday 1:", 1), "utf-8")
    found = meeple(["check", str(broken)])
    assert "warning: no world: the claims clash" in found.out + found.err


def test_check_notes_a_puzzle_it_cannot_solve_yet(tmp_path: Path) -> None:
    unknown = next(key for key in sorted(official()) if key not in CAST)
    puzzle = tmp_path / "unmodelled.puzzle"
    text = (PUZZLES / "puzzle-31.puzzle").read_text("utf-8")
    puzzle.write_text(text.replace("script: imp,", f"script: {unknown}, imp,", 1), "utf-8")
    run = meeple(["check", str(puzzle)])
    assert "note: not solved: the solver does not model the" in run.out + run.err

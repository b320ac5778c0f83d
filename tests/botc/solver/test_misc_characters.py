"""Branch g40/misc's characters (Alsaahir, Shugenja, Politician, ...): each rule on a
small puzzle of its own, beside the published puzzles that use it."""

from __future__ import annotations

import json

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.solver import Unmodelled, report, search, solve
from meeple.botc.solver.constraints import Narrowing
from tests.botc.solver.helpers import PUZZLES, load


def _worlds(text: str) -> int:
    return len(solve(notation.parse(text, "test.puzzle")).worlds)


def _seated(script: str, seats: dict[str, str], said: str) -> str:
    """A puzzle whose grimoire is fixed by each claim's may-be list; the first seat
    says `said`."""
    lines = [f"seats: {', '.join(seats)}", f"script: {script}"]
    for player, role in seats.items():
        lines.append(f"{player} claims {role}, may be {role}")
        if len(lines) == 3:
            lines.append(f"  {said}")
    return "\n".join(lines) + "\n"


SCRIPT = "imp, scarlet_woman, shugenja, empath, chef, recluse, saint"


@pytest.mark.parametrize(
    ("said", "worlds"), [("evil is anticlockwise", 1), ("evil is clockwise", 0)]
)
def test_the_shugenja_learns_the_side_of_the_closest_evil_player(said: str, worlds: int) -> None:
    seats = {"A": "shugenja", "B": "empath", "C": "chef", "D": "scarlet_woman", "E": "imp"}
    assert _worlds(_seated(SCRIPT, seats, said)) == worlds


@pytest.mark.parametrize("said", ["evil is anticlockwise", "evil is clockwise"])
def test_equidistant_evil_players_make_the_shugenjas_answer_arbitrary(said: str) -> None:
    seats = {"A": "shugenja", "B": "empath", "C": "imp", "D": "scarlet_woman", "E": "chef"}
    assert _worlds(_seated(SCRIPT, seats, said)) == 1


@pytest.mark.parametrize(("outsider", "worlds"), [("recluse", 1), ("saint", 0)])
def test_a_recluse_registering_evil_may_be_the_shugenjas_closest(
    outsider: str, worlds: int
) -> None:
    seats = {
        "A": "shugenja",
        "B": outsider,
        "C": "empath",
        "D": "chef",
        "E": "imp",
        "F": "scarlet_woman",
    }
    # clockwise: the Recluse (1 seat), registering evil, ties with F anticlockwise
    assert _worlds(_seated(SCRIPT, seats, "evil is clockwise")) == worlds


def _solved(text: str) -> set[tuple[str, ...]]:
    return {world.characters for world in solve(notation.parse(text, "test.puzzle")).worlds}


GODFATHER = """\
seats: A, B, C, D, E
script: imp, godfather, poisoner, chef, empath, investigator, butler, saint
setup: none
constraint: one player has role Imp
constraint: the role of A is one of Chef, Butler
constraint: the role of B is Empath
constraint: the role of C is not Saint
constraint: no player has role Investigator
constraint: #Minion.~type == 1
constraint: #Outsider.~type == 1
"""


def test_the_constraints_narrow_the_search_without_changing_its_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    narrowed = _solved(GODFATHER)
    assert narrowed
    assert all(roles[0] in ("chef", "butler") and roles[1] == "empath" for roles in narrowed)
    assert all("investigator" not in roles and roles[2] != "saint" for roles in narrowed)
    monkeypatch.setattr(search, "narrowing", lambda puzzle: Narrowing({}, frozenset(), {}))
    assert _solved(GODFATHER) == narrowed


def test_a_player_a_constraint_asks_about_may_be_poisoned_where_it_changes_nothing() -> None:
    asked = GODFATHER + "constraint: poisoned(A, night_1)\nconstraint: the role of A is Butler\n"
    assert all("poisoner" in roles for roles in _solved(asked))
    assert _solved(asked)


def test_a_godfather_after_an_outsiders_execution_kills() -> None:
    executed = GODFATHER + "constraint: the role of A is Butler\nday 1: execution of A\n"
    executed += "night 2: night death of B\n"
    executed += "C claims chef, may be godfather\nD claims empath, may be imp\n"
    assert solve(notation.parse(executed, "test.puzzle")).worlds  # g40/sweep models it


LEGION = "imp, scarlet_woman, legionary, chef, empath"


@pytest.mark.parametrize(("said", "worlds"), [(1, 1), (0, 0), (2, 0)])
def test_a_legionary_counts_the_evil_players_up_to_the_next_legionary(
    said: int, worlds: int
) -> None:
    seats = {"A": "legionary", "B": "imp", "C": "legionary", "D": "chef", "E": "scarlet_woman"}
    assert _worlds(_seated(LEGION, seats, str(said))) == worlds


def test_a_lone_legionary_learns_nothing_true() -> None:
    seats = {"A": "legionary", "B": "imp", "C": "empath", "D": "chef", "E": "scarlet_woman"}
    assert _worlds(_seated(LEGION, seats, "1")) == 0


PRODIGIES = """\
seats: A, B, C, D, E
script: imp, scarlet_woman, solar_prodigy, lunar_prodigy, chef
A claims prodigy, may be solar_prodigy or lunar_prodigy
  night 1: chose B, learned {learned}
B claims chef, may be imp
C claims chef, may be scarlet_woman
D claims chef, may be chef
E claims prodigy, may be solar_prodigy or lunar_prodigy
"""


@pytest.mark.parametrize(("learned", "prodigy"), [("C", "solarprodigy"), ("D", "lunarprodigy")])
def test_a_prodigy_is_solar_when_it_learned_a_player_alike(learned: str, prodigy: str) -> None:
    (world,) = _solved(PRODIGIES.format(learned=learned))
    assert world[0] == prodigy


GOLEM = "imp, scarlet_woman, boffin, golem, chef, empath, washerwoman, recluse"
GOLEM_SEATS = {
    "A": "golem",
    "B": "chef",
    "C": "empath",
    "D": "imp",
    "E": "scarlet_woman",
    "F": "washerwoman",
}


@pytest.mark.parametrize(("nominee", "worlds"), [("B", 1), ("D", 0)])
def test_the_golems_nominee_dies_unless_the_demon(nominee: str, worlds: int) -> None:
    text = _seated(GOLEM, GOLEM_SEATS, "") + f"day 1: nomination death of {nominee} by A\n"
    assert _worlds(text) == worlds


def test_a_nomination_death_by_another_is_not_a_virgins() -> None:
    seats = {**GOLEM_SEATS, "A": "recluse", "B": "virgin"}
    text = _seated(GOLEM + ", virgin", seats, "") + "day 1: nomination death of C by A\n"
    assert _worlds(text) == 0  # C nominated by A: a Virgin kills its nominator, not C


@pytest.mark.parametrize(("script", "worlds"), [(GOLEM, 1), (GOLEM.replace(", golem", ""), 0)])
def test_a_boffins_demon_has_a_good_ability_not_in_play(script: str, worlds: int) -> None:
    seats = {"A": "boffin", "B": "imp", "C": "chef", "D": "empath", "E": "washerwoman"}
    seats["F"] = "recluse"
    text = _seated(script, seats, "") + "day 1: nomination death of C by B\n"
    assert _worlds(text) == worlds  # the Imp with the Golem's ability


def test_a_kazali_with_the_standard_set_up_is_refused() -> None:
    seats = {"A": "chef", "B": "kazali", "C": "empath", "D": "poisoner", "E": "washerwoman"}
    text = _seated("kazali, poisoner, chef, empath, washerwoman", seats, "")
    text += "night 2: night death of A\n"
    with pytest.raises(Unmodelled, match="Kazali"):
        solve(notation.parse(text, "test.puzzle"))


CHANGE = """\
seats: A, B, C, D, E, F
script: imp, {minion}, chef, empath, artist, clockmaker, washerwoman, saint
A claims chef, may be chef
  night 1: 1
A claims artist on day 2
B claims empath, may be empath
C claims clockmaker, may be clockmaker
D claims saint, may be saint
E claims saint, may be {minion}
F claims saint, may be imp
night 2: night death of D
"""


@pytest.mark.parametrize(("minion", "worlds"), [("cerenovus", 1), ("pit_hag", 1), ("poisoner", 0)])
def test_a_good_players_changed_claim_is_a_change_or_madness(minion: str, worlds: int) -> None:
    assert _worlds(CHANGE.format(minion=minion)) == worlds


def test_a_pit_hag_makes_only_a_character_not_in_play() -> None:
    in_play = CHANGE.format(minion="pit_hag").replace(
        "C claims clockmaker, may be clockmaker", "C claims artist, may be artist"
    )
    assert _worlds(in_play) == 0


def test_a_changed_claim_is_checked_as_the_new_character() -> None:
    made = CHANGE.format(minion="pit_hag").replace(
        "A claims artist on day 2",
        "A claims artist on day 2\n  day 2: info the role of A is Imp",
    )
    assert _worlds(made) == 0  # an Artist (really one now) learns only what is true


BLOCKERS = "imp, scarlet_woman, exorcist, princess, chef, empath"


def _blocked(blocker: str, said: str, events: str) -> str:
    seats = {"A": blocker, "B": "chef", "C": "empath", "D": "scarlet_woman", "E": "imp"}
    return _seated(BLOCKERS, seats, said) + events


@pytest.mark.parametrize(("chosen", "worlds"), [("E", 0), ("C", 1)])
def test_an_exorcist_who_chose_the_demon_stops_its_kill(chosen: str, worlds: int) -> None:
    text = _blocked("exorcist", f"night 2: chose {chosen}", "night 2: night death of B\n")
    assert _worlds(text) == worlds


@pytest.mark.parametrize(("nominated", "worlds"), [("C", 0), ("D", 1)])
def test_a_princess_whose_nominee_was_executed_stops_the_kill(nominated: str, worlds: int) -> None:
    events = "day 1: execution of C\nnight 2: night death of B\n"
    assert _worlds(_blocked("princess", f"day 1: chose {nominated}", events)) == worlds


def test_a_princess_who_does_not_say_whom_she_nominated_is_refused() -> None:
    text = _blocked("princess", "", "day 1: execution of C\nnight 2: night death of B\n")
    with pytest.raises(Unmodelled, match="Princess"):
        solve(notation.parse(text, "test.puzzle"))


@pytest.mark.parametrize(("script", "worlds"), [(GOLEM, 1), (GOLEM.replace(", recluse", ""), 0)])
def test_a_boffins_recluse_gift_lets_the_demon_register_as_a_minion(
    script: str, worlds: int
) -> None:
    seats = {"A": "investigator", "B": "imp", "C": "empath", "D": "boffin", "E": "chef"}
    seats["F"] = "golem"
    text = _seated(script + ", investigator", seats, "one of B, C is the boffin")
    assert _worlds(text) == worlds  # the Imp (a Recluse's ability) shown as the Boffin


def test_a_world_says_whom_a_cerenovus_made_mad() -> None:
    answer = solve(load(PUZZLES / "puzzle-11.puzzle"))
    assert "night 2: Matthew is mad" in report.text(answer)
    (world,) = json.loads(report.to_json(answer))["worlds"]
    assert world["changes"] == [{"timing": "night_2", "player": "Matthew", "becomes": "mad"}]


def test_a_world_says_whom_a_pit_hag_changed() -> None:
    answer = solve(notation.parse(CHANGE.format(minion="pit_hag"), "test.puzzle"))
    assert "night 2: A becomes the artist" in report.text(answer)

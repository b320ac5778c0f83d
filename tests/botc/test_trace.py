"""Game traces (meeple.botc.trace, format `botc-trace`): reading, mechanics, the CLI."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import meeple
from meeple.botc import rules, trace
from meeple.botc.model import Grimoire, Life, ReminderToken, Seat
from meeple.errors import NotationError, RuleError
from tests.cli_helpers import meeple as run

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "botc" / "game.trace"
GRIMOIRE = "[Alice:poisoner Bob:washerwoman(drunk:is_the_drunk) Carol:chef Dave:virgin Eve:imp]"


def _replay(events: str) -> list[rules.State]:
    return list(rules.replay(trace.parse(f"{GRIMOIRE}\n{events}\n")))


def _broken(events: str) -> RuleError:
    text = f"{GRIMOIRE}\n{events}\n"
    with pytest.raises(RuleError) as caught:
        list(meeple.replay(text, format="botc-trace"))
    return caught.value


def test_the_example_reads_replays_and_is_canonical() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    record = trace.parse(text, "game.trace")
    assert trace.dump(record) == text
    states = list(rules.replay(record))
    assert len(states) == len(record.events) + 1
    last = states[-1].grimoire
    assert [seat.player for seat in last.seats if seat.life.dead] == ["Bob", "Carol", "Eve"]
    carol, fay = _seat(last, "Carol"), _seat(last, "Fay")
    assert carol.life is Life.VOTE_USED  # voted on day 2, as a ghost
    assert ReminderToken("poisoned", "poisoner") in fay.tokens
    assert ReminderToken("poisoned", "poisoner") not in carol.tokens


def test_events_change_the_grimoire_one_at_a_time() -> None:
    states = _replay(
        "<N1> Alice:poisoner!Carol(+poisoner:poisoned) <D1> st!Carol(-poisoner:poisoned)"
    )
    tokens = [len(_seat(state.grimoire, "Carol").tokens) for state in states]
    assert tokens == [0, 0, 1, 1, 0]
    assert [s.result_text for s in states][-1] == "day 1: 5 of 5 players alive"


@pytest.mark.parametrize(
    ("events", "column", "message"),
    [
        ("<N1> st!Bob(-monk:safe)", 6, "Bob has no monk:safe token to remove"),
        ("<N1> st!kills->Carol <D1> Carol!nominates->Dave", 27, "Carol is dead: the dead cannot"),
        ("<D1> Alice!nominates->Dave Bob!nominates->Dave", 28, "Dave has already been nominated"),
        ("<D1> Alice!nominates->Dave Alice!nominates->Eve", 28, "Alice has already nominated"),
        ("<D1> st!executes->Dave <E1> st!executes->Eve", 29, "Dave was executed today already"),
        (
            "<N1> st!kills->Bob <D1> Alice!nominates->Eve Bob!votes->Eve Carol!nominates->Dave"
            " Bob!votes->Dave",
            83,
            "Bob has spent their ghost vote",
        ),
        ("<N1> <D2>", 6, "<D2> cannot follow <N1>: night 1 is followed by <D1>"),
        ("<N1> Alice!nominates->Dave", 6, "nominations happen by day, not at night 1"),
        ("st!kills->Eve", 1, "comes before the first phase"),
        ("<N1> Alice:imp!Bob", 6, "Alice is the poisoner, not the imp"),
        ("<N1> st!kills->Zed", 6, "no player called Zed"),
        ("<D1> Alice!nominates->Dave:chef", 6, "Dave is the virgin, not the chef"),
        ("<N1> st!kills->Bob st!kills->Bob", 20, "Bob is already dead"),
        ("<D1> Alice!votes->Dave", 6, "no one is nominated"),
    ],
)
def test_broken_mechanics_are_rule_errors_at_the_event(
    events: str, column: int, message: str
) -> None:
    error = _broken(events)
    assert message in error.message
    assert (error.line, error.column) == (2, column)


def test_the_drunk_acts_as_the_townsfolk_it_is_shown() -> None:
    assert _replay("<N1> Bob:washerwoman!Carol(+washerwoman:townsfolk)")[-1].grimoire


@pytest.mark.parametrize(
    ("events", "column", "message"),
    [
        ("<N0>", 1, "is not an event: a phase is <SETUP>"),
        ("<N1> st!Bob(poisoned)", 6, "the storyteller writes st!Player(+role:token)"),
        ("<N1> Alice!nomnates->Dave", 6, "'Alice!nomnates->Dave' is not an event"),
        ("<N1> Alice:poisoner!Bob(+poisoner:poisoned)x", 44, "expected a space"),
    ],
)
def test_malformed_events_are_notation_errors_at_the_event(
    events: str, column: int, message: str
) -> None:
    with pytest.raises(NotationError) as caught:
        trace.parse(f"{GRIMOIRE}\n{events}\n", "t.trace")
    assert message in caught.value.message
    assert (caught.value.line, caught.value.column) == (2, column)


players = st.sampled_from(["Alice", "Bob", "Carol", "Dave", "Eve"])
tokens = st.builds(
    ReminderToken,
    st.sampled_from(["poisoned", "safe", "dead"]),
    st.sampled_from([None, "poisoner", "monk", "imp"]),
)
changes = st.lists(st.builds(trace.TokenChange, st.booleans(), tokens), min_size=1, max_size=3)
phases = st.builds(trace.Phase, st.sampled_from(["N", "D", "E"]), st.integers(1, 9)) | st.just(
    trace.Phase("SETUP")
)
events = st.one_of(
    st.builds(lambda p: trace.Event("phase", phase=p), phases),
    st.builds(
        lambda t, c: trace.Event("storyteller", target=t, changes=tuple(c)), players, changes
    ),
    st.builds(
        lambda a, t, r, c: trace.Event("ability", a, t, r, tuple(c)),
        players,
        players,
        st.sampled_from(["poisoner", "imp"]),
        st.lists(st.builds(trace.TokenChange, st.booleans(), tokens), max_size=2),
    ),
    st.builds(lambda a, t: trace.Event("nomination", a, t), players, players),
    st.builds(lambda a, t: trace.Event("nomination", a, t, "virgin"), players, players),
    st.builds(lambda a, t: trace.Event("vote", a, t), players, players),
    st.builds(lambda t: trace.Event("execution", target=t), players),
    st.builds(lambda t: trace.Event("death", target=t), players),
)
comments = st.lists(
    st.tuples(st.integers(0, 12), st.text("abc xyz.!", min_size=1, max_size=12).map(str.strip)),
    max_size=3,
)


@given(st.lists(events, max_size=12), comments)
def test_parse_inverts_dump(written: list[trace.Event], notes: list[tuple[int, str]]) -> None:
    notes = sorted((min(i, len(written)), c) for i, c in notes if c)
    record = trace.Trace(Grimoire((Seat("Alice", "imp"),)), tuple(written), tuple(notes))
    text = trace.dump(record)
    assert trace.parse(text) == record
    assert trace.dump(trace.parse(text)) == text


@pytest.mark.fuzz
@given(st.lists(events, max_size=20))
def test_any_sequence_of_events_replays_or_stops_with_a_rule_error(
    written: list[trace.Event],
) -> None:
    record = trace.Trace(trace.parse(GRIMOIRE + "\n").grimoire, tuple(written))
    with contextlib.suppress(RuleError):
        for _ in rules.replay(record):
            pass


def _outcome(written: list[trace.Event]) -> tuple[Grimoire, str | None] | str:
    """The last state's grimoire and winner, or the rule the replay stopped at."""
    record = trace.Trace(trace.parse(GRIMOIRE + "\n").grimoire, tuple(written))
    try:
        *_, last = rules.replay(record)
    except RuleError as problem:
        return str(problem.rule)
    return last.grimoire, last.winner


@given(st.lists(events, max_size=20))
@example([trace.Event("execution", target="Eve")])  # the Demon: the game ends there
def test_a_death_announced_after_its_event_changes_nothing(written: list[trace.Event]) -> None:
    # botc-sat's `st!executes->Bob, Bob!dies`: the `dies` belongs to the event before it.
    written = [trace.Event("phase", phase=trace.Phase("D", 1)), *written]
    announced = []
    for event in written:
        announced.append(event)
        if event.kind in ("execution", "death"):
            announced.append(trace.Event("dies", target=event.target))
    assert _outcome(announced) == _outcome(written)


# -- the command line -----------------------------------------------------------------------


def test_check_show_and_replay_a_trace() -> None:
    assert run(["check", str(EXAMPLE)]).code == 0
    shown = run(["show", str(EXAMPLE), "--step", "4"])
    assert shown.out.startswith("night 1: 7 of 7 players alive\n┌─ Grimoire (7 players)")
    lines = [json.loads(line) for line in run(["replay", "--json", str(EXAMPLE)]).out.splitlines()]
    assert lines[0]["move"] is None and lines[1]["move"] == "<SETUP>"
    assert lines[-1]["state"]["executed"] == "Eve" and lines[-1]["text"].startswith("day 2")
    too_far = run(["show", str(EXAMPLE), "--step", "99"])
    assert too_far.code == 2 and "the record has 18 events" in too_far.err


def test_check_reports_an_illegal_event_with_its_position(tmp_path: Path) -> None:
    broken = tmp_path / "broken.trace"
    broken.write_text(f"{GRIMOIRE}\n<N1>\n<D1> Alice!nominates->Dave Alice!nominates->Eve\n")
    result = run(["check", str(broken)])
    assert result.code == 1
    assert result.out.startswith(f"{broken}:3:28: error: Alice has already nominated today")


def _seat(grimoire: Grimoire, player: str) -> Seat:
    seat = grimoire.seat_of(player)
    assert seat is not None, player
    return seat


SCARLET = "[Alice:imp Ben:scarlet_woman Carol:chef Dave:monk Eve:empath Fay:butler]"


@pytest.mark.parametrize(
    ("wrong", "right"),
    [
        ("<N2> Ben:imp!Carol(+imp:dead)", "<N2> Ben:scarlet_woman!Carol(+imp:dead)"),
        ("<N2> <D2> Carol!nominates->Ben:imp", "<N2> <D2> Carol!nominates->Ben:scarlet_woman"),
    ],
)
def test_a_player_who_became_the_demon_is_written_with_their_own_role(
    tmp_path: Path, wrong: str, right: str
) -> None:
    record = tmp_path / "scarlet.trace"
    record.write_text(f"{SCARLET}\n<N1> <D1> st!executes->Alice {wrong}\n")
    done = run(["check", str(record)])
    assert done.code == 1
    assert "Ben is the scarlet_woman, not the imp: Ben has become the Demon" in done.out
    assert f"so write {right.split()[-1]}" in done.out
    record.write_text(f"{SCARLET}\n<N1> <D1> st!executes->Alice {right}\n")
    assert run(["check", str(record)]).code == 0


# Each a trace whose ending rests on a character's ability: the Scarlet Woman catching the
# Demon, the Saint's execution, the Evil Twin's twin executed.
ABILITY_ENDINGS = [
    f"{SCARLET}\n<D1> st!executes->Alice\n"
    "<N2> Ben:scarlet_woman!Carol(+imp:dead) st!kills->Carol\n",
    "[Alice:imp Ben:saint Carol:chef Dave:monk Eve:empath]\n<D1> st!executes->Ben\n",
    "[Alice:imp Ben:evil_twin Carol:chef(evil_twin:twin) Dave:monk Eve:empath]\n"
    "<D1> st!executes->Carol\n",
]


@pytest.mark.parametrize("written", ABILITY_ENDINGS)
def test_the_rules_read_either_spelling_of_a_character(tmp_path: Path, written: str) -> None:
    """A trace written with the Script Tool's ids (`scarletwoman`, `eviltwin`) ends as the
    same trace in the seed's spelling: the rules compare characters, not spellings."""
    official = written.replace("scarlet_woman", "scarletwoman").replace("evil_twin", "eviltwin")
    endings = []
    for name, text in (("seed", written), ("official", official)):
        record = tmp_path / f"{name}.trace"
        record.write_text(text)
        done = run(["replay", "--json", str(record)])
        assert done.code == 0, done.out
        last = json.loads(done.out.splitlines()[-1])
        endings.append((last["status"], last["winners"], last["text"]))
    assert endings[0] == endings[1]

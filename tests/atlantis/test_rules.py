"""The rules, hand-worked: movement, explosions, growth, stable areas, scores, tie-break."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import registry
from meeple.atlantis.ascii import field_text
from meeple.atlantis.generate import random_game
from meeple.atlantis.model import FieldRef, Move, Segment, Transcript
from meeple.atlantis.notation import dump, parse, parse_field_ref
from meeple.atlantis.rules import (
    DEAD,
    GROWING,
    OPEN,
    Board,
    Field,
    State,
    explode,
    finished,
    replay,
)
from meeple.errors import RuleError
from meeple.hexgrid import Hex, distance

GOLDEN = Path(__file__).parent / "golden"


def position(text: str) -> State:
    """The starting state of a (JSON5) transcript."""
    return State.initial(parse(text))


def picture(state: State) -> dict[str, str]:
    """Every field as `name: what lies on it` ('1A', '(2B)', 'xx', '.')."""
    return {str(FieldRef(h)): field_text(f) for h, f in sorted(state.fields.items())}


def hexes(*names: str) -> list[Hex]:
    return [ref.centre for ref in map(parse_field_ref, names) if ref is not None]


def move(text: str) -> Move:
    source, target = hexes(*text.split("-"))
    return Move(source, target)


RING = "segments: [['B2']]"
STRIP = "segments: [['a1', 'b1', 'c1'], ['d1', 'e1', 'f1'], ['a3', 'a4', 'a5']]"
ROW = ("a1", "b1", "c1", "d1", "e1", "f1")


def strip(al: str, bea: str = "") -> State:
    """A row of six fields a1-f1 in two segments; Al moves first, then Bea.

    Bea also has a growing field a4 between open a3 and a5, away from the row, so that
    the game is not over just because the row's stones are all one player's.
    """
    bea = f"{bea}, a4: -1" if bea else "a4: -1"
    players = f"[{{name: 'Al', stacks: {{{al}}}}}, {{name: 'Bea', stacks: {{{bea}}}}}]"
    return position(f"{{{STRIP}, players: {players}}}")


def row(state: State) -> dict[str, str]:
    """The row a1-f1 of a `strip` position."""
    every = picture(state)
    return {name: every[name] for name in ROW}


# -- movement ----------------------------------------------------------------------------


def test_k_stones_go_exactly_k_steps_and_may_leave_some_behind() -> None:
    state = strip("a1: 3", "")
    after = state.play(move("a1-c1"))
    assert picture(after)["a1"] == "1A"
    assert picture(after)["c1"] == "2A"
    assert move("a1-c1") in state.stone_moves()
    assert move("a1-d1") in state.stone_moves()
    assert move("a1-e1") not in state.stone_moves()
    with pytest.raises(RuleError, match="4 steps need 4 stones; a1 has 3"):
        state.play(move("a1-e1"))


def test_stones_that_moved_this_turn_stay_behind() -> None:
    state = strip("a1: 1, d1: 1", "")
    after = state.play(move("a1-b1")).play(move("d1-c1"))
    assert picture(after)["c1"] == "1A"
    assert after.movable(hexes("c1")[0]) == 0
    assert after.movable(hexes("b1")[0]) == 0
    assert after.stone_moves() == []
    with pytest.raises(RuleError, match="one move from each segment"):
        after.play(move("c1-d1"))


def test_arrived_stones_stay_but_the_others_on_that_field_may_move() -> None:
    after = strip("c1: 1, d1: 2", "f1: 1").play(move("c1-d1"))
    assert after.movable(hexes("d1")[0]) == 2
    with pytest.raises(RuleError, match="3 steps need 3 stones; d1 has 2"):
        after.play(move("d1-a1"))
    assert row(after.play(move("d1-b1")))["d1"] == "1A"


def test_one_move_from_each_segment_but_many_onto_one() -> None:
    state = strip("a1: 1, c1: 1, f1: 2", "")
    once = state.play(move("a1-b1"))
    with pytest.raises(RuleError, match="this segment has already moved"):
        once.play(move("c1-d1"))
    assert picture(once.play(move("f1-d1")))["d1"] == "2A"


def test_opponent_stones_on_the_way_are_removed_one_for_one() -> None:
    state = strip("a1: 4", "b1: 1, d1: 2")
    after = state.play(move("a1-e1"))
    assert row(after) == {"a1": ".", "b1": ".", "c1": ".", "d1": ".", "e1": "1A", "f1": "."}
    exact = strip("a1: 3", "b1: 1, d1: 2")
    cleared = exact.play(move("a1-d1"))
    assert picture(cleared)["d1"] == "." and picture(cleared)["b1"] == "."
    short = strip("a1: 2", "b1: 1, c1: 2")
    with pytest.raises(RuleError, match="2 moving stones cannot remove the 3 opponent stones"):
        short.play(move("a1-c1"))
    assert short.stone_moves() == [move("a1-b1")]


@pytest.mark.parametrize(
    ("al", "bea", "the_move", "rule"),
    [
        ("b1: -1", "", "a1-c1", "a1 holds no stones of Al"),
        ("a1: 2, b1: -1", "", "a1-c1", "the move crosses b1, which is growing"),
        ("a1: 2, c1: 0", "", "a1-c1", "the move crosses c1, which is dead"),
        ("a1: -2", "", "a1-c1", "a1 is growing: only stones on open fields move"),
        ("b1: 1", "a1: 2", "a1-c1", "a1 holds no stones of Al"),
        ("f1: 2", "", "f1-h1", "the move leaves the board at g1"),
        ("a1: 1", "", "x9-x10", "x9 is not a field of the board"),
    ],
)
def test_illegal_moves_name_their_rule(al: str, bea: str, the_move: str, rule: str) -> None:
    with pytest.raises(RuleError) as caught:
        strip(al, bea).play(move(the_move))
    assert caught.value.message == rule


# -- explosions and growth -------------------------------------------------------------------


def test_threshold_is_stones_equal_to_open_neighbours() -> None:
    # In the standard segment around b2 each outer field has three neighbours.
    state = position(f"{{{RING}, players: [{{stacks: {{a1: 3, c3: 2}}}}, {{stacks: {{b3: 1}}}}]}}")
    after = state.end_turn()
    assert picture(after) == {
        "a1": "(1A)",  # 3 stones, 3 open neighbours: explodes, then grows
        "a2": "1A",
        "b1": "1A",
        "b2": "1A",
        "b3": "1B",
        "c2": ".",
        "c3": "2A",  # 2 stones, 3 open neighbours: stays
    }


def test_a_chain_of_explosions_across_the_opponents_stones() -> None:
    # a1 (1 stone, 1 open neighbour) and d1 (2 stones, 2) explode; a1's stone makes b1 explode;
    # d1 and b1 between them take Bea's stone off c1 and leave one of Al's, with no open
    # neighbour left, so c1 explodes too. Bea's stack on e1 only shrinks: it is not her turn.
    after = strip("a1: 1, b1: 1, d1: 2", "c1: 1, e1: 2").end_turn()
    assert row(after) == {
        "a1": "(1A)",
        "b1": "(1A)",
        "c1": "(1A)",
        "d1": "(1A)",
        "e1": "1B",
        "f1": ".",
    }


def test_a_growing_field_explodes_into_a_dead_one() -> None:
    after = strip("a1: -1", "c1: 2").end_turn()
    # a1 (growing, 1 stone, 1 open neighbour) dies and gives b1 a stone; b1 then has one
    # open neighbour (dead a1 no longer counts), explodes, and takes one of Bea's from c1.
    assert row(after) == {"a1": "xx", "b1": "(1A)", "c1": "1B", "d1": ".", "e1": ".", "f1": "."}
    assert after.fields[hexes("a1")[0]] == Field(DEAD, 0, 0)


def test_growing_fields_below_the_threshold_just_grow() -> None:
    first = strip("b1: -1", "e1: -1").end_turn()
    assert picture(first)["b1"] == "(2A)" and picture(first)["e1"] == "(1B)"
    second = first.end_turn()
    assert picture(second)["e1"] == "(2B)"
    third = second.end_turn()
    # b1 (2 stones, 2 open neighbours) dies; a1 and c1 get a stone each and, with b1 no
    # longer open, explode in turn, c1 carrying on to d1; all three then grow.
    assert row(third) == {
        "a1": "(1A)",
        "b1": "xx",
        "c1": "(1A)",
        "d1": "(1A)",
        "e1": "(2B)",
        "f1": ".",
    }


def test_dead_and_growing_fields_receive_nothing() -> None:
    after = strip("a1: 0, b1: 2", "c1: -5").end_turn()
    # b1 has no open neighbour: both of its stones are lost; Bea's growing c1 is untouched.
    assert row(after) == {"a1": "xx", "b1": "(1A)", "c1": "(5B)", "d1": ".", "e1": ".", "f1": "."}


# -- the end, scores, ranking ---------------------------------------------------------------


def test_an_area_becomes_stable_and_the_game_ends() -> None:
    text = (
        f"{{{RING}, players: [{{name: 'Al', stacks: {{a1: -3}}}}, {{name: 'Bea', stacks: {{}}}}]}}"
    )
    start = position(text)
    assert not start.is_over
    assert [a.stable for a in start.areas()] == [False]
    after = start.end_turn()
    assert after.is_over
    (area,) = after.areas()
    assert area.stable and area.owner == 0 and len(area.fields) == 6
    assert after.scores == (6, 0)
    assert after.ranking == (0, 1)
    assert after.stone_moves() == []
    with pytest.raises(RuleError, match="the game is over"):
        after.play(move("b2-c3"))


def test_mixed_areas_are_not_stable_and_empty_stable_areas_score_nothing() -> None:
    mixed = position(f"{{{RING}, players: [{{stacks: {{a1: 1}}}}, {{stacks: {{c3: 1}}}}]}}")
    assert not mixed.is_over and mixed.scores == (0, 0)
    empty = position(
        "{segments: [['a1'], ['c3', 'c4']], players: [{stacks: {a1: 1}}, {stacks: {}}]}"
    )
    assert empty.is_over
    assert empty.scores == (1, 0)


def test_equal_scores_rank_in_reverse_order_of_moving() -> None:
    text = "{segments: [['a1'], ['c3'], ['e5', 'e6']],"
    text += " players: [{stacks: {a1: 1}}, {stacks: {c3: 1}}, {stacks: {}}]}"
    state = position(text)
    assert state.is_over and state.scores == (1, 1, 0)
    assert state.ranking == (1, 0, 2)
    three = position(
        "{segments: [['a1', 'a2'], ['c3', 'c4'], ['e6']],"
        " players: [{stacks: {a1: 1}}, {stacks: {c3: 1}}, {stacks: {e6: 1}}]}"
    )
    assert three.scores == (2, 2, 1) and three.ranking == (1, 0, 2)


# -- replaying transcripts ----------------------------------------------------------------------


def test_replay_yields_the_start_every_move_and_every_turn_end_skipping_chats() -> None:
    text = f"""{{{STRIP}, players: [{{stacks: {{a1: 1}}}}, {{stacks: {{e1: 1}}}}],
      events: [{{type: 'chat', message: 'hi'}}, {{type: 'turn', moves: [['a1', 'b1']]}},
               {{type: 'turn', moves: []}}, {{type: 'resign'}}]}}"""
    states = list(replay(parse(text)))
    assert [s.turns for s in states] == [0, 0, 1, 2]
    assert [str(m) for m in states[-1].history] == ["a1-b1", "end", "end"]
    assert row(states[2]) == {"a1": ".", "b1": "1A", "c1": ".", "d1": ".", "e1": "1B", "f1": "."}
    assert states[3].fields == states[2].fields


def test_an_illegal_move_in_a_transcript_names_turn_move_and_rule() -> None:
    path = GOLDEN / "seed-events-fixed.json5"
    text = path.read_text(encoding="utf-8")
    atlantis = registry.get("atlantis")
    document = atlantis.read(text, "seed.json5")
    with pytest.raises(RuleError) as caught:
        list(atlantis.replay(document))
    error = caught.value
    assert error.message == (
        "turn 1 (John), move 2 b2-c3: one move from each segment per turn:"
        " this segment has already moved"
    )
    assert (error.line, error.column) == (32, 33)
    assert text.splitlines()[31][32:].startswith("['b2','c3']")


def test_a_turn_after_the_end_is_refused() -> None:
    text = f"{{{RING}, players: [{{stacks: {{a1: -3}}}}, {{stacks: {{}}}}],"
    text += " events: [{type: 'turn', moves: []}, {type: 'turn', moves: []}]}"
    with pytest.raises(RuleError, match="turn 2: the game is over"):
        list(replay(parse(text)))


# -- properties over random positions ---------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> State:
    """A random position on a small board: fields in three states, stones of two players."""
    fields = draw(
        st.lists(st.builds(Hex, st.integers(1, 6), st.integers(1, 6)), min_size=1, unique=True)
    )
    segments = tuple(Segment((FieldRef(h),)) for h in fields)
    board = Board.of(Transcript(segments))
    content = {}
    for hex_ in fields:
        state = draw(st.sampled_from([OPEN, OPEN, OPEN, GROWING, DEAD]))
        owner = (
            draw(st.sampled_from([None, 0, 1])) if state == OPEN else draw(st.sampled_from([0, 1]))
        )
        stones = 0 if state == DEAD or owner is None else draw(st.integers(1, 7))
        content[hex_] = Field(state, owner, stones)
    return State(board, content, ("A", "B"), turns=draw(st.integers(0, 1)))


@given(positions(), st.randoms(use_true_random=False))
def test_explosion_order_does_not_matter(state: State, chance: random.Random) -> None:
    first_come = dict(state.fields)
    explode(first_come, state.board, state.seat)
    shuffled = dict(state.fields)
    explode(shuffled, state.board, state.seat, lambda ready: chance.randrange(len(ready)))
    assert shuffled == first_come
    # and the phase only stops once no field of the player qualifies
    for hex_, here in first_come.items():
        open_neighbours = sum(1 for n in state.board.adjacent[hex_] if first_come[n].state == OPEN)
        assert not (
            here.owner == state.seat
            and here.stones
            and here.state != DEAD
            and here.stones >= open_neighbours
        )


@given(positions(), st.lists(st.integers(0, 10**6), max_size=3))
def test_legal_moves_are_exactly_the_moves_apply_accepts(state: State, picks: list[int]) -> None:
    # Checked at the start of the turn and again after each of a few moves of the turn.
    for pick in [*picks, None]:
        listed = set(state.stone_moves())
        candidates = {
            Move(a, b) for a in state.fields for b in state.fields if 0 < distance(a, b) <= 9
        }
        assert listed == {m for m in candidates | listed if state.violation(m) is None}
        if pick is None or not listed:
            break
        stones = sum(f.stones for f in state.fields.values() if f.state == OPEN)
        state = state.play(sorted(listed)[pick % len(listed)])
        assert sum(f.stones for f in state.fields.values() if f.state == OPEN) <= stones


@given(positions())
def test_the_quick_end_test_agrees_with_the_areas(state: State) -> None:
    assert finished(state.fields, state.board) == all(a.stable for a in state.areas())


@pytest.mark.parametrize("seed", range(3))
def test_generated_games_replay_without_rule_errors(seed: int) -> None:
    game = random_game(segments=6, players=2 + seed, turns=40, seed=seed)
    states = list(replay(parse(dump(game))))
    moves = sum(len(turn.moves) for turn in game.turns)
    assert len(states) == moves + len(game.events) + 1
    ends = [s for s in states[1:] if str(s.history[-1]) == "end"]
    assert [s.turns for s in ends] == list(range(1, len(game.events) + 1))


def test_a_state_works_out_its_areas_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # replay --json of a 5,000-turn game took minutes: areas, scores and the ranking each
    # worked the areas out again for every state.
    from meeple.atlantis import rules

    calls = []
    real = rules.areas

    def counted(*a: Any) -> Any:
        calls.append(1)
        return real(*a)

    monkeypatch.setattr(rules, "areas", counted)
    state = State.initial(parse(f"{{{STRIP}, players: [{{stacks: {{a1: 2}}}}]}}"))
    registry.game("atlantis").state_json(state)
    state.scores, state.ranking, state.areas()
    assert len(calls) == 1

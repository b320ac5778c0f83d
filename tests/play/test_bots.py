"""Bots and tournaments over the engine protocol, for every game they can play."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from meeple import engine, flows, registry
from meeple.bots import GreedyBot, MctsBot, RandomBot, legal_choices, make
from meeple.bots.players import _Node
from meeple.bots.selfplay import play, seats_for, standings, tournament
from tests.cli_helpers import meeple

PLAYABLE = [fmt.name for fmt in registry.formats() if fmt.qgn_keyed and fmt.game.can("initial")]


def test_the_games_with_rules_can_be_started() -> None:
    assert {"flows", "raft", "atlantis"} <= set(PLAYABLE)


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_bot_plays_a_legal_game_to_its_end(game: str) -> None:
    fmt = registry.get(game)
    bots: list[Any] = [RandomBot(1), GreedyBot(2)]
    if game != "raft":  # an MCTS raft game judges every card placement: minutes
        bots.append(MctsBot(3, iterations=2))
    for bot in bots:
        start = fmt.game.initial(seed=5)
        final = play(start, [bot] * start.player_count, random.Random(9))
        assert final.is_over
        replayed = engine.play_all(start, final.history)
        assert replayed.status == final.status


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_finished_game_writes_a_record_that_checks(game: str, tmp_path: Path) -> None:
    fmt = registry.get(game)
    final = play(fmt.game.initial(seed=3), [RandomBot(4)] * 6, random.Random(4))
    assert isinstance(final, engine.Recording)
    path = tmp_path / f"game{fmt.extensions[0]}"
    path.write_text(fmt.dump(final.record()))
    run = meeple(["check", str(path)])
    assert run.code == 0, run.out
    assert meeple(["replay", "--json", str(path)]).out.count("\n") == len(final.history) + 1


def test_hidden_draws_are_dealt_from_the_bag() -> None:
    fmt = registry.get("flows")
    state = fmt.game.initial(seed=1)
    drawing = state
    assert isinstance(drawing, engine.Drawing)
    draws = drawing.draws()
    assert abs(sum(p for _, p in draws) - 1) < 1e-9
    drawn, moves = legal_choices(state, random.Random(2))
    assert drawn is not None and moves == drawing.legal_moves_after(drawn)
    assert all(state.move_group(move) == drawn for move in moves)


@pytest.mark.parametrize("game", ["flows", "atlantis"])
def test_bots_are_reproducible_from_their_seeds(game: str) -> None:
    fmt = registry.get(game)
    games = [
        play(
            fmt.game.initial(seed=1),
            [make("mcts", 7, iterations=6), make("random", 8)],
            random.Random(3),
        ).history
        for _ in range(2)
    ]
    assert games[0] == games[1]


def test_seats_rotate_between_games() -> None:
    assert [seats_for(["a", "b"], n, 2) for n in range(3)] == [("a", "b"), ("b", "a"), ("a", "b")]


def test_a_tournament_is_the_same_on_one_or_two_processes() -> None:
    one = list(tournament("flows", ["random", "greedy"], 4, seed=2, jobs=1))
    two = list(tournament("flows", ["random", "greedy"], 4, seed=2, jobs=2))
    assert one == two
    table = standings(one)
    assert sum(row.seats for row in table) == 8
    assert all(0 <= row.interval()[0] <= row.score <= row.interval()[1] <= 1 for row in table)


def test_selfplay_prints_the_table_and_writes_records_that_check(tmp_path: Path) -> None:
    run = meeple(
        [
            "selfplay",
            "flows",
            "--bots",
            "greedy,random",
            "--games",
            "3",
            "-j",
            "1",
            "-o",
            str(tmp_path / "games"),
        ]
    )
    assert run.code == 0, run.err
    assert "greedy" in run.out and "random" in run.out and "95% interval" in run.out
    written = sorted((tmp_path / "games").iterdir())
    assert len(written) == 3
    assert meeple(["check", str(tmp_path / "games")]).code == 0


def test_selfplay_refuses_unknown_bots_and_games() -> None:
    assert meeple(["selfplay", "flows", "--bots", "mcts,genius"]).code == 2
    run = meeple(["selfplay", "botc"])
    assert run.code == 2 and "cannot be played" in run.err


def test_atlantis_greedy_judges_a_move_after_the_turn_it_would_end() -> None:
    """A move's worth is what the turn brings once its explosions and growth are done:
    mid-turn, evaluate() is the evaluation of the turn ended there (it once ignored both,
    and greedy played no better than random)."""
    fmt = registry.get("atlantis")
    rng = random.Random(11)
    state = fmt.game.initial(seed=11)
    checked = 0
    while not state.is_over and checked < 40:
        moves = state.legal_moves()
        state = state.play(rng.choice(moves))
        if state.history and str(state.move_to_text(state.history[-1])) != "end":
            ended = state.play(state.move_from_text("end"))
            for player in range(1, state.player_count + 1):
                assert isinstance(state, engine.Evaluating)
                assert isinstance(ended, engine.Evaluating)
                assert state.evaluate(player) == ended.evaluate(player)
            checked += 1
    assert checked


PLAYS_PER_GAME = 20_000


@pytest.mark.parametrize("game", PLAYABLE)
def test_greedy_never_plays_a_losing_move_when_another_does_not_lose(game: str) -> None:
    """It once valued every move that ended the game, lost ones included, above any
    position (in Race to the Raft it laid the fire tile that cut a cat off)."""
    fmt = registry.get(game)
    rng = random.Random(5)
    checked = 0
    # A raft position has hundreds of card placements, each played and judged: two
    # games hold dozens of such choices already. Carcassonne's only ending moves are its
    # last tile's placements, which seldom change who wins (six games held no such
    # choice): one game of hundreds of placements a turn is followed, not six.
    for seed in range({"raft": 2, "carcassonne": 1}.get(game, 6)):
        state = fmt.game.initial(seed=seed)
        # Every move of every position is played: a game whose positions offer thousands
        # (stratego's set-up switches) is followed only so far.
        plays = 0
        while not state.is_over and plays < PLAYS_PER_GAME:
            _, moves = legal_choices(state, rng)
            plays += len(moves)
            player = state.to_move
            assert player is not None
            losing = {
                index
                for index, move in enumerate(moves)
                if (after := state.play(move)).is_over and engine.reward(after, player) == 0
            }
            if losing and len(losing) < len(moves):
                chosen = GreedyBot(seed).choose(state, moves)
                assert moves.index(chosen) not in losing
                checked += 1
            state = state.play(rng.choice(moves))
    assert checked or game != "raft"  # a raft game has such choices on every seed here


def test_atlantis_evaluation_counts_stones_land_and_the_tie_rule() -> None:
    """Greedy's Atlantis heuristic: stones (growing ones too) up to what the rival's
    stones call for, land by the share held, the later seat ahead when all is equal.

    Its earlier form saturated (a lead of a few stones was already worth 0.99, so the
    search could not tell a won position from one about to explode) and counted every
    stone: MCTS piled stones up until they blew up its own land and ended 0 to 0, which
    the tie rule gives the later seat."""
    from meeple.atlantis.generate import standard_board
    from meeple.atlantis.model import FieldRef, Player, Transcript
    from meeple.atlantis.rules import State

    board = standard_board(2)
    fields = sorted(hex_ for segment in board for ref in segment.refs for hex_ in ref.fields)

    def judged(mine: list[tuple[int, int]], theirs: list[tuple[int, int]]) -> float:
        def player(stacks: list[tuple[int, int]]) -> Player:
            return Player(tuple((FieldRef(fields[at]), count) for at, count in stacks))

        transcript = Transcript(segments=board, players=(player(mine), player(theirs)))
        state = State.initial(transcript)
        assert not state.is_over
        one, two = state.evaluate(1), state.evaluate(2)
        assert one + two == pytest.approx(1.0)
        return one

    assert 0.45 < judged([(0, 2)], [(13, 2)]) < 0.5  # equal: the later seat ranks first
    assert judged([(0, 3)], [(13, 2)]) > 0.5  # a stone more
    assert judged([(0, 2), (1, -3)], [(13, 2)]) > judged([(0, 2), (1, -1)], [(13, 2)])
    # past twice the rival's stones and four more, stones add nothing
    assert judged([(0, 10), (1, -1)], [(13, 2)]) == judged([(0, 10), (1, -5)], [(13, 2)])
    # far ahead, positions are still told apart (the judgement does not saturate)
    assert 0.5 < judged([(0, 8)], [(13, 2)]) < judged([(0, 8)], [(13, 1)]) < 0.95


def _winning_choice(game: str, seed: int) -> tuple[engine.AnyState, list[Any], set[Any]]:
    """A position from random play where some of the moves left win at once and some do
    not: (the position, the moves, the winning ones)."""
    fmt = registry.get(game)
    rng = random.Random(seed)
    state = fmt.game.initial(seed=seed)
    while True:
        if state.is_over:
            state = fmt.game.initial(seed=rng.randrange(1000))
        _, moves = legal_choices(state, rng)
        player = state.to_move
        assert player is not None
        winning = {
            move
            for move in moves
            if (after := state.play(move)).is_over and engine.reward(after, player) == 1
        }
        if winning and len(winning) < len(moves):
            return state, moves, winning
        state = state.play(rng.choice(moves))


@pytest.mark.parametrize("game", ["flows", "atlantis"])
def test_mcts_plays_a_move_that_wins_at_once(game: str) -> None:
    state, moves, winning = _winning_choice(game, seed=2)
    for seed in range(3):
        assert MctsBot(seed, iterations=8).choose(state, moves) in winning


@pytest.mark.parametrize("game", ["flows", "atlantis"])
def test_mcts_chooses_the_same_move_for_the_same_seed(game: str) -> None:
    fmt = registry.get(game)
    rng = random.Random(4)
    state = fmt.game.initial(seed=4)
    for _ in range(6):
        _, moves = legal_choices(state, rng)
        chosen = {MctsBot(9, iterations=12).choose(state, moves) for _ in range(3)}
        assert len(chosen) == 1
        state = state.play(chosen.pop())


@pytest.mark.parametrize("game", ["flows", "atlantis"])
def test_mcts_judges_a_new_position_by_the_best_judged_reply(game: str) -> None:
    # Random playouts (whole, then two moves long) made Flows and Atlantis MCTS slow and
    # little better than random: a position first reached is worth what its player's
    # best-judged move leaves, and its moves are ranked by that judgement.
    fmt = registry.get(game)
    state = fmt.game.initial(seed=5)
    bot = MctsBot(seed=3, rollout_epsilon=0.0)
    bot.choose(state, legal_choices(state, random.Random(1))[1])  # sets the game's kind
    node = _Node(state, bot._judged(state))
    moves = state.legal_moves()
    ranked = bot._expand(node, moves)
    player = state.to_move
    assert player is not None
    judged = [node.children[move].values[player - 1] for move in ranked]
    assert sorted(ranked, key=str) == sorted(moves, key=str)
    assert judged == sorted(judged, reverse=True)
    assert bot._rollout(node, ranked) == node.children[ranked[0]].values


def test_mcts_searches_on_from_the_tree_of_its_previous_move() -> None:
    fmt = registry.get("atlantis")
    state = fmt.game.initial(seed=6)
    bot = MctsBot(seed=1, iterations=30)
    moves = state.legal_moves()
    after = state.play(bot.choose(state, moves))
    kept = bot._reused(after)
    assert kept is not None and kept.visits > 0 and kept.state == after
    assert bot._reused(fmt.game.initial(seed=7)) is None


def _flows_middle(seed: int, plies: int) -> Any:
    """A Flows position `plies` random placements into a seeded game."""
    rng = random.Random(seed)
    state = flows.State.initial(player_count=2)
    for _ in range(plies):
        _, moves = legal_choices(state, rng)
        state = state.play(rng.choice(moves))
    return state


def test_flows_guesses_judge_a_placement_as_playing_it_would() -> None:
    # The lazy search ranks moves by these guesses: the tiles each flow needs are as
    # playing would leave them (a win is a win), only the extra ways forward of a flow
    # whose shortest chains miss the hex are not worked out again.
    for seed in range(4):
        state = _flows_middle(seed, 6 + seed)
        for draw, _ in state.draws():
            guessed = dict(state.guesses(draw))
            for move in state.legal_placements(int(draw[1:])):
                after = state.play(move)
                values = tuple(
                    engine.reward(after, p) if after.is_over else after.evaluate(p) for p in (1, 2)
                )
                assert guessed[move] == pytest.approx(values, abs=0 if after.is_over else 0.2)


def test_flows_mcts_plays_few_of_the_moves_it_could(monkeypatch: pytest.MonkeyPatch) -> None:
    # Work, not time: the search used to play and judge every placement of every position
    # it reached (5,334 a move); now only the moves it chooses, about one an iteration,
    # and it lists no position's legal placements (the route rule's costly part).
    state = _flows_middle(4, 8)
    _, moves = legal_choices(state, random.Random(2))
    counts = {"play": 0, "legal_placements": 0}
    for name in counts:
        original = getattr(flows.State, name)

        def counted(self: Any, *args: Any, _name: str = name, _original: Any = original) -> Any:
            counts[_name] += 1
            return _original(self, *args)

        monkeypatch.setattr(flows.State, name, counted)
    bot = MctsBot(seed=1)
    chosen = bot.choose(state, moves)
    plays, listed = counts["play"], counts["legal_placements"]
    assert plays <= 2 * bot.iterations < len(state.legal_moves()) // 2
    assert listed == 0
    after = state.play(chosen)
    kept = bot._reused(after)
    assert kept is not None and kept.visits > 0  # the tree is kept for the next move


def test_a_solo_tournament_is_worded_for_one_game_and_lists_every_bot() -> None:
    """`raft: 1 game` (not `1 games`), no `vs` in a solo game, and a row for the bot
    that had no game to play (dashes for its score)."""
    run = meeple(["selfplay", "raft", "--games", "1", "--bots", "random,greedy", "-j", "1"])
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == "raft: 1 game, solo: random, greedy taking turns, seed 0"
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:4]}
    assert rows["random"][0] == "1" and rows["greedy"] == ["0", "0", "0", "-", "-"]

"""The rules of stratego as quibbble plays them (games/stratego: board.go, state.go,
unit.go, builder.go, stratego.go).

The set-up (board.go `NewRandomBoard`), drawn from Go's `rand.New(rand.NewSource(seed))`:
the flags, then the bombs, the miners and the scouts are placed one unit at a time,
the first team's then the second's; each takes a row from its rank's weighted choice
(mroth/weightedrand v1.0.0: `Intn(total weight) + 1` searched among the running totals
of the weights sorted lightest first) and a column by `Intn(size)`, counted from the
team's back row, both drawn again while the square is taken. Every other unit then
fills the empty squares of its side row by row, column by column, in rank order.

Before the first move either team may switch its units within its side, in any
order (quibbble checks no turn for a switch); the first team moves first, and the turns
alternate. A unit moves one square straight; a scout may go further as quibbble's
`scoutCanMove` allows (see docs/formats/stratego.md: one row or column off the straight
line too); flags and bombs never move; no unit enters a lake. Moving onto an enemy
attacks it: the higher rank wins and takes the square, equal ranks both fall, any unit
takes the flag, a bomb stays and destroys its attacker unless a miner attacks it, and a
spy that attacks the marshal takes it. The game ends when a flag is taken (its attacker's
team wins) or when, after an attack, a team has no unit that can move (the other wins;
both: a draw). A team left without a move by a plain move is stuck: quibbble ends
nothing and no action can follow (`status` lost, no winners).
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Self, Unpack

from meeple.errors import RuleError
from meeple.gorand import GoRand
from meeple.quibbble import SEED_TAG, VARIANT_TAG, Bridge, DealtState, Turn, at_tag, distinct_teams
from meeple.quibbble.state import team_to_move
from meeple.registry import Registered
from meeple.stratego import notation, race
from meeple.stratego.model import (
    CLASSIC,
    RANKS,
    STEPS,
    VARIANTS,
    Action,
    Battle,
    Move,
    Record,
    Square,
    Switch,
    Unit,
    Variant,
    Weights,
    battle,
)

Board = tuple[Unit | None, ...]
"""The squares row by row (row 0 first): the unit on each, or None (lakes are None too;
the variant knows where they are)."""

POINTS = {
    "flag": 100, "bomb": 3, "spy": 1, "scout": 2, "miner": 3, "sergeant": 4,
    "lieutenant": 5, "captain": 6, "major": 7, "colonel": 8, "general": 9, "marshal": 10,
}  # fmt: skip
"""What quibbble's AI counts each unit worth (ai.go `points`)."""

RACE_WEIGHT = 0.5
"""The race to the flags' share of the evaluation (the units' points have the rest)."""


# The set-up.
def chooser(weights: Weights) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """weightedrand's `NewChooser`: the items sorted by weight, lightest first (Go's
    sort.Slice; the few items here sort as an insertion sort does, ties kept in order),
    and the running totals of their weights."""
    ordered = sorted(weights, key=lambda pair: pair[1])  # stable, as Go's insertion sort
    totals: list[int] = []
    running = 0
    for _, weight in ordered:
        running += weight
        totals.append(running)
    return tuple(item for item, _ in ordered), tuple(totals)


def pick(rng: GoRand, items: tuple[int, ...], totals: tuple[int, ...]) -> int:
    """weightedrand's `PickSource`: `Intn(total) + 1`, then the first running total at
    least that large (its `searchInts`, a binary search)."""
    drawn = rng.intn(totals[-1]) + 1
    return items[bisect.bisect_left(totals, drawn)]


def setup(seed: int, variant: Variant = CLASSIC) -> Board:
    """The units as quibbble sets them up for `seed` (board.go `NewRandomBoard`)."""
    rng = GoRand(seed)
    size = variant.size
    board: list[Unit | None] = [None] * (size * size)
    taken = set(variant.lakes)
    left = [list(variant.army), list(variant.army)]

    def place(weights: Weights, team: int, rank: str) -> None:
        items, totals = chooser(weights)
        while True:  # board.go `getRandomNotTaken`: both drawn again if taken
            row = pick(rng, items, totals)
            column = rng.intn(size)
            if team == 1:
                row = size - row - 1
            if (row, column) not in taken:
                break
        taken.add((row, column))
        board[row * size + column] = Unit(team, rank)
        left[team][RANKS.index(rank)] -= 1

    for rank, weights in (
        ("flag", variant.flag_rows),
        ("bomb", variant.bomb_rows),
        ("miner", variant.miner_rows),
        ("scout", variant.scout_rows),
    ):
        for _ in range(left[0][RANKS.index(rank)]):
            place(weights, 0, rank)
            place(weights, 1, rank)
    # The rest fill the empty squares of each side in order, weakest rank first.
    for team, rows in ((0, range(0, (size - 2) // 2)), (1, range(size // 2 + 1, size))):
        for row in rows:
            for column in range(size):
                if (row, column) in taken:
                    continue
                rank_index = next((i for i, n in enumerate(left[team]) if n > 0), None)
                if rank_index is None:
                    continue
                left[team][rank_index] -= 1
                board[row * size + column] = Unit(team, RANKS[rank_index])
    return tuple(board)


def active(board: Board, variant: Variant, team: int) -> bool:
    """Whether `team` has a unit that can move: a unit other than a flag or a bomb with
    an empty square or an enemy unit next to it (board.go `numActive` > 0)."""
    size = variant.size
    lakes = variant.lakes
    for index, unit in enumerate(board):
        if unit is None or unit.team != team or not unit.movable:
            continue
        row, column = divmod(index, size)
        for down, across in STEPS:
            to_row, to_column = row + down, column + across
            if not (0 <= to_row < size and 0 <= to_column < size) or (to_row, to_column) in lakes:
                continue
            target = board[to_row * size + to_column]
            if target is None or target.team != team:
                return True
    return False


class State(DealtState[Action]):
    """A stratego position (the engine protocol, meeple.engine). Everything is known:
    the record holds every unit, and so does the state (quibbble hides the enemy's
    ranks from a team's view only)."""

    game = Registered("stratego")
    why_stuck = "has no unit that can move"

    def __init__(
        self,
        teams: Sequence[str],
        seed: int,
        variant: Variant,
        board: Board,
        started: bool = False,
        battle: Battle | None = None,
        **turn: Unpack[Turn[Action]],
    ) -> None:
        super().__init__(teams, seed, **turn)
        self.variant = variant
        self.board = board
        self.started = started
        self.battle = battle
        """The last attack, if the last action was one (quibbble's `battle`)."""
        self._stuck = started and not self.winner_seats and not active(board, variant, self.seat)
        """Whether the team to move has no movable unit after a plain move (quibbble
        checks only after an attack, so the game neither ends nor goes on)."""

    @classmethod
    def initial(
        cls, teams: Sequence[str] = ("red", "blue"), seed: int = 0, variant: str = "classic"
    ) -> Self:
        """The units set up from `seed` as quibbble sets them up; the first team to move.
        The teams are two distinct names (quibbble keeps units by team name); RuleError
        otherwise."""
        board_variant = variant_named(variant)
        return cls(
            distinct_teams(teams, "stratego", 2, 2), seed, board_variant, setup(seed, board_variant)
        )

    def __hash__(self) -> int:
        return hash((self.teams, self.board, self.seat, self.history))

    @property
    def size(self) -> int:
        return self.variant.size

    def at(self, row: int, column: int) -> Unit | None:
        """The unit on (`row`, `column`), or None (an empty square or a lake)."""
        return self.board[row * self.variant.size + column]

    def is_lake(self, row: int, column: int) -> bool:
        return (row, column) in self.variant.lakes

    def on_board(self, row: int, column: int) -> bool:
        return 0 <= row < self.variant.size and 0 <= column < self.variant.size

    def record(self) -> Record:
        """The record of the actions so far, with its seed and variant."""
        return Record(self.tags(), self.history)

    def tags(self) -> dict[str, str]:
        return {**super().tags(), SEED_TAG: str(self.seed), VARIANT_TAG: self.variant.name}

    @property
    def stuck(self) -> bool:
        return self._stuck

    # How the game stands.
    @property
    def result_text(self) -> str:
        if not self.stuck and not self.winner_seats and not self.started:
            return f"arrange your units ({self.teams[self.seat]} moves first)"
        return super().result_text

    def waiting_for(self) -> str:
        return "must move a unit"

    @functools.cached_property
    def _flag_moves(self) -> tuple[int | None, int | None]:
        """Each team's `race.flag_moves`, counted once for both players' evaluations."""
        return (
            race.flag_moves(self.board, self.variant, 0),
            race.flag_moves(self.board, self.variant, 1),
        )

    def evaluate(self, player: int) -> float:
        """How the game stands for `player`, 0 to 1: half quibbble's AI score (ai.go:
        each unit's points) as a share, the player's points over both teams' (flags left
        out: both stand until the end), and half the race to the flags (`race.race_share`:
        whose units are nearer the enemy flag; docs/play.md says why). A finished game is
        1 won, 0 lost, a half drawn. A game not yet started is worth a little less to
        both: nothing is gained by rearranging for ever."""
        if self.is_over:
            if not self.winner_seats:
                return 0.0
            return 1.0 / len(self.winner_seats) if player in self.winners else 0.0
        points = [0, 0]
        for unit in self.board:
            if unit is not None and unit.rank != "flag":
                points[unit.team] += POINTS[unit.rank]
        total = points[0] + points[1]
        share = points[player - 1] / total if total else 0.5
        race_share = race.share(self._flag_moves[player - 1], self._flag_moves[2 - player])
        share = (1 - RACE_WEIGHT) * share + RACE_WEIGHT * race_share
        return share if self.started else share - 0.01

    # Moves.
    def legal_moves(self) -> list[Action]:
        """Every action the rules accept now: the team to move's moves (square by square
        row by row, each square's one-square steps in quibbble's order, then a scout's
        farther squares row by row), then before the first move every switch of the
        first team and of the second (unit square by square, the other square row by row)."""
        if self.is_over:
            return []
        moves: list[Action] = []
        size = self.variant.size
        for index, unit in enumerate(self.board):
            if unit is None or unit.team != self.seat or not unit.movable:
                continue
            row, column = divmod(index, size)
            steps = list(self._steps_of(row, column, unit))
            moves.extend(steps)
            if unit.rank == "scout":
                near = {m.end for m in steps}
                for to_row, to_column in self._scout_targets(row, column):
                    if (to_row, to_column) in near:
                        continue
                    move = Move(unit.team, row, column, to_row, to_column)
                    if self._move_problem(move) is None:
                        moves.append(move)
        if not self.started:
            for team in range(len(self.teams)):
                moves.extend(self._switches(team))
        return moves

    def choices(self) -> list[Action]:
        """The legal moves the team to move chooses among (meeple.engine.Choosing): all
        but the other team's switches, which are that team's to choose (a bot of the
        first team could otherwise set the second team's flag in its front row and
        take it)."""
        return [move for move in self.legal_moves() if move.team == self.seat]

    def _steps_of(self, row: int, column: int, unit: Unit) -> Iterator[Move]:
        size = self.variant.size
        for down, across in STEPS:
            to_row, to_column = row + down, column + across
            if not (0 <= to_row < size and 0 <= to_column < size):
                continue
            if (to_row, to_column) in self.variant.lakes:
                continue
            target = self.board[to_row * size + to_column]
            if target is None or target.team != unit.team:
                yield Move(unit.team, row, column, to_row, to_column)

    def _scout_targets(self, row: int, column: int) -> list[Square]:
        """Squares a scout may try beyond one step: in its row or column, or one row or
        column off them (quibbble's diagonal check lets those through), row by row."""
        size = self.variant.size
        return [
            (r, c)
            for r in range(size)
            for c in range(size)
            if (abs(r - row) <= 1 or abs(c - column) <= 1) and abs(r - row) + abs(c - column) > 1
        ]

    def _switches(self, team: int) -> Iterator[Switch]:
        size = self.variant.size
        side = self.variant.side(team)
        for index, unit in enumerate(self.board):
            if unit is None or unit.team != team:
                continue
            row, column = divmod(index, size)
            for with_row in side:
                for with_column in range(size):
                    yield Switch(team, row, column, with_row, with_column)

    def violation(self, move: Action) -> RuleError | None:
        if self.stuck:
            return RuleError(
                f"{self.teams[self.seat]} has no unit that can move, and quibbble neither"
                " ends the game nor passes: no action can follow",
                rule="stuck",
            )
        if isinstance(move, Switch):  # quibbble checks no turn for a switch
            return self.seat_violation(move) or self._switch_problem(move)
        return super().violation(move)

    def _violation(self, move: Action) -> RuleError | None:
        assert isinstance(move, Move)
        return self._move_problem(move)

    def _off_board(self, move: Action) -> RuleError | None:
        """The first detail that is off the board (state.go checks all four at once)."""
        squares = (*move.start, *move.end)
        for part, value in enumerate(squares):
            if not 0 <= value < self.variant.size:
                last = self.variant.size - 1
                return RuleError(
                    f"{value} is off the board (rows and columns 0 to {last})",
                    rule="bounds",
                    part=part,
                )
        return None

    def _switch_problem(self, move: Switch) -> RuleError | None:
        """state.go `Switch`, in its order."""
        team = self.teams[move.team]
        if self.started:
            return RuleError(
                "units are switched only before the first move, and the game has started",
                rule="started",
            )
        off = self._off_board(move)
        if off is not None:
            return off
        start, end = _name(move.start), _name(move.end)
        unit = self.at(move.row, move.column)
        if unit is None:
            what = "a lake" if self.is_lake(move.row, move.column) else "empty"
            return RuleError(f"no unit stands on {start} ({what})", rule="no-unit", part=0)
        side = self.variant.side(unit.team)
        if move.with_row not in side:
            owner = self.teams[unit.team]
            return RuleError(
                f"{end} is outside {owner}'s side (rows {side.start} to {side.stop - 1})",
                rule="side",
                part=2,
            )
        other = self.at(move.with_row, move.with_column)
        if unit.team != move.team or (other is not None and other.team != move.team):
            owner = self.teams[unit.team]
            return RuleError(f"{team} cannot switch {owner}'s units", rule="enemy-unit", part=0)
        return None

    def _move_problem(self, move: Move) -> RuleError | None:
        """state.go `Move` and unit.go `Attack`, in their order (turn and game over
        checked before)."""
        off = self._off_board(move)
        if off is not None:
            return off
        team = self.teams[move.team]
        start, end = _name(move.start), _name(move.end)
        unit = self.at(move.row, move.column)
        if unit is None:
            what = "a lake" if self.is_lake(move.row, move.column) else "empty"
            return RuleError(f"no unit stands on {start} ({what})", rule="no-unit", part=0)
        if unit.team != move.team:
            owner = self.teams[unit.team]
            return RuleError(f"the {unit.rank} on {start} is {owner}'s", rule="enemy-unit", part=0)
        if not unit.movable:
            return RuleError(f"a {unit.rank} never moves", rule="immovable", part=0)
        rows = abs(move.to_row - move.row)
        columns = abs(move.to_column - move.column)
        if unit.rank == "scout":
            if rows > 1 and columns > 1:
                return RuleError(
                    f"a scout cannot move diagonally from {start} to {end}",
                    rule="diagonal",
                    part=2,
                )
            if not self._scout_path_clear(move):
                return RuleError(
                    f"the scout's way from {start} to {end} crosses a lake or a unit",
                    rule="scout-path",
                    part=2,
                )
        elif rows + columns > 1:
            if rows and columns:
                return RuleError(
                    f"a {unit.rank} cannot move diagonally from {start} to {end}",
                    rule="diagonal",
                    part=2,
                )
            return RuleError(
                f"only a scout moves more than one square: the {unit.rank} on {start}"
                f" cannot reach {end}",
                rule="distance",
                part=2,
            )
        if self.is_lake(move.to_row, move.to_column):
            return RuleError(f"{end} is a lake: no unit enters it", rule="lake", part=2)
        target = self.at(move.to_row, move.to_column)
        if target is not None and target.team == move.team:
            return RuleError(f"{team}'s own {target.rank} stands on {end}", rule="own-unit", part=2)
        return None

    def _scout_path_clear(self, move: Move) -> bool:
        """state.go `scoutCanMove`: down the scout's column to the target row, then along
        its row to the target column; no lake or own unit on the way, nor an enemy unit
        but on the last square of each leg."""
        team = move.team
        for along_rows in (True, False):
            if along_rows:
                origin, goal = move.row, move.to_row
            else:
                origin, goal = move.column, move.to_column
            step = (goal > origin) - (goal < origin)
            if not step:
                continue
            at = origin + step
            while at != goal + step:
                row, column = (at, move.column) if along_rows else (move.row, at)
                if self.is_lake(row, column):
                    return False
                unit = self.at(row, column)
                if unit is not None and (unit.team == team or at != goal):
                    return False
                at += step
        return True

    def _after(self, move: Action) -> Self:
        board = list(self.board)
        size = self.variant.size
        start = move.row * size + move.column
        if isinstance(move, Switch):
            end = move.with_row * size + move.with_column
            board[start], board[end] = board[end], board[start]
            return self._next(move, tuple(board), False, None, self.seat, ())
        end = move.to_row * size + move.to_column
        unit = board[start]
        defender = board[end]
        assert unit is not None
        board[start] = None
        if defender is None:
            board[end] = unit
            return self._next(move, tuple(board), True, None, 1 - move.team, ())
        survivor = battle(unit, defender)
        board[end] = survivor
        after = tuple(board)
        fought = Battle(move, unit, defender, survivor)
        winners: tuple[int, ...] = ()
        if defender.rank == "flag":
            winners = (move.team,)
        else:
            mover_active = active(after, self.variant, move.team)
            enemy_active = active(after, self.variant, defender.team)
            if not mover_active and not enemy_active:
                winners = (0, 1)  # quibbble names no winner (""): a draw
            elif not enemy_active:
                winners = (move.team,)
            elif not mover_active:
                winners = (defender.team,)
        seat = move.team if winners else 1 - move.team
        return self._next(move, after, True, fought, seat, winners)

    def _next(
        self,
        move: Action,
        board: Board,
        started: bool,
        fought: Battle | None,
        seat: int,
        winners: tuple[int, ...],
    ) -> Self:
        return type(self)(
            self.teams,
            self.seed,
            self.variant,
            board,
            started,
            fought,
            seat=seat,
            winners=winners,
            history=(*self.history, move),
        )


def _name(square: Square) -> str:
    return f"({square[0]},{square[1]})"


def variant_named(name: str) -> Variant:
    """quibbble's variant of that name (exactly); RuleError `variant` otherwise."""
    found = VARIANTS.get(name)
    if found is None:
        known = ", ".join(VARIANTS)
        raise RuleError(f"stratego has no variant {name!r} (it has {known})", rule="variant")
    return found


def start_of(record: Record) -> State:
    """The set-up of a record's game: its `teams`, `seed` and `variant` tags (no
    variant: classic, as quibbble's builder). A record without a seed is refused:
    quibbble would set it up from the clock, so its units are unknown."""
    seed = record.dealt_seed(
        "a stratego record needs a seed tag: the units are set up from it"
        " (quibbble sets up from the clock without one, so no move can be checked)"
    )
    variant = record.variant
    try:
        return State.initial(record.teams, seed, CLASSIC.name if variant is None else variant)
    except RuleError as problem:
        if problem.rule == "variant":
            raise at_tag(problem, VARIANT_TAG) from None
        raise


BRIDGE = State.bridge = Bridge[Action, Record, State](
    "stratego", Record, notation.read_action, notation.write_action, start_of, notation.LETTERS
)

replay = BRIDGE.replay
"""Every state of a record's game, the start first; RuleError at an illegal action."""


def state_details(state: State) -> Mapping[str, Any]:
    """quibbble's snapshot details with every rank shown: the board as rows of units
    (`{"type", "team"}`, `{"type": "water"}` for a lake, null for an empty square), the
    last battle, whether the game has started, the variant, and who moves."""
    size = state.size
    board: list[list[dict[str, str] | None]] = []
    for row in range(size):
        cells: list[dict[str, str] | None] = []
        for column in range(size):
            unit = state.at(row, column)
            if unit is not None:
                cells.append({"type": unit.rank, "team": state.teams[unit.team]})
            elif state.is_lake(row, column):
                cells.append({"type": "water"})
            else:
                cells.append(None)
        board.append(cells)
    fought = state.battle
    battle_json = None
    if fought is not None:
        battle_json = {
            "move": str(fought.move),
            "attacking_unit": {
                "type": fought.attacker.rank,
                "team": state.teams[fought.attacker.team],
            },
            "attacked_unit": {
                "type": fought.defender.rank,
                "team": state.teams[fought.defender.team],
            },
            "winning_team": "" if fought.survivor is None else state.teams[fought.survivor.team],
        }
    return {
        "board": board,
        "battle": battle_json,
        "started": state.started,
        "variant": state.variant.name,
        "turn": team_to_move(state),
    }


def state_json(state: State) -> Mapping[str, Any]:
    """quibbble's snapshot details, every rank shown (`rules.state_details`)."""
    from meeple.stratego.rules import state_details

    return state_details(state)

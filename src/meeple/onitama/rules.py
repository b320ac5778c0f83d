"""The rules of onitama as quibbble plays them (games/onitama/onitama.go, state.go).

The deal: Go's `rand.New(rand.NewSource(seed))` draws `Intn(16)` into the card list
until five different cards are drawn; the first two go to the first team, the next two
to the second, the fifth is the spare. The first team always starts, on row 0; the
second starts on row 4; each master stands in column 2, on its team's temple.

A move takes one of the mover's pawns by a step of one of its two cards (the same
step for both teams: quibbble turns no card), onto an empty square or an enemy pawn,
which is captured. The card used becomes the spare and the old spare takes its place
in the mover's hand. A team wins by capturing the enemy master, or by moving any of
its pawns onto the enemy temple (column 2 of the enemy's first row). When the team
whose turn comes has no legal move, quibbble means to pass the turn back but hands it
to the same team again: the game is stuck, no action can follow, and no one wins
(`status` is `lost`, `result_text` says so).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Self, Unpack

from meeple.errors import RuleError
from meeple.gorand import GoRand
from meeple.onitama import notation
from meeple.onitama.model import (
    CARD_NAMES,
    CARDS,
    MASTER_COLUMN,
    SIZE,
    Deal,
    Kind,
    Move,
    Pawn,
    Record,
)
from meeple.quibbble import SEED_TAG, Bridge, DealtState, Turn, distinct_teams
from meeple.quibbble.bridge import from_seed
from meeple.quibbble.state import team_to_move
from meeple.registry import Registered

Board = tuple[Pawn | None, ...]
"""The 25 squares row by row (row 0 first): the pawn on each, or None."""

Hands = tuple[tuple[str, str], tuple[str, str]]
"""Each team's two cards, by seat, in the order quibbble keeps them."""


def deal(seed: int) -> Deal:
    """The cards quibbble deals for `seed` (onitama.go `NewOnitama`)."""
    rng = GoRand(seed)
    chosen: list[str] = []
    while len(chosen) < 5:
        card = CARD_NAMES[rng.intn(len(CARD_NAMES))]
        if card not in chosen:
            chosen.append(card)
    return Deal(((chosen[0], chosen[1]), (chosen[2], chosen[3])), chosen[4])


def starting_board() -> Board:
    """Each team's pawns on its first row, its master in the middle (row 0: the first)."""
    board: list[Pawn | None] = [None] * (SIZE * SIZE)
    for team, row in ((0, 0), (1, SIZE - 1)):
        for column in range(SIZE):
            kind: Kind = "master" if column == MASTER_COLUMN else "student"
            board[row * SIZE + column] = Pawn(team, kind)
    return tuple(board)


def temple(team: int) -> tuple[int, int]:
    """The square of a team's temple (where its master starts): row, column."""
    return (0 if team == 0 else SIZE - 1, MASTER_COLUMN)


def on_board(row: int, column: int) -> bool:
    return 0 <= row < SIZE and 0 <= column < SIZE


class State(DealtState[Move]):
    """An onitama position (the engine protocol, meeple.engine)."""

    game = Registered("onitama")

    def __init__(
        self,
        teams: Sequence[str],
        seed: int,
        board: Board,
        hands: Hands,
        spare: str,
        **turn: Unpack[Turn[Move]],
    ) -> None:
        super().__init__(teams, seed, **turn)
        self.board = board
        self.hands = hands
        self.spare = spare
        self._stuck = not self.winner_seats and next(self._moves(), None) is None

    @property
    def stuck(self) -> bool:
        """Whether the team to move has no legal move (quibbble then stops the game)."""
        return self._stuck

    @classmethod
    def initial(cls, teams: Sequence[str] = ("red", "blue"), seed: int = 0) -> Self:
        """The cards dealt from `seed` as quibbble deals them; the first team moves first.
        The teams are two distinct names (quibbble keys the hands by name); RuleError
        otherwise."""
        cards = deal(seed)
        return cls(
            distinct_teams(teams, "onitama", 2, 2), seed, starting_board(), cards.hands, cards.spare
        )

    def at(self, row: int, column: int) -> Pawn | None:
        """The pawn on (`row`, `column`), or None."""
        return self.board[row * SIZE + column]

    def record(self) -> Record:
        """The record of the moves made so far, with its seed (meeple.engine.Recording)."""
        return Record(self.tags(), self.history)

    def tags(self) -> dict[str, str]:
        return {**super().tags(), SEED_TAG: str(self.seed)}

    def waiting_for(self) -> str:
        return "must move a pawn"

    def evaluate(self, player: int) -> float:
        """From 0 to 1: nine tenths quibbble's AI score (ai.go: the player's pawns left
        and the enemy's taken), one tenth the race to the temples (how much nearer the
        enemy temple the player's nearest pawn stands than the enemy's nearest pawn to
        the player's, in king's steps: any pawn on the enemy temple wins); 1 won, 0
        lost or stuck."""
        if self.is_over:
            return 1.0 if player in self.winners else 0.0
        team = player - 1
        mine = sum(1 for pawn in self.board if pawn is not None and pawn.team == team)
        theirs = sum(1 for pawn in self.board if pawn is not None) - mine
        material = (mine + SIZE - theirs) / (2 * SIZE)
        race = self._temple_distance(1 - team) - self._temple_distance(team)
        return 0.9 * material + 0.1 * (0.5 + race / (2 * (SIZE - 1)))

    def _temple_distance(self, team: int) -> int:
        """King's steps from `team`'s nearest pawn to the enemy temple."""
        row, column = temple(1 - team)
        return min(
            max(abs(index // SIZE - row), abs(index % SIZE - column))
            for index, pawn in enumerate(self.board)
            if pawn is not None and pawn.team == team
        )

    # Moves.
    def legal_moves(self) -> list[Move]:
        """quibbble's order: by square row by row, then by card in hand, then by step."""
        return [] if self.is_over else list(self._moves())

    def _moves(self) -> Iterator[Move]:
        team = self.seat
        for index, pawn in enumerate(self.board):
            if pawn is None or pawn.team != team:
                continue
            row, column = divmod(index, SIZE)
            for card in self.hands[team]:
                for across, down in CARDS[card]:
                    end_row, end_column = row + down, column + across
                    if not on_board(end_row, end_column):
                        continue
                    target = self.at(end_row, end_column)
                    if target is None or target.team != team:
                        yield Move(team, row, column, end_row, end_column, card)

    def violation(self, move: Move) -> RuleError | None:
        if self.stuck:
            team = self.teams[self.seat]
            return RuleError(
                f"{team} has no legal move, and quibbble neither passes nor ends the game:"
                " no action can follow",
                rule="stuck",
            )
        return super().violation(move)

    def _violation(self, move: Move) -> RuleError | None:
        team = self.teams[move.team]
        hand = self.hands[move.team]
        if move.card not in hand:
            held = " and ".join(hand)
            return RuleError(
                f"{team}'s hand does not hold {move.card} (it holds {held})",
                rule="hand",
                part=notation.CARD_DETAIL,
            )
        start = f"({move.start_row},{move.start_column})"
        end = f"({move.end_row},{move.end_column})"
        if not on_board(move.start_row, move.start_column):
            part = 0 if not 0 <= move.start_row < SIZE else 1
            return _off_board(start, part)
        pawn = self.at(move.start_row, move.start_column)
        if pawn is None:
            return RuleError(f"no pawn stands on {start}", rule="no-pawn", part=0)
        if pawn.team != move.team:
            owner = self.teams[pawn.team]
            return RuleError(f"the pawn on {start} is {owner}'s", rule="enemy-pawn", part=0)
        if not on_board(move.end_row, move.end_column):
            part = 2 if not 0 <= move.end_row < SIZE else 3
            return _off_board(end, part)
        target = self.at(move.end_row, move.end_column)
        if target is not None and target.team == move.team:
            return RuleError(f"{team}'s own pawn stands on {end}", rule="own-pawn", part=2)
        if move.step not in CARDS[move.card]:
            return RuleError(f"{move.card} cannot take a pawn from {start} to {end}", rule="card")
        return None

    def _after(self, move: Move) -> Self:
        board = list(self.board)
        pawn = board[move.start_row * SIZE + move.start_column]
        captured = board[move.end_row * SIZE + move.end_column]
        board[move.start_row * SIZE + move.start_column] = None
        board[move.end_row * SIZE + move.end_column] = pawn
        hand = tuple(self.spare if card == move.card else card for card in self.hands[move.team])
        hands = list(self.hands)
        hands[move.team] = (hand[0], hand[1])
        enemy_temple = temple(1 - move.team)
        winners: tuple[int, ...] = ()
        if (captured is not None and captured.is_master) or (
            (move.end_row, move.end_column) == enemy_temple
        ):
            winners = (move.team,)
        seat = move.team if winners else (move.team + 1) % len(self.teams)
        return type(self)(
            self.teams,
            self.seed,
            tuple(board),
            (hands[0], hands[1]),
            move.card,
            seat=seat,
            winners=winners,
            history=(*self.history, move),
        )


def _off_board(square: str, part: int) -> RuleError:
    return RuleError(
        f"{square} is off the board (rows and columns 0 to 4)", rule="bounds", part=part
    )


start_of = from_seed(
    State.initial,
    "an onitama record needs a seed tag: the cards are dealt from it"
    " (quibbble deals from the clock without one, so no deal can be checked)",
)
"""The deal of a record's game: its `teams` and `seed` tags. A record without a seed
is refused: quibbble would deal it from the clock, so its cards are unknown."""


BRIDGE = State.bridge = Bridge[Move, Record, State](
    "onitama", Record, notation.read_action, notation.write_action, start_of, notation.MOVE
)

replay = BRIDGE.replay
"""Every state of a record's game, the start first; RuleError at an illegal move."""


def state_json(state: State) -> Mapping[str, Any]:
    """quibbble's snapshot details: the board as rows of pawns (`{"type", "team"}`, null
    for an empty square), each team's hand, the spare card, and who moves."""
    from meeple.onitama.model import SIZE

    board = [
        [
            None if (pawn := state.at(r, c)) is None
            else {"type": pawn.kind, "team": state.teams[pawn.team]}
            for c in range(SIZE)
        ]
        for r in range(SIZE)
    ]  # fmt: skip
    return {
        "board": board,
        "hands": {name: list(state.hands[seat]) for seat, name in enumerate(state.teams)},
        "spare": state.spare,
        "turn": team_to_move(state),
    }

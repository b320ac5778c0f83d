"""Text pictures of a Race to the Raft board, with cats and the raft marked.

Each square is three characters wide: ` g ` a green square, `(G)` a green cat,
`[g]` a raft square (only green cats end there), `[*]` a wild raft square,
`[@]` the raft's centre, ` # ` fire, blank no square. Rows and columns are
numbered as in the seed's coordinates. ANSI colour is added only when asked.
Pure functions: nothing here reads text or applies rules.
"""

from __future__ import annotations

from meeple.raft.model import FIRE, NO_SQUARE, RAFT_CENTRE, WILD, Board, Cards, Position, Record
from meeple.raft.notation import format_cards, format_exhausted_cats
from meeple.raft.rules import State, final, grid_of
from meeple.words import counted

_BACKGROUND = {
    "b": "44",
    "g": "42",
    "p": "45",
    "r": "41",
    "y": "43",
    "w": "47",
    "o": "47",
    "f": "40;31",
}
LEGEND = "( ) cat   [ ] raft   [*] wild raft square   [@] raft centre   # fire"


def _cell(letter: str, raft: bool) -> str:
    if letter == NO_SQUARE:
        return "   "
    if letter == FIRE:
        return " # "
    if letter == RAFT_CENTRE:
        return "[@]"
    shown = "*" if letter == WILD else letter
    if raft:
        return f"[{shown}]"
    return f"({shown})" if letter.isupper() else f" {shown} "


def render_board(board: Board, color: bool = False) -> str:
    """The board with numbered rows and columns."""
    grid = grid_of(board)
    header = "    " + "".join(f"{column:^3d}" for column in range(board.width))
    lines = [header.rstrip()]
    for row, squares in enumerate(board.rows):
        cells = []
        for column, letter in enumerate(squares):
            cell = _cell(letter, bool(grid.raft[grid.index(row, column)]))
            code = _BACKGROUND.get(letter.lower())
            if color and code:
                cell = f"\x1b[{code};1m{cell}\x1b[0m"
            cells.append(cell)
        lines.append((f"{row:>3d} " + "".join(cells)).rstrip())
    return "\n".join(lines)


def render_state(state: Position, color: bool = False) -> str:
    """The board, a legend, then the hand, decks, exhausted cats and fire bag."""
    exhausted = format_exhausted_cats(state.exhausted) or "none"
    piles = ", ".join(
        f"{deck}:{len(pile)}" for deck, pile in zip("ABCD", state.decks.piles, strict=True)
    )
    return "\n".join(
        [
            render_board(state.board, color),
            LEGEND,
            f"hand: {_hand(state.hand)}",
            f"decks: {counted(len(state.decks), 'card')} left ({piles})",
            f"exhausted cats: {exhausted}",
            f"fire bag: {state.bag} ({counted(len(state.bag), 'tile')})"
            if state.bag
            else "fire bag: empty",
        ]
    )


def _hand(hand: Cards) -> str:
    """The hand in notation and how many cards it holds, or `empty` (not `ABCD`, the
    notation's empty hand)."""
    return f"{format_cards(hand)} ({counted(len(hand), 'card')})" if len(hand) else "empty"


def render_game(game: State, color: bool = False) -> str:
    """A state of play: the state picture, the next step and the outcome."""
    next_step = {"draw": "draw six cards", "play": "play a card", "fire": "place the fire tile"}
    status = game.result_text if game.is_over else f"playing, next: {next_step[game.phase]}"
    return f"{render_state(game.position, color)}\nstatus: {status}"


def render(model: State | Record | Position | Board, color: bool = False) -> str:
    """An ASCII picture of a game, of a record's final position, of a five-part state or a
    board."""
    if isinstance(model, Record):
        model = final(model)
    if isinstance(model, State):
        return render_game(model, color)
    if isinstance(model, Position):
        return render_state(model, color)
    return render_board(model, color)

"""Onitama as text: the board with its row and column numbers as the QGN details number
them, each team's pawns (a capital letter for its master, small ones for its students),
the five cards with their steps, and a legend.

A team is drawn by the first letter of its name (`R`, `r` for red) when the two teams'
letters differ, else `A` and `B`. An empty temple square is `+`. A card is a 5x5 grid
oriented as the board is drawn: `o` is the pawn, `x` where the card takes it (quibbble
uses the same steps for both teams).
"""

from __future__ import annotations

from meeple import ansi
from meeple.onitama.model import CARDS, SIZE, Pawn
from meeple.onitama.rules import State, temple
from meeple.quibbble.legend import initials

CARD_WIDTH = 2 * SIZE - 1
GAP = "   "


def letters(teams: tuple[str, ...]) -> tuple[str, str]:
    """Each team's master letter: the first letter of its name, or A and B."""
    return initials(teams, str.upper, "AB")


def render(state: State, color: bool = False) -> str:
    """The board, the cards and the legend."""
    marks = letters(state.teams)

    def paint(text: str, team: int) -> str:
        return ansi.wrap(text, ansi.player_code(team + 1)) if color else text

    def symbol(row: int, column: int) -> str:
        pawn = state.at(row, column)
        if pawn is None:
            return "+" if (row, column) in (temple(0), temple(1)) else "."
        return paint(_pawn_letter(pawn, marks), pawn.team)

    lines = ["    " + "   ".join(str(c) for c in range(SIZE))]
    hand_rows = {0: 0, SIZE - 1: 1}
    for row in range(SIZE):
        line = f"{row}   " + "   ".join(symbol(row, c) for c in range(SIZE))
        seat = hand_rows.get(row)
        if seat is not None:
            hand = ", ".join(state.hands[seat])
            line += f"      {paint(state.teams[seat], seat)}: {hand}"
        elif row == SIZE // 2:
            line += f"      spare: {state.spare}"
        lines.append(line)
    lines.append("")
    lines.extend(_cards(state))
    legend = []
    for seat, name in enumerate(state.teams):
        row, column = temple(seat)
        master = marks[seat]
        legend.append(
            f"{paint(master, seat)} {paint(master.lower(), seat)} {name} (temple {row},{column})"
        )
    lines += ["", "   ".join(legend), state.result_text]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _pawn_letter(pawn: Pawn, marks: tuple[str, str]) -> str:
    letter = marks[pawn.team]
    return letter if pawn.is_master else letter.lower()


def _cards(state: State) -> list[str]:
    """The five cards side by side: each team's two, then the spare."""
    shown = [(card, seat) for seat in range(2) for card in state.hands[seat]]
    shown.append((state.spare, -1))
    heads = []
    for card, seat in shown:
        owner = "spare" if seat < 0 else state.teams[seat]
        heads.append(f"{card} ({owner})"[: CARD_WIDTH + 6].ljust(CARD_WIDTH + 6))
    grids = [card_grid(card) for card, _ in shown]
    rows = [GAP.join(heads)]
    for line in range(SIZE):
        rows.append(GAP.join(grid[line].ljust(CARD_WIDTH + 6) for grid in grids))
    return rows


def card_grid(card: str) -> list[str]:
    """A card's steps as five lines: `o` the pawn in the middle, `x` where it may go."""
    centre = SIZE // 2
    cells = [["."] * SIZE for _ in range(SIZE)]
    cells[centre][centre] = "o"
    for across, down in CARDS[card]:
        cells[centre + down][centre + across] = "x"
    return [" ".join(row) for row in cells]

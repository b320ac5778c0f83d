"""Stratego as text: the board with its row and column numbers as the QGN details number
them, each unit as its team's letter and its rank, the lakes, the last battle, and a
legend.

Every rank is shown, the enemy's too: a record holds them all (quibbble hides them only
in a team's own view while playing). A team is drawn by the first letter of its name in
small (`r` for red) when the two teams' letters differ, else `a` and `b`; a rank as the
boxed game numbers it (`r7` a red major, `b10` the blue marshal), F the flag, B a bomb,
S the spy. A lake is `~~`, an empty square `.`.
"""

from __future__ import annotations

from meeple import ansi
from meeple.quibbble.legend import initials
from meeple.stratego.model import RANKS, SYMBOLS, Battle
from meeple.stratego.rules import State

CELL = 4


def letters(teams: tuple[str, ...]) -> tuple[str, str]:
    """Each team's letter: the first letter of its name in small, or a and b."""
    return initials(teams, str.lower, "ab")


def render(state: State, color: bool = False) -> str:
    """The board, the last battle, the legend and how the game stands."""
    marks = letters(state.teams)
    size = state.size

    def cell(row: int, column: int) -> str:
        unit = state.at(row, column)
        if unit is None:
            text = "~~" if state.is_lake(row, column) else "."
            return text.rjust(CELL)
        text = (marks[unit.team] + unit.symbol).rjust(CELL)
        return ansi.wrap(text, ansi.player_code(unit.team + 1)) if color else text

    lines = ["   " + "".join(str(c).rjust(CELL) for c in range(size))]
    for row in range(size):
        lines.append(f"{row:>3}" + "".join(cell(row, column) for column in range(size)))
    lines.append("")
    if state.battle is not None:
        lines.append(battle_text(state, state.battle))
    teams = ", ".join(f"{marks[seat]} {name}" for seat, name in enumerate(state.teams))
    ranks = ", ".join(f"{SYMBOLS[rank]} {rank}" for rank in RANKS)
    lines.append(f"{teams}; ~~ lake; every rank shown")
    lines.append(ranks)
    lines.append(f"{state.variant.name} (seed {state.seed}): {state.result_text}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def battle_text(state: State, fought: Battle) -> str:
    """The last attack in words: `red's major (3,1) attacked blue's scout (4,1): the
    major won`."""
    attacker, defender = fought.attacker, fought.defender
    move = fought.move
    head = (
        f"{state.teams[attacker.team]}'s {attacker.rank} ({move.row},{move.column}) attacked"
        f" {state.teams[defender.team]}'s {defender.rank} ({move.to_row},{move.to_column})"
    )
    if fought.survivor is None:
        return f"{head}: both fell"
    return f"{head}: the {fought.survivor.rank} won"

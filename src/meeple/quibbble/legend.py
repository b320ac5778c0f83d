"""How a quibbble game's ASCII picture tells its teams apart: a letter each, taken from
the teams' names (Onitama, Stratego), or a symbol each, named in a legend under the
board (tic-tac-toe, Connect Four). Text only: each game's `ascii` module draws."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from meeple import ansi
from meeple.quibbble.state import TeamsState


def initials(teams: Sequence[str], case: Callable[[str], str], spare: str) -> tuple[str, str]:
    """Each of two teams' letters: the first letter of its name in `case` (`str.upper`)
    when both are single ASCII letters and differ (`ß` upper-cased is `SS`, two), else the
    two letters of `spare`."""
    first = tuple(case(name.strip()[:1]) for name in teams)
    letters = all(len(c) == 1 and c.isascii() and c.isalpha() for c in first)
    if len(first) == 2 and letters and len(set(first)) == 2:
        return first[0], first[1]
    return spare[0], spare[1]


def with_legend(
    board: Sequence[str],
    state: TeamsState[Any],
    symbols: Sequence[str],
    symbol: re.Pattern[str],
    color: bool,
) -> str:
    """The `board`'s lines, a blank line, each team's symbol (`symbols`, by seat) and
    name, and how the game stands; with `color`, each match of `symbol` on the board
    painted in its team's colour."""
    legend = "   ".join(f"{symbols[seat]} {name}" for seat, name in enumerate(state.teams))
    text = "\n".join([*board, "", legend, state.result_text]) + "\n"
    if not color:
        return text
    drawn, _, rest = text.partition("\n\n")
    painted = ansi.paint(drawn, symbol, lambda m: ansi.player_code(symbols.index(m[0]) + 1))
    return f"{painted}\n\n{rest}"

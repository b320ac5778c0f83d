"""Tsuro as text: the board numbered as the QGN details number it, each square with its
tile (its paths, as QGN writes them) and the tokens on it, then a legend.

A token is written `{team}@{notch}` (the team's QGN index, the notch it stands on), or
`{team}x{notch}` once the team is out. The legend gives each team's token, its hand
and whether it is out; then the deck, the dragon and the result.
"""

from __future__ import annotations

import re

from meeple import ansi
from meeple.tsuro.model import SIZE
from meeple.tsuro.rules import State
from meeple.words import counted

WIDTH = 10
_TOKEN = re.compile(r"\b(\d)[@x][A-H]\b")


def render(state: State, color: bool = False) -> str:
    """The board and the legend; team markers in their colours with `color`."""
    rule = "    " + "+".join(["-" * WIDTH] * SIZE).join("++")
    lines = ["    " + "".join(f"{column:^{WIDTH + 1}}" for column in range(SIZE)), rule]
    for row in range(SIZE):
        tiles, tokens = [], []
        for column in range(SIZE):
            laid = state.at(row, column)
            tiles.append(f"{laid.paths if laid else '.':^{WIDTH}}")
            tokens.append(f"{_tokens(state, row, column):^{WIDTH}}")
        lines.append(f"{row:>2}  |" + "|".join(tiles) + "|")
        lines.append("    |" + "|".join(tokens) + "|")
        lines.append(rule)
    legend = [_team_line(state, team) for team in range(len(state.teams))]
    left = f"deck: {counted(len(state.deck), 'tile')}"
    if state.dragon is not None:
        left += f"; the dragon: {state.teams[state.dragon]} (draws first)"
    text = "\n".join([*lines, "", *legend, left, state.result_text]) + "\n"
    if not color:
        return text
    return ansi.paint(text, _TOKEN, lambda m: ansi.player_code(int(m[1]) + 1))


def _tokens(state: State, row: int, column: int) -> str:
    return " ".join(
        f"{team}{'@' if state.alive[team] else 'x'}{token.notch}"
        for team, token in enumerate(state.tokens)
        if (token.row, token.column) == (row, column)
    )


def _team_line(state: State, team: int) -> str:
    token = state.tokens[team]
    marker = f"{team}{'@' if state.alive[team] else 'x'}{token.notch}"
    where = f"({token.row},{token.column}) notch {token.notch}"
    if not state.alive[team]:
        return f"{marker} {state.teams[team]}: out at {where}"
    hand = " ".join(state.hands[team]) or "no tiles"
    return f"{marker} {state.teams[team]}: token at {where}; hand {hand}"

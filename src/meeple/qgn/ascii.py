"""ASCII pictures of QGN records of games meeple does not know: the tags, then the actions.

A QGN record of a game meeple knows is drawn as that game (meeple.records plays it
through the game's rules); this module draws the rest as a list a person can read:
one line per tag, then the actions numbered, each with its team's name (`svg.py`
draws the same as an SVG picture). Pure functions to text; no I/O. Standard library only.
"""

from __future__ import annotations

from meeple import ansi
from meeple.qgn.model import Action, Games, Snapshot
from meeple.qgn.notation import format_action


def team_name(snapshot: Snapshot, action: Action) -> str:
    """The name of the team that made `action` (`team N` past the listed teams)."""
    teams = snapshot.teams
    return teams[action.team] if action.team < len(teams) else f"team {action.team}"


def render(record: Snapshot | Games, color: bool = False) -> str:
    """The record as text: its tags, then its actions numbered, with team names (`color`:
    tags dimmed, each team in a colour of its own, in ANSI)."""

    def paint(text: str, code: str) -> str:
        return ansi.wrap(text, code) if color else text

    out = []
    for snapshot in record if isinstance(record, Games) else (record,):
        out.append(f"{snapshot.key or 'untitled'} ({', '.join(snapshot.teams) or 'no teams'})")
        out += [paint(f"  [{name} {value!r}]", ansi.DIM) for name, value in snapshot.tags.items()]
        for number, action in enumerate(snapshot.actions, 1):
            team = paint(team_name(snapshot, action), ansi.player_code(action.team + 1))
            out.append(f"  {number:>4}. {format_action(action):<24} {team}")
    return "\n".join(out)

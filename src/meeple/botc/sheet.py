"""A script's sheets for the storyteller: its characters team by team, and the night
order of the first night or of the other nights (dusk, minion info, demon info and
dawn included), as text or as JSON-ready values. Pure functions of a `ScriptFile`.
"""

from __future__ import annotations

from typing import Any

from meeple.botc.characters import NIGHT_MARKERS, TEAMS, Character, night_order, official
from meeple.botc.scriptfile import ScriptFile

MARKER_NAMES = {"dusk": "Dusk", "minioninfo": "Minion info", "demoninfo": "Demon info"}
MARKER_NAMES["dawn"] = "Dawn"
INFO_PLAYERS = 7
"""Games of fewer players have no minion info or demon info on the first night."""


def character_rows(script: ScriptFile) -> list[dict[str, Any]]:
    """The script's characters as JSON-ready facts, team by team, in script order."""
    characters = list(script.characters().values())
    characters.sort(key=lambda c: TEAMS.index(c.team) if c.team in TEAMS else len(TEAMS))
    return [_row(c) for c in characters]


def _row(c: Character) -> dict[str, Any]:
    return {
        "id": c.id,
        "name": c.name,
        "team": c.team,
        "edition": c.edition,
        "official": c.official,
        "reminders": list(c.reminders),
        "remindersGlobal": list(c.reminders_global),
        "tokens": list(c.tokens),
        "setup": c.setup,
        "firstNight": c.first_night,
        "otherNight": c.other_night,
    }


def character_list(script: ScriptFile) -> str:
    """One line a character: id, name, edition (or homebrew), reminder tokens; by team."""
    rows = character_rows(script)
    title = script.name or "script"
    lines = [f"{title}: {len(rows)} characters"]
    width = max((len(row["id"]) for row in rows), default=0)
    named = max((len(row["name"]) for row in rows), default=0)
    for team in (*TEAMS, ""):
        members = [row for row in rows if (row["team"] if row["team"] in TEAMS else "") == team]
        if not members:
            continue
        lines.append(f"{team or 'no team'} ({len(members)})")
        for row in members:
            edition = row["edition"] if row["official"] else "homebrew"
            tokens = " ".join(row["tokens"])
            line = f"  {row['id']:<{width}}  {row['name']:<{named}}  {edition:<8}  {tokens}"
            lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def night(script: ScriptFile, first: bool = True, players: int | None = None) -> list[str]:
    """The ids that act, in order, markers included: the script's own order from its
    `_meta` when it gives one, else the official order with homebrew characters placed
    by their night numbers."""
    key = "firstNight" if first else "otherNight"
    characters = script.characters()
    custom = script.meta.get(key)
    if isinstance(custom, list) and all(isinstance(name, str) for name in custom):
        # A name that is no character of the script is left out (and warned about).
        order = [name for name in custom if name in NIGHT_MARKERS or script.knows(name)]
    else:
        order = _official_order(key, characters)
    if players is not None and players < INFO_PLAYERS:
        order = [name for name in order if name not in ("minioninfo", "demoninfo")]
    return order


def _official_order(key: str, characters: dict[str, Character]) -> list[str]:
    sheet = night_order(key)
    placed: list[tuple[float, int, str]] = []
    for position, name in enumerate(sheet, 1):
        if name in NIGHT_MARKERS or name in characters:
            placed.append((position, 0, name))
    for name, c in characters.items():
        number = c.first_night if key == "firstNight" else c.other_night
        if not c.official and number > 0:
            placed.append((number, 1, name))
    return [name for _, _, name in sorted(placed)]


def night_sheet(script: ScriptFile, first: bool = True, players: int | None = None) -> str:
    """The night order as numbered lines: `1. Dusk`, `4. Poisoner (poisoner)`."""
    order = night(script, first, players)
    characters = script.characters()
    known = official()
    title = "First night" if first else "Other nights"
    lines = [f"{title}: {script.name or 'script'}"]
    width = len(str(len(order)))
    for number, name in enumerate(order, 1):
        if name in MARKER_NAMES:
            label = MARKER_NAMES[name]
        else:
            c = characters.get(name) or known.get(name)
            label = f"{c.name} ({name})" if c is not None else name
        lines.append(f"{number:>{width}}. {label}")
    return "\n".join(lines) + "\n"

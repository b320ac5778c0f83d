"""SVG pictures of QGN records of games meeple does not know: the tags, then the actions.

A QGN record of a game meeple knows is drawn as that game (meeple.records plays it
through the game's rules); this module draws the rest as a list a person can read:
one row per tag, then the actions in rows, each labelled with its number. Pure
functions to text; no I/O. Standard library only.
"""

from __future__ import annotations

from meeple.pictures import xml_text
from meeple.qgn.model import Games, Snapshot
from meeple.qgn.notation import format_action
from meeple.words import counted

LINE = 20  # px per row
CHAR = 8.4  # px per character of the monospace font, roughly
ACTIONS_PER_ROW = 6
MAX_ROWS = 400  # a longer record is cut, saying how many actions are not shown


def lines(snapshot: Snapshot) -> list[tuple[str, str]]:
    """(kind, text) rows: a title, the tags, then the actions grouped into rows."""
    rows = [("title", f"QGN record: {snapshot.key or 'untitled'}")]
    rows += [("tag", f"{name}: {value}") for name, value in snapshot.tags.items()]
    total = len(snapshot.actions)
    shown = snapshot.actions[: MAX_ROWS * ACTIONS_PER_ROW]  # all the rows can hold, no more
    for start in range(0, total, ACTIONS_PER_ROW):
        if len(rows) >= MAX_ROWS:
            rows.append(("note", f"... {counted(total - start, 'more action')}"))
            break
        chunk = shown[start : start + ACTIONS_PER_ROW]
        words = [f"{start + i + 1}. {format_action(a)}" for i, a in enumerate(chunk)]
        rows.append(("actions", "   ".join(words)))
    return rows


def render(record: Snapshot | Games) -> str:
    """The record (the first game of a file of several) as an SVG list of tags and actions."""
    snapshot = next(iter(record)) if isinstance(record, Games) else record
    rows = lines(snapshot)
    width = max(320, int(max(len(text) for _, text in rows) * CHAR) + 32)
    height = LINE * len(rows) + 24
    title = xml_text(f"QGN record of {snapshot.key or 'an untitled game'}")
    count = len(snapshot.actions)
    desc = xml_text(
        f"{counted(len(snapshot.tags), 'tag')} and {counted(count, 'action')}, listed in order"
    )
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
        f' viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        ' font-family="monospace" font-size="14">',
        f"<title>{title}</title>",
        f"<desc>{desc}</desc>",
        f'<rect width="{width}" height="{height}" fill="#fbfaf7" stroke="#c8c2b4"/>',
    ]
    colours = {"title": "#222", "tag": "#5a4a2a", "actions": "#1f3b57", "note": "#777"}
    for row, (kind, text) in enumerate(rows):
        weight = ' font-weight="bold"' if kind == "title" else ""
        y = 24 + row * LINE
        parts.append(
            f'<text x="16" y="{y}" fill="{colours[kind]}"{weight}'
            f' xml:space="preserve">{xml_text(text)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"

"""The functions behind the registry entry for Atlantis transcripts (`meeple.atlantis.format`).

Reading and writing are `notation`, playing is `rules`, drawing is `ascii`, QGN
is `qgn`; this module only adapts them to the hooks of `meeple.registry.Format`
and defines the `replay --json` state (docs/formats/atlantis.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from meeple import registry
from meeple.atlantis import notation
from meeple.atlantis.model import FORMAT_NAME, Extras, JSONValue, Transcript, field_name
from meeple.atlantis.notation import (
    ENGINE_FORMAT_NAME,
    READ_KEYS,
    parse_field_ref,
)
from meeple.atlantis.rules import State, replay
from meeple.errors import Finding, Location, RuleError
from meeple.jsontext import Path, Paths, locate
from meeple.registry import Document


def replay_document(document: Document) -> Iterator[State]:
    text, source = document.text, document.source

    def where(event: int, move: int | None) -> Location:
        paths = Paths(text)
        # The engine's form lists the turns alone under `turns` (never beside `events`).
        if paths.locate(("turns",)) != paths.locate(()):
            path: Path = ("turns", event) if move is None else ("turns", event, move)
        else:
            path = ("events", event) if move is None else ("events", event, "moves", move)
        return Location.of(text, paths.locate(path), source)

    return replay(document.model, where)


def diagnose(text: str, source: str) -> list[Finding]:
    """Every problem of a transcript (the `diagnose` hook): each malformed part, then the
    rules over the turns before the first of them; with none, `check` and the rules."""
    read = notation.diagnose(text, source)
    found = [Finding.from_error(problem) for problem in read.problems]
    playable = notation.playable(read)
    if playable is not None:
        document = Document(text, source, registry.get("atlantis"), playable)
        if not found:
            found += check(document)
        try:
            for _ in replay_document(document):
                pass
        except RuleError as problem:
            found.append(Finding.from_error(problem))
    return sorted(found, key=lambda f: (f.location.line, f.location.column))


def check(document: Document) -> Iterable[Finding]:
    version = document.model.version
    if version.split(".")[0] != "1":
        offset = locate(document.text, ("version",))
        message = f"version {version!r}: meeple reads version 1 transcripts"
        yield Finding.at(document.text, offset, message, document.source)
    yield from _engine_spelling(document)
    yield from _misspelt_keys(document)
    yield from _unplayed_moves(document)


def _engine_spelling(document: Document) -> Iterator[Finding]:
    """A lint where the format is spelt as the reference engine writes it."""
    if ENGINE_FORMAT_NAME not in document.text:
        return  # the lint needs the spelling in the text: no need to read it again
    offset = locate(document.text, ("format",))
    if document.text.startswith(ENGINE_FORMAT_NAME, offset + 1):
        message = (
            f"format {ENGINE_FORMAT_NAME!r} is the reference engine's spelling, read as"
            f" {FORMAT_NAME!r} (meeple fmt writes that)"
        )
        yield Finding.at(document.text, offset, message, document.source, "lint")


def _holds_moves(value: JSONValue, depth: int = 0) -> bool:
    """Whether a kept JSON value has a [from, to] pair of field names anywhere in it."""
    if depth > 20:  # extras are at most 100 deep; moves are never buried that far
        return False
    if isinstance(value, dict):
        return any(_holds_moves(item, depth + 1) for item in value.values())
    if not isinstance(value, list):
        return False
    if len(value) == 2 and all(isinstance(item, str) for item in value):
        refs = [parse_field_ref(item) for item in value]
        if all(ref is not None and not ref.whole for ref in refs):
            return True
    return any(_holds_moves(item, depth + 1) for item in value)


def _unplayed_moves(document: Document) -> Iterator[Finding]:
    """A warning for each unknown key whose value holds moves: they are kept, not played,
    which must not pass unnoticed (a game's turns under a name meeple does not read)."""
    transcript: Transcript = document.model
    places: list[tuple[Path, Extras]] = [((), transcript.extras)]
    places += [(("players", i), p.extras) for i, p in enumerate(transcript.players)]
    places += [(("events", i), e.extras) for i, e in enumerate(transcript.events)]
    found = []
    for path, extras in places:
        for name, value in extras:
            if _holds_moves(value):
                offset = locate(document.text, (*path, name), key=True)
                message = (
                    f"unknown key {name!r} holds moves, which are kept but not played:"
                    " meeple plays the turns of 'events' (or of the engine's 'turns')"
                )
                found.append((offset, message))
    for offset, message in sorted(found):
        yield Finding.at(document.text, offset, message, document.source)


_PLAYER_KEYS = ("name", "color", "stacks")
_EVENT_KEYS = ("type", "user", "time", "moves", "message")


def _misspelt_keys(document: Document) -> Iterator[Finding]:
    """A warning for each unknown key that looks like a known one (`nmae`, `stakcs`): it
    is kept as an extra key, but it was most likely meant as the known one."""
    transcript: Transcript = document.model
    places: list[tuple[Path, tuple[str, ...], Extras]] = [((), READ_KEYS, transcript.extras)]
    places += [(("players", i), _PLAYER_KEYS, p.extras) for i, p in enumerate(transcript.players)]
    places += [(("events", i), _EVENT_KEYS, e.extras) for i, e in enumerate(transcript.events)]
    found = []
    for path, known, extras in places:
        for name, _ in extras:
            import difflib  # only here: imported lazily for start-up

            close = difflib.get_close_matches(name, known, n=1, cutoff=0.75)
            if close and name not in known:
                offset = locate(document.text, (*path, name), key=True)
                message = f"unknown key {name!r} (kept as it is): did you mean {close[0]!r}?"
                found.append((offset, message))
    for offset, message in sorted(found):
        yield Finding.at(document.text, offset, message, document.source)


def render(thing: Transcript | State, color: bool = False) -> str:
    from meeple.atlantis.ascii import render as render_state

    return render_state(State.initial(thing) if isinstance(thing, Transcript) else thing, color)


def svg(thing: Transcript | State) -> str:
    """An SVG picture of a transcript's start, or of a replayed state."""
    from meeple.atlantis import svg

    return svg.render(State.initial(thing) if isinstance(thing, Transcript) else thing)


def marks(state: State) -> tuple[str, ...]:
    """The fields the last move (or the turn just ended) touched, for the viewer."""
    from meeple.atlantis.svg import marks as fields

    return fields(state)


def state_json(state: State) -> dict[str, Any]:
    """One state of `meeple replay --json` (the shape is in docs/formats/atlantis.md)."""
    fields = [
        {
            "field": field_name(hex_),
            "state": here.state,
            "owner": here.owner,
            "stones": here.stones,
        }
        for hex_, here in sorted(state.fields.items())
    ]
    areas = [
        {
            "fields": [field_name(h) for h in area.fields],
            "stable": area.stable,
            "owner": area.owner,
        }
        for area in state.areas()
    ]
    return {
        "players": list(state.players),
        "turn": state.turn,
        "to_move": None if state.is_over else state.seat_index,
        "over": state.ended,
        "fields": fields,
        "areas": areas,
        "scores": state.scores,
        "ranking": state.ranking,
    }


def result(state: State) -> str:
    """One line on how the game stands (the state's `result_text`)."""
    return state.result_text


STANDARD_SEGMENTS = 10
"""Segments of the board `meeple play`, bots and selfplay start on when none is named."""


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new game on a board of ten standard segments, two players unless `players` says
    otherwise; the seed places the starting stacks (meeple.atlantis.generate)."""
    from meeple.atlantis.generate import starting_transcript

    count = 2 if players is None else players
    if not 2 <= count <= 6:
        raise RuleError(
            f"meeple sets up Atlantis for 2 to 6 players, not {count}", rule="player-count"
        )
    return State.initial(starting_transcript(STANDARD_SEGMENTS, count, seed or 0))

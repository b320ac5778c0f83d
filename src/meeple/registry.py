"""The registry of games: each game's name, and one lazy import of its `Game`.

A game declares itself in its own `game` module (meeple.game): its notations, how they
are recognised, read, written, checked, replayed and drawn. `GAMES` lists each game's
name and where its `Game` class is, in detection order; a game's module is imported on
first use, so `import meeple` stays cheap and a command on one game's records imports
no other game's notation, rules or pictures. A game's `game` module is light: it
imports its game's layers inside the methods that need them.

`formats()` lists every notation (the word the command line uses: `--format`, `meeple
formats`), `get` finds one by name and `detect` by file extension and content. This
module does no parsing of its own.
"""

from __future__ import annotations

import importlib
import os
from functools import cache

from meeple.errors import DEFAULT_SOURCE, NotationError
from meeple.game import Game, Notation

GAMES: tuple[tuple[str, str], ...] = (
    ("qgn", "meeple.qgn.game:Qgn"),
    ("botc", "meeple.botc.game:Botc"),
    ("raft", "meeple.raft.game:Raft"),
    ("flows", "meeple.flows.game:Flows"),
    ("atlantis", "meeple.atlantis.game:Atlantis"),
    ("tictactoe", "meeple.tictactoe.game:TicTacToe"),
    ("connect4", "meeple.connect4.game:ConnectFour"),
    ("onitama", "meeple.onitama.game:Onitama"),
    ("tsuro", "meeple.tsuro.game:Tsuro"),
    ("indigo", "meeple.indigo.game:Indigo"),
    ("stratego", "meeple.stratego.game:Stratego"),
    ("carcassonne", "meeple.carcassonne.game:Carcassonne"),
)
"""Each game's name and its `Game` class (`module:Class`). Order matters for detection:
the first notation whose sniff accepts a text wins."""

EXTENSIONS: dict[str, tuple[str, ...]] = {
    "qgn": (".qgn",),
    "botc": (".botc", ".grimoire", ".json", ".puzzle", ".script.json", ".trace"),
    "raft": (".raft", ".raftstate"),
    "flows": (".flows",),
    "atlantis": (".atlantis", ".json", ".json5"),
    "tictactoe": (".qgn",),
    "connect4": (".qgn",),
    "onitama": (".qgn",),
    "tsuro": (".qgn",),
    "indigo": (".qgn",),
    "stratego": (".qgn",),
    "carcassonne": (".qgn",),
}
"""The file extensions each game's notations read (tests/core/test_registry.py keeps them
equal), so a file is detected by its extension importing only the game that reads it."""


class Registered:
    """A record's or state's game, as a class attribute: `game = Registered("flows")`
    makes `State.game` (and `state.game`) the registered `Game` called "flows",
    imported when first asked (a game's rules cannot import its `game` module, which
    sits above them)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> Game:
        return game(self.name)


def game(name: str) -> Game:
    """The registered game called `name` (importing its module alone); ValueError otherwise."""
    for game_name, target in GAMES:
        if game_name == name:
            return _load(target)
    raise ValueError(f"unknown game {name!r} (known: {', '.join(n for n, _ in GAMES)})")


def games() -> tuple[Game, ...]:
    """Every registered game, in detection order."""
    return tuple(_load(target) for _, target in GAMES)


@cache
def _load(target: str) -> Game:
    module_name, _, class_name = target.partition(":")
    made: Game = getattr(importlib.import_module(module_name), class_name)()
    return made


@cache
def _all() -> tuple[Notation, ...]:
    return tuple(notation for found in games() for notation in found.notations)


def formats() -> tuple[Notation, ...]:
    """Every registered notation, in detection order."""
    return _all()


def get(name: str) -> Notation:
    """The notation called `name`; ValueError listing the known names otherwise."""
    found = _named().get(name)
    if found is None:
        known = ", ".join(f.name for f in _all())
        raise ValueError(f"unknown format {name!r} (known: {known})")
    return found


@cache
def _named() -> dict[str, Notation]:
    return {fmt.name: fmt for fmt in _all()}


def for_model(obj: object) -> Notation:
    """The notation that writes `obj`: among its game's (`obj.game`) when it knows it,
    else among those whose models are imported: the one naming its own class first (a
    town square's game state is a grimoire too, but `botc-townsquare` writes it), else one
    naming a base class of it."""
    own = getattr(type(obj), "game", None)
    candidates = own.notations if isinstance(own, Game) else _all()
    for fmt in candidates:
        if fmt.writes_exactly(obj):
            return fmt
    for fmt in candidates:
        if fmt.owns(obj):
            return fmt
    raise TypeError(f"no format writes {type(obj).__name__} objects")


def for_qgn_key(key: str) -> Notation | None:
    """The notation whose models QGN snapshots with `[key "<key>"]` are read into, if any."""
    wanted = key.strip().casefold()
    for fmt in _all():
        if fmt.qgn_key is not None and fmt.qgn_key.casefold() == wanted:
            return fmt
    return None


def pick(
    text: str, path: str | None = None, source: str = DEFAULT_SOURCE, name: str | None = None
) -> Notation:
    """The notation named `name`, or the one `text` (from file `path`) is detected to be;
    ValueError for an unknown name, NotationError when nothing fits."""
    return get(name) if name else detect(text, path, source)


def detect(text: str, path: str | None = None, source: str = DEFAULT_SOURCE) -> Notation:
    """The notation of `text`: by the file extension of `path` first, then by content.

    Raises NotationError (at line 1, column 1 of `source`) when nothing fits.
    """
    if path is None:
        candidates = _all()
    else:
        suffix = extension(path).lower()
        only = _only_reader(suffix)
        if only is not None:
            return only  # importing no other game
        candidates = _all()
        by_extension = [f for f in candidates if suffix and suffix in f.extensions]
        if len(by_extension) == 1:  # a game `EXTENSIONS` does not list (a test's own)
            return by_extension[0]
        candidates = (*by_extension, *(f for f in candidates if f not in by_extension))
    for fmt in candidates:
        if fmt.sniff(text):
            return fmt
    names = ", ".join(f.name for f in _all())
    raise NotationError.at(
        text, 0, f"cannot tell which notation this is; name one of: {names}", source
    )


def _only_reader(suffix: str) -> Notation | None:
    """The one notation that reads files ending in `suffix`, if only one does (found
    through `EXTENSIONS`, importing that notation's game alone)."""
    readers = [name for name, extensions in EXTENSIONS.items() if suffix in extensions]
    if len(readers) != 1:
        return None
    found = [fmt for fmt in game(readers[0]).notations if suffix in fmt.extensions]
    return found[0] if len(found) == 1 else None


def is_record_extension(suffix: str) -> bool:
    """Whether a file extension (`.qgn`, any case) is one a notation reads."""
    wanted = suffix.lower()
    return bool(wanted) and any(wanted in extensions for extensions in EXTENSIONS.values())


def extension(path: str) -> str:
    """The last suffix of the file `path` names (`.flows`; `` for none): pathlib's
    `"".join(PurePath(path).suffixes[-1:])`, without importing pathlib for it."""
    # Kept for start-up: pathlib (and urllib.parse, fnmatch) would add half of `python -c
    # pass` to `meeple check small.flows`, already past 5x it (docs/architecture.md).
    if os.altsep:
        path = path.replace(os.altsep, os.sep)
    name = next((part for part in reversed(path.split(os.sep)) if part not in ("", ".")), "")
    if name.endswith("."):
        return ""
    _, dot, suffix = name.lstrip(".").rpartition(".")
    return "." + suffix if dot else ""


def named_record(name: str) -> str | None:
    """The text of the record some notation ships under `name` (`Notation.named`), or None."""
    for fmt in formats():
        text = fmt.named(name)
        if text is not None:
            return text
    return None

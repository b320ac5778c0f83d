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

Games not yet converted to `Game` (quibbble's seven) still declare `Format` entries
with `lazy` hooks in a `format` module; an adapter (`_FormatNotation`) holds them until
they move.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from meeple.errors import DEFAULT_SOURCE, Finding, NotationError, Unsupported
from meeple.game import COLOR as COLOR  # declared in meeple.game, offered here too
from meeple.game import Document as Document
from meeple.game import Game, Notation
from meeple.game import Option as Option
from meeple.game import OptionValue as OptionValue

if TYPE_CHECKING:
    from meeple.commands import Command, Group

GAMES: tuple[tuple[str, str], ...] = (
    ("qgn", "meeple.qgn.game:Qgn"),
    ("botc", "meeple.botc.format"),
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
"""Each game's name and its `Game` class (`module:Class`), or, until the game moves onto
`Game`, its `format` module (`FORMATS: tuple[Format, ...]`). Order matters for detection:
the first notation whose sniff accepts a text wins."""


@dataclass(frozen=True)
class Format:
    """One notation: how to recognise it and everything meeple can do with it."""

    name: str
    title: str
    model: str | tuple[str, ...]
    """The model class(es) this format writes, named `module:Class` (not imported)."""
    parse: Callable[..., Any]
    """`parse(text, source, **reading_options)`: the model, or a NotationError naming `source`."""
    dump: Callable[..., str]
    """`dump(model, **options)`: canonical text."""
    sniff: Callable[[str], bool]
    """Whether a text looks like this notation (cheap; need not be exact)."""
    extensions: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    """Settings the hooks below accept as keyword arguments (see `Option.commands`)."""
    check: Callable[..., Iterable[Finding]] | None = None
    """`check(document, **options)`: findings beyond well-formedness (lints, warnings, rules)."""
    replay: Callable[[Document], Iterable[Any]] | None = None
    """Every state of the game, the initial one first; RuleError at the first illegal move."""
    render: Callable[..., str] | None = None
    """`render(model_or_state, **options)`: an ASCII picture."""
    svg: Callable[..., str] | None = None
    """`svg(model_or_state, **options)`: an SVG picture (a string, no I/O)."""
    diagnose: Callable[..., list[Finding]] | None = None
    """`diagnose(text, source)`: every finding of a text, even one that does not parse
    (each malformed line, then the rules up to the first illegal move); `meeple check`
    uses it instead of parse, `check` and `replay` when present."""
    marks: Callable[[Any], tuple[str, ...]] | None = None
    """`marks(state)`: the places on the SVG picture that the move leading to `state`
    touched, as the `data-at` keys the picture gives them (the viewer highlights them
    when a move of the list is pointed at)."""
    state_json: Callable[[Any], Mapping[str, Any]] | None = None
    """A replay state as a JSON-ready object (each game documents its shape)."""
    result: Callable[[Any], str] | None = None
    """One line on how a replayed game stands: in play, won, lost, drawn."""
    to_qgn: Callable[[Any], Any] | None = None
    """The model as a `meeple.qgn.Snapshot`."""
    from_qgn: Callable[[Any], Any] | None = None
    """A `meeple.qgn.Snapshot` (whose key names this game) as the model."""
    qgn_key: str | None = None
    """The QGN `key` tag value of this game's snapshots."""
    qgn_exact: bool = False
    """Whether `from_qgn` gives exactly the model its `dump` text reads as, even in the
    fields equality ignores (how a record was written): a QGN record of this game is then
    played from that model and text without reading the text again (meeple.records)."""
    start: Callable[..., Any] | None = None
    """`start(players=None, seed=None)`: a new game's initial engine state (a default
    set-up; `players` where the game lets it vary), for bots, selfplay and play."""
    fmt: Callable[..., str] | None = None
    """`fmt(document, **options)`: the canonical text where it depends on how the record
    was written, not only on the model (a hand-drawn picture kept as drawn); `meeple fmt`
    uses `dump(model)` where this is None."""
    step_noun: str = "move"
    """What one replay step is called in this game (`move`, `action`), for messages."""
    move_help: str = ""
    """How a person writes a move, for `meeple play`'s help (one or two lines)."""
    named: Callable[[str], str | None] | None = None
    """`named(name)`: the text of a record meeple ships under `name` (a bundled Blood on
    the Clocktower script such as `trouble-brewing`), or None. The CLI reads an input
    that names no file this way."""
    notes: Callable[..., Iterable[Finding]] | None = None
    """`notes(document, **reading)`: what reading the document chose that its text does
    not say (a Flows record's dialect, detected from its layout), or what it leaves out
    (a script's unknown ids), given the reading options it was read with. The commands
    that read a record print them on stderr; `check` reports them among its findings."""
    commands: tuple[tuple[str, Callable[[], Command | Group]], ...] = ()
    """Commands only this game has (`meeple botc ...`, `meeple solve`): each its name and
    a function returning it as data (`meeple.commands`), which imports the game's module
    declaring it; the CLI builds it when it is used."""

    @property
    def models(self) -> tuple[str, ...]:
        """The names of the model classes this format writes."""
        return self.model if isinstance(self.model, tuple) else (self.model,)

    def _loaded_models(self) -> tuple[type, ...]:
        """The model classes whose modules are imported (a module not yet imported cannot
        own an object, and stays unimported)."""
        found = []
        for name in self.models:
            module_name, _, class_name = name.partition(":")
            module = sys.modules.get(module_name)
            if module is not None:
                found.append(getattr(module, class_name))
        return tuple(found)


def lazy(target: str) -> Callable[..., Any]:
    """A hook that imports `module:function` when first called, not when declared.

    A game's `format` module declares its Format with lazy hooks, so the registry (and
    `meeple --version`, and commands on another game's records) never import a game's
    notation, rules or pictures until something needs them.
    """
    module_name, _, name = target.partition(":")
    found: list[Callable[..., Any]] = []  # the function, once imported

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(getattr(importlib.import_module(module_name), name))
        return found[0](*args, **kwargs)

    call.__name__ = name
    call.__qualname__ = target
    return call


def starts_like(pattern: str) -> Callable[[str], bool]:
    """A sniff: whether a text matches the regular expression `pattern` at its start.

    The pattern is compiled when first used, not when declared: a format module declares
    its sniff at import, and most commands detect nothing by content (a file's extension
    names its notation), so listing the formats compiles no pattern.
    """
    compiled: list[re.Pattern[str]] = []

    def sniff(text: str) -> bool:
        if not compiled:
            compiled.append(re.compile(pattern))
        return compiled[0].match(text) is not None

    return sniff


Exports = Mapping[str, Iterable[str]]
"""A game package's one table of public names: each module, and the names the package
offers from it; `parse=parse_record` offers the module's `parse_record` as `parse`. Names
listed under the package itself are its submodules (`svg`)."""


def export_targets(exports: Exports) -> dict[str, tuple[str, str]]:
    """Each public name of an export table, with the module and attribute it comes from."""
    where: dict[str, tuple[str, str]] = {}
    for module_name, names in exports.items():
        for name in names:
            public, _, attribute = name.partition("=")
            if public in where:
                raise ValueError(f"{public!r} is exported twice")
            where[public] = (module_name, attribute or public)
    return where


def export_names(exports: Exports) -> list[str]:
    """A package's `__all__`: the public names of its export table, sorted."""
    return sorted(export_targets(exports))


def package_exports(package: str, exports: Exports) -> Callable[[str], Any]:
    """A package's `__getattr__` (PEP 562) that imports each public name on first use.

    Game packages offer their whole vocabulary (`flows.parse`, `botc.Grimoire`) this way,
    from one table (`Exports`) that also makes their `__all__` (`export_names`), so
    importing one of their modules, as the registry does, does not import the rest of
    the game.
    """
    where = export_targets(exports)

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module_name, attribute = where[name]
        if module_name == package:  # a submodule (`svg`): the module itself
            value = importlib.import_module(f"{package}.{attribute}")
        else:
            value = getattr(importlib.import_module(module_name), attribute)
        setattr(sys.modules[package], name, value)  # later lookups skip this function
        return value

    return __getattr__


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
    module = importlib.import_module(module_name)
    if class_name:
        made: Game = getattr(module, class_name)()
        return made
    return _FormatGame(module_name.split(".")[1], module.FORMATS)


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
    candidates = list(_all())
    if path is not None:
        suffix = extension(path).lower()
        by_extension = [f for f in candidates if suffix and suffix in f.extensions]
        if len(by_extension) == 1:
            return by_extension[0]
        if by_extension:
            candidates = by_extension + [f for f in candidates if f not in by_extension]
    for fmt in candidates:
        if fmt.sniff(text):
            return fmt
    names = ", ".join(f.name for f in _all())
    raise NotationError.at(
        text, 0, f"cannot tell which notation this is; name one of: {names}", source
    )


def is_record_extension(suffix: str) -> bool:
    """Whether a file extension (`.qgn`, any case) is one a notation reads."""
    return bool(suffix) and any(suffix.lower() in fmt.extensions for fmt in _all())


def extension(path: str) -> str:
    """The last suffix of the file `path` names (`.flows`; `` for none): pathlib's
    `"".join(PurePath(path).suffixes[-1:])`, without importing pathlib for it."""
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


# -- the adapter for games not yet on `Game` (quibbble's seven) ---------------------------


class _FormatGame(Game):
    """A game whose `format` module lists `Format` entries: one notation each, the game's
    own hooks (initial, pictures, QGN bridge) taken from the first entry that has them."""

    def __init__(self, name: str, formats: tuple[Format, ...]) -> None:
        self.name = name
        self.formats = formats
        first = next((fmt for fmt in formats if fmt.replay is not None), formats[0])
        self.move_help = first.move_help
        self.qgn_key = next((fmt.qgn_key for fmt in formats if fmt.qgn_key), None)
        self.qgn_exact = any(fmt.qgn_exact for fmt in formats)
        self.commands = tuple(command for fmt in formats for command in fmt.commands)
        self.notations = tuple(_FormatNotation(self, fmt) for fmt in formats)

    def can(self, method: str) -> bool:
        hook = {"initial": "start"}.get(method, method)
        return any(getattr(fmt, hook, None) is not None for fmt in self.formats)

    def initial(self, player_count: int | None = None, seed: int | None = None) -> Any:
        return self._hook("start")(players=player_count, seed=seed)

    def render(self, thing: Any, **options: Any) -> str:
        return str(self._hook("render")(thing, **options))

    def svg(self, thing: Any, **options: Any) -> str:
        return str(self._hook("svg")(thing, **options))

    def state_json(self, state: Any) -> Mapping[str, Any]:
        found: Mapping[str, Any] = self._hook("state_json")(state)
        return found

    def marks(self, state: Any) -> tuple[str, ...]:
        return tuple(self._hook("marks")(state)) if self.can("marks") else ()

    def to_qgn(self, model: Any) -> Any:
        return self._hook("to_qgn")(model)

    def from_qgn(self, snapshot: Any) -> Any:
        return self._hook("from_qgn")(snapshot)

    def _hook(self, name: str) -> Callable[..., Any]:
        for fmt in self.formats:
            if getattr(fmt, name) is not None:
                return _hook_of(fmt, name)
        return _hook_of(self.formats[0], name)


class _FormatNotation(Notation):
    """One `Format` entry as a notation (until its game moves onto `Game`)."""

    def __init__(self, game: _FormatGame, fmt: Format) -> None:
        super().__init__(game)
        self.format = fmt
        self.step_noun = fmt.step_noun
        self.name = fmt.name
        self.title = fmt.title
        self.extensions = fmt.extensions
        self.options = fmt.options
        self.qgn_keyed = fmt.qgn_key is not None

    def can(self, method: str) -> bool:
        return getattr(self.format, method, None) is not None

    def sniff(self, text: str) -> bool:
        return self.format.sniff(text)

    def parse(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> Any:
        return self.format.parse(text, source, **reading)

    def dump(self, model: Any, **options: Any) -> str:
        return self.format.dump(model, **options)

    def models(self) -> tuple[type, ...]:
        return tuple(
            getattr(importlib.import_module(module), name)
            for module, _, name in (model.partition(":") for model in self.format.models)
        )

    def owns(self, obj: object) -> bool:
        return isinstance(obj, self.format._loaded_models())

    def writes_exactly(self, obj: object) -> bool:
        return type(obj) in self.format._loaded_models()

    def fmt(self, document: Document, **options: Any) -> str:
        if self.format.fmt is None:
            return super().fmt(document, **options)
        return self.format.fmt(document, **options)

    def notes(self, document: Document, **reading: Any) -> Iterable[Finding]:
        return self.format.notes(document, **reading) if self.format.notes else ()

    def named(self, name: str) -> str | None:
        return self.format.named(name) if self.format.named else None

    def check(self, document: Document, **options: Any) -> Iterable[Finding]:
        return self._hook("check")(document, **options)  # type: ignore[no-any-return]

    def diagnose(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> list[Finding]:
        return self._hook("diagnose")(text, source, **reading)  # type: ignore[no-any-return]

    def replay(self, document: Document) -> Iterable[Any]:
        return self._hook("replay")(document)  # type: ignore[no-any-return]

    def render(self, thing: Any, **options: Any) -> str:
        return self._hook("render")(thing, **options)  # type: ignore[no-any-return]

    def svg(self, thing: Any, **options: Any) -> str:
        return self._hook("svg")(thing, **options)  # type: ignore[no-any-return]

    def to_qgn(self, model: Any) -> Any:
        return self._hook("to_qgn")(model)

    def from_qgn(self, snapshot: Any) -> Any:
        return self._hook("from_qgn")(snapshot)

    def _hook(self, name: str) -> Callable[..., Any]:
        return _hook_of(self.format, name)


def _hook_of(fmt: Format, name: str) -> Callable[..., Any]:
    hook: Callable[..., Any] | None = getattr(fmt, name)
    if hook is None:
        raise Unsupported(f"{fmt.name} records have no {name} hook")
    return hook

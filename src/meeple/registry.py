"""The registry of notations: one `Format` entry per notation meeple reads.

A `Format` names a notation, says which file extensions and which texts look
like it, and carries the functions that parse, write, check, replay, draw and
convert it. Each game package declares its entries in a `format` module listed
in `FORMAT_MODULES`; they are imported on first use so `import meeple` stays
cheap. A `format` module is itself light: its hooks are `lazy` references to the
game's modules and its models are named, not imported, so listing every format (as
the CLI does to build its options) imports no game's notation, rules or pictures.
This module does no parsing of its own.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from meeple.errors import DEFAULT_SOURCE, Finding, NotationError
from meeple.game import COLOR as COLOR  # declared in meeple.game, offered here too
from meeple.game import Option as Option
from meeple.game import OptionValue as OptionValue

# Game packages, each with a `format` module holding `FORMATS: tuple[Format, ...]`.
# Order matters for detection: the first format whose sniff accepts a text wins.
FORMAT_MODULES = (
    "meeple.qgn.format",
    "meeple.botc.format",
    "meeple.raft.format",
    "meeple.flows.format",
    "meeple.atlantis.format",
    "meeple.tictactoe.format",
    "meeple.connect4.format",
    "meeple.onitama.format",
    "meeple.tsuro.format",
    "meeple.indigo.format",
    "meeple.stratego.format",
    "meeple.carcassonne.format",
)


@dataclass(frozen=True)
class Document:
    """A parsed record together with the text it came from, for positioned reports."""

    text: str
    source: str
    format: Format
    model: Any


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
    commands: tuple[tuple[str, str], ...] = ()
    """Commands only this game has (`meeple botc ...`, `meeple solve`): each a name and
    the `module:function` that builds its click command, imported when it is used."""
    capabilities: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        can = ["parse", "write"]
        can += ["check"] if self.check or self.replay else []
        can += ["replay"] if self.replay else []
        can += ["render"] if self.render else []
        can += ["svg"] if self.svg else []
        can += ["qgn"] if self.to_qgn and self.from_qgn else []
        object.__setattr__(self, "capabilities", tuple(can))

    def foreign(self, command: str, given: Mapping[str, object]) -> list[str]:
        """The options in `given` (those set, not None) that this format does not take
        for `command`, sorted: a usage mistake wherever they are given."""
        mine = {o.name for o in self.options if command in o.commands}
        return sorted(
            name for name, value in given.items() if value is not None and name not in mine
        )

    def read(self, text: str, source: str = DEFAULT_SOURCE, **options: Any) -> Document:
        """Parse `text` into a Document (`options`: reading options `parse` takes)."""
        return Document(text, source, self, self.parse(text, source, **options))

    def reading(self, command: str, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options in `given` that tell this format how to read input on `command`."""
        names = {option.name for option in self.options if command in option.reads}
        return {name: value for name, value in given.items() if name in names and value is not None}

    @property
    def models(self) -> tuple[str, ...]:
        """The names of the model classes this format writes."""
        return self.model if isinstance(self.model, tuple) else (self.model,)

    def owns(self, obj: object) -> bool:
        """Whether `obj` is a model this format writes.

        A model's module is imported before any of its objects exists, so a module not
        yet imported cannot own `obj` and stays unimported.
        """
        return any(isinstance(obj, model) for model in self._loaded_models())

    def _loaded_models(self) -> list[type]:
        found = []
        for name in self.models:
            module_name, _, class_name = name.partition(":")
            module = sys.modules.get(module_name)
            if module is not None:
                found.append(getattr(module, class_name))
        return found

    def writes_exactly(self, obj: object) -> bool:
        """Whether `obj`'s own class (not a base of it) is a model this format writes."""
        return any(type(obj) is model for model in self._loaded_models())


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


@cache
def _all() -> tuple[Format, ...]:
    found: list[Format] = []
    for module_name in FORMAT_MODULES:
        found.extend(importlib.import_module(module_name).FORMATS)
    return tuple(found)


def formats() -> tuple[Format, ...]:
    """Every registered format, in detection order."""
    return _all()


def get(name: str) -> Format:
    """The format called `name`; ValueError listing the known names otherwise."""
    found = _named().get(name)
    if found is None:
        known = ", ".join(f.name for f in _all())
        raise ValueError(f"unknown format {name!r} (known: {known})")
    return found


@cache
def _named() -> dict[str, Format]:
    return {fmt.name: fmt for fmt in _all()}


def for_model(obj: object) -> Format:
    """The format that writes `obj`: the one naming its own class first (a town square's
    game state is a grimoire too, but `botc-townsquare` writes it), else one naming a
    base class of it."""
    for fmt in _all():
        if fmt.writes_exactly(obj):
            return fmt
    for fmt in _all():
        if fmt.owns(obj):
            return fmt
    raise TypeError(f"no format writes {type(obj).__name__} objects")


def for_qgn_key(key: str) -> Format | None:
    """The game format whose QGN snapshots carry `[key "<key>"]`, if any."""
    wanted = key.strip().casefold()
    for fmt in _all():
        if fmt.qgn_key is not None and fmt.qgn_key.casefold() == wanted:
            return fmt
    return None


def pick(
    text: str, path: str | None = None, source: str = DEFAULT_SOURCE, name: str | None = None
) -> Format:
    """The format named `name`, or the one `text` (from file `path`) is detected to be;
    ValueError for an unknown name, NotationError when nothing fits."""
    return get(name) if name else detect(text, path, source)


def detect(text: str, path: str | None = None, source: str = DEFAULT_SOURCE) -> Format:
    """The format of `text`: by the file extension of `path` first, then by content.

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
    """Whether a file extension (`.qgn`, any case) is one a format reads."""
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
    """The text of the record some format ships under `name` (see `Format.named`), or None."""
    for fmt in formats():
        if fmt.named is not None:
            text = fmt.named(name)
            if text is not None:
                return text
    return None

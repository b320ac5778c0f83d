"""`Game` and `Notation`: what a game is to meeple, one typed class each.

A game subclasses `Game` in its own `game` module (`meeple.flows.game`) and declares
there everything meeple does with it: its name, its notations (each a `Notation`
subclass: a way of writing the game's records down, with its extensions, sniff, parse
and dump), a new game's first state (`initial`), pictures of its states (`render`,
`svg`), a state as JSON (`state_json`), the places a move touched (`marks`), the bridge
to and from QGN, and the commands only it has. The registry (meeple.registry) maps each
game's name to one lazy import of its `game` module, so a game's `game` module stays
light: it imports the game's notation, rules and pictures inside the methods that need
them, and nothing above it imports them earlier.

A method a game or notation does not override is one it cannot do: it raises
`Unsupported`, and `Notation.capabilities` (what `meeple formats` lists) names only the
methods a notation overrides. Where a method would only import a module and call it, one
typed method names those functions instead: a notation's `form` (a `Form`: parse, dump,
sniff), a `Layered` game's `layers` (a `Layers`: pictures, marks, JSON, QGN bridge).
Records and states know their game: their class sets `game = Registered("flows")`
(meeple.registry), so `thing.game` is that game's `Game` (imported when first asked)
and nothing guesses a game from a module name.

This module knows no game and draws, parses and plays nothing itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from meeple.errors import DEFAULT_SOURCE, Diagnosis, Finding, RuleError, Unsupported

if TYPE_CHECKING:
    from meeple.commands import Command, Group
    from meeple.engine import AnyState


class Option(NamedTuple):
    """An extra setting a notation's methods accept as a keyword argument, offered by the CLI.

    `commands` names the CLI commands that offer it: `check` passes it to the
    notation's `check`, `show` to `render`, `convert` and `fmt` to `dump`. On the
    commands in `reads` it also says how to read the input: `Notation.read` passes it
    to `parse` (and `check` to `diagnose`), and `show`, `replay` and `moves` pass it
    nowhere else.
    """

    name: str
    help: str
    commands: tuple[str, ...] = ("show", "convert")
    choices: tuple[str, ...] = ()
    flag: bool = False
    reads: tuple[str, ...] = ()
    pictures: tuple[str, ...] = ("text",)
    """Which of `show`'s pictures it shapes: `text` (`render`), `svg`, or both."""


COLOR = Option("color", "Colour the picture with ANSI codes.", commands=("show",), flag=True)
"""`meeple show --color`: every game's ASCII picture takes it (meeple.ansi)."""


class Document(NamedTuple):
    """A parsed record together with the text it came from, for positioned reports."""

    text: str
    source: str
    notation: Notation
    model: Any


class Sniff:
    """Whether a text matches a regular expression at its start: a notation's `sniff`.

    The pattern is compiled when first used, not when declared: most commands detect
    nothing by content (a file's extension names its notation).
    """

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._compiled: re.Pattern[str] | None = None

    def __call__(self, text: str) -> bool:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern)
        return self._compiled.match(text) is not None


class Form(NamedTuple):
    """The functions of a notation's modules that read and write its text (`Notation.form`):
    `parse(text, source, **reading)`, `dump(model, **options)`, and `sniff(text)` where a
    module tells the notation's texts apart (a `Sniff` pattern is the other way)."""

    parse: Callable[..., Any]
    dump: Callable[..., str]
    sniff: Callable[[str], bool] | None = None


class Notation:
    """One way of writing a game's records down (a game has one or several: botc's
    grimoire line, grimoire art, trace, script, town square).

    A subclass sets `name`, `title`, `extensions` and `options` as class attributes
    (plain ones: a notation is one object per game), overrides `form` (or `parse` and
    `dump`) and `models`, sets `sniff` (a `Sniff`) unless its form sniffs, then
    overrides whichever of the other methods the notation supports: an inherited one
    raises `Unsupported` (or, for `fmt`, `notes`, `named`, does the plain thing). Most
    delegate to the game, which draws and plays while the notation reads and writes:
    `Drawn` and `Bridged` below do so for pictures and QGN.
    """

    name: str
    title: str
    extensions: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    """Settings the methods below accept as keyword arguments (see `Option.commands`)."""
    step_noun: str = "move"
    """What one replay step of a record is called (`move`, `action`, `event`), for
    messages (`meeple formats --json` lists it for every notation)."""
    qgn_keyed: bool = False
    """Whether this is the game's own record notation: QGN snapshots of the game (`[key
    "..."]`) are read into its models (the game's `from_qgn`), and a game played from
    `Game.initial` (`meeple play`, selfplay) is written in it."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __repr__(self) -> str:
        return f"<notation {self.name} of {self.game.name}>"

    # Reading and writing: every notation has these.

    def form(self) -> Form:
        """The functions reading and writing this notation, from its modules (imported here,
        when first asked): what `parse`, `dump` and `sniff` call unless overridden."""
        raise NotImplementedError

    def sniff(self, text: str) -> bool:
        """Whether `text` looks like this notation (cheap; need not be exact)."""
        sniff = self.form().sniff
        if sniff is None:
            raise NotImplementedError
        return sniff(text)

    def parse(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> Any:
        """The model `text` writes, or a NotationError naming `source` (`reading`: the
        options whose `reads` name the command)."""
        return self.form().parse(text, source, **reading)

    def dump(self, model: Any, **options: Any) -> str:
        """The canonical text of `model`."""
        return self.form().dump(model, **options)

    def models(self) -> tuple[type, ...]:
        """The model classes this notation writes (imported when asked: call it only on
        a game whose objects exist, or one being read)."""
        raise NotImplementedError

    def fmt(self, document: Document, **options: Any) -> str:
        """The canonical text of a document, where it depends on how the record was written
        and not only on the model (a hand-drawn picture kept as drawn); `dump` by default."""
        return self.dump(document.model, **options)

    def dropped(self, model: Any, **options: Any) -> tuple[str, ...]:
        """What `dump(model, **options)` leaves out of the model because an option told it
        to (botc-puzzle-json's `--drop-house-rules`), a sentence each: `meeple convert`
        warns of each on stderr. Nothing by default."""
        return ()

    def notes(self, document: Document, **reading: Any) -> Iterable[Finding]:
        """What reading `document` chose that its text does not say (a Flows record's
        dialect, detected from its layout), or what it leaves out (a script's unknown
        ids). The commands that read a record print them on stderr; `check` reports them
        among its findings. None by default."""
        return ()

    def named(self, name: str) -> str | None:
        """The text of a record meeple ships under `name` (a bundled script such as
        `trouble-brewing`), or None (the default). The CLI reads an input that names no
        file this way."""
        return None

    # What the game does with a record of this notation: Unsupported unless overridden.

    def check(self, document: Document, **options: Any) -> Iterable[Finding]:
        """Findings beyond well-formedness (lints, warnings, rules)."""
        raise Unsupported(f"{self.name} records have no checks beyond reading them")

    def diagnose(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> list[Finding]:
        """Every finding of a text, even one that does not parse (each malformed line,
        then the rules up to the first illegal move); `meeple check` uses it instead of
        parse, `check` and `replay` when a notation overrides it."""
        raise Unsupported(f"{self.name} records are not diagnosed")

    def replay(self, document: Document) -> Iterable[Any]:
        """Every state of the game, the initial one first; RuleError at the first illegal
        move."""
        raise Unsupported(f"{self.name} records have no moves to replay")

    def render(self, thing: Any, **options: Any) -> str:
        """An ASCII picture of a model or of a state its replay gives."""
        raise Unsupported(f"{self.name} records have no picture")

    def svg(self, thing: Any, **options: Any) -> str:
        """An SVG picture (a string, no I/O) of a model or of a state its replay gives."""
        raise Unsupported(f"{self.name} records have no SVG picture")

    def to_qgn(self, model: Any) -> Any:
        """The model as a `meeple.qgn.Snapshot`."""
        raise Unsupported(f"{self.name} records do not convert to QGN")

    def from_qgn(self, snapshot: Any) -> Any:
        """A `meeple.qgn.Snapshot` (whose key names this game) as a model of this notation."""
        raise Unsupported(f"QGN does not convert to {self.name} records")

    # Derived: nothing below is overridden.

    def broken_rule(self, document: Document) -> list[Finding]:
        """The first rule `document`'s replay breaks, as a finding (none: it breaks none)."""
        try:
            for _ in self.replay(document):
                pass
        except RuleError as problem:
            return [Finding.from_error(problem)]
        return []

    def diagnosed(
        self, read: Diagnosis[Any], text: str, source: str, playable: Any
    ) -> list[Finding]:
        """What `diagnose` returns of a lenient reading `read` of `text`: each problem, then
        for the record it read that can be played (`playable`; None: none), the notation's
        `check` where there was no problem, and the first rule its replay breaks."""
        found = [Finding.from_error(problem) for problem in read.problems]
        if playable is not None:
            document = Document(text, source, self, playable)
            if not found and self.can("check"):
                found += self.check(document)
            found += self.broken_rule(document)
        return in_order(found)

    def can(self, method: str) -> bool:
        """Whether this notation overrides `method` (`replay`, `svg`, ...)."""
        return getattr(type(self), method) is not getattr(Notation, method)

    @property
    def capabilities(self) -> tuple[str, ...]:
        """What `meeple formats` lists this notation can do, in its order."""
        can = ["parse", "write"]
        can += ["check"] if self.can("check") or self.can("replay") else []
        can += [name for name in ("replay", "render", "svg") if self.can(name)]
        can += ["qgn"] if self.can("to_qgn") and self.can("from_qgn") else []
        return tuple(can)

    @property
    def qgn_key(self) -> str | None:
        """The QGN `key` tag value of this game's snapshots, on its `qgn_keyed` notation."""
        return self.game.qgn_key if self.qgn_keyed else None

    def read(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> Document:
        """Parse `text` into a Document (`reading`: reading options `parse` takes)."""
        return Document(text, source, self, self.parse(text, source, **reading))

    def foreign(self, command: str, given: Mapping[str, object]) -> list[str]:
        """The options in `given` (those set, not None) that this notation does not take
        for `command`, sorted: a usage mistake wherever they are given."""
        mine = {o.name for o in self.options if command in o.commands}
        return sorted(
            name for name, value in given.items() if value is not None and name not in mine
        )

    def reading(self, command: str, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options in `given` that tell this notation how to read input on `command`."""
        names = {option.name for option in self.options if command in option.reads}
        return {name: value for name, value in given.items() if name in names and value is not None}

    def owns(self, obj: object) -> bool:
        """Whether `obj` is a model this notation writes."""
        return isinstance(obj, self.models())

    def writes_exactly(self, obj: object) -> bool:
        """Whether `obj`'s own class (not a base of it) is a model this notation writes."""
        return type(obj) in self.models()


class Drawn(Notation):
    """A notation whose records and states its game draws (`Game.render`, `Game.svg`)."""

    def render(self, thing: Any, **options: Any) -> str:
        return self.game.render(thing, **options)

    def svg(self, thing: Any, **options: Any) -> str:
        return self.game.svg(thing, **options)


class Bridged(Notation):
    """A notation whose models its game converts to and from QGN (`Game.to_qgn`,
    `Game.from_qgn`)."""

    def to_qgn(self, model: Any) -> Any:
        return self.game.to_qgn(model)

    def from_qgn(self, snapshot: Any) -> Any:
        return self.game.from_qgn(snapshot)


def in_order(found: Iterable[Finding]) -> list[Finding]:
    """Findings in the order of their places in the text (what `diagnose` returns)."""
    return sorted(found, key=lambda f: (f.location.line, f.location.column))


class Game:
    """One game: its notations, how a new game starts, its pictures, its QGN bridge.

    A subclass sets `name` and `notation_kinds` (its `Notation` subclasses, in detection
    order) and overrides what the game supports; what it does not override raises
    `Unsupported`. One instance per game lives in the registry (`registry.game(name)`).
    """

    name: str
    notation_kinds: tuple[type[Notation], ...] = ()
    move_help: str = ""
    """How a person writes a move, for `meeple play`'s help (one or two lines)."""
    qgn_key: str | None = None
    """The QGN `key` tag value of this game's snapshots (None: QGN does not hold it)."""
    qgn_exact: bool = False
    """Whether `from_qgn` gives exactly the model its `dump` text reads as, even in the
    fields equality ignores (how a record was written): a QGN record of this game is then
    played from that model and text without reading the text again (meeple.records)."""
    commands: tuple[tuple[str, Callable[[], Command | Group]], ...] = ()
    """Commands only this game has (`meeple botc ...`, `meeple solve`): each its name and
    a function returning it as data (`meeple.commands`), which imports the game's module
    declaring it; the command-line layer builds it when it is used (a game never imports
    `meeple.cli`)."""

    def __init__(self) -> None:
        self.notations: tuple[Notation, ...] = tuple(kind(self) for kind in self.notation_kinds)

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    def notation(self, name: str) -> Notation:
        """This game's notation called `name` (KeyError otherwise)."""
        for notation in self.notations:
            if notation.name == name:
                return notation
        raise KeyError(name)

    def can(self, method: str) -> bool:
        """Whether this game overrides `method` (`initial`, `svg`, ...)."""
        return getattr(type(self), method) is not getattr(Game, method)

    def initial(self, player_count: int | None = None, seed: int | None = None) -> AnyState:
        """A new game's initial engine state (a default set-up; `player_count` where the game
        lets it vary, `seed` where it shuffles), for bots, selfplay and play."""
        raise Unsupported(f"{self.name} games cannot be started")

    def render(self, thing: Any, **options: Any) -> str:
        """An ASCII picture of one of this game's records or states."""
        raise Unsupported(f"{self.name} has no picture")

    def svg(self, thing: Any, **options: Any) -> str:
        """An SVG picture (a string, no I/O) of one of this game's records or states."""
        raise Unsupported(f"{self.name} has no SVG picture")

    def state_json(self, state: Any) -> Mapping[str, Any]:
        """A replay state as a JSON-ready object (each game documents its shape)."""
        raise Unsupported(f"{self.name} states have no JSON form")

    def marks(self, state: Any) -> tuple[str, ...]:
        """The places on the SVG picture the move leading to `state` touched, as the
        `data-at` keys the picture gives them (the viewer highlights them); none by default."""
        return ()

    def to_qgn(self, model: Any) -> Any:
        """A model of the game's `qgn_keyed` notation as a `meeple.qgn.Snapshot`."""
        raise Unsupported(f"{self.name} records do not convert to QGN")

    def from_qgn(self, snapshot: Any) -> Any:
        """A `meeple.qgn.Snapshot` whose key is `qgn_key` as a model of the game."""
        raise Unsupported(f"QGN does not convert to {self.name} records")


class QgnBridge(Protocol):
    """What converts a game's records to and from QGN: its `qgn` module, or the bridge of
    one of quibbble's games."""

    def to_qgn(self, model: Any, /) -> Any: ...

    def from_qgn(self, snapshot: Any, /) -> Any: ...


class Layers:
    """The functions of a game's own modules its `Game` hands each job to: an ASCII picture
    (given the notation's `show` options), an SVG picture (given its `svg` ones), the
    places on the SVG a move touched, a state as JSON, and the QGN bridge."""

    __slots__ = ("marks", "qgn", "render", "state_json", "svg")

    def __init__(
        self,
        render: Callable[..., str],
        svg: Callable[..., str],
        marks: Callable[[Any], tuple[str, ...]],
        state_json: Callable[[Any], Mapping[str, Any]],
        qgn: QgnBridge,
    ) -> None:
        self.render, self.svg, self.marks = render, svg, marks
        self.state_json, self.qgn = state_json, qgn


class Layered(Game):
    """A game whose pictures, states as JSON and QGN bridge are its modules' functions,
    named once by `layers` (which imports them when first asked)."""

    def layers(self) -> Layers:
        """The game's layers (its modules, imported here so its `game` module stays light)."""
        raise NotImplementedError

    def render(self, thing: Any, **options: Any) -> str:
        return self.layers().render(thing, **options)

    def svg(self, thing: Any, **options: Any) -> str:
        return self.layers().svg(thing, **options)

    def marks(self, state: Any) -> tuple[str, ...]:
        return self.layers().marks(state)

    def state_json(self, state: Any) -> Mapping[str, Any]:
        return self.layers().state_json(state)

    def to_qgn(self, model: Any) -> Any:
        return self.layers().qgn.to_qgn(model)

    def from_qgn(self, snapshot: Any) -> Any:
        return self.layers().qgn.from_qgn(snapshot)

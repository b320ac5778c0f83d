"""Blood on the Clocktower's `Game` and its notations.

`botc` (a grimoire on one line, or a bag), `botc-ascii` (grimoire art), `botc-trace` (a
game's phases and events), `botc-script` (a script as the official Script Tool writes
it), `botc-townsquare` (the online grimoires' game state) and the logic puzzles'
`botc-puzzle` and `botc-puzzle-json`. `botc`, `botc-ascii` and `botc-townsquare` read
and write grimoires, so converting between them is a plain dump in the other notation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from meeple.botc.choices import CHARSETS, IDS, LAYOUTS, SCRIPTS
from meeple.errors import Finding
from meeple.game import (
    COLOR,
    Bridged,
    Document,
    Drawn,
    Form,
    Layered,
    Layers,
    Notation,
    Option,
    Sniff,
)

if TYPE_CHECKING:
    from meeple.botc.checks import Asked
    from meeple.botc.rules import State
    from meeple.commands import Group

SCRIPT_OPTION = Option(
    "script",
    f"Check the setup against this script: {', '.join(SCRIPTS)}, or a script JSON file.",
    commands=("check",),
)
BAG_OPTION = Option(
    "bag", "Compare the grimoire's roles with this bag, written {imp baron ...}.", ("check",)
)
PLAYERS_OPTION = Option(
    "players",
    "Check that the bag (a bag record, --bag, or else a grimoire's characters in play) is a"
    " legal set-up for this many players.",
    ("check",),
)
ABBREVIATE_OPTION = Option(
    "abbreviate",
    "Write reminder prefixes in botc-sat's short form (ww:townsfolk, poi:poisoned).",
    commands=("convert", "fmt"),
    flag=True,
)
IDS_OPTION = Option(
    "ids",
    "Spell official characters as the seed does (fortune_teller, the default) or as the"
    " Script Tool does (official: fortuneteller).",
    commands=("convert", "fmt", "setup"),
    choices=IDS,
)
HTML_OPTION = Option(
    "html", "Show the grimoire as an HTML fragment (a list of seats).", ("show",), flag=True
)
CHECKS = (SCRIPT_OPTION, BAG_OPTION, PLAYERS_OPTION)


def _art_options(*commands: str) -> tuple[Option, ...]:
    """How the grimoire art is drawn, offered on `commands`."""
    return (
        Option(
            "layout",
            "How seats spread over the sides of the grimoire art (default auto).",
            commands=commands,
            choices=LAYOUTS,
        ),
        Option("columns", "Mark each seat's column in the art, as (14).", commands, flag=True),
        Option(
            "charset",
            "Draw the art's box in unicode box drawing (default) or plain ascii (+ - |).",
            commands=commands,
            choices=CHARSETS,
        ),
    )


def _grimoire_options(*art_commands: str) -> tuple[Option, ...]:
    """What a grimoire's notations offer: checks against a script and bag, the pictures."""
    pictures = (HTML_OPTION, *_art_options(*art_commands), COLOR)
    return (*CHECKS, ABBREVIATE_OPTION, IDS_OPTION, *pictures)


class BotcTrace(Drawn):
    """A game trace: a grimoire line, then phases and events (`<N1> st!kills->Bob`)."""

    name = "botc-trace"
    title = "Blood on the Clocktower game trace: a grimoire line, then phases and events"
    extensions = (".trace",)
    options = (*_art_options("show"), COLOR, ABBREVIATE_OPTION)
    step_noun = "event"
    # A grimoire line, then (past blank and comment lines) a phase.
    sniff = Sniff(
        r"\A\s*\[[^\n]*\][ \t\r]*\n(?:[ \t\r]*(?:#[^\n]*)?\n)*\s*<"
        r"|\A\s*<(?:SETUP|NIGHT|DAWN|DAY|EVENING|[NDE][1-9][0-9]*)>"  # botc-sat's, no grimoire
    )

    def form(self) -> Form:
        from meeple.botc import trace

        return Form(trace.parse, trace.dump)

    def fmt(self, document: Document, abbreviate: bool | None = None, **_: Any) -> str:
        """The canonical trace; a trace written with botc-sat's short prefixes keeps them."""
        from meeple.botc.model import written_short

        return self.dump(document.model, abbreviate=abbreviate or written_short(document.text))

    def models(self) -> tuple[type, ...]:
        from meeple.botc.trace import Trace

        return (Trace,)

    def check(self, document: Document, **options: Any) -> Iterator[Finding]:
        from meeple.botc.checks import trace_findings

        return trace_findings(document)

    def replay(self, document: Document) -> Iterator[State]:
        """Every state of a trace; a broken mechanic is shown at its event."""
        from meeple.botc.rules import replay_document

        return replay_document(document)


class _Grimoires(Drawn, Bridged):
    """A notation of grimoires: drawn and converted to QGN by the game, checked against
    a script, a bag and the set-up rules (`--script`, `--bag`, `--players`)."""

    def check(
        self,
        document: Document,
        script: str | None = None,
        bag: str | None = None,
        players: str | None = None,
        **_: Any,
    ) -> Iterator[Finding]:
        from meeple.botc.checks import Asked

        return self.findings(document, Asked(script, bag, players))

    def findings(self, document: Document, asked: Asked) -> Iterator[Finding]:
        """The findings of `document` (meeple.botc.checks)."""
        raise NotImplementedError


class BotcLine(_Grimoires):
    """A grimoire on one line (`[Alice:imp *Bob:chef*]`), or a bag (`{imp baron chef}`)."""

    name = "botc"
    title = "Blood on the Clocktower grimoire on one line, or a bag of roles"
    extensions = (".botc",)
    options = _grimoire_options("show")
    qgn_keyed = True
    # `[Name:` (possibly `[*~~Name`) or a whole bag; QGN's `[key "x"]` has no colon after
    # the name. A bag is a whole line of roles between braces.
    sniff = Sniff(
        r"\A\s*\[ *\*?(?:~~)?[A-Za-z][A-Za-z0-9_]*(?:~~)?:|\A\s*\[ *\]\s*\Z"
        r"|\A\s*\{[ A-Za-z0-9_]*\}\s*\Z"
    )

    def form(self) -> Form:
        from meeple.botc import notation

        return Form(notation.parse, notation.dump_written)

    def fmt(
        self, document: Document, abbreviate: bool | None = None, ids: str | None = None, **_: Any
    ) -> str:
        """The canonical line; a line written with botc-sat's short prefixes keeps them."""
        from meeple.botc.model import written_short

        return self.dump(
            document.model, abbreviate=abbreviate or written_short(document.text), ids=ids
        )

    def models(self) -> tuple[type, ...]:
        from meeple.botc.model import Bag, Grimoire

        return (Grimoire, Bag)

    def findings(self, document: Document, asked: Asked) -> Iterator[Finding]:
        from meeple.botc.checks import line_findings

        return line_findings(document, asked)


class BotcArt(_Grimoires):
    """A grimoire drawn as ASCII art: the players round a box, clockwise."""

    name = "botc-ascii"
    title = "Blood on the Clocktower grimoire as ASCII art"
    extensions = (".grimoire",)
    options = _grimoire_options("show", "convert", "fmt", "setup")
    sniff = Sniff(r"\A\s*(?:┌─|\+-) Grim(?:oire)? ")

    def form(self) -> Form:
        from meeple.botc import ascii

        return Form(ascii.parse_art, ascii.dump_art)

    def fmt(self, document: Document, **options: Any) -> str:
        from meeple.botc import ascii

        return ascii.dump_art(document.model, **options, drawn=(document.text, document.source))

    def models(self) -> tuple[type, ...]:
        from meeple.botc.model import Grimoire

        return (Grimoire,)

    def findings(self, document: Document, asked: Asked) -> Iterator[Finding]:
        from meeple.botc.checks import art_findings

        return art_findings(document, asked)


class BotcScript(Notation):
    name = "botc-script"
    title = "Blood on the Clocktower script as the official Script Tool writes it (JSON)"
    extensions = (".json", ".script.json")
    options = (
        Option(
            "bundled",
            "Write the name of the bundled script this is (the same characters).",
            commands=("convert",),
            flag=True,
        ),
    )
    # A JSON array that starts with a string or an object (an Atlantis transcript is an object).
    sniff = Sniff(r"\A\ufeff?\s*\[\s*(?:\"|\{|\])")

    def form(self) -> Form:
        from meeple.botc import scriptfile

        return Form(scriptfile.parse, scriptfile.dump)

    def dump(self, model: Any, bundled: bool | None = None, **_: Any) -> str:
        """The script in the canonical layout, or with `bundled` the name of the bundled
        script with the same characters (ConversionError when there is none)."""
        from meeple.botc.script import bundled_name

        return bundled_name(model) + "\n" if bundled else super().dump(model)

    def models(self) -> tuple[type, ...]:
        from meeple.botc.scriptfile import ScriptFile

        return (ScriptFile,)

    def check(self, document: Document, **options: Any) -> Iterator[Finding]:
        from meeple.botc import scriptcheck

        return scriptcheck.findings(document.model, document.text, document.source)

    def notes(self, document: Document, **reading: Any) -> list[Finding]:
        """What the commands that read a script leave out of it (an id that names no
        character, a night step off the script): they print these on stderr."""
        from meeple.botc import scriptcheck

        return list(scriptcheck.left_out(document.model, document.text, document.source))

    def named(self, name: str) -> str | None:
        """The text of the bundled script called `name`, or None."""
        from meeple.botc import scriptfile
        from meeple.botc.script import bundled

        return scriptfile.dump(bundled(name)) if name in SCRIPTS else None

    def render(self, thing: Any, **options: Any) -> str:
        """The script's characters, team by team (`meeple show`)."""
        from meeple.botc.sheet import character_list

        return character_list(thing).removesuffix("\n")


class BotcTownSquare(_Grimoires):
    name = "botc-townsquare"
    title = "Blood on the Clocktower game state of the online grimoires (townsquare JSON)"
    extensions = (".json",)
    options = (*CHECKS, HTML_OPTION, *_art_options("show"), COLOR)

    def form(self) -> Form:
        from meeple.botc import townsquare

        return Form(townsquare.parse, townsquare.dump, townsquare.looks_like)

    def models(self) -> tuple[type, ...]:
        from meeple.botc.model import Grimoire
        from meeple.botc.townsquare import TownSquare

        return (TownSquare, Grimoire)

    def findings(self, document: Document, asked: Asked) -> Iterator[Finding]:
        from meeple.botc.checks import townsquare_findings

        return townsquare_findings(document, asked)


class BotcPuzzle(Notation):
    name = "botc-puzzle"
    title = "Blood on the Clocktower logic puzzle: seats, claims, what each learned and when"
    extensions = (".puzzle",)

    def form(self) -> Form:
        from meeple.botc.puzzle import notation

        return Form(notation.parse, notation.dump, notation.looks_like)

    def models(self) -> tuple[type, ...]:
        from meeple.botc.puzzle.model import Puzzle

        return (Puzzle,)

    def check(self, document: Document, **options: Any) -> Iterator[Finding]:
        """The puzzle's worlds, counted: one is what a published puzzle has."""
        from meeple.botc.solver.report import puzzle_findings

        return puzzle_findings(document.model, document.text, document.source)


class BotcPuzzleJson(BotcPuzzle):
    """A logic puzzle as jthemphill/botc-solvers' JSON (the same model)."""

    name = "botc-puzzle-json"
    title = "Blood on the Clocktower logic puzzle as jthemphill/botc-solvers' JSON"
    extensions = (".json",)
    options = (
        Option(
            "drop_house_rules",
            "Write a puzzle's JSON without its house rules (meepleHouseRules empty).",
            commands=("convert",),
            flag=True,
        ),
    )

    def form(self) -> Form:
        from meeple.botc.puzzle import jsonform

        return Form(jsonform.parse, jsonform.dump, jsonform.looks_like)

    def dropped(self, model: Any, **options: Any) -> tuple[str, ...]:
        from meeple.botc.puzzle import jsonform

        return jsonform.dropped(model, **options)

    def notes(self, document: Document, **reading: Any) -> list[Finding]:
        """The house rules a file without meeple's `meepleHouseRules` is read under (its
        writer's solver's conventions): the commands that read it print them on stderr."""
        from meeple.botc.puzzle import jsonform

        return jsonform.notes(document.model, document.text, document.source)

    def check(self, document: Document, **options: Any) -> Iterator[Finding]:
        """The house rules it was read under (`notes`), then the puzzle's worlds, counted."""
        yield from self.notes(document)
        yield from super().check(document, **options)


def _commands() -> Group:
    """`meeple botc`, imported when it is used."""
    from meeple.botc.commands import BOTC

    return BOTC


class Botc(Layered):
    """Blood on the Clocktower: the storyteller's grimoire, scripts, traces and puzzles."""

    name = "botc"
    notation_kinds = (
        BotcTrace,
        BotcLine,
        BotcArt,
        BotcScript,
        BotcTownSquare,
        BotcPuzzle,
        BotcPuzzleJson,
    )
    qgn_key = "botc"
    commands = (("botc", _commands),)

    def layers(self) -> Layers:
        from meeple.botc import qgn, views

        return Layers(views.render, views.svg, views.marks, views.state_json, qgn)

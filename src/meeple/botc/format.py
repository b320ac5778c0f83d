"""The registry entries for Blood on the Clocktower: `botc` (single line, bags) and `botc-ascii`.

Both read and write the same `Grimoire` model, so converting between them is a
plain dump in the other notation. Checks run the naming lints always and the
script's setup checks when `--script` names one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from meeple.botc.ascii import parse_art, read_art, render_grimoire
from meeple.botc.layout import LAYOUTS
from meeple.botc.model import Bag, Grimoire, Placed
from meeple.botc.notation import dump, format_bag, parse, parse_bag, read_bag, read_grimoire
from meeple.botc.qgn_bridge import KEY, from_qgn, to_qgn
from meeple.botc.script import (
    SCRIPTS,
    bag_convention_findings,
    bag_findings,
    bag_script_findings,
    convention_findings,
    load_script,
    script_findings,
)
from meeple.errors import Finding, NotationError
from meeple.registry import Document, Format, Option

# `[Name:` (possibly `[*~~Name`) or a whole bag; QGN's `[key "x"]` has no colon after the name.
_LOOKS_LIKE_LINE = re.compile(r"\A\s*\[ *\*?(?:~~)?[A-Za-z][A-Za-z0-9_]*(?:~~)?:|\A\s*\[ *\]\s*\Z")
_LOOKS_LIKE_BAG = re.compile(r"\A\s*\{[ A-Za-z0-9_]*\}\s*\Z")
_LOOKS_LIKE_ART = re.compile(r"\A\s*┌─ Grimoire")

SCRIPT_OPTION = Option(
    "script", "Check the setup against this script's roles.", commands=("check",), choices=SCRIPTS
)
BAG_OPTION = Option(
    "bag", "Compare the grimoire's roles with this bag, written {imp baron ...}.", ("check",)
)


def _art_options(*commands: str) -> tuple[Option, ...]:
    return (
        Option(
            "layout",
            "How seats spread over the sides of the grimoire art (default auto).",
            commands=commands,
            choices=LAYOUTS,
        ),
        Option("columns", "Mark each seat's column in the art, as (14).", commands, flag=True),
    )


def _sniff_line(text: str) -> bool:
    return bool(_LOOKS_LIKE_LINE.match(text) or _LOOKS_LIKE_BAG.match(text))


def _check_line(
    document: Document, script: str | None = None, bag: str | None = None
) -> Iterator[Finding]:
    text, source = document.text, document.source
    if isinstance(document.model, Bag):
        roles = read_bag(text, source)
        yield from bag_convention_findings(roles, text, source)
        if script:
            yield from bag_script_findings(roles, load_script(script), text, source)
        if bag is not None:
            message = "--bag compares a grimoire with a bag, and this record is a bag"
            raise NotationError.at(text, len(text) - len(text.lstrip()), message, source)
        return
    yield from _grimoire_findings(read_grimoire(text, source), text, source, script, bag)


def _check_art(
    document: Document, script: str | None = None, bag: str | None = None
) -> Iterator[Finding]:
    placed = read_art(document.text, document.source)
    yield from _grimoire_findings(placed, document.text, document.source, script, bag)


def _grimoire_findings(
    placed: Placed, text: str, source: str, script: str | None, bag: str | None
) -> Iterator[Finding]:
    yield from convention_findings(placed, text, source)
    if script:
        yield from script_findings(placed, load_script(script), text, source)
    if bag is not None:
        yield from bag_findings(placed, parse_bag(bag, "--bag"), text, source)


def _dump_line(model: Grimoire | Bag, **_: Any) -> str:
    return dump(model)


def _dump_art(model: Grimoire, layout: str | None = None, columns: bool | None = None) -> str:
    return render_grimoire(model, layout or "auto", bool(columns))


def _render(model: Grimoire | Bag, layout: str | None = None, columns: bool | None = None) -> str:
    """The picture `meeple show` prints (it adds the final newline itself)."""
    if isinstance(model, Bag):
        return format_bag(model)
    return _dump_art(model, layout, columns).removesuffix("\n")


FORMATS = (
    Format(
        name="botc",
        title="Blood on the Clocktower grimoire on one line, or a bag of roles",
        model=(Grimoire, Bag),
        parse=parse,
        dump=_dump_line,
        sniff=_sniff_line,
        extensions=(".botc",),
        options=(SCRIPT_OPTION, BAG_OPTION, *_art_options("show")),
        check=_check_line,
        render=_render,
        to_qgn=to_qgn,
        from_qgn=from_qgn,
        qgn_key=KEY,
    ),
    Format(
        name="botc-ascii",
        title="Blood on the Clocktower grimoire as ASCII art",
        model=Grimoire,
        parse=parse_art,
        dump=_dump_art,
        sniff=lambda text: _LOOKS_LIKE_ART.match(text) is not None,
        extensions=(".grimoire",),
        options=(SCRIPT_OPTION, BAG_OPTION, *_art_options("show", "convert", "fmt")),
        check=_check_art,
        render=_render,
        to_qgn=to_qgn,
        from_qgn=from_qgn,
    ),
)

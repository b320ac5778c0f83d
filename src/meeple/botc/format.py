"""The registry entries for Blood on the Clocktower: `botc` (single line, bags) and `botc-ascii`.

Both read and write the same `Grimoire` model, so converting between them is a
plain dump in the other notation. Checks run the naming lints always and the
script's setup checks when `--script` names one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from meeple.botc.model import Bag, Grimoire
from meeple.botc.notation import dump, parse, read_bag, read_grimoire
from meeple.botc.script import (
    SCRIPTS,
    bag_convention_findings,
    bag_script_findings,
    convention_findings,
    load_script,
    script_findings,
)
from meeple.errors import Finding
from meeple.registry import Document, Format, Option

# `[Name:` (possibly `[*~~Name`) or a whole bag; QGN's `[key "x"]` has no colon after the name.
_LOOKS_LIKE_LINE = re.compile(r"\A\s*\[ *\*?(?:~~)?[A-Za-z][A-Za-z0-9_]*(?:~~)?:|\A\s*\[ *\]\s*\Z")
_LOOKS_LIKE_BAG = re.compile(r"\A\s*\{[ A-Za-z0-9_]*\}\s*\Z")

SCRIPT_OPTION = Option(
    "script", "Check the setup against this script's roles.", commands=("check",), choices=SCRIPTS
)


def _sniff_line(text: str) -> bool:
    return bool(_LOOKS_LIKE_LINE.match(text) or _LOOKS_LIKE_BAG.match(text))


def _check_line(document: Document, script: str | None = None, **_: Any) -> Iterator[Finding]:
    text, source = document.text, document.source
    if isinstance(document.model, Bag):
        roles = read_bag(text, source)
        yield from bag_convention_findings(roles, text, source)
        if script:
            yield from bag_script_findings(roles, load_script(script), text, source)
        return
    placed = read_grimoire(text, source)
    yield from convention_findings(placed, text, source)
    if script:
        yield from script_findings(placed, load_script(script), text, source)


def _dump_line(model: Grimoire | Bag, **_: Any) -> str:
    return dump(model)


FORMATS = (
    Format(
        name="botc",
        title="Blood on the Clocktower grimoire on one line, or a bag of roles",
        model=(Grimoire, Bag),
        parse=parse,
        dump=_dump_line,
        sniff=_sniff_line,
        extensions=(".botc",),
        options=(SCRIPT_OPTION,),
        check=_check_line,
    ),
)

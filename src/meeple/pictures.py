"""What every SVG and HTML picture needs: text made safe to put inside XML.

Names and values in records may hold anything, including characters XML 1.0 cannot
carry (C0 controls other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF).
`xml_text` escapes markup and shows those as visible pictures, so every picture stays
well-formed and says what was there. This module draws nothing itself.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from meeple.errors import Unsupported

if TYPE_CHECKING:
    from meeple.registry import Registered

# Characters XML 1.0 does not allow in a document. Compiled by `re` on first use (and
# kept in its cache): compiling it costs a millisecond, which `meeple check` never needs.
_NOT_XML = "[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]"


def _picture(match: re.Match[str]) -> str:
    code = ord(match[0])
    return chr(0x2400 + code) if code < 0x20 else "\ufffd"


# The markup characters, escaped by hand: xml.sax.saxutils would pull urllib.request,
# http.client and ssl into every `meeple` start-up (issue 13).
_MARKUP = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def xml_text(text: str) -> str:
    """`text` escaped for XML element content or a double-quoted attribute."""
    return re.sub(_NOT_XML, _picture, text).translate(_MARKUP)


class Pictured:
    """Rich display in Jupyter for a game's records and states (a mixin, no state).

    `_repr_svg_` is the picture `meeple show --svg` draws: a state's own, or a record's
    final position, drawn by the game the class names (`game = Registered("flows")`,
    meeple.registry). A kind that has no picture (a bag of roles) gives None, and the
    notebook shows its text. The viewer, stepping through a record, sits above the games:
    `meeple.viewer.Notebook(record)`.
    """

    __slots__ = ()

    game: ClassVar[Registered]

    def _repr_svg_(self) -> str | None:
        try:
            return self.game.svg(self)
        except Unsupported:
            return None

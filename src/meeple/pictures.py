"""What every SVG and HTML picture needs: text made safe to put inside XML.

Names and values in records may hold anything, including characters XML 1.0 cannot
carry (C0 controls other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF).
`xml_text` escapes markup and shows those as visible pictures, so every picture stays
well-formed and says what was there. This module draws nothing itself.
"""

from __future__ import annotations

import re

# Characters XML 1.0 does not allow in a document.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _picture(match: re.Match[str]) -> str:
    code = ord(match[0])
    return chr(0x2400 + code) if code < 0x20 else "\ufffd"


# The markup characters, escaped by hand: xml.sax.saxutils would pull urllib.request,
# http.client and ssl into every `meeple` start-up (issue 13).
_MARKUP = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def xml_text(text: str) -> str:
    """`text` escaped for XML element content or a double-quoted attribute."""
    return _NOT_XML.sub(_picture, text).translate(_MARKUP)


class Pictured:
    """Rich display in Jupyter for a game's records and states (a mixin, no state).

    `_repr_svg_` is the picture `meeple show --svg` draws: a state's own, or a record's
    final position, drawn by the game the class names (`game = Registered("flows")`,
    meeple.registry). A record that replays also has `_repr_html_`: the viewer, stepping
    through it, with the final position drawn even where the notebook runs no script.
    Where there is no picture (a bag of roles), both give None and the notebook shows
    the text form.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str | None:
        from meeple.errors import MeepleError
        from meeple.game import Game

        game = getattr(type(self), "game", None)
        try:
            if isinstance(game, Game):
                return game.svg(self)
            return _svg_of(self)  # a game not yet on `Game` (quibbble's)
        except (MeepleError, TypeError, ValueError):
            return None

    def _repr_html_(self) -> str | None:
        from meeple import registry
        from meeple.errors import MeepleError

        try:
            fmt = registry.for_model(self)
        except (TypeError, ValueError):
            return None  # a state: its SVG is its picture
        from meeple.viewer.page import fragment, titled, viewing

        text = fmt.dump(self)
        try:
            view = viewing(text, f"<{type(self).__name__}>", fmt.name)
        except MeepleError:
            return None
        view = titled(view, fmt.step_noun)  # no file name: `Atlantis: 12 moves`
        if len(view.frames) < 2:
            return None  # nothing to step through: the SVG says it all
        import hashlib

        name = "meeple-" + hashlib.sha256(text.encode()).hexdigest()[:10]
        return fragment(view, name)


def _svg_of(thing: object) -> str:
    """The SVG picture of a record (its final position) or of a game state, for a game
    not yet on `Game` (its states and records do not know their game)."""
    from meeple import registry

    try:
        registry.for_model(thing)
    except (TypeError, ValueError):
        # A state: drawn by the `svg` hook of its game's record format, which takes the
        # states its replay yields.
        package = ".".join(type(thing).__module__.split(".")[:2]) + "."
        for fmt in registry.formats():
            ours = fmt.game.name == package.split(".")[1]
            if ours and fmt.can("svg") and fmt.can("replay"):
                return fmt.svg(thing)
        from meeple.errors import Unsupported

        raise Unsupported(f"no picture of {type(thing).__name__} objects") from None
    import meeple

    return meeple.render(thing, svg=True)

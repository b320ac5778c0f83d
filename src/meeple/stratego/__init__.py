"""Stratego as quibbble records it: QGN games with `[key "stratego"]`, a `[seed]` that
sets the units up and a `[variant]` (classic, quick_battle) that picks the board."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.stratego import svg as svg  # the submodule
    from meeple.stratego.game import GAME as GAME
    from meeple.stratego.game import Stratego as Stratego
    from meeple.stratego.game import dump as dump
    from meeple.stratego.game import parse as parse
    from meeple.stratego.game import render as render
    from meeple.stratego.model import RANKS as RANKS
    from meeple.stratego.model import VARIANTS as VARIANTS
    from meeple.stratego.model import Move as Move
    from meeple.stratego.model import Record as Record
    from meeple.stratego.model import Switch as Switch
    from meeple.stratego.model import Unit as Unit
    from meeple.stratego.model import Variant as Variant
    from meeple.stratego.rules import State as State
    from meeple.stratego.rules import replay as replay
    from meeple.stratego.rules import setup as setup
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)

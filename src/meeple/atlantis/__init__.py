"""Atlantis: JSON transcripts of the hex-board game, read, checked, replayed and drawn."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.atlantis import svg as svg  # the submodule
    from meeple.atlantis.ascii import render as render
    from meeple.atlantis.model import Chat as Chat
    from meeple.atlantis.model import FieldRef as FieldRef
    from meeple.atlantis.model import Move as Move
    from meeple.atlantis.model import OtherEvent as OtherEvent
    from meeple.atlantis.model import Player as Player
    from meeple.atlantis.model import Segment as Segment
    from meeple.atlantis.model import Transcript as Transcript
    from meeple.atlantis.model import Turn as Turn
    from meeple.atlantis.model import field_name as field_name
    from meeple.atlantis.notation import diagnose as diagnose
    from meeple.atlantis.notation import dump as dump
    from meeple.atlantis.notation import parse as parse
    from meeple.atlantis.notation import parse_field_ref as parse_field_ref
    from meeple.atlantis.qgn import from_qgn as from_qgn
    from meeple.atlantis.qgn import to_qgn as to_qgn
    from meeple.atlantis.rules import Area as Area
    from meeple.atlantis.rules import Field as Field
    from meeple.atlantis.rules import State as State
    from meeple.atlantis.rules import replay as replay
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)

"""Every character the solver knows, by official id: one unit each."""

from __future__ import annotations

from collections.abc import Mapping

from meeple.botc.solver.demons import DEMONS
from meeple.botc.solver.experimental import EXPERIMENTAL, EXPERIMENTAL_MISC, EXPERIMENTAL_MORE
from meeple.botc.solver.minions import MINIONS, MINIONS_MISC
from meeple.botc.solver.outsiders import OUTSIDERS
from meeple.botc.solver.sects import SECTS
from meeple.botc.solver.townsfolk import TOWNSFOLK
from meeple.botc.solver.units import Unit

CAST: Mapping[str, Unit] = {
    unit.id: unit() for unit in (*TOWNSFOLK, *SECTS, *EXPERIMENTAL, *OUTSIDERS, *MINIONS, *DEMONS)
}
"""The unit of every character the solver models, by official id."""
CAST = {**CAST, **{unit.id: unit() for unit in (*EXPERIMENTAL_MORE,)}}
CAST = {**CAST, **{unit.id: unit() for unit in (*EXPERIMENTAL_MISC, *MINIONS_MISC)}}

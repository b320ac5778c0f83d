"""Every character the solver knows, by official id: one unit each."""

from __future__ import annotations

from collections.abc import Mapping

from meeple.botc.solver.demons import DEMONS, DEMONS_MISC, FANG_GU
from meeple.botc.solver.experimental import (
    EXPERIMENTAL,
    EXPERIMENTAL_BMR,
    EXPERIMENTAL_MISC,
    EXPERIMENTAL_MORE,
)
from meeple.botc.solver.minions import FANG_GU_MINIONS, MINIONS, MINIONS_MISC
from meeple.botc.solver.moonrise import MOONRISE
from meeple.botc.solver.outsiders import (
    FANG_GU_OUTSIDERS,
    MOONRISE_OUTSIDERS,
    OUTSIDERS,
    OUTSIDERS_MISC,
)
from meeple.botc.solver.sects import FANG_GU_SECTS, SECTS
from meeple.botc.solver.townsfolk import FANG_GU_TOWNSFOLK, TOWNSFOLK, TOWNSFOLK_MISC
from meeple.botc.solver.units import Unit

CAST: Mapping[str, Unit] = {
    unit.id: unit() for unit in (*TOWNSFOLK, *SECTS, *EXPERIMENTAL, *OUTSIDERS, *MINIONS, *DEMONS)
}
"""The unit of every character the solver models, by official id."""
CAST = {**CAST, **{unit.id: unit() for unit in (*EXPERIMENTAL_MORE,)}}
CAST = {**CAST, **{unit.id: unit() for unit in (*MOONRISE, *EXPERIMENTAL_BMR)}}
"""With the characters of branch g40/bmr."""
FANG_GU_CAST = (*FANG_GU_TOWNSFOLK, *FANG_GU_SECTS, *FANG_GU_OUTSIDERS, *FANG_GU_MINIONS, *FANG_GU)
CAST = {**CAST, **{unit.id: unit() for unit in FANG_GU_CAST}}
"""With the characters of the Fang Gu's puzzles (branch g40/fanggu)."""
CAST = {
    **CAST,
    **{
        unit.id: unit()
        for unit in (
            *TOWNSFOLK_MISC,
            *EXPERIMENTAL_MISC,
            *OUTSIDERS_MISC,
            *MINIONS_MISC,
            *DEMONS_MISC,
        )
    },
}
CAST = {**CAST, **{unit.id: unit() for unit in MOONRISE_OUTSIDERS}}
"""With the Outsiders of A Clean Sweep (branch g40/sweep)."""

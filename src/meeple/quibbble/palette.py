"""The colour of each quibbble team in SVG pictures: each team its own, named hues kept.

quibbble names its teams after colours, so a team called by one of the palette's hues
is drawn in that hue's shade (docs/formats/qgn.md says how ties are broken). Colours
only: each game's `svg` module draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

# Okabe and Ito's colour-blind-safe palette, by seat.
SEAT_SHADES = ("#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9")
NAMED_SHADES = {
    "red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "orange": "#E69F00",
    "yellow": "#F0E442", "pink": "#CC79A7", "purple": "#8E5BA8", "sky": "#56B4E9",
    "black": "#333333", "white": "#F4F4F4", "brown": "#8B5A2B", "grey": "#999999",
    "gray": "#999999",
}  # fmt: skip


SPARE_SHADES = tuple(dict.fromkeys((*SEAT_SHADES, *NAMED_SHADES.values())))
"""Every shade, the palette's first: where a team's seat colour is another's."""


def team_shade(teams: Sequence[str], seat: int) -> str:
    """The SVG colour of the team in `seat` (0-based), one no other team has: the hue it
    is named after if no other team's name takes that hue (`Blue` and `blue` both do),
    else the seat's colour of the palette, else the first shade no team has yet."""
    return team_shades(tuple(teams))[seat]


@lru_cache(maxsize=64)
def team_shades(teams: tuple[str, ...]) -> tuple[str, ...]:
    """The colour of each team (`team_shade`), distinct while there are shades to go."""
    named = [NAMED_SHADES.get(team.strip().casefold()) for team in teams]
    owned = {shade for shade in named if shade is not None and named.count(shade) == 1}
    shades: list[str] = []
    for seat, hue in enumerate(named):
        if hue is not None and hue in owned:
            shades.append(hue)
            continue
        taken = owned.union(shades)
        free = [spare for spare in SPARE_SHADES if spare not in taken]
        shade = SEAT_SHADES[seat % len(SEAT_SHADES)]
        shades.append(shade if shade not in taken or not free else free[0])
    return tuple(shades)

"""Hypothesis strategies for grimoires and bags (shared by the botc tests)."""

from __future__ import annotations

import string

from hypothesis import strategies as st

from meeple.botc.model import BOTC_SAT_ABBREVIATIONS, Bag, Grimoire, Life, ReminderToken, Seat

LETTERS = string.ascii_letters
REST = LETTERS + string.digits + "_"


def _identifiers(longest: int) -> st.SearchStrategy[str]:
    """Identifiers of 1 to `longest` characters: a letter, then letters, digits or '_'."""
    return st.builds(
        str.__add__, st.sampled_from(LETTERS), st.text(alphabet=REST, max_size=longest - 1)
    )


identifiers = _identifiers(20)
short_identifiers = _identifiers(6)
# botc-sat's short prefixes read as the roles they stand for: a model holds full role ids.
prefixes = (short_identifiers | identifiers).filter(lambda r: r not in BOTC_SAT_ABBREVIATIONS)
reminder_tokens = st.builds(ReminderToken, name=identifiers, role=st.none() | prefixes)


def _seats(
    roles: st.SearchStrategy[str], tokens: st.SearchStrategy[ReminderToken], most: int
) -> st.SearchStrategy[Seat]:
    return st.builds(
        Seat,
        player=identifiers,
        role=roles,
        tokens=st.lists(tokens, max_size=most).map(tuple),
        life=st.sampled_from(Life),
    )


seats = _seats(identifiers, reminder_tokens, 5)


def grimoires(min_size: int = 0, max_size: int = 20) -> st.SearchStrategy[Grimoire]:
    """Grimoires of `min_size` to `max_size` seats with distinct player names."""
    return st.lists(
        seats, min_size=min_size, max_size=max_size, unique_by=lambda seat: seat.player
    ).map(lambda found: Grimoire(tuple(found)))


bags = st.lists(identifiers, max_size=20).map(Bag.of)


NAMES = "Alice Bartholomew Cy Dee Evangeline Frank Grace Hannah Ian Josephine Kate Leo Mark Nia Oz"
ROLES = [
    "fortune_teller",
    "scarlet_woman",
    "imp",
    "washerwoman",
    "poisoner",
    "monk",
    "butler",
    "librarian",
]
REMINDERS = [
    "poisoner:poisoned",
    "fortune_teller:red_herring",
    "imp:dead",
    "washerwoman:townsfolk",
    "is_the_drunk",
    "monk:safe",
    "virgin:no_ability",
]


def crowded_grimoire(count: int) -> str:
    """A grimoire of `count` players (up to 15) with two to four reminder tokens a seat:
    the town square's hardest case (tests/botc/test_svg.py, tests/viewer/)."""
    written = []
    for number, player in enumerate(NAMES.split()[:count]):
        tokens = [REMINDERS[(number + k) % len(REMINDERS)] for k in range(2 + number % 3)]
        written.append(f"{player}:{ROLES[number % len(ROLES)]}({','.join(tokens)})")
    return "[" + " ".join(written) + "]"


# The full alphabet the single line accepts (docs/formats/botc.md): a role, a token's role
# prefix and a bare token may be a homebrew id with hyphens between its parts.
_PARTS = st.lists(st.text(alphabet=REST, min_size=1, max_size=4), max_size=3)
role_ids = st.builds(lambda head, parts: "-".join([head, *parts]), short_identifiers, _PARTS)
every_reminder_token = st.builds(ReminderToken, name=role_ids) | st.builds(
    ReminderToken,
    name=identifiers,
    role=role_ids.filter(lambda r: r not in BOTC_SAT_ABBREVIATIONS),
)
every_name_grimoires = st.lists(
    _seats(role_ids, every_reminder_token, 4), max_size=8, unique_by=lambda seat: seat.player
).map(lambda found: Grimoire(tuple(found)))
"""Grimoires over every name the single line accepts, hyphenated homebrew ids included."""

"""A Blood on the Clocktower logic puzzle: who sits where, what each player claims and
learned, what happened when, and what the author adds by hand. Frozen values, no
parsing, no I/O.

A `Puzzle` holds the players in seat order (clockwise), the script, the set-up mode, the
timeline of `Event`s, the `Claim`s and the author's constraints (`Sentence`s). A claim
is what one player says: the character they claim (meeple's id, the seed's spelling:
`fortune_teller`), what they may secretly be (the hidden-self convention: "You" may be
the Drunk), and what they learned, as a tuple of information items. Each item is a small
value named for what it says (`Shown`: "one of Alice, Bob is the Librarian"; `Number`:
"0"; `Reading`: a Fortune Teller's yes or no), and may carry its own `Time`; an item
without one happened at the claim's time. A player may have several claims (an Empath's
every night, each with its time); `Puzzle.learned(player)` gathers them as
(time, item) pairs.

Both notations read into this model: jthemphill/botc-solvers' puzzle JSON
(`meeple.botc.puzzle.jsonform`) and meeple's `botc-puzzle` text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from meeple.botc.puzzle.expression import Node
from meeple.registry import Registered

Phase = Literal["night", "day"]
SETUPS = ("standard", "none", "atheist")
"""How the bag is checked: by the player count's teams (standard), not at all (none),
or the Atheist's game, where every player may be good."""

DEATHS = (
    "execution",
    "night_death",
    "nomination_death",
    "slayer_shot",
    "witch_curse",
    "tinker_death",
    "doomsayer_death",
)
"""The timeline events in which players die."""
EVENTS = (*DEATHS, "survived_execution", "resurrection")
"""Every kind of timeline event."""
NO_DEAD_KILLS = "no night kill on a dead player"
NO_DEMON_EXECUTED = "no execution or nomination death of a starting demon"
CURSE_NEEDS_LIVING_WITCH = "a witch curse told with its nominator needs a living witch"
HOUSE_RULES = (NO_DEAD_KILLS, NO_DEMON_EXECUTED, CURSE_NEEDS_LIVING_WITCH)
"""The Storyteller's conventions a puzzle may state beside the rules (`house rule:`).
NO_DEAD_KILLS: every kill at night (a Demon's choice, a Gossip's death) falls on a
living player, so neither a kill on the dead nor two on one player. NO_DEMON_EXECUTED:
no player who started as a Demon dies at an execution or a nomination death, but where
the game may go on by that Demon's own ability or another's on the script (the Legion's
and the Zombuul's, the Riot's nomination deaths: `Unit.dies_as_starting_demon`,
`Unit.spares_starting_demons`). CURSE_NEEDS_LIVING_WITCH: a witch curse the timeline
tells with its nominator (and not `acted before death`) kills only while the Witch is
alive and sober at the nomination, so not one the Vigormortis killed."""


@dataclass(frozen=True)
class Time:
    """A night or a day of the game: night 1 comes first, then day 1, night 2, ..."""

    phase: Phase
    number: int

    @property
    def order(self) -> int:
        """Its place in the game: night 1 is 0, day 1 is 1, night 2 is 2, ..."""
        return 2 * (self.number - 1) + (self.phase == "day")

    def __lt__(self, other: Time) -> bool:
        return self.order < other.order

    def __str__(self) -> str:
        return f"{self.phase} {self.number}"


@dataclass(frozen=True)
class Sentence:
    """A sentence of the puzzle's set-and-relation language (`one demons.~role`): the text
    as written and its tree. Two sentences are equal when their trees are: spacing and
    spelling (`=` or `==`, `&&` or `and`) aside."""

    text: str = field(compare=False)
    tree: Node

    def __str__(self) -> str:
        return str(self.tree)


@dataclass(frozen=True)
class Event:
    """Something that happened in the open: `kind` is one of EVENTS."""

    kind: str
    when: Time
    players: tuple[str, ...]
    caller: str | None = None
    """Who caused it, where the puzzle says (the Slayer who shot, the nominator...)."""
    acted_before_death: bool = False
    """The cause's player acted that night before dying (a Witch's curse that stands)."""

    @property
    def dies(self) -> bool:
        """Whether its players die in it."""
        return self.kind in DEATHS


# What players learned. `when` is None when it is the claim's time.


@dataclass(frozen=True)
class Shown:
    """One of `among` is the `role` (Washerwoman, Librarian, Investigator); a Librarian
    shown no one (`among` empty, no role) learned that there are no Outsiders."""

    role: str | None
    among: tuple[str, ...]
    when: Time | None = None


@dataclass(frozen=True)
class Number:
    """A number learned: the Chef's pairs, the Empath's evil neighbours, the Oracle's
    dead evil, the Clockmaker's distance, the Mathematician's malfunctions, how many of a
    Juggler's guesses were right, a Legionary's count (among the `alive` players named)."""

    count: int
    alive: tuple[str, ...] | None = None
    when: Time | None = None


@dataclass(frozen=True)
class Reading:
    """A Fortune Teller's pick of two players and the answer: is either the Demon?"""

    left: str
    right: str
    yes: bool
    when: Time | None = None


@dataclass(frozen=True)
class Woke:
    """A Chambermaid's pick of two players and how many of them woke for their ability."""

    left: str
    right: str
    count: int
    when: Time | None = None


@dataclass(frozen=True)
class Seen:
    """A player's character learned: the Undertaker's executed player, the
    Ravenkeeper's pick, the Grandmother's grandchild (either may be unstated)."""

    player: str | None
    role: str | None
    when: Time | None = None


@dataclass(frozen=True)
class Dream:
    """A Dreamer's pick and the two characters shown, one good and one evil."""

    player: str | None
    roles: tuple[str, ...]
    when: Time | None = None


@dataclass(frozen=True)
class Guess:
    """A guess that a player is a character: the Gambler's, or one of a Juggler's."""

    player: str
    role: str
    when: Time | None = None


@dataclass(frozen=True)
class PuzzleGuess:
    """A Puzzlemaster's guess of who is drunk, and the player shown as the Demon."""

    player: str
    demon: str
    when: Time | None = None


@dataclass(frozen=True)
class ProdigyCheck:
    """A Prodigy's pick and the player learned."""

    chosen: str
    learned: str
    when: Time | None = None


@dataclass(frozen=True)
class Choice:
    """Players chosen (an Exorcist's, Sailor's, Devil's Advocate's, Godfather's or
    Innkeeper's pick, a Princess's nominee, a Klutz's, Moonchild's, Assassin's or
    Professor's target) and, for an Acrobat, whether the chosen player died."""

    players: tuple[str, ...]
    died: bool | None = None
    when: Time | None = None


@dataclass(frozen=True)
class Alignment:
    """A player learned good or evil: a Village Idiot's pick, the Steward's good player."""

    player: str
    good: bool
    when: Time | None = None


@dataclass(frozen=True)
class DemonCheck:
    """A Snake Charmer's pick and whether it was the Demon."""

    player: str
    demon: bool
    when: Time | None = None


@dataclass(frozen=True)
class DemonAmong:
    """The Demon is among these players (a Sage's) or not (a Knight's)."""

    among: tuple[str, ...]
    yes: bool
    when: Time | None = None


@dataclass(frozen=True)
class EvilAmong:
    """A Noble's three players and how many of them are evil."""

    among: tuple[str, ...]
    count: int
    when: Time | None = None


@dataclass(frozen=True)
class Aligned:
    """A Seamstress's two players and whether they are the same alignment (None: not
    said)."""

    among: tuple[str, ...]
    same: bool | None
    when: Time | None = None


@dataclass(frozen=True)
class Roles:
    """Characters named: the Godfather's in-play Outsiders, the Philosopher's chosen
    character, the Courtier's pick (and the times it made that character drunk)."""

    roles: tuple[str, ...]
    drunk: tuple[Time, ...] = ()
    when: Time | None = None


@dataclass(frozen=True)
class Direction:
    """The Shugenja's answer: the nearest evil player is clockwise or anticlockwise."""

    clockwise: bool
    when: Time | None = None


@dataclass(frozen=True)
class Nominations:
    """A Town Crier's day (did a Minion nominate?) or a Flowergirl's (did the Demon
    vote?): the players who nominated or voted, and the answer."""

    players: tuple[str, ...]
    yes: bool
    when: Time | None = None


@dataclass(frozen=True)
class DifferentTypes:
    """Two players a Balloonist saw in a row: different character types."""

    left: str
    right: str
    when: Time | None = None


@dataclass(frozen=True)
class Shot:
    """The Slayer's shot: at whom, whether the target died, whether the game went on."""

    target: str | None
    killed: bool | None = None
    game_continued: bool | None = None
    when: Time | None = None


@dataclass(frozen=True)
class Nominated:
    """The Virgin was nominated: by whom, and whether the nominator was executed."""

    nominator: str | None
    executed: bool | None = None
    when: Time | None = None


@dataclass(frozen=True)
class Watched:
    """The Nightwatchman's pick: whether they learned who it was, whether the chosen
    player confirmed it."""

    chosen: str | None
    learned: bool | None = None
    confirmed: bool | None = None
    when: Time | None = None


@dataclass(frozen=True)
class Statement:
    """A sentence the player learned is true (custom information, a Gossip's statement,
    an Artist's answer), possibly tied to the character it came from."""

    sentence: Sentence | None
    role: str | None = None
    when: Time | None = None


@dataclass(frozen=True)
class Options:
    """A Savant's day: of the sentences, exactly one is true."""

    sentences: tuple[Sentence, ...]
    when: Time | None = None


Info = (
    Shown
    | Number
    | Reading
    | Woke
    | Seen
    | Dream
    | Guess
    | PuzzleGuess
    | ProdigyCheck
    | Choice
    | Alignment
    | DemonCheck
    | DemonAmong
    | EvilAmong
    | Aligned
    | Roles
    | Direction
    | Nominations
    | DifferentTypes
    | Shot
    | Nominated
    | Watched
    | Statement
    | Options
)
"""One thing a player learned or did, in the words of their claimed character."""


@dataclass(frozen=True)
class Claim:
    """What one player says: their character, what they learned (in order), and the
    puzzle's conventions about them."""

    player: str
    character: str
    when: Time | None = None
    learned: tuple[Info, ...] = ()
    may_be: tuple[str, ...] = ()
    """The characters the player may secretly be (the hidden-self convention: a Drunk
    believes they are their claimed Townsfolk); empty when the puzzle does not say."""
    heard_widow_call: bool = False
    evil_twin: str | None = None
    """The player this one knows is their Evil Twin, when they say."""
    statements: tuple[Statement, ...] = ()
    """Information the claim's character does not give, stated as sentences."""

    def facts(self) -> tuple[tuple[Time | None, Info], ...]:
        """Every item learned with its time (the item's own, else the claim's)."""
        return tuple((item.when or self.when, item) for item in (*self.learned, *self.statements))


@dataclass(frozen=True)
class Puzzle:
    """A logic puzzle: seats, script, set-up, house rules, timeline, claims and extra
    constraints."""

    game = Registered("botc")
    players: tuple[str, ...]
    """In seat order, clockwise."""
    script: tuple[str, ...]
    """The characters that may be in play, as meeple's ids."""
    claims: tuple[Claim, ...]
    title: str | None = None
    setup: str = "standard"
    unique_characters: bool | None = None
    """Whether no two players start as the same character (None: the puzzle is silent)."""
    constraints: tuple[Sentence, ...] = ()
    timeline: tuple[Event, ...] = ()
    notes: tuple[str, ...] = field(default=(), compare=False)
    """The comment lines heading a botc-puzzle file, without their `#` (the JSON has
    none); not part of what the puzzle says, so two puzzles differing only here are equal."""
    house_rules: tuple[str, ...] = ()
    """The Storyteller's conventions the puzzle states, each one of HOUSE_RULES (the JSON
    cannot say them)."""

    def claims_of(self, player: str) -> tuple[Claim, ...]:
        """The player's claims, in the puzzle's order."""
        return tuple(claim for claim in self.claims if claim.player == player)

    def claimed(self, player: str) -> str | None:
        """The character the player claims (their first claim's), None without one."""
        return next((claim.character for claim in self.claims_of(player)), None)

    def learned(self, player: str) -> tuple[tuple[Time | None, Info], ...]:
        """Everything the player learned, over all their claims, with its time."""
        return tuple(fact for claim in self.claims_of(player) for fact in claim.facts())


@dataclass(frozen=True)
class Solution:
    """One published world: every player's starting character (meeple ids), and the
    Storyteller's choices the answer names: who was poisoned or drunk at which times,
    and who was the Drunk (`drunk`)."""

    characters: Mapping[str, str]
    poisoned: Mapping[Time, tuple[str, ...]] = field(default_factory=dict)
    drunk: tuple[str, ...] = ()
    drunk_at: Mapping[Time, tuple[str, ...]] | None = None

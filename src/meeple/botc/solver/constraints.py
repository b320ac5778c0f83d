"""The author's constraints of a puzzle (sentences of its set-and-relation language)
evaluated over a world: a starting grimoire, and where a sentence asks about the
game's course (`role_at(Matt, Imp, night_4)`), one story of it.

Values are Python sets of atoms (players, characters, character types, alignments),
numbers and truths, as in the language; a name is a player, a character, a type
(`Demon`), a team's characters (`demons`), `players`, `Good`/`Evil`, or a bound
variable. A sentence this evaluator does not know raises `Unmodelled`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from meeple.botc.puzzle.expression import (
    Binary,
    Call,
    Comprehension,
    Count,
    Integer,
    Join,
    Multiplicity,
    Name,
    Node,
    Not,
    Quantified,
    SetOf,
    Truth,
)
from meeple.botc.puzzle.model import Puzzle, Time
from meeple.botc.solver.homebrew import character_id
from meeple.botc.solver.story import EVIL_TEAMS, Story, team
from meeple.botc.solver.units import Unmodelled

Value = frozenset[str] | int | bool
_TYPES = {"townsfolk": "townsfolk", "outsider": "outsider", "minion": "minion", "demon": "demon"}
_TEAMS = {"townsfolk": "townsfolk", "outsiders": "outsider", "minions": "minion", "demons": "demon"}


@functools.cache
def asks_story(node: Node) -> bool:
    """Whether the sentence asks about the game's course (a call), not only the set-up."""
    if isinstance(node, Call):
        return True
    return any(asks_story(child) for child in _children(node))


def named_in(node: Node, call: str, position: int) -> set[str]:
    """The names a sentence gives as the argument at `position` of a call (the red
    herrings of `fortune_teller_red_herring`, argument 1: the search tries each)."""
    found = set()
    if isinstance(node, Call) and node.name == call and len(node.arguments) > position:
        argument = node.arguments[position].value
        found = {argument.name} if isinstance(argument, Name) else set()
    for child in _children(node):
        found |= named_in(child, call, position)
    return found


@dataclass(frozen=True)
class Narrowing:
    """What a puzzle's constraints say of the set-up alone, in shapes read before the
    search (each constraint is still checked on every grimoire): the characters a player
    may be, the characters no one is, and the exact count of a team."""

    roles: Mapping[str, frozenset[str]]
    banned: frozenset[str]
    counts: Mapping[str, int]


def narrowing(puzzle: Puzzle) -> Narrowing:
    """The constraints `P.role == C`, `P.role in {C, ...}`, `no C.~role`, `one
    minions.~role` and `#T.~type == n` (or `= n`), read as a narrowing of the search."""
    roles: dict[str, frozenset[str]] = {}
    banned: set[str] = set()
    counts: dict[str, int] = {}
    world = _World(puzzle, (), None)
    for sentence in puzzle.constraints:
        node = sentence.tree
        if isinstance(node, Multiplicity) and node.quantifier in ("no", "one"):
            inner = node.set
            if isinstance(inner, Join) and inner.field == "role" and inner.inverse:
                if node.quantifier == "no":
                    banned |= _characters(world, inner.left) or set()
                elif isinstance(inner.left, Name) and inner.left.name in _TEAMS:
                    counts[_TEAMS[inner.left.name]] = 1  # `one minions.~role`
            continue
        if not isinstance(node, Binary) or node.operator not in ("==", "in", "!="):
            continue
        left, right = node.left, node.right
        if isinstance(left, Join) and isinstance(left.left, Name) and not left.inverse:
            wanted = _characters(world, right)
            player = left.left.name
            if left.field == "role" and player in puzzle.players and wanted is not None:
                if node.operator == "!=":  # `the role of P is not C`
                    wanted = frozenset(c for c in _every(puzzle) if {c} != wanted)
                roles[player] = roles.get(player, wanted) & wanted
        elif isinstance(left, Count) and isinstance(right, Integer) and node.operator == "==":
            inner = left.set
            if isinstance(inner, Join) and inner.field == "type" and inner.inverse:
                kind = inner.left.name if isinstance(inner.left, Name) else ""
                if kind.lower() in _TYPES and kind[:1].isupper():
                    counts[_TYPES[kind.lower()]] = right.value
    return Narrowing(roles, frozenset(banned), counts)


def _every(puzzle: Puzzle) -> frozenset[str]:
    """The official ids of the puzzle's script."""
    return frozenset(key for name in puzzle.script if (key := character_id(name)) is not None)


def _characters(world: _World, node: Node) -> frozenset[str] | None:
    """The official ids a plain name or set of names stands for, None for anything else."""
    names = node.elements if isinstance(node, SetOf) else (node,)
    if not all(isinstance(name, Name) for name in names):
        return None
    try:
        atoms = world.atoms(node, {})
    except Unmodelled:
        return None
    if not all(atom.startswith("c:") for atom in atoms):
        return None
    return frozenset(atom[2:] for atom in atoms)


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, Binary):
        return (node.left, node.right)
    if isinstance(node, Not):
        return (node.inner,)
    if isinstance(node, Join):
        return (node.left,)
    if isinstance(node, Count | Multiplicity):
        return (node.set,)
    if isinstance(node, SetOf):
        return node.elements
    if isinstance(node, Call):
        return tuple(argument.value for argument in node.arguments)
    if isinstance(node, Comprehension | Quantified):
        return (node.domain, node.body)
    return ()


def true(puzzle: Puzzle, sentence: Node, story: Story) -> bool:
    """Whether a sentence holds now in a story (the characters each seat has now; the
    Savant's statements)."""
    return _World(puzzle, story.roles, story).truth(sentence, {})


def set_up_holds(puzzle: Puzzle) -> Callable[[Sequence[str]], bool]:
    """`holds` without a story, made once for a puzzle: the solver asks it of every
    set-up, and which sentences ask about the game's course does not change."""
    trees = [sentence.tree for sentence in puzzle.constraints if not asks_story(sentence.tree)]
    seatless = [tree for tree in trees if _seatless(puzzle, tree)]
    seated = [(tree, _reads(puzzle, tree)) for tree in trees if not _seatless(puzzle, tree)]
    known: dict[tuple[str, ...], bool] = {}
    """Whether every seatless sentence holds, for the characters in play (sorted)."""
    answers: dict[tuple[int, tuple[str, ...]], bool] = {}
    """Whether a seated sentence that reads only some seats holds, for their characters."""

    def check(roles: Sequence[str]) -> bool:
        if seatless:
            in_play = tuple(sorted(roles))
            truth = known.get(in_play)
            if truth is None:
                truth = known[in_play] = _all_true(_World(puzzle, roles, None), seatless)
            if not truth:
                return False
        return not seated or _seated_true(puzzle, roles, seated, answers)

    return check if trees else lambda roles: True


def _seated_true(
    puzzle: Puzzle,
    roles: Sequence[str],
    seated: list[tuple[Node, tuple[int, ...] | None]],
    answers: dict[tuple[int, tuple[str, ...]], bool],
) -> bool:
    """Whether every seated sentence holds in the set-up: one that reads only some seats
    (`_reads`) answered once for their characters, then read back; the one that refuted
    it is asked first next time (`seated` reordered in place)."""
    world = None
    for position, (tree, seats) in enumerate(seated):
        key = None if seats is None else (id(tree), tuple(roles[seat] for seat in seats))
        truth = None if key is None else answers.get(key)
        if truth is None:
            world = world or _World(puzzle, roles, None)
            truth = world.truth(tree, {})
            if key is not None:
                answers[key] = truth
        if not truth:
            if position:
                seated.insert(0, seated.pop(position))
            return False
    return True


def _reads(puzzle: Puzzle, node: Node) -> tuple[int, ...] | None:
    """The seats whose characters alone decide a set-up sentence: those of the players
    it names, when it reads no other seat (no `players`, no `.~field` over everyone, no
    neighbours, no call); None when it may read any. Every player a value holds then
    comes from a name, and `.role`, `.type` and `.alignment` read only those players'
    seats."""
    if isinstance(node, Call) or (isinstance(node, Name) and node.name == "players"):
        return None
    if isinstance(node, Join) and (node.inverse or node.field not in _FIELDS):
        return None
    found = (
        {puzzle.players.index(node.name)}
        if isinstance(node, Name) and node.name in puzzle.players
        else set()
    )
    for child in _children(node):
        seats = _reads(puzzle, child)
        if seats is None:
            return None
        found.update(seats)
    return tuple(sorted(found))


def _all_true(world: _World, trees: list[Node]) -> bool:
    """Whether every sentence holds in the world; the one that refuted it is asked first
    next time (`trees` reordered in place)."""
    for position, tree in enumerate(trees):
        if not world.truth(tree, {}):
            if position:
                trees.insert(0, trees.pop(position))
            return False
    return True


def _seatless(puzzle: Puzzle, node: Node) -> bool:
    """Whether a set-up sentence's truth depends only on the characters in play, not on
    who sits where: it names no player (`players`, all of them, it may), asks no
    neighbours and calls nothing. Seating the same characters otherwise permutes every
    set of players it builds alike, so every count and comparison it makes is the same."""
    if isinstance(node, Call) or (isinstance(node, Name) and node.name in puzzle.players):
        return False
    if isinstance(node, Join) and node.field not in _FIELDS:
        return False
    return all(_seatless(puzzle, child) for child in _children(node))


def holds(puzzle: Puzzle, roles: Sequence[str], story: Story | None = None) -> bool:
    """Whether every constraint holds (without a story: every one about the set-up)."""
    world = _World(puzzle, roles, story)
    for sentence in puzzle.constraints:
        if story is None and asks_story(sentence.tree):
            continue
        if not world.truth(sentence.tree, {}):
            return False
    return True


@dataclass
class _World:
    puzzle: Puzzle
    roles: Sequence[str]
    story: Story | None

    def truth(self, node: Node, bound: Mapping[str, Value]) -> bool:
        value = self.value(node, bound)
        if isinstance(value, bool):
            return value
        raise Unmodelled(f"{node} is not a sentence")

    def atoms(self, node: Node, bound: Mapping[str, Value]) -> frozenset[str]:
        return self.as_atoms(node, self.value(node, bound))

    @staticmethod
    def as_atoms(node: Node, value: Value) -> frozenset[str]:
        """A value as a set (a number `n` as the set `{#n}`)."""
        if isinstance(value, frozenset):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return frozenset({f"#{value}"})
        raise Unmodelled(f"{node} is not a set")

    def value(self, node: Node, bound: Mapping[str, Value]) -> Value:
        # the nodes every set-up asks first (`one demons.~role`)
        if isinstance(node, Multiplicity):
            return _many(node.quantifier, len(self.atoms(node.set, bound)))
        if isinstance(node, Join):
            return self.join(self.atoms(node.left, bound), node.field, node.inverse)
        if isinstance(node, Name):
            return bound[node.name] if node.name in bound else self.name(node.name)
        if isinstance(node, Truth):
            return node.value
        if isinstance(node, Integer):
            return node.value
        if isinstance(node, Not):
            return not self.truth(node.inner, bound)
        if isinstance(node, Count):
            return len(self.atoms(node.set, bound))
        if isinstance(node, SetOf):
            return frozenset().union(*(self.atoms(e, bound) for e in node.elements))
        if isinstance(node, Quantified | Comprehension):
            members = sorted(self.atoms(node.domain, bound))
            kept = [
                m
                for m in members
                if self.truth(node.body, {**bound, node.variable: frozenset({m})})
            ]
            if isinstance(node, Comprehension):
                return frozenset(kept)
            return _many(node.quantifier, len(kept), len(members))
        if isinstance(node, Binary):
            return self.binary(node, bound)
        if isinstance(node, Call):
            return self.call(node, bound)
        raise Unmodelled(f"the solver cannot evaluate {node}")

    def binary(self, node: Binary, bound: Mapping[str, Value]) -> Value:
        op = node.operator
        if op in ("and", "or", "=>"):
            left = self.truth(node.left, bound)
            if op == "and":
                return left and self.truth(node.right, bound)
            if op == "or":
                return left or self.truth(node.right, bound)
            return not left or self.truth(node.right, bound)
        left_value = self.value(node.left, bound)
        right_value = self.value(node.right, bound)
        if op in ("==", "!="):
            same = self._plain(left_value) == self._plain(right_value)
            return same if op == "==" else not same
        members = self.as_atoms(node.left, left_value)
        others = self.as_atoms(node.right, right_value)
        if op == "in":
            return members <= others
        if op == "+":
            return members | others
        if op == "-":
            return members - others
        return members & others

    @staticmethod
    def _plain(value: Value) -> Value:
        if isinstance(value, frozenset) and len(value) == 1:
            (only,) = value
            if only.startswith("#"):
                return int(only[1:])
        return value

    def name(self, name: str) -> frozenset[str]:
        return _named(self.puzzle.players, self.puzzle.script, name)

    def join(self, left: frozenset[str], field: str, inverse: bool) -> frozenset[str]:
        players = _atoms(self.puzzle.players)
        if field == "neighbors":
            pairs = [(players[s], players[n]) for s in range(len(players)) for n in self.beside(s)]
        elif field in _FIELDS:
            image = _FIELDS[field]
            roles = zip(players, self.roles, strict=True)
            if inverse:  # asked for every set-up (`one demons.~role`): one pass
                return frozenset(player for player, role in roles if image(role) in left)
            return frozenset(image(role) for player, role in roles if player in left)
        else:
            raise Unmodelled(f"the solver does not know .{field} in a constraint")
        if inverse:
            return frozenset(a for a, b in pairs if b in left)
        return frozenset(b for a, b in pairs if a in left)

    def beside(self, seat: int) -> tuple[int, ...]:
        """The seat's living neighbours (in the story), or the seats beside it."""
        if self.story is not None:
            return tuple(sorted(set(self.story.neighbours(seat)) - {seat}))
        count = len(self.roles)
        return tuple(sorted({(seat - 1) % count, (seat + 1) % count} - {seat}))

    def call(self, node: Call, bound: Mapping[str, Value]) -> Value:
        if node.name == "chef" and len(node.arguments) == 1:
            count = len(self.roles)
            evil = [team(role) in EVIL_TEAMS for role in self.roles]
            pairs = sum(evil[i] and evil[(i + 1) % count] for i in range(count))
            return pairs == self.value(node.arguments[0].value, bound)
        if node.name == "registers_as" and len(node.arguments) == 2 and self.story is not None:
            return self.registers_as(node, bound, self.story)
        if node.name == "townsfolk_chain_length" and len(node.arguments) == 1:
            return _longest_townsfolk(self.roles) == self.value(node.arguments[0].value, bound)
        if node.name == "poisoned" and len(node.arguments) == 2 and self.story is not None:
            return self.poisoned(node, bound, self.story)
        if node.name == "role_distance" and len(node.arguments) == 3:
            return self.role_distance(node, bound)
        if (
            node.name == "fortune_teller_red_herring"
            and len(node.arguments) == 2
            and self.story is not None
        ):
            return self.red_herring(node, bound, self.story)
        if node.name == "globally_drunk" and len(node.arguments) == 1 and self.story is not None:
            return all(
                seat in self.story.drunk or self.roles[seat] == "drunk"
                for seat in self.seats(node.arguments[0].value, bound)
            )
        if node.name != "role_at" or len(node.arguments) != 3 or self.story is None:
            raise Unmodelled(f"the solver cannot evaluate {node}")
        players = self.atoms(node.arguments[0].value, bound)
        roles = self.atoms(node.arguments[1].value, bound)
        when = node.arguments[2].value
        if not isinstance(when, Name) or "_" not in when.name:
            raise Unmodelled(f"{when} is not a time")
        phase, _, number = when.name.partition("_")
        order = Time("day" if phase == "day" else "night", int(number)).order
        found = set()
        for atom in players:
            seat = self.puzzle.players.index(atom[2:])
            found.add(f"c:{self.story.as_of(order).roles[seat]}")
        return found <= roles

    def seats(self, node: Node, bound: Mapping[str, Value]) -> list[int]:
        """The seats of the players a value names."""
        players = self.puzzle.players
        return [players.index(a[2:]) for a in self.atoms(node, bound) if a.startswith("p:")]

    def role_distance(self, node: Call, bound: Mapping[str, Value]) -> bool:
        """Whether a player of the first character sits `n` seats from a player of the
        second (the shorter way round): `role_distance(n, A, B)`."""
        distance = self.value(node.arguments[0].value, bound)
        left = self.atoms(node.arguments[1].value, bound)
        right = self.atoms(node.arguments[2].value, bound)
        count = len(self.roles)
        lefts = [s for s, role in enumerate(self.roles) if f"c:{role}" in left]
        rights = [s for s, role in enumerate(self.roles) if f"c:{role}" in right]
        return any(min((a - b) % count, (b - a) % count) == distance for a in lefts for b in rights)

    def red_herring(self, node: Call, bound: Mapping[str, Value], story: Story) -> bool:
        """Whether the first player is the Fortune Teller and the second its red herring."""
        tellers = self.seats(node.arguments[0].value, bound)
        herrings = self.seats(node.arguments[1].value, bound)
        return all(self.roles[seat] == "fortuneteller" for seat in tellers) and all(
            story.is_red_herring(seat) for seat in herrings
        )

    def registers_as(self, node: Call, bound: Mapping[str, Value], story: Story) -> bool:
        """Whether each player named may register as one of the characters named now."""
        players = self.atoms(node.arguments[0].value, bound)
        roles = self.atoms(node.arguments[1].value, bound)
        return all(
            any(
                story.may_be(self.puzzle.players.index(atom[2:]), role[2:])
                for role in roles
                if role.startswith("c:")
            )
            for atom in players
            if atom.startswith("p:")
        )

    def poisoned(self, node: Call, bound: Mapping[str, Value], story: Story) -> bool:
        """Whether each player named is poisoned at the time named, which must be now
        (an Artist's question of its own day)."""
        when = node.arguments[1].value
        if not isinstance(when, Name) or when.name != _now(story):
            raise Unmodelled("the solver asks poisoned() only of the time it is asked")
        players = self.atoms(node.arguments[0].value, bound)
        return all(
            story.is_poisoned(self.puzzle.players.index(atom[2:]))
            for atom in players
            if atom.startswith("p:")
        )


@functools.lru_cache(maxsize=1024)
def _named(players: tuple[str, ...], script: tuple[str, ...], name: str) -> frozenset[str]:
    """The atoms a name stands for in a puzzle with these players and script (it does
    not depend on the world: the solver asks it for every set-up)."""
    if name in players:
        return frozenset({f"p:{name}"})
    if name == "players":
        return frozenset(f"p:{p}" for p in players)
    if name in ("Good", "Evil"):
        return frozenset({f"a:{name.lower()}"})
    if name in _TEAMS:
        ids = [character_id(c) for c in script]
        return frozenset(f"c:{i}" for i in ids if i is not None and team(i) == _TEAMS[name])
    if name.lower() in _TYPES and name[0].isupper():
        return frozenset({f"t:{_TYPES[name.lower()]}"})
    character = character_id(name.lower().replace(" ", "").replace("-", "").replace("'", ""))
    if character is not None:
        return frozenset({f"c:{character}"})
    raise Unmodelled(f"the solver does not know {name!r} in a constraint")


@functools.lru_cache(maxsize=64)
def _atoms(players: tuple[str, ...]) -> tuple[str, ...]:
    """Each player's atom, in seat order."""
    return tuple(f"p:{player}" for player in players)


@functools.cache
def _role_atom(role: str) -> str:
    return f"c:{role}"


@functools.cache
def _type_atom(role: str) -> str:
    return f"t:{team(role)}"


@functools.cache
def _alignment_atom(role: str) -> str:
    return "a:evil" if team(role) in EVIL_TEAMS else "a:good"


_FIELDS = {"role": _role_atom, "type": _type_atom, "alignment": _alignment_atom}
"""What `.role`, `.type` and `.alignment` map a seat's character to."""


def _longest_townsfolk(roles: Sequence[str]) -> int:
    """The most Townsfolk sitting next to one another round the table."""
    count = len(roles)
    townsfolk = [team(role) == "townsfolk" for role in roles]
    if all(townsfolk):
        return count
    longest = run = 0
    for seat in range(2 * count):
        run = run + 1 if townsfolk[seat % count] else 0
        longest = max(longest, run)
    return longest


def _now(story: Story) -> str:
    """The story's time as a sentence names it (`day_1`)."""
    order = story.now
    return f"{'day' if order % 2 else 'night'}_{order // 2 + 1}"


def _many(quantifier: str, count: int, out_of: int | None = None) -> bool:
    if quantifier == "some":
        return count > 0
    if quantifier == "no":
        return count == 0
    if quantifier == "one":
        return count == 1
    if quantifier == "lone":
        return count <= 1
    return count == out_of  # all

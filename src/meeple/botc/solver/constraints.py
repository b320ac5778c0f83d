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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from meeple.botc.characters import official_id
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
    if isinstance(node, Comprehension | Quantified):
        return (node.domain, node.body)
    return ()


def true(puzzle: Puzzle, sentence: Node, story: Story) -> bool:
    """Whether a sentence holds now in a story (the characters each seat has now; the
    Savant's statements)."""
    return _World(puzzle, story.roles, story).truth(sentence, {})


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
        if isinstance(node, Truth):
            return node.value
        if isinstance(node, Integer):
            return node.value
        if isinstance(node, Name):
            return bound[node.name] if node.name in bound else self.name(node.name)
        if isinstance(node, Not):
            return not self.truth(node.inner, bound)
        if isinstance(node, Count):
            return len(self.atoms(node.set, bound))
        if isinstance(node, SetOf):
            return frozenset().union(*(self.atoms(e, bound) for e in node.elements))
        if isinstance(node, Join):
            return self.join(self.atoms(node.left, bound), node.field, node.inverse)
        if isinstance(node, Multiplicity):
            return _many(node.quantifier, len(self.atoms(node.set, bound)))
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
        players = self.puzzle.players
        if name in players:
            return frozenset({f"p:{name}"})
        if name == "players":
            return frozenset(f"p:{p}" for p in players)
        if name in ("Good", "Evil"):
            return frozenset({f"a:{name.lower()}"})
        if name in _TEAMS:
            ids = [official_id(c) for c in self.puzzle.script]
            return frozenset(f"c:{i}" for i in ids if i is not None and team(i) == _TEAMS[name])
        if name.lower() in _TYPES and name[0].isupper():
            return frozenset({f"t:{_TYPES[name.lower()]}"})
        character = official_id(name.lower().replace(" ", "").replace("-", "").replace("'", ""))
        if character is not None:
            return frozenset({f"c:{character}"})
        raise Unmodelled(f"the solver does not know {name!r} in a constraint")

    def join(self, left: frozenset[str], field: str, inverse: bool) -> frozenset[str]:
        if field == "role" and inverse:  # the players of some characters: the commonest join
            names = self.puzzle.players
            return frozenset(f"p:{names[s]}" for s, r in enumerate(self.roles) if f"c:{r}" in left)
        pairs = []
        for seat, player in enumerate(self.puzzle.players):
            role = self.roles[seat]
            if field == "neighbors":
                pairs += [(f"p:{player}", f"p:{self.puzzle.players[n]}") for n in self.beside(seat)]
            elif field == "role":
                pairs.append((f"p:{player}", f"c:{role}"))
            elif field == "type":
                pairs.append((f"p:{player}", f"t:{team(role)}"))
            elif field == "alignment":
                pairs.append((f"p:{player}", "a:evil" if team(role) in EVIL_TEAMS else "a:good"))
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
            role = self.roles[seat]
            for what, at, whom in self.story.choices:
                if what == "demon" and whom == seat and at <= order:
                    role = "imp"
            found.add(f"c:{role}")
        return found <= roles

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

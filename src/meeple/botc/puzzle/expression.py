"""The syntax tree of a puzzle's set-and-relation sentences (`one demons.~role`,
`Anna.role == Vortox => Fraser.role != Mathematician`, `#Legion.~role in {0, 5, 6}`).

The language is the one jthemphill/botc-solvers writes its puzzles' constraints,
statements and Savant options in: quantifiers (`some p : players | ...`), multiplicities
(`one S`, `no S`, `lone S`, `some S`), set algebra (`+ - &`), joins through a relation or
its inverse (`p.role`, `Imp.~role`), counts (`#S`), set literals and comprehensions,
comparisons (`== != in`, `=` for `==`), connectives (`and or not =>`, `&& || !`) and calls
(`chef(1)`, `role_at(Matt, Imp, night_4)`). Names are left as written: whether `Imp` is
a character, `Anna` a player or `players` a set is for whoever evaluates the tree.

This module holds the tree and writes it back as text (`str(node)`, canonical spacing,
the word forms of the connectives); `meeple.botc.puzzle.sentences` reads text into it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Quantifier = Literal["some", "all", "no", "one", "lone"]
Operator = Literal["and", "or", "=>", "==", "!=", "in", "+", "-", "&"]

KEYWORDS = frozenset(
    ("some", "all", "no", "one", "lone", "in", "and", "or", "not", "implies", "true", "false")
)
"""Words the language reserves: a name spelled like one is written between backticks."""

_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# How tightly each form binds; a child binding less tightly than its place needs is
# written in parentheses. `not` and a multiplicity take a comparison as their operand;
# a quantifier's body reaches as far right as it can, so it takes parentheses wherever
# something follows it.
_BINDING: dict[str, int] = {
    "=>": 1,
    "or": 2,
    "and": 3,
    "==": 5,
    "!=": 5,
    "in": 5,
    "+": 6,
    "-": 6,
    "&": 7,
}


def name_text(name: str) -> str:
    """A name as the language writes it: bare, or between backticks (`Fang Gu`)."""
    if _PLAIN_NAME.match(name) and name not in KEYWORDS:
        return name
    return f"`{name}`"


@dataclass(frozen=True)
class Name:
    """A player, character, team, set or bound variable, by name."""

    name: str

    def __str__(self) -> str:
        return name_text(self.name)


@dataclass(frozen=True)
class Integer:
    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Truth:
    value: bool

    def __str__(self) -> str:
        return "true" if self.value else "false"


@dataclass(frozen=True)
class Join:
    """`left.field`, or through the relation backwards, `left.~field`."""

    left: Node
    field: str
    inverse: bool = False

    def __str__(self) -> str:
        return f"{_operand(self.left, 9)}.{'~' if self.inverse else ''}{name_text(self.field)}"


@dataclass(frozen=True)
class Count:
    """`#set`: how many members."""

    set: Node

    def __str__(self) -> str:
        return f"#{_operand(self.set, 9)}"


@dataclass(frozen=True)
class SetOf:
    """`{a, b, c}`."""

    elements: tuple[Node, ...]

    def __str__(self) -> str:
        return "{" + ", ".join(_operand(element, 6) for element in self.elements) + "}"


@dataclass(frozen=True)
class Comprehension:
    """`{variable : domain | body}`: the members of the domain the body holds for."""

    variable: str
    domain: Node
    body: Node

    def __str__(self) -> str:
        return f"{{{name_text(self.variable)} : {_operand(self.domain, 6)} | {self.body}}}"


@dataclass(frozen=True)
class Quantified:
    """`some p : domain | body` (and all, no, one, lone)."""

    quantifier: Quantifier
    variable: str
    domain: Node
    body: Node

    def __str__(self) -> str:
        domain = _operand(self.domain, 6)
        return f"{self.quantifier} {name_text(self.variable)} : {domain} | {self.body}"


@dataclass(frozen=True)
class Multiplicity:
    """`one set`, `no set`, `some set`, `lone set`: how many members it has."""

    quantifier: Quantifier
    set: Node

    def __str__(self) -> str:
        return f"{self.quantifier} {_operand(self.set, 4)}"


@dataclass(frozen=True)
class Not:
    inner: Node

    def __str__(self) -> str:
        return f"not {_operand(self.inner, 4)}"


@dataclass(frozen=True)
class Binary:
    """Two operands and an operator: a connective, a comparison or set algebra."""

    operator: Operator
    left: Node
    right: Node

    def __str__(self) -> str:
        binding = _BINDING[self.operator]
        # `=>` groups to the right, everything else to the left; comparisons not at all.
        left_binding = binding + (1 if self.operator in ("=>", "==", "!=", "in") else 0)
        right_binding = binding + (0 if self.operator == "=>" else 1)
        left = _operand(self.left, left_binding, followed=True)
        return f"{left} {self.operator} {_operand(self.right, right_binding)}"


@dataclass(frozen=True)
class Argument:
    """A call's argument, positional or `name: value`."""

    value: Node
    name: str | None = None

    def __str__(self) -> str:
        value = _operand(self.value, 6)
        return value if self.name is None else f"{name_text(self.name)}: {value}"


@dataclass(frozen=True)
class Call:
    """`name(arguments)`: a named test the evaluator knows (`chef(1)`, `role_at(...)`)."""

    name: str
    arguments: tuple[Argument, ...] = ()

    def __str__(self) -> str:
        return f"{name_text(self.name)}({', '.join(str(a) for a in self.arguments)})"


Node = (
    Name
    | Integer
    | Truth
    | Join
    | Count
    | SetOf
    | Comprehension
    | Quantified
    | Multiplicity
    | Not
    | Binary
    | Call
)


def _binding(node: Node) -> int:
    if isinstance(node, Binary):
        return _BINDING[node.operator]
    if isinstance(node, Quantified):
        return 0  # open to the right: reads as far as it can
    if isinstance(node, Multiplicity | Not):
        return 4
    if isinstance(node, Count):
        return 8
    return 9 if isinstance(node, Join) else 10


def _operand(node: Node, needed: int, followed: bool = False) -> str:
    """`node` as an operand that must bind at least `needed` tightly (else parenthesised);
    an operand with text after it may not be one that reaches to the right."""
    binding = _binding(node)
    if binding < needed or (followed and binding == 0):
        return f"({node})"
    return str(node)

"""Reading a sentence of the puzzles' set-and-relation language into its tree
(`meeple.botc.puzzle.expression`, which also says what the language has).

Precedence, loosest first: `=>` (grouping to the right), `or`, `and`, then `not`, a
quantifier (`some p : S | body`, whose body reaches as far as it can) or a multiplicity
(`one S`), then one comparison (`== != in`, `=` meaning `==`), `+ -`, `&`, joins
(`S.field`, `S.~field`), and last the primaries: a name (backticks for names with spaces
or keywords: `Fang Gu`), a number, `true`/`false`, `#S`, `{a, b}`, `{p : S | body}`,
`name(arguments)`, `(...)`. `//` starts a comment to the end of the line.

`parse_sentence` raises SentenceError with the offset in the sentence; the notations
turn it into a NotationError at the place in their file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NoReturn

from meeple.botc.puzzle.expression import (
    KEYWORDS,
    Argument,
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
    Operator,
    Quantified,
    Quantifier,
    SetOf,
    Truth,
)

MAX_DEPTH = 60  # nesting allowed: keeps the recursion far from Python's limit

_TOKEN = re.compile(
    r"""
      (?P<space>\s+|//[^\n]*)
    | (?P<quoted>`[^`]*`)                  # a name with spaces: `Fang Gu`
    | (?P<unclosed>`)
    | (?P<number>[0-9]+)
    | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
    | (?P<symbol>&&|\|\||==|!=|=>|[=!(){},:.~|+\-&\#])
    | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)
_SPELLED: dict[str, str] = {"&&": "and", "||": "or", "=": "==", "!": "not", "implies": "=>"}
_QUANTIFIERS = ("some", "all", "no", "one", "lone")


class SentenceError(ValueError):
    """A sentence that does not read: the message and the offset it is about."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


def parse_sentence(text: str) -> Node:
    """The tree of one sentence; SentenceError where it goes wrong."""
    return _Reader(text).sentence()


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []  # kind, text, offset
        for match in _TOKEN.finditer(text):
            kind = match.lastgroup or "other"
            if kind == "space":
                continue
            if kind == "unclosed":
                raise SentenceError("expected '`' to close the name", match.start())
            if kind == "other":
                raise SentenceError(f"unexpected character {match.group()!r}", match.start())
            word = match.group()
            if kind == "quoted":
                kind, word = "name", word[1:-1]
            elif kind == "word":
                word = _SPELLED.get(word, word)
                kind = "keyword" if word in KEYWORDS or word == "=>" else "name"
            elif kind == "symbol":
                word = _SPELLED.get(word, word)
            self.tokens.append((kind, word, match.start()))
        self.at = 0
        self.depth = 0

    # -- tokens --

    def peek(self, ahead: int = 0) -> str:
        """The next token's text (a name's kind is `name`); '' at the end."""
        index = self.at + ahead
        if index >= len(self.tokens):
            return ""
        kind, word, _ = self.tokens[index]
        return "name" if kind == "name" else "number" if kind == "number" else word

    def take(self) -> str:
        word = self.tokens[self.at][1]
        self.at += 1
        return word

    def fail(self, expected: str) -> NoReturn:
        if self.at >= len(self.tokens):
            raise SentenceError(f"expected {expected}, found the end", len(self.text))
        _, word, offset = self.tokens[self.at]
        raise SentenceError(f"expected {expected}, found {word!r}", offset)

    def expect(self, word: str, expected: str = "") -> None:
        if self.peek() != word:
            self.fail(expected or repr(word))
        self.at += 1

    def name(self, expected: str) -> str:
        if self.peek() != "name":
            self.fail(expected)
        return self.take()

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(f"at most {MAX_DEPTH} levels of nesting")

    # -- grammar --

    def sentence(self) -> Node:
        node = self.formula()
        if self.at < len(self.tokens):
            self.fail("the end of the sentence")
        return node

    def formula(self) -> Node:
        self.deeper()
        left = self.disjunction()
        if self.peek() == "=>":
            self.at += 1
            left = Binary("=>", left, self.formula())
        self.depth -= 1
        return left

    def chain(self, operators: tuple[Operator, ...], operand: Callable[[], Node]) -> Node:
        """Operands joined by any of `operators`, grouped to the left."""
        left = operand()
        while (word := self.peek()) in operators:
            self.at += 1
            left = Binary(word, left, operand())
        return left

    def disjunction(self) -> Node:
        return self.chain(("or",), self.conjunction)

    def conjunction(self) -> Node:
        return self.chain(("and",), self.unary)

    def unary(self) -> Node:
        self.deeper()
        word = self.peek()
        node: Node
        if word == "not":
            self.at += 1
            node = Not(self.unary())
        elif word in _QUANTIFIERS and self.peek(1) == "name" and self.peek(2) == ":":
            quantifier: Quantifier = word  # type: ignore[assignment]
            self.at += 1
            variable = self.take()
            self.at += 1
            domain = self.set_expression()
            self.expect("|")
            node = Quantified(quantifier, variable, domain, self.formula())
        elif word in _QUANTIFIERS and word != "all":
            self.at += 1
            node = Multiplicity(word, self.unary())  # type: ignore[arg-type]
        else:
            node = self.comparison()
        self.depth -= 1
        return node

    def comparison(self) -> Node:
        left = self.set_expression()
        word = self.peek()
        if word in ("==", "!=", "in"):
            self.at += 1
            operator: Operator = word  # type: ignore[assignment]
            return Binary(operator, left, self.set_expression())
        return left

    def set_expression(self) -> Node:
        return self.chain(("+", "-"), self.intersection)

    def intersection(self) -> Node:
        return self.chain(("&",), self.joined)

    def joined(self) -> Node:
        node = self.primary()
        while self.peek() == ".":
            self.at += 1
            inverse = self.peek() == "~"
            self.at += inverse
            node = Join(node, self.name("a relation's name after '.'"), inverse)
        return node

    def primary(self) -> Node:
        self.deeper()
        word = self.peek()
        node: Node
        if word == "(":
            self.at += 1
            node = self.formula()
            self.expect(")", "')' to close '('")
        elif word == "{":
            node = self.braces()
        elif word == "#":
            self.at += 1
            node = Count(self.joined())
        elif word == "number":
            if len(self.tokens[self.at][1]) > 18:
                self.fail("a number of at most 18 digits")
            node = Integer(int(self.take()))
        elif word in ("true", "false"):
            node = Truth(self.take() == "true")
        elif word == "name":
            name = self.take()
            node = self.call(name) if self.peek() == "(" else Name(name)
        else:
            self.fail("a name, a number, '(', '{' or '#'")
        self.depth -= 1
        return node

    def braces(self) -> Node:
        self.at += 1
        if self.peek() == "name" and self.peek(1) == ":":
            variable = self.take()
            self.at += 1
            domain = self.set_expression()
            self.expect("|")
            body = self.formula()
            self.expect("}", "'}' to close the set")
            return Comprehension(variable, domain, body)
        elements: list[Node] = []
        if self.peek() != "}":
            elements.append(self.set_expression())
            while self.peek() == ",":
                self.at += 1
                elements.append(self.set_expression())
        self.expect("}", "',' or '}' to close the set")
        return SetOf(tuple(elements))

    def call(self, name: str) -> Call:
        self.at += 1
        arguments: list[Argument] = []
        if self.peek() != ")":
            arguments.append(self.argument())
            while self.peek() == ",":
                self.at += 1
                arguments.append(self.argument())
        self.expect(")", "',' or ')' to close the call")
        return Call(name, tuple(arguments))

    def argument(self) -> Argument:
        if self.peek() == "name" and self.peek(1) == ":":
            name = self.take()
            self.at += 1
            return Argument(self.set_expression(), name)
        return Argument(self.set_expression())

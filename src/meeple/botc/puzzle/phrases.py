"""The puzzles' sentences in meeple's words, where a sentence has a common shape:

    one player has a role in demons          one demons.~role
    no player has role Legion                no Legion.~role
    2 players have a role in outsiders       #outsiders.~role = 2
    0, 5 or 6 players have role Legion       #Legion.~role in {0, 5, 6}
    the role of Matthew is not Drunk         Matthew.role != Drunk
    the type of Fraser is Demon              Fraser.type == Demon
    if no player has role Legion then one player has role Imp
                                             no Legion.~role => one Imp.~role

A relation's name follows `has` (`role`, `type`, ...); a set named in lower case
(`demons`, `outsiders`) reads "a role in demons". Quantifiers: one, no, some, `at most
one` (`lone`). Any other sentence is written in the puzzles' own language
(`meeple.botc.puzzle.sentences`); one that would read as words is put in parentheses.
`sentence_text` writes a sentence only in words that read back to the same tree, so
`read_sentence(sentence_text(tree)) == tree` always holds.
"""

from __future__ import annotations

import re

from meeple.botc.puzzle import expression as ex
from meeple.botc.puzzle.expression import Node, Operator, name_text
from meeple.botc.puzzle.sentences import parse_sentence

MAX_CONDITIONS = 20  # `if ... then` nested at most so deep in words: keeps recursion short
_WORD_QUANTIFIERS = {"one": "one", "no": "no", "some": "some", "lone": "at most one"}
_QUANTIFIER_WORDS = {words: quantifier for quantifier, words in _WORD_QUANTIFIERS.items()}
_NAME = r"(?:[A-Za-z_][A-Za-z0-9_]*|`[^`]*`)"
_HAVING = rf"(?:a (?P<rel>{_NAME}) in (?P<set>{_NAME})|(?P<rel2>{_NAME}) (?P<one>{_NAME}))"
_NUMBERS = r"[0-9]{1,9}(?:, [0-9]{1,9})*(?: or [0-9]{1,9})?"
_MULTIPLICITY = re.compile(rf"(?P<q>one|no|some|at most one) player has {_HAVING}\Z")
_COUNT = re.compile(rf"(?P<n>{_NUMBERS}) (?:players have|player has) {_HAVING}\Z")
_RELATION = re.compile(
    rf"the (?P<rel>{_NAME}) of (?P<who>{_NAME}) is (?P<not>not )?"
    rf"(?:(?P<what>{_NAME})|one of (?P<among>{_NAME}(?:, {_NAME})+))\Z"
)
_NAMES = re.compile(_NAME)
_IF = re.compile(r"if (?P<a>.+?) then (?P<b>.+)\Z")


def _name(text: str) -> str:
    return text[1:-1] if text.startswith("`") else text


def _players_with(node: Node) -> str | None:
    """`X.~rel` as "has role X" or "has a role in xs" (a set named in lower case)."""
    if not (isinstance(node, ex.Join) and node.inverse and isinstance(node.left, ex.Name)):
        return None
    relation, named = name_text(node.field), name_text(node.left.name)
    if named[:1].islower():
        return f"a {relation} in {named}"
    return f"{relation} {named}"


def phrase(node: Node) -> str | None:
    """The sentence in meeple's words, or None when it has no such shape."""
    if isinstance(node, ex.Multiplicity):
        having = _players_with(node.set)
        if having is not None:
            return f"{_WORD_QUANTIFIERS[node.quantifier]} player has {having}"
    if (
        isinstance(node, ex.Binary)
        and node.operator in ("==", "in")
        and isinstance(node.left, ex.Count)
    ):
        having = _players_with(node.left.set)
        numbers = _numbers(node.right)
        if (
            having is not None
            and numbers is not None
            and (node.operator == "in") == (isinstance(node.right, ex.SetOf))
        ):
            return f"{numbers} {'player has' if numbers == '1' else 'players have'} {having}"
    if (
        isinstance(node, ex.Binary)
        and node.operator in ("==", "!=", "in")
        and isinstance(node.left, ex.Join)
        and not node.left.inverse
        and isinstance(node.left.left, ex.Name)
    ):
        negation = "not " if node.operator == "!=" else ""
        who, what = name_text(node.left.left.name), _one_of(node.right, node.operator)
        if what is not None:
            return f"the {name_text(node.left.field)} of {who} is {negation}{what}"
    if isinstance(node, ex.Binary) and node.operator == "=>":
        condition, consequence = phrase(node.left), phrase(node.right)
        if condition is not None and consequence is not None:
            return f"if {condition} then {consequence}"
    return None


def _one_of(node: Node, operator: str) -> str | None:
    """A name (after `==`, `!=`), or "one of a, b" (after `in` a set of names)."""
    if operator != "in":
        return name_text(node.name) if isinstance(node, ex.Name) else None
    if isinstance(node, ex.SetOf) and len(node.elements) > 1:
        names = [name_text(e.name) for e in node.elements if isinstance(e, ex.Name)]
        if len(names) == len(node.elements):
            return "one of " + ", ".join(names)
    return None


def _numbers(node: Node) -> str | None:
    if isinstance(node, ex.Integer):
        return str(node.value)
    if isinstance(node, ex.SetOf) and len(node.elements) > 1:
        values = [str(e.value) for e in node.elements if isinstance(e, ex.Integer)]
        if len(values) == len(node.elements):
            return ", ".join(values[:-1]) + " or " + values[-1]
    return None


def read_phrase(text: str) -> Node | None:
    """The tree of a sentence in meeple's words, or None when it is not one."""
    if text.count(" then ") > MAX_CONDITIONS:
        return None
    found = _IF.match(text)
    if found is not None:
        condition, consequence = read_phrase(found.group("a")), read_phrase(found.group("b"))
        if condition is not None and consequence is not None:
            return ex.Binary("=>", condition, consequence)
    found = _MULTIPLICITY.match(text)
    if found is not None:
        return ex.Multiplicity(_QUANTIFIER_WORDS[found.group("q")], _having(found))  # type: ignore[arg-type]
    found = _COUNT.match(text)
    if found is not None:
        counted = ex.Count(_having(found))
        numbers = [ex.Integer(int(n)) for n in re.findall("[0-9]+", found.group("n"))]
        if len(numbers) == 1:
            return ex.Binary("==", counted, numbers[0])
        return ex.Binary("in", counted, ex.SetOf(tuple(numbers)))
    found = _RELATION.match(text)
    if found is not None:
        related = ex.Join(ex.Name(_name(found.group("who"))), _name(found.group("rel")))
        among = found.group("among")
        if among is not None:
            if found.group("not"):
                return None
            names = tuple(ex.Name(_name(name)) for name in _NAMES.findall(among))
            return ex.Binary("in", related, ex.SetOf(names))
        operator: Operator = "!=" if found.group("not") else "=="
        return ex.Binary(operator, related, ex.Name(_name(found.group("what"))))
    return None


def _having(found: re.Match[str]) -> ex.Join:
    if found.group("rel") is not None:
        return ex.Join(ex.Name(_name(found.group("set"))), _name(found.group("rel")), inverse=True)
    return ex.Join(ex.Name(_name(found.group("one"))), _name(found.group("rel2")), inverse=True)


def sentence_text(node: Node) -> str:
    """A sentence as meeple's notation writes it: in words where it has a common shape,
    else in the puzzles' language (parenthesised where that text would read as words)."""
    words = phrase(node)
    if words is not None and read_phrase(words) == node:
        return words
    text = str(node)
    return f"({text})" if read_phrase(text) is not None else text


def read_sentence(text: str) -> Node:
    """A sentence in meeple's words or in the puzzles' language; SentenceError if neither."""
    found = read_phrase(text)
    return found if found is not None else parse_sentence(text)

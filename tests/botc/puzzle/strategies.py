"""Hypothesis strategies for puzzles: every claim type with the items its JSON carries
(built from `jsonform.CARRIES`, so a puzzle drawn here is one the JSON can hold)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from meeple.botc.puzzle import (
    EVENTS,
    SETUPS,
    Claim,
    Event,
    Info,
    Puzzle,
    Sentence,
    Shown,
    Statement,
    Time,
)
from meeple.botc.puzzle import expression as ex
from meeple.botc.puzzle.jsonform import CARRIES, Carries, Part
from meeple.botc.puzzle.model import HOUSE_RULES
from meeple.botc.puzzle.sentences import parse_sentence

NAMES = ("You", "Anna", "Bob", "Cleo", "Dan", "Eve", "Fang Gu", "Ann-Marie", "Zoë")
CHARACTERS = (*CARRIES, "imp", "drunk", "recluse", "lunar_prodigy", "scarlet_woman", "pit_hag")
SENTENCES = (
    "one demons.~role",
    "Anna.role == Vortox => Bob.role != Mathematician",
    "#Legion.~role in {0, 5, 6}",
    "some p : players | p.role == `Fang Gu`",
    "not (Anna.alignment = Evil) && chef(1)",
    "role_at(Anna, Imp, night_4) or #{p : Anna.neighbors | p.type == Minion} == 2",
)

times = st.builds(Time, st.sampled_from(("night", "day")), st.integers(1, 5))
roles = st.sampled_from(CHARACTERS)
sentences = st.sampled_from(SENTENCES).map(lambda text: Sentence(text, parse_sentence(text)))


def _value(part: Part, players: st.SearchStrategy[str]) -> st.SearchStrategy[Any]:
    lists = st.lists(players, max_size=3).map(tuple)
    value: st.SearchStrategy[Any] = {
        "player": players,
        "one_player": players.map(lambda p: (p,)),
        "players": lists,
        "role": roles,
        "one_role": roles.map(lambda r: (r,)),
        "roles": st.lists(roles, max_size=3).map(tuple),
        "count": st.integers(0, 20),
        "flag": st.booleans(),
        "times": st.lists(times, max_size=2).map(tuple),
        "sentence": sentences,
        "sentences": st.lists(sentences, min_size=1, max_size=2).map(tuple),
        "direction": st.booleans(),
    }[part.kind]
    return st.none() | value if part.default is None else value


def _item(
    carries: Carries, players: st.SearchStrategy[str], timed: bool
) -> st.SearchStrategy[Info]:
    fields = {part.attribute: _value(part, players) for part in carries.parts}
    fixed = {name: st.just(value) for name, value in carries.fixed}
    when = st.none() | times if timed else st.none()
    built: st.SearchStrategy[Info] = st.builds(carries.info, **fields, **fixed, when=when)
    # An item on the claim's own keys with every key left out is not there at all.
    return built.filter(
        lambda item: any(getattr(item, p.attribute) is not None for p in carries.parts)
    )


def _items(carries: Carries, players: st.SearchStrategy[str]) -> st.SearchStrategy[list[Info]]:
    if carries.listed is None or carries.shape == "object":
        timed = carries.listed is not None
        return st.lists(_item(carries, players, timed), max_size=1)
    make: Any = carries.info  # a Guess or DifferentTypes: two strings
    if carries.shape == "map":
        guesses = st.dictionaries(players, roles, max_size=3)
        return guesses.map(lambda found: [make(p, r) for p, r in found.items()])
    if carries.shape == "pairs":
        return st.lists(st.tuples(players, players).map(lambda pair: make(*pair)), max_size=3)
    return st.lists(_item(carries, players, True), max_size=3)


@st.composite
def claims(draw: st.DrawFn, players: tuple[str, ...]) -> Claim:
    """A claim by one of `players`, carrying what its character's JSON can."""
    seated = st.sampled_from(players)
    character = draw(roles)
    learned: list[Info] = []
    for carries in CARRIES.get(character, ()):
        learned.extend(draw(_items(carries, seated)))
    if character == "librarian" and not learned:
        # A Librarian's JSON claim always says what it learned: without a role, that no
        # one is an Outsider.
        learned.append(Shown(None, ()))
    statement = st.builds(Statement, st.none() | sentences, st.none() | roles, st.none() | times)
    return Claim(
        draw(seated),
        character,
        draw(st.none() | times),
        tuple(learned),
        tuple(draw(st.lists(roles, max_size=3))),
        draw(st.booleans()),
        draw(st.none() | seated),
        tuple(draw(st.lists(statement, max_size=2))),
    )


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    """A puzzle of 1 to 6 players, any claims, events, constraints and house rules."""
    players = tuple(draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=6, unique=True)))
    seated = st.sampled_from(players)
    event = st.builds(
        Event,
        st.sampled_from(EVENTS),
        times,
        st.lists(seated, max_size=2).map(tuple),
        st.none() | seated,
        st.booleans(),
    )
    return Puzzle(
        players,
        tuple(draw(st.lists(roles, max_size=6))),
        tuple(draw(st.lists(claims(players), max_size=5))),
        draw(st.none() | st.text(max_size=12)),
        draw(st.sampled_from(SETUPS)),
        draw(st.none() | st.booleans()),
        tuple(draw(st.lists(sentences, max_size=2))),
        tuple(draw(st.lists(event, max_size=3))),
        house_rules=tuple(draw(st.lists(st.sampled_from(HOUSE_RULES), unique=True))),
    )


_NODE_NAMES = st.sampled_from(
    ("Anna", "Imp", "demons", "Fang Gu", "role", "type", "one", "if", "then", "player", "p")
)


def _nodes(children: st.SearchStrategy[ex.Node]) -> st.SearchStrategy[ex.Node]:
    quantifiers = st.sampled_from(("some", "all", "no", "one", "lone"))
    operators = st.sampled_from(("and", "or", "=>", "==", "!=", "in", "+", "-", "&"))
    return st.one_of(
        st.builds(ex.Join, children, _NODE_NAMES, st.booleans()),
        st.builds(ex.Count, children),
        st.builds(ex.SetOf, st.lists(children, max_size=3).map(tuple)),
        st.builds(ex.Comprehension, _NODE_NAMES, children, children),
        st.builds(ex.Quantified, quantifiers, _NODE_NAMES, children, children),
        st.builds(ex.Multiplicity, quantifiers.filter(lambda q: q != "all"), children),
        st.builds(ex.Not, children),
        st.builds(ex.Binary, operators, children, children),
        st.builds(
            ex.Call,
            _NODE_NAMES,
            st.lists(st.builds(ex.Argument, children, st.none() | _NODE_NAMES), max_size=2).map(
                tuple
            ),
        ),
    )


trees: st.SearchStrategy[ex.Node] = st.recursive(
    st.one_of(
        st.builds(ex.Name, _NODE_NAMES),
        st.builds(ex.Integer, st.integers(0, 20)),
        st.builds(ex.Truth, st.booleans()),
    ),
    _nodes,
    max_leaves=8,
)
"""Any tree of the sentence language, names chosen to look like the notation's words."""

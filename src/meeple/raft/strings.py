"""The standard string interface: the seed's strings in, the seed's strings out.

Engines for Race to the Raft are tested through these functions, so each takes
and returns plain strings exactly as seed 001 writes them. A game state is the
seed's array of five strings: board, decks, hand, exhausted cats, fire tile bag.
Functions that involve chance accept an optional `random.Random`.

A malformed string raises NotationError; these functions never play a whole
round (no rest, no win or loss bookkeeping): that is `meeple.raft.rules.State`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace

from meeple.errors import NotationError
from meeple.raft import rules
from meeple.raft.components import components
from meeple.raft.model import (
    HAND_LIMIT,
    CardId,
    CatMove,
    FirePlacement,
    PathwayPlacement,
    Position,
)
from meeple.raft.notation import (
    format_board,
    parse_board,
    parse_cat_movement,
    parse_challenge,
    parse_draw_request,
    parse_fire_placement,
    parse_move,
    parse_pathway_placement,
    parse_state_strings,
    state_strings,
)
from meeple.raft.setup import build_board, choose_islands

StateStrings = Sequence[str]
"""The seed's game state as its five strings: board, decks, hand, exhausted cats, fire bag."""
_REQUEST_SHAPE = re.compile(r"(?:[A-D][0-9]+)+")


def _state(strings: StateStrings) -> Position:
    return parse_state_strings(strings)


def _strings(state: Position) -> list[str]:
    return list(state_strings(state))


def _placement(text: str) -> PathwayPlacement | FirePlacement:
    if len(text) > 1 and text[1].isalpha():
        return parse_pathway_placement(text, "placement")
    return parse_fire_placement(text, "placement")


def is_board_string_well_formed(board: str) -> bool:
    """Every line ends in a newline; 12, 15 or 18 lines of 9 or 18 board letters each."""
    try:
        parse_board(board)
    except NotationError:
        return False
    return True


def draw_fire_tile(state: StateStrings, rng: random.Random | None = None) -> str:
    """A random tile id from the bag, or "" when the bag is empty."""
    bag = _state(state).bag
    if not bag:
        return ""
    return bag[int((rng or random.Random()).random() * len(bag))]


def choose_challenge(difficulty: int, rng: random.Random | None = None) -> str:
    """A random official challenge string of the given difficulty (0 to 5)."""
    pool = [c.challenge for c in components().challenges if c.difficulty == difficulty]
    if not pool:
        raise NotationError(f"difficulty is 0 to 5, not {difficulty}")
    return pool[int((rng or random.Random()).random() * len(pool))]


def draw_hand(state: StateStrings, request: str, rng: random.Random | None = None) -> list[str]:
    """The state after drawing: cards move from the decks to the hand at random.

    The state comes back unchanged for any request that cannot be met: a deck holding
    too few cards, more than six cards in all (with the hand), or counts the seed's
    notation does not allow. Only a request that is not written as deck letters with
    counts (`A3B1D2`) is a NotationError.
    """
    game_state = _state(state)
    try:
        wanted = parse_draw_request(request, "draw request")
    except NotationError:
        # A request written right that asks for what cannot be had (seven cards, a count
        # of nine) leaves the state as it was, as the assignment's interface says.
        if _REQUEST_SHAPE.fullmatch(request):
            return list(state)
        raise
    if (
        rules.draw_trouble(game_state.decks, wanted)
        or len(game_state.hand) + wanted.total > HAND_LIMIT
    ):
        return list(state)
    drawn = rules.draw_cards(game_state.decks, wanted, rng or random.Random())
    return _strings(
        replace(
            game_state,
            decks=rules.without(game_state.decks, drawn.ids()),
            hand=rules.with_cards(game_state.hand, drawn),
        )
    )


def apply_placement(state: StateStrings, placement: str) -> list[str]:
    """The state after a pathway card or fire tile is laid (the placement is taken as valid)."""
    game_state = _state(state)
    move = _placement(placement)
    if isinstance(move, PathwayPlacement):
        card = CardId(move.deck, move.card)
        game_state = replace(
            game_state,
            board=rules.lay_card(game_state.board, move),
            hand=rules.without(game_state.hand, (card,)),
        )
    else:
        game_state = replace(
            game_state,
            board=rules.lay_fire(game_state.board, move),
            bag=game_state.bag.replace(move.tile, ""),
        )
    return _strings(game_state)


def move_cat(state: StateStrings, movement: str) -> list[str]:
    """The state after a cat moves: board, hand without the discards, cat exhausted."""
    game_state = _state(state)
    move = parse_cat_movement(movement, "cat movement")
    return _strings(
        replace(
            game_state,
            board=rules.move_cat_on_board(game_state.board, move),
            hand=rules.without(game_state.hand, move.discards),
            exhausted=rules.exhaust(game_state.exhausted, move),
        )
    )


def initialise_challenge(challenge: str, seed: int | None = None) -> str:
    """The starting board string of a challenge (islands chosen with `seed`)."""
    parsed = parse_challenge(challenge, "challenge")
    return format_board(build_board(parsed, choose_islands(parsed, seed)))


def is_placement_valid(state: StateStrings, placement: str) -> bool:
    """Whether a placement obeys the placement rules, which are geometry only: no part off
    the island, none on fire, a cat or any of the raft card's nine squares; a fire tile
    must also touch fire on a side. Whether the card is in the hand, or the tile in the
    bag, is not this question (a record's replay asks it)."""
    game_state = _state(state)
    move = _placement(placement)
    if isinstance(move, PathwayPlacement):
        return not rules.card_trouble(game_state.board, move.row, move.column)
    return not rules.fire_trouble(game_state.board, move)


def is_cat_movement_valid(state: StateStrings, movement: str) -> bool:
    """Whether a cat may make this move, paying the right number of cards from the hand."""
    game_state = _state(state)
    return not rules.cat_move_trouble(game_state, parse_cat_movement(movement, "cat movement"))


def is_game_over(state: StateStrings, action: str) -> bool:
    """Whether the action ends the game (see docs/formats/raft.md for each case)."""
    game_state = _state(state)
    move = parse_move(action, "action")
    if isinstance(move, FirePlacement):
        if rules.fire_trouble(game_state.board, move):
            return not rules.fire_fits_somewhere(game_state.board, move.tile)
        return bool(rules.cats_cut_off(rules.lay_fire(game_state.board, move)))
    if isinstance(move, CatMove):
        return rules.all_cats_on_raft(rules.move_cat_on_board(game_state.board, move))
    if isinstance(move, PathwayPlacement):
        return not game_state.bag
    return False


__all__ = [
    "apply_placement",
    "choose_challenge",
    "draw_fire_tile",
    "draw_hand",
    "initialise_challenge",
    "is_board_string_well_formed",
    "is_cat_movement_valid",
    "is_game_over",
    "is_placement_valid",
    "move_cat",
]

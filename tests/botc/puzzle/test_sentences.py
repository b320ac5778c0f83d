"""The puzzles' sentences: any tree written and read back, in the puzzles' language and
in meeple's words; every malformed sentence refused with its offset."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.botc.puzzle.expression import Node
from meeple.botc.puzzle.phrases import read_sentence, sentence_text
from meeple.botc.puzzle.sentences import SentenceError, parse_sentence

from .strategies import trees


@given(trees)
@settings(max_examples=max(5, settings().max_examples // 2))
def test_any_tree_is_written_so_it_reads_back(tree: Node) -> None:
    assert parse_sentence(str(tree)) == tree
    assert read_sentence(sentence_text(tree)) == tree


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("one demons.~role", "one player has a role in demons"),
        (
            "no Legion.~role => one Imp.~role",
            "if no player has role Legion then one player has role Imp",
        ),
        ("#outsiders.~role = 2", "2 players have a role in outsiders"),
        ("#Demon.~type == 1", "1 player has type Demon"),
        ("#Legion.~role in {0, 5, 6}", "0, 5 or 6 players have role Legion"),
        ("Matthew.role != Drunk", "the role of Matthew is not Drunk"),
        (
            "Sarah.role in {Washerwoman, `Fortune Teller`}",
            "the role of Sarah is one of Washerwoman, `Fortune Teller`",
        ),
        ("lone `Fang Gu`.~role", "at most one player has role `Fang Gu`"),
    ],
)
def test_common_sentences_read_as_words(language: str, words: str) -> None:
    tree = parse_sentence(language)
    assert sentence_text(tree) == words
    assert read_sentence(words) == tree


@pytest.mark.parametrize(
    ("text", "offset"),
    [("one A.~role ==", 14), ("`Fang Gu", 0), ("a ? b", 2), ("(a", 2), ("{a, }", 4), ("9" * 30, 0)],
)
def test_malformed_sentences_say_where(text: str, offset: int) -> None:
    with pytest.raises(SentenceError) as caught:
        parse_sentence(text)
    assert caught.value.offset == offset


@given(st.text(alphabet=st.sampled_from("ab `~.#{}(),:|=>!&+-0 some one in not")))
@settings(max_examples=max(5, settings().max_examples // 4))
def test_any_text_is_a_sentence_or_a_sentence_error(text: str) -> None:
    with contextlib.suppress(SentenceError):
        read_sentence(text)


def test_words_nested_too_deep_are_read_as_the_language_which_refuses_them() -> None:
    text = "if no player has role Imp then " * 5000 + "no player has role Imp"
    with pytest.raises(SentenceError):
        read_sentence(text)

"""JSON5 reading token by token: the same values as the json5 library, errors where they are."""

from __future__ import annotations

from typing import Any

import json5
import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import jsontext
from meeple.errors import NotationError
from meeple.jsontext import Members, decode, locate

PIECES = [
    *"{}[]:,\"'/*\n ab1Ax-0.eE+\\",
    *["true", "null", "Infinity", "NaN", "0x1F", "//c\n", "/*c*/", "\t", "\u00a0", "$", "_"],
    *["\u2028", "\x1c", "é", "\\x41", "\\u0041", "\\\n", "\r\n", ".5", "5.", "-0x1", "\ufeff"],
]


def _plain(value: Any) -> Any:
    if isinstance(value, Members):
        return [(key, _plain(item)) for key, item in value]
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, float) and value != value:
        return "NaN"  # NaN never equals itself
    return value


@pytest.mark.fuzz
@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
def test_fuzz_reads_exactly_what_the_json5_library_reads(text: str) -> None:
    text = "// not strict JSON, so read token by token\n" + text
    try:
        theirs = _plain(json5.loads(text, object_pairs_hook=Members))
    except ValueError:
        with pytest.raises(NotationError):
            decode(text)
        return
    assert _plain(decode(text)) == theirs


@pytest.mark.parametrize(
    ("text", "offset", "message"),
    [
        ("{a: 1 b: 2}", 6, "expected ',' or '}' after the value, found 'b' (a comma is missing)"),
        ("{a 1}", 3, "expected ':' after the key, found '1'"),
        ("{'a': 1,,}", 8, "expected a key in quotes or '}', found ','"),
        ("[1, 2", 5, "expected ',' or ']' after the value, found the end of the text"),
        (
            "[1 /* open",
            3,
            "expected ',' or ']' after the value, found a comment that is never closed",
        ),
        ("{a-b: 1}", 1, "'a-b' is no key: put it in quotes"),
        ("[undefined]", 1, "'undefined' is no JSON value (strings need quotes)"),
        ("['\\u00zz']", 1, "bad string '\\u00zz': check its escapes"),
        ("{a: 'x\n'}", 4, "the string opened by ' is not closed on its line"),
        ("[1] [2]", 4, "expected the end of the text after the JSON value, found '['"),
        ("[" * 101 + "]" * 101, 100, "values nested too deeply (more than 100 levels)"),
    ],
)
def test_syntax_errors_point_at_the_token(text: str, offset: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        decode("// hand-written\n" + text)
    assert caught.value.message == message
    assert (caught.value.line, caught.value.column) == (2, offset + 1)


def test_json5_forms_decode_like_json5() -> None:
    text = "{hex: 0x1F, plus: +1, half: .5, 'q': 'it\\'s', \"x\": '\\x41', big: 1e400,}"
    assert dict(decode(text)) == {
        "hex": 31,
        "plus": 1,
        "half": 0.5,
        "q": "it's",
        "x": "A",
        "big": float("inf"),
    }


def test_locate_follows_paths_through_json5() -> None:
    text = "{a: [1, {'b': 2, c: [3, 4]}], // note\n d: 'x'}"
    assert text[locate(text, ("a", 1, "c", 1)) :].startswith("4")
    assert text[locate(text, ("d",), key=True) :].startswith("d:")
    assert text[locate(text, (0, 1, 0), key=True) :].startswith("'b'")
    assert text[locate(text, (0, 1, 0)) :].startswith("2,")
    assert text[locate(text, ("a", 7)) :].startswith("[1,")  # no such item: the deepest found


def test_a_long_run_of_escaped_quotes_is_read_in_one_pass() -> None:
    # Fuzzing found 40 KB of \" taking 37 s: every quote re-read the rest of the line.
    found = jsontext.tokens('\\"' * 50_000)
    assert [token.kind for token in found] == ["atom", "other"]
    with pytest.raises(NotationError, match="not closed on its line"):
        decode('{"a": "' + '\\"' * 50_000)

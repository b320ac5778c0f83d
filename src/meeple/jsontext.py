"""JSON and JSON5 text with positions: decode it, say where it is wrong, find a value in it.

Strict JSON goes through `json.loads` (the fast path). Anything else is read by
a small recursive-descent parser over the tokens of `_TOKEN`, which knows the
JSON5 grammar (comments, trailing commas, bare keys) and says at which token
the text goes wrong and what was expected there. The tokens themselves are
decoded by `json.loads` when they are plain JSON and by the `json5` library
when they use JSON5's own forms (single quotes, `\\x41` escapes, hexadecimal,
`+1`, `.5`, `Infinity`), so their meaning is exactly JSON5's. The `json5`
library is not used on whole texts: it is far too slow on long ones.

Objects decode to `Members`, their (key, value) pairs in order with duplicates
kept, so that callers can refuse duplicate keys and point at them. `locate`
finds the offset of a value, given its path, in a text known to be valid. This
module knows nothing of Atlantis.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any, NamedTuple, NoReturn

from meeple.errors import DEFAULT_SOURCE, NotationError

MAX_DEPTH = 100  # nesting allowed; keeps every recursion far from Python's limit

Path = tuple[str | int, ...]
"""Where a value sits: member indexes or keys of objects, indexes of arrays."""


class Members(list[tuple[str, Any]]):
    """A JSON object as its (key, value) members in written order, duplicates included."""


_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_TOKEN = re.compile(
    rf"""
      (?P<layout>[{_SPACE}]+|//[^\n\r\u2028\u2029]*|/\*.*?\*/)   # JSON5 ends lines at U+2028/9 too
    | (?P<unclosed>/\*.*)                                  # a comment never closed: the rest
    | (?P<string>"[^"\\\n\r]*(?:\\(?:\r\n|.)[^"\\\n\r]*)*"   # a backslash may escape a newline
                |'[^'\\\n\r]*(?:\\(?:\r\n|.)[^'\\\n\r]*)*')
    | (?P<open>"[^"\\\n\r]*(?:\\(?:\r\n|.)[^"\\\n\r]*)*    # a string not closed on its
              |'[^'\\\n\r]*(?:\\(?:\r\n|.)[^'\\\n\r]*)*)   # line: taken whole, in one pass
    | (?P<punct>[{{}}\[\]:,])
    | (?P<atom>[^{_SPACE}{{}}\[\]:,"'/]+)                  # numbers, true/false/null, bare keys
    | (?P<other>.)                                         # a lone '/', an unclosed quote
    """,
    re.VERBOSE | re.DOTALL,
)
_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_IDENTIFIER = re.compile(r"[^\W\d][\w$]*|\$[\w$]*")
_LITERALS = {"true": True, "false": False, "null": None}
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_MAX_DIGITS = 4000  # int() refuses longer decimal numbers


class Token(NamedTuple):
    kind: str  # "string", "atom", "unclosed" (comment), "other", or a punctuation character
    start: int
    end: int
    text: str


def comments(text: str) -> list[str]:
    """The `//` and `/* */` comments of a JSON5 text, in order (none in strict JSON)."""
    if "/" not in text:
        return []
    return [
        match.group()
        for match in _TOKEN.finditer(text)
        if match.lastgroup in ("layout", "unclosed") and match.group().startswith("/")
    ]


def tokens(text: str) -> list[Token]:
    """The significant tokens of `text`: no whitespace, no comments."""
    found = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "other"
        if kind == "open":
            # Read as the lone quote it starts with, which the parser reports; the rest of
            # the line is not read again from every later quote (that was quadratic).
            start = match.start()
            found.append(Token("other", start, start + 1, text[start]))
        elif kind != "layout":
            value = match.group()
            found.append(
                Token(value if kind == "punct" else kind, match.start(), match.end(), value)
            )
    return found


# -- decoding --------------------------------------------------------------------------


def decode(
    text: str, source: str = DEFAULT_SOURCE, problems: list[NotationError] | None = None
) -> Any:
    """The value of a JSON or JSON5 text, objects as `Members`; NotationError where it breaks.

    Given a `problems` list, a missing comma between two items is kept there and read
    as if written (the one syntax error whose meaning is never in doubt); any other
    syntax error raises.
    """
    # A surrogate escape may stand alone, which json.loads lets through: the token reader
    # checks each string, so such a text goes there.
    if not _SURROGATE_ESCAPE.search(text):
        with contextlib.suppress(ValueError, RecursionError):
            return json.loads(text, object_pairs_hook=Members)
    # Not strict JSON (or nested deeper than json allows): read it token by token.
    return _Parser(text, source, problems).document()


class _Parser:
    def __init__(self, text: str, source: str, problems: list[NotationError] | None) -> None:
        self.text = text
        self.source = source
        self.tokens = tokens(text)
        self.at = 0
        self.problems = problems

    def fail(self, token: Token | None, message: str) -> NoReturn:
        offset = len(self.text) if token is None else token.start
        raise NotationError.at(self.text, offset, message, self.source)

    def next(self) -> Token | None:
        token = self.tokens[self.at] if self.at < len(self.tokens) else None
        self.at += 1
        return token

    def document(self) -> Any:
        value = self.value(self.next(), 0)
        extra = self.next()
        if extra is not None:
            self.fail(extra, f"expected the end of the text after the JSON value, {_found(extra)}")
        return value

    def value(self, token: Token | None, depth: int, closer: str = "") -> Any:
        if token is not None and token.kind in ("{", "["):
            if depth >= MAX_DEPTH:
                self.fail(token, f"values nested too deeply (more than {MAX_DEPTH} levels)")
            return self.object(depth + 1) if token.kind == "{" else self.array(depth + 1)
        if token is not None and token.kind == "string":
            return self.string(token)
        if token is not None and token.kind == "atom":
            return self.atom(token)
        self.unclosed(token)
        wanted = f"a value or '{closer}'" if closer else "a value"
        self.fail(token, f"expected {wanted}, {_found(token)}")

    def unclosed(self, token: Token | None) -> None:
        if token is not None and token.kind == "other" and token.text in "\"'":
            self.fail(token, f"the string opened by {token.text} is not closed on its line")

    def object(self, depth: int) -> Members:
        members = Members()
        token = self.next()
        while token is None or token.kind != "}":
            key = self.key(token)
            colon = self.next()
            if colon is None or colon.kind != ":":
                self.fail(colon, f"expected ':' after the key, {_found(colon)}")
            members.append((key, self.value(self.next(), depth)))
            token = self.after_item("}")
        return members

    def array(self, depth: int) -> list[Any]:
        items: list[Any] = []
        token = self.next()
        while token is None or token.kind != "]":
            items.append(self.value(token, depth, "]"))
            token = self.after_item("]")
        return items

    def after_item(self, closer: str) -> Token | None:
        """The token after an item's separator (or the closer); JSON5 allows a trailing comma."""
        token = self.next()
        if token is not None and token.kind == ",":
            return self.next()
        if token is not None and token.kind == closer:
            return token
        starts_value = token is not None and token.kind in ("string", "atom", "{", "[")
        hint = " (a comma is missing)" if starts_value else ""
        message = f"expected ',' or '{closer}' after the value, {_found(token)}{hint}"
        if token is not None and starts_value and self.problems is not None:
            self.problems.append(NotationError.at(self.text, token.start, message, self.source))
            return token
        self.fail(token, message)

    def key(self, token: Token | None) -> str:
        if token is not None and token.kind == "string":
            return self.string(token)
        if token is not None and token.kind == "atom":
            if _IDENTIFIER.fullmatch(token.text):
                return token.text
            if "\\" in token.text:
                decoded = self.json5(token, "{" + token.text + ":0}")
                key = next(iter(decoded)) if isinstance(decoded, dict) else ""
                return self.whole_characters(token, key)
            self.fail(token, f"{_describe(token)} is no key: put it in quotes")
        self.unclosed(token)
        self.fail(token, f"expected a key in quotes or '}}', {_found(token)}")

    def string(self, token: Token) -> str:
        if "\\" not in token.text:
            return token.text[1:-1]
        value: Any = None
        if token.text[0] == '"':
            # Not strict JSON: a JSON5 escape such as \x41 or an escaped newline.
            with contextlib.suppress(ValueError):
                value = json.loads(token.text)
        if value is None:
            value = self.json5(token, token.text)
        return self.whole_characters(token, value if isinstance(value, str) else "")

    def whole_characters(self, token: Token, value: str) -> str:
        """`value`, unless an escape left half of a UTF-16 pair in it, which no UTF-8 text
        can hold: then an error at that escape (the record could never be written back)."""
        lone = _LONE_SURROGATE.search(value)
        if lone is None:
            return value
        code = f"{ord(lone[0]):04x}"
        escape = re.search(rf"\\u{code}", token.text, re.IGNORECASE)
        at = token.start + (escape.start() if escape else 0)
        message = f"\\u{code} is half of a UTF-16 surrogate pair with no other half"
        raise NotationError.at(self.text, at, message, self.source)

    def atom(self, token: Token) -> Any:
        text = token.text
        if text in _LITERALS:
            return _LITERALS[text]
        if _JSON_NUMBER.fullmatch(text):
            if len(text) > _MAX_DIGITS:
                self.fail(token, "the number has too many digits")
            return float(text) if any(c in text for c in ".eE") else int(text)
        value = self.json5(token, text)
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(token, f"{_describe(token)} is no JSON value (strings need quotes)")
        return value

    def json5(self, token: Token, text: str) -> Any:
        """One token's worth of JSON5, decoded by the json5 library."""
        try:
            return _json5(text)
        except (ValueError, RecursionError):
            if token.kind == "string":
                self.fail(token, f"bad string {short(token.text)}: check its escapes")
            self.fail(token, f"{_describe(token)} is no JSON value (strings need quotes)")


def _json5(text: str) -> Any:
    # Imported on first use: only hand-written transcripts need it, and every `meeple`
    # start-up imports this module (issue 13).
    import json5

    return json5.loads(text)


def short(text: str) -> str:
    """`text`, cut to 24 characters for a message."""
    return text if len(text) <= 24 else text[:21] + "..."


def _describe(token: Token) -> str:
    if token.kind == "string":
        return f"the string {short(token.text)}"
    return repr(short(token.text))


def _found(token: Token | None) -> str:
    if token is None:
        return "found the end of the text"
    if token.kind == "unclosed":
        return "found a comment that is never closed"
    if token.kind == "other" and token.text in "\"'":
        return f"found a string opened by {token.text} and not closed on its line"
    return f"found {_describe(token)}"


# -- finding values --------------------------------------------------------------------


def _key_text(token: Token) -> str | None:
    if token.kind == "atom":
        return token.text
    if token.text.startswith('"'):
        # a JSON string reads alike in JSON5, and the json module reads it in C
        with contextlib.suppress(ValueError):
            return str(json.loads(token.text))
    try:
        value = _json5(token.text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, str) else None


def locate(text: str, path: Path, key: bool = False) -> int:
    """The offset of the value at `path` in valid JSON(5) `text` (of its key if `key`).

    A `str` step picks an object's last member with that key, an `int` step an
    array's item or an object's member by position. Falls back to the deepest
    place found if the path leads nowhere. `Paths` locates many paths of one text.
    """
    return Paths(text).locate(path, key)


class Paths:
    """Offsets of values in one valid JSON(5) text, its tokens read once and each
    container's members listed once, however many paths are asked for."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokens(text)
        self._members: dict[int, list[tuple[int | None, int]]] = {}

    def locate(self, path: Path, key: bool = False) -> int:
        """As the module's `locate`, in this text."""
        found = self.tokens
        index = 0
        key_index: int | None = None
        for step in path:
            if index >= len(found) or found[index].kind not in ("{", "["):
                break
            members = self._members.get(index)
            if members is None:
                members = self._members[index] = list(_children(found, index))
            if isinstance(step, int):
                chosen = members[step] if 0 <= step < len(members) else None
            else:
                named = [m for m in members if m[0] is not None and _key_text(found[m[0]]) == step]
                chosen = named[-1] if named else None
            if chosen is None:
                break
            key_index, index = chosen
        if key and key_index is not None:
            index = key_index
        return found[index].start if index < len(found) else len(self.text)


def _children(found: list[Token], index: int) -> Iterator[tuple[int | None, int]]:
    """(key token or None, value token) of each member or item of the container at `index`."""
    closer = "}" if found[index].kind == "{" else "]"
    at = index + 1
    while at < len(found) and found[at].kind != closer:
        key = None
        if closer == "}":
            key, at = at, at + 2  # the key, then ':'
        if at >= len(found):
            return
        yield key, at
        at = _skip_value(found, at)
        if at < len(found) and found[at].kind == ",":
            at += 1


def _skip_value(found: list[Token], index: int) -> int:
    if found[index].kind not in ("{", "["):
        return index + 1
    depth = 0
    for at in range(index, len(found)):
        kind = found[at].kind
        if kind in ("{", "["):
            depth += 1
        elif kind in ("}", "]"):
            depth -= 1
            if depth == 0:
                return at + 1
    return len(found)

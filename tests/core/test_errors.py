"""The error model: positions, rendering, findings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.errors import Finding, Location, NotationError, RuleError, decode, line_ends


def test_location_of_an_offset() -> None:
    text = "first\nsecond line\r\nthird"
    assert Location.of(text, 9, "f") == Location("f", 2, 4, "second line")
    assert Location.of(text, 0) == Location("<string>", 1, 1, "first")
    assert Location.of(text, len(text)) == Location("<string>", 3, 6, "third")
    assert Location.of(text, 10_000).line == 3


@given(st.text(), st.integers(-5, 300))
def test_location_is_always_inside_the_text(text: str, offset: int) -> None:
    where = Location.of(text, offset)
    # A lone CR ends a line as LF does (docs/formats/*.md, "Line ends").
    assert 1 <= where.line <= line_ends(text).count("\n") + 1
    assert 1 <= where.column <= len(where.line_text) + 1 or "\r\n" in text


def test_rendering_is_compiler_style() -> None:
    error = NotationError.at('[teams "red, blue]', 17, "expected '\"'", "game.qgn")
    assert (
        str(error)
        == "game.qgn:1:18: expected '\"'\n    [teams \"red, blue]\n                     ^"
    )
    assert isinstance(error, ValueError)
    assert (error.source, error.line, error.column) == ("game.qgn", 1, 18)


def test_caret_keeps_tabs_so_it_lines_up() -> None:
    error = RuleError.at("\t\tx", 2, "bad x")
    assert str(error).splitlines()[2] == "    \t\t^"


def test_with_source_renames_only_the_source() -> None:
    error = NotationError.at("abc", 1, "m").with_source("x.qgn")
    assert (error.source, error.line, error.column, error.message) == ("x.qgn", 1, 2, "m")
    assert type(error) is NotationError


def test_findings_render_their_severity() -> None:
    finding = Finding.at("Alice:imp", 0, "name", "g.botc", "lint")
    assert str(finding).startswith("g.botc:1:1: lint: name")
    # Errors print with their label too, as `meeple check` shows them.
    error = NotationError.at("x", 0, "boom")
    assert str(Finding.from_error(error)).startswith("<string>:1:1: error: boom")
    assert error.report().startswith("<string>:1:1: error: boom")
    assert str(error).startswith("<string>:1:1: boom")  # the library's own rendering


def test_decode_points_at_the_first_bad_byte() -> None:
    assert decode("é".encode()) == "é"
    assert decode(b"\xef\xbb\xbfabc") == "abc"
    with pytest.raises(NotationError) as caught:
        decode(b"ok\nab\xc3(", "f.txt")
    assert (caught.value.line, caught.value.column) == (2, 3)


def test_a_long_line_is_shown_as_a_window_around_the_caret() -> None:
    line = "x" * 5000 + "!" + "y" * 5000
    rendered = str(NotationError.at(line, 5000, "unexpected '!'", "long.txt"))
    head, shown, caret = rendered.split("\n")
    assert head == "long.txt:1:5001: unexpected '!'"
    assert len(shown) < 120 and shown.strip().startswith("...") and shown.endswith("...")
    assert shown[caret.index("^")] == "!"


def test_control_characters_are_shown_as_pictures_and_keep_the_caret_aligned() -> None:
    text = "ab\x00\x1b[31mc\x7fd"
    rendered = str(NotationError.at(text, text.index("d"), "bad", "bin"))
    _, shown, caret = rendered.split("\n")
    assert "\x00" not in shown and "\x1b" not in shown and "\x7f" not in shown
    assert "␀" in shown and "␛" in shown
    assert shown[caret.index("^")] == "d"

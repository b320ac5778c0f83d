"""The error model: positions, rendering, findings."""

from __future__ import annotations

import copyreg
import importlib
import pkgutil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.errors import (
    Finding,
    Location,
    MeepleError,
    NotationError,
    OptionError,
    RuleError,
    StepOutOfRange,
    Unsupported,
    decode,
    line_ends,
)
from meeple.quibbble import at_tag


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


# -- one error hierarchy ---------------------------------------------------------------

NOT_MEEPLE_ERRORS = {
    # Control flow, caught in the module that raises it (the name says so):
    "meeple.terminal._NotAMove",
    "meeple.flows.notation._HeaderProblem",
    "meeple.flows.routes._OutOfSteps",
    "meeple.bots.alphabeta._OutOfNodes",  # a deepening that ran out of positions
    # The command line's own, which never leave a command (docs/architecture.md, Errors):
    "meeple.cli.replay.NoRules",  # click's UsageError, which click reports
    "meeple.cli.output.Interrupted",  # Ctrl-C: no `except ValueError` may swallow it
}
# Reading the files a command names (meeple.inputs, shared by cli/ and the games'
# declared commands): a file system failure, not a record's problem, reported by the command.
NOT_MEEPLE_ERRORS.add("meeple.inputs.Unreadable")
# A puzzle sentence that does not read, at an offset in the sentence: both puzzle readers
# turn it into a NotationError at its line and column; it never leaves them.
NOT_MEEPLE_ERRORS.add("meeple.botc.puzzle.sentences.SentenceError")
# An engine that broke the protocol, and the game it thereby lost: the match (selfplay,
# play) catches them and scores a lost game; they are a result, not a mistake of the input.
NOT_MEEPLE_ERRORS |= {"meeple.bots.engines.EngineFailed", "meeple.bots.engines.Forfeited"}


def _exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class defined in a module of the meeple package, by full name."""
    import meeple

    found: dict[str, type[BaseException]] = {}
    for module in pkgutil.walk_packages(meeple.__path__, "meeple."):
        if module.name.endswith("__main__"):
            continue
        imported = importlib.import_module(module.name)
        for name, value in vars(imported).items():
            defined_here = getattr(value, "__module__", None) == module.name
            if isinstance(value, type) and issubclass(value, BaseException) and defined_here:
                found[f"{module.name}.{name}"] = value
    return found


def test_every_error_meeple_raises_is_a_meeple_error() -> None:
    classes = _exception_classes()
    assert {"meeple.errors.OptionError", "meeple.errors.StepOutOfRange"} <= set(classes)
    assert set(classes) >= NOT_MEEPLE_ERRORS, "an exempt class is gone: drop it here"
    outside = {name for name, cls in classes.items() if not issubclass(cls, MeepleError)}
    assert outside == NOT_MEEPLE_ERRORS


@pytest.mark.parametrize(
    ("error", "builtin"),
    [
        (OptionError("--bag: no such bag"), ValueError),
        (StepOutOfRange(9, 3, "move"), ValueError),
        (Unsupported("a bag has no picture"), TypeError),
        (Unsupported("a bag has no picture"), ValueError),
    ],
)
def test_each_error_is_still_the_builtin_it_was(error: MeepleError, builtin: type) -> None:
    assert isinstance(error, builtin)


def test_an_error_about_no_place_in_a_text_reads_as_its_message_alone() -> None:
    assert str(StepOutOfRange(9, 3, "move")) == "step 9: the record has 3 moves"
    assert str(OptionError("--players takes a number")) == "--players takes a number"


def test_the_tag_an_error_is_about_is_a_declared_attribute() -> None:
    error = RuleError("no such variant")
    assert error.tag is None
    marked = at_tag(error, "variant")
    assert (marked.tag, error.tag) == ("variant", None)


def test_an_error_has_no_kind_a_finding_has_one() -> None:
    assert not hasattr(NotationError("x"), "kind")
    assert Finding("x").kind == "check"


def test_a_malformed_option_value_the_cli_meets_as_an_error_is_a_usage_error() -> None:
    """An OptionError is a MeepleError now, so a command's `except MeepleError` meets it:
    it still exits 2 with click's usage message, not 1 as an invalid record."""
    import click

    from meeple.cli import files

    with pytest.raises(click.UsageError, match="--players takes a number"):
        files.fail(OptionError("--players takes a number"))


def _rebuilt_sharing(kind: type[RuleError], attributes: dict[str, object]) -> RuleError:
    """An error rebuilt as tblib's reducer rebuilds one: given the original's dict itself."""
    error = kind.__new__(kind)
    error.__dict__ = attributes
    return error


def test_a_marked_copy_leaves_the_error_it_copies_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """tblib (which Dask installs) registers, for every exception class, a reducer that
    rebuilds an error around the original's attribute dict: `copy.copy` shared it."""

    def sharing(error: RuleError) -> tuple[object, ...]:
        return (_rebuilt_sharing, (RuleError, error.__dict__))

    monkeypatch.setitem(copyreg.dispatch_table, RuleError, sharing)
    error = RuleError("no such variant", rule="variant")
    marked = at_tag(error.at_step(3), "variant")
    assert (error.step, error.tag) == (None, None)
    assert (marked.step, marked.tag, marked.rule) == (3, "variant", "variant")
    assert marked.message == "no such variant"

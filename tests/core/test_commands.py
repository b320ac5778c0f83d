"""A command declared as data (`meeple.commands`) runs as a click command would: its
options parsed and checked, its lines printed in order, its mistakes and failures
ending with the exits every command has."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from meeple.cli.declared import build
from meeple.commands import Argument, Command, CommandFailed, Group, Line, Option, Output, Progress
from meeple.errors import Location, NotationError, OptionError
from tests.cli_helpers import Run


def greet(name: str, times: int, loud: bool, tone: str, pause: float | None) -> Output:
    """Greets `name` (`--out`, the output file, is the CLI's): `nobody` is a usage
    mistake, `ghost` a failure, `broken` bad input."""
    yield Line(f"note: greeting {name}", err=True)
    if name == "nobody":
        raise OptionError("say who to greet")
    if name == "ghost":
        raise CommandFailed("no one answered")
    if name == "echo":
        yield Line("echo?")
        raise CommandFailed("")  # said all on stdout: exit 1 and nothing more
    if name == "broken":
        raise NotationError("not a name", Location("NAME", 1, 2, name))
    for _ in range(times):
        yield Line(f"{tone} {name.upper() if loud else name}", end="!\n")
    yield Line(f"greeted {name} {times} times", err=True)


GREET = Command(
    "greet",
    """Greet NAME.

    Several times, if asked.
    """,
    greet,
    arguments=(Argument("name"),),
    options=(
        Option(("--times",), "times", "How often.", int, minimum=0, default=1, show_default=True),
        Option(("--loud",), "loud", "Shout.", bool),
        Option(("--tone",), "tone", choices=("hello", "hi"), default="hello", metavar="TONE"),
        Option(("--pause",), "pause", "Seconds between.", float, minimum=0, above=True),
        Option(("-o", "--out"), "out", "Write the greetings here.", metavar="FILE"),
    ),
    output="out",
)


def run(args: list[str], command: Command | Group = GREET) -> Run:
    result = CliRunner().invoke(build(command), args, prog_name="meeple")
    return Run(result.exit_code, result.stdout, result.stderr)


def test_a_declared_command_prints_its_lines_on_the_streams_it_names() -> None:
    done = run(["ann", "--times", "2", "--loud", "--tone", "hi"])
    assert done == Run(0, "hi ANN!\nhi ANN!\n", "note: greeting ann\ngreeted ann 2 times\n")


def test_its_help_is_its_declaration() -> None:
    shown = run(["--help"]).out
    assert shown.startswith("Usage: meeple [OPTIONS] NAME\n\n  Greet NAME.\n\n  Several times")
    assert "--times INTEGER RANGE  How often.  [default: 1; x>=0]" in shown
    assert "--tone TONE" in shown and "-o, --out FILE" in shown
    assert "--pause FLOAT RANGE    Seconds between.  [x>0]" in shown


def test_values_click_refuses_never_reach_the_function() -> None:
    for args in (["ann", "--times", "-1"], ["ann", "--pause", "0"], ["ann", "--tone", "yo"]):
        done = run(args)
        assert done.code == 2 and "note:" not in done.err, args


def test_a_usage_mistake_a_failure_and_bad_input_exit_as_every_command_does() -> None:
    mistake = run(["nobody"])
    assert mistake.code == 2
    assert mistake.err.startswith("note: greeting nobody\nUsage: meeple [OPTIONS] NAME\n")
    assert mistake.err.endswith("Error: say who to greet\n")
    assert run(["ghost"]) == Run(1, "", "note: greeting ghost\nno one answered\n")
    assert run(["echo"]) == Run(1, "echo?\n", "note: greeting echo\n")
    broken = run(["broken"])
    assert broken.code == 1 and "NAME:1:2: error: not a name" in broken.err


def test_standard_output_goes_to_the_output_file_between_what_stderr_says(
    tmp_path: Path,
) -> None:
    target = tmp_path / "greetings.txt"
    done = run(["bob", "--times", "3", "-o", str(target)])
    assert done == Run(0, "", "note: greeting bob\ngreeted bob 3 times\n")
    assert target.read_text() == "hello bob!\n" * 3
    nowhere = run(["bob", "-o", str(tmp_path / "no" / "such.txt")])
    assert nowhere.code == 2 and "there is no directory" in nowhere.err
    assert "note:" not in nowhere.err  # checked before the command runs


def count(upto: int, progress: Callable[[int, str], None]) -> Output:
    for done in range(upto):
        progress(done, f"at {done}")
    return [Line(f"counted to {upto}")]


def test_a_group_holds_its_commands_and_a_progress_bar_is_silent_off_a_terminal() -> None:
    counting = Command(
        "count", "Count.", count, options=(Option(("--upto",), "upto", kind=int, default=3),),
        progress=Progress("counting", "numbers", total="upto"),
    )  # fmt: skip
    group = Group("tools", "Tools.", (counting, GREET))
    assert run(["count", "--upto", "5"], group) == Run(0, "counted to 5\n", "")
    listed = run(["--help"], group).out
    assert "  count  Count.\n" in listed and "  greet  Greet NAME.\n" in listed


def test_a_required_option_without_a_default_is_asked_for() -> None:
    needy = Command("needy", "Needs --it.", lambda it: [Line(it)], options=(
        Option(("--it",), "it", required=True),
    ))  # fmt: skip
    done = run([], needy)
    assert done.code == 2 and "Error: Missing option '--it'." in done.err

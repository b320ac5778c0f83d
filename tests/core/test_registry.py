"""The registry and the json-like front door."""

from __future__ import annotations

import importlib
from pathlib import Path, PurePath
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple import registry
from meeple.errors import NotationError
from meeple.qgn import Snapshot
from tests.guards import finishes


def test_every_format_has_a_unique_name_and_basic_capabilities() -> None:
    names = [fmt.name for fmt in meeple.formats()]
    assert len(names) == len(set(names))
    assert "qgn" in names
    for fmt in meeple.formats():
        assert {"parse", "write"} <= set(fmt.capabilities)


@given(st.lists(st.sampled_from(["a", "b.", ".", "..", "/", ".flows", "x.QGN", " "]), max_size=8))
def test_a_paths_extension_is_pathlibs_last_suffix(pieces: list[str]) -> None:
    path = "".join(pieces)
    assert registry.extension(path) == "".join(PurePath(path).suffixes[-1:])


def test_importing_meeple_imports_neither_the_registry_nor_click() -> None:
    imported = _imported_after("import meeple; meeple.__version__")
    assert imported == {"meeple"}
    assert meeple.NotationError is NotationError  # offered on first use
    assert meeple.errors.NotationError is NotationError


def test_detect_by_extension_then_content() -> None:
    text = '[key "k"][teams "a"] 0a'
    assert registry.detect(text, "game.qgn").name == "qgn"
    assert registry.detect(text, "game.unknown").name == "qgn"
    with pytest.raises(meeple.NotationError) as caught:
        registry.detect("no notation here", source="x.txt")
    assert caught.value.source == "x.txt"


def test_unknown_names_and_models_are_reported() -> None:
    with pytest.raises(ValueError, match="unknown format 'nope'"):
        registry.get("nope")
    with pytest.raises(TypeError):
        meeple.dumps(object())
    with pytest.raises(ValueError):
        meeple.loads("x", format="nope")


def test_loads_with_a_named_format_and_source() -> None:
    with pytest.raises(meeple.NotationError) as caught:
        meeple.loads("[key", format="qgn", source="mine.qgn")
    assert str(caught.value).startswith("mine.qgn:1:")
    assert isinstance(meeple.loads('[key "k"][teams "a"]', format="qgn"), Snapshot)


def test_importing_meeple_loads_no_cli_libraries() -> None:
    import subprocess
    import sys

    probe = 'import sys, meeple; meeple.loads(\'[key "k"][teams "a"]\');'
    probe += "print(any(m.split('.')[0] in ('click', 'rich') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


PATHOLOGICAL = {
    "blanks": " " * 50_000,
    "blank lines": "\n" * 50_000,
    "slashes": "/" * 50_000,
    "open comments": "/*" * 25_000,
    "comment lines": "//\n" * 20_000,
    "hash lines": "#\n" * 25_000,
    "braces": "{" * 50_000,
    "quotes": '"' * 50_000,
    "escaped quotes": '\\"' * 25_000,
}


@pytest.mark.parametrize("text", PATHOLOGICAL.values(), ids=PATHOLOGICAL.keys())
def test_detection_is_linear_on_runs_that_decide_nothing(text: str) -> None:
    # Fuzzing found the Atlantis sniffer backtracking exponentially on a run of blanks
    # (36 blanks: minutes). Each of these runs is read in well under the guard's time.
    with finishes():
        for fmt in registry.formats():
            fmt.sniff(text)
        with pytest.raises(NotationError):
            registry.detect(text)


# -- light format modules and lazy game packages (issue 13: start-up) --------------------

GAMES = tuple(name for name, _ in registry.GAMES)


def _imported_after(code: str) -> set[str]:
    import subprocess
    import sys

    probe = f"import sys; {code}; print(' '.join(m for m in sys.modules if m.startswith('meeple')))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_listing_every_format_imports_no_game_module_but_its_entry() -> None:
    imported = _imported_after("from meeple import registry; registry.formats()")
    entries = {f"meeple.{game}.{entry}" for game in GAMES for entry in ("format", "game")}
    entries |= {f"meeple.{game}" for game in GAMES}
    assert imported - entries == {
        "meeple",
        "meeple.errors",
        "meeple.exports",  # each game package's `__getattr__`
        "meeple.game",
        "meeple.registry",
        "meeple.botc.choices",
        "meeple.quibbble",  # QuibbbleGame, which quibbble's seven games' entries subclass
        "meeple.quibbble.game",
    }


def test_using_a_format_imports_its_own_game_only() -> None:
    imported = _imported_after(
        "import meeple; meeple.loads('P1A1T0N\\n', format='flows', source='x.flows')"
    )
    assert "meeple.flows.notation" in imported
    others = {m for m in imported if m.split(".")[1:2] in (["botc"], ["raft"], ["atlantis"])}
    entries = {
        f"meeple.{game}{part}"
        for game in ("botc", "raft", "atlantis")
        for part in ("", ".format", ".game")
    }
    assert others - entries == {"meeple.botc.choices"}


def test_the_registry_lists_each_games_extensions_as_its_notations_read_them() -> None:
    assert list(registry.EXTENSIONS) == list(GAMES)
    for game in registry.games():
        read = {suffix for fmt in game.notations for suffix in fmt.extensions}
        assert sorted(read) == list(registry.EXTENSIONS[game.name]), game.name


SUFFIXES = sorted({s for e in registry.EXTENSIONS.values() for s in e if s.count(".") == 1})
"""Every extension a path can end in (`.script.json` ends in `.json`)."""


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_detection_by_extension_picks_the_one_notation_reading_it(suffix: str) -> None:
    readers = [fmt for fmt in registry.formats() if suffix in fmt.extensions]
    expected = readers[0].name if len(readers) == 1 else None
    # Nothing sniffs as an empty text, so only the extension can decide.
    try:
        found: str | None = registry.detect("", f"x{suffix.upper()}").name
    except NotationError:
        found = None
    assert found == expected
    assert registry.is_record_extension(suffix.upper())
    assert not registry.is_record_extension(suffix + "x")


def test_checking_a_file_by_its_extension_imports_its_game_alone() -> None:
    imported = _imported_after("from meeple import registry; registry.detect('', 'small.flows')")
    assert {m.split(".")[1] for m in imported if m.count(".") >= 1} - {
        "errors",
        "exports",
        "game",
        "registry",
    } == {"flows"}


def test_a_model_object_finds_its_format_by_name() -> None:
    from meeple import flows

    record = flows.parse("P1A1T0N\n")
    assert registry.for_model(record).name == "flows"
    assert not registry.get("atlantis").owns(record)
    assert registry.get("flows").models() == (flows.Record,)


SHARED_NAMES = ("parse", "dump", "replay", "render", "svg", "State", "Move")
"""The names every game package offers (README), unless its docstring says why not."""
NOT_OFFERED = {"botc": {"Move"}, "qgn": {"State", "Move"}}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_offers_each_name_its_imports_list(game: str) -> None:
    package = importlib.import_module(f"meeple.{game}")
    assert package.__all__ == sorted(package.__all__) and package.__all__
    for name in package.__all__:
        assert getattr(package, name) is vars(package)[name], name  # then a plain attribute
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        package.nope  # noqa: B018


@pytest.mark.parametrize("game", GAMES)
def test_every_game_package_offers_the_shared_names_or_says_why_not(game: str) -> None:
    package = importlib.import_module(f"meeple.{game}")
    missing = set(SHARED_NAMES) - set(package.__all__)
    assert missing == NOT_OFFERED.get(game, set())
    python_md = (Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text()
    (says,) = [part for part in python_md.split("\n## ") if part.startswith(f"`meeple.{game}`")]
    for name in missing:  # its section of docs/python.md says why
        assert f"no `{name}`" in says, name
    assert isinstance(package.svg, ModuleType) and callable(package.svg.render)


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FIRST_EXAMPLE = {
    "qgn": "qgn/unknown-game.qgn",
    "botc": "botc/twelve.botc",
    "raft": "raft/one-step.raft",
    "flows": "flows/face-to-face.flows",
    "atlantis": "atlantis/game.json",
}


def _first_example(game: str) -> Path:
    """A game's first bundled example (its chosen one, else the first by name)."""
    if game in FIRST_EXAMPLE:
        return EXAMPLES / FIRST_EXAMPLE[game]
    return min(
        p for p in (EXAMPLES / game).iterdir() if p.name != "demo.sh" and "illegal" not in p.name
    )


@pytest.mark.parametrize("game", GAMES)
def test_render_draws_a_parsed_record_in_ascii_in_every_game(game: str) -> None:
    package = importlib.import_module(f"meeple.{game}")
    record = package.parse(_first_example(game).read_text(encoding="utf-8"))
    picture = package.render(record)
    assert isinstance(picture, str) and picture and "<svg" not in picture


@pytest.mark.parametrize("game", [game for game in GAMES if game not in ("qgn", "botc")])
def test_replay_yields_the_package_s_own_states(game: str) -> None:
    package = importlib.import_module(f"meeple.{game}")
    record = package.parse(_first_example(game).read_text(encoding="utf-8"))
    states = list(package.replay(record))
    assert states and all(isinstance(state, package.State) for state in states)
    assert all(isinstance(move, package.Move) for move in states[-1].legal_moves()[:5])


def test_package_names_are_imported_on_first_use_and_keep_aliases() -> None:
    import subprocess
    import sys

    probe = (
        "import sys; from meeple import raft; assert 'meeple.raft.notation' not in sys.modules;"
        " from meeple.raft.notation import parse_record; assert raft.parse is parse_record"
    )
    subprocess.run([sys.executable, "-c", probe], check=True)


def test_botc_choices_name_what_the_game_draws_and_knows() -> None:
    from meeple.botc import ascii, choices, layout, script

    assert tuple(ascii.CHARSETS) == choices.CHARSETS
    assert choices.LAYOUTS == layout.LAYOUTS
    assert choices.SCRIPTS == script.SCRIPTS


def test_the_version_lives_in_one_place() -> None:
    from importlib.metadata import version

    import meeple

    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject
    assert not any(line.startswith('version = "') for line in pyproject.splitlines())
    assert version("meeple") == meeple.__version__

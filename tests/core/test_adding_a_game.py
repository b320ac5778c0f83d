"""docs/adding-a-game.md, done: the page's tiny game (noughts and crosses, `oxo`) is
defined here as the page writes it, registered as the page says, and driven through the
front door and the command line with the page's own commands and outputs.

`test_the_page_shows_this_code` holds the page to this file: every Python line the page
shows (imports aside, since the page spreads the game over a package's modules, whose
`game.py` imports the others inside its methods, and this file is one module) stands
here in the same order, so the page cannot drift from code
that mypy, ruff and these tests check.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple import registry
from meeple.engine import GameState, Status, replayed
from meeple.errors import DEFAULT_SOURCE, Location, NotationError, RuleError
from meeple.game import Document, Drawn, Form, Game
from meeple.pictures import xml_text
from meeple.registry import Registered
from tests.cli_helpers import meeple as run_meeple

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"

# -- model.py ---------------------------------------------------------------------------

SQUARES = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
"""The nine squares, columns a to c and rows 1 to 3; a move is the square marked."""
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@dataclass(frozen=True)
class Record:
    """A game of noughts and crosses written down: the squares marked, X first."""

    game = Registered("oxo")

    moves: tuple[str, ...] = ()


# -- notation.py ------------------------------------------------------------------------


def parse(text: str, source: str = DEFAULT_SOURCE) -> Record:
    """A record: one square a line; NotationError at the first line that is none."""
    moves = []
    offset = 0
    for line in text.splitlines(keepends=True):
        square = line.strip()
        if square not in SQUARES:
            found = repr(square) if square else "an empty line"
            message = f"expected a square a1 to c3, found {found}"
            raise NotationError.at(text, offset, message, source)
        moves.append(square)
        offset += len(line)
    return Record(tuple(moves))


def dump(record: Record) -> str:
    """The canonical text: one square a line."""
    return "".join(f"{square}\n" for square in record.moves)


# -- rules.py ---------------------------------------------------------------------------


@dataclass(frozen=True)
class State:
    """A position: the marks on the board (`board[i]` is `SQUARES[i]`'s) and the moves
    that made them. The engine protocol (meeple.engine.GameState) and nothing beside."""

    game = Registered("oxo")

    board: tuple[str, ...] = ("",) * 9
    history: tuple[str, ...] = ()

    @classmethod
    def initial(cls) -> State:
        return cls()

    player_count = 2

    def player_name(self, player: int) -> str:
        return "XO"[player - 1]

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else len(self.history) % 2 + 1

    @property
    def winners(self) -> tuple[int, ...]:
        for a, b, c in LINES:
            if self.board[a] and self.board[a] == self.board[b] == self.board[c]:
                return ("XO".index(self.board[a]) + 1,)
        return (1, 2) if all(self.board) else ()

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def status(self) -> Status:
        winners = self.winners
        return "playing" if not winners else "won" if len(winners) == 1 else "tie"

    @property
    def result_text(self) -> str:
        if self.status == "won":
            return f"{self.player_name(self.winners[0])} wins"
        if self.status == "tie":
            return "a draw"
        return f"{self.player_name(self.to_move or 1)} to move"

    def legal_moves(self) -> list[str]:
        if self.is_over:
            return []
        return [square for square, mark in zip(SQUARES, self.board, strict=True) if not mark]

    def violation(self, move: str) -> RuleError | None:
        if self.is_over:
            return RuleError(f"the game is over: {self.result_text}", rule="game-over")
        if self.board[SQUARES.index(move)]:
            return RuleError(f"{move} is already marked", rule="empty-square")
        return None

    def is_legal(self, move: str) -> bool:
        return self.violation(move) is None

    def play(self, move: str) -> State:
        problem = self.violation(move)
        if problem is not None:
            raise problem
        mark = self.player_name(self.to_move or 1)
        index = SQUARES.index(move)
        board = (*self.board[:index], mark, *self.board[index + 1 :])
        return State(board, (*self.history, move))

    def move_to_text(self, move: str) -> str:
        return move

    def move_from_text(self, text: str) -> str:
        if text.strip() not in SQUARES:
            raise NotationError(f"expected a square a1 to c3, found {text!r}")
        return text.strip()

    def move_group(self, move: str) -> str:
        return "mark"


def replay(record: Record) -> Iterator[State]:
    """The initial state, then one a move (`meeple.engine.replayed`); RuleError, with
    its step, at an illegal one."""
    return replayed(State.initial(), record.moves)


# -- ascii.py and svg.py ----------------------------------------------------------------


def render(state: State) -> str:
    """The board, row 3 at the top, and how the game stands."""
    rows = [" ".join(state.board[i] or "." for i in range(r * 3, r * 3 + 3)) for r in (2, 1, 0)]
    return "\n".join([*rows, state.result_text])


def svg(state: State) -> str:
    """The board as SVG, each square's `data-at` its name (the viewer lights it)."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 90">']
    parts.append(f"<title>{xml_text(state.result_text)}</title>")
    for index, square in enumerate(SQUARES):
        x, y = index % 3 * 30, (2 - index // 3) * 30
        parts.append(f'<rect data-at="{square}" x="{x}" y="{y}" width="30" height="30"/>')
        if state.board[index]:
            parts.append(f'<text x="{x + 10}" y="{y + 20}">{state.board[index]}</text>')
    return "".join(parts) + "</svg>\n"


# -- game.py ----------------------------------------------------------------------------


class OxoNotation(Drawn):
    """The `.oxo` record: one square a line."""

    name = "oxo"
    title = "Noughts and crosses: one square a line, X first"
    extensions = (".oxo",)

    def sniff(self, text: str) -> bool:
        return re.match(r"[abc][123]\n", text) is not None

    def form(self) -> Form:
        return Form(parse, dump)

    def models(self) -> tuple[type, ...]:
        return (Record,)

    def replay(self, document: Document) -> Iterator[State]:
        lines = document.text.splitlines(keepends=True)
        try:
            yield from replay(document.model)
        except RuleError as problem:
            step = problem.step or 0
            offset = sum(len(line) for line in lines[:step])
            raise problem.moved_to(Location.of(document.text, offset, document.source)) from None


class Noughts(Game):
    """Noughts and crosses: two players mark squares until three in a row."""

    name = "oxo"
    notation_kinds = (OxoNotation,)
    move_help = "a move is the square to mark, a1 to c3"

    def initial(self, player_count: int | None = None, seed: int | None = None) -> State:
        return State.initial()

    def render(self, thing: Any, **options: Any) -> str:
        return render(_last(thing))

    def svg(self, thing: Any, **options: Any) -> str:
        return svg(_last(thing))

    def state_json(self, state: State) -> dict[str, Any]:
        return {"board": list(state.board)}

    def marks(self, state: State) -> tuple[str, ...]:
        return state.history[-1:]


def _last(thing: Record | State) -> State:
    """A state as it is, a record as its last state."""
    if isinstance(thing, State):
        return thing
    *_, last = replay(thing)
    return last


# -- registered, as src/meeple/registry.py's GAMES and EXTENSIONS would name it ----------


@pytest.fixture
def oxo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry with `oxo` in it (its caches emptied before and after)."""
    target = f"{__name__}:Noughts"
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ("oxo", target)))
    monkeypatch.setattr(registry, "EXTENSIONS", {**registry.EXTENSIONS, "oxo": (".oxo",)})
    _forget()
    yield
    _forget()


def _forget() -> None:
    for cached in (registry._load, registry._all, registry._named):
        cached.cache_clear()


def test_the_state_keeps_the_engine_protocol() -> None:
    assert isinstance(State.initial(), GameState)


# -- the page ---------------------------------------------------------------------------


def _blocks(kind: str) -> list[str]:
    page = PAGE.read_text(encoding="utf-8")
    return re.findall(rf"```{kind}\n(.*?)```", page, flags=re.DOTALL)


def test_the_page_shows_this_code() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    here = "\n".join(line for line in source.splitlines() if line.strip())
    blocks = _blocks("python")
    assert len(blocks) >= 5
    for block in blocks:
        code = "\n".join(
            line
            for line in textwrap.dedent(block).splitlines()
            if line.strip()
            and not line.lstrip().startswith(("from ", "import ", "if TYPE_CHECKING:"))
        )
        assert code in here, code


def _files(tmp_path: Path) -> None:
    """The page's record files (a ```text block whose first line is `# NAME`)."""
    for block in _blocks("text"):
        first, _, body = block.partition("\n")
        if first.startswith("# "):
            (tmp_path / first[2:].strip()).write_text(body, encoding="utf-8")


def test_the_front_door_reads_checks_writes_and_replays_the_game(oxo: None, tmp_path: Path) -> None:
    _files(tmp_path)
    game = str(tmp_path / "game.oxo")
    record = meeple.load(game)
    assert record == Record(("b2", "a1", "c3", "a3", "b3", "a2"))
    assert meeple.detect(game) == "oxo" and record.game.name == "oxo"
    assert meeple.dumps(record) == Path(game).read_text(encoding="utf-8")
    states = meeple.replay(game)
    assert [len(state.history) for state in states] == list(range(7))
    assert states[-1].result_text == "O wins" and states[-1].winners == (2,)
    assert meeple.check(game) == []
    [problem] = meeple.check(str(tmp_path / "illegal.oxo"))
    assert (problem.location.line, problem.rule) == (3, "empty-square")


def test_the_command_line_does_what_the_page_shows(oxo: None, tmp_path: Path) -> None:
    _files(tmp_path)
    sessions = _blocks("console")
    assert sessions
    for session in sessions:
        command, _, shown = session.partition("\n")
        assert command.startswith("$ meeple ")
        args = command.removeprefix("$ meeple ").split()
        with pytest.MonkeyPatch.context() as inside:
            inside.chdir(tmp_path)
            run = run_meeple(args)
        assert run.out + run.err == shown, command


def test_the_architecture_page_links_the_page() -> None:
    architecture = PAGE.with_name("architecture.md").read_text(encoding="utf-8")
    assert "docs/adding-a-game.md" in architecture

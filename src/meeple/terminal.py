"""`meeple play`: a person plays a game in the terminal, against bots or hotseat.

The board is drawn after every move (where players name places in their own frames, as
in Flows, and one person plays, labelled as that person writes them). Moves are typed
in the game's own notation, or as a person would type them: any case, spaces for
hyphens, and the end of a move alone where it names one legal move (in Flows `a2 t1 n`
for `P1A2T1N`, in Atlantis `b2 c3` for `b2-c3`). A bad one gets the same positioned
message `meeple check` gives, with a caret under the input. Commands: `moves`
(the legal moves, grouped), `hint` (the greedy bot's choice), `undo` (back to the
person's last turn), `save FILE` (the record so far), `help` (the notation, with an
example from the position), `quit`; after the game ends, `undo`, `save` and `quit` still
work. On a terminal, lines can be edited and recalled (readline). Talks to the engine
protocol and the registry only; reads lines from any text stream, so tests drive it
through a pseudo-terminal.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from meeple import registry
from meeple.bots import Bot, legal_choices
from meeple.engine import AnyState, Framed, Recording
from meeple.errors import MeepleError, NotationError
from meeple.registry import Format

HELP = (
    "type a move in the game's notation, or: moves (list the legal ones), hint,"
    " undo, save FILE, help, quit"
)
OVER = "the game is over: undo, save FILE or quit"


@dataclass
class Session:
    """A game in progress at the terminal: the states so far and who plays each seat."""

    fmt: Format
    states: list[AnyState]
    bots: dict[int, Bot]
    rng: random.Random
    write: Callable[[str], None]
    drawn: dict[int, tuple[str | None, list[Any]]] = field(default_factory=dict)
    """The hidden draw dealt at each step (so undo and redraws stay fair)."""

    @property
    def state(self) -> AnyState:
        return self.states[-1]

    def choices(self) -> tuple[str | None, list[Any]]:
        """What the player to move drew (if anything) and the moves they may make."""
        step = len(self.states) - 1
        if step not in self.drawn:
            self.drawn[step] = legal_choices(self.state, self.rng)
        return self.drawn[step]

    def show(self) -> None:
        render = self.fmt.render
        self.write(render(self.state, **self._framing()) if render else self.state.result_text)

    def _framing(self) -> dict[str, str]:
        """With one person at the table, a game whose players name places in their own
        frames (Flows) draws the board as that person writes it, whoever is to move."""
        if not isinstance(self.state, Framed):
            return {}
        people = [p for p in range(1, self.state.player_count + 1) if p not in self.bots]
        return {"frame": f"P{people[0]}"} if len(people) == 1 else {}

    def advance_bots(self) -> None:
        """Let the bots play until it is a person's turn or the game is over."""
        while not self.state.is_over and self.state.to_move in self.bots:
            bot = self.bots[self.state.to_move]
            _, moves = self.choices()
            move = bot.choose(self.state, moves)
            name = self.state.player_name(self.state.to_move)
            told = f"{name} ({bot.name}) plays {self.state.move_to_text(move)}"
            self.write(told + self._where_for_people(move))
            self.states.append(self.state.play(move))
            self.show()

    def _where_for_people(self, move: Any) -> str:
        """Where a bot's move lies in each person's own labels, where the game has them
        (a Flows move names its hex in its own player's frame)."""
        if not isinstance(self.state, Framed):
            return ""
        people = [p for p in range(1, self.state.player_count + 1) if p not in self.bots]
        told = [
            f"{where} on P{p}'s board" if len(people) > 1 else f"{where} on your board"
            for p in people
            if (where := self.state.where_for(move, p))
        ]
        return f" ({', '.join(told)})" if told else ""

    def undo(self) -> None:
        """Back to the previous position where a person was to move."""
        while len(self.states) > 1:
            self.drawn.pop(len(self.states) - 1, None)
            self.states.pop()
            if self.state.to_move not in self.bots:
                self.show()
                return
        self.write("nothing to undo")

    def save(self, path: str) -> None:
        if not isinstance(self.state, Recording):
            self.write(f"{self.fmt.name} games cannot be saved")
            return
        try:
            with open(path, "w", encoding="utf-8") as file:
                file.write(self.fmt.dump(self.state.record()))
        except OSError as problem:
            self.write(f"cannot write {path}: {problem.strerror}")
            return
        self.write(f"saved {path}")

    def list_moves(self) -> None:
        drawn, moves = self.choices()
        groups: dict[str, list[str]] = {}
        for move in moves:
            groups.setdefault(self.state.move_group(move), []).append(self.state.move_to_text(move))
        if drawn is not None:
            self.write(f"you drew {drawn}")
        self.write(f"{len(moves)} legal moves")
        for group, texts in groups.items():
            self.write(f"{group} ({len(texts)}): {' '.join(texts)}")

    def hint(self) -> None:
        from meeple.bots import GreedyBot

        _, moves = self.choices()
        # Seeded by the position, not the game's generator: asking changes no later draw.
        move = GreedyBot(len(self.states)).choose(self.state, moves)
        self.write(f"the greedy bot would play {self.state.move_to_text(move)}")

    def help(self) -> None:
        self.write(HELP)
        if self.fmt.move_help:
            self.write(self.fmt.move_help)
        if not self.state.is_over:
            _, moves = self.choices()
            if moves:
                self.write(f"for example: {self.state.move_to_text(moves[0])}")

    def try_move(self, text: str) -> None:
        drawn, moves = self.choices()
        try:
            move = self._typed(text, moves)
            if move not in moves:
                self.state.play(move)  # a RuleError names the rule the move breaks
                if drawn is not None:
                    raise NotationError(f"you drew {drawn}: play a move with it")
                raise NotationError("that move is not legal here (type moves to list them)")
        except MeepleError as problem:
            self.write(_pointed(text, problem))
            return
        self.states.append(self.state.play(move))
        self.show()

    def _typed(self, text: str, moves: list[Any]) -> Any:
        """The move `text` means: in the game's notation, else the one legal move whose
        text ends with it, ignoring case and spaces (NotationError if several do)."""
        try:
            return self.state.move_from_text(text)
        except MeepleError as problem:
            wanted = _loose(text)
            if not wanted:
                raise
            meant = [m for m in moves if _loose(self.state.move_to_text(m)).endswith(wanted)]
            if len(meant) == 1:
                return meant[0]
            if len(meant) > 1:
                shown = " ".join(self.state.move_to_text(m) for m in meant[:8])
                more = " ..." if len(meant) > 8 else ""
                raise NotationError(f"{text!r} could be any of {shown}{more}") from None
            raise problem from None


def _loose(text: str) -> str:
    """A move's text as compared when a person types it: upper case, without spaces or
    hyphens (`b2 c3` is `b2-c3`)."""
    return "".join(text.split()).replace("-", "").upper()


def _pointed(text: str, problem: MeepleError) -> str:
    """The error as `check` shows it, but about the line the person typed."""
    column = problem.location.column if problem.location.line_text == text else 1
    return f"error: {problem.message}\n  {text}\n  {' ' * (column - 1)}^"


def run(
    game: str,
    read: IO[str],
    write: Callable[[str], None],
    players: int | None = None,
    bot: Bot | None = None,
    seats: tuple[int, ...] = (1,),
    seed: int | None = None,
) -> AnyState:
    """Play `game` reading a person's lines from `read`; bots (one kind) take the other seats."""
    fmt = registry.get(game)
    if fmt.start is None:
        raise ValueError(f"{game} cannot be played here")
    rng = random.Random(seed)
    first: AnyState = fmt.start(players=players, seed=rng.randrange(2**31))
    bots: dict[int, Bot] = {}
    if bot is not None:
        bots = {p: bot for p in range(1, first.player_count + 1) if p not in seats}
    session = Session(fmt, [first], bots, rng, write)
    write(f"{fmt.title}. {HELP}")
    session.show()
    session.advance_bots()
    ask = _asking(read, write)
    announced = False
    while True:
        if session.state.is_over and not announced:
            write(f"result: {session.state.result_text}")
            write(OVER)
            announced = True
        line = ask(_prompt(session))
        if line is None:
            break
        command = line.strip()
        if command in ("quit", "exit"):
            break
        before = len(session.states)
        _obey(session, command)
        if len(session.states) < before:
            announced = False  # undone: the game goes on, and will be announced again
        session.advance_bots()
    if not announced:
        write(f"result: {session.state.result_text}")
    return session.state


def _prompt(session: Session) -> str:
    if session.state.is_over:
        return "game over> "
    player = session.state.to_move
    assert player is not None
    drawn, _ = session.choices()
    prompt = f"{session.state.player_name(player)}"
    prompt += f" (drew {drawn})" if drawn is not None else ""
    return f"{prompt}> "


def _obey(session: Session, command: str) -> None:
    """Carry out one line the person typed."""
    word, _, rest = command.partition(" ")
    if command == "help":
        session.help()
    elif command == "undo":
        session.undo()
    elif word == "save":
        if rest.strip():
            session.save(rest.strip())
        else:
            session.write("save needs a file name")
    elif session.state.is_over:
        if command:
            session.write(OVER)
    elif command == "moves":
        session.list_moves()
    elif command == "hint":
        session.hint()
    elif command:
        session.try_move(command)


def _asking(read: IO[str], write: Callable[[str], None]) -> Callable[[str], str | None]:
    """A function that shows a prompt and returns the next line (None at the end): with
    line editing and history where `read` is a terminal and readline exists."""
    import sys

    if read is sys.stdin and read.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (imported for its effect on input())

        def typed(prompt: str) -> str | None:
            try:
                return input(prompt)
            except EOFError:
                return None

        return typed

    def line(prompt: str) -> str | None:
        write(prompt)
        got = read.readline()
        return got or None

    return line

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
work. A line that is no move at all is answered with what a move looks like and a few
legal ones as they may be typed. Leaving (`quit`, end of input, Ctrl-C) with moves not
yet saved offers to save them first. On a terminal, lines can be edited and recalled
(readline). Talks to the engine protocol and the registry only; reads lines from any
text stream, so tests drive it through a pseudo-terminal.
"""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from meeple import registry
from meeple.bots import Bot, legal_choices
from meeple.bots.engines import EngineFailed
from meeple.engine import AnyState, Framed, Recording
from meeple.errors import MeepleError, NotationError
from meeple.game import Notation
from meeple.words import counted

HELP = (
    "type a move in the game's notation, or: moves (list the legal ones), hint,"
    " undo, save FILE, help, quit"
)
OVER = "the game is over: undo, save FILE or quit"


class _NotAMove(Exception):
    """A typed line that reads as no move at all; `problem` is the game's own reason."""

    def __init__(self, problem: NotationError) -> None:
        super().__init__(problem.message)
        self.problem = problem


@dataclass
class Session:
    """A game in progress at the terminal: the states so far and who plays each seat."""

    fmt: Notation
    states: list[AnyState]
    bots: dict[int, Bot]
    rng: random.Random
    write: Callable[[str], None]
    drawn: dict[int, tuple[str | None, list[Any]]] = field(default_factory=dict)
    """The hidden draw dealt at each step (so undo and redraws stay fair)."""
    saved: tuple[AnyState, str] | None = None
    """The state last saved and the file it went to (None: the initial state, unsaved)."""
    result_drawn: bool = False
    """Whether the last picture shown already says the result (as a Flows board does)."""
    announced: AnyState | None = None
    """The finished state whose result was last told."""
    forfeit: str = ""
    """Why the game ended early: a bot's engine broke the protocol and lost."""

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
        fmt = self.fmt
        picture = (
            fmt.render(self.state, **self._framing())
            if fmt.can("render")
            else self.state.result_text
        )
        self.result_drawn = f"result: {self.state.result_text}" in picture.splitlines()
        self.write(picture)

    def announce(self) -> None:
        """Tell the result once, where the picture just drawn does not say it already."""
        if not self.result_drawn:
            self.write(f"result: {self.state.result_text}")
        self.write(OVER)
        self.announced = self.state

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
            name = self.state.player_name(self.state.to_move)
            try:
                move = bot.choose(self.state, moves)
            except EngineFailed as failure:
                self.forfeit = f"{name} ({failure.engine}) loses: it {failure.reason}"
                self.write(f"result: {self.forfeit}")
                return
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
        self.saved = (self.state, path)
        self.write(f"saved {path}")

    @property
    def unsaved(self) -> bool:
        """Whether moves were played (or undone) since the game began or was last saved."""
        last = self.saved[0] if self.saved else self.states[0]
        return self.state is not last and isinstance(self.state, Recording)

    def offer_to_save(self, ask: Callable[[str], str | None]) -> None:
        """Before leaving with unsaved moves: ask for a file (a name is suggested); an
        empty answer takes the suggestion, `no`, end of input or Ctrl-C leave unsaved."""
        suggested = self.saved[1] if self.saved else self._free_name()
        question = f'save the game before leaving? file [{suggested}], or "no": '
        while self.unsaved:
            answer = ask(question)
            if answer is None or answer.strip().lower() in ("n", "no"):
                self.write("left without saving")
                return
            self.save(answer.strip() or suggested)

    def _free_name(self) -> str:
        """A file name in the current folder that no file has yet: `flows-game.flows`,
        then `flows-game-2.flows` and so on."""
        suffix = self.fmt.extensions[0] if self.fmt.extensions else f".{self.fmt.name}"
        stem, number = f"{self.fmt.name}-game", 1
        name = stem + suffix
        while os.path.exists(name):
            number += 1
            name = f"{stem}-{number}{suffix}"
        return name

    def list_moves(self) -> None:
        drawn, moves = self.choices()
        groups: dict[str, list[str]] = {}
        for move in moves:
            groups.setdefault(self.state.move_group(move), []).append(self.state.move_to_text(move))
        if drawn is not None:
            self.write(f"you drew {drawn}")
        self.write(f"{counted(len(moves), 'legal move')}")
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
        if self.fmt.game.move_help:
            self.write(self.fmt.game.move_help)
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
        except _NotAMove as unread:
            self._not_a_move(text, unread.problem, moves)
            return
        except MeepleError as problem:
            self.write(_pointed(text, problem))
            return
        self.states.append(self.state.play(move))
        self.show()

    def _not_a_move(self, text: str, problem: NotationError, moves: list[Any]) -> None:
        """Answer a line that is no move with what moves look like: the game's own reason
        where it is about the line as typed (a game read in its own notation), else the
        notation's help (the reason would be about the QGN action the line was read as);
        then a few legal moves, as short as they may be typed."""
        if problem.location.line_text == text:
            self.write(_pointed(text, problem))
        else:
            self.write(_pointed(text, NotationError(f"{text!r} is not a move")))
            if self.fmt.game.move_help:
                self.write(self.fmt.game.move_help)
        if moves:
            picked = sorted({0, len(moves) // 2, len(moves) - 1})
            shown = ", ".join(self._as_typed(moves[index]) for index in picked)
            self.write(f"for example: {shown} (type moves to list every legal one)")

    def _as_typed(self, move: Any) -> str:
        """The shortest end of `move`'s text, from after a mark (a number's sign kept),
        that the game reads as `move` (a QGN action `0m&1.2` as `1.2`); else the text."""
        text = self.state.move_to_text(move)
        for cut in range(len(text) - 1, 0, -1):
            if (text[cut].isalnum() or text[cut] == "-") and not text[cut - 1].isalnum():
                with contextlib.suppress(MeepleError):
                    if self.state.move_from_text(text[cut:]) == move:
                        return text[cut:]
        return text

    def _typed(self, text: str, moves: list[Any]) -> Any:
        """The move `text` means: in the game's notation, else the one legal move whose
        text ends with it, ignoring case and spaces (NotationError if several do)."""
        try:
            return self.state.move_from_text(text)
        except NotationError as problem:
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
            raise _NotAMove(problem) from None


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
    if not fmt.game.can("initial"):
        raise ValueError(f"{game} cannot be played here")
    rng = random.Random(seed)
    first: AnyState = fmt.game.initial(player_count=players, seed=rng.randrange(2**31))
    _check_seats(game, first.player_count, seats)
    bots: dict[int, Bot] = {}
    if bot is not None:
        bots = {p: bot for p in range(1, first.player_count + 1) if p not in seats}
    session = Session(fmt, [first], bots, rng, write)
    write(f"{fmt.title}. {HELP}")
    session.show()
    ask = _asking(read, write)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C, even while a bot thinks: leave
        _converse(session, ask)
    session.offer_to_save(ask)
    if not session.forfeit and session.announced is not session.state:
        write(f"result: {session.state.result_text}")
    return session.state


def _check_seats(game: str, players: int, seats: tuple[int, ...]) -> None:
    """ValueError naming the seats there are, for a person's seat the game has not."""
    for seat in seats:
        if players == 1 and seat != 1:
            raise ValueError(f"there is no seat {seat}: {game} is a solo game, its one seat is 1")
        if not 1 <= seat <= players:
            there = f"1 {'and' if players == 2 else 'to'} {players}"
            raise ValueError(
                f"there is no seat {seat} in a {players}-player {game} game: its seats are {there}"
            )


def _converse(session: Session, ask: Callable[[str], str | None]) -> None:
    """Bots move, the person types, until the person leaves (quit or end of input)."""
    session.advance_bots()
    while not session.forfeit:
        if session.state.is_over and session.announced is not session.state:
            session.announce()  # again if undone and played to an end again
        line = ask(_prompt(session))
        if line is None or line.strip() in ("quit", "exit"):
            return
        _obey(session, line.strip())
        session.advance_bots()


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
            except (EOFError, KeyboardInterrupt):  # Ctrl-D, Ctrl-C: the person leaves
                print()  # what follows starts on a line of its own, not after the prompt
                return None

        return typed

    def line(prompt: str) -> str | None:
        write(prompt)
        try:
            return read.readline() or None
        except KeyboardInterrupt:
            return None

    return line

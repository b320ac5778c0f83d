"""Quibbble Game Notation text: parse it into `Snapshot`s and write it back.

Grammar (as implemented; docs/formats/qgn.md gives the reasons):

    game     ::= comment* tag (tag | comment)* (action | comment)*
    tag      ::= '[' name ws+ '"' value '"' ']'  ws allowed inside the brackets
    value    ::= (any char but '"', '\\', newline | '\\"' | '\\\\')*
    action   ::= index letter ('&' detail ('.' detail)*)?
    index    ::= digit+
    detail   ::= one or more chars other than whitespace . & { } [ ] "
    comment  ::= '{' any chars but '}' '}'

A file may hold many games: a tag that follows actions starts the next one, and
so does a second `key` tag (so games without actions can follow each other).
The fast path is one compiled regular expression over the whole grammar; any
text it cannot match is handed to `_diagnose`, which finds the precise problem.
This module does not interpret actions: that is each game's business.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import repeat
from operator import itemgetter
from typing import IO

from meeple.errors import (
    DEFAULT_SOURCE,
    Diagnosis,
    Finding,
    Locator,
    NotationError,
    line_ends,
    line_ends_of_pieces,
)
from meeple.qgn.model import (
    REQUIRED_TAGS,
    Action,
    ActionColumns,
    Actions,
    Games,
    Snapshot,
    split_teams,
)

_DETAIL = r"""[^\s.&{}\[\]"]+"""
MAX_TEAM_DIGITS = 6  # a million teams is plenty, and int() of thousands of digits is refused
_INDEX = rf"[0-9]{{1,{MAX_TEAM_DIGITS}}}"
_ACTION = rf"({_INDEX})([A-Za-z])(?:&({_DETAIL}(?:\.{_DETAIL})*))?"
_BARE_ACTION = rf"{_INDEX}[A-Za-z](?:&{_DETAIL}(?:\.{_DETAIL})*)?"
# One pass reads and checks the structure: a tag, a comment, or a run of well-formed
# actions, each ending at layout, a bracket, a brace or the end. The run is possessive,
# so it never backtracks between words; it stops before the first word that is not an
# action, which then matches `bad` and is explained by _diagnose. A run's words are
# split apart later and built into Actions only on first use (see `Actions`).
_TOKEN_PATTERN = rf"""
    \s*                                             # layout is free between tokens
    (?:
      (?P<run>(?:{_BARE_ACTION}(?:\s+|(?=[\[{{])|\Z))++)
    | COMMENT
    | \[[ \t]*(?P<name>[A-Za-z_][A-Za-z0-9_-]*)[ \t]+
         "(?P<value>(?:[^"\\\r\n]|\\["\\])*)"[ \t]*\]
    | (?P<bad>\S)                                   # anything else: find out what in _diagnose
    | (?P<end>\Z)                                   # layout ending the text: read once, not
    )                                               # tried again from each of its offsets
    """
_TOKEN = re.compile(_TOKEN_PATTERN.replace("COMMENT", r"\{(?P<comment>[^}]*)\}"), re.VERBOSE)
# Past a '{' that no '}' closes, no '{' can be closed: the same tokens without comments,
# so that each later '{' is not scanned to the end of the text again (quadratic).
_TOKEN_UNCLOSED = re.compile(_TOKEN_PATTERN.replace("COMMENT", r"(?P<comment>(?!))"), re.VERBOSE)
_RUN_ACTION = re.compile(_ACTION)
_WORD = re.compile(r"\S+")
_TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_GARBLED_TAG = re.compile(r"\[[ \t]*([A-Za-z_][A-Za-z0-9_-]*)")
_UNESCAPE = re.compile(r"\\(.)")
_CHUNK = 1 << 20


def parse(text: str, source: str = DEFAULT_SOURCE) -> Snapshot:
    """Parse exactly one game; NotationError with position for anything malformed."""
    for game in _games((text,), source, single=True):
        return game
    raise NotationError.at(text, len(text), 'expected a game: no tag such as [key "game"]', source)


def parse_many(text: str, source: str = DEFAULT_SOURCE) -> list[Snapshot]:
    """Every game in `text`, in order."""
    return list(_games((text,), source))


def parse_file(text: str, source: str = DEFAULT_SOURCE) -> Snapshot | Games:
    """A QGN file: one game as a Snapshot, several (PGN-style) as Games."""
    games = parse_many(text, source)
    if len(games) == 1:
        return games[0]
    if not games:
        return parse(text, source)  # raises, saying what a game needs
    return Games(tuple(games))


def iter_games(file: str | os.PathLike[str] | IO[str]) -> Iterator[Snapshot]:
    """Stream the games of a file (a path or an open text file) without reading it whole."""
    if isinstance(file, str | os.PathLike):
        with open(file, encoding="utf-8", newline="") as handle:
            yield from _games(_chunks(handle), os.fspath(file))
    else:
        yield from _games(_chunks(file), str(getattr(file, "name", "<stream>")))


def _chunks(handle: IO[str]) -> Iterator[str]:
    while chunk := handle.read(_CHUNK):
        yield chunk


@dataclass
class _Recovery:
    """What a lenient reading has found so far: every notation problem, and for each
    game how many of its actions come before its first problem (None: it has none)."""

    problems: list[NotationError] = field(default_factory=list)
    intact: list[int | None] = field(default_factory=list)


def diagnose(text: str, source: str = DEFAULT_SOURCE) -> Diagnosis[list[Snapshot]]:
    """Every notation problem of `text`, and the games read around them.

    Reading goes on after each malformed piece, as a compiler does: after a malformed
    tag at the next line (or past the `]` that ends it on its line), after an unclosed
    comment at the next line, after a malformed action at the next word; a misplaced or
    repeated tag is left out. `parse` stops at the first of the same problems.
    The Diagnosis's model is every game read; `intact`, for a text of one game, is how
    many of its actions come before its first problem (None: all), 0 for several games.
    """
    found = _Recovery()
    games = list(_games((text,), source, recovery=found))
    # The rules can be checked over the intact actions of a single game only.
    intact = (found.intact[0] if found.intact else None) if len(games) == 1 else 0
    return Diagnosis(games, found.problems, intact)


def _games(
    pieces: Iterable[str], source: str, single: bool = False, recovery: _Recovery | None = None
) -> Iterator[Snapshot]:
    """The games of a text given in pieces (tokens may straddle two pieces).

    The first problem raises NotationError, or, given a `recovery`, is recorded there and
    reading goes on (see `diagnose`).
    """
    buffer = ""
    scan_from = 0  # buffer offset where the next token starts
    lines_before = 0  # newlines in the text already dropped from the buffer
    tags: dict[str, str] = {}
    actions: list[str] = []  # the current game's runs of action words, checked
    commented: dict[int, tuple[str, ...]] = {}  # run index -> the comments before it
    pending: list[str] = []  # comments waiting for the action they precede
    leading: list[str] = []  # comments before or among the current game's tags
    intact: int | None = None  # the current game's actions before its first problem
    garbled: set[str] = set()  # names of the current game's malformed tags
    unclosed: int | None = None  # in the last piece, a '{' no '}' follows
    finds = {char: _Next(buffer, char) for char in "\n]"}  # `_resume`'s searches in `buffer`
    locate = Locator(buffer, source)

    def error(offset: int, message: str) -> NotationError:
        nonlocal locate
        if locate.text is not buffer:
            locate = Locator(buffer, source)
        here = locate(offset)
        return NotationError(message, here._replace(line=here.line + lines_before))

    def report(problem: NotationError) -> None:
        nonlocal intact
        if recovery is None:
            raise problem
        recovery.problems.append(problem)
        if intact is None:
            intact = sum(len(run.split()) for run in actions)

    def require(at: int) -> None:
        # A malformed tag may be the one missing: it was reported already.
        missing = [name for name in REQUIRED_TAGS if name not in tags and name not in garbled]
        if missing:
            report(error(at, f'missing required tag [{missing[0]} "..."] before the actions'))

    def finished() -> Snapshot:
        nonlocal intact
        if recovery is not None:
            recovery.intact.append(intact)
        intact = None
        later = partial(_cut, actions, commented)  # the columns, cut on first use
        return Snapshot(tags, Actions(later), tuple(pending), tuple(leading))

    # One line-end rule (docs/formats/qgn.md): a lone CR becomes LF as it comes in.
    feed = iter(line_ends_of_pieces(pieces))
    piece = next(feed, None)
    while piece is not None:
        # One piece ahead, so the last piece is known as such: a text given whole is
        # scanned once, never again from a token that happens to end the buffer.
        following = next(feed, None)
        more = following is not None
        buffer += piece
        piece = following
        resume = len(buffer)
        restart: int | None = scan_from
        while restart is not None:
            token = _TOKEN if unclosed is None or restart < unclosed else _TOKEN_UNCLOSED
            matches, restart = token.finditer(buffer, restart), None
            for match in matches:
                kind = match.lastgroup
                ends = more and match.end() == len(buffer)
                if (more and kind == "bad") or (ends and kind != "run"):
                    resume = match.start()  # the next piece may complete this token
                    break
                if kind == "end":
                    break
                if kind == "run":
                    start = match.start("run")
                    run = match["run"]
                    if ends:
                        # Only the last word may go on in the next piece: keep the
                        # others, so a long run across pieces is read once, not again at
                        # every piece.
                        whole = run.rstrip()
                        cut = len(whole) - len(whole.rsplit(None, 1)[-1])
                        resume = start + cut
                        run = run[:cut]
                        if not run:
                            break
                    if not actions:
                        require(start)
                    if pending:
                        commented[len(actions)] = tuple(pending)
                        pending.clear()
                    actions.append(run)
                    if ends:
                        break
                elif kind == "comment":
                    comment = match["comment"]
                    # A comment's line breaks are read as LF, whatever ended the lines.
                    pending.append(comment.replace("\r\n", "\n") if "\r" in comment else comment)
                elif kind == "value":
                    at = buffer.rindex("[", match.start(), match.start("name"))
                    name = match["name"]
                    if actions and name != "key":
                        report(
                            error(
                                at,
                                f"tag [{name} ...] after the actions: tags come first"
                                " (a new game starts with [key ...])",
                            )
                        )
                        continue
                    if actions or (name == "key" and "key" in tags):
                        missing = [tag for tag in REQUIRED_TAGS if tag not in tags]
                        if missing or single:
                            problem = error(at, "")
                            why = (
                                f"the game before it has no [{missing[0]}]"
                                if missing
                                else "read files of many games with meeple.qgn.parse_many or"
                                " iter_games"
                            )
                            report(
                                error(
                                    at,
                                    f"a second [key] starts a new game at line {problem.line};"
                                    f" {why}",
                                )
                            )
                        yield finished()
                        tags, actions, commented, pending, leading = {}, [], {}, [], []
                        garbled = set()
                    leading += pending
                    pending.clear()
                    if name in tags:
                        report(error(at, f"tag {name!r} given twice in one game"))
                        continue
                    value = match["value"]
                    tags[name] = _UNESCAPE.sub(r"\1", value) if "\\" in value else value
                else:
                    at = match.start("bad")
                    if buffer[at] == "{" and not more and unclosed is None:
                        unclosed = at  # the whole text is read: no '}' follows
                    offset, message = _diagnose(buffer, at)
                    report(error(offset, message))
                    if next(iter(finds.values())).text is not buffer:
                        finds = {char: _Next(buffer, char) for char in "\n]"}
                    restart = _resume(buffer, at, offset, finds)
                    if tag := _GARBLED_TAG.match(buffer, at):
                        garbled.add(tag[1])
                    break
        if more:
            # Drop what is read, keeping whole lines so that columns stay right.
            cut = buffer.rfind("\n", 0, resume) + 1
            lines_before += buffer.count("\n", 0, cut)
            buffer = buffer[cut:]
            scan_from = resume - cut
    if tags:
        if not actions:
            require(len(buffer))
        yield finished()
    elif pending:
        report(error(len(buffer), 'expected a tag such as [key "game"]: found only comments'))


class _Next:
    """`text.find(char, at)` asked at positions that only grow, as `_resume` asks it: the
    answer found is kept, and serves every later position up to it, so a long line full
    of problems is scanned once, not once per problem."""

    def __init__(self, text: str, char: str) -> None:
        self.text, self.char = text, char
        self.start, self.found = 0, -2  # the last search's start and answer (-2: none yet)

    def __call__(self, at: int) -> int:
        if not (self.start <= at and (at <= self.found or self.found == -1)):
            self.start, self.found = at, self.text.find(self.char, at)
        return self.found


def _resume(text: str, at: int, problem: int, finds: dict[str, _Next]) -> int:
    """Where reading goes on after the malformed piece that starts at `at` and whose
    problem is at `problem`: the next line, tag or word (see `diagnose`). `finds` are
    the searches for line ends and `]` in `text`, kept between calls."""
    char = text[at]
    line_end = finds["\n"](at)
    line_end = len(text) if line_end == -1 else line_end
    if char == "[":
        if at < problem < len(text) and text[problem] == "[":
            return problem  # a nested tag: read the inner one
        close = finds["]"](problem)
        return line_end if close == -1 or close >= line_end else close + 1
    if char == "{":
        return line_end  # an unclosed comment is taken to end with its line
    if char in "}]":
        return at + 1
    return at + max(1, len(_word(text, at)))


def _cut(runs: list[str], commented: dict[int, tuple[str, ...]]) -> ActionColumns:
    """The columns of a game's checked runs of actions (`commented`: run index -> the
    comments before its first action), with no Python call per action.

    Every word is known to be an action, so when each team index is one digit (the
    second character of every word is its letter) the columns are cut by position (see
    `_Words`). Otherwise one regex pass reads the parts.
    """
    if len(runs) == 1:
        words, starts = runs[0].split(), [0]
    else:
        words, starts = [], []  # starts: run index -> the index of its first action
        for run in runs:
            starts.append(len(words))
            words += run.split()
    if commented:
        listed: list[tuple[str, ...]] = [()] * len(words)
        for index, before in commented.items():
            listed[starts[index]] = before
        comments = tuple(listed)
    else:
        comments = ((),) * len(words)
    letters = "".join(map(_SECOND, words))
    if letters.isalpha():
        # A run holds no '&' but the one of each action with details.
        detailed = sum(map(str.count, runs, repeat("&"))) == len(words)
        teams = tuple("".join(map(_FIRST, words)).encode().translate(_DIGIT_VALUES))
        return _Words(words, teams, letters, comments, detailed)
    if not words:
        return ActionColumns((), "", (), ())
    indices, letter_list, details = zip(*_RUN_ACTION.findall("\n".join(runs)), strict=True)
    return ActionColumns(map(int, indices), "".join(letter_list), details, comments)


class _Words(ActionColumns):
    """The columns of action words whose team seats are all one digit: a word's first
    character is its team, the second its letter, and its details, when it has any,
    follow the '&' at the third. The words are kept as written, and a walk cuts each
    action's details as it reaches it: a column of them cut first would keep a million
    strings alive that the walk needs one at a time (and costs more to make)."""

    __slots__ = ("_detailed", "_words")

    def __init__(
        self,
        words: list[str],
        seats: tuple[int, ...],
        letters: str,
        comments: tuple[tuple[str, ...], ...],
        detailed: bool,
    ) -> None:
        # Not ActionColumns.__init__: the details column is cut only if it is asked for.
        self._seats, self._letters, self._comments, self._details = seats, letters, comments, None
        self._words, self._detailed = words, detailed  # detailed: every action has details

    def _sliced(self, index: slice) -> ActionColumns:
        return _Words(
            self._words[index],
            self._seats[index],
            self._letters[index],
            self._comments[index],
            self._detailed,
        )

    @property
    def details(self) -> tuple[str, ...]:
        details = self._details
        if details is None:
            self._details = details = tuple(map(_PAST_AMPERSAND, self._words))
        return details

    def _details_of(self, index: int) -> str:
        return self._words[index][3:]

    def actions(self) -> Iterator[Action]:
        words = self._words
        parts: Iterator[tuple[str, ...]] = map(
            tuple, map(str.split, map(_PAST_AMPERSAND, words), repeat("."))
        )
        if not self._detailed:  # a word of two characters has no details
            parts = map(_NO_DETAILS_BY_LENGTH.get, map(len, words), parts)
        return self._built(parts)


_FIRST, _SECOND, _PAST_AMPERSAND = itemgetter(0), itemgetter(1), itemgetter(slice(3, None))
_DIGIT_VALUES = bytes.maketrans(b"0123456789", bytes(range(10)))
_NO_DETAILS_BY_LENGTH: dict[int, tuple[str, ...]] = {2: ()}


def _diagnose(text: str, at: int) -> tuple[int, str]:
    """What is wrong with the text at `at`, where the grammar's fast path found no token."""
    char = text[at]
    if char == "[":
        return _diagnose_tag(text, at)
    if char == "{":
        return at, "unterminated comment: no '}' closes this '{'"
    if char == "}":
        return at, "'}' with no '{' before it"
    if char == "]":
        return at, "']' with no '[' before it"
    if char.isdigit():
        return _diagnose_action(text, at)
    if char.isalpha() or char in "&.":
        word = _word(text, at)
        return at, f"action {word!r} has no team index: expected digits first, as in 0{word}"
    return at, f"unexpected {char!r}: expected a tag, an action or a comment"


def _word(text: str, at: int) -> str:
    end = at
    while end < len(text) and not text[end].isspace() and text[end] not in "{[":
        end += 1
    return text[at:end]


def _diagnose_tag(text: str, at: int) -> tuple[int, str]:
    inside = at + 1
    while inside < len(text) and text[inside] in " \t":
        inside += 1
    name = _TAG_NAME.match(text, inside)
    if inside < len(text) and text[inside] == "[":
        return inside, "nested '[': a tag cannot contain another tag"
    if name is None:
        return inside, "expected a tag name after '['"
    quote = name.end()
    while quote < len(text) and text[quote] in " \t":
        quote += 1
    if quote == name.end() or quote >= len(text) or text[quote] != '"':
        return quote, f"expected a space and '\"' to open the value of tag {name[0]!r}"
    index = quote + 1
    while index < len(text) and text[index] not in '"\r\n':
        if text[index] == "\\":
            if index + 1 >= len(text) or text[index + 1] not in '"\\':
                return index, f'unknown escape in the value of tag {name[0]!r}: only \\" and \\\\'
            index += 1
        index += 1
    if index >= len(text) or text[index] != '"':
        return index, f"expected '\"' to close the value of tag {name[0]!r} before the line ends"
    index += 1
    while index < len(text) and text[index] in " \t":
        index += 1
    if index < len(text) and text[index] == "[":
        return index, "nested '[': a tag cannot contain another tag"
    return index, f"expected ']' to close tag {name[0]!r}"


def _diagnose_action(text: str, at: int) -> tuple[int, str]:
    index = at
    while index < len(text) and text[index].isdigit():
        index += 1
    team = text[at:index]
    if len(team) > MAX_TEAM_DIGITS:
        return at, f"team index of {len(team)} digits: at most {MAX_TEAM_DIGITS} digits"
    if index >= len(text) or not text[index].isascii() or not text[index].isalpha():
        return index, f"team index {team} has no action character: expected a letter after it"
    index += 1
    if index < len(text) and text[index] == "&":
        index += 1
        while True:
            start = index
            while index < len(text) and not text[index].isspace() and text[index] not in '.&{}[]"':
                index += 1
            if index == start:
                return index, "empty detail: expected text after '&' or '.'"
            if index < len(text) and text[index] == ".":
                index += 1
                continue
            break
    if index < len(text) and text[index] == "&":
        return index, "a second '&' in one action: details are separated by '.'"
    found = text[index] if index < len(text) else "end of text"
    return (
        index,
        f"unexpected {found!r} after action {text[at:index]!r}: expected a space or comment",
    )


def dump(snapshot: Snapshot, first: bool = True) -> str:
    """One game, canonically: key, teams, other tags, a blank line, actions in 80 columns.

    A game that follows another (`first=False`) writes its leading comments after its
    `key` tag: before it, they would read as the previous game's final comments.
    """
    tags = [f'[{name} "{_escape(value)}"]' for name, value in _canonical_tags(snapshot.tags)]
    comments = [_comment(text) for text in snapshot.leading_comments]
    lines = comments + tags if first or not tags else [tags[0], *comments, *tags[1:]]
    words = [word for action in snapshot.actions for word in _action_words(action)]
    words += [_comment(text) for text in snapshot.final_comments]
    if words:
        lines.append("")
        lines.extend(_wrap(words, WIDTH))
    return "\n".join(lines) + "\n"


def dump_many(snapshots: Iterable[Snapshot]) -> str:
    """Several games, one after another, separated by a blank line."""
    return "\n".join(dump(snapshot, first=n == 0) for n, snapshot in enumerate(snapshots))


def dump_file(model: Snapshot | Games) -> str:
    """A QGN file: one game, or several one after another."""
    return dump_many(model) if isinstance(model, Games) else dump(model)


WIDTH = 80


def _canonical_tags(tags: dict[str, str]) -> list[tuple[str, str]]:
    first = [(name, tags[name]) for name in REQUIRED_TAGS if name in tags]
    return first + [(name, value) for name, value in tags.items() if name not in REQUIRED_TAGS]


def _escape(value: str) -> str:
    if "\n" in value or "\r" in value:
        raise ValueError("a QGN tag value cannot hold a line break (LF or CR)")
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    if "}" in text:
        raise ValueError("a QGN comment cannot hold '}'")
    # Every CR is a line end when read back (docs/formats/qgn.md): write it as one.
    return "{" + (line_ends(text).replace("\r\n", "\n") if "\r" in text else text) + "}"


def format_action(action: Action) -> str:
    """`0a&1.2` for Action(0, 'a', ('1', '2'))."""
    text = f"{action.team}{action.action}"
    return f"{text}&{'.'.join(action.details)}" if action.details else text


def _action_words(action: Action) -> list[str]:
    return [*map(_comment, action.comments), format_action(action)]


def _wrap(words: list[str], width: int) -> list[str]:
    """Greedy wrapping; a word wider than `width` (a long comment) stands on its own line."""
    lines: list[str] = []
    current = ""
    for word in words:
        if current and len(current) + 1 + len(word.split("\n", 1)[0]) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
        if "\n" in current:
            head, current = current.rsplit("\n", 1)
            lines.append(head)
    if current:
        lines.append(current)
    return lines


def action_offsets(text: str) -> list[list[int]]:
    """Where each action of each game of a well-formed text starts (character offsets).

    Games split as `parse_many` splits them, so `action_offsets(text)[g][i]` is where
    action i of game g is written: the place to show a rule that action breaks.
    """
    games: list[list[int]] = []
    offsets: list[int] = []
    has_key = False
    for token in _tokens(text):
        kind = token.lastgroup
        if kind == "run":
            start = token.start("run")
            offsets += [start + word.start() for word in _WORD.finditer(token["run"])]
        elif kind == "value":
            if offsets or (token["name"] == "key" and has_key):
                games.append(offsets)
                offsets, has_key = [], False
            has_key = has_key or token["name"] == "key"
    games.append(offsets)
    return games


def _tokens(text: str) -> Iterator[re.Match[str]]:
    """The tokens of a whole text as `_games` reads them: past a '{' that no '}' closes,
    without comments (so that each later '{' is not scanned to the end again)."""
    for token in _TOKEN.finditer(text):
        yield token
        if token.lastgroup == "bad" and text[token.start("bad")] == "{":
            yield from _TOKEN_UNCLOSED.finditer(text, token.end())
            return


def detail_offset(text: str, action: int, part: int) -> int:
    """Where detail number `part` (0-based) of the action written at offset `action` starts
    (the action itself when it has no such detail)."""
    word = _WORD.match(text, action)
    if word is None:
        return action
    amp = word[0].find("&")
    if amp == -1:
        return action
    at = action + amp + 1
    for detail in word[0][amp + 1 :].split(".")[:part]:
        at += len(detail) + 1
    return at if at < word.end() else action


def team_findings(text: str, source: str = DEFAULT_SOURCE) -> list[Finding]:
    """Warnings for a `teams` tag that lists no team and for actions whose team index is
    outside their game's `teams` list, in a text of one or many well-formed games.

    The reference parser accepts these, so they are findings, not parse errors.
    """
    findings = []
    teams = 0
    for token in _tokens(text):
        if token.lastgroup == "value" and token["name"] == "teams":
            teams = len(split_teams(_UNESCAPE.sub(r"\1", token["value"])))
            if teams == 0:
                at = token.start("name")
                findings.append(Finding.at(text, at, "the teams tag lists no team", source))
        elif token.lastgroup == "run":
            for action in _RUN_ACTION.finditer(token["run"]):
                if int(action[1]) >= teams:
                    known = f"0 to {teams - 1}" if teams else "none"
                    message = f"team index {action[1]} is outside the teams list ({known})"
                    at = token.start("run") + action.start()
                    findings.append(Finding.at(text, at, message, source))
    return findings

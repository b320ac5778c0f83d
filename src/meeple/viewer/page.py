"""One self-contained HTML page that steps through a whole record.

The page holds every state's picture (the game's SVG, or its ASCII picture where a
format has no SVG), the move list in the game's notation, first/previous/next/last
buttons, arrow keys, a slider and the result line. A record with findings lists every
one `meeple check` reports, with line and caret, and shows the game up to the last legal
state (a text that does not read: from the lines before its first notation problem).
No network: styles,
script and pictures are all inline, so the file opens from disk.

Standard library only. Everything taken from the record is escaped: text through
html.escape, the data block through JSON with `<`, `>` and `&` written as escapes.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from meeple import records, registry
from meeple.engine import Framed
from meeple.errors import DEFAULT_SOURCE, Finding, MeepleError, Unsupported
from meeple.game import Notation


@dataclass(frozen=True)
class Frame:
    """One state of the record as the page shows it."""

    picture: str
    """SVG markup, or the ASCII picture (shown preformatted)."""
    is_svg: bool
    move: str | None
    text: str
    marks: tuple[str, ...] = ()
    """The places on the picture the move touched (its elements' `data-at` keys)."""


@dataclass(frozen=True)
class Viewing:
    """Everything the page shows: the frames, and what `meeple check` finds."""

    title: str
    game: str
    frames: list[Frame] = field(default_factory=list)
    findings: tuple[str, ...] = ()
    """Every finding, as `meeple check` prints it and in its order."""
    invalid: bool = False
    """Whether a finding is an error (the record stops there), not a lint or warning."""

    @property
    def finding(self) -> str | None:
        """The findings that make the record invalid, as `meeple check` prints them."""
        return "\n".join(self.findings) if self.invalid else None


def viewing(
    text: str, source: str, format_name: str | None = None, reading: Mapping[str, Any] | None = None
) -> Viewing:
    """Read and replay a record for the page; a bad record keeps its legal prefix (a text
    that does not read: the lines before its first notation problem), and every finding
    `meeple check` reports. `reading`: the format's reading options (Flows' `dialect`).

    Raises `Unsupported` for a valid record the page cannot show (a bag of roles)."""
    reading = reading or {}
    try:
        fmt = registry.get(format_name) if format_name else registry.detect(text, source, source)
    except MeepleError as problem:
        return Viewing(source, "not a record meeple can read", [], (problem.report(),), True)
    found = records.text_findings(text, source, fmt, **reading)
    shown = tuple(_as_checked(finding) for finding in found)
    invalid = any(finding.severity == "error" for finding in found)
    record = _readable(text, source, fmt, reading, found)
    if record is None:
        return Viewing(source, fmt.title, [], shown, invalid)
    frames, refused = _frames(record, source)
    if refused is not None and not invalid:  # a picture's refusal: check cannot know it
        shown, invalid = (*shown, refused), True
    return Viewing(source, record.notation.title, frames, shown, invalid)


def game_name(title: str) -> str:
    """A game's name from its format's title: `Connect Four` of `Connect Four (quibbble's
    QGN records): ...`, `Race to the Raft` of `Race to the Raft game record: ...`."""
    words = title.split(" (")[0].split(":")[0].strip()
    return _KIND_OF_TEXT.sub("", words) or words


# What a format's title says after the game's name (`Atlantis transcripts`).
_KIND_OF_TEXT = re.compile(r" (?:game )?(?:records?|traces?|transcripts?|state)$")


def titled(view: Viewing, noun: str) -> Viewing:
    """`view` titled by its game and length (`Atlantis: 12 moves`), for a record that has
    no file name to show (one in a notebook); `noun` is what a step is called."""
    played = max(0, len(view.frames) - 1)
    return replace(view, title=f"{game_name(view.game)}: {played} {noun}{'s' * (played != 1)}")


def _as_checked(finding: Finding) -> str:
    """A finding as `meeple check` prints it."""
    if finding.location.line == 0:
        return f"{finding.location.source}: {finding.severity}: {finding.message}"
    return str(finding)


def _readable(
    text: str, source: str, fmt: Notation, reading: Mapping[str, Any], found: list[Finding]
) -> records.Playable | None:
    """The record, or where its text does not read, the lines before the first notation
    problem read as one (None where even those do not)."""
    try:
        return records.of(fmt.read(text, source, **reading))
    except MeepleError as problem:
        lines = [f.location.line for f in found if f.kind == "notation" and f.location.line]
        first = min(lines, default=problem.location.line)
        before = "".join(text.splitlines(keepends=True)[: first - 1])
        try:
            return records.of(fmt.read(before, source, **reading)) if before.strip() else None
        except MeepleError:
            return None


def _frames(record: records.Playable, source: str) -> tuple[list[Frame], str | None]:
    """A frame for each state up to the first illegal move, and the report of what
    stopped the replay (None when nothing did)."""
    notation = record.notation
    frames: list[Frame] = []
    mover = None
    try:
        for step in records.steps(record):
            frame = _frame(notation, step.state, step.move, step.result_text, mover)
            if step.index and notation.game.can("marks") and frame.is_svg:
                frame = replace(frame, marks=tuple(notation.game.marks(step.state)))
            frames.append(frame)
            mover = getattr(step.state, "to_move", None)
    except Unsupported as problem:  # a record of a kind the page cannot show
        raise problem.with_source(source) from None
    except MeepleError as problem:
        if problem.source == DEFAULT_SOURCE:  # a picture's refusal names no file
            problem = problem.with_source(source)
        return frames, problem.report()
    return frames, None


def _frame(game: Notation, subject: Any, move: str | None, text: str, mover: Any) -> Frame:
    """The step's picture; where players label places in their own frames (Flows), as
    `mover`, the player who made the step's move, writes them: the lit place then
    carries the label the move's text names (the first state: as the player to move)."""
    if game.can("svg"):
        framed = isinstance(subject, Framed) and isinstance(mover, int)
        return Frame(
            game.svg(subject, **({"frame": f"P{mover}"} if framed else {})), True, move, text
        )
    if game.can("render"):
        return Frame(game.render(subject), False, move, text)
    return Frame("", False, move, text)


def _data(view: Viewing) -> str:
    """The frames as JSON that is safe inside a <script> element (see `packed`)."""
    lines, edits = packed([f.picture for f in view.frames])
    frames = [
        {"edits": e, "svg": f.is_svg, "move": f.move, "text": f.text}
        | ({"at": list(f.marks)} if f.marks else {})
        for f, e in zip(view.frames, edits, strict=True)
    ]
    data = json.dumps({"lines": lines, "frames": frames}, ensure_ascii=False, separators=(",", ":"))
    return data.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


Edit = int | list[int]


def packed(pictures: list[str]) -> tuple[list[str], list[list[Edit]]]:
    """Pictures as their distinct lines and, per picture, its edits of the one before.

    Consecutive positions of a game differ in a few lines of their pictures, so a page
    holding each picture whole would grow with moves times board size. Here each
    distinct line is kept once, and a picture is a list of edits of the previous one:
    `[a, b]` copies its lines a..b-1, a number adds the distinct line of that index.
    The page grows with what changes from move to move.
    """
    from difflib import SequenceMatcher

    index: dict[str, int] = {}
    lines: list[str] = []
    edits: list[list[Edit]] = []
    before: list[int] = []
    for picture in pictures:
        now: list[int] = []
        for line in picture.split("\n"):
            number = index.get(line)
            if number is None:
                number = index[line] = len(lines)
                lines.append(line)
            now.append(number)
        ops: list[Edit] = []
        matcher = SequenceMatcher(None, before, now, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                ops.append([i1, i2])
            elif tag in ("replace", "insert"):
                ops.extend(now[j1:j2])
        edits.append(ops)
        before = now
    return lines, edits


def render(view: Viewing) -> str:
    """The whole page for `view`: one viewer, its step in the URL (`#step=N`)."""
    style = _PAGE_STYLE + VIEWER_STYLE
    return _PAGE.format(
        title=html.escape(view.title), style=style, viewer=fragment(view, ""), script=SCRIPT
    )


def fragment(view: Viewing, name: str = "meeple") -> str:
    """The viewer of `view` as one `<div>` to put inside another page, with its script.

    Several fragments may share a page: each is found by its own elements, keeps its
    step in the page URL under `NAME-step` (the whole page's viewer: `step`), and takes
    the arrow keys while it has the focus. Its ids start with `NAME-` (none for the page).
    """
    prefix = f"{name}-" if name else ""
    moves = "".join(
        f'<li><button type="button" data-step="{step}">{html.escape(frame.move)}</button></li>'
        for step, frame in enumerate(view.frames)
        if frame.move is not None
    )
    finding = (
        f'<section id="{prefix}finding" class="meeple-finding" role="alert">'
        f"<h2>{'This record stops here' if view.invalid else 'meeple check finds'}</h2>"
        + "".join(f"<pre>{html.escape(found)}</pre>" for found in view.findings)
        + "</section>"
        if view.findings
        else ""
    )
    body = ""
    if view.frames:
        last = len(view.frames) - 1
        steps = "" if last == 0 else _STEPS.format(prefix=prefix, last=last)
        end = view.frames[-1]  # drawn before any script runs (or where none may run)
        picture = end.picture if end.is_svg else f"<pre>{html.escape(end.picture)}</pre>"
        body = _BODY.format(
            prefix=prefix, steps=steps, moves=moves, data=_data(view), picture=picture
        )
    return _FRAGMENT.format(
        prefix=prefix,
        key=f"{prefix}step",
        title=html.escape(view.title),
        game=html.escape(view.game),
        finding=finding,
        body=body,
        whole="true" if not name else "false",
    ) + ("" if not name else f"<style>{VIEWER_STYLE}</style><script>{SCRIPT}</script>")


def page(text: str, source: str, format_name: str | None = None) -> str:
    """The viewer page of the record in `text` (named `source`); a record the page
    cannot show gets a page that says why."""
    try:
        return render(viewing(text, source, format_name))
    except Unsupported as problem:
        return render(Viewing(source, "nothing to show", [], (problem.report(),), True))


@dataclass(frozen=True)
class Notebook:
    """A record as the viewer in a Jupyter notebook: `Notebook(record)` as a cell's value
    steps through it, its final position drawn even where the notebook runs no script.

    The viewer is titled by the record's game and length (`Atlantis: 12 moves`): in a
    notebook there is no file name. A record with nothing to step through (or that the
    page cannot show) shows its picture, as the record alone does (`_repr_svg_`).
    """

    record: Any

    def _repr_html_(self) -> str | None:
        notation = registry.for_model(self.record)
        text = notation.dump(self.record)
        try:
            view = viewing(text, f"<{type(self.record).__name__}>", notation.name)
        except MeepleError:
            return None
        view = titled(view, notation.step_noun)
        if len(view.frames) < 2:
            return None
        import hashlib

        return fragment(view, "meeple-" + hashlib.sha256(text.encode()).hexdigest()[:10])

    def _repr_svg_(self) -> str | None:
        drawn: str | None = self.record._repr_svg_()
        return drawn


# The page around one viewer.
_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} - meeple</title>
<style>{style}</style>
</head>
<body>
{viewer}
<script>{script}</script>
</body>
</html>
"""

# One viewer; a record with no state to show keeps only its header and finding, one with
# a single state no stepping controls.
_FRAGMENT = """<div class="meeple-viewer" data-key="{key}" data-whole="{whole}" tabindex="-1">
<header><h1>{title}</h1><p class="game">{game}</p></header>
{finding}{body}</div>"""

_BODY = """<main>
<figure id="{prefix}board" class="meeple-board" aria-live="polite">{picture}</figure>
<aside>
{steps}<p id="{prefix}result" class="meeple-result"></p>
<ol id="{prefix}moves" class="meeple-moves">{moves}</ol>
</aside>
</main>
<script type="application/json" class="meeple-data">{data}</script>"""

_STEPS = """<nav aria-label="step through the record">
<button type="button" id="{prefix}first" data-go="first" title="first (Home)">&laquo;</button>
<button type="button" id="{prefix}previous" data-go="previous"
 title="previous (Left)">&lsaquo;</button>
<button type="button" id="{prefix}next" data-go="next" title="next (Right)">&rsaquo;</button>
<button type="button" id="{prefix}last" data-go="last" title="last (End)">&raquo;</button>
<input type="range" id="{prefix}slider" class="meeple-slider" min="0" max="{last}" value="{last}"
 aria-label="step">
<output id="{prefix}step" class="meeple-step"></output>
</nav>
"""

_PAGE_STYLE = """
body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1em;
color:#222;background:#fafaf7}
"""

# Every rule is scoped to the viewer, so a fragment changes nothing else on its page.
VIEWER_STYLE = """
.meeple-viewer header h1{font-size:1.3em;margin:0}
.meeple-viewer header .game{margin:0 0 1em;color:#666}
.meeple-viewer main{display:flex;gap:1.5em;flex-wrap:wrap}
.meeple-board{flex:1 1 560px;margin:0;min-width:300px}
.meeple-board svg{width:100%;height:auto;max-height:80vh}
.meeple-board pre{font:13px/1.15 ui-monospace,monospace;overflow:auto}
.meeple-viewer aside{flex:0 1 320px}
.meeple-viewer nav{display:flex;gap:.3em;align-items:center;flex-wrap:wrap}
.meeple-viewer nav button{font-size:1.1em;min-width:2.2em}
.meeple-slider{flex:1;min-width:120px}
.meeple-result{font-weight:600}
.meeple-moves{max-height:60vh;overflow:auto;padding-left:2.5em;margin:0}
.meeple-moves button{font:13px ui-monospace,monospace;border:0;background:none;cursor:pointer;
padding:.1em .3em}
.meeple-moves button[aria-current=step]{background:#1f6feb;color:#fff;border-radius:3px}
.meeple-board .meeple-hot{stroke:#ff8c00;stroke-width:4px;stroke-opacity:1}
.meeple-finding{border-left:4px solid #c62828;background:#fdecea;padding:.2em 1em;
margin-bottom:1em}
.meeple-finding h2{font-size:1em;margin:.4em 0}
.meeple-finding pre{font:13px ui-monospace,monospace;white-space:pre-wrap}
"""

SCRIPT = """
(function(){
"use strict";
// Every viewer on the page not yet started (several fragments may share a page, each
// with this script): its elements are found inside it, never by a page-wide id.
const viewers = Array.from(document.querySelectorAll(".meeple-viewer:not([data-ready])"));
// Asked when a key is pressed: a later fragment's viewers may not exist yet now.
const alone = () => document.querySelectorAll(".meeple-viewer").length === 1;
for (const root of viewers) { root.dataset.ready = "1"; start(root); }
function hashSteps() { return new URLSearchParams(location.hash.slice(1)); }
function start(root) {
  const holder = root.querySelector(".meeple-data");
  if (!holder) return;
  const data = JSON.parse(holder.textContent);
  const frames = data.frames;
  if (!frames.length) return;
  // Each picture is stored as edits of the one before (page.py's `packed`): [a, b]
  // copies its lines a..b-1, a number adds that distinct line. Rebuilt once, as numbers.
  let before = [];
  for (const frame of frames) {
    const now = [];
    for (const op of frame.edits) {
      if (Array.isArray(op)) { for (let i = op[0]; i < op[1]; i++) now.push(before[i]); }
      else { now.push(op); }
    }
    frame.lines = now;
    before = now;
  }
  const picture = (frame) => frame.lines.map((i) => data.lines[i]).join("\\n");
  const part = (name) => root.querySelector(".meeple-" + name);
  const board = part("board"), slider = part("slider"), stepOut = part("step");
  const result = part("result");
  const moves = Array.from(root.querySelectorAll(".meeple-moves button"));
  const key = root.dataset.key;
  const last = frames.length - 1;
  let step = last;
  function show(n, remember) {
    step = Math.max(0, Math.min(last, n));
    const frame = frames[step];
    if (frame.svg) { board.innerHTML = picture(frame); }
    else { const pre = document.createElement("pre"); pre.textContent = picture(frame);
           board.replaceChildren(pre); }
    if (slider) slider.value = String(step);
    if (stepOut) stepOut.textContent = "step " + step + " of " + last;
    result.textContent = frame.text;
    for (const button of moves) {
      const current = Number(button.dataset.step) === step;
      if (current) { button.setAttribute("aria-current", "step"); reveal(button); }
      else { button.removeAttribute("aria-current"); }
    }
    frameChoice();
    root.dataset.step = String(step);
    if (remember) {
      const steps = hashSteps();
      if (step === last) steps.delete(key); else steps.set(key, String(step));
      const hash = steps.toString();
      history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
    }
  }
  // The current move is scrolled into view inside the move list only: scrollIntoView
  // would scroll the window too, and a page would open away from its top.
  function reveal(button) {
    const list = button.closest(".meeple-moves");
    const box = button.getBoundingClientRect(), frame = list.getBoundingClientRect();
    const top = frame.top + list.clientTop, bottom = top + list.clientHeight;
    if (box.top < top) list.scrollTop -= top - box.top;
    else if (box.bottom > bottom) list.scrollTop += box.bottom - bottom;
  }
  // A picture that labels its places in several players' frames (Flows) offers them
  // all; the one chosen stays through the steps.
  let chosen = null;
  function frameChoice() {
    const groups = Array.from(board.querySelectorAll("[data-frame]"));
    if (!groups.length) return;
    let pick = root.querySelector(".meeple-frames");
    if (!pick) {
      pick = document.createElement("select");
      pick.className = "meeple-frames";
      pick.setAttribute("aria-label", "label the board as this player writes it");
      const natural = document.createElement("option");
      natural.value = ""; natural.textContent = "labels: the player who moved";
      pick.append(natural);
      for (const group of groups) {
        const option = document.createElement("option");
        option.value = group.dataset.frame;
        option.textContent = "labels: as " + group.dataset.frame + " writes them";
        pick.append(option);
      }
      pick.onchange = () => { chosen = pick.value || null; frameChoice(); };
      result.before(pick);
    }
    if (chosen === null) return;
    for (const group of groups) {
      if (group.dataset.frame === chosen) group.removeAttribute("display");
      else group.setAttribute("display", "none");
    }
  }
  const go = {first: () => 0, previous: () => step - 1, next: () => step + 1, last: () => last};
  for (const button of root.querySelectorAll("[data-go]")) {
    button.onclick = () => show(go[button.dataset.go](), true);
  }
  if (slider) slider.oninput = () => show(Number(slider.value), true);
  for (const button of moves) button.onclick = () => show(Number(button.dataset.step), true);
  // Pointing at a move (or tabbing to it) lights the places it touched on the board.
  const light = (keys) => {
    for (const place of board.querySelectorAll("[data-at]")) {
      place.classList.toggle("meeple-hot", keys.includes(place.getAttribute("data-at")));
    }
  };
  for (const button of moves) {
    const keys = frames[Number(button.dataset.step)].at || [];
    button.onpointerenter = button.onfocus = () => light(keys);
    button.onpointerleave = button.onblur = () => light([]);
  }
  // Alone on its page a viewer takes the keys everywhere; among others, while focused.
  document.addEventListener("keydown", (event) => {
    if (!alone() && !root.contains(document.activeElement)) return;
    if (event.target instanceof HTMLInputElement && event.target !== slider) return;
    const to = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last}[event.key];
    if (to !== undefined) { event.preventDefault(); show(to, true); }
  });
  root.addEventListener("pointerdown", (event) => {
    if (!alone() && !root.contains(document.activeElement)) root.focus();
  });
  const fromHash = () => {
    const asked = Number.parseInt(hashSteps().get(key) ?? "", 10);
    show(Number.isNaN(asked) ? last : asked, false);
  };
  window.addEventListener("hashchange", fromHash);
  fromHash();
}
})();
"""

"""One self-contained HTML page that steps through a whole record.

The page holds every state's picture (the game's SVG, or its ASCII picture where a
format has no SVG), the move list in the game's notation, first/previous/next/last
buttons, arrow keys, a slider and the result line. An invalid record shows its finding
with line and caret, and the game up to the last legal state. No network: styles,
script and pictures are all inline, so the file opens from disk.

Standard library only. Everything taken from the record is escaped: text through
html.escape, the data block through JSON with `<`, `>` and `&` written as escapes.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from meeple import records, registry
from meeple.errors import DEFAULT_SOURCE, MeepleError, Unsupported
from meeple.registry import Format


@dataclass(frozen=True)
class Frame:
    """One state of the record as the page shows it."""

    picture: str
    """SVG markup, or the ASCII picture (shown preformatted)."""
    is_svg: bool
    move: str | None
    text: str


@dataclass(frozen=True)
class Viewing:
    """Everything the page shows: the frames, and the finding that stopped the record."""

    title: str
    game: str
    frames: list[Frame] = field(default_factory=list)
    finding: str | None = None


def viewing(
    text: str, source: str, format_name: str | None = None, reading: Mapping[str, Any] | None = None
) -> Viewing:
    """Read and replay a record for the page; a bad record keeps its legal prefix.
    `reading`: the format's reading options (such as Flows' `dialect`).

    Raises `Unsupported` for a valid record the page cannot show (a bag of roles)."""
    try:
        fmt = registry.get(format_name) if format_name else registry.detect(text, source, source)
        record = records.of(fmt.read(text, source, **(reading or {})))
    except MeepleError as problem:
        return Viewing(source, "not a record meeple can read", finding=problem.report())
    game = record.game
    frames: list[Frame] = []
    finding = None
    try:
        for step in records.steps(record):
            frames.append(_frame(game, step.state, step.move, step.result_text))
    except Unsupported as problem:  # a record of a kind the page cannot show
        raise problem.with_source(source) from None
    except MeepleError as problem:
        if problem.source == DEFAULT_SOURCE:  # a picture's refusal names no file
            problem = problem.with_source(source)
        finding = problem.report()
    return Viewing(source, game.title, frames, finding)


def _frame(game: Format, subject: Any, move: str | None, text: str) -> Frame:
    if game.svg is not None:
        return Frame(game.svg(subject), True, move, text)
    if game.render is not None:
        return Frame(game.render(subject), False, move, text)
    return Frame("", False, move, text)


def _data(view: Viewing) -> str:
    """The frames as JSON that is safe inside a <script> element (see `packed`)."""
    lines, edits = packed([f.picture for f in view.frames])
    frames = [
        {"edits": e, "svg": f.is_svg, "move": f.move, "text": f.text}
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


def unpacked(lines: list[str], edits: list[list[Edit]]) -> list[str]:
    """The pictures `packed` packed (what the page's script does, for tests)."""
    pictures: list[str] = []
    before: list[int] = []
    for ops in edits:
        now: list[int] = []
        for op in ops:
            if isinstance(op, list):
                now.extend(before[op[0] : op[1]])
            else:
                now.append(op)
        pictures.append("\n".join(lines[i] for i in now))
        before = now
    return pictures


def render(view: Viewing) -> str:
    """The whole page for `view`."""
    title = html.escape(view.title)
    moves = "".join(
        f'<li><button type="button" data-step="{step}">{html.escape(frame.move)}</button></li>'
        for step, frame in enumerate(view.frames)
        if frame.move is not None
    )
    finding = (
        f'<section id="finding" role="alert"><h2>This record stops here</h2>'
        f"<pre>{html.escape(view.finding)}</pre></section>"
        if view.finding
        else ""
    )
    last = max(len(view.frames) - 1, 0)
    page = _PAGE if view.frames else _PAGE.split("<main>")[0] + _PAGE.split("</main>")[1]
    return page.format(
        title=title,
        game=html.escape(view.game),
        finding=finding,
        moves=moves,
        last=last,
        data=_data(view),
        style=_STYLE,
        script=SCRIPT,
    )


def page(text: str, source: str, format_name: str | None = None) -> str:
    """The viewer page of the record in `text` (named `source`); a record the page
    cannot show gets a page that says why."""
    try:
        return render(viewing(text, source, format_name))
    except Unsupported as problem:
        return render(Viewing(source, "nothing to show", finding=problem.report()))


# The viewer's skeleton; a record with no state to show keeps only its header and finding.
_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} - meeple</title>
<style>{style}</style>
</head>
<body>
<header><h1>{title}</h1><p class="game">{game}</p></header>
{finding}
<main>
<figure id="board" aria-live="polite"></figure>
<aside>
<nav aria-label="step through the record">
<button type="button" id="first" title="first (Home)">&laquo;</button>
<button type="button" id="previous" title="previous (Left)">&lsaquo;</button>
<button type="button" id="next" title="next (Right)">&rsaquo;</button>
<button type="button" id="last" title="last (End)">&raquo;</button>
<input type="range" id="slider" min="0" max="{last}" value="{last}" aria-label="step">
<output id="step"></output>
</nav>
<p id="result"></p>
<ol id="moves">{moves}</ol>
</aside>
</main>
<script type="application/json" id="meeple-data">{data}</script>
<script>{script}</script>
</body>
</html>
"""

_STYLE = """
body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1em;
color:#222;background:#fafaf7}
header h1{font-size:1.3em;margin:0}header .game{margin:0 0 1em;color:#666}
main{display:flex;gap:1.5em;flex-wrap:wrap}
#board{flex:1 1 560px;margin:0;min-width:300px}
#board svg{width:100%;height:auto;max-height:80vh}
#board pre{font:13px/1.15 ui-monospace,monospace;overflow:auto}
aside{flex:0 1 320px}
nav{display:flex;gap:.3em;align-items:center;flex-wrap:wrap}
nav button{font-size:1.1em;min-width:2.2em}
#slider{flex:1;min-width:120px}
#result{font-weight:600}
#moves{max-height:60vh;overflow:auto;padding-left:2.5em;margin:0}
#moves button{font:13px ui-monospace,monospace;border:0;background:none;cursor:pointer;
padding:.1em .3em}
#moves button[aria-current=step]{background:#1f6feb;color:#fff;border-radius:3px}
#finding{border-left:4px solid #c62828;background:#fdecea;padding:.2em 1em;margin-bottom:1em}
#finding h2{font-size:1em;margin:.4em 0}
#finding pre{font:13px ui-monospace,monospace;white-space:pre-wrap}
"""

SCRIPT = """
(function(){
"use strict";
const data = JSON.parse(document.getElementById("meeple-data").textContent);
const frames = data.frames;
if (!frames.length) return;
// Each picture is stored as edits of the one before (page.py's `packed`): [a, b] copies
// its lines a..b-1, a number adds that distinct line. Rebuilt once, as line numbers.
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
function picture(frame) { return frame.lines.map((i) => data.lines[i]).join("\\n"); }
const board = document.getElementById("board");
const slider = document.getElementById("slider");
const stepOut = document.getElementById("step");
const result = document.getElementById("result");
const moves = Array.from(document.querySelectorAll("#moves button"));
let step = frames.length - 1;
function show(n){
  step = Math.max(0, Math.min(frames.length - 1, n));
  const frame = frames[step];
  if (frame.svg) { board.innerHTML = picture(frame); }
  else { const pre = document.createElement("pre"); pre.textContent = picture(frame);
         board.replaceChildren(pre); }
  slider.value = String(step);
  stepOut.textContent = "step " + step + " of " + (frames.length - 1);
  result.textContent = frame.text;
  for (const button of moves) {
    const current = Number(button.dataset.step) === step;
    if (current) { button.setAttribute("aria-current", "step");
                   button.scrollIntoView({block: "nearest"}); }
    else { button.removeAttribute("aria-current"); }
  }
  document.body.dataset.step = String(step);
}
document.getElementById("first").onclick = () => show(0);
document.getElementById("previous").onclick = () => show(step - 1);
document.getElementById("next").onclick = () => show(step + 1);
document.getElementById("last").onclick = () => show(frames.length - 1);
slider.oninput = () => show(Number(slider.value));
for (const button of moves) button.onclick = () => show(Number(button.dataset.step));
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement && event.target !== slider) return;
  const keys = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: frames.length - 1};
  if (event.key in keys) { event.preventDefault(); show(keys[event.key]); }
});
show(step);
})();
"""

"""`meeple serve`: a local web app over a folder of records (extra `serve`).

Pages: `/` lists the records under the folder, `/view/PATH` shows one in the viewer,
`/check` takes a pasted or uploaded record and shows, under its game's name, its findings
(their positions marked in the text), its picture and the form again, holding the text
pasted. Built on Starlette; uvicorn serves it.

What it refuses: paths that leave the folder (404, never a file outside it), request
bodies over `MAX_UPLOAD` bytes (413, counted as they arrive, whatever the headers say),
work on one record past `WORK_SECONDS` (503: checking and drawing run in worker
processes, so a heavy record never stalls other requests), and clients that take more
than `HEADER_SECONDS` to send a request's headers (the connection is closed).
Everything taken from a record or a request is escaped before it reaches a page, every
response forbids scripts but the viewer's own (Content-Security-Policy), and the
viewer embedded in a check page runs in a sandboxed frame.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import html
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from meeple import records, registry
from meeple.corpus import stop_now
from meeple.errors import Finding, MeepleError, Unsupported, decode
from meeple.viewer.page import SCRIPT, game_name, page, render, viewing

MAX_UPLOAD = 5 * 1024 * 1024  # bytes of request body
SKIPPED = {".git", ".venv", "node_modules", "__pycache__"}
MAX_FINDINGS = 100
"""Findings listed (and marked in the text) per checked record; the rest are counted."""
WORK_SECONDS = 20.0
"""The longest one record is checked or drawn for before the request is answered 503."""
HEADER_SECONDS = 10.0
"""How long a new connection may take to send its first request's headers."""
WORKERS = 2
T = TypeVar("T")

_SCRIPT_HASH = base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        (
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:;"
            f" script-src 'sha256-{_SCRIPT_HASH}'; form-action 'self'; base-uri 'none';"
            " frame-ancestors 'self'"
        ).encode(),
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """ASGI middleware: every response says what the page may load and run."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class Workers:
    """Worker processes for the CPU-heavy part of a request, with a time limit.

    The event loop only waits, so other requests are answered meanwhile; a record that
    takes longer than `limit` seconds has its worker processes replaced.
    """

    def __init__(self, limit: float = WORK_SECONDS, processes: int = WORKERS) -> None:
        self.limit, self.processes = limit, processes
        self.pool: ProcessPoolExecutor | None = None

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in a worker; TimeoutError past the limit."""
        if self.pool is None:
            self.pool = ProcessPoolExecutor(self.processes)
        pool = self.pool
        try:
            loop = asyncio.get_running_loop()
            return await asyncio.wait_for(loop.run_in_executor(pool, function, *args), self.limit)
        except TimeoutError:
            self._replace(pool)
            raise

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        if self.pool is pool:
            self.pool = None
        stop_now(pool)

    def close(self) -> None:
        if self.pool is not None:
            self._replace(self.pool)


class SlowClientsClosed(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose first request's headers
    have not all arrived `HEADER_SECONDS` after it opened (it would hold a connection
    slot for nothing).

    A subclass of a class uvicorn does not export, kept for want of a public way: uvicorn
    has no setting for it (its issue 157, "--timeout-request-start", is open; its
    `timeout_keep_alive` starts only after a response), and an ASGI app or middleware
    is first called once the headers are complete, too late to time them.
    """

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.header_timer = self.loop.call_later(HEADER_SECONDS, self._too_slow)

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None:
            self.header_timer.cancel()

    def connection_lost(self, exc: Exception | None) -> None:
        self.header_timer.cancel()
        super().connection_lost(exc)

    def _too_slow(self) -> None:
        if self.cycle is None:
            self.transport.close()


def serve(folder: str | Path, host: str, port: int) -> None:
    """Run the app over `folder` with uvicorn until interrupted."""
    import uvicorn

    uvicorn.run(
        create_app(folder),
        host=host,
        port=port,
        log_level="warning",
        http=SlowClientsClosed,
        timeout_keep_alive=5,
        limit_concurrency=100,
    )


class LimitBody:
    """ASGI middleware: answer 413 to a request whose body passes `limit` bytes.

    The body is read (and counted) before the app sees it, so an oversized upload is
    refused whether or not it declared its length.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_UPLOAD) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > self.limit:
            await _too_large(self.limit)(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await _too_large(self.limit)(scope, receive, send)
                return
            if not message.get("more_body"):
                break
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)


def _too_large(limit: int) -> Response:
    return PlainTextResponse(
        f"413: a record may be at most {limit // (1024 * 1024)} MB", status_code=413
    )


def _layout(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)} - meeple</title><style>{_STYLE}</style></head>"
        f'<body><nav><a href="/">records</a> | <a href="/check">check a record</a></nav>'
        f"<h1>{html.escape(title)}</h1>{body}</body></html>"
    )


def _records_under(root: Path) -> Iterator[Path]:
    extensions = {ext for fmt in registry.formats() for ext in fmt.extensions}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if any(part in SKIPPED or part.startswith(".") for part in relative.parts):
            continue
        if path.is_file() and path.suffix.lower() in extensions:
            yield relative


def _inside(root: Path, wanted: str) -> Path | None:
    """The file `wanted` names under `root`, or None if it leaves root or is not a file."""
    try:
        path = (root / wanted).resolve()
    except (OSError, ValueError):
        return None
    if not path.is_relative_to(root) or not path.is_file():
        return None
    return path


def _marked(text: str, found: list[Finding]) -> str:
    """The text, escaped, with each finding's position marked and numbered."""
    by_line: dict[int, list[tuple[int, int]]] = {}
    for number, finding in enumerate(found, start=1):
        by_line.setdefault(finding.location.line, []).append((finding.location.column, number))
    lines = []
    # Lines as findings count them; a CR before the LF (what a browser's form sends) is
    # part of the line break, and a finding past the end of a line is marked at its end.
    for line_number, line in enumerate(text.split("\n"), start=1):
        line = line.removesuffix("\r")
        at: dict[int, list[str]] = {}
        for column, number in by_line.get(line_number, []):
            at.setdefault(min(column, len(line) + 1), []).append(str(number))
        pieces = []
        for column, char in enumerate(line + " ", start=1):
            shown = html.escape(char) if column <= len(line) else ""
            if column in at:
                label = ",".join(at[column])
                pieces.append(f'<mark title="finding {label}">{shown or "&nbsp;"}</mark>')
            else:
                pieces.append(shown)
        lines.append(f'<span class="line">{"".join(pieces)}</span>')
    return "\n".join(lines)


def create_app(root: str | Path, workers: Workers | None = None) -> ASGIApp:
    """The web app serving the records under `root`."""
    folder = Path(root).resolve()
    work = workers or Workers()

    async def heavy(function: Callable[..., str], *args: Any) -> Response:
        try:
            return HTMLResponse(await work.run(function, *args))
        except TimeoutError:
            message = (
                f"503: this record took over {work.limit:g} s to check;"
                " run `meeple check` on it instead"
            )
            return PlainTextResponse(message, status_code=503)

    async def index(request: Request) -> Response:
        items = "".join(
            f'<li><a href="/view/{quote(path.as_posix())}">{html.escape(path.as_posix())}</a></li>'
            for path in _records_under(folder)
        )
        body = f"<ul>{items}</ul>" if items else "<p>No records here.</p>"
        return HTMLResponse(_layout(f"Records in {folder.name or folder}", body))

    async def view(request: Request) -> Response:
        wanted = request.path_params["path"]
        path = _inside(folder, wanted)
        if path is None:
            return PlainTextResponse("404: no such record in the served folder", status_code=404)
        try:
            text = decode(path.read_bytes(), wanted)
        except MeepleError as problem:
            return HTMLResponse(_layout(wanted, f"<pre>{html.escape(problem.report())}</pre>"))
        return await heavy(page, text, wanted)

    async def check_form(request: Request) -> Response:
        return HTMLResponse(_layout("Check a record", _form()))

    async def check(request: Request) -> Response:
        async with request.form(max_part_size=MAX_UPLOAD) as form:
            upload = form.get("upload")
            pasted = form.get("record")
            name = form.get("format")
            if isinstance(upload, UploadFile) and upload.filename:
                data = await upload.read()
                source = Path(upload.filename).name
            else:
                data = str(pasted or "").encode("utf-8")
                source = "pasted"
        format_name = name if isinstance(name, str) and name else None
        return await heavy(_checked, data, source, format_name)

    routes = [
        Route("/", index),
        Route("/view/{path:path}", view),
        Route("/check", check_form, methods=["GET"]),
        Route("/check", check, methods=["POST"]),
    ]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        work.close()

    return SecurityHeaders(LimitBody(Starlette(routes=routes, lifespan=lifespan)))


def _form(pasted: str = "", format_name: str | None = None) -> str:
    """The form that takes a record, holding the text pasted and the notation chosen."""
    names = [fmt.name for fmt in registry.formats()]
    options = "".join(
        f'<option value="{html.escape(n)}"{" selected" if n == format_name else ""}>'
        f"{html.escape(n)}</option>"
        for n in names
    )
    # A newline right after <textarea> is dropped by the browser: one is written, so a
    # text that starts with a newline keeps it.
    return _FORM.format(options=options, pasted="\n" + html.escape(pasted))


def _checked(data: bytes, source: str, format_name: str | None) -> str:
    """The result page of a pasted or uploaded record, the form again under it (holding
    the pasted text: an upload is not pasted back)."""
    kept = source == "pasted"
    form = _form(data.decode("utf-8", errors="replace") if kept else "", format_name)
    try:
        text = decode(data, source)
        fmt = registry.get(format_name) if format_name else registry.detect(text, source, source)
    except (MeepleError, ValueError) as problem:
        message = f"<pre class=finding>{html.escape(str(problem))}</pre>"
        return _layout(f"Findings: {source}", message + form)
    found = records.text_findings(text, source, fmt)
    verdict = "valid" if not any(f.severity == "error" for f in found) else "invalid"
    shown = found[:MAX_FINDINGS]
    items = "".join(
        f'<li class="{f.severity}"><pre>{html.escape(str(f))}</pre></li>' for f in shown
    )
    if len(found) > len(shown):
        items += f'<li class="more">{len(found) - len(shown)} more findings not shown</li>'
    try:
        view = viewing(text, source, fmt.name)  # a QGN text: its game's viewer and title
        viewer, game = render(view), view.game
    except Unsupported:  # a bag of roles: a page that says why nothing is drawn
        viewer, game = page(text, source, fmt.name), fmt.title
    name = game_name(game)
    body = (
        f'<p id="verdict" class="{verdict}">{html.escape(name)}: {verdict},'
        f" {len(found)} finding{'s' if len(found) != 1 else ''}</p>"
        f'<ol id="findings">{items}</ol>'
        f'<h2>The record</h2><pre id="record">{_marked(text, shown)}</pre>'
        f'<h2>The game</h2><iframe id="viewer" title="viewer" sandbox="allow-scripts"'
        f' srcdoc="{html.escape(viewer)}">'
        "</iframe>"
    )
    return _layout(f"{name}: {source}", body + form)


_FORM = """
<form method="post" action="/check" enctype="multipart/form-data">
<p><label>Paste a record<br><textarea name="record" rows="16" cols="90">{pasted}</textarea>
</label></p>
<p><label>or upload one <input type="file" name="upload"></label></p>
<p><label>notation <select name="format"><option value="">detect</option>{options}</select>
</label> <button type="submit">Check</button></p>
</form>
"""

_STYLE = """
body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1em}
nav{margin-bottom:1em}pre{font:13px/1.3 ui-monospace,monospace}
pre{white-space:pre-wrap;overflow-wrap:anywhere}textarea{max-width:100%;box-sizing:border-box}
mark{background:#ffcdd2;outline:1px solid #c62828}
#findings pre{margin:.2em 0}
.invalid{color:#c62828;font-weight:600}.valid{color:#2e7d32;font-weight:600}
iframe{width:100%;height:80vh;border:1px solid #ccc}
"""

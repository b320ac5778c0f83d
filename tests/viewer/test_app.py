"""`meeple serve`'s app through Starlette's test client: pages, refusals, escaping."""

from __future__ import annotations

import asyncio
import html
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from meeple.viewer.app import MAX_UPLOAD, SlowClientsClosed, Workers, create_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(EXAMPLES))


def test_the_index_lists_the_records_under_the_folder(client: TestClient) -> None:
    page = client.get("/").text
    assert 'href="/view/flows/numbered.flows"' in page
    assert "demo.sh" not in page


def test_a_record_opens_in_the_viewer(client: TestClient) -> None:
    response = client.get("/view/flows/numbered.flows")
    assert response.status_code == 200
    assert 'class="meeple-data"' in response.text


@pytest.mark.parametrize(
    "path",
    ["/view/../README.md", "/view/%2e%2e/README.md", "/view//etc/passwd", "/view/flows/none.flows"],
)
def test_paths_outside_the_folder_or_missing_are_404(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_a_symlink_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret.qgn").write_text('[key "x"][teams "a"]')
    served = tmp_path / "served"
    served.mkdir()
    (served / "link.qgn").symlink_to(tmp_path / "secret.qgn")
    assert TestClient(create_app(served)).get("/view/link.qgn").status_code == 404


def test_an_upload_over_the_limit_is_413(client: TestClient) -> None:
    big = b"x" * (MAX_UPLOAD + 1)
    response = client.post("/check", files={"upload": ("big.qgn", big)})
    assert response.status_code == 413
    assert "5 MB" in response.text


def test_a_body_over_the_limit_without_a_length_is_413(client: TestClient) -> None:
    def chunks() -> object:
        for _ in range(6):
            yield b"y" * (1024 * 1024)

    response = client.post("/check", content=chunks())  # type: ignore[arg-type]
    assert response.status_code == 413


def test_a_pasted_record_shows_findings_marked_and_escaped(client: TestClient) -> None:
    hostile = '[key "<script>alert(1)</script>"]\n[teams "a]\n'
    response = client.post("/check", data={"record": hostile})
    assert response.status_code == 200
    assert "<script>alert(1)" not in response.text
    assert "invalid" in response.text
    assert "<mark" in response.text


def test_a_pasted_record_with_crlf_lines_is_marked_on_its_own_lines(client: TestClient) -> None:
    """A browser's form sends a textarea with CR LF line breaks: the record shows as it was
    typed (no CR kept in the text), the finding at the end of line 2 marked on line 2."""
    response = client.post("/check", data={"record": '[key "x"]\r\n[teams "a]\r\n'})
    record = response.text.split('<pre id="record">')[1].split("</pre>")[0]
    lines = record.split("\n")
    assert "\r" not in record
    assert lines[1] == (
        '<span class="line">[teams &quot;a]<mark title="finding 1">&nbsp;</mark></span>'
    )


def test_an_uploaded_record_is_checked_by_its_name(client: TestClient) -> None:
    text = (EXAMPLES / "flows" / "numbered.flows").read_bytes()
    response = client.post("/check", files={"upload": ("game.flows", text)})
    assert response.status_code == 200
    assert "valid, 0 findings" in response.text


# -- a server that stays responsive (issue 23) ------------------------------------------


def test_every_response_says_what_the_page_may_load(client: TestClient) -> None:
    for path in ["/", "/check", "/view/flows/numbered.flows", "/view/none"]:
        headers = client.get(path).headers
        assert headers["x-content-type-options"] == "nosniff"
        policy = headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script-src 'sha256-" in policy


def test_the_viewer_script_is_the_one_the_policy_allows(client: TestClient) -> None:
    import base64
    import hashlib
    import re

    response = client.get("/view/flows/numbered.flows")
    scripts = re.findall(r"<script>(.*?)</script>", response.text, flags=re.S)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert f"'sha256-{digest}'" in response.headers["content-security-policy"]


def test_the_checked_record_is_viewed_in_a_sandboxed_frame(client: TestClient) -> None:
    flows = (EXAMPLES / "flows" / "numbered.flows").read_text()
    page = client.post("/check", data={"record": flows}).text
    assert '<iframe id="viewer" title="viewer" sandbox="allow-scripts"' in page


def test_work_past_the_time_limit_is_answered_503() -> None:
    hurried = TestClient(create_app(EXAMPLES, Workers(limit=0)))
    flows = (EXAMPLES / "flows" / "numbered.flows").read_text()
    response = hurried.post("/check", data={"record": flows})
    assert response.status_code == 503
    assert "meeple check" in response.text
    assert hurried.get("/").status_code == 200


def test_a_heavy_record_does_not_hold_up_a_light_one() -> None:
    async def both() -> list[str]:
        workers = Workers(limit=30)
        done: list[str] = []

        async def one(name: str, seconds: float) -> None:
            await workers.run(time.sleep, seconds)
            done.append(name)

        try:
            await asyncio.gather(one("heavy", 2.0), one("light", 0.0))
        finally:
            workers.close()
        return done

    assert asyncio.run(both()) == ["light", "heavy"]


def test_a_worker_past_its_limit_is_replaced() -> None:
    async def late() -> None:
        workers = Workers(limit=0.2)
        try:
            with pytest.raises(TimeoutError):
                await workers.run(time.sleep, 30)
            assert workers.pool is None  # the stuck process is gone; the next run starts anew
            assert await workers.run(str.upper, "ok") == "OK"
        finally:
            workers.close()

    asyncio.run(late())


def test_a_client_that_never_finishes_its_headers_is_disconnected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket
    import threading

    import uvicorn

    from meeple.viewer import app as served_app

    monkeypatch.setattr(served_app, "HEADER_SECONDS", 0.5)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    config = uvicorn.Config(
        create_app(EXAMPLES), host="127.0.0.1", port=port, log_level="error", http=SlowClientsClosed
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        with socket.create_connection(("127.0.0.1", port), timeout=15) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # no blank line: never finished
            with socket.create_connection(("127.0.0.1", port), timeout=15) as other:
                other.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                assert other.recv(100).startswith(b"HTTP/1.1 200")
            assert slow.recv(100) == b""  # closed by the server, not answered
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_a_record_with_thousands_of_findings_lists_a_hundred_and_counts_the_rest(
    client: TestClient,
) -> None:
    record = "[" + " ".join(f"player{i}:Chef" for i in range(300)) + "]"
    page = client.post("/check", data={"record": record, "format": "botc"}).text
    assert page.count('<li class="lint">') == 100
    assert "500 more findings not shown" in page  # two lints a seat
    assert page.count("<mark ") == 100


# -- what a newcomer still trips on (issue 31) ------------------------------------------


def test_a_pasted_record_is_titled_by_its_game(client: TestClient) -> None:
    pasted = (EXAMPLES / "connect4" / "win.qgn").read_text()
    page = client.post("/check", data={"record": pasted}).text
    verdict = page.split('<p id="verdict"')[1].split("</p>")[0]
    assert "Connect Four: valid" in verdict
    assert "Quibbble Game Notation" not in page.split("<iframe")[0]
    assert "<title>Connect Four: pasted - meeple</title>" in page


def test_the_pasted_text_stays_in_the_form(client: TestClient) -> None:
    pasted = '[key "connect4"]\n[teams "red, <blue>"]\n\n0p&3 1p&9\n'
    page = client.post("/check", data={"record": pasted, "format": "qgn"}).text
    assert _kept(page) == pasted
    assert '<option value="qgn" selected>' in page.split("<form")[1]
    unreadable = "no record at all\n"
    assert _kept(client.post("/check", data={"record": unreadable}).text) == unreadable


def _kept(page: str) -> str:
    """The text in the page's form, as a browser reads it (a first newline dropped)."""
    form = page.split("<form")[1].split("</form>")[0]
    kept = form.split("<textarea")[1].split(">", 1)[1].split("</textarea>")[0]
    return html.unescape(kept.removeprefix("\n"))


def test_an_uploaded_record_is_not_pasted_back(client: TestClient) -> None:
    text = (EXAMPLES / "flows" / "numbered.flows").read_bytes()
    page = client.post("/check", files={"upload": ("game.flows", text)}).text
    assert "<form" in page and _kept(page) == ""  # the form is offered again, empty

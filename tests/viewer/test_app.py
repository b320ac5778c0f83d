"""`meeple serve`'s app through Starlette's test client: pages, refusals, escaping."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from meeple.viewer.app import MAX_UPLOAD, create_app

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
    assert 'id="meeple-data"' in response.text


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

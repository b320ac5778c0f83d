"""The viewer and the served app in a real browser, as a person uses them.

Screenshots land in test-artifacts/screenshots/ (or $MEEPLE_SCREENSHOTS, which
`make screenshots` points at docs/images/ for the README).
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect

from meeple.viewer.app import create_app
from tests.botc.strategies import crowded_grimoire
from tests.cli_helpers import meeple
from tests.viewer.browser import launch, need_chromium, screenshot

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SHOTS = Path(os.environ.get("MEEPLE_SCREENSHOTS", ROOT / "test-artifacts" / "screenshots"))
PICTURED = {
    "flows": EXAMPLES / "flows" / "three-players.flows",
    "raft": EXAMPLES / "raft" / "crossed-paths.raft",
    "atlantis": EXAMPLES / "atlantis" / "game.json",
    "botc": EXAMPLES / "botc" / "twelve.botc",
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch(need_chromium()) as opened:
        yield opened


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    opened = browser.new_page(viewport={"width": 1100, "height": 760})
    yield opened
    opened.close()


def _viewer(record: Path, tmp_path: Path) -> str:
    target = tmp_path / f"{record.stem}.html"
    # Named as a person in the project folder would name it (and as the README shows it).
    with contextlib.chdir(ROOT):
        run = meeple(["html", str(record.relative_to(ROOT)), "-o", str(target)])
    assert run.code in (0, 1), run.err
    return target.as_uri()


def _board(page: Page) -> str:
    return page.locator("#board").inner_html()


def test_stepping_changes_the_picture_and_highlights_the_move(page: Page, tmp_path: Path) -> None:
    page.goto(_viewer(EXAMPLES / "flows" / "numbered.flows", tmp_path))
    last = page.locator("#slider").get_attribute("max")
    assert last is not None and int(last) > 2
    expect(page.locator("#step")).to_have_text(f"step {last} of {last}")
    end = _board(page)
    page.click("#first")
    expect(page.locator("#step")).to_have_text(f"step 0 of {last}")
    start = _board(page)
    assert start != end
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step")).to_have_text(f"step 1 of {last}")
    current = page.locator('#moves button[aria-current="step"]')
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("data-step", "1")
    assert _board(page) not in (start, end)
    page.click("#next")
    page.click("#previous")
    expect(page.locator("#step")).to_have_text(f"step 1 of {last}")
    page.locator('#moves button[data-step="2"]').click()
    expect(page.locator("#step")).to_have_text(f"step 2 of {last}")
    page.click("#last")
    expect(page.locator("#step")).to_have_text(f"step {last} of {last}")
    assert _board(page) == end


def test_an_invalid_record_shows_the_finding_and_the_game_before_it(
    page: Page, tmp_path: Path
) -> None:
    page.goto(_viewer(EXAMPLES / "flows" / "occupied.flows", tmp_path))
    expect(page.locator("#finding")).to_contain_text("occupied.flows:5:1")
    expect(page.locator("#finding")).to_contain_text("^")
    expect(page.locator("#step")).to_have_text("step 3 of 3")
    screenshot(page, SHOTS / "invalid-flows.png")


@pytest.mark.parametrize("game", sorted(PICTURED))
def test_every_game_draws_in_the_viewer(page: Page, tmp_path: Path, game: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(_viewer(PICTURED[game], tmp_path))
    board = page.locator("#board")
    expect(board).not_to_be_empty()
    box = board.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 100
    screenshot(page, SHOTS / f"{game}.png")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    port = _free_port()
    config = uvicorn.Config(create_app(EXAMPLES), host="127.0.0.1", port=port, log_level="error")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def test_the_served_app_lists_records_and_opens_one(page: Page, served: str) -> None:
    page.goto(served + "/")
    page.click('a[href="/view/flows/numbered.flows"]')
    expect(page.locator("#step")).to_contain_text("step")
    page.click("#first")
    expect(page.locator("#step")).to_contain_text("step 0 of")


def test_the_served_app_checks_a_pasted_record(page: Page, served: str) -> None:
    page.goto(served + "/check")
    page.fill("textarea[name=record]", '[key "<b>x</b>"]\n[teams "a]\n')
    page.click("button[type=submit]")
    expect(page.locator("#verdict")).to_contain_text("invalid")
    expect(page.locator("#record mark")).to_have_count(1)
    expect(page.locator("#record")).to_contain_text("<b>x</b>")  # shown as text, not markup
    screenshot(page, SHOTS / "serve-check.png")


def test_the_sandboxed_viewer_of_a_checked_record_runs_under_the_policy(
    page: Page, served: str
) -> None:
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text))
    page.goto(served + "/check")
    page.fill("textarea[name=record]", (EXAMPLES / "flows" / "numbered.flows").read_text())
    page.click("button[type=submit]")
    expect(page.locator("#verdict")).to_contain_text("valid")
    frame = page.frame_locator("#viewer")
    expect(frame.locator("#step")).to_contain_text("step")
    frame.locator("#first").click()
    expect(frame.locator("#step")).to_contain_text("step 0 of")
    assert not [text for text in refused if "Content Security Policy" in text]


# -- links, embedding, records with one state (issue 29) ---------------------------------


def test_the_url_names_the_step_on_load_and_follows_the_stepping(
    page: Page, tmp_path: Path
) -> None:
    url = _viewer(EXAMPLES / "flows" / "numbered.flows", tmp_path)
    page.goto(url + "#step=2")
    last = page.locator("#slider").get_attribute("max")
    expect(page.locator("#step")).to_have_text(f"step 2 of {last}")
    page.click("#next")
    expect(page.locator("#step")).to_have_text(f"step 3 of {last}")
    assert page.evaluate("location.hash") == "#step=3"
    page.click("#last")
    assert page.evaluate("location.hash") == ""  # the end needs no name
    page.evaluate("location.hash = 'step=1'")
    expect(page.locator("#step")).to_have_text(f"step 1 of {last}")


def test_two_fragments_on_one_page_step_on_their_own(page: Page, tmp_path: Path) -> None:
    parts = []
    for name, record in (("one", "flows/numbered.flows"), ("two", "atlantis/game.json")):
        out = tmp_path / f"{name}.html"
        run = meeple(["html", str(EXAMPLES / record), "--fragment", name, "-o", str(out)])
        assert run.code == 0, run.err
        parts.append(out.read_text())
    host = tmp_path / "host.html"
    host.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>host</title></head>"
        f"<body><h1 id='mine'>My notes</h1>{parts[0]}<p>between</p>{parts[1]}</body></html>"
    )
    page.goto(host.as_uri() + "#two-step=1")
    one, two = page.locator("#one-step"), page.locator("#two-step")
    one_last = page.locator("#one-slider").get_attribute("max")
    two_last = page.locator("#two-slider").get_attribute("max")
    expect(one).to_have_text(f"step {one_last} of {one_last}")
    expect(two).to_have_text(f"step 1 of {two_last}")
    page.click("#one-first")
    expect(one).to_have_text(f"step 0 of {one_last}")
    expect(two).to_have_text(f"step 1 of {two_last}")
    assert page.evaluate("location.hash") == "#two-step=1&one-step=0"
    page.locator("#two-board").click()  # the arrow keys go to the viewer last touched
    page.keyboard.press("ArrowRight")
    expect(two).to_have_text(f"step 2 of {two_last}")
    expect(one).to_have_text(f"step 0 of {one_last}")
    assert page.locator("#mine").evaluate("e => getComputedStyle(e).fontSize") == "32px"
    screenshot(page, SHOTS / "fragments.png")


def test_a_record_with_one_state_offers_no_stepping(page: Page, tmp_path: Path) -> None:
    record = tmp_path / "unknown.qgn"
    record.write_text('[key "some-game"]\n[teams "a, b"]\n\n0x 1y\n')
    page.goto(_viewer_of(record, tmp_path))
    expect(page.locator(".meeple-board")).not_to_be_empty()
    expect(page.locator("nav")).to_have_count(0)
    expect(page.locator("#slider")).to_have_count(0)


def _viewer_of(record: Path, tmp_path: Path) -> str:
    target = tmp_path / f"{record.stem}.html"
    run = meeple(["html", str(record), "-o", str(target)])
    assert run.code == 0, run.err
    return target.as_uri()


@pytest.mark.parametrize("game", sorted(PICTURED))
def test_every_game_reads_on_a_phone(browser: Browser, tmp_path: Path, game: str) -> None:
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    try:
        phone.goto(_viewer(PICTURED[game], tmp_path))
        board = phone.locator(".meeple-board")
        expect(board).not_to_be_empty()
        box = board.bounding_box()
        assert box is not None and box["width"] <= 390 and box["width"] > 250
        # Nothing wider than the screen: no sideways scrolling to see the board.
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        screenshot(phone, SHOTS / f"{game}-phone.png")
    finally:
        phone.close()


@pytest.mark.parametrize(
    ("game", "step", "lit"),
    [
        ("flows", 3, 1),  # the hex of the third placement
        ("raft", 3, 9),  # the nine squares of a pathway card (Ai0609N)
        ("atlantis", 1, 2),  # the fields a move of stones left and reached
    ],
)
def test_pointing_at_a_move_lights_its_places_on_the_board(
    page: Page, tmp_path: Path, game: str, step: int, lit: int
) -> None:
    page.goto(_viewer(PICTURED[game], tmp_path))
    button = page.locator(f'.meeple-moves button[data-step="{step}"]')
    button.hover()
    expect(page.locator(".meeple-board .meeple-hot")).to_have_count(lit)
    page.locator(".meeple-result").hover()  # away from the list: the board is plain again
    expect(page.locator(".meeple-board .meeple-hot")).to_have_count(0)
    button.hover()
    screenshot(page, SHOTS / f"hover-{game}.png")


def test_the_flows_viewer_labels_the_board_as_the_chosen_player_writes_it(
    page: Page, tmp_path: Path
) -> None:
    page.goto(_viewer(PICTURED["flows"], tmp_path))
    shown = page.locator('.meeple-board g[data-frame]:not([display="none"])')
    expect(shown).to_have_count(1)
    page.select_option(".meeple-frames", "P2")
    expect(shown).to_have_attribute("data-frame", "P2")
    page.click("#first")
    expect(shown).to_have_attribute("data-frame", "P2")  # the choice stays through the steps
    expect(page.locator(".meeple-board")).to_contain_text("hexes as P2 writes them")


# -- what a newcomer still trips on: the viewer's own places (issue 31) ------------------

LONG = EXAMPLES / "connect4" / "full-board.qgn"  # 42 moves: a move list that scrolls


def _fragment(record: Path, name: str, tmp_path: Path) -> str:
    out = tmp_path / f"{name}.html"
    run = meeple(["html", str(record), "--fragment", name, "-o", str(out)])
    assert run.code == 0, run.err
    return out.read_text()


def _current_move_shows_in_its_list(page: Page, moves: str) -> None:
    inside = page.locator(f'{moves} button[aria-current="step"]').evaluate(
        """button => {
            const list = button.closest("ol").getBoundingClientRect();
            const box = button.getBoundingClientRect();
            return list.height > 0 && box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
        }"""
    )
    assert inside


def test_a_fragment_under_a_tall_heading_opens_at_the_top(page: Page, tmp_path: Path) -> None:
    host = tmp_path / "notes.html"
    host.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>notes</title></head>"
        "<body><h1 id='mine' style='height:1200px'>My notes</h1>"
        f"{_fragment(LONG, 'game', tmp_path)}</body></html>"
    )
    page.goto(host.as_uri() + "#game-step=30")
    expect(page.locator("#game-step")).to_contain_text("step 30 of")
    assert page.evaluate("window.scrollY") == 0
    page.locator("#game-moves").scroll_into_view_if_needed()
    _current_move_shows_in_its_list(page, "#game-moves")


@pytest.mark.parametrize("size", [(390, 844), (1100, 400)], ids=["phone", "notebook"])
def test_the_page_opens_at_its_title_with_the_current_move_in_view(
    browser: Browser, tmp_path: Path, size: tuple[int, int]
) -> None:
    opened = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        opened.goto(_viewer(LONG, tmp_path))
        expect(opened.locator("#step")).to_contain_text("step 42 of 42")
        assert opened.evaluate("window.scrollY") == 0
        opened.locator("#moves").scroll_into_view_if_needed()
        _current_move_shows_in_its_list(opened, "#moves")
        opened.evaluate("window.scrollTo(0, 0)")
        opened.keyboard.press("Home")  # stepping moves the list, never the window
        expect(opened.locator("#step")).to_contain_text("step 0 of 42")
        assert opened.evaluate("window.scrollY") == 0
    finally:
        opened.close()


@pytest.mark.parametrize("seats", range(5, 16))
def test_the_town_squares_labels_never_meet(page: Page, seats: int) -> None:
    from meeple.botc import notation, svg

    picture = svg.render(notation.parse_grimoire(crowded_grimoire(seats)))
    ET.fromstring(picture)  # well-formed
    page.set_content(f"<!DOCTYPE html><html><body style='margin:0'>{picture}</body></html>")
    labels = page.evaluate(
        """() => Array.from(document.querySelectorAll("svg text"), (text) => {
            const box = text.getBBox();
            return [text.textContent, box.x, box.y, box.x + box.width, box.y + box.height];
        })"""
    )
    assert len(labels) > 3 * seats
    alive = [label for label in labels if label[0].endswith("alive")]
    assert [label[0] for label in alive] == [f"{seats} of {seats} alive"]
    met = [
        (a[0], b[0])
        for i, a in enumerate(labels)
        for b in labels[i + 1 :]
        if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]
    ]
    assert met == []
    pills = page.evaluate(
        """() => Array.from(document.querySelectorAll("svg rect[rx]"), (pill) => {
            const box = pill.getBBox();
            return [box.x, box.y, box.x + box.width, box.y + box.height];
        })"""
    )
    overlapping = [
        (a, b)
        for i, a in enumerate(pills)
        for b in pills[i + 1 :]
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    ]
    assert overlapping == []


@pytest.mark.parametrize(
    ("record", "step"), [("game.qgn", 42), ("four-teams.qgn", 60), ("four-teams.qgn", 107)]
)
def test_carcassonnes_coordinates_and_legend_read_at_eleven_px(
    page: Page, tmp_path: Path, record: str, step: int
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})  # the default window
    page.goto(_viewer(EXAMPLES / "carcassonne" / record, tmp_path) + f"#step={step}")
    expect(page.locator("#step")).to_contain_text(f"step {step} of")
    sizes = page.evaluate(
        """() => {
            const svg = document.querySelector(".meeple-board svg");
            const shrunk = svg.getScreenCTM().a;  // the tokens' letters are inside <g>
            return Array.from(svg.querySelectorAll(":scope > text"), (text) =>
                [text.textContent, parseFloat(getComputedStyle(text).fontSize) * shrunk]);
        }"""
    )
    assert len(sizes) > 10
    assert [(text, size) for text, size in sizes if size < 11] == []


@pytest.mark.parametrize(
    "pasted",
    [
        "this is no record at all, " * 40,  # no notation: detection's message
        '[key "connect4"]\n[teams "red, blue"]\n\n' + "0p&3 1p&4 " * 60,  # long lines
        "\ufffe" + "x" * 3000,
    ],
    ids=["unknown", "long-lines", "one-long-word"],
)
def test_a_checked_text_never_widens_the_page(page: Page, served: str, pasted: str) -> None:
    page.set_viewport_size({"width": 800, "height": 700})
    page.goto(served + "/check")
    page.fill("textarea[name=record]", pasted)
    page.click("button[type=submit]")
    expect(page.locator("h1")).to_contain_text("pasted")
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    expect(page.locator("textarea[name=record]")).to_have_value(pasted.replace("\r", ""))

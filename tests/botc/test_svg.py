"""The town square (meeple.botc.svg): SVG pictures and HTML fragments of grimoires."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

from hypothesis import given

from meeple.botc import notation
from meeple.botc.svg import TEAM_COLOURS, html, render
from tests.botc.strategies import crowded_grimoire, grimoires
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "botc"
NS = "{http://www.w3.org/2000/svg}"


def test_the_seed_grimoire_draws_seats_teams_tokens_and_deaths() -> None:
    line = (
        "[Alice:imp *Bob:chef(poisoner:poisoned)* *~~Cy~~:baron*"
        " Dee:washerwoman(drunk:is_the_drunk)]"
    )
    root = ET.fromstring(render(notation.parse_grimoire(line)))
    assert root.get("viewBox") and root.find(f"{NS}title").text == "Grimoire of 4 players"  # type: ignore[union-attr]
    team = set(TEAM_COLOURS.values())
    fills = [c.get("fill") for c in root.findall(f"{NS}circle") if c.get("fill") in team]
    assert fills == [TEAM_COLOURS[t] for t in ("demon", "townsfolk", "minion", "outsider")]
    texts = [t.text for t in root.findall(f"{NS}text")]
    # The dead are marked by a cross before the name; pills name their character.
    named = {"Alice", "\u271d Bob", "\u271d Cy", "Dee", "Poisoner: poisoned"}
    assert named | {"Drunk: is the drunk", "2 of 4 alive"} <= set(texts)
    faded = [c for c in root.findall(f"{NS}circle") if c.get("fill-opacity") == "0.35"]
    assert len(faded) == 2  # the dead players' tokens, faded to grey
    shrouds = [p for p in root.findall(f"{NS}path") if p.get("fill") == "#1b1b1b"]
    crossed = [p for p in root.findall(f"{NS}path") if p.get("stroke") == "#c62828"]
    assert len(shrouds) == 2 and len(crossed) == 1  # Bob and Cy dead; Cy's vote spent


@given(grimoires())
def test_any_grimoire_draws_as_well_formed_svg_and_html(grimoire: object) -> None:
    picture = render(grimoire)  # type: ignore[arg-type]
    ET.fromstring(picture)
    assert render(grimoire) == picture  # type: ignore[arg-type]
    HTMLParser().feed(html(grimoire))  # type: ignore[arg-type]


def test_names_are_escaped_in_the_fragment() -> None:
    from meeple.botc.model import Grimoire, Seat

    hostile = Grimoire((Seat("<script>x</script>", "chef&co"),))
    fragment = html(hostile)
    assert "<script>" not in fragment and "&lt;script&gt;" in fragment and "chef&amp;co" in fragment
    ET.fromstring(render(hostile))


def test_show_svg_and_html_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "square.svg"
    assert meeple(["show", "--svg", str(EXAMPLES / "twelve.botc"), "-o", str(out)]).code == 0
    ET.fromstring(out.read_text(encoding="utf-8"))
    fragment = meeple(["show", "--html", str(EXAMPLES / "twelve.botc")]).out
    assert fragment.startswith('<ol class="grimoire">') and fragment.count('class="seat') == 12
    traced = meeple(["show", "--svg", "--step", "9", str(EXAMPLES / "game.trace")])
    assert traced.code == 0 and "6 of 7 alive" in traced.out


def test_long_character_names_take_two_lines_at_a_readable_size() -> None:
    line = "[" + " ".join(f"P{i}:scarlet_woman" for i in range(16)) + "]"
    root = ET.fromstring(render(notation.parse_grimoire(line)))
    inside = [t for t in root.findall(f"{NS}text") if t.text in ("Scarlet", "Woman")]
    assert len(inside) == 32  # every token: "Scarlet" over "Woman"
    assert all(float(t.get("font-size", "0")) >= 9 for t in inside)


def test_reminder_tokens_lie_beside_their_seat_apart_from_each_other() -> None:
    """Each seat's reminder tokens sit beside it toward the centre (as the online
    grimoire, bra1n/townsquare, lays them), closer to it than to any other seat, and no
    two pills overlap, on 5 to 15 seats with two to four tokens a seat. The labels'
    real boxes are measured in Chromium: tests/viewer/test_browser.py."""
    for count in range(5, 16):
        root = ET.fromstring(render(notation.parse_grimoire(crowded_grimoire(count))))
        seats: list[tuple[float, float]] = []
        pills: list[tuple[int, float, float, float, float]] = []
        for element in root:
            if element.tag == f"{NS}circle" and element.get("data-at"):
                seats.append((float(element.get("cx", 0)), float(element.get("cy", 0))))
            elif element.tag == f"{NS}rect" and element.get("rx"):
                x, y = float(element.get("x", 0)), float(element.get("y", 0))
                width, height = float(element.get("width", 0)), float(element.get("height", 0))
                pills.append((len(seats) - 1, x, y, x + width, y + height))
        assert len(seats) == count and len(pills) >= 2 * count
        for seat, left, top, right, bottom in pills:
            middle = ((left + right) / 2, (top + bottom) / 2)
            nearest = min(range(count), key=lambda s: math.dist(seats[s], middle))
            assert nearest == seat
        for i, a in enumerate(pills):
            for b in pills[i + 1 :]:
                assert a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]

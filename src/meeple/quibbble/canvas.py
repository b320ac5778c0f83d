"""The page every quibbble game's SVG picture is drawn on: the root element sized to
the picture, its title (what the picture shows, for a reader's tooltip and screen
readers) and its paper-coloured background, the grey numbers along a board's edges,
the `data-at` key of each place on a board, and the line under the picture that says
how the game stands. Each game's `svg` module draws on it."""

from __future__ import annotations

from meeple.pictures import xml_text


def canvas(width: int | float, height: int | float, title: str) -> list[str]:
    """The opening elements of a `width` by `height` picture titled `title` (already
    escaped for XML); the picture's own elements follow, then `finished` closes it."""
    return [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
        f' viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        ' font-family="sans-serif">',
        f"<title>{title}</title>",
        f'<rect width="{width}" height="{height}" fill="#fbfaf7"/>',
    ]


def label(x: int | float, y: int | float, text: str, size: int = 14) -> str:
    """A grey number (or word) centred on `x` at baseline `y`: a row's or a column's."""
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="middle" fill="#555">{text}</text>'
    )


def data_at(row: int, column: int) -> str:
    """The `data-at` key of the square, hex or cell on `row` and `column`, which the viewer
    lights when a move touches it: `row,column`."""
    return f"{row},{column}"


def finished(parts: list[str], result_text: str, x: int | float, y: int | float) -> str:
    """The picture: `parts` (from `canvas` on), then `result_text` (how the game stands)
    centred on `x` at baseline `y`, then the end of the SVG."""
    result = (
        f'<text x="{x}" y="{y}" font-size="15" text-anchor="middle"'
        f' fill="#222">{xml_text(result_text)}</text>'
    )
    return "\n".join([*parts, result, "</svg>"]) + "\n"

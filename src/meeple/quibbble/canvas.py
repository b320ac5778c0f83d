"""The page every quibbble game's SVG picture is drawn on: the root element sized to
the picture, its title (what the picture shows, for a reader's tooltip and screen
readers) and its paper-coloured background. Each game's `svg` module draws on it."""

from __future__ import annotations


def canvas(width: int | float, height: int | float, title: str) -> list[str]:
    """The opening elements of a `width` by `height` picture titled `title` (already
    escaped for XML); the picture's own elements follow, then `</svg>`."""
    return [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
        f' viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        ' font-family="sans-serif">',
        f"<title>{title}</title>",
        f'<rect width="{width}" height="{height}" fill="#fbfaf7"/>',
    ]

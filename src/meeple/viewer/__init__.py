"""Viewers above the games: a self-contained HTML page per record (`page`), and the
local web app behind `meeple serve` (`app`, extra `serve`)."""

from meeple.viewer.page import Viewing, page, viewing

__all__ = ["Viewing", "page", "viewing"]

"""Viewers above the games: a self-contained HTML page per record (`page`), the same
viewer in a Jupyter notebook (`Notebook`), and the local web app behind `meeple serve`
(`app`, extra `serve`)."""

from meeple.viewer.page import Notebook, Viewing, page, viewing

__all__ = ["Notebook", "Viewing", "page", "viewing"]

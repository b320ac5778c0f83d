"""Drive Debian's chromium with Playwright (never a browser Playwright downloads).

`launch()` is shared by the browser tests and `make screenshots`, so the README's
pictures are made by the same code path the tests check.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

# Flags for a machine whose only network is loopback: no background fetches at start.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """Debian's chromium, if it is installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def need_chromium() -> str:
    """The browser's path; skip without it, except under CI where a skip is a failure."""
    path = chromium_path()
    if path is None:
        message = "Debian's chromium is not installed (make test installs it with apt-get)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path


@contextmanager
def launch(executable: str) -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def screenshot(page: Page, path: Path) -> Path:
    """A PNG of the page as a person sees it (the viewport, not the whole page)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))
    return path

"""Real headless Chromium for the browser tests: where it is, how it starts, and the skip when it is missing.

Under CI a missing Chromium is a failure (scripts/test installs it), elsewhere a skip.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def playwright_or_skip() -> ModuleType:
    """``playwright.sync_api``; skips the calling test module when Chromium or Playwright is missing outside CI."""
    if not CHROMIUM.exists() and not os.environ.get("CI"):
        pytest.skip("/usr/bin/chromium is missing (apt-get install chromium); required when CI is set",
                    allow_module_level=True)
    return pytest.importorskip("playwright.sync_api")


@contextmanager
def chromium(sync_api: ModuleType) -> Iterator[object]:
    """A launched browser, closed on exit."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()

"""Debian's Chromium driven by Playwright for the players' page tests: never a downloaded
browser. Without either, the tests that need it skip with one line saying which is missing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

PHONE = {"width": 390, "height": 844}
"""A 6-inch phone held upright, in CSS pixels."""


def chromium_path() -> str | None:
    for found in ("/usr/lib/chromium/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if found and Path(found).is_file() and os.access(found, os.X_OK):
            return found
    return None


@pytest.fixture(scope="module")
def chromium():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
    path = chromium_path()
    if path is None:
        pytest.skip("Debian's chromium is not installed (packaging/setup.sh installs it)")
    with sync_api.sync_playwright() as playwright:
        args = ["--no-sandbox"] if os.geteuid() == 0 else []  # root has no user namespace sandbox
        browser = playwright.chromium.launch(executable_path=path, args=[*args, "--disable-gpu"])
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def phone(chromium):
    """A page the size of a phone, touch and all, closed after the test."""
    # the page's own policy refuses scripts given as text; Playwright's waits are such scripts
    context = chromium.new_context(
        viewport=PHONE, device_scale_factor=2, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()

"""The players' page in Debian's Chromium says in one plain line what a player can do nothing
about: a table that is full (their device holds every page it may) asks them to see the GM
instead of reconnecting forever; a map the GM's computer could not read is told under the last
good picture, and the line goes once the map is read again. The join box at / opens the table."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from urllib.parse import urlsplit

import aiohttp
import pytest

from tabletop.cli.serve import UNREAD
from tabletop.serve.server import SOCKETS_PER_ADDRESS, Showing
from tests.share.table import serving, socket_url

pytestmark = pytest.mark.slow
WAIT_MS = 15_000
SHOWING = Showing(b"", "Exchange 1", {})


@contextlib.contextmanager
def _pages_held(url: str, count: int):
    """`count` push channels held open from this address until the block ends."""
    opened, done = threading.Event(), threading.Event()

    async def hold() -> None:
        async with aiohttp.ClientSession() as session, contextlib.AsyncExitStack() as held:
            for _ in range(count):
                await held.enter_async_context(session.ws_connect(socket_url(url)))
            opened.set()
            while not done.is_set():
                await asyncio.sleep(0.02)

    thread = threading.Thread(target=lambda: asyncio.run(hold()), daemon=True)
    thread.start()
    assert opened.wait(20)
    try:
        yield
    finally:
        done.set()
        thread.join(20)


def test_a_full_table_says_ask_the_gm(phone, tmp_path):
    with serving(SHOWING) as server, _pages_held(server.url, SOCKETS_PER_ADDRESS):
        phone.goto(server.url)
        phone.wait_for_function(
            "document.getElementById('state').textContent === 'The table is full: ask the GM.'", timeout=WAIT_MS
        )
        assert phone.text_content("#waiting") == "The table is full: ask the GM.", "said where the map would be"
        phone.screenshot(path=str(tmp_path / "full.png"))


def test_a_map_not_read_is_told_under_the_picture_until_it_is_read(phone, tmp_path):
    with serving(SHOWING) as server:
        phone.goto(server.url)
        phone.wait_for_function("document.getElementById('state').textContent.startsWith('Connected')", timeout=WAIT_MS)
        assert phone.is_hidden("#notice")
        server.tell(UNREAD)
        phone.wait_for_selector("#notice:not([hidden])", timeout=WAIT_MS)
        assert phone.text_content("#notice") == UNREAD
        phone.screenshot(path=str(tmp_path / "unread.png"))
        server.tell("")
        phone.wait_for_selector("#notice", state="hidden", timeout=WAIT_MS)


def test_the_join_box_takes_the_code_as_typed(phone, tmp_path):
    with serving(SHOWING) as server:
        root = "http://" + urlsplit(server.url).netloc + "/"
        phone.goto(root)
        phone.fill("#code", server.join_code.upper())
        phone.screenshot(path=str(tmp_path / "join.png"))
        phone.click("button[type=submit]")
        phone.wait_for_url(server.url, timeout=WAIT_MS)
        phone.goto(root)
        phone.fill("#code", "not the code")
        phone.click("button[type=submit]")
        phone.wait_for_selector("#wrong:not([hidden])", timeout=WAIT_MS)
        phone.screenshot(path=str(tmp_path / "wrong.png"))

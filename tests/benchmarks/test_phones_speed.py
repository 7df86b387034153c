"""Speed of the players' page for phones: a GM edit (a zone renamed in the document) until 20
open pages each hold the new picture: told over their WebSocket, then the picture fetched, as
the page does. The phones are 20 clients on 127.0.0.2 to 127.0.0.21 (each its own address, as
20 phones are, so the per-address rate limit is not what is measured). The target: within 1 s.
The picture is painted on a worker thread: what the window's thread spends on an edit (the
fog taken still, the banner and sheets worked out, the worker asked) is measured apart.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_phones_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading

import aiohttp
import pytest

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject
from tabletop.play_samples import warehouse_conflict
from tabletop.rules.visibility import LIVE
from tabletop.serve.feed import PhoneFeed
from tabletop.serve.server import TableServer
from tests.maps import zone_map

PAGES = 20
WAIT_MS = 10_000


class Phones:
    """PAGES pages on a loop of their own, each noting the newest version whose picture it has."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.held = [0] * PAGES
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._all(),), daemon=True)
        self.stopping: asyncio.Event | None = None
        self.thread.start()
        assert self.ready.wait(20)

    async def _all(self) -> None:
        self.stopping = asyncio.Event()
        opened = [asyncio.Event() for _ in range(PAGES)]
        tasks = [asyncio.ensure_future(self._page(k, opened[k])) for k in range(PAGES)]
        await asyncio.gather(*(event.wait() for event in opened))
        self.ready.set()
        await self.stopping.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _page(self, k: int, opened: asyncio.Event) -> None:
        connector = aiohttp.TCPConnector(local_addr=(f"127.0.0.{k + 2}", 0))
        socket = self.url.replace("http", "ws", 1) + "ws"
        async with aiohttp.ClientSession(connector=connector) as session, session.ws_connect(socket) as ws:
            opened.set()
            async for message in ws:
                version = json.loads(message.data)["version"]
                async with session.get(f"{self.url}picture.png?v={version}") as picture:
                    assert picture.status == 200
                    await picture.read()
                self.held[k] = version

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stopping.set)
        self.thread.join(20)


@pytest.mark.parametrize("zones", [3, 1000, 10_000, 100_000])
def test_a_gm_edit_reaches_20_open_pages(benchmark, qtbot, qapp, zones):
    map_ = warehouse_conflict() if zones == 3 else zone_map(zones)
    document = MapDocument(map_)
    server = TableServer("127.0.0.1", 0)
    server.start()
    feed = PhoneFeed(server, lambda: (document.map, None, LIVE))
    document.edited.connect(feed.changed)
    feed.draw()
    assert feed.settled(600), "the first picture is out before the pages open"
    phones = Phones(server.url)
    names = itertools.count()
    zone = document.map.zones[0]
    try:

        def edit() -> None:
            before = server.version
            renamed = document.get("zone", zone.id).model_copy(update={"name": f"Room {next(names)}"})
            document.undo_stack.push(EditObject(document, "zone", renamed))
            qtbot.waitUntil(lambda: min(phones.held) > before, timeout=WAIT_MS)

        benchmark.pedantic(edit, rounds=10, iterations=1, warmup_rounds=1)
    finally:
        phones.close()
        server.stop()


@pytest.mark.parametrize("zones", [1000, 10_000, 100_000])
def test_what_the_window_waits_for_on_an_edit(benchmark, qapp, zones):
    """The Qt thread's part of one drawing: feed.draw() returns once the worker is asked."""
    map_ = zone_map(zones)
    server = TableServer("127.0.0.1", 0)
    server.start()
    feed = PhoneFeed(server, lambda: (map_, None, LIVE))
    try:

        def settled() -> None:  # untimed: the drawing before has reached the server
            assert feed.settled(600)

        benchmark.pedantic(feed.draw, setup=settled, rounds=10, warmup_rounds=1)
        assert feed.settled(600)
    finally:
        feed.close()
        server.stop()

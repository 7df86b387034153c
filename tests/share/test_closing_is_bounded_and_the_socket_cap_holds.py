"""The players' page never holds the window: stopping it closes every page at once and gives
them a bounded time, so a phone that reads nothing more (gone to sleep, out of the Wi-Fi's
reach) does not keep the map window from closing; and pages still shaking hands count against the caps, so
a burst of phones opening at once never holds more than MAX_SOCKETS, nor one device more than
SOCKETS_PER_ADDRESS while the others still get in."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import threading

import aiohttp

from tabletop.serve.server import MAX_SOCKETS, SOCKETS_PER_ADDRESS, Showing
from tests.share.table import LOOPBACK, WAIT, get, serving, socket_url, wait_until

SILENT = 4
FLOOD = 16 * 2**20
"""A banner this long fills a page's socket that is not read: what is sent to it waits."""


def _silent_page(server) -> socket.socket:
    """A page that opens its WebSocket and then reads nothing more, with a small receive buffer
    (a phone gone to sleep, or out of the Wi-Fi's reach): what is sent to it piles up."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(WAIT)
    sock.connect((LOOPBACK, server.port))
    path = server.url.split(f":{server.port}", 1)[1] + "ws"
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {LOOPBACK}:{server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    sock.sendall(request.encode())
    assert sock.recv(12) == b"HTTP/1.1 101", "the handshake went through"
    return sock


def test_stopping_never_waits_on_pages_that_do_not_read():
    with serving(Showing(b"\x89PNG", "Exchange 1", {})) as server:
        pages = [_silent_page(server) for _ in range(SILENT)]
        wait_until(lambda: len(server.connected()) == SILENT, "every silent page is open")
        server.show(Showing(b"\x89PNG", "x" * FLOOD, {}))  # each page's socket fills up
        serving_thread = server._thread  # stop() lets go of it: asked of itself afterwards
        assert serving_thread is not None and serving_thread.is_alive()
        stopped = threading.Event()
        threading.Thread(target=lambda: (server.stop(), stopped.set()), daemon=True).start()
        wait_until(stopped.is_set, "stop returns while the pages read nothing")
        assert not serving_thread.is_alive(), "the server's thread ended, not merely let go"
        try:
            with socket.create_connection((LOOPBACK, server.port), timeout=WAIT):
                refused = False
        except OSError:
            refused = True
        assert refused, "the port is closed"
        for page in pages:
            page.close()


PHONES = [f"127.0.0.{n}" for n in range(10, 28)]
"""Eighteen devices on the loopback network, SOCKETS_PER_ADDRESS pages each: past MAX_SOCKETS."""


def test_of_70_pages_opening_at_once_at_most_the_cap_are_let_in():
    async def burst(url: str) -> list[int]:
        every_one_tried = asyncio.Event()
        statuses: list[int] = []

        async def one(session: aiohttp.ClientSession) -> None:
            try:
                async with session.ws_connect(socket_url(url)):
                    tried(101)
                    await asyncio.wait_for(every_one_tried.wait(), WAIT)  # held open until then
            except aiohttp.WSServerHandshakeError as refused:
                tried(refused.status)

        def tried(status: int) -> None:
            statuses.append(status)
            if len(statuses) == 70:
                every_one_tried.set()

        sessions = [
            aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0, local_addr=(phone, 0))) for phone in PHONES
        ]
        try:
            await asyncio.gather(*(one(sessions[k % len(PHONES)]) for k in range(70)))
        finally:
            for session in sessions:
                await session.close()
        return statuses

    with serving(Showing(b"\x89PNG", "Exchange 1", {})) as server:
        statuses = asyncio.run(burst(server.url))
        assert len(statuses) == 70
        assert set(statuses) <= {101, 503}
        assert 1 <= statuses.count(101) <= MAX_SOCKETS, "never more pages open than the cap"
        wait_until(lambda: server.connected() == [], "the pages let in are closed again")


def test_one_device_holds_a_few_pages_and_the_others_still_get_in():
    async def open_pages(url: str) -> tuple[list[int], str, tuple[int, str]]:
        statuses: list[int] = []
        async with contextlib.AsyncExitStack() as held, aiohttp.ClientSession() as hog:
            for _ in range(SOCKETS_PER_ADDRESS + 3):
                try:
                    await held.enter_async_context(hog.ws_connect(socket_url(url)))
                    statuses.append(101)
                except aiohttp.WSServerHandshakeError as refused:
                    statuses.append(refused.status)
            other = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
            async with aiohttp.ClientSession(connector=other) as phone, phone.ws_connect(socket_url(url)) as ws:
                banner = json.loads(await asyncio.wait_for(ws.receive_str(), WAIT))["banner"]
            asked = get(url + "ws")  # what the page asks when its channel is refused
        return statuses, banner, asked

    with serving(Showing(b"\x89PNG", "Exchange 1", {})) as server:
        statuses, banner, (status, text) = asyncio.run(open_pages(server.url))
        assert statuses == [101] * SOCKETS_PER_ADDRESS + [503] * 3
        assert banner == "Exchange 1", "another device joins while the first holds its pages"
        assert (status, text.strip()) == (503, "The table is full: ask the GM.")

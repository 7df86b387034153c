"""Helpers for the players' page tests: a server on the loopback address with a port the system
picks, plain requests that keep the status and body of a refusal, and WebSocket pages."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import aiohttp

from tabletop.serve.server import Showing, TableServer

LOOPBACK = "127.0.0.1"
WAIT = 20.0
"""Seconds a test waits on the server at most before it fails, rather than hanging."""


@contextlib.contextmanager
def serving(showing: Showing | None = None, **limits) -> Iterator[TableServer]:
    server = TableServer(LOOPBACK, 0, **limits)
    server.start()
    try:
        if showing is not None:
            server.show(showing)
        yield server
    finally:
        server.stop()


def get(url: str, method: str = "GET", headers: dict[str, str] | None = None, source: str = "") -> tuple[int, str]:
    """The status of one request and its body as text (a refusal's too), or for a picture its
    kind; `source`: the loopback address it comes from (127.0.0.2 is a second machine on the
    same loopback)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(
        parts.hostname, parts.port, timeout=WAIT, source_address=(source, 0) if source else None
    )
    try:
        connection.request(method, parts.path + (f"?{parts.query}" if parts.query else ""), headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        kind = response.getheader("Content-Type", "")
        return response.status, body.decode("utf-8", "replace") if kind.startswith("text/") else kind
    finally:
        connection.close()


def raw(port: int, data: bytes) -> bytes:
    """What the server answers to bytes that may not be HTTP at all."""
    with socket.create_connection((LOOPBACK, port), timeout=WAIT) as sock:
        sock.sendall(data)
        chunks = []
        with contextlib.suppress(TimeoutError, ConnectionResetError):
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks)


def socket_url(page: str) -> str:
    return page.replace("http://", "ws://", 1) + "ws"


async def first_messages(page: str, count: int = 1) -> list[dict]:
    """The first `count` messages a page's WebSocket is sent."""
    async with aiohttp.ClientSession() as session, session.ws_connect(socket_url(page)) as ws:
        return [json.loads(await asyncio.wait_for(ws.receive_str(), WAIT)) for _ in range(count)]


def messages(page: str, count: int = 1) -> list[dict]:
    return asyncio.run(first_messages(page, count))


@contextlib.contextmanager
def serve_process(path, *args: str) -> Iterator[tuple[subprocess.Popen, list[str]]]:
    """`tabletop serve MAP` on the loopback address, a port the system picks: the process and
    the lines it printed before it served (the join link, then each player's)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "serve", str(path), "--host", LOOPBACK, "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    try:
        lines = [process.stdout.readline().strip() for _ in range(1 + args.count("--player"))]
        yield process, lines
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        process.stdout.close()
        process.stderr.close()


def wait_until(condition, what: str) -> None:
    """Wait on a condition the server reaches on its own thread or process, bounded by WAIT."""
    ends = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > ends:
            raise AssertionError(f"gave up waiting: {what}")
        time.sleep(0.02)


SECRET = "#ff00ff"
SPY_COLOUR = "#00ffff"
SECRET_NAMES = ("Secret Vault", "Hidden Spy")


def secrets_at_the_table():
    """The warehouse mid-conflict with what the GM keeps back: a hidden store room (the
    "Secret Vault", in a colour found nowhere else) and a hidden spy in the middle, taking part
    in the conflict and holding the turn."""
    from tabletop.model import FillStyle, Participant, PolygonShape, Token, Zone, ZoneLocation
    from tabletop.model.play_edgerunner import EdgerunnerTurn
    from tabletop.play_samples import warehouse_conflict

    map_ = warehouse_conflict()
    store = Zone(
        id="z4",
        name=SECRET_NAMES[0],
        hidden=True,
        fill=FillStyle(colour=SECRET, opacity=1.0),
        shape=PolygonShape(points=[(200, 200), (400, 200), (400, 320), (200, 320)]),
    )
    spy = Token(id="spy", name=SECRET_NAMES[1], colour=SPY_COLOUR, hidden=True, location=ZoneLocation(zone="z2"))
    conflict = map_.conflict.model_copy(
        update={
            "participants": [
                *map_.conflict.participants,
                Participant(token="spy", side="corp", edgerunner=EdgerunnerTurn()),
            ],
            "turn": "spy",
        }
    )
    return map_.model_copy(update={"zones": [*map_.zones, store], "tokens": [*map_.tokens, spy], "conflict": conflict})

"""A thousand bad requests (wrong codes, paths that are not there, methods the page does not
take, bytes that are not HTTP) get a clear refusal each, are slowed by the rate limit, and leave
the players' page serving: another address at once, the flooding one once its rate refills."""

from __future__ import annotations

import asyncio
from collections import Counter
from urllib.parse import urlsplit

import aiohttp

from tabletop.serve.server import Showing
from tests.share.table import LOOPBACK, get, messages, serving, wait_until

FLOOD = 1000
AT_ONCE = 16
"""Requests under way at once: fewer than one address may hold open connections."""


async def _flood(url: str) -> Counter:
    parts = urlsplit(url)
    root = f"{parts.scheme}://{parts.netloc}"
    statuses: Counter = Counter()
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(session: aiohttp.ClientSession, k: int) -> None:
        async with gate:
            kind = k % 4
            if kind == 3:
                reader, writer = await asyncio.open_connection(LOOPBACK, parts.port)
                writer.write(b"\x16\x03\x01 not http at all\r\n\r\n")
                await writer.drain()
                line = await reader.readline()
                writer.close()
                await writer.wait_closed()
                statuses[int(line.split()[1]) if line else 0] += 1
                return
            method, path = [("GET", f"/t/guess{k}/"), ("POST", parts.path), ("GET", f"/../../etc/{k}")][kind]
            async with session.request(method, root + path, data=b"x" * 100) as response:
                await response.read()
                statuses[response.status] += 1

    async with aiohttp.ClientSession() as session:
        await asyncio.gather(*(one(session, k) for k in range(FLOOD)))
    return statuses


def test_a_thousand_bad_requests_are_refused_and_the_page_still_serves():
    with serving(Showing(b"\x89PNG", "Exchange 1", {})) as server:
        statuses = asyncio.run(_flood(server.url))
        assert sum(statuses.values()) == FLOOD
        assert set(statuses) <= {400, 403, 405, 429}, statuses
        assert statuses[429] > 0, "the flood was slowed"
        assert get(server.url, source="127.0.0.2")[0] == 200, "another player's phone is served at once"
        wait_until(lambda: _banner(server.url) == "Exchange 1", "the flooding address's push channel served again")
        wait_until(lambda: get(server.url)[0] == 200, "the flooding address's page served again")


def _banner(url: str) -> str | None:
    """The page's banner through its push channel, None while the address's rate is spent. Each
    question is one request: a refused one spends nothing, so asking again and again never keeps
    the allowance from refilling (a page and its socket asked together would: the page would
    take each request the allowance refilled, and the socket be refused for ever)."""
    try:
        return messages(url)[0]["banner"]
    except aiohttp.WSServerHandshakeError as refused:
        assert refused.status == 429, refused
        return None

"""The door of the players' page: how many connections an address and the whole table may hold,
how long a connection may sit idle or take to send its request, what a request that is not HTTP
at all is answered, and how fast an address may ask. aiohttp answers the unreadable itself
before any handler runs, echoing the bytes it could not read and logging a traceback on the GM's
terminal; here they get one plain line and the page's own headers, and the GM's terminal stays
quiet. Qt-free."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from typing import ClassVar

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

IDLE_WAIT = 10.0
"""Seconds a connection may wait before its first request (or between two), and so the longest
a request may take to arrive whole: a phone sends it at once, a trickle is cut off."""
MAX_CONNECTIONS = 256
"""Connections at once from every address together: pages, pictures and push channels."""
MAX_PER_ADDRESS = 32
"""Connections at once from one address: a browser opens a handful per page."""
RATE, BURST = 40.0, 240.0
"""Requests an address may make: BURST at once, then RATE a second (a page's load is five)."""
MAX_ADDRESSES = 4096
"""Addresses whose rate is kept; past it the fullest buckets are forgotten."""
BAD_REQUEST = "The players' page could not read that request: open it with the link or QR code the GM shows."
FAILED = "The players' page could not answer that."

quiet_log = logging.getLogger("tabletop.serve")
"""Where refused connections are noted: one line each, at debug level, never a traceback."""


def peer(transport: asyncio.BaseTransport) -> str:
    name = transport.get_extra_info("peername")
    return str(name[0]) if isinstance(name, tuple) and name else "?"


class Door:
    """Counts the open connections by address; a connection past a cap is refused."""

    def __init__(self, total: int = MAX_CONNECTIONS, per_address: int = MAX_PER_ADDRESS) -> None:
        self.total, self.per_address = total, per_address
        self.open: Counter[str] = Counter()

    def enter(self, address: str) -> bool:
        if sum(self.open.values()) >= self.total or self.open[address] >= self.per_address:
            return False
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class _Handler(RequestHandler):
    """One connection: counted at the door, closed at once past a cap, and a request aiohttp
    cannot read answered with one plain line."""

    headers: ClassVar[dict[str, str]] = {}
    door: ClassVar[Door | None] = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._address = peer(transport)
        self._entered = self.door is not None and self.door.enter(self._address)
        super().connection_made(transport)
        if not self._entered:
            quiet_log.debug("refused a connection from %s: too many open", self._address)
            self.force_close()
            transport.abort()  # nothing read, nothing answered: a browser tries again later

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._entered and self.door is not None:
            self._entered = False
            self.door.leave(self._address)
        super().connection_lost(exc)

    def log_exception(self, *args, **kw) -> None:
        kw.pop("exc_info", None)
        quiet_log.debug(*args, **kw)

    def handle_error(self, request, status: int = 500, exc: BaseException | None = None, message=None):
        quiet_log.debug("refused a request from %s: %s", request.remote, type(exc).__name__ if exc else status)
        if request.writer.output_size > 0:
            raise ConnectionError("the answer had begun: the connection is closed instead")
        text = FAILED if status >= 500 else BAD_REQUEST
        response = web.Response(status=status, text=text + "\n", content_type="text/plain", charset="utf-8")
        response.headers.update(self.headers)
        response.force_close()
        return response


class _Server(web.Server):
    def __init__(self, handler_class: type[RequestHandler], *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._handler_class = handler_class

    def __call__(self) -> RequestHandler:
        return self._handler_class(self, loop=self._loop, **self._kwargs)


class GuardedRunner(web.AppRunner):
    """An AppRunner whose connections pass the door and whose unreadable requests are answered
    plainly with `headers`."""

    def __init__(self, app: web.Application, door: Door, headers: dict[str, str], **kwargs) -> None:
        super().__init__(app, **kwargs)
        self._handler_class = type("Handler", (_Handler,), {"door": door, "headers": dict(headers)})

    async def _make_server(self) -> web.Server:
        made = await super()._make_server()
        return _Server(
            self._handler_class,
            made.request_handler,
            request_factory=made.request_factory,
            handler_cancellation=made.handler_cancellation,
            loop=made._loop,
            **made._kwargs,
        )


class RateLimit:
    """A bucket per address: BURST requests at once, refilled at RATE a second."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, address: str, cost: float = 1.0) -> bool:
        now = time.monotonic()
        left, then = self.buckets.get(address, (self.burst, now))
        left = min(self.burst, left + (now - then) * self.rate)
        if len(self.buckets) >= MAX_ADDRESSES and address not in self.buckets:
            full = sorted(self.buckets, key=lambda a: self.buckets[a][0], reverse=True)
            for gone in full[: MAX_ADDRESSES // 4]:
                del self.buckets[gone]
        self.buckets[address] = (left - cost, now) if left >= cost else (left, now)
        return left >= cost

    def charge(self, address: str, cost: float) -> None:
        """Spend `cost` whatever is left: a bucket spent below nothing refills from its debt
        first (never deeper than one burst)."""
        now = time.monotonic()
        left, then = self.buckets.get(address, (self.burst, now))
        left = min(self.burst, left + (now - then) * self.rate)
        self.buckets[address] = (max(-self.burst, left - cost), now)

"""A device cannot sit on the players' page: a connection that sends nothing, or sends its
request a byte at a time, is closed after the idle wait; one address holds a few connections
at most and the table a bounded number, so a new phone is still served."""

from __future__ import annotations

import contextlib
import select
import socket

from tabletop.serve.server import Showing
from tests.share.table import LOOPBACK, WAIT, get, serving, wait_until

SHOWING = Showing(b"\x89PNG", "Exchange 1", {})
TRICKLE = 0.1
"""Seconds between two bytes of the trickling request: far slower than any phone sends."""


def _connect(server, source: str = LOOPBACK) -> socket.socket:
    sock = socket.create_connection((LOOPBACK, server.port), timeout=WAIT, source_address=(source, 0))
    return sock


def _closed_by_the_server(sock: socket.socket) -> bool:
    """True once the server has closed its end (waiting at most WAIT)."""
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True


def test_an_idle_connection_is_closed_and_a_new_page_is_served():
    with serving(SHOWING, idle_wait=1.0) as server, _connect(server) as idle:
        assert _closed_by_the_server(idle)
        assert get(server.url)[0] == 200


def test_a_request_sent_a_byte_at_a_time_is_cut_off():
    with serving(SHOWING, idle_wait=1.0) as server, _connect(server) as trickle:
        request = f"GET {server.url.split(str(server.port), 1)[1]} HTTP/1.1\r\nHost: x\r\n" + "X-Slow: " + "a" * 100
        closed = False
        for byte in request.encode():
            try:
                trickle.send(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            if select.select([trickle], [], [], TRICKLE)[0]:
                closed = _closed_by_the_server(trickle)
                break
        assert closed, "the trickle was let run its whole course"
        assert get(server.url)[0] == 200


def test_one_address_and_the_table_hold_a_bounded_number_of_connections():
    with (
        serving(SHOWING, connections_per_address=8, max_connections=12) as server,
        contextlib.ExitStack() as held,
    ):
        hog = [held.enter_context(_connect(server, "127.0.0.3")) for _ in range(8)]
        wait_until(lambda: server.door.open["127.0.0.3"] == 8, "the first eight are let in")
        assert _closed_by_the_server(held.enter_context(_connect(server, "127.0.0.3"))), "a ninth is not"
        assert get(server.url, source="127.0.0.2")[0] == 200, "another phone is served"
        others = [held.enter_context(_connect(server, "127.0.0.4")) for _ in range(4)]
        wait_until(lambda: sum(server.door.open.values()) == 12, "the table is full")
        assert _closed_by_the_server(held.enter_context(_connect(server, "127.0.0.5"))), "past the table's cap"
        for sock in hog + others:
            sock.close()
        wait_until(lambda: not server.door.open, "the closed connections leave")
        assert get(server.url, source="127.0.0.3")[0] == 200, "the device that held them is served again"

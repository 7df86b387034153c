"""Bytes that are not a request the page can read (HTTPS typed at the HTTP port, a header or an
address past the size aiohttp reads, too many headers, two lengths, a broken chunk) are answered
with one plain line and the page's own headers, never the bytes sent echoed back, and the GM's
terminal gets no traceback: at most one quiet line each."""

from __future__ import annotations

import logging

from tabletop.serve.gate import BAD_REQUEST
from tabletop.serve.server import HEADERS, Showing
from tests.share.table import get, raw, serving

HOST = b"Host: 127.0.0.1\r\n"
UNREADABLE = {
    "https typed": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\0" * 40,
    "no method": b"G(T / HTTP/1.1\r\n\r\n",
    "a long header": b"GET / HTTP/1.1\r\n" + HOST + b"X-Long: " + b"a" * 9000 + b"\r\n\r\n",
    "a long address": b"GET /" + b"b" * 9000 + b" HTTP/1.1\r\n" + HOST + b"\r\n",
    "too many headers": b"GET / HTTP/1.1\r\n" + HOST + b"".join(b"X-%d: c\r\n" % k for k in range(200)) + b"\r\n",
    "two lengths": b"GET / HTTP/1.1\r\n" + HOST + b"Content-Length: 1\r\nContent-Length: 2\r\n\r\nab",
    "a broken chunk": b"POST / HTTP/1.1\r\n" + HOST + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
}


def test_every_unreadable_request_gets_a_plain_400_and_the_terminal_no_traceback(caplog, capfd):
    caplog.set_level(logging.DEBUG)
    with serving(Showing(b"\x89PNG", "Exchange 1", {})) as server:
        for kind, data in UNREADABLE.items():
            answer = raw(server.port, data)
            head, _, body = answer.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            assert lines[0].split()[1] == "400", (kind, lines[0])
            assert body.decode() == BAD_REQUEST + "\n", (kind, body[:200])
            for name, value in HEADERS.items():
                assert f"{name}: {value}" in lines, (kind, name)
        assert get(server.url)[0] == 200, "the page still serves"
    loud = [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]
    assert loud == [], [r.getMessage() for r in loud]
    assert len([r for r in caplog.records if r.name.startswith("aiohttp")]) == 0
    assert "Traceback" not in capfd.readouterr().err

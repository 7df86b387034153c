"""Secure by default: the players' page opens only with the table's join code or a player's
own code, a player's code shows that player's sheet alone, and every refusal is one plain line
with a clear status, never a traceback."""

from __future__ import annotations

from urllib.parse import urlsplit

from tabletop.serve.server import Showing
from tests.share.table import get, messages, raw, serving

SHEETS = {"kell": {"shown": True, "name": "Kell"}, "mira": {"shown": True, "name": "Mira"}}
SHOWING = Showing(b"\x89PNG fake", "Kell's turn", SHEETS)


def _root(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def test_without_the_join_code_every_path_is_refused_with_a_line_saying_why():
    with serving(SHOWING) as server:
        root = _root(server.url)
        for path in (
            "/index.html",
            "/join.html",
            "/t/",
            "/t/x/picture.png",
            "/p/nothing/ws",
            "/t/../t/",
            "/favicon.ico",
        ):
            status, body = get(root + path)
            assert status == 403, path
            assert "code" in body and "Traceback" not in body and len(body.splitlines()) == 1
        other = "b" if server.join_code[0] == "a" else "a"
        wrong = server.url.replace(server.join_code, other + server.join_code[1:])
        assert get(wrong)[0] == 403
        assert get(wrong + "picture.png")[0] == 403


def test_the_join_code_opens_the_page_its_picture_and_its_files():
    with serving(SHOWING) as server:
        status, page = get(server.url)
        assert status == 200 and "page.js" in page and '<script src="page.js">' in page
        assert get(server.url + "page.js")[0] == 200 and get(server.url + "page.css")[0] == 200
        assert get(server.url + "picture.png") == (200, "image/png")
        assert get(server.url.rstrip("/"))[0] in (200, 302)  # the link typed without its last slash
        assert get(server.url + "secrets.txt")[0] == 403, "nothing else lies under the code"


def test_a_players_code_shows_their_sheet_and_no_other():
    with serving() as server:
        kell, mira = server.player_url("kell"), server.player_url("mira")
        codes = server.handed()
        server.show(Showing(SHOWING.picture, SHOWING.banner, {codes[t]: sheet for t, sheet in SHEETS.items()}))
        assert kell != mira
        assert messages(kell)[0]["sheet"]["name"] == "Kell"
        assert messages(mira)[0]["sheet"]["name"] == "Mira"
        table = messages(server.url)[0]
        assert "sheet" not in table and table["banner"] == "Kell's turn"
        server.take_back("kell")
        assert get(kell)[0] == 403, "a code taken back opens nothing"
        assert get(mira)[0] == 200


def test_bad_requests_get_a_clear_status_and_the_server_serves_on():
    with serving(SHOWING) as server:
        port = server.port
        assert get(server.url, method="POST")[0] == 405
        assert get(server.url, method="DELETE")[0] == 405
        assert raw(port, b"this is not http\r\n\r\n").split(b"\r\n")[0].endswith(b"400 Bad Request")
        assert (
            raw(port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n")
            .split(b" ")[1]
            .startswith(b"4")
        )
        assert b"Traceback" not in raw(port, b"GET /t/%ff%fe/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert get(server.url)[0] == 200


def test_a_page_past_the_cap_is_told_the_table_is_full():
    with serving(SHOWING, max_sockets=2) as server:
        import asyncio

        import aiohttp

        async def three() -> int:
            async with aiohttp.ClientSession() as session:
                url = server.url.replace("http", "ws", 1) + "ws"
                first, second = await session.ws_connect(url), await session.ws_connect(url)
                try:
                    async with session.get(server.url + "ws", headers={"Upgrade": "websocket"}) as third:
                        return third.status
                finally:
                    await first.close()
                    await second.close()

        assert asyncio.run(three()) == 503

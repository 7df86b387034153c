"""The players' page server: aiohttp (HTTP and WebSockets from one well-kept library), running
asyncio in a thread of its own so the map window's Qt event loop never waits on a phone.

What it shows is handed to it (`show`) from any thread: the players' picture as a PNG, the
banner and the sheets of the tokens handed to players. It keeps no map and reads no file, so
nothing reaches a phone that the Qt side did not paint or word for the players. Every path
starts with a code: /t/JOIN/ for the table, /p/PLAYER/ for one player's own sheet; anything
else is refused with 403 and a line saying why. Qt-free.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from importlib import resources

from aiohttp import WSMsgType, web

from tabletop.serve.addresses import link_host, url_host
from tabletop.serve.codes import ALPHABET, Held, found_for, new_code, same_code
from tabletop.serve.framing import Refused, Wants, asked_of, chosen
from tabletop.serve.gate import BURST, IDLE_WAIT, MAX_CONNECTIONS, MAX_PER_ADDRESS, RATE, Door, GuardedRunner, RateLimit

PAGE_FILES = {"": ("index.html", "text/html"), "page.js": ("page.js", "text/javascript")}
PAGE_FILES["page.css"] = ("page.css", "text/css")
PAGE_FILES["join"] = ("join.html", "text/html")
MAX_SOCKETS = 64
"""Open pages at once: a table of players with a phone and a tablet each, many times over."""
SOCKETS_PER_ADDRESS = 4
"""Open pages from one address: a phone and a tablet with a tab or two each, never the table."""
MAX_REQUEST = 16 * 1024
"""The page only reads; a request body past this is refused (413)."""
WRONG_CODE_COST = 10.0
"""A request with a wrong code spends this many more, into debt if fewer are left: guessing a
code is slowed to a fraction of RATE however the guesses are spaced."""
SEND_WAIT = 5.0
"""Seconds a page may take to take a message before it is closed: one slow phone never holds
the others back."""
CLOSE_WAIT = 3.0
"""Seconds the pages are given to close when sharing stops, all together: the window that
stops it never waits on a phone gone quiet past this."""
NO_CODE = "This is the players' page of a Tabletop map: open it with the link or QR code the GM shows."
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the code is in the address
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'",
}


@dataclass(frozen=True)
class Showing:
    """What the players are shown now: the picture, the banner, and each player's sheet by
    their code. By code, not by token id: an id names another token in another scene, or once
    the GM deletes the token and adds one that takes its id, and a sheet worked out before a
    code was taken back must not reach the code handed after."""

    picture: bytes = b""
    banner: str = ""
    sheets: dict[str, dict] = field(default_factory=dict)
    pictures: dict = field(default_factory=dict)
    """The pictures painted for the sizes the pages asked (framing.Asked -> PNG)."""
    table: bool = False
    """Whether a table view is painted: the players' window is open."""


class TableServer:
    """The players' page on `host`:`port` (port 0: one the system picks). `start` binds or raises
    OSError; `stop` closes every page and the port."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        max_sockets: int = MAX_SOCKETS,
        rate: float = RATE,
        burst: float = BURST,
        sockets_per_address: int = SOCKETS_PER_ADDRESS,
        idle_wait: float = IDLE_WAIT,
        max_connections: int = MAX_CONNECTIONS,
        connections_per_address: int = MAX_PER_ADDRESS,
    ) -> None:
        self.host, self.port = host, port
        self.link_host = link_host(host)
        """The address the links name: the host, or for every address one a phone can open."""
        self.join_code = new_code()
        self.max_sockets, self.sockets_per_address = max_sockets, sockets_per_address
        self.idle_wait = idle_wait
        self.door = Door(max_connections, connections_per_address)
        self.limit = RateLimit(rate, burst)
        self._lock = threading.Lock()
        self._held: dict[str, Held] = {}  # player code -> the character it follows
        self._showing = Showing()
        self._version = 0
        self._sockets: dict[web.WebSocketResponse, tuple[str, str, str]] = {}  # address, who, code
        self._transports: dict[web.WebSocketResponse, asyncio.Transport | None] = {}
        self._opening: dict[str, int] = {}
        """Pages by address, counted against the caps from before their handshake until they close."""
        self._notice = ""
        self._connected: list[tuple[str, str]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._failure: BaseException | None = None
        self._tasks: set[asyncio.Future] = set()
        self.wants = Wants(time.monotonic)
        self.on_wish: Callable[[], None] | None = None
        """Told, from the server's thread, when a page asks for a picture not painted yet."""
        self._page = {
            name: (resources.files("tabletop.serve").joinpath("page", file).read_bytes(), kind)
            for name, (file, kind) in PAGE_FILES.items()
        }

    # -- from the window's thread --------------------------------------------------------------

    @property
    def url(self) -> str:
        """The table's join link."""
        return f"http://{url_host(self.link_host)}:{self.port}/t/{self.join_code}/"

    def player_url(self, token_id: str) -> str:
        return self.player_link(self.hand(token_id))

    def player_link(self, code: str) -> str:
        return f"http://{url_host(self.link_host)}:{self.port}/p/{code}/"

    def hand(self, token_id: str, name: str | None = None) -> str:
        """The code of the player the token (in the scene shown) is handed to, made on the
        first hand-over; `name`: the token's, which the code follows from scene to scene
        (None: learnt from the first map drawn)."""
        with self._lock:
            for held in self._held.values():
                if held.present and held.token == token_id:
                    return held.code
            code = new_code()
            self._held[code] = Held(code, token_id, name)
            return code

    def take_back(self, token_id: str) -> None:
        """The code of the token in the scene shown opens nothing any more; its pages close."""
        with self._lock:
            codes = [held.code for held in self._held.values() if held.present and held.token == token_id]
        for code in codes:
            self.take_back_code(code)

    def take_back_code(self, code: str) -> None:
        """This player's code opens nothing any more, wherever their character is; its open
        pages are closed."""
        with self._lock:
            held = self._held.pop(code, None)
        if held is not None and self._loop is not None:
            self._loop.call_soon_threadsafe(self._drop_player, code)

    def take_back_all(self) -> None:
        """Every player code opens nothing any more (another map or session: its tokens are
        other characters); the players' pages are closed, the table's stay open."""
        with self._lock:
            codes, self._held = list(self._held), {}
        if self._loop is not None:
            for code in codes:
                self._loop.call_soon_threadsafe(self._drop_player, code)

    def handed(self) -> dict[str, str]:
        """Token id -> player code, of every token of the scene shown handed to a player."""
        with self._lock:
            return {held.token: held.code for held in self._held.values() if held.present}

    def players(self) -> list[Held]:
        """Every player's code and the character it follows, in the order they were handed."""
        with self._lock:
            return list(self._held.values())

    def meet(self, tokens: Iterable[tuple[str, str]], renames: bool = False) -> bool:
        """The players' characters looked for among the tokens (id, name) of the scene shown
        now: each code follows its character's token there, or waits, still good, while it is
        not there (codes.found_for). `renames`: the tokens are the same map's as before, so a
        token still there under its id is the same character, renamed or not. Whether any
        code's standing changed."""
        tokens = list(tokens)
        changed = False
        with self._lock:
            for (code, held), found in zip(
                list(self._held.items()), found_for(list(self._held.values()), tokens, renames), strict=True
            ):
                now = (
                    replace(held, token=found[0], name=found[1], present=True)
                    if found
                    else replace(held, present=False)
                )
                if now != held:
                    self._held[code], changed = now, changed or now.present != held.present
        if changed and self._loop is not None:
            self._loop.call_soon_threadsafe(self._list_connected)
        return changed

    def renamed(self, token_id: str, name: str) -> None:
        """The token of the scene shown took another name: its player's code follows it."""
        with self._lock:
            for code, held in list(self._held.items()):
                if held.present and held.token == token_id:
                    self._held[code] = replace(held, name=name)

    def connected(self) -> list[tuple[str, str | None]]:
        """The open pages: (address, None for the table's or the name of a player's page)."""
        with self._lock:
            return list(self._connected)

    def painted(self) -> set:
        """The sizes painted in the picture shown now (framing.Asked): what a page is answered exactly."""
        with self._lock:
            return {asked for asked in self._showing.pictures if self._showing.table or asked.view != "table"}

    @property
    def version(self) -> int:
        with self._lock:
            return self._version

    def show(self, showing: Showing) -> None:
        """Show this to every page; open pages are told at once. Safe from any thread."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._shown, showing)
        else:
            with self._lock:
                self._showing, self._version = showing, self._version + 1

    def tell(self, notice: str) -> None:
        """One line every page shows under the map until it is told "" (the GM's file could not
        be read, say). Safe from any thread."""
        with self._lock:
            if notice == self._notice:
                return
            self._notice = notice
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._told)

    def start(self) -> None:
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="players-page", daemon=True)
        self._thread.start()
        ready.wait()
        if self._failure is not None:
            self._thread.join()
            failure, self._failure = self._failure, None
            raise failure

    def stop(self) -> None:
        """Close every page and the port, waiting a bounded time: a server thread that does not
        end by then is a daemon, left to end with the program."""
        loop, thread = self._loop, self._thread
        if loop is not None and thread is not None and thread.is_alive():
            with contextlib.suppress(RuntimeError):  # the loop closed on its own meanwhile
                loop.call_soon_threadsafe(loop.stop)
            thread.join(2 * CLOSE_WAIT + 2.0)
        self._loop = self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # -- the server's own thread ---------------------------------------------------------------

    def _run(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._open())
        except (OSError, ValueError) as error:
            self._failure = error
            loop.close()
            ready.set()
            return
        self._loop = loop
        ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._close())
            loop.close()

    async def _open(self) -> None:
        app = web.Application(middlewares=[self._guard], client_max_size=MAX_REQUEST)
        app.router.add_get("/", self._front)
        app.router.add_get("/join", self._join)
        app.router.add_get("/{name:page\\.css}", self._file)
        app.router.add_get("/{kind:[tp]}/{code}", self._slash)
        app.router.add_get("/{kind:[tp]}/{code}/ws", self._socket)
        app.router.add_get("/{kind:[tp]}/{code}/picture.png", self._picture)
        app.router.add_get("/{kind:[tp]}/{code}/{name:(page\\.js|page\\.css)?}", self._file)
        app.router.add_route("*", "/{tail:.*}", self._nothing)
        self._runner = GuardedRunner(
            app,
            self.door,
            HEADERS,
            access_log=None,
            handle_signals=False,
            shutdown_timeout=1.0,
            keepalive_timeout=self.idle_wait,
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, backlog=128)
        await site.start()
        sockets = self._runner.addresses
        if sockets:
            self.port = sockets[0][1]

    async def _close(self) -> None:
        """Every page told at once (not one after another), then the port closed, each step
        given CLOSE_WAIT at most: a page that never answers the close is left behind."""
        pages = dict(self._transports)
        closing = [socket.close(code=1001, message=b"The GM stopped sharing the map") for socket in pages]
        if closing:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*closing, return_exceptions=True), CLOSE_WAIT)
        for transport in pages.values():  # a page whose socket is full never takes the close
            if transport is not None:
                transport.abort()
        if self._runner is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._runner.cleanup(), CLOSE_WAIT)
        for task in list(self._tasks):  # a message still waiting on a page gone
            task.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=CLOSE_WAIT)

    def _shown(self, showing: Showing) -> None:
        with self._lock:
            self._showing, self._version = showing, self._version + 1
        for socket, (_, who, code) in list(self._sockets.items()):
            self._later(self._send(socket, who, code))

    def _told(self) -> None:
        for socket, (_, who, code) in list(self._sockets.items()):
            self._later(self._send(socket, who, code))

    def _drop_player(self, code: str) -> None:
        for socket, (_, _, held) in list(self._sockets.items()):
            if held == code:
                self._later(socket.close(code=4403, message=b"The GM took this sheet back"))

    def _later(self, work) -> None:
        """Run `work` beside the others, held until it ends (asyncio keeps only a weak hold)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _message(self, who: str, code: str) -> dict:
        """What a page is sent: the table's ("table"), or a player's by the code it opened with."""
        with self._lock:
            showing, version, notice = self._showing, self._version, self._notice
            handed = code in self._held
        message: dict = {"version": version, "banner": showing.banner, "picture": bool(showing.picture)}
        message["table"] = showing.table
        message["notice"] = notice
        if who != "table":
            message["sheet"] = showing.sheets.get(code, {"shown": False}) if handed else {"shown": False}
        return message

    async def _send(self, socket: web.WebSocketResponse, who: str, code: str) -> None:
        try:
            await asyncio.wait_for(socket.send_json(self._message(who, code)), SEND_WAIT)
        except (TimeoutError, ConnectionError, RuntimeError):
            with contextlib.suppress(Exception):
                await socket.close()

    def _who(self, request: web.Request) -> str | None:
        """'table' for the join code, 'player' for a player's code, None for no code."""
        kind, code = request.match_info.get("kind"), request.match_info.get("code", "")
        if kind == "t":
            return "table" if same_code(code, self.join_code) else None
        with self._lock:
            codes = list(self._held)
        found = None
        for player_code in codes:
            if same_code(code, player_code):
                found = "player"
        return found

    @web.middleware
    async def _guard(self, request: web.Request, handler) -> web.StreamResponse:
        address = request.remote or "?"
        if not self.limit.take(address):
            return _text(429, "Too many requests from this address: wait a moment and reload.")
        if "code" in request.match_info and self._who(request) is None:
            self.limit.charge(address, WRONG_CODE_COST)
            return _text(403, "This code opens nothing here: ask the GM for the table's link or your own.")
        try:
            response = await handler(request)
        except web.HTTPException as refused:
            response = _text(refused.status, refused.reason)
            if "Location" in refused.headers:  # a redirect keeps where it sends the page
                response.headers["Location"] = refused.headers["Location"]
            return response
        except (asyncio.CancelledError, ConnectionError):
            raise
        except Exception:  # one plain line, never a traceback to a phone
            return _text(500, "The players' page could not answer that.")
        if not isinstance(response, web.WebSocketResponse):
            response.headers.update(HEADERS)
        return response

    async def _nothing(self, request: web.Request) -> web.Response:
        if request.method not in ("GET", "HEAD"):
            return _text(405, "The players' page only shows: it takes nothing.")
        return _text(403, NO_CODE)

    async def _front(self, request: web.Request) -> web.Response:
        body, kind = self._page["join"]
        if "wrong" in request.query:
            body = body.replace(b'<p id="wrong" hidden>', b'<p id="wrong">')
        return web.Response(body=body, content_type=kind, charset="utf-8")

    async def _join(self, request: web.Request) -> web.Response:
        """The join code as a player typed it (spaces, capitals and all): its page, or the box
        again with one line saying the code opens nothing."""
        typed = "".join(request.query.get("code", "").split()).lower()
        if typed and len(typed) <= 64 and set(typed) <= set(ALPHABET) and same_code(typed, self.join_code):
            raise web.HTTPSeeOther(f"/t/{typed}/")
        if typed:
            self.limit.charge(request.remote or "?", WRONG_CODE_COST)
        raise web.HTTPSeeOther("/?wrong" if typed else "/")

    async def _slash(self, request: web.Request) -> web.Response:
        raise web.HTTPFound(request.path + "/")

    async def _file(self, request: web.Request) -> web.Response:
        body, kind = self._page[request.match_info["name"]]
        return web.Response(body=body, content_type=kind, charset="utf-8")

    async def _picture(self, request: web.Request) -> web.Response:
        try:
            asked = asked_of(request.query)
        except Refused as refused:
            return _text(400, f"The picture asked for makes no sense: {refused}.")
        with self._lock:
            showing = self._showing
        answers, picture = chosen(showing.pictures, asked, showing.table)
        if self.wants.add(answers) and answers not in showing.pictures and self.on_wish is not None:
            self.on_wish()
        if not picture and not showing.picture:
            return _text(503, "The map is being drawn: the page shows it as soon as it is ready.")
        exact = "exact" if answers in showing.pictures else "nearest"  # the page asks again once drawn
        return web.Response(body=picture or showing.picture, content_type="image/png", headers={"X-Picture": exact})

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or "?"
        if sum(self._opening.values()) >= self.max_sockets or self._opening.get(address, 0) >= self.sockets_per_address:
            return _text(503, "The table is full: ask the GM.")
        if request.headers.get("Upgrade", "").lower() != "websocket":
            return _text(400, "This address is the page's push channel: open the page itself.")
        self._opening[address] = self._opening.get(address, 0) + 1  # pages shaking hands count too
        try:
            who = self._who(request) or ""
            code = request.match_info.get("code", "")
            socket = web.WebSocketResponse(heartbeat=20.0, max_msg_size=1024)
            await socket.prepare(request)
            self._sockets[socket] = (request.remote or "?", who, code)
            self._transports[socket] = request.transport
            self._list_connected()
            try:
                await self._send(socket, who, code)
                async for message in socket:
                    if message.type == WSMsgType.ERROR:
                        break
            finally:
                self._sockets.pop(socket, None)
                self._transports.pop(socket, None)
                self._list_connected()
            return socket
        finally:
            self._opening[address] -= 1
            if not self._opening[address]:
                del self._opening[address]

    def _list_connected(self) -> None:
        with self._lock:
            held = self._held
            pages = [
                (address, None if who == "table" else _player_name(held.get(code)))
                for address, who, code in self._sockets.values()
            ]
            self._connected = sorted(pages, key=lambda page: (page[0], page[1] or ""))


def _player_name(held: Held | None) -> str:
    if held is None:
        return "a sheet taken back"
    return held.name if held.name is not None else held.token


def _text(status: int, text: str) -> web.Response:
    response = web.Response(status=status, text=text + "\n", content_type="text/plain", charset="utf-8")
    response.headers.update(HEADERS)
    return response

"""Keeps the players' page showing the map: a change asks for a new picture a moment later (a
drag's many edits are one drawing), painted on a worker thread so the map window never waits on
it, then handed to the server's thread. The picture, the banner and the handed tokens' sheets
are worked out from one map at one moment, so a phone never shows a sheet ahead of its picture.

One worker paints at a time; an edit made while it paints waits as the newest wish, and any
older wish not yet begun is dropped: the phones get the newest map, in the order it was asked
for. The map is an immutable value and the fog is taken still (what the players' tokens see
worked out on the Qt thread), so the worker reads nothing the window changes; it makes its own
fonts (render/cache.per_thread). The map's SVG pictures are decoded on the Qt thread too and
handed over with the wish (render/pictures.held_for_drawing): Qt's SVG reader on the worker
could wait forever on the window's thread.

Each drawing paints the whole map at the plain size, and every picture the pages asked for
lately (serve/framing: the table view or the whole map, at a few widths, turned or not): the
table view is the rectangle the players' window shows, handed over as a Qt-free Framing with
the wish. A page asking for a picture not painted yet asks for a drawing, as an edit does."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

from tabletop.model import Map, build_checks
from tabletop.render.pictures import HeldPictures, held_for_drawing
from tabletop.rules.visibility import LIVE, Fog, SightFog
from tabletop.serve.framing import DEFAULT, TABLE, Asked, Framing
from tabletop.serve.picture import black_png, players_png
from tabletop.serve.server import Showing, TableServer
from tabletop.serve.sheet import banner, player_sheet

Folder = str | os.PathLike[str] | None
Source = Callable[[], tuple[Map, Folder, Fog]]
SETTLE_MS = 80
"""How long the feed waits after a change for the next one before it draws."""
NOT_DRAWN = "The map could not be drawn"
"""The line the pages show under a black picture while the map cannot be drawn."""


@dataclass(frozen=True)
class _Wish:
    """One drawing asked for: the map and fog of one moment, and what goes with its picture."""

    map: Map
    folder: Folder
    fog: Fog
    covered: bool
    banner: str
    sheets: dict[str, dict]
    pictures: HeldPictures
    """The map's pictures the worker may not decode, decoded on the Qt thread."""
    framing: Framing | None = None
    """What the players' window shows, for the table view; None while it is closed."""
    asked: tuple[Asked, ...] = ()
    """The pictures the pages asked for lately, besides the plain one."""


def still(fog: Fog) -> Fog:
    """The fog as it is now, for a worker: fog by sight asks the window's document what the
    players' tokens see, so what they see is asked here, once, and held."""
    if isinstance(fog, SightFog):
        seen = fog.in_sight()
        return SightFog(fog.base, lambda: seen)
    return fog


class PhoneFeed(QObject):
    """Draws what `source` gives (the map, its folder, the players' fog) for `server`."""

    wished = Signal()
    """A page asked for a picture not painted yet (from the server's thread: queued here)."""
    drawn = Signal()
    """A drawing was handed to the server."""
    failed = Signal(str)
    """A picture could not be drawn: one line saying why (the phones show a black one, with a
    line saying the map could not be drawn). `failure` holds it until a drawing succeeds."""

    def __init__(
        self,
        server: TableServer,
        source: Source,
        parent: QObject | None = None,
        covered: Callable[[], bool] = lambda: False,
        renames: bool = True,
        framing: Callable[[], Framing | None] = lambda: None,
    ) -> None:
        super().__init__(parent)
        self.server, self.source, self.covered = server, source, covered
        self.framing = framing
        """What the players' window shows now (None while it is closed): the table view."""
        self.wished.connect(self.changed)
        server.on_wish = self._asked_more
        self.renames = renames
        """Whether every drawing is of the same map as the last (a file read again): a code
        then follows its token's id, renamed or not. False where the source may be another
        scene, whose ids name other tokens: the window tells the server of renames itself."""
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(SETTLE_MS)
        self.timer.timeout.connect(self.draw)
        self.picture = b""
        self._lock = threading.Condition()
        self._wish: _Wish | None = None
        self._painting = False
        self._closed = False
        self._checked = False
        self.failure = ""
        """Why the last drawing failed ("" once one succeeds): the dialog keeps saying it."""

    def changed(self, *_) -> None:
        """Something the players may see changed: draw it once the edits settle."""
        self.timer.start()

    def draw(self) -> None:
        """Ask for the map as it is now; painted on the worker, after the drawing under way."""
        self.timer.stop()
        map_, folder, fog = self.source()
        fog, covered = still(fog), bool(self.covered())
        pictures = HeldPictures({}) if covered else held_for_drawing(map_, folder)
        words = "" if covered else banner(map_, fog)
        framing = self.framing()
        asked = tuple(a for a in self.server.wants.now() if a != DEFAULT and (framing or a.view != TABLE))
        wish = _Wish(map_, folder, fog, covered, words, self.server_sheets(map_, fog), pictures, framing, asked)
        with self._lock:
            if self._closed:
                return
            self._wish = wish
            if self._painting:
                return
            self._painting = True
        if not self._checked:  # here, not on the worker: pydantic builds a class's checks on one thread
            build_checks()
            self._checked = True
        threading.Thread(target=self._paint, name="phones picture", daemon=True).start()

    def _asked_more(self) -> None:
        """From the server's thread: a drawing is asked for on this one."""
        with contextlib.suppress(RuntimeError):  # the feed's Qt side was deleted: no one to draw
            self.wished.emit()

    def busy(self) -> bool:
        """A drawing is under way or waiting."""
        with self._lock:
            return self._painting

    def settled(self, timeout: float) -> bool:
        """Wait until every drawing asked for is handed to the server, at most `timeout`
        seconds; whether it was."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._painting, timeout)

    def close(self) -> None:
        """No more drawings: one under way ends without being shown."""
        self.timer.stop()
        if self.server.on_wish == self._asked_more:
            self.server.on_wish = None
        with self._lock:
            self._closed, self._wish = True, None

    def server_sheets(self, map_: Map, fog: Fog) -> dict[str, dict]:
        """Each player's sheet, by their code: their character's token in this map, looked for
        afresh (a code follows its character from scene to scene), or while the character is
        not in this scene, a sheet saying so under the table's picture. While the players'
        window is blacked out, a sheet names no turn: the banner is blank and so are these."""
        covered = self.covered()
        self.server.meet(((token.id, token.label) for token in map_.tokens), self.renames)
        sheets = {}
        for held in self.server.players():
            if not held.present:
                sheets[held.code] = {"shown": False, "away": held.name or held.token}
                continue
            sheet = player_sheet(map_, held.token, fog)
            sheets[held.code] = without_turn(sheet) if covered else sheet
        return sheets

    # -- the worker ------------------------------------------------------------------------------

    def _paint(self) -> None:
        while True:
            with self._lock:
                wish, self._wish = self._wish, None
                if wish is None or self._closed:
                    self._painting = False
                    self._lock.notify_all()
                    return
            picture, failure, sized = b"", "", {}
            try:
                with wish.pictures:
                    picture = black_png() if wish.covered else players_png(wish.map, wish.folder, wish.fog)
                    sized = {asked: _sized(wish, asked, picture) for asked in wish.asked}
            except (ValueError, OSError) as error:  # too large a map, an unreadable background
                failure = f"{NOT_DRAWN}: {error}. The phones show a black picture until it can be."
            except Exception as error:  # nothing foreseen: said in one line, the worker goes on
                failure = f"{NOT_DRAWN} ({type(error).__name__}). The phones show a black picture until it can be."
            if failure:
                # never the last picture under this map's banner and sheets: they would not agree
                picture = black_png()
                sized = dict.fromkeys(wish.asked, picture)
            sized[DEFAULT] = picture
            with self._lock:
                if self._closed:
                    self._painting = False
                    self._lock.notify_all()
                    return
                if not wish.covered and not failure:
                    self.picture = picture
                told, self.failure = bool(self.failure), failure
                table = wish.framing is not None
                self.server.show(Showing(picture, wish.banner, wish.sheets, sized, table))
            if failure or told:  # a good drawing takes back only the line this feed gave
                self.server.tell(NOT_DRAWN if failure else "")
            try:
                if failure:
                    self.failed.emit(failure)
                self.drawn.emit()
            except RuntimeError:  # the feed's Qt side was deleted meanwhile: no one to tell
                with self._lock:
                    self._painting = False
                    self._lock.notify_all()
                return


def _sized(wish: _Wish, asked: Asked, black: bytes) -> bytes:
    """One asked picture of the wish: black while the players' window is blacked out."""
    if wish.covered:
        return black
    framing = wish.framing if asked.view == TABLE else None
    return players_png(wish.map, wish.folder, wish.fog, asked.width, framing, asked.turned)


def without_turn(sheet: dict) -> dict:
    """A sheet with no word of the turn: whose it is, whose is next, what is left of it."""
    if "turn" not in sheet:
        return sheet
    turn = {"in_conflict": False, "yours": False, "out": False, "now": "", "next": "", "marks": []}
    return {**sheet, "turn": turn}


def map_source(map_: Map, folder: Folder, fog: Fog = LIVE) -> Source:
    return lambda: (map_, folder, fog)

"""The scenes' small pictures in the Scenes dock, for every scene, not only those opened: when a
session opens (and when a scene is added), each scene without a picture on disk gets one, made
while the window is idle, one scene at a time, so opening a session of many scenes never waits
for them. A scene the GM has not opened is read for its picture on a worker thread (the map
reader is Qt-free), drawn on the window's thread (whose fonts the painting uses) and let go
again, so the session keeps in memory only the scenes the GM works on.

The picture is written beside the scene's map, as Save writes it, and the session's list names it
without the session being marked unsaved: the picture is the scene as it stands on disk, not an
edit; the session file records it at its next save. A scene not yet written (new, duplicated)
keeps its picture in memory until saved; Save makes a picture again for every scene it writes."""

from __future__ import annotations

import contextlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QImage

from tabletop.document.session import SessionDocument
from tabletop.io import MapFileError, load_map
from tabletop.io.write import write_atomically
from tabletop.model import Map

THUMBNAIL_WIDTH = 192


def thumbnail_png(map_: Map, folder: Path) -> bytes:
    """The scene's small picture as PNG bytes (the export's painting, pictures read from `folder`)."""
    from tabletop.render.export.files import png_bytes  # deferred: the export's painting

    return png_bytes(map_, THUMBNAIL_WIDTH, base_dir=folder)


def write_thumbnail(map_: Map, file: Path) -> Path | None:
    """The scene's small picture, written beside its map; None when it cannot be made."""
    try:
        write_atomically(file, thumbnail_png(map_, file.parent), verb="written")
    except (MapFileError, ValueError):
        return None
    return file


def _newer(picture: Path, map_file: Path) -> bool:
    """Whether `picture` is a regular file written after `map_file` last changed."""
    try:
        return picture.is_file() and picture.stat().st_mtime_ns >= map_file.stat().st_mtime_ns
    except OSError:
        return False


class SceneThumbnails(QObject):
    """Makes the pictures the session's scenes lack, one scene at a time, each when the event
    loop is idle. A scene not opened is read on a worker thread (the map reader is Qt-free) and
    drawn on the window's thread, whose fonts the painting uses. `pictures` holds those kept in
    memory only (a scene not written yet, or a folder that refused the file), by scene id."""

    read = Signal(int, str, object)
    """A scene's map read on the worker: the session's generation, the scene, the map (None:
    it could not be read)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.session: SessionDocument | None = None
        self.pictures: dict[str, QImage] = {}
        self.waiting: list[str] = []
        self.failed: set[str] = set()
        """Scenes whose map could not be read: said when the GM opens one, not tried again here."""
        self.reading = False
        self.generation = 0
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)  # after what the window has to do now: idle time only
        self.timer.timeout.connect(self.make_next)
        self.read.connect(self._read)
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scene pictures")
        self.destroyed.connect(lambda: self._worker.shutdown(wait=False, cancel_futures=True))

    def follow(self, session: SessionDocument | None) -> None:
        """Make the pictures of `session`'s scenes (None: stop)."""
        if self.session is not None:
            self.session.changed.disconnect(self.look)
        self.session, self.pictures, self.waiting, self.failed = session, {}, [], set()
        self.generation += 1  # a map still being read belongs to the session left
        self.reading = False
        self.timer.stop()
        if session is not None:
            session.changed.connect(self.look)
            self.look()

    def picture(self, scene_id: str) -> QImage | None:
        return self.pictures.get(scene_id)

    def look(self) -> None:
        """Queue every scene that has no picture yet, in play order."""
        session = self.session
        if session is None:
            return
        for scene in session.scenes:
            if scene.id in self.waiting or scene.id in self.pictures or scene.id in self.failed:
                continue
            file = session.thumbnail_file(scene.id)
            if file is None or not file.is_file():
                self.waiting.append(scene.id)
        self._go_on()

    def _go_on(self) -> None:
        if self.waiting and not self.reading and not self.timer.isActive():
            self.timer.start()

    def make_next(self) -> None:
        """One scene's picture (its map read on the worker first when not opened); the next
        waits for the next idle moment."""
        session = self.session
        while session is not None and self.waiting and not self.reading:
            scene_id = self.waiting.pop(0)
            state = session.states.get(scene_id)
            if state is None:
                continue
            beside = state.path.with_suffix(".png")
            if not state.unwritten and state.stack.isClean() and _newer(beside, state.path):
                session.keep_thumbnail(scene_id, beside)  # made at an opening the session file never saved
            elif state.map is not None:
                self._draw(session, scene_id, state.map)
            else:  # a scene not opened is read for its picture only, and let go
                self.reading = True
                self._worker.submit(self._read_on_worker, self.generation, scene_id, state.path)
            break
        self._go_on()

    def _read_on_worker(self, generation: int, scene_id: str, path: Path) -> None:
        try:
            map_ = load_map(path)
        except MapFileError:
            map_ = None
        with contextlib.suppress(RuntimeError):  # the window closed meanwhile: nobody is left to show it
            self.read.emit(generation, scene_id, map_)

    def _read(self, generation: int, scene_id: str, map_: Map | None) -> None:
        if generation != self.generation:
            return
        self.reading = False
        session = self.session
        if session is not None and scene_id in session.states:
            if map_ is None:
                self.failed.add(scene_id)  # said when the GM opens it; the dock keeps the blank
            else:
                self._draw(session, scene_id, map_)
        self._go_on()

    def _draw(self, session: SessionDocument, scene_id: str, map_: Map) -> None:
        state = session.states[scene_id]
        if not state.unwritten and state.path.is_file():
            written = write_thumbnail(map_, state.path.with_suffix(".png"))
            if written is not None:
                session.keep_thumbnail(scene_id, written)
                return
        try:
            image = QImage.fromData(thumbnail_png(map_, state.path.parent))
        except (MapFileError, ValueError):
            self.failed.add(scene_id)
            return
        if not image.isNull():
            self.pictures[scene_id] = image
            session.changed.emit()

    def saved(self) -> None:
        """Save wrote the scenes' pictures: those kept in memory give way to them."""
        session = self.session
        if session is None:
            return
        for scene_id in list(self.pictures):
            file = session.thumbnail_file(scene_id) if scene_id in session.states else None
            if file is None or file.is_file():
                del self.pictures[scene_id]
        self.look()

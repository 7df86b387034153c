"""The Export dialog's poster plans: each worked out once per map, paper, scale and part (any
choice the plan reads) and kept while the dialog is open, so typing a file name or ticking back
to a paper tried before asks for nothing again. On a big map a plan is worked out off the
window's thread and the dialog is told when it is ready: the dialog never waits for it. The
map's SVG pictures are decoded on the window's thread before the worker starts and handed to it
(render/pictures.held_for_drawing): Qt's SVG reader on a worker could wait forever on the window."""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from tabletop.model import Map, build_checks
from tabletop.render.export import ExportError, ExportOptions, PictureTooLarge, prepare
from tabletop.render.export.picture import Picture
from tabletop.render.export.poster import scale_words
from tabletop.render.export.poster_plan import PosterPlan, poster_plan
from tabletop.render.pictures import HeldPictures, held_for_drawing

COUNT_LATER = 2_000
"""Above this many zones a poster's plan is worked out on a worker thread."""
KEPT = 6
"""Plans kept at once: each holds its picture and, on a big map, the places of all its words,
so only the few a GM goes back and forth between (docs/SPEED.md has what one weighs)."""
VECTOR = (2**31, 2**62)
"""A poster is vector: no pixel cap (as poster_file prepares it)."""

Planned = tuple[Picture, PosterPlan] | ExportError | PictureTooLarge


class PosterPlans(QObject):
    """Plans by the choices that make them. `ready` is emitted (on the window's thread) with
    the options whose plan, or refusal, has just been worked out off it."""

    ready = Signal(object)

    def __init__(self, map_: Map, base_dir: Path | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.map, self.base_dir = map_, base_dir
        self._done: dict[tuple, Planned] = {}
        self._working: set[tuple] = set()
        self._wanted: tuple | None = None
        self._lock = threading.Lock()
        self._one_at_a_time = threading.Lock()
        """Worker threads plan one after another: the GM's latest choice first, the rest skipped."""

    def _key(self, options: ExportOptions) -> tuple:
        """What the plan reads: the map (the dialog's, as the GM left it when the modal dialog
        opened), its pictures' folder and every option."""
        return (id(self.map), self.base_dir, options)

    def known(self, options: ExportOptions) -> Planned | None:
        """The plan or refusal already worked out for these options, else None."""
        with self._lock:
            return self._done.get(self._key(options))

    def plan(self, options: ExportOptions) -> Planned | None:
        """The plan or refusal for these options: worked out now on a small map, or when known;
        else None, and `ready` is emitted once it is worked out on a worker thread."""
        key = self._key(options)
        with self._lock:
            found = self._done.get(key)
            if found is not None:
                self._done[key] = self._done.pop(key)  # the latest asked last: the oldest go first
                return found
            self._wanted = key
        if len(self.map.zones) <= COUNT_LATER:
            return self._work_out(key, options)
        with self._lock:
            if key in self._working:
                return None
            self._working.add(key)
        build_checks()  # here, not on the worker: the window's thread goes on checking edits
        held = held_for_drawing(self.map, self.base_dir)
        worker = threading.Thread(target=self._in_the_background, args=(key, options, held), name="poster plan")
        worker.daemon = True
        worker.start()
        return None

    def words(self, options: ExportOptions) -> tuple[str, str] | None:
        """What the poster will be, in a line (millimetres, pages printed and left out), and its
        scale on paper; None while it is counted; its refusal raised."""
        found = self.plan(options)
        if found is None:
            return None
        if isinstance(found, Exception):
            raise type(found)(*found.args)  # the one kept, its traceback left as it was
        picture, plan = found
        _, _, w, h = picture.frame
        mm = picture.mm_per_unit
        blank = f", {plan.left_out} blank left out" if plan.left_out else ""
        size = f"{w * mm:.0f} x {h * mm:.0f} mm: {len(plan.printed)} pages{blank} and the assembly sheet"
        return size, f"True scale on paper: {scale_words(picture)}"

    def _work_out(self, key: tuple, options: ExportOptions) -> Planned:
        try:
            picture = prepare(self.map, options, self.base_dir, *VECTOR)
            found: Planned = (picture, poster_plan(picture))
        except (ExportError, PictureTooLarge) as error:
            found = error
        with self._lock:
            self._done[key] = found
            self._working.discard(key)
            while len(self._done) > KEPT:
                del self._done[next(iter(self._done))]
        return found

    def _in_the_background(self, key: tuple, options: ExportOptions, held: HeldPictures | None = None) -> None:
        """One plan on a worker thread, after any other's; a plan no longer wanted by the time
        its turn comes (the GM went on choosing) is not worked out. It stops being worked on in
        the same locked step that skips it or stores it: a GM who picks it again a moment later
        then starts it afresh, or finds it done, and never waits on a worker that has let it go.

        Fonts and their metrics are made anew on this thread (render/cache.per_thread), never
        shared with the window's thread, which goes on painting meanwhile; the map's SVGs come
        `held`, decoded on the window's thread (none held: the plan goes without them)."""
        with self._one_at_a_time:
            with self._lock:
                if key != self._wanted:
                    self._working.discard(key)
                    return
            try:
                with held if held is not None else HeldPictures({}):
                    self._work_out(key, options)
            except Exception as error:  # no refusal foresaw it: said in the dialog, not left counting
                with self._lock:
                    self._done[key] = ExportError(f"the poster's pages could not be counted: {error}")
            finally:  # the GM's next pick of it starts afresh
                with self._lock:
                    self._working.discard(key)
        with contextlib.suppress(RuntimeError):  # the dialog, and this with it, closed meanwhile
            self.ready.emit(options)

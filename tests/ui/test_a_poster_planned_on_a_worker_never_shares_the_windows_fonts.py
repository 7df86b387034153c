"""A poster's page count, planned on a worker while the window's thread keeps painting the map,
measures its words with fonts and font metrics of its own: never one the window's thread made
or paints with (Qt's are not thread-safe). The plan comes out the same as one made on the
window's thread. Several papers in turn, each planned while the map is painted again and again."""

from __future__ import annotations

import random
import threading

from PySide6.QtGui import QImage, QPainter

from tabletop.model import Map, NodeShape, Zone
from tabletop.render import style, words
from tabletop.render.export import ExportOptions, prepare
from tabletop.render.export.options import Poster, Scale, ScaleKind
from tabletop.render.export.picture import paint_picture
from tabletop.render.export.poster_plan import poster_plan
from tabletop.ui.dialogs import poster_count
from tabletop.ui.dialogs.poster_count import VECTOR, PosterPlans

PAPERS = (("a4", False), ("a3", False), ("letter", False), ("a4", True), ("a4", False))
"""Each planned in turn on a worker; A4 upright again at the end, from the plans kept."""
HALLS, SPAN = 150, 8000.0
TRUE_SCALE = Scale(ScaleKind.MM_PER_UNIT, 0.2)
"""Tens of pages, some blank, some inked by a name alone."""


class Made:
    """Every font and font metrics handed out, with the thread that asked: kept alive here, so
    two that are one object are told apart from two that only had the same address."""

    def __init__(self) -> None:
        self.handed: list[tuple[int, object]] = []
        self._lock = threading.Lock()

    def recording(self, make):
        def handing(*args):
            made = make(*args)
            with self._lock:
                self.handed.append((threading.get_ident(), made))
            return made

        return handing

    def on(self, thread: int) -> dict[int, object]:
        with self._lock:
            return {id(made): made for asker, made in self.handed if asker == thread}

    def off(self, thread: int) -> dict[int, object]:
        with self._lock:
            return {id(made): made for asker, made in self.handed if asker != thread}


def _scattered_halls() -> Map:
    """Small halls with long names far apart: most pages are inked only where a name reaches,
    so the plan measures words (a map full of zones is inked by its shapes alone)."""
    rng = random.Random(3)
    halls = [
        Zone(
            id=f"hall{k}",
            name=f"The long hall of the sleeping guard number {k}",
            shape=NodeShape(x=rng.uniform(0, SPAN), y=rng.uniform(0, SPAN), radius=30),
        )
        for k in range(HALLS)
    ]
    return Map(title="Scattered halls", zones=halls)


def _paint(map_) -> None:
    """The map painted on the window's thread, as the GM's window and the players' keep doing."""
    picture = prepare(map_, ExportOptions(), None)
    image = QImage(max(1, picture.width // 4), max(1, picture.height // 4), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    painter.scale(0.25, 0.25)
    paint_picture(painter, picture)
    painter.end()


def test_a_poster_planned_on_a_worker_measures_with_its_own_fonts(qtbot, monkeypatch):
    made = Made()
    monkeypatch.setattr(words, "metrics", made.recording(words.metrics))
    monkeypatch.setattr(style, "_font", made.recording(style._font))
    monkeypatch.setattr(poster_count, "COUNT_LATER", 0)  # every map planned on a worker
    map_ = _scattered_halls()
    gui = threading.get_ident()
    _paint(map_)  # the window's fonts made first, as when the dialog opens over a drawn map
    plans = PosterPlans(map_, None)
    readies: list[ExportOptions] = []
    plans.ready.connect(readies.append)
    paintings = []

    def painted_until_ready(options: ExportOptions) -> bool:
        _paint(map_)
        paintings.append(options)
        return options in readies or plans.known(options) is not None

    for paper, landscape in PAPERS:
        options = ExportOptions(scale=TRUE_SCALE, poster=Poster(paper=paper, landscape=landscape))
        readies.clear()
        if plans.plan(options) is None:
            qtbot.waitUntil(lambda options=options: painted_until_ready(options), timeout=60_000)
        worked = plans.known(options)
        assert worked is not None and not isinstance(worked, Exception), f"{paper}: planned"
        picture = prepare(map_, options, None, *VECTOR)
        assert worked[1] == poster_plan(picture), f"{paper}: the same pages as planned on the window's thread"
        assert worked[0].frame == picture.frame

    on_gui, on_workers = made.on(gui), made.off(gui)
    assert on_workers, "the workers measured words"
    assert set(on_gui) & set(on_workers) == set(), "no font or metrics both the window's and a worker's"
    assert len(paintings) >= len(PAPERS) - 1, "the window's thread painted while the workers planned"

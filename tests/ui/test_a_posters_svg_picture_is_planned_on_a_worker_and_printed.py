"""A map traced over an SVG plan, with SVG token art, printed as a poster: its plan is worked out
on a worker while the window's thread makes and destroys replays, the SVGs read on the window's
thread beforehand (Qt's SVG reader on the worker could wait forever on the window), so the plan
spans the whole picture as one made on the window's thread does, and the pages print the SVGs."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor

from tabletop.model import Background, Map, NodeShape, Token, TokenPicture, Zone, ZoneLocation
from tabletop.render.export import ExportOptions, Poster, Scale, ScaleKind
from tabletop.render.export.poster import poster_file
from tabletop.render.pictures import forget_pictures
from tabletop.ui.dialogs import poster_count
from tabletop.ui.dialogs.poster_count import PosterPlans
from tests.deadlock_watch import bounded, replays_made_and_destroyed
from tests.render.pictures import rasterised

PLAN, ART = QColor("#2e7d32"), QColor("#f2c500")
OPTIONS = ExportOptions(scale=Scale(ScaleKind.MM_PER_UNIT, 0.5), poster=Poster("a4"))
"""The 1000-unit plan is half a metre across: a few A4 pages."""


def _svg_map(folder) -> Map:
    (folder / "plan.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="600">'
        f'<rect width="1000" height="600" fill="{PLAN.name()}"/></svg>'
    )
    (folder / "kell.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">'
        f'<rect width="64" height="64" fill="{ART.name()}"/></svg>'
    )
    hall = Zone(id="hall", name="Hall", shape=NodeShape(x=300, y=300, radius=80))
    kell = Token(id="kell", name="Kell", colour="#aa0000", location=ZoneLocation(zone="hall"))
    kell = kell.model_copy(update={"picture": TokenPicture(path="kell.svg")})
    return Map(title="Over the plan", background=Background(path="plan.svg"), zones=[hall], tokens=[kell])


def _share(pixels: np.ndarray, colour: QColor) -> float:
    wanted = np.array(colour.getRgb()[:3])
    return float((np.abs(pixels.astype(int) - wanted).max(axis=2) <= 30).mean())


def test_a_poster_of_an_svg_plan_is_planned_on_a_worker_and_prints_the_svgs(qtbot, tmp_path, capfd, monkeypatch):
    monkeypatch.setattr(poster_count, "COUNT_LATER", 0)  # every plan on a worker
    map_ = _svg_map(tmp_path)
    forget_pictures()  # the worker's plan is the first to need the SVGs
    plans = PosterPlans(map_, tmp_path)
    with bounded(capfd):
        assert plans.plan(OPTIONS) is None, "worked out on a worker"

        def planned() -> bool:
            replays_made_and_destroyed()
            return plans.known(OPTIONS) is not None

        qtbot.waitUntil(planned, timeout=60_000)
    worked = plans.known(OPTIONS)
    assert not isinstance(worked, Exception), worked
    pdf, on_window = poster_file(map_, OPTIONS, tmp_path)
    assert worked[1] == on_window, "the worker planned the pages the window's thread prints"
    _, _, width, height = worked[0].frame
    assert width >= 1000 and height >= 600, "the plan spans the whole SVG plan"

    pages = rasterised(pdf, tmp_path, dpi=30)
    pieces = pages[1:]
    assert len(pieces) == len(on_window.printed) == 6, "two rows of three A4 pages"
    shares = [_share(page, PLAN) for page in pieces]
    assert all(share > 0.5 for share in shares[:3]), "the top row of pieces is the SVG plan, all but the margins"
    assert all(share > 0.05 for share in shares[3:]), "the bottom row prints the plan's last strip"
    assert any(_share(page, ART) > 0.0005 for page in pieces), "the SVG token art is printed"

"""A map whose background and token art are SVG pictures, drawn for the phones each time as if
for the first time while the window's thread makes and destroys animations whose signals end in
Python (as the players' window's move replays do): every drawing reaches the phones, SVGs and
all, and the window never waits forever on the worker.

Qt's SVG reader makes and connects Qt objects as it reads; the window's thread destroying an
animation holds Qt's lock of connections and waits for Python's. A worker reading an SVG holds
Python's lock and would wait for that same lock of Qt's: so the SVGs are read on the window's
thread as the drawing is asked for, and the worker draws them as given."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from tabletop.model import Background, Map, NodeShape, Token, TokenPicture, Zone, ZoneLocation
from tabletop.render.pictures import forget_pictures
from tabletop.rules.visibility import LIVE
from tabletop.serve.feed import PhoneFeed
from tests.deadlock_watch import bounded, replays_made_and_destroyed
from tests.share.table import serving, wait_until

DRAWINGS = 12
TOKENS = 8
"""Token pictures of their own, each a file: each drawing reads this many SVGs and the background."""
PLAN, ART = QColor("#2e7d32"), QColor("#f2c500")


def _svg(colour: QColor, width: int, height: int) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
        f'<rect width="{width}" height="{height}" fill="{colour.name()}"/></svg>'
    )


def _map(folder) -> Map:
    (folder / "plan.svg").write_text(_svg(PLAN, 1200, 400))
    zones, tokens = [], []
    for i in range(TOKENS):
        (folder / f"art{i}.svg").write_text(_svg(ART, 64, 64))
        zones.append(Zone(id=f"z{i}", shape=NodeShape(x=80.0 + 140 * i, y=200, radius=60)))
        tokens.append(
            Token(
                id=f"t{i}",
                name=f"Raider {i}",
                colour="#aa0000",
                location=ZoneLocation(zone=f"z{i}"),
                picture=TokenPicture(path=f"art{i}.svg"),
            )
        )
    return Map(background=Background(path="plan.svg"), zones=zones, tokens=tokens)


def _share(image: QImage, colour: QColor) -> float:
    """The share of sampled pixels near `colour`."""
    points = [(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)]
    near = sum(
        all(abs(a - b) <= 30 for a, b in zip(image.pixelColor(x, y).getRgb()[:3], colour.getRgb()[:3], strict=True))
        for x, y in points
    )
    return near / len(points)


def test_svgs_drawn_for_the_phones_while_the_window_destroys_animations(qapp, tmp_path, capfd):
    map_ = _map(tmp_path)
    with bounded(capfd), serving() as server:
        feed = PhoneFeed(server, lambda: (map_, tmp_path, LIVE))
        for drawing in range(1, DRAWINGS + 1):
            forget_pictures()  # each drawing reads its SVGs as the first did
            feed.draw()
            while feed.busy():
                replays_made_and_destroyed()
                qapp.processEvents()
            wait_until(lambda drawing=drawing: server.version == drawing, "the drawing handed to the phones")
            assert feed.failure == ""
        feed.close()
    picture = QImage.fromData(feed.picture)
    picture.save(str(tmp_path / "phones.png"))
    assert _share(picture, PLAN) > 0.3, "the SVG background shows on the phones"
    assert _share(picture, ART) > 0.005, "the SVG token art shows on the phones"

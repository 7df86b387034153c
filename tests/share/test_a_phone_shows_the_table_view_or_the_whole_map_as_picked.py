"""In a real browser at a phone's size: the page shows the table view (what the players' window
shows) while that window is open, follows a push of it, switches to the whole map with its
toggle and keeps that choice on the phone, turns the picture only when asked, and never shows
anything hidden inside the pushed view."""

from __future__ import annotations

import os

import pytest
from PySide6.QtGui import QImage

from tabletop.rules.visibility import LIVE
from tabletop.serve.feed import PhoneFeed
from tabletop.serve.framing import Framing
from tabletop.serve.server import TableServer
from tests.render.test_export_options import has_colour
from tests.share.table import LOOPBACK, SECRET, SPY_COLOUR, secrets_at_the_table

pytestmark = pytest.mark.slow
WAIT_MS = 15_000
FITTED = Framing((-30.0, -30.0, 660.0, 371.25))
"""The players' window fitted to the warehouse, on a screen of 16:9."""
PUSHED = Framing((130.0, 40.0, 340.0, 191.25))
"""The middle pushed to the players: the hidden spy stands in it, the hidden store room's top is in it."""
LOOK = os.environ.get("TABLETOP_LOOK", "")


class Table:
    def __init__(self) -> None:
        self.map = secrets_at_the_table()
        self.framing: Framing | None = FITTED
        self.server = TableServer(LOOPBACK, 0)
        self.feed = PhoneFeed(self.server, lambda: (self.map, None, LIVE), framing=lambda: self.framing)

    def frame(self, framing: Framing | None) -> None:
        """The GM pushes a view, or closes the players' window (None)."""
        self.framing = framing
        self.feed.changed()


@pytest.fixture
def table(qapp):
    made = Table()
    made.server.start()
    made.feed.draw()
    try:
        yield made
    finally:
        made.feed.close()
        made.server.stop()


def _shown(qtbot, page, view: str, turned: int = 0, after: int = -1) -> QImage:
    """The picture the page shows once it is `view`, painted for the page's own size (not the
    nearest one shown until it is), newer than version `after`: fetched as the page fetched it.
    Waited on with Qt's events running: the feed draws what the page asks for on them."""
    shows = (
        "([view, turned, after]) => { const map = document.getElementById('map');"
        " return map.dataset.view === view && map.dataset.turned === String(turned)"
        " && Number(map.dataset.version) > after && map.dataset.painted === 'exact'; }"
    )
    qtbot.waitUntil(lambda: page.evaluate(shows, [view, turned, after]), timeout=WAIT_MS)
    image = QImage()
    address = page.url + page.get_attribute("#map", "data-address")
    assert image.loadFromData(page.request.get(address).body(), "PNG")
    assert (image.width(), image.height()) == tuple(page.evaluate("[map.naturalWidth, map.naturalHeight]"))
    return image


def _look(page, name: str) -> None:
    if LOOK:
        page.screenshot(path=os.path.join(LOOK, f"{name}.png"))


def _version(page) -> int:
    return int(page.get_attribute("#map", "data-version"))


def test_the_table_view_shows_follows_a_push_and_the_toggle_switches_to_the_whole_map(qtbot, table, phone):
    phone.goto(table.server.url)
    fitted = _shown(qtbot, phone, "table")
    assert phone.get_attribute("#table-view", "aria-pressed") == "true", "the table view while the window is open"
    assert fitted.width() == 1792, "twice the page's 780 device pixels, stepped"
    assert abs(fitted.height() / fitted.width() - 371.25 / 660) < 0.01
    _look(phone, "upright_table_before")

    before = _version(phone)
    table.frame(PUSHED)
    pushed = _shown(qtbot, phone, "table", after=before)
    assert abs(pushed.height() / pushed.width() - 191.25 / 340) < 0.01, "the pushed rectangle"
    assert not has_colour(pushed, SECRET) and not has_colour(pushed, SPY_COLOUR), "nothing hidden inside it"
    _look(phone, "upright_table_after")

    phone.click("#whole-map")
    whole = _shown(qtbot, phone, "whole")
    assert whole.width() == 1792 and whole.height() / whole.width() < 0.6, "the whole map, wide"
    assert phone.get_attribute("#whole-map", "aria-pressed") == "true"
    _look(phone, "upright_whole")
    phone.reload()
    _shown(qtbot, phone, "whole")
    assert phone.get_attribute("#table-view", "aria-pressed") == "false", "the choice is kept on this phone"

    phone.click("#turn")
    turned = _shown(qtbot, phone, "whole", turned=1)
    assert turned.height() > turned.width(), "turned a quarter turn, as asked"
    _look(phone, "upright_whole_turned")
    phone.click("#turn")
    _shown(qtbot, phone, "whole", turned=0)

    phone.click("#table-view")
    _shown(qtbot, phone, "table")
    table.frame(None)  # the players' window closed
    qtbot.waitUntil(lambda: phone.is_disabled("#table-view"), timeout=WAIT_MS)
    _shown(qtbot, phone, "whole")


def test_held_sideways_the_page_shows_both_pictures_and_offers_no_turn(qtbot, table, chromium):
    context = chromium.new_context(
        viewport={"width": 844, "height": 390}, device_scale_factor=2, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    try:
        page.goto(table.server.url)
        _shown(qtbot, page, "table")
        assert page.is_hidden("#turn"), "a phone held sideways shows a wide map wide"
        _look(page, "sideways_table_before")
        before = _version(page)
        table.frame(PUSHED)
        _shown(qtbot, page, "table", after=before)
        _look(page, "sideways_table_after")
        page.click("#whole-map")
        _shown(qtbot, page, "whole")
        _look(page, "sideways_whole")
    finally:
        context.close()

"""The players' page in a real browser (Debian's Chromium at a phone's size): it loads and
shows the players' picture and the banner, follows a GM edit, shows a player's own sheet, zooms,
and never shows a hidden name in its text nor a hidden colour in its picture, which is the
players' export of the map."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QImage

from tabletop.render.export import ExportOptions, Scale, ScaleKind, Who, render_image
from tabletop.serve.feed import PhoneFeed
from tabletop.serve.picture import PHONE_WIDTH
from tabletop.serve.server import TableServer
from tabletop.serve.sheet import banner
from tests.render.test_export_options import has_colour, pixels
from tests.share.table import LOOPBACK, SECRET, SECRET_NAMES, SPY_COLOUR, secrets_at_the_table

pytestmark = pytest.mark.slow
WAIT_MS = 15_000


class Table:
    """The players' page served from a map the test edits as the GM would."""

    def __init__(self) -> None:
        self.map = secrets_at_the_table()
        self.server = TableServer(LOOPBACK, 0)
        self.feed = PhoneFeed(self.server, lambda: (self.map, None, _live()))

    def edit(self, map_) -> None:
        self.map = map_
        self.feed.draw()


def _live():
    from tabletop.rules.visibility import LIVE

    return LIVE


@pytest.fixture
def table(qapp):
    made = Table()
    made.server.start()
    made.feed.draw()
    try:
        yield made
    finally:
        made.server.stop()


def _shown_version(page) -> int:
    page.wait_for_selector("#map[data-version]", timeout=WAIT_MS)
    return int(page.get_attribute("#map", "data-version"))


def _picture(page) -> QImage:
    data = page.request.get(page.url + "picture.png").body()
    image = QImage()
    assert image.loadFromData(data, "PNG")
    return image


def test_the_page_shows_the_players_picture_and_banner_and_no_secret(qtbot, table, phone):
    phone.goto(table.server.url)
    _shown_version(phone)
    # a page asks for its own size: twice a 390-pixel page at 2 device pixels, stepped up,
    # drawn by the feed on Qt's events
    qtbot.waitUntil(lambda: phone.evaluate("document.getElementById('map').naturalWidth") == 1792, timeout=WAIT_MS)
    assert phone.text_content("#banner") == banner(table.map) and "Exchange 2" in phone.text_content("#banner")
    text = phone.inner_text("body")
    assert not any(name in text for name in SECRET_NAMES), "no hidden name on the page"
    assert not any(name in phone.content() for name in SECRET_NAMES)
    picture = _picture(phone)
    assert not has_colour(picture, SECRET) and not has_colour(picture, SPY_COLOUR)
    export = render_image(table.map, options=ExportOptions(who=Who.PLAYERS, scale=Scale(ScaleKind.WIDTH, PHONE_WIDTH)))
    assert np.array_equal(pixels(picture), pixels(export)), "the picture is the players' export"
    box = phone.evaluate(
        "(() => { const r = document.getElementById('map').getBoundingClientRect(); return [r.width, r.height]; })()"
    )
    assert box[0] == pytest.approx(390, abs=2), "fitted across the phone"


def test_a_gm_edit_reaches_the_open_page(table, phone):
    phone.goto(table.server.url)
    before = _shown_version(phone)
    zones = [z.model_copy(update={"name": "Loading bay"}) if z.id == "z1" else z for z in table.map.zones]
    table.edit(table.map.model_copy(update={"zones": zones}))
    phone.wait_for_function(f"Number(document.getElementById('map').dataset.version) > {before}", timeout=WAIT_MS)
    assert not has_colour(_picture(phone), SECRET)


def test_a_players_page_shows_their_own_sheet_and_follows_it(table, phone):
    link = table.server.player_url("gatto")
    table.feed.draw()
    phone.goto(link)
    phone.wait_for_selector("#sheet h1", timeout=WAIT_MS)
    assert phone.inner_text("#sheet h1") == "Gatto"
    assert phone.locator("#sheet .box").count() == 10, "two tracks of five boxes"
    assert phone.locator("#sheet .box.marked").count() == 1
    assert "To act" in phone.inner_text("#sheet")
    tokens = [
        t.model_copy(update={"stress": [t.stress[0].model_copy(update={"marked": [2, 3]}), *t.stress[1:]]})
        if t.id == "gatto"
        else t
        for t in table.map.tokens
    ]
    table.edit(table.map.model_copy(update={"tokens": tokens}))
    phone.wait_for_function("document.querySelectorAll('#sheet .box.marked').length === 2", timeout=WAIT_MS)
    text = phone.inner_text("body")
    assert not any(name in text for name in SECRET_NAMES)


def test_a_hidden_token_handed_to_a_player_shows_no_sheet(table, phone):
    link = table.server.player_url("spy")
    table.feed.draw()
    phone.goto(link)
    phone.wait_for_selector("#sheet p.none", timeout=WAIT_MS)
    assert "not on the players' map" in phone.inner_text("#sheet")
    assert not any(name in phone.inner_text("body") for name in SECRET_NAMES)


def test_the_map_zooms_and_double_tap_fits_it_again(table, phone):
    phone.goto(table.server.url)
    _shown_version(phone)
    phone.wait_for_function("document.getElementById('map').style.transform.includes('scale')", timeout=WAIT_MS)
    fitted = phone.evaluate("document.getElementById('map').getBoundingClientRect().width")
    phone.mouse.move(195, 300)
    phone.mouse.wheel(0, -400)
    phone.wait_for_function(
        f"document.getElementById('map').getBoundingClientRect().width > {fitted} * 1.5", timeout=WAIT_MS
    )
    phone.dblclick("#board")
    phone.wait_for_function(
        f"Math.abs(document.getElementById('map').getBoundingClientRect().width - {fitted}) < 1", timeout=WAIT_MS
    )

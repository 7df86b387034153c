"""A player's page in a real browser (Debian's Chromium at a phone's size) while the GM sends a
scene without their character: the page, left open, turns to the new scene's picture and one
plain line saying the character is not in this scene, with no sheet of anyone else; the page of
a player whose character is there keeps their sheet."""

from __future__ import annotations

import pytest

from tests.ui.conftest import answers, window  # noqa: F401  (the fixtures of a main window)
from tests.ui.test_phones_keep_their_codes_while_the_gm_stages_another_scene import (  # noqa: F401
    ROAD_KELL,
    _hand,
    _sheet,
    phones,
)

pytestmark = pytest.mark.slow
WAIT_MS = 15_000


def _version(page) -> int:
    page.wait_for_selector("#map[data-version]", timeout=WAIT_MS)
    return int(page.get_attribute("#map", "data-version"))


def test_a_page_left_open_says_its_character_is_not_in_the_scene_sent(qtbot, window, phones, phone, tmp_path):  # noqa: F811
    kell, mira = _hand(qtbot, phones, "Kell"), _hand(qtbot, phones, "Mira")
    phone.goto(mira)
    phone.wait_for_selector("#sheet h1", timeout=WAIT_MS)
    assert phone.inner_text("#sheet h1") == "Mira"
    before = _version(phone)
    assert window.scenes.stage("scene-2")
    window.registry["scenes.send"].trigger()
    qtbot.waitUntil(lambda: _sheet(kell).get("colour") == ROAD_KELL, timeout=10000)
    sent = phones.server.version
    phone.wait_for_selector("#sheet p.away", timeout=WAIT_MS)
    phone.wait_for_function(f"Number(document.getElementById('map').dataset.version) >= {sent}", timeout=WAIT_MS)
    assert _version(phone) > before, "the road's picture, not the tavern's"
    assert phone.inner_text("#sheet p.away") == "Mira is not in this scene."
    assert phone.locator("#sheet h1").count() == 0
    text = phone.inner_text("body")
    assert "Kell" not in text and "Raider" not in text, "no one else's sheet"
    assert not phone.is_hidden("#map")
    phone.screenshot(path=str(tmp_path / "mira-not-in-the-scene.png"))
    phones.dialog.grab().save(str(tmp_path / "share-dialog-after-the-send.png"))
    phone.goto(kell)
    phone.wait_for_selector("#sheet h1", timeout=WAIT_MS)
    assert phone.inner_text("#sheet h1") == "Kell"
    phone.screenshot(path=str(tmp_path / "kell-on-the-road.png"))

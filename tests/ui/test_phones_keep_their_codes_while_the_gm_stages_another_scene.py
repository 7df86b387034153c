"""The phones follow the live scene, never the staged one: the GM staging other scenes (and
editing them, a token of the same id removed included) leaves every player's code answering with
the live scene's picture, pixel for pixel, and their sheets. Sending a scene keeps the codes of
one session: each finds its character there (by id and name, or the one token of that name), a
player whose character is not in it gets the table's picture and a line saying so, and their
sheet comes back when a scene with them is sent. Another map takes every code back."""

from __future__ import annotations

import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from tabletop.document.commands import EditObject
from tabletop.document.commands.put import RemoveMany
from tabletop.io import save_map
from tabletop.model import FillStyle, Token, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.samples import warehouse
from tests.sessions import session_on_disk
from tests.share.table import get, messages

KELL, MIRA, ROAD_KELL = "#00aa00", "#0000aa", "#aa6600"
"""Kell's token in the tavern, Mira's, and Kell's own token on the road (prepared apart)."""


def _scene(title: str, fill: str, tokens: list[Token]):
    map_ = warehouse()
    zones = [zone.model_copy(update={"fill": FillStyle(colour=fill)}) for zone in map_.zones]
    return map_.model_copy(update={"title": title, "zones": zones, "tokens": tokens})


def _token(token_id: str, name: str, colour: str, zone: str = "z1") -> Token:
    return Token(id=token_id, name=name, colour=colour, location=ZoneLocation(zone=zone))


def tavern():
    return _scene("Tavern", "#806040", [_token("token-1", "Kell", KELL), _token("token-2", "Mira", MIRA, "z2")])


def road():
    """Prepared apart: token-1 is a raider here, and Kell has an id of his own."""
    return _scene("Road", "#406080", [_token("token-1", "Raider", "#aa0000"), _token("token-7", "Kell", ROAD_KELL)])


def cellar():
    return _scene("Cellar", "#404040", [])


@pytest.fixture
def phones(qtbot, window, tmp_path):
    """The tavern live in a session of three scenes, shared with phones."""
    path = session_on_disk(tmp_path, [("Tavern", tavern()), ("Road", road()), ("Cellar", cellar())], live=0)
    window.later.finish()
    assert window.files.open(path)
    sharing = window.phones
    sharing.show_dialog()
    assert sharing.start("127.0.0.1", 0)
    qtbot.waitUntil(lambda: sharing.server.version > 0, timeout=5000)
    yield sharing
    sharing.stop()
    sharing.dialog.close()


def _rows(phones) -> dict[str, bool]:
    """The dialog's players' list: each row's words, and whether it is ticked."""
    players = phones.dialog.players
    items = [players.topLevelItem(i) for i in range(players.topLevelItemCount())]
    return {item.text(0): item.checkState(0) == Qt.CheckState.Checked for item in items}


def _hand(qtbot, phones, name: str) -> str:
    """Tick the token of that name in the dialog: its player's link, once their sheet is out."""
    players = phones.dialog.players
    item = next(
        players.topLevelItem(i) for i in range(players.topLevelItemCount()) if players.topLevelItem(i).text(0) == name
    )
    item.setCheckState(0, Qt.CheckState.Checked)
    link = phones.server.player_link(item.data(0, Qt.ItemDataRole.UserRole + 1))
    qtbot.waitUntil(lambda: _sheet(link).get("name") == name, timeout=5000)
    return link


def _sheet(link: str) -> dict:
    """The sheet a player's page is sent first, read from a thread of its own: a browser driven
    from this thread (the Chromium test) holds its event loop."""
    with ThreadPoolExecutor(1) as reader:
        return reader.submit(messages, link).result()[0]["sheet"]


def _settled(phones) -> bool:
    """No drawing under way nor waiting for the edits to settle: the last edit's is shown (the
    players' window moving asks drawings of its own, which may come first)."""
    return not phones.feed.busy() and not phones.feed.timer.isActive()


def _picture(page: str) -> QImage:
    with urllib.request.urlopen(page + "picture.png", timeout=20) as answer:
        image = QImage()
        assert image.loadFromData(answer.read(), "PNG")
        return image.convertToFormat(QImage.Format.Format_RGB32)


def _drawn_again(qtbot, phones) -> None:
    """A drawing asked for now and handed to the server: what the phones get is what it shows."""
    version = phones.server.version
    phones.feed.draw()
    qtbot.waitUntil(lambda: phones.server.version > version and _settled(phones), timeout=10000)


def test_staging_and_editing_other_scenes_leaves_every_code_on_the_live_scene(qtbot, window, phones):
    kell, mira = _hand(qtbot, phones, "Kell"), _hand(qtbot, phones, "Mira")
    table = phones.server.url
    live = _picture(table)
    handed = phones.server.handed()
    scenes = window.scenes
    assert scenes.stage("scene-2")
    # the staged road's own token-1 removed: the tavern's token-1 is Kell, and keeps his code
    window.document.undo_stack.push(RemoveMany(window.document, "token", ["token-1"]))
    _drawn_again(qtbot, phones)
    assert phones.server.handed() == handed
    assert _sheet(kell)["name"] == "Kell" and _sheet(kell)["colour"] == KELL
    assert _sheet(mira)["name"] == "Mira"
    assert _picture(table) == live, "the phones still show the tavern, pixel for pixel"
    assert _rows(phones) == {"Kell": True, "Mira": True}, "the dialog lists the scene the players see"
    assert scenes.stage("scene-3")
    _drawn_again(qtbot, phones)
    assert phones.server.handed() == handed and _picture(table) == live
    assert _sheet(kell)["name"] == "Kell" and get(mira)[0] == 200


def test_a_scene_sent_keeps_each_code_with_its_character_or_says_they_are_not_in_it(qtbot, window, phones):
    kell, mira = _hand(qtbot, phones, "Kell"), _hand(qtbot, phones, "Mira")
    table, scenes = phones.server.url, window.scenes
    tavern_picture = _picture(table)
    assert scenes.stage("scene-2")
    window.registry["scenes.send"].trigger()
    qtbot.waitUntil(lambda: _sheet(kell).get("colour") == ROAD_KELL, timeout=10000)
    assert _sheet(kell)["name"] == "Kell", "Kell's phone is on the road's Kell, another id"
    assert _sheet(mira) == {"shown": False, "away": "Mira"}, "Mira is not on the road: her phone says so"
    assert messages(mira)[0]["picture"] and _picture(mira) == _picture(table) != tavern_picture
    assert _rows(phones) == {"Raider": False, "Kell": True, "Mira (not in this scene)": True}
    assert "Mira" in phones.dialog.players_says.text()
    assert scenes.stage("scene-1")
    window.registry["scenes.send"].trigger()
    qtbot.waitUntil(lambda: _sheet(mira).get("name") == "Mira", timeout=10000)
    assert _sheet(kell)["colour"] == KELL and phones.server.handed() == {
        "token-1": kell.rsplit("/", 2)[1],
        "token-2": mira.rsplit("/", 2)[1],
    }, "the same links, back on the tavern's tokens"
    assert _picture(table) == tavern_picture


def test_another_map_takes_the_sessions_codes_back(qtbot, window, phones, tmp_path):
    kell = _hand(qtbot, phones, "Kell")
    plain = tmp_path / "plain.tabletop"
    save_map(road(), plain)
    assert window.files.open(plain)
    qtbot.waitUntil(lambda: phones.server.players() == [], timeout=5000)
    assert get(kell)[0] == 403
    assert "taken back" in phones.dialog.state.text()
    assert _rows(phones) == {"Raider": False, "Kell": False}


def test_a_token_renamed_in_the_live_scene_keeps_its_code(qtbot, window, phones):
    kell = _hand(qtbot, phones, "Kell")
    document = window.document  # the tavern is staged and live: the GM's edits reach the players
    token = document.get(Kind.TOKEN, "token-1")
    document.undo_stack.push(EditObject(document, Kind.TOKEN, token.model_copy(update={"name": "Kell the Bold"})))
    qtbot.waitUntil(lambda: _sheet(kell).get("name") == "Kell the Bold", timeout=5000)
    assert _rows(phones) == {"Kell the Bold": True, "Mira": False}
    assert window.scenes.stage("scene-2")
    window.registry["scenes.send"].trigger()
    qtbot.waitUntil(lambda: "away" in _sheet(kell), timeout=10000)
    assert _sheet(kell) == {"shown": False, "away": "Kell the Bold"}, "the road's Kell is not Kell the Bold"


def test_a_session_closed_takes_the_codes_back_and_the_phones_follow_the_gms_edits(qtbot, window, phones):
    kell = _hand(qtbot, phones, "Kell")
    window.scenes.close_session()  # the GM was on the live scene: the players now see the GM's map
    qtbot.waitUntil(lambda: phones.server.players() == [], timeout=5000)
    assert get(kell)[0] == 403, "a closed session's codes are taken back"
    table = phones.server.url
    before = _picture(table)
    document = window.document
    zone = document.map.zones[0]
    version = phones.server.version
    document.undo_stack.push(
        EditObject(document, Kind.ZONE, zone.model_copy(update={"fill": FillStyle(colour="#ff00ff")}))
    )
    # the picture fetched only once a drawing has landed since the edit: a drawing begun before it may land first
    qtbot.waitUntil(
        lambda: phones.server.version > version and _settled(phones) and _picture(table) != before,
        timeout=10000,
    )

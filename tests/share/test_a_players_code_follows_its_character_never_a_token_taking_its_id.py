"""A player's code opens the sheet of one character: token ids repeat from map to map (token-1
in each) and come back after a delete, so opening another map takes every code back, and a token
removed leaves its player's code waiting (their phone says the character is not in the scene):
the token that takes its id under another name is never shown to it, and the character's sheet
comes back when the token does."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tabletop.document.commands import AddObject
from tabletop.document.commands.put import RemoveMany
from tabletop.model import Map, PolygonShape, Token, Zone, ZoneLocation
from tests.share.table import get, messages
from tests.ui.conftest import answers, window  # noqa: F401  (the fixtures of a main window)


def _map(name: str, colour: str) -> Map:
    room = Zone(id="z1", name="Room", shape=PolygonShape(points=[(0, 0), (300, 0), (300, 200), (0, 200)]))
    token = Token(id="token-1", name=name, colour=colour, location=ZoneLocation(zone="z1"))
    return Map(title=f"{name}'s map", zones=[room], tokens=[token])


@pytest.fixture
def sharing(qtbot, window):  # noqa: F811
    window.document.replace_map(_map("Kell", "#00aa00"), None)
    phones = window.phones
    phones.show_dialog()
    assert phones.start("127.0.0.1", 0)
    qtbot.waitUntil(lambda: phones.server.version > 0, timeout=5000)
    yield phones
    phones.stop()
    phones.dialog.close()


def _hand(qtbot, sharing) -> str:
    """Tick the map's one token in the dialog: its player's link, once its sheet is out."""
    server, players = sharing.server, sharing.dialog.players
    drawn = server.version
    players.topLevelItem(0).setCheckState(0, Qt.CheckState.Checked)
    qtbot.waitUntil(lambda: server.version > drawn, timeout=5000)
    return server.player_url("token-1")


def test_another_map_takes_every_code_back(qtbot, window, sharing):  # noqa: F811
    link = _hand(qtbot, sharing)
    assert messages(link)[0]["sheet"]["name"] == "Kell"
    server = sharing.server
    drawn = server.version
    window.document.replace_map(_map("Raider", "#aa0000"), None)
    qtbot.waitUntil(lambda: server.version > drawn, timeout=5000)
    assert server.handed() == {}
    status, body = get(link)
    assert status == 403 and "Raider" not in body
    assert "taken back" in sharing.dialog.state.text()
    row = sharing.dialog.players.topLevelItem(0)
    assert row.text(0) == "Raider" and row.checkState(0) == Qt.CheckState.Unchecked and row.text(2) == ""
    assert messages(server.url)[0]["picture"], "the table's page goes on"


def test_a_token_removed_leaves_its_code_waiting_never_opening_the_token_that_takes_its_id(
    qtbot,
    window,  # noqa: F811
    sharing,
):
    link = _hand(qtbot, sharing)
    server, document = sharing.server, window.document
    document.undo_stack.push(RemoveMany(document, "token", ["token-1"]))
    assert "token-1" not in server.handed(), "no token of the map holds the code now"
    reused = document.new_id("token", "token")
    assert reused == "token-1", "the next token takes the removed one's id"
    raider = Token(id=reused, name="Raider", colour="#aa0000", location=ZoneLocation(zone="z1"))
    document.undo_stack.push(AddObject(document, "token", raider))
    qtbot.waitUntil(lambda: "away" in messages(link)[0]["sheet"], timeout=5000)
    sheet = messages(link)[0]["sheet"]
    assert sheet == {"shown": False, "away": "Kell"}, "Kell's phone says Kell is not here, and nothing of the Raider"
    row = sharing.dialog.players.topLevelItem(0)
    assert row.text(0) == "Raider" and row.checkState(0) == Qt.CheckState.Unchecked
    waiting = sharing.dialog.players.topLevelItem(1)
    assert waiting.text(0) == "Kell (not in this scene)" and waiting.checkState(0) == Qt.CheckState.Checked
    again = _hand(qtbot, sharing)
    assert again != link and messages(again)[0]["sheet"]["name"] == "Raider"
    document.undo_stack.undo()  # the Raider gone,
    document.undo_stack.undo()  # and Kell back
    qtbot.waitUntil(lambda: messages(link)[0]["sheet"].get("name") == "Kell", timeout=5000)
    assert messages(again)[0]["sheet"] == {"shown": False, "away": "Raider"}
    waiting = next(
        sharing.dialog.players.topLevelItem(i)
        for i in range(sharing.dialog.players.topLevelItemCount())
        if sharing.dialog.players.topLevelItem(i).text(0) == "Raider (not in this scene)"
    )
    waiting.setCheckState(0, Qt.CheckState.Unchecked)  # the GM takes the Raider's code back
    assert get(again)[0] == 403 and get(link)[0] == 200

"""View ▸ Share with Phones…: the dialog starts the players' page on the address chosen (this
computer by default), shows the join link as text and as a QR code with the join code, hands a
token to a player, says who is connected, follows the GM's edits, and stops with Stop or with
the map window."""

from __future__ import annotations

import asyncio
import socket
import threading
import urllib.error
import urllib.request

import aiohttp
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from tabletop.document.commands import EditObject
from tests.share.table import messages, socket_url


def _row(dialog, name: str):
    rows = [dialog.players.topLevelItem(i) for i in range(dialog.players.topLevelItemCount())]
    return next(row for row in rows if row.text(0) == name)


def _open_page(url: str, opened: threading.Event, done: threading.Event) -> threading.Thread:
    async def hold() -> None:
        async with aiohttp.ClientSession() as session, session.ws_connect(socket_url(url)) as ws:
            await ws.receive_str()
            opened.set()
            while not done.is_set():
                await asyncio.sleep(0.02)

    thread = threading.Thread(target=lambda: asyncio.run(hold()), daemon=True)
    thread.start()
    return thread


def test_the_dialog_shares_the_map_hands_a_token_and_stops(qtbot, window, sharing):
    action = window.registry["view.share_phones"]
    assert action in window.menuBar().actions()[2].menu().actions(), "in the View menu"
    action.trigger()
    dialog = sharing.dialog
    assert dialog.isVisible() and dialog.where.currentData() == "127.0.0.1", "this computer only, unless chosen"
    assert sharing.start("127.0.0.1", 0)
    server = sharing.server
    assert dialog.link.text() == server.url and server.url.startswith("http://127.0.0.1:")
    assert dialog.code.text() == server.join_code and dialog.qr.text == server.url and dialog.qr.matrix
    qtbot.waitUntil(lambda: server.version > 0, timeout=5000)  # the first picture, drawn on a worker
    first = messages(server.url)[0]
    assert first["picture"] and "Exchange" in first["banner"]

    drawn = server.version
    _row(dialog, "Gatto").setCheckState(0, Qt.CheckState.Checked)
    assert "gatto" in server.handed()
    qtbot.waitUntil(lambda: server.version > drawn, timeout=5000)
    row = _row(dialog, "Gatto")
    link = row.text(2)
    assert link == server.player_url("gatto") and row.text(1) == server.handed()["gatto"]
    assert messages(link)[0]["sheet"]["name"] == "Gatto"

    opened, done = threading.Event(), threading.Event()
    page = _open_page(server.url, opened, done)
    assert opened.wait(20)
    qtbot.waitUntil(lambda: dialog.connected.text().startswith("1 page open: 127.0.0.1 (the table)"), timeout=5000)
    done.set()
    page.join(20)

    before = messages(link)[0]["version"]
    document = window.document
    token = document.get("token", "gatto")
    document.undo_stack.push(EditObject(document, "token", token.model_copy(update={"name": "Gatto the Bold"})))
    qtbot.waitUntil(lambda: server.version > before, timeout=5000)
    assert messages(link)[0]["sheet"]["name"] == "Gatto the Bold"

    dialog.grab().save(str(window.settings.fileName()).replace("settings.ini", "share.png"))
    dialog.stop_button.click()
    assert sharing.server is None and dialog.link.text() == "" and dialog.start_button.isEnabled()
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(server.url, timeout=5)


def test_the_sharing_stops_with_the_map_window(qtbot, window, sharing):
    assert sharing.start("127.0.0.1", 0)
    url = sharing.server.url
    window.close()
    qtbot.waitUntil(lambda: sharing.server is None, timeout=5000)
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=5)


def test_a_port_taken_is_said_in_the_dialog(qtbot, window, sharing):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        sharing.show_dialog()
        assert not sharing.start("127.0.0.1", port)
    said = sharing.dialog.state.text()
    assert said.startswith("Could not listen on 127.0.0.1 port") and str(port) in said
    assert sharing.server is None and sharing.dialog.start_button.isEnabled()
    sharing.dialog.close()


def test_the_phones_go_dark_with_the_players_blackout(qtbot, window, sharing):
    assert sharing.start("127.0.0.1", 0)
    server = sharing.server
    qtbot.waitUntil(lambda: server.version > 0, timeout=5000)
    before = messages(server.url)[0]
    assert before["banner"]
    window.players.blackout_action.setChecked(True)
    qtbot.waitUntil(lambda: server.version > before["version"], timeout=5000)
    dark = messages(server.url)[0]
    assert dark["banner"] == ""
    with urllib.request.urlopen(server.url + "picture.png", timeout=5) as response:
        picture = QImage.fromData(response.read(), "PNG")
    assert {
        picture.pixelColor(x, y).name() for x in range(0, picture.width(), 7) for y in range(0, picture.height(), 7)
    } == {"#000000"}
    window.players.blackout_action.setChecked(False)
    qtbot.waitUntil(lambda: server.version > dark["version"], timeout=5000)
    assert messages(server.url)[0]["banner"] == before["banner"]

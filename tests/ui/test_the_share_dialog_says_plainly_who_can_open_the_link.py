"""The Share with Phones dialog speaks plainly: listening on this computer only, it says no
phone can open the link and offers the table's network; it tells a player without a camera
where to type the join code; the port box is labelled; only tokens the players can see are
offered to hand out; and a token handed shows its player's own QR code with its caption."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from tabletop.io import save_map
from tests.share.table import SECRET_NAMES, secrets_at_the_table


@pytest.fixture
def sharing(qtbot, window, tmp_path):
    path = tmp_path / "secrets.tabletop"
    save_map(secrets_at_the_table(), path)
    window.files.open(path)
    phones = window.phones
    yield phones
    phones.stop()


def _names(dialog) -> list[str]:
    return [dialog.players.topLevelItem(i).text(0) for i in range(dialog.players.topLevelItemCount())]


def test_this_computer_only_says_no_phone_can_open_it(qtbot, window, sharing, tmp_path):
    dialog = sharing.show_dialog()
    assert dialog.where.currentData() == "127.0.0.1"
    assert "lets no phone in" in dialog.state.text() and "table's" in dialog.state.text()
    labels = dialog.findChildren(QLabel)
    assert any(label.buddy() is dialog.port and label.text().replace("&", "") == "Port:" for label in labels)
    assert sharing.start("127.0.0.1", 0)
    qtbot.waitUntil(lambda: sharing.server.version > 0, timeout=5000)  # the first picture, drawn on a worker
    said = dialog.state.text()
    assert "no phone can open this link" in said and "scan" not in said
    assert dialog.code_says.text() == "", "no phone is sent to this computer's own address"
    dialog.resize(860, 540)
    dialog.grab().save(str(tmp_path / "share-dialog-this-computer.png"))


def test_only_tokens_the_players_see_are_handed_and_a_handed_one_shows_its_own_qr(qtbot, window, sharing, tmp_path):
    dialog = sharing.show_dialog()
    assert sharing.start("127.0.0.1", 0)
    server = sharing.server
    qtbot.waitUntil(lambda: server.version > 0, timeout=5000)  # the first picture, drawn on a worker
    names = _names(dialog)
    assert names and not set(SECRET_NAMES) & set(names), "the hidden spy is no player's"
    assert dialog.qr.text == sharing.server.url and dialog.qr_says.text() == "The table's map (any player)"
    row = dialog.players.topLevelItem(0)
    name = row.text(0)
    row.setCheckState(0, Qt.CheckState.Checked)
    token = next(iter(sharing.server.handed()))
    assert dialog.qr.text == sharing.server.player_url(token), "the handed token's own QR code at once"
    assert dialog.qr_says.text().startswith(f"{name}'s own sheet")
    qtbot.waitUntil(lambda: server.version > 1, timeout=5000)  # the new player's sheet drawn
    sharing._fill()  # the dialog's list is laid again on every edit: the choice stays
    assert dialog.qr.text == sharing.server.player_url(token) and dialog.qr_says.text().startswith(name)
    dialog.resize(860, 540)
    dialog.grab().save(str(tmp_path / "share-dialog-handed.png"))


def test_on_the_tables_network_a_player_without_a_camera_is_told_where_to_type_the_code(qtbot, window, sharing):
    dialog = sharing.show_dialog()
    sharing.start("0.0.0.0", 0)  # every address: the link names one on a network where there is one
    qtbot.waitUntil(lambda: sharing.server.version > 0, timeout=5000)  # the first picture, drawn on a worker
    if sharing.server.link_host == "127.0.0.1":
        pytest.skip("this computer is on no network")
    root = sharing.server.url.split("/t/", 1)[0] + "/"
    assert dialog.code_says.text() == f"No camera? Open {root} on the phone and type the join code."
    assert "scan the code" in dialog.state.text()

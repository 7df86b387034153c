"""The phones' table view is what the players' window shows: a push of the GM's view reaches
the phones as an edit does, cut to the rectangle that window shows and turned as it is turned,
and nothing hidden inside that rectangle is in the phone's picture."""

from __future__ import annotations

import os
import urllib.request

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage

from tabletop.serve.framing import TABLE, WHOLE, Asked
from tests.render.test_export_options import has_colour

WIDE = 512
"""The page's CSS width asked: at a device pixel ratio of 1 the picture is twice that."""
LOOK = os.environ.get("TABLETOP_LOOK", "")
"""A folder to save what the phone and the players' window show, to look at."""


def _picture(server, view: str, turn: int = 0) -> QImage:
    url = f"{server.url}picture.png?v={server.version}&view={view}&w={WIDE}&h=800&dpr=1&turn={turn}"
    with urllib.request.urlopen(url, timeout=20) as answer:
        image = QImage()
        assert image.loadFromData(answer.read(), "PNG")
    return image.convertToFormat(QImage.Format.Format_RGB32)


def _painted(qtbot, server, view: str, turned: bool = False) -> QImage:
    """The picture a page asks for once it is painted at that size: asked once, then waited on."""
    asked = Asked(view, 2 * WIDE, turned)
    _picture(server, view, int(turned))
    qtbot.waitUntil(lambda: asked in server.painted(), timeout=10_000)
    return _picture(server, view, int(turned))


def _small(image: QImage, width: int = 64) -> np.ndarray:
    """The picture at a few dozen pixels across, as floats: what it shows, not how it is drawn."""
    small = image.scaled(
        width,
        round(width * image.height() / image.width()),
        Qt.AspectRatioMode.IgnoreAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    ).convertToFormat(QImage.Format.Format_RGB888)
    data = np.frombuffer(small.constBits(), np.uint8).reshape(small.height(), small.bytesPerLine())
    return data[:, : small.width() * 3].reshape(small.height(), small.width(), 3).astype(float)


@pytest.fixture
def shared(qtbot, window, sharing):
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: player.built)
    assert sharing.start("127.0.0.1", 0)
    qtbot.waitUntil(lambda: sharing.server.version > 0, timeout=10_000)
    yield sharing.server, player
    window.players.set_open(False)


def test_a_pushed_view_reaches_the_phones_table_view_as_the_players_window_shows_it(qtbot, window, sharing, shared):
    server, player = shared
    whole = _painted(qtbot, server, WHOLE)
    before = _painted(qtbot, server, TABLE)
    window.view.zoom(3.0)
    window.view.centerOn(QPointF(250, 120))
    drawn = server.version
    window.players.push_action.trigger()
    qtbot.waitUntil(lambda: server.version > drawn and Asked(TABLE, 2 * WIDE) in server.painted(), timeout=10_000)
    shown = player.view.visible_rect()
    region = sharing.table_view.framing().region
    assert region == (shown.x(), shown.y(), shown.width(), shown.height()), "the rectangle the window shows"
    after = _picture(server, TABLE)
    grab = player.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    if LOOK:
        for name, image in (("whole", whole), ("before", before), ("after", after), ("window", grab)):
            image.save(os.path.join(LOOK, f"table_view_{name}.png"))
    assert after.width() == 2 * WIDE
    assert after.height() == pytest.approx(after.width() * grab.height() / grab.width(), abs=1.5), "its shape"
    # Painted by the export, not the window's scene: edges and letters differ by a pixel or two,
    # so both are compared at a few dozen pixels across, where what is where shows. The same
    # rectangle differs there by well under one level of 255 on average; the view before the
    # push by some twenty-five: 3 tells them apart with room for either painting's antialiasing.
    difference = np.abs(_small(after) - _small(grab)).mean()
    assert difference < 3, f"the phone shows what the window shows (mean difference {difference:.1f})"
    assert np.abs(_small(before) - _small(grab)).mean() > 2 * difference, "and not what it showed before"
    assert not np.array_equal(_small(whole), _small(after))


def test_a_turned_players_window_turns_the_phones_table_view(qtbot, window, sharing, shared):
    server, player = shared
    upright = _painted(qtbot, server, TABLE)
    drawn = server.version
    window.players.rotate()
    qtbot.waitUntil(lambda: server.version > drawn and Asked(TABLE, 2 * WIDE) in server.painted(), timeout=10_000)
    turned = _picture(server, TABLE)
    grab = player.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    if LOOK:
        turned.save(os.path.join(LOOK, "table_view_turned.png"))
        grab.save(os.path.join(LOOK, "table_view_turned_window.png"))
    assert sharing.table_view.framing().rotation == 90
    assert turned.height() == pytest.approx(turned.width() * grab.height() / grab.width(), abs=1.5)
    assert np.abs(_small(turned) - _small(grab)).mean() < 3, "turned as the players' window is turned"
    assert np.abs(_small(turned) - _small(upright.scaled(turned.size()))).mean() > 12


def test_a_hidden_token_inside_the_pushed_view_never_reaches_the_phones(qtbot, window, sharing, shared):
    from tabletop.document.commands import EditObject

    server, _ = shared
    secret = "#ff00ff"
    document = window.document
    window.view.zoom(3.0)
    window.view.centerOn(QPointF(250, 120))
    window.players.push_action.trigger()
    _painted(qtbot, server, TABLE)  # a phone asks for the table view

    def coloured(hidden: bool) -> QImage:
        drawn = server.version
        token = document.get("token", "gatto").model_copy(update={"colour": secret, "hidden": hidden})
        document.undo_stack.push(EditObject(document, "token", token))
        qtbot.waitUntil(lambda: server.version > drawn and Asked(TABLE, 2 * WIDE) in server.painted(), timeout=10_000)
        return _picture(server, TABLE)

    assert has_colour(coloured(hidden=False), secret), "the token stands in the pushed view"
    assert not has_colour(coloured(hidden=True), secret), "hidden, it is not in the phone's picture"
    assert not has_colour(_picture(server, WHOLE), secret)

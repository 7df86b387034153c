"""While the phones' picture cannot be drawn the Share dialog keeps saying so, whatever else it
refreshes, until a drawing succeeds; stopping waits (bounded) for a drawing under way, so no
worker outlives the sharing; the computer's addresses are asked when the dialog opens, not at
each refresh of what it says."""

from __future__ import annotations

import threading

from tabletop.serve import feed as feeds
from tabletop.ui.dialogs import share_phones
from tests.share.table import WAIT


def test_a_drawing_failure_stays_said_until_the_map_is_drawn_again(qtbot, window, sharing, monkeypatch, tmp_path):
    dialog = sharing.show_dialog()
    assert sharing.start("127.0.0.1", 0)
    qtbot.waitUntil(lambda: sharing.server.version > 0, timeout=5000)
    drawable = feeds.players_png

    def broken(*_args, **_kwargs):
        raise OSError("the background picture could not be read")

    monkeypatch.setattr(feeds, "players_png", broken)
    sharing.feed.draw()
    qtbot.waitUntil(lambda: "could not be drawn" in dialog.state.text(), timeout=5000)
    sharing._fill()  # a token ticked, a page opened: the dialog says it all again
    said = dialog.state.text()
    assert said.startswith("The map could not be drawn: the background picture could not be read.")
    assert "no phone can open this link" in said, "where it listens is still said below"
    dialog.resize(860, 540)
    dialog.grab().save(str(tmp_path / "share-dialog-not-drawn.png"))
    monkeypatch.setattr(feeds, "players_png", drawable)
    sharing.feed.draw()
    qtbot.waitUntil(lambda: "could not be drawn" not in dialog.state.text(), timeout=5000)
    assert "no phone can open this link" in dialog.state.text()


def test_stopping_waits_for_the_drawing_under_way(qtbot, window, sharing, monkeypatch):
    painting, release = threading.Event(), threading.Event()
    drawable = feeds.players_png

    def slow(*args, **kwargs):
        painting.set()
        assert release.wait(WAIT)
        return drawable(*args, **kwargs)

    monkeypatch.setattr(feeds, "players_png", slow)
    assert sharing.start("127.0.0.1", 0)
    assert painting.wait(WAIT)
    feed = sharing.feed
    close = feed.close

    def close_then_let_the_drawing_end() -> None:
        close()
        release.set()  # the worker is still drawing as stop() goes on to wait for it

    monkeypatch.setattr(feed, "close", close_then_let_the_drawing_end)
    sharing.stop()
    assert not feed.busy(), "stop returned only once the worker was done"


def test_stopping_gives_up_on_a_drawing_that_never_ends(qtbot, window, sharing, monkeypatch):
    painting, release = threading.Event(), threading.Event()

    def stuck(*_args, **_kwargs):
        painting.set()
        assert release.wait(WAIT)
        return b"\x89PNG"

    monkeypatch.setattr(feeds, "players_png", stuck)
    monkeypatch.setattr(share_phones, "STOP_WAIT", 0.05)
    assert sharing.start("127.0.0.1", 0)
    assert painting.wait(WAIT)
    feed = sharing.feed
    sharing.stop()
    assert sharing.feed is None and sharing.server is None and feed.busy(), "not waited on past the bound"
    release.set()


def test_the_addresses_are_asked_when_the_dialog_opens_not_at_each_refresh(qtbot, window, sharing, monkeypatch):
    asked = []
    real = share_phones.table_addresses

    def counted():
        asked.append(1)
        return real()

    monkeypatch.setattr(share_phones, "table_addresses", counted)
    dialog = sharing.show_dialog()
    opened = len(asked)
    assert opened == 1
    for _ in range(5):
        sharing._fill()
    assert len(asked) == opened
    dialog.hide()
    sharing.show_dialog()  # opened again: a network joined since is offered
    assert len(asked) == opened + 1 and dialog.where.currentData() == "127.0.0.1"

"""The phones' picture is painted on a worker thread, never on the window's: the window goes on
while a big map is drawn. One drawing at a time; edits made meanwhile wait as one wish, and the
newest wins: the phones get the map as it is, with the banner and sheets of that same map."""

from __future__ import annotations

import threading
import urllib.request

import shiboken6

from tabletop.play_samples import warehouse_conflict
from tabletop.rules.visibility import LIVE, InSight, SightFog
from tabletop.serve import feed as feeds
from tabletop.serve.feed import PhoneFeed
from tabletop.serve.picture import black_png
from tests.share.table import WAIT, messages, serving, wait_until


def test_one_drawing_at_a_time_off_the_window_thread_and_the_newest_edit_wins(qapp, monkeypatch):
    painting, release = threading.Event(), threading.Event()
    painted: list[tuple[str, str]] = []
    at_once, most = [0], [0]
    lock = threading.Lock()

    def slow_png(map_, folder=None, fog=LIVE):
        with lock:
            at_once[0] += 1
            most[0] = max(most[0], at_once[0])
        painted.append((map_.title, threading.current_thread().name))
        painting.set()
        assert release.wait(WAIT), "the test lets the drawing end"
        with lock:
            at_once[0] -= 1
        return b"\x89PNG " + map_.title.encode()

    monkeypatch.setattr(feeds, "players_png", slow_png)
    base = warehouse_conflict()
    shown = {"map": base.model_copy(update={"title": "first"})}
    with serving() as server:
        feed = PhoneFeed(server, lambda: (shown["map"], None, LIVE))
        feed.draw()
        assert painting.wait(WAIT)
        for title in ("second", "third", "fourth"):  # edits while the first is drawn
            shown["map"] = base.model_copy(update={"title": title})
            feed.draw()
        assert feed.busy() and server.version == 0, "the window's thread went on while the picture is drawn"
        release.set()
        assert feed.settled(WAIT)
        wait_until(lambda: server.version == 2, "both drawings shown")
        assert [title for title, _ in painted] == ["first", "fourth"], "the newest edit wins, the others are dropped"
        assert all(thread != threading.main_thread().name for _, thread in painted)
        assert most[0] == 1, "never two drawings at once"
        assert messages(server.url)[0]["version"] == 2
        feed.close()


def test_fog_by_sight_is_taken_still_for_the_worker(qapp):
    """What the players' tokens see is asked on the window's thread as the drawing is asked for:
    the worker never asks the window's document."""
    asked: list[str] = []

    def in_sight() -> InSight:
        asked.append(threading.current_thread().name)
        return InSight(frozenset({"z1"}))

    still = feeds.still(SightFog(LIVE, in_sight))
    assert asked == [threading.main_thread().name]
    assert still.in_sight() == InSight(frozenset({"z1"})) and len(asked) == 1


def _picture(server) -> bytes:
    with urllib.request.urlopen(server.url + "picture.png", timeout=WAIT) as answer:
        return answer.read()


def test_a_picture_that_cannot_be_drawn_goes_black_with_a_line_and_says_why_in_one_line(qtbot, monkeypatch):
    """Never the last picture under the new banner and sheets: they would not agree. A black
    picture, a line on the pages, until a drawing succeeds."""
    drawable = feeds.players_png
    with serving() as server:
        feed = PhoneFeed(server, lambda: (warehouse_conflict(), None, LIVE))
        feed.draw()
        assert feed.settled(WAIT)
        first = feed.picture
        assert first.startswith(b"\x89PNG") and _picture(server) == first

        why = "a picture 1,600 pixels wide would be 90,000 pixels tall"

        def too_big(*_args, **_kwargs):
            raise ValueError(why)

        monkeypatch.setattr(feeds, "players_png", too_big)
        with qtbot.waitSignal(feed.failed, timeout=WAIT * 1000) as said:
            feed.draw()
        assert said.args == [f"The map could not be drawn: {why}. The phones show a black picture until it can be."]
        assert feed.settled(WAIT) and feed.failure == said.args[0]
        wait_until(lambda: server.version == 2, "the banner and sheets go out with a black picture")
        assert _picture(server) == black_png() != first
        assert messages(server.url)[0]["notice"] == feeds.NOT_DRAWN

        monkeypatch.setattr(feeds, "players_png", drawable)
        feed.draw()
        assert feed.settled(WAIT)
        wait_until(lambda: server.version == 3, "the map drawn again")
        assert _picture(server) == first and feed.failure == ""
        assert messages(server.url)[0]["notice"] == "", "the line goes once the map is drawn"
        feed.close()


def test_a_feed_deleted_while_it_draws_is_not_left_busy(qtbot, monkeypatch):
    painting, release = threading.Event(), threading.Event()

    def slow_png(*_args, **_kwargs):
        painting.set()
        assert release.wait(WAIT)
        return b"\x89PNG slow"

    monkeypatch.setattr(feeds, "players_png", slow_png)
    with serving() as server:
        feed = PhoneFeed(server, lambda: (warehouse_conflict(), None, LIVE))
        feed.draw()
        assert painting.wait(WAIT)
        shiboken6.delete(feed)  # its Qt side gone: telling it of the drawing fails on the worker
        release.set()
        wait_until(lambda: not feed._painting, "the worker says it is done even with no one to tell")

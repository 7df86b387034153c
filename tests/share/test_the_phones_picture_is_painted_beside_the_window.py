"""The phones' picture is painted on a worker thread, never on the window's: the window goes on
while a big map is drawn. One drawing at a time; edits made meanwhile wait as one wish, and the
newest wins: the phones get the map as it is, with the banner and sheets of that same map."""

from __future__ import annotations

import threading

from tabletop.play_samples import warehouse_conflict
from tabletop.rules.visibility import LIVE, InSight, SightFog
from tabletop.serve import feed as feeds
from tabletop.serve.feed import PhoneFeed
from tests.share.table import WAIT, get, messages, serving, wait_until


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


def test_a_picture_that_cannot_be_drawn_leaves_the_last_one_and_says_why_in_one_line(qtbot, monkeypatch):
    with serving() as server:
        feed = PhoneFeed(server, lambda: (warehouse_conflict(), None, LIVE))
        feed.draw()
        assert feed.settled(WAIT)
        first = feed.picture
        assert first.startswith(b"\x89PNG")

        why = "a picture 1,600 pixels wide would be 90,000 pixels tall"

        def too_big(*_args, **_kwargs):
            raise ValueError(why)

        monkeypatch.setattr(feeds, "players_png", too_big)
        with qtbot.waitSignal(feed.failed, timeout=WAIT * 1000) as said:
            feed.draw()
        assert said.args == [
            "The phones keep the last picture: a picture 1,600 pixels wide would be 90,000 pixels tall"
        ]
        assert feed.settled(WAIT)
        wait_until(lambda: server.version == 2, "the banner and sheets go out with the last picture")
        assert get(server.url + "picture.png") == (200, "image/png") and feed.picture == first
        feed.close()

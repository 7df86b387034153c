"""A picture that cannot be read is said once and its reason kept, asked again by the window's
thread and by the phones' worker at once: one thread dropping the oldest reason between
another's look and read never breaks the other's answer."""

from __future__ import annotations

import threading
from collections import OrderedDict

from tabletop.render import pictures


class _DroppedWhileLooked(OrderedDict):
    """The kept reasons, with another thread's drop of the oldest made to land in the one gap a
    look-then-read leaves: just after a look finds the reason."""

    def __contains__(self, key) -> bool:
        found = super().__contains__(key)
        if found:
            dropping = threading.Thread(target=lambda: self.popitem(last=False))
            dropping.start()
            dropping.join()
        return found


def test_a_reason_dropped_by_another_thread_as_it_is_looked_up_still_answers(tmp_path, qapp, monkeypatch):
    torn = tmp_path / "torn.png"
    torn.write_bytes(b"\x89PNG\r\n\x1a\n\0")  # a PNG's start, nothing after it
    pictures.forget_pictures()
    monkeypatch.setattr(pictures, "_refusals", _DroppedWhileLooked())
    image, first = pictures.picture_at(torn, "The background picture")
    assert image is None and first.startswith(f"The background picture '{torn}'")
    image, again = pictures.picture_at(torn, "The background picture")
    assert image is None and again == first, "said the same, whether the reason was kept or read again"

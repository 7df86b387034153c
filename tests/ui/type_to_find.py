"""Type-to-find in the object lists: letters typed within the keyboard interval make one word,
so a test that starts a new word waits, as a GM pauses, until that interval has passed since
the list's last key."""

from __future__ import annotations

import time

from PySide6.QtWidgets import QApplication


def pause_typing(qtbot, listing) -> None:
    """Until the list would take the next key as a new word: the condition the list itself asks."""
    qtbot.waitUntil(lambda: (time.monotonic() - listing._typed_at) * 1000 > QApplication.keyboardInputInterval())

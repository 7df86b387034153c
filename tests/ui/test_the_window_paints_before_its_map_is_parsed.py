"""`tabletop FILE` shows the window, then parses the file: a big map takes a while before its
first progress call, a blank frame on screen unless the window paints first."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject

from tabletop.io import map_to_text
from tabletop.ui import opening
from tests.maps import zone_map


def _big_map_file(tmp_path: Path, monkeypatch) -> Path:
    """A map read with its progress, as a big one is; the progress dialog not yet up."""
    monkeypatch.setattr(opening, "SHOW_AFTER_MS", 60_000)
    path = tmp_path / "city.tabletop"
    path.write_text(map_to_text(zone_map(60)))
    return path


def test_the_window_is_painted_before_its_map_is_parsed(window, tmp_path, monkeypatch):
    painted, seen = [], []

    class Painted(QObject):
        def eventFilter(self, watched, event):
            painted.extend([True] if event.type() == QEvent.Type.Paint else [])
            return False

    spy = Painted(window)
    window.installEventFilter(spy)
    window.update()  # a paint due, as for a window just shown
    read = opening.load_map_stamped

    def reading(path, tell, *helper):
        seen.append(bool(painted))
        return read(path, tell, *helper)

    monkeypatch.setattr(opening, "load_map_stamped", reading)
    assert window.files.open(_big_map_file(tmp_path, monkeypatch))
    assert seen == [True]

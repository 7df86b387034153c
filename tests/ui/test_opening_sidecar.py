"""Opening a big map in the window: its layout is worked out in a second process while the
file is checked (geometry/sidecar.py), the document's layout is built from what that process
made, and a cancelled open leaves no such process behind."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from tabletop.geometry import sidecar
from tabletop.geometry.layout import MapLayout
from tabletop.io import map_to_text
from tabletop.samples import warehouse
from tabletop.ui import files, opening
from tests.maps import zone_map

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the second process is Linux's")


@pytest.fixture
def helpers(tmp_path, monkeypatch) -> list[sidecar.Sidecar]:
    """Every read taken as a big one, with a core to spare; each open's helper, as made."""
    from tabletop.io import bulk_read

    monkeypatch.setattr(bulk_read, "BIG_FILE", 0)
    monkeypatch.setattr(bulk_read, "CHUNK", 10)
    monkeypatch.setattr(opening, "SHOW_AFTER_MS", 0)
    monkeypatch.setattr(sidecar, "cores_free", lambda: 2)
    monkeypatch.setattr(sidecar, "FROM_BYTES", 0)
    monkeypatch.setattr(sidecar, "MIN_WAIT", 30.0)  # however busy the machine, the child is waited for
    monkeypatch.setattr(sidecar, "IDLE_TO_FORK", 0.0)  # and forked
    made = []

    class Recorded(sidecar.Sidecar):
        def __init__(self) -> None:
            super().__init__()
            made.append(self)

        def finish(self, map_) -> None:
            self.handed = self._arrays if map_ is not None else None
            super().finish(map_)

    monkeypatch.setattr(files, "Sidecar", Recorded)
    return made


@pytest.fixture
def hill(tmp_path) -> Path:
    path = tmp_path / "hill.tabletop"
    path.write_text(map_to_text(zone_map(200)))
    return path


def _gone(pid: int | None) -> bool:
    """Whether the process has ended and been reaped by the window (a zombie keeps its /proc
    entry; this asks without reaping it)."""
    assert pid is not None, "no second process was started"
    return not Path(f"/proc/{pid}").exists()


def test_the_opened_maps_layout_is_built_from_the_second_process_arrays(window, hill, helpers):
    assert window.files.open(hill)
    (helper,) = helpers
    assert _gone(helper.child)
    document = window.document
    assert helper.handed is not None and document.layout._shapes.heads is helper.handed.heads
    own = MapLayout(document.map)
    assert dict(document.layout.lines) == dict(own.lines) and dict(document.layout.boxes) == dict(own.boxes)


def test_a_cancelled_open_leaves_no_second_process(window, hill, helpers, monkeypatch, qtbot):
    """The second process still at work (made slow here) when the GM cancels: it is killed."""
    from tabletop.geometry import bulk

    monkeypatch.setattr(bulk, "arrays_of_json", lambda *args: time.sleep(60))
    window.document.replace_map(warehouse(), None)
    told = opening.Opening.tell
    heard = []

    def tell(self, done, total):
        heard.append(done)
        if len(heard) == 2:
            self.dialog.cancel()
        return told(self, done, total)

    monkeypatch.setattr(opening.Opening, "tell", tell)
    handed = set(sidecar._handed)
    assert not window.files.open(hill)
    assert window.document.map == warehouse()
    (helper,) = helpers
    qtbot.waitUntil(lambda: _gone(helper.child), timeout=5000)  # the reader heard the Cancel and ended it
    assert set(sidecar._handed) <= handed, "nothing handed on"


def test_an_export_paints_the_same_picture_from_the_second_process_arrays(tmp_path, hill, helpers, monkeypatch):
    """`tabletop export` of a big map: the whole picture is painted from the arrays the second
    process made, and it is the picture painted without it, pixel for pixel."""
    from tabletop.cli.app import main

    monkeypatch.setattr(sidecar, "Sidecar", files.Sidecar)  # the recorded one, as the window's
    taken = []
    build = MapLayout._build

    def spied(self, map_, index, ids, rows, arrays):
        build(self, map_, index, ids, rows, arrays)
        taken.append(arrays is not None and self._shapes.heads is arrays.heads)

    monkeypatch.setattr(MapLayout, "_build", spied)
    helped, alone = tmp_path / "helped.png", tmp_path / "alone.png"
    assert main(["export", str(hill), "-o", str(helped), "--width", "800"]) == 0
    assert taken == [True] and len(helpers) == 1
    monkeypatch.setattr(sidecar, "cores_free", lambda: 1)  # no second process
    taken.clear()
    assert main(["export", str(hill), "-o", str(alone), "--width", "800"]) == 0
    assert taken == [False]
    assert helped.read_bytes() == alone.read_bytes()


@pytest.mark.parametrize("asked", [["--player"], ["--scope", "view:0,0,200,200"]])
def test_an_export_of_what_it_shows_starts_no_second_process(tmp_path, hill, helpers, asked, monkeypatch):
    """The players' picture, or a part of the map, is laid out from what it shows: a second
    process's layout of the whole map would be half a gigabyte and a core spent for nothing."""
    from tabletop.cli.app import main

    monkeypatch.setattr(sidecar, "Sidecar", files.Sidecar)  # the recorded one, as the window's
    assert main(["export", str(hill), "-o", str(tmp_path / "part.png"), "--width", "400", *asked]) == 0
    assert (tmp_path / "part.png").stat().st_size > 0
    assert helpers == []
    assert main(["export", str(hill), "-o", str(tmp_path / "whole.png"), "--width", "400"]) == 0
    assert len(helpers) == 1  # the whole GM's picture still takes one


@pytest.mark.parametrize(
    ("out", "asked", "taken"),
    [
        ("whole.svg", [], True),
        ("whole.pdf", ["--width", "1200"], True),
        ("whole.png", ["--width", "4096"], True),
        ("bands.png", ["--width", "4097"], False),
        ("scaled.png", ["--px-per-unit", "0.5"], False),
        ("poster.pdf", ["--poster", "a4", "--width", "400"], False),
    ],
)
def test_an_export_forks_a_second_process_only_when_it_paints_from_its_layout(
    tmp_path, hill, helpers, monkeypatch, out, asked, taken
):
    """A PNG painted in bands (over 4096 px wide) or at a scale, and a poster, are laid out as
    they are painted: the layout a second process works out as the map is read is asked for
    (MapLayout.as_read) only by the whole GM's picture painted at once, and only it forks one."""
    from tabletop.cli.app import main

    monkeypatch.setattr(sidecar, "Sidecar", files.Sidecar)  # the recorded one, as the window's
    read_layouts = []
    as_read = MapLayout.as_read.__func__
    monkeypatch.setattr(MapLayout, "as_read", classmethod(lambda *a, **k: read_layouts.append(1) or as_read(*a, **k)))
    assert main(["export", str(hill), "-o", str(tmp_path / out), *asked]) == 0
    assert (tmp_path / out).stat().st_size > 0
    assert len(helpers) == len(read_layouts) == int(taken)


def test_tabletop_file_starts_the_second_process_before_the_window_and_the_read_takes_it(
    window, hill, helpers, monkeypatch
):
    """`tabletop BIGFILE` reads the file and forks the layout's process before the window is made
    (ui.app.begin_read); the read in the window takes that process and its arrays, not a new one."""
    from tabletop.geometry import bulk
    from tabletop.ui.app import begin_read

    made_here = []
    arrays_of_map = bulk.arrays_of_map
    monkeypatch.setattr(bulk, "arrays_of_map", lambda *args, **kw: made_here.append(1) or arrays_of_map(*args, **kw))
    begun = begin_read(str(hill))
    assert begun is not None
    raw, _, helper = begun
    assert helper.child is not None, "forked before the window's read"
    assert window.files.read_and_show(hill, begun)
    assert helpers == [], "no second helper made by the read"
    assert _gone(helper.child)
    assert made_here == [], "the document's layout took the child's arrays"
    document = window.document
    own = MapLayout(document.map)
    assert made_here == [1]
    assert dict(document.layout.lines) == dict(own.lines) and dict(document.layout.boxes) == dict(own.boxes)
    assert raw == hill.read_bytes()


def test_a_file_that_cannot_be_read_begins_nothing_and_the_window_says_why(window, tmp_path, helpers):
    from tabletop.io import MapFileError
    from tabletop.ui.app import begin_read

    missing = tmp_path / "gone.tabletop"
    assert begin_read(str(missing)) is None
    with pytest.raises(MapFileError, match=r"gone\.tabletop"):
        window.files.read_and_show(missing, None)

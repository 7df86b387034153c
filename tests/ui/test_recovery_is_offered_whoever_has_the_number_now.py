"""A recovery note is offered once its session is gone, whoever has the session's process
number now (after a reboot, any process may): a live session holds a lock the system lets go
of when it ends, and a note without one is its session's only while a process of its number
runs that started before the note was written. Notes are read as carefully as maps: a broken
one is one line, leaves its files where they are, and never keeps the others from being offered."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from tabletop.io import save_map
from tabletop.samples import hillside, warehouse
from tabletop.ui import recovery
from tabletop.ui.recovery import pending

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process start times from /proc")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    made = tmp_path / "recovery"
    made.mkdir()
    return made


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def _left(folder, key, note, map_=None):
    """What a session that ended left: its map and its note (a dict, or the note's bytes)."""
    save_map(map_ or warehouse(), folder / f"{key}.tabletop", backup=False)
    (folder / f"{key}.json").write_bytes(note if isinstance(note, bytes) else json.dumps(note).encode())


@pytest.fixture
def stranger():
    """A live process that is no Tabletop, started now: one that got a dead session's number."""
    with subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE) as child:
        yield child.pid
        child.kill()


HOLD = "import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT); fcntl.flock(fd, fcntl.LOCK_EX)\n"
HOLD += "print('held', flush=True); sys.stdin.read()"


@pytest.fixture
def holder():
    """Another live session holding a lock, until the test kills it."""
    started = []

    def hold(lock: Path) -> subprocess.Popen:
        child = subprocess.Popen(
            [sys.executable, "-c", HOLD, str(lock)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        started.append(child)
        assert child.stdout.readline() == "held\n"
        return child

    yield hold
    for child in started:
        with child:  # its pipes closed, it waited for
            child.kill()


def test_a_note_whose_number_a_later_process_has_is_offered(folder, stranger):
    _left(folder, "crashed", {"source": "/maps/w.tabletop", "saved": time.time() - 3600, "pid": stranger})
    [found] = pending()
    assert (found.source, found.map) == (Path("/maps/w.tabletop"), warehouse())


def test_a_note_whose_sessions_lock_is_free_is_offered_whatever_process_has_its_number(folder, stranger):
    _left(folder, "crashed", {"source": "", "saved": time.time(), "pid": stranger})
    (folder / "crashed.lock").touch()  # the dead session's lock, let go of as it died
    assert [found.map_file.name for found in pending()] == ["crashed.tabletop"]


def test_a_note_without_a_lock_whose_process_started_before_it_is_its_sessions(folder, stranger):
    """An older Tabletop, still running: its note is not offered to another start."""
    _left(folder, "running", {"source": "", "saved": time.time(), "pid": stranger})
    assert pending() == []


def test_a_note_whose_lock_a_live_session_holds_is_not_offered_until_that_session_ends(folder, holder):
    _left(folder, "live", {"source": "", "saved": time.time(), "pid": _dead_pid()})
    session = holder(folder / "live.lock")
    assert pending() == [], "a live session's map, whatever number its note says"
    session.kill()
    session.wait()
    assert [found.map_file.name for found in pending()] == ["live.tabletop"]


def test_this_windows_autosave_is_not_offered_to_another_start_and_its_lock_goes_with_it(window, maps_dir):
    assert window.files.open(maps_dir / "warehouse.tabletop")
    zone = window.document.get("zone", "z2").model_copy(update={"name": "Loading bay"})
    from tabletop.document.commands import EditObject

    window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))
    assert window.autosaver.tick()
    folder = window.autosaver.map_file.parent
    another_start = "from tabletop.ui.recovery import pending; print(len(pending()))"
    done = subprocess.run([sys.executable, "-c", another_start], capture_output=True, text=True, check=True)
    assert done.stdout == "0\n"
    assert sorted(p.suffix for p in folder.iterdir()) == [".json", ".lock", ".tabletop"]
    window.autosaver.discard()
    assert list(folder.iterdir()) == []


def test_a_recovered_map_another_start_took_first_is_autosaved_under_a_key_of_its_own(window, folder, holder):
    _left(folder, "crashed", {"source": "", "saved": 1.0, "pid": _dead_pid()}, hillside())
    [found] = pending()
    holder(folder / "crashed.lock")  # another start, asked at the same time, said yes first
    window.document.replace_map(found.map, None)
    window.document.undo_stack.resetClean()
    window.autosaver.adopt(found)
    assert window.autosaver.key != "crashed"
    assert window.autosaver.tick()
    assert window.autosaver.map_file.exists() and found.map_file.exists(), "both copies kept"


def test_broken_notes_are_one_line_each_and_never_keep_the_others_back(folder):
    dead = _dead_pid()
    _left(folder, "good", {"source": "/maps/w.tabletop", "saved": 2.0, "pid": dead})
    broken = {
        "cut": b'{"source": "", "saved": 1.0, "pi',
        "twice": b'{"source": "", "saved": 1.0, "pid": 5, "pid": 6}',
        "unknown": {"source": "", "saved": 1.0, "pid": dead, "colour": "red"},
        "pid-text": {"source": "", "saved": 1.0, "pid": "12"},
        "long": b'{"source": "", "saved": 1.0, "pid": 1' + b"0" * 5000 + b"}",
        "huge": b"{" + b" " * recovery.NOTE_BYTES + b"}",
        "stamp": {"source": "", "saved": 1.0, "pid": dead, "stamp": {"device": "x"}},
        "list": b"[]",
        "line\nbreak": {"source": 5, "saved": 1.0, "pid": dead},
    }
    for key, note in broken.items():
        _left(folder, key, note)
    save_map(warehouse(), folder / "pipe.tabletop", backup=False)
    os.mkfifo(folder / "pipe.json")
    _left(folder, "bad-map", {"source": "", "saved": 1.0, "pid": dead})
    (folder / "bad-map.tabletop").write_text("{ not a map")
    before = sorted(p.name for p in folder.iterdir())
    problems = []
    assert [found.map_file.stem for found in pending(problems)] == ["good"]
    assert len(problems) == len(broken) + 2
    for key in [*broken, "pipe"]:
        shown = key.replace("\n", "\\n")  # as one line shows a line break
        [line] = [p for p in problems if p.startswith(f"{folder / shown}.json: ")]
        assert line.endswith(f"its map, {shown}.tabletop, is left beside it")
    assert any(p.startswith(f"{folder / 'bad-map.tabletop'}: is not valid JSON") for p in problems)
    assert all(p.isprintable() for p in problems)
    assert sorted(p.name for p in folder.iterdir()) == before, "nothing is removed"


def test_a_note_whose_map_is_gone_is_removed(folder):
    _left(folder, "gone", {"source": "", "saved": 1.0, "pid": _dead_pid()})
    (folder / "gone.tabletop").unlink()
    problems = []
    assert pending(problems) == [] and problems == []
    assert list(folder.iterdir()) == []


def test_the_window_names_the_notes_it_cannot_read_then_offers_the_rest(folder, window, answers):
    dead = _dead_pid()
    _left(folder, "good", {"source": "", "saved": 1.0, "pid": dead})
    _left(folder, "broken", b"[[[")
    answers["question"] = QMessageBox.StandardButton.Yes
    assert window.offer_recovery()
    [told] = [text for text in answers["asked"] if "broken.json" in text]
    assert told.count("\n") == 0 and told.startswith(str(folder / "broken.json"))
    assert any("Recover them?" in text for text in answers["asked"])
    assert (folder / "broken.json").exists(), "left where it is"
    answers["question"] = QMessageBox.StandardButton.Discard  # the recovered map, unsaved, let go at the end

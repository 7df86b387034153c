"""A big map laid out in a second process while it is read: the arrays it hands back are the
layout's, and whenever it cannot help (not Linux, one core, a small file, no fork) or goes
wrong (dies, says nonsense, is late, the read is cancelled) the map is read and laid out
in-process as before, and no child is left running or unreaped."""

from __future__ import annotations

import json
import os
import signal
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings

from tabletop.geometry import bulk, sidecar
from tabletop.geometry.layout import MapLayout
from tabletop.geometry.sidecar import Sidecar, arrays_for
from tabletop.io import ReadCancelled, bulk_read, map_from_bytes, map_to_text, read
from tabletop.io.write import map_to_bytes
from tests.geometry.test_layout_both_ways import _assert_answers_equal, _odd_map
from tests.io.damage import damage, damages, outcome, pairs_tree, tabletop_layout
from tests.maps import zone_map
from tests.strategies import maps

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the second process is Linux's")


@pytest.fixture
def big(monkeypatch):
    """Every file read as a big one is, on a machine with a core to spare."""
    monkeypatch.setattr(bulk_read, "BIG_FILE", 0)
    monkeypatch.setattr(sidecar, "FROM_BYTES", 0)
    monkeypatch.setattr(sidecar, "cores_free", lambda: 2)
    monkeypatch.setattr(sidecar, "MIN_WAIT", 30.0)  # however busy the machine, the child is waited for
    monkeypatch.setattr(sidecar, "CHUNK", 7)  # the child parses the file's lines a few at a time
    monkeypatch.setattr(sidecar, "IDLE_TO_FORK", 0.0)  # however busy the machine, a child is forked


@pytest.fixture(params=["bricks", "odd"])
def raw(request) -> bytes:
    return map_to_bytes(zone_map(300) if request.param == "bricks" else _odd_map())


def _gone(pid: int | None) -> bool:
    """Whether the child has ended and been reaped (a zombie would still be waited for)."""
    assert pid is not None, "no child was started"
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def _handed_for(map_) -> object | None:
    """The arrays handed on for this map, left there."""
    ref, arrays = sidecar._handed.get(id(map_), (lambda: None, None))
    return arrays if ref() is map_ else None


def _assert_laid_out_in_process(raw: bytes, helper: Sidecar, handed: bool = False) -> None:
    """The map read as without help, and laid out from its records: no arrays handed on
    (or, with `handed`, arrays handed on that the layout finds do not fit the map)."""
    map_ = map_from_bytes(raw, helper=helper)
    assert map_ == map_from_bytes(raw)
    given = _handed_for(map_)
    assert (given is not None) == handed
    own, layout = MapLayout(map_), MapLayout.as_read(map_)
    assert given is None or layout._shapes.heads is not given.heads
    assert dict(layout.lines) == dict(own.lines) and dict(layout.boxes) == dict(own.boxes)


def test_a_big_map_is_laid_out_from_the_arrays_the_child_made(big, raw):
    helper = Sidecar()
    map_ = map_from_bytes(raw, helper=helper)
    assert _gone(helper.child)
    assert map_ == map_from_bytes(raw)
    given = arrays_for(map_)
    assert given is not None and arrays_for(map_) is None, "handed on once"
    _assert_answers_equal(map_, given)


def test_the_child_parses_the_zones_and_borders_a_chunk_at_a_time(big, monkeypatch, raw):
    """The child never holds the dicts of the whole file (0.35 GB at 100k zones), only a chunk's
    (here a text of more than a chunk's lines, parsed in the child, makes it fail)."""
    import pydantic_core

    longest = max(map(len, raw.split(b"\n"))) * sidecar.CHUNK + 2

    def a_chunk_at_most(parse):
        def parsing(*args, **kwargs):
            if len(args[-1]) > longest:
                raise MemoryError("more than a chunk parsed at once")
            return parse(*args, **kwargs)

        return parsing

    monkeypatch.setattr(bulk, "parsed", a_chunk_at_most(bulk.parsed))
    monkeypatch.setattr(pydantic_core, "from_json", a_chunk_at_most(pydantic_core.from_json))
    helper = Sidecar()
    map_ = map_from_bytes(raw, helper=helper)
    given = arrays_for(map_)
    assert given is not None and _gone(helper.child)
    _assert_answers_equal(map_, given)


def test_the_document_and_an_export_take_the_childs_arrays(big):
    raw = map_to_bytes(zone_map(300))
    for index in (True, False):
        map_ = map_from_bytes(raw, helper=Sidecar())
        given = _handed_for(map_)
        assert MapLayout.as_read(map_, index=index)._shapes.heads is given.heads


@pytest.mark.parametrize("quick_reader", ["small", "big"])
def test_a_file_under_its_size_forks_nothing(monkeypatch, raw, quick_reader):
    """A file the quick reader reads whole (under BIG_FILE), or one it reads by lines but small
    enough to lay out in a moment (under FROM_BYTES), pays no fork."""
    monkeypatch.setattr(sidecar, "cores_free", lambda: 2)
    if quick_reader == "big":
        monkeypatch.setattr(bulk_read, "BIG_FILE", 0)
    helper = Sidecar()
    assert len(raw) < min(sidecar.FROM_BYTES, 4 * 2**20)
    map_ = map_from_bytes(raw, helper=helper)
    assert helper.child is None and arrays_for(map_) is None


def _machine(monkeypatch, idle_cpus: float | None, watched: float = 1.0) -> None:
    """/proc/stat as read by the child's start: `idle_cpus` idle on average over `watched`
    seconds since the Sidecar was made (None: no /proc/stat)."""
    readings = iter([(100.0, 5000.0), (100.0 + watched, 5000.0 + watched * (idle_cpus or 0))])
    monkeypatch.setattr(sidecar, "_idle_now", lambda: None if idle_cpus is None else next(readings))


@pytest.mark.parametrize(
    ("idle_cpus", "watched", "forked"),
    [(0.2, 0.2, False), (0.49, 1.0, False), (0.6, 0.2, True), (1.0, 0.2, True), (0.0, 0.01, True), (None, 1.0, True)],
    ids=["busy", "just busy", "a core idle", "quiet", "too soon to tell", "no /proc/stat"],
)
def test_a_busy_machine_forks_no_child(big, monkeypatch, raw, idle_cpus, watched, forked):
    """A child at SCHED_IDLE runs only on a core nothing else wants: where the machine had less
    than IDLE_TO_FORK idle CPUs since the read began, it is not forked, and the map is laid out
    here. Where that cannot be told (too soon, not Linux's /proc) it is forked as before."""
    monkeypatch.setattr(sidecar, "IDLE_TO_FORK", 0.5)
    _machine(monkeypatch, idle_cpus, watched)
    helper = Sidecar()
    if forked:
        map_ = map_from_bytes(raw, helper=helper)
        assert _gone(helper.child) and arrays_for(map_) is not None
    else:
        _assert_laid_out_in_process(raw, helper)
        assert helper.child is None


def test_the_idle_cpus_are_read_from_proc_stat():
    first = sidecar._idle_now()
    assert first is not None
    ticks = 2 / os.sysconf("SC_CLK_TCK")  # /proc/stat counts in the kernel's ticks
    second = sidecar._idle_now()
    while second is not None and second[0] - first[0] < ticks:  # readings spanning two of them
        time.sleep(0.001)
        second = sidecar._idle_now()
    assert second is not None
    assert second[0] > first[0] and 0 <= second[1] - first[1] <= (second[0] - first[0] + 0.02) * os.cpu_count()


@pytest.mark.parametrize("first_line", [b"cpu  10 0 5\n", b"", b"intr 5 6 7 8 9\n"])
def test_a_proc_stat_without_an_idle_count_tells_nothing(monkeypatch, tmp_path, first_line):
    """A /proc/stat whose first line has no idle count (a container's stand-in, say) is no
    reading: a machine would look busy for ever, and no child ever forked."""
    import builtins

    stand_in = tmp_path / "stat"
    stand_in.write_bytes(first_line + b"cpu0 1 2 3 4 5\n")
    real_open = builtins.open
    monkeypatch.setattr(
        builtins, "open", lambda path, *a, **k: real_open(stand_in if path == "/proc/stat" else path, *a, **k)
    )
    assert sidecar._idle_now() is None


def test_a_file_not_written_a_zone_a_line_forks_nothing(big, raw):
    """The child parses the zones' and borders' lines a chunk at a time: a file indented by hand
    (read whole by the reader too) gets no child, and is laid out here as before."""
    import json

    indented = json.dumps(json.loads(raw), indent=2).encode()
    helper = Sidecar()
    _assert_laid_out_in_process(indented, helper)
    assert helper.child is None


@pytest.mark.parametrize("where", ["windows", "one core", "no fork", "no memory file", "no prctl"])
def test_no_child_where_it_cannot_help(big, monkeypatch, raw, where):
    if where == "windows":
        monkeypatch.setattr(sys, "platform", "win32")
    elif where == "one core":
        monkeypatch.setattr(sidecar, "cores_free", lambda: 1)
    elif where == "no fork":
        monkeypatch.setattr(os, "fork", lambda: (_ for _ in ()).throw(OSError(11, "Resource temporarily unavailable")))
    elif where == "no memory file":
        monkeypatch.delattr(os, "memfd_create")
    else:
        import ctypes

        monkeypatch.setattr(ctypes, "CDLL", lambda *args, **kwargs: (_ for _ in ()).throw(OSError("no libc")))
    helper = Sidecar()
    _assert_laid_out_in_process(raw, helper)
    assert helper.child is None


def _dies(*args):
    os.kill(os.getpid(), signal.SIGKILL)


def _raises(*args):
    raise KeyError("zone")


def _outside(arrays, memory):
    said = FAULTS_WRITTEN(arrays, memory)
    said["arrays"]["heads"][2] = 1 << 40
    return said


def _rest_of_memory(arrays, memory):
    said = FAULTS_WRITTEN(arrays, memory)
    said["arrays"]["starts"][1] = [-1]  # to numpy: every number from there to the memory file's end
    return said


def _objects(arrays, memory):
    said = FAULTS_WRITTEN(arrays, memory)
    said["arrays"]["pieces"][0] = "|O"
    return said


def _other_ids(arrays, memory):
    said = FAULTS_WRITTEN(arrays, memory)
    said["digests"] = ["0" * 32, said["digests"][1]]
    return said


def _nonsense(arrays, memory):
    return {"arrays": "the moon"}


FAULTS_WRITTEN = sidecar._written


@pytest.mark.parametrize(
    ("name", "fault"),
    [
        ("arrays_of_json", _dies),
        ("arrays_of_json", _raises),
        ("_written", _outside),
        ("_written", _rest_of_memory),
        ("_written", _objects),
        ("_written", _other_ids),
        ("_written", _nonsense),
    ],
    ids=["dies", "raises", "outside its memory", "a length of -1", "objects", "another map's ids", "nonsense"],
)
def test_a_child_that_dies_or_says_nonsense_leaves_the_layout_to_the_reader(big, monkeypatch, raw, name, fault):
    """The faults are put in the child's code before it is forked (it runs a copy of this process)."""
    monkeypatch.setattr(bulk if name == "arrays_of_json" else sidecar, name, fault)
    helper = Sidecar()
    _assert_laid_out_in_process(raw, helper, handed=fault is _other_ids)
    assert _gone(helper.child)


def test_the_child_loads_no_library(big, monkeypatch):
    """What ties the child to the reader is looked up before the fork: a child of a threaded
    program that loads a library may hang on the loader's lock another thread held at the fork
    (here a library loaded in the child makes it fail, and its work go unused)."""
    import ctypes

    reader, load = os.getpid(), ctypes.CDLL

    def loaded_here_only(*args, **kwargs):
        if os.getpid() != reader:
            raise OSError("a library loaded in the child")
        return load(*args, **kwargs)

    monkeypatch.setattr(ctypes, "CDLL", loaded_here_only)
    helper = Sidecar()
    map_ = map_from_bytes(map_to_bytes(zone_map(300)), helper=helper)
    assert arrays_for(map_) is not None and _gone(helper.child)


def test_the_child_is_the_first_to_go_where_memory_runs_out(big, monkeypatch):
    """The kernel ends the child, not the reader, when memory runs out (here a child the kernel
    would not pick first makes no arrays)."""
    lay_out = bulk.arrays_of_json

    def first_to_go(*args):
        with open("/proc/self/oom_score_adj") as score:
            if int(score.read()) != 1000:
                raise MemoryError("the reader would be ended first")
        return lay_out(*args)

    monkeypatch.setattr(bulk, "arrays_of_json", first_to_go)
    helper = Sidecar()
    map_ = map_from_bytes(map_to_bytes(zone_map(300)), helper=helper)
    assert arrays_for(map_) is not None and _gone(helper.child)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(map_=maps(), changes=damages)
def test_a_damaged_map_read_with_a_child_reads_as_the_exact_way(big, map_, changes):
    """Keys left out, written twice, moved, retyped or unknown, anywhere in a file the child
    works on beside the reader: the same map or the same refusal as the exact way."""
    tree = pairs_tree(map_to_text(map_))
    for change in changes:
        damage(tree, *change)
    raw = tabletop_layout(tree).encode()
    helped = outcome(lambda raw, path: map_from_bytes(raw, path, helper=Sidecar()), raw)
    assert helped == outcome(read._map_from_bytes, raw)


def test_a_wrong_key_count_sends_the_file_the_exact_way(big, monkeypatch, raw):
    """The child counts the file's keys for the reader: a count that does not match is no proof
    that no key is written twice, so the exact way reads the file (and finds it good)."""
    monkeypatch.setattr(sidecar, "_child", _lying_child)
    exact = _exact_reads(monkeypatch)
    helper = Sidecar()
    map_ = map_from_bytes(raw, helper=helper)
    assert exact == [1] and map_ == map_from_bytes(raw) and arrays_for(map_) is None
    assert _gone(helper.child)


def _lying_child(raw, count_keys, *rest):
    real = LYING_CHILD
    real(raw, lambda raw: count_keys(raw) + 1, *rest)


LYING_CHILD = sidecar._child


def _exact_reads(monkeypatch) -> list[int]:
    """Each read the exact way, from here on."""
    from tabletop.io import read

    calls = []
    exact = read._map_from_bytes

    def counted(*args):
        calls.append(1)
        return exact(*args)

    monkeypatch.setattr(read, "_map_from_bytes", counted)
    return calls


@pytest.mark.parametrize("late", ["parsing", "laying out"])
def test_a_late_child_is_killed_and_the_reader_does_the_rest(big, monkeypatch, raw, late):
    """A child still parsing when the reader needs it is far behind: killed after a moment; one
    laying out is given its budget. Either way the key count it gave is used."""
    monkeypatch.setattr(bulk, "parsed" if late == "parsing" else "_arrays", lambda *args: time.sleep(60))
    monkeypatch.setattr(sidecar, "MIN_WAIT", 1.0)  # a moment, in which even a busy machine's child counts the keys
    monkeypatch.setattr(sidecar, "WAIT_PER_MB", 0.0)
    counted = []
    count = bulk_read._keys_in_file
    monkeypatch.setattr(bulk_read, "_keys_in_file", lambda raw: counted.append(1) or count(raw))
    helper = Sidecar()
    map_ = map_from_bytes(raw, helper=helper)
    assert counted == [], "the child's count was taken (it counts in its own copy of this process)"
    assert _gone(helper.child) and arrays_for(map_) is None
    assert map_ == map_from_bytes(raw)


def test_a_cancelled_read_leaves_no_child(big, raw):
    handed = dict(sidecar._handed)
    helper = Sidecar()
    with pytest.raises(ReadCancelled):
        map_from_bytes(raw, progress=lambda done, total: done < 1, helper=helper)
    assert _gone(helper.child)
    assert sidecar._handed.keys() <= handed.keys(), "nothing handed on"


def test_a_read_stopped_before_it_begins_forks_nothing(big, raw):
    """The read's progress is asked before the child is forked: a read the GM cancelled, or the
    program was asked to stop (SIGTERM) before it began, starts no second process."""
    heard = []
    helper = Sidecar()
    with pytest.raises(ReadCancelled):
        map_from_bytes(raw, progress=lambda done, total: heard.append(done) or False, helper=helper)
    assert heard == [0] and helper.child is None


def test_a_read_finishing_late_leaves_the_next_reads_arrays(big, raw):
    """Each read hands its arrays on with its own map: a read that ends after the next one
    (cancelled in the window, finishing unheard) cannot take the place of that one's."""
    first, second = Sidecar(), Sidecar()
    opened = map_from_bytes(raw, helper=second)
    late = map_from_bytes(raw, helper=first)  # its hand-off after the map opened meanwhile
    given = arrays_for(opened)
    assert given is not None and arrays_for(late) is not None and arrays_for(opened) is None
    _assert_answers_equal(opened, given)
    assert all(_gone(helper.child) for helper in (first, second))


def test_a_map_gone_takes_its_handed_arrays_with_it(big, raw):
    helper = Sidecar()
    map_ = map_from_bytes(raw, helper=helper)
    key = id(map_)
    assert _handed_for(map_) is not None
    del map_
    assert key not in sidecar._handed


def test_a_child_gone_before_it_counted_leaves_the_count_to_the_reader(big, monkeypatch, raw):
    reader, count = os.getpid(), bulk_read._keys_in_file
    monkeypatch.setattr(bulk_read, "_keys_in_file", lambda raw: count(raw) if os.getpid() == reader else _dies())
    exact = _exact_reads(monkeypatch)
    helper = Sidecar()
    map_ = map_from_bytes(raw, helper=helper)
    assert exact == [] and map_ == map_from_bytes(raw) and arrays_for(map_) is None
    assert _gone(helper.child)


def test_a_file_read_the_exact_way_drops_the_childs_work(big, monkeypatch, raw):
    """A file the quick way cannot vouch for (here a key with white space before its colon,
    which the child finds as it counts) is read the exact way: what the child made of its
    bytes is never used."""
    spaced = raw.replace(b'"title":', b'"title" :', 1)
    assert spaced != raw
    exact = _exact_reads(monkeypatch)
    helper = Sidecar()
    map_ = map_from_bytes(spaced, helper=helper)
    assert exact == [1] and map_ == map_from_bytes(raw)
    assert arrays_for(map_) is None and _gone(helper.child)


CHILD_LEFT_BEHIND = """
import time
from tabletop.geometry import bulk, sidecar
from tabletop.io.write import map_to_bytes
from tests.maps import zone_map

sidecar.cores_free = lambda: 2
sidecar.FROM_BYTES = 0
sidecar.IDLE_TO_FORK = 0.0  # however busy the machine (making the map may take long enough to ask)
bulk.arrays_of_json = lambda *args: time.sleep(60)
helper = sidecar.Sidecar()
assert helper.start(map_to_bytes(zone_map(30)), lambda raw: 0, {})
print(helper.child, flush=True)
time.sleep(60)
"""


def _dead(pid: int) -> bool:
    """Whether a process no longer runs (gone, or a zombie its new parent has yet to reap)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def test_the_child_dies_with_the_reader():
    """A reader killed mid-read (the program killed from outside) takes its child with it. This
    process stands in for init meanwhile, so the orphan comes here and is reaped."""
    import ctypes
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(36, 1)  # PR_SET_CHILD_SUBREAPER
    child = None
    try:
        reader = subprocess.Popen(
            [sys.executable, "-c", CHILD_LEFT_BEHIND], cwd=root, stdout=subprocess.PIPE, text=True
        )
        try:
            child = int(reader.stdout.readline())
            assert not _dead(child)
        finally:
            reader.kill()
            reader.wait()
            reader.stdout.close()
        for _ in range(1000):  # it is killed as the reader ends: waited for, however slow the machine
            if _dead(child):
                break
            time.sleep(0.01)
        assert _dead(child)
    finally:
        libc.prctl(36, 0)
        if child is not None:
            if not _dead(child):
                os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)


def test_a_child_begun_before_the_read_finds_the_lines_itself_and_is_taken_by_the_read(big, raw, capfd):
    """bulk_read.begin forks the child on the bytes before the read (as `tabletop FILE` starts):
    the read takes it (a start on the same bytes answers at once) and its arrays; a start on
    other bytes is refused. A hand-indented file gives the child no lines: the read does it all."""
    helper = Sidecar()
    assert bulk_read.begin(raw, helper)
    child = helper.child
    assert not helper.start(raw + b" ", bulk_read._keys_in_file, lambda name, size: iter(())), "other bytes"
    map_ = map_from_bytes(raw, helper=helper)
    assert helper.child == child and _gone(child)
    assert map_ == map_from_bytes(raw)
    given = arrays_for(map_)
    assert given is not None and given.looks is not None
    _assert_answers_equal(map_, given)
    pretty = json.dumps(json.loads(raw), indent=1).encode()
    helper = Sidecar()
    assert bulk_read.begin(pretty, helper)
    again = map_from_bytes(pretty, helper=helper)
    assert again == map_ and arrays_for(again) is None
    assert capfd.readouterr().err == "", "the child gave up without a word (numpy warned of an empty map)"
    assert _gone(helper.child)


BEGUN_BEFORE_NUMPY = """
import sys
from tabletop.geometry import sidecar
from tabletop.io import bulk_read, map_from_bytes
sidecar.cores_free = lambda: 2
sidecar.FROM_BYTES = 0
sidecar.IDLE_TO_FORK = 0.0
sidecar.MIN_WAIT = 30.0
bulk_read.BIG_FILE = 0
raw = open(sys.argv[1], "rb").read()
helper = sidecar.Sidecar()
assert bulk_read.begin(raw, helper)
print("numpy" in sys.modules, flush=True)  # the child imports it, not this process before its window
map_ = map_from_bytes(raw, helper=helper)
print(sidecar.arrays_for(map_) is not None, flush=True)
"""


def test_a_child_begun_before_the_window_imports_numpy_itself(tmp_path):
    """Begun before Qt starts, this process runs one thread: the child may import the layout's
    code itself, and the window's start does not wait for numpy's import."""
    import subprocess
    from pathlib import Path

    path = tmp_path / "hill.tabletop"
    path.write_bytes(map_to_bytes(zone_map(60)))
    root = Path(__file__).resolve().parents[2]
    said = subprocess.run(
        [sys.executable, "-c", BEGUN_BEFORE_NUMPY, str(path)], cwd=root, capture_output=True, text=True, check=True
    )
    assert said.stdout.split() == ["False", "True"]

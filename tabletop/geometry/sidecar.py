"""A big map's layout worked out in a second process while the reading process checks the file.

Checking a big file's records holds the reader's interpreter for seconds, and threads cannot
share that; the layout's arrays need only the file's numbers.
On Linux, with a core to spare and idle (IDLE_TO_FORK), a child forked once the reader has
found the file's lines (or, for `tabletop FILE`, as the program starts: bulk_read.begin, the
child finding the lines itself) parses the zones' and borders' lines a chunk at a time, keeping
only their numbers, makes the arrays the one way they are made (geometry/bulk.py), with what it
found of the ids (each once, every border's two zones), writes them to a memory file and says
where they lie through a pipe; the reader takes them as it checks its map (they spare it checks
once proven to be this map's) and MapLayout uses them if they fit. Whenever anything goes wrong (no fork,
the child dies, is late, says nonsense) the layout is made in-process as before: the same
picture, only later. The child runs numpy and plain Python only, never Qt; it is always
killed or reaped by the end of the read. Qt-free.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import mmap
import os
import select
import sys
import threading
import time
import warnings
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from tabletop.forking import become_child, ended, fork, idle_only, say, tie_to_parent
from tabletop.model import Map
from tabletop.model.zones import MIN_POLYGON_AREA

FROM_BYTES = 16 * 2**20
"""The smallest file a child is forked for: below it, making the layout here costs about what
a fork and its wait may cost (docs/SPEED.md)."""
MIN_WAIT = 0.05
"""How long the reader waits, once it needs the answer, for a child that has not yet parsed the
file: one that far behind (a machine with no core to spare) is killed, and the work done here."""
WAIT_PER_MB = 0.008
"""How long, per MB of file, it waits for a child that has parsed the file to make the arrays:
a little more than what is left of the child's work, less than making them here."""
PARSED = b"parsed\n"
"""What the child says once it has parsed every zone and border, before its answer."""
IDLE_TO_FORK = 0.5
"""The idle CPUs, on average since the read began (the file read and its lines found), below
which no child is forked: at SCHED_IDLE it would run only on a core nothing else wants. On a
busy machine most children forked after a busy start never finished, and each that did not
cost the reader its fork and the wait for it."""
SURE_AFTER = 0.05
"""Seconds the machine must have been watched for its idle time to tell (ten of the kernel's
10 ms ticks on two CPUs); a read that reaches its fork sooner forks as before."""
CHUNK = 1000
"""Zones or borders the child parses at a time: the dicts of a small part of the file at most
(a whole big file's dicts at once are several times the file), and a chunk this small stays in
cache."""
_handed: dict[int, tuple[weakref.ref[Map], Any]] = {}
"""The arrays of each map read with a child's help, by the map's id(), until laid out (or the
map is gone): each read hands on its own, so one finishing late (cancelled, unheard) cannot
take the place of another's."""
_handing = threading.RLock()  # a map may be freed, and forgotten, on either thread


def arrays_for(map_: Map) -> Any | None:
    """The layout arrays a child made while `map_` was read (geometry.bulk.LayoutArrays), once:
    None for any other map. MapLayout still checks that they fit the map."""
    with _handing:
        handed = _handed.get(id(map_))
        if handed is None or handed[0]() is not map_:
            return None
        del _handed[id(map_)]
    return handed[1]


def _hand_on(map_: Map, arrays: Any) -> None:
    key = id(map_)

    def forget(ref: weakref.ref[Map]) -> None:  # the map is gone: so are its arrays
        with _handing:
            if _handed.get(key, (None,))[0] is ref:
                del _handed[key]

    with _handing:
        _handed[key] = (weakref.ref(map_, forget), arrays)


def _idle_now() -> tuple[float, float] | None:
    """The monotonic clock and the CPU seconds all CPUs have been idle (or waiting for a disk)
    since boot, from /proc/stat; None where there is none (not Linux), or where its first line
    is not the sum over CPUs with an idle count (a machine would look busy for ever)."""
    try:
        with open("/proc/stat", "rb") as stat:
            fields = stat.readline().split()  # cpu user nice system idle iowait ...
        if fields[0] != b"cpu" or len(fields) < 5:
            return None
        return time.monotonic(), sum(map(int, fields[4:6])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def cores_free() -> int:
    """Cores this process may run on: the child helps only beside a core of its own."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class Sidecar:
    """One read's child: `start` forks it, `key_count` waits for its answer (the file's key
    count and the layout's arrays), `vouches` and `maybe_flat` say what the arrays spare the
    reader's checks, `finish` hands the arrays on for the map read, or drops them, and makes
    sure the child is gone. The reader (io/bulk_read.py: bulk_read.Helper) calls them all."""

    def __init__(self) -> None:
        self.pid: int | None = None
        """The child while it runs (None before and after)."""
        self.child: int | None = None
        """The child's process id, kept once it has ended (for the tests: it must be gone)."""
        self._pipe = self._memory = -1
        self._budget = 0.0
        self._keys: int | None = None
        self._keys_given = False
        self._count_keys: Callable[[], int | None] | None = None
        self._arrays: Any | None = None
        self._started_on: bytes | None = None
        """The bytes the child was started on, while it runs."""
        self._since = _idle_now()
        """(seconds, idle CPU seconds) as the read began: see IDLE_TO_FORK."""

    def start(
        self, raw: bytes, count_keys: Callable[[bytes], int | None], texts: Callable[[str, int], Iterator[bytes]]
    ) -> bool:
        """Fork the child for these bytes: the reader's `count_keys` counts the file's keys in
        them, `texts(name, size)` gives the zones' or the borders' items as JSON lists of `size`
        items (made lazily: only the child runs it). False, and nothing started, where it cannot
        help: a file under FROM_BYTES, not Linux, one core, no prctl, no fork. A child started
        on these very bytes already (bulk_read.begin, as the window starts) is taken: True."""
        if self.pid is not None:
            return self._started_on is raw
        if len(raw) < FROM_BYTES or not sys.platform.startswith("linux"):
            return False
        tie = tie_to_parent() if cores_free() >= 2 and not self._busy() else None
        if tie is None:
            return False
        try:
            memory = os.memfd_create("tabletop-layout", os.MFD_CLOEXEC)
        except (AttributeError, OSError):
            return False
        try:
            pipe, told = os.pipe()
        except OSError:
            os.close(memory)
            return False
        if threading.active_count() > 1:  # a threaded program's child may load no library: imported for both
            import tabletop.geometry.bulk  # noqa: F401 - numpy and the layout's code

        parent = os.getpid()
        try:
            pid = fork()
        except OSError:
            for fd in (memory, pipe, told):
                os.close(fd)
            return False
        if pid == 0:  # the child: never returns
            _child(raw, count_keys, texts, told, memory, parent, tie)
        os.close(told)
        self.pid = self.child = pid
        self._pipe, self._memory, self._started_on = pipe, memory, raw
        self._count_keys = functools.partial(count_keys, raw)
        self._budget = max(MIN_WAIT, WAIT_PER_MB * len(raw) / 2**20)
        return True

    def _busy(self) -> bool:
        """Whether the machine has had less than IDLE_TO_FORK idle CPUs since the read began: a
        child would find no core to run on, and only cost the reader its fork and wait."""
        now = _idle_now()
        if self._since is None or now is None or now[0] - self._since[0] < SURE_AFTER:
            return False
        return (now[1] - self._since[1]) / (now[0] - self._since[0]) < IDLE_TO_FORK

    def key_count(self) -> int | None:
        """The file's `":` count (None: a colon with white space before it), as the child made it
        or, when it gave none in time (it is killed then), as `count_keys` makes it here."""
        self._wait()
        if not self._keys_given and self._count_keys is not None:
            self._keys, self._keys_given = self._count_keys(), True
        return self._keys

    def vouches(self, zone_ids: list[str], border_ids: list[str]) -> bool:
        """After key_count: whether the child's arrays were made from these zones and borders, in
        this order (their digests), and found each id once and every border's two zones."""
        return self._arrays is not None and self._arrays.whole and self._arrays.prove(zone_ids, border_ids)

    def maybe_flat(self, zones: int) -> list[int] | None:
        """The rows of the zones whose polygon might enclose too little, by the child's arrays
        once proven to be this map's (`vouches`) for its `zones` zones (the reader checks these
        alone); else None."""
        arrays = self._arrays
        if arrays is None or arrays.proven is None or len(arrays.table.polygon_of) != zones:
            return None
        from tabletop.geometry.columns import maybe_flat

        return maybe_flat(arrays.table, MIN_POLYGON_AREA).tolist()

    def finish(self, map_: Map | None) -> None:
        """The read is over: `map_` the map it gave by the quick way (the child's arrays are kept
        for its layout), or None (cancelled, refused, read the exact way: they are dropped)."""
        self._end()
        self._count_keys = None
        if map_ is not None and self._arrays is not None:
            _hand_on(map_, self._arrays)

    def _wait(self) -> None:
        """The child's answer, waited for a moment (MIN_WAIT) or, once it has parsed the file,
        its budget; the child is ended either way, and what it said in time is kept."""
        if self.pid is None:  # never started, or asked already: it ended the child
            return
        try:
            said, whole = _read_all(self._pipe, MIN_WAIT, self._budget)
            lines = said.split(b"\n")
            if len(lines) > 1:  # its first line is whole
                keys = json.loads(lines[0])["keys"]
                if keys is not None and type(keys) is not int:
                    raise ValueError("a key count that is no number")
                self._keys, self._keys_given = keys, True
            if whole and len(lines) == 4 and lines[1] + b"\n" == PARSED and not lines[3]:
                self._arrays = _unpacked(json.loads(lines[2]), self._memory)
        except Exception:  # whatever the child said, the reader does the work itself
            self._arrays = None
        finally:
            self._end()

    def _end(self) -> None:
        """Kill the child if it still runs, reap it, close what it was given."""
        pid, self.pid, self._started_on = self.pid, None, None
        if pid is not None:
            ended(pid, kill=True)
        for fd in (self._pipe, self._memory):
            if fd >= 0:
                os.close(fd)
        self._pipe = self._memory = -1


def _read_all(fd: int, first: float, parsed: float) -> tuple[bytes, bool]:
    """What the child writes to the pipe, and whether it came to its end: waited for `first`
    seconds, or `parsed` seconds from when the child says it has parsed the file."""
    said = b""
    deadline = time.monotonic() + first
    poll = select.poll()
    poll.register(fd, select.POLLIN | select.POLLHUP)
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not poll.poll(left * 1000):
            return said, False
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return said, True
        before, said = said, said + chunk
        if PARSED in said.split(b"\n", 1)[-1] and PARSED not in before.split(b"\n", 1)[-1]:
            deadline = max(deadline, time.monotonic() + parsed)


def _unpacked(layout: dict[str, Any], memory: int) -> Any:
    """The LayoutArrays the child wrote into the memory file, as `layout` says they lie there."""
    import numpy as np

    from tabletop.geometry.bulk import LayoutArrays
    from tabletop.geometry.columns import ZoneTable

    size = os.fstat(memory).st_size
    shared = mmap.mmap(memory, size, access=mmap.ACCESS_COPY) if size else b""

    def array(place: list[Any]) -> np.ndarray:
        dtype, shape, offset = np.dtype(place[0]), tuple(place[1]), place[2]
        count = int(np.prod(shape))  # a length of -1 would be "the rest of the memory file" to numpy
        if dtype.kind not in "fib" or min(shape, default=0) < 0 or offset < 0 or offset + count * dtype.itemsize > size:
            raise ValueError("an array outside the memory file")
        return np.frombuffer(shared, dtype=dtype, count=count, offset=offset).reshape(shape)

    arrays = layout["arrays"]
    table = ZoneTable(**{f.name: array(arrays[f.name]) for f in dataclasses.fields(ZoneTable)})
    return LayoutArrays(
        table,
        *(array(arrays[name]) for name in ("heads", "pieces", "ends", "starts", "members", "boxes")),
        zone_size=float(layout["zone_size"]),
        extent=tuple(float(v) for v in layout["extent"]),
        digests=(str(layout["digests"][0]), str(layout["digests"][1])),
        looks=_looks(layout, arrays, array),
        whole=layout.get("whole") is True,
    )


def _looks(layout: dict[str, Any], arrays: dict[str, Any], array: Callable[[list[Any]], Any]) -> Any:
    """The zones' looks the child worked out (each zone's number, and the looks), if it did."""
    if "looks" not in layout:
        return None
    looks = [tuple(look) for look in layout["looks"]]
    kinds = (str, str, float, bool, bool, bool)
    if any(len(look) != len(kinds) or not all(map(isinstance, look, kinds)) for look in looks):
        raise ValueError("a look that is none")
    codes = array(arrays["looks"])
    if codes.ndim != 1 or (len(codes) and not 0 <= codes.min() <= codes.max() < len(looks)):
        raise ValueError("a look's number out of range")
    return codes, looks


ALIGN = 64
"""Where each array starts in the memory file: a multiple of this many bytes, so numpy reads it aligned."""


def _child(
    raw: bytes,
    count_keys: Callable[[bytes], int | None],
    texts: Callable[[str, int], Iterator[bytes]],
    told: int,
    memory: int,
    parent: int,
    tie: Callable[[], Any],
) -> None:
    """The child's whole life: count the keys and say so, parse the zones and borders a chunk at
    a time (the dicts of one chunk at most, never the whole file's) keeping their
    numbers and say so, make and write the arrays and say where they lie, end. Any failure ends
    it without another word, and the reader does the rest itself."""
    code = 1
    try:
        become_child(parent, tie, told, memory)
        idle_only()
        warnings.simplefilter("ignore")  # it says nothing but through its pipe: the terminal is the GM's
        say(told, json.dumps({"keys": count_keys(raw)}).encode() + b"\n")
        from tabletop.geometry.bulk import arrays_of_json, parsed

        def chunks(name: str) -> Iterator[list[Any]]:
            return (parsed(name, text) for text in texts(name, CHUNK))

        def then_say_parsed() -> Iterator[list[Any]]:
            yield from chunks("borders")
            say(told, PARSED)

        layout = _written(arrays_of_json(chunks("zones"), then_say_parsed()), memory)
        say(told, json.dumps(layout).encode() + b"\n")
        code = 0
    finally:
        os._exit(code)


def _written(arrays: Any, memory: int) -> dict[str, Any]:
    """Write the arrays into the memory file; where each one lies, and the layout's numbers."""
    import numpy as np

    places: dict[str, list[Any]] = {}
    offset = 0
    named = [(f.name, getattr(arrays.table, f.name)) for f in dataclasses.fields(arrays.table)]
    named += [(name, getattr(arrays, name)) for name in ("heads", "pieces", "ends", "starts", "members", "boxes")]
    if arrays.looks is not None:
        named.append(("looks", arrays.looks[0]))
    with open(memory, "wb", closefd=False) as out:
        for name, value in named:
            value = np.ascontiguousarray(value)
            offset += -offset % ALIGN
            out.seek(offset)
            out.write(value.data)
            places[name] = [value.dtype.str, list(value.shape), offset]
            offset += value.nbytes
    said = {"arrays": places, "zone_size": arrays.zone_size, "extent": list(arrays.extent), "digests": arrays.digests}
    said["whole"] = arrays.whole
    return said | ({"looks": arrays.looks[1]} if arrays.looks is not None else {})

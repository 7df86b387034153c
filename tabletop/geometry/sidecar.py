"""A big map's layout worked out in a second process while the reading process checks the file.

Checking a 100k-zone file's records holds the reader's interpreter for over two seconds, and
threads cannot share that; the layout's arrays (a second more) need only the file's numbers.
On Linux, with a core to spare, a child forked as the read begins parses the same bytes, makes
the arrays the one way they are made (geometry/bulk.py), writes them to a memory file and says
where they lie through a pipe; the reader takes them once its map is checked, and MapLayout
uses them if they fit that map. Whenever anything goes wrong (no fork, the child dies, is
late, says nonsense) the layout is made in-process as before: the same picture, only later.
The child runs numpy and plain Python only, never Qt; it is always killed or reaped by the
end of the read. Qt-free.
"""

from __future__ import annotations

import dataclasses
import gc
import json
import mmap
import os
import select
import signal
import sys
import time
import weakref
from collections.abc import Callable
from typing import Any

from tabletop.model import Map

WAIT_PER_MB = 0.015
"""The longest the reader waits for the child's answer once it needs it, per MB of file: about
what making the arrays itself would take (1 s for a 70 MB map), so a child that falls behind
costs at most that much before it is killed and the work is done in-process."""
MIN_WAIT = 0.25
UNKNOWN = -1
"""The key count of a child that gave none: the reader counts for itself."""

_handed: tuple[weakref.ref[Map], Any] | None = None
"""The arrays of the last map read with a child's help, until laid out (or the map is gone)."""


def arrays_for(map_: Map) -> Any | None:
    """The layout arrays a child made while `map_` was read (geometry.bulk.LayoutArrays), once:
    None for any other map. MapLayout still checks that they fit the map."""
    global _handed
    if _handed is None or _handed[0]() is not map_:
        return None
    arrays, _handed = _handed[1], None
    return arrays


def _forget(_: object) -> None:
    global _handed
    _handed = None


def cores_free() -> int:
    """Cores this process may run on: the child helps only beside a core of its own."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class Sidecar:
    """One read's child: `start` forks it, `key_count` waits for its answer (the file's key
    count and the layout's arrays), `finish` hands the arrays on for the map read, or drops them,
    and makes sure the child is gone. The reader (io/bulk_read.py) calls all three."""

    def __init__(self) -> None:
        self.pid: int | None = None
        """The child while it runs (None before and after)."""
        self.child: int | None = None
        """The child's process id, kept once it has ended (for the tests: it must be gone)."""
        self._pipe = self._memory = -1
        self._budget = MIN_WAIT
        self._answer: tuple[int, Any] | None = None
        self._asked = False

    def start(self, raw: bytes, count_keys: Callable[[bytes], int | None]) -> bool:
        """Fork the child for these bytes (the reader's `count_keys` counts the file's keys in
        it); False, and nothing started, where it cannot help: not Linux, one core, no fork."""
        if self.pid is not None or not sys.platform.startswith("linux") or cores_free() < 2:
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
        try:
            pid = os.fork()
        except OSError:
            for fd in (memory, pipe, told):
                os.close(fd)
            return False
        if pid == 0:  # the child: never returns
            _child(raw, count_keys, told, memory)
        os.close(told)
        self.pid = self.child = pid
        self._pipe, self._memory = pipe, memory
        self._budget = max(MIN_WAIT, WAIT_PER_MB * len(raw) / 2**20)
        return True

    def key_count(self) -> int | None:
        """The file's `":` count as the child made it (None: a colon with white space before
        it), or UNKNOWN when the child gave no answer in time (it is killed then)."""
        answer = self._wait()
        return UNKNOWN if answer is None else answer[0]

    def finish(self, map_: Map | None) -> None:
        """The read is over: `map_` the map it gave by the quick way (the child's arrays are kept
        for its layout), or None (cancelled, refused, read the exact way: they are dropped)."""
        global _handed
        answer = self._answer if map_ is not None else None
        self._end()
        if answer is not None and answer[1] is not None:
            _handed = (weakref.ref(map_, _forget), answer[1])

    def _wait(self) -> tuple[int, Any] | None:
        """The child's answer, waited for at most the budget; the child is ended either way."""
        if self._asked or self.pid is None:
            return self._answer
        self._asked = True
        try:
            said = _read_all(self._pipe, time.monotonic() + self._budget)
            if said is not None:  # its pipe closed: the child is at its end
                self._answer = _unpacked(said, self._memory)
        except Exception:  # whatever the child said, the layout is made in-process
            self._answer = None
        finally:
            self._end()
        return self._answer

    def _end(self) -> None:
        """Kill the child if it still runs, reap it, close what it was given."""
        pid, self.pid = self.pid, None
        if pid is not None:
            try:
                if os.waitpid(pid, os.WNOHANG) == (0, 0):
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        for fd in (self._pipe, self._memory):
            if fd >= 0:
                os.close(fd)
        self._pipe = self._memory = -1


def _read_all(fd: int, deadline: float) -> bytes | None:
    """All the child writes to the pipe, up to its end; None when the deadline comes first."""
    chunks = []
    poll = select.poll()
    poll.register(fd, select.POLLIN | select.POLLHUP)
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not poll.poll(left * 1000):
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _unpacked(said: bytes, memory: int) -> tuple[int, Any] | None:
    """(key count, LayoutArrays or None) from the child's line and the memory file it filled."""
    from tabletop.geometry.bulk import LayoutArrays
    from tabletop.geometry.columns import ZoneTable

    if not said:
        return None  # it died before saying anything
    answer = json.loads(said)
    keys = answer["keys"]
    if keys is not None and type(keys) is not int:
        raise ValueError("a key count that is no number")
    layout = answer.get("layout")
    if layout is None:
        return keys, None
    import numpy as np

    size = os.fstat(memory).st_size
    shared = mmap.mmap(memory, size, access=mmap.ACCESS_COPY) if size else b""

    def array(place: list[Any]) -> np.ndarray:
        dtype, shape, offset = np.dtype(place[0]), tuple(place[1]), place[2]
        count = int(np.prod(shape))
        if dtype.kind not in "fib" or offset < 0 or offset + count * dtype.itemsize > size:
            raise ValueError("an array outside the memory file")
        return np.frombuffer(shared, dtype=dtype, count=count, offset=offset).reshape(shape)

    arrays = layout["arrays"]
    table = ZoneTable(**{f.name: array(arrays[f.name]) for f in dataclasses.fields(ZoneTable)})
    made = LayoutArrays(
        table,
        *(array(arrays[name]) for name in ("heads", "pieces", "ends", "starts", "members", "boxes")),
        zone_size=float(layout["zone_size"]),
        extent=tuple(float(v) for v in layout["extent"]),
        digests=(str(layout["digests"][0]), str(layout["digests"][1])),
    )
    return keys, made


ALIGN = 64


def _child(raw: bytes, count_keys: Callable[[bytes], int | None], told: int, memory: int) -> None:
    """The child's whole life: count, parse, lay out, write, say, end. Any failure ends it
    without a word, and the reader does the work itself."""
    code = 1
    try:
        gc.disable()  # the parent's objects are not walked (nor copied page by page)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.set_wakeup_fd(-1)  # a signal here must not wake the parent's event loop
        answer: dict[str, Any] = {"keys": count_keys(raw), "layout": None}
        from pydantic_core import from_json

        document = from_json(raw, allow_inf_nan=False)
        if document.get("zones"):
            from tabletop.geometry.bulk import arrays_of_json

            arrays = arrays_of_json(document["zones"], document["borders"])
            del document
            answer["layout"] = _written(arrays, memory)
        data = json.dumps(answer).encode()
        while data:
            data = data[os.write(told, data) :]
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
    with open(memory, "wb", closefd=False) as out:
        for name, value in named:
            value = np.ascontiguousarray(value)
            offset += -offset % ALIGN
            out.seek(offset)
            out.write(value.data)
            places[name] = [value.dtype.str, list(value.shape), offset]
            offset += value.nbytes
    return {"arrays": places, "zone_size": arrays.zone_size, "extent": list(arrays.extent), "digests": arrays.digests}

"""Reading a map of the current format in bulk: the quick way for the files Tabletop writes.

The exact way (io/read.py) parses the whole file into dicts with a hook on every object,
then validates the whole map: a big file held twice, as dicts and as objects. Here the
file is parsed in Rust (jiter, through pydantic-core), and its two long lists, zones and
borders, are validated a chunk at a time. A big file as Tabletop writes it (each zone and
border on a line of its own) is parsed a chunk of lines at a time, so its parsed dicts (five
times the file) are never whole in memory; any other file is parsed whole and each chunk's
dicts let go as its objects exist. Anything unusual (an older format, an error to word for
the GM, a key that might be written twice) returns None, and the caller reads the file the
exact way, which says what is wrong.
"""

from __future__ import annotations

import codecs
import functools
import operator
from collections.abc import Callable, Iterator
from operator import attrgetter
from typing import Any, NamedTuple, Protocol

from pydantic import ValidationError
from pydantic_core import SchemaValidator, from_json

from tabletop.io.counting import Defaults, validator
from tabletop.io.given import given_keys
from tabletop.io.limits import MAX_FILE_BYTES
from tabletop.model import FORMAT_VERSION, Border, Map, Zone
from tabletop.model.zones import MIN_POLYGON_AREA, PolygonShape, polygon_area

CHUNK = 5_000
"""Objects validated at a time: small enough that a chunk's dicts are a few MB."""
SAMPLE = 2**16
"""The bytes at a long list's start whose lines tell a typical line's length, for its chunks."""


LONG_LISTS = ("zones", "borders")
"""The map's lists that hold thousands of items, validated a chunk at a time."""


@functools.cache
def _validators() -> tuple[dict[str, SchemaValidator], SchemaValidator]:
    """The long lists' validators and the map's, built at the first read: the empty
    window at start reads no file."""
    lists = {"zones": validator(list[Zone], apart=APART), "borders": validator(list[Border], apart=APART)}
    return lists, validator(Map, last_check=False)


APART = (PolygonShape, Border)
"""Records whose own after-checks (a polygon's area, a border's two zones) the long lists'
validators leave out: _checked_apart runs them over the whole map at once."""


Progress = Callable[[int, int], bool]
"""Told (done, all) after each chunk, in bytes of the long lists' lines (items, for a file not
laid out one item a line), (0, 0) when the exact way reads the file (no count to give); False
asks to stop (ReadCancelled)."""


class ReadCancelled(Exception):
    """The GM stopped reading a map: nothing was read, nothing changed."""


class Lines(NamedTuple):
    """Where a long list's lines lie in the file: from the first line's start to the last one's
    end (its newline). Chunks are cut at newlines as they are read: finding every line's end
    first (an array of flags as long as the file) took several times longer than counting them."""

    start: int
    end: int


SPACES = b" \t\n\r"
BIG_FILE = 4 * 2**20
"""From this size on the colons are found with numpy, several times quicker than bytes.count."""


def _keys_in_file(raw: bytes) -> int | None:
    """The `":` pairs in the file (every key's end, and any such pair inside a text), or None
    when white space stands before some colon: a key written `"name" :` would not be counted.
    Where every colon follows a quote (most files: no colon in any text) none can: two counts,
    about half the time of looking at the byte before each colon."""
    pairs = raw.count(b'":')
    if raw.count(b":") == pairs:
        return pairs
    if len(raw) < BIG_FILE:
        if any(bytes((space,)) + b":" in raw for space in SPACES):
            return None
        return pairs
    import numpy as np

    text = np.frombuffer(raw, dtype=np.uint8)
    before = text[np.flatnonzero(text[1:] == ord(":"))]  # the byte before each colon
    if np.isin(before, np.frombuffer(SPACES, dtype=np.uint8)).any():
        return None
    return pairs


class Helper(Protocol):
    """Work done beside a big file's read in a second process (geometry/sidecar.py): started
    with the file's bytes, the way to count its keys and `texts(name, size)`, a long list's
    items as JSON lists of `size` items (none where the file has no such list), asked for that
    count at the end (it counts them with the way given when its process gave none: no
    "not counted" value crosses from geometry to io, which may not import each other), and
    told what came of the read (the map, or None), after which it has stopped."""

    def start(
        self, raw: bytes, count_keys: Callable[[bytes], int | None], texts: Callable[[str, int], Iterator[bytes]]
    ) -> bool: ...

    def key_count(self) -> int | None: ...

    def vouches(self, zone_ids: list[str], border_ids: list[str]) -> bool:
        """After key_count: whether the helper read these zones and borders, in this order, from
        the file, and found each one's id once and every border's two zones among the zones."""
        ...

    def maybe_flat(self, zones: int) -> list[int] | None:
        """After key_count: the rows of the zones whose polygon might enclose too little
        (geometry/columns.py: maybe_flat), when the helper laid out `zones` zones; else None."""
        ...

    def finish(self, map_: Map | None) -> None: ...


def read_current(raw: bytes, progress: Progress | None = None, helper: Helper | None = None) -> Map | None:
    """The map in `raw`, or None when the exact way must read it.

    jiter keeps the last of a repeated key. The file's `":` pairs count every key once (and
    any `":` inside a text, which only makes that count larger); the objects built count each
    key they were given once (a record: each field that did not take its default). Equal
    counts prove no key was repeated, provided no key has white space before its colon, which
    the first test rules out. A big file's keys are counted by the `helper`, if given, while
    this process checks the records; it is told the map (or None) however the read ends."""
    map_ = None
    try:
        map_ = _read_current(raw, progress, helper if len(raw) >= BIG_FILE else None)
        return map_
    finally:
        if helper is not None:
            helper.finish(map_)


def _read_current(raw: bytes, progress: Progress | None, helper: Helper | None) -> Map | None:
    if len(raw) > MAX_FILE_BYTES or raw.startswith(codecs.BOM_UTF8):
        return None
    try:
        document, lists = _by_lines(raw) if len(raw) >= BIG_FILE else (None, {})
        if document is None:
            document = from_json(raw, allow_inf_nan=False)
    except ValueError:
        return None
    if not isinstance(document, dict):
        return None
    version = document.get("format_version")
    if type(version) is not int or version != FORMAT_VERSION:  # 3.0 equals 3, yet is no format version
        return None
    long_lists, map_validator = _validators()
    told = _Told(progress, document, lists)
    helped = helper is not None and _helps(helper, raw, document, lists, told)
    if not helped:  # else the helper counts them, meanwhile
        keys_in_file = _keys_in_file(raw)
        if keys_in_file is None:
            return None
    outer, Defaults.taken = Defaults.taken, 0  # a read begun inside another, on its thread
    try:
        counted = 0
        built: dict[str, list[Any]] = {}
        for name, adapter in long_lists.items():
            items = document.get(name)
            if name in lists:
                built[name], keys = _validated(_lines(raw, lists[name]), adapter, told)
            elif isinstance(items, list):
                built[name], keys = _validated(_let_go(items), adapter, told)
            else:
                continue
            document[name] = []
            counted += keys
        map_ = map_validator.validate_python(document)
        map_.__dict__.update(built)  # validated above: the map would walk them again
        ids = [list(map(attrgetter("id"), built.get(name, []))) for name in LONG_LISTS] if helped else []
        if helped:  # its answers are waited for here, once this side's own work is done
            keys_in_file = helper.key_count()
        whole = helped and helper.vouches(*ids)
        if map_.problems(zones_and_borders_whole=whole):  # the map's own last check, once it is whole
            return None
        counted += given_keys(map_, skip=LONG_LISTS) - Defaults.taken
    except (ValidationError, ValueError):
        return None
    finally:
        Defaults.taken = outer
    if counted != keys_in_file:
        return None
    suspects = helper.maybe_flat(len(map_.zones)) if helped else None
    return map_ if _checked_apart(map_, suspects, borders_whole=whole) else None


def _checked_apart(map_: Map, suspects: list[int] | None, borders_whole: bool = False) -> bool:
    """The after-checks of APART, left out of the long lists' validators, over the whole map:
    no border joins a zone to itself (unless a helper vouched for the borders: `borders_whole`),
    and every polygon zone (or those among `suspects`, the rows a helper found might be flat)
    encloses an area. False sends the exact way, which words it."""
    borders = map_.borders
    if not borders_whole and any(map(operator.eq, map(attrgetter("a"), borders), map(attrgetter("b"), borders))):
        return False
    zones = map_.zones if suspects is None else [map_.zones[row] for row in suspects]
    polygons = (shape for shape in map(attrgetter("shape"), zones) if shape.kind == "polygon")
    return all(polygon_area(shape.points) >= MIN_POLYGON_AREA for shape in polygons)


def _helps(helper: Helper, raw: bytes, document: dict[str, Any], lists: dict[str, Lines], told: _Told) -> bool:
    """Whether `helper` was started on a file of the current format whose zones and borders
    (those it has) are written one a line: it is handed them as JSON a chunk at a time. The
    progress is asked first (0 read), so a read the GM or a stop has ended already starts no
    process (ReadCancelled)."""
    if "zones" not in lists or any(document.get(name) for name in LONG_LISTS if name not in lists):
        return False
    told(0)  # a read stopped before it begins (Cancel, or a SIGTERM already heard) forks nothing
    return helper.start(raw, _keys_in_file, functools.partial(_texts, raw, lists))


def begin(raw: bytes, helper: Helper) -> bool:
    """Start `helper` on a big file before its read begins (as `tabletop FILE` starts, before Qt
    is loaded and the window made): the read then takes the started helper (Helper.start with
    the same bytes answers at once). The helper's process finds the file's lines itself; a file
    not laid out one item a line gives it none, and the reader does the work itself."""
    if len(raw) < BIG_FILE:
        return False
    return helper.start(raw, _keys_in_file, _TextsFound(raw))


class _TextsFound:
    """`texts(name, size)` for a helper started before the read: the file's lines found when
    first asked, in the helper's own process."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.lists: dict[str, Lines] | None = None

    def __call__(self, name: str, size: int) -> Iterator[bytes]:
        if self.lists is None:
            self.lists = _by_lines(self.raw)[1]
            if "zones" not in self.lists:  # not one item a line (hand-indented, cut short): no help to give
                raise ValueError("the file's zones are not one a line")
        return _texts(self.raw, self.lists, name, size)


def _texts(raw: bytes, lists: dict[str, Lines], name: str, size: int) -> Iterator[bytes]:
    """A long list's items as JSON lists of `size` items (none where the file has no such list)."""
    for text, _ in _lines(raw, lists[name], size) if name in lists else ():
        yield text


class _Told:
    """A read's progress in its long lists (bytes of their lines, or items), handed on after each chunk."""

    def __init__(self, progress: Progress | None, document: dict[str, Any], lines: dict[str, Lines]) -> None:
        self.progress, self.done = progress, 0
        sizes = [
            lines[name].end - lines[name].start if name in lines else _length(document.get(name)) for name in LONG_LISTS
        ]
        self.total = sum(sizes)

    def __call__(self, count: int) -> None:
        self.done += count
        if self.progress is not None and not self.progress(self.done, self.total):
            raise ReadCancelled


def _length(items: Any) -> int:
    return len(items) if isinstance(items, list) else 0


def _validated(
    chunks: Iterator[list[Any] | tuple[bytes, int]], adapter: SchemaValidator, told: _Told
) -> tuple[list[Any], int]:
    """The objects of one long list, a chunk at a time, and the keys they were given."""
    built: list[Any] = []
    keys = 0
    for chunk in chunks:
        if isinstance(chunk, list):
            objects = adapter.validate_python(chunk)
            done = len(objects)
        else:  # straight from the JSON, no dicts made: a fifth quicker
            text, done = chunk
            objects = adapter.validate_json(text)
        keys += given_keys(objects)
        built += objects
        told(done)
    return built, keys


def _let_go(items: list[Any]) -> Iterator[list[Any]]:
    """`items` a chunk at a time, each chunk's dicts dropped once its objects exist."""
    for start in range(0, len(items), CHUNK):
        yield items[start : start + CHUNK]
        items[start : start + CHUNK] = [None] * len(items[start : start + CHUNK])


def _lines(raw: bytes, lines: Lines, size: int = 0) -> Iterator[tuple[bytes, int]]:
    """The items on `lines` as a JSON list a chunk at a time, with how many bytes of the lines it
    took: as many whole lines as fit in CHUNK (or `size`) typical lines' bytes (_typical_line: a
    long first line, a world polygon drawn first, does not make every chunk long), at least one
    line; so a chunk is never longer than `size` of the longest line. A chunk cut inside an item
    would leave a bracket open and fail to validate (two items on one line are whole, and read).
    Every chunk but the last ends its last line with the comma that parts it from the next, which
    is taken off (a line without it is no JSON: refused)."""
    size = size or CHUNK
    span = max(1, size * _typical_line(raw, lines))
    start = lines.start
    while start < lines.end:
        if start + span >= lines.end:
            cut = lines.end
        else:  # the newline ending the chunk's last line, or the first line alone if longer than the span
            cut = raw.rfind(b"\n", start, start + span)
            cut = raw.find(b"\n", start, lines.end) if cut < 0 else cut
            cut = lines.end if cut < 0 else cut
        last = raw[cut - 1] == ord(",")  # every line but the list's last ends in a comma
        if not last and cut < lines.end:
            raise ValueError("a line without the comma that parts it from the next")
        text = b"".join((b"[", memoryview(raw)[start : cut - last], b"]"))  # copied once, not twice
        yield text, min(cut + 1, lines.end) - start
        start = cut + 1


def _typical_line(raw: bytes, lines: Lines) -> int:
    """The median whole line (its newline too) among the first SAMPLE bytes of a list's lines, or
    of those after its first line when that one alone is longer."""
    start, sample = lines.start, b""
    for _ in range(2):
        sample = raw[start : min(lines.end, start + SAMPLE)]
        whole = sorted(map(len, sample.split(b"\n")[:-1]))
        if whole:
            return whole[len(whole) // 2] + 1
        start = raw.find(b"\n", start, lines.end) + 1
        if not start:  # one line, the list's last
            break
    return len(sample) + 1


def _by_lines(raw: bytes) -> tuple[dict[str, Any] | None, dict[str, Lines]]:
    """The file's top level parsed with its long lists left empty, and the lines of each long
    list; (None, {}) when the file is not laid out the way Tabletop writes it. Only the lists'
    first and last lines are looked at here: a chunk cut inside an item (one spread over lines)
    fails to parse, and the exact way reads the file."""
    cuts: list[tuple[int, int]] = []
    lines: dict[str, Lines] = {}
    for name in LONG_LISTS:
        opening = raw.find(b'\n "' + name.encode() + b'": [\n')
        if opening < 0:
            continue
        first = opening + len(name) + 8
        closing = raw.find(b"\n ]", first)
        if closing < 0 or raw[first : first + 3] != b"  {" or raw[closing - 1] != ord("}"):
            return None, {}  # the list's last item must end its line: a comma there is no JSON
        line_end = raw.find(b"\n", first, closing)
        if line_end >= 0 and raw[line_end - 2 : line_end] != b"},":
            return None, {}  # its first item spans lines: indented by hand, say
        lines[name] = Lines(first, closing)
        cuts.append((first - 1, closing + 1))
    if not cuts or cuts != sorted(cuts):
        return None, {}
    kept = zip([0] + [end for _, end in cuts], [start for start, _ in cuts] + [len(raw)], strict=True)
    skeleton = b"".join(raw[start:end] for start, end in kept)
    document = from_json(skeleton, allow_inf_nan=False)
    if not isinstance(document, dict) or any(document.get(name) != [] for name in lines):
        return None, {}
    return document, lines

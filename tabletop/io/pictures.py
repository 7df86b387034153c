"""Pictures kept with the map: where a map's picture may be, how its bytes are read, and how a
picture from elsewhere is copied beside the map.

Every picture a map names (its background now; token art and handouts later) goes through
here: its path is a file in the map's folder or a folder inside it (such as `assets/`),
links included, so a map someone sends can only show the pictures that came with it; only a
regular file is read, and never more than MAX_PICTURE_BYTES, so a pipe or a device neither
hangs nor fills memory. Decoding is render's (render/pictures.py); an SVG is first checked
here to stand alone, since Qt follows an <image> to any file it can read, and to be within
what Qt can read and draw in bounded time and memory (its size, its elements, its <use>s).
"""

from __future__ import annotations

import base64
import binascii
import errno
import os
import re
import secrets
import stat
import zlib
from pathlib import Path
from urllib.parse import unquote_to_bytes

from tabletop.io.errors import MapFileError, one_line
from tabletop.io.json_file import read_regular
from tabletop.model.map import picture_path_problem

MAX_PICTURE_PIXELS = 64_000_000
"""The largest picture, in pixels: an 8000 x 8000 scan is plenty to trace a map over, and
decoded (4 bytes a pixel) it is a quarter of a gigabyte already."""
MAX_PICTURE_BYTES = 256 * 2**20
"""The largest picture file: a picture of MAX_PICTURE_PIXELS stored without compression (4
bytes a pixel) fits, so no picture Tabletop would draw is refused for its file's size, and a
file past it is never read at all."""
ASSETS = "assets"
"""The folder beside a map file where a project keeps its pictures (any folder inside the
map's folder will do; this is the one the guide names)."""


class PictureRefused(ValueError):
    """A picture that will not be read, in one line that starts with its path as the map
    writes it (the caller puts "background picture" or the like before it)."""


class PictureNotCopied(PictureRefused):
    """A picture read well that could not be written beside the map (a full disk, a folder
    the GM may not write in)."""


def picture_file(written: str, map_folder: str | os.PathLike[str] | None) -> Path:
    """The file a map's picture path names, its links followed; PictureRefused when the path
    or any link on the way leads out of the map's folder, or the map has no folder yet.
    Asked again at every draw: a link made after the map was opened is caught too."""
    problem = picture_path_problem(written)
    if problem is not None:
        raise PictureRefused(problem)
    if map_folder is None:
        raise PictureRefused(f"'{written}' has no folder to be found in: save the map first")
    folder = os.path.realpath(map_folder)
    found = os.path.realpath(os.path.join(folder, *written.replace("\\", "/").split("/")))
    if not _inside(found, folder):
        raise PictureRefused(
            f"'{written}' leads out of the map's folder through a link: a picture must be a file in the map's folder"
        )
    try:
        linked = _hard_linked(os.stat(found))
    except OSError:  # missing or unreadable: said when it is read
        linked = False
    if linked:
        raise PictureRefused(f"'{written}' {HARD_LINK}")
    return Path(found)


HARD_LINK = "is a hard link: the same file may be elsewhere too; copy it into the map's folder instead"
"""Why a picture with more than one name is refused: a hard link is the file itself under
another name, so no path shows whether its other names are outside the map's folder (a map
sent as an archive can carry a hard link to any file of the GM's that the archive names, and
unpacking makes it), and the rule that a map shows only the pictures that came with it could
not hold."""


def _hard_linked(info: os.stat_result) -> bool:
    return stat.S_ISREG(info.st_mode) and info.st_nlink > 1


def _inside(path: str, folder: str) -> bool:
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:  # another drive on Windows
        return False


def picture_bytes(file: str | os.PathLike[str], hard_links: bool = False) -> tuple[bytes, os.stat_result]:
    """A picture file's bytes, read as a map file is (io/read.read_regular): regular files only,
    at most MAX_PICTURE_BYTES, and no hard link (HARD_LINK) unless `hard_links` (a picture
    from elsewhere read to be copied beside the map: the copy is a file of its own);
    PictureRefused says why not, after the file's path."""
    try:
        raw, info = read_regular(file, MAX_PICTURE_BYTES, "picture")
    except MapFileError as error:
        raise PictureRefused(f"'{file}' {error.problem}") from None
    if not hard_links and _hard_linked(info):
        raise PictureRefused(f"'{file}' {HARD_LINK}")
    return raw, info


def written_path(picture: str | os.PathLike[str], map_folder: str | os.PathLike[str]) -> str | None:
    """How a map in `map_folder` writes the path to `picture` (forward slashes on every
    system); None when the picture is not in that folder, its links followed."""
    folder = os.path.realpath(map_folder)
    found = os.path.realpath(picture)
    if not _inside(found, folder) or found == folder:
        return None
    written = Path(os.path.relpath(found, folder)).as_posix()
    return written if picture_path_problem(written) is None else None


def copy_beside(
    picture: str | os.PathLike[str], map_folder: str | os.PathLike[str], wanted: str | None = None
) -> tuple[str, bool]:
    """Copy a picture into the map's folder: the path the map writes for it, and whether a file
    was made (False: the same picture was there already). It goes to `wanted` (a path in the
    folder, by default the picture's own name); a file already there is never replaced: the
    same picture is used as it is, another gets a new name (scan-2.png). Read as every
    picture is (picture_bytes), so copying a pipe never hangs."""
    raw, _ = picture_bytes(picture, hard_links=True)
    folder = Path(map_folder)
    wanted = (wanted or Path(picture).name).replace("\\", "/")  # as picture_file reads it
    for written in _names(_place(wanted, folder)):
        if picture_path_problem(written) is not None:
            continue
        target = folder / written
        try:
            if _holds(target, raw):
                return written, False
            if _write_new(target, raw):
                return written, True
        except OSError as error:
            why = error.strerror or error
            raise PictureNotCopied(f"'{one_line(str(target))}' could not be written: {why}") from None
    raise PictureNotCopied(f"'{wanted}' could not be copied: every name like it is taken in the map's folder")


def _place(wanted: str, folder: Path) -> str:
    """Where in the folder the copy goes: `wanted` when its own folder is (or can be made)
    inside the map's folder, links followed; else its name alone, beside the map."""
    if picture_path_problem(wanted) is None:
        try:
            (folder / wanted).parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass
        else:
            if _inside(os.path.realpath((folder / wanted).parent), os.path.realpath(folder)):
                return wanted
    return wanted.rpartition("/")[2]


def _names(wanted: str):
    """`wanted`, then scan-2.png, scan-3.png … in the same folder."""
    head, slash, name = wanted.rpartition("/")
    stem, dot, suffix = name.rpartition(".") if "." in name.lstrip(".") else (name, "", "")
    yield wanted
    for n in range(2, 1000):
        yield f"{head}{slash}{stem}-{n}{dot}{suffix}"


def _holds(target: Path, raw: bytes) -> bool:
    """Whether the file at `target` is a regular file (not a link) holding exactly `raw`."""
    if target.is_symlink():
        return False
    try:
        held, _ = read_regular(target, len(raw), "picture")
    except MapFileError:
        return False
    return held == raw


def _write_new(target: Path, raw: bytes) -> bool:
    """Write `raw` to `target` only if nothing is there (False if something is); whole or not
    at all: written beside it first, then linked in under its name, which fails if taken."""
    temporary, part = _part_beside(target)
    with os.fdopen(part, "wb") as file:
        file.write(raw)
        file.flush()
        os.fsync(file.fileno())
    try:
        os.link(temporary, target)
    except FileExistsError:
        return False
    except OSError:  # a file system without hard links: create the name exclusively
        try:
            with open(target, "xb") as file:
                file.write(raw)
        except FileExistsError:
            return False
        except OSError:
            target.unlink(missing_ok=True)  # a copy cut short (a full disk) is never left under the name
            raise
    finally:
        temporary.unlink(missing_ok=True)
    return True


PART_TRIES = 100
"""Random names tried for the part file before giving up (each is taken only by a file
someone else has put there)."""
_NEW_ONLY = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _part_beside(target: Path) -> tuple[Path, int]:
    """A new file beside `target` to write the copy into, open for writing: a random name,
    made by this call and no other (O_EXCL), never a link someone left there to be written
    through (O_NOFOLLOW, and O_EXCL refuses any name already there)."""
    for _ in range(PART_TRIES):
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(8)}.part")
        try:
            return temporary, os.open(temporary, _NEW_ONLY, 0o644)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free name for the part file", str(target.parent))


GZIP = b"\x1f\x8b"
"""How a compressed SVG (.svgz) begins."""
RASTER_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"BM")
"""How the pictures an SVG may carry inside itself begin (and WebP's RIFF....WEBP): none of
them can name another file, as an SVG inside an SVG can."""
SAFE_ENCODINGS = frozenset({"utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin-1", "latin1", "windows-1252"})
"""Encodings in which the checks below read every attribute as Qt does (ASCII stays ASCII)."""
_HREF_ODD = re.compile(rb"""href(?!\s*=\s*(?:"[^"]*"|'[^']*'))""")
"""An href not written as an attribute with its value in quotes (in the text made lower case)."""
_HREF_OUT = re.compile(rb"""href\s*=\s*(?:"(?!\s*#)([^"]*)"|'(?!\s*#)([^']*)')""")
"""One whose value is not a link to a part of the picture itself: a data: picture, or outside."""
_URL_OUT = re.compile(rb"""url\s*\(\s*["']?\s*(?!#)""")
"""A url() not to a part of the picture itself."""
_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']*)["']""", re.IGNORECASE)
_EXTERNAL_ENTITY = re.compile(rb"<!ENTITY[^>]*?\b(?:SYSTEM|PUBLIC)\b", re.IGNORECASE)
_ENTITY = re.compile(rb"<!ENTITY", re.IGNORECASE)


MAX_SVG_BYTES = 16 * 2**20
"""The largest SVG picture's text (unpacked, for an .svgz): a plan traced in a drawing program
is a few hundred kilobytes of paths, and one with a scan carried inside it a few megabytes.
Qt reads an SVG whole into memory as objects many times its text's size, and a file past
this is refused before Qt sees it; a bigger plan is better
kept as a PNG or a JPEG, which are decoded within MAX_PICTURE_PIXELS."""
MAX_SVG_ELEMENTS = 200_000
"""The most elements an SVG picture may hold: a detailed traced plan has a few thousand paths;
Qt makes an object of each, so a file of millions of empty groups is refused unread."""
MAX_SVG_DRAWN = 400_000
"""The most elements an SVG picture may draw, each <use> counted as all it draws: a <use> of a
group of ten <use>s of a group ten deep draws ten billion rectangles from a few lines of text,
and Qt would draw them all on every export."""


def unpacked_svg(raw: bytes) -> bytes:
    """A compressed SVG's text (the file itself when it is not compressed), never more than an
    SVG may be (MAX_SVG_BYTES, within MAX_PICTURE_BYTES) unpacked, so a small file cannot
    unpack to fill memory."""
    if not raw.startswith(GZIP):
        return raw
    cap = min(MAX_PICTURE_BYTES, MAX_SVG_BYTES)
    unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        text = unpacker.decompress(raw, cap + 1)
    except zlib.error:
        raise PictureRefused("is a compressed file that cannot be unpacked") from None
    if len(text) > cap or unpacker.unconsumed_tail:
        raise PictureRefused(f"unpacks past {_megabytes(cap)}, more than an SVG picture may hold")
    return text


def _megabytes(size: int) -> str:
    return f"{round(size / 2**20, 1):g} MB"


_UNREAD = re.compile(rb"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>", re.DOTALL)
"""Comments, character data and processing instructions: no elements inside, for Qt."""
_TAG = re.compile(rb"""<(/?)([A-Za-z_][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>""")
_ID = re.compile(rb"""(?<![\w:.-])id\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_USE_HREF = re.compile(rb"""(?<![\w.-])(?:xlink:)?href\s*=\s*(?:"\s*#([^"]*)"|'\s*#([^']*)')""")


def svg_work_problem(text: bytes) -> str | None:
    """Why an SVG's text is more than Tabletop lets Qt draw, said in a few words: past
    MAX_SVG_BYTES, MAX_SVG_ELEMENTS elements, or MAX_SVG_DRAWN elements with every <use>
    counted as all it draws; None when within them. One pass over the text and one over its
    <use>s (what each id draws is worked out once), so the check itself is never the hang."""
    if len(text) > MAX_SVG_BYTES:
        return f"is an SVG past {_megabytes(MAX_SVG_BYTES)}, more than a map's SVG picture may be"
    elements, uses, spans, doubled = 0, [], {}, set()
    open_ids: list[tuple[bytes, bytes | None, int, int]] = []  # (name, id, elements, uses) before it
    for tag in _TAG.finditer(_UNREAD.sub(b"", text)):
        closing, name, attributes = tag.group(1), tag.group(2), tag.group(3)
        if closing:
            while open_ids:  # to the element it closes (Qt refuses a file whose tags do not match)
                opened, known, first, first_use = open_ids.pop()
                if known is not None:
                    spans[known] = (elements - first, first_use, len(uses))
                if opened == name:
                    break
            continue
        elements += 1
        if elements > MAX_SVG_ELEMENTS:
            return f"holds more than {MAX_SVG_ELEMENTS:,} elements, more than a map's SVG picture may"
        before = len(uses)
        if name.rpartition(b":")[2].lower() == b"use":
            href = _USE_HREF.search(attributes)
            if href is not None:
                uses.append(_value(href))
        found = _ID.search(attributes)
        known = None if found is None else _value(found)
        if known is not None:
            if known in spans:
                doubled.add(known)
            spans.setdefault(known, (1, before, len(uses)))  # its own until it closes
        if not attributes.rstrip().endswith(b"/"):
            open_ids.append((name, known, elements - 1, before))
    if doubled.intersection(uses):
        return "has a <use> of an id that more than one element has"
    drawn = elements
    sizes: dict[bytes, int] = {}
    for target in uses:
        drawn += _drawn_by(target, uses, spans, sizes)
        if drawn > MAX_SVG_DRAWN:
            return f"draws more than {MAX_SVG_DRAWN:,} elements through its <use>s, more than a map's SVG picture may"
    return None


def _value(found: re.Match) -> bytes:
    return (found.group(1) if found.group(1) is not None else found.group(2)).strip()


def _drawn_by(target: bytes, uses: list[bytes], spans: dict, sizes: dict[bytes, int]) -> int:
    """How many elements the element with id `target` draws, its own <use>s counted as all they
    draw, each id's count kept in `sizes`; past MAX_SVG_DRAWN (or a <use> of itself) as
    MAX_SVG_DRAWN + 1. An id the picture does not hold draws nothing."""
    if target in sizes or target not in spans:
        return sizes.get(target, 0)
    past = MAX_SVG_DRAWN + 1
    stack = [[target, spans[target][1], spans[target][0]]]  # id, its next <use>, elements so far
    working = {target}
    while stack:
        frame = stack[-1]
        name, k, count = frame
        end, deeper = spans[name][2], None
        while k < end and count <= MAX_SVG_DRAWN:
            used = uses[k]
            if used in sizes or used not in spans:
                count += sizes.get(used, 0)
            elif used in working:  # a <use> inside what it draws: Qt would go round for ever
                count = past
                break
            else:
                deeper = used
                break
            k += 1
        frame[1], frame[2] = k, count
        if deeper is not None:
            stack.append([deeper, spans[deeper][1], spans[deeper][0]])
            working.add(deeper)
            continue
        stack.pop()
        working.discard(name)
        sizes[name] = min(count, past)
        if count > MAX_SVG_DRAWN:  # everything waiting on it is past the cap too
            for waiting, _, _ in stack:
                sizes[waiting] = past
            return past
    return sizes[target]


def svg_outside_reference(text: bytes) -> str | None:
    """What in an SVG's text reaches outside the picture itself (an <image> or a link to a
    file or an address, an @import, a url() not to one of its own parts, an external
    entity), said in a few words; None when it stands alone. The text is read conservatively,
    as bytes: anything that might be such a reference counts as one."""
    if text.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in text:
        return "is written in UTF-16 or UTF-32: save it as UTF-8"
    declared = _ENCODING.match(text)
    if declared is not None and declared.group(1).decode("ascii", "replace").strip().lower() not in SAFE_ENCODINGS:
        return "is written in an encoding Tabletop does not check: save it as UTF-8"
    if _EXTERNAL_ENTITY.search(text):
        return "declares an entity from another file"
    if _ENTITY.search(text):  # expanded, an entity's text could spell a link the checks below never see
        return "declares an entity, whose text Tabletop cannot check: save it without, or as a PNG"
    lower = text.lower()  # the same length: a place in one is the same place in the other
    if b"@import" in lower:
        return "imports a style sheet from another file"
    if _HREF_ODD.search(lower):
        return "holds a link Tabletop cannot read"
    for found in _HREF_OUT.finditer(lower):
        value = 1 if found.start(1) >= 0 else 2
        target = text[found.start(value) : found.end(value)].strip()  # as written: base64 minds its case
        if not _raster_inside(target):
            return f"links to '{_shown(target)}' outside itself"
    if _URL_OUT.search(lower):
        return "refers to a url() outside itself"
    return None


def _raster_inside(target: bytes) -> bool:
    """Whether a link is a picture carried inside the SVG (a data: address) that is a plain
    raster picture: an SVG inside could name files of its own."""
    if target[:5].lower() != b"data:" or b"," not in target:
        return False
    head, _, body = target[5:].partition(b",")
    try:
        if head.lower().endswith(b";base64"):
            start = re.sub(rb"\s+", b"", body[:256])[:64]
            data = base64.b64decode(start[: len(start) // 4 * 4], validate=True)
        else:
            data = unquote_to_bytes(body[:64])
    except (binascii.Error, ValueError):
        return False
    return data.startswith(RASTER_MAGIC) or (data[:4] == b"RIFF" and data[8:12] == b"WEBP")


def _shown(target: bytes) -> str:
    text = one_line(target.decode("utf-8", "replace"))
    return text if len(text) <= 60 else text[:59] + "…"


__all__ = [
    "ASSETS",
    "HARD_LINK",
    "MAX_PICTURE_BYTES",
    "MAX_PICTURE_PIXELS",
    "MAX_SVG_BYTES",
    "MAX_SVG_DRAWN",
    "MAX_SVG_ELEMENTS",
    "PictureNotCopied",
    "PictureRefused",
    "copy_beside",
    "picture_bytes",
    "picture_file",
    "svg_outside_reference",
    "svg_work_problem",
    "unpacked_svg",
    "written_path",
]

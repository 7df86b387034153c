"""What an export may replace without asking: nothing, or a file of its own kind.

An export is written over whatever has its name. Over an earlier export that loses nothing the
GM wants; over a symbolic link it would replace the file the link leads to, and over a file of
another kind (a map, notes, a PDF where a PNG was asked for) a file the GM never meant to give
up. Those are refused unless the GM says so (`tabletop export --overwrite`, or yes to the
Export dialog's question). The kind is told by the file's first bytes, not its name.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

KINDS = {"png": "a PNG picture", "svg": "an SVG picture", "pdf": "a PDF"}
"""The kinds of export, and how a GM names a file of each."""
HEAD_BYTES = 4096
"""Bytes read from the start of a file to tell its kind: an SVG's <svg> comes after its XML
declaration and comments, well within this."""


def replace_refusal(path: str | os.PathLike[str], kind: str) -> str | None:
    """Why an export of `kind` ("png", "svg" or "pdf"; a suffix such as ".PNG" is taken too)
    must not replace what is at `path` unasked, said as the rest of a sentence that begins
    with the file's name ("is a symbolic link to notes.txt"); None when nothing is there, an
    empty file, or a file of that kind. The link itself is looked at, never followed."""
    kind = kind.lower().removeprefix(".")
    if kind not in KINDS:
        raise ValueError(f"no export makes {kind!r} files")
    try:
        info = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        return f"cannot be looked at ({error.strerror or error})"
    if stat.S_ISLNK(info.st_mode):
        try:
            return f"is a symbolic link to {os.readlink(path)}"
        except OSError:
            return "is a symbolic link"
    if stat.S_ISDIR(info.st_mode):
        return "is a folder"
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file (a device or a pipe)"
    if info.st_size == 0:
        return None  # nothing to lose
    try:
        head = _head(Path(path))
    except OSError as error:
        return f"cannot be read ({error.strerror or error})"
    found = kind_of(head)
    if found == kind:
        return None
    wanted = KINDS[kind]
    return f"is {KINDS[found]}, not {wanted}" if found else f"is not {wanted}"


def kind_of(head: bytes) -> str | None:
    """The kind of export the first bytes of a file say it is, if any."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"%PDF-"):
        return "pdf"
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if text.startswith(b"<") and b"<svg" in text:
        return "svg"
    return None


def _head(path: Path) -> bytes:
    """The first bytes of a regular file, opened without following a link put there since
    it was looked at, nor waiting on a pipe."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(0, "it is no longer a regular file")
        return os.read(fd, HEAD_BYTES)
    finally:
        os.close(fd)

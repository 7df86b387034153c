"""The one error type of map files: one line that names the file and the problem."""

from __future__ import annotations

import os
import unicodedata

MAX_PROBLEM = 240
UNSAFE = {"Cc", "Cs", "Zl", "Zp"}
"""Characters that would break a line or a terminal: controls, lone surrogates, line breaks."""
BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction overrides, which would show the rest of a line reversed."""


def one_line(text: str, *, collapse: bool = True) -> str:
    """Text fit for one line of a terminal or a dialog: runs of white space become one space
    (unless `collapse` is off, as for a file name) and anything unprintable (an escape
    sequence, a new line, a lone surrogate, a direction override) is shown escaped, as \\x1b."""
    flat = " ".join(str(text).split()) if collapse else str(text)
    return "".join(_escaped(c) if unicodedata.category(c) in UNSAFE or c in BIDI else c for c in flat)


def _escaped(char: str) -> str:
    return char.encode("unicode_escape").decode("ascii")


def printable_line(text: str) -> bool:
    """Whether text is one line a terminal shows as it is: what one_line makes."""
    return not any(unicodedata.category(c) in UNSAFE or c in BIDI for c in text)


class MapFileError(Exception):
    """Raised for any map file that cannot be read or written, whatever the cause.

    The message is always a single line, "FILE: problem", fit to show a GM as it is: the
    problem is cut to MAX_PROBLEM characters, and the file name and the problem are passed
    through one_line, so a hostile file or file name cannot flood or garble the terminal.
    """

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = os.fspath(path)
        text = one_line(problem)
        self.problem = text if len(text) <= MAX_PROBLEM else text[: MAX_PROBLEM - 1] + "…"
        super().__init__(f"{one_line(self.path, collapse=False)}: {self.problem}")

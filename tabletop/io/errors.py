"""The one error type of map files: one line that names the file and the problem."""

from __future__ import annotations

import os

MAX_PROBLEM = 240


def one_line(text: str, *, collapse: bool = True) -> str:
    """Text fit for one line of a terminal or a dialog: runs of white space become one space
    (unless `collapse` is off, as for a file name) and anything unprintable (an escape
    sequence, a new line, a lone surrogate) is shown escaped, as \\x1b."""
    flat = " ".join(str(text).split()) if collapse else str(text)
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in flat)


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

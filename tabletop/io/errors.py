"""The one error type of map files: one line that names the file and the problem."""

from __future__ import annotations

import os


class MapFileError(Exception):
    """Raised for any map file that cannot be read or written, whatever the cause.

    The message is always a single line, "FILE: problem", fit to show a GM as it is: the
    problem is cut to MAX_PROBLEM characters and anything unprintable that a broken file
    fed into it is shown as "?", so a hostile file cannot flood or garble the terminal.
    """

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = os.fspath(path)
        text = "".join(c if c.isprintable() else "?" for c in " ".join(str(problem).split()))
        self.problem = text if len(text) <= MAX_PROBLEM else text[: MAX_PROBLEM - 1] + "…"
        super().__init__(f"{self.path}: {self.problem}")


MAX_PROBLEM = 240

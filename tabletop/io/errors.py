"""The one error type of map files: one line that names the file and the problem."""

from __future__ import annotations

import os


class MapFileError(Exception):
    """Raised for any map file that cannot be read or written, whatever the cause.

    The message is always a single line, "FILE: problem", fit to show a GM as it is.
    """

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = os.fspath(path)
        self.problem = " ".join(str(problem).split())
        super().__init__(f"{self.path}: {self.problem}")

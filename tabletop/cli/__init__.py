"""The `tabletop` command: open the map window, or work headless on map files.

app holds the parser and the one-line error guard; files, movement and grid hold the
commands; nothing here imports Qt until `open` or `export` runs.
"""

from tabletop.cli.app import main, run_program
from tabletop.cli.errors import UsageError

__all__ = ["UsageError", "main", "run_program"]

"""Tabletop: zone maps and encounter grids for role-playing games played at the table."""

import os

__version__ = "0.1.0"

# Tabletop's numpy work is element by element (tables of zones and borders), never matrix
# algebra, so OpenBLAS's worker threads would only spin: started with numpy, they cost every
# open of a map CPU that a two-core laptop needs for the window. A GM who sets the variable
# keeps theirs.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# Tabletop uses no pydantic plugins: without this, building its first model scans every
# installed package's entry points for them at each start.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

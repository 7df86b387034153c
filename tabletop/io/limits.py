"""Limits on what a map file may hold, so a hostile or broken file cannot exhaust the machine."""

MAX_FILE_BYTES = 256 * 1024 * 1024
"""Several times the file of the biggest map we draw (docs/SPEED.md): a file past it is no map."""

MAX_NESTING = 32
"""The deepest real map is 7 levels (map, zones, zone, shape, points, point); room to grow."""

EXTENSION = ".tabletop"
"""Map files are UTF-8 JSON with this extension; the backup beside one adds `.bak`."""

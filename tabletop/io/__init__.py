"""Map files: read, write, migrate, limits and schema. Qt-free; never pickles."""

from tabletop.io.errors import MapFileError
from tabletop.io.limits import EXTENSION, MAX_FILE_BYTES, MAX_NESTING
from tabletop.io.read import load_map, map_from_bytes
from tabletop.io.schema import map_schema, map_schema_text
from tabletop.io.write import BACKUP_SUFFIX, map_to_text, save_map

__all__ = [
    "BACKUP_SUFFIX",
    "EXTENSION",
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "MapFileError",
    "load_map",
    "map_from_bytes",
    "map_schema",
    "map_schema_text",
    "map_to_text",
    "save_map",
]

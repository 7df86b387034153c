"""Map files: read, write, migrate, limits and schema. Qt-free; never pickles."""

from tabletop.io.errors import MapFileError, one_line
from tabletop.io.limits import EXTENSION, MAX_FILE_BYTES, MAX_NESTING
from tabletop.io.read import (
    Progress,
    ReadCancelled,
    check_map_file,
    check_map_file_versioned,
    load_map,
    load_map_stamped,
    load_map_versioned,
    map_from_bytes,
)
from tabletop.io.schema import map_schema, map_schema_text
from tabletop.io.stamp import FileChangedError, FileStamp
from tabletop.io.tilesets import (
    TILESET_EXTENSION,
    FoundSet,
    load_tile_set,
    save_tile_set,
    tile_set_from_bytes,
    tile_set_to_text,
    tile_sets_in,
)
from tabletop.io.write import BACKUP_SUFFIX, map_to_text, save_map, write_atomically

__all__ = [
    "BACKUP_SUFFIX",
    "EXTENSION",
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "TILESET_EXTENSION",
    "FileChangedError",
    "FileStamp",
    "FoundSet",
    "MapFileError",
    "Progress",
    "ReadCancelled",
    "check_map_file",
    "check_map_file_versioned",
    "load_map",
    "load_map_stamped",
    "load_map_versioned",
    "load_tile_set",
    "map_from_bytes",
    "map_schema",
    "map_schema_text",
    "map_to_text",
    "one_line",
    "save_map",
    "save_tile_set",
    "tile_set_from_bytes",
    "tile_set_to_text",
    "tile_sets_in",
    "write_atomically",
]

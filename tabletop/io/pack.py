"""Pack for Sharing: one .zip holding a map and every picture it names, at the same paths from
the map as on the GM's disk, all inside one folder named after the map, so whoever unzips it
gets that one folder (never the map and an assets/ folder scattered among their own files) and
opens the map with its pictures in place. The pack is the GM's copy, GM notes and hidden tokens
included: the players are given a players' export instead.

A map keeps its pictures in its own folder (docs/MAP-FILES.md): its background and its
tokens' art by name, and the pictures kept in its assets/ folder (handouts shown from there)
go along too. Each is read as every picture is (io/pictures.py: a regular file in the map's
folder, links followed and kept inside it, capped), so a pack never carries a file from
elsewhere; a picture that cannot be read is left out and said. Qt-free.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.io.errors import MapFileError
from tabletop.io.pictures import ASSETS, PictureNotCopied, PictureRefused, copy_beside, picture_bytes, picture_file
from tabletop.io.write import map_to_bytes, write_atomically
from tabletop.model import Map
from tabletop.model.pictures import picture_path_problem

PICTURE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp", ".svg", ".svgz", ".bmp", ".gif"})
"""The files of the assets/ folder a pack carries: the pictures Tabletop reads."""
MOST_ASSETS = 2_000
"""The most files taken from the assets/ folder: a folder past it is a library, not a map's."""
CHUNK = 1 << 20


@dataclass
class Packed:
    """What a pack holds: the map's name in it, the pictures carried (paths in the zip) and the
    pictures left out, each with the line saying why."""

    map_name: str
    folder: str = ""
    """The folder in the zip that holds everything."""
    pictures: list[str] = field(default_factory=list)
    """Their paths from the map, as the map names them."""
    left_out: list[str] = field(default_factory=list)

    def summary(self) -> str:
        pictures = f"{len(self.pictures)} picture{'s' * (len(self.pictures) != 1)}"
        held = f"the map {self.map_name} and {pictures} in the folder {self.folder}/"
        return held + (f"; {len(self.left_out)} left out" if self.left_out else "")


GMS_COPY = "the GM's copy, GM notes and hidden tokens included; players get a players' export"
"""Said with every pack (followed by how to make that export): a pack is not for the players'
eyes."""


def pack_folder(map_name: str) -> str:
    """The folder in the zip the map and its pictures go in: the map's name without its suffix
    ("camp.tabletop": "camp"), or "map" when that leaves nothing a folder can be named."""
    stem = map_name.rsplit(".", 1)[0].strip().rstrip(".")
    return stem if stem and stem not in (".", "..") and "/" not in stem and "\\" not in stem else "map"


def pictures_named(map_: Map) -> list[str]:
    """Every picture path the map names, once each, in the map's order: its background, then its
    tokens' art."""
    named = [map_.background.path] if map_.background is not None else []
    named += [token.picture.path for token in map_.tokens if token.picture is not None]
    return list(dict.fromkeys(named))


def assets_kept(folder: str | os.PathLike[str]) -> list[str]:
    """The pictures in the map's assets/ folder and the folders inside it, as the map writes
    their paths; none when there is no such folder. Links are not followed into other folders."""
    root = Path(folder) / ASSETS
    found: list[str] = []
    if not root.is_dir() or root.is_symlink():
        return found
    for here, folders, files in os.walk(root):
        folders[:] = sorted(name for name in folders if not (Path(here) / name).is_symlink())
        for name in sorted(files):
            if Path(name).suffix.lower() in PICTURE_SUFFIXES and not name.startswith("."):
                written = (Path(here) / name).relative_to(folder).as_posix()
                if picture_path_problem(written) is None:
                    found.append(written)
                if len(found) >= MOST_ASSETS:
                    return found
    return found


def pack_map(map_: Map, map_name: str, folder: str | os.PathLike[str], out: str | os.PathLike[str]) -> Packed:
    """Write `out`, a zip of the map (as `map_name`, saved as it is now) and its pictures found
    in `folder`, all in one folder named after the map (pack_folder), whole or not at all;
    MapFileError when it cannot be written."""
    top = pack_folder(map_name)
    packed = Packed(map_name, top)
    out_real = os.path.realpath(out)
    with tempfile.TemporaryFile() as spool:
        with zipfile.ZipFile(spool, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(f"{top}/{map_name}", map_to_bytes(map_, map_name))
            for written in dict.fromkeys([*pictures_named(map_), *assets_kept(folder)]):
                try:
                    file = picture_file(written, folder)
                    if str(file) == out_real:
                        continue  # the pack itself, written into the assets/ folder
                    raw, _ = picture_bytes(file)
                except PictureRefused as refused:
                    packed.left_out.append(f"picture {refused}")
                    continue
                # pictures are compressed already: stored, not squeezed again
                archive.writestr(f"{top}/{written}", raw, compress_type=zipfile.ZIP_STORED)
                packed.pictures.append(written)
        spool.seek(0)
        write_atomically(out, _chunks(spool), verb="written")
    return packed


def _chunks(spool) -> Iterator[bytes]:
    while chunk := spool.read(CHUNK):
        yield chunk


def carry_pictures(map_: Map, old: str | os.PathLike[str], new: str | os.PathLike[str]) -> tuple[Map, list[Path]]:
    """The map as saved into folder `new` from folder `old` writes it, and the picture files
    copied for it: each token's art is copied along to the same path from the map (a file there
    is never replaced: the same picture is used as it is, another gets a new name, and the
    token's path follows it). A picture that cannot be found or read keeps its path, for the GM
    to put back. MapFileError (without a file name: the caller's save names it) when a picture
    cannot be written there; what was copied before it is removed."""
    if os.path.realpath(old) == os.path.realpath(new):
        return map_, []
    copied: list[Path] = []
    paths: dict[str, str] = {}
    try:
        for written in dict.fromkeys(t.picture.path for t in map_.tokens if t.picture is not None):
            try:
                source = picture_file(written, old)
            except PictureRefused:
                continue
            if not source.exists():
                continue
            try:
                now, made = copy_beside(source, new, written)
            except PictureNotCopied:
                raise
            except PictureRefused:
                continue  # not drawn where it was either: the status line said why
            paths[written] = now
            if made:
                copied.append(Path(new) / now)
    except PictureNotCopied as refused:
        for file in copied:
            file.unlink(missing_ok=True)
        raise MapFileError(Path(new), f"cannot take a token's picture along: the picture {refused}") from None
    moved = {w: n for w, n in paths.items() if w != n}
    if not moved:
        return map_, copied
    tokens = [
        t.model_copy(update={"picture": t.picture.model_copy(update={"path": moved[t.picture.path]})})
        if t.picture is not None and t.picture.path in moved
        else t
        for t in map_.tokens
    ]
    return map_.model_copy(update={"tokens": tokens}), copied


__all__ = ["GMS_COPY", "Packed", "assets_kept", "carry_pictures", "pack_folder", "pack_map", "pictures_named"]

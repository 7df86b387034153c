"""`tabletop pack MAP -o FILE.zip`: the map and every picture it names in one .zip to send."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_pack_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "pack",
        help="write one .zip of a map and its pictures (background, token art, assets/) in one folder named after "
        "the map, to send to another GM (it holds GM notes and hidden tokens); unzip and open",
    )
    p.add_argument("file", metavar="MAP")
    p.add_argument("-o", "--output", required=True, metavar="FILE.zip", help="the .zip to write")
    p.add_argument("--overwrite", action="store_true", help="replace FILE.zip if it is there")


def run_pack(args: argparse.Namespace) -> int:
    from tabletop.io import MapFileError, load_map
    from tabletop.io.pack import GMS_COPY, pack_map

    out = Path(args.output)
    if out.suffix.lower() != ".zip":
        raise MapFileError(out, "is not a .zip: a pack is written as FILE.zip")
    if (out.exists() or out.is_symlink()) and not args.overwrite:
        raise MapFileError(out, "is there already: not replaced without --overwrite")
    map_ = load_map(args.file)
    source = Path(args.file)
    packed = pack_map(map_, source.name, source.resolve().parent, out)
    if packed.left_out:  # one line, however many pictures are missing
        print(f"{args.file}: warning: {'; '.join(packed.left_out)}; left out of the pack", file=sys.stderr)
    print(f"{out}: {packed.summary()} — {GMS_COPY} (tabletop export --player)")
    return 0


PACK_COMMANDS = {"pack": run_pack}

"""Rebuild the bundle's ICU data library without the parts Qt never asks ICU for.

QtCore links ICU for collation (QCollator, the file dialog's sorting), case mapping, time-zone
names and legacy text codecs; libicudata carries 31 MB of CLDR data besides, most of which only
ICU's own formatters read (units, currencies, language and region names, transliteration, break
dictionaries). Qt formats numbers and dates from its own CLDR tables, and Tabletop reads and writes
UTF-8 only, which ICU converts without data files. So the data package keeps every locale's
collation and core data and drops the rest; the library keeps its name and its one symbol.

    python packaging/slim_icu.py BUNDLE/_internal/PySide6/Qt/lib/libicudata.so.NN

Needs icupkg (Debian: icu-devtools) and a C compiler; without them it says so and leaves the
library as it is (exit status 0: the bundle is only larger).
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

# Trees of the ICU data package Qt does not read (QtCore imports only ucol_*, ucnv_*, ucal_* for
# time-zone names, and u_strToUpper/Lower; see `nm -D --undefined-only libQt6Core.so.6`).
DROPPED_TREES = ("brkitr/", "curr/", "lang/", "region/", "unit/", "rbnf/", "translit/", "zone/")
# Legacy converters: a .cnv file per code page; UTF-8, UTF-16 and Latin-1 need none.
DROPPED_SUFFIXES = (".cnv",)


def rodata_symbol(library: Path) -> tuple[str, bytes]:
    """The data package's symbol name and bytes: ICU's data library exports one object, in .rodata."""
    out = subprocess.run(["nm", "-D", "--defined-only", "-S", library], capture_output=True, text=True, check=True)
    value, size, _kind, name = next(line.split() for line in out.stdout.splitlines() if line.endswith("_dat"))
    blob = library.read_bytes()
    # ELF64 section headers: find the section holding the symbol's address to turn it into a file offset.
    shoff, shentsize, shnum = struct.unpack_from("<Q", blob, 0x28)[0], *struct.unpack_from("<HH", blob, 0x3A)
    address = int(value, 16)
    for index in range(shnum):
        _n, _t, _f, addr, offset, length = struct.unpack_from("<IIQQQQ", blob, shoff + index * shentsize)
        if addr <= address < addr + length:
            start = offset + address - addr
            return name, blob[start : start + int(size, 16)]
    raise SystemExit(f"slim_icu: {library}: no section holds {name}")


def slim(library: Path) -> int:
    icupkg, cc = shutil.which("icupkg"), shutil.which("cc") or shutil.which("gcc")
    if icupkg is None or cc is None:
        print("slim_icu: icupkg (icu-devtools) or a C compiler missing; ICU data left whole", file=sys.stderr)
        return 0
    name, package = rodata_symbol(library)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "kept").mkdir()
        # icupkg wants the file named as the package its items start with (icudt73l: little-endian).
        whole = work / f"{name.removesuffix('_dat')}l.dat"
        kept = work / "kept" / whole.name
        whole.write_bytes(package)
        items = subprocess.run([icupkg, "-l", whole], capture_output=True, text=True, check=True).stdout.split()
        dropped = [item for item in items if item.startswith(DROPPED_TREES) or item.endswith(DROPPED_SUFFIXES)]
        (work / "dropped.txt").write_text("\n".join(dropped) + "\n", encoding="utf-8")
        subprocess.run([icupkg, "-r", work / "dropped.txt", whole, kept], check=True, capture_output=True)
        (work / "data.s").write_text(
            f"\t.section .rodata\n\t.globl {name}\n\t.type {name}, @object\n\t.balign 16\n{name}:\n"
            f'\t.incbin "{kept}"\n\t.size {name}, . - {name}\n\t.section .note.GNU-stack,"",@progbits\n',
            encoding="utf-8",
        )
        rebuilt = work / library.name
        subprocess.run(
            [cc, "-shared", "-nostdlib", f"-Wl,-soname,{library.name}", "-o", rebuilt, work / "data.s"], check=True
        )
        before, after = library.stat().st_size, rebuilt.stat().st_size
        shutil.copyfile(rebuilt, library)
    print(f"slim_icu: {library.name} {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB ({len(dropped)} items dropped)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2 or not Path(sys.argv[1]).is_file():
        raise SystemExit("usage: slim_icu.py PATH/libicudata.so.NN")
    sys.exit(slim(Path(sys.argv[1])))

"""Lay out Tabletop's desktop integration under a prefix (for the .deb: ROOT/usr/share):
the .desktop launcher, the AppStream metainfo, the .tabletop MIME type, and the app icon
rendered from resources/icons/app.svg at the hicolor sizes with Qt's own SVG renderer.

    python packaging/stage_desktop.py SHARE_DIR

The metainfo names only what the repository states: its licence (the source file carries it,
as pyproject.toml declares it), and a homepage and screenshot URLs only when the build is told
where the project is published (TABLETOP_HOMEPAGE, and TABLETOP_SCREENSHOTS for the URL that
serves the repository's resources/screenshots/). Run with a Python that has PySide6 (the
project's .venv); offscreen, so no display is needed.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

APP_ID = "org.tabletop.Tabletop"
HERE = Path(__file__).resolve().parent
APP_SVG = HERE.parent / "resources" / "icons" / "app.svg"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def render_icons(share: Path) -> list[Path]:
    """One PNG per hicolor size plus the scalable SVG: menus and docks pick the nearest size."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(APP_SVG))
    if not renderer.isValid():
        raise SystemExit(f"stage_desktop: {APP_SVG}: not an SVG Qt can draw")
    written = []
    for size in ICON_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise SystemExit(f"stage_desktop: could not write {target}")
        written.append(target)
    scalable = share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(APP_SVG, scalable)
    return [*written, scalable]


def metainfo(source: str, homepage: str | None, screenshots: str | None) -> str:
    """The installed metainfo: the repository's facts filled in, and what is not known left out
    (AppStream wants screenshots as URLs, so without a published copy there are none)."""
    tail = "  <developer_name>"
    source = re.sub(r"\n\s*<!--.*?-->", "", source, flags=re.DOTALL)  # notes for the source file's readers
    if homepage:
        source = source.replace(tail, f'  <url type="homepage">{homepage}</url>\n{tail}', 1)
    if screenshots:
        return source.replace("<image>resources/screenshots/", f"<image>{screenshots.rstrip('/')}/")
    return re.sub(r"\n\s*<screenshots>.*?</screenshots>", "", source, flags=re.DOTALL)


def stage(share: Path, homepage: str | None = None, screenshots: str | None = None) -> list[Path]:
    """Everything a desktop needs, at the paths the freedesktop specifications name."""
    linux = HERE / "linux"
    placed = {
        linux / f"{APP_ID}.desktop": share / "applications" / f"{APP_ID}.desktop",
        linux / f"{APP_ID}.metainfo.xml": share / "metainfo" / f"{APP_ID}.metainfo.xml",
        linux / f"{APP_ID}.mime.xml": share / "mime" / "packages" / f"{APP_ID}.xml",
    }
    for source, target in placed.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    target = placed[linux / f"{APP_ID}.metainfo.xml"]
    target.write_text(metainfo(target.read_text(encoding="utf-8"), homepage, screenshots), encoding="utf-8")
    return [*placed.values(), *render_icons(share)]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: stage_desktop.py SHARE_DIR")
    home, shots = os.environ.get("TABLETOP_HOMEPAGE") or None, os.environ.get("TABLETOP_SCREENSHOTS") or None
    for path in stage(Path(sys.argv[1]), home, shots):
        print(path)

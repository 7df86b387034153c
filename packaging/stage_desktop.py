"""Lay out Tabletop's desktop integration under a prefix (for the .deb: ROOT/usr/share):
the .desktop launcher, the AppStream metainfo, the .tabletop MIME type, and the app icon
rendered from resources/icons/app.svg at the hicolor sizes with Qt's own SVG renderer.

    python packaging/stage_desktop.py SHARE_DIR

Run with a Python that has PySide6 (the project's .venv); offscreen, so no display is needed.
"""

from __future__ import annotations

import os
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


def stage(share: Path) -> list[Path]:
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
    return [*placed.values(), *render_icons(share)]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: stage_desktop.py SHARE_DIR")
    for path in stage(Path(sys.argv[1])):
        print(path)

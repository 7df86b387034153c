"""Run by an installed Tabletop's own Python (a fresh venv, a frozen app's check): reports as JSON
where the bundled resources were found, whether Qt loaded the fonts and every icon, and every
message Qt printed while the main window opened offscreen. Not a test module: it imports only
what the installed app has."""

from __future__ import annotations

import json
import os
import sys


def main() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtGui import QAction, QFontDatabase, QIcon
    from PySide6.QtWidgets import QApplication

    messages: list[str] = []
    qInstallMessageHandler(lambda _kind, _context, text: messages.append(text))
    app = QApplication(sys.argv[:1])

    from tabletop.render import style
    from tabletop.ui.main_window import MainWindow

    fonts = {}
    for path in sorted((style.RESOURCES / "fonts").glob("*.ttf")):
        font_id = QFontDatabase.addApplicationFont(str(path))
        fonts[path.name] = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    style.font_family()
    window = MainWindow()
    window.show()
    app.processEvents()
    icons = {p.name: not QIcon(str(p)).pixmap(32, 32).isNull() for p in (style.RESOURCES / "icons").glob("*.svg")}
    given = [a for a in window.findChildren(QAction) if not a.icon().isNull()]
    report = {
        "resources": str(style.RESOURCES),
        "fonts": fonts,
        "icons": icons,
        "actions_with_icon": len(given),
        "actions_with_broken_icon": [a.text() for a in given if a.icon().pixmap(16, 16).isNull()],
        "messages": messages,
    }
    window.close()
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()

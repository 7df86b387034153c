"""Starting the window: `tabletop [FILE]` ends up here."""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop.io import load_map


def run(path: str | None) -> int:
    """Open the main window on a map (checked first, so a bad file is one line, not a dialog)."""
    map_ = load_map(path) if path else None
    from PySide6.QtWidgets import QApplication

    from tabletop.render.style import font_family
    from tabletop.ui.main_window import MainWindow
    from tabletop.ui.scheme import follow_scheme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Tabletop")
    app.setOrganizationName("Tabletop")
    app.setStyle("Fusion")
    follow_scheme(app)
    font_family()
    window = MainWindow()
    if map_ is not None:
        window.document.replace_map(map_, Path(path))
    window.show()
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, window.view.fit_map)  # once the window has its real size
    QTimer.singleShot(0, window.offer_recovery)
    return app.exec()

"""File ▸ Export…'s export: run with its progress, after asking before anything not the
export's own is replaced (a link, a file of another kind), never over a folder or a pipe, the
outcome said in the status bar. File ▸ Export Image… asks the same (main_window.py)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog

from tabletop.io import MapFileError
from tabletop.io.errors import one_line
from tabletop.io.outputs import KINDS, replace_refusal
from tabletop.render.export import ExportCancelled, export_map
from tabletop.ui.actions import say
from tabletop.ui.dialogs.export_dialog import ExportDialog
from tabletop.ui.plain import shown_plain


def run_export(window, dialog: ExportDialog) -> bool:
    """Export what the dialog says, with a progress dialog whose Cancel stops it and leaves no
    file; the outcome in the status bar, a failure in a message box. True when written."""
    path, options = dialog.path(), dialog.options()
    if not may_replace(window, path):
        say(window, f"Not exported: {one_line(str(path))} was left as it is")
        return False
    progress = QProgressDialog("Exporting…", "Cancel", 0, 1, window)
    progress.setWindowTitle("Export")
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(300)

    def tell(done: int, total: int) -> bool:
        progress.setMaximum(total)
        progress.setValue(done)
        QApplication.processEvents()
        return not progress.wasCanceled()

    try:
        export_map(dialog.map, path, base_dir=dialog.base_dir, options=options, progress=tell)
    except ExportCancelled:
        say(window, "Export cancelled: nothing was written")
        return False
    except MapFileError as error:
        QMessageBox.warning(window, "Could not export", shown_plain(str(error)))
        return False
    finally:
        progress.reset()
        progress.deleteLater()
    dialog.remember()
    say(window, f"Exported {path} ({dialog.size_line.text()})")
    return True


def may_replace(window, path) -> bool:
    """Whether the export may go to `path`: nothing there, a file of its own kind, or the GM
    says yes to replacing what is there (through a link, the file it points to). A folder, a
    pipe or a device is never replaced, whatever the GM would say: refused in one line."""
    kind = Path(path).suffix.lower().removeprefix(".")
    refusal = replace_refusal(path, kind) if kind in KINDS else None
    if refusal is None:
        return True
    if _never_replaced(path):
        QMessageBox.warning(
            window,
            "Could not export",
            shown_plain(f"{one_line(str(path))} {refusal}: an export never replaces it (choose another name)"),
        )
        return False
    box = QMessageBox(
        QMessageBox.Icon.Question,
        "Replace it?",
        f"{one_line(str(path))} {refusal}. Replace it with the export? (Through a link, the file it points to is "
        "replaced.)",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        window,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    box.setEscapeButton(QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes


def _never_replaced(path) -> bool:
    """Whether what is at `path` itself (a link is not followed) is a folder, a pipe, a device:
    a file of a sort no export takes the place of."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False  # nothing there, or it cannot be looked at: the refusal says so, the GM decides
    return not (stat.S_ISREG(mode) or stat.S_ISLNK(mode))

"""File ▸ Export… and File ▸ Export Image…: the map as a picture, a PDF or posters, for the GM
or the players (ui/dialogs/export_dialog.py), or the map as one image at a width the GM types."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from tabletop.document import MapDocument
from tabletop.io import MapFileError
from tabletop.io.errors import one_line
from tabletop.ui.actions import IMAGE_FILTERS, with_extension
from tabletop.ui.plain import shown_plain
from tabletop.ui.view import MapView


class Exports:
    """The two exports of the document shown in `view`: the export dialog starts from what the
    view shows and what is selected; the image has the grids' legend when `legend` (View ▸ Show
    Legend) is on. The choices are kept in `settings`; `say` is a passing line in the status bar."""

    def __init__(
        self,
        document: MapDocument,
        view: MapView,
        settings: QSettings,
        legend: QAction,
        say: Callable[[str], None],
    ) -> None:
        self.document, self.view, self.settings, self.legend, self.say = document, view, settings, legend, say

    def export(self) -> None:
        """The export dialog (scope, audience, scale, posters), then the export under a progress
        dialog that can cancel it."""
        # deferred: the export dialog's module and the exports' painting
        from tabletop.ui.dialogs.export_dialog import ExportDialog
        from tabletop.ui.dialogs.export_run import run_export
        from tabletop.ui.player.fog import players_sight

        document, window = self.document, self.view.window()
        dialog = ExportDialog(
            window,
            document.map,
            document.path.parent if document.path else None,
            self.view.mapToScene(self.view.viewport().rect()).boundingRect(),
            list(document.selection),
            self.settings,
            str(document.path.with_suffix(".png")) if document.path else "",
            players_sight(self.settings, document.map),
        )
        if dialog.exec() == ExportDialog.DialogCode.Accepted:
            run_export(window, dialog)

    def export_image(self) -> None:
        """The map as an image: the chosen filter's extension is added, and the GM chooses the
        width (remembered for next time)."""
        # deferred: the exports' painting and the export dialog's module
        from tabletop.render.export import DEFAULT_WIDTH, export_map
        from tabletop.ui.dialogs.export_run import may_replace

        window = self.view.window()
        folder = str(self.document.path.with_suffix("")) if self.document.path else ""
        chosen, name_filter = QFileDialog.getSaveFileName(window, "Export image", folder, IMAGE_FILTERS)
        if not chosen:
            return
        path = with_extension(chosen, name_filter)
        width = int(self.settings.value("export/width", DEFAULT_WIDTH, type=int))
        width, ok = QInputDialog.getInt(window, "Export image", "Width in pixels:", width, 16, 16384, 160)
        if not ok:
            return
        if not may_replace(window, path):  # a link, another kind of file: asked, as File ▸ Export… asks
            self.say(f"Not exported: {one_line(path)} was left as it is")
            return
        try:
            folder = self.document.path.parent if self.document.path else None
            export_map(self.document.map, path, width, base_dir=folder, legend=self.legend.isChecked())
        except MapFileError as error:
            QMessageBox.warning(window, "Could not export", shown_plain(str(error)))
            return
        self.settings.setValue("export/width", int(width))
        self.say(f"Exported {path} ({width} pixels wide)")

"""Map ▸ Check Map: what the map check found, listed for a GM preparing a map.

The dialog stays open beside the map (it is not modal): activating a finding asks the
window to centre on the zone or border it is about, so the GM can mend it and check again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument

if TYPE_CHECKING:  # the checks (networkx, numpy) are imported when the GM first checks a map, not at start
    from tabletop.rules.checks import Finding

CentreOn = Callable[[str, str], None]
"""centre_on(objects, object_id): objects is "zone" or "border"."""


class MapCheckDialog(QDialog):
    """The map check's findings: zones nobody can reach from the chosen zone, one-way traps
    and choke borders. Call refresh() after edits (Check Again does it too)."""

    def __init__(self, document: MapDocument, centre_on: CentreOn, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document, self.centre_on = document, centre_on
        self.found: list[Finding] = []
        self._whole_map: list[Finding] = []
        """Traps and choke borders do not depend on the start: kept until refresh()."""
        self.setWindowTitle("Check Map")
        self.setModal(False)
        self.start = QComboBox()
        self.start.setToolTip("The zone the party starts from: zones no way leads to from it are listed")
        self.start.currentIndexChanged.connect(self._check)
        self.findings = QListWidget()
        self.findings.setWordWrap(True)
        self.findings.itemActivated.connect(self._activated)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        again, close = QPushButton("Check Again"), QPushButton("Close")
        for button in (again, close):
            button.setAutoDefault(False)
        again.clicked.connect(self.refresh)
        close.clicked.connect(self.close)
        form = QFormLayout()
        form.addRow("Reachable from:", self.start)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(again)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.findings, 1)
        layout.addLayout(buttons)
        self.resize(520, 360)
        document.reset.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Take the map's zones again (keeping the chosen start while it exists) and check."""
        chosen = self.start.currentData()
        self.start.blockSignals(True)
        self.start.clear()
        for zone in self.document.map.zones:
            self.start.addItem(zone.label, zone.id)
        at = self.start.findData(chosen)
        self.start.setCurrentIndex(max(at, 0))
        self.start.blockSignals(False)
        from tabletop.rules.checks import choke_borders, one_way_traps

        graph = self.document.graph()
        self._whole_map = [*one_way_traps(graph), *choke_borders(graph)]
        self._check()

    def _check(self) -> None:
        from tabletop.rules.checks import unreachable_zones

        start = self.start.currentData()
        self.found = [*unreachable_zones(self.document.graph(), start), *self._whole_map] if start else []
        self.findings.clear()
        for finding in self.found:
            item = QListWidgetItem(finding.message)
            item.setToolTip(f"{finding.kind.value.capitalize()}: activate to centre the map on it")
            self.findings.addItem(item)
        if not self.document.map.zones:
            self.summary.setText("This map has no zones to check.")
        elif not self.found:
            self.summary.setText(
                f"Nothing to warn of: every zone can be reached from {self.start.currentText()}, "
                "no zone is a one-way trap, and no single border cuts the map in two."
            )
        else:
            count = len(self.found)
            self.summary.setText(
                f"{count} finding{'s' if count != 1 else ''}. Each is a warning: a sealed vault or a "
                "one-way drop may be what the scene needs. Activate one to see it on the map."
            )

    def _activated(self, item: QListWidgetItem) -> None:
        finding = self.found[self.findings.row(item)]
        if self.document.get(finding.objects, finding.ids[0]) is None:
            self.refresh()  # the map changed since the check: say what holds now
            return
        self.centre_on(finding.objects, finding.ids[0])

"""Map ▸ Check Map: what the map check found, listed for a GM preparing a map.

The dialog stays open beside the map (it is not modal): activating a finding selects the
zones or the border it is about and brings them into sight, clear of the dialog, so the GM can
mend them and check again.
The zones to start from are a list of names, not an item per zone: filling the picker with an
item per zone cost every check of a big map a wait of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QStringListModel
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.model import Zone
from tabletop.ui.plain import plain_label

if TYPE_CHECKING:  # the checks (numpy) are imported when the GM first checks a map, not at start
    from tabletop.rules.checks import Finding

ShowFinding = Callable[[str, tuple[str, ...]], None]
"""show(objects, ids): select the zones or the border a finding is about and bring them into
sight; objects is "zone" or "border"."""
START_WIDTH = 24
"""Characters the zone picker is sized for: measuring every zone's name to fit the longest
read all of a big map's names when the dialog first showed."""


class ZoneChoices(QStringListModel):
    """The zones to start from, in map order: their names in Qt's own string list, their ids
    beside it. Not answered in Python: the picker's popup measures every row's name before
    it opens, read by Qt in about half the time Python asked row by row takes."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.rows: dict[str, int] = {}

    def reset_rows(self, zones: list[Zone]) -> None:
        self.ids = [zone.id for zone in zones]
        self.rows = dict(zip(self.ids, range(len(self.ids)), strict=True))
        self.setStringList([zone.label for zone in zones])


class MapCheckDialog(QDialog):
    """The map check's findings: zones nobody can reach from the chosen zone, one-way traps,
    choke borders, zones drawn over each other and borders whose zones no longer touch. Call
    refresh() after edits (Check Again does it too)."""

    def __init__(self, document: MapDocument, show: ShowFinding, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document, self.show_finding = document, show
        self.found: list[Finding] = []
        self._whole_map: list[Finding] = []
        """Traps and choke borders do not depend on the start: kept until refresh()."""
        self.setWindowTitle("Check Map")
        self.setModal(False)
        self.choices = ZoneChoices()
        self.start = QComboBox()
        self.start.setModel(self.choices)
        self.start.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.start.setMinimumContentsLength(START_WIDTH)
        self.start.view().setUniformItemSizes(True)  # its list never measures every row of a big map
        self.start.setToolTip("The zone the party starts from: zones no way leads to from it are listed")
        self.start.currentIndexChanged.connect(self._check)
        self.findings = QListWidget()
        self.findings.setWordWrap(True)
        self.findings.setLayoutMode(QListView.LayoutMode.Batched)  # 100k wrapped rows measured a batch at a time
        self.findings.itemActivated.connect(self._activated)
        self.findings.viewport().installEventFilter(self)
        self.summary = plain_label(wrap=True)  # names the zone the check starts from
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
        chosen = self.start_zone()
        self.start.blockSignals(True)
        self.choices.reset_rows(self.document.map.zones)
        self.start.setCurrentIndex(self.choices.rows.get(chosen, 0))
        self.start.blockSignals(False)
        from tabletop.geometry.whole.overlaps import borders_apart, overlapping_pairs
        from tabletop.rules.checks import choke_borders, drawing_findings, one_way_traps

        graph, map_, layout = self.document.graph(), self.document.map, self.document.layout
        # the shapes as the layout holds them: a check again after an edit reads only what changed
        drawn = drawing_findings(graph, overlapping_pairs(map_.zones, layout), borders_apart(map_, layout))
        self._whole_map = [*one_way_traps(graph), *choke_borders(graph), *drawn]
        self._check()

    def start_zone(self) -> str | None:
        """The id of the zone chosen to start from (None on a map without zones)."""
        row = self.start.currentIndex()
        return self.choices.ids[row] if 0 <= row < len(self.choices.ids) else None

    def _check(self) -> None:
        from tabletop.rules.checks import unreachable_zones

        start = self.start_zone()
        self.found = [*unreachable_zones(self.document.graph(), start), *self._whole_map] if start else []
        self.findings.clear()
        self.findings.addItems(
            [finding.message for finding in self.found]
        )  # one call: most of a big map may be unreached
        if not self.document.map.zones:
            self.summary.setText("This map has no zones to check.")
        elif not self.found:
            self.summary.setText(
                f"Nothing to warn of: every zone can be reached from {self.start.currentText()}, "
                "no zone is a one-way trap, no single border cuts the map in two, no zones overlap "
                "and every border's zones touch."
            )
        else:
            count = len(self.found)
            self.summary.setText(
                f"{count} finding{'s' if count != 1 else ''}. Each is a warning: a sealed vault or a "
                "one-way drop may be what the scene needs. Activate one to see it on the map."
            )

    def tip(self, row: int) -> str:
        """What hovering over a finding says (asked when shown, not set on 100k items)."""
        return f"{self.found[row].kind.value.capitalize()}: activate to centre the map on it"

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.findings.viewport() and event.type() == QEvent.Type.ToolTip:
            row = self.findings.indexAt(event.pos()).row()
            if 0 <= row < len(self.found):
                QToolTip.showText(event.globalPos(), self.tip(row), watched)
            else:
                QToolTip.hideText()
            return True
        return super().eventFilter(watched, event)

    def _activated(self, item: QListWidgetItem) -> None:
        finding = self.found[self.findings.row(item)]
        if any(self.document.get(finding.objects, object_id) is None for object_id in finding.ids):
            self.refresh()  # the map changed since the check: say what holds now
            return
        self.show_finding(finding.objects, finding.ids)

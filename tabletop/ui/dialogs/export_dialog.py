"""File ▸ Export…: every export option in one dialog, with a preview that is the export.

The dialog only fills in an ExportOptions (render/export, shared with `tabletop export`) and a
file name; the window runs the export under a progress dialog that can cancel it. The preview
is painted by the export's own function at a small width, so what the GM sees is what the
file will hold: the players' copy shows no secret here either.

A poster is at true scale: ticking it turns the scale to millimetres on paper, as the command
line's poster; unticking it brings the picture's scale back. Choices are remembered, per map.
"""

from __future__ import annotations

import json
import math
import weakref
from pathlib import Path

from PySide6.QtCore import QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.model import Map
from tabletop.render.export import (
    ExportError,
    ExportOptions,
    PictureTooLarge,
    Poster,
    Scale,
    ScaleKind,
    Scope,
    ScopeKind,
    Who,
    prepare,
    render_image,
)
from tabletop.render.export.options import MM_PER_INCH, PRINT_SCALES, PlayersSight
from tabletop.render.export.picture import MAX_PIXELS, MAX_SIDE, MIN_SIDE, STREAM_PIXELS, STREAM_SIDE, with_width
from tabletop.ui.actions import IMAGE_FILTERS, with_extension
from tabletop.ui.dialogs.kept_settings import kept_number, saved_json
from tabletop.ui.dialogs.poster_count import PosterPlans
from tabletop.ui.player.calibration import area_mm, units_per_inch

PREVIEW_WIDTH = 360
PREVIEW_HEIGHT = PREVIEW_WIDTH * 2 // 3
"""The preview's room: a picture taller than this is drawn narrower, whole, with paper each side."""
PREVIEW_ZONES = 20_000
"""Above this many zones the preview waits for its button: painting it takes seconds."""
LISTED = 2_000
"""Zones offered by name in the scope's list; on a bigger map the GM types the zone's id."""
SCOPES = [
    ("Whole map", ScopeKind.ALL),
    ("Current view", ScopeKind.VIEW),
    ("Selection", ScopeKind.SELECTION),
    ("One zone", ScopeKind.ZONE),
    ("One encounter grid", ScopeKind.GRID),
]
AUDIENCES = [
    ("GM: everything", Who.GM),
    ("Players: as the player window shows it", Who.PLAYERS),
    ("Players: clean copy, no tokens", Who.CLEAN),
]
SCALES = [
    ("Width in pixels", ScaleKind.WIDTH, 1920.0),
    ("Pixels per map unit", ScaleKind.PX_PER_UNIT, 1.0),
    ("Pixels per grid area", ScaleKind.PX_PER_AREA, 50.0),
    ("Millimetres per area (print)", ScaleKind.MM_PER_AREA, 25.4),
    ("Millimetres per map unit (print)", ScaleKind.MM_PER_UNIT, 0.635),
]
FLAGS = [
    ("grid_lines", "Grid lines"),
    ("area_coordinates", "Area coordinates"),
    ("badges", "Border badges"),
    ("token_names", "Token names"),
    ("legend", "Legend"),
    ("title", "Title"),
]
OFF = ("area_coordinates", "legend", "title")
"""Flags unticked at first, as ExportOptions leaves them."""
PAPERS = ["A4", "Letter", "A3"]
OPTIONS_KEY = "export/options"
MAPS_KEY = "export/maps"
"""The part of the map and the poster tick of each map, by the file its export is first offered
as (named after the map's file): the few maps a GM prepares each come back as they left them."""
REMEMBERED_MAPS = 50
_unsaved_map: weakref.WeakKeyDictionary[QSettings, dict] = weakref.WeakKeyDictionary()
"""The same for a map never saved, for this session only (it has no name to keep it by): beside
the settings the window holds, gone with them."""


class ExportDialog(QDialog):
    def __init__(
        self,
        parent: QWidget | None,
        map_: Map,
        base_dir: Path | None = None,
        view_rect: QRectF | None = None,
        selection: list[tuple[str, str]] | None = None,
        settings: QSettings | None = None,
        path: str = "",
        sight: PlayersSight | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export")
        self.sight = sight
        """Fog by sight as the players' window has it: their copies dim what is out of sight."""
        self.map, self.base_dir, self.settings = map_, base_dir, settings
        self.view_rect = view_rect
        self.selection = tuple(selection or ())
        self.file = QLineEdit(path)
        self._picture_suffix: str | None = None  # the extension a poster's .pdf took the place of
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.file, 1)
        row.addWidget(browse)
        self.scope = self._combo([label for label, _ in SCOPES])
        self.target = QComboBox()
        self.target.setEditable(True)
        self.margin = self._number(0, 10_000, 40, 0, " map units")
        self.who = self._combo([label for label, _ in AUDIENCES])
        self.scale_kind = self._combo([label for label, _, _ in SCALES])
        self.scale_value = self._number(0.001, 100_000, 1920, 0)
        self.dpi = self._number(10, 2400, 150, 0, " dpi")
        self.flags = {name: QCheckBox(label) for name, label in FLAGS}
        flags = QGridLayout()
        for k, (name, _) in enumerate(FLAGS):
            flags.addWidget(self.flags[name], k // 3, k % 3)
            self.flags[name].setChecked(name not in OFF)
            self.flags[name].toggled.connect(self._changed)
        self.poster = QGroupBox("Poster: a PDF at true scale over pages")
        self.poster.setCheckable(True)
        self.poster.setChecked(False)
        self.paper = self._combo(PAPERS)
        self.landscape = QCheckBox("Landscape")
        self.landscape.toggled.connect(self._changed)
        self.overlap = self._number(0, 60, 10, 1, " mm overlap")
        poster_row = QHBoxLayout(self.poster)
        for widget in (self.paper, self.landscape, self.overlap):
            poster_row.addWidget(widget)
        self.poster.toggled.connect(self._poster_toggled)
        self.scale_note = QLabel()  # one line: a wrapped label squeezes the poster's row
        self.scale_note.setVisible(False)
        self._plain_scale: tuple[int, float] | None = None  # before the poster: back when unticked
        self._poster_scale: dict = {}  # the last poster's millimetres, by scale kind
        self.size_line = QLabel()
        self.size_line.setTextFormat(Qt.TextFormat.PlainText)
        self.size_line.setWordWrap(True)
        self.preview = QLabel()
        self.preview.setMinimumSize(PREVIEW_WIDTH, PREVIEW_HEIGHT)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.plans = PosterPlans(map_, base_dir, self)
        self.plans.ready.connect(self._plan_ready)
        self.preview_button = QPushButton("Show preview")
        self.preview_button.clicked.connect(self.update_preview)
        self.preview_button.setVisible(len(map_.zones) > PREVIEW_ZONES)
        form = QFormLayout()
        form.addRow("File:", row)
        form.addRow("Part of the map:", self.scope)
        form.addRow("Zone or grid:", self.target)
        form.addRow("Margin:", self.margin)
        form.addRow("For:", self.who)
        form.addRow("Scale:", self.scale_kind)
        form.addRow("", self.scale_value)
        form.addRow("", self.scale_note)
        form.addRow("Print resolution:", self.dpi)
        form.addRow("Draw:", flags)
        form.addRow(self.poster)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = self.buttons.addButton("Export", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        side = QVBoxLayout()
        side.addWidget(self.preview, 1)
        side.addWidget(self.preview_button)
        side.addWidget(self.size_line)
        columns = QHBoxLayout()
        columns.addLayout(form, 1)
        columns.addLayout(side)
        outer = QVBoxLayout(self)
        outer.addLayout(columns)
        outer.addWidget(self.buttons)
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self._refresh)
        self.scope.currentIndexChanged.connect(self._fill_targets)
        self.scale_kind.currentIndexChanged.connect(self._scale_kind_changed)
        self.target.currentTextChanged.connect(self._changed)
        for spin in (self.margin, self.scale_value, self.dpi):
            spin.valueChanged.connect(self._changed)
        self.file.textChanged.connect(self._changed)
        self._offered = path
        self._restore()
        self._fill_targets()
        self._restore_map_choices()
        self._refresh()

    # -- widgets ------------------------------------------------------------------------------

    def _combo(self, labels: list[str]) -> QComboBox:
        combo = QComboBox()
        combo.addItems(labels)
        combo.currentIndexChanged.connect(self._changed)
        return combo

    def _number(self, low: float, high: float, value: float, decimals: int, suffix: str = "") -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(low, high)
        spin.setDecimals(decimals)
        spin.setValue(value)
        spin.setSuffix(suffix)
        return spin

    def _browse(self) -> None:
        chosen, name_filter = QFileDialog.getSaveFileName(self, "Export to", self.file.text(), IMAGE_FILTERS)
        if chosen:
            self.file.setText(with_extension(chosen, name_filter))
            self._file_follows(self.poster.isChecked())

    def _fill_targets(self) -> None:
        kind = SCOPES[self.scope.currentIndex()][1]
        self.target.blockSignals(True)
        self.target.clear()
        if kind is ScopeKind.ZONE:
            for zone in self.map.zones[:LISTED]:
                self.target.addItem(f"{zone.label} ({zone.id})", zone.id)
        elif kind is ScopeKind.GRID:
            for grid in self.map.grids:
                self.target.addItem(f"{grid.name or grid.id} ({grid.id})", grid.id)
        self.target.blockSignals(False)
        self.target.setEnabled(kind in (ScopeKind.ZONE, ScopeKind.GRID))
        self.margin.setEnabled(kind not in (ScopeKind.ALL, ScopeKind.VIEW))
        self._changed()

    def _scale_kind_changed(self) -> None:
        _, kind, value = SCALES[self.scale_kind.currentIndex()]
        self.scale_value.setDecimals(0 if kind is ScaleKind.WIDTH else 3)
        self.scale_value.setValue(value)

    def _changed(self) -> None:
        if hasattr(self, "_timer"):
            self._timer.start()

    def _set_scale(self, kind: ScaleKind, value: float) -> None:
        self.scale_kind.setCurrentIndex(next(k for k, row in enumerate(SCALES) if row[1] is kind))
        self.scale_value.setValue(value)

    def _true_scale(self) -> tuple[ScaleKind, float]:
        """A poster's scale on this map: a grid area at the miniatures' size (one inch unless
        the GM calibrated another), or on a zone map a map unit as the calibration's inch;
        the millimetres the GM chose for the last poster instead, when they apply here."""
        kind = ScaleKind.MM_PER_AREA if self.map.grids else ScaleKind.MM_PER_UNIT
        chosen = self._poster_scale.get(kind.value)
        if chosen is not None:
            return kind, chosen
        if self.settings is None:
            return kind, MM_PER_INCH if self.map.grids else MM_PER_INCH / 40.0
        return kind, area_mm(self.settings) if self.map.grids else MM_PER_INCH / units_per_inch(self.settings)

    def _poster_toggled(self, on: bool) -> None:
        """A poster prints at true scale: the scale turns to millimetres on paper (the pixel
        scales are not offered meanwhile), and unticking brings the picture's scale back."""
        self._file_follows(on)
        kind = SCALES[self.scale_kind.currentIndex()][1]
        model = self.scale_kind.model()
        for k, (_, each, _) in enumerate(SCALES):
            model.item(k).setEnabled(not on or each in PRINT_SCALES)
        self.dpi.setEnabled(not on)  # a poster is millimetres on paper, in vector: one at any resolution
        if on:
            self._plain_scale = (self.scale_kind.currentIndex(), self.scale_value.value())
            if kind not in PRINT_SCALES or (kind is ScaleKind.MM_PER_AREA and not self.map.grids):
                self._set_scale(*self._true_scale())
        elif self._plain_scale is not None:
            index, value = self._plain_scale
            self.scale_kind.setCurrentIndex(index)
            self.scale_value.setValue(value)
            self._plain_scale = None
        self._changed()

    def _file_follows(self, poster: bool) -> None:
        """The File field names the file written: a poster is a PDF, and unticked, the picture's
        own extension comes back (a PDF chosen for a plain export stays one)."""
        text = self.file.text().strip()
        suffix = Path(text).suffix
        if text and poster and suffix.lower() != ".pdf":
            self._picture_suffix = suffix or ".png"
            self.file.setText(str(Path(text).with_suffix(".pdf")))
        elif text and not poster and suffix.lower() == ".pdf" and self._picture_suffix:
            self.file.setText(str(Path(text).with_suffix(self._picture_suffix)))
            self._picture_suffix = None

    # -- what the GM chose --------------------------------------------------------------------

    def _target_id(self) -> str:
        data = self.target.currentData()
        text = self.target.currentText()
        return data if data is not None and self.target.itemText(self.target.currentIndex()) == text else text.strip()

    def options(self) -> ExportOptions:
        kind = SCOPES[self.scope.currentIndex()][1]
        if kind is ScopeKind.VIEW:
            rect = self.view_rect or QRectF()
            scope = Scope(kind, rect=(rect.x(), rect.y(), rect.width(), rect.height()), margin=0.0)
        elif kind is ScopeKind.SELECTION:
            scope = Scope(kind, selection=self.selection, margin=self.margin.value())
        elif kind in (ScopeKind.ZONE, ScopeKind.GRID):
            scope = Scope(kind, self._target_id(), self.margin.value())
        else:
            scope = Scope()
        poster = None
        if self.poster.isChecked():
            poster = Poster(self.paper.currentText().lower(), self.landscape.isChecked(), self.overlap.value())
        return ExportOptions(
            scope=scope,
            who=AUDIENCES[self.who.currentIndex()][1],
            scale=Scale(SCALES[self.scale_kind.currentIndex()][1], self.scale_value.value(), self.dpi.value()),
            poster=poster,
            sight=self.sight,
            **{name: box.isChecked() for name, box in self.flags.items()},
        )

    def path(self) -> str:
        text = self.file.text().strip()
        if self.poster.isChecked() and text and not text.lower().endswith(".pdf"):
            text = str(Path(text).with_suffix(".pdf"))
        return text

    def _limits(self, options: ExportOptions) -> tuple[int, int]:
        """The export's own limits for this file (a poster has none: it is vector), so a size
        the export would refuse is said here and Export is not offered."""
        if options.poster is not None:
            return 2**31, 2**62
        png = Path(self.path()).suffix.lower() == ".png"
        top = STREAM_SIDE if png else MAX_SIDE
        if options.scale.kind is ScaleKind.WIDTH and not MIN_SIDE <= options.scale.value <= top:
            raise ExportError(f"needs a width of {MIN_SIDE} to {top} pixels")
        return (STREAM_SIDE, STREAM_PIXELS) if png else (MAX_SIDE, MAX_PIXELS)

    def size_text(self, options: ExportOptions) -> str:
        """What the file will be: pixels, or millimetres and pages for a poster (_Counting while
        a big map's poster is planned off the window's thread)."""
        if options.poster is not None:
            return self._poster_text(options)
        picture = prepare(self.map, options, self.base_dir, *self._limits(options))
        mm = picture.mm_per_unit
        _, _, w, h = picture.frame
        return (
            f"{picture.width} x {picture.height} pixels ({w * mm:.0f} x {h * mm:.0f} mm at {options.scale.dpi:g} dpi)"
        )

    def _poster_text(self, options: ExportOptions) -> str:
        said = self.plans.words(options)
        if said is None:
            raise _Counting
        size, note = said
        self.scale_note.setText(note)
        return size

    def _refresh(self) -> None:
        shown = self._show_size()
        if shown is not False and len(self.map.zones) <= PREVIEW_ZONES:
            self.update_preview()
        elif shown is False:
            self.preview.clear()

    def _show_size(self) -> bool | None:
        """The line under the preview and whether Export is offered: True when the export can
        be made, False when it cannot (the line says why), None while a poster is counted."""
        try:
            self.size_line.setText(self.size_text(self.options()))
            ok = True
        except _Counting:
            self.size_line.setText("Counting the pages the poster prints…")
            ok = None
        except (ExportError, PictureTooLarge) as error:
            self.size_line.setText(f"Cannot export: the map {error}")
            ok = False
        self.scale_note.setVisible(bool(ok) and self.poster.isChecked())
        self.export_button.setEnabled(bool(ok) and bool(self.path()))
        return ok

    def _plan_ready(self, options: ExportOptions) -> None:
        """A plan worked out off the window's thread: said, if it is still the one chosen."""
        if options == self.options():
            self._show_size()

    def preview_image(self):
        """The export itself, as wide as the preview, or narrower for a tall picture: whole in
        the preview's room."""
        options = with_width(self.options(), PREVIEW_WIDTH)
        picture = prepare(self.map, options, self.base_dir)
        if picture.height > PREVIEW_HEIGHT:
            width = max(MIN_SIDE, math.floor(PREVIEW_WIDTH * PREVIEW_HEIGHT / picture.height))
            options = with_width(options, width)
        return render_image(self.map, options=options, base_dir=self.base_dir)

    def update_preview(self) -> None:
        try:
            self.preview.setPixmap(QPixmap.fromImage(self.preview_image()))
        except (ExportError, PictureTooLarge):
            self.preview.clear()

    # -- remembered between exports ------------------------------------------------------------

    def _restore(self) -> None:
        saved = saved_json(self.settings, OPTIONS_KEY)
        for combo, key in ((self.who, "who"), (self.scale_kind, "scale_kind"), (self.paper, "paper")):
            index = kept_number(saved, key)
            if index is not None and index == int(index) and 0 <= index < combo.count():
                combo.setCurrentIndex(int(index))
        for spin, key in ((self.scale_value, "scale"), (self.dpi, "dpi"), (self.overlap, "overlap")):
            if kept_number(saved, key) is not None:
                spin.setValue(kept_number(saved, key))
        for name, box in self.flags.items():
            if isinstance(saved.get(name), bool):
                box.setChecked(saved[name])
        self.landscape.setChecked(saved.get("landscape") is True)
        chosen = saved.get("poster_scale") if isinstance(saved.get("poster_scale"), dict) else {}
        self._poster_scale = {
            kind.value: chosen[kind.value] for kind in PRINT_SCALES if kept_number(chosen, kind.value)
        }

    def _restore_map_choices(self) -> None:
        """This map's part and poster tick as the GM left them (a zone gone since: its id is kept
        in the box, and the line under the preview says it is not there)."""
        mine = self._all_maps().get(self._offered)
        if not isinstance(mine, dict):
            return
        kinds = [kind.value for _, kind in SCOPES]
        if mine.get("scope") in kinds:
            self.scope.setCurrentIndex(kinds.index(mine["scope"]))
        if isinstance(mine.get("target"), str) and self.target.isEnabled():
            found = self.target.findData(mine["target"])
            if found >= 0:
                self.target.setCurrentIndex(found)
            else:
                self.target.setEditText(mine["target"])
        if kept_number(mine, "margin") is not None:
            self.margin.setValue(kept_number(mine, "margin"))
        self.poster.setChecked(mine.get("poster") is True)

    def _all_maps(self) -> dict:
        if self._offered or self.settings is None:
            return saved_json(self.settings, MAPS_KEY)
        return _unsaved_map.setdefault(self.settings, {})

    def remember(self) -> None:
        scale_index, scale = self._plain_scale or (self.scale_kind.currentIndex(), self.scale_value.value())
        maps = {key: value for key, value in self._all_maps().items() if key != self._offered}
        maps[self._offered] = {  # the latest last: the oldest are forgotten first
            "scope": SCOPES[self.scope.currentIndex()][1].value,
            "target": self._target_id(),
            "margin": self.margin.value(),
            "poster": self.poster.isChecked(),
        }
        if self.settings is None:
            return
        if not self._offered:
            _unsaved_map[self.settings] = maps
        if self.poster.isChecked():
            kind = SCALES[self.scale_kind.currentIndex()][1]
            self._poster_scale[kind.value] = self.scale_value.value()
        saved = {
            "who": self.who.currentIndex(),
            "scale_kind": scale_index,
            "scale": scale,
            "dpi": self.dpi.value(),
            "paper": self.paper.currentIndex(),
            "overlap": self.overlap.value(),
            "landscape": self.landscape.isChecked(),
            "poster_scale": self._poster_scale,
            **{name: box.isChecked() for name, box in self.flags.items()},
        }
        self.settings.setValue(OPTIONS_KEY, json.dumps(saved))
        if self._offered:
            self.settings.setValue(MAPS_KEY, json.dumps(dict(list(maps.items())[-REMEMBERED_MAPS:])))


class _Counting(Exception):
    """A poster's pages are being counted: the line under the preview says so meanwhile."""

"""The Inspector: every property of the selected zone, border (with its passages), token or
encounter grid, what several selected objects share, or the map when nothing is selected.
Each change is one undoable command; a value the model refuses is named in one red line and
not applied. Choice lists come from the model's own types."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QStringListModel, QTimer
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QStackedWidget,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.bounds import MAX_LINE
from tabletop.ui.docks.fields import Field, choices, count, optional, spin, text_box, typed_kept, updated
from tabletop.ui.docks.inspector_width import least_width
from tabletop.ui.docks.segment_choice import SegmentChoice
from tabletop.ui.docks.widgets import ColourButton, ElidedLabel, MessageLine, PointEdit, UpDown, lay_out_now
from tabletop.ui.plain import plain_label

if TYPE_CHECKING:  # the map's page is in the empty window's first frame, before the model is loaded
    from tabletop.document import MapDocument
    from tabletop.model import Passage, Token

UNTITLED = "Untitled map"
"""The title of a map made in the window (New, and the empty window's first map)."""

KIND_WORDS = {"zone": "zone", "border": "border", "token": "token", "grid": "encounter grid"}
LOCKED_FIELDS = {("grid", "origin"), ("grid", "area_size")}
"""What Lock Map holds besides the tools' drags: a grid's place and the size of its areas."""
PAGES = ("map", "zone", "border", "token", "grid", "many")
"""The Inspector's pages: the map's, one per kind of object, and what several objects share."""
PARTS = {
    "passage_editor": "border",
    "passages_label": "border",
    "sides": "token",
    "token_place": "token",
    "move_to_scene": "token",
    "token_picture": "token",
    "state_boxes": "token",
    "token_stress": "token",
    "border_stress": "border",
    "zone_aspects": "zone",
    "grid_tiles": "grid",
    "segment_page": "grid",
    "setup_editor": "grid",
    "shared_page": "many",
}
"""The widgets of pages built after the first frame, and the page each is on: asked for sooner,
the page is built then."""
STRESS_ASPECTS = {"token": "token_stress", "border": "border_stress", "zone": "zone_aspects"}
"""Each page's editor of stress tracks and aspects (stress_aspects.py)."""
LEAST_ROWS = 12
"""The fewest rows of fields the Inspector shows, however many docks share its column: below
this a GM scrolls more than reads."""


class Inspector(QWidget):
    def __init__(self, document: MapDocument | None) -> None:
        """Without a document, the map's page of an empty untitled map, until told the map (`follow`)."""
        super().__init__()
        self.document = document
        self.shown: tuple[str, str] | None = None
        self._pending = False
        self._fields: dict[str, list[Field]] = {}
        self.labels: dict[str, dict[str, str]] = {}
        self._built: dict[str, QWidget] = {}
        self.segment_choice = SegmentChoice()  # the Segment tool's too, before the grid page is built
        self.ready: Callable[[], object] = lambda: None
        """Tells the window to give this Inspector its document now (`follow`): a map's title typed
        in the empty window's first moment."""
        self.pages = QStackedWidget()
        self.title = ElidedLabel()
        font = QFont(self.title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.kind = ElidedLabel()
        small = QFont(self.kind.font())
        small.setPointSizeF(small.pointSizeF() * 0.85)
        self.kind.setFont(small)
        self.kind.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # quiet, yet readable
        self.problem = MessageLine()  # plain text: a refusal may quote a name
        self.problem.setStyleSheet("color: #c62828")
        gap = self.style().pixelMetric(QStyle.PixelMetric.PM_LayoutVerticalSpacing)
        self.pages.setMinimumHeight(LEAST_ROWS * (QLineEdit().sizeHint().height() + max(gap, 0)))
        self.pages.setMinimumWidth(least_width(self))  # as the pages built after the first frame ask
        layout = QVBoxLayout(self)
        for widget in (self.title, self.kind, self.pages, self.problem):
            layout.addWidget(widget)
        self._page("map")  # the page the first frame shows; the others when first shown or after it
        if document is not None:
            self.follow(document)
        else:
            self.refresh()

    def follow(self, document: MapDocument) -> None:
        """Show this document's selection, or its map, kept current with it."""
        self.document = document
        document.reset.connect(lambda: self.segment_choice.set(None))
        document.selectionChanged.connect(self.refresh)
        document.edited.connect(self._edited)
        document.reset.connect(self.refresh)
        self.refresh()

    # -- pages -------------------------------------------------------------------------------

    @property
    def fields(self) -> dict[str, list[Field]]:
        """Every page's fields (every page built)."""
        self.build_pages()
        return self._fields

    def build_pages(self) -> None:
        """The pages the first frame does not show, built just after it (ui/startup.py), so the
        window's start does not wait for them and a first selection does not either."""
        for kind in PAGES:
            self._page(kind)

    @property
    def scroll_area(self) -> QScrollArea:
        """The shown page's scroll area."""
        return self.pages.currentWidget()

    def _add_page(self, kind: str, page: QWidget) -> None:
        """Each page scrolls on its own, so its rows keep their height in a short dock and the
        dock is never narrower than the page's fields need; a tall page does not make a short
        one scroll past its end."""
        area = UpDown(page)
        area.setFrameShape(QFrame.Shape.StyledPanel)
        self.pages.addWidget(area)
        self._built[kind] = area

    def _page(self, kind: str) -> QWidget:
        """The page of a kind (its scroll area), built the first time it is shown or asked for."""
        if kind not in self._built:
            getattr(self, f"_page_{kind}")()
        return self._built[kind]

    def __getattr__(self, name: str) -> Any:
        """A widget of a page not yet built (a test or the window reaching into it) builds it."""
        if name.startswith("_") or name not in PARTS:
            raise AttributeError(name)
        self._page(PARTS[name])
        return self.__dict__[name]

    def _form(self, kind: str, rows: list[tuple[str, str, QWidget]]) -> QFormLayout:
        page, holder = QWidget(), QWidget()
        outer = QVBoxLayout(page)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(holder)
        outer.addStretch(1)  # rows stay together at the top, however tall the dock
        form = QFormLayout(holder)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self._fields[kind], self.labels[kind] = [], {}
        for label, path, widget in rows:
            if isinstance(widget, QLineEdit):
                widget.setMaxLength(MAX_LINE)  # a name, title or label as long as a map holds
            form.addRow(label, widget)
            if path:
                self._fields[kind].append(Field(path, widget, lambda p, v, k=kind: self.edit(k, p, v)))
                self.labels[kind][path] = label or widget.text()
        self._add_page(kind, page)
        return form

    def _page_map(self) -> None:
        self.map_title, self.map_notes = QLineEdit(), text_box(6)
        form = self._form("map", [("Title", "", self.map_title), ("Notes", "", self.map_notes)])
        self.map_title.textEdited.connect(lambda t: self._edit_map())
        self.map_notes.textChanged.connect(self._edit_map)
        self.map_summary = QLabel()
        self.map_summary.setWordWrap(True)
        form.addRow(self.map_summary)

    def _page_zone(self) -> None:
        from tabletop.model import FillStyle  # deferred: the model, after the first frame

        pattern = QComboBox()
        pattern.addItems(choices(FillStyle, "pattern"))
        opacity = QDoubleSpinBox()
        opacity.setRange(0, 1)
        opacity.setSingleStep(0.1)
        form = self._form(
            "zone",
            [
                ("Name", "name", QLineEdit()),
                ("Description", "description", text_box()),
                ("GM notes", "gm_notes", text_box()),
                ("", "hidden", QCheckBox("Hidden from players")),
                ("Colour", "fill.colour", ColourButton("Zone colour")),
                ("Pattern", "fill.pattern", pattern),
                ("Opacity", "fill.opacity", opacity),
            ],
        )
        self.zone_aspects = self._stress_aspects(form)

    def _page_border(self) -> None:
        from tabletop.ui.docks.passages import PassageEditor  # deferred: a page the first frame does not show

        self.passage_editor = PassageEditor(self._edit_passages)
        form = self._form("border", [("Label", "label", QLineEdit())])
        self.passages_label = QLabel("Passages")
        form.addRow(self.passages_label)
        form.addRow(self.passage_editor)
        self.border_stress = self._stress_aspects(form)

    def _page_token(self) -> None:
        from tabletop.model import Speeds, Token  # deferred: the model, after the first frame

        facing = QDoubleSpinBox()
        facing.setRange(-360, 720)
        facing.setWrapping(False)
        facing.setSuffix("°")
        side = QLineEdit()
        self.sides = QStringListModel()
        side.setCompleter(QCompleter(self.sides, side))
        side.setToolTip("The token's side: tokens of other sides can be its opponents")
        self.token_place = plain_label(wrap=True)  # names a zone or a grid as the GM typed it
        self.token_place.setToolTip("Where the token stands: drag it on the map to move it")
        self.move_to_scene = QToolButton()
        self.move_to_scene.setText("Move to Scene")
        self.move_to_scene.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.move_to_scene.setToolTip("Move the chosen tokens to another scene of the session, as one step")
        self.move_to_scene.hide()  # a session's: its menu and its showing are the session's (ui/scenes.py)
        rows = [
            ("Name", "name", QLineEdit()),
            ("Side", "side", side),
            ("Stands in", "", self.token_place),
            ("", "", self.move_to_scene),
            ("Colour", "colour", ColourButton("Token colour")),
            ("Facing", "facing", facing),
            ("Reach", "reach", spin(0, 20)),
        ]
        for move in Speeds.model_fields:
            rows.append(
                (move.capitalize(), f"speeds.{move}", spin(0, 40, f"cannot {move}" if optional(Speeds, move) else ""))
            )
        rows.append(("", "hidden", QCheckBox("Hidden from players")))
        form = self._form("token", rows)
        from tabletop.ui.docks.token_picture import TokenPictureEditor  # deferred: a page the first frame does not show

        self.token_picture = TokenPictureEditor(self.document, self.problem.setText)
        form.addRow("Picture", self.token_picture)
        self.state_boxes = {}
        for index, state in enumerate(choices(Token, "states")):
            box = QCheckBox(state)
            box.toggled.connect(self._edit_states)
            self.state_boxes[state] = box
            form.addRow("" if index else "States", box)
        self.token_stress = self._stress_aspects(form)

    def _stress_aspects(self, form: QFormLayout):
        """The page's stress tracks and aspects (a token's consequences and problem flag too),
        their refusals said in the Inspector's own line."""
        from tabletop.ui.docks.stress_aspects import StressAspectEditor  # deferred: the stress rules' words

        editor = StressAspectEditor(self.document)
        editor.say_refusals_in(self.problem)
        form.addRow(editor)
        return editor

    def _page_grid(self) -> None:
        # deferred: a page the first frame does not show
        from tabletop.ui.docks.segment_page import SegmentPage
        from tabletop.ui.docks.setup_marks import SetupEditor, push_to

        area = QDoubleSpinBox()
        area.setRange(0.1, 1000)
        area.setDecimals(1)
        area.setToolTip("The width of one area on the map canvas")
        self.grid_tiles = plain_label(wrap=True)  # names the tile set by its id
        form = self._form(
            "grid",
            [
                ("Name", "name", QLineEdit()),
                ("Origin", "origin", PointEdit()),
                ("Area size", "area_size", area),
                ("", "diagonal", QCheckBox("Diagonal moves")),
                ("Tiles", "", self.grid_tiles),
            ],
        )
        self.segment_page = SegmentPage(self.document, self.segment_choice)  # chosen with the Segment tool
        form.addRow(self.segment_page)
        shown_grid = lambda: self.shown[1] if self.shown is not None and self.shown[0] == "grid" else None  # noqa: E731
        self.setup_editor = SetupEditor(self.document, shown_grid, push_to(self.document, self.problem))
        form.addRow(self.setup_editor)

    def _page_many(self) -> None:
        from tabletop.ui.docks.shared import SharedPage  # deferred: a page the first frame does not show

        self.shared_page = SharedPage(self.document, self.labels, self.problem)
        self._fields["many"] = []
        self._add_page("many", self.shared_page)

    # -- showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        self._show()
        lay_out_now(self.pages.currentWidget())

    def _show(self) -> None:
        self.problem.clear()
        if self.document is None:
            self._load_map()
            return
        found = self.document.get_many(self.document.selection)
        selection = [key for key, obj in zip(self.document.selection, found, strict=True) if obj is not None]
        self.shown = selection[0] if len(selection) == 1 and selection[0][0] in PAGES else None
        if len(selection) > 1:
            self._load_many(selection, [obj for obj in found if obj is not None])
            return
        if self.shown is None:
            self._load_map()
            return
        kind, obj = self.shown[0], self.document.get(*self.shown)
        self.pages.setCurrentWidget(self._page(kind))
        label = self.document.label(kind, obj.id)  # a border without a label by its two zones
        self.title.setText(label)
        self.kind.setText(KIND_WORDS[kind] if label == obj.id else f"{KIND_WORDS[kind]} · {obj.id}")
        for field in self._fields[kind]:
            field.load(obj)
        if kind in STRESS_ASPECTS:
            getattr(self, STRESS_ASPECTS[kind]).show_object(kind, obj.id)
        if kind == "border":
            from tabletop.ui.badge_tips import as_tooltip, explain_badge  # deferred: the map's scene's

            names = [self.document.get("zone", z).label for z in (obj.a, obj.b)]
            self.passage_editor.load(obj, *names)
            self.passages_label.setToolTip(as_tooltip(explain_badge(obj, *names)))
        elif kind == "token":
            self.token_place.setText(self._where(obj))
            self.token_picture.show_token(obj)
            self.sides.setStringList(sorted({t.side for t in self.document.map.tokens}))
            for state, box in self.state_boxes.items():
                box.blockSignals(True)
                box.setChecked(state in obj.states)
                box.blockSignals(False)
        elif kind == "grid":
            from tabletop.rules.area_names import area_name  # deferred: the rules, after the first frame

            r0, c0, r1, c1 = obj.tile_bounds()
            a0, b0, a1, b1 = obj.area_bounds()
            self.grid_tiles.setText(
                f"{count(len(obj.tiles), 'tile')} ({r1 - r0 + 1} × {c1 - c0 + 1}), "
                f"{a1 - a0 + 1} × {b1 - b0 + 1} areas ({area_name(obj, a0, b0)} to {area_name(obj, a1, b1)}); "
                f"tile set {obj.tile_set or 'none'}"
            )
            self.setup_editor.refresh()  # after `shown` names this grid

    def _where(self, token: Token) -> str:
        """Where a token stands, as the status bar names it: a zone by its name, a grid's area
        by its letter and number ("area D8") and the grid by its name."""
        from tabletop.model import AreaLocation, ZoneLocation
        from tabletop.rules.area_names import area_name

        where = token.location
        if isinstance(where, ZoneLocation):
            return f"zone {self.document.label('zone', where.zone)}"
        grid = self.document.get("grid", where.grid) if isinstance(where, AreaLocation) else None
        if grid is None:
            return "not placed on the map"
        return f"area {area_name(grid, where.row, where.col)} on {self.document.label('grid', grid.id)}"

    def _load_map(self) -> None:
        map_ = self.document.map if self.document is not None else None
        title, notes = (map_.title, map_.notes) if map_ is not None else (UNTITLED, "")
        self.pages.setCurrentWidget(self._page("map"))
        self.title.setText(title or UNTITLED)
        self.kind.setText("map")
        for widget, value in ((self.map_title, title), (self.map_notes, notes)):
            widget.blockSignals(True)
            if isinstance(widget, QLineEdit) and widget.text() != value:
                widget.setText(value)
            elif isinstance(widget, QPlainTextEdit) and widget.toPlainText() != value:
                widget.setPlainText(value)
            widget.blockSignals(False)
        kinds = ((getattr(map_, f"{word}s", ()), word) for word in ("zone", "border", "token", "grid"))
        self.map_summary.setText(", ".join(count(len(items), word) for items, word in kinds))

    def _load_many(self, selection: list[tuple[str, str]], objects: list[Any]) -> None:
        """Several objects (`objects`, theirs): how many of each kind, and what they share."""
        kinds = Counter(map(itemgetter(0), selection))
        for kind in ("many", *kinds):  # what they share is named by their own pages' labels
            self._page(kind)
        self.pages.setCurrentWidget(self._page("many"))
        kind = next(iter(kinds)) if len(kinds) == 1 else "object"
        self.title.setText(f"{count(len(selection), KIND_WORDS.get(kind, kind))} selected")
        self.kind.setText(", ".join(count(number, KIND_WORDS[kind]) for kind, number in kinds.items()))
        self.shared_page.load(selection, objects)

    def _edited(self, change) -> None:
        from tabletop.document.changes import Part

        if change.kind in (Part.DETAILS, Part.BACKGROUND):  # the map's page shows them
            self.refresh()
            return
        if isinstance(change.kind, Part):
            return
        shown = self.shown
        if shown is not None and shown[0] == change.kind and shown[1] in change.object_ids:
            self.refresh()
        elif (shown is None or change.removed) and not self._pending:
            # the map's counts or many objects: once after a burst of changes (an undone bulk
            # edit of a thousand zones), not once per zone
            self._pending = True
            QTimer.singleShot(0, self._refresh_later)
        if shown is not None and shown[0] == "token" and change.kind in ("zone", "grid"):
            token = self.document.get(*shown)  # a zone renamed, a grid grown north: new words
            if token is not None:
                self.token_place.setText(self._where(token))

    def _refresh_later(self) -> None:
        self._pending = False
        self.refresh()

    # -- editing -----------------------------------------------------------------------------

    def edit(self, kind: str, path: str, value: Any, merge: str | None = None) -> bool:
        """Push one edit of the shown object; a refused value is named, not applied. While the
        map is locked for play, a grid keeps its place and size."""
        if self.shown is None or self.shown[0] != kind:
            return False
        from pydantic import ValidationError

        from tabletop.document.commands import EditObject
        from tabletop.model.wording import words
        from tabletop.rules.sides import colour_on_side

        obj = self.document.get(*self.shown)
        if self.document.map_locked and (kind, path) in LOCKED_FIELDS:
            self.refresh()  # the field shows the grid's place again
            self.problem.setText("The map is locked while you play: the grid stays put (Edit ▸ Lock Map to unlock)")
            return False
        try:
            new = updated(obj, path, value)
        except ValidationError as error:
            self.problem.setText(f"{path.split('.')[-1]}: {words(error)}")
            return False
        if kind == "token" and path == "side":  # its side's colour follows it; a colour picked stays
            new = new.model_copy(update={"colour": colour_on_side(self.document.map.tokens, obj, new.side)})
        if new != obj:
            try:  # the document refuses what would break the map (a border to a missing zone)
                self.document.undo_stack.push(
                    EditObject(self.document, kind, new, path.split(".")[-1], merge=merge or path)
                )
            except ValueError as error:
                self.problem.setText(f"{path.split('.')[-1]}: {' '.join(str(error).split())}")
                return False
        self.problem.clear()
        return True

    def _edit_passages(self, passages: list[Passage], which: str) -> None:
        self.edit("border", "passages", [p.model_dump() for p in passages], merge=f"passages-{which}")
        if which in ("add", "remove"):
            self.refresh()

    def _edit_states(self) -> None:
        states = [s for s, box in self.state_boxes.items() if box.isChecked()]
        self.edit("token", "states", states, merge="")

    def _edit_map(self) -> None:
        title, notes = self.map_title.text(), self.map_notes.toPlainText()
        if self.document is None:  # typed before the window was whole: made whole now, and edited
            with typed_kept(self.map_title, self.map_notes):  # the map page is loaded afresh meanwhile
                self.ready()
        if (title, notes) == (self.document.map.title, self.document.map.notes):
            return
        from pydantic import ValidationError

        from tabletop.document.commands import EditMap
        from tabletop.model import Map
        from tabletop.model.wording import words

        try:  # checked before the edit, so a refused text leaves no empty step behind
            Map(title=title, notes=notes)
        except ValidationError as error:
            self.problem.setText(words(error))
            return
        self.problem.clear()
        self.document.undo_stack.push(EditMap(self.document, title, notes))

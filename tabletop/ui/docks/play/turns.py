"""The turn list: every participant in one row with what the GM must keep in mind at a
glance (the system's own columns: AF's reflex, guard, snap, action and defenses, Edgerunner's
acted, bid and defense held), each stress track's boxes, and their states. Whose turn it is
stands out; who is out is greyed. A row's menu (right click, the menu key, or Play ▸ React)
offers the moves open to that participant now, so a guard is spent by the attacked token, not
whose turn it is.

The table fits the dock's width: a column nobody's row fills is hidden (AF's defenses until
someone defends or screens, an Edgerunner bid outside an auction), every other column is as
wide as its text, and the name column takes what is left. When the texts are wider than the
dock, the name gives way first (a defense's threshold matters more than a name's end), then
the widest columns, the name among them, give way and elide (their whole text in the
cell's tip), so the GM never scrolls sideways to find a participant's stress. A system without turns
(reserve, cards) keeps its sides in its own pane: with no participants the list is hidden."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QContextMenuEvent, QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMenu, QTableWidget, QTableWidgetItem

from tabletop.document import MapDocument
from tabletop.model import StressTrack, Token
from tabletop.rules import systems
from tabletop.ui.docks.widgets import fit_rows
from tabletop.ui.plain import set_action_text, set_tip

TURN = "▶"
OUT_COLOUR = QColor("#8a8a8a")
PADDING = 10
HELD = 5
"""Rows the turn list always shows (more scroll when the dock is short)."""
KIND_WORDS = {"reaction": "React", "action": "Act", "snap": "Snap"}
TOKEN = 1
"""The name column: it takes the slack and elides."""
MARKED, FREE = "■", "□"
MOST_BOXES = 10
"""A longer track (a problem's) reads as marked/boxes: its boxes would not fit a column."""
LEAST_NAME = 8
"""Characters of a name kept in sight while the widest columns give way (headings fitting)."""


def boxes(track: StressTrack) -> str:
    """A track's boxes in a row, marked ones filled: which box is marked matters (a box is
    cleared by as many shifts as its number), so a short track shows each box."""
    if track.boxes > MOST_BOXES:
        return f"{len(track.marked)}/{track.boxes}"
    return "".join(MARKED if box in track.marked else FREE for box in range(1, track.boxes + 1))


def box_words(track: StressTrack) -> str:
    """A track's cell as a tip: which boxes are marked and the threshold now."""
    marked = ", ".join(str(box) for box in sorted(track.marked))
    held = "" if track.defended_threshold is None else " (a defense holds it)"
    what = f"box{'es' if len(track.marked) > 1 else ''} {marked} marked" if marked else "no box marked"
    return f"{track.name}: {what} of {track.boxes}, threshold {track.threshold_now}{held}"


def own_name_dropped(text: str, name: str, names: list[str]) -> str:
    """A system's cell in a participant's own row without that participant's name at its
    start ("Hargan health threshold 2" reads "health threshold 2" in Hargan's row): the row
    already names them, and the name would push out what the GM needs, the threshold. Kept
    when the text starts with another participant's longer name that begins with this one."""
    if not text.startswith(f"{name} ") or any(
        other != name and other.startswith(name) and text.startswith(f"{other} ") for other in names
    ):
        return text
    return text[len(name) + 1 :]


def track_names(tokens: list[Token | None]) -> list[str]:
    """Every stress track the participants have, in the order they first come."""
    names: list[str] = []
    for token in tokens:
        for track in token.stress if token is not None else ():
            if track.name not in names:
                names.append(track.name)
    return names


def fitted(
    natural: list[int], floors: list[int], name: int, least_name: int, room: int, least_floor: int = 0
) -> list[int]:
    """Column widths that fill `room`: each column as wide as its text (`natural`), the name
    column taking the slack. When that is too wide, the name gives way first, down to
    `least_name` (its whole text is in its tip, and the row's other cells are what the GM plays
    by); then the widest columns, the name among them, are cut to a common cap, each never
    below its floor (the name's `least_name`, another's heading, from `floors`) while those
    fit, else never below `least_floor`; what is left goes to the name. A width of 0 is a
    hidden column. Wider than `room` only when even that is."""
    others = sum(width for col, width in enumerate(natural) if col != name)
    if sum(natural) > room:
        if others + least_name <= room:
            return [room - others if col == name else width for col, width in enumerate(natural)]
        natural = [min(width, least_name) if col == name else width for col, width in enumerate(natural)]
    shown = [col for col, width in enumerate(natural) if width]
    floors = [least_name if col == name else floor for col, floor in enumerate(floors)]
    if sum(min(natural[col], floors[col]) for col in shown) > room:
        floors = [least_floor] * len(natural)  # a dock narrower than the headings: they elide too

    def capped(cap: int) -> list[int]:
        return [min(natural[col], max(cap, floors[col])) for col in shown]

    cut = [natural[col] for col in shown]
    if sum(cut) > room:
        low, high = 0, max(cut)
        while low < high:  # the widest common cap that fits
            middle = (low + high + 1) // 2
            low, high = (middle, high) if sum(capped(middle)) <= room else (low, middle - 1)
        cut = capped(low)
    widths = [0] * len(natural)
    for col, width in zip(shown, cut, strict=True):
        widths[col] = width
    widths[name] += max(0, room - sum(cut))
    return widths


class TurnList(QTableWidget):
    """One row per participant; `chosen(token ids)` when the GM selects rows, `moved(token,
    kind, word)` when a move is picked from a row's menu."""

    chosen = Signal(list)
    moved = Signal(str, str, str)

    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.tokens: list[str] = []
        self.menu_open: QMenu | None = None
        """The row menu opened last (by the mouse, the menu key or Play ▸ React), to close it."""
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().hide()
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # fitted to the dock
        self.horizontalHeader().setStretchLastSection(False)
        self.horizontalHeader().setMinimumSectionSize(1)  # the widths fitted are the least they keep
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setWordWrap(False)  # a long cell elides on its one line: a wrapped one is cut in half
        # the columns always fill the width, never more: a sideways bar that came and went
        # would take a row's height and bring the up-down bar, narrowing the columns again
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._fonts: dict[tuple[bool, bool], QFont] = {}
        self._looks: list[list[tuple | None]] = []
        self._widths: list[list[int]] = []
        """Each cell's text's width, bold (the widest it is drawn): a column is its widest."""
        self._headings: list[int] = []
        self._natural: list[int] = []
        """Each column's width for its widest text now; 0 for a column nobody's row fills."""
        fit_rows(self)  # as tall as its rows: the form below gets the rest
        self.columns: list[str] = []
        """What each cell shows (text, tip, whose turn, out), so a refresh touches only changed cells."""
        self.itemSelectionChanged.connect(lambda: self.chosen.emit(self.selected()))

    def viewportEvent(self, event: QEvent) -> bool:
        """The dock resized, or a vertical scroll bar came or went: the columns fit again."""
        if event.type() == QEvent.Type.Resize:
            self._fit()
        return super().viewportEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """A right click opens the menu of the row under the mouse; the menu key, the current
        row's (its event's place is not a row's)."""
        keyboard = event.reason() == QContextMenuEvent.Reason.Keyboard
        row = self.currentRow() if keyboard else self.rowAt(self.viewport().mapFromGlobal(event.globalPos()).y())
        if 0 <= row < len(self.tokens):
            self.open_menu(self.tokens[row], None if keyboard else event.globalPos())

    def open_menu(self, token: str, where: QPoint | None = None) -> QMenu | None:
        """The moves open to this participant now, reactions first: choosing one puts it in
        the form with this participant acting."""
        conflict = self.document.map.conflict
        if conflict is None or conflict.ended:
            return None
        rules = systems.of(conflict)
        moves = sorted(rules.open_moves(self.document.map, conflict, token), key=lambda m: m.kind != "reaction")
        menu = QMenu(self)
        set_action_text(menu.menuAction(), self.document.label("token", token))  # the menu's title
        for move in moves:
            act = menu.addAction(f"{KIND_WORDS.get(move.kind, move.kind)}: {move.word}")
            act.setToolTip(move.says)
            act.triggered.connect(lambda _c=False, m=move: self.moved.emit(token, m.kind, m.word))
        if not moves:
            menu.addAction("Nothing open to them now").setEnabled(False)
        if where is None:
            rect = self.visualItemRect(self.item(self.tokens.index(token), 1)) if token in self.tokens else None
            where = self.viewport().mapToGlobal(rect.center() if rect is not None else QPoint())
        menu.popup(where)
        self.menu_open = menu
        return menu

    def selected(self) -> list[str]:
        rows = sorted({index.row() for index in self.selectedIndexes()})
        return [self.tokens[row] for row in rows if row < len(self.tokens)]

    def select_tokens(self, tokens: list[str], quiet: bool = False) -> None:
        """Select these participants' rows; `chosen` tells of a changed selection (who's next,
        a row's move) as a click would, unless `quiet` (the dock's own refresh)."""
        before = self.selected()
        was = self.blockSignals(True)
        self.clearSelection()
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for token in tokens:
            if token in self.tokens and self.columnCount():
                self.selectionModel().select(self.model().index(self.tokens.index(token), 0), flags)
        self.blockSignals(was)
        if not quiet and self.selected() != before:
            self.chosen.emit(self.selected())

    def _hold_rows(self, rows: int) -> None:
        """Never squeezed below its first HELD rows: the form beside it in the dock's splitter
        scrolls its own fields, the order of the round stays in sight."""
        seen = min(rows, HELD) * self.verticalHeader().defaultSectionSize()
        self.setMinimumHeight(self.horizontalHeader().sizeHint().height() + seen + 2 * self.frameWidth())

    def refresh(self) -> None:
        conflict = self.document.map.conflict
        keep = self.selected()
        self.blockSignals(True)
        participants = systems.of(conflict).rows(conflict) if conflict is not None else []
        self.setVisible(bool(participants))
        if conflict is None:
            self.setRowCount(0)
            self.tokens, self._looks, self._widths, self._natural = [], [], [], []
            self.blockSignals(False)
            return
        rules = systems.of(conflict)
        tokens = [self.document.get("token", p.token) for p in participants]
        tracks = track_names(tokens)
        columns = ["", "Token", "Side", *(c.title for c in rules.columns), *tracks, "States"]
        if columns != self.columns:
            self.columns = columns
            self.setColumnCount(len(columns))
            self.setHorizontalHeaderLabels(columns)
            for col, column in enumerate(rules.columns, start=3):
                self.horizontalHeaderItem(col).setToolTip(column.tip)
            for col in range(3 + len(rules.columns), len(columns) - 1):
                set_tip(self.horizontalHeaderItem(col), f"{columns[col]} stress: {MARKED} marked, {FREE} free")
            self.setRowCount(0)
            self._headings = [self.fontMetrics().horizontalAdvance(name or TURN) + PADDING for name in columns]
        if self.rowCount() != len(participants):
            self._looks = [[None] * len(columns) for _ in participants]
            self._widths = [[0] * len(columns) for _ in participants]
        self.setRowCount(len(participants))
        self._hold_rows(len(participants))
        self.tokens = [p.token for p in participants]
        names = [token.label if token else p.token for p, token in zip(participants, tokens, strict=True)]
        for row, (participant, token) in enumerate(zip(participants, tokens, strict=True)):
            now = participant.token == conflict.turn
            held = {track.name: track for track in token.stress} if token is not None else {}
            own = rules.cells(self.document.map, conflict, participant)
            cells = [
                (TURN if now else "", "their turn" if now else ""),
                (token.label if token else participant.token, ""),
                (participant.side, ""),
                *((own_name_dropped(text, names[row], names), text) for text in own),
                *((boxes(held[name]), box_words(held[name])) if name in held else ("", "") for name in tracks),
                (", ".join(token.states) if token else "", ""),
            ]
            for col, (text, tip) in enumerate(cells):
                if self._set(row, col, text, tip or text, now, participant.out):
                    self._widths[row][col] = QFontMetrics(self._font(True, False)).horizontalAdvance(text) + PADDING
        filled = [any(looks[col] and looks[col][0] for looks in self._looks) for col in range(len(columns))]
        self._natural = [
            max([self._headings[col], *(widths[col] for widths in self._widths)]) if filled[col] else 0
            for col in range(len(columns))
        ]
        for col, shown in enumerate(filled):
            if self.isColumnHidden(col) == shown:
                self.setColumnHidden(col, not shown)
        self._fit()
        self.select_tokens(keep, quiet=True)
        self.blockSignals(False)

    def _fit(self) -> None:
        """Every filled column as wide as its text, the name taking what the dock has left."""
        if not self._natural or len(self._natural) != self.columnCount():
            return
        least_name = self.fontMetrics().averageCharWidth() * LEAST_NAME + PADDING
        least = self.fontMetrics().horizontalAdvance("…") + PADDING
        widths = fitted(self._natural, self._headings, TOKEN, least_name, self.viewport().width(), least)
        for col, width in enumerate(widths):
            if width and self.columnWidth(col) != width:
                self.setColumnWidth(col, width)

    def _font(self, now: bool, out: bool) -> QFont:
        """Bold for whose turn it is, struck out for who is out; made once each."""
        if (now, out) not in self._fonts:
            font = QFont(self.font())
            font.setBold(now)
            font.setStrikeOut(out)
            self._fonts[(now, out)] = font
        return self._fonts[(now, out)]

    def _set(self, row: int, col: int, text: str, tip: str, now: bool, out: bool) -> bool:
        """One cell, touched only when it changed (each touch re-lays the table out); its tip
        holds its whole text, for a cell the dock's width cut short."""
        look = (text, tip, now, out)
        if self._looks[row][col] == look:
            return False
        self._looks[row][col] = look
        item = self.item(row, col)
        if item is None:
            item = QTableWidgetItem()
            item.setTextAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
            self.setItem(row, col, item)
        item.setText(text)
        set_tip(item, tip)
        item.setFont(self._font(now, out))
        item.setForeground(QBrush(OUT_COLOUR) if out else self.palette().text())
        return True

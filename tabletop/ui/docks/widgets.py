"""Small widgets for the docks: a label that elides instead of widening its dock, a line for
a pane's messages, a colour button with a picker, a pair of numbers for a point on the map, a
pane that scrolls up and down instead of making the window taller, and a layout whose widgets
wrap in lines."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (
    QColorDialog,
    QDoubleSpinBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QPushButton,
    QScrollArea,
    QWidget,
)

from tabletop.ui.plain import plain, set_tip

MIN_TEXT_WIDTH = 40
"""How narrow an elided label may get: the dock's width is the GM's choice, never the text's."""


class ElidedLabel(QLabel):
    """One line of text cut with "…" to the width it is given; the whole text is its tooltip.

    A plain QLabel asks for its text's full width, so a long zone name widened the Inspector
    until the map was a strip. The text is a name: shown plain, never as markup."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        plain(self)
        self.setText(text)

    def setText(self, text: str) -> None:
        super().setText(text)
        set_tip(self, text)
        self.updateGeometry()
        self.update()

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_TEXT_WIDTH, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(min(hint.width(), 4 * MIN_TEXT_WIDTH), hint.height())

    def elided(self) -> str:
        """The text as shown at the label's present width."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width())

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(self.alignment() | Qt.AlignmentFlag.AlignVCenter), self.elided())


class MessageLine(QLabel):
    """A pane's one line saying what a step did or why it was refused, wrapped, plain text; it
    takes no room while it has nothing to say, so the pane's buttons sit higher."""

    def __init__(self) -> None:
        super().__init__()
        plain(self)
        self.setWordWrap(True)
        self.hide()

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setVisible(bool(text))

    def clear(self) -> None:
        self.setText("")


def swatch(colour: str, size: int = 14) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(colour))
    return pixmap


class ColourButton(QPushButton):
    """Shows a colour and opens the desktop's colour picker; `colourChanged(#rrggbb)` on a
    new choice. A hex text box asked the GM to know hex."""

    colourChanged = Signal(str)

    def __init__(self, title: str = "Choose a colour") -> None:
        super().__init__()
        self.title = title
        self.colour = "#000000"
        self.clicked.connect(self.pick)

    def set_colour(self, colour: str) -> None:
        self.colour = colour
        self.setText(colour)
        self.setIcon(swatch(colour))

    def pick(self) -> None:
        chosen = QColorDialog.getColor(QColor(self.colour), self, self.title)
        if chosen.isValid() and chosen.name() != self.colour:
            self.set_colour(chosen.name())
            self.colourChanged.emit(self.colour)


class PointEdit(QWidget):
    """x and y of a point on the map canvas; `pointChanged` when either changes."""

    pointChanged = Signal()

    def __init__(self, low: float = -100000, high: float = 100000) -> None:
        super().__init__()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.x, self.y = QDoubleSpinBox(), QDoubleSpinBox()
        for box, prefix in ((self.x, "x "), (self.y, "y ")):
            box.setRange(low, high)
            box.setDecimals(1)
            box.setPrefix(prefix)
            box.valueChanged.connect(lambda _v: self.pointChanged.emit())
            layout.addWidget(box)

    def point(self) -> tuple[float, float]:
        return (self.x.value(), self.y.value())

    def set_point(self, point: tuple[float, float]) -> None:
        for box, value in zip((self.x, self.y), point, strict=True):
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)


def widen_dock(window, dock, wanted: int, share: float = 1 / 3) -> bool:
    """Give a dock the width its pane reads best at, at most `share` of the window and never
    less than the GM left it; True when it was widened."""
    width = min(wanted, int(window.width() * share))
    if dock.width() >= width:
        return False
    window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
    return True


LAYOUT_DEPTH = 8
"""How many layouts deep a pane's new rows settle: a layout that grows asks its parent's next."""


def lay_out_now(area: QScrollArea) -> None:
    """Show the rows just added to a scrolled pane and settle its layouts before anything
    paints. Qt shows a widget added to a shown layout at the next event, and a page's rows were
    laid out in its old height meanwhile: a frame painted then showed them squashed over each
    other until the scroll area gave the page its new height, and the dock's least width lagged
    the page's, so a field was cut at the dock's edge for a frame."""
    pane = area.widget()
    if not area.isVisible() or pane is None:
        return
    for holder in (pane, *pane.findChildren(QWidget)):  # parents before their children
        if holder.isVisible() and holder.layout() is not None:
            _show_waiting(holder.layout())
    for _ in range(LAYOUT_DEPTH):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def _show_waiting(layout: QLayout) -> None:
    """Show the widgets of a layout (and of the layouts in it) that Qt would show at the next
    event: added, never shown or hidden by the code."""
    for index in range(layout.count()):
        item = layout.itemAt(index)
        widget, inner = item.widget(), item.layout()
        if widget is not None:
            if widget.isHidden() and not widget.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide):
                widget.show()
        elif inner is not None:
            _show_waiting(inner)


def fit_rows(table, most: int = 8) -> None:
    """A table as tall as its rows (up to `most`), so a pane's form sits right under it
    instead of below a tall empty box; rows added later grow it."""
    from PySide6.QtWidgets import QAbstractScrollArea, QSizePolicy  # deferred: their enums, for panes built later

    table.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
    table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
    rows = most * table.verticalHeader().defaultSectionSize()
    table.setMaximumHeight(table.horizontalHeader().sizeHint().height() + rows + 4)


class UpDown(QScrollArea):
    """A dock's pane that scrolls up and down: as wide as the pane needs, never asking the
    window for more height than it has. A Play dock shown for a map opened mid-conflict asked
    for 905 pixels before its form had its width, and the window grew past the screen's 90%."""

    def __init__(self, pane: QWidget) -> None:
        super().__init__()
        self.setWidget(pane)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def eventFilter(self, watched, event) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the pane's least width changed: so did this area's, and its dock's
        return super().eventFilter(watched, event)

    def minimumSizeHint(self) -> QSize:
        hint, pane = super().minimumSizeHint(), self.widget()
        width = pane.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()
        return QSize(max(hint.width(), width), hint.height())


class FlowLayout(QLayout):
    """Widgets left to right, onto a new line when the width is full: a stress track's boxes
    (up to a hundred) wrap in a narrow dock instead of widening it."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 2) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setContentsMargins(0, 0, 0, 0)
        self.setSpacing(spacing)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._lay_out(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._lay_out(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        left, top, right, bottom = self.getContentsMargins()
        return size + QSize(left + right, top + bottom)

    def _lay_out(self, rect: QRect, move: bool) -> int:
        """Place the items in lines within `rect` (when `move`); the height they take."""
        left, top, right, bottom = self.getContentsMargins()
        area = rect.adjusted(left, top, -right, -bottom)
        x, y, line, gap = area.x(), area.y(), 0, self.spacing()
        for item in self._items:
            hint = item.sizeHint()
            if x > area.x() and x + hint.width() > area.right() + 1:
                x, y, line = area.x(), y + line + gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            line = max(line, hint.height())
        return y + line - rect.y() + bottom

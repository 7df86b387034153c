"""A walk over every widget, action, item and tooltip a window shows, finding user text that Qt
would take as markup: a rich-text label or tooltip carrying a map's `<img>` or `<b>`, an
ampersand of a name eaten as a keyboard mnemonic, a graphics text item holding HTML. The map's
text is recognised by what tests/hostile.py writes into it."""

from __future__ import annotations

import re

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import (
    QAction,
    Qt,  # QtGui's Qt holds mightBeRichText
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGraphicsTextItem,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QMenu,
    QTabBar,
    QWidget,
)

USER_MARKUP = re.compile(r"<img| & Co", re.IGNORECASE)
"""What tests/hostile.py writes into a map's text, as it reads in rich text left unescaped (the
program's own rich text has no picture, and an escaped ampersand reads "&amp;")."""
EATEN_AMPERSAND = re.compile(r"(?<!&)&(?!&) Co", re.IGNORECASE)
"""A name's "& Co" in a text Qt reads for mnemonics: the ampersand must come doubled."""
SANE_WIDTH = 4000
"""Wider than any screen: a widget asking for more was widened by a picture in its text."""


def is_rich(text: str, text_format: Qt.TextFormat = Qt.TextFormat.AutoText) -> bool:
    """Whether Qt shows the text as HTML in a widget of this format."""
    if text_format == Qt.TextFormat.PlainText:
        return False
    return text_format == Qt.TextFormat.RichText or Qt.mightBeRichText(text)


def markup_in(text: str, text_format: Qt.TextFormat = Qt.TextFormat.AutoText) -> bool:
    """User markup Qt would act on: rich text holding a tag of the map's text unescaped."""
    return bool(text) and is_rich(text, text_format) and USER_MARKUP.search(text) is not None


def tip_problem(where: str, tip: str) -> list[str]:
    return [f"{where}: tooltip takes the map's text as markup: {tip[:120]!r}"] if markup_in(tip) else []


def mnemonic_problem(where: str, text: str) -> list[str]:
    if text and EATEN_AMPERSAND.search(text):
        return [f"{where}: a name's '&' is read as a mnemonic: {text[:120]!r}"]
    return []


def _name(widget) -> str:
    return f"{type(widget).__name__}({widget.objectName() or ''})"


def _items(view: QAbstractItemView) -> list[str]:
    """Problems in the tooltips of a view's items and headers (their text is shown plain)."""
    model = view.model()
    if model is None:
        return []
    found: list[str] = []
    try:
        columns = model.columnCount(QModelIndex())
    except TypeError:  # a list model keeps its count of columns private: it has one
        columns = 1
    for row in range(min(model.rowCount(QModelIndex()), 500)):
        for column in range(min(columns, 50)):
            tip = model.data(model.index(row, column), Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                found += tip_problem(f"{_name(view)} item {row},{column}", tip)
    for orientation, count in ((Qt.Orientation.Horizontal, columns), (Qt.Orientation.Vertical, 0)):
        for section in range(min(count, 50)):
            tip = model.headerData(section, orientation, Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                found += tip_problem(f"{_name(view)} header {section}", tip)
    return found


def _action(act: QAction, where: str) -> list[str]:
    found = mnemonic_problem(f"{where} action", act.text())
    found += tip_problem(f"{where} action {act.text()[:40]!r}", act.toolTip())
    menu = act.menu()
    if menu is not None:
        found += mnemonic_problem(f"{where} menu", menu.title())
    return found


def _widget(widget: QWidget) -> list[str]:
    where = _name(widget)
    found = tip_problem(where, widget.toolTip())
    found += tip_problem(f"{where} whatsThis", widget.whatsThis())
    if isinstance(widget, QLabel):
        if markup_in(widget.text(), widget.textFormat()):
            found.append(f"{where}: label shows the map's text as markup: {widget.text()[:120]!r}")
        if widget.buddy() is not None:
            found += mnemonic_problem(where, widget.text())
    if isinstance(widget, QAbstractButton):
        found += mnemonic_problem(where, widget.text())
    if isinstance(widget, QGroupBox):
        found += mnemonic_problem(where, widget.title())
    if isinstance(widget, QMenu):
        found += mnemonic_problem(where, widget.title())
    if isinstance(widget, QTabBar):
        for index in range(widget.count()):
            found += mnemonic_problem(f"{where} tab {index}", widget.tabText(index))
            found += tip_problem(f"{where} tab {index}", widget.tabToolTip(index))
    if isinstance(widget, QAbstractItemView):
        found += _items(widget)
    if isinstance(widget, QComboBox):
        found += _items(widget.view())
    if isinstance(widget, QGraphicsView) and widget.scene() is not None:
        for item in widget.scene().items():
            if isinstance(item, QGraphicsTextItem) and USER_MARKUP.search(item.toHtml()):
                found.append(f"{where}: a text item shows the map's text as markup")
            found += tip_problem(f"{where} item", item.toolTip())
    for act in widget.actions():
        found += _action(act, where)
    return found


def markup_problems(*roots: QWidget) -> list[str]:
    """Every place under these widgets where the map's text would be taken as markup."""
    found: list[str] = []
    for root in roots:
        widgets = [root, *root.findChildren(QWidget)]
        for widget in widgets:
            found += _widget(widget)
        for act in root.findChildren(QAction):
            found += _action(act, _name(root))
    return sorted(set(found))


def too_wide(*roots: QWidget) -> list[str]:
    """Widgets that ask for more width than a screen has."""
    found = []
    for root in roots:
        for widget in [root, *root.findChildren(QWidget)]:
            width = max(widget.width(), widget.sizeHint().width(), widget.minimumSizeHint().width())
            if width > SANE_WIDTH:
                found.append(f"{_name(widget)} is {width} px wide")
    return found

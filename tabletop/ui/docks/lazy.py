"""A dock whose pane is built when first shown: panes a GM rarely opens cost nothing at start."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDockWidget, QWidget

from tabletop.ui.actions import scrolling
from tabletop.ui.docks.widgets import widen_dock


class LazyDock(QDockWidget):
    """A dock whose pane is built the first time it is shown or asked for: panes a GM
    rarely opens cost nothing when the window starts."""

    def __init__(self, title: str, parent: QWidget, build: Callable[[], QWidget], width: int = 0) -> None:
        super().__init__(title, parent)
        self.setObjectName(title)  # the window's saved layout knows it by its title
        self._build: Callable[[], QWidget] | None = build
        self._pane: QWidget | None = None
        self.width_wanted = width
        """The width its pane reads best at (a table's every column): the dock widens to it
        the first time it is shown, up to two fifths of the window; after that the width is
        the GM's."""
        self.visibilityChanged.connect(self._shown)

    def _shown(self, shown: bool) -> None:
        if shown:  # shown, or its tab raised
            self.widget()
            if self.width_wanted:
                widen_dock(self.parentWidget(), self, self.width_wanted, share=0.4)
                self.width_wanted = 0

    def showEvent(self, event: QShowEvent) -> None:
        self.widget()
        super().showEvent(event)

    def widget(self) -> QWidget:
        self.pane()
        return super().widget()

    def pane(self) -> QWidget:
        """The pane itself (the dock holds it in a scroll area, so a tall pane never pushes the
        window past the screen)."""
        if self._build is not None:
            build, self._build = self._build, None
            self._pane = build()
            self.setWidget(scrolling(self._pane))
        return self._pane

"""The menu a right click on a zone or a token opens on the map: what is under the pointer is
chosen first, as in any desktop app (a token among several chosen keeps them all chosen), and
the menu lists actions by id (ui/menus.py's ZONE_MENU and TOKEN_MENU), the same actions the menu
bar holds, acting on what is chosen. The menu's key on the keyboard opens it for the zone or the
tokens already chosen.

Tools that take the right button for their own gesture (drawing, a vertex, fogging again)
keep it: the menu opens only over the others."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QGraphicsView, QMenu

from tabletop.document import MapDocument
from tabletop.model.kinds import Kind
from tabletop.ui.border_menu import BorderMenu
from tabletop.ui.plain import set_action_text
from tabletop.ui.registry import SEPARATOR, ActionRegistry

RIGHT_BUTTON_TOOLS = frozenset("PNVR")
"""The tools whose right button is their own: polygon and node drawing, vertices, Reveal."""


class ZoneMenu(QObject):
    """Opens the zone's menu on the map's canvas; `menu` is the one menu it fills again at each
    opening (None until the first)."""

    def __init__(
        self,
        document: MapDocument,
        view: QGraphicsView,
        actions: ActionRegistry,
        ids: tuple[str, ...],
        token_ids: tuple[str, ...] = (),
    ):
        super().__init__(view)
        self.document, self.view, self.actions, self.ids, self.token_ids = document, view, actions, ids, token_ids
        self.menu: QMenu | None = None
        self.doors = BorderMenu(document, view)
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ContextMenu or watched is not self.view.viewport():
            return False
        keyboard = event.reason() == QContextMenuEvent.Reason.Keyboard
        tool = getattr(self.view, "tool", None)
        if not keyboard and tool is not None and tool.shortcut in RIGHT_BUTTON_TOOLS:
            return False
        menu = self.open_at(None if keyboard else event.pos())
        if menu is None:
            return False
        menu.popup(event.globalPos())
        return True

    def open_at(self, pos: QPoint | None) -> QMenu | None:
        """The menu of the token under `pos` on the canvas (or of the tokens chosen already,
        `pos` None), else a door's under `pos`, else the zone's, its zone chosen: the zone under
        `pos`, or the one zone chosen already; no menu where there is none of them."""
        tokens = self._tokens(pos) if self.token_ids else []
        if tokens:
            title = self.document.label(Kind.TOKEN, tokens[0]) if len(tokens) == 1 else f"{len(tokens)} tokens"
            return self._filled(title, self.token_ids)
        doors = self.doors.open_at(pos)  # over a border with a door: the door's menu
        if doors is not None:
            return doors
        zone_id = self._zone(pos)
        if zone_id is None:
            return None
        if self.document.selection != [(Kind.ZONE, zone_id)]:
            self.document.select([(Kind.ZONE, zone_id)])
        return self._filled(self.document.label(Kind.ZONE, zone_id), self.ids)

    def _filled(self, title: str, ids: tuple[str, ...]) -> QMenu:
        menu = self.menu
        if menu is None:  # one menu for every right click: each new one would stay a child of the view
            menu = self.menu = QMenu(self.view)
        _empty(menu)
        set_action_text(menu.addAction(""), title).setEnabled(False)
        menu.addSeparator()
        for entry in ids:
            if entry == SEPARATOR:
                menu.addSeparator()
            elif entry in self.actions:  # a submenu's entry too; a part not built yet comes with it
                menu.addAction(self.actions[entry])
        return menu

    def _tokens(self, pos: QPoint | None) -> list[str]:
        """The tokens the menu acts on, chosen: the token under `pos` (with the others chosen
        when it is one of them), or with the keyboard the tokens chosen already."""
        chosen = [object_id for kind, object_id in self.document.selection if kind == Kind.TOKEN]
        if pos is None:
            return chosen if chosen and len(chosen) == len(self.document.selection) else []
        hit = getattr(self.view.scene(), "hit", None)
        at = self.view.viewportTransform().inverted()[0].map(QPointF(pos))
        found = hit(at, (Kind.TOKEN,)) if hit is not None else None
        if found is None:
            return []
        if found[1] in chosen:
            return chosen
        self.document.select([found])
        return [found[1]]

    def _zone(self, pos: QPoint | None) -> str | None:
        if pos is None:
            chosen = [key for key in self.document.selection if key[0] == Kind.ZONE]
            return chosen[0][1] if len(chosen) == 1 else None
        at = self.view.viewportTransform().inverted()[0].map(QPointF(pos))
        return self.document.zone_at(at.x(), at.y())


def _empty(menu: QMenu) -> None:
    """Every entry taken out of the menu: its own (the zone's name, the separators) deleted, the
    registry's shared actions only taken out. Not QMenu.clear, which in PySide marks the Python
    side of every action it held as deleted, the registry's too, though they live on."""
    for act in menu.actions():
        menu.removeAction(act)
        if act.parent() is menu:
            act.deleteLater()

"""The map window's actions as data, kept by id (as Tiled's ActionManager keeps them), and its
menus and toolbar made from lists of those ids. A part built after the window's first frame
registers its actions then, and each takes the place its lists give it: the menus read the
same whenever a part was built, and nothing finds a menu or an action by the words it shows."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar, QWidget

from tabletop.ui.actions import icon

SEPARATOR = "-"
"""A line between groups in a list of ids; one that names a place ("-keys") can be asked for by it."""

Keys = str | QKeySequence.StandardKey | QKeySequence | list
"""A key as text ("Ctrl+Shift+P"), a platform's standard key, or a list of them."""
Reach = Literal["menu", "window", "canvas"]
"""Where an action's keys work: through its menus; anywhere in the window, the menus hidden too
(map only, full screen); on the canvas only, never while a field has the keyboard (the tools'
single keys, Tab, Ctrl+C for map objects)."""


@dataclass(frozen=True)
class Act:
    """One action a GM reaches by menu, key or button."""

    id: str
    text: str
    slot: Callable[[], object] | None = None
    """Run when the GM chooses the action."""
    keys: Keys | None = None
    icon: str = ""
    tip: str = ""
    checkable: bool = False
    toggled: Callable[[bool], object] | None = None
    """A switch told each change of its state, the program's own changes too (a switch with
    only `slot` hears the GM's clicks alone)."""
    reach: Reach = "menu"


@dataclass
class _Listing:
    """A menu or a toolbar, the ids it lists in order, and its lines by their place in the list."""

    holder: QMenu | QToolBar
    ids: tuple[str, ...]
    lines: dict[int, QAction] = field(default_factory=dict)


class ActionRegistry:
    """Every action of the map window by id, and the menus and toolbars that list them."""

    def __init__(self, window: QWidget, canvas: QWidget) -> None:
        self._window, self._canvas = window, canvas
        self._actions: dict[str, QAction] = {}
        self._menus: dict[str, QMenu] = {}
        self._listings: list[_Listing] = []
        self._stand_ins: dict[str, QAction] = {}
        """The keys of actions a later part registers, working until it does (`early`)."""
        self.ready: Callable[[], object] = lambda: None
        """Run before any registered action acts: the window made whole first, for an action
        chosen in the empty window's first moment (ui/main_window.py's `attach`)."""

    def register(self, act: Act) -> QAction:
        """The action made from its data, kept by its id and put where the lists name it."""
        made = QAction(act.text, self._window)
        if act.icon:
            made.setIcon(icon(act.icon))
        if act.keys is not None:
            keys = act.keys if isinstance(act.keys, list) else [act.keys]
            made.setShortcuts([QKeySequence(key) for key in keys])
        if act.tip:
            made.setStatusTip(act.tip)
        made.setCheckable(act.checkable or act.toggled is not None)
        if act.slot is not None:
            slot = act.slot
            made.triggered.connect(lambda _checked=False: (self.ready(), slot()))
        if act.toggled is not None:
            toggled = act.toggled
            made.toggled.connect(lambda on: (self.ready(), toggled(on)))
        self._reach(made, act.reach)
        return self.add(act.id, made)

    def _reach(self, made: QAction, reach: Reach) -> None:
        if reach == "canvas":
            made.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self._canvas.addAction(made)
        elif reach == "window":
            self._window.addAction(made)

    def early(self, action_id: str, keys: Keys, reach: Reach, build: Callable[[], object]) -> None:
        """The keys of an action a part built after the first frame registers, working from the
        first frame: pressed before the part is built, `build` builds it and its action is chosen.
        The stand-in goes as the action itself is registered (one key on two actions is an
        ambiguous shortcut, which Qt answers with nothing). A key of the menus alone works
        anywhere in the window here: there are no menus to reach it through until the part is built."""
        stand_in = QAction(self._window)
        stand_in.setShortcuts([QKeySequence(key) for key in (keys if isinstance(keys, list) else [keys])])
        stand_in.triggered.connect(lambda _checked=False: self._stood_in(action_id, build))
        self._reach(stand_in, "canvas" if reach == "canvas" else "window")
        self._stand_ins[action_id] = stand_in

    def _stood_in(self, action_id: str, build: Callable[[], object]) -> None:
        build()
        if action_id in self._actions:
            self._actions[action_id].trigger()

    def _drop_stand_in(self, action_id: str) -> None:
        stand_in = self._stand_ins.pop(action_id, None)
        if stand_in is not None:
            stand_in.setShortcuts([])
            for holder in (self._window, self._canvas):
                holder.removeAction(stand_in)
            stand_in.deleteLater()

    def add(self, action_id: str, made: QAction) -> QAction:
        """An action made elsewhere (Undo named by the stack, a dock's switch), kept and placed
        as a registered one."""
        if action_id in self._actions:
            raise ValueError(f"two actions with the id {action_id}")
        self._drop_stand_in(action_id)
        self._actions[action_id] = made
        for listing in self._listings:
            if action_id in listing.ids:
                self._place(listing, action_id)
        return made

    def __getitem__(self, action_id: str) -> QAction:
        return self._actions[action_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._actions)

    def __contains__(self, action_id: str) -> bool:
        return action_id in self._actions

    def menu(self, menu_id: str) -> QMenu:
        return self._menus[menu_id]

    def menu_bar(
        self, bar: QMenuBar, order: Iterable[str], menus: dict[str, tuple[str, tuple[str, ...]]], opening: Callable
    ) -> None:
        """The menus in the bar in `order`, each with its submenus (an entry that is itself in
        `menus`), listing their ids. `opening` runs as a menu in the bar opens, before it shows:
        the parts built after the first frame are built then, so their entries are there."""
        for menu_id in order:
            title, _ids = menus[menu_id]
            menu = bar.addMenu(title)
            menu.aboutToShow.connect(opening)
            self._fill(menu_id, menu, menus)

    def _fill(self, menu_id: str, menu: QMenu, menus: dict[str, tuple[str, tuple[str, ...]]]) -> None:
        self._menus[menu_id] = menu
        for entry in menus[menu_id][1]:
            if entry in menus:
                submenu = QMenu(menus[entry][0], menu)
                self._fill(entry, submenu, menus)
                self.add(entry, submenu.menuAction())
        self._list(menu, menus[menu_id][1])

    def toolbar(self, bar: QToolBar, ids: tuple[str, ...]) -> None:
        self._list(bar, ids)

    def _list(self, holder: QMenu | QToolBar, ids: tuple[str, ...]) -> None:
        listing = _Listing(holder, ids)
        self._listings.append(listing)
        for index, entry in enumerate(ids):
            if entry.startswith(SEPARATOR):
                listing.lines[index] = holder.addSeparator()
                if entry != SEPARATOR:
                    self.add(entry, listing.lines[index])
            elif entry in self._actions:
                holder.addAction(self._actions[entry])

    def _place(self, listing: _Listing, action_id: str) -> None:
        """Before the next entry of the list that is there already, or last."""
        holder, ids = listing.holder, listing.ids
        if self._actions[action_id] in holder.actions():
            return
        at = ids.index(action_id)
        present = holder.actions()
        following = (listing.lines.get(i) or self._actions.get(ids[i]) for i in range(at + 1, len(ids)))
        before = next((made for made in following if made is not None and made in present), None)
        holder.insertAction(before, self._actions[action_id])

"""The GM's fog controls, in the Map menu's Fog submenu: Reveal All, Fog All, revealing the
zones the players' tokens walk into, and staging fog changes (the players keep the fog they
were last sent until the GM presses Ctrl+Return). The options are the GM's habits, kept in
the window's settings (plain bools and strings), not in the map."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow

from tabletop.document.commands import MoveToken
from tabletop.document.commands.fog import MoveRevealing, fog_everything
from tabletop.rules.sides import known_side
from tabletop.rules.visibility import LIVE, Fog, HeldFog
from tabletop.ui.actions import busily
from tabletop.ui.plain import set_action_text

REVEAL_KEY = "fog/reveal_on_enter"
SIDE_KEY = "fog/players_side"
STAGE_KEY = "fog/stage"


class FogControls(QObject):
    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.gm, self.document, self.settings = window, window.document, window.settings
        self.held: HeldFog | None = None
        """The fog the players were last sent, while changes are staged."""
        menu = next((a.menu() for a in window.menuBar().actions() if a.text() == "&Map"), None)
        if menu is None:
            menu = window.menuBar().addMenu("&Map")
        self.menu = menu.addMenu("F&og")
        self.reveal_all_action = self._action("&Reveal All", busily(window, lambda: self.fog_all(False)))
        self.fog_all_action = self._action("&Fog All", busily(window, lambda: self.fog_all(True)))
        self.menu.addSeparator()
        self.reveal_on_enter_action = self._action("Reveal Where &Players Go", self._set_reveal_on_enter, True)
        self.reveal_on_enter_action.setChecked(bool(self.settings.value(REVEAL_KEY, False, type=bool)))
        self.side_menu = self.menu.addMenu("Players' &Side")
        self.side_menu.aboutToShow.connect(self._fill_sides)
        self.menu.addSeparator()
        self.stage_action = self._action("S&tage Fog Changes", self.set_staging, True)
        self.send_action = self._action("&Send Fog to Players", self.send, key="Ctrl+Return")
        self.document.reset.connect(self._map_replaced)
        self._set_reveal_on_enter(self.reveal_on_enter_action.isChecked())
        if bool(self.settings.value(STAGE_KEY, False, type=bool)):
            self.stage_action.setChecked(True)

    def _action(self, text: str, slot, checkable: bool = False, key: str = "") -> QAction:
        act = QAction(text, self.gm)
        act.setCheckable(checkable)
        if key:
            act.setShortcut(QKeySequence(key))
            # on the map only, as the tools' keys: the Reserve pane's Resolve is Ctrl+Return as well,
            # and two window-wide shortcuts on one key are ambiguous to Qt, so neither would act
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.gm.view.addAction(act)  # the key works with the menus hidden
        if checkable:
            act.toggled.connect(slot)
        else:
            act.triggered.connect(lambda _checked=False: slot())
        self.menu.addAction(act)
        return act

    def fog_all(self, fogged: bool) -> None:
        command = fog_everything(self.document, fogged)
        if command is not None:
            self.document.undo_stack.push(command)

    # -- revealing as the players go -----------------------------------------------------

    @property
    def players_side(self) -> str:
        """The side the GM chose as the players', else the side most tokens on a side have."""
        chosen = str(self.settings.value(SIDE_KEY, "", type=str))
        if chosen and known_side(chosen):
            return chosen
        sides = Counter(t.side for t in self.document.map.tokens if known_side(t.side))
        return sides.most_common(1)[0][0] if sides else ""

    def set_players_side(self, side: str) -> None:
        self.settings.setValue(SIDE_KEY, str(side))

    def _fill_sides(self) -> None:
        self.side_menu.clear()
        group = QActionGroup(self.side_menu)
        chosen = self.players_side
        sides = sorted({t.side for t in self.document.map.tokens if known_side(t.side)} | ({chosen} - {""}))
        for side in sides:
            act = set_action_text(self.side_menu.addAction("", lambda s=side: self.set_players_side(s)), side)
            act.setCheckable(True)
            act.setChecked(side == chosen)
            group.addAction(act)
        if not sides:
            self.side_menu.addAction("No token has a side yet").setEnabled(False)

    def _set_reveal_on_enter(self, on: bool) -> None:
        self.settings.setValue(REVEAL_KEY, bool(on))
        select = self.gm.tools.get("S")
        if select is not None:
            select.moves = self._revealing_move if on else MoveToken

    def _revealing_move(self, document, token_id, location, drag: int = 0) -> MoveToken:
        return MoveRevealing(document, token_id, location, drag, self.players_side)

    # -- staged fog --------------------------------------------------------------------------

    @property
    def players_fog(self) -> Fog:
        """The fog the players' window shows: held while staging, else the map's own."""
        return self.held if self.held is not None else LIVE

    def set_staging(self, on: bool) -> None:
        self.settings.setValue(STAGE_KEY, bool(on))
        self.held = HeldFog.of(self.document.map) if on else None
        self._show()
        if on:
            self.gm.statusBar().showMessage("Fog changes are staged: Ctrl+Return sends them to the players", 6000)

    def send(self) -> None:
        """The players get the fog as the map holds it now (and keep it while staging)."""
        if self.held is not None:
            self.held = HeldFog.of(self.document.map)
            self._show()
            self.gm.statusBar().showMessage("Fog sent to the players", 3000)

    def _map_replaced(self) -> None:
        if self.held is not None:
            self.held = HeldFog.of(self.document.map)
        self._show()

    def _show(self) -> None:
        player = self.gm.players.player if hasattr(self.gm, "players") else None
        if player is not None:
            player.scene.set_fog(self.players_fog)
            player.banner.refresh()  # whose turn it names depends on the fog the players have

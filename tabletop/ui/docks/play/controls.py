"""The map window's Play menu and its dock: start and close a conflict, the big steps with
their keys (F5 next turn, F6 next round, F7 end exchange, F8 who's next, F9 do the action in
the form: function keys no tool or text field uses), and File ▸ Export Log."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QFileDialog, QMainWindow, QMessageBox

from tabletop.document.commands import play_step
from tabletop.io import MapFileError, write_atomically
from tabletop.rules.conflict_log import log_markdown
from tabletop.ui.actions import say
from tabletop.ui.dialogs.start_conflict import PLAYED, StartConflictDialog, start_step
from tabletop.ui.docks.play import concession
from tabletop.ui.docks.play.dock import PlayDock
from tabletop.ui.docks.widgets import UpDown
from tabletop.ui.player.banner import EDGES, EDGES_KEY, parse_edges

KEYS = {"next": "F5", "round": "F6", "exchange": "F7", "who": "F8", "do": "F9"}


class PlayControls(QObject):
    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.document = window.document
        self.dock_widget = PlayDock(self.document)
        self.dock_widget.said.connect(lambda text: say(window, text))
        settings = getattr(window, "reach_settings", None)
        if settings is not None:  # the map feeds the form's maneuver or hustle, and hustle the reach overlay
            settings.picker = self.dock_widget.form.destination
            self.dock_widget.form.move_type = lambda: settings.move
        self.dock = QDockWidget("Play", window)
        self.dock.setObjectName("Play")
        self.dock.setWidget(UpDown(self.dock_widget))  # the window keeps its height when the dock shows
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        inspector = getattr(window, "docks", {}).get("Inspector")
        if inspector is not None:
            window.tabifyDockWidget(inspector, self.dock)  # the whole height for play, a tab away
        self.dock.hide()  # shown when a conflict starts or a map mid-conflict opens: the map keeps its room
        self._was_running = False
        self.start_action = self._action("&Start Conflict…", "Ctrl+Shift+C", self.start)
        self.close_action = self._action("&Close Conflict", "", self.close_conflict)
        self.concede_action = self._action("Offer a &Concession…", "", self.offer_concession)
        self.accept_action = self._action("&Accept the Concession", "", lambda: self.answer_concession(True))
        self.refuse_action = self._action("Re&fuse the Concession", "", lambda: self.answer_concession(False))
        steps = self.dock_widget
        self.step_actions = {
            "next": self._action("&Next Turn", KEYS["next"], steps.next_turn),
            "round": self._action("Next &Round", KEYS["round"], steps.next_round),
            "exchange": self._action("&End Exchange", KEYS["exchange"], steps.end_exchange),
            "who": self._action("&Who's Next?", KEYS["who"], steps.whos_next),
            "do": self._action("&Do the Action", KEYS["do"], steps.form.submit),
        }
        self.export_action = self._action("Export &Log…", "Ctrl+Alt+L", self.export_log)
        menu = window.menuBar().addMenu("&Play")
        menu.addAction(self.start_action)
        menu.addSeparator()
        for act in self.step_actions.values():
            menu.addAction(act)
        menu.addSeparator()
        for act in (self.concede_action, self.accept_action, self.refuse_action):
            menu.addAction(act)
        menu.addSeparator()
        menu.addAction(self.close_action)
        menu.addAction(self.dock.toggleViewAction())
        self.banner_menu = menu.addMenu("Turn &Banner on the Players' Window")
        chosen = parse_edges(window.settings.value(EDGES_KEY, "bottom"))
        self.edge_actions = {}
        for edge in EDGES:
            act = self.banner_menu.addAction(f"Along the {edge} edge")
            act.setCheckable(True)
            act.setChecked(edge in chosen)
            act.toggled.connect(self._edges_changed)
            self.edge_actions[edge] = act
        file_menu = next((a.menu() for a in window.menuBar().actions() if a.text() == "&File"), None)
        if file_menu is not None:
            quit_ = file_menu.actions()[-1]
            file_menu.insertAction(quit_, self.export_action)
        self.document.conflictChanged.connect(self._enable)
        self.document.reset.connect(self._opened)
        self._opened()

    def _edges_changed(self) -> None:
        """Where the players sit around a TV lying flat: each chosen edge gets a strip facing it."""
        edges = tuple(edge for edge, act in self.edge_actions.items() if act.isChecked())
        self.window.settings.setValue(EDGES_KEY, ",".join(edges))
        players = getattr(self.window, "players", None)
        if players is not None and players.player is not None:
            players.player.banner.set_edges(edges)

    def _action(self, text: str, key: str, slot) -> QAction:
        act = QAction(text, self.window)
        if key:
            act.setShortcut(QKeySequence(key))
        act.triggered.connect(lambda _checked=False: slot())
        self.window.addAction(act)  # the keys work wherever the focus is in the map window
        return act

    def _opened(self) -> None:
        """Another map (opened, recovered): mid-conflict, the dock shows whatever it showed before."""
        self._was_running = False
        self._enable()
        if self.dock.isVisible():  # the map was fitted before the dock took its room: fitted again beside it
            QTimer.singleShot(0, self.window.view.fit_map)

    def _enable(self) -> None:
        conflict = self.document.map.conflict
        played = conflict is not None and conflict.system in PLAYED
        if played and not self._was_running:
            self.dock.show()
            self.dock.raise_()
        self._was_running = played
        running = conflict is not None and not conflict.ended
        for act in self.step_actions.values():
            act.setEnabled(running)
        self.step_actions["round"].setEnabled(running and conflict.system == "af")
        self.step_actions["who"].setEnabled(running and conflict.system == "edgerunner")
        self.close_action.setEnabled(conflict is not None)
        edgerunner = running and conflict.system == "edgerunner"
        for act in (self.concede_action, self.accept_action, self.refuse_action):
            act.setEnabled(edgerunner)
        self.export_action.setEnabled(conflict is not None)

    def start(self) -> None:
        """Pick system, sides and order; the rules start the conflict as one undo step."""
        if self.document.map.conflict is not None and not self.document.map.conflict.ended:
            say(self.window, "A conflict is running: close it first (Play ▸ Close Conflict).")
            return
        if not self.document.map.tokens:
            say(self.window, "No tokens on the map: place the fighters first.")
            return
        dialog = StartConflictDialog(self.document.map, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.start_with(dialog.setup())

    def start_with(self, setup) -> bool:
        try:
            step = start_step(self.document.map, setup)
        except (ValueError, KeyError) as error:
            say(self.window, f"Could not start the conflict: {error}")
            return False
        self.dock.show()
        self.dock.raise_()
        return self.dock_widget.apply(step)

    def offer_concession(self) -> None:
        if self.document.map.conflict is None:
            return
        try:
            step = concession.offer(self.window, self.document)
        except ValueError as error:
            self.dock_widget.say(f"Not done: {error}")
            return
        self.dock_widget.apply(step)

    def answer_concession(self, accepted: bool) -> None:
        if self.document.map.conflict is None:
            return
        try:
            step = concession.answer(self.document, accepted)
        except ValueError as error:
            self.dock_widget.say(f"Not done: {error}")
            return
        self.dock_widget.apply(step)

    def close_conflict(self) -> None:
        """The conflict leaves the map (its log can be exported before); one undo brings it back."""
        if self.document.map.conflict is not None:
            play_step(self.document, None, "Close the conflict")

    def export_log(self, path: str | None = None) -> bool:
        """File ▸ Export Log: the log as Markdown, for the session notes."""
        if self.document.map.conflict is None:
            say(self.window, "No conflict to export the log of.")
            return False
        if path is None:
            base = self.document.path.with_suffix("") if self.document.path else Path("conflict")
            path, _filter = QFileDialog.getSaveFileName(
                self.window, "Export log", f"{base}-log.md", "Markdown (*.md);;Text (*.txt)"
            )
            if not path:
                return False
            if not Path(path).suffix:
                path += ".md"
        try:
            write_atomically(path, log_markdown(self.document.map).encode("utf-8"))
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not export the log", str(error))
            return False
        say(self.window, f"Exported the log to {path}")
        return True

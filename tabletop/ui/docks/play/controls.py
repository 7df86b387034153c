"""The map window's Play menu and its dock: start and close a conflict, the system's big
steps with their keys (F5 next turn, F6 next round, F7 end exchange, F8 who's next, F9 do the
action in the form, Shift+F9 react: function keys no tool or text field uses), the system's
other steps (a concession, reinforcements, a compel) each with its dialog, and File ▸ Export
Log (their places in the menus are the window's lists, ui/menus.py). What the menu offers
comes from the registry (rules/systems.py), never from a system's name. A conflict started (or
a map opened mid-conflict) locks the map's shapes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDockWidget, QFileDialog, QMessageBox

from tabletop.document import MapDocument
from tabletop.document.changes import Part
from tabletop.document.commands import play_step
from tabletop.io import MapFileError, write_atomically
from tabletop.model import Conflict
from tabletop.rules import systems
from tabletop.rules.conflict_log import log_markdown
from tabletop.ui.docks.play.ask import step_dialog
from tabletop.ui.docks.play.dock import PlayDock
from tabletop.ui.docks.play.keys import DO_KEY, REACT_KEY
from tabletop.ui.docks.play.start_dialog import StartConflictDialog
from tabletop.ui.docks.widgets import UpDown, widen_dock
from tabletop.ui.plain import shown_plain
from tabletop.ui.registry import Act, ActionRegistry
from tabletop.ui.tools.reach import ReachSettings
from tabletop.ui.view import MapView

PLAY_WIDTH = 460
"""The Play dock's width when a conflict starts: its turn list's columns and its form's words."""
NOT_IN_MENU = {"face", "story", "mark", "clear", "invoke", "state", "start", "close"}
"""Steps taken elsewhere (the sheet, the log, Start, Close): not listed again under Steps."""


class PlayControls(QObject):
    """The Play menu's actions and the Play dock's pane, for the document shown in `view`. `dock`
    is the window's, hidden: it shows when a conflict starts, or a map mid-conflict opens. The
    map feeds the form's moves, and `reach` takes a hustle's for the reach overlay; `say` is a
    passing line in the status bar."""

    def __init__(
        self,
        document: MapDocument,
        view: MapView,
        actions: ActionRegistry,
        reach: ReachSettings,
        say: Callable[[str], None],
        dock: QDockWidget,
    ) -> None:
        super().__init__(view)
        self.document, self.view, self.actions, self.say = document, view, actions, say
        self.dock_widget = PlayDock(self.document)
        self.dock_widget.said.connect(say)
        reach.picker = self.dock_widget.form.destination
        self.dock_widget.form.move_type = lambda: reach.move
        self.dock = dock
        dock.setWidget(UpDown(self.dock_widget))  # the window keeps its height when the dock shows
        self._was_running = False
        self._system: systems.RuleSystem | None = None
        self.menu = actions.menu("play")
        dock = self.dock_widget
        self.key_actions: dict[str, QAction] = {}
        """The systems' big steps by their word, made when a conflict of their system first runs."""
        tip = "The selected participant's reactions: a guard spent off-turn, a screen"
        # the keys work wherever the focus is in the map window
        for act in (
            Act("play.start", "&Start Conflict…", self.start, "Ctrl+Shift+C", reach="window"),
            Act("play.close", "&Close Conflict…", self.close_conflict, reach="window"),
            Act("play.do", "&Do the Action", dock.form.submit, DO_KEY, reach="window"),
            Act("play.react", "&React…", dock.react, REACT_KEY, tip=tip, reach="window"),
            Act("play.export_log", "Export &Log…", self.export_log, "Ctrl+Alt+L", reach="window"),
        ):
            actions.register(act)
        self.start_action, self.close_action = actions["play.start"], actions["play.close"]
        self.do_action, self.react_action = actions["play.do"], actions["play.react"]
        self.export_action = actions["play.export_log"]
        self.keys_end = actions["-keys"]
        self.steps_menu = actions.menu("play.steps")
        self.document.edited.connect(lambda change: change.kind is Part.CONFLICT and self._enable())
        self.document.reset.connect(self._opened)
        self._opened()

    def _opened(self) -> None:
        """Another map (opened, recovered): mid-conflict, the dock shows whatever it showed before."""
        self._was_running = False
        self._enable()
        if self.dock.isVisible():  # the map was fitted before the dock took its room: fitted again beside it
            QTimer.singleShot(0, self.view.fit_map)

    def _enable(self) -> None:
        conflict = self.document.map.conflict
        rules = systems.of(conflict) if conflict is not None else None
        played = rules is not None and rules.turn_based
        if played and not self._was_running:
            self.dock.show()
            self.dock.raise_()
            self._widen()
            self._lock(True)  # "cannot be moved or reshaped" while the table plays
        self._was_running = played
        running = played and not conflict.ended
        if played:
            self.system_ready(rules.name)
        own = {key.do for key in rules.keys} if played else set()
        for do, act in self.key_actions.items():
            act.setEnabled(running and do in own)
        self.do_action.setEnabled(running)
        self.react_action.setEnabled(running)
        self.close_action.setEnabled(conflict is not None)
        self.export_action.setEnabled(conflict is not None)
        if rules is not self._system:
            self._system = rules
            self._fill_steps(rules if played else None)
        self.steps_menu.setEnabled(running)

    def system_ready(self, name: str) -> None:
        """A system's big steps in the menu, with their keys: each made once, kept in key order,
        enabled while a conflict of a system that has it runs. Called for every system just
        after the window's first frame (a system an event), and for the one a conflict runs."""
        rules = systems.system(name)
        if not rules.turn_based:
            return
        for key in rules.keys:
            if key.do in self.key_actions:
                continue
            step = Act(
                f"play.key.{key.do}", key.label, lambda d=key.do: self.dock_widget.turn_key(d), key.key, reach="window"
            )
            act = self.actions.register(step)
            later = [a for a in self.key_actions.values() if a.shortcut().toString() > key.key]
            self.menu.insertAction(later[0] if later else self.keys_end, act)
            self.key_actions[key.do] = act
            conflict = self.document.map.conflict
            act.setEnabled(conflict is not None and not conflict.ended and key in systems.of(conflict).keys)

    def _widen(self) -> None:
        """Room for the turn list's columns and the form's words: the dock takes PLAY_WIDTH, or
        a third of the window on a small screen, never less than the GM left it. A map seen
        whole is fitted again beside the wider dock; a GM's zoom on one corner is kept."""
        whole = self.view.shows_whole_map()
        if widen_dock(self.dock.parentWidget(), self.dock, PLAY_WIDTH):
            QTimer.singleShot(0, self.dock_widget, self.dock_widget.share_room)  # at the width the form wraps at now
            if whole:
                QTimer.singleShot(0, self.view.fit_map)

    def _lock(self, on: bool) -> None:
        lock = self.actions["edit.lock"]
        if lock.isChecked() != on:
            lock.setChecked(on)
            self.document.map_locked = on

    def _fill_steps(self, rules: systems.RuleSystem | None) -> None:
        """The system's steps with no key of their own, each with its dialog when it takes fields."""
        self.steps_menu.clear()
        if rules is None:
            return
        keyed = {key.do for key in rules.keys}
        for move in rules.steps:
            if move.word in keyed or move.word in NOT_IN_MENU or move.hidden:
                continue
            text = move.word.replace("_", " ").capitalize() + ("…" if move.fields else "")
            act = self.steps_menu.addAction(text)
            act.setStatusTip(move.says)
            act.triggered.connect(lambda _c=False, m=move: self.take_step(m))

    def take_step(self, move) -> bool:
        window = self.view.window()
        step = step_dialog(window, self.document, move, self.dock_widget.refusal) if move.fields else {"do": move.word}
        return step is not None and self.dock_widget.take(step)

    def start(self) -> None:
        """Pick system, sides and order; the rules start the conflict as one undo step."""
        if self.document.map.conflict is not None and not self.document.map.conflict.ended:
            self.say("A conflict is running: close it first (Play ▸ Close Conflict).")
            return
        if not self.document.map.tokens:
            self.say("No tokens on the map: place the fighters first.")
            return
        dialog = StartConflictDialog(self.document, self.view.window())
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.start_with(dialog.step())

    def start_with(self, step: dict) -> bool:
        self.dock.show()
        self.dock.raise_()
        return self.dock_widget.take(step)

    def close_conflict(self) -> bool:
        """Play ▸ Close Conflict…: the GM is told what leaves the map with the conflict (its log
        above all, and what the conflict itself keeps) and may export the log first; closed, it
        is one undo step, which brings it all back."""
        conflict = self.document.map.conflict
        if conflict is None:
            return False
        box = QMessageBox(QMessageBox.Icon.Question, "Close Conflict", "", parent=self.view.window())
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(f"Close the {systems.of(conflict).title}?")
        box.setInformativeText(leaving_words(conflict))
        export = box.addButton("Export Log, then Close…", QMessageBox.ButtonRole.AcceptRole)
        close = box.addButton("Close Without the Log", QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(export)
        box.setEscapeButton(cancel)
        box.exec()
        chosen = box.clickedButton()
        if chosen is export and not self.export_log():
            self.dock_widget.say("Not closed: the log was not exported, so the conflict stays on the map.")
            return False
        if chosen not in (export, close):
            return False
        play_step(self.document, None, "Close the conflict")
        self._lock(False)
        self.dock_widget.say("Closed the conflict: Edit ▸ Undo brings it back, its log and all.")
        return True

    def export_log(self, path: str | None = None) -> bool:
        """File ▸ Export Log: the log as Markdown, for the session notes."""
        if self.document.map.conflict is None:
            self.say("No conflict to export the log of.")
            return False
        if path is None:
            base = self.document.path.with_suffix("") if self.document.path else Path("conflict")
            path, _filter = QFileDialog.getSaveFileName(
                self.view.window(), "Export log", f"{base}-log.md", "Markdown (*.md);;Text (*.txt)"
            )
            if not path:
                return False
            if not Path(path).suffix:
                path += ".md"
        try:
            write_atomically(path, log_markdown(self.document.map).encode("utf-8"))
        except MapFileError as error:
            QMessageBox.warning(self.view.window(), "Could not export the log", shown_plain(str(error)))
            return False
        self.say(f"Exported the log to {path}")
        return True


def leaving_words(conflict: Conflict) -> str:
    """What closing takes off the map, in plain words: the log, and whatever the conflict keeps
    that the tokens do not (their stress, aspects and places stay on them)."""
    entries = len(conflict.log)
    goes = [f"its log ({entries} {'entry' if entries == 1 else 'entries'})" if entries else "its log (empty)"]
    goes += ["the exchange count", "the turn order"]
    if any(p.af is not None for p in conflict.participants):
        goes.append("each participant's guards, snap, action and defenses this turn")
    if any(p.edgerunner is not None for p in conflict.participants):
        goes += ["who has acted this exchange", "the defenses held"]
    if conflict.reserve:
        goes.append("the reserve each side has left")
    if conflict.scene_aspects:
        count = len(conflict.scene_aspects)
        goes.append(f"{count} aspect{'s' if count != 1 else ''} on the scene")
    listed = ", ".join(goes[:-1]) + f" and {goes[-1]}" if len(goes) > 1 else goes[0]
    return (
        f"Closing takes the conflict off the map: {listed}. Stress, aspects and places on the tokens stay. "
        "Export the log to keep it with the session notes; Edit ▸ Undo brings the conflict back."
    )

"""The play dock: the conflict's bookkeeping at the table. A header says whose turn, which
round and exchange; big buttons take the next step; the turn list shows everyone's guard,
snap, action, defense and states; the sheet holds the selected participant's stress boxes,
aspects and facing; the action form asks the rules; the log keeps the story.

Every step goes through `apply_step`, so it is one undo step and the map, the dock and the
log stay in step through undo and redo: the dock only shows the document."""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.document.commands import apply_step
from tabletop.document.integrity import IntegrityError
from tabletop.model import SYSTEM_NAMES, Conflict
from tabletop.rules.play import Step
from tabletop.ui.docks.play import steps
from tabletop.ui.docks.play.action_form import ActionForm
from tabletop.ui.docks.play.actions import perform
from tabletop.ui.docks.play.log_view import LogView
from tabletop.ui.docks.play.sheet import ParticipantSheet
from tabletop.ui.docks.play.turns import TurnList

HEADER_STYLE = "font-size: 15pt; font-weight: bold; padding: 4px"


def header_text(document: MapDocument) -> str:
    """Whose turn, which round, which exchange: what the table asks most."""
    conflict = document.map.conflict
    if conflict is None:
        return "No conflict. Start one from the tokens on the map (Play ▸ Start Conflict…)."
    when = f"Exchange {conflict.exchange}"
    if conflict.system == "af":
        when += f" · round {conflict.round}"
    if conflict.ended == "ended" and conflict.story:  # why, when no side won (nobody left)
        return f"{SYSTEM_NAMES[conflict.system]} · ended: {conflict.story}"
    if conflict.ended:
        return f"{SYSTEM_NAMES[conflict.system]} · ended ({conflict.ended})"
    turn = f"{document.label('token', conflict.turn)}'s turn" if conflict.turn else "Who's next?"
    return f"{SYSTEM_NAMES[conflict.system]} · {when} · {turn}"


class PlayDock(QWidget):
    """`said(text)` passes a message for the status bar."""

    said = Signal(str)

    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setStyleSheet(HEADER_STYLE)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.buttons = {
            name: QPushButton(text)
            for name, text in (
                ("next", "Next Turn (F5)"),
                ("round", "Next Round (F6)"),
                ("exchange", "End Exchange (F7)"),
                ("who", "Who's Next? (F8)"),
            )
        }
        for button in self.buttons.values():
            button.setMinimumHeight(36)
        self.buttons["next"].clicked.connect(self.next_turn)
        self.buttons["round"].clicked.connect(self.next_round)
        self.buttons["exchange"].clicked.connect(self.end_exchange)
        self.buttons["who"].clicked.connect(self.whos_next)
        self.turns = TurnList(document)
        self.sheet = ParticipantSheet(document)
        self.form = ActionForm(document)
        self.log = LogView(document)
        self.turns.chosen.connect(self._chosen)
        for source in (self.sheet, self.log):
            source.stepped.connect(self.apply)
        self.form.declared.connect(self.act)
        self._pending = False
        self._lay_out()
        document.conflictChanged.connect(self.refresh)
        document.edited.connect(self._edited)
        document.undo_stack.indexChanged.connect(self._catch_up)
        document.reset.connect(self._new_map)
        self.refresh()

    def _lay_out(self) -> None:
        top = QWidget()
        column = QVBoxLayout(top)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.header)
        row = QHBoxLayout()
        for button in self.buttons.values():
            row.addWidget(button)
        column.addLayout(row)
        column.addWidget(self.message)
        column.addWidget(self.turns, 1)
        middle = QWidget()
        pair = QHBoxLayout(middle)
        pair.setContentsMargins(0, 0, 0, 0)
        self.sheet_box, self.action_box = QGroupBox("Participant"), QGroupBox("Action")
        QVBoxLayout(self.sheet_box).addWidget(self.sheet)
        QVBoxLayout(self.action_box).addWidget(self.form)
        pair.addWidget(self.sheet_box, 1)
        pair.addWidget(self.action_box, 1)
        splitter = QSplitter(Qt.Orientation.Vertical)
        for part in (top, middle, self.log):
            splitter.addWidget(part)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setStretchFactor(2, 2)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

    # -- showing the document ----------------------------------------------------------

    def refresh(self) -> None:
        self._pending = False
        conflict = self.document.map.conflict
        self.header.setText(header_text(self.document))
        running = conflict is not None and not conflict.ended
        for button in self.buttons.values():
            button.setEnabled(running)
        self.buttons["round"].setVisible(conflict is None or conflict.system == "af")
        self.buttons["who"].setVisible(conflict is None or conflict.system == "edgerunner")
        self.turns.refresh()
        self.log.refresh()
        shown = self.shown_token()
        self.sheet.show_token(shown)
        self._show_actor(running)

    def _new_map(self) -> None:
        """Another map opened: what the dock said was about the last one."""
        self.message.clear()
        self.refresh()

    def _show_actor(self, running: bool) -> None:
        actor = self.actor()
        self.form.refresh(actor)
        self.action_box.setEnabled(running and bool(actor))
        self.action_box.setTitle(f"Action of {self.document.label('token', actor)}" if actor else "Action")

    def _edited(self, change) -> None:
        """A token edited by hand (a rename, a drag) shows in the dock as soon as its undo step
        is done, not halfway through it: a play step's own token edits come before its
        conflict, and are shown with it, once. An edit outside the undo stack is caught on the
        next turn of the event loop."""
        if self.document.map.conflict is not None and change.kind == "token" and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._catch_up)

    def _catch_up(self, *_index) -> None:
        if self._pending:
            self.refresh()

    def shown_token(self) -> str | None:
        """The sheet shows the selected participant, else whose turn it is."""
        selected = self.turns.selected()
        conflict = self.document.map.conflict
        if selected:
            return selected[0]
        return conflict.turn if conflict is not None else None

    def actor(self) -> str:
        """Who acts: whose turn it is; with no turn given, the selected participant (the GM decides)."""
        conflict = self.document.map.conflict
        if conflict is None:
            return ""
        return conflict.turn or (self.turns.selected() or [""])[0]

    def _chosen(self, tokens: list[str]) -> None:
        self.sheet.show_token(self.shown_token())
        conflict = self.document.map.conflict
        self._show_actor(conflict is not None and not conflict.ended)

    def say(self, text: str) -> None:
        self.message.setText(text)
        if text:
            self.said.emit(text)

    # -- steps ---------------------------------------------------------------------------

    def apply(self, step: Step | None) -> bool:
        """One undo step; a refusal from the map or the model is said, never raised."""
        if step is None:
            return False
        try:
            apply_step(self.document, step)
        except (IntegrityError, ValidationError, ValueError) as error:
            self.say(f"Not done: {_one_line(error)}")
            return False
        self.say(step.text)
        return True

    def _outcome(self, outcome: steps.Outcome) -> None:
        if outcome.step is not None:
            self.apply(outcome.step)
        else:
            self.say(outcome.message)

    def _conflict(self) -> Conflict | None:
        conflict = self.document.map.conflict
        if conflict is None:
            self.say("No conflict is running: start one first.")
        return conflict

    def _guarded(self, make) -> None:
        """Run a rules step; a rules refusal (ValueError, KeyError) is said in one line."""
        conflict = self._conflict()
        if conflict is None:
            return
        try:
            outcome = make(conflict)
        except (ValueError, KeyError, ValidationError) as error:
            self.say(f"Not done: {_one_line(error)}")
            return
        self._outcome(outcome)

    def next_turn(self) -> None:
        """AF: the next in reflex order. Edgerunner: the selected claimant gets the turn, an
        auction runs among several, and with nobody selected the dock asks who's next."""
        conflict = self.document.map.conflict
        if conflict is not None and conflict.system == "edgerunner":
            waiting = steps.whos_next(self.document.map, conflict)  # no bids from those who acted
            claimants = [t for t in self.turns.selected() if t != conflict.turn and t in waiting]
            if len(claimants) > 1:
                bids = self.ask_bids(claimants)
                if bids is None:
                    return
                self._guarded(lambda c: steps.next_turn(self.document.map, c, claimants, bids))
                return
            self._guarded(lambda c: steps.next_turn(self.document.map, c, claimants))
            if not claimants:
                self.whos_next()
            return
        self._guarded(lambda c: steps.next_turn(self.document.map, c, []))

    def next_round(self) -> None:
        self._guarded(lambda c: steps.next_round(self.document.map, c))

    def end_exchange(self) -> None:
        self._guarded(lambda c: steps.end_exchange(self.document.map, c))

    def whos_next(self) -> None:
        """Select who may still act, so the GM only has to pick among them."""
        conflict = self._conflict()
        if conflict is None:
            return
        waiting = steps.whos_next(self.document.map, conflict)
        self.turns.select_tokens(waiting)
        names = ", ".join(self.document.label("token", t) for t in waiting)
        self.say(f"Who's next? {names}" if waiting else "Everyone has acted: end the exchange (F7).")

    def act(self, declared) -> None:
        conflict = self._conflict()
        if conflict is None:
            return
        try:
            step = perform(self.document.map, conflict, declared)
        except (ValueError, KeyError, ValidationError) as error:
            self.say(f"Not done: {_one_line(error)}")
            return
        if self.apply(step):
            self.form.clear_story()

    def ask_bids(self, claimants: list[str]) -> dict[str, int] | None:
        """The auction: each claimant's bid in shifts (the highest acts, minus the bid)."""
        dialog = QDialog(self)
        dialog.setWindowTitle("Auction for the turn")
        form = QFormLayout(dialog)
        spins = {}
        for token in claimants:
            spins[token] = QSpinBox()
            spins[token].setRange(0, 20)
            form.addRow(self.document.label("token", token), spins[token])
        ok = QPushButton("Highest bid acts")
        ok.setDefault(True)
        ok.clicked.connect(dialog.accept)
        form.addRow(ok)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return {token: spin.value() for token, spin in spins.items()}


def _one_line(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        return str(first.get("msg", error)).removeprefix("Value error, ")
    text = str(error.args[0]) if error.args else str(error)
    return " ".join(text.split())

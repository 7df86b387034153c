"""The play dock: the conflict's bookkeeping at the table. A header says when in the conflict
and whose turn; big buttons take the system's next steps; the turn list shows everyone's
state, and a row's menu the moves open to that participant; the sheet holds the selected
participant's stress boxes, aspects and facing; the action form asks the rules; the log
keeps the story.

Every step is a plain dict taken by `take`: the registry's perform (rules/systems.py) works it
out, the GM answers any question the rules ask, and the document applies it as one undo
step. The dock names no system: what it shows comes from the system's declarations."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import getCppPointer, isValid

from tabletop.document import MapDocument
from tabletop.document.changes import Part
from tabletop.document.commands import apply_step
from tabletop.document.integrity import IntegrityError
from tabletop.model.wording import describe
from tabletop.rules import systems
from tabletop.rules.play import Step, Unanswered
from tabletop.rules.step_fields import Field, FieldMissing
from tabletop.ui.docks.play.action_form import ActionForm
from tabletop.ui.docks.play.ask import ask
from tabletop.ui.docks.play.log_view import LogView
from tabletop.ui.docks.play.sheet import ParticipantSheet
from tabletop.ui.docks.play.turns import TurnList
from tabletop.ui.docks.widgets import lay_out_now
from tabletop.ui.plain import menu_text

HEADER_STYLE = "font-size: 13pt; font-weight: bold; padding: 2px"
LOG_ROWS = 3
"""Rows of the log in sight as a conflict begins: the latest steps; it scrolls, and the GM may
drag it taller. Its rows are one line each and it has no sideways bar, so three take the room
two rows and a bar took."""
MOST_QUESTIONS = 8
"""The most questions one step may ask in a row (each answer is a field the step then has)."""


def header_text(document: MapDocument) -> str:
    """When in the conflict and whose turn: what the table asks most, in the system's words."""
    conflict = document.map.conflict
    if conflict is None:
        return "No conflict. Start one from the tokens on the map (Play ▸ Start Conflict…)."
    rules = systems.of(conflict)
    if conflict.ended == "ended" and conflict.story:  # why, when no side won (nobody left)
        return f"{rules.title} · ended: {conflict.story}"
    if conflict.ended:
        return f"{rules.title} · ended ({conflict.ended})"
    return f"{rules.title} · {rules.header(conflict, lambda t: document.label('token', t))}"


def one_line(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return describe(error)
    if isinstance(error, FieldMissing) and error.spec is not None:
        return missing_words(error.spec, error.word)
    text = str(error.args[0]) if error.args else str(error)
    return " ".join(text.split())


def missing_words(spec: Field, word: str) -> str:
    """A field the step needs, named as the form's row is (the command line names its key)."""
    if spec.kind in ("place", "zone"):
        return f"the {word} needs a place: click one on the map, or drop the token there"
    return f'the {word} needs "{spec.title}" filled in'


class PlayDock(QWidget):
    """`said(text)` passes a message for the status bar."""

    said = Signal(str)

    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setStyleSheet(HEADER_STYLE)
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.key_row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        self._keys: tuple = ()
        self.turns = TurnList(document)
        self.sheet = ParticipantSheet(document)
        self.form = ActionForm(document)
        self.log = LogView(document)
        self.turns.chosen.connect(self._chosen)
        self.turns.moved.connect(self._move_from_row)
        self.sheet.stepped.connect(self.take)
        self.log.stepped.connect(self.take)
        self.form.declared.connect(self.act)
        self.form.rebuilt.connect(self._titles)
        self.form.destination.said.connect(self.say)
        self._pending = False
        self._turn_seen: str | None = None
        self._from_row = ""
        """The participant whose row's menu put a move in the form, its row selected meanwhile."""
        self._stack_seen = (document.undo_stack.index(), document.undo_stack.count(), _next_step(document.undo_stack))
        """The undo stack's index and size as last seen: a move of the index at the same size is
        an undo or a redo, which the message then names."""
        self._lay_out()
        document.edited.connect(self._edited)
        document.undo_group.indexChanged.connect(self._stack_moved)
        document.reset.connect(self._new_map)
        self.refresh()

    def _lay_out(self) -> None:
        self.top = top = QWidget()
        column = QVBoxLayout(top)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.header)
        column.addLayout(self.key_row)
        column.addWidget(self.message)
        column.addWidget(self.turns, 1)
        # the action and the sheet each get the dock's whole width, a tab apart: side by side
        # in a dock beside the map, each was too narrow to read its own words
        self.action_box, self.sheet_box = self.form, _scrolling(self.sheet)  # the form scrolls its own fields
        self.middle = QTabWidget()
        self.middle.addTab(self.action_box, "Action")
        self.middle.addTab(self.sheet_box, "Participant")
        self.splitter = splitter = QSplitter(Qt.Orientation.Vertical)
        for part in (top, self.middle, self.log):
            splitter.addWidget(part)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 4)
        splitter.setStretchFactor(2, 1)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

    # -- showing the document ----------------------------------------------------------

    def rules(self) -> systems.RuleSystem | None:
        conflict = self.document.map.conflict
        return systems.of(conflict) if conflict is not None else None

    def refresh(self) -> None:
        self._pending = False
        conflict = self.document.map.conflict
        self.header.setText(header_text(self.document))
        running = conflict is not None and not conflict.ended
        self._show_keys(running)
        self.turns.refresh()
        turn = conflict.turn if conflict is not None else None
        if turn != self._turn_seen:
            if turn is None:  # between turns or exchanges: the last claimant's row is no choice of who acts next
                self.turns.select_tokens([], quiet=True)
            self._turn_seen = turn
        self.log.refresh()
        self._show_actor(running)
        self.sheet.show_token(self.shown_token())
        self._titles()
        QTimer.singleShot(0, self, self._keep_top)

    def _show_keys(self, running: bool) -> None:
        """The system's big buttons, each with its key."""
        rules = self.rules()
        keys = rules.keys if rules is not None else ()
        if keys != self._keys:
            self._keys = keys
            for button in self.buttons.values():
                button.deleteLater()
            self.buttons = {}
            for key in keys:
                button = QPushButton(f"{key.label} ({key.key})")
                button.setMinimumHeight(36)
                button.clicked.connect(lambda _c=False, k=key.do: self.turn_key(k))
                self.key_row.addWidget(button)
                self.buttons[key.do] = button
            if keys:  # a conflict begun, or another system's: the form gets the room the list leaves
                QTimer.singleShot(0, self, self.share_room)
        for button in self.buttons.values():
            button.setEnabled(running)

    def _new_map(self) -> None:
        """Another map opened: what the dock said was about the last one."""
        self.message.clear()
        self.refresh()

    def _show_actor(self, running: bool) -> None:
        self.form.refresh(self.actor())
        self.action_box.setEnabled(running)
        self._titles()

    def _titles(self) -> None:
        """The tabs say whose action the form holds and whose sheet is shown."""
        actor, shown = self.form.actor(), self.sheet.token_id
        name = lambda t: menu_text(self.document.label("token", t))  # noqa: E731 (a tab takes & for a key)
        self.middle.setTabText(0, f"Action of {name(actor)}" if actor else "Action")
        self.middle.setTabText(1, f"{name(shown)}'s sheet" if shown else "Participant")

    def _edited(self, change) -> None:
        """A token edited by hand (a rename, a drag) shows in the dock as soon as its undo step
        is done, not halfway through it: a play step's own token edits come before its
        conflict, and are shown with it, once. An edit outside the undo stack is caught on the
        next turn of the event loop."""
        if change.kind is Part.CONFLICT:
            self.refresh()
        elif self.document.map.conflict is not None and change.kind == "token" and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._catch_up)

    def _catch_up(self) -> None:
        if self._pending:
            self.refresh()

    def _stack_moved(self, index: int) -> None:
        """Undo or redo moved the stack: what the dock said was about a step since undone, so
        it says what each undo or redo did instead (a new step says its own words)."""
        self._catch_up()
        stack = self.document.undo_stack
        if not isValid(stack):  # a stack torn down with its window
            return
        was, size, redo_next = self._stack_seen
        self._stack_seen = (index, stack.count(), _next_step(stack))
        if stack.count() != size or index == was:
            return  # a new step pushed (it says itself), or nothing moved
        if index > was and _step_at(stack, index - 1) != redo_next:
            return  # a new step in place of one undone: the stack's size is the same, yet no redo
        text = f"Undone: {stack.text(index)}" if index < was else f"Redone: {stack.text(index - 1)}"
        seen = self._stack_seen
        # said once the event is over, and only if the stack still holds what was undone: a
        # token dropped as a move's destination (or a drag given up with Esc) undoes its drag
        # and drops that step from the stack, and that is no undo to tell of
        QTimer.singleShot(0, self, lambda: self._stack_seen == seen == _seen_now(stack) and self.say(text))

    def shown_token(self) -> str | None:
        """The sheet shows the selected participant, else who acts in the form, else whose turn it is."""
        selected = self.turns.selected()
        conflict = self.document.map.conflict
        if selected:
            return selected[0]
        return self.form.actor() or (conflict.turn if conflict is not None else None)

    def actor(self) -> str:
        """Who acts: whose turn it is; with no turn given, the selected participant (the GM decides)."""
        conflict = self.document.map.conflict
        if conflict is None:
            return ""
        return conflict.turn or (self.turns.selected() or [""])[0]

    def _chosen(self, tokens: list[str]) -> None:
        conflict = self.document.map.conflict
        self._show_actor(conflict is not None and not conflict.ended)
        self.sheet.show_token(self.shown_token())
        self._titles()

    def _move_from_row(self, token: str, kind: str, word: str) -> None:
        """A move from a row's menu: that participant acts in the form, its row selected and its
        sheet the one beside the form, so both tabs name the same participant."""
        self.turns.select_tokens([token], quiet=True)
        self._from_row = token
        self.form.set_move(token, kind, word)
        self.sheet.show_token(self.shown_token())
        self.middle.setCurrentWidget(self.action_box)
        self._titles()
        first = next(iter(self.form.edits.values()), None)
        (first.widget if first is not None else self.form.do).setFocus(Qt.FocusReason.ShortcutFocusReason)

    def say(self, text: str) -> None:
        """The dock's line and the status bar's; a long one takes room from the form below,
        never from the turn list."""
        self.message.setText(text)
        if text:
            self.said.emit(text)
        QTimer.singleShot(0, self, self._keep_top)

    def share_room(self) -> None:
        """The splitter shared as a conflict begins: the top as tall as its rows need (two
        Edgerunner rows want less than four AF ones), the form as tall as its move asks, and
        the log the rest, LOG_ROWS at least: a move's fields show whole where they can rather
        than scroll beside an empty list. Shared again once the dock has widened for the
        conflict (its rows wrap less); the GM's own drag of the splitter stands until the next
        conflict."""
        sizes = self.splitter.sizes()
        top, log = self.top, self.log
        if sum(sizes) <= 0 or not self.isVisible():
            return
        turns = self.turns
        rows = turns.rowCount() * turns.verticalHeader().defaultSectionSize()
        list_need = turns.horizontalHeader().sizeHint().height() + rows + 2 * turns.frameWidth()
        need = top.minimumSizeHint().height() - turns.minimumHeight() + max(turns.minimumHeight(), list_need)
        need = max(need, self._top_need())  # never less than _keep_top would give it back
        log_need = log.horizontalHeader().sizeHint().height() + LOG_ROWS * log.verticalHeader().defaultSectionSize()
        log_need += 2 * log.frameWidth()
        log_need = max(log_need, log.minimumSizeHint().height())
        rest = sum(sizes) - need
        rows, viewport = self.form.scroll.widget(), self.form.scroll.viewport()
        wants = rows.heightForWidth(viewport.width()) if rows.hasHeightForWidth() else rows.sizeHint().height()
        # the helper's words, once a target is named, and the spacing they bring
        said = 2 * self.form.note.fontMetrics().lineSpacing() + 2 * max(0, self.form.layout().spacing())
        asked = sizes[1] + wants - viewport.height() + (0 if self.form.note.isVisible() else said)
        middle = min(rest - log_need, max(asked, self.middle.minimumSizeHint().height()))
        if middle >= self.middle.minimumSizeHint().height():  # a tall window's room beyond the form is the log's
            self.splitter.setSizes([need, middle, rest - middle])
            lay_out_now(self.form.scroll)  # a form given all it asks drops its scroll bar before a frame shows it

    def _keep_top(self) -> None:
        """The splitter's top (header, keys, message, turn list) at least as tall as it needs."""
        sizes = self.splitter.sizes()
        need = self._top_need()
        if sum(sizes) <= 0 or sizes[0] >= need:
            return
        middle = max(self.middle.minimumSizeHint().height(), sizes[1] - (need - sizes[0]))
        self.splitter.setSizes([need, middle, max(0, sum(sizes) - need - middle)])

    def _top_need(self) -> int:
        """The top's height at the dock's width (wrapped words: as tall as its width makes them),
        at most half the dock."""
        top = self.top
        need = top.heightForWidth(top.width()) if top.hasHeightForWidth() else top.sizeHint().height()
        return min(need, self.height() // 2)

    # -- steps ---------------------------------------------------------------------------

    def take(self, step: dict[str, Any] | Step | None) -> bool:
        """Take one step: the rules work it out (asking the GM what they need), then it is one
        undo step. A refusal is said in one line and changes nothing."""
        if step is None:
            return False
        if isinstance(step, Step):
            return self._apply(step)
        conflict = self.document.map.conflict
        graph = self.document.graph() if self.document.map.zones else None
        asked: set[str] = set()
        for _ in range(MOST_QUESTIONS):
            try:
                outcome = systems.perform(self.document.map, conflict, step, graph=graph)
            except Unanswered as question:
                answer = ask(self, self.document, question.question, step)
                if answer is None:
                    self.say(f"Not done: the rules' question was left unanswered ({one_line(question)})")
                    return False
                step = {**step, question.question.field: answer}
                continue
            except (ValueError, KeyError, ValidationError) as error:
                self.say(f"Not done: {one_line(error)}")
                return False
            offered = [q for q in outcome.asks if q.field not in asked and q.field not in step]
            if not offered:
                return self._apply(outcome)
            question = offered[0]
            asked.add(question.field)
            answer = ask(self, self.document, question, step)
            if answer is None:
                return self._apply(outcome)
            step = {**step, question.field: answer}
        return False

    def refusal(self, step: dict[str, Any]) -> str:
        """Why the rules would refuse this step as it stands, in one line, or "": a dialog asks
        before it closes, so what the GM typed is not lost to a refusal. A question the rules
        would ask is no refusal: it is asked when the step is taken."""
        graph = self.document.graph() if self.document.map.zones else None
        try:
            systems.perform(self.document.map, self.document.map.conflict, step, graph=graph)
        except Unanswered:
            return ""
        except (ValueError, KeyError, ValidationError) as error:
            return one_line(error)
        return ""

    def _apply(self, step: Step) -> bool:
        try:
            apply_step(self.document, step)
        except (IntegrityError, ValidationError, ValueError) as error:
            self.say(f"Not done: {one_line(error)}")
            return False
        self.say(step.text)
        return True

    def turn_key(self, do: str) -> None:
        """A big button (or its key): the system's step, with the selected rows as who claims it;
        a query key (who's next?) selects who may act instead."""
        rules = self.rules()
        conflict = self.document.map.conflict
        if rules is None or conflict is None:
            self.say("No conflict is running: start one first.")
            return
        key = next((k for k in rules.keys if k.do == do), None)
        if key is None:
            return
        if key.query:
            self.whos_next()
            return
        step: dict[str, Any] = {"do": do}
        move = next((m for m in systems.steps_of(rules) if m.word == do), None)
        takes = {f.name: f for f in move.fields} if move is not None else {}
        chosen = [t for t in self.turns.selected() if t != conflict.turn]
        if "claimants" in takes and chosen:
            step["claimants"] = chosen
        elif "who" in takes and len(chosen) == 1:
            step["who"] = chosen[0]
        self.take(step)

    def whos_next(self) -> None:
        """Select who may still act, so the GM only has to pick among them."""
        rules, conflict = self.rules(), self.document.map.conflict
        if rules is None or conflict is None:
            self.say("No conflict is running: start one first.")
            return
        waiting = rules.who_may_act(conflict)
        self.turns.select_tokens(waiting)
        names = ", ".join(self.document.label("token", t) for t in waiting)
        self.say(f"Who's next? {names}" if waiting else "Everyone has acted: end the exchange.")

    def act(self, step: dict[str, Any]) -> None:
        if not self.take(step):
            return
        self.form.done()
        picked, self._from_row = self._from_row, ""
        if picked and self.form.actor() != picked and self.turns.selected() == [picked]:
            # the reaction done, the form is the turn holder's again: so is the sheet
            self.turns.select_tokens([], quiet=True)
            self.sheet.show_token(self.shown_token())
            self._titles()

    def react(self) -> None:
        """Play ▸ React: the selected participant's row menu (else whose check was last aimed at)."""
        conflict = self.document.map.conflict
        if conflict is None:
            return
        chosen = self.turns.selected() or [p.token for p in conflict.participants if p.token == _last_target(conflict)]
        if not chosen:
            self.say("Select the participant who reacts in the turn list.")
            return
        self.turns.open_menu(chosen[0])


def _last_target(conflict) -> str:
    """The participant the latest logged step aimed at: the likeliest to react now."""
    taking = {p.token for p in conflict.participants}
    return next((e.target for e in reversed(conflict.log) if e.target in taking), "")


def _scrolling(pane: QWidget) -> QScrollArea:
    """A pane that scrolls rather than ask the window for more height than a laptop has."""
    scroll = QScrollArea()
    scroll.setWidget(pane)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return scroll


def _step_at(stack, index: int) -> tuple[int, str] | None:
    """The step at `index` as the object it is (its address and words), None past the ends: a
    redone step is the very one undone, a new one pushed over it is not."""
    if not 0 <= index < stack.count():
        return None
    command = stack.command(index)
    return (getCppPointer(command)[0], command.text()) if command is not None else None


def _seen_now(stack) -> tuple[int, int, tuple[int, str] | None] | None:
    """The stack's index, size and next redo now (None once the stack is gone)."""
    if not isValid(stack):
        return None
    return (stack.index(), stack.count(), _next_step(stack))


def _next_step(stack) -> tuple[int, str] | None:
    """The step a redo would take now."""
    return _step_at(stack, stack.index())

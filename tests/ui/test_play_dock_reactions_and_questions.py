"""Through the dock, as a GM plays the texts: the attacked token spends its guard off its own
turn from its row's menu (AF: "you can wait to see the result of the opponent's check before
you choose to use your guard"), the different-type rule refused in one line; a screen between
turns; a maneuver past the grid's edge asks grow or exit; an Edgerunner border attacked and
taken out is redefined in the same undo step; reinforcements and a problem from Play ▸ Steps."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.document.commands import EditObject
from tabletop.model import StressTrack
from tests.ui.playing import REFLEXES, declare, press, start_af, start_edgerunner


def _row_menu(dock, token: str) -> dict[str, object]:
    menu = dock.turns.open_menu(token)
    found = {a.text(): a for a in menu.actions()}
    menu.close()
    return found


def test_the_attacked_token_spends_its_guard_off_turn_from_its_row(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)  # the archer's turn (reflex 4, after Mira's 5)
    assert window.document.map.conflict.turn == "archer"
    declare(dock, "attack", target="kell", story="An arrow from the old wall")
    offered = _row_menu(dock, "kell")
    assert "React: guard" in offered and "Act: attack" not in offered  # not Kell's turn: his reactions only
    offered["React: guard"].trigger()
    form = dock.form
    assert form.actor() == "kell" and form.chosen().word == "guard"
    assert dock.middle.tabText(0) == "Action of Kell"
    form.edits["type"].set_value("dodge")
    form.edits["against"].set_value("archer")
    assert form.note.text().startswith("against Raider archer's attack")  # the helper names the check it contests
    steps = window.document.undo_stack.count()
    form.do.click()
    conflict = window.document.map.conflict
    assert conflict.turn == "archer"  # still the archer's turn
    assert conflict.participant("kell").af.guards == 0
    assert (conflict.log[-1].actor, conflict.log[-1].target) == ("kell", "archer")
    assert window.document.undo_stack.count() == steps + 1
    assert "React: guard" not in _row_menu(dock, "kell")  # the guard is gone until his turn
    window.document.undo_stack.undo()
    assert window.document.map.conflict.participant("kell").af.guards == 1


def test_a_second_reaction_of_the_same_type_against_one_check_is_refused(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    declare(dock, "defend")  # Mira: defenses against every check until her next turn
    press(qtbot, window, Qt.Key.Key_F5)
    declare(dock, "attack", target="mira")
    declare(dock, "defense", kind="reaction", actor="mira", type="dodge", against="archer")
    log_size = len(window.document.map.conflict.log)
    declare(dock, "guard", kind="reaction", actor="mira", type="dive", against="archer")  # a special dodge
    assert dock.message.text().startswith("Not done:") and "different type" in dock.message.text()
    assert len(window.document.map.conflict.log) == log_size  # refused: nothing changed
    assert window.document.map.conflict.participant("mira").af.guards == 2  # 2 after defend, none spent


def test_a_screen_between_turns_costs_the_next_action(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    dock.turns.select_tokens(["raider"])
    dock.react()  # Play ▸ React on the selected row
    offered = {a.text(): a for a in dock.turns.menu_open.actions()}
    dock.turns.menu_open.close()
    offered["React: screen"].trigger()
    dock.form.do.click()
    raider = window.document.map.conflict.participant("raider").af
    assert raider.lose_next_action and raider.defenses
    assert window.document.map.conflict.turn == "mira"


def test_a_maneuver_past_the_edge_asks_to_grow_the_grid_or_exit(qtbot, window, monkeypatch):
    from tabletop.ui.docks.play import dock as dock_module

    start_af(window)
    dock = window.play.dock_widget
    asked = []
    monkeypatch.setattr(dock_module, "ask", lambda parent, document, question, step: asked.append(question) or "exit")
    declare(dock, "maneuver", to=[9, 16], facing=90.0)
    assert asked and asked[0].field == "past_edge" and set(asked[0].choices) == {"grow", "exit"}
    conflict = window.document.map.conflict
    assert window.document.get("token", "mira").location is None
    assert "mira" not in [p.token for p in conflict.participants]
    assert "exits" in dock.message.text()
    window.document.undo_stack.undo()
    assert window.document.get("token", "mira").location is not None


def test_a_border_taken_out_is_redefined_in_the_same_undo_step(qtbot, window, monkeypatch):
    from tabletop.ui.docks.play import dock as dock_module

    start_edgerunner(window)
    document = window.document
    border = document.map.borders[0]
    tracked = border.model_copy(update={"stress": StressTrack(name="integrity", boxes=2, threshold=1)})
    document.undo_stack.push(EditObject(document, "border", tracked))
    dock = window.play.dock_widget
    dock.turns.select_tokens(["gatto"])
    dock.turn_key("next")
    wide_open = [{"label": "rubble", "cost_from_a": 1, "cost_from_b": 1, "door": None}]
    asked = []
    monkeypatch.setattr(dock_module, "ask", lambda p, d, question, step: asked.append(question.field) or wide_open)
    steps = document.undo_stack.count()
    declare(dock, "attack", target=border.id, shifts=3)
    assert "redefine" in asked
    after = document.get("border", border.id)
    assert [(p.label, p.cost_from_a) for p in after.passages] == [("rubble", 1)]
    assert document.undo_stack.count() == steps + 1  # the attack and the redefinition: one step
    document.undo_stack.undo()
    assert document.get("border", border.id) == tracked


def test_reinforcements_and_a_problem_come_from_play_steps(qtbot, window, monkeypatch):
    from tabletop.ui.docks.play import controls

    start_af(window)
    play = window.play
    answers = {"remove": {"do": "remove", "tokens": ["raider"]}}
    monkeypatch.setattr(controls, "step_dialog", lambda _p, _d, move, _refusal=None: answers[move.word])
    words = {a.text(): a for a in play.steps_menu.actions()}
    words["Remove…"].trigger()
    assert "raider" not in [p.token for p in window.document.map.conflict.participants]
    answers["add"] = {"do": "add", "tokens": ["raider"], "reflexes": {"raider": REFLEXES["raider"]}}
    words["Add…"].trigger()
    assert "raider" in window.document.map.conflict.order
    start_edgerunner(window)
    answers["duration"] = {"do": "duration", "duration": "a few seconds"}
    answers["problem"] = {
        "do": "problem",
        "name": "Crack the vault",
        "zone": "z3",
        "aspect": "Triple-locked",
        "takes": "a few hours",
    }
    words = {a.text(): a for a in window.play.steps_menu.actions()}
    words["Duration…"].trigger()
    words["Problem…"].trigger()
    problem = next(t for t in window.document.map.tokens if t.problem)
    assert problem.label == "Crack the vault" and problem.stress and problem.location.zone == "z3"


def test_a_reaction_chosen_in_the_form_gives_the_form_to_the_next_turns_holder(qtbot, window):
    """A guard picked in the form itself (Who: Mira, Move: react: guard), done, then Next Turn:
    the form is the new turn holder's, with an action, never still Mira's."""
    start_af(window)
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F5)  # the archer's turn
    declare(dock, "attack", target="mira")
    declare(dock, "guard", kind="reaction", actor="mira", type="dodge", against="archer")
    assert window.document.map.conflict.participant("mira").af.guards == 0
    press(qtbot, window, Qt.Key.Key_F5)  # Kell's turn
    assert window.document.map.conflict.turn == "kell"
    assert dock.form.actor() == "kell" and dock.form.chosen().kind == "action"
    assert dock.middle.tabText(0) == "Action of Kell"


def test_the_reinforcements_dialog_reads_whole_ticks_whom_a_reflex_is_typed_for_and_asks_plainly(qtbot, window):
    from tabletop.rules import systems
    from tabletop.ui.docks.play.ask import MIN_WIDTH, StepDialog

    start_af(window)
    window.play.dock_widget.take({"do": "remove", "tokens": ["raider"]})  # the raider leaves: one to come back
    dialog = StepDialog(window, window.document, systems.system("af").move("step", "add"))
    qtbot.addWidget(dialog)
    assert dialog.width() >= MIN_WIDTH
    dialog._accept()
    assert dialog.problem.text() == "Tick who takes part (the first column)."
    arrives = dialog.edits["to"]
    assert arrives.combo.currentText() == "" and "such as A1" in arrives.combo.lineEdit().placeholderText()
    table = dialog.table
    row = table.tokens.index("raider")
    assert table.item(row, 0).checkState() == Qt.CheckState.Unchecked
    table.set_number("reflexes", "raider", 2)
    assert table.item(row, 0).checkState() == Qt.CheckState.Checked, "a reflex typed ticks its row"
    arrives.combo.setEditText("14, 7")
    assert dialog.values() == {
        "tokens": ["raider"],
        "sides": {"raider": "raiders"},
        "reflexes": {"raider": 2},
        "to": [14, 7],
    }

"""The play dock driving the rules: an Edgerunner exchange (who's next, a claim, an auction, a
move, an attack with a story, the end of the exchange) and an AF encounter (reflex order,
next turn, a snap and an action, next round), each step one undo, the keys as the GM uses them;
a concession from the Play menu's steps; autosave keeps a conflict in progress."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.samples import warehouse
from tests.ui.playing import declare, press, start_af, start_edgerunner


def test_an_edgerunner_exchange_from_the_dock(qtbot, window):
    start_edgerunner(window)
    dock, stack = window.play.dock_widget, window.document.undo_stack
    assert dock.header.text().endswith("Exchange 1 · Who's next?")
    assert window.document.map_locked  # a conflict started locks the map's shapes
    press(qtbot, window, Qt.Key.Key_F8)
    assert dock.message.text() == "Who's next? Gatto, Hargan"
    assert dock.turns.selected() == ["gatto", "hargan"]
    dock.turns.select_tokens(["gatto"])
    press(qtbot, window, Qt.Key.Key_F5)
    assert window.document.map.conflict.turn == "gatto"
    assert dock.form.actor() == "gatto"
    declare(dock, "move", to="z2", shifts=3, story="Through the racks")
    gatto = window.document.get("token", "gatto")
    assert gatto.location.zone == "z2"
    assert window.document.map.conflict.log[-1].story == "Through the racks"
    assert window.scene.turn_mark.isVisible() is False  # the turn is over: who's next?
    dock.turns.select_tokens(["hargan"])
    press(qtbot, window, Qt.Key.Key_F5)
    declare(dock, "attack", target="gatto", track="health", shifts=2)
    assert window.document.get("token", "gatto").stress[0].marked == [2]
    press(qtbot, window, Qt.Key.Key_F7)
    assert window.document.map.conflict.exchange == 2
    assert dock.header.text().endswith("Exchange 2 · Who's next?")
    while stack.canUndo():
        stack.undo()
    assert window.document.map == warehouse()


def test_the_form_starts_afresh_for_a_new_move_and_never_targets_the_actor(qtbot, window):
    start_edgerunner(window)
    dock = window.play.dock_widget
    dock.turns.select_tokens(["gatto"])
    dock.turn_key("next")
    form = dock.form
    declare(dock, "attack", target="hargan", track="health", shifts=1)
    dock.turns.select_tokens(["hargan"])
    dock.turn_key("next")
    from tests.ui.playing import choose

    choose(dock, "attack")
    assert form.actor() == "hargan"
    assert form.edits["target"].value() is None  # neither the last target nor the actor
    assert form.edits["shifts"].value() is None  # a roll is typed, never a silent 0
    form.edits["shifts"].set_value(3)
    choose(dock, "maneuver")
    assert form.edits["shifts"].value() is None and form.edits["aspect"].value() is None
    form.submit()
    assert dock.message.text() == 'Not done: the maneuver needs "Aspect on" filled in', "the form's words, not the key"


def test_several_claimants_bid_in_an_auction(qtbot, window, monkeypatch):
    from tabletop.ui.docks.play import dock as dock_module

    start_edgerunner(window)
    dock = window.play.dock_widget
    answers = iter([{"gatto": 1, "hargan": 2}])
    monkeypatch.setattr(dock_module, "ask", lambda *a: next(answers))
    dock.turns.select_tokens(["gatto", "hargan"])
    press(qtbot, window, Qt.Key.Key_F5)
    conflict = window.document.map.conflict
    assert (conflict.turn, conflict.participant("hargan").edgerunner.bid) == ("hargan", 2)
    bid_column = [dock.turns.horizontalHeaderItem(c).text() for c in range(dock.turns.columnCount())].index("Bid")
    assert dock.turns.item(1, bid_column).text() == "2"
    window.document.undo_stack.undo()
    asked = []
    answers = iter([{"gatto": 1, "hargan": 1}, "gatto"])  # a tie: the GM picks Gatto, who keeps his bid
    monkeypatch.setattr(dock_module, "ask", lambda _p, _d, question, _s: asked.append(question.prompt) or next(answers))
    dock.turns.select_tokens(["gatto", "hargan"])
    press(qtbot, window, Qt.Key.Key_F5)
    assert asked[-1] == "Gatto and Hargan both bid 1: the GM picks who acts"
    conflict = window.document.map.conflict
    assert (conflict.turn, conflict.participant("gatto").edgerunner.bid) == ("gatto", 1)


def test_an_af_encounter_from_the_dock(qtbot, window):
    start_af(window)
    dock = window.play.dock_widget
    turns = dock.turns
    headers = [turns.horizontalHeaderItem(c).text() for c in range(turns.columnCount())]
    column = {name: headers.index(name) for name in ("Guard", "Snap", "Action", "Defense")}
    assert [turns.item(r, 1).text() for r in range(4)] == ["Mira", "Raider archer", "Kell", "Raider"]
    assert dock.header.text().endswith("Exchange 1 · Round 1 · Mira's turn")
    assert turns.item(0, column["Guard"]).text() == "1" and turns.item(0, column["Action"]).text() == "yes"
    declare(dock, "defend")
    assert turns.item(0, column["Guard"]).text() == "2"
    assert "every check" in turns.item(0, column["Defense"]).text()
    declare(dock, "fend", kind="snap")
    assert turns.item(0, column["Snap"]).text() == "–"  # the snap spent
    press(qtbot, window, Qt.Key.Key_F5)
    assert window.document.map.conflict.turn == "archer"
    assert window.scene.turn_mark.pos() == window.scene.items_by_key[("token", "archer")].pos()
    press(qtbot, window, Qt.Key.Key_F6)
    conflict = window.document.map.conflict
    assert (conflict.round, conflict.turn) == (2, "mira")
    assert window.document.undo_stack.undoText().startswith("To round 2")
    window.document.undo_stack.undo()
    assert window.document.map.conflict.turn == "archer"


def test_a_concession_offered_and_accepted_from_the_play_menu_ends_the_conflict(qtbot, window, monkeypatch):
    from tabletop.ui.docks.play import controls

    start_edgerunner(window)
    play = window.play
    story = "Jade scuttles Gatto out of there."
    monkeypatch.setattr(
        controls,
        "step_dialog",
        lambda parent, document, move, refusal=None: (
            {"do": move.word, "side": "runners", "story": story} if move.word == "concede" else {"do": move.word}
        ),
    )
    words = {a.text(): a for a in play.steps_menu.actions()}
    words["Accept…"].trigger()
    assert "no concession has been offered" in play.dock_widget.message.text()
    words["Concede…"].trigger()
    words["Refuse…"].trigger()
    assert window.document.map.conflict.ended is None
    words["Concede…"].trigger()
    words["Accept…"].trigger()
    conflict = window.document.map.conflict
    assert (conflict.ended, conflict.story) == ("concession", story)
    assert play.dock_widget.header.text() == "Edgerunner conflict · ended (concession)"
    assert not play.key_actions["next"].isEnabled()
    window.document.undo_stack.undo()
    assert window.document.map.conflict.ended is None


def test_autosave_and_recovery_keep_a_conflict_in_progress(qtbot, window):
    from tabletop.io import load_map

    start_edgerunner(window)
    dock = window.play.dock_widget
    dock.turns.select_tokens(["gatto"])
    dock.turn_key("next")
    assert window.autosaver.tick()
    kept = load_map(window.autosaver.map_file)  # what Recover opens after a crash
    assert kept.conflict == window.document.map.conflict
    window.play.dock.hide()
    window.document.replace_map(kept, None)
    assert window.play.dock.isVisible()
    assert dock.header.text().endswith("Gatto's turn")


def test_the_auction_asks_only_those_who_may_still_act(qtbot, window, monkeypatch):
    from tabletop.ui.docks.play import dock as dock_module

    start_edgerunner(window)
    dock = window.play.dock_widget
    dock.turns.select_tokens(["hargan"])
    press(qtbot, window, Qt.Key.Key_F5)
    declare(dock, "simple", what="Reloads")
    asked = []
    monkeypatch.setattr(dock_module, "ask", lambda *a: asked.append(a) or None)
    dock.turns.select_tokens(["gatto", "hargan"])  # Hargan has acted this exchange: no bid for him
    press(qtbot, window, Qt.Key.Key_F5)
    assert asked == []
    assert window.document.map.conflict.turn == "gatto"


def test_a_new_turn_opens_its_holder_on_the_systems_first_action_not_the_last_move(qtbot, window):
    """The last participant's move is not carried to the next: F9 on a new turn must never
    repeat it for someone else."""
    from tests.ui.playing import choose

    start_edgerunner(window)
    dock = window.play.dock_widget
    form = dock.form
    first = form.chosen()
    dock.turns.select_tokens(["gatto"])
    dock.turn_key("next")
    choose(dock, "move")
    assert form.chosen().word == "move" != first.word
    declare(dock, "move", to="z2", shifts=3)
    dock.turns.select_tokens(["hargan"])
    dock.turn_key("next")
    assert form.actor() == "hargan"
    assert form.chosen() == first, "a fresh form: the system's first action"

"""The play dock driving the rules: an Edgerunner exchange (who's next, a claim, an auction, a
move, an attack with a story, the end of the exchange) and an AF encounter (reflex order,
next turn, a snap and an action, next round), each step one undo, the keys as the GM uses them."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.samples import af_encounter, warehouse
from tabletop.ui.dialogs.start_conflict import Setup

REFLEXES_AF = {"kell": 3, "mira": 5, "raider": 2, "archer": 4}


def _press(qtbot, window, key) -> None:
    qtbot.keyClick(window, key)


def _declare(dock, action: str, **fields) -> None:
    form = dock.form
    form.action.setCurrentText(action)
    for name, value in fields.items():
        widget = form.rows[name]
        if hasattr(widget, "setValue"):
            widget.setValue(value)
        elif hasattr(widget, "findData"):
            widget.setCurrentIndex(widget.findData(value))
        else:
            widget.setText(value)
    form.do.click()


def test_an_edgerunner_exchange_from_the_dock(qtbot, window):
    window.document.replace_map(warehouse(), None)
    assert window.play.start_with(Setup("edgerunner", ["gatto", "hargan"], {}, {}))
    dock, stack = window.play.dock_widget, window.document.undo_stack
    assert dock.header.text() == "Edgerunner conflict · Exchange 1 · Who's next?"
    _press(qtbot, window, Qt.Key.Key_F5)  # nobody claimed yet: the dock asks
    assert dock.message.text() == "Who's next? Gatto, Hargan"
    assert dock.turns.selected() == ["gatto", "hargan"]
    dock.turns.select_tokens(["gatto"])
    _press(qtbot, window, Qt.Key.Key_F5)
    assert window.document.map.conflict.turn == "gatto"
    _declare(dock, "move", zone="z2", shifts=3, story="Through the racks")
    gatto = window.document.get("token", "gatto")
    assert gatto.location.zone == "z2"
    assert window.document.map.conflict.log[-1].story == "Through the racks"
    assert window.scene.turn_mark.isVisible() is False  # the turn is over: who's next?
    dock.turns.select_tokens(["hargan"])
    _press(qtbot, window, Qt.Key.Key_F5)
    _declare(dock, "attack", target="gatto", track="health", shifts=2)
    assert window.document.get("token", "gatto").stress[0].marked == [2]
    _press(qtbot, window, Qt.Key.Key_F7)
    assert window.document.map.conflict.exchange == 2
    assert dock.header.text() == "Edgerunner conflict · Exchange 2 · Who's next?"
    while stack.canUndo():
        stack.undo()
    assert window.document.map == warehouse()


def test_several_claimants_bid_in_an_auction(qtbot, window, monkeypatch):
    window.document.replace_map(warehouse(), None)
    window.play.start_with(Setup("edgerunner", ["gatto", "hargan"], {}, {}))
    dock = window.play.dock_widget
    monkeypatch.setattr(dock, "ask_bids", lambda claimants: {"gatto": 1, "hargan": 2})
    dock.turns.select_tokens(["gatto", "hargan"])
    _press(qtbot, window, Qt.Key.Key_F5)
    conflict = window.document.map.conflict
    assert (conflict.turn, conflict.participant("hargan").edgerunner.bid) == ("hargan", 2)
    assert dock.turns.item(1, 4).text() == "2"
    monkeypatch.setattr(dock, "ask_bids", lambda claimants: {"gatto": 1, "hargan": 1})
    window.document.undo_stack.undo()
    dock.turns.select_tokens(["gatto", "hargan"])
    _press(qtbot, window, Qt.Key.Key_F5)
    assert window.document.map.conflict.turn is None
    assert "the GM picks who acts" in dock.message.text()


def test_an_af_encounter_from_the_dock(qtbot, window):
    window.document.replace_map(af_encounter(), None)
    reflexes = {"kell": 3, "mira": 5, "raider": 2, "archer": 4}
    window.play.start_with(Setup("af", list(reflexes), {}, reflexes))
    dock = window.play.dock_widget
    turns = dock.turns
    assert [turns.item(r, 1).text() for r in range(4)] == ["Mira", "Raider archer", "Kell", "Raider"]
    assert dock.header.text() == "AF encounter · Exchange 1 · round 1 · Mira's turn"
    assert [turns.item(0, c).text() for c in (4, 5, 6)] == ["1", "1", "yes"]
    _declare(dock, "defend")
    assert [turns.item(0, c).text() for c in (4, 6, 7)] == ["2", "–", "every check"]
    _declare(dock, "snap: fend")
    assert turns.item(0, 5).text() == "0"
    _press(qtbot, window, Qt.Key.Key_F5)
    assert window.document.map.conflict.turn == "archer"
    assert window.scene.turn_mark.pos() == window.scene.items_by_key[("token", "archer")].pos()
    _press(qtbot, window, Qt.Key.Key_F6)
    conflict = window.document.map.conflict
    assert (conflict.round, conflict.turn) == (2, "mira")
    assert window.document.undo_stack.undoText().startswith("To round 2")
    window.document.undo_stack.undo()
    assert window.document.map.conflict.turn == "archer"


def test_a_concession_offered_and_accepted_ends_the_conflict(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    window.document.replace_map(warehouse(), None)
    window.play.start_with(Setup("edgerunner", ["gatto", "hargan"], {}, {}))
    story = "Jade scuttles Gatto out of there."
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("runners", True))
    monkeypatch.setattr(QInputDialog, "getMultiLineText", lambda *a, **k: (story, True))
    window.play.accept_action.trigger()
    assert "no concession has been offered" in window.play.dock_widget.message.text()
    window.play.concede_action.trigger()
    window.play.refuse_action.trigger()
    assert window.document.map.conflict.ended is None
    window.play.concede_action.trigger()
    window.play.accept_action.trigger()
    conflict = window.document.map.conflict
    assert (conflict.ended, conflict.story) == ("concession", story)
    assert window.play.dock_widget.header.text() == "Edgerunner conflict · ended (concession)"
    assert not window.play.step_actions["next"].isEnabled()
    window.document.undo_stack.undo()
    assert window.document.map.conflict.ended is None


def test_the_attack_helper_shows_range_flank_parry_and_defenses(qtbot, window):
    window.document.replace_map(af_encounter(), None)
    window.play.start_with(Setup("af", list(REFLEXES_AF), {}, REFLEXES_AF))
    form = window.play.dock_widget.form
    form.action.setCurrentText("attack")
    window.document.select([("token", "kell")])  # the target picked on the map
    assert form.target.currentData() == "kell"
    # Mira at 9,2 shoots Kell at 7,3, who faces east: from behind his flank, so he cannot parry
    helper = "range 2 areas · from behind the flank (-2 to contest) · no parry · dodge -2 · defenses: guard"
    assert form.note.text() == helper
    window.document.replace_map(warehouse(), None)
    window.play.start_with(Setup("edgerunner", ["gatto", "hargan"], {}, {}))
    dock = window.play.dock_widget
    dock.turns.select_tokens(["gatto"])
    dock.next_turn()
    form.action.setCurrentText("attack")
    form.target.setCurrentIndex(form.target.findData("hargan"))
    form.shifts.setValue(3)
    assert form.note.text().startswith("range 2 borders · 3 shifts leave 1")


def test_an_af_facing_picked_on_the_sheet_is_logged(qtbot, window):
    window.document.replace_map(af_encounter(), None)
    window.play.start_with(Setup("af", list(REFLEXES_AF), {}, REFLEXES_AF))
    sheet = window.play.dock_widget.sheet
    assert sheet.token_id == "mira"
    sheet.facing.setValue(180)
    assert window.document.get("token", "mira").facing == 180.0
    entry = window.document.map.conflict.log[-1]
    assert (entry.actor, entry.action, entry.numbers) == ("mira", "face", {"facing": 180})


def test_autosave_and_recovery_keep_a_conflict_in_progress(qtbot, window):
    from tabletop.io import load_map

    window.document.replace_map(warehouse(), None)
    window.play.start_with(Setup("edgerunner", ["gatto", "hargan"], {}, {}))
    dock = window.play.dock_widget
    dock.turns.select_tokens(["gatto"])
    dock.next_turn()
    assert window.autosaver.tick()
    kept = load_map(window.autosaver.map_file)  # what Recover opens after a crash
    assert kept.conflict == window.document.map.conflict
    window.play.dock.hide()
    window.document.replace_map(kept, None)
    assert window.play.dock.isVisible()
    assert dock.header.text() == "Edgerunner conflict · Exchange 1 · Gatto's turn"


def test_the_auction_asks_only_those_who_may_still_act(qtbot, window, monkeypatch):
    window.document.replace_map(warehouse(), None)
    window.play.start_with(Setup("edgerunner", ["gatto", "hargan"], {}, {}))
    dock = window.play.dock_widget
    dock.turns.select_tokens(["hargan"])
    _press(qtbot, window, Qt.Key.Key_F5)
    _declare(dock, "simple", what="Reloads")
    asked = []
    monkeypatch.setattr(dock, "ask_bids", lambda claimants: asked.append(claimants) or dict.fromkeys(claimants, 1))
    dock.turns.select_tokens(["gatto", "hargan"])  # Hargan has acted this exchange: no bid for him
    _press(qtbot, window, Qt.Key.Key_F5)
    assert asked == []
    assert window.document.map.conflict.turn == "gatto"


def test_a_tie_in_the_auction_names_the_tokens_by_their_labels(qtbot, window, monkeypatch):
    window.document.replace_map(warehouse(), None)
    window.play.start_with(Setup("edgerunner", ["gatto", "hargan"], {}, {}))
    dock = window.play.dock_widget
    monkeypatch.setattr(dock, "ask_bids", lambda claimants: {"gatto": 3, "hargan": 3})
    dock.turns.select_tokens(["gatto", "hargan"])
    _press(qtbot, window, Qt.Key.Key_F5)
    assert dock.message.text() == "Gatto and Hargan both bid 3: the GM picks who acts (select one, F5)."

"""A side typed in the Inspector: a token wearing its side's colour takes the colour of the side
it joins, as one undo step with the side; a colour the GM picked for it stays. Several tokens
given a side together do the same."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.document.commands import EditObject
from tabletop.samples import warehouse

GOLD = "#ffd700"


def _box(window, path: str):
    return next(f.widget for f in window.inspector.fields["token"] if f.path == path)


def _type_side(qtbot, window, side: str) -> None:
    box = _box(window, "side")
    box.selectAll()
    qtbot.keyClicks(box, side)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_a_token_in_its_sides_colour_takes_its_new_sides(qtbot, window):
    document = window.document
    document.replace_map(warehouse(), None)
    before = document.get("token", "gatto")
    corp = document.get("token", "hargan").colour
    assert before.colour.lower() != corp.lower()
    document.select([("token", "gatto")])
    _type_side(qtbot, window, "corp")
    gatto = document.get("token", "gatto")
    assert (gatto.side, gatto.colour.lower()) == ("corp", corp.lower())
    assert _box(window, "colour").colour.lower() == corp.lower(), "the colour button shows it"
    document.undo_stack.undo()
    gatto = document.get("token", "gatto")
    assert (gatto.side, gatto.colour) == (before.side, before.colour), "side and colour: one undo step"


def test_a_colour_picked_for_the_token_stays(qtbot, window):
    document = window.document
    document.replace_map(warehouse(), None)
    gold = document.get("token", "gatto").model_copy(update={"colour": GOLD})
    document.undo_stack.push(EditObject(document, "token", gold, "colour"))
    document.select([("token", "gatto")])
    _type_side(qtbot, window, "corp")
    assert (document.get("token", "gatto").side, document.get("token", "gatto").colour) == ("corp", GOLD)


def test_tokens_given_a_side_together_take_its_colour(qtbot, window):
    document = window.document
    document.replace_map(warehouse(), None)
    document.select([("token", "gatto"), ("token", "hargan")])
    box = window.inspector.shared_page.widgets["side"]
    box.selectAll()
    qtbot.keyClicks(box, "ghosts")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    tokens = [document.get("token", i) for i in ("gatto", "hargan")]
    assert {t.side for t in tokens} == {"ghosts"}
    assert len({t.colour.lower() for t in tokens}) == 1, "one side, one colour"

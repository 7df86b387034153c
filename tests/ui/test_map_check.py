"""Map ▸ Check Map's dialog: its findings, the zone picker, and a finding selected and brought
into sight, clear of the dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.document import MapDocument
from tabletop.model import Map
from tabletop.samples import warehouse
from tabletop.ui.dialogs.map_check import MapCheckDialog
from tests.rules.lint_map import lint_map


def _dialog(qtbot, map_):
    centred = []
    dialog = MapCheckDialog(MapDocument(map_), lambda objects, ids: centred.append((objects, ids[0])))
    qtbot.addWidget(dialog)
    return dialog, centred


def _texts(dialog):
    return [dialog.findings.item(row).text() for row in range(dialog.findings.count())]


def _double_click(qtbot, dialog, row):
    view = dialog.findings
    centre = view.visualItemRect(view.item(row)).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)


def test_lists_each_finding_and_is_not_modal(qtbot):
    dialog, _ = _dialog(qtbot, lint_map())
    assert not dialog.isModal()
    assert dialog.start_zone() == "hall" and dialog.start.currentText() == "Hall"
    texts = _texts(dialog)
    assert texts[0] == "Nobody can reach Vault from Hall."
    assert texts[1].startswith("Pit is a one-way trap") and "choke border" in texts[2]
    assert dialog.summary.text().startswith("3 findings")


def test_activating_a_finding_centres_the_map_on_its_zone_or_border(qtbot):
    dialog, centred = _dialog(qtbot, lint_map())
    dialog.show()
    qtbot.waitExposed(dialog)
    _double_click(qtbot, dialog, 0)
    _double_click(qtbot, dialog, 2)
    assert centred == [("zone", "vault"), ("border", "yard-store")]


def test_picking_another_start_checks_again(qtbot):
    dialog, _ = _dialog(qtbot, lint_map())
    dialog.start.setCurrentIndex(dialog.start.findText("Pit"))
    assert dialog.start_zone() == "pit"
    unreachable = [text for text in _texts(dialog) if text.startswith("Nobody can reach")]
    assert len(unreachable) == 6 and unreachable[0] == "Nobody can reach Hall from Pit."


def test_a_new_map_is_checked_and_a_sound_one_says_so(qtbot):
    dialog, centred = _dialog(qtbot, lint_map())
    dialog.document.replace_map(warehouse(), None)
    assert dialog.findings.count() == 0 and dialog.choices.ids == ["z1", "z2", "z3"]
    assert [dialog.start.itemText(i) for i in range(3)] == [z.label for z in warehouse().zones]
    assert dialog.summary.text().startswith("Nothing to warn of: every zone can be reached from West end")
    dialog.document.replace_map(Map(title="Only grids"), None)
    assert dialog.summary.text() == "This map has no zones to check." and centred == []


def test_checking_again_keeps_the_chosen_start_while_it_is_on_the_map(qtbot):
    from tabletop.document.commands import remove

    dialog, _ = _dialog(qtbot, lint_map())
    dialog.start.setCurrentIndex(dialog.start.findText("Office"))
    document = dialog.document
    document.undo_stack.push(remove(document, [("zone", "pit")]))
    dialog.refresh()
    assert dialog.start_zone() == "office" and dialog.start.currentText() == "Office"
    assert "Pit" not in [dialog.start.itemText(i) for i in range(dialog.start.count())]
    assert _texts(dialog)[0] == "Nobody can reach Vault from Office."
    document.undo_stack.push(remove(document, [("zone", "office")]))
    dialog.refresh()
    assert dialog.start_zone() == "hall", "the chosen zone is gone: the first zone again"
    assert _texts(dialog)[0] == "Nobody can reach Vault from Hall."


def test_hovering_over_a_finding_says_its_kind(qtbot):
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    dialog, _ = _dialog(qtbot, lint_map())
    dialog.show()
    qtbot.waitExposed(dialog)
    view = dialog.findings.viewport()
    tips = []
    for row in range(3):
        at = dialog.findings.visualItemRect(dialog.findings.item(row)).center()
        QApplication.sendEvent(view, QHelpEvent(QEvent.Type.ToolTip, at, view.mapToGlobal(at)))
        tips.append(QToolTip.text())
    assert tips == [
        "Unreachable: activate to centre the map on it",
        "One-way trap: activate to centre the map on it",
        "Choke border: activate to centre the map on it",
    ]


def test_rooms_drawn_over_each_other_and_borders_apart_are_findings(qtbot):
    from tabletop.model import PolygonShape
    from tabletop.samples import room_with_door

    map_ = room_with_door()
    hall, office = map_.zones
    points = list(hall.shape.points)
    points[1] = (points[1][0] + 30, points[1][1])  # the corner shared with the office, pushed into it
    map_ = map_.model_copy(update={"zones": [hall.model_copy(update={"shape": PolygonShape(points=points)}), office]})
    dialog, centred = _dialog(qtbot, map_)
    assert _texts(dialog) == ["Hall and Office overlap: a place on the map is in both."]
    dialog.show()
    qtbot.waitExposed(dialog)
    _double_click(qtbot, dialog, 0)
    assert centred == [("zone", "hall")]


def test_a_finding_is_selected_and_the_dialog_moves_off_its_spot(qtbot, window):
    window.document.replace_map(lint_map(), None)
    dialog = window.map_menu.check_map()
    view = window.view.viewport()
    spot = view.mapToGlobal(view.rect().center())
    dialog.move(spot.x() - dialog.width() // 2, spot.y() - dialog.height() // 2)  # right over the map's middle
    qtbot.waitUntil(lambda: dialog.frameGeometry().contains(spot))
    _double_click(qtbot, dialog, 0)
    assert window.document.selection == [("zone", "vault")]
    qtbot.waitUntil(lambda: not dialog.frameGeometry().contains(spot))
    dialog.close()

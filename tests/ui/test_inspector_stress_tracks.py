"""Stress tracks, aspects, consequences and the problem flag are edited in the Inspector on a
token (one placed in the window too), a border and a zone: each change one undo step that
undoes exactly, a refused value named in one line and not applied, names shown as plain text,
and everything inside a narrow dock."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from tabletop.document.commands import EditObject
from tabletop.model import Aspect, Consequence, StressTrack
from tabletop.samples import room_with_door, warehouse
from tests.ui.conftest import click

HOSTILE = "<b>x</b><img src=a.png>"


def _settle(window) -> None:
    for _ in range(3):
        QApplication.processEvents()
    window.layout().activate()


def _placed_token(qtbot, window):
    """A token placed with the Token tool in the warehouse's first zone, shown in the Inspector."""
    window.document.replace_map(warehouse(), None)
    window.set_tool("T")
    before = {t.id for t in window.document.map.tokens}
    click(qtbot, window, 100, 100)
    (token_id,) = {t.id for t in window.document.map.tokens} - before
    assert window.document.selection == [("token", token_id)]
    return token_id


def _one_step(window, kind: str, object_id: str, act) -> tuple:
    """Do `act`; it must be one undo step, and undoing it must give the object back exactly."""
    document, stack = window.document, window.document.undo_stack
    before, count = document.get(kind, object_id), stack.count()
    act()
    after = document.get(kind, object_id)
    assert stack.count() == count + 1, stack.undoText()
    assert after != before
    stack.undo()
    assert document.get(kind, object_id) == before
    stack.redo()
    assert document.get(kind, object_id) == after
    return before, after


def test_a_token_placed_in_the_window_gets_a_track_a_marked_box_and_a_threshold(qtbot, window):
    token_id = _placed_token(qtbot, window)
    editor = window.inspector.token_stress
    assert window.document.get("token", token_id).stress == [] and editor.tracks == []
    assert editor.add_track.isVisible()
    _, token = _one_step(window, "token", token_id, editor.add_track.click)
    (track,) = token.stress
    assert track.boxes == len(editor.tracks[0].buttons) and track.marked == []
    assert window.document.undo_stack.undoText() == f"Add stress track {track.name} to token {token.name}"

    _, token = _one_step(window, "token", token_id, editor.tracks[0].buttons[2].click)
    assert token.stress[0].marked == [3]
    assert editor.tracks[0].buttons[2].isChecked() and not editor.tracks[0].buttons[1].isChecked()
    _, token = _one_step(window, "token", token_id, lambda: editor.tracks[0].threshold.setValue(2))
    assert token.stress[0].threshold == 2
    assert editor.tracks[0].buttons[2].property("over"), "box 3 is above a threshold of 2"
    window.document.undo_stack.undo()
    assert editor.tracks[0].threshold.value() == track.threshold, "the editor follows undo"
    assert not editor.tracks[0].buttons[2].property("over")


def test_typing_a_track_name_is_one_step_and_more_boxes_make_more_buttons(qtbot, window):
    token_id = _placed_token(qtbot, window)
    editor = window.inspector.token_stress
    editor.add_track.click()
    name = editor.tracks[0].name

    def rename() -> None:
        name.selectAll()
        qtbot.keyClicks(name, "cool")

    _, token = _one_step(window, "token", token_id, rename)
    assert token.stress[0].name == "cool"
    _, token = _one_step(window, "token", token_id, lambda: editor.tracks[0].boxes.setValue(8))
    assert token.stress[0].boxes == 8 and len(editor.tracks[0].buttons) == 8


def test_an_aspect_with_free_invokes_and_a_consequence_with_shifts(qtbot, window):
    token_id = _placed_token(qtbot, window)
    editor = window.inspector.token_stress
    _one_step(window, "token", token_id, editor.add_aspect.click)
    aspect = editor.aspects[0]

    def name_it() -> None:
        aspect.name.selectAll()
        qtbot.keyClicks(aspect.name, "Dug in")

    _one_step(window, "token", token_id, name_it)
    _, token = _one_step(window, "token", token_id, lambda: aspect.number.setValue(2))
    assert token.aspects == [Aspect(name="Dug in", free_invokes=2)]

    _one_step(window, "token", token_id, editor.add_consequence.click)
    row = editor.consequences[0]

    def name_consequence() -> None:
        row.name.selectAll()
        qtbot.keyClicks(row.name, "Bruised ribs")

    _one_step(window, "token", token_id, name_consequence)
    _, token = _one_step(window, "token", token_id, lambda: row.number.setValue(3))
    assert token.consequences == [Consequence(name="Bruised ribs", shifts=3)]
    _, token = _one_step(window, "token", token_id, editor.aspects[0].remove.click)
    assert token.aspects == [] and editor.aspects == []


def test_the_problem_flag_is_one_step(qtbot, window):
    token_id = _placed_token(qtbot, window)
    problem = window.inspector.token_stress.problem
    assert problem.isVisible() and not problem.isChecked()
    _, token = _one_step(window, "token", token_id, problem.click)
    assert token.problem and problem.isChecked()
    window.document.undo_stack.undo()
    assert not problem.isChecked()


def test_a_refused_value_is_said_in_one_line_and_changes_nothing(qtbot, window):
    token_id = _placed_token(qtbot, window)
    editor, line = window.inspector.token_stress, window.inspector.problem
    editor.add_track.click()
    editor.tracks[0].buttons[4].click()  # box 5 marked
    document, stack = window.document, window.document.undo_stack
    before, count = document.get("token", token_id), stack.count()
    boxes = editor.tracks[0].boxes
    assert boxes.maximum() == StressTrack.model_fields["boxes"].metadata[-1].le == 100, "the model's own range"
    boxes.setMaximum(1000)  # past the range the spin box offers, to reach the model's refusal
    for act, said in (
        (lambda: boxes.setValue(200), "a number of stress boxes of 200 is more than a map can mean (at most 100)"),
        (lambda: boxes.setValue(3), "marks box 5 but has only 3 boxes"),
        (lambda: editor.tracks[0].name.textEdited.emit(""), "at least 1 character"),
    ):
        act()
        assert said in line.text() and "\n" not in line.text()
        assert document.get("token", token_id) == before and stack.count() == count
    boxes.setValue(5)  # back to what the model holds: the line clears
    assert line.text() == ""
    editor.add_track.click()
    editor.tracks[1].name.textEdited.emit(before.stress[0].name)
    assert "already called" in line.text(), "the rules find a track by its name"
    names = [track.name for track in document.get("token", token_id).stress]
    assert len(names) == 2 == len(set(names))


def test_a_border_gets_a_stress_track_and_loses_it(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    window.document.select([("border", "wall")])
    editor = window.inspector.border_stress
    assert editor.tracks_title.text() == "Stress track" and [b.name.text() for b in editor.tracks] == ["integrity"]
    assert not editor.add_track.isVisible(), "a border has one track at most"
    assert not editor.problem.isVisible() and not editor.add_consequence.isVisible()
    _, border = _one_step(window, "border", "wall", editor.tracks[0].remove.click)
    assert border.stress is None and editor.tracks == [] and editor.add_track.isVisible()
    _, border = _one_step(window, "border", "wall", editor.add_track.click)
    assert isinstance(border.stress, StressTrack) and not editor.add_track.isVisible()
    _, border = _one_step(window, "border", "wall", lambda: editor.tracks[0].threshold.setValue(2))
    assert border.stress.threshold == 2
    _, border = _one_step(window, "border", "wall", editor.add_aspect.click)
    assert len(border.aspects) == 1 and len(editor.aspects) == 1


def test_a_zone_gets_an_aspect(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z2")])
    editor = window.inspector.zone_aspects
    assert not editor.add_track.isVisible() and not editor.tracks_title.isVisible()
    before, zone = _one_step(window, "zone", "z2", editor.add_aspect.click)
    assert len(zone.aspects) == len(before.aspects) + 1 == len(editor.aspects)
    _, zone = _one_step(window, "zone", "z2", lambda: editor.aspects[-1].number.setValue(1))
    assert zone.aspects[:-1] == before.aspects and zone.aspects[-1].free_invokes == 1


def test_hostile_names_show_as_plain_text(qtbot, window):
    window.document.replace_map(warehouse(), None)
    token = window.document.map.tokens[0]
    hostile = token.model_copy(
        update={
            "name": HOSTILE,
            "stress": [StressTrack(name=HOSTILE, defended_threshold=2)],
            "aspects": [Aspect(name=HOSTILE)],
            "consequences": [Consequence(name=HOSTILE)],
        }
    )
    window.document.undo_stack.push(EditObject(window.document, "token", hostile, "name"))
    window.document.select([("token", token.id)])
    editor = window.inspector.token_stress
    editor.add_aspect.click()
    editor.aspects[1].name.textEdited.emit(HOSTILE)  # refused: the line quotes the name
    assert HOSTILE in window.inspector.problem.text()
    assert editor.tracks[0].name.text() == HOSTILE
    labels = [*editor.findChildren(QLabel), window.inspector.problem]
    for label in labels:
        assert label.textFormat() == Qt.TextFormat.PlainText or "<" not in label.text(), label.text()
    for widget in editor.findChildren(QWidget):
        assert not GuiQt.mightBeRichText(widget.toolTip()), widget.toolTip()


def test_the_editor_fits_a_narrow_dock_with_a_hundred_boxes(qtbot, window):
    window.document.replace_map(warehouse(), None)
    token = window.document.map.tokens[0]
    long = token.model_copy(
        update={
            "stress": [StressTrack(name="health", boxes=100, marked=[1, 50, 100], threshold=100)],
            "aspects": [Aspect(name="Only if this gun fired once in a while", free_invokes=3)],
            "consequences": [Consequence(name="Bleeding pile of meat on the ground", shifts=4)],
        }
    )
    window.document.undo_stack.push(EditObject(window.document, "token", long, "stress"))
    window.document.select([("token", token.id)])
    _settle(window)
    inspector, editor = window.inspector, window.inspector.token_stress
    viewport = inspector.scroll_area.viewport()
    assert viewport.width() <= 400
    for widget in (
        *editor.tracks[0].buttons,
        editor.tracks[0].remove,
        editor.tracks[0].threshold,
        editor.aspects[0].remove,
        editor.consequences[0].remove,
        editor.add_consequence,
    ):
        right = widget.mapTo(viewport, widget.rect().topRight()).x()
        assert 0 < right <= viewport.width(), widget
    marked = [n for n, button in enumerate(editor.tracks[0].buttons, start=1) if button.isChecked()]
    assert marked == [1, 50, 100]
    rows = {button.y() for button in editor.tracks[0].buttons}
    assert len(rows) > 1, "the boxes wrap onto more lines"
    last, add = editor.tracks[0].buttons[-1], editor.add_track
    assert last.mapTo(editor, last.rect().bottomLeft()).y() < add.mapTo(editor, add.rect().topLeft()).y()


def test_the_editor_stands_alone_for_the_play_dock(qapp):
    from tabletop.document import MapDocument
    from tabletop.ui.docks.stress_aspects import StressAspectEditor

    document = MapDocument(warehouse())
    token = document.map.tokens[0]
    editor = StressAspectEditor(document)
    editor.show_object("token", token.id)
    assert [block.name.text() for block in editor.tracks] == [track.name for track in token.stress]
    first = token.stress[0]
    editor.tracks[0].buttons[0].click()
    assert document.get("token", token.id).stress[0].marked == sorted({*first.marked} ^ {1})
    editor.tracks[0].boxes.setMaximum(1000)
    editor.tracks[0].boxes.setValue(200)
    assert "100" in editor.problem_line.text() and not editor.problem_line.isHidden()
    document.undo_stack.undo()
    assert document.get("token", token.id) == token
    assert editor.tracks[0].buttons[0].isChecked() == (1 in first.marked)


def test_a_down_token_is_repainted_in_the_window(qtbot, window):
    token_id = _placed_token(qtbot, window)
    item = window.scene.items_by_key[("token", token_id)]

    def picture() -> QImage:
        rect = item.boundingRect()
        image = QImage(int(rect.width()) + 1, int(rect.height()) + 1, QImage.Format.Format_ARGB32)
        image.fill(0)
        painter = QPainter(image)
        painter.translate(-rect.left(), -rect.top())
        item.paint(painter, None)
        painter.end()
        return image

    standing = picture()
    window.inspector.state_boxes["down"].click()
    assert window.document.get("token", token_id).states == ["down"]
    assert picture() != standing

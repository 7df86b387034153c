"""A hostile map (every name, title, note, description, aspect, side and story written as
`<img src=... width=30000><b>...</b> & Co`) shown in every part of the windows: the map window
with each kind of object selected, the Play dock in the middle of each system's conflict, the
Reserve and Cards panes, the players' window, and every dialog the window opens. Nowhere is
the map's text taken as markup or its ampersand as a mnemonic, and no window grows wider than
a screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QAction, QColor, QImage
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QInputDialog,
    QMenu,
    QMessageBox,
    QToolTip,
    QWidget,
)

from tabletop import samples
from tabletop.document.commands import EditObject
from tabletop.document.commands.grid_edits import SegmentKey
from tabletop.io import save_map
from tabletop.play_samples import PLAY_SAMPLES
from tabletop.rules import systems
from tabletop.rules.play import Question
from tabletop.ui.docks.play.ask import ask
from tests.hostile import hostile, hostile_conflicts, hostile_map
from tests.ui.markup_walk import markup_in, markup_problems, too_wide

SAMPLES = {
    "warehouse": samples.warehouse,
    "room-with-door": samples.room_with_door,
    "hillside": samples.hillside,
    "nephrite-net": samples.nephrite_net,
    "af-encounter": samples.af_encounter,
}
SCREEN_WIDTH = 1920


@pytest.fixture
def picture(tmp_path) -> str:
    """A picture a rich-text label would load from the map's text (the GM's own file)."""
    path = tmp_path / "x.png"
    image = QImage(8, 8, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    image.save(str(path))
    return str(path)


class Walked(list):
    """What the dialogs, menus, message boxes and tooltips opened would show wrongly; `tips`,
    every tooltip shown."""

    tips: list[str]
    dialogs: list[str]


@pytest.fixture
def walked(monkeypatch):
    """Every dialog, menu, message box and tooltip the window opens is walked and closed at
    once instead of waiting for the GM; what each would show wrongly is collected."""
    found = Walked()
    found.tips, found.dialogs = [], []

    def dialog_exec(self) -> int:
        found.dialogs.append(type(self).__name__)
        self.show()
        QApplication.processEvents()
        found.extend(markup_problems(self) + too_wide(self))
        self.reject()
        return 0

    def menu_exec(self, *args, **kwargs):
        found.dialogs.append("QMenu")
        found.extend(markup_problems(self))
        return None

    def message(kind):
        def shown(parent, title, text, *args, **kwargs):
            found.dialogs.append(f"QMessageBox.{kind}")
            if markup_in(text):
                found.append(f"QMessageBox.{kind}: the map's text taken as markup: {text[:120]!r}")
            return QMessageBox.StandardButton.No if kind == "question" else QMessageBox.StandardButton.Ok

        return shown

    def tooltip(pos, text, *args, **kwargs):
        found.tips.append(text)
        if markup_in(text):
            found.append(f"QToolTip.showText: the map's text taken as markup: {text[:120]!r}")

    monkeypatch.setattr(QDialog, "exec", dialog_exec)
    monkeypatch.setattr(QMenu, "exec", menu_exec)
    for kind in ("question", "warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, kind, message(kind))
    monkeypatch.setattr(QToolTip, "showText", tooltip)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: ("", ""))
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: (0, False))
    return found


def _no_markup(window, walked: list[str], *more: QWidget) -> None:
    QApplication.processEvents()
    problems = [*walked, *markup_problems(window, *more), *too_wide(window, *more)]
    assert not problems, "\n".join(problems)
    assert window.width() <= SCREEN_WIDTH, f"the window grew to {window.width()} px"


def _fill_menus(window) -> None:
    """The menus filled as they are when opened (recent maps, players' side, screens)."""
    for menu in window.findChildren(QMenu):
        menu.aboutToShow.emit()
    QApplication.processEvents()  # a stand-in menu opens the menu built in its place: closed again
    for menu in window.findChildren(QMenu):
        menu.close()


def _hover_every_zone(window) -> None:
    """The status bar names the zone under the mouse (and the range from a selected token)."""
    for zone in window.document.map.zones:
        box = window.document.layout.boxes.get(("zone", zone.id))
        if box is not None:
            left, top, right, bottom = box
            window.view.hovered.emit(QPointF((left + right) / 2, (top + bottom) / 2))
            assert "& Co" in window.hover_label.text(), "the hover line names the zone"
            _no_markup(window, [])


def _ask_badges(window) -> None:
    """A tooltip asked over every part of the canvas: over a badge it explains the border."""
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QHelpEvent

    viewport = window.view.viewport()
    for x in range(0, viewport.width(), 12):
        for y in range(0, viewport.height(), 12):
            event = QHelpEvent(QEvent.Type.ToolTip, QPoint(x, y), viewport.mapToGlobal(QPoint(x, y)))
            QApplication.sendEvent(viewport, event)


@pytest.mark.parametrize("sample", list(SAMPLES))
def test_the_map_window_shows_a_hostile_maps_text_as_typed(qtbot, window, walked, picture, sample):
    map_ = hostile_map(SAMPLES[sample](), picture)
    window.document.replace_map(map_, None)
    window.later.finish()
    window.view.fit_map()
    _no_markup(window, walked)
    for kind, objects in (("zone", map_.zones), ("border", map_.borders), ("token", map_.tokens), ("grid", map_.grids)):
        for obj in objects:
            window.document.select([(kind, obj.id)])
            _no_markup(window, walked)
        if objects:
            window.document.select([(kind, obj.id) for obj in objects])
            _no_markup(window, walked)
    for grid in map_.grids:
        window.document.select([("grid", grid.id)])
        for tile in grid.tiles:
            for index in range(len(tile.segments)):
                window.inspector.segment_choice.set(SegmentKey(grid.id, (tile.row, tile.col), index))
                _no_markup(window, walked)
    first = map_.zones[0] if map_.zones else map_.tokens[0]
    kind = "zone" if map_.zones else "token"
    window.document.undo_stack.push(EditObject(window.document, kind, first.model_copy(update={"name": "x"}), "name"))
    assert "& Co" in window.undo_action.text(), "the undo names the object as it was"
    window.document.undo_stack.undo()
    assert "& Co" in window.redo_action.text()
    window.document.select([("token", t.id) for t in map_.tokens[:1]])
    _fill_menus(window)
    _hover_every_zone(window)
    _ask_badges(window)
    assert bool(map_.borders) == any(" Co" in tip for tip in walked.tips), "a badge's tooltip names its zones"
    _no_markup(window, walked)


@pytest.mark.parametrize("system", ["edgerunner", "af", "reserve", "cards"])
def test_the_play_dock_mid_conflict_shows_a_hostile_maps_text_as_typed(
    qtbot, window, walked, picture, tmp_path, system
):
    map_ = hostile_conflicts(picture)[system] if system != "cards" else hostile_map(samples.warehouse(), picture)
    window.document.replace_map(map_, None)
    window.later.finish()
    if system == "reserve":
        window.docks["Reserve"].show()
        reserve = window.panes["Reserve"]
        for side in map_.conflict.reserve:
            reserve.attacker.setCurrentText(side.name)
            _no_markup(window, walked)
        scores = tuple(score for side in map_.conflict.reserve for score in side.reserve)
        ask(window, window.document, Question("pays", "Which score pays?", "choice", scores), {})
        assert "Asking" in walked.dialogs
    elif system == "cards":
        window.docks["Cards"].show()
        pane = window.panes["Cards"]
        from PySide6.QtWidgets import QTableWidgetItem

        for row, name in enumerate(("Erica", "John")):
            for column, text in enumerate((hostile(name, picture), "3", "1", "0", "0", "0")):
                pane.table.setItem(row, column, QTableWidgetItem(text))
            pane.table.setItem(row, 7, QTableWidgetItem(hostile("scope", picture)))
        pane.begin_button.click()
        for field in pane.asked.fields.values():
            field.setText("7")
        pane.play_button.click()
        _no_markup(window, walked)
    else:
        play = window.play
        dock = play.dock_widget
        qtbot.waitUntil(play.dock.isVisible)
        for token in map_.conflict.order:
            dock.turns.select_tokens([token])
            dock._chosen([token])
            menu = dock.turns.open_menu(token)
            walked.extend(markup_problems(menu))
            menu.close()
            _no_markup(window, walked)
        form = dock.form
        for index in range(form.choice.count()):
            form.choice.setCurrentIndex(index)
            _no_markup(window, walked)
        for act in play.steps_menu.actions():
            act.trigger()
        rules = systems.of(window.document.map.conflict)
        tokens = tuple(p.token for p in window.document.map.conflict.participants)
        for question in (
            Question("bids", f"{hostile('Gatto')} claims the turn: their bids", "by_token", tokens),
            Question("who", f"{hostile('Gatto')} both bid: the GM picks", "participant", tokens),
            Question("past_edge", f"{hostile('Kell')} steps past the edge", "choice", ("grow", "exit")),
        ):
            ask(window, window.document, question, {})
        if map_.borders:
            question = Question("redefine", f"{hostile('shelf')} is taken out", "passages", (map_.borders[0].id,))
            ask(window, window.document, question, {"target": map_.borders[0].id})
        assert rules.turn_based
        assert not window.play.export_log(str(tmp_path / hostile("no such folder") / "log.md"))
        assert "QMessageBox.warning" in walked.dialogs, "the log could not be written: the GM is told why"
        assert {"StepDialog", "Asking"} <= set(walked.dialogs), walked.dialogs
    _no_markup(window, walked)
    window.document.undo_stack.setClean()  # the window closes without asking to save


def test_the_players_window_shows_a_hostile_maps_text_as_typed(qtbot, window, walked, picture):
    window.document.replace_map(hostile_map(PLAY_SAMPLES["af-encounter-round3"](), picture), None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitExposed(player)
    window.players.blackout_action.setChecked(False)
    qtbot.waitUntil(lambda: not player.view.covered)
    qtbot.waitUntil(lambda: "& Co" in player.banner.text)
    _no_markup(window, walked, player)
    assert player.width() <= SCREEN_WIDTH


@pytest.mark.parametrize("sample", ["warehouse", "af-encounter"])
def test_every_dialog_the_window_opens_shows_a_hostile_maps_text_as_typed(
    qtbot, window, walked, picture, tmp_path, sample
):
    map_ = hostile_map(SAMPLES[sample](), picture)
    path = tmp_path / "hostile.tabletop"  # saved: Set Background Image keeps the picture beside it
    save_map(map_, path)
    window.document.replace_map(map_, path)
    window.later.finish()
    from tabletop.ui.files import RECENT_KEY

    window.settings.setValue(RECENT_KEY, [str(tmp_path / f"{hostile('old map', picture)}.tabletop")])
    _fill_menus(window)
    dialogs = [act for act in window.findChildren(QAction) if act.text().endswith("…")]
    assert len(dialogs) >= 8, [act.text() for act in dialogs]
    for act in dialogs:
        if act.isEnabled():
            act.trigger()
            _no_markup(window, walked)
    if map_.grids:  # a token dropped past the grid's east edge: the GM is asked whether it grows
        from tabletop.ui.grid_menu import offer_growth

        assert not offer_growth(window, window.document, "raider", QPointF(620, 300))
        assert "QMessageBox.question" in walked.dialogs
    check = window.map_menu.check_dialog
    assert check is not None and check.isVisible()
    for row in range(check.start.count()):
        check.start.setCurrentIndex(row)
        _no_markup(window, walked)
    assert {"BackgroundDialog", "ExportDialog", "StartConflictDialog"} <= set(walked.dialogs)
    opened = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w is not window]
    assert opened, "the Check Map and calibration dialogs stay open beside the map"
    _no_markup(window, walked, *opened)
    for dialog in opened:
        dialog.close()

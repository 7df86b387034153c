"""The Map menu: Check Map lists the findings and centres on one; a background picture set
from the window shows under the zones, undoes in one step, and a missing one is said."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from tabletop.model import Background
from tabletop.samples import warehouse
from tests.rules.lint_map import lint_map
from tests.ui.test_scenes import _colour, _picture


def test_check_map_lists_findings_and_centres_on_one(qtbot, window):
    window.document.replace_map(lint_map(), None)
    dialog = window.map_menu.check_map()
    assert dialog.isVisible() and dialog.findings.count() == len(dialog.found) >= 3
    kinds = {finding.kind.value for finding in dialog.found}
    assert len(kinds) == 3, kinds
    before = window.view.mapToScene(window.view.viewport().rect().center())
    far = max(range(len(dialog.found)), key=lambda i: dialog.found[i].ids[0])
    dialog.findings.itemActivated.emit(dialog.findings.item(far))
    after = window.view.mapToScene(window.view.viewport().rect().center())
    finding = dialog.found[far]
    left, top, right, bottom = window.document.layout.boxes[(finding.objects, finding.ids[0])]
    assert after != before or (left <= after.x() <= right and top <= after.y() <= bottom)
    dialog.close()


def test_check_map_is_checked_again_after_a_zone_or_border_edit_not_after_a_token_move(qtbot, window, monkeypatch):
    """A check of a 100k-zone map takes a third of a second: moving a token, which changes no finding,
    must not hold the table for it whenever the findings are shown."""
    from tabletop.document.commands import MoveToken, remove
    from tabletop.model import ZoneLocation
    from tabletop.ui.map_menu import RECHECK_MS

    window.document.replace_map(warehouse(), None)
    dialog = window.map_menu.check_map()
    checks = []
    monkeypatch.setattr(dialog, "refresh", lambda: checks.append(window.document.revision))
    token = window.document.map.tokens[0]
    elsewhere = next(z.id for z in window.document.map.zones if z.id != token.location.zone)
    window.document.undo_stack.push(MoveToken(window.document, token.id, ZoneLocation(zone=elsewhere)))
    assert not window.map_menu._recheck.isActive() and checks == [], "a token moved: nothing to check again"
    border = window.document.map.borders[0].id
    window.document.undo_stack.push(remove(window.document, [("border", border)]))
    qtbot.waitUntil(lambda: checks == [window.document.revision], timeout=RECHECK_MS + 2000)
    dialog.close()


def test_a_background_set_from_the_window_shows_under_zones_and_undoes(qtbot, window, tmp_path, monkeypatch):
    picture = tmp_path / "scan.png"
    image = QImage(100, 100, QImage.Format.Format_RGB32)
    image.fill(QColor("#00ff00"))
    assert image.save(str(picture))
    map_ = warehouse().model_copy(update={"zones": [], "borders": [], "tokens": []})
    window.document.replace_map(map_, tmp_path / "map.tabletop")
    chosen = Background(path="scan.png", x=10, y=10, scale=2.0, opacity=1.0)
    monkeypatch.setattr("tabletop.ui.dialogs.background.choose_background", lambda *args, **kwargs: chosen)
    window.map_menu.set_background()
    assert window.document.map.background == chosen
    rect = QRectF(0, 0, 300, 300)
    assert _colour(_picture(window.scene, rect), rect, 150, 150) == "#00ff00"
    assert _colour(_picture(window.scene, rect), rect, 250, 250) != "#00ff00", "200 map units wide at scale 2"
    window.document.undo_stack.undo()
    assert window.document.map.background is None
    assert _colour(_picture(window.scene, rect), rect, 150, 150) != "#00ff00"


def test_a_missing_background_picture_is_said(qtbot, window, tmp_path):
    map_ = warehouse().model_copy(update={"background": Background(path="gone.png")})
    window.document.replace_map(map_, tmp_path / "map.tabletop")
    assert "gone.png" in window.statusBar().currentMessage()
    assert "missing" in window.statusBar().currentMessage()


def test_the_players_see_no_background_under_a_hidden_zone(qtbot, tmp_path):
    from tabletop.document import MapDocument
    from tabletop.render.style import players_style
    from tabletop.ui.scene.map_scene import MapScene

    image = QImage(150, 50, QImage.Format.Format_RGB32)
    image.fill(QColor("#00ff00"))
    assert image.save(str(tmp_path / "scan.png"))
    map_ = warehouse().model_copy(update={"background": Background(path="scan.png", scale=4)})
    map_.zones[2] = map_.zones[2].model_copy(update={"hidden": True})
    document = MapDocument(map_, tmp_path / "map.tabletop")
    players = MapScene(document, players_style())
    rect = QRectF(0, 0, 600, 200)
    assert _colour(_picture(players, rect), rect, 500, 150) != "#00ff00", "cut out under the hidden East end"
    assert _colour(_picture(players, rect), rect, 500, 195) != "#00ff00"


def test_checking_the_map_shows_the_busy_cursor(qtbot, window, monkeypatch):
    """A 100k-zone map takes a third of a second to check: the cursor says the window is at work."""
    from PySide6.QtWidgets import QApplication

    from tabletop.ui.dialogs import map_check

    seen = []
    real = map_check.MapCheckDialog.refresh

    def refresh(dialog):
        seen.append(QApplication.overrideCursor() is not None)
        return real(dialog)

    monkeypatch.setattr(map_check.MapCheckDialog, "refresh", refresh)
    dialog = window.map_menu.check_map()
    window.map_menu.check_map()
    window.map_menu._check_again()
    assert seen and all(seen), "busy while checking"
    assert QApplication.overrideCursor() is None, "and given back after"
    dialog.close()

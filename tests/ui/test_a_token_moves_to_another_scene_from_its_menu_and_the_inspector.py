"""Move to Scene where the GM is looking at the token: its own menu on the map (a right click on
the token chooses it and lists Move Tokens to Scene, as the zone's menu lists the handouts) and a
button on the Inspector's token page; each move is one undo step, as from the Edit menu. Without
a session the Inspector offers no such button."""

from __future__ import annotations

from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication

from tabletop.model.kinds import Kind
from tabletop.samples import warehouse
from tests.ui.conftest import at
from tests.ui.scenes import open_session

MOVE = "Move Tokens to Sce&ne"


def _close_menus() -> None:
    while (popup := QApplication.activePopupWidget()) is not None:
        popup.close()


def _scene_entry(menu, name: str):
    menu.aboutToShow.emit()  # filled as it opens: the session's other scenes
    return next(act for act in menu.actions() if act.text() == name)


def _moved_to_road(window, scenes, steps: int) -> None:
    assert window.document.get(Kind.TOKEN, "gatto") is None
    assert [t.name for t in scenes.session.map_of("scene-2").tokens] == ["Gatto"]
    assert window.document.undo_stack.count() == steps + 1
    window.undo_action.trigger()
    assert window.document.get(Kind.TOKEN, "gatto") is not None
    assert scenes.session.map_of("scene-2").tokens == []


def test_a_right_click_on_a_token_offers_the_other_scenes(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    window.later.finish()
    window.view.fit_map()
    x, y = window.document.token_spots()["gatto"][:2]
    where = at(window, x, y)
    viewport = window.view.viewport()
    QApplication.sendEvent(
        viewport, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, where, viewport.mapToGlobal(where))
    )
    menu = window.later.part("handouts").zone_menu.menu
    texts = [act.text() for act in menu.actions()]
    assert texts[0] == "Gatto" and MOVE in texts, texts
    assert window.document.selection == [(Kind.TOKEN, "gatto")]
    _close_menus()
    steps = window.document.undo_stack.count()
    submenu = next(act for act in menu.actions() if act.text() == MOVE).menu()
    entries = [act.text() for act in (submenu.aboutToShow.emit(), submenu.actions())[1]]
    assert entries == ["Road"], "the other scenes only, not the one being edited"
    _scene_entry(submenu, "Road").trigger()
    _moved_to_road(window, scenes, steps)


def test_the_inspectors_token_page_moves_the_token_to_a_scene(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    window.document.select([(Kind.TOKEN, "gatto")])
    inspector = window.inspector
    button = inspector.move_to_scene
    assert button.isVisibleTo(inspector) and button.text() == "Move to Scene"
    steps = window.document.undo_stack.count()
    _scene_entry(button.menu(), "Road").trigger()
    _moved_to_road(window, scenes, steps)


def test_without_a_session_the_inspector_offers_no_scene(qtbot, window, tmp_path):
    window.document.replace_map(warehouse(), None)
    window.later.finish()
    window.document.select([(Kind.TOKEN, "gatto")])
    assert not window.inspector.move_to_scene.isVisibleTo(window.inspector)
    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    window.document.select([(Kind.TOKEN, "gatto")])
    assert window.inspector.move_to_scene.isVisibleTo(window.inspector)
    scenes.close_session()
    assert not window.inspector.move_to_scene.isVisibleTo(window.inspector)

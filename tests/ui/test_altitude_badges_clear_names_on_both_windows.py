"""On the GM's map and the players' window alike, an altitude badge stands clear of the names
of the tokens on its grid (the scene's grid keeps clear of the tokens where the scene placed
them), and comes back to its first area when the token walks away."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from tabletop.document.commands.edits import MoveToken
from tabletop.model import AreaLocation
from tabletop.render import grid_paint
from tabletop.samples import af_encounter
from tests.ui.view_frames import painted, players_on


def _badges(monkeypatch) -> list[QRectF]:
    drawn: list[QRectF] = []
    plated = grid_paint.text.plated_label

    def keep(p, words, *args, **kwargs):
        box = plated(p, words, *args, **kwargs)
        if words.startswith("▲2"):
            drawn.append(QRectF(box))
        return box

    monkeypatch.setattr(grid_paint.text, "plated_label", keep)
    return drawn


def _name_plates(scene) -> list[QRectF]:
    grid = scene.items_by_key[next(k for k in scene.items_by_key if k[1] == "creek")]
    return grid._token_boxes(grid.model())


def test_the_badge_clears_miras_name_on_both_windows_and_returns_when_she_leaves(qtbot, window, monkeypatch):
    player = players_on(qtbot, window, af_encounter())
    drawn = _badges(monkeypatch)
    for view in (window.view, player.view):
        drawn.clear()
        view.scene().layer.budget.clear(view.scene().layer._owner)
        painted(view)
        assert drawn, "the badge was painted"
        boxes = _name_plates(view.scene())
        assert boxes and all(not badge.intersects(box) for badge in drawn for box in boxes)
    moved = drawn[-1]
    # Mira walks far off: the badge has its first area back
    drawn.clear()
    window.document.undo_stack.push(MoveToken(window.document, "mira", AreaLocation(grid="creek", row=2, col=2)))
    qtbot.waitUntil(lambda: painted(player.view).isNull() or bool(drawn))  # the grid repainted as she left
    assert drawn[-1].center().x() < moved.center().x()

"""With fog by sight on, the GM's map marks the places the players see dimmed now (seen, and
out of their tokens' sight since), and nothing else: a door shut between Gatto and the middle
marks the middle and the east end, not the west end where Gatto stands; a move follows; View ▸
Show Players' Sight takes the mark away and back, kept in the settings; with fog by sight off
there is no mark and the switch is greyed."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRectF

from tabletop.document.commands import EditObject, MoveToken
from tabletop.model import Door, Passage, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.samples import warehouse
from tabletop.ui.player.players_sight import SHOW_KEY
from tabletop.ui.player.sight_mark import PlayersSightMark
from tests.ui.test_fog import _frame, _pixels


def _ready(window):
    window.document.replace_map(warehouse(), None)
    window.later.finish()
    window.fog.set_players_side("runners")
    window.fog.set_sight_range(5)
    window.fog.by_sight_action.setChecked(True)
    window.view.fit_map()
    return window.later.part("players_sight")


def _shut_the_middle(document) -> None:
    border = document.get(Kind.BORDER, "b12").model_copy(update={"passages": [Passage(door=Door(state="closed"))]})
    document.undo_stack.push(EditObject(document, Kind.BORDER, border, "passages"))


def _inside(window, zone_id: str) -> tuple[slice, slice]:
    """The viewport's pixels well inside a zone (its bounds shrunk clear of borders and badges)."""
    left, top, right, bottom = window.document.layout.boxes[(Kind.ZONE, zone_id)]
    box = window.view.viewportTransform().mapRect(QRectF(QPointF(left, top), QPointF(right, bottom)))
    box = box.adjusted(24, 24, -24, -24)
    return slice(int(box.top()), int(box.bottom())), slice(int(box.left()), int(box.right()))


def _marked(window, without) -> dict[str, int]:
    """Per zone, the pixels that differ from the same map without the mark."""
    now = _pixels(_frame(window.view))
    changed = np.any(now != without, axis=2)
    return {zone_id: int(changed[_inside(window, zone_id)].sum()) for zone_id in ("z1", "z2", "z3")}


def test_the_mark_is_where_the_players_see_dimmed_and_follows_a_move(qtbot, window):
    shown = _ready(window)
    assert shown.action.isEnabled() and shown.action.isChecked(), "on by default with fog by sight"
    shown.action.setChecked(False)
    bare = _pixels(_frame(window.view))
    shown.action.setChecked(True)
    assert _marked(window, bare) == {"z1": 0, "z2": 0, "z3": 0}, "all in sight: no mark anywhere"
    _shut_the_middle(window.document)
    shown.action.setChecked(False)
    shut_bare = _pixels(_frame(window.view))
    shown.action.setChecked(True)
    marked = _marked(window, shut_bare)
    area = (lambda rows, cols: (rows.stop - rows.start) * (cols.stop - cols.start))(*_inside(window, "z2"))
    assert marked["z1"] == 0, "Gatto's own room is in sight"
    assert marked["z2"] > area // 10 and marked["z3"] > area // 10, "the middle and the east end are marked"
    window.document.undo_stack.push(MoveToken(window.document, "gatto", ZoneLocation(zone="z2")))
    qtbot.waitUntil(lambda: _marked(window, shut_bare)["z1"] > area // 10)
    moved = _marked(window, shut_bare)
    assert moved["z3"] == 0, "Gatto in the middle sees the east end"
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: _marked(window, shut_bare)["z1"] == 0)


def test_the_switch_takes_the_mark_away_and_is_kept(qtbot, window):
    shown = _ready(window)
    _shut_the_middle(window.document)
    marked = _pixels(_frame(window.view))
    shown.action.setChecked(False)
    assert window.settings.value(SHOW_KEY, type=bool) is False
    assert shown.mark is None
    bare = _pixels(_frame(window.view))
    assert np.any(bare != marked), "the mark is gone"
    shown.action.setChecked(True)
    assert window.settings.value(SHOW_KEY, type=bool) is True
    assert _marked(window, bare)["z2"] > 0


def test_fog_by_sight_off_leaves_no_mark(qtbot, window):
    shown = _ready(window)
    _shut_the_middle(window.document)
    assert shown.mark is not None
    window.fog.by_sight_action.setChecked(False)
    assert shown.mark is None and not shown.action.isEnabled()
    assert shown.action.isChecked(), "the GM's choice stays for next time"
    window.fog.by_sight_action.setChecked(True)
    assert shown.mark is not None and shown.mark.dimmed


def test_a_shorter_range_marks_what_it_leaves_out_at_once(qtbot, window):
    """Nothing to reveal when the range shrinks, yet the middle and east end go out of sight."""
    shown = _ready(window)
    assert not shown.mark.dimmed
    window.fog.set_sight_range(0)
    assert shown.mark.dimmed
    assert shown.mark.dimmed == {"z2", "z3"}


def test_each_edit_leaves_the_mark_as_one_made_afresh(qtbot, window):
    """The mark follows each edit by building again only the squares of the zones whose mark
    changed: after every edit of a walk it marks what a mark made afresh marks, square by square."""
    shown = _ready(window)
    window.fog.set_sight_range(1)
    document, stack = window.document, window.document.undo_stack

    def move(zone_id):
        stack.push(window.tools["S"].moves(document, "gatto", ZoneLocation(zone=zone_id)))

    def hide(zone_id, hidden):
        zone = document.get(Kind.ZONE, zone_id)
        stack.push(EditObject(document, Kind.ZONE, zone.model_copy(update={"hidden": hidden}), "hidden"))

    edits = [
        lambda: move("z2"),
        lambda: move("z3"),
        lambda: _shut_the_middle(document),
        lambda: move("z1"),
        lambda: hide("z3", True),
        lambda: hide("z3", False),
        stack.undo,
        stack.undo,
        stack.redo,
        lambda: move("z2"),
    ]
    marks = []
    for number, edit in enumerate(edits, 1):
        edit()
        afresh = PlayersSightMark()
        afresh.follow(document, window.fog.players_fog)
        assert shown.mark.dimmed == afresh.dimmed, f"after edit {number}"
        assert shown.mark.squares == afresh.squares, f"after edit {number}"
        marks.append(shown.mark.dimmed)
    assert len(set(marks)) > 2, "the walk marked different places as it went"


def test_a_map_replaced_is_marked_afresh_where_its_zones_are(qtbot, window):
    """Another map marking zones of the same ids (a scene of the same rooms further east) is
    marked where its own zones lie."""
    shown = _ready(window)
    _shut_the_middle(window.document)
    map_ = window.document.map
    east = [
        zone.model_copy(
            update={"shape": zone.shape.model_copy(update={"points": [(x + 2000, y) for x, y in zone.shape.points]})}
        )
        for zone in map_.zones
    ]
    window.document.replace_map(map_.model_copy(update={"zones": east}), None)
    afresh = PlayersSightMark()
    afresh.follow(window.document, window.fog.players_fog)
    assert shown.mark.dimmed == afresh.dimmed == {"z2", "z3"}
    assert shown.mark.squares == afresh.squares

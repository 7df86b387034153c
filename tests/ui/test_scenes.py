"""Two scenes on one document (the GM's editor and a passive picture, as the players' window
will be) share the document's one layout and stay in step through edits and undo; the
passive scene knows nothing of selection; tiles of every layer share one budget."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document import MapDocument
from tabletop.document.commands import AddObject, EditObject, MoveToken, remove_zone
from tabletop.model import FillStyle, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.samples import af_encounter, warehouse
from tabletop.ui.scene.editor_scene import EditorScene
from tabletop.ui.scene.map_scene import MapScene
from tabletop.ui.scene.tiles import TileBudget
from tests.ui.conftest import click


def _picture(scene, rect: QRectF) -> QImage:
    image = QImage(QSize(int(rect.width()), int(rect.height())), QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def _colour(image: QImage, rect: QRectF, x: float, y: float) -> str:
    return image.pixelColor(int(x - rect.left()), int(y - rect.top())).name()


def test_two_scenes_share_one_layout_and_follow_edits_and_undo(qapp):
    document = MapDocument(warehouse())
    editor, players = EditorScene(document), MapScene(document)
    assert editor.layout is players.layout is document.layout
    rect = QRectF(0, 0, 600, 200)
    red = document.get(Kind.ZONE, "z2").model_copy(update={"fill": FillStyle(colour="#ff0000")})
    document.undo_stack.push(EditObject(document, Kind.ZONE, red, "fill"))
    for scene in (editor, players):
        assert _colour(_picture(scene, rect), rect, 230, 190) == "#ff0000"
    document.undo_stack.push(MoveToken(document, "gatto", ZoneLocation(zone="z3")))
    spot = document.token_spots()["gatto"]
    for scene in (editor, players):
        assert scene.items_by_key[(Kind.TOKEN, "gatto")].pos() == QPointF(*spot)
    document.undo_stack.push(remove_zone(document, "z3"))
    for scene in (editor, players):
        assert (Kind.TOKEN, "gatto") not in scene.items_by_key
        assert _colour(_picture(scene, rect), rect, 500, 150) == QColor(scene.style.paper).name()
    document.undo_stack.undo()
    document.undo_stack.undo()
    document.undo_stack.undo()
    for scene in (editor, players):
        assert _colour(_picture(scene, rect), rect, 230, 190) != "#ff0000"
        assert _colour(_picture(scene, rect), rect, 500, 150) != QColor(scene.style.paper).name()
        assert scene.items_by_key[(Kind.TOKEN, "gatto")].pos() == QPointF(*document.token_spots()["gatto"])


def test_the_passive_scene_has_no_selection_marks_or_selectable_items(qapp):
    document = MapDocument(af_encounter())
    players = MapScene(document)
    document.select([(Kind.GRID, "creek"), (Kind.TOKEN, document.map.tokens[0].id)])
    assert all(not item.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsSelectable for item in players.items())
    assert players.selectedItems() == []
    assert not hasattr(players, "marks") and not hasattr(players, "overlay")


def test_clicking_an_empty_part_of_a_grid_selects_it_and_it_looks_selected(qtbot, window):
    window.document.replace_map(af_encounter(), None)
    window.view.fit_map()
    grid = window.document.map.grids[0]
    x, y = grid.origin[0] + 2.5 * grid.area_size, grid.origin[1] + 0.5 * grid.area_size
    assert window.document.area_at(x, y) is not None
    click(qtbot, window, x, y)
    assert window.document.selection == [(Kind.GRID, grid.id)]
    item = window.scene.items_by_key[(Kind.GRID, grid.id)]
    assert item.isSelected()
    left, top = grid.origin
    rect = QRectF(left - 10, top - 10, 40, 40)
    edge = _picture(window.scene, rect).pixelColor(9, 20)
    assert edge.name() == QColor(window.scene.style.selection).name(), "the grid's outline is in the selection colour"


def test_every_layer_shares_one_tile_budget(qapp):
    budget = TileBudget(capacity=10)
    document = MapDocument(warehouse())
    a, b = MapScene(document), MapScene(document)
    a.layer.budget = b.layer.budget = budget
    for scene in (a, b):
        _picture(scene, QRectF(0, 0, 600, 200))
        _picture(scene, QRectF(0, 0, 1200, 400))
    assert len(budget) == 10, "two layers together never hold more than the budget"
    assert budget.holds(a.layer._owner) or budget.holds(b.layer._owner)
    for layer in (a.layer, b.layer):  # what each layer finds its edits on: the tiles still kept
        kept = budget.keys(layer._owner)
        assert all(budget.get(layer._owner, key) is not None for key in kept)
        assert sum(budget.levels(layer._owner).values()) == len(kept)
    assert len(budget.keys(a.layer._owner)) + len(budget.keys(b.layer._owner)) == 10


def test_an_inactive_tool_does_not_listen_to_changes(qtbot, window):
    vertex_tool = window.tools["V"]
    refreshed = []
    original = vertex_tool._refresh
    vertex_tool._refresh = lambda *args: refreshed.append(args) or original(*args)
    window.set_tool("V")
    window.set_tool("S")
    window.document.undo_stack.push(AddObject(window.document, Kind.ZONE, warehouse().zones[0]))
    assert refreshed == [()], "only the activation refreshed the handles; the edit came while inactive"


def test_a_token_entering_an_empty_zone_repaints_that_zone(qapp):
    document = MapDocument(warehouse())
    seen: list = []
    document.edited.connect(seen.append)
    assert "z2" not in document.occupied_zones()
    document.undo_stack.push(MoveToken(document, "gatto", ZoneLocation(zone="z2")))
    assert document.layout.boxes[(Kind.ZONE, "z2")] in seen[-1].repaint, "its name moves up for the token"
    assert document.layout.boxes[(Kind.ZONE, "z1")] in seen[-1].repaint, "the zone left empty is repainted too"
    assert "z2" in document.occupied_zones()


def test_new_zones_get_distinct_colours(qtbot, window):
    window.set_tool("N")
    tool = window.tools["N"]
    fills = set()
    for k in range(4):
        click(qtbot, window, 100 + 120 * k, 100)
        fills.add(window.document.map.zones[-1].fill.colour)
    assert len(window.document.map.zones) == 4 and len(fills) == 4
    assert tool is window.view.tool


def test_the_players_scene_leaves_out_hidden_zones_and_tokens_and_follows_edits(qapp):
    from tabletop.render.style import players_style

    map_ = warehouse()
    secret = "#ff00ff"
    map_.zones[2] = map_.zones[2].model_copy(update={"hidden": True, "fill": FillStyle(colour=secret)})
    map_.tokens[0] = map_.tokens[0].model_copy(update={"hidden": True})
    document = MapDocument(map_)
    gm, players = MapScene(document), MapScene(document, players_style())
    rect = QRectF(0, 0, 600, 200)

    def colours(scene) -> set[str]:
        image = _picture(scene, rect)
        return {image.pixelColor(x, y).name() for x in range(0, 600, 4) for y in range(0, 200, 4)}

    hidden_token = map_.tokens[0].id
    assert secret in colours(gm) and secret not in colours(players)
    assert gm.items_by_key[(Kind.TOKEN, hidden_token)].isVisible()
    assert not players.items_by_key[(Kind.TOKEN, hidden_token)].isVisible()
    in_hidden_zone = [t.id for t in map_.tokens if t.location == ZoneLocation(zone=map_.zones[2].id)]
    assert in_hidden_zone and not any(players.items_by_key[(Kind.TOKEN, t)].isVisible() for t in in_hidden_zone)
    shown = document.get(Kind.ZONE, map_.zones[2].id).model_copy(update={"hidden": False})
    document.undo_stack.push(EditObject(document, Kind.ZONE, shown, "hidden"))
    assert secret in colours(players), "revealed at once"
    assert all(players.items_by_key[(Kind.TOKEN, t)].isVisible() for t in in_hidden_zone)
    document.undo_stack.undo()
    assert secret not in colours(players)


def test_a_hidden_token_does_not_push_a_visible_one_aside_for_the_players(qapp):
    from tabletop.model import Token
    from tabletop.render.style import players_style

    document = MapDocument(warehouse())
    players = MapScene(document, players_style())
    alone = players.items_by_key[(Kind.TOKEN, "gatto")].pos()
    spy = Token(id="spy", name="Spy", hidden=True, location=ZoneLocation(zone="z1"))
    document.undo_stack.push(AddObject(document, Kind.TOKEN, spy))
    assert players.items_by_key[(Kind.TOKEN, "gatto")].pos() == alone
    assert not players.items_by_key[(Kind.TOKEN, "spy")].isVisible()


def test_a_zone_name_on_the_players_screen_ignores_badges_of_borders_to_hidden_zones(qapp):
    """A name moved aside for the badge of a border to a hidden zone would hint at it: the
    players' name is where it would be with no such border; the GM's keeps clear of the badge."""
    from tabletop.model import Border, Map, Passage, PolygonShape, Zone
    from tabletop.render.style import MapStyle, players_style

    def room(zone_id, left, hidden=False):
        corners = [(left, 0), (left + 120, 0), (left + 120, 60), (left, 60)]
        return Zone(id=zone_id, name="Armoury", hidden=hidden, shape=PolygonShape(points=corners))

    door = Border(id="d", a="open", b="secret", passages=[Passage(cost_from_a=1, cost_from_b=3)])
    bordered = Map(zones=[room("open", 0), room("secret", 120, hidden=True)], borders=[door])
    unbordered = bordered.model_copy(update={"borders": []})
    names = {}
    for style in (MapStyle(), players_style()):
        for map_ in (bordered, unbordered):
            names[style.audience, bool(map_.borders)] = MapScene(MapDocument(map_), style).arrangement.name("open")
    gm, players = MapStyle().audience, players_style().audience
    assert names[gm, True] != names[gm, False], "the GM's name keeps clear of the badge"
    assert names[players, True] == names[players, False]

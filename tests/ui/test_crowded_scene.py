"""In the map window: a grid's setup label moves clear of a token that steps onto it (the
grid repaints when a token comes or goes)."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from tabletop.geometry.single.shapes import TOKEN_RADIUS
from tabletop.model import AreaLocation, EncounterGrid, SetupMark, Tile, Token
from tabletop.model.kinds import Kind
from tabletop.render import text


def _grid() -> EncounterGrid:
    tiles = [Tile(row=r, col=c) for r in range(3) for c in range(3)]
    return EncounterGrid(id="g", tiles=tiles, starts=[SetupMark(side="band", tiles=[(1, 1)])])


def _spy(monkeypatch) -> list[tuple[str, QRectF]]:
    """The plated labels painted from now on, with their boxes in scene units."""
    drawn: list[tuple[str, QRectF]] = []
    real = text.plated_label

    def spy(p, words, *args, **kwargs):
        box = real(p, words, *args, **kwargs)
        drawn.append((words, QRectF(box)))
        return box

    monkeypatch.setattr(text, "plated_label", spy)
    return drawn


def test_a_start_label_moves_clear_of_a_token_stepping_onto_it(qtbot, window, monkeypatch):
    drawn = _spy(monkeypatch)
    document = window.document
    document.put("grid", _grid())
    document.put("token", Token(id="kit", name="Kit", location=AreaLocation(grid="g", row=0, col=0)))
    window.view.fit_map()
    window.view.viewport().repaint()
    before = [box for words, box in drawn if words == "band start"]
    assert before, "the start label is drawn"
    centre = before[-1].center()
    row, col = document.area_at(centre.x(), centre.y())[1]
    names = [box for words, box in drawn if words == "Kit"]  # in the token's own units: a step keeps its picture
    drawn.clear()
    document.put("token", Token(id="kit", name="Kit", location=AreaLocation(grid="g", row=row, col=col)))
    window.view.viewport().repaint()
    after = [box for words, box in drawn if words == "band start"]
    assert after, "the grid repainted its label when the token came"
    spot = window.scene.items_by_key[(Kind.TOKEN, "kit")].pos()
    disc = QRectF(spot.x() - TOKEN_RADIUS, spot.y() - TOKEN_RADIUS, 2 * TOKEN_RADIUS, 2 * TOKEN_RADIUS)
    assert disc.intersects(before[-1]), "the token stands where the label was"
    assert not after[-1].intersects(disc), "the label left the token's disc"
    name = [box.translated(spot) for box in names + [box for words, box in drawn if words == "Kit"]]
    assert name and not after[-1].intersects(name[-1]), "and its name"


def test_the_players_see_no_overlap_with_a_hidden_opponent(qtbot, window):
    """The GM's window frames an area of two sides as an overlap; for the players a hidden
    opponent is not there, so their token stands alone and nothing is marked."""
    from tabletop.samples import af_encounter

    map_ = af_encounter()
    where = AreaLocation(grid="creek", row=7, col=3)
    ambusher = Token(id="ambusher", name="Ambusher", side="raiders", hidden=True, location=where)
    window.document.replace_map(map_.model_copy(update={"tokens": [*map_.tokens, ambusher]}), None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitExposed(player)
    gm_kell = window.scene.items_by_key[(Kind.TOKEN, "kell")]
    assert (gm_kell.crowd.count, gm_kell.crowd.opponents) == (2, True), "the GM sees the overlap"
    players_kell = player.scene.items_by_key[(Kind.TOKEN, "kell")]
    assert players_kell.crowd is not None and players_kell.crowd.count == 1 and not players_kell.crowd.opponents
    window.document.put("token", ambusher.model_copy(update={"hidden": False}))
    assert (players_kell.crowd.count, players_kell.crowd.opponents) == (2, True), "shown, the overlap is theirs too"


def test_the_grid_repaints_for_its_labels_only_when_a_token_nears_a_marked_tile(qtbot, window, monkeypatch):
    from tabletop.ui.scene import items

    document = window.document
    document.put("grid", _grid())
    document.put("token", Token(id="kit", name="Kit", location=AreaLocation(grid="g", row=0, col=0)))
    window.view.fit_map()
    window.view.viewport().repaint()
    painted = []
    real = items.paint_grid
    monkeypatch.setattr(items, "paint_grid", lambda *a: painted.append(1) or real(*a))
    document.put("token", Token(id="kit", name="Kit", location=AreaLocation(grid="g", row=12, col=1)))
    window.view.viewport().repaint()
    assert painted == [], "a step far from the band's tile leaves the grid's picture alone"
    document.put("token", Token(id="kit", name="Kit", location=AreaLocation(grid="g", row=6, col=6)))
    window.view.viewport().repaint()
    assert painted, "a step onto the band's tile repaints its label clear of the token"

"""Who is looking: the players' picture holds nothing hidden; the GM's marks stay the GM's."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import FillStyle, NodeShape, Token, Zone, ZoneLocation
from tabletop.render import badge_paint, token_paint
from tabletop.render.paint import paint_map, paint_selection
from tabletop.render.style import Audience, MapStyle, players_style
from tabletop.rules import facing
from tabletop.samples import hillside, nephrite_net, room_with_door
from tests.render.recording import paint, record_texts

SECRET = "#ff00ff"


def _map_with_secrets():
    map_ = nephrite_net()
    vault = Zone(
        id="vault-x",
        name="Vault of Lies",
        hidden=True,
        shape=NodeShape(x=500, y=500, radius=60),
        fill=FillStyle(colour=SECRET),
    )
    spy = Token(id="mole", name="The Mole", colour="#00ffff", hidden=True, location=ZoneLocation(zone="gate"))
    watcher = Token(id="watcher", name="Watcher", location=ZoneLocation(zone="vault-x"))
    zones = [*map_.zones, vault]
    tokens = [*map_.tokens, spy, watcher]
    return map_.model_copy(update={"zones": zones, "tokens": tokens}), {"Vault of Lies", "The Mole", "Watcher"}


def _colours(image: QImage) -> set[str]:
    return {image.pixelColor(x, y).name() for y in range(0, image.height()) for x in range(0, image.width())}


def test_the_players_picture_has_no_hidden_zone_token_or_name(qapp, monkeypatch):
    map_, secrets = _map_with_secrets()
    gm_texts = record_texts(monkeypatch)
    gm_image, *_ = paint(map_, MapStyle(), 900)
    assert SECRET in _colours(gm_image), "the GM sees the hidden zone"
    assert secrets <= {t.text for t in gm_texts}
    players_texts = record_texts(monkeypatch)
    image, *_ = paint(map_, players_style(), 900)
    drawn = {t.text for t in players_texts}
    assert SECRET not in _colours(image)
    assert "#00ffff" not in _colours(image), "the hidden token's colour"
    assert not secrets & drawn
    assert {"Gateway", "Router", "Nephrite"} <= drawn


def test_the_audience_can_be_named_apart_from_the_style(qapp, monkeypatch):
    map_, secrets = _map_with_secrets()
    texts = record_texts(monkeypatch)
    paint(map_, MapStyle(), 600, audience=Audience.PLAYERS)
    assert not secrets & {t.text for t in texts}


def test_the_players_style_reads_from_further(qapp):
    gm, players = MapStyle(), players_style()
    assert players.audience is Audience.PLAYERS and gm.audience is Audience.GM
    assert players.line_scale > gm.line_scale and players.text_scale > gm.text_scale
    assert players.facing_wedges and not players.selection_marks


def test_the_drawn_flank_line_is_the_rules_flank_line(qapp, monkeypatch):
    """paint_token draws the line rules.facing.flank_line gives, end for end."""
    asked = []

    def spy(position, facing_angle, half_length):
        ends = facing.flank_line(position, facing_angle, half_length)
        asked.append(ends)
        return ends

    monkeypatch.setattr(token_paint, "flank_line", spy)
    lines = []

    class Recording(QPainter):
        def drawLine(self, *args):
            lines.append(tuple((point.x(), point.y()) for point in args))
            super().drawLine(*args)

    image = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    painter = Recording(image)
    token = Token(id="t", facing=33.0)
    token_paint.paint_token(painter, token, (100.0, 90.0), MapStyle(), detail=False)
    painter.end()
    assert len(asked) == 1
    (x1, y1), (x2, y2) = asked[0]
    assert ((x1, y1), (x2, y2)) in [(tuple(a), tuple(b)) for a, b in lines]
    assert facing.is_behind((100.0, 90.0), 33.0, (x1 - (x2 - x1), y1 - (y2 - y1))) is False, "the line is the flank"


def test_selected_zone_outlines_do_not_cover_badge_digits(qapp):
    """A selected zone's outline is drawn, then its borders' badges over it: the badge reads
    the same with the zone selected or not."""
    map_ = hillside()
    layout = MapLayout(map_)
    border = map_.borders[0]
    ax, ay = layout.lines[border.id].anchor
    line = layout.lines[border.id]
    picture = badge_paint._picture(
        badge_paint._key(border, line, badge_paint._style_key(MapStyle())), border, line, MapStyle()
    )
    inner = QRectF(picture.boundingRect()).adjusted(2, 2, -2, -2).translated(200, 150).toRect()
    images = []
    for marked in ([], [("zone", border.a), ("zone", border.b)]):
        image = QImage(400, 300, QImage.Format.Format_RGB32)
        painter = QPainter(image)
        painter.translate(200 - ax, 150 - ay)
        paint_map(painter, map_, MapStyle())
        paint_selection(painter, layout, marked, MapStyle(), detail=True)
        painter.end()
        images.append(image)
    assert images[0].copy(inner) == images[1].copy(inner)
    beside = inner.translated(inner.width() + 10, 0)
    assert images[0].copy(beside) != images[1].copy(beside), "the outline is drawn beside the badge"


def test_the_players_picture_shows_no_selection(qapp):
    map_ = room_with_door()
    layout = MapLayout(map_)
    images = []
    for marked in ([], [("zone", "hall"), ("border", map_.borders[0].id)]):
        image = QImage(300, 200, QImage.Format.Format_RGB32)
        image.fill(0xFFFFFFFF)
        painter = QPainter(image)
        paint_selection(painter, layout, marked, players_style(), detail=True)
        painter.end()
        images.append(image)
    assert images[0] == images[1]
    assert images[0].pixel(0, 0) == 0xFFFFFFFF

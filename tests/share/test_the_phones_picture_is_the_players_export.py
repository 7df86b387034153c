"""The phones' picture is the players' export (the same filter and painting as `export
--player` and the players' window): no hidden zone's colour or token, under the fog the players
were sent while the GM stages changes, and with fog by sight the zones out of sight dimmed and
who stands in them gone."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QImage

from tabletop.render.export import ExportOptions, Scale, ScaleKind, Who, render_image
from tabletop.rules.visibility import LIVE, HeldFog, SightFog
from tabletop.serve.picture import PHONE_WIDTH, players_png
from tests.render.test_export_options import SECRET, has_colour, pixels, warehouse_with_a_secret

PLAYERS = ExportOptions(who=Who.PLAYERS, scale=Scale(ScaleKind.WIDTH, PHONE_WIDTH))


def _image(png: bytes) -> QImage:
    image = QImage()
    assert image.loadFromData(png, "PNG")
    return image


def test_the_picture_equals_the_players_export_and_holds_nothing_hidden(qapp):
    map_ = warehouse_with_a_secret()
    phone = _image(players_png(map_))
    export = render_image(map_, options=PLAYERS)
    assert (phone.width(), phone.height()) == (export.width(), export.height())
    assert np.array_equal(pixels(phone), pixels(export))
    assert not has_colour(phone, SECRET) and not has_colour(phone, "#00ffff")


def test_while_fog_is_staged_the_phones_keep_the_fog_the_players_were_sent(qapp):
    map_ = warehouse_with_a_secret()
    sent = HeldFog.of(map_)
    zones = [z.model_copy(update={"fogged": z.id == "z3"}) for z in map_.zones]
    staged = map_.model_copy(update={"zones": zones})
    assert np.array_equal(pixels(_image(players_png(staged, fog=sent))), pixels(_image(players_png(map_))))
    assert not np.array_equal(pixels(_image(players_png(staged))), pixels(_image(players_png(map_))))


def test_fog_by_sight_dims_what_the_players_do_not_see_and_hides_who_stands_there(qapp):
    map_ = warehouse_with_a_secret()
    standing = [t for t in map_.tokens if getattr(t.location, "zone", None) == "z3" and not t.hidden]
    assert standing, "the sample has a token in the east end"
    clear = pixels(_image(players_png(map_, fog=LIVE)))
    dimmed = pixels(_image(players_png(map_, fog=SightFog(LIVE, lambda: {"z1"}))))
    colour = standing[0].colour
    assert has_colour(_image(players_png(map_)), colour)
    assert not has_colour(_image(players_png(map_, fog=SightFog(LIVE, lambda: {"z1"}))), colour)
    assert dimmed.mean() < clear.mean(), "the zones out of sight are darker"

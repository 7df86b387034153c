"""The phones' picture is the players' export (the same filter and painting as `export
--player` and the players' window): no hidden zone's colour or token, under the fog the players
were sent while the GM stages changes, and with fog by sight the zones and grid areas out of
sight dimmed and who stands in them gone."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from PySide6.QtGui import QImage

from tabletop.render.export import ExportOptions, Scale, ScaleKind, Who, render_image
from tabletop.render.export.options import PlayersSight
from tabletop.rules.sight import SightRange, map_in_sight
from tabletop.rules.visibility import LIVE, HeldFog, InSight, SightFog
from tabletop.serve.picture import PHONE_WIDTH, players_png
from tests.render.test_export_options import SECRET, has_colour, pixels, warehouse_with_a_secret
from tests.ui.test_fog_by_sight_on_a_grid_stops_at_raised_walls import _walled_field
from tests.ui.test_player_window import _count

RUNNER, RAIDER = "#00ff00", "#0000fe"

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
    by_sight = SightFog(LIVE, lambda: InSight(frozenset({"z1"})))
    clear = pixels(_image(players_png(map_, fog=LIVE)))
    dimmed = _image(players_png(map_, fog=by_sight))
    colour = standing[0].colour
    assert has_colour(_image(players_png(map_)), colour)
    assert not has_colour(dimmed, colour)
    assert pixels(dimmed).mean() < clear.mean(), "the zones out of sight are darker"


def test_on_a_grid_a_token_behind_a_raised_wall_is_not_on_the_phones(qapp):
    """The players' runner looks east across a grid: a raised wall stops its sight, so the
    raider behind it is out of sight. The phones' picture is the players' export by sight, pixel
    for pixel, and holds no pixel of the raider."""
    map_ = _walled_field()
    sight = PlayersSight("runners", SightRange(20))
    seen = map_in_sight(map_, sight.side, sight.reach)
    assert (2, 0) in seen.areas["g"] and (2, 11) not in seen.areas["g"], "the wall stops the runner's sight"
    phone = _image(players_png(map_, fog=SightFog(LIVE, lambda: seen)))
    export = render_image(map_, options=replace(PLAYERS, sight=sight))
    assert (phone.width(), phone.height()) == (export.width(), export.height())
    assert np.array_equal(pixels(phone), pixels(export))
    assert has_colour(_image(players_png(map_)), RAIDER), "without fog by sight the raider shows"
    assert not has_colour(phone, RAIDER), "out of sight behind the wall"
    assert _count(phone, RUNNER) > 50, "the runner, in sight, shows"
    dimmed = pixels(phone)[:, phone.width() * 12 // 15 :]
    assert dimmed.mean() < pixels(_image(players_png(map_)))[:, phone.width() * 12 // 15 :].mean(), "dimmed"

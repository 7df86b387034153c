"""Level of detail: text too small to read is left out of a picture (a 100k-zone map at 4K), by
one rule for the view's tiles and every export, and nothing readable is ever dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.geometry.single.shapes import map_bounds
from tabletop.io import load_map
from tabletop.render import paint as paint_module
from tabletop.render import text
from tabletop.render.aspect_paint import PLATE_SIZE
from tabletop.render.badge_paint import BADGE_TEXT
from tabletop.render.export import render_image
from tabletop.render.style import DETAIL_SCALE, gm_style, players_style
from tests.maps import zone_map
from tests.render.recording import paint, record_texts

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tabletop"))


def _badge_calls(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = paint_module.paint_badges

    def spy(p, badges, style, *places):
        calls.append(len(badges))
        real(p, badges, style, *places)

    monkeypatch.setattr(paint_module, "paint_badges", spy)
    return calls


@pytest.mark.parametrize("style", [gm_style, players_style], ids=["gm", "players"])
def test_every_text_still_shows_at_the_views_detail_zoom(style):
    s = style()
    for size in (s.zone_label_size, BADGE_TEXT, PLATE_SIZE, s.token_name_size):
        assert size * s.text_scale * DETAIL_SCALE >= text.MIN_TEXT_PX


def test_names_and_badges_are_drawn_down_to_the_readable_size_and_not_below(qapp, monkeypatch):
    map_ = zone_map(40)
    style = gm_style()
    _, _, width, _ = map_bounds(map_)
    readable = text.MIN_TEXT_PX / (style.zone_label_size * style.text_scale)  # the scale where names reach it
    badge_scale = text.MIN_TEXT_PX / (BADGE_TEXT * style.text_scale)
    texts = record_texts(monkeypatch)
    badges = _badge_calls(monkeypatch)
    paint(map_, style, round(width * max(readable, badge_scale) * 1.02))
    names = {t.text for t in texts}
    assert any(name.startswith("Z") for name in names) and badges and badges[0] == len(map_.borders)
    texts.clear()
    badges.clear()
    paint(map_, style, round(width * min(readable, badge_scale) * 0.98))
    assert texts == [] and badges == []


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_sample_maps_exported_at_default_options_drop_no_text(qapp, monkeypatch, path):
    map_ = load_map(path)
    texts = record_texts(monkeypatch)
    render_image(map_)
    kept = sorted(t.text for t in texts)
    texts.clear()
    monkeypatch.setattr(text, "MIN_TEXT_PX", 0.0)
    render_image(map_)
    assert kept == sorted(t.text for t in texts) and kept

"""Names and aspects at their caps are written cut: a picture measures and writes at most
text.MAX_SHOWN characters of a name, PLATE_CHARS of an aspect, and stacks at most PLATES plates
under one place, so a map of long names costs a picture what short ones do."""

from __future__ import annotations

from tabletop.model import Aspect, Conflict, PolygonShape, Token, Zone, ZoneLocation
from tabletop.model.base import MAX_ASPECTS, MAX_LINE
from tabletop.render import text
from tabletop.render.aspect_paint import PLATE_CHARS, PLATES, plate_texts
from tabletop.render.style import gm_style, players_style
from tabletop.samples import warehouse
from tests.render.recording import paint, record_texts

LONG = ("Hall of the Long Name " * 20)[:MAX_LINE]


def _long_map():
    map_ = warehouse()
    aspects = [Aspect(name=(f"{k} " + LONG)[:MAX_LINE], free_invokes=2) for k in range(MAX_ASPECTS)]
    zones = [z.model_copy(update={"name": LONG, "aspects": aspects}) for z in map_.zones]
    tokens = [t.model_copy(update={"name": LONG}) for t in map_.tokens]
    tokens.append(Token(id="long", name=LONG, location=ZoneLocation(zone=zones[0].id)))
    hall = [(0.0, 600.0), (4000.0, 600.0), (4000.0, 900.0), (0.0, 900.0)]  # room for all of a name
    zones.append(Zone(id="hall", name=LONG, shape=PolygonShape(points=hall)))
    conflict = Conflict(system="edgerunner", scene_aspects=aspects)
    return map_.model_copy(update={"zones": zones, "tokens": tokens, "conflict": conflict})


def test_a_name_is_shown_whole_or_cut_with_an_ellipsis():
    assert text.shown("Hall") == "Hall"
    assert text.shown(LONG) == LONG[: text.MAX_SHOWN - 1] + "…"
    assert len(text.shown(LONG)) == text.MAX_SHOWN


def test_plates_under_one_place_stop_at_their_cap_and_say_how_many_more():
    aspects = [Aspect(name=f"Smoke {k}") for k in range(MAX_ASPECTS)]
    words = plate_texts(aspects)
    assert len(words) == PLATES
    assert words[:-1] == [f"Smoke {k}" for k in range(PLATES - 1)]
    assert words[-1] == f"+{MAX_ASPECTS - PLATES + 1} more"
    assert plate_texts(aspects[:PLATES]) == [f"Smoke {k}" for k in range(PLATES)]


def test_every_text_a_picture_of_long_names_writes_is_cut(qapp, monkeypatch):
    for style in (gm_style(), players_style()):
        drawn = record_texts(monkeypatch)
        paint(_long_map(), style, 2400)
        assert drawn, "the names are written"
        assert max(len(d.text) for d in drawn) <= max(text.MAX_SHOWN, PLATE_CHARS + 8)
        more = [d.text for d in drawn if d.text.endswith(" more")]
        assert more and all(word == f"+{MAX_ASPECTS - PLATES + 1} more" for word in more)
        plates = [d.text for d in drawn if d.text.startswith("0 Hall")]
        assert plates and all(len(words) <= PLATE_CHARS + 3 for words in plates)  # the name cut, then the dots


def test_plates_are_written_only_where_the_picture_shows_their_zone_wide_enough(qapp, monkeypatch):
    """A zone of the warehouse is a few hundred units wide: seen whole in 300 pixels its plates
    would cover the map; in 3,000 they are written."""
    from tabletop.render.aspect_paint import PLATE_ROOM

    for width, written in ((300, False), (3000, True)):
        drawn = record_texts(monkeypatch, draw=False)
        paint(_long_map(), gm_style(), width)
        plates = [d for d in drawn if d.text.startswith("0 Hall")]
        assert bool(plates) == written, (width, len(plates))
    assert PLATE_ROOM >= 24

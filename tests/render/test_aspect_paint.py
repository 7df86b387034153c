"""Aspects placed by a maneuver are drawn on the map: a plate with the name and a dot per free
invoke under a zone's token place and a border's badge, the scene's at the top; for the players
never on a fogged or hidden place."""

from __future__ import annotations

from tabletop.model import Aspect, Conflict, Participant
from tabletop.render.aspect_paint import aspect_text
from tabletop.render.style import gm_style, players_style
from tabletop.samples import warehouse
from tests.render.recording import paint, record_texts


def _with_aspects(fogged_middle: bool = False, hidden_east: bool = False):
    map_ = warehouse()
    zones = [
        z.model_copy(
            update={
                "aspects": {"z2": [Aspect(name="Thick smoke", free_invokes=2)], "z3": [Aspect(name="Oil slick")]}.get(
                    z.id, []
                ),
                "fogged": fogged_middle and z.id == "z2",
                "hidden": hidden_east and z.id == "z3",
            }
        )
        for z in map_.zones
    ]
    borders = [b.model_copy(update={"aspects": [Aspect(name="Barred", free_invokes=1)]}) for b in map_.borders[:1]]
    conflict = Conflict(
        system="edgerunner",
        participants=[Participant(token="gatto", side="runners")],
        scene_aspects=[Aspect(name="Pouring rain", free_invokes=1)],
    )
    return map_.model_copy(update={"zones": zones, "borders": borders + map_.borders[1:], "conflict": conflict})


def test_the_plate_names_the_aspect_with_a_dot_per_free_invoke():
    assert aspect_text(Aspect(name="Thick smoke", free_invokes=2)) == "Thick smoke ●●"
    assert aspect_text(Aspect(name="Oil slick")) == "Oil slick"


def test_the_gm_sees_every_aspect_on_zones_borders_and_the_scene(qapp, monkeypatch):
    drawn = record_texts(monkeypatch)
    _, scale, left, top = paint(_with_aspects(fogged_middle=True), gm_style(), 1200)
    words = [d.text for d in drawn]
    for plate in ("Thick smoke ●●", "Oil slick", "Barred ●", "Scene", "Pouring rain ●"):
        assert plate in words
    map_ = warehouse()
    smoke = next(d for d in drawn if d.text == "Thick smoke ●●").box.center()
    middle = next(z for z in map_.zones if z.id == "z2").shape.points
    xs, ys = [x for x, _ in middle], [y for _, y in middle]
    assert min(xs) < smoke.x() / scale + left < max(xs) and min(ys) < smoke.y() / scale + top < max(ys)


def test_the_players_never_see_an_aspect_on_a_fogged_or_hidden_place(qapp, monkeypatch):
    drawn = record_texts(monkeypatch)
    paint(_with_aspects(fogged_middle=True, hidden_east=True), players_style(), 1200)
    words = [d.text for d in drawn]
    assert "Thick smoke ●●" not in words  # its zone is fogged
    assert "Barred ●" not in words  # beside the fogged zone
    assert "Oil slick" not in words  # its zone is hidden
    assert "Pouring rain ●" in words
    drawn.clear()
    paint(_with_aspects(), players_style(), 1200)
    assert {"Thick smoke ●●", "Oil slick", "Barred ●"} <= {d.text for d in drawn}

"""The attack helper on the AF sample grid and the warehouse zone map: range, shifts after
range, cover on the attack line, behind the flank, parry, and the target's defenses."""

from __future__ import annotations

import pytest

from tabletop.model import AreaLocation, Conflict, EdgerunnerTurn, HeldDefense, Map, Participant, ZoneLocation
from tabletop.rules import af
from tabletop.rules.attack import attack_view, shifts_after_range
from tabletop.samples import warehouse
from tests.rules.af_play import applied, creek


def placed(map_: Map, token_id: str, row: int, col: int, facing: float | None = None) -> Map:
    """The map with one token moved to an area of the creek (and turned)."""
    token = map_.token(token_id)
    update = {"location": AreaLocation(grid="creek", row=row, col=col)}
    if facing is not None:
        update["facing"] = facing
    moved = token.model_copy(update=update)
    return map_.model_copy(update={"tokens": [moved if t.id == token_id else t for t in map_.tokens]})


def test_range_in_areas_and_cover_on_the_attack_line():
    view = attack_view(creek(), None, "archer", "kell")
    assert (view.unit, view.range) == ("areas", 9)
    assert view.cover == ["old wall"] and view.cover_penalty == -2
    assert all(area not in view.line for area in [(2, 12), (7, 3)]), "the ends are not crossed"
    assert shifts_after_range(view, 4) == 4, "on an AF grid range costs no shifts"


def test_open_ground_gives_no_cover():
    view = attack_view(creek(), None, "raider", "kell")
    assert (view.range, view.cover, view.cover_penalty) == (6, [], 0)


def test_parry_forward_of_the_flank_and_within_reach():
    map_ = placed(creek(), "raider", 7, 4, facing=270)  # right in front of Kell, who faces east
    view = attack_view(map_, None, "raider", "kell")
    assert (view.within_reach, view.behind, view.parry, view.dodge, view.contest_penalty) == (True, False, True, 0, 0)


def test_from_behind_the_flank_no_parry_and_dodge_at_minus_two():
    map_ = placed(creek(), "raider", 7, 2)  # west of Kell, behind his flank
    view = attack_view(map_, None, "raider", "kell")
    assert (view.within_reach, view.behind, view.parry) == (True, True, False)
    assert (view.dodge, view.contest_penalty) == (-2, -2)


def test_out_of_reach_in_front_no_parry_but_a_dodge():
    view = attack_view(creek(), None, "raider", "kell")
    assert (view.behind, view.within_reach, view.parry, view.dodge) == (False, False, False, 0)


def test_a_surprise_cannot_be_dodged_and_a_social_attack_is_met_with_insight():
    map_ = placed(creek(), "raider", 7, 4, facing=270)
    surprise = attack_view(map_, None, "raider", "kell", surprise=True)
    assert surprise.dodge is None and surprise.parry
    social = attack_view(map_, None, "raider", "kell", social=True)
    assert (social.parry, social.dodge, social.insight) == (False, None, True)


def test_the_targets_defenses_this_turn_in_an_af_encounter():
    map_ = creek()
    map_ = applied(map_, af.start(map_, ["kell", "mira", "archer"], {}, {"kell": 5}))
    step = af.act(map_, map_.conflict, "kell", "defend")
    step = af.snap(map_, step.conflict, "kell", "fend")
    view = attack_view(map_, step.conflict, "archer", "kell")
    assert view.defenses == ["guard", "guard", "a defense against every check", "parry (fend)"]
    assert attack_view(map_, step.conflict, "kell", "raider").defenses == [], "the raider takes no part"


def test_crouching_behind_the_cover_the_attack_crosses_helps_the_dodge():
    map_ = creek()  # Kell set down west of the wall of cover, the archer east of it
    kell = map_.token("kell").model_copy(update={"location": AreaLocation(grid="creek", row=2, col=9)})
    map_ = map_.model_copy(update={"tokens": [kell if t.id == "kell" else t for t in map_.tokens]})
    map_ = applied(map_, af.start(map_, ["kell", "archer"], {}, {"kell": 5}))
    conflict = af.snap(map_, map_.conflict, "kell", "crouch").conflict
    assert attack_view(map_, conflict, "archer", "kell").dodge == 2, "cover on the line: +2"
    assert attack_view(map_, conflict, "mira", "kell").dodge == -2, "Mira behind, no cover: no bonus"


def test_on_a_zone_map_range_is_in_borders_and_comes_off_the_shifts():
    view = attack_view(warehouse(), None, "hargan", "gatto")
    assert (view.unit, view.range, view.behind, view.parry) == ("borders", 2, False, False)
    assert shifts_after_range(view, 5) == 3 and shifts_after_range(view, 1) == 0


def test_on_a_zone_map_reach_one_is_the_targets_own_zone_and_the_flank_counts():
    map_ = warehouse()
    gatto = map_.token("gatto").model_copy(update={"facing": 270})  # turned away from the east end
    hargan = map_.token("hargan").model_copy(update={"location": map_.token("gatto").location})
    map_ = map_.model_copy(update={"tokens": [gatto, hargan]})
    close = attack_view(map_, None, "hargan", "gatto")
    assert (close.range, close.within_reach, close.parry, close.behind) == (0, True, True, False)
    far = attack_view(map_.model_copy(update={"tokens": [gatto, warehouse().token("hargan")]}), None, "hargan", "gatto")
    assert (far.behind, far.dodge, far.contest_penalty) == (True, -2, -2)


def test_another_systems_defenses_are_not_the_af_helpers_to_say():
    map_ = warehouse()
    conflict = Conflict(
        system="edgerunner",
        participants=[
            Participant(token="gatto", edgerunner=EdgerunnerTurn()),
            Participant(
                token="hargan",
                edgerunner=EdgerunnerTurn(defense=HeldDefense(target="gatto", track="health", threshold=4)),
            ),
        ],
    )
    view = attack_view(map_, conflict, "hargan", "gatto")
    assert view.defenses == [] and (view.unit, view.range) == ("borders", 2), "range and flank stay, generic"


@pytest.mark.parametrize(
    ("location", "note"),
    [(None, "the two are off the map"), (ZoneLocation(zone="z1"), "the two are not on the same grid or zone map")],
)
def test_no_common_ground_no_range(location, note):
    map_ = creek().model_copy(update={"zones": warehouse().zones})
    kell = map_.token("kell").model_copy(update={"location": location})
    map_ = map_.model_copy(update={"tokens": [kell if t.id == "kell" else t for t in map_.tokens]})
    view = attack_view(map_, None, "raider", "kell")
    assert view.range is None and view.notes == [note] and view.dodge is None
    assert shifts_after_range(view, 3) == 0, "out of any range nothing is left"

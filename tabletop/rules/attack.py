"""The attack helper: what one attack from one token on another looks like on the map.

Picked on the map, an attacker and a target give the range (areas on an AF grid, borders on
a zone map), the shifts left after range, cover on the attack line (-2, af-encounter.txt
"Segment"), whether the attack comes from behind the target's flank (-2 to contest, dodge
-2), whether the target may parry (forward of its flank and within its reach, "Defense"),
and the defenses the target still has this turn. The dock shows it; the GM decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.model import AreaLocation, Conflict, Map, Token, ZoneLocation
from tabletop.rules.af_state import defenses_of as af_defenses
from tabletop.rules.attack_lines import attack_line
from tabletop.rules.facing import BEHIND_PENALTY, area_centre, is_behind
from tabletop.rules.ranges import range_between
from tabletop.rules.ranges import shifts_after_range as _after_range
from tabletop.rules.terrain import Area, Terrain
from tabletop.rules.zone_graph import ZoneGraph

CROUCH_BONUS = 2
"""Crouch: "Until your next turn you gain a bonus (+2) to dodge attacks the cover applies to"."""


@dataclass(frozen=True)
class AttackView:
    """One attack as the dock shows it. `range` is None when the two stand on no common grid
    or zone map (or one is off the map); `dodge` is None when the attack cannot be dodged."""

    attacker: str
    target: str
    unit: str
    range: int | None
    line: list[Area] = field(default_factory=list)
    cover: list[str] = field(default_factory=list)
    cover_penalty: int = 0
    behind: bool = False
    contest_penalty: int = 0
    within_reach: bool = False
    parry: bool = False
    dodge: int | None = 0
    insight: bool = False
    defenses: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def attack_view(
    map_: Map,
    conflict: Conflict | None,
    attacker: str,
    target: str,
    *,
    surprise: bool = False,
    social: bool = False,
    graph: ZoneGraph | None = None,
) -> AttackView:
    """Range, cover, flank, parry and defenses for `attacker` attacking `target`.

    On a grid the range is in areas (the larger of the row and column distances) and the
    attack line is drawn centre to centre (rules/attack_lines.py); on a zone map the range is
    in borders, the flank is judged from the zones' centres, and reach counts zones: reach 1
    is the target's own zone. Pass the map's `graph` when the caller keeps one (the window
    does), so a large map is not walked again for every attack.
    """
    one, other = map_.token(attacker), map_.token(target)
    here, there = one.location, other.location
    defenses = _defenses(map_, conflict, target)
    if isinstance(here, AreaLocation) and isinstance(there, AreaLocation) and here.grid == there.grid:
        view = _on_grid(map_, one, other, here, there)
    elif isinstance(here, ZoneLocation) and isinstance(there, ZoneLocation):
        view = _on_zones(map_, one, other, here, there, graph or ZoneGraph(map_))
    else:
        where = "off the map" if here is None or there is None else "not on the same grid or zone map"
        return AttackView(attacker, target, "", None, dodge=None, defenses=defenses, notes=[f"the two are {where}"])
    parry = view["within_reach"] and not view["behind"] and not social
    dodge: int | None = None
    if not (surprise or social):
        dodge = (BEHIND_PENALTY if view["behind"] else 0) + _crouch(conflict, target, view.get("cover", []))
    return AttackView(
        attacker,
        target,
        defenses=defenses,
        parry=parry,
        dodge=dodge,
        insight=social,
        contest_penalty=BEHIND_PENALTY if view["behind"] else 0,
        **view,
    )


def shifts_after_range(view: AttackView, shifts: int) -> int:
    """The shifts an action at a distance keeps. On a zone map "the range to your target is
    subtracted from your shifts" (edgerunner-conflicts.txt, Defense and Move another), and
    nothing is left out of any range; on an AF grid range costs no shifts."""
    if view.unit == "areas":
        return shifts
    return _after_range(shifts, view.range)


def _on_grid(map_: Map, one: Token, other: Token, here: AreaLocation, there: AreaLocation) -> dict:
    """The grid part of the view: range in areas, the attack line and its cover, the flank."""
    start, end = (here.row, here.col), (there.row, there.col)
    line = attack_line(Terrain(map_.grid(here.grid)), start, end)
    behind = is_behind(area_centre(*end), other.facing, area_centre(*start))
    return {
        "unit": "areas",
        "range": line.range,
        "line": line.areas,
        "cover": line.cover,
        "cover_penalty": line.penalty,
        "behind": behind,
        "within_reach": line.range <= other.reach,
    }


def _on_zones(map_: Map, one: Token, other: Token, here: ZoneLocation, there: ZoneLocation, graph: ZoneGraph) -> dict:
    """The zone-map part of the view: range in borders, the flank from the zones' centres."""
    distance = range_between(graph, here.zone, there.zone)
    behind = False
    if here.zone != there.zone:
        behind = is_behind(map_.zone(there.zone).shape.centre(), other.facing, map_.zone(here.zone).shape.centre())
    return {
        "unit": "borders",
        "range": distance,
        "behind": behind,
        "within_reach": distance is not None and distance < other.reach,
        "notes": [] if distance is not None else ["no chain of borders joins the two zones"],
    }


def _crouch(conflict: Conflict | None, target: str, cover: list[str]) -> int:
    """+2 to dodge when the target crouched and the cover applies to this attack."""
    if conflict is None or conflict.system != "af" or not cover:
        return 0
    participant = next((p for p in conflict.participants if p.token == target), None)
    return CROUCH_BONUS if participant is not None and participant.af is not None and participant.af.crouched else 0


def _defenses(map_: Map, conflict: Conflict | None, target: str) -> list[str]:
    """The target's AF defenses this turn: guards, defend or screen, fend and quip. Another
    system's defenses are its own helper's words (the registry asks each system)."""
    if conflict is None or conflict.system != "af" or all(p.token != target for p in conflict.participants):
        return []
    return af_defenses(conflict, target)

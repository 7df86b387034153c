"""Game logic over the model, Qt-free: movement, range, encounter grids, facing and cover.

Every function takes model data and returns plain data (dataclasses, dicts, arrays), so the
command line, the tests and the editor's overlays all ask the same questions the same way.
A lazy package: `from tabletop.rules import reach` imports the movement module alone, so a
command that needs one rule does not pay for all of them (networkx, numpy) at start.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_HOMES = {
    "AttackLine": "tabletop.rules.attack_lines",
    "attack_line": "tabletop.rules.attack_lines",
    "line_areas": "tabletop.rules.attack_lines",
    "Defenses": "tabletop.rules.facing",
    "defenses": "tabletop.rules.facing",
    "flank_modifier": "tabletop.rules.facing",
    "is_behind": "tabletop.rules.facing",
    "GridReach": "tabletop.rules.grid_movement",
    "grid_path": "tabletop.rules.grid_movement",
    "grid_reach": "tabletop.rules.grid_movement",
    "hustle_areas": "tabletop.rules.grid_movement",
    "grow": "tabletop.rules.growth",
    "grow_to": "tabletop.rules.growth",
    "trim": "tabletop.rules.growth",
    "NoWayThrough": "tabletop.rules.movement",
    "Reach": "tabletop.rules.movement",
    "Route": "tabletop.rules.movement",
    "path": "tabletop.rules.movement",
    "reach": "tabletop.rules.movement",
    "Crossing": "tabletop.rules.passages",
    "cheapest_crossing": "tabletop.rules.passages",
    "passage_cost": "tabletop.rules.passages",
    "RangeField": "tabletop.rules.ranges",
    "move_another": "tabletop.rules.ranges",
    "range_between": "tabletop.rules.ranges",
    "range_field": "tabletop.rules.ranges",
    "shifts_after_range": "tabletop.rules.ranges",
    "are_opponents": "tabletop.rules.sides",
    "opponent_areas": "tabletop.rules.sides",
    "MOVE_TYPES": "tabletop.rules.terrain",
    "Terrain": "tabletop.rules.terrain",
    "ZoneGraph": "tabletop.rules.zone_graph",
}
"""Where each public name lives."""

if TYPE_CHECKING:
    from tabletop.rules.attack_lines import AttackLine, attack_line, line_areas
    from tabletop.rules.facing import Defenses, defenses, flank_modifier, is_behind
    from tabletop.rules.grid_movement import GridReach, grid_path, grid_reach, hustle_areas
    from tabletop.rules.growth import grow, grow_to, trim
    from tabletop.rules.movement import NoWayThrough, Reach, Route, path, reach
    from tabletop.rules.passages import Crossing, cheapest_crossing, passage_cost
    from tabletop.rules.ranges import RangeField, move_another, range_between, range_field, shifts_after_range
    from tabletop.rules.sides import are_opponents, opponent_areas
    from tabletop.rules.terrain import MOVE_TYPES, Terrain
    from tabletop.rules.zone_graph import ZoneGraph


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'tabletop.rules' has no attribute '{name}'")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "MOVE_TYPES",
    "AttackLine",
    "Crossing",
    "Defenses",
    "GridReach",
    "NoWayThrough",
    "RangeField",
    "Reach",
    "Route",
    "Terrain",
    "ZoneGraph",
    "are_opponents",
    "attack_line",
    "cheapest_crossing",
    "defenses",
    "flank_modifier",
    "grid_path",
    "grid_reach",
    "grow",
    "grow_to",
    "hustle_areas",
    "is_behind",
    "line_areas",
    "move_another",
    "opponent_areas",
    "passage_cost",
    "path",
    "range_between",
    "range_field",
    "reach",
    "shifts_after_range",
    "trim",
]

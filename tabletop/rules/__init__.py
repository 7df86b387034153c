"""Game logic over the model, Qt-free: movement, range, encounter grids, facing and cover.

Every function takes model data and returns plain data (dataclasses, dicts, arrays), so the
command line, the tests and the editor's overlays all ask the same questions the same way.
"""

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

"""What a border's badge says: its pass values at a glance, each way, and its door."""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.model import Border, Passage
from tabletop.rules.passages import cheapest_crossing

ARROWS = "→↘↓↙←↖↑↗"
SHUT = "✕"


def arrow(direction: tuple[float, float]) -> str:
    """The arrow nearest a direction on the canvas (y grows downward)."""
    angle = math.atan2(direction[1], direction[0])
    return ARROWS[round(angle / (math.pi / 4)) % 8]


@dataclass(frozen=True)
class Badge:
    """The main line (cheapest cost each way), the options line, and the door's state."""

    costs: str
    options: str
    door: str | None


def _cost(value: int | None) -> str:
    return SHUT if value is None else str(value)


def _option(passage: Passage) -> str:
    a, b = _cost(passage.cost_from_a), _cost(passage.cost_from_b)
    value = a if a == b else f"{a}/{b}"
    door = passage.door
    if door is None:
        return value
    if door.state == "locked":
        return "locked"
    return f"{value}+{door.open_cost}" if door.state == "closed" else value


def badge_for(border: Border, towards_b: tuple[float, float]) -> Badge:
    there = cheapest_crossing(border, border.a)
    back = cheapest_crossing(border, border.b)
    cost_there = there.cost if there else None
    cost_back = back.cost if back else None
    if cost_there == cost_back:
        costs = _cost(cost_there)
    else:
        costs = f"{arrow(towards_b)}{_cost(cost_there)} {arrow((-towards_b[0], -towards_b[1]))}{_cost(cost_back)}"
    doors = [p.door.state for p in border.passages if p.door is not None]
    options = " · ".join(_option(p) for p in border.passages) if len(border.passages) > 1 else ""
    return Badge(costs, options, doors[0] if doors else None)

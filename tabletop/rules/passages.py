"""What it costs to cross a border one way: the cheapest passage in its current state.

"2 more to open or close the door": a closed door's passage costs its open cost plus its own
pass value; a locked door cannot be opened, so that passage is shut until someone breaks
the door (another passage) or the GM changes the door's state.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.model import Border, Passage


class Crossing(NamedTuple):
    """How one border is crossed in one direction: which passage, at what cost, and why.

    `opening` is the part of the cost spent opening a closed door first (0 otherwise). A
    named tuple, made in C: a big map's graph makes several for every zone.
    """

    border: str
    passage: int
    cost: int
    label: str
    opening: int = 0

    @property
    def explanation(self) -> str:
        """A GM-readable account of the cost, e.g. "open the door 2 + through the door 1"."""
        if self.opening:
            return f"open the door {self.opening} + {self.label} {self.cost - self.opening}"
        return f"{self.label} {self.cost}"


def passage_cost(passage: Passage, side: str) -> int | None:
    """The pass value paid from side 'a' or 'b', door included; None when shut that way."""
    base = passage.cost_from_a if side == "a" else passage.cost_from_b
    if base is None:
        return None
    door = passage.door
    if door is None or door.state in ("open", "broken"):
        return base
    if door.state == "closed":
        return door.open_cost + base
    return None


def cheapest_crossing(border: Border, from_zone: str) -> Crossing | None:
    """The cheapest way across from `from_zone`; None when every passage is shut that way.

    Ties go to the passage listed first, so the GM orders passages by preference.
    """
    side = border.side_of(from_zone)
    best_cost: int | None = None
    best = -1
    for index, passage in enumerate(border.passages):
        cost = passage_cost(passage, side)
        if cost is not None and (best_cost is None or cost < best_cost):
            best_cost, best = cost, index
    if best_cost is None:
        return None
    passage = border.passages[best]
    door = passage.door
    opening = door.open_cost if door is not None and door.state == "closed" else 0
    return Crossing(border.id, best, best_cost, passage.label or "pass", opening)

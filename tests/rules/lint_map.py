"""A small zone map with one of each thing the map check looks for, and a builder for others."""

from __future__ import annotations

from tabletop.model import Border, Door, Map, NodeShape, Passage, Zone

ONE_WAY = (1, None)
BOTH_WAYS = (1, 1)
SHUT = (None, None)


def zone_map(zones: list[str], borders: list[tuple[str, str, tuple[int | None, int | None]]], **labels) -> Map:
    """Zones named as given (id = lower-case name), borders a-b with (cost from a, cost from b);
    `labels` gives a border (by its id a-b) a label."""
    return Map(
        title="Check me",
        zones=[
            Zone(id=name.lower(), name=name, shape=NodeShape(x=100.0 * n, y=50.0 * (n % 3)))
            for n, name in enumerate(zones)
        ],
        borders=[
            Border(
                id=f"{a}-{b}",
                a=a,
                b=b,
                label=labels.get(f"{a}_{b}", ""),
                passages=[Passage(cost_from_a=costs[0], cost_from_b=costs[1])],
            )
            for a, b, costs in borders
        ],
    )


def lint_map() -> Map:
    """Hall, Porch and Yard in a ring to the west, Store and Office to the east, one gate between them (a
    choke border); a drop from the Hall into the Pit (a one-way trap); the Vault behind a
    locked door off the Office (unreachable)."""
    map_ = zone_map(
        ["Hall", "Yard", "Porch", "Pit", "Store", "Office", "Vault"],
        [
            ("hall", "yard", BOTH_WAYS),
            ("yard", "porch", BOTH_WAYS),
            ("porch", "hall", BOTH_WAYS),
            ("hall", "pit", ONE_WAY),
            ("yard", "store", BOTH_WAYS),
            ("store", "office", BOTH_WAYS),
            ("office", "vault", BOTH_WAYS),
        ],
        yard_store="the gate",
    )
    map_.borders[-1].passages = [Passage(label="vault door", door=Door(state="locked"))]
    return map_

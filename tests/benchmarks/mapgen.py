"""The generated maps' old home, for test files written before they moved to tests/maps.py:
import them from there."""

from tests.maps import BRICK_H, BRICK_W, encounter_grid, zone_map

__all__ = ["BRICK_H", "BRICK_W", "encounter_grid", "zone_map"]

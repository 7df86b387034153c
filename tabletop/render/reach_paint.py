"""A dragged token's reach on a zone map: each zone it can reach tinted, with its cost on a plate
inside the zone, where the picture's arrangement finds it room (render/arrangement.py)."""

from __future__ import annotations

from PySide6.QtGui import QPainter

from tabletop.model import NodeShape, Zone
from tabletop.render import text
from tabletop.render.style import MapStyle
from tabletop.render.tangles import paint_tangle, tangled_points
from tabletop.render.words import Written
from tabletop.render.zone_paint import zone_path


def paint_reach_zone(p: QPainter, zone: Zone, number: Written | None, style: MapStyle) -> None:
    """A zone a dragged token can reach, with its cost on a plate (`number`, as placed; None:
    the tint alone, its number painted over the tokens by the caller: paint_reach_number)."""
    if not isinstance(zone.shape, NodeShape) and tangled_points(zone.shape.points):
        paint_tangle(p, zone.shape.points, style.reach, None)
    else:
        p.fillPath(zone_path(zone), style.reach)
    if number is not None:
        paint_reach_number(p, number, style)


def paint_reach_number(p: QPainter, number: Written, style: MapStyle) -> None:
    """A reach number on its plate."""
    text.plated_label(p, number.words, number.centre, style.reach_text, style.plate, number.size, bold=True)

"""The data model of a map, Qt-free: what the app keeps, validated, with no game logic or I/O."""

from tabletop.model.base import Aspect, Model, StressTrack
from tabletop.model.borders import Border, Door, DoorState, Passage
from tabletop.model.grids import (
    GRID_EDGES,
    TILE_AREAS,
    Edge,
    EncounterGrid,
    PropertyDraw,
    Segment,
    SegmentProperty,
    SegmentTemplate,
    SetupMark,
    Tile,
    TileSet,
    TileTemplate,
)
from tabletop.model.map import FORMAT_VERSION, Background, Map
from tabletop.model.tokens import TOKEN_STATES, AreaLocation, Location, Speeds, Token, TokenState, ZoneLocation
from tabletop.model.zones import FillStyle, NodeShape, PolygonShape, Zone

__all__ = [
    "FORMAT_VERSION",
    "GRID_EDGES",
    "TILE_AREAS",
    "TOKEN_STATES",
    "AreaLocation",
    "Aspect",
    "Background",
    "Border",
    "Door",
    "DoorState",
    "Edge",
    "EncounterGrid",
    "FillStyle",
    "Location",
    "Map",
    "Model",
    "NodeShape",
    "Passage",
    "PolygonShape",
    "PropertyDraw",
    "Segment",
    "SegmentProperty",
    "SegmentTemplate",
    "SetupMark",
    "Speeds",
    "StressTrack",
    "Tile",
    "TileSet",
    "TileTemplate",
    "Token",
    "TokenState",
    "Zone",
    "ZoneLocation",
]

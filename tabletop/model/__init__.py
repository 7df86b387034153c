"""The data model of a map, Qt-free: what the app keeps, validated, with no game logic or I/O."""

from tabletop.model.base import Aspect, Consequence, Model, StressTrack
from tabletop.model.borders import Border, Door, DoorState, Passage, Sight
from tabletop.model.built import build_checks
from tabletop.model.conflict import SYSTEM_NAMES, Conflict, ConflictSystem, GridAtStart, LogEntry, Participant
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
from tabletop.model.map import FORMAT_VERSION, LATTICE_STEP, MAX_LATTICE_STEP, MIN_LATTICE_STEP, Background, Map
from tabletop.model.play_af import AfTurn
from tabletop.model.play_edgerunner import EdgerunnerTurn, HeldDefense, LastAction
from tabletop.model.play_reserve import ReserveSide
from tabletop.model.tokens import (
    TOKEN_STATES,
    AreaLocation,
    Location,
    Speeds,
    Token,
    TokenPicture,
    TokenState,
    ZoneLocation,
)
from tabletop.model.zones import FillStyle, NodeShape, PolygonShape, Zone

__all__ = [
    "FORMAT_VERSION",
    "GRID_EDGES",
    "LATTICE_STEP",
    "MAX_LATTICE_STEP",
    "MIN_LATTICE_STEP",
    "SYSTEM_NAMES",
    "TILE_AREAS",
    "TOKEN_STATES",
    "AfTurn",
    "AreaLocation",
    "Aspect",
    "Background",
    "Border",
    "Conflict",
    "ConflictSystem",
    "Consequence",
    "Door",
    "DoorState",
    "Edge",
    "EdgerunnerTurn",
    "EncounterGrid",
    "FillStyle",
    "GridAtStart",
    "HeldDefense",
    "LastAction",
    "Location",
    "LogEntry",
    "Map",
    "Model",
    "NodeShape",
    "Participant",
    "Passage",
    "PolygonShape",
    "PropertyDraw",
    "ReserveSide",
    "Segment",
    "SegmentProperty",
    "SegmentTemplate",
    "SetupMark",
    "Sight",
    "Speeds",
    "StressTrack",
    "Tile",
    "TileSet",
    "TileTemplate",
    "Token",
    "TokenPicture",
    "TokenState",
    "Zone",
    "ZoneLocation",
    "build_checks",
]

"""The players' side of the table, built after the first frame: the players' window's controls
and the controls that share them (fog, the physical scale, the initiative strip, handouts, the
pointer and moves replayed, the phones' page), each given the table's parts it uses rather than the window."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QStatusBar

from tabletop.document import MapDocument
from tabletop.ui.dialogs.share_phones import PhoneSharing
from tabletop.ui.player.controls import PlayerControls
from tabletop.ui.player.fog import FogControls
from tabletop.ui.player.handout_controls import HandoutControls
from tabletop.ui.player.players_sight import PlayersSightOnMap
from tabletop.ui.player.pointing import Pointing
from tabletop.ui.player.replay import ReplayControls
from tabletop.ui.player.scale import ScaleControls
from tabletop.ui.player.strip_controls import StripControls
from tabletop.ui.player.table import TableParts
from tabletop.ui.registry import ActionRegistry
from tabletop.ui.scene.map_scene import MapScene
from tabletop.ui.view import MapView


def build_side(
    document: MapDocument,
    scene: MapScene,
    view: MapView,
    settings: QSettings,
    registry: ActionRegistry,
    status: QStatusBar,
    tools: Mapping[str, Any],
    say: Callable[[str], None],
    keep: Callable[[str, Any], Any],
) -> PlayerControls:
    """Every control of the players' side made and `keep`-t by name (the window's deferred parts);
    the players' window's own controls returned."""
    players = PlayerControls(document, scene, view, settings, registry)
    keep("players", players)
    table = TableParts(document, settings, registry, players, status)
    fog = FogControls(table, tools["S"])
    keep("fog", fog)
    keep("players_sight", PlayersSightOnMap(table, fog))
    keep("physical_scale", ScaleControls(table))
    keep("players_strip", StripControls(table))
    keep("handouts", HandoutControls(table, tools["R"], fog))
    keep("replay", ReplayControls(table))
    keep("phones", PhoneSharing(table, fog))
    Pointing(table, view, tools["L"], say)  # kept by the players' controls and the tool
    return players

"""What the GM's controls of the players' side of the table share: the document, the window's
settings, the action registry their menu entries are made from, the players' window's controls
and the status bar they say a line in. Given whole to each control, so the fog's, the scale's and
any later one take what they use from one object, not the same five in the same order."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QStatusBar

from tabletop.document import MapDocument
from tabletop.ui.player.controls import PlayerControls
from tabletop.ui.registry import ActionRegistry


@dataclass(frozen=True)
class TableParts:
    document: MapDocument
    settings: QSettings
    actions: ActionRegistry
    players: PlayerControls
    status: QStatusBar

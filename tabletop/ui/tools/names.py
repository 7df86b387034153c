"""Each tool's name (its Tools menu entry and toolbar tip) and the hint the status bar shows
while it is chosen, by its key. Kept apart from the tools, which load the model and the rules:
the window's first frame shows the Tools menu, the toolbar and the hint before those are loaded."""

from __future__ import annotations

HOLD_KEY_NAME = "Q"
"""The key held to point with the laser from any tool (tools/pointer.py's HOLD_KEY)."""

TOOL_WORDS: dict[str, tuple[str, str]] = {
    "S": ("Select and move", "Click to select, drag to move, drag on empty map to select many"),
    "P": (
        "Draw zone",
        "Click to add points (Ctrl: exactly where you click); Enter or double-click closes the zone, "
        "Backspace takes a point back, Esc cancels",
    ),
    "N": ("Add abstract zone", "Click to add an abstract zone (a mood, a social circle, a network node)"),
    "B": ("Connect zones", "Drag from one zone to another to join them with a border"),
    "T": (
        "Place token",
        "Click in a zone or on a grid area to place a token (of the side of the token selected, or the last placed)",
    ),
    "V": (
        "Edit vertices",
        "Drag a vertex (rooms sharing it follow; Shift: this zone alone); double-click an edge to add one; "
        "right-click a vertex or hover it and press Delete",
    ),
    "G": (
        "Encounter grid",
        "Click on the empty map to place an encounter grid of 3x3 tiles; drag a grid to move it; Delete removes it",
    ),
    "A": (
        "Paint segments",
        "Drag over a tile's areas: a new segment, or add to the chosen one; "
        "Shift: always new; Ctrl: take areas out; Delete removes the chosen segment",
    ),
    "R": ("Reveal", "Click or drag to reveal; Shift or right button to fog again; Ctrl for a grid's whole tile"),
    "L": (
        f"&Laser Pointer (or hold {HOLD_KEY_NAME})",
        "Point at the players' window: move to point, click to ping, double-click to centre their view there "
        f"(or hold {HOLD_KEY_NAME} with any tool)",
    ),
    "I": (
        "Adjust Background Image",
        "Drag the background picture to move it, a corner to scale it (its shape kept); "
        "Ctrl: off the lattice; Esc or Enter: done",
    ),
}

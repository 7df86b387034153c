"""After a crash, a session's unsaved scenes come back together, in their session: each scene's
recovered map put in its place (unsaved, still kept for recovery until saved)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

from tabletop.ui.plain import shown_plain
from tabletop.ui.recovery import Recovered, discard

Button = QMessageBox.StandardButton


def offer_session(controls: Any, found: Recovered, offered: list[Recovered]) -> bool:
    """After a crash: a session's scenes with unsaved changes offered back together, through
    the session's controls (ui/scenes.py, which call this: not imported back). Yes
    opens the session with each recovered scene as it was (unsaved, kept for recovery until
    saved); No lets them all go. False when declined or the session cannot be opened."""
    path = found.session
    if path in controls.declined:
        return False
    ours = [f for f in offered if f.session == path]
    names = ", ".join(f.source.name if f.source else f.name for f in ours)
    answer = QMessageBox.question(
        controls.window,
        "Recover unsaved changes?",
        shown_plain(f"Tabletop closed without saving changes to the session {path.name} ({names}). Recover them?"),
        Button.Yes | Button.No,
    )
    if answer != Button.Yes or not controls.open_session(path):
        controls.declined.add(path)
        if answer != Button.Yes:
            for each in ours:
                discard(each)
        return False
    session = controls.session
    by_file = {state.path: scene_id for scene_id, state in session.states.items()}
    for each in ours:
        scene_id = by_file.get(Path(os.path.realpath(each.source))) if each.source else None
        if scene_id is None:
            continue  # a scene since removed: its file stays in the recovery folder
        state = session.states[scene_id]
        state.map, state.stamp, state.unwritten = each.map, each.stamp, True
        if scene_id == session.staged:
            controls.document.show_scene(each.map, state.path, state.stack)
            if controls.autosaver is not None:
                controls.autosaver.adopt(each)
        elif controls.autosaver is not None:
            controls.autosaver.park(state.stack, each)
    controls.bind_players(session.live)
    controls.refresh()
    return True

"""SessionDocument: an open session, its scenes each kept as the GM left it while the session is
open (its map, its own undo history, the view), which scene the GM edits ("staged") and which
the players see ("live").

One MapDocument shows the staged scene (MapDocument.show_scene), so every dock, tool and scene
of the window keeps its one document; a scene not shown keeps its map and undo stack here. The
list itself (names, order, scenes added or removed) is the GM's housekeeping between scenes,
not an edit of a map: it is marked unsaved, not put on a scene's undo stack."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from tabletop.document.map_document import MapDocument
from tabletop.document.undo import UndoStack
from tabletop.io import MapFileError, load_map_stamped, save_map
from tabletop.io.session import save_session, scene_file, scene_file_name, scenes_folder, written_scene_path
from tabletop.io.stamp import FileStamp
from tabletop.model import Map
from tabletop.model.session import Scene, Session


@dataclass
class SceneState:
    """A scene as the session keeps it while open: its map once read, its file, its steps."""

    path: Path
    stack: UndoStack
    map: Map | None = None
    stamp: FileStamp | None = None
    view: tuple[float, float, float] | None = None
    """Where the GM's view stood (centre x, y and zoom) when the GM left the scene."""
    unwritten: bool = False
    """Made in this session (new, duplicated, copied in) and not yet saved to its file."""
    notes: list[str] = field(default_factory=list)


class SessionDocument(QObject):
    """`changed` follows every change of the list, of which scene is staged or live, and of
    whether the session holds unsaved work."""

    changed = Signal()

    def __init__(self, session: Session, path: Path, document: MapDocument) -> None:
        super().__init__(document)
        self.session, self.path, self.document = session, Path(path), document
        self.states: dict[str, SceneState] = {}
        for scene in session.scenes:
            self.states[scene.id] = SceneState(scene_file(path, scene.map), UndoStack(document))
        self.staged: str | None = None
        self.list_changed = False
        """The list (names, order, scenes, the live one) changed since the session file was saved."""

    # -- what is where ---------------------------------------------------------------------

    @property
    def scenes(self) -> list[Scene]:
        return self.session.scenes

    @property
    def live(self) -> str | None:
        return self.session.live

    def scene(self, scene_id: str) -> Scene:
        found = self.session.scene(scene_id)
        if found is None:
            raise KeyError(scene_id)
        return found

    def map_of(self, scene_id: str) -> Map:
        """The scene's map as the session holds it, read from its file the first time it is
        asked for; MapFileError names the file when it cannot be read."""
        state = self.states[scene_id]
        if state.map is None:
            state.map, state.stamp = load_map_stamped(state.path)
        return state.map

    @property
    def modified(self) -> bool:
        return self.list_changed or any(s.unwritten or not s.stack.isClean() for s in self.states.values())

    def scene_modified(self, scene_id: str) -> bool:
        state = self.states[scene_id]
        return state.unwritten or not state.stack.isClean()

    # -- staged and live -------------------------------------------------------------------

    def stage(self, scene_id: str) -> None:
        """Show the scene in the GM's document, with its own undo history; the scene left keeps
        its map and history here."""
        new_map = self.map_of(scene_id)
        state = self.states[scene_id]
        self.staged = scene_id
        self.document.show_scene(new_map, state.path, state.stack)
        self.changed.emit()

    def send_to_players(self) -> None:
        """The staged scene becomes the one the players see."""
        if self.staged is not None and self.staged != self.session.live:
            self.session = self.session.model_copy(update={"live": self.staged})
            self.list_changed = True
            self.changed.emit()

    # -- the list --------------------------------------------------------------------------

    def add(self, name: str, map_: Map, at: int | None = None) -> str:
        """A new scene holding `map_` (a copy is the caller's to make), its file named after it
        in the session's scenes folder and written at the next save."""
        folder = scenes_folder(self.path)
        taken = {Path(s.map).name.lower() for s in self.session.scenes}
        file = scene_file_name(folder, name, taken)
        scene_id = self.session.new_id()
        written = f"{folder.name}/{file.name}"
        scene = Scene(id=scene_id, name=name, map=written)
        scenes = list(self.session.scenes)
        scenes.insert(len(scenes) if at is None else at, scene)
        self.states[scene_id] = SceneState(Path(os.path.realpath(file)), UndoStack(self.document), map_, unwritten=True)
        self._set_scenes(scenes)
        return scene_id

    def rename(self, scene_id: str, name: str) -> None:
        scenes = [s.model_copy(update={"name": name}) if s.id == scene_id else s for s in self.session.scenes]
        self._set_scenes(scenes)

    def move(self, scene_id: str, to: int) -> None:
        """Put the scene at place `to` in the list (the order the GM plays them)."""
        scenes = list(self.session.scenes)
        scene = next(s for s in scenes if s.id == scene_id)
        scenes.remove(scene)
        scenes.insert(max(0, min(to, len(scenes))), scene)
        self._set_scenes(scenes)

    def duplicate(self, scene_id: str) -> str:
        """A copy of the scene as it stands now (unsaved edits too), just after it."""
        place = next(n for n, s in enumerate(self.session.scenes) if s.id == scene_id)
        name = f"{self.scene(scene_id).name} copy"
        return self.add(name, self.map_of(scene_id).model_copy(deep=True), place + 1)

    def remove(self, scene_id: str) -> None:
        """Take the scene out of the session (its map file stays on disk). The live scene and
        the staged one are the caller's to move off first."""
        if scene_id in (self.session.live, self.staged):
            raise ValueError("the scene the players see or the GM edits cannot be removed")
        scenes = [s for s in self.session.scenes if s.id != scene_id]
        state = self.states.pop(scene_id)
        state.stack.deleteLater()
        self._set_scenes(scenes)

    def _set_scenes(self, scenes: list[Scene]) -> None:
        self.session = Session.model_validate({**self.session.model_dump(), "scenes": [s.model_dump() for s in scenes]})
        self.list_changed = True
        self.changed.emit()

    # -- saving ----------------------------------------------------------------------------

    def save(self, thumbnail=None) -> list[str]:
        """Write every scene changed since its last save, then the session file; `thumbnail(map,
        file)` writes a scene's small picture and says its file (a scene with none keeps none).
        MapFileError on the first file that cannot be written: what was written stays written.
        Returns the names of the scenes written."""
        folder = scenes_folder(self.path)
        written = []
        if any(state.map is not None for state in self.states.values()):
            try:
                folder.mkdir(exist_ok=True)
            except OSError as error:
                raise MapFileError(folder, f"could not be made: {error.strerror or error}") from None
        scenes = list(self.session.scenes)
        for place, scene in enumerate(scenes):
            state = self.states[scene.id]
            if state.map is None:
                continue
            if state.unwritten or not state.stack.isClean():
                state.stamp = save_map(state.map, state.path, expected=state.stamp)
                state.unwritten = False
                state.stack.setClean()
                written.append(scene.name)
            elif scene.thumbnail is not None:
                continue  # unchanged, and its picture made already
            if thumbnail is not None:
                picture = thumbnail(state.map, state.path.with_suffix(".png"))
                if picture is not None:
                    scenes[place] = scene.model_copy(update={"thumbnail": written_scene_path(self.path, picture)})
        self.session = self.session.model_copy(update={"scenes": scenes})
        save_session(self.session, self.path)
        self.list_changed = False
        self.changed.emit()
        return written

    def keep_thumbnail(self, scene_id: str, file: Path) -> None:
        """The scene's small picture, made beside its map outside a save: the list names it,
        and the session file at its next save, yet nothing of the session is unsaved for it."""
        written = written_scene_path(self.path, file)
        scenes = [s.model_copy(update={"thumbnail": written}) if s.id == scene_id else s for s in self.session.scenes]
        self.session = self.session.model_copy(update={"scenes": scenes})
        self.changed.emit()

    def thumbnail_file(self, scene_id: str) -> Path | None:
        """The scene's small picture on disk, if it has one and it lies inside the session's folder."""
        written = self.scene(scene_id).thumbnail
        if written is None:
            return None
        try:
            return scene_file(self.path, written)
        except MapFileError:
            return None

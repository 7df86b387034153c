"""A session in the window: New Session and opening one, the Scenes dock's work (add, reorder,
rename, duplicate, remove), staging a scene for the GM to edit while the players keep seeing the
live one, Send to Players, and saving every changed scene with the session file.

The players' window shows a document of its own over the live scene's map, the same whichever
scene the GM stages, so moving between scenes never rebuilds what the projector shows; while the
GM edits the live scene, the GM's edits are relayed to it. Only Send makes it afresh. Fog staged
for the live scene is held here while the GM works elsewhere, so what the players were sent is
all they keep seeing."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QDockWidget, QFileDialog, QInputDialog, QMainWindow, QMessageBox
from shiboken6 import isValid

from tabletop.document import MapDocument
from tabletop.document.commands.scene_move import MoveToScene
from tabletop.document.integrity import IntegrityError
from tabletop.document.session import SessionDocument
from tabletop.io import EXTENSION, MapFileError, load_map
from tabletop.io.pictures import PictureRefused, copy_beside, picture_file
from tabletop.io.session import SESSION_EXTENSION, load_session, scenes_folder
from tabletop.model import Map
from tabletop.model.kinds import Kind
from tabletop.model.session import Session
from tabletop.ui.actions import dock_action
from tabletop.ui.docks.inspector import Inspector
from tabletop.ui.docks.scenes import ScenesPane
from tabletop.ui.files import may_lose
from tabletop.ui.menus import dock_id
from tabletop.ui.opening import busy
from tabletop.ui.plain import set_action_text, shown_plain
from tabletop.ui.registry import Act, ActionRegistry
from tabletop.ui.scene_thumbnails import SceneThumbnails, write_thumbnail
from tabletop.ui.view import MapView

SESSION_FILTER = f"Tabletop sessions (*{SESSION_EXTENSION})"
BLACK_BETWEEN = 400
"""Milliseconds the players' window stays black between one scene and the next."""
NOT_SENT = "the pointer and handouts wait until it is sent (Ctrl+Shift+Return)"
Button = QMessageBox.StandardButton


class SceneControls(QObject):
    """The session's controls over the window's one document and view. `parts(name)` gives the
    window's parts built after the first frame ("players", "fog", "files"), built if need be."""

    def __init__(
        self,
        window: QMainWindow,
        document: MapDocument,
        view: MapView,
        registry: ActionRegistry,
        parts: Callable[[str], object],
        say: Callable[[str], None],
    ) -> None:
        super().__init__(window)
        self.window, self.document, self.view, self.parts, self.say = window, document, view, parts, say
        self.session: SessionDocument | None = None
        self.live_document: MapDocument | None = None
        self._heard_opening = False
        self.session_mark = ""
        """Told to the players' documents of one session alike, and to no other session's: the
        phones' codes follow a character between the scenes of one session only."""
        self.live_fog: object | None = None
        """The fog the players were last sent for the live scene while the GM edits another."""
        acts = {
            "New Scene": self.new_scene,
            "Add Map…": self.add_map,
            "Rename…": self.rename,
            "Duplicate": self.duplicate,
            "Up": lambda: self.shift(-1),
            "Down": lambda: self.shift(1),
            "Remove…": self.remove,
            "Send to Players": self.send,
            "Move Selected Tokens Here": lambda: self.move_tokens(self.pane.chosen()),
        }
        self.thumbnails = SceneThumbnails(self)
        self.pane = ScenesPane(acts, self.stage, self.thumbnails.picture)
        self.pane.moved.connect(self._moved)
        self.dock = QDockWidget("Scenes", window)
        self.dock.setObjectName("Scenes")
        self.dock.setWidget(self.pane)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        tokens = window.findChild(QDockWidget, "Tokens")
        if tokens is not None:  # a tab beside the Tokens list: the scenes get the room of a list
            window.tabifyDockWidget(tokens, self.dock)
        self.dock.hide()
        for act in (
            Act("file.new_session", "New Sess&ion…", self.new_session, tip="Several scenes kept together"),
            Act(
                "scenes.send",
                "Send Scene to &Players",
                self.send,
                "Ctrl+Shift+Return",
                tip="The players' window shows the scene being edited, after a moment of black",
                reach="window",
            ),
        ):
            registry.register(act)
        registry.add(dock_id("Scenes"), dock_action(self.dock))
        files = parts("files")
        if files is not None:
            files.scenes = self
        self.move_menu = registry.menu("scenes.move_tokens")
        self.move_menu.aboutToShow.connect(self._fill_move_menu)
        self.send_action = registry["scenes.send"]
        self.send_action.setEnabled(False)
        document.edited.connect(self._relay)
        document.undo_group.cleanChanged.connect(self.refresh)
        document.pathChanged.connect(self.refresh)
        self.autosaver = getattr(window, "autosaver", None)
        if self.autosaver is not None:  # a scene's recovery note names its session
            self.autosaver.session = lambda: self.session.path if self.session is not None else None
        self.declined: set[Path] = set()
        self.inspector = window.findChild(Inspector)

    # -- opening and closing ---------------------------------------------------------------

    def new_session(self) -> bool:
        """A session made around the map in the window: a copy of it is the first scene (its own
        file is left as it is), and the session is written at once so its folder exists."""
        chosen, _ = QFileDialog.getSaveFileName(self.window, "New session", self._folder(), SESSION_FILTER)
        if not chosen:
            return False
        path = Path(chosen if chosen.endswith(SESSION_EXTENSION) else chosen + SESSION_EXTENSION)
        if self.session is not None and not self.may_discard():
            return False
        map_ = self.document.map.model_copy(deep=True)
        name = map_.title or "Scene 1"
        source = self.document.path.parent if self.document.path is not None else None
        session = SessionDocument(Session(title=path.stem), path, self.document)
        scene_id = session.add(name, self._pictures_brought(map_, source, path))
        session.session = session.session.model_copy(update={"live": scene_id})
        if not self._save(session):
            return False
        self._adopt(session, scene_id)
        return True

    def open_session(self, path: Path) -> bool:
        """Open a session (the question about unsaved work asked already): its live scene staged."""
        try:
            loaded = load_session(path)
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not open the session", shown_plain(str(error)))
            return False
        session = SessionDocument(loaded, path, self.document)
        first = [s.id for s in loaded.scenes if s.id == loaded.live] + [s.id for s in loaded.scenes]
        problems = []
        for scene_id in first:
            try:
                with busy():
                    session.map_of(scene_id)
            except MapFileError as error:
                problems.append(str(error))
                continue
            if session.session.live is None:
                session.session = session.session.model_copy(update={"live": scene_id})
            self._adopt(session, scene_id)
            if problems:
                self.say(problems[0])
            return True
        why = problems[0] if problems else f"{path}: the session has no scenes yet"
        QMessageBox.warning(self.window, "Could not open the session", shown_plain(why))
        return False

    def _adopt(self, session: SessionDocument, scene_id: str) -> None:
        self.close_session()
        self.session, self.session_mark = session, secrets.token_hex(8)
        session.changed.connect(self.refresh)
        self.pane.show_session(session)
        self.dock.show()
        self.dock.raise_()
        self.stage(scene_id)
        self.thumbnails.follow(session)
        files = self.parts("files")
        if files is not None:
            files.stamp = None
        self.refresh()

    def close_session(self) -> None:
        """The window goes back to one plain map: the players see the GM's document again."""
        if self.session is None:
            return
        session, self.session = self.session, None
        session.changed.disconnect(self.refresh)
        self.thumbnails.follow(None)
        self.live_fog = None
        self.pane.show_session(None)
        self.bind_players(None)
        if self.autosaver is not None:  # what was kept for the session's scenes is the GM's no longer
            self.autosaver.discard()
        for state in session.states.values():  # the scenes' steps go with the session
            if state.stack is not self.document.undo_stack:
                state.stack.deleteLater()
        session.deleteLater()
        self.refresh()

    def may_discard(self) -> bool:
        """Ask before a session's unsaved work is lost: save it, throw it away, or stay."""
        if self.session is None or not self.session.modified:
            return True
        return may_lose(self.window, f"Save the changes to the session {self.session.path.name}?", self.save)

    def offer(self, found, offered: list) -> bool:
        """After a crash: a session's unsaved scenes offered back together (ui/scene_recovery.py)."""
        from tabletop.ui.scene_recovery import offer_session  # deferred: asked at start-up only

        return offer_session(self, found, offered)

    # -- staged and live -------------------------------------------------------------------

    def stage(self, scene_id: str) -> bool:
        """The GM edits `scene_id`, found as it was left; the players keep the live scene, their
        window untouched (only Send changes what they see)."""
        session = self.session
        if session is None or scene_id == session.staged:
            return False
        fog = self.parts("fog")
        leaving = session.staged
        if leaving is not None:
            session.states[leaving].view = self._view_now()
            if leaving == session.live and fog is not None and fog.held is not None:
                self.live_fog = fog.held
        self.bind_players(session.live)  # on a document of their own before the GM's takes another scene
        try:
            with busy():
                session.stage(scene_id)
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not open the scene", shown_plain(str(error)))
            return False
        self._show_view(session.states[scene_id].view)
        if scene_id == session.live and fog is not None:
            fog.hold(self.live_fog)
            self.live_fog = None
        if leaving is not None and scene_id != session.live and session.live is not None:
            self.say(
                f"Editing {session.scene(scene_id).name}; the players still see {session.scene(session.live).name}: "
                f"{NOT_SENT}"
            )
        self.refresh()
        return True

    def send(self) -> None:
        """Send to Players: the staged scene on the players' window, after a moment of black."""
        session = self.session
        if session is None or session.staged is None or session.staged == session.live:
            return
        session.send_to_players()
        self.live_fog = None
        fog = self.parts("fog")
        self.bind_players(session.live, BLACK_BETWEEN)
        if fog is not None:
            fog.send()  # the scene as it stands, fog staged for it included
        self.say(f"The players now see {session.scene(session.live).name}")

    def bind_players(self, live: str | None, pause: int = 0) -> None:
        """The players' window on a document of its own over the live scene's map (None: the
        GM's document, no session open). It stays the same document whichever scene the GM
        stages: the GM's edits of the live scene reach it through `_relay`."""
        players = self.parts("players")
        if players is not None and not self._heard_opening:
            players.opening.connect(self.players_opening)
            players.kept_fog = lambda: self.live_fog
            self._heard_opening = True
        session = self.session
        if live is None or session is None:
            document = None
        elif self.live_document is not None and self.live_document.property("scene") == live:
            document = self.live_document
        else:
            document = MapDocument(session.map_of(live), session.states[live].path, parent=self)
            document.setProperty("scene", live)
            document.setProperty("session", self.session_mark)
        old, self.live_document = self.live_document, document
        if players is not None:
            players.show_document(document, pause)
        if old is not None and old is not document:
            old.deleteLater()

    def _relay(self, change) -> None:
        """An edit of the live scene while the GM edits it reaches the players' document."""
        live = self.live_document
        if live is not None and live.map is self.document.map:
            live.follow(change)

    def players_opening(self, player) -> None:
        """A players' window made on the live scene while the GM edits another gets the fog held
        for it."""
        live, fog = self.live_document, self.live_fog
        if live is not None and player.document is live and live.map is not self.document.map and fog is not None:
            player.scene.set_fog(fog)

    # -- tokens between scenes --------------------------------------------------------------

    def chosen_tokens(self) -> list[str]:
        return [object_id for kind, object_id in self.document.selection if kind == Kind.TOKEN]

    def move_tokens(self, scene_id: str) -> bool:
        """The chosen tokens leave the scene being edited for `scene_id`, as one undo step that
        changes both scenes (undone, both are as they were)."""
        session, tokens = self.session, self.chosen_tokens()
        if session is None or not tokens or scene_id == session.staged:
            return False
        try:
            target = session.map_of(scene_id)
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not open the scene", shown_plain(str(error)))
            return False

        def other() -> MapDocument:  # the players' document when they see that scene: their window follows
            live = self.live_document
            return live if live is not None and live.map is target else MapDocument(target)

        name = session.scene(scene_id).name
        try:
            self.document.undo_stack.push(MoveToScene(self.document, tokens, other, name))
        except IntegrityError as error:
            self.say(f"The tokens stay: {error}")
            return False
        session.states[scene_id].unwritten = True
        self.say(f"Moved {len(tokens)} token{'' if len(tokens) == 1 else 's'} to {name}")
        self.refresh()
        return True

    def _fill_move_menu(self) -> None:
        menu, session = self.move_menu, self.session
        menu.clear()
        if session is None:
            menu.addAction("Open a session to move tokens between its scenes").setEnabled(False)
            return
        chosen = bool(self.chosen_tokens())
        for scene in session.scenes:
            if scene.id != session.staged:
                act = set_action_text(menu.addAction("", lambda s=scene.id: self.move_tokens(s)), scene.name)
                act.setEnabled(chosen)

    # -- the list --------------------------------------------------------------------------

    def new_scene(self) -> None:
        name = self._ask_name("New scene", "Name of the new scene:", "New scene")
        if name:
            self.session.add(name, Map(title=name))

    def add_map(self) -> None:
        """An existing map file copied into the session (its background picture with it)."""
        if self.session is None:
            return
        chosen, _ = QFileDialog.getOpenFileName(
            self.window, "Add a map as a scene", self._folder(), f"Tabletop maps (*{EXTENSION})"
        )
        if not chosen:
            return
        try:
            with busy():
                map_ = load_map(chosen)
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not add the map", shown_plain(str(error)))
            return
        name = map_.title or Path(chosen).stem
        self.session.add(name, self._pictures_brought(map_, Path(chosen).parent, self.session.path))
        self.say(f"Added {name}: saved into the session's folder with the session")

    def _pictures_brought(self, map_: Map, source: Path | None, session_path: Path) -> Map:
        """A map copied into the session takes its background picture into the scenes folder."""
        background = map_.background
        if background is None or source is None:
            return map_
        folder = scenes_folder(session_path)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            written, _ = copy_beside(picture_file(background.path, source), folder, background.path)
        except (PictureRefused, OSError) as error:
            self.say(f"The background picture was not copied: {error}")
            return map_
        return map_.model_copy(update={"background": background.model_copy(update={"path": written})})

    def rename(self) -> None:
        scene_id = self.pane.chosen()
        if self.session is None or scene_id is None:
            return
        name = self._ask_name("Rename scene", "Name of the scene:", self.session.scene(scene_id).name)
        if name:
            self.session.rename(scene_id, name)

    def duplicate(self) -> None:
        scene_id = self.pane.chosen()
        if self.session is not None and scene_id is not None:
            self.session.duplicate(scene_id)

    def shift(self, step: int) -> None:
        scene_id = self.pane.chosen()
        if self.session is not None and scene_id is not None:
            place = [s.id for s in self.session.scenes].index(scene_id)
            self.session.move(scene_id, place + step)

    def _moved(self, scene_id: str, place: int) -> None:
        if self.session is not None:
            self.session.move(scene_id, place)

    def remove(self) -> None:
        session, scene_id = self.session, self.pane.chosen()
        if session is None or scene_id is None:
            return
        name = session.scene(scene_id).name
        if scene_id in (session.live, session.staged):
            why = "the players see it" if scene_id == session.live else "it is being edited"
            self.say(f"{name} cannot be removed while {why}: move off it first")
            return
        answer = QMessageBox.question(
            self.window,
            "Remove scene",
            shown_plain(f"Remove {name} from the session? Its map file stays in the session's folder."),
            Button.Yes | Button.Cancel,
            Button.Cancel,
        )
        if answer == Button.Yes:
            session.remove(scene_id)

    def _ask_name(self, title: str, label: str, text: str) -> str:
        name, ok = QInputDialog.getText(self.window, title, label, text=text)
        name = " ".join(name.split())[:200]
        return name if ok and name else ""

    # -- saving ----------------------------------------------------------------------------

    def save(self) -> bool:
        """Every changed scene and the session file; on failure a dialog says why and the
        unsaved scenes stay marked."""
        return self.session is not None and self._save(self.session)

    def _save(self, session: SessionDocument) -> bool:
        try:
            with busy():
                written = session.save(write_thumbnail)
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not save the session", shown_plain(str(error)))
            return False
        if session is self.session:
            self.thumbnails.saved()
        self.say(f"Saved the session {session.path.name}" + (f" and {', '.join(written)}" if written else ""))
        self.refresh()
        return True

    # -- the view --------------------------------------------------------------------------

    def _view_now(self) -> tuple[float, float, float]:
        centre = self.view.viewportTransform().inverted()[0].map(QPointF(self.view.viewport().rect().center()))
        return centre.x(), centre.y(), self.view.transform().m11()

    def _show_view(self, kept: tuple[float, float, float] | None) -> None:
        if kept is None:
            return  # a scene opened for the first time is fitted, as an opened map is
        x, y, zoom = kept
        self.view.setTransform(QTransform.fromScale(zoom, zoom))
        self.view.centerOn(QPointF(x, y))

    def refresh(self, *_args) -> None:
        session = self.session
        self.send_action.setEnabled(session is not None and session.staged != session.live)
        self.pane.refresh()
        self._inspector_button()
        if session is not None and session.staged is not None:  # after the window's own title, over it
            shown = f"{session.path.stem} ▸ {session.scene(session.staged).name}".replace("[*]", "[*][*]")
            self.window.setWindowTitle(f"{shown}[*] — Tabletop")  # a "[*]" typed is shown as typed
            self.window.setWindowModified(session.modified)

    def _inspector_button(self) -> None:
        """The Inspector's token page offers Move to Scene while a session is open: the same
        menu as Edit ▸ Move Tokens to Scene and the token's own menu on the map."""
        inspector = self.inspector
        if inspector is None or not isValid(inspector):  # torn down with its window
            return
        if self.session is None:
            button = inspector.__dict__.get("move_to_scene")  # a page not built yet has none to hide
            if button is not None and isValid(button):
                button.hide()
            return
        button = inspector.move_to_scene  # the token page built when first asked
        if not isValid(button):
            return
        if button.menu() is not self.move_menu:
            button.setMenu(self.move_menu)
        button.show()

    def _folder(self) -> str:
        if self.session is not None:
            return str(self.session.path.parent)
        return str(self.document.path.parent) if self.document.path is not None else str(Path.cwd())

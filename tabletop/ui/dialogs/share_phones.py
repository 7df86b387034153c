"""View ▸ Share with Phones…: the players' page served to the phones at the table. The GM picks
where it listens (this computer only, or the table's network by one of this computer's
addresses), the players scan the join link's QR code, and the GM hands a token to a player for
their own sheet. The dialog says who is connected; Stop (or closing the map window) ends it.

The server runs in a thread of its own (serve/server.py); the picture is drawn on a worker
(serve/feed.py) a moment after the document the players' window shows changes, with its fog:
a session's live scene, whichever scene the GM stages. A player's code follows their character
(serve/codes.found_in) through the scenes of one session: in a scene sent without them, their
phone shows the table's map and says they are not in this scene, and their sheet comes back with
the first scene sent with them. Another map or session takes every code back: its tokens are
other characters."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.document.changes import Action
from tabletop.model.kinds import Kind
from tabletop.rules.visibility import LIVE
from tabletop.serve.addresses import LOOPBACK, table_addresses
from tabletop.ui.dialogs.qr_code import QrCode
from tabletop.ui.dialogs.share_table_view import TableViewFollow, where_said
from tabletop.ui.plain import plain_label
from tabletop.ui.registry import Act

if TYPE_CHECKING:
    from tabletop.document.changes import Change
    from tabletop.serve.feed import PhoneFeed
    from tabletop.serve.server import TableServer
    from tabletop.ui.player.fog import FogControls
    from tabletop.ui.player.table import TableParts

PORT_KEY = "phones/port"
DEFAULT_PORT = 8642
LOOK_MS = 1000
"""How often the dialog looks at who is connected."""
CODE_ROLE = Qt.ItemDataRole.UserRole + 1
"""A row's player's code ("" while its token is handed to no one)."""
STOP_WAIT = 5.0
"""Seconds stopping waits for a phones' picture still being drawn: a huge map's drawing is
never waited on past this (its worker then ends unseen on its own)."""


class ShareDialog(QDialog):
    """The GM's view of the sharing: where, the QR code, the codes, the players, who is on."""

    start_asked = Signal(str, int)
    stop_asked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Share with Phones")
        self.where = QComboBox()
        self.addresses: list[tuple[str, str]] = []
        """The computer's addresses as last asked: asking the system takes a while, so they are
        asked when the dialog opens, not each time it says where the page listens."""
        self.refresh_addresses()
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setAccessibleName("Port")
        self.port.setToolTip("The port the players' page listens on: part of the link")
        port_label = QLabel("P&ort:")
        port_label.setBuddy(self.port)
        self.start_button = QPushButton("&Start")
        self.start_button.clicked.connect(lambda: self.start_asked.emit(self.where.currentData(), self.port.value()))
        self.stop_button = QPushButton("S&top")
        self.stop_button.clicked.connect(self.stop_asked.emit)
        place = QHBoxLayout()
        place.addWidget(self.where, 1)
        place.addWidget(port_label)
        place.addWidget(self.port)
        place.addWidget(self.start_button)
        place.addWidget(self.stop_button)
        self.link = QLineEdit()
        self.link.setReadOnly(True)
        copy = QPushButton("&Copy Link")
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.link.text()))
        linked = QHBoxLayout()
        linked.addWidget(self.link, 1)
        linked.addWidget(copy)
        self.code = plain_label()
        font = self.code.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.code.setFont(font)
        self.code.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code_says = plain_label(wrap=True)
        self.qr = QrCode()
        self.qr_says = plain_label(wrap=True)
        self.players = QTreeWidget()
        self.players.setHeaderLabels(["Token", "Player's code", "Player's link"])
        self.players.setRootIsDecorated(False)
        self.players.setToolTip("Tick a token to hand it to a player: their link shows its sheet, and only that")
        self.players_says = plain_label(wrap=True)
        self.connected = plain_label(wrap=True)
        self.state = plain_label(wrap=True)
        form = QFormLayout()
        form.addRow("Listen on:", place)
        form.addRow("Join link:", linked)
        form.addRow("Join code:", self.code)
        form.addRow("", self.code_says)
        layout = QVBoxLayout(self)
        layout.addWidget(self.state)
        layout.addLayout(form)
        middle = QHBoxLayout()
        qr_side = QVBoxLayout()
        qr_side.addWidget(self.qr, 1)
        qr_side.addWidget(self.qr_says)
        middle.addLayout(qr_side)
        listed = QVBoxLayout()
        listed.addWidget(self.players, 1)
        listed.addWidget(self.players_says)
        middle.addLayout(listed, 1)
        layout.addLayout(middle, 1)
        layout.addWidget(self.connected)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.hide)
        layout.addWidget(buttons)
        self.resize(780, 500)

    def refresh_addresses(self) -> None:
        """Ask the computer's addresses again (a network joined since), keeping the choice."""
        self.addresses = table_addresses()
        kept = self.where.currentData()
        self.where.blockSignals(True)
        self.where.clear()
        for address, what in self.addresses:
            self.where.addItem(f"{what}: {address}", address)
        found = self.where.findData(kept)
        self.where.setCurrentIndex(max(found, 0))
        self.where.blockSignals(False)


class PhoneSharing(QObject):
    """View ▸ Share with Phones…: the dialog, the server while it runs, and the feed that keeps
    it showing the document with the fog the players' window shows; while the GM blacks that
    window out, the phones go dark too."""

    def __init__(self, table: TableParts, fog: FogControls) -> None:
        window = table.status.window()
        super().__init__(window)
        document, registry = table.document, table.actions
        self.document, self.settings, self.window = document, table.settings, window
        self.players = table.players
        self.players_fog = lambda: fog.players_fog
        blackout = table.players.blackout_action
        self.blacked_out = blackout.isChecked
        self.server: TableServer | None = None
        self.feed: PhoneFeed | None = None
        self.dialog: ShareDialog | None = None
        self._failure_said = ""
        self._taken_said = ""
        """Why the players' codes were taken back: said until the GM hands a token again."""
        self._shown = document
        """The document whose picture the phones show, and the session it is a scene of."""
        self._shown_session = ""
        self._heard: weakref.WeakSet = weakref.WeakSet()
        """The players' documents whose edits and resets the phones hear."""
        self.action = registry.register(
            Act(
                "view.share_phones",
                "Share with &Phones…",
                self.show_dialog,
                tip="Show the players' map, the turn and each player's own sheet on their phones",
            )
        )
        self.look = QTimer(self)
        self.look.setInterval(LOOK_MS)
        self.look.timeout.connect(self._show_connected)
        self.table_view = TableViewFollow(table.players, self._changed, self)
        document.edited.connect(lambda change: self._edited(change) if self._shown is document else None)
        document.reset.connect(self._gm_reset)
        table.players.shownChanged.connect(self._follow_shown)
        fog.players_fog_changed.connect(self._changed)
        blackout.toggled.connect(self._changed)
        window.installEventFilter(self)
        app = QCoreApplication.instance()
        if app is not None:  # quitting without closing the window still ends the sharing in order
            app.aboutToQuit.connect(self.stop)

    def show_dialog(self) -> ShareDialog:
        if self.dialog is None:
            self.dialog = ShareDialog(self.window)
            self.dialog.port.setValue(int(self.settings.value(PORT_KEY, DEFAULT_PORT, type=int)))
            self.dialog.start_asked.connect(self.start)
            self.dialog.stop_asked.connect(self.stop)
            self.dialog.players.itemChanged.connect(self._handed)
            self.dialog.players.currentItemChanged.connect(lambda *_: self._show_qr())
            self.dialog.where.currentIndexChanged.connect(lambda *_: self._fill())
        elif self.server is None:  # while sharing, the place chosen is the one listened on
            self.dialog.refresh_addresses()
        self._fill()
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def start(self, host: str, port: int) -> bool:
        """Serve on `host`:`port` (0: a port the system picks); False, said in the dialog, when
        the port cannot be had."""
        from tabletop.serve.feed import PhoneFeed  # the server's library loads when first shared
        from tabletop.serve.server import TableServer

        self.stop()
        server = TableServer(host, port)
        try:
            server.start()
        except (OSError, ValueError) as error:
            if self.dialog is not None:
                self.dialog.state.setText(f"Could not listen on {host} port {port}: {error}")
            return False
        self.server = server
        if port:
            self.settings.setValue(PORT_KEY, int(port))
        framing = self.table_view.framing
        self.feed = PhoneFeed(server, self._source, self, covered=self.blacked_out, renames=False, framing=framing)
        self.feed.failed.connect(self._failed)  # told from the feed's worker: queued to this thread
        self.feed.drawn.connect(self._drawn)
        self.feed.draw()
        self.look.start()
        self._fill()
        return True

    def stop(self) -> None:
        self.look.stop()
        if self.feed is not None:
            self.feed.close()
            # the drawing under way ends unseen; waited for, so no worker outlives the sharing
            self.feed.settled(STOP_WAIT)
            self.feed.deleteLater()
            self.feed = None
        if self.server is not None:
            self.server.stop()
            self.server = None
        self._fill()

    def _source(self):
        """The scene the players' window shows, with its fog: a session's live scene while the
        GM edits another, never the staged one."""
        self._follow_shown()
        players = self.players
        shown = players.shown_document
        path = shown.path
        if players.mirrored:
            fog = self.players_fog()
        else:
            kept = players.kept_fog()
            fog = players.player.scene.fog if players.player is not None else kept if kept is not None else LIVE
        return shown.map, (path.parent if path else None), fog

    def _failed(self, line: str) -> None:
        self._say_state()

    def _drawn(self) -> None:
        """A good drawing takes the failure's line back; any other word the dialog said stays."""
        if self.feed is not None and self.feed.failure != self._failure_said:
            self._say_state()

    def _say_state(self) -> None:
        """Where the page listens, and while the map cannot be drawn, why: said until a drawing
        succeeds, not only until the next refresh of the dialog."""
        dialog, server = self.dialog, self.server
        if dialog is None:
            return
        on = server is not None
        said = where_said(server.link_host if on else dialog.where.currentData(), on, dialog.addresses)
        failure = self._failure_said = self.feed.failure if self.feed is not None else ""
        if not on:
            self._taken_said = ""
        dialog.state.setText("\n".join(line for line in (failure, self._taken_said, said) if line))

    def _changed(self, *_) -> None:
        self._follow_shown()
        if self.feed is not None:
            self.feed.changed()

    def _follow_shown(self, *_) -> None:
        """The players' window shows another document: a scene sent from the same session keeps
        every player's code, each looking for its character there; anything else (another map,
        a session opened or closed) takes every code back. Staging never changes it."""
        shown = self.players.shown_document
        if shown is self._shown:
            return
        session = shown.property("session") or ""
        same = bool(session) and session == self._shown_session
        self._shown, self._shown_session = shown, session
        if shown is not self.document and shown not in self._heard:  # a players' document of its own
            self._heard.add(shown)  # heard once however often its scene is sent again
            shown.edited.connect(lambda change: self._edited(change) if self._shown is shown else None)
            shown.reset.connect(lambda: self._met() if self._shown is shown else None)
        if same:
            self._met()
        else:
            self._map_replaced()

    def _gm_reset(self) -> None:
        """The GM's document took another map: the phones' if the players see it (no session),
        else it is the GM staging a scene, or a session's live scene now shown."""
        if self.players.shown_document is self.document and self._shown is self.document:
            self._map_replaced()
        else:
            self._follow_shown()

    def _met(self) -> None:
        """The players' characters looked for in the scene shown, its picture and sheets drawn."""
        if self.server is not None:
            self.server.meet((t.id, t.label) for t in self._shown.map.tokens)
        if self.feed is not None:
            self.feed.changed()
        self._fill()

    def _edited(self, change: Change) -> None:
        """An edit of the scene the players see. A token renamed keeps its player's code; one
        removed leaves its player's code waiting (the phone says so), found again if the token
        comes back under its name. The dialog's list follows at once."""
        if change.kind is not Kind.TOKEN:
            self._changed()
            return
        listed = change.action is not Action.CHANGED  # a drag's moves leave the list as it is
        for token, was in zip(change.object_ids, change.before, strict=False):
            now = self._shown.get(Kind.TOKEN, token) if change.action is Action.CHANGED else None
            if now is None or was is None:
                continue
            listed = listed or now.label != was.label or now.hidden != was.hidden
            if now.label != was.label and self.server is not None:
                self.server.renamed(token, now.label)
        if self.server is not None:
            self.server.meet((t.id, t.label) for t in self._shown.map.tokens)
        if listed:
            self._fill()
        self._changed()

    def _map_replaced(self) -> None:
        """Another map or session shown: its tokens are other characters, so every player's
        code is taken back, and the GM hands the new map's tokens again."""
        if self.server is not None and self.server.players():
            self.server.take_back_all()
            self._taken_said = (
                "Another map is shown: the players' codes were taken back. Tick a token to hand it to a player again."
            )
        if self.feed is not None:
            self.feed.changed()
        self._fill()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The sharing ends with the map window: once a close is agreed the window is hidden."""
        if watched is self.window and event.type() == QEvent.Type.Close:
            QTimer.singleShot(0, self._after_close)
        return False

    def _after_close(self) -> None:
        if not self.window.isVisible():
            self.stop()
            if self.dialog is not None:
                self.dialog.hide()

    # -- the dialog --------------------------------------------------------------------------

    def _fill(self) -> None:
        dialog, server = self.dialog, self.server
        if dialog is None:
            return
        self._follow_shown()  # the list is of the scene the players see now
        on = server is not None
        dialog.start_button.setEnabled(not on)
        dialog.stop_button.setEnabled(on)
        dialog.where.setEnabled(not on)
        dialog.port.setEnabled(not on)
        self._say_state()
        dialog.link.setText(server.url if on else "")
        dialog.code.setText(server.join_code if on else "")
        dialog.code_says.setText(
            f"No camera? Open {server.url.split('/t/', 1)[0]}/ on the phone and type the join code."
            if on and server.link_host != LOOPBACK  # no phone reaches this computer's own address
            else ""
        )
        handed = server.handed() if on else {}
        away = [held for held in server.players() if not held.present] if on else []
        # two codes found one character (handed apart while two tokens bore the name): both listed
        twice = [h for h in server.players() if h.present and handed.get(h.token) != h.code] if on else []
        current = dialog.players.currentItem()
        keep = _row_key(current) if current is not None else None
        dialog.players.blockSignals(True)
        dialog.players.clear()
        # a hidden token is no player's to hold; one handed before it was hidden stays, to take back
        shown = [t for t in self._shown.map.tokens if not t.hidden or t.id in handed]
        rows = [(t.id, t.label, handed.get(t.id, "")) for t in shown]
        # a player whose character is not in this scene keeps their code: listed, to take back
        rows += [(None, f"{held.name or held.token} (not in this scene)", held.code) for held in away]
        rows += [(None, f"{held.name or held.token} (a second code)", held.code) for held in twice]
        for token, label, code in rows:
            item = QTreeWidgetItem([label, code, server.player_link(code) if code else ""])
            item.setData(0, Qt.ItemDataRole.UserRole, token)
            item.setData(0, CODE_ROLE, code)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Checked if code else Qt.CheckState.Unchecked)
            item.setDisabled(not on)
            if token is None:  # a player waiting for their character: set apart from the scene's tokens
                font = item.font(0)
                font.setItalic(True)
                item.setFont(0, font)
            dialog.players.addTopLevelItem(item)
            if keep is not None and _row_key(item) == keep:
                dialog.players.setCurrentItem(item)
        for column in (0, 1):  # a name with "(not in this scene)", a code: read whole
            dialog.players.resizeColumnToContents(column)
        dialog.players.blockSignals(False)
        if not on:
            dialog.players_says.setText("Start sharing, then tick a token to hand it to a player.")
        elif away:
            names = ", ".join(held.name or held.token for held in away)
            dialog.players_says.setText(
                f"Not in this scene: {names}. Their phones show the table's map until a scene with them is sent."
            )
        elif not shown:
            dialog.players_says.setText("This map has no token the players can see: none to hand out.")
        else:
            dialog.players_says.setText("Tick a token to hand it to a player; select it to show that player's QR code.")
        self._show_qr()
        self._show_connected()

    def _handed(self, item: QTreeWidgetItem, column: int) -> None:
        if self.server is None or column != 0:
            return
        token, code = item.data(0, Qt.ItemDataRole.UserRole), item.data(0, CODE_ROLE)
        self._taken_said = ""
        if item.checkState(0) == Qt.CheckState.Checked and token is not None:
            found = self._shown.get(Kind.TOKEN, token)
            item.setData(0, CODE_ROLE, self.server.hand(token, found.label if found is not None else None))
            self.dialog.players.setCurrentItem(item)  # its player's own QR code at once
        elif item.checkState(0) != Qt.CheckState.Checked and code:
            self.server.take_back_code(code)
        if self.feed is not None:
            self.feed.draw()  # the new player's sheet at once
        # laid again once the tick's own signal is over: the list's items are remade, and the
        # item still ticking must not be deleted under it
        QTimer.singleShot(0, self._fill)

    def _show_qr(self) -> None:
        dialog, server = self.dialog, self.server
        if dialog is None:
            return
        item = dialog.players.currentItem()
        code = item.data(0, CODE_ROLE) if item is not None else None
        held = {h.code: h.name or h.token for h in server.players()} if server is not None else {}
        if server is None:
            dialog.qr.set_text("")
            dialog.qr_says.setText("")
        elif code in held:
            dialog.qr.set_text(server.player_link(code))
            dialog.qr_says.setText(f"{held[code]}'s own sheet: for {held[code]}'s player alone")
        else:
            dialog.qr.set_text(server.url)
            dialog.qr_says.setText("The table's map (any player)")

    def _show_connected(self) -> None:
        if self.dialog is None:
            return
        pages = self.server.connected() if self.server is not None else []
        seen = [f"{address} ({'the table' if who is None else who})" for address, who in pages]
        count = f"{len(pages)} page{'' if len(pages) == 1 else 's'} open"
        self.dialog.connected.setText(f"{count}: {', '.join(seen)}" if seen else count)


def _row_key(item: QTreeWidgetItem) -> str:
    """What a row of the players' list stands for: its token, or a player not in this scene."""
    return item.data(0, Qt.ItemDataRole.UserRole) or item.data(0, CODE_ROLE)

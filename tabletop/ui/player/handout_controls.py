"""The GM's handouts, in the Play menu and a zone's menu on the map: show the players a zone's
description (never its GM notes), one of its aspects or the scene's, or a picture kept with
the map, as a card at their edge or over the whole map; Esc takes it away.

A handout is a passing gesture at the table, not an edit: it is not in the undo stack, not
saved with the map, and goes away when the map is replaced or closed. What the players may not
see is refused in the status line: a hidden zone, a zone under the fog they have, a picture
from outside the map's folder."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from tabletop.io.pictures import written_path
from tabletop.model import Aspect
from tabletop.model.kinds import Kind
from tabletop.render.pictures import load_picture
from tabletop.rules.visibility import LIVE, Fog, zone_clear
from tabletop.ui.menus import TOKEN_MENU, ZONE_MENU
from tabletop.ui.plain import plain_label, set_action_text
from tabletop.ui.player.controls import NOT_SHOWN
from tabletop.ui.player.fog import FogControls
from tabletop.ui.player.handout import Handout, HandoutCard
from tabletop.ui.player.table import TableParts
from tabletop.ui.player.window import PlayerWindow
from tabletop.ui.registry import Act
from tabletop.ui.tools.reveal import RevealTool
from tabletop.ui.zone_menu import ZoneMenu

FULL_SCREEN_KEY = "handout/full_screen"
ON_REVEAL_KEY = "handout/on_reveal"
DISMISS_KEY = "Esc"
PICTURES = "Pictures (*.png *.jpg *.jpeg *.gif *.bmp *.webp *.svg *.svgz)"
SAYING = 8000
"""How long a handout's line stays in the status bar, in milliseconds."""


class HandoutControls(QObject):
    """The handout shown now (`shown`), the actions that show and dismiss it, and the zone's menu
    on the map. `reveal`: the Reveal tool, which tells each zone it reveals; `fog`: the fog's
    controls, which tell when the players' fog is sent."""

    def __init__(self, table: TableParts, reveal: RevealTool, fog: FogControls) -> None:
        players, actions = table.players, table.actions
        super().__init__(players)
        self.document, self.settings, self.players, self.status = table.document, table.settings, players, table.status
        self.shown: Handout | None = None
        self.up = plain_label()
        """What the players are shown, in the status bar while it is up: the GM's screen may be
        turned away from theirs."""
        self.status.addPermanentWidget(self.up)
        self.up.hide()
        for act in (
            Act("handout.description", "Show Zone &Description to Players", self.show_description, "Ctrl+Shift+D"),
            Act("handout.picture", "Show &Picture to Players…", lambda: self.show_picture()),
            Act("handout.dismiss", "Dis&miss Handout", self.dismiss, DISMISS_KEY, reach="window"),
            Act("handout.full_screen", "Handouts &Full Screen", toggled=self._set_full_screen),
            Act("handout.on_reveal", "Reveal &Tool Shows Descriptions", toggled=self._set_on_reveal),
        ):
            actions.register(act)
        self.dismiss_action = actions["handout.dismiss"]
        self.dismiss_action.setEnabled(False)  # its key is Esc's only while a handout is up
        self.full_screen_action, self.on_reveal_action = actions["handout.full_screen"], actions["handout.on_reveal"]
        self.full_screen_action.setChecked(bool(self.settings.value(FULL_SCREEN_KEY, False, type=bool)))
        self.on_reveal_action.setChecked(bool(self.settings.value(ON_REVEAL_KEY, False, type=bool)))
        self.aspect_menu = actions.menu("handout.aspect")
        self.aspect_menu.aboutToShow.connect(self._fill_aspects)
        self.zone_menu = ZoneMenu(self.document, players.view, actions, ZONE_MENU, TOKEN_MENU)
        self.showing = [actions["handout.description"], actions["handout.picture"], self.aspect_menu.menuAction()]
        """What shows the players something of the scene the GM edits: not while they see another."""
        reveal.revealed = self._revealed
        players.opening.connect(self._opening)
        players.mirroredChanged.connect(self._mirrored)
        self.document.reset.connect(self._map_replaced)
        self.document.edited.connect(self._edited)
        fog.players_fog_changed.connect(self.players_see_anew)  # sent fog: no edit of the map

    # -- the players' side -----------------------------------------------------------------

    def card(self) -> HandoutCard | None:
        player = self.players.player
        return player.findChild(HandoutCard) if player is not None else None

    def _opening(self, player: PlayerWindow) -> None:
        """Every players' window gets a card, reading the scene that window shows; closing the
        window takes its handout away, so a window opened later never brings back words the GM
        has long moved on from."""
        HandoutCard(player.view, player.banner, player.document)
        player.closed.connect(self._gone)

    def _gone(self) -> None:
        """The players' window closed, or the map replaced: the handout goes with it."""
        self.dismiss(quietly=True)

    def _map_replaced(self) -> None:
        """Another map in the GM's document: the handout goes when the players saw that
        document; a session's players keep theirs while the GM stages another scene."""
        if self.players.live_document is None:
            self._gone()

    def _mirrored(self, on: bool) -> None:
        """Handouts show the scene the GM edits: not while the players see another one. Esc
        still takes away a handout already up, which is theirs."""
        for act in self.showing:
            act.setEnabled(on)
            act.setStatusTip("" if on else NOT_SHOWN)

    def _elsewhere(self) -> bool:
        """Whether the players see another scene than the GM's; says so."""
        if self.players.mirrored:
            return False
        self.say(NOT_SHOWN)
        return True

    def _fog(self) -> Fog:
        player = self.players.player
        return player.scene.fog if player is not None else LIVE

    def _put_up(self, handout: Handout, what: str) -> None:
        self.shown = handout
        card = self.card()
        if card is not None:
            card.show_handout(handout)
        self.dismiss_action.setEnabled(True)
        self.up.setText(f"Players see {what} ({DISMISS_KEY} to dismiss)")
        self.up.show()
        later = " (shown when the blackout lifts)" if self.players.blackout_action.isChecked() else ""
        self.say(f"The players see {what}{later}: {DISMISS_KEY} takes it away")

    def dismiss(self, quietly: bool = False) -> None:
        """Take the handout away (the map replaced or closed takes it away quietly)."""
        had = self.shown is not None
        self.shown = None
        card = self.card()
        if card is not None:
            card.show_handout(None)
        self.dismiss_action.setEnabled(False)
        self.up.hide()
        if had and not quietly:
            self.say("The handout is taken away")

    def say(self, words: str) -> None:
        self.status.showMessage(words, SAYING)

    # -- what may be shown -------------------------------------------------------------------

    def _players_may_see(self, zone_id: str) -> bool:
        """Whether the zone is the players' to read about; says why not. The players' window
        must be open: a handout is for the table, never kept back to pop up later."""
        zone = self.document.get(Kind.ZONE, zone_id)
        label = self.document.label(Kind.ZONE, zone_id)
        if self._elsewhere() or not self._window_open():
            return False
        if zone is None:
            self.say(f"{label} is no longer on the map")
        elif zone.hidden:
            self.say(f"{label} is hidden from the players: nothing of it is shown to them")
        elif not zone_clear(zone, self._fog()):
            staged = "" if self._fog() is LIVE else ", and send the fog (Ctrl+Return)"
            self.say(f"{label} is under the players' fog: reveal it first{staged}")
        else:
            return True
        return False

    def _window_open(self) -> bool:
        if self.players.player is None:
            self.say("The players' window is closed: open it (Ctrl+Shift+P) to show them a handout")
        return self.players.player is not None

    def _chosen_zone(self) -> str | None:
        zones = [object_id for kind, object_id in self.document.selection if kind == Kind.ZONE]
        if len(zones) != 1:
            self.say("Choose one zone (a click, or its menu on the map) to show the players")
            return None
        return zones[0]

    # -- descriptions ------------------------------------------------------------------------

    def show_description(self, zone_id: str | None = None) -> bool:
        """The zone's description (the chosen zone's when none is named) on the players' window;
        its GM notes never. False, with the reason said, when it may not or cannot be shown."""
        zone_id = zone_id if zone_id is not None else self._chosen_zone()
        if zone_id is None or not self._players_may_see(zone_id):
            return False
        zone = self.document.get(Kind.ZONE, zone_id)
        if not zone.description.strip():
            self.say(f"{zone.label} has no description to show (its GM notes are never shown)")
            return False
        self._put_up(self._made("description", zone=zone_id), f"{zone.label}'s description")
        return True

    def _revealed(self, zone_id: str) -> None:
        """The Reveal tool lifted the fog from the zone: its description follows, when the GM
        asked for that and it has one."""
        zone = self.document.get(Kind.ZONE, zone_id)
        if not self.players.mirrored:  # fog lifted on a scene being made ready, not on the players'
            return
        if self.on_reveal_action.isChecked() and zone is not None and zone.description.strip():
            self.show_description(zone_id)

    # -- aspects -----------------------------------------------------------------------------

    def aspects(self) -> list[tuple[str, Aspect]]:
        """The aspects the players may be shown now: the chosen zone's (a zone they see clear)
        and the scene's, with the zone's id ("" for the scene's)."""
        found: list[tuple[str, Aspect]] = []
        zones = [object_id for kind, object_id in self.document.selection if kind == Kind.ZONE]
        if len(zones) == 1:
            zone = self.document.get(Kind.ZONE, zones[0])
            if zone is not None and zone_clear(zone, self._fog()):
                found += [(zone.id, aspect) for aspect in zone.aspects]
        conflict = self.document.map.conflict
        if conflict is not None:
            found += [("", aspect) for aspect in conflict.scene_aspects]
        return found

    def show_aspect(self, zone_id: str, aspect: Aspect) -> bool:
        """An aspect card: the aspect's name and its free invokes."""
        if zone_id and not self._players_may_see(zone_id):
            return False
        if not zone_id and (self._elsewhere() or not self._window_open()):
            return False
        invokes = aspect.free_invokes
        text = f"{invokes} free invoke{'s' if invokes != 1 else ''}" if invokes else ""
        self._put_up(self._made("aspect", title=aspect.name, text=text, zone=zone_id), f"the aspect {aspect.name}")
        return True

    def _fill_aspects(self) -> None:
        self.aspect_menu.clear()
        for zone_id, aspect in self.aspects():
            owner = self.document.label(Kind.ZONE, zone_id) if zone_id else "the scene"
            act = self.aspect_menu.addAction("", lambda z=zone_id, a=aspect: self.show_aspect(z, a))
            set_action_text(act, f"{aspect.name} ({owner})")
        if self.aspect_menu.isEmpty():
            self.aspect_menu.addAction("No aspect the players may see: choose a zone with aspects").setEnabled(False)

    # -- pictures ----------------------------------------------------------------------------

    def show_picture(self, file: str | Path | None = None) -> bool:
        """A picture kept with the map (a file in the map's folder or a folder inside it), shown
        whole; chosen in a file dialog opened at the map's folder when no file is given."""
        folder = self.document.path.parent if self.document.path is not None else None
        if folder is None:
            self.say("Save the map first: the pictures shown to the players are kept in its folder")
            return False
        if self._elsewhere() or not self._window_open():
            return False
        if file is None:
            file, _ = QFileDialog.getOpenFileName(
                self.players.gm, "Show a Picture to the Players", str(folder), PICTURES
            )
            if not file:
                return False
        written = written_path(file, folder)
        if written is None:
            self.say(f"Handout picture '{file}' is not in the map's folder {folder}: copy it there to show it")
            return False
        image, problem = load_picture(written, folder, "Handout picture")
        if image is None:
            self.say(problem or f"Handout picture '{written}' cannot be read")
            return False
        self._put_up(self._made("picture", picture=image), "the picture")
        return True

    # -- the choice of card or full screen, and edits ---------------------------------------

    def _made(self, kind, **parts) -> Handout:
        return Handout(kind, full_screen=self.full_screen_action.isChecked(), **parts)

    def _set_full_screen(self, on: bool) -> None:
        """Kept for the next handouts, and the one up now changes at once."""
        self.settings.setValue(FULL_SCREEN_KEY, bool(on))
        if self.shown is not None:
            shown = self.shown
            self.shown = Handout(shown.kind, shown.title, shown.text, shown.picture, shown.zone, bool(on))
            card = self.card()
            if card is not None:
                card.show_handout(self.shown)

    def _set_on_reveal(self, on: bool) -> None:
        self.settings.setValue(ON_REVEAL_KEY, bool(on))

    def _edited(self, change) -> None:
        """The handout's zone hidden, fogged or removed takes the handout away; its description
        edited shows the new words."""
        shown = self.shown
        if shown is None or not shown.zone or change.kind != Kind.ZONE or shown.zone not in change.object_ids:
            return
        if not self.players.mirrored:  # an edit of another scene than the players'
            return
        if self.players_see_anew():
            card = self.card()
            if card is not None:
                card.update()

    def players_see_anew(self) -> bool:
        """What the players see changed (an edit of the handout's zone, or fog sent to them): a
        handout whose zone is no longer theirs is taken away, with the reason said, so neither the
        status bar nor Esc keeps claiming it, and lifting that fog later never brings it back
        unasked. True while the handout (if any) stays up."""
        shown = self.shown
        if shown is None or not shown.zone or not self.players.mirrored:
            return True
        zone = self.document.get(Kind.ZONE, shown.zone)
        label = self.document.label(Kind.ZONE, shown.zone)
        if zone is None:
            why = f"{label} is no longer on the map"
        elif zone.hidden:
            why = f"{label} is hidden from the players"
        elif not zone_clear(zone, self._fog()):
            why = f"{label} is under the players' fog"
        elif shown.kind == "description" and not zone.description.strip():
            why = f"{label} has no description any more"
        else:
            return True
        self.dismiss(quietly=True)
        self.say(f"The handout is taken away: {why}")
        return False

"""The GM's fog controls, in the Map menu's Fog submenu: Reveal All, Fog All, revealing the
zones the players' tokens walk into or see (fog by sight, within a range in borders), and
staging fog changes (the players keep the fog they
were last sent until the GM presses Ctrl+Return). The options are the GM's habits, kept in
the window's settings (plain bools and strings), not in the map."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QActionGroup

from tabletop.document.commands import MoveToken
from tabletop.document.commands.fog import MoveRevealing, SetFog, fog_everything, moved_tokens, opens_sight
from tabletop.document.sight import party_in_sight
from tabletop.model import Map
from tabletop.model.kinds import Kind
from tabletop.rules.sides import known_side
from tabletop.rules.sight import DEFAULT_SIGHT_RANGE, MAX_SIGHT_RANGE, MAX_SIGHT_UNITS, SightRange
from tabletop.rules.visibility import LIVE, Fog, HeldFog, InSight, SightFog, on_players_side, token_hidden
from tabletop.ui.actions import busily
from tabletop.ui.plain import set_action_text
from tabletop.ui.player.sight import PartySight, SightShade
from tabletop.ui.player.table import TableParts
from tabletop.ui.player.window import PlayerWindow
from tabletop.ui.registry import Act
from tabletop.ui.tools.select import SelectTool

REVEAL_KEY = "fog/reveal_on_enter"
SIDE_KEY = "fog/players_side"
STAGE_KEY = "fog/stage"
SIGHT_KEY = "fog/by_sight"
RANGE_KEY = "fog/sight_range"
UNITS_KEY = "fog/sight_units"
"""The sight range in map units; 0 (or none kept): the range is counted in borders."""
RANGES = (1, 2, 3, 4, 5, 6, 8, 10, 15, 20)
"""The sight ranges offered, in borders (areas on a grid): a room's door to a long hall of rooms."""
UNIT_RANGES = (100, 200, 300, 400, 600, 800, 1200, 1600, 2400)
"""The sight ranges offered in map units: a few rooms of a hundred units to a wide hall."""


def players_side_of(settings: QSettings, map_: Map) -> str:
    """The side the GM chose as the players', else the side most tokens on a side have."""
    chosen = str(settings.value(SIDE_KEY, "", type=str))
    if chosen and known_side(chosen):
        return chosen
    sides = Counter(t.side for t in map_.tokens if known_side(t.side))
    return sides.most_common(1)[0][0] if sides else ""


def sight_range_of(settings: QSettings) -> SightRange:
    """How far the players' tokens see, as the Sight Range submenu keeps it."""
    reach = int(settings.value(RANGE_KEY, DEFAULT_SIGHT_RANGE, type=int))
    units = int(settings.value(UNITS_KEY, 0, type=int))
    borders = min(max(reach, 0), MAX_SIGHT_RANGE)
    return SightRange(borders, float(min(units, MAX_SIGHT_UNITS)) if units > 0 else None)


def steps_of_sight(map_: Map) -> tuple[str, ...]:
    """What a range in steps counts on this map, in the GM's words: borders between zones,
    areas on a grid, or both on a map of both."""
    if map_.grids and not map_.zones:
        return ("area",)
    return ("border", "area") if map_.grids else ("border",)


def players_sight(settings: QSettings, map_: Map):
    """Fog by sight as the GM's window has it, for a players' export: None when it is off."""
    from tabletop.render.export.options import PlayersSight  # deferred, as every export's modules

    if not bool(settings.value(SIGHT_KEY, False, type=bool)):
        return None
    return PlayersSight(players_side_of(settings, map_), sight_range_of(settings))


class FogControls(QObject):
    """The Fog submenu's actions, for the document and the players' window. `select` is the
    Select tool, whose token moves reveal where the players go; the status bar says what staging
    does."""

    players_fog_changed = Signal()
    """The fog the players' window shows was replaced (sent, staging turned on or off, the map
    replaced): what they saw under the old one may be theirs no longer."""

    def __init__(self, table: TableParts, select: SelectTool) -> None:
        players, actions = table.players, table.actions
        super().__init__(players)
        self.document, self.settings, self.players, self.status = table.document, table.settings, players, table.status
        self.select = select
        self.held: HeldFog | None = None
        self._range_held: SightRange | None = None
        self._side_held: tuple[int, str] | None = None
        """The fog the players were last sent, while changes are staged."""
        self.menu = actions.menu("fog")
        self.reveal_all_action = actions.register(
            Act("fog.reveal_all", "&Reveal All", busily(players.views, lambda: self.fog_all(False)))
        )
        self.fog_all_action = actions.register(
            Act("fog.fog_all", "&Fog All", busily(players.views, lambda: self.fog_all(True)))
        )
        self.reveal_on_enter_action = actions.register(
            Act("fog.reveal_on_enter", "Reveal Where &Players Go", toggled=self._set_reveal_on_enter)
        )
        self.reveal_on_enter_action.setChecked(bool(self.settings.value(REVEAL_KEY, False, type=bool)))
        self.by_sight_action = actions.register(
            Act(
                "fog.by_sight",
                "Fog by Si&ght",
                toggled=self._set_by_sight,
                tip="Lift the fog from every zone a players' token sees, through open doors, windows and open ground",
            )
        )
        self.range_menu = actions.menu("fog.sight_range")
        self.range_menu.aboutToShow.connect(self._fill_ranges)
        self.side_menu = actions.menu("fog.side")
        self.side_menu.aboutToShow.connect(self._fill_sides)
        self.stage_action = actions.register(Act("fog.stage", "S&tage Fog Changes", toggled=self.set_staging))
        # on the map only, as the tools' keys: the Reserve pane's Resolve is Ctrl+Return as well,
        # and two window-wide shortcuts on one key are ambiguous to Qt, so neither would act
        self.send_action = actions.register(
            Act("fog.send", "&Send Fog to Players", self.send, "Ctrl+Return", reach="canvas")
        )
        self.sight = PartySight(self.document, lambda: self.players_side, lambda: self.sight_range)
        self.shade: SightShade | None = None
        """The players' shade over what they have seen and do not see now (fog by sight)."""
        self._seen = InSight()
        """What the players' tokens saw when the shade last followed: an edit compares with it."""
        self.document.undo_stack.followers.append(self._sight_opened)
        self.document.undo_stack.followers.append(self._party_moved)
        self.document.reset.connect(self._map_replaced)
        self.document.edited.connect(self._follow_sight)
        players.opening.connect(self._opening)
        self._set_reveal_on_enter(self.reveal_on_enter_action.isChecked())
        if bool(self.settings.value(SIGHT_KEY, False, type=bool)):
            self.by_sight_action.setChecked(True)
        if bool(self.settings.value(STAGE_KEY, False, type=bool)):
            self.stage_action.setChecked(True)

    def _opening(self, player: PlayerWindow) -> None:
        if not self.players.mirrored:  # another scene than the GM's: the session holds its fog
            return
        if self.held is not None or self.by_sight:  # staged changes stay the GM's until sent
            fog = self.players_fog
            player.scene.set_fog(fog)
            self._shade(player, fog)

    def fog_all(self, fogged: bool) -> None:
        command = fog_everything(self.document, fogged)
        if command is not None:
            self.document.undo_stack.push(command)

    # -- revealing as the players go -----------------------------------------------------

    @property
    def players_side(self) -> str:
        """The side the GM chose as the players', else the side most tokens on a side have:
        asked once an edit (what is in sight asks it for every place it tells of)."""
        revision = self.document.revision
        if self._side_held is None or self._side_held[0] != revision:
            self._side_held = (revision, players_side_of(self.settings, self.document.map))
        return self._side_held[1]

    def set_players_side(self, side: str) -> None:
        self.settings.setValue(SIDE_KEY, str(side))
        self._side_held = None
        if self.by_sight:  # other tokens see for the players now
            self.reveal_seen()
            self._show()

    def _fill_sides(self) -> None:
        self.side_menu.clear()
        group = QActionGroup(self.side_menu)
        chosen = self.players_side
        sides = sorted({t.side for t in self.document.map.tokens if known_side(t.side)} | ({chosen} - {""}))
        for side in sides:
            act = set_action_text(self.side_menu.addAction("", lambda s=side: self.set_players_side(s)), side)
            act.setCheckable(True)
            act.setChecked(side == chosen)
            group.addAction(act)
        if not sides:
            self.side_menu.addAction("No token has a side yet").setEnabled(False)

    def _set_reveal_on_enter(self, on: bool) -> None:
        self.settings.setValue(REVEAL_KEY, bool(on))
        self._choose_moves()

    def _choose_moves(self) -> None:
        revealing = self.reveal_on_enter_action.isChecked() or self.by_sight
        self.select.moves = self._revealing_move if revealing else MoveToken

    def _revealing_move(self, document, token_id, location, drag: int = 0) -> MoveToken:
        sight = self.sight_range if self.by_sight else None
        return MoveRevealing(document, token_id, location, drag, self.players_side, sight)

    # -- fog by sight ------------------------------------------------------------------------

    @property
    def by_sight(self) -> bool:
        return getattr(self, "by_sight_action", None) is not None and self.by_sight_action.isChecked()

    @property
    def sight_range(self) -> SightRange:
        """How far the players' tokens see: borders (areas on a grid), or map units; read from
        the settings once, not for every place what is in sight tells of."""
        if self._range_held is None:
            self._range_held = sight_range_of(self.settings)
        return self._range_held

    def set_sight_range(self, reach: int, units: int = 0) -> None:
        """Sight counted in borders (`units` 0), or in map units."""
        if units > 0:
            self.settings.setValue(UNITS_KEY, int(units))
        else:
            self.settings.setValue(RANGE_KEY, int(reach))
            self.settings.setValue(UNITS_KEY, 0)
        self._range_held = None
        if self.by_sight:
            self.reveal_seen()
            self._show()  # a shorter range lifts nothing, yet dims what is out of it now

    def _fill_ranges(self) -> None:
        self.range_menu.clear()
        group = QActionGroup(self.range_menu)
        chosen = self.sight_range
        across = steps_of_sight(self.document.map)
        in_borders = [SightRange(reach) for reach in sorted({*RANGES, chosen.borders})]
        units = {*UNIT_RANGES} | ({int(chosen.units)} if chosen.units is not None else set())
        in_units = [SightRange(chosen.borders, float(unit)) for unit in sorted(units)]
        for choices in (in_borders, in_units):
            if choices is in_units:
                self.range_menu.addSeparator()
            for reach in choices:
                unit = int(reach.units or 0)
                act = self.range_menu.addAction("", lambda r=reach.borders, u=unit: self.set_sight_range(r, u))
                set_action_text(act, reach.words(across))
                act.setCheckable(True)
                act.setChecked(reach == chosen)
                group.addAction(act)

    def _set_by_sight(self, on: bool) -> None:
        self.settings.setValue(SIGHT_KEY, bool(on))
        self._choose_moves()
        if on:
            self.reveal_seen()
        self._show()

    def _follow_sight(self, change=None) -> None:
        """After an edit (a move, a door opened, fog lifted): the places out of the players'
        sight shaded. The scene's fog asks what is in sight as it paints, so it follows alone;
        only the zones that came into sight or went out of it (and those the edit touched) are
        asked again, never the whole map."""
        player = self.players.player
        if not self.by_sight or player is None or not self.players.mirrored:
            return
        seen = self.sight()
        touched = set(change.object_ids) if change is not None and change.kind == Kind.ZONE else set()
        if seen != self._seen:  # tokens come into sight or go out of it: placed again, the banner too
            moved = seen.zones ^ self._seen.zones
            self._seen = seen
            player.scene.sight_moved(moved)
            player.banner.refresh()
            touched |= moved
        self._shade(player, player.scene.fog, touched)

    def _shade(self, player: PlayerWindow, fog: Fog, zone_ids=None) -> None:
        """The shade follows the fog (`zone_ids`: only those zones may have changed); the
        players' scene gets one only once fog by sight is on."""
        if self.shade is None or self.shade.scene() is not player.scene:
            if not self.by_sight:
                return
            self.shade = SightShade()
            player.scene.addItem(self.shade)
            zone_ids = None
        if zone_ids is None and self.by_sight:  # shaded afresh: what comes next is told from here
            self._seen = self.sight()
        self.shade.follow(self.document, fog, zone_ids)

    def _sight_opened(self, command):
        """A step that opens a way for sight (a door opened) lifts, with fog by sight on, the
        fog from what comes into view at once, in the same undo step."""
        if not self.by_sight or not opens_sight(command):
            return None
        return lambda: self._lift_command("")

    def _party_moved(self, command):
        """A players' token moved by a step other than the Select tool's (the play dock's move,
        a maneuver, a hustle) reveals, in the same undo step, what the tool's move would: where
        it goes, or with fog by sight all that the players' tokens see from there."""
        if isinstance(command, MoveToken) or not (self.by_sight or self.reveal_on_enter_action.isChecked()):
            return None  # the Select tool's move reveals as it goes (MoveRevealing)
        side = self.players_side
        party = [t for t in moved_tokens(command) if on_players_side(t, side) and not token_hidden(t)]
        if not party:
            return None
        if self.by_sight:
            return lambda: self._lift_command("")
        return lambda: self._lift_entered(party)

    def _lift_entered(self, party) -> SetFog | None:
        zones = [t.location.zone for t in party if t.location.kind == "zone"]
        areas: dict[str, list] = {}
        for t in party:
            if t.location.kind == "area":
                areas.setdefault(t.location.grid, []).append((t.location.row, t.location.col))
        command = SetFog(self.document, zones, areas, False)
        return None if command.empty else command

    def _lift_command(self, text: str) -> SetFog | None:
        seen = party_in_sight(self.document, self.players_side, self.sight_range)
        areas = {grid_id: areas for grid_id, areas in seen.areas.items() if areas}
        command = SetFog(self.document, seen.zones, areas, False, text=text)
        return None if command.empty else command

    def reveal_seen(self) -> None:
        """Lift the fog from what the players' tokens see where they stand now, as one undo step
        (turning fog by sight on, or widening its range, shows what was in sight already)."""
        command = self._lift_command("Reveal What the Players See")
        if command is not None:
            self.document.undo_stack.push(command)

    # -- staged fog --------------------------------------------------------------------------

    @property
    def players_fog(self) -> Fog:
        """The fog the players' window shows: held while staging, else the map's own; with fog
        by sight, what is out of their sight dimmed besides."""
        base = self.held if self.held is not None else LIVE
        if not self.by_sight:
            return base
        return SightFog(base, self.sight)

    def set_staging(self, on: bool) -> None:
        self.settings.setValue(STAGE_KEY, bool(on))
        self.held = HeldFog.of(self.document.map) if on else None
        self._show()
        if on:
            self.status.showMessage("Fog changes are staged: Ctrl+Return sends them to the players", 6000)

    def hold(self, held: HeldFog | None) -> None:
        """While staging, the players keep `held` (a scene's fog as they were last sent it, kept
        by the session while the GM edited another scene)."""
        if self.held is not None and held is not None:
            self.held = held
            self._show()

    def send(self) -> None:
        """The players get the fog as the map holds it now (and keep it while staging)."""
        if self.held is not None:
            self.held = HeldFog.of(self.document.map)
            # said first, so a line about what the sent fog took away (a handout) follows it
            self.status.showMessage("Fog sent to the players", 3000)
            self._show()

    def _map_replaced(self) -> None:
        if self.held is not None:
            self.held = HeldFog.of(self.document.map)
        self._show()

    def _show(self) -> None:
        """The players' window gets the fog, while it shows the scene the GM edits: another
        scene's window keeps the fog the players were sent for it."""
        if not self.players.mirrored:
            return
        player = self.players.player
        if player is not None:
            fog = self.players_fog
            player.scene.set_fog(fog)
            self._shade(player, fog)
            player.banner.refresh()  # whose turn it names depends on the fog the players have
        self.players_fog_changed.emit()

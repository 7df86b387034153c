"""View ▸ Show Players' Sight: with fog by sight on, the GM's map marks the places the players
see dimmed now (seen before, out of their tokens' sight since), so the GM knows at a glance
whether a token there is visible to them. The places are the players' window's own: the fog
controls' answer of what is in sight (one answer per edit, shared), through the fog the players
are shown (held while staging). Whether to show it is the GM's habit, kept in the window's
settings; the mark is shown whether the players' window is open or not."""

from __future__ import annotations

from PySide6.QtCore import QObject

from tabletop.document.changes import Change
from tabletop.model.kinds import Kind
from tabletop.rules.visibility import InSight
from tabletop.ui.player.fog import FogControls
from tabletop.ui.player.sight_mark import PlayersSightMark
from tabletop.ui.player.table import TableParts
from tabletop.ui.registry import Act

SHOW_KEY = "fog/show_players_sight"


class PlayersSightOnMap(QObject):
    """The View menu's switch and the mark it shows on the GM's scene."""

    def __init__(self, table: TableParts, fog: FogControls) -> None:
        super().__init__(table.players)
        self.document, self.settings, self.fog = table.document, table.settings, fog
        self.scene = table.players.scene
        self.mark: PlayersSightMark | None = None
        """On the GM's scene while shown; None otherwise, so an edit costs nothing then."""
        self._seen = InSight()
        """What the players' tokens saw when the mark last followed: an edit compares with it."""
        self.action = table.actions.register(
            Act(
                "view.players_sight",
                "Show Players' Si&ght",
                toggled=self._set_shown,
                tip="Hatch the places the players have seen and do not see now (fog by sight)",
            )
        )
        self.action.setChecked(bool(self.settings.value(SHOW_KEY, True, type=bool)))
        fog.by_sight_action.toggled.connect(self.refresh)
        fog.players_fog_changed.connect(self.refresh)
        self.document.edited.connect(self._follow)
        self.refresh()

    @property
    def shown(self) -> bool:
        return self.fog.by_sight and self.action.isChecked()

    def _set_shown(self, on: bool) -> None:
        self.settings.setValue(SHOW_KEY, bool(on))
        self.refresh()

    def refresh(self, *_) -> None:
        """The mark made afresh (fog by sight or this switch turned, the players' fog replaced,
        the sight's range or side changed), or taken off."""
        self.action.setEnabled(self.fog.by_sight)
        if not self.shown:
            if self.mark is not None:
                self.scene.removeItem(self.mark)
                self.mark = None
            return
        if self.mark is None or self.mark.scene() is not self.scene:
            self.mark = PlayersSightMark()
            self.scene.addItem(self.mark)
        self._seen = self.fog.sight()
        self.mark.follow(self.document, self.fog.players_fog)

    def _follow(self, change: Change) -> None:
        """After an edit: only the zones that came into sight or went out of it, and those the
        edit touched, are asked again (as the players' shade is), never the whole map."""
        if self.mark is None:
            return
        seen = self.fog.sight()
        touched = set(change.object_ids) if change.kind == Kind.ZONE else set()
        if seen != self._seen:
            touched |= seen.zones ^ self._seen.zones
            self._seen = seen
        self.mark.follow(self.document, self.fog.players_fog, touched)

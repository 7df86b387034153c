"""The reach of a token the GM drags, shown on the players' window too, in their style: only
the zones and areas they may see, and nothing at all for a token they may not see (its reach
would give it away)."""

from __future__ import annotations

from tabletop.model.kinds import Kind
from tabletop.rules.visibility import zone_clear
from tabletop.ui.scene.map_scene import MapScene
from tabletop.ui.scene.marks import ReachOverlay


class PlayersReach:
    def __init__(self, gm_overlay: ReachOverlay, scene: MapScene) -> None:
        self.gm_overlay, self.scene, self.document = gm_overlay, scene, scene.document
        self.overlay = ReachOverlay(scene.document, scene.style, scene.arrangement)
        scene.addItem(self.overlay)
        gm_overlay.listeners.append(self.follow)
        self.follow(gm_overlay)

    def detach(self) -> None:
        """The GM's reach no longer shown here (the GM left the players' scene, or their window
        closed): what it showed goes too."""
        if self.follow in self.gm_overlay.listeners:
            self.gm_overlay.listeners.remove(self.follow)
        self.overlay.clear()
        if self.overlay.scene() is not None:
            self.overlay.scene().removeItem(self.overlay)

    def follow(self, gm: ReachOverlay) -> None:
        """What the GM's overlay shows now, less what the players may not see."""
        if not (gm.zones or gm.areas) or not self._tokens_seen():
            self.overlay.clear()
            return
        scene, fog = self.scene, self.scene.fog
        if gm.zones:
            get = self.document.get
            self.overlay.show_zones([(z, cost) for z, cost in gm.zones if zone_clear(get(Kind.ZONE, z), fog)])
        else:
            grid = self.document.get(Kind.GRID, gm.grid_id)
            if grid is None or not scene.shows(Kind.GRID, grid.id):
                self.overlay.clear()
                return
            self.overlay.show_areas(grid.id, [(a, cost) for a, cost in gm.areas if not fog.area_fogged(grid, a)])

    def _tokens_seen(self) -> bool:
        """The reach is the dragged token's, and a dragged token is the GM's selected one (the
        players' own document, a session's, has no selection): every selected token must be
        one the players see."""
        tokens = [i for k, i in self.gm_overlay.document.selection if k == Kind.TOKEN]
        return bool(tokens) and all(self.scene.shows(Kind.TOKEN, i) for i in tokens)

"""A move replayed on the players' window puts its plates (a border's "+3", the figures by the
travelling token) clear of the names the players read: zones' names, tokens' name plates and
borders' badges, on a crowded warehouse where every zone holds a crowd of named tokens. The
travelling token's own name keeps within a step of it: where that crowds it onto a standing
token's name or a badge, it passes under them (they are painted over it), never over a zone's
name."""

from __future__ import annotations

from tabletop.document.commands import MoveToken
from tabletop.geometry.single.clearing import overlaps
from tabletop.model import ZoneLocation
from tabletop.render.replay_plates import plate_spot
from tabletop.samples import warehouse
from tabletop.ui.player.replay import MoveReplay

CROWD = {"z1": ["Ash", "Briar"], "z2": ["Cinder", "Dusk", "Ember", "Flint"], "z3": ["Gale", "Holt"]}
"""Named tokens standing in each zone besides Gatto (west) and Hargan (east)."""


def crowded():
    map_ = warehouse()
    gatto = map_.token("gatto")
    extra = [
        gatto.model_copy(update={"id": name.lower(), "name": name, "location": ZoneLocation(zone=zone)})
        for zone, names in CROWD.items()
        for name in names
    ]
    return map_.model_copy(update={"tokens": [*map_.tokens, *extra]})


def _names(scene, map_) -> list[tuple[str, tuple]]:
    """What the players read on the map, as their window's arrangement wrote it: each zone's
    name, each standing token's name plate (but the traveller's, not shown while it replays),
    each border's badge."""
    arrangement = scene.arrangement
    found = []
    for zone in map_.zones:
        name = arrangement.name(zone.id)
        if name is not None:
            found.append((f"zone {name.words}", name.box))
        for token_id, plate in arrangement.zone_tokens(zone.id).plates.items():
            if token_id != "gatto" and plate.words:
                found.append((f"token {plate.words}", plate.box))
    for border in map_.borders:
        if arrangement.badge_shown(border.id):
            found.append((f"badge of {border.id}", arrangement.badge(border.id).box))
    return found


def test_no_plate_of_a_replay_covers_a_name_on_a_crowded_map(qtbot, window):
    window.document.replace_map(crowded(), None)
    window.players.open_action.trigger()
    player = window.players.player
    qtbot.waitUntil(lambda: not player.view.covered)
    replay = player.findChild(MoveReplay)
    frames: list[list[tuple]] = []
    travelling: list[tuple] = []

    def painted(_value) -> None:
        player.view.viewport().grab()  # the frame painted, as the players see it
        name = replay.item.name_box
        frames.append([plate for plate in replay.item.plates if plate != name])
        if name is not None:
            travelling.append(name)

    replay.animation.valueChanged.connect(painted)
    window.document.undo_stack.push(MoveToken(window.document, "gatto", ZoneLocation(zone="z3")))
    qtbot.waitUntil(lambda: not replay.running)
    names = _names(player.scene, window.document.map)
    assert len(names) >= 12 and sum(bool(plates) for plates in frames) >= 3
    assert any(len(plates) >= 3 for plates in frames), "both borders' plates and the figures were painted"
    for plates in frames:
        for plate in plates:
            covered = [what for what, box in names if overlaps(plate, box)]
            assert not covered, f"a replay plate covers {covered}"
        for i, plate in enumerate(plates):
            assert not any(overlaps(plate, other) for other in plates[i + 1 :]), "two plates overlap"
    assert travelling, "the travelling token's name was painted"
    for name in travelling:
        covered = [what for what, box in names if overlaps(name, box) and what.startswith("zone")]
        assert not covered, f"the travelling token's name covers {covered}"


def test_a_plate_keeps_its_place_when_it_is_clear_and_steps_off_a_name_nearby():
    name = (-20.0, -5.0, 20.0, 5.0)
    assert plate_spot((0.0, 100.0), (30.0, 10.0), [name]) == (0.0, 100.0)
    spot = plate_spot((0.0, 0.0), (30.0, 10.0), [name])
    box = (spot[0] - 15, spot[1] - 5, spot[0] + 15, spot[1] + 5)
    assert not overlaps(box, name, 1.0) and abs(spot[1]) <= 15 and spot[0] == 0.0  # just above or below

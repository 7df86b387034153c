"""The turn banner on the players' window: whose turn, round and exchange beside the map and
never over it; strips on the chosen edges of a TV lying flat, each turned to face its edge; a
token hidden from the players is never named, and its turn changes nothing they read;
blackout blacks the strips too."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QTransform

from tabletop.document.commands import EditObject
from tabletop.document.commands.fog import SetFog
from tabletop.samples import af_encounter, warehouse
from tabletop.ui.player.banner import TEXT_COLOUR
from tests.ui.playing import start_af, start_edgerunner
from tests.ui.view_frames import players_on

TEXT = TEXT_COLOUR


def _open(qtbot, window):
    return players_on(qtbot, window, af_encounter())


def _yellow(image: QImage) -> QRect:
    """The box around the banner's text pixels (its colour), in the strip's own pixels."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    xs, ys = [], []
    for y in range(image.height()):
        for x in range(0, image.width(), 2):
            c = QColor(image.pixel(x, y))
            if abs(c.red() - TEXT.red()) < 40 and abs(c.green() - TEXT.green()) < 50 and c.blue() < 90:
                xs.append(x)
                ys.append(y)
    return QRect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) if xs else QRect()


def test_the_banner_shows_whose_turn_beside_the_map(qtbot, window):
    player = _open(qtbot, window)
    banner = player.banner
    assert not any(strip.isVisible() for strip in banner.strips.values())  # no conflict: the map has it all
    start_af(window)
    bottom = banner.strips["bottom"]
    qtbot.waitUntil(bottom.isVisible)
    assert banner.text == "Mira's turn  ·  Round 1  ·  Exchange 1"
    assert not bottom.geometry().intersects(player.view.geometry())
    assert not _yellow(bottom.grab().toImage()).isEmpty()
    window.play.dock_widget.turn_key("round")
    assert banner.text == "Mira's turn  ·  Round 2  ·  Exchange 1"


def test_strips_on_chosen_edges_face_their_edge(qtbot, window):
    player = _open(qtbot, window)
    start_af(window)
    for edge, act in window.players.edge_actions.items():
        act.setChecked(edge in ("top", "left"))
    strips = player.banner.strips
    qtbot.waitUntil(lambda: strips["left"].isVisible() and not strips["bottom"].isVisible())
    assert window.settings.value("player/banner_edges") == "top,left"
    left = _yellow(strips["left"].grab().toImage())
    assert left.height() > 3 * left.width()  # the text runs along the left edge
    top = strips["top"]
    assert top.geometry().bottom() < player.view.geometry().top()
    assert strips["left"].geometry().right() < player.view.geometry().left()
    upright = top.grab().toImage().transformed(QTransform().rotate(180))  # turned back by half a turn
    strips["bottom"].show()
    strips["bottom"].resize(top.size())
    bottom = _yellow(strips["bottom"].grab().toImage())
    assert abs(_yellow(upright).center().x() - bottom.center().x()) <= 3
    assert abs(_yellow(upright).width() - bottom.width()) <= 6


def test_a_hidden_token_is_not_named_and_blackout_blacks_the_banner(qtbot, window):
    player = _open(qtbot, window)
    start_af(window)
    mira = window.document.get("token", "mira")
    window.document.undo_stack.push(EditObject(window.document, "token", mira.model_copy(update={"hidden": True})))
    assert player.banner.text == "Round 1  ·  Exchange 1"
    window.players.blackout_action.trigger()
    assert _yellow(player.banner.strips["bottom"].grab().toImage()).isEmpty()
    window.players.blackout_action.trigger()
    assert not _yellow(player.banner.strips["bottom"].grab().toImage()).isEmpty()


def test_a_token_in_a_fogged_area_is_not_named_on_the_banner(qtbot, window):
    player = _open(qtbot, window)
    start_af(window)
    assert player.banner.text.startswith("Mira's turn")
    mira = window.document.get("token", "mira")
    area = (mira.location.row, mira.location.col)
    window.document.undo_stack.push(SetFog(window.document, [], {mira.location.grid: [area]}, True))
    assert player.banner.text == "Round 1  ·  Exchange 1"
    window.document.undo_stack.undo()
    assert player.banner.text.startswith("Mira's turn")


def test_staged_fog_names_whom_the_players_still_see_until_it_is_sent(qtbot, window):
    player = _open(qtbot, window)
    start_af(window)
    window.fog.stage_action.trigger()
    mira = window.document.get("token", "mira")
    area = (mira.location.row, mira.location.col)
    window.document.undo_stack.push(SetFog(window.document, [], {mira.location.grid: [area]}, True))
    assert player.banner.text.startswith("Mira's turn"), "the players were not sent that fog yet"
    window.fog.send()
    assert player.banner.text == "Round 1  ·  Exchange 1"
    window.document.undo_stack.undo()  # revealed again on the GM's map, still fogged for the players
    assert player.banner.text == "Round 1  ·  Exchange 1"
    window.fog.stage_action.trigger()  # staging off: the players have the map's own fog again
    assert player.banner.text.startswith("Mira's turn")


def test_a_hidden_actors_turn_reads_as_whos_next(qtbot, window):
    """Edgerunner: between turns the banner asks "Who's next?"; while an actor the players do
    not see holds the turn it says exactly that too, so nothing tells them someone unseen acts."""
    player = _open(qtbot, window)
    window.document.replace_map(warehouse(), None)
    start_edgerunner(window)
    hargan = window.document.get("token", "hargan")
    window.document.undo_stack.push(EditObject(window.document, "token", hargan.model_copy(update={"hidden": True})))
    between = player.banner.text
    assert between == "Who's next?  ·  Exchange 1"
    dock = window.play.dock_widget
    dock.turns.select_tokens(["hargan"])
    dock.turn_key("next")
    assert window.document.map.conflict.turn == "hargan"
    assert player.banner.text == between


def test_the_players_ring_stays_with_the_turn_their_banner_names(qtbot, window):
    """AF: while a participant the players do not see acts, their banner keeps the last turn they
    saw, and so does the ring on their map; the GM's ring is on the one acting."""
    player = _open(qtbot, window)
    start_af(window)
    conflict = window.document.map.conflict
    first = conflict.turn
    unseen = next(token for token in conflict.order if token != first)
    token = window.document.get("token", unseen)
    window.document.undo_stack.push(EditObject(window.document, "token", token.model_copy(update={"hidden": True})))
    players_ring, first_item = player.scene.turn_mark, player.scene.items_by_key[("token", first)]
    assert players_ring.isVisible() and players_ring.pos() == first_item.pos()
    dock = window.play.dock_widget
    dock.turns.select_tokens([unseen])
    dock.turn_key("next")
    assert window.document.map.conflict.turn == unseen
    assert window.scene.turn_mark.pos() == window.scene.items_by_key[("token", unseen)].pos()
    assert player.banner.text.startswith(f"{window.document.label('token', first)}'s turn")
    assert players_ring.isVisible() and players_ring.pos() == first_item.pos()
    window.document.undo_stack.push(EditObject(window.document, "token", token))  # shown again: ringed
    qtbot.waitUntil(lambda: players_ring.pos() == player.scene.items_by_key[("token", unseen)].pos())
    assert player.banner.text.startswith(f"{window.document.label('token', unseen)}'s turn")

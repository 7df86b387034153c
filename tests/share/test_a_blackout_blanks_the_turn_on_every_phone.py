"""While the GM blacks out the players' window, the phones go dark with it: a black picture, no
banner, and no player's sheet names whose turn it is or whose is next (the player keeps their
own stress and aspects). The turn words come back with the picture when the blackout ends."""

from __future__ import annotations

from PySide6.QtGui import QImage

from tabletop.play_samples import af_encounter_round3
from tabletop.rules.visibility import LIVE
from tabletop.serve.feed import PhoneFeed
from tests.share.table import get, messages, serving, wait_until


def test_a_blackout_blanks_the_banner_and_the_turn_on_every_sheet(qapp):
    map_ = af_encounter_round3()
    blacked = {"out": False}
    with serving() as server:
        link = server.player_url("kell")
        feed = PhoneFeed(server, lambda: (map_, None, LIVE), covered=lambda: blacked["out"])
        feed.draw()
        wait_until(lambda: server.version > 0, "the first picture")
        lit = messages(link)[0]
        assert lit["banner"].startswith("Raider archer's turn")
        assert lit["sheet"]["turn"]["now"] == "Raider archer" and lit["sheet"]["turn"]["next"] == "Kell"

        blacked["out"] = True
        feed.draw()
        wait_until(lambda: server.version > lit["version"], "the blackout")
        dark = messages(link)[0]
        assert dark["banner"] == ""
        turn = dark["sheet"]["turn"]
        assert turn["now"] == turn["next"] == "" and not turn["yours"] and not turn["in_conflict"]
        assert not turn["marks"]
        assert dark["sheet"]["name"] == "Kell" and dark["sheet"]["stress"] == lit["sheet"]["stress"]
        assert "Raider" not in str(dark) and "Kell" not in str(messages(server.url)[0])
        picture = _picture(server.url)
        assert {picture.pixelColor(x, y).name() for x in range(0, picture.width(), 9) for y in (0, 20)} == {"#000000"}

        blacked["out"] = False
        feed.draw()
        wait_until(lambda: server.version > dark["version"], "the end of the blackout")
        assert messages(link)[0]["sheet"]["turn"] == lit["sheet"]["turn"]
        feed.close()


def _picture(url: str) -> QImage:
    import urllib.request

    assert get(url + "picture.png")[0] == 200
    with urllib.request.urlopen(url + "picture.png", timeout=20) as response:
        return QImage.fromData(response.read(), "PNG")

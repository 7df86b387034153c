"""A phone asks for its picture by which one (the table view or the whole map), its page's CSS
size and device pixel ratio, and whether turned: the width is stepped and capped, a tall
drawing is made narrower rather than pass the cap, and nonsense gets one plain 400 line."""

from __future__ import annotations

import pytest

from tabletop.serve.framing import (
    DEFAULT,
    MAX_SIDE,
    STEP,
    TABLE,
    WHOLE,
    Asked,
    Framing,
    Refused,
    Wants,
    asked_of,
    chosen,
    fitted,
)
from tabletop.serve.server import Showing
from tests.share.table import get, serving


def test_a_phone_is_painted_for_twice_its_pixels_stepped_and_capped():
    asked = asked_of({"view": "table", "w": "390", "h": "844", "dpr": "2", "turn": "0"})
    assert asked == Asked(TABLE, 1792, False), "390 x 2 x 2 = 1560, stepped up to 1792"
    assert asked_of({"view": "whole", "w": "390", "h": "844", "dpr": "3", "turn": "1"}) == Asked(WHOLE, MAX_SIDE, True)
    assert asked_of({"view": "whole", "w": "20", "dpr": "1"}).width == STEP, "never narrower than a step"
    assert asked_of({"view": "whole", "w": "9000", "h": "9000", "dpr": "8"}).width == MAX_SIDE
    assert asked_of({}) == DEFAULT and asked_of({"v": "3"}) == DEFAULT, "an old page names no size"


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ({"view": "gm", "w": "390", "dpr": "2"}, "'view' must be table or whole"),
        ({"view": "table", "w": "wide", "dpr": "2"}, "'w' must be a number"),
        ({"view": "table", "w": "nan", "dpr": "2"}, "'w' must be above 0"),
        ({"view": "table", "w": "-390", "dpr": "2"}, "'w' must be above 0"),
        ({"view": "table", "w": "1e300", "dpr": "2"}, "at most 10000"),
        ({"view": "table", "w": "390", "dpr": "40"}, "'dpr' must be above 0 and at most 8"),
        ({"view": "table", "w": "390", "h": "inf", "dpr": "2"}, "'h' must be above 0"),
        ({"view": "table", "w": "390", "dpr": "2", "turn": "yes"}, "'turn' must be 0 or 1"),
        ({"view": "table", "dpr": "2"}, "'w' must be a number"),
    ],
)
def test_silly_sizes_are_refused_in_one_line(query, says):
    with pytest.raises(Refused, match=says):
        asked_of(query)


def test_a_drawing_fits_the_width_asked_unless_too_tall():
    assert fitted(300, 100, 1024) == (1024, 341)
    assert fitted(100, 300, 1024) == (683, MAX_SIDE), "narrower rather than past the cap"


def test_a_framing_is_a_rectangle_turned_by_quarter_turns():
    assert Framing((0, 0, 10, 5), 270).rotation == 270
    for region, rotation in (((0, 0, 10, 5), 45), ((0, 0, 0, 5), 0), ((0, float("nan"), 10, 5), 0)):
        with pytest.raises(ValueError):
            Framing(region, rotation)


def test_a_size_not_painted_is_answered_with_the_nearest_and_the_whole_map_while_no_table_view():
    pictures = {DEFAULT: b"plain", Asked(WHOLE, 1024): b"w1024", Asked(TABLE, 2048): b"t2048"}
    assert chosen(pictures, Asked(TABLE, 2048), table=True) == (Asked(TABLE, 2048), b"t2048")
    assert chosen(pictures, Asked(TABLE, 768), table=True) == (Asked(TABLE, 768), b"t2048")
    assert chosen(pictures, Asked(TABLE, 1024), table=False) == (Asked(WHOLE, 1024), b"w1024")
    assert chosen(pictures, Asked(WHOLE, 1280, True), table=True) == (Asked(WHOLE, 1280, True), b"w1024")
    assert chosen({}, Asked(WHOLE, 512), table=False) == (Asked(WHOLE, 512), b"")


def test_a_picture_no_page_asks_for_lately_is_let_go():
    now = [0.0]
    wants = Wants(lambda: now[0])
    assert wants.add(Asked(TABLE, 1024)) and not wants.add(Asked(TABLE, 1024))
    now[0] = 400.0
    wants.add(Asked(WHOLE, 512))
    now[0] = 700.0
    assert wants.now() == [Asked(WHOLE, 512)]


def test_the_server_answers_a_silly_size_with_one_plain_400_and_a_good_one_with_its_picture():
    showing = Showing(b"plain", pictures={DEFAULT: b"plain", Asked(WHOLE, 1024): b"\x89PNG-1024"})
    with serving(showing) as server:
        wished = []
        server.on_wish = lambda: wished.append(1)
        status, body = get(server.url + "picture.png?view=whole&w=390&dpr=999")
        assert status == 400
        assert body == "The picture asked for makes no sense: 'dpr' must be above 0 and at most 8.\n"
        assert "Traceback" not in body and len(body.splitlines()) == 1
        assert get(server.url + "picture.png?view=whole&w=256&dpr=2")[0] == 200
        assert not wished, "a size painted asks for no drawing"
        assert get(server.url + "picture.png?view=table&w=390&dpr=2")[0] == 200
        assert len(wished) == 1, "the whole map at 1792, not painted yet, is asked for once"
        assert get(server.url + "picture.png?view=table&w=390&dpr=2")[0] == 200
        assert len(wished) == 1
        assert server.wants.now() == [Asked(WHOLE, 1024), Asked(WHOLE, 1792)], "no table view: the whole map"

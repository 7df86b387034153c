"""An SVG picture is refused, in one line, before Qt reads it when reading or drawing it would
be unbounded work: a text past MAX_SVG_BYTES (an .svgz unpacks no further), more than
MAX_SVG_ELEMENTS elements, or <use>s that draw more than MAX_SVG_DRAWN elements (a few lines
that draw billions). The check reads the text once, so it is quick whatever the file holds."""

from __future__ import annotations

import gzip

import pytest

from tabletop.io import pictures
from tabletop.io.pictures import MAX_SVG_BYTES, MAX_SVG_ELEMENTS, PictureRefused, svg_work_problem, unpacked_svg
from tabletop.render.pictures import decode_picture

HEAD = b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="200">'


def _svg(body: bytes) -> bytes:
    return HEAD + body + b"</svg>"


def _use_bomb(levels: int = 10) -> bytes:
    """Each group ten <use>s of the one before: 10**levels rectangles from a few kilobytes."""
    groups = [b'<g id="g0"><rect width="1" height="1" fill="red"/></g>']
    for level in range(1, levels):
        uses = b"".join(b'<use href="#g%d" x="%d"/>' % (level - 1, x) for x in range(10))
        groups.append(b'<g id="g%d">%s</g>' % (level, uses))
    return _svg(b"<defs>" + b"".join(groups) + b'</defs><use href="#g%d"/>' % (levels - 1))


def test_a_use_bomb_is_refused_in_one_line(qapp):
    bomb = _use_bomb()
    assert len(bomb) < 4000
    assert "through its <use>s" in svg_work_problem(bomb)
    with pytest.raises(PictureRefused) as refused:
        decode_picture(bomb)
    assert "\n" not in str(refused.value) and "draws more than" in str(refused.value)


@pytest.mark.parametrize(
    "body",
    [
        b'<g id="a"><rect width="1" height="1"/><use href="#a"/></g>',
        b'<use id="a" href="#b"/><use id="b" xlink:href="#a"/>',
        b"<g id='a'><!-- </g> --><use href='#a'/></g>",
    ],
    ids=["itself", "round", "behind-a-comment"],
)
def test_a_use_inside_what_it_draws_is_refused(body):
    assert svg_work_problem(_svg(body)) is not None


def test_a_use_of_an_id_held_twice_is_refused():
    body = b'<g id="a"/><g id="a"><rect width="1" height="1"/></g><use href="#a"/>'
    assert "more than one element" in svg_work_problem(_svg(body))


def test_a_plan_with_its_uses_passes_and_is_drawn(qapp):
    door = b'<g id="door"><rect width="4" height="1"/><path d="M0 0 L4 4"/></g>'
    uses = b"".join(b'<use xlink:href="#door" x="%d"/>' % x for x in range(0, 200, 5))
    walls = b"".join(b'<path d="M%d 0 L%d 200" stroke="black"/>' % (x, x) for x in range(0, 200, 2))
    plan = _svg(b"<defs>" + door + b"</defs>" + uses + walls)
    assert svg_work_problem(plan) is None
    assert decode_picture(plan).width() == 200
    assert svg_work_problem(_use_bomb(levels=4)) is None, "ten thousand rectangles through <use>s are fine"


def test_an_svg_of_too_many_elements_is_refused(qapp):
    many = _svg(b"<g/>" * (MAX_SVG_ELEMENTS + 1))
    assert len(many) < MAX_SVG_BYTES
    assert "elements" in svg_work_problem(many)
    with pytest.raises(PictureRefused, match="elements"):
        decode_picture(many)


def test_an_svg_past_its_size_is_refused_unread(qapp):
    big = _svg(b"<!--" + b" " * MAX_SVG_BYTES + b"-->")
    with pytest.raises(PictureRefused, match="is an SVG past 16 MB, more than a map's SVG picture may be"):
        decode_picture(big)


def test_a_compressed_svg_unpacks_no_further_than_an_svg_may_be(qapp, monkeypatch):
    empty_groups = gzip.compress(_svg(b"<g></g>" * (MAX_SVG_BYTES // 7 + 1)), compresslevel=9)
    assert len(empty_groups) < 200_000, "a small file"
    with pytest.raises(PictureRefused, match="unpacks past 16 MB"):
        unpacked_svg(empty_groups)
    monkeypatch.setattr(pictures, "MAX_SVG_BYTES", 1000)
    with pytest.raises(PictureRefused, match="unpacks past"):
        unpacked_svg(gzip.compress(b" " * 5000))

"""An SVG picture must stand alone: Qt draws an <image> of any file the GM can read, even from
a picture read from memory, so every reference out of the picture (a link to a file or an
address, an SVG carried inside it, an @import, a url() not to its own parts, an external
entity) is found in its text, and a compressed SVG is unpacked within the cap first."""

from __future__ import annotations

import base64
import gzip

import pytest

from tabletop.io import pictures
from tabletop.io.pictures import PictureRefused, svg_outside_reference, unpacked_svg

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
HEAD = b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">'


def _svg(body: bytes) -> bytes:
    return HEAD + body + b"</svg>"


def _data(kind: bytes, content: bytes) -> bytes:
    return b"data:" + kind + b";base64," + base64.b64encode(content)


INNER_SVG = _svg(b'<image width="20" height="20" href="/home/gm/secret.png"/>')


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b'<image width="9" height="9" href="/home/gm/secret.png"/>', "links to '/home/gm/secret.png' outside"),
        (b'<image width="9" height="9" xlink:href="secret.png"/>', "links to 'secret.png' outside"),
        (b"<image width='9' height='9' XLINK:HREF = 'file:///etc/x.png'/>", "links to 'file:///etc/x.png'"),
        (b'<image width="9" height="9" href="https://example.com/x.png"/>', "links to 'https://example.com/x.png'"),
        (b'<image width="9" height="9" href="&#47;etc/x.png"/>', "links to '&#47;etc/x.png' outside"),
        (b'<image width="9" height="9" href="' + _data(b"image/png", INNER_SVG) + b'"/>', "links to 'data:"),
        (b'<image width="9" height="9" href="' + _data(b"image/svg+xml", INNER_SVG) + b'"/>', "links to 'data:"),
        (b'<rect width="9" height="9" style="fill:url(pattern.svg#p)"/>', "refers to a url() outside itself"),
        (b'<rect width="9" height="9" fill="url( \'secret.png\' )"/>', "refers to a url() outside itself"),
        (b'<style>@import "theme.css";</style>', "imports a style sheet"),
        (b"<image width='9' height='9' href=/x.png />", "holds a link Tabletop cannot read"),
    ],
)
def test_an_svg_reaching_outside_itself_is_found(body, says):
    assert says in svg_outside_reference(_svg(body))


def test_an_external_entity_and_a_text_in_another_encoding_are_found():
    entity = b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY pic SYSTEM "file:///etc/passwd">]>' + _svg(b"")
    assert svg_outside_reference(entity) == "declares an entity from another file"
    wide = _svg(b'<image href="/x.png"/>').decode().encode("utf-16")
    assert "UTF-16" in svg_outside_reference(wide)
    declared = b'<?xml version="1.0" encoding="UTF-7"?>' + _svg(b"")
    assert "encoding" in svg_outside_reference(declared)


def test_an_svg_standing_alone_passes():
    body = (
        b'<defs><linearGradient id="g"/></defs><rect width="9" height="9" fill="url(#g)"/>'
        b'<use xlink:href="#g"/><image width="9" height="9" href="' + _data(b"image/png", PNG) + b'"/>'
        b'<image width="9" height="9" xlink:href="data:image/png;base64,\n  ' + base64.b64encode(PNG) + b'"/>'
    )
    doctype = b'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">'
    assert svg_outside_reference(b'<?xml version="1.0" encoding="UTF-8"?>' + doctype + _svg(body)) is None


def test_a_compressed_svg_is_unpacked_within_the_cap(monkeypatch):
    text = _svg(b'<image href="/x.png"/>')
    assert unpacked_svg(gzip.compress(text)) == text
    assert unpacked_svg(text) == text, "a file not compressed is itself"
    monkeypatch.setattr(pictures, "MAX_PICTURE_BYTES", 1000)
    with pytest.raises(PictureRefused, match="unpacks past"):
        unpacked_svg(gzip.compress(b" " * 5000))
    with pytest.raises(PictureRefused, match="cannot be unpacked"):
        unpacked_svg(b"\x1f\x8b" + b"broken")


def test_an_entity_written_inside_is_refused_as_it_could_spell_a_link():
    """`hr&#101;f` becomes `href` only when the entity is expanded, past every check of the text."""
    from tabletop.io.pictures import svg_outside_reference

    hidden = b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "<image hr&#101;f=\'/etc/x.png\'/>">]>'
    assert "declares an entity" in svg_outside_reference(hidden + _svg(b"&a;"))

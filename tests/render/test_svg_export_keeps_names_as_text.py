"""An SVG export of a map whose names try to close the SVG's own elements (`</text><script>`,
`</title>`, `]]>`, quotes, ampersands): the file parses as XML, holds no element the names
spelled, and every name (or its elided start) is the text of a `<text>` element as typed."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from tabletop import samples
from tabletop.model import Map
from tabletop.render.export import ExportOptions, Scale, Who, svg_bytes
from tests.hostile import hostile_conflicts

SVG = "{http://www.w3.org/2000/svg}"
BREAKING = ('</text><script>alert("{}")</script>', "{} ]]> & <![CDATA[ \"'", '</title><img src="x.png">{} &amp;')
"""Names written to end the element they stand in and start another."""


def _breaking(map_: Map) -> Map:
    """The map with each zone, token, border and passage named to break out of its element."""
    data = map_.model_dump(mode="json")
    data["title"] = "</title><script>x</script> & ]]> Title"
    for key in ("zones", "tokens"):
        for k, obj in enumerate(data[key]):
            obj["name"] = BREAKING[k % len(BREAKING)].format(obj["name"] or obj["id"])
    for border in data["borders"]:
        for passage in border["passages"]:
            passage["label"] = BREAKING[0].format(passage["label"] or "pass")
    return Map.model_validate(data)


def _shown(svg: bytes) -> tuple[ElementTree.Element, list[str]]:
    root = ElementTree.fromstring(svg)
    return root, ["".join(e.itertext()) for e in root.iter(f"{SVG}text")]


def _written(names: list[str], texts: list[str]) -> list[str]:
    """The names no `<text>` shows, whole or as its elided start."""
    return [n for n in names if not any(t == n or (t.endswith("…") and n.startswith(t[:-1])) for t in texts)]


@pytest.mark.parametrize("who", [Who.GM, Who.PLAYERS])
@pytest.mark.parametrize("sample", ["warehouse", "room_with_door", "nephrite_net", "af_encounter"])
def test_names_that_close_the_svgs_elements_stay_text(qapp, sample, who):
    map_ = _breaking(getattr(samples, sample)())
    options = ExportOptions(who=who, scale=Scale(value=2400.0), title=True)
    root, texts = _shown(svg_bytes(map_, 2400, options=options))
    assert not [e.tag for e in root.iter() if e.tag.split("}")[-1] in ("script", "img")]
    assert [t.text for t in root.iter(f"{SVG}title")] == [map_.title]
    names = [z.label for z in map_.zones if who is Who.GM or not z.hidden]
    assert not _written(names, texts), texts
    assert map_.title in texts, "the title band writes the title as typed"


@pytest.mark.parametrize("system", ["edgerunner", "af"])
def test_a_hostile_map_in_play_exports_as_well_formed_svg(qapp, system):
    map_ = hostile_conflicts()[system]
    root, texts = _shown(svg_bytes(map_, 1600))
    assert not [e for e in root.iter() if e.tag.split("}")[-1] in ("img", "image", "b")]
    tokens = [t.label for t in map_.tokens if t.location is not None]
    assert not _written(tokens, texts), texts

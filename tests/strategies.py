"""Hypothesis strategies for whole, valid maps: zones, borders with passages, tokens."""

from __future__ import annotations

from hypothesis import strategies as st

from tabletop.model import (
    TOKEN_STATES,
    Aspect,
    Border,
    Door,
    FillStyle,
    Map,
    NodeShape,
    Passage,
    PolygonShape,
    Speeds,
    StressTrack,
    Token,
    TokenPicture,
    Zone,
    ZoneLocation,
)

text = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc"), exclude_characters="\u2028\u2029\ufffe\uffff"),
    max_size=12,
)
"""Names as a map may hold them: one line, no control characters, nothing UTF-8 cannot write."""
coord = st.floats(-1e4, 1e4, allow_nan=False, allow_infinity=False)
cost = st.one_of(st.none(), st.integers(0, 9))
door = st.one_of(
    st.none(),
    st.builds(
        Door,
        state=st.sampled_from(["open", "closed", "locked", "broken"]),
        open_cost=st.integers(0, 5),
    ),
)
passage = st.builds(Passage, label=text, cost_from_a=cost, cost_from_b=cost, door=door)
aspect = st.builds(Aspect, name=text.filter(bool), free_invokes=st.integers(0, 3))


@st.composite
def shapes(draw):
    if draw(st.booleans()):
        return NodeShape(x=draw(coord), y=draw(coord), radius=draw(st.floats(1, 200)))
    x, y = draw(coord), draw(coord)
    w, h = draw(st.floats(1, 500)), draw(st.floats(1, 500))
    return PolygonShape(points=[(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


@st.composite
def maps(draw, max_zones: int = 8) -> Map:
    n = draw(st.integers(1, max_zones))
    zones = [
        Zone(
            id=f"z{i}",
            name=draw(text),
            description=draw(text),
            hidden=draw(st.booleans()),
            aspects=draw(st.lists(aspect, max_size=2)),
            shape=draw(shapes()),
            fill=FillStyle(colour=draw(st.sampled_from(["#112233", "#aabbcc"]))),
        )
        for i in range(n)
    ]
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=12)) if pairs else []
    borders = [
        Border(id=f"b{i}", a=f"z{a}", b=f"z{b}", passages=draw(st.lists(passage, max_size=3)))
        for i, (a, b) in enumerate(chosen)
    ]
    pictures = st.builds(
        TokenPicture,
        path=st.sampled_from(["kell.png", "assets/orc chief.webp", "art/ü/face.svg"]),
        x=st.floats(0, 1),
        y=st.floats(0, 1),
        zoom=st.floats(1, 20),
    )
    tokens = [
        Token(
            id=f"t{i}",
            name=draw(text),
            side=draw(st.sampled_from(["band", "foes"])),
            location=ZoneLocation(zone=f"z{draw(st.integers(0, n - 1))}"),
            facing=draw(st.floats(0, 359.9)),
            speeds=Speeds(run=draw(st.integers(0, 5))),
            stress=[StressTrack(name="health", boxes=3, marked=draw(st.sampled_from([[], [1], [1, 3]])))],
            states=draw(st.lists(st.sampled_from(TOKEN_STATES), unique=True, max_size=3)),
            hidden=draw(st.booleans()),
            picture=draw(st.none() | pictures),
        )
        for i in range(draw(st.integers(0, 4)))
    ]
    step = draw(st.floats(1, 1000))
    return Map(title=draw(text), notes=draw(text), lattice_step=step, zones=zones, borders=borders, tokens=tokens)

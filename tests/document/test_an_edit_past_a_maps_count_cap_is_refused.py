"""An edit that would take a map past a count the reader takes (tokens, grids) is refused as
it is made, in the reader's own words, and the map is left as it was: a map past a cap would
save but never open again."""

from __future__ import annotations

import pytest

from tabletop.document import MapDocument
from tabletop.document.commands import AddMany, AddObject
from tabletop.document.integrity import IntegrityError
from tabletop.model import EncounterGrid, Map, Tile, Token
from tabletop.model.base import MAX_GRIDS, MAX_TOKENS
from tabletop.model.kinds import Kind


def _tokens(n: int, start: int = 0) -> list[Token]:
    return [Token(id=f"t{k}", name=f"Token {k}") for k in range(start, start + n)]


def _grid(grid_id: str, x: float) -> EncounterGrid:
    return EncounterGrid(id=grid_id, tiles=[Tile(row=0, col=0)], origin=(x, 0.0))


def test_a_token_past_the_cap_is_refused_and_nothing_changes(qapp):
    document = MapDocument(Map(tokens=_tokens(MAX_TOKENS - 1)))
    document.undo_stack.push(AddObject(document, Kind.TOKEN, Token(id="last", name="Last")))
    assert len(document.map.tokens) == MAX_TOKENS, "up to the cap an edit goes through"
    with pytest.raises(IntegrityError, match=f"would have {MAX_TOKENS + 1:,} tokens; a map has at most {MAX_TOKENS:,}"):
        document.undo_stack.push(AddObject(document, Kind.TOKEN, Token(id="one-more", name="One more")))
    assert len(document.map.tokens) == MAX_TOKENS
    assert document.undo_stack.count() == 1


def test_many_added_at_once_are_counted_together(qapp):
    document = MapDocument(Map(tokens=_tokens(MAX_TOKENS - 5)))
    with pytest.raises(IntegrityError, match=f"would have {MAX_TOKENS + 1:,} tokens"):
        document.undo_stack.push(AddMany(document, Kind.TOKEN, _tokens(6, start=MAX_TOKENS), "Paste 6 tokens"))
    assert len(document.map.tokens) == MAX_TOKENS - 5
    document.undo_stack.push(AddMany(document, Kind.TOKEN, _tokens(5, start=MAX_TOKENS), "Paste 5 tokens"))
    assert len(document.map.tokens) == MAX_TOKENS


def test_an_edit_of_what_is_there_is_not_counted_as_more(qapp):
    document = MapDocument(Map(tokens=_tokens(MAX_TOKENS)))
    renamed = document.get(Kind.TOKEN, "t3").model_copy(update={"name": "Renamed"})
    document.put(Kind.TOKEN, renamed)
    assert document.get(Kind.TOKEN, "t3").name == "Renamed"


def test_a_grid_past_the_cap_is_refused(qapp):
    grids = [_grid(f"g{k}", k * 1000.0) for k in range(MAX_GRIDS)]
    document = MapDocument(Map(grids=grids))
    with pytest.raises(IntegrityError, match=f"would have {MAX_GRIDS + 1:,} grids"):
        document.undo_stack.push(AddObject(document, Kind.GRID, _grid("one-more", -1000.0)))
    assert len(document.map.grids) == MAX_GRIDS

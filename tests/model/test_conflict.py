"""The conflict in play is part of the map file: it round-trips, and it never names a token
that is not on the map."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from tabletop.model import AfTurn, Conflict, EdgerunnerTurn, LastAction, LogEntry, Map, Participant, Token


def _map(conflict: Conflict) -> Map:
    return Map(tokens=[Token(id="gatto"), Token(id="hargan")], conflict=conflict)


def test_a_conflict_in_progress_round_trips_through_json() -> None:
    conflict = Conflict(
        system="edgerunner",
        participants=[
            Participant(
                token="gatto",
                side="band",
                edgerunner=EdgerunnerTurn(acted=True, last=LastAction(action="move", shifts=2)),
            ),
            Participant(token="hargan", side="corp", edgerunner=EdgerunnerTurn(bid=1)),
        ],
        order=["gatto"],
        turn="hargan",
        log=[LogEntry(exchange=1, actor="gatto", action="move", numbers={"shifts": 2}, story="Lost in the racks")],
    )
    map_ = _map(conflict)
    again = Map.model_validate(json.loads(map_.model_dump_json()))
    assert again == map_
    assert again.conflict.participant("gatto").edgerunner.last.shifts == 2


def test_a_conflict_naming_a_token_not_on_the_map_is_refused_in_words() -> None:
    conflict = Conflict(system="af", participants=[Participant(token="ghost", af=AfTurn(reflex=3))])
    with pytest.raises(ValidationError, match="conflict names token 'ghost'"):
        _map(conflict)


def test_the_turn_order_names_only_participants() -> None:
    with pytest.raises(ValidationError, match="names 'nobody'"):
        Conflict(system="af", participants=[Participant(token="gatto")], order=["nobody"])
    with pytest.raises(ValidationError, match="twice"):
        Conflict(system="af", participants=[Participant(token="gatto"), Participant(token="gatto")])

"""A conflict in progress, saved with the map so a session can stop and resume mid-fight.

The conflict holds only the bookkeeping of play (who takes part, exchange, round, order, each
participant's per-turn state, the log). Stress, aspects, states and places stay on the tokens
and zones themselves: a play step that marks stress edits the token, so the map and the
conflict never disagree. The rules for each system (rules/edgerunner.py, rules/af.py) are
pure functions from one Conflict to the next.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from tabletop.model.base import (
    MAX_ASPECTS,
    MAX_GRIDS,
    MAX_LOG_NUMBERS,
    MAX_TOKENS,
    Aspect,
    AtMost,
    GameNumber,
    Id,
    Line,
    Model,
    Text,
)
from tabletop.model.grids import TileNumber
from tabletop.model.play_af import AfTurn
from tabletop.model.play_edgerunner import EdgerunnerTurn
from tabletop.model.play_reserve import ReserveSide

ConflictSystem = Literal["edgerunner", "af", "reserve", "cards"]
SYSTEM_NAMES: dict[str, str] = {
    "edgerunner": "Edgerunner conflict",
    "af": "AF encounter",
    "reserve": "Extended conflict with reserve",
    "cards": "Card confrontations",
}
Ending = Literal["taken out", "concession", "ended"]
Count = Annotated[int, Field(ge=1, le=100_000)]
MAX_LOG = 100_000
"""A log entry per action; a long evening is a few hundred."""
MAX_RESERVE_SIDES = 100
"""The most sides one extended conflict with reserve may have."""


class Participant(Model):
    """A token taking part in the conflict (a character, a daemon, a problem with a stress
    track), with its side and the state its system keeps."""

    token: Id
    side: Line = ""
    out: bool = False
    edgerunner: EdgerunnerTurn | None = None
    af: AfTurn | None = None


class LogEntry(Model):
    """One thing that happened: when, who, what, to whom, the numbers, and the story detail
    the GM typed ("every action should generate a story detail")."""

    exchange: Count
    round: GameNumber = 0
    actor: Line = ""
    action: Line = ""
    target: Line = ""
    numbers: Annotated[
        dict[Annotated[Line, Field(max_length=40)], Annotated[int, Field(ge=-100_000, le=100_000)]],
        AtMost(MAX_LOG_NUMBERS),
    ] = Field(default_factory=dict, fail_fast=True)
    story: Text = ""


class GridAtStart(Model):
    """An encounter grid's tiles when the encounter began, by their bounds (a grid's tiles always
    form a rectangle): "Some encounter zones may be pre-configured", and an exchange's end cuts
    the tiles grown since then, never the prepared ones."""

    grid: Id
    top: TileNumber
    left: TileNumber
    bottom: TileNumber
    right: TileNumber

    @model_validator(mode="after")
    def _bounds_in_order(self) -> GridAtStart:
        if self.bottom < self.top or self.right < self.left:
            raise ValueError(f"grid '{self.grid}' began the encounter with its last tile before its first")
        return self

    @property
    def rows(self) -> int:
        return self.bottom - self.top + 1

    @property
    def cols(self) -> int:
        return self.right - self.left + 1


class Conflict(Model):
    """The conflict: its system, participants, exchange and round, turn order, whose turn it
    is, and the log. `order` lists participant tokens in the order they act (AF: reflex order;
    Edgerunner: the order they have acted in this exchange)."""

    system: ConflictSystem
    caller: Line = ""
    participants: Annotated[list[Participant], AtMost(MAX_TOKENS)] = Field(default_factory=list, fail_fast=True)
    exchange: Count = 1
    round: GameNumber = 1
    turns_taken: Annotated[int, Field(ge=0, le=10_000_000)] = 0
    order: Annotated[list[Id], AtMost(MAX_TOKENS)] = Field(default_factory=list, fail_fast=True)
    turn: Id | None = None
    log: Annotated[list[LogEntry], AtMost(MAX_LOG)] = Field(default_factory=list, fail_fast=True)
    scene_aspects: Annotated[list[Aspect], AtMost(MAX_ASPECTS)] = Field(default_factory=list, fail_fast=True)
    """Aspects placed on the scene itself; those on zones, borders and tokens stay on them."""
    reserve: Annotated[list[ReserveSide], AtMost(MAX_RESERVE_SIDES)] = Field(default_factory=list, fail_fast=True)
    """The sides of an extended conflict with reserve (system "reserve"), in the order given."""
    ended: Ending | None = None
    story: Text = ""
    duration: Line = ""
    """How long an exchange lasts, a step of the time track ("a few seconds"): Edgerunner
    picks one "for the sake of consistency", and a problem's threshold is counted from it."""
    sets_up_first: Line = ""
    """AF: the side the referee lets set up first ("Setup")."""
    swings_first: Line = ""
    """Reserve: "Whoever swings first, swings first": the side that declared the conflict."""
    grids_at_start: Annotated[list[GridAtStart], AtMost(MAX_GRIDS)] = Field(default_factory=list, fail_fast=True)
    """AF: each grid of the map as the encounter began, so an exchange's end trims only the
    tiles grown during the encounter. A grid not named here is trimmed to 3x3, as the text says."""

    @model_validator(mode="after")
    def _participants_once(self) -> Conflict:
        tokens = [p.token for p in self.participants]
        if len(set(tokens)) != len(tokens):
            raise ValueError("the conflict lists a token twice")
        grids = [start.grid for start in self.grids_at_start]
        if len(set(grids)) != len(grids):
            raise ValueError("the conflict names a grid's start twice")
        names = [side.name for side in self.reserve]
        if len(set(names)) != len(names):
            raise ValueError("two reserve sides share a name")
        known = set(tokens)
        for token in [*self.order, *([self.turn] if self.turn else [])]:
            if token not in known:
                raise ValueError(f"the conflict's turn order names '{token}', who does not take part")
        return self

    def participant(self, token_id: str) -> Participant:
        for participant in self.participants:
            if participant.token == token_id:
                return participant
        raise KeyError(f"'{token_id}' does not take part in the conflict")

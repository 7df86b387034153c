"""What the players' initiative strip shows: the order of the round among the participants the
players see, whose turn and who is next as their banner tells it, what each has left of its turn
(AF: guard, snap and action; Edgerunner: acted and bid) and, if the GM shows it, their stress.

Every row is worked out from the players' copy of the conflict (rules/visibility.py), so a
participant they do not see leaves no row, no gap and no count. While one of them holds the turn
the strip stays as it stood when the players last saw a turn begin: the banner still names that
turn, and an AF turn's unused snap and action, lost only as the unseen turn began, still read as
left (the log says how many snaps went). A system played without turns (reserve, cards) has no
order, so its strip has no rows and is not shown.

Sources: ../shared/rules/af-encounter.txt ("Turn", "Guard", "Snap"); ../shared/rules/
edgerunner-conflicts.txt ("social initiative": who has acted, the auction's bid).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from tabletop.model import Conflict, Map, Participant
from tabletop.rules import systems
from tabletop.rules.af_state import ROUNDS
from tabletop.rules.visibility import players_conflict

Name = Callable[[str], str]
LOST_SNAPS = re.compile(r"(\d+) snaps")


@dataclass(frozen=True)
class Track:
    """A stress track as boxes: how many, and which are marked (1 is the first)."""

    name: str
    boxes: int
    marked: frozenset[int]


@dataclass(frozen=True)
class StripRow:
    """One participant the players see, in the order of the round."""

    token: str
    name: str
    now: bool
    """Whose turn the players' banner names."""
    next: bool
    """Who takes the next turn, where the system fixes it (AF's reflex order)."""
    out: bool
    marks: tuple[tuple[str, str], ...]
    """What is left of the turn, as (word, value): ("Guard", "1"), ("Bid", "2"), ("Acted", "")."""
    stress: tuple[Track, ...] = ()
    colour: str = ""
    """The token's own colour, so the players find the card's token on the map."""


def strip_rows(map_: Map, shown: Callable[[str], bool], name: Name, stress: bool = False) -> tuple[StripRow, ...]:
    """The strip's rows for the map's running conflict, only for tokens the players see
    (`shown`, by token id, under the fog they were sent); none when no conflict with a turn
    order runs or it has ended."""
    conflict = map_.conflict
    if conflict is None or conflict.ended or not systems.of(conflict).turn_based:
        return ()
    seen = players_conflict(conflict, shown)
    tokens = {token.id: token for token in map_.tokens}
    build = SYSTEMS.get(conflict.system, _plain)
    rows = build(conflict, seen)
    made = []
    for participant, now, next_, marks in rows:
        token = tokens.get(participant.token)
        tracks = ()
        if stress and token is not None:
            tracks = tuple(Track(t.name, t.boxes, frozenset(t.marked)) for t in token.stress)
        colour = token.colour if token is not None else ""
        made.append(
            StripRow(participant.token, name(participant.token), now, next_, participant.out, marks, tracks, colour)
        )
    return tuple(made)


Row = tuple[Participant, bool, bool, tuple[tuple[str, str], ...]]


def _plain(conflict: Conflict, seen: Conflict) -> list[Row]:
    """A turn-based system this strip has no words for: its own turn list's order and the turn."""
    return [(p, p.token == seen.turn, False, ()) for p in systems.of(conflict).rows(seen)]


def _af(conflict: Conflict, seen: Conflict) -> list[Row]:
    """Reflex order; the next is the first one after the turn who is not out (past the end of
    the order the next round begins, past round 5 the exchange ends and no one is next)."""
    rows = systems.of(conflict).rows(seen)
    live = [p.token for p in rows if not p.out]
    turn = seen.turn
    if turn is None:
        following = live[:1]
    else:
        order = [p.token for p in rows]
        after = [t for t in order[order.index(turn) + 1 :] if t in live] if turn in order else []
        round_ = _players_round(conflict, seen)
        following = after[:1] or (live[:1] if round_ < ROUNDS else [])
    held = turn is not None and turn != conflict.turn
    return [(p, p.token == turn, p.token in following, _af_marks(conflict, p, held and p.token == turn)) for p in rows]


def _players_round(conflict: Conflict, seen: Conflict) -> int:
    """The round of the turn the players are shown: an unseen turn of a later round is not theirs."""
    if seen.turn == conflict.turn:
        return conflict.round
    for entry in reversed(conflict.log):
        if entry.action == "turn" and entry.actor == seen.turn:
            return entry.round
    return conflict.round


def _af_marks(conflict: Conflict, participant: Participant, held: bool) -> tuple[tuple[str, str], ...]:
    """Guards, snaps and actions left (one lost, or taken ahead by a screen, is none left).
    `held`: the turn the players still see running while an unseen participant acts, whose snaps
    and action were lost only as that turn began."""
    turn = participant.af
    if turn is None:
        return ()
    snaps, action = turn.snaps, turn.action
    if held:
        if turn.snap_lost:
            snaps = _snaps_lost(conflict, participant.token)
        action = action or turn.action_lost
    return (("Guard", str(turn.guards)), ("Snap", str(snaps)), ("Action", "1" if action else "0"))


def _snaps_lost(conflict: Conflict, token: str) -> int:
    """How many snaps the token's last turn lost as it ended, as the log says ("2 snaps lost")."""
    for entry in reversed(conflict.log):
        if entry.actor == token and entry.action.endswith(" lost"):
            found = LOST_SNAPS.search(entry.action)
            return int(found.group(1)) if found else 1
        if entry.actor == token and entry.action == "turn":
            break
    return 1


def _edgerunner(conflict: Conflict, seen: Conflict) -> list[Row]:
    """Social initiative: who has acted this exchange in the order they acted, whose turn it is,
    then who may still act, in the order they were listed. No one is next before the caller
    asks "Who's next?", so no row is marked next."""
    by_token = {p.token: p for p in seen.participants}
    first = [t for t in seen.order if t in by_token]
    if seen.turn and seen.turn not in first:
        first.append(seen.turn)
    rest = [p.token for p in seen.participants if p.token not in first]
    return [(by_token[t], t == seen.turn, False, _edgerunner_marks(by_token[t])) for t in [*first, *rest]]


def _edgerunner_marks(participant: Participant) -> tuple[tuple[str, str], ...]:
    """Whether it acted this exchange (a compel spends the turn too) and the bid it won the turn
    with, which comes off its roll."""
    turn = participant.edgerunner
    if turn is None:
        return (("To act", ""),)
    acted = "Compelled" if turn.compelled else ("Acted" if turn.acted else "To act")
    marks = [(acted, "")]
    if turn.bid is not None:
        marks.append(("Bid", str(turn.bid)))
    return tuple(marks)


SYSTEMS: dict[str, Callable[[Conflict, Conflict], list[Row]]] = {"af": _af, "edgerunner": _edgerunner}
"""The systems whose turn words the strip shows; another turn-based system shows its order."""

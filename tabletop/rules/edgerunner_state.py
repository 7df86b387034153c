"""The bookkeeping every Edgerunner step shares: the map objects it changes, each copied once,
the participants' turn state, held defenses and how they lapse, and the end of an action.

Kept apart from the actions so the turn functions (rules/edgerunner.py) and the actions
(rules/edgerunner_actions.py) use one copy of it.
"""

from __future__ import annotations

from tabletop.model import Border, Conflict, EdgerunnerTurn, Map, Participant, StressTrack, Token, Zone, ZoneLocation
from tabletop.model.base import MAX_GAME_NUMBER
from tabletop.rules.names import border_name
from tabletop.rules.play import Question, Step, logged
from tabletop.rules.zone_graph import ZoneGraph

ROLLED, CARRIED = "rolled", "carried"
"""The log's word for an action's shifts: rolled, or carried over by a continue ("With a continue
action, you don't roll the dice, but you get the same number of shifts")."""
SHIFT_LIMIT = MAX_GAME_NUMBER
"""The most shifts a roll can be typed with, either way (model/play_edgerunner.Shifts)."""


def turn_of(conflict: Conflict, token: str) -> EdgerunnerTurn:
    """A participant's Edgerunner state; a participant added without one starts fresh."""
    return participant(conflict, token).edgerunner or EdgerunnerTurn()


def participant(conflict: Conflict, token: str) -> Participant:
    """The participant, or ValueError naming the token (the dock shows it as one line)."""
    try:
        return conflict.participant(token)
    except KeyError:
        raise ValueError(f"'{token}' does not take part in the conflict") from None


def with_participant(conflict: Conflict, token: str, **changes) -> Conflict:
    """The conflict with one participant changed; `turn` changes go to its Edgerunner state."""
    turn_changes = changes.pop("turn", None)
    participants = []
    for p in conflict.participants:
        if p.token == token:
            update = dict(changes)
            if turn_changes is not None:
                update["edgerunner"] = (p.edgerunner or EdgerunnerTurn()).model_copy(update=turn_changes)
            p = p.model_copy(update=update)
        participants.append(p)
    return conflict.model_copy(update={"participants": participants})


def check_playing(conflict: Conflict) -> None:
    """An ended conflict takes no more steps: a new one is started instead."""
    if conflict.system != "edgerunner":
        raise ValueError(f"this is not an Edgerunner conflict (it is played as {conflict.system})")
    if conflict.ended:
        raise ValueError(f"the conflict has ended ({conflict.ended})")


def check_shifts(shifts: int, what: str = "shifts") -> int:
    if not -SHIFT_LIMIT <= shifts <= SHIFT_LIMIT:
        raise ValueError(f"{what} must lie between -{SHIFT_LIMIT} and {SHIFT_LIMIT}, not {shifts}")
    return shifts


class Work:
    """One step in the making: the conflict as it goes and the map objects it changed, each
    copied from the map once so the map passed in is never touched."""

    def __init__(self, map_: Map, conflict: Conflict, graph: ZoneGraph | None = None) -> None:
        check_playing(conflict)
        self.map = map_
        self.conflict = conflict
        self._graph = graph
        self.tokens: dict[str, Token] = {}
        self.borders: dict[str, Border] = {}
        self.zones: dict[str, Zone] = {}
        self.asks: list[Question] = []
        """What the GM may still answer to take the step again with more (rules/play.Question)."""
        self._logged_at = len(conflict.log)
        self.roll = ROLLED
        """How the step's shifts came: a roll, or carried over by a continue (no dice rolled)."""

    @property
    def graph(self) -> ZoneGraph:
        """The map's zone graph: the document's own when it passed one (kept current edit by
        edit), else built here for this step."""
        if self._graph is None:
            self._graph = ZoneGraph(self.map)
        return self._graph

    def peek_token(self, token_id: str) -> Token:
        """A token as the step sees it, to read: its changed copy, else the map's own."""
        if token_id in self.tokens:
            return self.tokens[token_id]
        try:
            return self.map.token(token_id)
        except KeyError:
            raise ValueError(f"no token '{token_id}' on the map") from None

    def token(self, token_id: str) -> Token:
        """A token to change: copied from the map once, then handed back to the Step."""
        if token_id not in self.tokens:
            self.tokens[token_id] = self.peek_token(token_id).model_copy(deep=True)
        return self.tokens[token_id]

    def peek_border(self, border_id: str) -> Border:
        if border_id in self.borders:
            return self.borders[border_id]
        found = next((b for b in self.map.borders if b.id == border_id), None)
        if found is None:
            raise ValueError(f"no border '{border_id}' on the map")
        return found

    def border(self, border_id: str) -> Border:
        if border_id not in self.borders:
            self.borders[border_id] = self.peek_border(border_id).model_copy(deep=True)
        return self.borders[border_id]

    def zone(self, zone_id: str) -> Zone:
        if zone_id not in self.zones:
            try:
                self.zones[zone_id] = self.map.zone(zone_id).model_copy(deep=True)
            except KeyError:
                raise ValueError(f"no zone '{zone_id}' on the map") from None
        return self.zones[zone_id]

    def has_token(self, token_id: str) -> bool:
        return token_id in self.tokens or any(t.id == token_id for t in self.map.tokens)

    def label(self, object_id: str) -> str:
        """What the GM calls a token, border ("West end – Middle") or zone, for undo texts,
        messages and stories; any other text as it is."""
        if self.has_token(object_id):
            return self.peek_token(object_id).label
        border = self.borders.get(object_id) or next((b for b in self.map.borders if b.id == object_id), None)
        if border is not None:
            return border_name(self.map, border)
        zone = next((z for z in self.map.zones if z.id == object_id), None)
        return zone.label if zone is not None else object_id

    def tracks_of(self, target: str) -> list[StressTrack]:
        """The stress tracks of a token, or of a border when no token has the id."""
        if self.has_token(target):
            return list(self.peek_token(target).stress)
        stress = self.peek_border(target).stress
        return [stress] if stress is not None else []

    def track(self, target: str, name: str) -> StressTrack:
        """The named stress track of a token or a border ("it may also be possible to attack
        some kinds of borders"); with no name, its only track. ValueError when there is none."""
        tracks = self.tracks_of(target)
        found = next((t for t in tracks if t.name == name), None)
        if found is None and not name and len(tracks) == 1:
            found = tracks[0]
        if found is not None:
            return found
        have = ", ".join(t.name for t in tracks) or "none"
        if not name and tracks:
            raise ValueError(f"name the stress track of {self.label(target)} (tracks: {have})")
        raise ValueError(f"{self.label(target)} has no stress track '{name}' (tracks: {have})")

    def set_track(self, target: str, track: StressTrack) -> None:
        """A track changed, or added when the owner has none by its name (a threshold the
        referee assigned to something attacked)."""
        if self.has_token(target):
            token = self.token(target)
            if any(t.name == track.name for t in token.stress):
                token.stress = [track if t.name == track.name else t for t in token.stress]
            else:
                token.stress = [*token.stress, track]
        else:
            self.border(target).stress = track

    def is_participant(self, token_id: str) -> bool:
        return any(p.token == token_id for p in self.conflict.participants)

    def zone_label(self, zone_id: str) -> str:
        try:
            return self.map.zone(zone_id).label
        except KeyError:
            raise ValueError(f"no zone '{zone_id}' on the map") from None

    def standing(self, token_id: str) -> str:
        """The zone a token stands in; ValueError when it stands in none (off the map, or on
        an encounter grid, which Edgerunner does not play on)."""
        zone = self.zone_of(token_id)
        if zone is None:
            raise ValueError(f"{self.label(token_id)} stands in no zone of the map")
        return zone

    def zone_of(self, token_id: str) -> str | None:
        """The zone a token stands in; None off the map or on an encounter grid."""
        where = self.peek_token(token_id).location
        return where.zone if isinstance(where, ZoneLocation) else None

    def step(self, text: str) -> Step:
        """The step, its text telling what it came to ("Hargan attacks Gatto: Gatto is taken out")."""
        came = [e for e in self.conflict.log[self._logged_at :] if e.action in OUTCOMES]
        said = dict.fromkeys(OUTCOMES[e.action].format(target=self.label(e.target), story=e.story) for e in came)
        return Step(
            self.conflict,
            f"{text}: {'; '.join(said)}" if said else text,
            tokens=tuple(self.tokens.values()),
            zones=tuple(self.zones.values()),
            borders=tuple(self.borders.values()),
            asks=tuple(self.asks),
        )


def begin(map_: Map, conflict: Conflict, actor: str, graph: ZoneGraph | None = None, *, continuing=False) -> Work:
    """A step by the actor; any action but a continue lets its held defense lapse ("it reverts
    to its original value once you take another action")."""
    work = Work(map_, conflict, graph)
    participant(conflict, actor)
    if not continuing:
        revert_defense(work, actor)
    return work


def net_shifts(work: Work, actor: str, shifts: int, resisted: int = 0) -> tuple[int, dict[str, int]]:
    """The shifts that count: the roll, less the bid that bought the turn and what the target
    resisted away ("remove shifts from the ongoing action"), with the numbers for the log."""
    check_shifts(shifts)
    if not 0 <= resisted <= SHIFT_LIMIT:
        raise ValueError(f"resisted shifts are 0 or more, not {resisted}")
    bid = turn_of(work.conflict, actor).bid or 0
    numbers = {work.roll: shifts}
    if bid:
        numbers["bid"] = bid
    if resisted:
        numbers["resisted"] = resisted
    net = shifts - bid - resisted
    numbers["shifts"] = net
    return net, numbers


def got(numbers: dict[str, int]) -> int:
    """The shifts the action got: the roll less the bid, invocations included, before the
    target resisted or range took any. A continue gets these again ("the same number of
    shifts you got for the previous exchange"); the target may resist it anew."""
    return check_shifts(numbers.get(ROLLED, numbers.get(CARRIED, 0)) - numbers.get("bid", 0))


def revert_defense(work: Work, holder: str) -> None:
    """The holder's defense lapses: the target track's threshold goes back to its own. Marked
    boxes above it stay ("to be considered if the threshold is raised ... again")."""
    held = turn_of(work.conflict, holder).defense
    if held is None:
        return
    work.conflict = with_participant(work.conflict, holder, turn={"defense": None})
    try:
        track = work.track(held.target, held.track)
    except ValueError:
        return  # the track or its owner is gone from the map: nothing left to revert
    work.set_track(held.target, track.model_copy(update={"defended_threshold": None}))


def revert_defenses_on(work: Work, target: str) -> None:
    """ "It also reverts if the target moves": every defense held over this target lapses."""
    for p in work.conflict.participants:
        held = p.edgerunner.defense if p.edgerunner else None
        if held is not None and held.target == target:
            revert_defense(work, p.token)


def finish_action(
    work: Work,
    actor: str,
    action: str,
    *,
    target: str = "",
    numbers: dict[str, int] | None = None,
    story: str = "",
    last=None,
) -> None:
    """The actor's turn is over: acted, bid spent, the action remembered for a continue, the
    actor in this exchange's order, and the log entry."""
    conflict = with_participant(work.conflict, actor, turn={"acted": True, "bid": None, "last": last})
    order = conflict.order if actor in conflict.order else [*conflict.order, actor]
    conflict = conflict.model_copy(update={"order": order, "turn": None, "turns_taken": conflict.turns_taken + 1})
    work.conflict = logged(conflict, actor=actor, action=action, target=target, numbers=numbers or {}, story=story)


OUTCOMES = {
    "taken out": "{target} is taken out",
    "problem solved": "{target} is solved",
    "aspect removed": "{story} is gone",
}
"""What a step came to, said after its own words in its undo text and message."""
SOLVED = "A problem is solved if it is taken out. Whatever the original intent was, consider it accomplished."
"""The text's words, logged when a problem is taken out ("Long actions")."""


def taken_out(work: Work, target: str, by: str, story: str = "") -> None:
    """Something received stress over its threshold. A participant is out of the conflict,
    and when everyone on one side is out the conflict ends "in a messy manner" with the
    taking-out story; a problem is solved; anything else (a lock, a border) is logged out."""
    if not work.is_participant(target):
        problem = work.has_token(target) and work.peek_token(target).problem
        told = SOLVED + (f"\n{story}" if story else "") if problem else story
        action = "problem solved" if problem else "taken out"
        work.conflict = logged(work.conflict, actor=by, action=action, target=target, story=told)
        if problem:  # "consider it accomplished": it leaves the map, and is attacked no more
            work.token(target).location = None
        return
    revert_defense(work, target)
    work.conflict = with_participant(work.conflict, target, out=True)
    work.conflict = logged(work.conflict, actor=by, action="taken out", target=target, story=story)
    beaten = side_all_out(work.conflict)
    if beaten is not None:
        ending = f"Everyone on the side '{beaten}' is taken out." + (f" {story}" if story else "")
        work.conflict = work.conflict.model_copy(update={"ended": "taken out", "story": ending})


def side_all_out(conflict: Conflict) -> str | None:
    """The first side whose every participant is out, when the conflict has more than one side."""
    sides: dict[str, list[bool]] = {}
    for p in conflict.participants:
        sides.setdefault(p.side, []).append(p.out)
    if len(sides) < 2:
        return None
    return next((side for side, outs in sides.items() if all(outs)), None)

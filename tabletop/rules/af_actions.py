"""AF encounter: the snaps and actions of a turn, the guard, screen, and facing after a move.

Source: ../shared/rules/af-encounter.txt, "Guard", "Snap", "Action", "Defense", "Screen" and
"Movement". The GM types what the dice said; these steps keep the allowances (one snap, one
action, the guard) and the effects that last until a later turn. A step taken without the
allowance goes ahead on the GM's word and says so: the app assists, it never blocks.
"""

from __future__ import annotations

from tabletop.model import AfTurn, AreaLocation, Conflict, Map, Token, ZoneLocation
from tabletop.rules.grid_movement import grid_reach
from tabletop.rules.grid_movement import hustle_areas as _hustle_areas
from tabletop.rules.play import Step, logged
from tabletop.rules.sides import opponent_areas
from tabletop.rules.terrain import Terrain

SNAPS = ("creep", "crouch", "distract", "fend", "equip", "hustle", "look", "order", "prepare", "quip")
"""The snaps of the text, in its order ("Snap")."""
ACTIONS = ("attack", "convince", "defend", "hide", "maneuver", "recover", "recruit", "screen")
"""The actions of the text, in its order ("Action")."""
RECOVERED = ("down", "stall")
"""Recover eliminates the down state; a stall lasts "until you recover the stall and the down state"."""

Place = tuple[int, int] | str
"""Where a move ends: an area (row, col) of the token's grid, or a zone id on a zone map."""


def turn_of(conflict: Conflict, token: str) -> AfTurn:
    """A participant's AF turn state (a fresh one if the conflict never gave it one)."""
    return conflict.participant(token).af or AfTurn()


def with_turn(conflict: Conflict, token: str, **changes) -> Conflict:
    """The conflict with one participant's AF turn state changed."""
    participants = [
        p.model_copy(update={"af": turn_of(conflict, token).model_copy(update=changes)}) if p.token == token else p
        for p in conflict.participants
    ]
    return conflict.model_copy(update={"participants": participants})


def hustle_areas(token: Token, after_maneuver: bool, move: str = "run") -> int:
    """Hustle: "maneuver extra areas equal to half your speed (rounding down), minimum 1 if
    you used your action to maneuver" ("Snap"); the reach overlay shows this many areas."""
    return _hustle_areas(token.speeds.of(move), after_maneuver)


def snap(
    map_: Map,
    conflict: Conflict,
    actor: str,
    kind: str,
    *,
    target: str = "",
    to: Place | None = None,
    facing: float | None = None,
    move: str = "run",
    story: str = "",
    numbers: dict[str, int] | None = None,
) -> Step:
    """Take a snap from the text's list ("Snap"): fend and quip add a parry or retort defense,
    crouch +2 to dodge behind cover, prepare +2, all until the next turn; hustle moves the
    token up to hustle_areas and a facing is picked after it ("Movement")."""
    if kind not in SNAPS:
        raise ValueError(f"no snap '{kind}': the snaps are {', '.join(SNAPS)}")
    turn = turn_of(conflict, actor)
    token = map_.token(actor)
    notes = [] if turn.snaps else ["no snap left: on the GM's word"]
    changes: dict = {"snaps": max(0, turn.snaps - 1)}
    numbers = dict(numbers or {})
    tokens: tuple[Token, ...] = ()
    if kind == "fend":
        changes["extra_parries"] = turn.extra_parries + 1
    elif kind == "quip":
        changes["extra_retorts"] = turn.extra_retorts + 1
    elif kind == "crouch":
        changes["crouched"] = True
        if not _beside_cover(map_, token):
            notes.append("no cover beside it: on the GM's word")
    elif kind == "prepare":
        changes["prepared"] = True
    elif kind == "hustle":
        areas = hustle_areas(token, turn.moved, move)
        numbers.setdefault("areas", areas)
        if to is not None or facing is not None:
            token, moved_notes = moved(map_, token, to, facing, areas, move)
            tokens, notes = (token,), notes + moved_notes
    conflict = with_turn(conflict, actor, **changes)
    conflict = logged(conflict, actor=actor, action=kind, target=target, numbers=numbers, story=story)
    return Step(conflict, _text(token, kind, target, map_, notes), tokens)


def second_snap(map_: Map, conflict: Conflict, actor: str) -> Step:
    """Give up the action for a second snap ("You may give up your action to take a second snap")."""
    turn = turn_of(conflict, actor)
    notes = [] if turn.action else ["no action left to give up: on the GM's word"]
    conflict = with_turn(conflict, actor, action=False, snaps=turn.snaps + 1)
    conflict = logged(conflict, actor=actor, action="second snap")
    return Step(conflict, _text(map_.token(actor), "second snap", "", map_, notes))


def act(
    map_: Map,
    conflict: Conflict,
    actor: str,
    kind: str,
    *,
    target: str = "",
    to: Place | None = None,
    facing: float | None = None,
    move: str = "run",
    story: str = "",
    numbers: dict[str, int] | None = None,
) -> Step:
    """Take the turn's action from the text's list ("Action"): defend gains an extra guard and
    a defense against every check until the next turn; maneuver moves the token up to its
    speed and a facing is picked after it; recover eliminates the down state (and a stall);
    screen is screen(). The rest are logged with the GM's numbers and story."""
    if kind not in ACTIONS:
        raise ValueError(f"no action '{kind}': the actions are {', '.join(ACTIONS)}")
    if kind == "screen":
        return screen(map_, conflict, actor, story=story)
    turn = turn_of(conflict, actor)
    token = map_.token(actor)
    notes = [] if turn.action else ["no action left: on the GM's word"]
    changes: dict = {"action": False}
    tokens: tuple[Token, ...] = ()
    if kind == "defend":
        changes.update(guards=turn.guards + 1, defenses=True, defense_turns=0)
    elif kind == "maneuver":
        changes["moved"] = True
        if to is not None or facing is not None:
            token, moved_notes = moved(map_, token, to, facing, token.speeds.of(move), move)
            tokens, notes = (token,), notes + moved_notes
    elif kind == "recover":
        patient = map_.token(target or actor)
        if set(RECOVERED) & set(patient.states):
            tokens = (patient.model_copy(update={"states": [s for s in patient.states if s not in RECOVERED]}),)
        else:
            notes.append(f"{patient.label} is not down")
    conflict = with_turn(conflict, actor, **changes)
    conflict = logged(conflict, actor=actor, action=kind, target=target, numbers=dict(numbers or {}), story=story)
    return Step(conflict, _text(token, kind, target, map_, notes), tokens)


def screen(map_: Map, conflict: Conflict, actor: str, story: str = "") -> Step:
    """Screen: "abort your next action to defend yourself": defenses against every check
    until the turn after the lost action, no extra guard ("Screen"). Taken between turns it
    costs the next turn's action; taken in one's own turn with the action unspent, that one."""
    turn = turn_of(conflict, actor)
    now = conflict.turn == actor and turn.action
    if now:
        changes = {"action": False, "defenses": True, "defense_turns": 0}
    else:
        changes = {"lose_next_action": True, "defenses": True, "defense_turns": 1}
    conflict = with_turn(conflict, actor, **changes)
    conflict = logged(conflict, actor=actor, action="screen", story=story)
    lost = "this action" if now else "the next action"
    return Step(conflict, f"{map_.token(actor).label} screens: loses {lost}, defenses against every check")


def use_guard(conflict: Conflict, token: str, defense: str = "") -> Conflict:
    """Spend the guard on a check ("Once you use your guard it is gone until it resets on your
    next turn"); `defense` is the check used (parry, dodge, insight, counter, dive, retort)."""
    turn = turn_of(conflict, token)
    conflict = with_turn(conflict, token, guards=max(0, turn.guards - 1))
    numbers = {} if turn.guards else {"over": 1}
    return logged(conflict, actor=token, action="guard", target=defense, numbers=numbers)


def use_extra(conflict: Conflict, token: str, defense: str) -> Conflict:
    """Spend the extra parry a fend gave or the extra retort a quip gave ("You gain an extra
    parry defense until your next turn")."""
    field = {"parry": "extra_parries", "retort": "extra_retorts"}.get(defense)
    if field is None:
        raise ValueError(f"no extra defense '{defense}': fend gives a parry, quip a retort")
    left = getattr(turn_of(conflict, token), field)
    conflict = with_turn(conflict, token, **{field: max(0, left - 1)})
    return logged(conflict, actor=token, action=defense, numbers={} if left else {"over": 1})


def face(map_: Map, conflict: Conflict | None, actor: str, facing: float) -> Step:
    """Pick a facing: "after you are finished with your maneuver or hustle you need to pick a
    facing. This facing will establish your flank until your next turn" ("Movement")."""
    token = map_.token(actor).model_copy(update={"facing": facing})
    if conflict is not None:
        conflict = logged(conflict, actor=actor, action="face", numbers={"facing": round(token.facing)})
    return Step(conflict, f"{token.label} faces {token.facing:g}°", (token,))


def moved(
    map_: Map, token: Token, to: Place | None, facing: float | None, speed: int, move: str
) -> tuple[Token, list[str]]:
    """The token after a maneuver or hustle to `to` facing `facing`, and notes for the GM: a
    place beyond the speed is taken on the GM's word; a place off the map is refused. Leaving
    an overlap needs a move check ("Overlap"); entering slippery ground a balance check ("Segment")."""
    notes: list[str] = []
    where = token.location
    update: dict = {}
    if to is not None and isinstance(to, str):
        map_.zone(to)
        update["location"] = ZoneLocation(zone=to)
    elif to is not None:
        if not isinstance(where, AreaLocation):
            raise ValueError(f"{token.label} stands on no grid: move it to a zone instead")
        grid = map_.grid(where.grid)
        row, col = to
        if not grid.has_area(row, col):
            raise ValueError(f"area {row},{col} is off grid '{grid.id}': grow the grid first")
        terrain = Terrain(grid)
        opponents = opponent_areas(map_, grid.id, token.side, token.id)
        start = (where.row, where.col)
        if start in opponents:
            notes.append("leaving an overlap: a move check, opponents there may dodge or parry")
        reach = grid_reach(terrain, start, move, speed, opponents)
        path = reach.path((row, col)) if (row, col) in reach.costs else [(row, col)]
        if (row, col) not in reach.costs:
            notes.append(f"area {row},{col} is beyond {speed} areas of {move}: on the GM's word")
        if any("slippery" in terrain.felt(area, move) for area in path[1:]):
            notes.append("slippery ground entered: a balance check or fall down")
        update["location"] = AreaLocation(grid=grid.id, row=row, col=col)
    if facing is None:
        notes.append("pick a facing")
    else:
        update["facing"] = facing
    return token.model_copy(update=update), notes


def _beside_cover(map_: Map, token: Token) -> bool:
    """Whether the token stands in or next to an area of cover ("Crouch: use when adjacent to cover")."""
    where = token.location
    if not isinstance(where, AreaLocation):
        return True  # on a zone map cover is the GM's reading of the zone
    terrain = Terrain(map_.grid(where.grid))
    around = [(where.row + dr, where.col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
    return any("cover" in terrain.at(area).properties for area in around)


def _text(token: Token, kind: str, target: str, map_: Map, notes: list[str]) -> str:
    """The undo text: who did what to whom, with the notes the GM should see."""
    whom = ""
    if target:
        try:
            whom = f" {map_.token(target).label}"
        except KeyError:
            whom = f" {target}"
    tail = f" ({'; '.join(notes)})" if notes else ""
    return f"{token.label}: {kind}{whom}{tail}"

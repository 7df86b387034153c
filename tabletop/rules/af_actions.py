"""AF encounter: the snaps and actions of a turn, the guard, screen, and facing after a move.

Source: ../shared/rules/af-encounter.txt, "Guard", "Snap", "Action", "Defense", "Screen" and
"Movement". The GM types what the dice said; these steps keep the allowances (one snap, one
action, the guard) and the effects that last until a later turn. A step taken without the
allowance goes ahead on the GM's word and says so: the app assists, it never blocks.
"""

from __future__ import annotations

from tabletop.model import AreaLocation, Conflict, Map, Token
from tabletop.rules.af_attacks import attack_told
from tabletop.rules.af_moves import Going, Place, going_to
from tabletop.rules.af_state import turn_of, with_turn
from tabletop.rules.area_names import area_words
from tabletop.rules.grid_movement import hustle_areas as _hustle_areas
from tabletop.rules.play import Step, logged
from tabletop.rules.terrain import Terrain

SNAPS = ("creep", "crouch", "distract", "fend", "equip", "hustle", "look", "order", "prepare", "quip")
"""The snaps of the text, in its order ("Snap")."""
ACTIONS = ("attack", "convince", "defend", "hide", "maneuver", "recover", "recruit", "screen")
"""The actions of the text, in its order ("Action")."""
MOVES = ("maneuver", "hustle")
"""A snap or action that moves its maker: its target is where it went."""
RECOVERED = ("down", "stall")
"""Recover eliminates the down state; a stall lasts "until you recover the stall and the down state"."""


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
    past_edge: str | None = None,
    story: str = "",
    numbers: dict[str, int] | None = None,
) -> Step:
    """Take a snap from the text's list ("Snap"): fend and quip add a parry or retort defense,
    crouch +2 to dodge behind cover, prepare +2, all until the next turn; distract is a social
    attack; hustle moves the token up to hustle_areas and a facing is picked after it
    ("Movement"), past the grid's edge as `past_edge` says."""
    if kind not in SNAPS:
        raise ValueError(f"no snap '{kind}': the snaps are {', '.join(SNAPS)}")
    turn = turn_of(conflict, actor)
    token = map_.token(actor)
    own_turn(map_, conflict, actor, "snap")
    if not turn.snaps:
        raise ValueError(f"{token.label} has no snap left this turn (one a turn, two for the action given up)")
    notes: list[str] = []
    changes: dict = {"snaps": turn.snaps - 1}
    numbers = dict(numbers or {})
    going = Going()
    if kind == "fend":
        changes["extra_parries"] = turn.extra_parries + 1
    elif kind == "quip":
        changes["extra_retorts"] = turn.extra_retorts + 1
    elif kind == "crouch":
        changes["crouched"] = True
        if not _beside_cover(map_, token):
            raise ValueError(f"no cover beside {token.label}: crouch is for one adjacent to cover")
    elif kind == "prepare":
        changes["prepared"] = True
    elif kind == "distract":
        numbers["social"] = 1
    elif kind == "hustle":
        areas = hustle_areas(token, turn.moved, move)
        if to is None and facing is None:
            raise ValueError(f"a hustle moves {token.label}: pick where (click the map, or drop the token there)")
        going = going_to(map_, token, to, facing, areas, move, past_edge)
        notes += going.notes
        numbers.setdefault("areas", going.areas)
    conflict = with_turn(conflict, actor, **changes)
    target = target or _where(map_, token, to, going)
    conflict = logged(conflict, actor=actor, action=kind, target=target, numbers=numbers, story=story)
    return going.step(map_, conflict, _text(token, kind, target, map_, notes))


def _where(map_: Map, token: Token, to: Place | None, going: Going) -> str:
    """Where a move went, as the log keeps it: a zone's id (named when shown), or the area as
    its grid named it then ("area C5"; the grid as the move grew it)."""
    if to is None or isinstance(to, str):
        return to or ""
    where = token.location
    if not isinstance(where, AreaLocation):
        return "an area"
    grid = next((g for g in going.grids if g.id == where.grid), None) or map_.grid(where.grid)
    return area_words(grid, *to)


def second_snap(map_: Map, conflict: Conflict, actor: str, story: str = "") -> Step:
    """Give up the action for a second snap ("You may give up your action to take a second snap")."""
    turn = turn_of(conflict, actor)
    own_turn(map_, conflict, actor, "second snap")
    if not turn.action:
        raise ValueError(f"{map_.token(actor).label} has no action left to give up for a second snap")
    conflict = with_turn(conflict, actor, action=False, snaps=turn.snaps + 1)
    conflict = logged(conflict, actor=actor, action="second snap", story=story)
    return Step(conflict, _text(map_.token(actor), "second snap", "", map_, []))


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
    past_edge: str | None = None,
    story: str = "",
    numbers: dict[str, int] | None = None,
) -> Step:
    """Take the turn's action from the text's list ("Action"): defend gains an extra guard and
    a defense against every check until the next turn; maneuver moves the token up to its
    speed and a facing is picked after it (past the grid's edge as `past_edge` says);
    recover eliminates the down state (and a stall); convince is social; screen is screen().
    The rest are logged with the GM's numbers (an attack's surprise or social) and story."""
    if kind not in ACTIONS:
        raise ValueError(f"no action '{kind}': the actions are {', '.join(ACTIONS)}")
    if kind == "screen":
        return screen(map_, conflict, actor, story=story)
    turn = turn_of(conflict, actor)
    token = map_.token(actor)
    own_turn(map_, conflict, actor, kind)
    if not turn.action:
        raise ValueError(f"{token.label} has no action left this turn (taken, given up, or lost to a screen)")
    if "down" in token.states and kind != "recover":
        raise ValueError(
            f"{token.label} is down: the action can only recover (\"you can't use your action for anything "
            'else until you resolve the down state")'
        )
    notes: list[str] = []
    changes: dict = {"action": False}
    numbers = dict(numbers or {})
    going = Going()
    if kind == "defend":
        changes.update(guards=turn.guards + 1, defenses=True, defense_turns=0)
    elif kind == "convince":
        numbers["social"] = 1
    elif kind == "attack":
        if target == actor:
            raise ValueError(f'{token.label} cannot attack themselves: an attack is on "a target" ("Action")')
        notes += attack_told(numbers)
    elif kind == "maneuver":
        changes["moved"] = True
        if to is not None or facing is not None:
            going = going_to(map_, token, to, facing, token.speeds.of(move), move, past_edge)
            notes += going.notes
            numbers.setdefault("areas", going.areas)
        else:  # steering or riding: the action is spent, and the GM is told nobody moved
            notes.append(f"no place given: {token.label} stays put")
    elif kind == "recover":
        patient = map_.token(target or actor)
        cured = [s for s in RECOVERED if s in patient.states]
        if cured:
            going = Going((patient.model_copy(update={"states": [s for s in patient.states if s not in cured]}),))
            said = f"{patient.label}'s {' and '.join(cured)} state{'s' if len(cured) > 1 else ''} eliminated"
        else:
            said = f"{patient.label} is not down"
        notes.append(said)
        story = f"{said}; {story}" if story else said
    conflict = with_turn(conflict, actor, **changes)
    target = target or (_where(map_, token, to, going) if kind == "maneuver" else "")
    conflict = logged(conflict, actor=actor, action=kind, target=target, numbers=numbers, story=story)
    return going.step(map_, conflict, _text(token, kind, target, map_, notes))


def screen(map_: Map, conflict: Conflict, actor: str, story: str = "") -> Step:
    """Screen: "abort your next action to defend yourself": defenses against every check
    until the turn after the lost action, no extra guard ("Screen"). Taken between turns it
    costs the next turn's action; taken in one's own turn with the action unspent, that one."""
    turn = turn_of(conflict, actor)
    now = conflict.turn == actor and turn.action
    notes = []
    if now:
        changes = {"action": False, "defenses": True, "defense_turns": 0}
    else:
        changes = {"lose_next_action": True, "defenses": True, "defense_turns": 1}
        if turn.lose_next_action:
            raise ValueError(f"{map_.token(actor).label} has screened already: the next action is lost to it")
    conflict = with_turn(conflict, actor, **changes)
    lost = "this action" if now else "the next action"
    said = "; ".join([f"loses {lost}", *notes])
    conflict = logged(conflict, actor=actor, action="screen", story=f"{said}; {story}" if story else said)
    return Step(conflict, f"{map_.token(actor).label} screens: {said}, defenses against every check")


def use_guard(conflict: Conflict, token: str, defense: str = "", against: str = "") -> Conflict:
    """Spend the guard on a check ("Once you use your guard it is gone until it resets on your
    next turn"); `defense` is the check used (parry, dodge, insight, counter, dive, retort),
    `against` whose check it contests. With no guard left it is refused."""
    turn = turn_of(conflict, token)
    if not turn.guards:
        raise ValueError(f"{token} has no guard left: it resets on the next turn (defend gives one more)")
    conflict = with_turn(conflict, token, guards=turn.guards - 1)
    return logged(conflict, actor=token, action=f"guard {defense}".strip(), target=against)


def use_extra(conflict: Conflict, token: str, defense: str, against: str = "") -> Conflict:
    """Spend the extra parry a fend gave or the extra retort a quip gave ("You gain an extra
    parry defense until your next turn")."""
    field, snap_word = {"parry": ("extra_parries", "fend"), "retort": ("extra_retorts", "quip")}.get(defense, ("", ""))
    if not field:
        raise ValueError(f"no extra defense '{defense}': fend gives a parry, quip a retort")
    left = getattr(turn_of(conflict, token), field)
    if not left:
        raise ValueError(f"no {defense} from a {snap_word} left: {snap_word} gives one until the next turn")
    conflict = with_turn(conflict, token, **{field: left - 1})
    return logged(conflict, actor=token, action=f"{snap_word} {defense}", target=against)


def own_turn(map_: Map, conflict: Conflict, actor: str, what: str) -> None:
    """Snaps and actions are taken "during your turn"; another's turn leaves only reactions."""
    if conflict.turn == actor:
        return
    name = map_.token(actor).label
    if conflict.turn is None:
        raise ValueError(f"no one's turn now: {name}'s {what} waits for {name}'s turn (Next Turn)")
    raise ValueError(f"it is {map_.token(conflict.turn).label}'s turn: {name} may only react now")


def face(map_: Map, conflict: Conflict | None, actor: str, facing: float) -> Step:
    """Pick a facing: "after you are finished with your maneuver or hustle you need to pick a
    facing. This facing will establish your flank until your next turn" ("Movement")."""
    token = map_.token(actor).model_copy(update={"facing": facing})
    if conflict is not None:
        conflict = logged(conflict, actor=actor, action="face", numbers={"facing": round(token.facing)})
    return Step(conflict, f"{token.label} faces {token.facing:g}°", (token,))


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
        found = next((o for o in (*map_.tokens, *map_.zones) if o.id == target), None)
        whom = f" {'to ' if kind in MOVES else ''}{found.label if found is not None else target}"
    tail = f" ({'; '.join(notes)})" if notes else ""
    return f"{token.label}: {kind}{whom}{tail}"

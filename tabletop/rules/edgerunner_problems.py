"""Long actions as problems, and how long an exchange lasts. Source:
../shared/rules/edgerunner-conflicts.txt, "Exchanges" and "Long actions".

"If you are trying to do something that would take longer than an exchange, then model it as
a problem that has an aspect (or two) and a stress track that can be attacked using a skill.
The stress threshold of such a problem is determined based on the difference between the
duration of an exchange and the time it would normally take with a mediocre roll. The
difference as steps on the time track is stress threshold of the problem."

A problem is a token with `problem` set, placed in a zone ("it may even be moved on the map"):
it is attacked to solve it, defended, recovered and takes aspects like any token, and never
takes a turn. Its track has boxes as edgerunner_stress.boxes_for says: at least five, and
never fewer than the threshold.
"""

from __future__ import annotations

import re

from tabletop.model import Aspect, Conflict, Map, StressTrack, Token, ZoneLocation
from tabletop.rules.edgerunner_state import check_playing
from tabletop.rules.edgerunner_stress import boxes_for
from tabletop.rules.play import Step, logged
from tabletop.rules.time_track import TIME_TRACK, steps_between

PROBLEM_TRACK = "progress"
"""A problem's stress track when the GM names none: stress on it is progress toward solving it."""
PROBLEM_SIDE = "problem"
PROBLEM_COLOUR = "#7f8c8d"


def set_duration(conflict: Conflict, duration: str) -> Step:
    """ "It is a good idea, for the sake of consistency, to pick a duration from the time
    track": how long every exchange of this conflict lasts."""
    check_playing(conflict)
    if duration not in TIME_TRACK:
        raise ValueError(f"'{duration}' is not a step of the time track")
    after = logged(conflict.model_copy(update={"duration": duration}), action="exchange lasts", story=duration)
    return Step(after, f"An exchange lasts {duration}")


def problem_threshold(conflict: Conflict, takes: str) -> int:
    """Steps on the time track from an exchange's duration to the time the action takes."""
    if not conflict.duration:
        raise ValueError(
            'set how long an exchange lasts first ({"do": "duration", ...}): a problem\'s threshold counts from it'
        )
    steps = steps_between(conflict.duration, takes)
    if steps <= 0:
        raise ValueError(f"{takes} fits in one exchange ({conflict.duration}): take it as an action, not a problem")
    return steps


def make_problem(
    map_: Map,
    conflict: Conflict,
    name: str,
    zone: str,
    aspect: str,
    takes: str,
    *,
    second_aspect: str = "",
    track: str = "",
) -> Step:
    """A problem for a long action, placed in `zone`, with its aspect(s) and a stress track
    whose threshold is the steps from an exchange's duration to what it `takes`."""
    check_playing(conflict)
    threshold = problem_threshold(conflict, takes)
    name = " ".join(name.split())
    if not name:
        raise ValueError("a problem has a name")
    if any(t.label.casefold() == name.casefold() for t in map_.tokens):
        raise ValueError(f"a token called '{name}' is on the map already: name the problem otherwise")
    if not any(z.id == zone for z in map_.zones):
        raise ValueError(f"no zone '{zone}' on the map")
    aspects = [Aspect(name=a) for a in dict.fromkeys((aspect, second_aspect)) if a.strip()]
    if not aspects:
        raise ValueError("a problem has an aspect (or two)")
    token = Token(
        id=_free_id(map_, name),
        name=name,
        side=PROBLEM_SIDE,
        colour=PROBLEM_COLOUR,
        location=ZoneLocation(zone=zone),
        problem=True,
        aspects=aspects,
        stress=[StressTrack(name=track or PROBLEM_TRACK, boxes=boxes_for(threshold), threshold=threshold)],
    )
    story = f"{'; '.join(a.name for a in aspects)}. It takes {takes}; an exchange lasts {conflict.duration}."
    after = logged(conflict, action="problem", target=token.id, numbers={"threshold": threshold}, story=story)
    return Step(after, f"Problem: {name}", tokens=(token,))


def _free_id(map_: Map, name: str) -> str:
    """An id from the name ("Jammed door" -> "problem-jammed-door"), numbered if taken."""
    stem = "problem-" + (re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:60] or "long-action")
    taken = {t.id for t in map_.tokens}
    found, number = stem, 2
    while found in taken:
        found, number = f"{stem}-{number}", number + 1
    return found

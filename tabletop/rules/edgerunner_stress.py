"""Edgerunner stress arithmetic on one track: marking stress, clearing boxes, free invokes.

"If a character receives stress higher than his threshold on any of its stress tracks, he is
considered taken out"; a defense replaces the threshold while it holds, so the threshold that
counts is the defended one when there is one.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.model import StressTrack

FREE_INVOKE_STEPS = (1, 3, 6)
"""Maneuver: "One shift on the roll buys you a free invoke ... Two more shifts buys a second
free invoke, three more buys a third": 1, 3 and 6 shifts."""


TRACK_BOXES = 5
"""Boxes of a track made in play (a problem's, or one the referee's threshold gives something
attacked): as many as a character's track in the samples, and never fewer than the threshold,
so a defense that raises the threshold has boxes above it to mark."""


def boxes_for(threshold: int) -> int:
    """The boxes of a new track with this threshold (a track holds at most 100)."""
    return min(max(threshold, TRACK_BOXES), 100)


@dataclass(frozen=True)
class Hit:
    """What stress did to a track: the box it marked, or that it took the owner out."""

    track: StressTrack
    box: int | None
    taken_out: bool


def take_stress(track: StressTrack, stress: int) -> Hit:
    """Stress of n marks box n; a marked box rolls up to the next free one within the threshold.

    Stress higher than the threshold takes the owner out, and so does stress with no free box
    left at or above it ("something Gatto cannot handle with all the previous stress he
    suffered"). No stress (0 or less after resistance) leaves the track as it is.
    """
    if stress <= 0:
        return Hit(track, None, False)
    limit = min(track.threshold_now, track.boxes)
    if stress > track.threshold_now:
        return Hit(track, None, True)
    for box in range(stress, limit + 1):
        if box not in track.marked:
            return Hit(track.model_copy(update={"marked": sorted([*track.marked, box])}), box, False)
    return Hit(track, None, True)


def recovery_cost(boxes: list[int]) -> int:
    """Recovery: "You need a number of shifts equal to the box number to clear a single box"."""
    return sum(boxes)


def clear_boxes(track: StressTrack, boxes: list[int], shifts: int) -> StressTrack:
    """The track with these boxes cleared; ValueError when one is not marked or the shifts fall
    short ("You cannot clear a box unless you get enough shifts")."""
    if len(set(boxes)) != len(boxes):
        raise ValueError(f"box {next(b for b in boxes if boxes.count(b) > 1)} is named twice")
    unmarked = [b for b in boxes if b not in track.marked]
    if unmarked:
        raise ValueError(f"box {unmarked[0]} of the {track.name} track is not marked")
    cost = recovery_cost(boxes)
    if boxes and cost > shifts:
        listed = ", ".join(str(b) for b in sorted(boxes))
        raise ValueError(f"clearing box {listed} costs {shifts_text(cost)}; the roll gave {shifts}")
    return track.model_copy(update={"marked": [b for b in track.marked if b not in boxes]})


def shifts_text(n: int) -> str:
    """ "1 shift", "2 shifts": the number as a GM reads it in a message."""
    return f"{n} shift" if n in (1, -1) else f"{n} shifts"


def best_recovery(track: StressTrack, shifts: int) -> list[int]:
    """The marked boxes that clear the most stress for the shifts ("any number of boxes anywhere
    on the track as long as you have enough shifts"), preferring higher boxes on a tie."""
    if shifts <= 0 or not track.marked:
        return []
    budget = min(shifts, recovery_cost(track.marked))
    best: dict[int, list[int]] = {0: []}
    for box in sorted(track.marked, reverse=True):
        for spent, chosen in sorted(best.items(), reverse=True):
            total = spent + box
            if total <= budget and total not in best:
                best[total] = [*chosen, box]
    return sorted(best[max(best)])


def free_invokes(shifts: int) -> int:
    """Free invokes a maneuver buys: 0 shifts place the aspect alone, 1 buys one, 3 two, 6 three."""
    return sum(1 for step in FREE_INVOKE_STEPS if shifts >= step)

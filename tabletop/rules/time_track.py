"""The time track: loose spans of time, one step each, for how long an Edgerunner exchange
lasts and how long a long action would take.

The conflicts text asks for an exchange's duration "from the time track" and counts a
problem's stress threshold as "the difference as steps on the time track", but does not
print the track. This one runs from an instant to a lifetime in the text's own loose words
("a few seconds" and "a couple of weeks" are its examples, both on it); each step is
roughly a few times the one before, so a difference of steps reads the same anywhere on it.
"""

from __future__ import annotations

TIME_TRACK: tuple[str, ...] = (
    "an instant",
    "a few seconds",
    "half a minute",
    "a minute",
    "a few minutes",
    "15 minutes",
    "half an hour",
    "an hour",
    "a few hours",
    "an afternoon",
    "a day",
    "a few days",
    "a week",
    "a couple of weeks",
    "a month",
    "a few months",
    "a season",
    "half a year",
    "a year",
    "a few years",
    "a decade",
    "a lifetime",
)


def step_of(span: str) -> int:
    """Where a span stands on the track (0 for an instant); ValueError for one not on it."""
    try:
        return TIME_TRACK.index(span)
    except ValueError:
        raise ValueError(f"'{span}' is not a step of the time track ({TIME_TRACK[0]} ... {TIME_TRACK[-1]})") from None


def steps_between(shorter: str, longer: str) -> int:
    """How many steps of the track `longer` lies past `shorter` (negative when it is shorter)."""
    return step_of(longer) - step_of(shorter)

"""AF encounter: what an attack carries into the log, its check and the damage it deals.

Source: ../shared/rules/af-encounter.txt, "Action" ("Attack: Hack, aim, or taunt a target. Roll
damage if you succeed.") and "Defense" ("A defense contests an opponent's check against you. You
may declare your defense (and what type) after seeing the opponent's result."). The GM types
what the dice said: which check (hack, aim or taunt), its result, which a defense contests, and
the damage rolled when it succeeded. The text leaves where damage goes to the encounter, so it
is logged with the attack for the GM to apply, never applied on the app's guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CHECK_WORDS = ("hack", "aim", "taunt")
"""The checks an attack makes ("Hack, aim, or taunt a target")."""
SOCIAL_CHECKS = ("taunt",)
"""A taunt is a social attack: contested with insight, never dodged or parried ("Defense")."""
RESULT_KEYS = (*CHECK_WORDS, "check")
"""The log's number that holds an attack's result: the check's word, or "check" when the GM
gave a result without naming the check."""


def attack_numbers(step: Mapping[str, Any], numbers: dict[str, int], story: str) -> tuple[dict[str, int], str]:
    """The attack's log numbers and story from the form's or the command line's step: the
    result under its check's word ("aim 14"), the damage, and a taunt marked social. A check
    named without a result is told in the story, as numbers hold numbers only."""
    numbers = dict(numbers)
    check = step.get("check") or ""
    if check in SOCIAL_CHECKS:
        numbers["social"] = 1
    if step.get("result") is not None:
        numbers[check or "check"] = step["result"]
    elif check:
        story = f"{check}; {story}" if story else check
    if step.get("damage") is not None:
        numbers["damage"] = step["damage"]
    return numbers, story


def result_of(numbers: Mapping[str, int]) -> tuple[str, int] | None:
    """The attack's check and its result as logged ("aim", 14), or None when none was typed."""
    return next(((key, numbers[key]) for key in RESULT_KEYS if key in numbers), None)


def attack_told(numbers: Mapping[str, int]) -> list[str]:
    """The attack's check and damage in words, for the step's text and the reaction's helper."""
    words = []
    found = result_of(numbers)
    if found is not None:
        words.append(f"{found[0]} {found[1]}")
    if "damage" in numbers:
        words.append(f"damage {numbers['damage']}")
    return words

"""A card confrontation written down: {"action": P, "confronting": [P, ...]}, each P a
character with its numbers, the activated effect it declares and the cards it lays down, as
`tabletop confront` reads from a file and `tabletop play` takes in a "confront" step. Every
problem is one SpecError line."""

from __future__ import annotations

from typing import Any

from tabletop.model.base import MAX_GAME_NUMBER
from tabletop.rules.cards import JOKER, Card, Character, Confrontation, ConfrontationError, is_joker

NUMBERS = ("skill", "attribute", "advantages", "disadvantages", "damage", "played_this_round")
FIELDS = {"name", "gm", "cards", "effect", *NUMBERS}
MAX_NUMBER = MAX_GAME_NUMBER
"""A Skill, an Attribute or a count of advantages is a few units; past this it is a typo."""
MAX_NAME = 200
"""A character's name, as a token's: one line a GM reads at a glance."""
MAX_CONFRONTERS = 100
MAX_CARDS = 100
"""Cards one character lays in one confrontation: the Attribute bounds them, a few units."""
SHOWN = 40
"""The most of a refused value a refusal repeats: enough to find it, never a flood."""
MAX_EFFECT = 500
"""An activated effect is named in a few words ("Reflex booster: +2")."""


class SpecError(ValueError):
    """A confrontation spec that cannot be played out."""


def character(data: Any, where: str) -> tuple[Character, list[Card]]:
    """One participant of the spec and the cards it plays, in order."""
    if not isinstance(data, dict):
        raise SpecError(f"{where} is not an object with a name")
    name = data.get("name")
    named = isinstance(name, str) and name.strip() and len(name) <= MAX_NAME and name.isprintable()
    unknown = sorted(set(data) - FIELDS)
    if unknown:  # said before a missing name: a misspelt "name" is one of them
        who = f"{where} '{name}'" if named else where
        raise SpecError(f"{who} has unknown field(s) {keys_shown(unknown)}; known: {', '.join(sorted(FIELDS))}")
    if not isinstance(name, str) or not name.strip():
        raise SpecError(f"{where} needs a name")
    if not named:
        raise SpecError(f"{where}'s name {shown(name)} is not one line of at most {MAX_NAME} printable characters")
    where = f"{where} '{name}'"
    for key in NUMBERS:
        value = data.get(key, 0)
        if isinstance(value, float):  # 6e0 or 6.0 is read as a fraction's number: said so, not as "6"
            raise SpecError(
                f"{where}: {key} must be a whole number from 0 to {MAX_NUMBER}, not {shown(value)} "
                "(a number with a point or an exponent)"
            )
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_NUMBER:
            raise SpecError(f"{where}: {key} must be a whole number from 0 to {MAX_NUMBER}, not {shown(value)}")
    if not isinstance(data.get("gm", False), bool):
        raise SpecError(f"{where}: gm must be true or false, not {shown(data['gm'])}")
    if data.get("gm") and (data.get("skill") or data.get("damage")):
        raise SpecError(f"{where}: the GM has no Skill and no damage counters")
    cards = data.get("cards", [])
    if not isinstance(cards, list) or len(cards) > MAX_CARDS:
        raise SpecError(f'{where}: cards must be a list of at most {MAX_CARDS} cards, 1-13 or "joker"')
    for card in cards:
        if is_joker(card):
            _, _, target = card.partition(":")
            if len(target) > MAX_NAME or not target.isprintable():
                raise SpecError(f'{where}: a joker names whose card it hits ("joker:NAME"), not {shown(target)}')
        elif isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= 13:
            raise SpecError(f'{where}: card {shown(card)} is not 1-13 or "{JOKER}"')
    effect(data, where)
    made = Character(name, **{k: data[k] for k in (*NUMBERS, "gm") if k in data})
    return made, cards


def effect(data: dict, where: str) -> str:
    """The activated effect a character declares (steps 4 and 5), or "" for none."""
    text = data.get("effect", "")
    if not isinstance(text, str) or len(text) > MAX_EFFECT or not text.isprintable():
        raise SpecError(f"{where}: effect must be one line of at most {MAX_EFFECT} characters, not {shown(text)}")
    return text.strip()


def keys_shown(keys: list[str]) -> str:
    """Unknown keys as a refusal names them: a word as it is, anything else shown(); the
    first three, and how many more."""
    said = [k if k.isidentifier() and len(k) <= SHOWN else shown(k) for k in keys[:3]]
    return ", ".join(said) + (f" and {len(keys) - 3} more" if len(keys) > 3 else "")


def shown(value: Any) -> str:
    """A refused value as a refusal repeats it: short, an object or a list by its brackets.
    Whoever shows the refusal escapes what a terminal or a widget cannot show."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, int):
        return str(value) if abs(value) < 10**SHOWN else f"a number over {SHOWN} digits long"
    if isinstance(value, float):  # as a number with a point: 6e0 is said as 6.0, never as the whole number 6
        said = f"{value:g}"
        return said if any(c in said for c in ".ein") else said + ".0"
    if isinstance(value, str):
        return repr(value) if len(value) <= SHOWN else repr(value[:SHOWN]) + f"... ({len(value):,} characters)"
    return {dict: "{...}", list: "[...]"}.get(type(value), type(value).__name__)


def effects_from(spec: dict) -> list[tuple[str, str]]:
    """The activated effects in the order the text declares them: 'all the characters that
    declared a counteraction' first (step 4), then 'the initial character' (step 5)."""
    found = [(data["name"], effect(data, f"confronter {n}")) for n, data in enumerate(spec["confronting"], 1)]
    found.append((spec["action"]["name"], effect(spec["action"], "the action")))  # checked by character()
    return [(name, text) for name, text in found if text]


def confrontation_from(spec: Any) -> tuple[Confrontation, dict[str, list[Card]]]:
    """The confrontation a spec describes, and each character's cards."""
    if not isinstance(spec, dict) or "action" not in spec or not isinstance(spec.get("confronting"), list):
        raise SpecError('expected {"action": P, "confronting": [P, ...]}')
    unknown = sorted(set(spec) - {"action", "confronting"})
    if unknown:
        raise SpecError(f"unknown field(s) {keys_shown(unknown)}; known: action, confronting")
    if len(spec["confronting"]) > MAX_CONFRONTERS:
        raise SpecError(f"at most {MAX_CONFRONTERS} confronters")
    action, action_cards = character(spec["action"], "the action")
    cards = {action.name: action_cards}
    confronting = []
    for number, data in enumerate(spec["confronting"], 1):
        made, own = character(data, f"confronter {number}")
        confronting.append(made)
        cards[made.name] = own
    gm = next((d for d in spec["confronting"] if d.get("gm")), None)
    if gm is not None and "attribute" in gm and gm["attribute"] != action.attribute:
        raise SpecError(
            f"the GM '{gm['name']}' has attribute {gm['attribute']}, but she counts the confronted "
            f"character's Attribute {action.attribute}"
        )
    try:
        return Confrontation(action, confronting), cards
    except ConfrontationError as error:
        raise SpecError(str(error)) from None

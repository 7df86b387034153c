"""Hostile maps: a sample map whose every name, title, note, description, aspect, side and story
is rewritten as markup (a picture 30,000 pixels wide, bold text, an ampersand), for the tests
that check user text is shown, written and exported as the characters typed."""

from __future__ import annotations

from typing import Any

from tabletop.model import Map

SHORT_KEYS = {"reserve", "core_values"}
"""Dicts whose keys are names of at most 40 characters (a side's Reserve scores, Core Values)."""
NAMED = {"name", "label", "side", "caller", "skill", "theme", "sets_up_first", "swings_first"}
"""Keys whose value is a name some other field may repeat: rewritten the same way everywhere."""
WRITTEN = {"title", "notes", "description", "gm_notes", "story"}
"""Keys whose value is text the GM wrote: rewritten whatever it holds (an empty one too)."""
NAMING = {"aspect", "track", "actor", "target"}
"""Keys that repeat a name (an aspect's, a track's, a participant's) or hold a word of the rules."""


def hostile(text: str, picture: str = "/tmp/x.png") -> str:
    """The text as markup a rich-text widget would act on: a huge picture, bold, an ampersand."""
    return f'<img src="{picture}" width=30000><b>{text}</b> & Co'


def short_hostile(text: str) -> str:
    """Markup that fits a 40-character name."""
    return f"<b>{text[:20]}</b> & Co"


def hostile_map(map_: Map, picture: str = "/tmp/x.png") -> Map:
    """The map with its user text rewritten as markup, every reference to a name kept whole."""
    data = map_.model_dump(mode="json")
    names: dict[str, str] = {}

    def collect(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in NAMED and isinstance(value, str) and value:
                    names.setdefault(value, hostile(value, picture))
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    def rewrite(node: Any, parent: str = "") -> Any:
        if isinstance(node, dict):
            found = {}
            for key, value in node.items():
                if parent in SHORT_KEYS:
                    key = short_hostile(key)
                if isinstance(value, str):
                    if key in WRITTEN:
                        value = hostile(value or key, picture)
                    elif key in NAMED or key in NAMING:
                        value = names.get(value, value)
                found[key] = rewrite(value, key)
            return found
        if isinstance(node, list):
            return [rewrite(value, parent) for value in node]
        return node

    collect(data)
    return Map.model_validate(rewrite(data))


def hostile_texts(map_: Map) -> list[str]:
    """Every rewritten text of the map, to look for where it is shown."""
    found: list[str] = []

    def collect(node: Any) -> None:
        if isinstance(node, dict):
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)
        elif isinstance(node, str) and "& Co" in node:
            found.append(node)

    collect(map_.model_dump(mode="json"))
    return found


def hostile_conflicts(picture: str = "/tmp/x.png") -> dict[str, Map]:
    """A hostile map in the middle of each system's conflict: the two saved mid-play samples
    rewritten, an extended conflict with reserve between three hostile sides after an offensive
    action and a fold, and a card confrontation between two hostile characters with effects."""
    from tabletop.play_samples import PLAY_SAMPLES
    from tabletop.rules import systems
    from tabletop.rules.play import applied
    from tabletop.samples import warehouse

    def played(steps: list[dict]) -> Map:
        map_ = hostile_map(warehouse(), picture)
        for step in steps:
            map_ = applied(map_, systems.perform(map_, map_.conflict, step))
        return map_

    kara, drone, clem = hostile("Kara", picture), hostile("Drone", picture), hostile("Clem", picture)
    sides = [
        {"name": kara, "offense": 9, "defense": 7, "force": 6, "reserve": {short_hostile("Body"): 3}},
        {"name": drone, "offense": 12, "defense": 5, "reserve": {short_hostile("Armour"): 5}},
        {"name": clem, "offense": 3, "reserve": {short_hostile("Body"): 2}},
    ]
    fold = {"do": "fold", "side": clem, "to": kara, "story": hostile("Clem gives in", picture)}
    attack = {"attacker": kara, "defender": drone, "attack": 30, "defense": 10, "story": hostile("a blow", picture)}
    erica = {"name": hostile("Erica", picture), "skill": 6, "attribute": 3, "cards": [5, 7, 13]}
    john = {"name": hostile("John", picture), "skill": 4, "attribute": 3, "cards": [8, 7]}
    erica["effect"] = hostile("Smart scope", picture)
    return {
        "edgerunner": hostile_map(PLAY_SAMPLES["warehouse-conflict"](), picture),
        "af": hostile_map(PLAY_SAMPLES["af-encounter-round3"](), picture),
        "reserve": played(
            [{"do": "start", "system": "reserve", "sides_given": sides}, {"do": "offensive", **attack}, fold]
        ),
        "cards": played(
            [
                {"do": "start", "system": "cards"},
                {"do": "confront", "action": erica, "confronting": [john], "story": hostile("a duel", picture)},
            ]
        ),
    }

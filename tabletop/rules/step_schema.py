"""The play steps in words and as a JSON Schema, made from the systems' own declarations
(rules/step_fields.py), so `tabletop play --help`, `tabletop schema --play` and the README can
never list a field the rules do not take."""

from __future__ import annotations

import json
from typing import Any

from tabletop.rules.step_fields import LIMIT, Field, Move, fields_of
from tabletop.rules.systems import START, RuleSystem, every, steps_of

WORDS: dict[str, str] = {
    "token": "a token's name or id",
    "participant": "a participant's name or id",
    "tokens": "a list of tokens",
    "order": "the participants, in their new order",
    "zone": "a zone's name or id",
    "border": "a border's label, 'Zone – Zone', or its id",
    "target": "a token or a border",
    "place": 'a zone, or an area: its name ("C5") or [row, col]',
    "holder": '"scene", or a token, zone or border ("zone Middle")',
    "aspect": "an aspect's name",
    "track": "a stress track's name",
    "number": "a whole number",
    "flag": "true or false",
    "line": "one line of text",
    "text": "text",
    "choice": "one of",
    "boxes": "a list of box numbers",
    "facing": "degrees (0 up, 90 right)",
    "by_token": "{token: number}",
    "sides": "{token: side}",
    "passages": "a list of passages as the map file writes them",
    "resist": '{"stress", "track", "consequences": [{"name", "shifts"}], "invokes", "shifts"}',
    "data": "JSON",
}


def field_words(spec: Field) -> str:
    kind = WORDS[spec.kind] + (f" {', '.join(spec.choices)}" if spec.kind == "choice" else "")
    star = "*" if spec.required else ""
    return f"{spec.name}{star} ({kind})"


def move_line(move: Move) -> str:
    """One line of help for a move: its step header and its fields."""
    head = {"act": "action", "snap": "snap", "react": "reaction"}.get(move.do)
    named = f'"do": "{move.do}", "{head}": "{move.word}"' if head else f'"do": "{move.word}"'
    fields = ", ".join(field_words(f) for f in fields_of(move))
    return f"  {{{named}}}  {fields}" if fields else f"  {{{named}}}"


def vocabulary() -> str:
    """Every step of every system, as `tabletop play --help` prints it."""
    lines = ["Every system:", move_line(START)]
    shared = [m for m in steps_of(RuleSystem()) if m.word not in ("start",)]
    lines += [move_line(m) for m in shared]
    for rules in every():
        lines += ["", f'{rules.title} (system "{rules.name}"):']
        if rules.start_fields:
            lines.append("  start also takes " + ", ".join(field_words(f) for f in rules.start_fields))
        lines += [move_line(m) for m in (*rules.moves, *rules.steps)]
    lines += ["", "* a field the step needs; names or ids are accepted for tokens, zones, borders and aspects."]
    return "\n".join(lines)


def _field_schema(spec: Field) -> dict[str, Any]:
    kind = spec.kind
    text = {"type": "string"}
    number = {"type": "integer", "minimum": max(spec.low, -LIMIT * 1000), "maximum": spec.high}
    shapes: dict[str, dict[str, Any]] = {
        "tokens": {"type": "array", "items": text},
        "order": {"type": "array", "items": text},
        "place": {"oneOf": [text, {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}]},
        "holder": {"oneOf": [text, {"type": "array", "items": text, "minItems": 2, "maxItems": 2}]},
        "number": number,
        "flag": {"type": "boolean"},
        "choice": {"enum": list(spec.choices)},
        "boxes": {"type": "array", "items": {"type": "integer", "minimum": 1}},
        "facing": {"type": "number"},
        "by_token": {"type": "object", "additionalProperties": number},
        "sides": {"type": "object", "additionalProperties": text},
        "passages": {"type": "array", "items": {"type": "object"}},
        "resist": {
            "oneOf": [
                {"type": "integer", "minimum": 0},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "stress": {"type": "integer", "minimum": 0},
                        "track": text,
                        "invokes": {"type": "integer", "minimum": 0},
                        "shifts": {"type": "integer", "minimum": 0},
                        "consequences": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["name"],
                                "additionalProperties": False,
                                "properties": {"name": text, "shifts": {"type": "integer", "minimum": 0}},
                            },
                        },
                    },
                },
            ]
        },
        "data": {},
    }
    found = dict(shapes.get(kind, text))
    found["description"] = spec.help or WORDS[kind]
    return found


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    """A field a step may leave out may also be written as null, which the rules read as left out."""
    described = {"description": schema.pop("description")} if "description" in schema else {}
    return {"anyOf": [schema, {"type": "null"}], **described} if schema else {**described}


def _move_schema(move: Move, extra: tuple[Field, ...] = ()) -> dict[str, Any]:
    head = {"act": "action", "snap": "snap", "react": "reaction"}.get(move.do)
    fields = (*fields_of(move), *extra)
    properties: dict[str, Any] = {"do": {"const": move.do}}
    if head:
        properties[head] = {"const": move.word}
    properties.update({f.name: _field_schema(f) if f.required else _or_null(_field_schema(f)) for f in fields})
    required = ["do", *([head] if head else []), *(f.name for f in fields if f.required)]
    schema = {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
    if move.says:
        schema["description"] = move.says
    return schema


def play_schema() -> dict[str, Any]:
    """The JSON Schema of a steps file: a list of steps, each one of every system's steps."""
    choices: list[dict[str, Any]] = []
    for rules in every():  # a start for each system, with what its own start takes
        start = _move_schema(START, rules.start_fields)
        start["properties"]["system"] = {"const": rules.name, "description": rules.title}
        choices.append(start)
    seen: set[str] = set()
    for rules in every():  # a move two systems share by name may take other fields in each
        for move in (*rules.moves, *steps_of(rules)):
            schema = _move_schema(move)
            key = json.dumps(schema, sort_keys=True)
            if key not in seen:
                seen.add(key)
                choices.append(schema)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Tabletop play steps",
        "description": "A list of play steps for `tabletop play`, applied in order; the first refused stops it.",
        "type": "array",
        "items": {"anyOf": choices},
    }

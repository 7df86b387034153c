"""A steps file's keys, and the word each step does, are words of the steps' vocabulary: a key
or a "do" that is no word is refused by the reader in one short line, never repeated whole;
every word a step takes passes."""

from __future__ import annotations

import json

import pytest

from tabletop.io import MapFileError
from tabletop.io.errors import printable_line
from tabletop.io.play_steps import MAX_WORD, read_steps
from tabletop.rules.step_schema import play_schema


def _refusal(tmp_path, steps) -> str:
    path = tmp_path / "steps.json"
    path.write_text(json.dumps(steps), encoding="utf-8")
    with pytest.raises(MapFileError) as caught:
        read_steps(path)
    said = str(caught.value)
    assert said.startswith(f"{path}: ") and printable_line(said) and len(said) < 300, said
    return said.removeprefix(f"{path}: ")


def test_a_long_key_is_refused_short(tmp_path):
    said = _refusal(tmp_path, [{"do": "next"}, {"do": "next", "k" * 100_000: 1}])
    assert said == "step 1 has a key '" + "k" * MAX_WORD + "'... (100,000 characters): no step takes a field so named"


def test_a_key_with_an_escape_is_refused_escaped(tmp_path):
    said = _refusal(tmp_path, [{"do": "next", "who\x1b[2J": 1}])
    assert said == "step 0 has a key 'who\\x1b[2J': no step takes a field so named"


def test_a_long_do_is_refused_short(tmp_path):
    said = _refusal(tmp_path, [{"do": "x" * 50_000}])
    assert said.startswith("step 0 does '" + "x" * MAX_WORD + "'... (50,000 characters): no step is called so")


def _words(schema) -> tuple[set[str], set[str]]:
    """Every key a step's schema names, and every word a step's "do" may be."""
    keys: set[str] = set()
    does: set[str] = set()
    stack = [schema]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            properties = value.get("properties")
            if isinstance(properties, dict):
                keys.update(properties)
                do = properties.get("do", {})
                does.update([do["const"]] if "const" in do else do.get("enum", []))
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return keys, does


def test_every_key_and_do_a_step_takes_passes_the_reader(tmp_path):
    keys, does = _words(play_schema())
    assert {"do", "actor", "who"} <= keys and {"start", "next", "confront"} <= does
    path = tmp_path / "steps.json"
    path.write_text(json.dumps([{**dict.fromkeys(keys, 1), "do": do} for do in sorted(does)]), encoding="utf-8")
    assert len(read_steps(path)) == len(does)

"""`tabletop play` as a script calls it: the steps applied in order through the registry, the
first refused stopping it with its index and one line; exit 0, 1 or 2; `-o` saves where it is
told and never over the map by accident; steps read from a file or standard input, carefully;
`--help` lists every system's steps and `tabletop schema --play` is their JSON Schema."""

from __future__ import annotations

import io
import json
import os
import sys

import jsonschema
import pytest

from tabletop.cli import main
from tabletop.io import load_map
from tabletop.rules import systems
from tests.cli.run import tabletop, tabletop_process

START = {"do": "start", "system": "edgerunner", "tokens": ["Gatto", "Hargan"], "caller": "Sandra"}


def _play(capsys, tmp_path, maps_dir, steps, *extra: str) -> tuple[int, str, str]:
    path = tmp_path / "steps.json"
    path.write_text(json.dumps(steps), encoding="utf-8")
    code = main(["play", str(maps_dir / "warehouse.tabletop"), str(path), *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_steps_apply_in_order_and_the_report_names_everything(capsys, tmp_path, maps_dir):
    steps = [
        START,
        {"do": "next", "who": "gatto"},
        {"do": "act", "actor": "Gatto", "action": "move", "to": "Middle", "shifts": 3},
    ]
    code, out, _ = _play(capsys, tmp_path, maps_dir, steps, "--json")
    report = json.loads(out)
    assert code == 0 and report["refused"] is None
    assert report["conflict"]["caller"] == "Sandra" and report["conflict"]["order"] == ["gatto"]
    moved = report["log"][-1]
    assert (moved["actor_name"], moved["action"], moved["target_name"], moved["numbers"]["cost"]) == (
        "Gatto",
        "move",
        "Middle",
        3,
    )


def test_the_first_refused_step_stops_it_with_its_index_and_one_line(capsys, tmp_path, maps_dir):
    steps = [
        START,
        {"do": "next", "who": "Gatto"},
        {"do": "act", "actor": "Gatto", "action": "move", "to": "Nowhere", "shifts": 2},
        {"do": "end_exchange"},
    ]
    code, out, _ = _play(capsys, tmp_path, maps_dir, steps, "--json")
    report = json.loads(out)
    assert code == 1
    assert report["refused"] == {"step": 2, "why": "to: no zone 'Nowhere' on the map"}
    assert report["conflict"]["exchange"] == 1  # the end of the exchange after it never ran
    code, out, _ = _play(capsys, tmp_path, maps_dir, steps)
    assert code == 1 and out.splitlines()[-1] == "refused at step 2: to: no zone 'Nowhere' on the map"


def test_a_missing_field_is_named_by_its_key_for_a_script_and_by_its_title_in_the_window(capsys, tmp_path, maps_dir):
    from tabletop.rules.step_fields import FieldMissing

    steps = [START, {"do": "next", "who": "Gatto"}, {"do": "act", "actor": "Gatto", "action": "move", "shifts": 2}]
    code, out, _ = _play(capsys, tmp_path, maps_dir, steps, "--json")
    assert code == 1 and json.loads(out)["refused"]["why"] == "'move' needs to zone (the step's 'to')"
    map_ = load_map(maps_dir / "warehouse.tabletop")
    with pytest.raises(FieldMissing) as refused:
        systems.perform(map_, None, {"do": "start", "system": "af", "tokens": ["Gatto"]})
    assert str(refused.value) == "'start' needs reflex" and refused.value.field == "reflexes"


def test_a_step_the_system_does_not_take_is_named(capsys, tmp_path, maps_dir):
    code, out, _ = _play(capsys, tmp_path, maps_dir, [START, {"do": "round"}], "--json")
    assert code == 1 and "takes no step 'round'" in json.loads(out)["refused"]["why"]
    code, out, _ = _play(capsys, tmp_path, maps_dir, [START, {"do": "next", "who": "Gatto", "bogus": 1}], "--json")
    assert "takes no field 'bogus'" in json.loads(out)["refused"]["why"]


def test_output_is_saved_only_where_told(capsys, tmp_path, maps_dir):
    before = (maps_dir / "warehouse.tabletop").read_bytes()
    out = tmp_path / "after.tabletop"
    code, _, _ = _play(capsys, tmp_path, maps_dir, [START, {"do": "next", "who": "Gatto"}], "-o", str(out))
    assert code == 0 and load_map(out).conflict.turn == "gatto"
    assert (maps_dir / "warehouse.tabletop").read_bytes() == before
    assert main(["play", str(maps_dir / "warehouse.tabletop"), "-o", str(tmp_path / "x.png")]) == 2


def test_steps_come_from_standard_input_and_bad_files_are_one_line(capsys, tmp_path, maps_dir, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps([START]).encode())))
    assert main(["play", str(maps_dir / "warehouse.tabletop"), "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["conflict"]["system"] == "edgerunner"
    cases = {
        "twice.json": ('[{"do": "start", "do": "close"}]', "appears twice"),
        "object.json": ('{"do": "start"}', "not play steps"),
        "deep.json": ("[" * 100 + "]" * 100, "nested too deeply"),
        "number.json": ("[" + "9" * 5000 + "]", "digits"),
    }
    for name, (text, said) in cases.items():
        (tmp_path / name).write_text(text)
        assert main(["play", str(maps_dir / "warehouse.tabletop"), str(tmp_path / name)]) == 1
        err = capsys.readouterr().err
        assert said in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert main(["play", str(maps_dir / "warehouse.tabletop"), str(fifo)]) == 1
    assert "not a regular file" in capsys.readouterr().err
    monkeypatch.setattr(sys, "stdin", None)  # started with standard input closed
    assert main(["play", str(maps_dir / "warehouse.tabletop"), "-"]) == 1
    assert capsys.readouterr().err == "<standard input>: is closed: pipe the steps in, or name a steps file\n"
    (tmp_path / "long.json").write_text(json.dumps([{"do": "state"}] * 10_001))
    assert main(["play", str(maps_dir / "warehouse.tabletop"), str(tmp_path / "long.json")]) == 1
    assert "holds 10,001 steps; at most 10,000" in capsys.readouterr().err


def test_a_name_the_terminal_cannot_show_is_escaped(maps_dir):
    steps = json.dumps([{**START, "caller": "Séverine"}]).encode()
    done = tabletop_process(
        "play", str(maps_dir / "warehouse.tabletop"), "-", stdin=steps, env={"PYTHONIOENCODING": "ascii"}
    )
    assert (done.code, done.err) == (0, "")
    assert "S\\xe9verine asks" in done.out


def test_a_target_a_token_and_a_border_are_both_called_is_asked_by_id(capsys, tmp_path, maps_dir):
    from tabletop.io import save_map

    map_ = load_map(maps_dir / "warehouse.tabletop")
    border = map_.borders[0]
    border.label = "Hargan"
    save_map(map_, tmp_path / "named.tabletop")
    steps = [
        START,
        {"do": "next", "who": "Gatto"},
        {"do": "act", "actor": "Gatto", "action": "attack", "target": "Hargan", "track": "health", "shifts": 1},
    ]
    (tmp_path / "steps.json").write_text(json.dumps(steps))
    assert main(["play", str(tmp_path / "named.tabletop"), str(tmp_path / "steps.json"), "--json"]) == 1
    why = json.loads(capsys.readouterr().out)["refused"]["why"]
    assert why == "target: 'Hargan' names a token and a border: give the one meant by its id"
    steps[-1]["target"] = "hargan"
    (tmp_path / "steps.json").write_text(json.dumps(steps))
    assert main(["play", str(tmp_path / "named.tabletop"), str(tmp_path / "steps.json")]) == 0


def test_help_lists_every_step_of_every_system(capsys):
    assert main(["play", "--help"]) == 0
    text = capsys.readouterr().out
    for rules in systems.every():
        assert rules.title in text
        for move in (*rules.moves, *rules.steps):
            assert f'"{move.word}"' in text, f"{rules.name} {move.word} missing from --help"


def test_the_play_schema_accepts_what_play_takes_and_refuses_what_it_refuses(capsys, maps_dir, tmp_path):
    assert main(["schema", "--play"]) == 0
    schema = json.loads(capsys.readouterr().out)
    good = [
        START,
        {"do": "next", "who": "Gatto"},
        {"do": "act", "actor": "Gatto", "action": "attack", "target": "Hargan", "track": "health", "shifts": 2},
    ]
    jsonschema.validate(good, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate([{"do": "act", "actor": "Gatto", "action": "attack", "bogus": 1}], schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate([{"do": "fly"}], schema)
    with pytest.raises(jsonschema.ValidationError):  # an AF start needs its reflexes
        jsonschema.validate([{"do": "start", "system": "af", "tokens": ["Kell"]}], schema)
    af = [  # moves named as Edgerunner's are, with AF's own fields
        {"do": "act", "actor": "Mira", "action": "attack", "target": "Raider", "surprise": True},
        {"do": "act", "actor": "Kell", "action": "maneuver", "to": [7, 4], "facing": 90},
        {"do": "add", "tokens": ["Archer"], "reflexes": {"Archer": 4}},
    ]
    jsonschema.validate(af, schema)
    left_out = {"do": "act", "actor": "Gatto", "action": "attack", "target": "Hargan", "track": "health", "shifts": 2}
    jsonschema.validate([{**left_out, "aspect": None, "story": None}], schema)
    code, _, err = _play(capsys, tmp_path, maps_dir, [*good[:2], {**left_out, "aspect": None, "story": None}])
    assert code == 0, err


def test_a_value_the_map_cannot_hold_is_refused_in_the_readers_words(capsys, tmp_path, maps_dir):
    """A side, a caller or a consequence's name the model refuses is said as the map's reader
    says it, never in the validator's words or patterns."""
    attack = {"do": "act", "actor": "Gatto", "action": "attack", "target": "Hargan", "track": "health", "shifts": 3}
    cases = [
        ([{**START, "sides": {"Gatto": "a\nb"}}], "side: holds a line break"),
        ([{**START, "caller": "\ud800"}], "caller: holds a character that cannot be saved (a lone surrogate, U+D800)"),
        (
            [START, {"do": "next", "who": "Gatto"}, {**attack, "resist": {"consequences": [{"name": "x\x07"}]}}],
            "name: holds a control character (U+0007)",
        ),
    ]
    for steps, said in cases:
        code, out, _ = _play(capsys, tmp_path, maps_dir, steps, "--json")
        why = json.loads(out)["refused"]["why"]
        assert code == 1 and why.startswith(said), why
        assert "pattern" not in why and "pydantic" not in why and "validation error" not in why


def test_a_refusal_naming_a_long_word_is_one_short_line(capsys, tmp_path, maps_dir):
    steps = tmp_path / "steps.json"
    steps.write_text(json.dumps([{"do": "act", "actor": "Gatto", "action": "move", "to": "M" * 9000}]))
    result = tabletop(capsys, "play", str(maps_dir / "warehouse-conflict.tabletop"), str(steps))
    [line] = [line for line in result.out.splitlines() if line.startswith("refused at step 0")]
    assert len(line) < 300 and line.endswith("…")

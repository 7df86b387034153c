"""`tabletop confront` reads its spec as carefully as a map, and `tabletop reserve-loss` bounds
every number: each refusal one line, never a hang, a flood or an internal error."""

from __future__ import annotations

import json
import os

import pytest

from tabletop.cli.conflicts import MAX_ROLL, MAX_SCORE, SPEC_BYTES
from tabletop.model.base import MAX_GAME_NUMBER
from tabletop.rules import reserve
from tests.cli.run import tabletop

LONG = "9" * 4300
LONGER = "9" * 4301


def test_the_commands_bounds_are_the_rules_bounds():
    assert MAX_ROLL == reserve.MAX_ROLL and MAX_SCORE == MAX_GAME_NUMBER


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--attack", LONG, "--defense", "3"], "argument --attack: a number 4300 digits long is more than 10000"),
        (["--attack", LONGER, "--defense", "3"], "argument --attack: a number 4301 digits long is more than 10000"),
        (["--attack", "10001", "--defense", "3"], "argument --attack: 10001 is more than 10000"),
        (["--attack", "5", "--defense", "3", "--attacker-force", LONG], "a number 4300 digits long is more than 1000"),
        (["--attack", "5", "--defense", "3", "--defender-force", "-2"], "argument --defender-force: '-2' is below 0"),
        (["--attack", "5", "--defense", "3", "--weapon", "1001"], "argument --weapon: 1001 is more than 1000"),
        (["--attack", "5e3", "--defense", "3"], "argument --attack: '5e3' is not a whole number"),
    ],
)
def test_reserve_loss_refuses_a_number_out_of_bounds_in_one_short_line(capsys, args, problem):
    result = tabletop(capsys, "reserve-loss", *args)
    assert result.code == 2 and result.out == ""
    error = result.err.splitlines()[-1]
    assert error.endswith(problem) and len(error) < 200, "the digits are never echoed"


def test_reserve_loss_at_the_bounds_works(capsys):
    result = tabletop(
        capsys, "reserve-loss", "--attack", str(MAX_ROLL), "--defense", "0", "--attacker-force", "1000",
        "--defender-force", "0", "--weapon", "1000", "--json",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert json.loads(result.out)["lost"] == 2 + (MAX_ROLL - 1) + 1 + 1000


def _confront(capsys, path):
    result = tabletop(capsys, "confront", str(path))
    assert result.code == 1 and result.out == ""
    assert result.err.count("\n") == 1
    return result.err


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(capsys, tmp_path):
    pipe = tmp_path / "spec.json"
    os.mkfifo(pipe)
    assert (
        _confront(capsys, pipe)
        == f"{pipe}: is not a regular file (a device or a pipe): only confrontation specs can be read\n"
    )


def test_a_device_is_refused_before_anything_is_read(capsys):
    assert "is not a regular file" in _confront(capsys, "/dev/zero")


def test_a_spec_past_the_size_cap_is_refused(capsys, tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (SPEC_BYTES + 1))
    error = _confront(capsys, big)
    assert error.startswith(f"{big}: is ") and error.endswith("; a confrontation spec may be at most 1 MB\n")


def test_a_key_written_twice_is_refused(capsys, tmp_path):
    spec = tmp_path / "twice.json"
    spec.write_text('{"action": {"name": "A", "skill": 1, "skill": 9}, "confronting": [{"name": "B"}]}')
    error = _confront(capsys, spec)
    assert error.startswith(f"{spec}: is not valid JSON at line 1") and "skill" in error


def test_a_number_too_long_for_python_is_one_line(capsys, tmp_path):
    spec = tmp_path / "long.json"
    spec.write_text('{"action": {"name": "A", "skill": ' + LONGER + '}, "confronting": [{"name": "B"}]}')
    error = _confront(capsys, spec)
    assert error.startswith(f"{spec}: ") and "4301 digits" in error and len(error) < 300


def test_a_long_number_python_can_read_is_refused_by_its_length_and_place(capsys, tmp_path):
    spec = tmp_path / "long.json"
    spec.write_text('{"action": {"name": "A", "skill": ' + LONG + '}, "confronting": [{"name": "B"}]}')
    assert _confront(capsys, spec) == (
        f"{spec}: holds a number 4300 digits long at line 1, column 35: "
        "no number in a confrontation spec has more than 20 digits\n"
    )


def test_a_number_past_the_specs_bounds_is_refused_and_shown(capsys, tmp_path):
    spec = tmp_path / "big.json"
    spec.write_text('{"action": {"name": "A", "skill": 99999999999}, "confronting": [{"name": "B"}]}')
    assert _confront(capsys, spec) == (
        f"{spec}: the action 'A': skill must be a whole number from 0 to 1000, not 99999999999\n"
    )


def test_a_folder_is_refused(capsys, tmp_path):
    assert _confront(capsys, tmp_path) == f"{tmp_path}: is a folder, not a confrontation spec\n"


@pytest.mark.parametrize("typed", ["\x1b[31m5", "5\x1b]0;owned\x07", "1\n2", "12345678901234\x1b567890123"])
def test_reserve_loss_shows_a_typed_escape_sequence_escaped(capsys, typed):
    result = tabletop(capsys, "reserve-loss", "--attack", typed, "--defense", "3")
    assert result.code == 2 and result.out == ""
    error = result.err.splitlines()[-1]
    assert error.startswith("tabletop reserve-loss: error: argument --attack: '") and error.endswith(
        "' is not a whole number"
    )
    assert error.isprintable() and ("\\x1b" in error or "\\n" in error)


@pytest.mark.parametrize(
    ("written", "said"), [("6e0", "6.0"), ("6.0", "6.0"), ("6.5", "6.5"), ("1e3", "1000.0"), ("1e+308", "1e+308")]
)
def test_a_spec_number_with_a_point_or_an_exponent_is_refused_as_written(capsys, tmp_path, written, said):
    spec = tmp_path / "float.json"
    spec.write_text('{"action": {"name": "A", "skill": ' + written + '}, "confronting": [{"name": "B"}]}')
    assert _confront(capsys, spec) == (
        f"{spec}: the action 'A': skill must be a whole number from 0 to 1000, not {said} "
        "(a number with a point or an exponent)\n"
    )


def test_a_card_with_a_point_is_refused_as_written(capsys, tmp_path):
    spec = tmp_path / "card.json"
    spec.write_text('{"action": {"name": "A", "cards": [5e0]}, "confronting": [{"name": "B"}]}')
    assert _confront(capsys, spec) == f"{spec}: the action 'A': card 5.0 is not 1-13 or \"joker\"\n"

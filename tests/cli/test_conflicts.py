"""`tabletop reserve-loss` and `tabletop confront`: JSON out, text out, and one line for a bad spec."""

from __future__ import annotations

import json

import pytest

from tests.cli.run import tabletop

ERICA_AND_JOHN = {
    "action": {"name": "Erica", "skill": 6, "attribute": 3, "cards": [5, 7, 13]},
    "confronting": [{"name": "John", "skill": 4, "attribute": 3, "cards": [8, 7]}],
}


def _spec(tmp_path, spec, name="spec.json"):
    path = tmp_path / name
    path.write_text(spec if isinstance(spec, str) else json.dumps(spec))
    return str(path)


def test_reserve_loss_json_gives_the_loss_and_why(capsys):
    result = tabletop(
        capsys, "reserve-loss", "--attack", "30", "--defense", "10", "--attacker-force", "6",
        "--defender-force", "2", "--weapon", "1", "--subtle", "--json",
    )  # fmt: skip
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["lost"] == 2 + 2 + 1 + 1 - 1
    assert data["why"][1] == "30 is 3 times 10: +2"
    assert len(data["why"]) == 5


def test_reserve_loss_text_and_a_defenders_win(capsys):
    result = tabletop(capsys, "reserve-loss", "--attack", "9", "--defense", "12")
    assert result.code == 0
    assert result.out.splitlines()[0] == "Reserve lost: 0"


@pytest.mark.parametrize(
    "args",
    [
        ["reserve-loss", "--defense", "3"],
        ["reserve-loss", "--attack", "-1", "--defense", "3"],
        ["reserve-loss", "--attack", "4", "--defense", "3", "--weapon", "-2"],
        ["reserve-loss", "--attack", "four", "--defense", "3"],
        ["confront"],
    ],
)
def test_usage_errors_exit_2(capsys, args):
    result = tabletop(capsys, *args)
    assert result.code == 2
    assert "usage: tabletop" in result.err


def test_confront_erica_and_john_json(capsys, tmp_path):
    result = tabletop(capsys, "confront", _spec(tmp_path, ERICA_AND_JOHN), "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["plays"] == [["John", 8, 12], ["Erica", 5, 11], ["Erica", 7, 18], ["John", 7, 19], ["Erica", 13, 31]]
    assert data["values"] == {"Erica": 31, "John": 19}
    assert data["inferior"] == []
    assert data["results"] == [
        {
            "confronter": "John",
            "winner": "Erica",
            "margin": 12,
            "level": "critical",
            "outcome": "against John: Erica succeeds, critical (31 to 19)",
        }
    ]
    assert data["action_succeeds"] is True and data["verdict"] == "The action succeeds."


def test_confront_text_with_the_gm_and_a_joker(capsys, tmp_path):
    spec = {
        "action": {"name": "Edward", "skill": 6, "attribute": 2, "advantages": 1, "cards": [8, 9]},
        "confronting": [{"name": "GM", "gm": True, "advantages": 2, "cards": [10, "joker"]}],
    }
    result = tabletop(capsys, "confront", _spec(tmp_path, spec))
    assert result.code == 0, result.err
    assert result.out.splitlines() == [
        "GM plays 10: 10",
        "Edward plays 8: 14",
        "GM plays a joker: Edward's last card (8) is worth 0",
        "Values: Edward 6, GM 10",
        "Inferior: Edward (against GM)",
        "against the GM: fails (6 to 10)",
        "The action fails: the GM won.",
    ]


def test_confront_multiple_with_the_gm_json(capsys, tmp_path):
    spec = {
        "action": {"name": "Vic", "skill": 4, "attribute": 2, "cards": [6, 5]},
        "confronting": [
            {"name": "Ana", "skill": 2, "attribute": 2, "cards": [3]},
            {"name": "GM", "gm": True, "advantages": 2, "cards": [9, 8]},
        ],
    }
    data = json.loads(tabletop(capsys, "confront", _spec(tmp_path, spec), "--json").out)
    assert data["inferior"] == ["Vic"]
    found = [(r["confronter"], r["winner"], r["margin"]) for r in data["results"]]
    assert found == [("Ana", "Vic", 10), ("GM", "GM", 7)]
    assert data["action_succeeds"] is False


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("{not json", "is not valid JSON at line 1, column 2"),
        ({"action": {"name": "A"}}, 'expected {"action": P, "confronting": [P, ...]}'),
        ({"action": {"name": "A"}, "confronting": []}, "nobody confronts the action"),
        ({"action": {"name": "A"}, "confronting": [{"name": "B", "cards": [14]}]}, "card 14 is not 1-13"),
        ({"action": {"name": "A"}, "confronting": [{"name": "B", "skill": -1}]}, "skill must be a whole number"),
        ({"action": {"name": "A"}, "confronting": [{"skil": 1, "name": "B"}]}, "unknown field(s) skil"),
        ({"action": {"name": "A"}, "confronting": [{"name": "A"}]}, "two participants share a name"),
        (
            {"action": {"name": "A", "attribute": 2}, "confronting": [{"name": "G", "gm": True, "attribute": 3}]},
            "counts the confronted character's Attribute 2",
        ),
    ],
)
def test_a_bad_spec_is_one_line_naming_the_file_and_exits_1(capsys, tmp_path, spec, problem):
    path = _spec(tmp_path, spec)
    result = tabletop(capsys, "confront", path)
    assert result.code == 1
    assert result.out == ""
    assert result.err.startswith(f"{path}: ") and problem in result.err
    assert result.err.count("\n") == 1


def test_a_missing_spec_is_one_line(capsys, tmp_path):
    path = str(tmp_path / "nowhere.json")
    result = tabletop(capsys, "confront", path)
    assert result.code == 1
    assert result.err == f"{path}: cannot be read: No such file or directory\n"

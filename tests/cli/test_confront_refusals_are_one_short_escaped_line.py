"""`tabletop confront` says every refusal of a spec in one line naming the file: a name with a
new line or a terminal escape is shown escaped, a long value shortened, an unknown key named
with where it stands; the values it refuses are the spec's, never a flood of them."""

from __future__ import annotations

import json

import pytest

from tabletop.io.errors import printable_line
from tests.cli.run import tabletop

ERICA = {"name": "Erica", "skill": 2, "attribute": 3, "cards": [5]}
JOHN = {"name": "John", "attribute": 3, "cards": [7]}
ESCAPE = "\x1b[31mred\nline"


def _refusal(capsys, path) -> str:
    result = tabletop(capsys, "confront", str(path))
    assert result.code == 1 and result.out == ""
    assert result.err.count("\n") == 1 and printable_line(result.err.rstrip("\n")), result.err
    assert len(result.err) < 400 and "Traceback" not in result.err
    return result.err.rstrip("\n")


def _spec(tmp_path, spec, name="spec.json"):
    path = tmp_path / name
    path.write_text(json.dumps(spec), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        (
            {"action": {**ERICA, "name": "Erica" + ESCAPE}, "confronting": [JOHN]},
            "the action's name 'Erica\\x1b[31mred\\nline' is not one line of at most 200 printable characters",
        ),
        (
            {"action": {**ERICA, "cards": ["joker:" + ESCAPE]}, "confronting": [JOHN]},
            "the action 'Erica': a joker names whose card it hits (\"joker:NAME\"), not '\\x1b[31mred\\nline'",
        ),
        (
            {"action": {**ERICA, "cards": ["x" * 100_000]}, "confronting": [JOHN]},
            "the action 'Erica': card '" + "x" * 40 + '\'... (100,000 characters) is not 1-13 or "joker"',
        ),
        (
            {"action": {**ERICA, "cards": [{"deep": [1, 2]}]}, "confronting": [JOHN]},
            "the action 'Erica': card {...} is not 1-13 or \"joker\"",
        ),
        (
            {"action": ERICA, "confronting": [{**JOHN, "effect": "Reflex booster" + ESCAPE}]},
            "confronter 1 'John': effect must be one line of at most 500 characters, "
            "not 'Reflex booster\\x1b[31mred\\nline'",
        ),
        (
            {"action": ERICA, "confronting": [{**JOHN, "colour": "red"}]},
            "confronter 1 'John' has unknown field(s) colour; known: advantages",
        ),
        (
            {"action": ERICA, "confronting": [JOHN], "y" * 5000 + ESCAPE: 1, "a": 2, "b": 3, "c": 4},
            "unknown field(s) a, b, c and 1 more; known: action, confronting",
        ),
        (
            {"action": {**ERICA, "gm": "yes"}, "confronting": [JOHN]},
            "the action 'Erica': gm must be true or false, not 'yes'",
        ),
    ],
)
def test_a_bad_spec_is_one_short_escaped_line_naming_the_file(capsys, tmp_path, spec, said):
    path = _spec(tmp_path, spec)
    assert _refusal(capsys, path).startswith(f"{path}: {said}")


def test_a_joker_naming_nobody_in_the_confrontation_is_refused_by_name(capsys, tmp_path):
    path = _spec(tmp_path, {"action": {**ERICA, "cards": ["joker:Zed"]}, "confronting": [JOHN]})
    assert _refusal(capsys, path) == f"{path}: Erica's joker cannot hit 'Zed', who does not confront Erica"


def test_a_spec_file_named_with_an_escape_is_named_escaped(capsys, tmp_path):
    path = _spec(tmp_path, {"action": ERICA, "confronting": [{**JOHN, "name": "Erica"}]}, "m\n\x1b[31m.json")
    assert _refusal(capsys, path) == f"{tmp_path}/m\\n\\x1b[31m.json: two participants share a name"


def test_a_good_spec_still_plays_out(capsys, tmp_path):
    result = tabletop(capsys, "confront", str(_spec(tmp_path, {"action": ERICA, "confronting": [JOHN]})), "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["values"] == {"Erica": 7, "John": 7}

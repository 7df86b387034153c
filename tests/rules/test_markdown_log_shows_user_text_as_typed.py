"""The Markdown log of a hostile map (names, sides, titles and stories written as HTML and
Markdown) in the middle of each system's conflict: every such text is escaped wherever it
stands, in a table cell or outside the table, so a Markdown viewer shows it as typed, loads no
picture and keeps each log entry one row of six cells."""

from __future__ import annotations

import re

import pytest

from tabletop.model import Map
from tabletop.rules.conflict_log import MARKDOWN_SPECIAL, log_markdown
from tests.hostile import hostile, hostile_conflicts

CONFLICTS = hostile_conflicts()
UNESCAPED = re.compile(r"(?<!\\)(?:\\\\)*[<>&]")
"""A `<`, `>` or `&` no backslash escapes: the log's own Markdown uses none."""
CELL_BORDER = re.compile(r"(?<!\\)\|")


def escaped(text: str) -> str:
    """The text as the log must write it: one line, each Markdown character escaped."""
    return "".join(f"\\{c}" if c in MARKDOWN_SPECIAL else c for c in " ".join(text.split()))


@pytest.mark.parametrize("system", list(CONFLICTS))
def test_every_name_side_title_and_story_is_escaped(system):
    map_ = CONFLICTS[system]
    text = log_markdown(map_)
    assert not UNESCAPED.search(text.replace("\\\\", "")), "an HTML tag or entity of the map's text is left as it is"
    conflict = map_.conflict
    names = [map_.title, conflict.caller, *(p.side for p in conflict.participants)]
    names += [t.label for t in map_.tokens if any(p.token == t.id for p in conflict.participants)]
    for name in filter(None, names):
        assert escaped(name) in text, f"{name!r} is not written as typed"
    for entry in conflict.log:
        if entry.story:
            assert escaped(entry.story) in text


@pytest.mark.parametrize("system", list(CONFLICTS))
def test_each_log_entry_stays_one_row_of_six_cells(system):
    map_ = CONFLICTS[system]
    rows = [line for line in log_markdown(map_).splitlines() if line.startswith("|")]
    assert len(rows) == 2 + len(map_.conflict.log)
    for row in rows:
        assert len(CELL_BORDER.findall(row)) == 7, row


def test_a_story_of_several_lines_with_pipes_and_emphasis_is_one_cell():
    map_ = CONFLICTS["edgerunner"]
    story = "**Boss** | `rm -rf` _x_\n# not a heading\n| --- |"
    log = [*map_.conflict.log[:-1], map_.conflict.log[-1].model_copy(update={"story": story})]
    text = log_markdown(map_, map_.conflict.model_copy(update={"log": log}))
    last = [line for line in text.splitlines() if line.startswith("|")][-1]
    assert last.endswith(f"| {escaped(story)} |")
    assert "\\*\\*Boss\\*\\* \\| \\`rm -rf\\` \\_x\\_ \\# not a heading \\| --- \\|" in last


def test_with_no_conflict_the_title_is_escaped_too():
    title = hostile("Heist")
    text = log_markdown(Map(title=title))
    assert text.startswith(f"# {escaped(title)}\n")
    assert not UNESCAPED.search(text)

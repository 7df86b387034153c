"""`tabletop play` and `tabletop info` print the conflict a line per thing (its state, each
participant, each log entry): a story the GM typed over several lines stays on its own line,
and the names of a hostile map are printed as typed."""

from __future__ import annotations

import pytest

from tabletop.rules.conflict_log import conflict_lines, entry_line
from tests.hostile import hostile_conflicts

CONFLICTS = hostile_conflicts()


def test_an_ended_conflicts_story_of_several_lines_is_one_line():
    map_ = CONFLICTS["edgerunner"]
    story = "Jade scuttles Gatto out.\n\nThe corp keeps the crates;\n\tHargan limps home."
    ended = map_.model_copy(update={"conflict": map_.conflict.model_copy(update={"ended": "ended", "story": story})})
    lines = conflict_lines(ended)
    assert lines[0] == "Edgerunner conflict: ended (ended): " + " ".join(story.split())
    assert len(lines) == 1 + len(map_.conflict.participants), "one line each participant after it"


@pytest.mark.parametrize("system", list(CONFLICTS))
def test_each_participant_and_log_entry_is_one_line_naming_them_as_typed(system):
    map_ = CONFLICTS[system]
    conflict = map_.conflict
    lines = conflict_lines(map_)
    assert all("\n" not in line for line in lines)
    labels = {t.id: t.label for t in map_.tokens}
    for participant in conflict.participants:
        assert any(labels[participant.token] in line for line in lines[1:])
    for entry in conflict.log:
        line = entry_line(map_, entry)
        assert "\n" not in line
        assert " ".join(entry.story.split()) in line

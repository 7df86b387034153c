"""Whether sight goes through a passage and a border: a closed or locked door blocks it, an open
or broken door and open ground do not, a window always lets it through, a wall never, and a
border with no passage is a wall."""

from __future__ import annotations

import pytest

from tabletop.model import Border, Door, Passage


@pytest.mark.parametrize(("state", "blocks"), [("open", False), ("broken", False), ("closed", True), ("locked", True)])
def test_a_doors_state_decides(state, blocks):
    assert Passage(door=Door(state=state)).blocks_sight is blocks


def test_open_ground_lets_sight_through():
    assert Passage().blocks_sight is False


def test_a_window_lets_sight_through_though_no_one_passes():
    window = Passage(cost_from_a=None, cost_from_b=None, sight="clear")
    assert window.blocks_sight is False
    assert Passage(door=Door(state="locked"), sight="clear").blocks_sight is False  # a glass door


def test_a_blocked_passage_blocks_even_with_its_door_open():
    assert Passage(door=Door(state="open"), sight="blocked").blocks_sight is True


def test_a_border_blocks_sight_only_when_every_passage_does():
    closed = Passage(door=Door(state="closed"))
    assert Border(id="b", a="x", b="y", passages=[closed]).blocks_sight
    assert not Border(id="b", a="x", b="y", passages=[closed, Passage(sight="clear")]).blocks_sight
    assert Border(id="b", a="x", b="y", passages=[]).blocks_sight  # no passage: a wall

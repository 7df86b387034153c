"""One AF exchange played through on maps/af-encounter.tabletop: five rounds with Mira, Kell
and the raider; a maneuver and a hustle, a defend, a guard spent, a down state, a screen, and
the grid trimmed back to 3x3 at the end with the raider gone off the old edge."""

from __future__ import annotations

from tabletop.model import Map
from tabletop.rules import af
from tabletop.rules.growth import grow
from tabletop.rules.play import Step
from tests.rules.af_play import applied, creek


class Table:
    """The map as the GM's document holds it, each play step applied in turn."""

    def __init__(self, map_: Map) -> None:
        self.map = map_

    def play(self, step: Step) -> Step:
        self.map = applied(self.map, step)
        return step

    @property
    def conflict(self):
        return self.map.conflict

    def next(self) -> Step:
        return self.play(af.next_turn(self.map, self.conflict))

    def at(self, token: str):
        return self.conflict.participant(token).af

    def mark(self, token: str, *states: str) -> None:
        """The GM clicks a state on a token (the dock's edit, outside the rules)."""
        marked = self.map.token(token).model_copy(update={"states": list(states)})
        self.map = self.map.model_copy(update={"tokens": [marked if t.id == token else t for t in self.map.tokens]})


def test_an_exchange_of_five_rounds_with_three_tokens():
    table = Table(creek())
    table.play(af.start(table.map, ["kell", "mira", "raider"], {}, {"mira": 5, "kell": 3, "raider": 3}))
    grown = grow(table.map.grids[0], table.map.tile_sets[0], "east")  # the zone extended as the fight moves
    table.map = table.map.model_copy(update={"grids": [grown]})
    assert table.conflict.order == ["mira", "kell", "raider"]

    # Round 1. Mira maneuvers her speed of 2, then hustles 1 more (the minimum after a maneuver).
    table.play(af.act(table.map, table.conflict, "mira", "maneuver", to=(8, 4), facing=90))
    hustle = table.play(af.snap(table.map, table.conflict, "mira", "hustle", to=(8, 5), facing=90))
    assert "beyond" not in hustle.text and table.map.token("mira").location.col == 5
    assert (table.at("mira").snaps, table.at("mira").action) == (0, False)
    table.next()  # Kell defends: an extra guard and a defense against every check
    table.play(af.act(table.map, table.conflict, "kell", "defend"))
    table.next()  # the raider attacks Kell, who parries with a guard and keeps the other
    table.play(af.act(table.map, table.conflict, "raider", "attack", target="kell", numbers={"roll": 4}))
    table.map = table.map.model_copy(update={"conflict": af.use_guard(table.conflict, "kell", "parry")})
    assert af.defenses_of(table.conflict, "kell") == ["guard", "a defense against every check"]

    # Round 2. Mira knocks the raider down; Kell's defend lapses and he hustles without a maneuver.
    assert table.next().conflict.round == 2
    table.play(af.act(table.map, table.conflict, "mira", "attack", target="raider", story="a shove into the creek"))
    table.mark("raider", "down")
    table.next()
    assert af.defenses_of(table.conflict, "kell") == ["guard"]
    assert af.hustle_areas(table.map.token("kell"), after_maneuver=False) == 1  # run 3: half, rounded down
    table.play(af.snap(table.map, table.conflict, "kell", "hustle", to=(7, 4), facing=90))
    down = table.next()  # the raider's action goes to getting up
    assert "down: loses the next action" in down.text and not table.at("raider").action
    assert table.map.token("raider").states == []
    table.play(af.screen(table.map, table.conflict, "mira"))  # Mira aborts her next action as he closes

    # Round 3. Mira has lost her action but keeps her defenses; the raider runs east.
    table.next()
    assert table.conflict.round == 3 and not table.at("mira").action
    assert "a defense against every check" in af.defenses_of(table.conflict, "mira")
    table.next()
    table.play(af.act(table.map, table.conflict, "kell", "attack", target="raider"))
    table.next()
    table.play(af.act(table.map, table.conflict, "raider", "maneuver", to=(7, 11), facing=90))

    # Round 4. Mira's screen is spent: her action is back and her defenses gone.
    table.next()
    assert table.at("mira").action and af.defenses_of(table.conflict, "mira") == ["guard"]
    table.next()
    table.next()
    table.play(af.act(table.map, table.conflict, "raider", "maneuver", to=(7, 13), facing=90))
    table.play(af.snap(table.map, table.conflict, "raider", "hustle", to=(7, 14), facing=90))

    # Round 5, then the exchange ends: the grid is cut back and the raider, off the old edge, has left.
    table.next()
    table.next()
    table.next()
    table.play(af.act(table.map, table.conflict, "raider", "maneuver", to=(7, 15), facing=90))
    assert table.conflict.round == 5
    end = table.next()
    assert table.map.grids[0].tile_bounds() == (0, 0, 2, 2)
    assert table.map.token("raider").location is None and "Raider exits the encounter" in end.text
    assert table.conflict.order == ["mira", "kell"], "the raider has left the order at once"
    assert (table.conflict.exchange, table.conflict.round, table.conflict.turn) == (2, 1, None)
    turns = [entry for entry in table.conflict.log if entry.action == "turn"]
    assert len(turns) == 15 and {entry.round for entry in turns} == {1, 2, 3, 4, 5}
    assert [e.story for e in table.conflict.log if e.action == "attack"][1] == "a shove into the creek"

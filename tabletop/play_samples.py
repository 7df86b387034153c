"""Sample maps saved mid-conflict, made by playing the rules on the samples (so they stay
valid as the rules and the file format grow): the warehouse in its second Edgerunner
exchange, and the AF ambush at the creek in round 3 of its first exchange.

Run `python -m tabletop.play_samples maps` to write them again."""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop.model import Map
from tabletop.rules import af, edgerunner
from tabletop.rules.play import Step, applied, logged
from tabletop.samples import af_encounter, warehouse


def _bookkeeping(map_: Map, conflict, text: str) -> Map:
    return applied(map_, Step(conflict, text))


def warehouse_conflict() -> Map:
    """Gatto and Hargan in the warehouse: an auction, a move through the aisles, a maneuver with
    free invokes, the end of the first exchange, and Hargan's attack in the second."""
    map_ = warehouse()
    map_.title = "The warehouse, mid-conflict"
    map_ = applied(map_, edgerunner.start(map_, ["gatto", "hargan"], caller="Sandra"))
    map_ = _bookkeeping(map_, edgerunner.auction(map_.conflict, {"gatto": 1, "hargan": 0}), "auction")
    story = "Gatto vaults a pallet and squeezes through the racks."
    map_ = applied(map_, edgerunner.move(map_, map_.conflict, "gatto", "z2", 4, skill="Athletics", story=story))
    map_ = _bookkeeping(map_, edgerunner.claim(map_.conflict, "hargan"), "claim")
    story = "Hargan kicks over a shelf: crates everywhere."
    step = edgerunner.maneuver(map_, map_.conflict, "hargan", ("zone", "z2"), "Crates everywhere", 3, story=story)
    map_ = applied(map_, step)
    map_ = _bookkeeping(map_, edgerunner.end_exchange(map_.conflict), "end exchange")
    map_ = _bookkeeping(map_, edgerunner.claim(map_.conflict, "hargan"), "claim")
    story = "Two shots ring out; one grazes Gatto's arm."
    step = edgerunner.attack(map_, map_.conflict, "hargan", "gatto", "health", 2, skill="Firearms", story=story)
    return applied(map_, step)


REFLEXES = {"kell": 3, "mira": 5, "raider": 2, "archer": 4}


def af_encounter_round3() -> Map:
    """The ambush at the creek in round 3 of the first exchange: Mira defends and fends, the
    archer shoots Kell down, Kell wades the creek and hustles, the raider screens and then
    closes in; the third round has begun with Mira's and the archer's turns."""
    map_ = af_encounter()
    map_.title = "Ambush at the creek, round 3"
    map_ = applied(map_, af.start(map_, list(REFLEXES), {}, REFLEXES))
    plays = {
        (1, "mira"): [("act", "defend", {"story": "Mira plants her feet behind the ferns."}), ("snap", "fend", {})],
        (1, "archer"): [("act", "attack", {"target": "kell", "story": "An arrow from the old wall, wide."})],
        (1, "kell"): [("act", "maneuver", {"to": (7, 5), "facing": 90.0, "story": "Kell splashes into the creek."})],
        (1, "raider"): [("act", "screen", {"story": "The raider ducks behind his shield."})],
        (2, "mira"): [("act", "attack", {"target": "raider", "story": "Mira's sling cracks on the shield."})],
        (2, "archer"): [("act", "attack", {"target": "kell", "story": "The second arrow drops Kell in the water."})],
        (2, "kell"): [("snap", "hustle", {"to": (7, 6), "facing": 90.0, "story": "Kell crawls to the bank."})],
        (2, "raider"): [("act", "maneuver", {"to": (7, 8), "facing": 270.0, "story": "The raider wades in."})],
    }
    while (map_.conflict.round, map_.conflict.turn) != (3, "archer"):
        actor = map_.conflict.turn
        for kind, what, extra in plays.get((map_.conflict.round, actor), []):
            call = af.act if kind == "act" else af.snap
            map_ = applied(map_, call(map_, map_.conflict, actor, what, **extra))
            if (map_.conflict.round, actor, what) == (2, "archer", "attack"):
                map_ = _down(map_, "kell")
        map_ = applied(map_, af.next_turn(map_, map_.conflict))
    return map_


def _down(map_: Map, token_id: str) -> Map:
    """The GM sets the down state the damage called for (dice stay at the table)."""
    token = map_.token(token_id)
    down = token.model_copy(update={"states": [*token.states, "down"]})
    return applied(map_, Step(logged(map_.conflict, actor=token_id, action="down"), "down", tokens=(down,)))


PLAY_SAMPLES = {"warehouse-conflict": warehouse_conflict, "af-encounter-round3": af_encounter_round3}


def write_play_samples(folder: Path) -> None:
    """Each sample saved as the window saves a map, so the files are the current format."""
    from tabletop.io import EXTENSION, save_map

    for name, build in PLAY_SAMPLES.items():
        save_map(build(), folder / f"{name}{EXTENSION}", backup=False)


if __name__ == "__main__":
    write_play_samples(Path(sys.argv[1] if len(sys.argv) > 1 else "maps"))

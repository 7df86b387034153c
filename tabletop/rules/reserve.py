"""Extended conflicts with reserve: rolls typed in, reserve lost, order, fold, escape, at your mercy.

The dice stay physical: the GM types both rolls (after the Reserve both sides spent) and these
functions do the bookkeeping the text asks for, each loss with the why of every step, so a table
can check the arithmetic instead of redoing it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

MAX_ROLL = 10_000
"""The largest roll taken: the table's hardest minimum is 200, so a roll past this is a typo."""
BASE_LOSS = 2
"""'If the attacker's roll is higher, the defender loses two points of Reserve.'"""
FORCE_GAP = 3
"""'The attacker's Force score is three points or more above the defender's Force score.'"""


class ReserveError(ValueError):
    """A conflict step the text does not allow, such as escaping without Reserve to spend."""


@dataclass(frozen=True)
class Difficulty:
    """One line of the simple rolls' table: the minimum roll and who can usually achieve it."""

    minimum: int
    who: str


DIFFICULTIES: tuple[Difficulty, ...] = (
    Difficulty(10, "Even the untrained and unenhanced can do this most days."),
    Difficulty(20, "Those with a small amount of either training or luck."),
    Difficulty(
        40,
        "People with a little of both, or highly enhanced folks having a bad day. "
        "This is about the best that unenhanced characters can usually expect.",
    ),
    Difficulty(60, "A moderately trained character with excellent luck, or an exceptional one with a modicum of work."),
    Difficulty(80, "The well-trained, with luck or effort."),
    Difficulty(100, "The highly enhanced with the best luck they can get."),
    Difficulty(125, "That, plus a modicum of effort."),
    Difficulty(150, "Major efforts from some of the best folks in the universe."),
    Difficulty(200, "Only the very best, on their best days or with significant assistance."),
)
"""Who can usually achieve a minimum roll, 'assuming they spend a little Reserve'."""


def simple_roll(roll: int, minimum: int) -> bool:
    """'If you roll equal to or higher than that number, things go your way.'"""
    return roll >= minimum


def difficulty(minimum: int) -> Difficulty | None:
    """The table's line for a minimum the GM set: the hardest line it reaches (a minimum of 50
    is read against the 40 line); None below the table's easiest, 10."""
    reached = [d for d in DIFFICULTIES if d.minimum <= minimum]
    return reached[-1] if reached else None


def core_value_bonus(rating: int) -> int:
    """+1 to an attempt strongly tied to a Core Value (or to the convincer's Metatech when the
    argument is consistent with the other's), '+2 if your CV is 5 or higher'."""
    return 2 if rating >= 5 else 1


@dataclass(frozen=True)
class Score:
    """The score a side rolls with this time: its combined score and what is added to it.

    Core Values are added to the score, 'not your roll!': the dice stay physical, the players
    roll the raised score, and the GM types the dice as they fell. So a Core Value changes
    what is rolled and never the arithmetic on the rolls typed. Nor does it change Force: the
    text adds it 'for the purposes of resisting' (the roll), and says a CV's bonus to Metatech
    'does not change the timescale', so it stays out of what else is worked from a score; Force
    is the raw-force Capability compared between the sides, a number of its own."""

    side: str
    word: str
    base: int
    added: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        return self.base + sum(points for _, points in self.added)

    def words(self) -> str:
        """ "Drone rolls Defense 4 + CV Loyalty 3 = 7", as the table reads it."""
        parts = "".join(f" + {why} {points}" for why, points in self.added)
        total = f" = {self.total}" if self.added else ""
        return f"{self.side} rolls {self.word} {self.base}{parts}{total}"


def resisting(rating: int) -> int:
    """'Add your rating in the appropriate CV to your score (not your roll!) ... for the
    purposes of resisting' an argument against your Core Values: the rating itself."""
    return rating


@dataclass(frozen=True)
class Contest:
    """A contested roll: the roll-off and every re-roll of the tied, and the winner (None
    while the highest are still tied: `tied` must re-roll)."""

    rolls: tuple[Mapping[str, int], ...]
    winner: str | None
    tied: tuple[str, ...]
    highest: int


def contest(rolls: Mapping[str, int], rerolls: Iterable[Mapping[str, int]] = ()) -> Contest:
    """'All sides roll off, and whoever rolls the highest wins ... Ties can be settled by a
    re-roll': each re-roll is by those tied highest in the roll before, and by them only.
    Choice: only a tie for the highest is re-rolled; a tie lower down decides nothing."""
    if len(rolls) < 2:
        raise ReserveError("a contested roll needs two sides or more")
    rounds = (dict(rolls), *(dict(again) for again in rerolls))
    among = list(rolls)
    for number, rolled in enumerate(rounds):
        if set(rolled) != set(among):
            who = ", ".join(among)
            raise ReserveError(f"re-roll {number}: {who} were tied and re-roll, and only they")
        highest = max(rolled.values())
        leaders = [name for name in among if rolled[name] == highest]
        if len(leaders) == 1:
            if number < len(rounds) - 1:
                raise ReserveError(f"{leaders[0]} won roll {number}: a re-roll after it has nothing to settle")
            return Contest(rounds, leaders[0], (), highest)
        among = leaders
    return Contest(rounds, None, tuple(among), highest)


SUBSTITUTED_BY = ("reserve", "dice")
"""'Other Professions can often be substituted by spending a point of Reserve or taking -1 to
the roll on both dice.'"""


@dataclass(frozen=True)
class Substitution:
    """A side rolling another Profession than the chart's: by one point of Reserve (from the
    score `pays` names), or by -1 on both dice (the GM types the roll as rolled with it)."""

    side: str
    by: str
    profession: str = ""
    pays: str = ""

    def words(self) -> str:
        what = f"substitutes {self.profession}" if self.profession else "substitutes another Profession"
        cost = f"1 Reserve from {self.pays}" if self.by == "reserve" else "-1 on both dice (the roll as rolled)"
        return f"{self.side} {what}: {cost}"


@dataclass(frozen=True)
class ReserveLoss:
    """The Reserve a defender loses from one offensive action, and a line for every step of it."""

    lost: int
    why: tuple[str, ...]


def multiples(attack: int, defense: int) -> int:
    """How many times the attacker's roll holds the defender's: +1 at twice, +1 more per multiple.

    Choice: a defender's roll of 0 counts as 1 here, since every multiple of 0 is 0 and the text's
    '3x, 4x, and so on' would never end; a 0 so costs exactly what a 1 would."""
    return attack // max(defense, 1)


def reserve_loss(
    attack: int,
    defense: int,
    *,
    attacker_force: int | None = None,
    defender_force: int | None = None,
    weapon: int = 0,
    subtle: bool = False,
) -> ReserveLoss:
    """The defender's loss for one offensive action; 0 unless the attacker's roll is higher.

    Choice: on equal rolls nothing happens, since only 'if the attacker's roll is higher' costs
    Reserve. Force counts only when both Force scores are given. The modifiers add up; the sum is
    never below 0 (the 2 less at most two -1s, as a weapon's x is never negative), and never for the
    attacker: 'you can only ever lose Reserve when you are the defender'."""
    if weapon < 0:
        raise ReserveError(f"a weapon's extra loss is never negative (got {weapon})")
    if attack <= defense:
        word = "higher than" if attack < defense else "equal to"
        return ReserveLoss(0, (f"the defender's roll {defense} is {word} the attacker's {attack}: nothing happens",))
    lost = BASE_LOSS
    why = [f"the attacker's roll {attack} is higher than the defender's {defense}: {BASE_LOSS}"]
    times = multiples(attack, defense)
    if times >= 2:
        lost += times - 1
        counted = "a roll of 0 counts as 1, so " if defense == 0 else ""
        why.append(f"{counted}{attack} is {times} times {max(defense, 1)}: +{times - 1}")
    if attacker_force is not None and defender_force is not None:
        if attacker_force - defender_force >= FORCE_GAP:
            lost += 1
            why.append(f"the attacker's Force {attacker_force} is 3 or more above the defender's {defender_force}: +1")
        elif defender_force - attacker_force >= FORCE_GAP:
            lost -= 1
            why.append(f"the defender's Force {defender_force} is 3 or more above the attacker's {attacker_force}: -1")
    if weapon:
        lost += weapon
        why.append(f"the weapon's extra loss: +{weapon}")
    if subtle:
        lost -= 1
        why.append("a subtle contest: -1")
    return ReserveLoss(lost, tuple(why))


@dataclass(frozen=True)
class Participant:
    """One side of an extended conflict: combined Offense, Defense and Force scores, and the
    Reserve left on each defensive score (the defender picks which of them pays a loss)."""

    name: str
    offense: int
    defense: int = 0
    force: int = 0
    reserve: Mapping[str, int] = field(default_factory=dict)

    @property
    def total_reserve(self) -> int:
        return sum(self.reserve.values())

    @property
    def at_your_mercy(self) -> bool:
        """'A target that is out of Reserve is said to be at your mercy.' Choice: out of Reserve
        means none left on any defensive score, since a loss may be paid from either."""
        return self.total_reserve == 0


def turn_order(participants: Iterable[Participant], first: str | None = None) -> list[Participant]:
    """'Whoever swings first, swings first'; after them, 'use Offense scores ... the highest
    combined score goes first'. Choice: equal scores keep the order they were given in."""
    ordered = sorted(participants, key=lambda p: -p.offense)
    starter = [p for p in ordered if p.name == first]
    return starter + [p for p in ordered if p.name != first]


def lose_reserve(participant: Participant, points: int, score: str) -> Participant:
    """Take points from the defensive score the defender picked. Choice: what that score cannot
    pay comes from the other scores in their order, since the loss is of Reserve as a whole;
    Reserve never goes below 0 and what nobody can pay is not owed."""
    if points == 0 or not participant.reserve:
        return participant
    if score not in participant.reserve:
        raise ReserveError(f"{participant.name} has no defensive score '{score}'")
    reserve = dict(participant.reserve)
    for name in [score, *(s for s in reserve if s != score)]:
        paid = min(points, reserve[name])
        reserve[name] -= paid
        points -= paid
    return replace(participant, reserve=reserve)


def spend(participant: Participant, spent: Mapping[str, int]) -> Participant:
    """Reserve spent on a roll, per defensive score; spending more than is left is refused."""
    reserve = dict(participant.reserve)
    for score, points in spent.items():
        left = reserve.get(score, 0)
        if points < 0 or points > left:
            raise ReserveError(f"{participant.name} cannot spend {points} from '{score}' ({left} left)")
        reserve[score] -= points
    return replace(participant, reserve=reserve)


@dataclass(frozen=True)
class Outcome:
    """One timeslice's offensive action after the rolls: the loss, both sides after it, and whether
    the attacker may take a victory (a win against a target with no Reserve)."""

    attacker: Participant
    defender: Participant
    loss: ReserveLoss
    victory: bool


def offensive_action(
    attacker: Participant,
    defender: Participant,
    attack: int,
    defense: int,
    *,
    pays: str,
    attacker_spends: Mapping[str, int] | None = None,
    defender_spends: Mapping[str, int] | None = None,
    weapon: int = 0,
    subtle: bool = False,
) -> Outcome:
    """Steps 1 to 3 of a timeslice: both sides spend, the outcome comes after, the defender pays.

    'If you win a roll against a target with no Reserve, you can take whatever sort of victory is
    appropriate': victory is judged on the Reserve left after this timeslice's spending."""
    attacker = spend(attacker, attacker_spends or {})
    defender = spend(defender, defender_spends or {})
    loss = reserve_loss(
        attack, defense, attacker_force=attacker.force, defender_force=defender.force, weapon=weapon, subtle=subtle
    )
    victory = attack > defense and defender.at_your_mercy
    return Outcome(attacker, lose_reserve(defender, loss.lost, pays), loss, victory)


def escape(
    escaper: Participant,
    opponent: Participant,
    attack: int,
    escape_roll: int,
    *,
    pays: str,
    escaper_spends: Mapping[str, int] | None = None,
    opponent_spends: Mapping[str, int] | None = None,
    weapon: int = 0,
    subtle: bool = False,
) -> tuple[bool, Outcome]:
    """Roll to escape instead of defending: it costs one Reserve, and 'if they lose, you can get
    away. If they win, you lose Reserve as normal' (its modifiers and both sides' spending too).
    Choice: equal rolls let you get away, as the opponent only wins with a higher roll (the
    same rule as 3a and 3b)."""
    if escaper.total_reserve < 1:
        raise ReserveError(f"{escaper.name} has no Reserve to spend on escaping")
    paid = lose_reserve(escaper, 1, pays)
    outcome = offensive_action(
        opponent,
        paid,
        attack,
        escape_roll,
        pays=pays,
        attacker_spends=opponent_spends,
        defender_spends=escaper_spends,
        weapon=weapon,
        subtle=subtle,
    )
    return attack <= escape_roll, outcome


@dataclass(frozen=True)
class Fold:
    """'Allowing your opponent to choose their victory condition and retaining your Reserve.'"""

    folded: Participant
    victor: Participant


def fold(folded: Participant, victor: Participant) -> Fold:
    """Folding ends the conflict: the victor chooses the victory; no Reserve changes hands."""
    return Fold(folded, victor)

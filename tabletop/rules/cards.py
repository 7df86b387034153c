"""Card confrontations: action values, advantages, inferiority, who plays next, jokers, resolution.

Cards stay physical: the GM types each card played and a Confrontation keeps the running action
values the text asks everyone to say out loud, steps 6 to 9 of 'Resolving a Confrontation'.
A multiple confrontation is worked pair by pair: each confronter against the initial action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

JOKER = "joker"
COURT = range(11, 14)
"""Court cards: 11 to 13 (jack, queen, king); a critical success needs one as the last card."""
DECISIVE, CRITICAL = 5, 10


class ConfrontationError(ValueError):
    """A confrontation the text does not allow: a card out of 1-13, a GM with a Skill, two GMs..."""


Card = int | str
"""A card as typed: 1 to 13, or "joker" (a joker played by the initial action against several
confronters names its target: "joker:NAME")."""


@dataclass(frozen=True)
class Character:
    """Someone in a confrontation, or the GM (gm=True), who has no Skill and counts the confronted
    character's Attribute."""

    name: str
    skill: int = 0
    attribute: int = 0
    advantages: int = 0
    disadvantages: int = 0
    damage: int = 0
    gm: bool = False
    played_this_round: int = 0
    """Cards already played with this Attribute in this initiative round, in earlier actions:
    'the total number of cards played by a character during an initiative round can never be
    higher than the Attribute used, regardless of the number of actions'."""

    @property
    def skill_value(self) -> int:
        """'Skill values are reduced by one per damage counter ... to a minimum of 0'; the GM's is 0."""
        return 0 if self.gm else max(0, self.skill - self.damage)

    @property
    def all_disadvantages(self) -> int:
        """'If the Skill value of a character is 0 he will suffer a disadvantage', but not the GM.
        Choice: the Skill value after damage counters, the one added to the action value."""
        return self.disadvantages + (1 if not self.gm and self.skill_value == 0 else 0)


def pair_advantages(one: Character, other: Character) -> tuple[int, int]:
    """Advantages left to each of two opponents: 'each disadvantage cancels one advantage, and if the
    character has no advantages to be cancelled, it gives one advantage to the character confronting him'."""
    net_one = one.advantages - one.all_disadvantages
    net_other = other.advantages - other.all_disadvantages
    return max(net_one, 0) + max(-net_other, 0), max(net_other, 0) + max(-net_one, 0)


class Level(StrEnum):
    TIE = "tie"
    SUCCESS = "success"
    DECISIVE = "decisive"
    CRITICAL = "critical"


def level(margin: int, last_card_worth: int | None) -> Level:
    """1 to 4 points higher is a success, 5 or more decisive, 10 or more with a court card last critical."""
    if margin == 0:
        return Level.TIE
    if margin >= CRITICAL and last_card_worth in COURT:
        return Level.CRITICAL
    return Level.DECISIVE if margin >= DECISIVE else Level.SUCCESS


@dataclass(frozen=True)
class Play:
    """One card played and its player's action value after it; a joker names whose card it nullified
    (nullified is None when it waits for that character's next card)."""

    player: str
    card: Card
    value_after: int
    target: str | None = None
    nullified: int | None = None


@dataclass(frozen=True)
class Result:
    """One confronter against the initial action: the winner (None on a tie, which fails everyone)."""

    confronter: str
    winner: str | None
    margin: int
    level: Level


@dataclass
class _Hand:
    faces: list[Card] = field(default_factory=list)
    worth: list[int] = field(default_factory=list)
    pending_joker: bool = False


class Confrontation:
    """An action and the characters (and perhaps the GM) confronting it, with every card played."""

    def __init__(self, action: Character, confronting: Sequence[Character]) -> None:
        names = [action.name, *(c.name for c in confronting)]
        if not confronting:
            raise ConfrontationError("nobody confronts the action")
        if len(set(names)) != len(names):
            raise ConfrontationError("two participants share a name")
        if action.gm:
            raise ConfrontationError("the GM confronts an action; she does not perform the initial action")
        if sum(c.gm for c in confronting) > 1:
            raise ConfrontationError("only one GM can confront an action")
        self.action = action
        self.confronting = tuple(confronting)
        self.characters: dict[str, Character] = {c.name: c for c in (action, *confronting)}
        self.hands: dict[str, _Hand] = {name: _Hand() for name in names}
        self.plays: list[Play] = []
        self._inferior: dict[str, set[str]] = {name: set() for name in names}
        for other in confronting:  # step 6, pair by pair
            mine, theirs = pair_advantages(action, other)
            if mine < theirs:
                self._inferior[action.name].add(other.name)
            elif theirs < mine:
                self._inferior[other.name].add(action.name)

    def inferior_against(self, name: str) -> set[str]:
        """The opponents this character has fewer advantages than (equal advantages: nobody)."""
        return set(self._inferior[name])

    @property
    def inferior(self) -> list[str]:
        """Everyone in inferiority against at least one opponent, in the order given."""
        return [name for name in self.characters if self._inferior[name]]

    def attribute(self, name: str) -> int:
        """The GM 'counts as having the same Attributes ... as the character she is confronting'."""
        character = self.characters[name]
        return self.action.attribute if character.gm else character.attribute

    def limit(self, name: str) -> int:
        """Cards this character may play: the Attribute, one fewer in inferiority, and never past
        the Attribute counted over the whole initiative round. Choice, from the
        text on multiple confrontations: inferior against only some opponents, the initial action
        'can still play his last card', which then counts only against the others."""
        opponents = len(self.confronting) if name == self.action.name else 1
        inferior = len(self._inferior[name]) == opponents
        attribute = self.attribute(name)
        left_this_round = attribute - self.characters[name].played_this_round
        return max(min(attribute - (1 if inferior else 0), left_this_round), 0)

    def can_play(self, name: str) -> bool:
        return len(self.hands[name].faces) < self.limit(name)

    def value(self, name: str, against: str | None = None) -> int:
        """The action value: Skill value plus the worth of the cards played; against an opponent it
        has advantage over it, a partly inferior initial action leaves out its last allowed card."""
        counted = self._counted(name, against)
        return self.characters[name].skill_value + sum(self.hands[name].worth[:counted])

    def _counted(self, name: str, against: str | None) -> int:
        if against is not None and against in self._inferior[name]:
            return max(self.attribute(name) - 1, 0)
        return len(self.hands[name].faces)

    def next_to_play(self, able: Mapping[str, bool] | None = None) -> list[str]:
        """Step 7: the lowest action value plays; 'in case of a tie, the players play first', and tied
        players play face down at the same time (so several names). able says who still wants to;
        by default everyone under their limit. Choice: a partly inferior action is ranked by its
        value with every card it played."""
        ready = [n for n in self.characters if self.can_play(n) and (able is None or able.get(n, False))]
        if not ready:
            return []
        lowest = min(self.value(n) for n in ready)
        tied = [n for n in ready if self.value(n) == lowest]
        players = [n for n in tied if not self.characters[n].gm]
        return players or tied

    def joker_target(self, name: str, card: Card) -> str:
        """The confronted character a joker hits: a confronter's hits the action; the action's hits its
        only confronter, or the one named as "joker:NAME" when there are several."""
        _, _, named = str(card).partition(":")
        if name != self.action.name:
            opponent = self.action.name
        elif named:
            opponent = named
        elif len(self.confronting) == 1:
            opponent = self.confronting[0].name
        else:
            raise ConfrontationError(f'{name}\'s joker: say whose card it hits, as "joker:NAME"')
        if named and (named != opponent or opponent not in self.characters or opponent == name):
            raise ConfrontationError(f"{name}'s joker cannot hit '{named}', who does not confront {name}")
        return opponent

    def play(self, name: str, card: Card) -> Play:
        """A card played. 'A joker card played during a confrontation turns the last card played by the
        confronted character into a card of value 0. If the character had not played a card yet, it will
        affect the next card he plays'; both still count toward the limits. Choice: a joker on a card
        already worth 0, or a second joker waiting for the same card, changes nothing."""
        self._may_play(name, card)
        if is_joker(card):
            target = self.joker_target(name, card)
            played = self._joker(name, target, len(self.hands[target].faces))
        else:
            played = self._card(name, card_face(card))
        self.plays.append(played)
        return played

    def play_together(self, cards: Mapping[str, Card]) -> list[Play]:
        """Tied players 'play their cards face down at the same time': every card is checked
        before any is laid, the number cards are laid, then the jokers among them take effect.
        Choice: a joker laid together with its target's card turns that card to 0 (both are
        shown at once, and that card is then the last one played)."""
        for name, card in cards.items():
            self._may_play(name, card)
            if is_joker(card):
                self.joker_target(name, card)
            else:
                card_face(card)
        played = [self._card(name, card_face(card)) for name, card in cards.items() if not is_joker(card)]
        laid = {name: len(hand.faces) for name, hand in self.hands.items()}
        jokers = [(name, self.joker_target(name, card)) for name, card in cards.items() if is_joker(card)]
        played += [self._joker(name, target, laid[target]) for name, target in jokers]
        self.plays.extend(played)
        return played

    def _may_play(self, name: str, card: Card) -> None:
        if name not in self.characters:
            raise ConfrontationError(f"nobody called '{name}' is in this confrontation")
        if not self.can_play(name):
            raise ConfrontationError(f"{name} has played all {self.limit(name)} cards allowed")

    def _card(self, name: str, face: int) -> Play:
        hand = self.hands[name]
        hand.faces.append(face)
        hand.worth.append(0 if hand.pending_joker else face)
        hand.pending_joker = False
        return Play(name, face, self.value(name))

    def _joker(self, name: str, target: str, laid: int) -> Play:
        """A joker on the target's card at `laid` (its last card when the joker took effect), or
        on its next card when it had laid none."""
        hand, other = self.hands[name], self.hands[target]
        hand.faces.append(JOKER)
        hand.worth.append(0)
        nullified = None
        if laid:
            nullified = other.worth[laid - 1]
            other.worth[laid - 1] = 0
        else:
            other.pending_joker = True
        return Play(name, JOKER, self.value(name), target, nullified)

    def last_card_worth(self, name: str, against: str | None = None) -> int | None:
        """The worth of 'the last card played for' the action. Choice: a joker adds nothing to its
        player's action, so it is skipped; a card a joker nullified is worth 0, no longer a court card."""
        hand = self.hands[name]
        counted = self._counted(name, against)
        worth = [w for f, w in zip(hand.faces[:counted], hand.worth[:counted], strict=True) if f != JOKER]
        return worth[-1] if worth else None

    def results(self) -> list[Result]:
        """Step 9, each confronter against the initial action: the higher value succeeds."""
        found = []
        for other in self.confronting:
            mine, theirs = self.value(self.action.name, other.name), self.value(other.name, self.action.name)
            margin = abs(mine - theirs)
            winner = None if margin == 0 else (self.action.name if mine > theirs else other.name)
            against = other.name if winner == self.action.name else self.action.name
            last = None if winner is None else self.last_card_worth(winner, against)
            found.append(Result(other.name, winner, margin, level(margin, last)))
        return found

    def verdict(self) -> Verdict:
        """The initial action over every confronter: 'calculate the successes or failures of all
        confronting characters individually against the character that performed the initial
        action'; 'if the GM wins her confrontation, the action ... fails regardless of its success
        against other characters'. Choice: a tie with the GM stops it too ('in case of a tie, all
        actions fail', and the GM confronts the action itself, not a target of it)."""
        results = self.results()
        gm = next((c.name for c in self.confronting if c.gm), None)
        won = tuple(r.confronter for r in results if r.winner == self.action.name)
        lost = tuple(r.confronter for r in results if r.winner != self.action.name)
        tied = any(r.confronter == gm and r.winner is None for r in results)
        return Verdict(won, lost, gm if gm in lost else None, len(results), tied)

    def action_succeeds(self) -> bool:
        """Whether the action succeeds against everyone confronting it (see verdict)."""
        return self.verdict().succeeds

    def outcome(self, result: Result) -> str:
        """One confronter's outcome, in the text's words: "against John: Erica succeeds, critical
        (31 to 19)"; "against the GM: fails (6 to 10)"."""
        action = self.action.name
        gm = self.characters[result.confronter].gm
        against = "the GM" if gm else result.confronter
        values = f"({self.value(action, result.confronter)} to {self.value(result.confronter, action)})"
        level = "" if result.level in (Level.SUCCESS, Level.TIE) else f", {result.level.value}"
        if result.winner is None:
            return f"against {against}: a tie, every action fails {values}"
        if result.winner == action:
            return f"against {against}: {action} succeeds{level} {values}"
        if gm:
            danger = "; the GM's critical: an interesting or dangerous reason" if result.level is Level.CRITICAL else ""
            return f"against the GM: fails {values}{danger}"
        return f"against {against}: fails; {against} succeeds{level} {values}"


@dataclass(frozen=True)
class Verdict:
    """The initial action's result: whom it succeeds against, whom it fails against, and the GM
    when she stopped it (then it fails against everyone, 'regardless')."""

    succeeds_against: tuple[str, ...]
    fails_against: tuple[str, ...]
    stopped_by: str | None
    confronters: int
    tied_with_gm: bool = False

    @property
    def succeeds(self) -> bool:
        return self.stopped_by is None and not self.fails_against

    def words(self) -> str:
        """The action's overall result, as the summary and the log say it."""
        if self.stopped_by is not None:
            how = "it tied with the GM (a tie fails every action)" if self.tied_with_gm else "the GM won"
            won = ", ".join(self.succeeds_against)
            return f"The action fails: {how}" + (f", regardless of its success against {won}." if won else ".")
        if self.confronters == 1:
            return "The action succeeds." if self.succeeds else "The action fails."
        if not self.fails_against:
            return "The action succeeds against everyone confronting it."
        if not self.succeeds_against:
            return "The action fails against everyone confronting it."
        won, lost = (", ".join(names) for names in (self.succeeds_against, self.fails_against))
        return f"The action succeeds against {won} and fails against {lost}."


def is_joker(card: Card) -> bool:
    return isinstance(card, str) and (card == JOKER or card.startswith(JOKER + ":"))


def card_face(card: Card) -> int:
    """A number card's value, 1 to 13 (11 to 13 are the court cards)."""
    if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= 13:
        raise ConfrontationError(f'card {card!r} is not 1-13 or "joker"')
    return card


def play_out(confrontation: Confrontation, cards: Mapping[str, Sequence[Card]]) -> list[Play]:
    """Steps 7 and 8 with the cards each would play, in order: the lowest value plays next until
    everyone's cards or limit run out. Tied players play at the same time."""
    left = {name: list(cards.get(name, ())) for name in confrontation.characters}
    while True:
        turn = confrontation.next_to_play({name: bool(hand) for name, hand in left.items()})
        if not turn:
            return confrontation.plays
        confrontation.play_together({name: left[name].pop(0) for name in turn})

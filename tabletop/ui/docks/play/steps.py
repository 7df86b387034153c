"""The dock's big steps, one function per key, for either system: next turn, next round, end
exchange, who's next. Each asks the system's rules (rules/edgerunner.py, rules/af.py) and
gives back a Step for the dock to apply, or a message when there is nothing to do. Qt-free,
so the tests and the benchmark drive exactly what the keys do."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.model import Conflict, Map
from tabletop.rules.play import Step

MAX_TURNS_IN_A_ROUND = 1000
"""A guard against a rules step that never moves the round on: a round has one turn each."""


@dataclass(frozen=True)
class Outcome:
    """A step to apply, or a message saying why nothing happened (or what to do next)."""

    step: Step | None = None
    message: str = ""


def _edgerunner():
    from tabletop.rules import edgerunner

    return edgerunner


def _af():
    from tabletop.rules import af

    return af


def _names(map_: Map, tokens: list[str]) -> str:
    labels = {t.id: t.label for t in map_.tokens}
    return ", ".join(labels.get(t, t) for t in tokens)


def whos_next(map_: Map, conflict: Conflict) -> list[str]:
    """Who may still act: Edgerunner's "who's next?" (not acted, not out); AF: the reflex
    order from whose turn it is."""
    if conflict.system == "edgerunner":
        return list(_edgerunner().whos_next(conflict))
    order = [t for t in conflict.order if not conflict.participant(t).out]
    if conflict.turn in order:
        at = order.index(conflict.turn)
        return order[at + 1 :]
    return order


def next_turn(map_: Map, conflict: Conflict, claimants: list[str], bids: dict[str, int] | None = None) -> Outcome:
    """AF: the next in reflex order (its turn begins). Edgerunner: the turn goes to the one
    claimant, or to the highest bid of several; with no claimant, the caller asks who's next."""
    if conflict.ended:
        return Outcome(message="The conflict has ended.")
    if conflict.system == "af":
        return Outcome(_af().next_turn(map_, conflict))
    rules = _edgerunner()
    waiting = list(rules.whos_next(conflict))
    claimants = [t for t in claimants if t in waiting]
    if not waiting:
        return Outcome(message="Everyone has acted: end the exchange.")
    if not claimants:
        return Outcome(message=f"Who's next? {_names(map_, waiting)}: select who claims the turn.")
    if len(claimants) == 1:
        after = rules.claim(conflict, claimants[0])
        return Outcome(Step(after, f"{_names(map_, claimants)} claims the turn"))
    if bids is None:
        return Outcome(message=f"{_names(map_, claimants)} claim the turn: an auction.")
    top = max(bids.get(t, 0) for t in claimants)
    tied = [t for t in claimants if bids.get(t, 0) == top]
    if len(tied) > 1:  # the rules name ids; the GM reads the tokens' labels
        both = "both" if len(tied) == 2 else "all"
        names = " and ".join(_names(map_, [t]) for t in tied)
        return Outcome(message=f"{names} {both} bid {top}: the GM picks who acts (select one, F5).")
    try:
        after = rules.auction(conflict, {t: bids.get(t, 0) for t in claimants})
    except ValueError as error:
        return Outcome(message=str(error))
    return Outcome(Step(after, f"{_names(map_, [after.turn])} wins the auction"))


def next_round(map_: Map, conflict: Conflict) -> Outcome:
    """AF: turns run on until the next round begins (each turn one after the other, as one step)."""
    if conflict.system != "af":
        return Outcome(message="An Edgerunner conflict has exchanges, not rounds.")
    if conflict.ended:
        return Outcome(message="The conflict has ended.")
    rules, start = _af(), (conflict.exchange, conflict.round)
    step = rules.next_turn(map_, conflict)
    tokens: dict[str, object] = {t.id: t for t in step.tokens}
    grids: dict[str, object] = {g.id: g for g in step.grids}
    for _ in range(MAX_TURNS_IN_A_ROUND):
        if step.conflict is None or (step.conflict.exchange, step.conflict.round) != start:
            break
        step = rules.next_turn(_with_tokens(map_, tokens), step.conflict)
        tokens.update({t.id: t for t in step.tokens})
        grids.update({g.id: g for g in step.grids})
    after = step.conflict
    return Outcome(
        replace(
            step,
            text=f"To round {after.round}: {step.text}",
            tokens=tuple(tokens.values()),
            grids=tuple(grids.values()),
        )
    )


def end_exchange(map_: Map, conflict: Conflict) -> Outcome:
    if conflict.ended:
        return Outcome(message="The conflict has ended.")
    if conflict.system == "af":
        return Outcome(_af().end_exchange(map_, conflict))
    after = _edgerunner().end_exchange(conflict)
    return Outcome(Step(after, f"End of exchange {conflict.exchange}"))


def _with_tokens(map_: Map, tokens: dict) -> Map:
    """The map as a chain of steps leaves it: later turns see earlier turns' tokens."""
    if not tokens:
        return map_
    return map_.model_copy(update={"tokens": [tokens.get(t.id, t) for t in map_.tokens]})

"""`tabletop reserve-loss` and `tabletop confront`: the conflict calculators, JSON in and out.

The dice and the cards stay physical; these commands do the arithmetic a GM checks while preparing
an encounter: the Reserve a hit costs and why, and a card confrontation played out from a spec.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules are imported by the commands that run them, not by every start
    from tabletop.rules.cards import Card, Confrontation


def add_conflict_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("reserve-loss", help="the Reserve a defender loses to one offensive action, and why")
    p.add_argument("--attack", type=_roll, required=True, metavar="ROLL", help="the attacker's roll")
    p.add_argument("--defense", type=_roll, required=True, metavar="ROLL", help="the defender's roll")
    p.add_argument("--attacker-force", type=int, metavar="N", help="the attacker's Force score")
    p.add_argument("--defender-force", type=int, metavar="N", help="the defender's Force score")
    p.add_argument("--weapon", type=_roll, default=0, metavar="X", help="the weapon's extra Reserve lost")
    p.add_argument("--subtle", action="store_true", help="a subtle contest (-1)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p = sub.add_parser("confront", help="play out a card confrontation from a JSON spec")
    p.add_argument("spec", metavar="SPEC.json", help='{"action": P, "confronting": [P, ...]}')
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def _roll(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"'{text}' is below 0")
    return value


def run_reserve_loss(args: argparse.Namespace) -> int:
    from tabletop.rules.reserve import reserve_loss

    loss = reserve_loss(
        args.attack,
        args.defense,
        attacker_force=args.attacker_force,
        defender_force=args.defender_force,
        weapon=args.weapon,
        subtle=args.subtle,
    )
    if args.json:
        print(json.dumps({"lost": loss.lost, "why": list(loss.why)}, indent=2))
    else:
        print("\n".join([f"Reserve lost: {loss.lost}", *(f"  {line}" for line in loss.why)]))
    return 0


def load_confrontation(path: str) -> tuple[Confrontation, dict[str, list[Card]]]:
    """Read a spec file: {"action": P, "confronting": [P, ...]}; every problem is a SpecError."""
    from tabletop.rules.cards_spec import SpecError, confrontation_from

    try:
        spec = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise SpecError(f"cannot read it ({error.strerror or error})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SpecError(f"not JSON ({error})") from None
    return confrontation_from(spec)


def run_confront(args: argparse.Namespace) -> int:
    from tabletop.rules.cards import ConfrontationError, play_out
    from tabletop.rules.cards_spec import SpecError

    try:
        confrontation, cards = load_confrontation(args.spec)
        plays = play_out(confrontation, cards)
    except (SpecError, ConfrontationError) as error:
        print(f"{args.spec}: {error}", file=sys.stderr)
        return 1
    values = {name: confrontation.value(name) for name in confrontation.characters}
    results = confrontation.results()
    succeeds = confrontation.action_succeeds()
    if args.json:
        data = {
            "plays": [[p.player, p.card, p.value_after] for p in plays],
            "values": values,
            "inferior": confrontation.inferior,
            "results": [
                {"confronter": r.confronter, "winner": r.winner, "margin": r.margin, "level": str(r.level)}
                for r in results
            ],
            "action_succeeds": succeeds,
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    print("\n".join(_text(confrontation, values, succeeds)))
    return 0


def _text(confrontation: Confrontation, values: dict[str, int], succeeds: bool) -> list[str]:
    lines = []
    for p in confrontation.plays:
        if p.target is None:
            lines.append(f"{p.player} plays {p.card}: {p.value_after}")
        elif p.nullified is None:
            lines.append(f"{p.player} plays a joker: {p.target}'s next card is worth 0")
        else:
            lines.append(f"{p.player} plays a joker: {p.target}'s last card ({p.nullified}) is worth 0")
    lines.append("Values: " + ", ".join(f"{name} {value}" for name, value in values.items()))
    inferior = [f"{n} (against {', '.join(sorted(confrontation.inferior_against(n)))})" for n in confrontation.inferior]
    lines.append("Inferior: " + (", ".join(inferior) or "nobody"))
    action = confrontation.action.name
    for r in confrontation.results():
        if r.winner is None:
            lines.append(f"{action} against {r.confronter}: a tie, both fail")
        else:
            lines.append(f"{action} against {r.confronter}: {r.winner} wins by {r.margin}, {r.level}")
    lines.append(f"The action {'succeeds' if succeeds else 'fails'}.")
    return lines


CONFLICT_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "reserve-loss": run_reserve_loss,
    "confront": run_confront,
}

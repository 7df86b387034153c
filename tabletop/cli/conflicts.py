"""`tabletop reserve-loss` and `tabletop confront`: the conflict calculators, JSON in and out.

The dice and the cards stay physical; these commands do the arithmetic a GM checks while preparing
an encounter: the Reserve a hit costs and why, and a card confrontation played out from a spec.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules are imported by the commands that run them, not by every start
    from tabletop.rules.cards import Card, Confrontation


def add_conflict_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("reserve-loss", help="the Reserve a defender loses to one offensive action, and why")
    p.add_argument("--attack", type=_roll, required=True, metavar="ROLL", help="the attacker's roll")
    p.add_argument("--defense", type=_roll, required=True, metavar="ROLL", help="the defender's roll")
    p.add_argument("--attacker-force", type=_score, metavar="N", help="the attacker's Force score")
    p.add_argument("--defender-force", type=_score, metavar="N", help="the defender's Force score")
    p.add_argument("--weapon", type=_score, default=0, metavar="X", help="the weapon's extra Reserve lost")
    p.add_argument("--subtle", action="store_true", help="a subtle contest (-1)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p = sub.add_parser("confront", help="play out a card confrontation from a JSON spec")
    p.add_argument("spec", metavar="SPEC.json", help='{"action": P, "confronting": [P, ...]}')
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


MAX_ROLL = 10_000
"""As rules/reserve.MAX_ROLL (not imported here: every other command starts without the rules)."""
MAX_SCORE = 1_000
"""A Force score or a weapon's extra loss, as a map holds one (model/base.MAX_GAME_NUMBER)."""
SPEC_BYTES = 2**20
"""A confrontation spec is a few hundred bytes; a file past this is not one."""
SPEC_SHAPE = 'a confrontation spec ({"action": P, "confronting": [P, ...]})'
WHOLE = re.compile(r"[+-]?\d+")


def _bounded(text: str, high: int) -> int:
    """A whole number from 0 to `high`; a refusal says a long number by its length, not its digits,
    and what was typed escaped as every refusal is (an escape sequence never reaches the terminal)."""
    from tabletop.io.errors import one_line

    shown = one_line(text, collapse=False) if len(text) <= 20 else one_line(text[:17], collapse=False) + "..."
    if WHOLE.fullmatch(text.strip()) is None:
        raise argparse.ArgumentTypeError(f"'{shown}' is not a whole number")
    digits = len(text.strip().lstrip("+-"))
    if digits > len(str(high)):
        if text.strip().startswith("-"):
            raise argparse.ArgumentTypeError(f"'{shown}' is below 0")
        raise argparse.ArgumentTypeError(f"a number {digits} digits long is more than {high}")
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"'{shown}' is below 0")
    if value > high:
        raise argparse.ArgumentTypeError(f"{value} is more than {high}")
    return value


def _roll(text: str) -> int:
    return _bounded(text, MAX_ROLL)


def _score(text: str) -> int:
    return _bounded(text, MAX_SCORE)


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


def load_confrontation(path: str) -> tuple[Confrontation, dict[str, list[Card]], list[tuple[str, str]]]:
    """Read a spec file, {"action": P, "confronting": [P, ...]}, with the careful reader every
    file Tabletop takes goes through (io/json_file.py: a regular file only, capped, no key
    written twice, no number longer than a game's): the confrontation, each character's cards
    and the activated effects in the order declared. A file problem is a MapFileError naming the
    file, a spec problem a SpecError."""
    from tabletop.io.json_file import read_json_file
    from tabletop.rules.cards_spec import confrontation_from, effects_from

    spec = read_json_file(path, SPEC_BYTES, "confrontation spec", dict, SPEC_SHAPE)
    confrontation, cards = confrontation_from(spec)
    return confrontation, cards, effects_from(spec)


def run_confront(args: argparse.Namespace) -> int:
    from tabletop.io.errors import MapFileError
    from tabletop.rules.cards import ConfrontationError, play_out
    from tabletop.rules.cards_spec import SpecError

    try:
        confrontation, cards, effects = load_confrontation(args.spec)
        plays = play_out(confrontation, cards)
    except MapFileError as error:
        print(error, file=sys.stderr)
        return 1
    except (SpecError, ConfrontationError) as error:
        # said as a file's problem is: one line, the file's name and the spec's words escaped
        print(MapFileError(args.spec, str(error)), file=sys.stderr)
        return 1
    values = {name: confrontation.value(name) for name in confrontation.characters}
    results = confrontation.results()
    verdict = confrontation.verdict()
    if args.json:
        data = {
            "effects": [{"character": name, "effect": effect} for name, effect in effects],
            "plays": [[p.player, p.card, p.value_after] for p in plays],
            "values": values,
            "inferior": confrontation.inferior,
            "results": [
                {
                    "confronter": r.confronter,
                    "winner": r.winner,
                    "margin": r.margin,
                    "level": str(r.level),
                    "outcome": confrontation.outcome(r),
                }
                for r in results
            ],
            "succeeds_against": list(verdict.succeeds_against),
            "fails_against": list(verdict.fails_against),
            "action_succeeds": verdict.succeeds,
            "verdict": verdict.words(),
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    print("\n".join(_text(confrontation, values, effects)))
    return 0


def _text(confrontation: Confrontation, values: dict[str, int], effects: list[tuple[str, str]]) -> list[str]:
    lines = [f"{name} activates: {effect}" for name, effect in effects]
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
    lines += [confrontation.outcome(r) for r in confrontation.results()]
    lines.append(confrontation.verdict().words())
    return lines


CONFLICT_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "reserve-loss": run_reserve_loss,
    "confront": run_confront,
}

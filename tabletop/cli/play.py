"""`tabletop play MAP [STEPS.json|-] [--json] [-o OUT]`: a conflict played headless, step by
step, through the same rules the play dock uses (rules/systems.perform), and `tabletop schema
--play`, the steps' JSON Schema.

It applies the steps in order and stops at the first one the rules refuse; exit 0 when every
step applied, 1 when one was refused (or a file is bad), 2 for a usage error. The map file is
never written unless `-o` names where (the map's own path only when given it)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

EPILOG_HEAD = """\
STEPS is a JSON list of steps, each an object with a "do" word and its fields, e.g.
  [{"do": "start", "system": "edgerunner", "tokens": ["Gatto", "Hargan"]},
   {"do": "next", "who": "Gatto"},
   {"do": "act", "actor": "Gatto", "action": "move", "to": "Middle", "shifts": 3}]
Names or ids are accepted for tokens, zones, borders and aspects. Without STEPS, the conflict
on the map is shown as it stands. `tabletop schema --play` prints the steps' JSON Schema.

"""


class _WithVocabulary(argparse.RawDescriptionHelpFormatter):
    """Lists every system's steps under the help, worked out only when help is asked for:
    every other command starts without loading the rules."""

    def add_text(self, text: str | None) -> None:
        if text == EPILOG_HEAD:
            from tabletop.rules.step_schema import vocabulary

            text = EPILOG_HEAD + vocabulary()
        super().add_text(text)


def add_play_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play",
        help="play conflict steps on a map, headless, by the same rules as the play dock",
        description="Apply play steps to the conflict on a map, in order; the first refused step stops it.",
        epilog=EPILOG_HEAD,
        formatter_class=_WithVocabulary,
    )
    p.add_argument("map", metavar="MAP", help="the map file")
    p.add_argument("steps", nargs="?", metavar="STEPS.json", help='the steps file, or "-" for standard input')
    p.add_argument("--json", action="store_true", help='print {"conflict", "log", "refused"} as JSON')
    p.add_argument("-o", "--output", metavar="OUT", help="save the map after the steps here")


def run_play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tabletop.cli.ending import load_kept
    from tabletop.cli.errors import UsageError
    from tabletop.io import save_map
    from tabletop.io.play_steps import read_steps

    if args.output and Path(args.output).suffix != ".tabletop":
        raise UsageError(f"-o {args.output}: a map is saved as a .tabletop file")
    map_ = load_kept(args.map)
    steps = read_steps(args.steps) if args.steps else []
    map_, before, said, refused = play_steps(map_, steps)
    if args.output:
        save_map(map_, args.output)
    if args.json:
        print(json.dumps(play_report(map_, before, refused), indent=2, ensure_ascii=False))
    else:
        print("\n".join(_text(map_, said, refused)))
    return 1 if refused is not None else 0


def play_steps(map_, steps: list[dict[str, Any]]) -> tuple[Any, int, list[str], dict[str, Any] | None]:
    """The map after the steps, how long its log was before them, what each step said (its
    undo text, then the log entries it wrote, indented), and the first refusal ({"step":
    index, "why": one line}) or None."""
    from tabletop.io.errors import MAX_PROBLEM, one_line
    from tabletop.rules.conflict_log import entry_line
    from tabletop.rules.play import applied
    from tabletop.rules.systems import perform

    def logged() -> int:
        return len(map_.conflict.log) if map_.conflict is not None else 0

    before = logged()
    said: list[str] = []
    for index, step in enumerate(steps):
        was = logged()
        try:
            outcome = perform(map_, map_.conflict, step)
            map_ = applied(map_, outcome)
        except ValueError as error:
            why = one_line(error.args[0] if error.args else str(error)) + _field_named(error)
            cut = why if len(why) <= MAX_PROBLEM else why[: MAX_PROBLEM - 1] + "…"  # a name pasted long stays one line
            return map_, before, said, {"step": index, "why": cut}
        said.append(f"{index}. {one_line(outcome.text)}")
        if map_.conflict is None:
            before = 0
        elif logged() > was:
            said += [f"     {entry_line(map_, e)}" for e in map_.conflict.log[was:]]
    return map_, before, said, None


def _field_named(error: ValueError) -> str:
    """The step's key a refusal is about, for a script's author: a field the step needs, or
    the question it must answer."""
    from tabletop.rules.play import Unanswered

    field = error.question.field if isinstance(error, Unanswered) else getattr(error, "field", "")
    return f" (the step's '{field}')" if field else ""


def play_report(map_, before: int, refused: dict[str, Any] | None) -> dict[str, Any]:
    from tabletop.rules.conflict_log import conflict_state, entry_data

    conflict = map_.conflict
    log = [entry_data(map_, entry) for entry in conflict.log[before:]] if conflict is not None else []
    return {"conflict": conflict_state(map_), "log": log, "refused": refused}


def _text(map_, said: list[str], refused: dict[str, Any] | None) -> list[str]:
    from tabletop.rules.conflict_log import conflict_lines

    lines = [*said, *conflict_lines(map_)]
    if refused is not None:
        lines.append(f"refused at step {refused['step']}: {refused['why']}")
    return lines


def run_play_schema() -> int:
    from tabletop.rules.step_schema import play_schema

    sys.stdout.write(json.dumps(play_schema(), indent=1, ensure_ascii=False) + "\n")
    return 0


PLAY_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"play": run_play}

"""The `tabletop` command's parser and dispatch: one place where every error becomes one line.

Every command prints a result or one error line; usage errors exit 2, bad input exits 1,
and no traceback ever reaches the user (TABLETOP_DEBUG=1 shows it for a developer).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import traceback
from collections.abc import Callable, Sequence

from tabletop import __version__
from tabletop.cli.errors import UsageError

Command = Callable[[argparse.Namespace], int]


def __getattr__(name: str) -> dict[str, Command]:
    """COMMANDS, every command by its name, made when first asked for: `tabletop` alone opens the
    window without importing the other commands' modules (a part of the empty window's start)."""
    if name != "COMMANDS":
        raise AttributeError(name)
    from tabletop.cli.conflicts import CONFLICT_COMMANDS
    from tabletop.cli.export import EXPORT_COMMANDS
    from tabletop.cli.files import FILE_COMMANDS
    from tabletop.cli.importing import IMPORT_COMMANDS
    from tabletop.cli.movement import MOVEMENT_COMMANDS
    from tabletop.cli.pack import PACK_COMMANDS
    from tabletop.cli.play import PLAY_COMMANDS
    from tabletop.cli.serve import SERVE_COMMANDS

    made = {
        **FILE_COMMANDS,
        **EXPORT_COMMANDS,
        **IMPORT_COMMANDS,
        **PACK_COMMANDS,
        **MOVEMENT_COMMANDS,
        **CONFLICT_COMMANDS,
        **PLAY_COMMANDS,
        **SERVE_COMMANDS,
    }
    globals()["COMMANDS"] = made  # asked once: later lookups find it here
    return made


def _commands() -> dict[str, Command]:
    return globals()["COMMANDS"] if "COMMANDS" in globals() else __getattr__("COMMANDS")


def build_parser() -> argparse.ArgumentParser:
    from tabletop.cli.conflicts import add_conflict_commands
    from tabletop.cli.export import add_export_command
    from tabletop.cli.files import add_file_commands
    from tabletop.cli.importing import add_import_command
    from tabletop.cli.movement import add_movement_commands
    from tabletop.cli.pack import add_pack_command
    from tabletop.cli.play import add_play_command
    from tabletop.cli.serve import add_serve_command

    parser = argparse.ArgumentParser(prog="tabletop", description="Zone maps and encounter grids for the table.")
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_file_commands(sub)
    add_export_command(sub)
    add_import_command(sub)
    add_pack_command(sub)
    add_movement_commands(sub)
    add_conflict_commands(sub)
    add_play_command(sub)
    add_serve_command(sub)
    return parser


def _with_default_command(argv: list[str]) -> list[str]:
    """`tabletop FILE` means `tabletop open FILE`."""
    if argv and not argv[0].startswith("-") and argv[0] not in _commands():
        return ["open", *argv]
    return argv


def _command(name: str) -> Command:
    """The command by its name; `open` alone (the empty window) without the others' modules."""
    if name == "open" and "COMMANDS" not in globals():
        from tabletop.cli.files import run_open

        return run_open
    return _commands()[name]


ALONE = argparse.Namespace(command="open", file=None)
"""`tabletop` alone: what the parser makes of `tabletop open`, without building every command's
parser first (a part of the empty window's start)."""


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = argparse.Namespace(**vars(ALONE))
    if argv:
        parser = build_parser()
        try:
            from tabletop.cli.movement import places_after_options

            args, extra = parser.parse_known_args(_with_default_command(argv))
            extra = places_after_options(args, extra)
            if extra:
                parser.error(f"unrecognized arguments: {' '.join(extra)}")
        except SystemExit as done:  # argparse: --help, --version (0) and usage errors (2)
            return done.code if isinstance(done.code, int) else 2
        if args.command is None:
            args = parser.parse_args(["open"])
    try:
        return _command(args.command)(args)
    except UsageError as error:
        print(f"tabletop: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # the last guard: a one-line report instead of a traceback
        if _is_bad_input(error):
            print(error, file=sys.stderr)
            return 1
        if os.environ.get("TABLETOP_DEBUG"):
            traceback.print_exc()
        print(
            f"tabletop: internal error ({type(error).__name__}: {error}); "
            "please report it with TABLETOP_DEBUG=1 output",
            file=sys.stderr,
        )
        return 1


BAD_INPUT = (("tabletop.io.errors", "MapFileError"), ("tabletop.rules.movement", "NoWayThrough"))
"""The errors that mean bad input (exit 1, the message as it is), by module: a module not yet
imported raised none of them, so the guard never imports the model or the rules itself."""


def _is_bad_input(error: Exception) -> bool:
    for module_name, name in BAD_INPUT:
        module = sys.modules.get(module_name)
        if module is not None and isinstance(error, getattr(module, name)):
            return True
    return False


WINDOWED = "open"
"""The one command with a window; the others are headless: their files are written and closed
when main() returns, so the program may end them without tearing the map (or an export's
painter) down."""


def run_program() -> None:
    """The `tabletop` program (the wheel's script, `python -m tabletop`, the frozen app):
    main(), then, after a headless command, the exit straight from the operating system once
    the output is flushed. Python would otherwise free a big map object by object first, a
    good part of a `tabletop check`, for memory the system takes back anyway."""
    for stream in (sys.stdout, sys.stderr):  # a name the terminal cannot show is escaped, not a crash
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    argv = sys.argv[1:]
    code = main(argv)
    command = _with_default_command(argv)[0] if argv else "open"
    if command != WINDOWED and command in _commands():
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):  # a closed pipe (`| head`): nothing more to say
                stream.flush()
        os._exit(code)
    sys.exit(code)

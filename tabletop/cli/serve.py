"""`tabletop serve MAP`: the players' page for phones, headless. The join link (with its code)
is the first line printed, then one line per token handed to a player; it serves until
interrupted, drawing the map again whenever the file changes on disk (the GM saves). Qt and the
server load only when the command runs."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path

from tabletop.cli.errors import UsageError

LOOK_MS = 200
"""How often the map file is looked at for a save (a save replaces the file, so a watch on it
would be lost with the old file; a look at its size and time is cheap and never lost)."""


UNREAD = "The GM's map could not be read; showing the last good picture"
"""What the phones are told while the file is broken or gone: the picture they keep is old."""
FIRST_WAIT = 60.0
"""Seconds the first picture may take before the link is printed all the same (the page says
the map is being drawn until it is)."""


def add_serve_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve",
        help="show the players' map, banner and sheets to phones on the table's network, following the file",
    )
    p.add_argument("file", metavar="MAP")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (127.0.0.1: this machine only; 0.0.0.0: every address, the links name one"
        " a phone can open)",
    )
    p.add_argument("--port", type=int, default=8642, help="the port (8642; 0: one the system picks)")
    p.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="TOKEN",
        help="hand a token (name or id) to a player: a link to its own sheet is printed (again for more)",
    )


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _token(map_, name: str) -> str:
    for token in map_.tokens:
        if name == token.id:
            return token.id
    named = [token.id for token in map_.tokens if token.name == name]
    if len(named) != 1:
        raise UsageError(f"--player {name}: {'no' if not named else 'more than one'} token of that name or id")
    return named[0]


def run_serve(args: argparse.Namespace) -> int:
    from tabletop.io import load_map
    from tabletop.render.export import ensure_gui_app
    from tabletop.serve.server import TableServer

    if not 0 <= args.port <= 65535:
        raise UsageError("--port must be 0 to 65535")
    path = Path(args.file)
    map_ = load_map(path)
    tokens = [_token(map_, name) for name in args.player]
    app = ensure_gui_app()
    server = TableServer(args.host, args.port)
    try:
        server.start()
    except (OSError, ValueError) as error:
        print(f"tabletop: could not listen on {args.host} port {args.port}: {error}", file=sys.stderr)
        return 1
    asked = []  # Ctrl+C or a TERM, heard before the event loop runs as well as in it

    def stop(*_) -> None:
        asked.append(True)
        app.quit()

    interrupted = signal.signal(signal.SIGINT, stop)
    ended = signal.signal(signal.SIGTERM, stop)
    try:
        return _serve(app, server, path, map_, tokens, args.host, asked)
    finally:
        signal.signal(signal.SIGINT, interrupted)
        signal.signal(signal.SIGTERM, ended)
        server.stop()


def _serve(app, server, path: Path, map_, tokens: list[str], host: str, asked: list[bool]) -> int:
    """Draw, print the links, and follow the file until asked to stop."""
    from PySide6.QtCore import QTimer

    from tabletop.io import MapFileError, load_map
    from tabletop.serve.feed import PhoneFeed

    held = {"map": map_, "stamp": _stamp(path)}
    folder = os.path.dirname(os.path.abspath(path))
    feed = PhoneFeed(server, lambda: (held["map"], folder, _live()))
    feed.failed.connect(lambda line: print(f"tabletop: {line}", file=sys.stderr, flush=True))
    for token in tokens:
        server.hand(token)
    feed.draw()
    feed.settled(FIRST_WAIT)  # the link is printed once the page has its picture
    print(server.url, flush=True)
    if server.link_host != host:  # every address: a phone cannot open 0.0.0.0
        print(
            f"tabletop: listening on every address of this computer; the links name {server.link_host}",
            file=sys.stderr,
            flush=True,
        )
    names = {t.id: t.label for t in map_.tokens}
    for token in tokens:
        print(f"{names[token]}: {server.player_url(token)}", flush=True)

    def look() -> None:
        stamp = _stamp(path)
        if stamp == held["stamp"]:
            return
        held["stamp"] = stamp
        if stamp is None:  # deleted, or moved away: the phones keep the last good map
            print(f"tabletop: {path}: the map file is gone; the phones keep the last picture", file=sys.stderr)
            server.tell(UNREAD)
            return
        try:
            held["map"] = load_map(path)
        except MapFileError as error:  # half written, or broken: the phones keep the last good map
            print(f"tabletop: {error}", file=sys.stderr, flush=True)
            server.tell(UNREAD)
            return
        server.tell("")
        kept = {t.id for t in held["map"].tokens}
        for token in server.handed():
            if token not in kept:  # an id a token added later may take: its code opens nothing now
                server.take_back(token)
                print(
                    f"tabletop: {names.get(token, token)} is gone from the map: its link opens nothing now",
                    file=sys.stderr,
                    flush=True,
                )
        feed.changed()

    timer = QTimer()
    timer.timeout.connect(look)  # it also lets Python see Ctrl+C between Qt's events
    timer.start(LOOK_MS)
    try:
        if not asked:
            app.exec()
    finally:
        timer.stop()
        feed.close()
    return 0


def _live():
    from tabletop.rules.visibility import LIVE

    return LIVE


SERVE_COMMANDS = {"serve": run_serve}

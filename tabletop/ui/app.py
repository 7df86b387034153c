"""Starting the window: `tabletop [FILE]` ends up here."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from tabletop.heap import collector_paused

HEADLESS_PLATFORMS = {"offscreen", "minimal", "minimalegl", "vnc", "eglfs", "linuxfb", "vkkhrdisplay"}
"""Qt platforms that draw without a desktop session, so they need no DISPLAY."""

NO_DISPLAY = (
    "tabletop: no display found (DISPLAY and WAYLAND_DISPLAY are not set), so the window cannot open; "
    "without a display use `tabletop export`, `tabletop check` or `tabletop info`"
)


def display_problem(environ: Mapping[str, str], platform: str = sys.platform) -> str | None:
    """Why the window cannot open here, or None. Checked before Qt starts, because Qt's own
    answer on a machine without a display (over SSH) is an abort naming a missing xcb library."""
    if not platform.startswith("linux"):
        return None
    chosen = environ.get("QT_QPA_PLATFORM", "").split(":")[0].strip().lower()
    if chosen in HEADLESS_PLATFORMS:
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return NO_DISPLAY


def local_path(argument: str) -> str:
    """The file a file manager meant: desktop files may pass a `file://` URI (percent-encoded,
    maybe naming localhost) instead of a path; a plain path, spaces and all, is kept as it is."""
    if not argument.lower().startswith("file:"):
        return argument
    # deferred: urllib.request brings http.client and ssl, which a plain path never needs
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    parts = urlsplit(argument)
    if parts.netloc not in ("", "localhost"):
        raise ValueError(f"tabletop: {argument}: not a file on this computer (host '{parts.netloc}')")
    return url2pathname(parts.path)  # percent-decoded; on Windows /C:/x becomes C:\x


WINDOW_FIRST = 4 * 2**20
"""A map file this big (some 6,000 zones) takes half a second or more to open: the window
shows first, with the reading's progress, instead of nothing happening for seconds. A smaller
file is read first, so a bad one is one line in the terminal and no window."""


def _file_size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0  # the read says what is wrong


def _picture_outside_only(path: str) -> bool:
    """Whether the map at `path` is refused only for a background picture outside its folder."""
    from tabletop.io.errors import MapFileError  # deferred: io, for a refused map only
    from tabletop.io.pictures_outside import set_aside  # deferred: the pictures' module, for a refused map only
    from tabletop.io.read import read_regular  # deferred: io, for a refused map only

    try:
        return set_aside(read_regular(path)[0], path) is not None
    except MapFileError:
        return False


def _main_window(whole: bool) -> tuple:
    """The application with its style, and the empty map window (made whole after its first
    frame unless `whole`: ui/main_window.py)."""
    # deferred: Qt and the window, not loaded where there is no display or the map is refused
    from PySide6.QtWidgets import QApplication

    from tabletop.ui.main_window import MainWindow
    from tabletop.ui.scheme import follow_scheme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Tabletop")
    app.setOrganizationName("Tabletop")
    app.setDesktopFileName("org.tabletop.Tabletop")  # Wayland matches the window to the launcher and icon
    app.setStyle("Fusion")
    follow_scheme(app)  # the map's bundled font is registered by the first text painted (render.style)
    return app, MainWindow(whole=whole)


MENU_WAIT_MS = 200
"""How often the recovery question looks again for a menu left open."""


def run(path: str | None) -> int:
    """Open the main window on a map. A file under WINDOW_FIRST is checked first, so a bad one
    is one line, not a dialog; a bigger one is read in the shown window, with its progress, and
    a bad one closes the window and is the same one line. A map refused only for a background
    picture outside its folder opens the window, which asks the GM what to do with it."""
    try:
        path = local_path(path) if path else None
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    problem = display_problem(os.environ)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from tabletop.ui.terminate import exit_asked, keep_on_terminate  # deferred: Qt, after the display's check

    if path is None:  # the empty window: its first frame comes before the model and the reading's modules
        with collector_paused():  # Qt's modules and the window last the session: 45 collections less at start
            app, window = _main_window(whole=False)
        keep_on_terminate()  # heard from the first frame: a stop then quits, as at any other time
        return _shown(app, window)
    from tabletop.io.errors import MapFileError  # deferred: io, which the empty window loads after its first frame

    session = path.lower().endswith(".tabletop-session")  # io/session.py's extension
    if session:  # checked first, as a map is: a bad one is one line and no window
        from tabletop.io.session import load_session  # deferred: only a session needs it

        load_session(path)
    big = not session and _file_size(path) >= WINDOW_FIRST
    refused = None
    with collector_paused():  # the editor's open path: what was read is frozen out of the collector
        try:
            if not big:
                from tabletop.model import build_checks  # deferred: the model, for a map given only

                build_checks()  # every class's first, as the window builds them: the map's then reuse theirs
            if not big and not session:
                from tabletop.io.read import load_map_stamped  # deferred: io, for a map given only

                loaded = load_map_stamped(path)
            else:
                loaded = None
        except MapFileError as error:
            if not _picture_outside_only(path):
                raise
            loaded, refused = None, error  # the window asks the GM what to do with the picture
    with collector_paused():  # Qt's modules and the window last the session: 45 collections less at start
        app, window = _main_window(whole=True)
    keep_on_terminate()
    if big:  # the window first, with the reading's progress
        from tabletop.ui.files import absolute  # deferred: the file handler's module, loaded after the first frame

        window.show()
        try:
            window.files.read_and_show(absolute(path))
        except MapFileError:
            window.close()  # as for a small file: one line in the terminal, no window
            raise
    elif loaded is not None:
        window.files.show_loaded(path, *loaded)  # an absolute path, the file's stamp, Open Recent
    elif session:
        from tabletop.ui.files import absolute  # deferred: the file handler's module, loaded after the first frame

        window.show()
        window.files.open(absolute(path))
    elif refused is not None:
        from tabletop.ui.files import absolute  # deferred: the file handler's module, loaded after the first frame

        window.show()
        if not window.files.picture_outside(absolute(path)):
            window.close()  # cancelled: the one line in the terminal, as for any map refused
            raise refused
    if exit_asked() is not None:  # a logout or Ctrl+C while the map was read: saved, and gone
        return exit_asked()
    return _shown(app, window)


def _shown(app, window) -> int:
    """The window shown and fitted to its map, the crashed session's maps offered back after the
    window's parts are made, and the event loop run."""
    window.show()
    from PySide6.QtCore import QTimer  # deferred: Qt, after the display's check

    QTimer.singleShot(0, window.view.fit_map)  # once the window has its real size
    offer_recovery_later(window)
    return app.exec()


def offer_recovery_later(window) -> None:
    """The crashed session's maps offered back once the window's parts are made, from an event of
    its own: a menu opened in the first moment builds every waiting part at once, and the question
    would open in the middle of the menu's showing. It waits for an open menu to close."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    def when_no_menu_is_open() -> None:
        if QApplication.activePopupWidget() is not None:
            QTimer.singleShot(MENU_WAIT_MS, window, when_no_menu_is_open)
        else:
            window.offer_recovery()

    window.later.add(lambda: QTimer.singleShot(0, window, when_no_menu_is_open))

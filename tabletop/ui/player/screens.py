"""Which screen the players' window goes to. Screens are remembered by name (the name a
projector or TV keeps from one evening to the next), never by index or position."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget


def screen_names() -> list[str]:
    return [screen.name() for screen in QGuiApplication.screens()]


def players_screen(wanted: str, gm_window: QWidget) -> QScreen | None:
    """The screen named `wanted` when it is connected; else the first screen the GM's window is
    not on; None with one screen, where the players' window is an ordinary window."""
    screens = QGuiApplication.screens()
    if len(screens) < 2:
        return None
    for screen in screens:
        if screen.name() == wanted:
            return screen
    gm_screen = gm_window.screen()
    return next((screen for screen in screens if screen is not gm_screen), screens[-1])


def place_full_screen(window: QWidget, screen: QScreen) -> None:
    """Full screen on one screen: the native window is moved there before it is shown full
    screen, or the window manager makes it full screen where it first appeared. A window
    already shown is not moved: the GM's controls open a new one on the new screen."""
    window.create()
    window.windowHandle().setScreen(screen)
    window.setGeometry(screen.geometry())
    window.setWindowState(window.windowState() | Qt.WindowState.WindowFullScreen)
    window.show()  # not showFullScreen(), which also activates the window and takes the GM's keyboard

"""Playing a conflict in the window as a GM does: start it, pick a move in the form and fill
its fields, press the dock's keys. Shared by the play dock's tests."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

REFLEXES = {"kell": 3, "mira": 5, "raider": 2, "archer": 4}
"""The AF sample's reflexes: Mira 5, the archer 4, Kell 3, the raider 2."""


def start(window, system: str, tokens: list[str], **extra: Any) -> bool:
    return window.play.start_with({"do": "start", "system": system, "tokens": tokens, **extra})


def start_af(window) -> None:
    from tabletop.samples import af_encounter

    window.document.replace_map(af_encounter(), None)
    assert start(window, "af", list(REFLEXES), reflexes=REFLEXES)


def start_edgerunner(window) -> None:
    from tabletop.samples import warehouse

    window.document.replace_map(warehouse(), None)
    assert start(window, "edgerunner", ["gatto", "hargan"])


def choose(dock, word: str, kind: str = "", actor: str = "") -> None:
    """Pick a move in the form by its word (a snap or reaction by its kind); `actor` who makes it."""
    form = dock.form
    moves = {i: tuple(form.choice.itemData(i)) for i in range(form.choice.count())}
    found = [i for i, (its_kind, its_word) in moves.items() if its_word == word and kind in ("", its_kind)]
    assert found, f"no move '{word}' in the form"
    form.choice.setCurrentIndex(found[0])
    if actor:
        form.who.set_value(actor)


def declare(dock, word: str, kind: str = "", actor: str = "", **fields: Any) -> None:
    """Fill the form with this move and its fields and press Do."""
    choose(dock, word, kind, actor)
    for name, value in fields.items():
        dock.form.edits[name].set_value(value)
    dock.form.do.click()


def press(qtbot, window, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(window, key, modifier)

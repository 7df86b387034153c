"""Map mutants in both windows: each mutant (tests/fuzz/mutants.py) is opened as File ▸ Open
opens a map; one the reader refuses is one warning of one line and leaves the map on screen as
it was, and one it accepts is drawn in the GM's window and then in the players' window, opened
from the View menu, with no exception escaping into Qt.

The default run opens a sample of 12 mutants (10 that load, 2 refused). The full family (`family`)
opens every mutant of every map with seeds 0-7: 784 files, both windows for each one
that loads (`pytest -m family tests/fuzz`).
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tabletop.io import MapFileError, map_from_bytes
from tabletop.io.errors import printable_line
from tests.fuzz.mutants import Mutant, family, sample
from tests.fuzz.test_map_mutants import FULL_SEEDS

LOADED, REFUSED = 10, 2


def as_shown(text: str) -> str:
    """The words a message box shows: a line that looks like markup is sent escaped in a
    paragraph (ui/plain.py shown_plain), which the box shows as the line itself."""
    from PySide6.QtGui import QTextDocumentFragment

    return QTextDocumentFragment.fromHtml(text).toPlainText() if text.startswith("<p style=") else text


def _loads(mutant: Mutant) -> bool:
    try:
        map_from_bytes(mutant.raw, mutant.name)
    except MapFileError:
        return False
    return True


def _in_both_windows(qtbot, window, answers, mutant: Mutant, folder) -> bool:
    """Open the mutant; True when it loaded and both windows drew it. A failure is an
    AssertionError naming the mutant, whatever went wrong (a warning raised in a paint too: the
    test run turns warnings into errors)."""
    path = folder / f"{mutant.name}.tabletop"
    path.write_bytes(mutant.raw)
    before = window.document.map
    warned = len(answers["warned"])
    try:
        with qtbot.captureExceptions() as escaped:
            opened = window.files.open(path)
            if opened:
                window.view.viewport().grab()
                window.players.set_open(True)
                player = window.players.player
                qtbot.waitExposed(player)
                qtbot.waitUntil(lambda: not player.view.covered)
                player.view.viewport().grab()
            QApplication.processEvents()
    except Exception as error:
        raise AssertionError(f"{mutant.name}: {type(error).__name__}: {error}") from error
    finally:
        window.players.set_open(False)
    assert not escaped, f"{mutant.name}: {escaped[0][1]!r} escaped into Qt"
    said = answers["warned"][warned:]
    if opened:
        assert not said, f"{mutant.name}: opened, and warned {said}"
    else:
        assert len(said) == 1, f"{mutant.name}: refused with {len(said)} warnings"
        line = as_shown(said[0])
        assert line.startswith(str(path)) and printable_line(line) and len(line) < 600, said[0]
        assert window.document.map is before, f"{mutant.name}: a refused file changed the map on screen"
    return opened


def test_a_sample_of_mutants_opens_in_both_windows_or_is_refused_in_one_warning(qtbot, window, answers, tmp_path):
    loads = {m: _loads(m) for m in sample(120, 7)}
    chosen = [m for m, good in loads.items() if good][:LOADED] + [m for m, good in loads.items() if not good][:REFUSED]
    assert len(chosen) == LOADED + REFUSED
    opened = [_in_both_windows(qtbot, window, answers, m, tmp_path) for m in chosen]
    assert opened == [True] * LOADED + [False] * REFUSED


@pytest.mark.family
def test_every_mutant_of_every_map_opens_in_both_windows_or_is_refused_in_one_warning(qtbot, window, answers, tmp_path):
    """Stops at the first mutant that goes wrong: a paint that raised leaves the window's
    painters unsure, and the next paint may take the whole run down."""
    mutants = family(FULL_SEEDS)
    opened = [_in_both_windows(qtbot, window, answers, mutant, tmp_path) for mutant in mutants]
    print(f"{len(mutants)} mutants: {sum(opened)} opened in both windows, {opened.count(False)} refused")

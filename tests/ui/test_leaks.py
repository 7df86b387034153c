"""The suite's net for leaked windows sees a window a test forgot to close."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tests.conftest import open_windows


def test_a_window_left_open_is_found(qapp):
    forgotten = QWidget()
    forgotten.setWindowTitle("forgotten")
    forgotten.show()
    try:
        assert forgotten in open_windows()
    finally:
        forgotten.close()
    assert forgotten not in open_windows()

"""Redo answers Ctrl+Y and Ctrl+Shift+Z on every platform, each key bound once: a key bound twice
to one action is ambiguous, and Qt then redoes nothing (Windows' own Redo key is Ctrl+Y)."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from tabletop.ui.menus import redo_keys


def test_redo_keys_hold_ctrl_y_and_ctrl_shift_z_once_each(qapp):
    keys = [key.toString(QKeySequence.SequenceFormat.PortableText) for key in redo_keys()]
    assert len(keys) == len(set(keys)), keys
    assert "Ctrl+Y" in keys and "Ctrl+Shift+Z" in keys


def test_the_windows_redo_action_is_not_ambiguous(window):
    texts = [key.toString(QKeySequence.SequenceFormat.PortableText) for key in window.redo_action.shortcuts()]
    assert len(texts) == len(set(texts)) and "Ctrl+Y" in texts

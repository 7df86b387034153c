"""Choices a dialog keeps between uses, as JSON text in the settings (QSettings keeps only
plain values): read as carefully as a map file's JSON, so a broken or foreign setting opens the
dialog with its defaults instead of failing."""

from __future__ import annotations

import math

from PySide6.QtCore import QSettings

from tabletop.io import MapFileError
from tabletop.io.read import parse_json


def saved_json(settings: QSettings | None, key: str) -> dict:
    """A JSON object kept in the settings, read as a map file's JSON is; {} when there is none
    or it is broken (not text, not JSON, not an object): the dialog opens with its defaults."""
    value = None if settings is None else settings.value(key, "")
    if not isinstance(value, str) or not value.strip():
        return {}
    try:
        saved = parse_json(value.encode("utf-8", "surrogatepass"), f"setting {key}", "setting")
    except MapFileError:
        return {}
    return saved if isinstance(saved, dict) else {}


def kept_number(saved: dict, key: str) -> float | None:
    """A finite number kept under `key` (not a tick: JSON's true is no number here)."""
    value = saved.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)

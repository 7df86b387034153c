"""The warehouse as a format 6 file, changed column by column, and the one line a refusal of
such a file says: what the column files' refusal and cap tests share."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.io import MapFileError, map_from_bytes, map_to_text
from tabletop.samples import SAMPLES

Change = Callable[[dict[str, Any]], Any]


def warehouse_with(change: Change) -> bytes:
    """The warehouse as Tabletop saves it (three zones, two borders with one kind of passage),
    changed by `change` in its parsed JSON."""
    document = json.loads(map_to_text(SAMPLES["warehouse"]()))
    change(document)
    return json.dumps(document).encode()


def refusal(raw: bytes, name: str) -> str:
    """What opening `raw` as the file `name` is refused with, after the file's name: one short
    line that names the file and says nothing of the validator."""
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(raw, name)
    message = str(caught.value)
    assert message.startswith(f"{name}: ") and "\n" not in message and len(message) < 300, message
    assert "pydantic" not in message and "Input should" not in message and "after validation" not in message
    return message.removeprefix(f"{name}: ")

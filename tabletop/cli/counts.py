"""What a map that loaded holds, in the words `check`, `info` and a session's `info` share."""

from __future__ import annotations


def holds(zones: int, borders: int, grids: int, tokens: int) -> str:
    """What a map that loaded holds, in the words of `info`: a GM sees the file was the one meant."""
    counts = [(zones, "zone"), (borders, "border"), (grids, "encounter grid"), (tokens, "token")]
    held = [f"{n:,} {word}{'' if n == 1 else 's'}" for n, word in counts if n]
    return ", ".join(held) if held else "an empty map"

"""The codes that open the players' page: one join code for the table, one code per player for
their own sheet. Random enough that guessing one over the rate limit takes longer than any
campaign, short enough to type from the GM's screen when a phone cannot scan."""

from __future__ import annotations

import hmac
import secrets

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""Lower-case letters and digits a player cannot misread on a screen (no i, l, o, 0, 1)."""
LENGTH = 12
"""Twelve of 31 signs: about 59 bits."""


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def same_code(given: str, code: str) -> bool:
    """Compared in constant time, so how long a refusal takes tells nothing of the code."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), code.encode("utf-8"))

"""The command line's own error: a name the map does not have, reported like a usage error."""

from __future__ import annotations


class UsageError(Exception):
    """A command line that names something the map does not have; exits 2 like argparse."""

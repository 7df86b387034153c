"""`python -m tabletop` is the same as the `tabletop` command."""

from tabletop.cli import run_program

run_program()

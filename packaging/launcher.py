"""The frozen app's entry point: the same `tabletop` command the wheel installs."""

from tabletop.cli import run_program

if __name__ == "__main__":
    run_program()

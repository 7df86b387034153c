"""The frozen app's entry point: the same `tabletop` command the wheel installs."""

from tabletop.cli import main

if __name__ == "__main__":
    raise SystemExit(main())

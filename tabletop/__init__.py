"""Tabletop: zone maps and encounter grids for role-playing games played at the table."""

__version__ = "0.1.0"

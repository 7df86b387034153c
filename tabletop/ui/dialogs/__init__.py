"""Dialogs of the map window that stand apart from the docks."""

"""Dialogs the main window opens: each returns plain model values, and the window makes the edit."""

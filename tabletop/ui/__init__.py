"""Widgets: start-up, the main window, the scene mirroring the document, tools and docks."""

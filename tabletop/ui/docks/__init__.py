"""Docks beside the canvas: the Inspector and the lists of zones and tokens."""

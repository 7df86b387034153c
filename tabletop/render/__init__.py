"""Draws model objects with QPainter: the scene items and the image export share these
functions, so an exported map matches the screen. QtGui only."""

"""Geometry of one object at a time: a border's line, a token's spot, a grid's area, where a
zone's name, a name plate, a reach number or a badge fits, a new zone's colour, and the
helpers over runs of a flat array that both halves walk. Imports nothing of the whole-map half
(geometry/whole), so the same answer for one object holds however the map around it is kept.
Qt-free."""

"""Geometry of a whole map at once: every border's line and every drawn box in arrays, the
bucket index of what lies where, the MapLayout that keeps them current edit by edit, the names
of many small zones at once and the overlap check. Built on the per-object half
(geometry/single), whose answers the arrays must equal. Qt-free; numpy where a whole map is
worked at once."""

"""Tools: one mode object per way of working on the canvas."""

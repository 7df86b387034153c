"""Qt-free shapes of the map, in two halves. `single` works one object at a time: a border's
line, a token's spot, where one zone's name or one badge fits, and the small helpers over runs
of a flat array. `whole` works a whole map at once: the arrays of every line and box, the
bucket index of what lies where, the layout that keeps them current, the overlap check. The
whole-map half builds on the per-object half and never the other way (tests/test_project.py),
so a painter or a tool that needs one shape loads none of the map's tables. Below document and
render, so every view, tool and export reads the same geometry, and the command line can use
it without Qt."""

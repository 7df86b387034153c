"""Qt-free shapes of the map: border lines, drawn boxes, the bucket index of what lies where,
token spots and grid areas. Below document and render, so every view, tool and export reads
the same geometry, and the command line can use it without Qt."""

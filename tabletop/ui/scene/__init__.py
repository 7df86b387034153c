"""The QGraphicsScene that mirrors a MapDocument, one item per map object."""

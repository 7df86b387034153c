"""Play ▸ Offer Concession, Accept, Refuse: how an Edgerunner conflict ends without anyone
taken out. The losing side offers a story; the other side accepts it (the conflict ends with
that story in the log) or refuses it (the conflict goes on). Each is one undo step."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QWidget

from tabletop.document import MapDocument
from tabletop.rules.play import Step


def offer(parent: QWidget, document: MapDocument) -> Step | None:
    """Ask which side concedes and its story; None when the GM cancels."""
    from tabletop.rules import edgerunner

    conflict = document.map.conflict
    sides = list(dict.fromkeys(p.side for p in conflict.participants))
    side, ok = QInputDialog.getItem(parent, "Offer a concession", "The side that concedes:", sides, 0, False)
    if not ok:
        return None
    story, ok = QInputDialog.getMultiLineText(parent, "Offer a concession", "The story that ends the conflict:")
    if not ok:
        return None
    return Step(edgerunner.concede(conflict, side, story), f"{side} offers a concession")


def answer(document: MapDocument, accepted: bool) -> Step:
    """The other side's answer to the concession on the table."""
    from tabletop.rules import edgerunner

    conflict = document.map.conflict
    offered = edgerunner.pending_concession(conflict)
    if offered is None:
        raise ValueError("no concession has been offered")
    others = [p.side for p in conflict.participants if p.side != offered[0]]
    by_side = others[0] if others else ""
    if accepted:
        return Step(edgerunner.accept_concession(conflict, by_side), "Accept the concession: the conflict ends")
    return Step(edgerunner.refuse_concession(conflict, by_side), "Refuse the concession: the conflict goes on")

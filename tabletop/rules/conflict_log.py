"""The conflict as words and plain data: the log as Markdown for the GM's session notes
(File ▸ Export Log), and the conflict's state as JSON-ready data for `tabletop info --json`.

Both name tokens by what the GM calls them and keep the ids beside, so a note reads well and
a tool can still follow a token."""

from __future__ import annotations

from typing import Any

from tabletop.model import SYSTEM_NAMES, Conflict, LogEntry, Map, Participant

NUMBER_WORDS = {"shifts": "shifts", "bid": "bid", "stress": "stress", "resisted": "resisted"}


def _name(map_: Map, object_id: str) -> str:
    """What the GM calls a token, zone or border of the log; the text itself when none has that id."""
    if not object_id:
        return ""
    for objects in (map_.tokens, map_.zones, map_.borders):
        found = next((obj for obj in objects if obj.id == object_id), None)
        if found is not None:
            return getattr(found, "label", "") or getattr(found, "name", "") or object_id
    return object_id


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell: a bar would split the cell, a line break the row."""
    return " ".join(text.replace("|", "\\|").split())


def _when(conflict: Conflict, entry: LogEntry) -> str:
    return f"{entry.exchange}.{entry.round}" if conflict.system == "af" else str(entry.exchange)


def log_markdown(map_: Map, conflict: Conflict | None = None) -> str:
    """The log as a Markdown table, one row per entry, with the ending and its story after it.

    Edgerunner: "every action should generate a story detail", so the story has its own column."""
    conflict = conflict or map_.conflict
    if conflict is None:
        return f"# {map_.title or 'Untitled map'}\n\nNo conflict is running.\n"
    system = SYSTEM_NAMES[conflict.system]
    lines = [f"# {system}: {map_.title or 'Untitled map'}", ""]
    sides: dict[str, list[str]] = {}
    for participant in conflict.participants:
        sides.setdefault(participant.side or "no side", []).append(_name(map_, participant.token))
    lines += [f"- **{side}**: {', '.join(names)}" for side, names in sides.items()]
    when = "Exchange.round" if conflict.system == "af" else "Exchange"
    lines += ["", f"| {when} | Actor | Action | Target | Numbers | Story |", "|---|---|---|---|---|---|"]
    for entry in conflict.log:
        numbers = ", ".join(f"{NUMBER_WORDS.get(k, k)} {v}" for k, v in entry.numbers.items())
        cells = [
            _when(conflict, entry),
            _name(map_, entry.actor),
            entry.action,
            _name(map_, entry.target),
            numbers,
            entry.story,
        ]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    if not conflict.log:
        lines.append("| | | nothing yet | | | |")
    if conflict.ended:
        lines += ["", f"**Ended: {conflict.ended}.**" + (f" {conflict.story}" if conflict.story else "")]
    return "\n".join(lines) + "\n"


def _participant_state(participant: Participant, map_: Map) -> dict[str, Any]:
    token = next((t for t in map_.tokens if t.id == participant.token), None)
    state: dict[str, Any] = {
        "token": participant.token,
        "name": token.label if token else participant.token,
        "side": participant.side,
        "out": participant.out,
    }
    if participant.edgerunner is not None:
        state["edgerunner"] = participant.edgerunner.model_dump(mode="json")
    if participant.af is not None:
        state["af"] = participant.af.model_dump(mode="json")
    if token is not None:
        state["stress"] = [
            {"track": s.name, "boxes": s.boxes, "marked": s.marked, "threshold": s.threshold} for s in token.stress
        ]
        state["aspects"] = [{"name": a.name, "free_invokes": a.free_invokes} for a in token.aspects]
        state["states"] = list(token.states)
        state["facing"] = token.facing
    return state


def conflict_state(map_: Map) -> dict[str, Any] | None:
    """The conflict in a saved map as plain data: system, exchange, round, order, whose turn,
    each participant's state, the ending and the size of the log; None when none runs."""
    conflict = map_.conflict
    if conflict is None:
        return None
    return {
        "system": conflict.system,
        "caller": conflict.caller,
        "exchange": conflict.exchange,
        "round": conflict.round,
        "turns_taken": conflict.turns_taken,
        "order": list(conflict.order),
        "turn": conflict.turn,
        "participants": [_participant_state(p, map_) for p in conflict.participants],
        "scene_aspects": [{"name": a.name, "free_invokes": a.free_invokes} for a in conflict.scene_aspects],
        "ended": conflict.ended,
        "story": conflict.story,
        "log_entries": len(conflict.log),
    }

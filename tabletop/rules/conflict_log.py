"""The conflict as words and plain data: the log as Markdown for the GM's session notes
(File ▸ Export Log), and the conflict's state as JSON-ready data for `tabletop info --json`.

Both name tokens by what the GM calls them and keep the ids beside, so a note reads well and
a tool can still follow a token."""

from __future__ import annotations

from typing import Any

from tabletop.model import Conflict, LogEntry, Map, Participant
from tabletop.rules import systems
from tabletop.rules.names import name_of

MARKDOWN_SPECIAL = set("\\`*_{}[]<>()#+!|~&")
"""Characters Markdown (and the HTML it may hold) reads as markup: a name is text, escaped."""


def _cell(text: str) -> str:
    """User text safe inside a Markdown table cell: plain text, never markup (a name like
    "<img src=...>" or "**boss**" shows as typed), one line (a line break would end the row)."""
    flat = " ".join(text.split())
    return "".join(f"\\{c}" if c in MARKDOWN_SPECIAL else c for c in flat)


def log_markdown(map_: Map, conflict: Conflict | None = None) -> str:
    """The log as a Markdown table, one row per entry, with the ending and its story after it.

    Edgerunner: "every action should generate a story detail", so the story has its own column."""
    conflict = conflict or map_.conflict
    if conflict is None:
        return f"# {_cell(map_.title) or 'Untitled map'}\n\nNo conflict is running.\n"
    system = systems.of(conflict).title
    lines = [f"# {system}: {_cell(map_.title) or 'Untitled map'}", ""]
    sides: dict[str, list[str]] = {}
    for participant in conflict.participants:
        sides.setdefault(participant.side or "no side", []).append(name_of(map_, participant.token))
    lines += [f"- **{_cell(side)}**: {', '.join(_cell(n) for n in names)}" for side, names in sides.items()]
    if conflict.caller:
        lines.append(f"- Caller: {_cell(conflict.caller)}")
    lines += ["", "| When | Actor | Action | Target | Numbers | Story |", "|---|---|---|---|---|---|"]
    for entry in conflict.log:
        numbers = ", ".join(f"{k} {v}" for k, v in entry.numbers.items())
        cells = [
            systems.of(conflict).when(entry),
            name_of(map_, entry.actor),
            entry.action,
            name_of(map_, entry.target),
            numbers,
            entry.story,
        ]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    if not conflict.log:
        lines.append("| | | nothing yet | | | |")
    if conflict.ended:
        lines += ["", f"**Ended: {conflict.ended}.**" + (f" {_cell(conflict.story)}" if conflict.story else "")]
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
        state["consequences"] = [{"name": c.name, "shifts": c.shifts} for c in token.consequences]
        state["facing"] = token.facing
    return state


def _problem_state(token) -> dict[str, Any]:
    """A problem standing for a long action: what it takes to solve it."""
    return {
        "token": token.id,
        "name": token.label,
        "stress": [
            {"track": s.name, "boxes": s.boxes, "marked": s.marked, "threshold": s.threshold} for s in token.stress
        ],
        "aspects": [{"name": a.name, "free_invokes": a.free_invokes} for a in token.aspects],
    }


def entry_line(map_: Map, entry: LogEntry) -> str:
    """One log entry on one line, for a terminal: when, who, what, to whom, the numbers, the
    story ("1  Gatto · move · Middle · rolled 3, shifts 3, cost 3")."""
    conflict = map_.conflict
    when = systems.of(conflict).when(entry) if conflict is not None else str(entry.exchange)
    parts = [name_of(map_, entry.actor) or "the scene", entry.action]
    if entry.target:
        parts.append(name_of(map_, entry.target))
    if entry.numbers:
        parts.append(", ".join(f"{k} {v}" for k, v in entry.numbers.items()))
    story = f" — {' '.join(entry.story.split())}" if entry.story else ""
    return f"{when}  {' · '.join(parts)}{story}"


def entry_data(map_: Map, entry: LogEntry) -> dict[str, Any]:
    """One log entry as plain data, its actor and target by id and by name."""
    data = entry.model_dump(mode="json")
    data["actor_name"], data["target_name"] = name_of(map_, entry.actor), name_of(map_, entry.target)
    return data


def conflict_lines(map_: Map) -> list[str]:
    """The conflict as it stands, in a few lines for a terminal: when, whose turn, and each
    participant with what the system's turn list shows."""
    conflict = map_.conflict
    if conflict is None:
        return ["No conflict is running."]
    rules = systems.of(conflict)
    name = systems.names(map_)
    if conflict.ended:
        story = " ".join(conflict.story.split())  # the ending's story may run over lines: here it is one
        lines = [f"{rules.title}: ended ({conflict.ended})" + (f": {story}" if story else "")]
    else:
        lines = [f"{rules.title}: {rules.header(conflict, name)}"]
    titles = [c.title for c in rules.columns]
    for participant in rules.rows(conflict):
        cells = rules.cells(map_, conflict, participant)
        shown = ", ".join(f"{t.lower()} {c}" for t, c in zip(titles, cells, strict=False) if c and c != "–")
        out = " (out)" if participant.out else ""
        side = f" [{participant.side}]" if participant.side else ""
        lines.append(f"  {name(participant.token)}{side}{out}" + (f": {shown}" if shown else ""))
    return lines


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
        "problems": [_problem_state(t) for t in map_.tokens if t.problem],
        "duration": conflict.duration,
        "sets_up_first": conflict.sets_up_first,
        "swings_first": conflict.swings_first,
        "reserve": [side.model_dump(mode="json") for side in conflict.reserve],
        "ended": conflict.ended,
        "story": conflict.story,
        "log_entries": len(conflict.log),
    }

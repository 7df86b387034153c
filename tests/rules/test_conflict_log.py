"""The log exported as Markdown: one row per entry, names as the GM calls them, the story kept."""

from __future__ import annotations

from tabletop.model import Conflict, LogEntry, Map, Participant, Token
from tabletop.rules.conflict_log import log_markdown


def _map(conflict: Conflict | None) -> Map:
    tokens = [Token(id="gatto", name="Gatto"), Token(id="hargan", name="Hargan")]
    return Map(title="Warehouse", tokens=tokens, conflict=conflict)


def test_each_entry_is_a_row_with_names_numbers_and_story() -> None:
    conflict = Conflict(
        system="edgerunner",
        participants=[Participant(token="gatto", side="band"), Participant(token="hargan", side="corp")],
        log=[
            LogEntry(exchange=1, actor="hargan", action="attack", target="gatto", numbers={"shifts": 8}),
            LogEntry(exchange=2, actor="gatto", action="maneuver", target="loading", story="Racks | crates\nfall"),
        ],
        ended="concession",
        story="Jade scuttles Gatto out of there.",
    )
    text = log_markdown(_map(conflict))
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert rows[1] == "| 1 | Hargan | attack | Gatto | shifts 8 |  |"
    assert rows[2] == "| 2 | Gatto | maneuver | loading |  | Racks \\| crates fall |"
    assert "- **band**: Gatto" in text and "- **corp**: Hargan" in text
    assert text.rstrip().endswith("**Ended: concession.** Jade scuttles Gatto out of there.")


def test_an_af_log_gives_exchange_and_round() -> None:
    conflict = Conflict(
        system="af",
        participants=[Participant(token="gatto")],
        log=[LogEntry(exchange=1, round=3, actor="gatto", action="screen")],
    )
    text = log_markdown(_map(conflict))
    assert text.startswith("# AF encounter: Warehouse")
    assert "| 1.3 | Gatto | screen |" in text


def test_no_conflict_says_so() -> None:
    assert "No conflict is running." in log_markdown(_map(None))

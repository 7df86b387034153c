"""File ▸ Export Log of a hostile map in the middle of each system's conflict, read back by a
Markdown reader (Qt's own, GitHub's dialect): every name and story reads as typed, no picture
is loaded, and the table keeps one row per log entry."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument, QTextTable

from tests.hostile import hostile_conflicts

CONFLICTS = hostile_conflicts()


def _tables(document: QTextDocument) -> list[QTextTable]:
    found, frames = [], [document.rootFrame()]
    while frames:
        frame = frames.pop()
        if isinstance(frame, QTextTable):
            found.append(frame)
        frames += frame.childFrames()
    return found


@pytest.mark.parametrize("system", list(CONFLICTS))
def test_the_exported_log_reads_as_typed_in_a_markdown_reader(window, tmp_path, system):
    map_ = CONFLICTS[system]
    window.document.replace_map(map_, None)
    path = tmp_path / "log.md"
    assert window.play.export_log(str(path))
    document = QTextDocument()
    document.setMarkdown(path.read_text(encoding="utf-8"), QTextDocument.MarkdownFeature.MarkdownDialectGitHub)
    shown = document.toPlainText()
    conflict = map_.conflict
    for text in [map_.title, *(p.side for p in conflict.participants), *(e.story for e in conflict.log)]:
        assert " ".join(text.split()) in shown, f"{text!r} does not read as typed"
    assert "<img" not in document.toHtml(), "a name's picture is loaded"
    (table,) = _tables(document)
    assert (table.rows(), table.columns()) == (1 + len(conflict.log), 6)

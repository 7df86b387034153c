"""Edit ▸ Cut says what it did: "Cut 2 zones and 1 token", not "Copied"; Copy still says Copied."""

from __future__ import annotations

from tabletop.samples import warehouse


def test_cut_says_cut_and_copy_says_copied(qtbot, window):
    map_ = warehouse()
    window.document.replace_map(warehouse(), None)
    chosen = [("zone", "z1"), ("zone", "z2"), ("token", map_.tokens[0].id)]
    window.document.select(chosen)
    cut, copy, _, _ = window.clipboard_actions
    copy.trigger()
    assert window.statusBar().currentMessage() == "Copied 2 zones and 1 token"
    cut.trigger()
    assert window.statusBar().currentMessage() == "Cut 2 zones and 1 token"
    assert window.document.get("zone", "z1") is None, "and the cut objects are gone"

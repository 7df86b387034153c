"""The lists' prepared labels: what a filter finds after edits spliced in is what it finds in
labels made afresh, so a big map's list never folds every label again per edit."""

from __future__ import annotations

import random

import numpy as np

from tabletop.ui.docks.folding import fold, needle, row_piece
from tabletop.ui.docks.labels import Labels


def test_folding_sets_case_accents_and_spaces_aside():
    assert fold("Ÿsolde CAFÉ Straße") == "ysolde cafe strasse"
    assert needle("  Wine   Cellar ") == b"wine cellar"
    assert needle("ÉTÉ") == b"ete"


def test_finding_by_part_of_a_label_or_an_id_and_by_its_start():
    labels = Labels(["Great Hall", "Café", "z9", "Ünder crypt"], ["hall", "cafe-1", "z9", "crypt"])
    assert labels.containing(needle("a")).tolist() == [0, 1]
    assert labels.containing(needle("CAFE")).tolist() == [1]
    assert labels.containing(needle("under")).tolist() == [3]
    assert labels.containing(needle("9")).tolist() == [2]
    assert labels.containing(needle("hall\ncafe")).tolist() == [], "never across two rows"
    assert labels.starting(needle("c"), np.arange(4)).tolist() == [1], "the label's start, not the id's"
    assert labels.starting(needle("great hall and more"), np.arange(4)).tolist() == []


def test_spliced_edits_find_what_labels_made_afresh_find():
    rng = random.Random(7)
    words = ["Hall", "Café", "cellar", "Gate", "Öst", "tower", "Z"]
    rows = [(f"{rng.choice(words)} {i}", f"id{i}") for i in range(300)]
    labels = Labels([label for label, _ in rows], [i for _, i in rows])
    for step in range(60):
        edits, after, at = [], [], 0
        for row in sorted(rng.sample(range(len(rows)), rng.randint(1, 5))):
            after += rows[at:row]
            what = rng.choice(["add", "change", "remove"])
            piece = (f"{rng.choice(words)} {step}", f"new{step}-{row}")
            if what == "add":
                after.append(piece)
                at = row
            elif what == "change":
                after.append(piece)
                at = row + 1
            else:
                at = row + 1
            edits.append((row, what != "add", None if what == "remove" else row_piece(*piece)))
        rows = after + rows[at:]
        labels.splice(edits)
        afresh = Labels([label for label, _ in rows], [i for _, i in rows])
        assert np.array_equal(labels.text, afresh.text) and np.array_equal(labels.starts, afresh.starts)
        for word in ("a", "cafe", "ost", str(step)):
            assert np.array_equal(labels.containing(needle(word)), afresh.containing(needle(word)))


def test_a_label_spaced_oddly_is_found_as_typed_either_way():
    """The typed text's spacing is set aside (needle), and so is the labels': a zone named with
    two spaces, or a space at its start, is found by its name typed with one or with both."""
    names = ["Wine  cellar", " Hall", "Wine cellar", "Tab\there"]
    labels = Labels(names, ["z1", "z2", "z3", "z4"])
    for typed in ("Wine  cellar", "wine cellar", " WINE   CELLAR "):
        assert labels.containing(needle(typed)).tolist() == [0, 2]
    assert labels.starting(needle("hall")).tolist() == [1]
    assert labels.containing(needle("tab here")).tolist() == [3]
    assert fold(row_piece("  Wine  cellar ", "z1")).encode() == labels.row_text(0), "an edited row spliced in alike"

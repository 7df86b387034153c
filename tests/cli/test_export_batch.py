"""`tabletop export` with the dialog's options, and several maps into a folder."""

from __future__ import annotations

from PySide6.QtGui import QImage

from tabletop.io import save_map
from tabletop.samples import af_encounter, warehouse
from tests.cli.run import tabletop
from tests.mid_play import mid_encounter
from tests.render.test_export_options import warehouse_with_a_secret


def _save(tmp_path, name, map_):
    path = tmp_path / f"{name}.tabletop"
    save_map(map_, path)
    return str(path)


def test_several_maps_into_a_folder_and_one_failure_named(capsys, tmp_path, qapp):
    good = _save(tmp_path, "warehouse", warehouse())
    grid = _save(tmp_path, "creek", af_encounter())
    bad = tmp_path / "broken.tabletop"
    bad.write_text("{ not a map")
    out = tmp_path / "out"
    result = tabletop(capsys, "export", good, str(bad), grid, "-o", str(out), "--width", "400")
    assert result.code == 1
    lines = result.err.splitlines()
    assert lines[0].startswith(f"{bad}: ") and len(lines) == 2
    assert lines[1] == f"tabletop: 1 of 3 maps failed: {bad}"
    assert sorted(p.name for p in out.iterdir()) == ["creek.png", "warehouse.png"]
    assert QImage(str(out / "creek.png")).width() == 400


def test_all_maps_written_exit_0_and_nothing_on_stderr_off_a_terminal(capsys, tmp_path, qapp):
    maps = [_save(tmp_path, "warehouse", warehouse()), _save(tmp_path, "creek", af_encounter())]
    result = tabletop(capsys, "export", *maps, "-o", str(tmp_path / "out"), "--format", "svg")
    assert (result.code, result.out, result.err) == (0, "", "")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["creek.svg", "warehouse.svg"]


def test_two_maps_into_one_file_or_the_same_name_are_usage_errors(capsys, tmp_path, qapp):
    a = _save(tmp_path, "warehouse", warehouse())
    (tmp_path / "other").mkdir()
    b = _save(tmp_path / "other", "warehouse", warehouse())
    (tmp_path / "file.png").write_bytes(b"x")
    result = tabletop(capsys, "export", a, b, "-o", str(tmp_path / "file.png"))
    assert result.code == 2 and "several maps are exported into a folder" in result.err
    result = tabletop(capsys, "export", a, b, "-o", str(tmp_path / "out"))
    assert result.code == 2 and "same file: warehouse.png" in result.err
    assert not (tmp_path / "out").exists()


def test_the_players_copy_on_the_command_line_keeps_the_secrets(capsys, tmp_path, qapp):
    source = _save(tmp_path, "secret", warehouse_with_a_secret())
    out = tmp_path / "players.svg"
    assert tabletop(capsys, "export", source, "-o", str(out), "--player").code == 0
    text = out.read_text()
    assert "West end" in text and "Secret Vault" not in text and "Hidden Spy" not in text


def test_the_players_copy_mid_conflict_leaves_out_a_hidden_participant(capsys, tmp_path, qapp):
    """A map saved mid-encounter with a participant hidden from the players exports for them
    (the participant, its turn and the log stay with the GM)."""
    map_ = mid_encounter()
    archer = next(t for t in map_.tokens if t.id == "archer")
    archer.hidden = True
    out = tmp_path / "players.svg"
    result = tabletop(capsys, "export", _save(tmp_path, "mid", map_), "-o", str(out), "--player")
    assert result.code == 0, result.err
    text = out.read_text()
    assert "Mira" in text and archer.name not in text


def test_scope_and_scale_on_the_command_line(capsys, tmp_path, qapp):
    source = _save(tmp_path, "creek", af_encounter())
    out = tmp_path / "grid.png"
    result = tabletop(
        capsys, "export", source, "-o", str(out), "--scope", "grid:creek", "--margin", "0", "--px-per-area", "20"
    )
    assert result.code == 0, result.err
    image = QImage(str(out))
    assert (image.width(), image.height()) == (300, 300)


def test_bad_options_are_one_line(capsys, tmp_path, qapp):
    source = _save(tmp_path, "warehouse", warehouse())
    result = tabletop(capsys, "export", source, "-o", str(tmp_path / "x.png"), "--scope", "room:1")
    assert result.code == 2 and result.err.startswith("tabletop: unknown scope 'room:1'")
    result = tabletop(capsys, "export", source, "-o", str(tmp_path / "x.png"), "--scope", "zone:cellar")
    assert (
        result.code == 1
        and result.err == f"{tmp_path / 'x.png'}: could not be exported: has no single zone 'cellar' to export\n"
    )
    result = tabletop(capsys, "export", source, "-o", str(tmp_path / "x.png"), "--px-per-area", "40")
    assert result.code == 1 and "no encounter grid to measure an area by" in result.err
    assert not (tmp_path / "x.png").exists()


def test_a_poster_on_the_command_line(capsys, tmp_path, qapp):
    source = _save(tmp_path, "creek", af_encounter())
    out = tmp_path / "poster.pdf"
    result = tabletop(capsys, "export", source, "-o", str(out), "--poster", "letter", "--landscape", "--overlap", "5")
    assert result.code == 0, result.err
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/MediaBox [0 0 792.000000 612.000000]") >= 2
    result = tabletop(capsys, "export", source, "-o", str(tmp_path / "p.pdf"), "--poster", "a4", "--overlap", "500")
    assert result.code == 1 and "cannot overlap pages by 500 mm" in result.err


def test_a_poster_is_an_inch_an_area_unless_a_scale_is_given(capsys, tmp_path, qapp):
    source = _save(tmp_path, "creek", af_encounter())
    inch, half = tmp_path / "inch.pdf", tmp_path / "half.pdf"
    assert tabletop(capsys, "export", source, "-o", str(inch), "--poster", "a4").code == 0
    assert tabletop(capsys, "export", source, "-o", str(half), "--poster", "a4", "--mm-per-area", "12.7").code == 0
    assert inch.read_bytes().count(b"/Type /Page\n") > half.read_bytes().count(b"/Type /Page\n")
    zones = _save(tmp_path, "warehouse", warehouse())
    forty, unit = tmp_path / "forty.pdf", tmp_path / "unit.pdf"
    assert tabletop(capsys, "export", zones, "-o", str(forty), "--poster", "a3").code == 0, "40 map units an inch"
    assert tabletop(capsys, "export", zones, "-o", str(unit), "--poster", "a3", "--mm-per-unit", "0.635").code == 0
    assert forty.read_bytes().count(b"/Type /Page\n") == unit.read_bytes().count(b"/Type /Page\n")
    assert b"/MediaBox [0 0 842.000000 1191.000000]" in forty.read_bytes(), "A3, in whole points"
    both = tabletop(capsys, "export", zones, source, "-o", str(tmp_path / "both"), "--poster", "a4")
    assert both.code == 0, "a zone map and a grid map in one batch: each at its own default"
    assert (
        tabletop(capsys, "export", zones, "-o", str(tmp_path / "w.pdf"), "--poster", "a4", "--px-per-unit", "2").code
        == 0
    )


def test_progress_goes_to_a_terminal_on_one_line(capsys, tmp_path, qapp, monkeypatch):
    from tabletop.render.export import files

    monkeypatch.setattr(files, "STREAM_FROM", 0)
    monkeypatch.setattr(files, "band_rows", lambda width: 100)
    source = _save(tmp_path, "warehouse", warehouse())
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    result = tabletop(capsys, "export", source, "-o", str(tmp_path / "w.png"), "--width", "1000")
    assert result.code == 0 and result.out == ""
    assert f"\r{source}: 1/" in result.err and "\n" not in result.err and result.err.endswith("\r\033[K")


def test_inf_and_nan_options_are_one_usage_line_not_an_internal_error(capsys, tmp_path, qapp):
    source = _save(tmp_path, "creek", af_encounter())
    out = tmp_path / "x.pdf"
    for option, value in (("--px-per-unit", "inf"), ("--mm-per-area", "inf"), ("--dpi", "nan"), ("--dpi", "inf")):
        result = tabletop(capsys, "export", source, "-o", str(out), option, value)
        assert result.code == 2 and result.err.count("\n") == 1 and "not inf or nan" in result.err, result.err
    for view in ("view:nan,0,10,10", "view:1e300,0,10,10", "view:0,0,inf,10"):
        result = tabletop(capsys, "export", source, "-o", str(out), "--scope", view)
        assert result.code == 2 and "must be numbers within" in result.err, result.err
    assert not out.exists()


def test_an_export_into_a_missing_folder_names_the_folder(capsys, tmp_path, qapp):
    good = _save(tmp_path, "warehouse", warehouse())
    out = tmp_path / "not made" / "w.png"
    result = tabletop(capsys, "export", good, "-o", str(out))
    assert result.code == 1
    assert result.err.strip() == f"{out}: could not be exported: there is no folder {tmp_path / 'not made'}"

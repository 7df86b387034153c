"""`tabletop FILE` as a file manager calls it: a path with spaces, or a `file://` URI."""

from __future__ import annotations

import pytest

from tabletop.cli import main
from tabletop.io import read
from tabletop.ui.app import local_path


def test_plain_path_with_spaces_is_kept_whole():
    assert local_path("/home/gm/My Maps/room.tabletop") == "/home/gm/My Maps/room.tabletop"
    assert local_path("maps/room with door.tabletop") == "maps/room with door.tabletop"


@pytest.mark.parametrize(
    "uri",
    [
        "file:///home/gm/My%20Maps/caf%C3%A9%20%231.tabletop",
        "file://localhost/home/gm/My%20Maps/caf%C3%A9%20%231.tabletop",
        "FILE:///home/gm/My%20Maps/caf%C3%A9%20%231.tabletop",
    ],
)
def test_file_uri_becomes_the_decoded_local_path(uri):
    assert local_path(uri) == "/home/gm/My Maps/café #1.tabletop"


def test_uri_of_another_computer_is_one_error_line(capsys):
    assert main(["file://server/share/room.tabletop"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "file://server/share/room.tabletop" in err and "not a file on this computer" in err


def test_file_uri_to_a_missing_map_names_the_decoded_path(tmp_path, capsys):
    missing = tmp_path / "no such" / "room.tabletop"
    assert main([missing.as_uri()]) == 1
    err = capsys.readouterr().err
    assert str(missing) in err and "%20" not in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("how", ["path", "uri"])
def test_window_is_opened_on_the_decoded_path(tmp_path, monkeypatch, maps_dir, how):
    """What reaches the loader is the real path, spaces and all (the window itself is not started)."""
    room = tmp_path / "My Maps" / "room with door.tabletop"
    room.parent.mkdir()
    room.write_bytes((maps_dir / "room-with-door.tabletop").read_bytes())
    seen = []

    def stop_before_window(path):
        seen.append(path)
        raise KeyboardInterrupt  # main() turns this into exit code 130, before any window

    monkeypatch.setattr(read, "load_map_stamped", stop_before_window)  # the window's start imports it when given a map
    assert main([str(room) if how == "path" else room.as_uri()]) == 130
    assert seen == [str(room)]

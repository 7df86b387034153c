"""Only regular files are read, never more than the size cap: a device or a named pipe is
refused at once instead of filling memory or hanging."""

from __future__ import annotations

import os

import pytest

from tabletop.io import MAX_FILE_BYTES, MapFileError, json_file, load_map


def test_dev_zero_is_refused_before_anything_is_read():
    with pytest.raises(MapFileError, match=r"^/dev/zero: is not a regular file"):
        load_map("/dev/zero")


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    pipe = tmp_path / "pipe.tabletop"
    os.mkfifo(pipe)
    with pytest.raises(MapFileError, match="is not a regular file"):
        load_map(pipe)


def test_a_file_that_grows_past_the_cap_while_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "growing.tabletop"
    path.write_bytes(b"{}")
    real_read = os.read
    monkeypatch.setattr(json_file.os, "read", lambda fd, n: real_read(fd, n) or b"x" * n)
    with pytest.raises(MapFileError, match="is larger than 8 bytes; a map file may be at most 8 bytes"):
        json_file.read_regular(path, limit=8)


def test_a_file_over_the_cap_is_refused_by_its_size(tmp_path):
    path = tmp_path / "huge.tabletop"
    with open(path, "wb") as sparse:
        sparse.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(MapFileError, match="a map file may be at most 256 MB"):
        load_map(path)


def test_a_link_to_a_map_is_read(tmp_path, maps_dir):
    link = tmp_path / "link.tabletop"
    link.symlink_to(maps_dir / "warehouse.tabletop")
    assert load_map(link) == load_map(maps_dir / "warehouse.tabletop")

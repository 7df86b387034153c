"""A map's background path is written from the map's folder and never leads out of it: a path
from elsewhere, one climbing out with `..` (slashes or backslashes), a folder or a Windows
device name is refused when the map is read, in one line naming the field and the fix."""

from __future__ import annotations

import json

import pytest

from tabletop.io import MapFileError, load_map, map_to_text
from tabletop.samples import warehouse


def _map_file(folder, path: str):
    document = json.loads(map_to_text(warehouse()))
    document["background"] = {"path": path, "scale": 2.0}
    file = folder / "sent.tabletop"
    file.write_text(json.dumps(document))
    return file


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("/home/gm/secret.png", "'/home/gm/secret.png' is outside the map's folder"),
        ("~/secret.png", "'~/secret.png' is outside the map's folder"),
        ("C:\\Users\\gm\\secret.png", "'C:\\Users\\gm\\secret.png' is outside the map's folder"),
        ("c:secret.png", "'c:secret.png' is outside the map's folder"),
        ("\\\\server\\share\\secret.png", "'\\\\server\\share\\secret.png' is outside the map's folder"),
        ("../secret.png", "'../secret.png' climbs out of the map's folder"),
        ("assets/../../secret.png", "'assets/../../secret.png' climbs out of the map's folder"),
        ("assets\\..\\..\\secret.png", "'assets\\..\\..\\secret.png' climbs out of the map's folder"),
    ],
)
def test_a_path_leading_out_is_refused_at_load_in_one_line_naming_the_field(tmp_path, parsing, path, says):
    file = _map_file(tmp_path, path)
    with pytest.raises(MapFileError) as refused:
        load_map(file)
    assert str(refused.value) == (
        f"{file}: background.path: {says}: a picture must be a file in the map's folder "
        "(copy it there and write 'secret.png')"
    )


@pytest.mark.parametrize("path", ["scan.png", "./scan.png", "assets/scan.png", "assets\\scan.png", "~scan.png"])
def test_a_path_in_the_map_folder_loads(tmp_path, parsing, path):
    assert load_map(_map_file(tmp_path, path)).background.path == path


@pytest.mark.parametrize("path", [".", "assets/", "con.png", "assets/NUL"])
def test_a_folder_or_a_device_name_is_refused(tmp_path, path):
    with pytest.raises(MapFileError, match=r"background\.path: .*a picture must be a file in the map's folder"):
        load_map(_map_file(tmp_path, path))


def test_a_long_refused_path_is_shortened_in_its_line(tmp_path):
    file = _map_file(tmp_path, "/" + "deep/" * 150 + "secret.png")
    with pytest.raises(MapFileError) as refused:
        load_map(file)
    assert len(str(refused.value)) < len(str(file)) + 240 and "…' is outside" in str(refused.value)

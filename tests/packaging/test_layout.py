"""The packaging configuration stays whole: every package of the source is in the wheel's list,
and the bundled resources are found from a checkout as from an install."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from tabletop import resources

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_source_package_is_listed_for_the_wheel():
    """packages.find cannot see a package mapped to another folder, so the list is by hand:
    a new subpackage missing from it would be missing from every install."""
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "tabletop").rglob("__init__.py")}
    listed = set(_config()["packages"])
    assert on_disk - listed == set()
    assert listed - on_disk == {
        "tabletop._resources",
        "tabletop._resources.fonts",
        "tabletop._resources.icons",
        "tabletop._resources.tilesets",
    }


def test_resources_package_maps_to_the_top_level_folder():
    config = _config()
    assert config["package-dir"] == {"tabletop._resources": "resources"}
    for package, patterns in config["package-data"].items():
        if not package.startswith("tabletop._resources."):
            continue  # data beside a module (the shipped schema), not a resource folder
        folder = ROOT / "resources" / package.removeprefix("tabletop._resources.")
        for name in (p.name for p in folder.iterdir()):
            assert any(Path(name).match(pattern) for pattern in patterns), f"{name} left out of the wheel"


def test_checkout_finds_resources_at_the_top_of_the_repository():
    resources.resources_dir.cache_clear()
    assert resources.resources_dir() == ROOT / "resources"
    assert resources.resource("icons", "app.svg").is_file()


def test_installed_package_is_preferred_to_the_checkout(tmp_path, monkeypatch):
    """With tabletop._resources importable (as in a wheel), its folder wins over resources/."""
    bundled = tmp_path / "tabletop" / "_resources"
    (bundled / "icons").mkdir(parents=True)
    (bundled / "icons" / "app.svg").write_text("<svg/>")
    import tabletop

    monkeypatch.setattr(tabletop, "__path__", [*tabletop.__path__, str(tmp_path / "tabletop")])
    resources.resources_dir.cache_clear()
    try:
        assert resources.resources_dir() == bundled
        assert resources.resource("icons", "app.svg").read_text() == "<svg/>"
    finally:
        sys.modules.pop(resources.PACKAGE, None)  # later tests find the checkout again
        resources.resources_dir.cache_clear()


def test_version_command_matches_the_wheel_metadata(capsys):
    """`tabletop --version` and the version pip shows come from two places: keep them equal."""
    from tabletop import __version__
    from tabletop.cli import main

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"tabletop {project['version']}\n"
    assert __version__ == project["version"]


def test_the_standalone_app_carries_the_data_the_wheel_carries_beside_modules():
    """The PyInstaller spec lists its data by hand too: data beside a module (the schema, the
    phones' page) left out of it would be missing only from the standalone app."""
    spec = (ROOT / "packaging" / "tabletop.spec").read_text(encoding="utf-8")
    for package, patterns in _config()["package-data"].items():
        if package.startswith("tabletop._resources."):
            continue  # the resource folders, listed by folder
        for pattern in patterns:
            folder = "/".join([*package.split("."), *Path(pattern).parent.parts])
            assert f'"{folder}")' in spec, f"{package}: {pattern} left out of packaging/tabletop.spec"

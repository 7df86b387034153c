"""The project's shape: layers, no import circles, the Qt boundary, the samples, the README's two commands."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from tabletop.io import load_map
from tabletop.samples import SAMPLES

ROOT = Path(__file__).resolve().parents[1]


def test_import_linter_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 4 kept, 0 broken" in done.stdout


CIRCLE_FREE = [
    "tabletop/io",
    "tabletop/render",
    "tabletop/document",
    "tabletop/model",
    "tabletop/rules",
    "tabletop/cli",
    "tabletop/ui",
    "tabletop/serve",
    "tabletop/geometry",
    "tabletop/geometry/single",
    "tabletop/geometry/whole",
]
"""The folders whose modules import one way only: every folder of tabletop/."""

GEOMETRY_FLOORS = ["tabletop.geometry.whole", "tabletop.geometry.single"]
"""geometry/ from the top floor down. One object's line, spot or fitted name is worked out the
same however the whole map is kept, so the per-object half never reaches up into the map's
arrays and index; the whole-map half builds on it (pyproject.toml says the same to import-linter,
which this walker backs with the imports inside functions and under TYPE_CHECKING)."""


def package_modules(root: Path, package: str = "tabletop") -> dict[str, Path]:
    """Every module of `package` under `root` by dotted name (a package by its __init__.py)."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _above(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:k]) for k in range(1, len(parts))}


def _imported(node: ast.Import | ast.ImportFrom, module: str, package: str, modules: dict[str, Path]) -> set[str]:
    """The modules of ours an import statement in `module` waits on: each one it names (a
    package, for a name its __init__.py defines), and the packages above those, whose
    __init__.py runs first (render/export/devices.py runs render/export/__init__.py), but for
    the module's own packages, which are running already."""
    if isinstance(node, ast.Import):
        named = {alias.name for alias in node.names}
    else:
        base = node.module or ""
        if node.level:
            above = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*above, *([base] if base else [])])
        named = {f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names}
    run_first = set().union(*map(_above, named)) - _above(module)
    return {name for name in named | run_first if name in modules and name != module}


def import_graph(root: Path, package: str = "tabletop") -> nx.DiGraph:
    """Who imports whom among the package's modules: at the top of a file, inside a function or
    under TYPE_CHECKING alike, since each ties the two files together."""
    modules = package_modules(root, package)
    graph = nx.DiGraph()
    for module, path in modules.items():
        home = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _imported(node, module, home, modules):
                    graph.add_edge(module, target, line=node.lineno)
    return graph


def package_graph(root: Path, files: dict[str, str]) -> nx.DiGraph:
    """The import graph of the package `game` written under `root` from `files` (path: code)."""
    for name, code in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(code)
    return import_graph(root, "game")


def circles_in(graph: nx.DiGraph, folder: str) -> list[str]:
    """Each circle that holds a module of `folder` (a path such as tabletop/io), told as its imports."""
    inside = folder.replace("/", ".")
    told = []
    for circle in nx.strongly_connected_components(graph):
        if len(circle) > 1 and any(m == inside or m.startswith(inside + ".") for m in circle):
            ties = sorted(f"{a} -> {b} (line {line})" for a, b, line in graph.subgraph(circle).edges(data="line"))
            told.append("; ".join(ties))
    return sorted(told)


@pytest.fixture(scope="module")
def tabletop_imports() -> nx.DiGraph:
    return import_graph(ROOT)


@pytest.mark.parametrize("folder", CIRCLE_FREE)
def test_no_import_circles_within_a_folder(tabletop_imports, folder):
    circles = circles_in(tabletop_imports, folder)
    assert not circles, "\n".join(circles)


def test_circles_hidden_in_functions_type_checks_and_package_faces_are_found(tmp_path):
    """The walker sees the imports a circle hides behind: one inside a function, one under
    TYPE_CHECKING, a package's __init__.py run by an import from below it, and a name taken
    from a package whose __init__.py imports the taker."""
    files = {
        "game/__init__.py": "",
        "game/rooms/__init__.py": "",
        "game/rooms/read.py": "def load():\n    from game.rooms.stamp import Stamp\n",
        "game/rooms/stamp.py": "from game.rooms.read import load\n",
        "game/kept/__init__.py": "",
        "game/kept/document.py": "from .preparation import Preparation\n",
        "game/kept/preparation.py": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.kept.document import Document\n"
        ),
        "game/paper/__init__.py": "",
        "game/paper/poster.py": "from game.paper.export.devices import buffer\n",
        "game/paper/export/__init__.py": "from game.paper.export.files import export_map\n",
        "game/paper/export/files.py": "from game.paper.poster import poster_bytes\n",
        "game/paper/export/devices.py": "",
        "game/face/__init__.py": "from game.face.rules import reach\nfrom game.face.named import said\n",
        "game/face/rules.py": "import game.face.kinds\nfrom game.paper import poster\n",
        "game/face/kinds.py": "",
        "game/face/named.py": "from game.face import reach\n",
    }
    graph = package_graph(tmp_path, files)
    assert circles_in(graph, "game/rooms") == [
        "game.rooms.read -> game.rooms.stamp (line 2); game.rooms.stamp -> game.rooms.read (line 1)"
    ]
    assert circles_in(graph, "game/kept") == [
        "game.kept.document -> game.kept.preparation (line 1); game.kept.preparation -> game.kept.document (line 3)"
    ]
    assert circles_in(graph, "game/paper") == [
        "game.paper.export -> game.paper.export.files (line 1); "
        "game.paper.export.files -> game.paper.poster (line 1); "
        "game.paper.poster -> game.paper.export (line 1)"
    ]
    # a module's own package is running already when it imports a sibling: only a name taken
    # from the package's __init__.py ties the two
    assert circles_in(graph, "game/face") == [
        "game.face -> game.face.named (line 2); game.face.named -> game.face (line 1)"
    ]


def imports_up(graph: nx.DiGraph, floors: list[str]) -> list[str]:
    """Each import from a lower floor into a higher one (`floors` from the top down), told as
    the import and its line."""

    def floor(module: str) -> int | None:
        return next((k for k, top in enumerate(floors) if module == top or module.startswith(top + ".")), None)

    told = []
    for importer, imported, line in graph.edges(data="line"):
        below, above = floor(importer), floor(imported)
        if below is not None and above is not None and above < below:
            told.append(f"{importer} -> {imported} (line {line})")
    return sorted(told)


def test_per_object_geometry_never_imports_the_whole_map_half(tabletop_imports):
    assert imports_up(tabletop_imports, GEOMETRY_FLOORS) == []
    # both floors hold modules, and the top one does build on the floor below
    assert any(
        a.startswith(GEOMETRY_FLOORS[0] + ".") and b.startswith(GEOMETRY_FLOORS[1] + ".")
        for a, b in tabletop_imports.edges
    )


def test_an_import_up_the_floors_is_found_wherever_it_hides(tmp_path):
    """Inside a function, under TYPE_CHECKING or through the upper package's __init__.py."""
    files = {
        "game/__init__.py": "",
        "game/one/__init__.py": "",
        "game/one/spot.py": "def at():\n    from game.all.index import Index\n",
        "game/one/fit.py": "import typing\nif typing.TYPE_CHECKING:\n    from game.all.table import Table\n",
        "game/one/runs.py": "from game.all import table\n",
        "game/all/__init__.py": "",
        "game/all/index.py": "from game.one.spot import at\n",
        "game/all/table.py": "from game.one.runs import within\n",
    }
    assert imports_up(package_graph(tmp_path, files), ["game.all", "game.one"]) == [
        "game.one.fit -> game.all (line 3)",
        "game.one.fit -> game.all.table (line 3)",
        "game.one.runs -> game.all (line 1)",
        "game.one.runs -> game.all.table (line 1)",
        "game.one.spot -> game.all (line 2)",
        "game.one.spot -> game.all.index (line 2)",
    ]


@pytest.mark.parametrize(
    "layer", ["tabletop.model", "tabletop.geometry", "tabletop.rules", "tabletop.io", "tabletop.cli"]
)
def test_headless_layers_load_no_qt(layer):
    """Every module of the layer, not only its package face: geometry's __init__.py imports nothing."""
    code = (
        f"import importlib, pkgutil, sys, {layer} as layer\n"
        "for found in pkgutil.walk_packages(layer.__path__, layer.__name__ + '.'):\n"
        "    importlib.import_module(found.name)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("module", ["tabletop.serve.server", "tabletop.serve.sheet"])
def test_the_players_page_server_loads_no_qt(module):
    """The server runs beside the window's event loop in a thread of its own: it is handed what
    to show and never touches a Qt object."""
    code = f"import sys, {module}; print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "layer", ["tabletop.document", "tabletop.render.export", "tabletop.document.commands", "tabletop.serve.feed"]
)
def test_document_and_render_use_no_widgets(layer):
    """QtCore and QtGui only (import-linter cannot name a part of an external package)."""
    code = f"import sys, {layer}; print('PySide6.QtWidgets' in sys.modules, 'PySide6.QtGui' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True"]


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sample_map_files_match_their_builders(name):
    assert load_map(ROOT / "maps" / f"{name}.tabletop") == SAMPLES[name]()


def test_readme_holds_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```sh\n(.*?)\n```", readme, flags=re.S)
    assert len(commands) == 2, commands
    run_command, test_command = commands
    assert "maps/" in run_command
    assert "pytest" in test_command
    assert test_command.strip() in (ROOT / ".ci" / "run").read_text()


def test_ruff_finds_nothing_to_lint_or_format():
    ruff = str(Path(sys.executable).with_name("ruff"))
    lint = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True, check=False)
    assert lint.returncode == 0, lint.stdout
    formatted = subprocess.run([ruff, "format", "--check", "."], cwd=ROOT, capture_output=True, text=True, check=False)
    assert formatted.returncode == 0, formatted.stdout

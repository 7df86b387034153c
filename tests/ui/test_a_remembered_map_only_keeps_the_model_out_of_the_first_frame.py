"""A GM who quit in Map Only gets it back at the next start, and still the empty window's first
frame comes before the model and io: the map's bounds are asked only once the map is there."""

from __future__ import annotations

from tests.benchmarks.scaling import run
from tests.benchmarks.start import TABLETOP
from tests.ui.test_the_empty_window_shows_before_the_model_loads import NOT_BEFORE_THE_FRAME


def test_map_only_remembered_loads_no_model_before_the_first_frame(tmp_path):
    config = tmp_path / "config"
    (config / "Tabletop").mkdir(parents=True)
    (config / "Tabletop" / "Tabletop.conf").write_text("[view]\nmap_only=true\n")
    loaded = run(TABLETOP, env={"XDG_CONFIG_HOME": str(config)}).extra["modules"]
    early = [m for m in loaded if any(m == name or m.startswith(name + ".") for name in NOT_BEFORE_THE_FRAME)]
    assert early == []
    assert "tabletop.ui.view_modes" in loaded  # the window that read the setting is the one measured

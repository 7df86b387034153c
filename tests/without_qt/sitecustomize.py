"""Makes PySide6 missing for a Python started with this folder on PYTHONPATH: the lower layers
(model, geometry, rules, io, cli) and their tests must run on a machine without Qt, as a server
or a script that only reads maps would."""

import sys


class _WithoutQt:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "shiboken6"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None


sys.meta_path.insert(0, _WithoutQt())

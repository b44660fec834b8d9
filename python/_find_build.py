# SPDX-License-Identifier: MIT
"""Lets the demo scripts run from a source tree without PYTHONPATH.

When ``_skirmish_cffi`` cannot be imported, the newest meson build of it in
a build directory of this source tree (<source>/<builddir>/python) is put on
sys.path (build/ first, the usual name). An installed binding, or one on
PYTHONPATH, is always preferred.
"""
import glob
import os
import sys
import types
from typing import Optional


def find_build(who: str) -> Optional[str]:
    try:
        import _skirmish_cffi  # noqa: F401
        return None
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    found = glob.glob(os.path.join(os.path.dirname(here), "*", "python", "_skirmish_cffi*"))
    found = [f for f in found if f.endswith((".so", ".pyd"))]
    if not found:
        return None
    newest = max(found, key=lambda f: (f.split(os.sep)[-3] == "build",
                                       os.path.getmtime(f)))
    sys.path.insert(0, os.path.dirname(newest))
    sys.stderr.write("%s: using %s\n" % (who, os.path.relpath(newest)))
    return newest


def import_skirmish(who: str) -> types.ModuleType:
    """Imports the binding, or exits: 77 (skipped) when this Python has no
    cffi, an explanation when the extension was not built."""
    find_build(who)
    try:
        import skirmish
        return skirmish
    except ImportError as exc:
        try:
            import cffi  # noqa: F401
        except ImportError:
            print("skipped: this Python has no cffi, so no libskirmish binding")
            sys.exit(77)
        sys.exit("%s: cannot import the binding (%s); build it with meson and set "
                 "PYTHONPATH=<builddir>/python:python" % (who, exc))

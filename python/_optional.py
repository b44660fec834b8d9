# SPDX-License-Identifier: MIT
"""For the tests that need an optional package (hypothesis, distributed,
mypy, matplotlib): import it, or run the test again under an interpreter
that has it and loads the same extension modules (same SOABI, e.g. Debian's
/usr/bin/python3 next to a pyenv 3.11), or exit 77 (skipped)."""
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from typing import List


def _has(python: str, modules: List[str]) -> bool:
    code = ("import importlib.util, sys, sysconfig\n"
            "ok = sysconfig.get_config_var('SOABI') == sys.argv[1] and all(\n"
            "    importlib.util.find_spec(m) for m in sys.argv[2:])\n"
            "sys.exit(0 if ok else 1)")
    soabi = sysconfig.get_config_var("SOABI") or ""
    return subprocess.run([python, "-c", code, soabi] + modules,
                          stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def require(*modules: str) -> None:
    """Returns when this Python has every module; else re-runs the script
    under one that has (same SOABI), or exits 77."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if not missing:
        return
    if "SKIRMISH_TEST_REEXEC" not in os.environ:
        here = os.path.realpath(sys.executable)
        for cand in ("/usr/bin/python3", shutil.which("python3")):
            if cand and os.path.realpath(cand) != here and _has(cand, list(modules) + ["cffi"]):
                print("%s has no %s: running under %s" % (sys.executable, ", ".join(missing),
                                                          cand), flush=True)
                os.environ["SKIRMISH_TEST_REEXEC"] = "1"
                os.execv(cand, [cand] + sys.argv)
    print("skipped: no %s for %s" % (", ".join(missing), sys.executable))
    sys.exit(77)

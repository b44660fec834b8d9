#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The demos' charts (run by `meson test`, suite 'python', test
'python-charts'; skipped when no Python of the extension's ABI has
matplotlib, Debian: python3-matplotlib): demo.py and balance.py write
their PNG, and it is a picture (not blank, not tiny) of the size asked.
"""
import os
import subprocess
import sys
import tempfile
import unittest

from _optional import require

require("matplotlib")

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.image  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


class TestCharts(unittest.TestCase):
    def check_png(self, path):
        self.assertTrue(os.path.exists(path), path)
        with open(path, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")
        self.assertGreater(os.path.getsize(path), 20000)
        img = matplotlib.image.imread(path)
        h, w = img.shape[:2]
        self.assertGreaterEqual(w, 600)
        self.assertGreaterEqual(h, 400)
        # colour bars on white: many pixels far from white, several colours
        rgb = img[:, :, :3].reshape(-1, 3)
        coloured = (rgb.max(axis=1) - rgb.min(axis=1)) > 0.3
        self.assertGreater(coloured.mean(), 0.05)

    def run_demo(self, script, *args):
        with tempfile.TemporaryDirectory() as tmp:
            png = os.path.join(tmp, "chart.png")
            out = subprocess.run([sys.executable, os.path.join(HERE, script), "--png", png,
                                  "--quiet"] + list(args), stdout=subprocess.PIPE,
                                 universal_newlines=True, check=True).stdout
            self.assertIn("chart written to", out)
            self.check_png(png)

    def test_demo(self):
        self.run_demo("demo.py", "--fights", "300")

    def test_balance(self):
        self.run_demo("balance.py", "--games", "120", "--policy", "random")


if __name__ == "__main__":
    unittest.main(verbosity=2)

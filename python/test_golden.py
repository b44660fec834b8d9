#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The golden replays of tests/data/, checked through the Python binding.

Each NAME.skg is a saved game; NAME.hashes holds its state hash before the
first recorded action (line 1) and after each one (tests/data/README.md).
For every pair this test

  - loads the save, and saving it again gives the very same bytes (H-rules
    of doc/FORMAT.md: save, load, save is identical);
  - makes the scenario again (replay with nactions = 0), clones it, takes
    each recorded action (skirmish_game_history_action) on the clone, and
    compares the hash after every action with the file;
  - replays the first k actions for every k (skirmish_game_replay with
    nactions = k) and compares each with line k + 1;
  - undoes the loaded game back to the start, comparing on the way.

Usage: test_golden.py [DATA_DIR]   (default: $SKIRMISH_TEST_DATA, else
tests/data next to this file's directory). Exits 77 (skipped) only when
this Python has no cffi.
"""
import glob
import os
import sys
import unittest

try:
    import cffi  # noqa: F401
except ImportError:
    print("skipped: no cffi for %s" % sys.executable)
    sys.exit(77)

from skirmish import ActionKind, Game  # noqa: E402

DATA = None


def data_dir():
    if DATA:
        return DATA
    env = os.environ.get("SKIRMISH_TEST_DATA")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(here), "tests", "data")


def golden_files():
    """[(name, save bytes, [hash, ...])] of every NAME.skg with NAME.hashes."""
    out = []
    for skg in sorted(glob.glob(os.path.join(data_dir(), "*.skg"))):
        name = os.path.basename(skg)[:-4]
        with open(skg, "rb") as f:
            data = f.read()
        with open(skg[:-4] + ".hashes", encoding="ascii") as f:
            text = f.read()
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()
        for line in lines:
            if len(line) != 16 or line != line.lower():
                raise ValueError("%s.hashes: not 16 lowercase hex digits: %r" % (name, line))
        out.append((name, data, [int(line, 16) for line in lines]))
    return out


class TestGoldenReplays(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.golden = golden_files()

    def test_there_are_golden_replays(self):
        names = [g[0] for g in self.golden]
        self.assertTrue(any(n.startswith("senso") for n in names), names)
        self.assertTrue(any(n.startswith("sampson") for n in names), names)

    def test_one_hash_per_action(self):
        for name, data, hashes in self.golden:
            with self.subTest(name), Game.load(data) as g:
                history = g.history
                self.assertGreater(len(history), 1)
                self.assertEqual(history[0].kind, ActionKind.START)
                self.assertEqual(len(hashes), len(history) + 1)

    def test_save_load_save_is_identical(self):
        for name, data, hashes in self.golden:
            with self.subTest(name), Game.load(data) as g:
                self.assertEqual(g.save(), data)
                self.assertEqual(g.hash(), hashes[-1])

    def test_history_actions_on_a_fresh_clone(self):
        for name, data, hashes in self.golden:
            with self.subTest(name), Game.load(data) as g, g.replay(0) as scenario:
                self.assertEqual(scenario.hash(), hashes[0], "%s: scenario" % name)
                with scenario.clone() as r:
                    for i, action in enumerate(g.history):
                        r.act(action)
                        self.assertEqual(
                            r.hash(), hashes[i + 1],
                            "%s: after action %d (%s): %016x, expected %016x"
                            % (name, i, action.kind.name, r.hash(), hashes[i + 1]))
                    self.assertEqual(r.save(), g.save())
                # the clone was independent: the scenario is untouched
                self.assertEqual(scenario.hash(), hashes[0])

    def test_replay_of_the_first_k_actions(self):
        for name, data, hashes in self.golden:
            with self.subTest(name), Game.load(data) as g:
                for k, want in enumerate(hashes):
                    with g.replay(k) as r:
                        self.assertEqual(r.hash(), want, "%s: replay(%d)" % (name, k))
                        self.assertEqual(len(r.history), k)
                with g.replay() as r:
                    self.assertEqual(r.hash(), hashes[-1])

    def test_undo_back_to_the_start(self):
        for name, data, hashes in self.golden:
            with self.subTest(name), Game.load(data) as g:
                for k in range(len(hashes) - 1, 0, -1):
                    self.assertEqual(g.hash(), hashes[k], "%s: undone to %d" % (name, k))
                    g.undo()
                self.assertEqual(g.hash(), hashes[0])


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        DATA = sys.argv.pop(1)
    unittest.main(verbosity=2)

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Balance studies, in-process and on Dask (run by `meson test`, suite
'python', test 'python-studies'; the Dask cases are skipped when this
Python has no distributed, Debian: python3-distributed).

A study gives the same totals in-process and on a LocalCluster of two
worker processes; its tasks and seeds do not depend on where they run;
the Wilson interval is right at 0 and n; balance.py --workers 2 works. A
study of any setup (a scenario file, a Game, saved bytes) plays that
setup, the seats alternating between its batches.
"""
import importlib.util
import os
import subprocess
import sys
import unittest

from _optional import require

# under a Python that has distributed (same SOABI) if this one has not;
# with none, the Dask cases are skipped and the others run
try:
    require("distributed")
except SystemExit:
    pass

from skirmish import Game  # noqa: E402
from skirmish.scenario import load_scenario, parse_scenario  # noqa: E402
from skirmish.studies import Study, parse_clan, play_task, run_study, wilson  # noqa: E402

HAVE_DASK = importlib.util.find_spec("distributed") is not None
if HAVE_DASK:
    from distributed import Client, LocalCluster

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS = os.path.join(os.path.dirname(HERE), "examples", "scenarios")


def study(games: int = 600, chunk: int = 50) -> Study:
    return Study(tuple(parse_clan("ninja")[1]), tuple(parse_clan("ikko")[1]), games,
                 seed=5, policy_a="random", policy_b="random", turn_limit=6,
                 terrain=True, chunk=chunk)


class TestStudies(unittest.TestCase):
    def test_wilson(self):
        lo, hi = wilson(0, 100)
        self.assertEqual(lo, 0.0)
        self.assertAlmostEqual(hi, 0.0370, places=4)
        lo, hi = wilson(100, 100)
        self.assertEqual(hi, 1.0)
        self.assertAlmostEqual(lo, 0.9630, places=4)
        lo, hi = wilson(50, 100)
        self.assertAlmostEqual(lo, 0.4038, places=4)
        self.assertAlmostEqual(hi, 0.5962, places=4)
        self.assertEqual(wilson(0, 0), (0.0, 1.0))

    def test_tasks_are_the_studys(self):
        s = study(games=101, chunk=20)
        tasks = s.tasks()
        self.assertEqual(sum(t.games for t in tasks), 101)
        self.assertEqual([t.games for t in tasks if t.batch == 0], [20, 20, 10])
        self.assertEqual(len({t.seed for t in tasks}), len(tasks))
        self.assertEqual(tasks, study(games=101, chunk=20).tasks())
        self.assertRaises(ValueError, Study, (), s.clan_b, 10)
        self.assertRaises(ValueError, Study, s.clan_a, s.clan_b, 1)

    @unittest.skipUnless(HAVE_DASK, "no distributed")
    def test_same_totals_in_process_and_on_two_workers(self):
        s = study()
        here = run_study(s)
        self.assertEqual(here.workers, 0)
        self.assertEqual(sum(here.total.counts()), s.games)
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            seen = []
            there = run_study(s, client, seen.append)
            self.assertEqual(there.workers, 2)
        self.assertEqual(sum(seen), s.games)
        self.assertEqual(there.total, here.total)
        self.assertEqual(there.batches, here.batches)

    @unittest.skipUnless(HAVE_DASK, "no distributed")
    def test_balance_on_a_local_cluster(self):
        out = subprocess.run([sys.executable, os.path.join(HERE, "balance.py"), "--games",
                              "200", "--policy", "random", "--workers", "2", "--chunk", "40",
                              "--quiet", "--check"], stdout=subprocess.PIPE,
                             universal_newlines=True, check=True).stdout
        self.assertIn("on a local Dask cluster of 2 workers", out)
        self.assertIn("reproducible by seed", out)
        self.assertIn("games/s", out)


class TestSetupStudies(unittest.TestCase):
    """Study.of: any setup, not only clans on the built-in town."""

    def path(self, name: str) -> str:
        return os.path.join(SCENARIOS, name + ".skirmish")

    def test_a_scenario_file_a_game_and_its_bytes_are_the_same_study(self):
        path = self.path("sampson-skirmish")
        by_path = Study.of(path, 12, seed=3, chunk=4)
        with load_scenario(path) as g:
            by_game = Study.of(g, 12, seed=3, chunk=4)
            by_bytes = Study.of(g.save(), 12, seed=3, chunk=4)
        self.assertEqual(by_path.setup, by_game.setup)
        self.assertEqual(by_path, by_bytes)
        a, b = run_study(by_path), run_study(by_game)
        self.assertEqual(a.total, b.total)
        self.assertEqual(sum(a.total.counts()), 12)
        self.assertEqual(a.labels, ["A plays policy_a", "B plays policy_a"])

    def test_the_seats_alternate(self):
        # batch 0: policy_a plays player 0; batch 1: player 1. A and B are
        # the setup's players 0 and 1 in both.
        st = Study.of(self.path("senso-town"), 8, seed=9, chunk=4,
                      policy_a="greedy", policy_b="random")
        for task in st.tasks():
            policies = ["greedy", "random"] if task.batch == 0 else ["random", "greedy"]
            with Game.load(st.setup) as g:
                s = g.playouts(task.games, seed=task.seed, policy=policies)
            t = play_task(task)
            self.assertEqual((t.games, t.a, t.b, t.draws, t.unfinished, t.actions),
                             (s.games, s.wins[0], s.wins[1], s.draws, s.unfinished,
                              s.actions))

    def test_setup_refusals(self):
        self.assertRaises(TypeError, Study.of, 5, 10)
        self.assertRaises(Exception, Study.of, b"not a saved game", 10)
        self.assertRaises(ValueError, Study, (), (), 10)

    def test_scenario_files_as_the_console_reads_them(self):
        with load_scenario(self.path("sampson-skirmish")) as g:
            self.assertEqual((g.ruleset, g.figure_count, g.terrain_count), ("sampson", 19, 4))
            kotys = [f for f in g.figures() if f.name == "Kotys"][0]
            self.assertTrue(kotys.armour)
            self.assertFalse(kotys.shield)
        with load_scenario(self.path("senso-town")) as g:
            self.assertEqual((g.figure_count, g.objective_count, g.terrain_count),
                             (24, 1, 10))
        with self.assertRaisesRegex(ValueError, "line 2"):
            parse_scenario("ruleset senso\nfigure A player 0 at 1 1 sparkly")
        with self.assertRaisesRegex(ValueError, "line 2"):
            parse_scenario("figure A player 0 at 1 1 preset samurai\nruleset senso")
        with self.assertRaisesRegex(ValueError, "not a setup command"):
            parse_scenario("start")


if __name__ == "__main__":
    unittest.main(verbosity=2)

#!/usr/bin/env python3
"""Balance studies on Dask (run by `meson test`, suite 'python', test
'python-studies'; skipped when no Python of the extension's ABI has Dask's
distributed, Debian: python3-distributed).

A study gives the same totals in-process and on a LocalCluster of two
worker processes; its tasks and seeds do not depend on where they run;
the Wilson interval is right at 0 and n; balance.py --workers 2 works.
"""
import os
import subprocess
import sys
import unittest

from _optional import require

require("distributed")

from distributed import Client, LocalCluster  # noqa: E402

from skirmish.studies import Study, parse_clan, run_study, wilson  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


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

    def test_balance_on_a_local_cluster(self):
        out = subprocess.run([sys.executable, os.path.join(HERE, "balance.py"), "--games",
                              "200", "--policy", "random", "--workers", "2", "--chunk", "40",
                              "--quiet", "--check"], stdout=subprocess.PIPE,
                             universal_newlines=True, check=True).stdout
        self.assertIn("on a local Dask cluster of 2 workers", out)
        self.assertIn("reproducible by seed", out)
        self.assertIn("games/s", out)


if __name__ == "__main__":
    unittest.main(verbosity=2)

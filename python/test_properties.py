#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Property-based tests of the binding with Hypothesis (run by `meson test`,
suite 'python', test 'python-properties'; skipped when no Python of the
extension's ABI has Hypothesis, Debian: python3-hypothesis).

Random legal play driven from Python: every action legal_actions() lists
is accepted by act() (and by is_legal()), and every action refused, listed
or made up, leaves the game's hash unchanged; a LegalActions sequence kept
across moves still gives the actions it listed.
"""
import sys
import unittest

from _optional import require

require("hypothesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import skirmish  # noqa: E402
from skirmish import Action, ActionKind, Game  # noqa: E402

SETTINGS = settings(max_examples=100, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def scenario(ruleset: str, per_side: int, seed: int) -> Game:
    g = Game(ruleset, seed=seed)
    for i in range(per_side):
        x = 30.0 + 3.0 * i
        if ruleset == "senso":
            g.add_figure(0, x, 16, 90, preset=("samurai", "ashigaru_bow", "ninja")[i % 3])
            g.add_figure(1, x, 32, 270, preset=("ashigaru_yari", "monk", "peasant")[i % 3])
        else:
            g.add_figure(0, x, 16, 90, melee_weapon="spear", shield=True,
                         missile_weapon="javelin" if i % 2 else None)
            g.add_figure(1, x, 32, 270, melee_weapon="sword", shield=True,
                         missile_weapon="short bow" if i % 2 else None)
    g.start()
    return g


games = st.tuples(st.sampled_from(["senso", "sampson"]), st.integers(1, 4),
                  st.integers(0, 2 ** 64 - 1))

made_up = st.builds(
    Action,
    kind=st.sampled_from([k for k in ActionKind if k != ActionKind.NONE]),
    figure=st.integers(-2, 10),
    target=st.integers(-2, 10),
    facing=st.one_of(st.none(), st.floats(0, 359)),
    path=st.lists(st.tuples(st.floats(-5, 80), st.floats(-5, 55)), max_size=3))


class TestRandomPlay(unittest.TestCase):
    @SETTINGS
    @given(games, st.lists(st.integers(0, 2 ** 32), min_size=1, max_size=80))
    def test_every_listed_action_is_accepted(self, game, picks):
        g = scenario(*game)
        for pick in picks:
            if g.over:
                break
            acts = g.legal_actions()
            self.assertGreater(len(acts), 0)
            a = acts[pick % len(acts)]
            self.assertTrue(g.is_legal(a), a)
            n = g.history_length
            g.act(a)                     # raises if refused: the property fails
            self.assertEqual(g.history_length, n + 1)

    @SETTINGS
    @given(games, st.lists(st.tuples(st.integers(0, 2 ** 32), made_up), min_size=1,
                           max_size=40))
    def test_a_refused_action_changes_nothing(self, game, steps):
        g = scenario(*game)
        for pick, attempt in steps:
            if g.over:
                break
            h = g.hash()
            if not g.is_legal(attempt):
                with self.assertRaises(skirmish.SkirmishError):
                    g.act(attempt)
                self.assertEqual(g.hash(), h)
            acts = g.legal_actions()
            g.act(acts[pick % len(acts)])

    @SETTINGS
    @given(games, st.lists(st.integers(0, 2 ** 32), min_size=2, max_size=30))
    def test_a_kept_listing_stays_what_it_was(self, game, picks):
        g = scenario(*game)
        kept = g.legal_actions()
        frozen = [repr(a) for a in kept]
        for pick in picks:
            if g.over:
                break
            acts = g.legal_actions()
            g.act(acts[pick % len(acts)])
        self.assertEqual([repr(a) for a in kept], frozen)


if __name__ == "__main__":
    unittest.main(verbosity=2)
    sys.exit(0)

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of the Python binding (run by `meson test`, suite 'python').

Plain unittest. Exits 77 (skipped) only when this Python has no cffi; when
cffi is there the binding must import and work.
"""
import dataclasses
import gc
import pydoc
import sys
import unittest
import weakref
from fractions import Fraction

try:
    import cffi  # noqa: F401
except ImportError:
    print("skipped: no cffi for %s" % sys.executable)
    sys.exit(77)

import skirmish  # noqa: E402
from skirmish import Action, Game, Outcome  # noqa: E402


def duel(**options):
    """A samurai and a peasant 10" apart (edge to edge), player 0 first."""
    g = Game("senso", player_order=[0, 1], **options)
    taro = g.add_figure(0, 10, 10, preset="samurai", name="Taro")
    gonbei = g.add_figure(1, 21, 10, preset="peasant", name="Gonbei")
    return g, taro, gonbei


class TestModule(unittest.TestCase):
    def test_version(self):
        self.assertEqual(skirmish.version().count("."), 2)

    def test_enums_follow_the_header(self):
        lib = skirmish.lib
        self.assertEqual(skirmish.Outcome.KILL, lib.SKIRMISH_OUTCOME_KILL)
        self.assertEqual(skirmish.MissileWeapon.ARQUEBUS, lib.SKIRMISH_MISSILE_ARQUEBUS)
        self.assertEqual(skirmish.TerrainFlag.COVER | skirmish.TerrainFlag.ROUGH,
                         lib.SKIRMISH_TERRAIN_COVER | lib.SKIRMISH_TERRAIN_ROUGH)
        # integer #defines survive the generated cdef
        self.assertEqual(lib.SKIRMISH_PATH_MAX, 16)
        self.assertEqual(lib.SKIRMISH_VERSION_NUMBER, lib.skirmish_version_number())
        # a floating-point and a string #define become constants too
        self.assertEqual(lib.SKIRMISH_FACING_KEEP, -1.0)
        self.assertEqual(skirmish.ffi.string(lib.SKIRMISH_VERSION_STRING).decode(),
                         skirmish.version())
        # the *_INIT macros are dropped (they are initialisers, not values)
        self.assertFalse(hasattr(lib, "SKIRMISH_RESULT_INIT"))

    def test_labels_are_the_librarys(self):
        self.assertEqual(skirmish.label(skirmish.MeleeWeapon.WOODEN), "wooden weapon")
        self.assertEqual(skirmish.label(Outcome.HORSE_KILLED), "horse killed")
        self.assertEqual(skirmish.label(skirmish.Preset.ASHIGARU_BOW), "ashigaru archer")

    def test_error_classes(self):
        self.assertTrue(issubclass(skirmish.NoSightError, skirmish.SkirmishError))
        self.assertEqual(skirmish.OutOfRangeError.code, skirmish.lib.SKIRMISH_E_OUT_OF_RANGE)


class TestGenCdef(unittest.TestCase):
    HEADER = """/* a header */
#ifndef X_H
#define X_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
#define X_MAX 16 /* count */
#define X_NUMBER \\
	(100 * X_MAX + 1)
#define X_KEEP (-1.0)
#define X_NAME "x"
#define X_OPTIONS_INIT { 1, 2, \\
	3 }
#define X_MACRO(a) ((a) + 1)
typedef struct x_options {
	int v[X_MAX]; // a C99 comment
} x_options;
int x_f(const x_options *o);
#ifdef __cplusplus
}
#endif
#endif
"""

    def test_what_is_kept_and_dropped(self):
        import gen_cdef
        out = gen_cdef.convert(self.HEADER)
        self.assertIn("#define X_MAX 16", out)
        self.assertIn("#define X_NUMBER ...", out)
        self.assertIn("static const double X_KEEP;", out)
        self.assertIn("static char *const X_NAME;", out)
        self.assertIn("int x_f(const x_options *o);", out)
        for gone in ("X_H", "include", "extern", "__cplusplus", "X_OPTIONS_INIT",
                     "X_MACRO", "comment"):
            self.assertNotIn(gone, out)
        self.assertEqual(out.count("{"), out.count("}"))
        import cffi
        ffi = cffi.FFI()
        ffi.cdef(out)                   # cffi parses it
        self.assertEqual(ffi.sizeof("x_options"), 16 * ffi.sizeof("int"))


class TestGame(unittest.TestCase):
    def test_unknown_ruleset_lists_the_known_ones(self):
        with self.assertRaises(skirmish.UnknownRulesetError) as cm:
            Game("chess")
        self.assertIn("senso", cm.exception.message)
        self.assertEqual(cm.exception.code, skirmish.lib.SKIRMISH_E_UNKNOWN_RULESET)

    def test_figures_and_geometry(self):
        g, taro, gonbei = duel()
        with g:
            f = g.figure(taro)
            self.assertIsInstance(f, skirmish.Figure)
            self.assertEqual((f.name, f.player, f.dv, f.x, f.y), ("Taro", 0, 6, 10.0, 10.0))
            self.assertEqual(f.missile_weapon, skirmish.MissileWeapon.BOW)
            self.assertTrue(f.armour)
            self.assertFalse(g.figure(gonbei).armour)
            self.assertEqual(g.distance(taro, gonbei), 10.0)
            self.assertTrue(g.can_see(taro, gonbei))
            self.assertEqual([x.id for x in g.figures()], [taro, gonbei])
            self.assertEqual([x.id for x in g.figures(player=1)], [gonbei])
            g.start()
            self.assertEqual(g.state, skirmish.State.PLAYING)
            self.assertEqual(g.active_player, 0)
            self.assertEqual(g.turn_number, 1)
            self.assertEqual(g.player_order, [0, 1])

    def test_s6_short_range_unarmoured_kill(self):
        # S6: a d6 samurai shoots a bow at an unarmoured peasant 10" away; the
        # die shows 2; 2 - 1 short range - 1 unarmoured = 0: a kill.
        g, taro, gonbei = duel()
        g.start()
        g.script_dice(2)
        r = g.shoot(taro, gonbei)
        self.assertEqual(r.outcome, Outcome.KILL)
        self.assertEqual([d.value for d in r.dice], [2])
        self.assertEqual(r.dice[0].sides, 6)
        self.assertEqual(sorted((m.source, m.value, m.rule) for m in r.modifiers),
                         [(skirmish.ModifierSource.SHORT_RANGE, -1, "S6"),
                          (skirmish.ModifierSource.UNARMOURED, -1, "S6")])
        self.assertEqual(r.score[0], 0)
        self.assertEqual(r.distance, 10.0)
        self.assertIn("kill", r.text)
        self.assertTrue(any(e.kind == skirmish.EffectKind.KILLED and e.figure == gonbei
                            for e in r.effects))
        self.assertTrue(g.figure(gonbei).removed)
        self.assertEqual(g.winner, 0)
        self.assertTrue(g.over)
        g.close()

    def test_rejected_action_raises_with_message_and_changes_nothing(self):
        g, taro, gonbei = duel()
        g.start()
        g.script_dice(4)
        g.shoot(taro, gonbei)                   # 4 - 2 = 2: a miss; Taro has acted
        before = g.figures()
        with self.assertRaises(skirmish.CannotActError) as cm:
            g.shoot(taro, gonbei)
        self.assertIn("S3", cm.exception.message)
        self.assertEqual(g.figures(), before)
        with self.assertRaises(skirmish.NotYourTurnError):
            g.move(gonbei, (20, 10))
        g.end_turn()
        self.assertEqual(g.active_player, 1)
        with self.assertRaises(skirmish.NoWeaponError):
            g.shoot(gonbei, taro)

    def test_python_roller_is_called_and_kept_alive(self):
        asked = []

        def roll(sides):
            asked.append(sides)
            return 1
        g, taro, gonbei = duel(roll=roll)
        del roll
        gc.collect()
        g.start()
        r = g.shoot(taro, gonbei)               # 1 - 1 - 1 = -1: kill
        self.assertEqual(asked, [6])
        self.assertEqual(r.outcome, Outcome.KILL)

    def test_roller_exception_fails_the_action_and_is_reraised(self):
        def roll(sides):
            raise RuntimeError("no dice here")
        g, taro, gonbei = duel(roll=roll)
        g.start()
        with self.assertRaisesRegex(RuntimeError, "no dice here"):
            g.shoot(taro, gonbei)
        self.assertFalse(g.figure(gonbei).removed)
        self.assertTrue(g.figure(taro).can_act)  # G6: nothing changed

    def test_bad_die_from_roller(self):
        g, taro, gonbei = duel(roll=lambda sides: sides + 1)
        g.start()
        with self.assertRaises(skirmish.DiceError):
            g.shoot(taro, gonbei)
        g.set_roller(lambda sides: sides)       # 6 - 2 = 4: a miss
        self.assertEqual(g.shoot(taro, gonbei).outcome, Outcome.MISS)

    def test_events(self):
        seen = []
        g, taro, gonbei = duel(on_event=seen.append)
        g.start()
        seen.clear()
        g.script_dice(3)
        g.shoot(taro, gonbei)
        kinds = [type(x).__name__ for x in seen]
        self.assertEqual(kinds[0], "Die")
        self.assertEqual(kinds[-1], "Result")
        self.assertIn("Modifier", kinds)

    def test_charge_and_fight_s10(self):
        g, taro, gonbei = duel()
        g.start()
        g.move(taro, (15, 10))                  # 5", not yet in contact
        g.end_turn()
        g.script_dice(6, 2)                     # Gonbei 6 + 1, Taro 2
        r = g.charge(gonbei, taro)
        self.assertEqual(r.outcome, Outcome.DEFENDER_WINS)
        self.assertEqual(r.score, (7, 2))
        self.assertTrue(g.figure(gonbei).removed)

    def test_game_is_freed_when_dropped(self):
        g, _, _ = duel(roll=lambda s: 1)
        ref = weakref.ref(g)
        del g
        gc.collect()
        self.assertIsNone(ref())

    def test_close(self):
        g, taro, _ = duel()
        with g:
            pass
        self.assertTrue(g.closed)
        with self.assertRaises(ValueError):
            g.figure(taro)
        g.close()                               # twice is fine

    def test_terrain(self):
        g = Game("senso")
        t = g.add_terrain("rect", name="house", x=30, y=10, width=4, depth=4,
                          blocks_sight=True)
        a = g.add_figure(0, 20, 10, preset="peasant")
        b = g.add_figure(1, 40, 10, preset="peasant")
        flags, name, height, pts = g.terrain(t)
        self.assertEqual(name, "house")
        self.assertTrue(flags & skirmish.TerrainFlag.BLOCKS_SIGHT)
        self.assertEqual(len(pts), 4)
        self.assertFalse(g.can_see(a, b))

    def test_terrain_obstacle(self):
        # G17: a yard's two walls meet at its corner; a third stands apart
        g = Game("senso")
        w = g.add_terrain("rect", name="west wall", x=10.4, y=10, width=20, depth=0.4,
                          obstacle=True)
        n = g.add_terrain("rect", name="north wall", x=15.1, y=19.8, width=0.4,
                          depth=9.8, obstacle=True)
        f = g.add_terrain("rect", name="far wall", x=20.25, y=10, width=20, depth=0.4,
                          obstacle=True)
        self.assertEqual([g.terrain_obstacle(t) for t in (w, n, f)], [w, w, f])
        with self.assertRaises(skirmish.InvalidError):
            g.terrain_obstacle(3)

    def test_sight_reach_and_ranges(self):
        g = Game("senso", player_order=[0, 1])
        t = g.add_terrain("rect", name="house", x=30, y=10, width=4, depth=4,
                          blocks_sight=True)
        a = g.add_figure(0, 20, 10, preset="samurai")
        b = g.add_figure(1, 40, 10, preset="peasant")
        c = g.add_figure(1, 20, 20, preset="peasant")
        s = g.sight(a, b)
        self.assertFalse(s.visible)
        self.assertEqual((s.reason, s.terrain), ("terrain", t))
        s = g.sight(a, c)
        self.assertTrue(s.visible)
        self.assertEqual((s.reason, s.terrain, s.distance), ("seen", None, 9.0))
        self.assertEqual(g.weapon_ranges(a), (15.0, 30.0))
        self.assertEqual(g.weapon_ranges(b), (0.0, 0.0))
        g.start()
        pts = g.reach(a, 13, 3, 1.0, 15, 15)
        self.assertIn((26.0, 10.0), pts)          # 6" east
        self.assertNotIn((27.0, 10.0), pts)       # 7"
        with self.assertRaises(skirmish.SkirmishError):
            g.sight(a, 9)

    def test_threats(self):
        g = Game("senso", player_order=[0, 1])
        a = g.add_figure(0, 10, 40, preset="peasant")
        bow = g.add_figure(1, 50, 20, preset="samurai")          # a bow, 19" away
        yari = g.add_figure(1, 36, 20, preset="ashigaru_yari")   # 5" away
        g.add_figure(0, 40, 20, preset="samurai")                # a friend
        g.start()
        before = g.hash()
        t = g.threats(a, 30, 20)
        self.assertEqual([(x.figure, x.kind) for x in t],
                         [(bow, "shoot"), (yari, "charge")])
        self.assertEqual((t[0].distance, t[0].short_range, t[0].cover), (19.0, False, False))
        self.assertIsInstance(t[0], skirmish.Threat)
        self.assertEqual(g.hash(), before)
        self.assertEqual(g.figure(a).x, 10.0)
        with self.assertRaises(skirmish.SkirmishError):
            g.threats(9, 30, 20)
        with self.assertRaises(skirmish.SkirmishError):
            g.threats(a, -1, 20)

    def test_sampson_phases(self):
        g = Game("sampson", player_order=[0, 1])
        a = g.add_figure(0, 10, 10, melee_weapon="spear", missile_weapon="javelin",
                         shield=True)
        g.add_figure(1, 30, 10, melee_weapon="sword")
        g.start()
        self.assertEqual(g.phase, skirmish.Phase.MOVE)
        with self.assertRaises(skirmish.WrongPhaseError):
            g.shoot(a, 1)
        g.end_phase()
        self.assertEqual(g.phase, skirmish.Phase.MISSILE)


@unittest.skipUnless(hasattr(skirmish.lib, "skirmish_game_clone"), "no state services")
class TestStateServices(unittest.TestCase):
    def played(self):
        g, taro, gonbei = duel(seed=7)
        g.start()
        g.move(taro, (14, 10))
        g.end_turn()
        return g, taro, gonbei

    def test_clone_is_independent(self):
        g, taro, gonbei = self.played()
        c = g.clone()
        self.assertEqual(c.hash(), g.hash())
        c.move(gonbei, (20, 14))
        self.assertNotEqual(c.hash(), g.hash())
        self.assertEqual(g.figure(gonbei).y, 10.0)
        c.close()

    def test_clone_keeps_the_python_roller(self):
        asked = []
        g, taro, gonbei = duel(roll=lambda s: asked.append(s) or 6)
        g.start()
        c = g.clone()
        g.close()
        gc.collect()
        self.assertEqual(c.shoot(taro, gonbei).outcome, Outcome.MISS)
        self.assertEqual(asked, [6])

    def test_undo(self):
        g, taro, gonbei = self.played()
        g.script_dice(1, 1)
        h = g.hash()                             # the script is in the hash
        g.charge(gonbei, taro)
        self.assertTrue(g.over)
        g.undo()
        self.assertEqual(g.hash(), h)
        self.assertFalse(g.over)
        kinds = [a.kind for a in g.history]
        self.assertEqual(kinds, [skirmish.ActionKind.START, skirmish.ActionKind.MOVE,
                                 skirmish.ActionKind.END_TURN])

    def test_history_action_and_copy(self):
        import copy
        g, taro, gonbei = self.played()
        self.assertEqual(g.history_length, 3)
        # recorded with the facing it ended with (whole degrees)
        self.assertEqual(g.history_action(1), Action.move(taro, (14, 10), facing=0.0))
        self.assertEqual(g.history_action(-1).kind, skirmish.ActionKind.END_TURN)
        with self.assertRaises(IndexError):
            g.history_action(3)
        with self.assertRaises(IndexError):
            g.history_action(-4)
        c = copy.copy(g)
        self.assertEqual(c.hash(), g.hash())
        c.end_turn()
        self.assertNotEqual(c.hash(), g.hash())
        g.copy_from(c)
        self.assertEqual(c.hash(), g.hash())
        # a worker without history takes none and keeps its limit
        w = copy.copy(g)
        w.history_limit = 0
        w.copy_from(c)
        self.assertEqual(w.hash(), c.hash())
        self.assertEqual((w.history_length, w.history_limit), (0, 0))
        self.assertEqual(c.history_length, 4)

    def test_save_load_round_trip(self):
        g, taro, gonbei = self.played()
        data = g.save()
        self.assertIsInstance(data, bytes)
        with Game.load(data) as h:
            self.assertEqual(h.hash(), g.hash())
            self.assertEqual(h.save(), data)
            self.assertEqual(h.figure(taro), g.figure(taro))
        with self.assertRaises(skirmish.FormatError) as cm:
            Game.load(data[: len(data) // 2])
        self.assertTrue(cm.exception.message)

    def test_replay(self):
        g, taro, gonbei = self.played()
        with g.replay() as r:
            self.assertEqual(r.hash(), g.hash())
        with g.replay(1) as r:                   # the start only
            self.assertEqual(r.figure(taro).x, 10.0)


@unittest.skipUnless(hasattr(skirmish.lib, "skirmish_game_odds"), "no odds API")
class TestOdds(unittest.TestCase):
    def test_shot_odds_are_exact(self):
        # S6: d6 - 2: a 1 or 2 kills, a 3 hits, 4-6 miss.
        g, taro, gonbei = duel()
        g.start()
        odds = g.odds(Action.shoot(taro, gonbei)).as_dict()
        from fractions import Fraction
        self.assertEqual(odds, {Outcome.KILL: Fraction(1, 3), Outcome.HIT: Fraction(1, 6),
                                Outcome.MISS: Fraction(1, 2)})
        self.assertEqual(g.figure(taro).can_act, True)   # nothing rolled

    def test_odds_outcomes_are_objects(self):
        # S6: d6 - 2 against an unarmoured peasant at short range
        g, taro, gonbei = duel()
        g.start()
        odds = g.odds(Action.shoot(taro, gonbei))
        by = {o.outcome: o for o in odds}
        self.assertEqual(len(odds), 3)
        kill = by[Outcome.KILL]
        self.assertEqual(kill.fraction, Fraction(1, 3))
        self.assertIsInstance(kill.fraction, Fraction)
        self.assertIsInstance(kill.probability, float)
        self.assertAlmostEqual(kill.probability, 1 / 3, places=12)
        self.assertEqual(float(kill), kill.probability)
        self.assertEqual(kill.side, skirmish.Side.OTHER)     # the target dies
        self.assertEqual(by[Outcome.MISS].side, skirmish.Side.NOBODY)
        self.assertEqual(kill.value, 0)
        # side: who is killed or pushed back; a ring harms but kills nobody
        self.assertEqual(by[Outcome.HIT].side, skirmish.Side.NOBODY)
        self.assertEqual(odds.chance(side=skirmish.Side.OTHER), Fraction(1, 3))
        self.assertEqual(odds.chance(Outcome.MISS), Fraction(1, 2))
        self.assertEqual(sum(o.fraction for o in odds), 1)
        self.assertIn("kill", str(kill))
        self.assertEqual([m.rule for m in odds.modifiers].count("S6"), 2)

    def test_charge_odds_say_who_dies(self):
        g, taro, gonbei = duel()
        g.start()
        g.move(taro, (16, 10))
        g.end_turn()
        odds = g.odds(Action.charge(gonbei, taro))
        sides = {o.outcome: o.side for o in odds}
        self.assertEqual(sides[Outcome.ATTACKER_WINS], skirmish.Side.OTHER)
        self.assertEqual(sides[Outcome.DEFENDER_WINS], skirmish.Side.ACTING)
        self.assertTrue(odds.rerolls)
        self.assertEqual(sum(o.fraction for o in odds), 1)

    def test_legal_actions_are_accepted(self):
        g, taro, gonbei = duel()
        g.start()
        acts = g.legal_actions(taro)
        self.assertIn(skirmish.ActionKind.SHOOT, [a.kind for a in acts])
        for a in acts:
            g.check(a)
        everyone = g.legal_actions()
        self.assertIn(skirmish.ActionKind.END_TURN, [a.kind for a in everyone])
        self.assertTrue(all(a.figure in (taro, -1) for a in everyone))

    def test_check_action_says_why_and_changes_nothing(self):
        g, taro, gonbei = duel()
        g.start()
        h = g.hash()
        self.assertIsNone(g.check(Action.shoot(taro, gonbei)))
        with self.assertRaises(skirmish.NotYourTurnError):
            g.check(Action.shoot(gonbei, taro))
        with self.assertRaises(skirmish.TooFarError):
            g.check(Action.move(taro, (10, 40)))
        with self.assertRaises(skirmish.BlockedError):
            g.check(Action.move(taro, (60, 10)))
        self.assertFalse(g.is_legal(Action.fight(taro)))
        self.assertEqual(g.hash(), h)


@unittest.skipUnless(hasattr(skirmish.lib, "skirmish_game_add_objective"), "no objectives")
class TestObjectives(unittest.TestCase):
    def test_o2_o3_pick_up(self):
        g = Game("senso", player_order=[0, 1])
        kenji = g.add_figure(0, 10, 10, dv=6, name="Kenji")
        g.add_figure(1, 40, 40, dv=6, name="Taro")
        pig = g.add_objective(10, 15, name="pig")
        self.assertEqual(g.objective_count, 1)
        o = g.objective(pig)
        self.assertEqual((o.name, o.state, o.carrier, o.player, o.x, o.y),
                         ("pig", skirmish.ObjectiveState.ON_TABLE, None, None, 10.0, 15.0))
        g.start()
        r = g.move(kenji, (10, 14))
        self.assertIn(skirmish.EffectKind.OBJECTIVE_TAKEN, [e.kind for e in r.effects])
        self.assertIn("picks up pig", r.text)
        o = g.objectives()[0]
        self.assertEqual((o.state, o.carrier, o.player, o.x, o.y),
                         (skirmish.ObjectiveState.CARRIED, kenji, 0, 10.0, 14.0))

    def test_o4_carried_off_the_edge_wins(self):
        g = Game("senso", player_order=[0, 1])
        kenji = g.add_figure(0, 10, 8, dv=6, name="Kenji")
        g.add_figure(1, 40, 40, dv=6, name="Taro")
        g.add_objective(10, 2, name="barrel of rice wine")
        g.set_exit_edge(0, "south")
        with self.assertRaises(ValueError):
            g.set_exit_edge(1, "up")
        g.start()
        with self.assertRaises(skirmish.StateError):      # setup only
            g.set_exit_edge(1, skirmish.Edge.NORTH)
        g.move(kenji, (10, 3.05))
        g.end_turn()
        g.end_turn()
        g.move(kenji, (10, 0.5))
        self.assertTrue(g.over)
        self.assertEqual(g.winner, 0)
        self.assertEqual(g.objective(0).state, skirmish.ObjectiveState.OFF_TABLE)
        self.assertEqual(g.objective(0).player, 0)



class TestGameOptions(unittest.TestCase):
    """Game.options and exit_edge(): what a game was made with, the same
    for the game saved and opened again (skirmish_game_get_options)."""

    def odd(self, ruleset, player_order=(2, 0, 1)):
        g = Game(ruleset, 3, umpire=True, table_width=60.25, table_depth=30.5,
                 night=True, turn_limit=9, ring_removal=skirmish.RingRemoval.GAME_TURN,
                 melee_ties="standoff", die_sides=8, player_order=player_order,
                 seed=2**64 - 3)
        for p, x in ((0, 10), (1, 30), (2, 50)):
            g.add_figure(p, x, 10, dv=6)
        g.set_exit_edge(0, "north")
        g.set_exit_edge(2, skirmish.Edge.WEST)
        return g

    def test_defaults(self):
        o = Game("sampson").options
        self.assertIsInstance(o, skirmish.GameOptions)
        self.assertEqual(o, skirmish.GameOptions(
            ruleset="sampson", players=2, umpire=False, table_width=72.0, table_depth=48.0,
            night=False, turn_limit=0, ring_removal=skirmish.RingRemoval.PLAYER_TURN,
            melee_ties=skirmish.MeleeTies.REROLL, die_sides=6, player_order=None, seed=0))
        with self.assertRaises(dataclasses.FrozenInstanceError):
            o.players = 3  # type: ignore[misc]

    def test_read_back_and_survive_a_save(self):
        for ruleset in ("senso", "sampson"):
            for started in (False, True):
                g = self.odd(ruleset, None if started else (2, 0, 1))
                if started:
                    g.start()
                o = g.options
                self.assertEqual((o.ruleset, o.players, o.umpire, o.table_width,
                                  o.table_depth, o.night, o.turn_limit, o.die_sides,
                                  o.seed),
                                 (ruleset, 3, True, 60.25, 30.5, True, 9, 8, 2**64 - 3))
                self.assertIs(o.ring_removal, skirmish.RingRemoval.GAME_TURN)
                self.assertIs(o.melee_ties, skirmish.MeleeTies.STANDOFF)
                self.assertEqual(o.player_order, None if started else (2, 0, 1))
                h = Game.load(g.save())
                self.assertEqual(h.options, o)
                edges = [h.exit_edge(p) for p in range(4)]
                self.assertEqual(edges, [g.exit_edge(p) for p in range(4)])
                self.assertEqual(edges, [skirmish.Edge.NORTH, skirmish.Edge.NONE,
                                         skirmish.Edge.WEST, skirmish.Edge.NONE])
                # the options make the same game again
                again = Game(**dataclasses.asdict(o))
                self.assertEqual(again.options, o)

    def test_exit_edge_refusals(self):
        g = Game("senso")
        self.assertIs(g.exit_edge(1), skirmish.Edge.NONE)
        with self.assertRaises(skirmish.NoPlayerError):
            g.exit_edge(2)
        with self.assertRaises(skirmish.NoPlayerError):
            g.exit_edge(-1)
        with self.assertRaises(TypeError):
            g.exit_edge(True)
        g.close()
        with self.assertRaises(ValueError):
            g.options


def clans(**options):
    """Four samurai (player 0) against four peasants (player 1)."""
    g = Game("senso", turn_limit=8, **options)
    for i in range(4):
        g.add_figure(0, 20 + 8 * i, 6, 90, preset="samurai")
        g.add_figure(1, 20 + 8 * i, 42, 270, preset="peasant")
    return g


@unittest.skipUnless(hasattr(skirmish.lib, "skirmish_game_playouts"), "no playouts")
class TestPlayouts(unittest.TestCase):
    def test_reproducible_counted_and_game_unchanged(self):
        g = clans()
        h = g.hash()
        a = g.playouts(60, seed=5, policy="greedy")
        b = g.playouts(60, seed=5, policy=skirmish.Policy.GREEDY)
        self.assertEqual(a, b)
        self.assertEqual(g.hash(), h)
        self.assertEqual(g.state, skirmish.State.SETUP)
        self.assertEqual(a.games, 60)
        self.assertEqual(len(a.wins), 2)
        self.assertEqual(sum(a.wins) + a.draws + a.unfinished, 60)
        self.assertGreater(a.average_actions, 0)
        self.assertAlmostEqual(a.average_actions, a.actions / 60)
        self.assertLessEqual(a.average_turns, 8)
        self.assertAlmostEqual(a.win_rate(0), a.wins[0] / 60)
        self.assertNotEqual(g.playouts(60, seed=6, policy="greedy"), a)

    def test_policy_per_player(self):
        g = clans()
        greedy_samurai = g.playouts(100, seed=1, policy={0: "greedy", 1: "random"})
        self.assertEqual(g.playouts(100, seed=1, policy=["greedy", "random"]),
                         greedy_samurai)
        self.assertGreater(greedy_samurai.wins[0], greedy_samurai.wins[1])
        with self.assertRaises(ValueError):
            g.playouts(10, policy="clever")

    def test_max_actions_leaves_games_unfinished(self):
        st = clans().playouts(20, seed=2, max_actions=3)
        self.assertEqual(st.unfinished, 20)
        self.assertEqual(st.actions, 60)

    def test_progress_callback(self):
        g = clans()
        seen = []

        def progress(done, total):
            gc.collect()              # the handle must survive a collection
            seen.append((done, total))
        # a callable nobody else refers to: only the call keeps it alive
        st = g.playouts(25, seed=3, progress=lambda d, t: progress(d, t))
        self.assertEqual(seen, [(i, 25) for i in range(1, 26)])
        self.assertEqual(st, g.playouts(25, seed=3))     # progress changes nothing

    def test_progress_exception_is_raised_after_the_batch(self):
        g = clans()
        calls = []

        def progress(done, total):
            calls.append(done)
            if done == 3:
                raise KeyboardInterrupt
        with self.assertRaises(KeyboardInterrupt):
            g.playouts(10, progress=progress)
        self.assertEqual(calls, [1, 2, 3])                # not called again
        g.playouts(2)                                     # the game still works

    def test_errors(self):
        g = clans()
        for games in (0, -1, 100000001):                 # one kind of mistake, one error
            with self.assertRaisesRegex(ValueError, "games must be 1 to 100000000"):
                g.playouts(games)
        with self.assertRaises(skirmish.NoPlayerError):
            g.playouts(2, policy={5: "greedy"})           # no player 5
        with self.assertRaises(skirmish.NoPlayerError):
            g.playouts(2, policy=["greedy"] * 3)           # three policies, two players
        g.script_dice(1, 1, exclusive=False)
        g.start()
        self.assertIsNotNone(g.playouts(5).games)        # from a game in play
        g2, taro, gonbei = duel()
        g2.start()
        g2.script_dice(1)
        g2.shoot(taro, gonbei)
        self.assertTrue(g2.over)
        with self.assertRaises(skirmish.StateError):
            g2.playouts(5)

    def test_horizon_stops_and_values_the_games(self):
        g = clans()
        st = g.playouts(30, seed=4, horizon=2, policy="rollout")
        self.assertEqual(st, g.playouts(30, seed=4, horizon=2, policy="rollout"))
        self.assertEqual(sum(st.wins) + st.draws + st.unfinished + st.horizon_stopped, 30)
        self.assertGreater(st.horizon_stopped, 0)
        self.assertLessEqual(st.average_turns, 3)         # started at turn 1
        self.assertEqual(len(st.values), 2)
        self.assertAlmostEqual(sum(st.values), 30)
        self.assertGreater(st.mean_value(0), st.mean_value(1))  # samurai, peasants
        full = g.playouts(30, seed=4, policy="rollout")
        self.assertEqual(full.horizon_stopped, 0)
        with self.assertRaises(ValueError):
            g.playouts(3, horizon=-1)

    def test_value(self):
        g = clans()
        # in halves, a samurai 2 x (2 + armour + bow) + 12 - DV 6 = 14; a
        # peasant 2 x 2 + 12 - 12 = 4
        self.assertEqual(g.value(0), 56 / 72)
        self.assertEqual(g.value(1), 16 / 72)
        with self.assertRaises(skirmish.NoPlayerError):
            g.value(2)
        with self.assertRaises(TypeError):
            g.value(True)
        g2, taro, gonbei = duel()
        g2.start()
        g2.script_dice(1)
        g2.shoot(taro, gonbei)
        self.assertTrue(g2.over)
        self.assertEqual((g2.value(0), g2.value(1)), (1.0, 0.0))

    def test_rollout_policy(self):
        self.assertEqual(skirmish.Policy.ROLLOUT, skirmish.lib.SKIRMISH_POLICY_ROLLOUT)
        g = clans(seed=3)
        g.start()
        a = g.policy_action("rollout")
        self.assertTrue(g.is_legal(a))
        self.assertEqual(a.kind, skirmish.ActionKind.MOVE)  # far apart: closes
        g.act(a)

    def test_search(self):
        g = clans(seed=9)
        with self.assertRaises(skirmish.StateError):      # not yet playing
            g.search(50)
        g.start()
        h = g.hash()
        a, cands = g.search(200, seed=4)
        self.assertEqual(g.hash(), h)                     # changes nothing
        g.check(a)
        self.assertEqual(sum(c.visits for c in cands), 200)
        self.assertEqual(max(c.visits for c in cands),
                         [c.visits for c in cands if c.action == a][0])
        a2, cands2 = g.search(200, seed=4)
        self.assertEqual(a2, a)
        self.assertEqual([(c.visits, c.value) for c in cands],
                         [(c.visits, c.value) for c in cands2])
        with self.assertRaises(skirmish.InvalidError):
            g.search(0)

    def test_searcher(self):
        g = clans(seed=9)
        g.start()
        h = g.hash()
        a, cands = g.search(200, seed=4, max_nodes=5000)
        with skirmish.Searcher(g, 200, seed=4, max_nodes=5000) as s:
            self.assertEqual(s.descents, (0, 0))
            a2, cands2 = s.search(g)                      # as search() does
            self.assertEqual(a2, a)
            self.assertEqual([(c.visits, c.value) for c in cands],
                             [(c.visits, c.value) for c in cands2])
            self.assertEqual(g.hash(), h)
            a3, cands3 = s.search(g)                      # the tree kept
            self.assertEqual(s.descents, (200, 200))
            self.assertEqual(sum(c.visits for c in cands3), 400)
            g.act(a3)
            if g.state == skirmish.State.PLAYING:
                a4, _ = s.search(g)
                g.check(a4)
                made, kept = s.descents
                self.assertEqual(made, 200)
                self.assertGreaterEqual(kept, 0)
        with self.assertRaises(ValueError):
            s.search(g)
        with self.assertRaises(TypeError):
            skirmish.Searcher("game")
        with self.assertRaises(skirmish.InvalidError):
            g.searcher(0)
        with g.searcher(50) as s2:
            with self.assertRaises(TypeError):
                s2.search(None)

    def test_policy_action(self):
        g = clans(seed=9)
        with self.assertRaises(skirmish.StateError):      # not yet playing
            g.policy_action()
        g.start()
        self.assertEqual(g.policy_rng_state, 9)           # starts as the seed
        h = g.hash()
        g.policy_rng_state = 42
        a = g.policy_action("random")
        s1 = g.policy_rng_state
        self.assertNotEqual(s1, 42)
        self.assertEqual(g.hash(), h)                     # changes nothing else
        g.check(a)
        g.policy_rng_state = 42
        self.assertEqual(g.policy_action("random"), a)    # same state, same choice
        c = g.clone()
        self.assertEqual(c.policy_rng_state, g.policy_rng_state)
        self.assertEqual(c.policy_action("random"), g.policy_action("random"))
        greedy = g.policy_action()
        self.assertIsInstance(greedy, Action)
        g.act(greedy)
        # a whole game driven from Python ends
        for _ in range(2000):
            if g.over:
                break
            g.act(g.policy_action("greedy"))
        self.assertTrue(g.over)


class TestPythonic(unittest.TestCase):
    """Wrong types and values are TypeError and ValueError naming the
    argument; the roller's own mistakes are its own exceptions."""

    def assertNames(self, exc_type, word, fn, *args, **kwargs):
        with self.assertRaises(exc_type) as cm:
            fn(*args, **kwargs)
        self.assertIn(word, str(cm.exception))

    def test_game_options(self):
        self.assertNames(TypeError, "players", Game, "senso", players="two")
        self.assertNames(ValueError, "seed", Game, "senso", seed=-1)
        self.assertNames(ValueError, "seed", Game, "senso", seed=1 << 64)
        self.assertNames(TypeError, "seed", Game, "senso", seed=1.5)
        self.assertNames(TypeError, "table_width", Game, "senso", table_width="wide")
        self.assertNames(ValueError, "table_width", Game, "senso", table_width=float("nan"))
        self.assertNames(TypeError, "ruleset", Game, 2.5)
        self.assertNames(ValueError, "ruleset", Game, 99)
        self.assertNames(ValueError, "ring_removal", Game, "senso", ring_removal="never")
        self.assertNames(TypeError, "roll", Game, "senso", roll=6)
        self.assertNames(TypeError, "player_order", Game, "senso", player_order=1)
        self.assertNames(ValueError, "turn_limit", Game, "senso", turn_limit=-1)
        with self.assertRaises(skirmish.UnknownRulesetError):
            Game("chess")
        Game("senso", seed=(1 << 64) - 1).close()

    def test_setup_arguments(self):
        g = Game("senso")
        self.assertNames(TypeError, "name", g.add_figure, 0, 1, 1, name=5)
        self.assertNames(ValueError, "name", g.add_figure, 0, 1, 1, name="a\0b")
        self.assertNames(TypeError, "x", g.add_figure, 0, "left", 1)
        self.assertNames(TypeError, "player", g.add_figure, None, 1, 1)
        self.assertNames(ValueError, "player", g.add_figure, 1 << 40, 1, 1)
        self.assertNames(ValueError, "preset", g.add_figure, 0, 1, 1, preset="shogun")
        self.assertNames(TypeError, "melee_weapon", g.add_figure, 0, 1, 1, melee_weapon=1.0)
        self.assertNames(TypeError, "points", g.add_terrain, "polygon", points=5)
        self.assertNames(TypeError, "points[1]", g.add_terrain, "polygon",
                         points=[(0, 0), 3, (1, 1)])
        self.assertNames(TypeError, "unexpected keyword", g.add_terrain, "rect", wet=True)
        self.assertNames(TypeError, "values[1]", g.script_dice, 1, "2")
        self.assertEqual(g.figure_count, 0)

    def test_action_arguments(self):
        g, taro, gonbei = duel()
        g.start()
        h = g.hash()
        self.assertNames(TypeError, "action", g.act, None)
        self.assertNames(TypeError, "action", g.check, "shoot")
        self.assertNames(TypeError, "action", g.odds, 3)
        self.assertNames(TypeError, "figure_id", g.shoot, "Taro", gonbei)
        self.assertNames(TypeError, "target", g.shoot, taro, None)
        self.assertNames(TypeError, "figure_id", g.legal_actions, 0.0)
        self.assertNames(TypeError, "path[0]", g.move, taro, 5)
        self.assertNames(ValueError, "path", g.move, taro, *[(10, 10)] * 17)
        self.assertNames(TypeError, "facing", g.move, taro, (12, 10), facing="north")
        self.assertNames(TypeError, "figure", Action, "shoot", "Taro", 1)
        self.assertNames(ValueError, "kind", Action, "jump")
        self.assertNames(TypeError, "other", g.copy_from, None)
        self.assertNames(ValueError, "games", g.playouts, -1)
        self.assertNames(TypeError, "progress", g.playouts, 1, progress=1)
        self.assertEqual(g.hash(), h)
        g.close()
        self.assertNames(ValueError, "closed", g.act, Action.end_turn())
        self.assertNames(ValueError, "closed", g.legal_actions)

    def test_roller_returning_a_non_integer(self):
        for bad in ("six", None, 2.5, True):
            def roll(sides, bad=bad):
                return bad
            g, taro, gonbei = duel(roll=roll)
            g.start()
            h = g.hash()
            with self.assertRaises(TypeError) as cm:
                g.shoot(taro, gonbei)
            self.assertIn("roller", str(cm.exception))
            self.assertIn(repr(bad), str(cm.exception))
            self.assertEqual(g.hash(), h)     # G6: the action failed whole
        g, taro, gonbei = duel(roll=lambda sides: 1 << 40)
        g.start()
        self.assertNames(ValueError, "roller", g.shoot, taro, gonbei)
        # an integer out of 1..sides stays the library's DiceError
        g, taro, gonbei = duel(roll=lambda sides: 0)
        g.start()
        self.assertRaises(skirmish.DiceError, g.shoot, taro, gonbei)

    def test_event_callback_exception_is_raised(self):
        def on_event(payload):
            raise KeyError("listener")
        g, taro, gonbei = duel(on_event=on_event)
        self.assertRaises(KeyError, g.start)

    def test_versions(self):
        self.assertEqual(skirmish.__version__, skirmish.version())
        check = skirmish._capi._check_versions
        check("0.1.0", "0.1.0", 100, "0.1.0", 100, "ext")
        check("0.1.0", "0.1.0", 100, "0.1.3", 103, "ext")     # a later micro release
        with self.assertRaisesRegex(ImportError, "built from libskirmish 0.2.0"):
            check("0.1.0", "0.2.0", 200, "0.2.0", 200, "ext")
        with self.assertRaisesRegex(ImportError, "loaded libskirmish 0.2.0"):
            check("0.1.0", "0.1.0", 100, "0.2.0", 200, "ext")
        with self.assertRaisesRegex(ImportError, "loaded libskirmish 0.1.0"):
            check("0.1.1", "0.1.1", 101, "0.1.0", 100, "ext")

    def test_every_header_constant_has_its_member(self):
        from skirmish import enums, errors
        for cls, (prefix, others) in enums.PREFIXES.items():
            want = {k: v for k, v in skirmish._capi._constants(prefix).items()
                    if k not in ("COUNT", "MAX") and not k.endswith("VERSION")
                    and not any(k.startswith(o) for o in others)}
            have = {m.name: int(m) for m in cls}
            self.assertEqual(have, want, cls.__name__)
        codes = skirmish._capi._constants("SKIRMISH_E_")
        self.assertEqual(sorted(errors.error_class(c).code for c in codes.values()),
                         sorted(codes.values()))
        for c in codes.values():
            self.assertIsNot(errors.error_class(c), skirmish.SkirmishError)

    def test_every_public_name_has_a_docstring(self):
        import inspect
        for name in skirmish.__all__:
            obj = getattr(skirmish, name)
            if inspect.isclass(obj) or inspect.isfunction(obj):
                self.assertTrue(obj.__doc__, name)
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                for attr, member in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    if inspect.isfunction(member) or isinstance(member, (property, classmethod,
                                                                         staticmethod)):
                        self.assertTrue(getattr(obj, attr).__doc__, "%s.%s" % (name, attr))


class TestFastLoops(unittest.TestCase):
    """Lazy results and compact legal actions give what the eager ones did."""

    def test_result_is_read_when_looked_at_or_kept(self):
        g, taro, gonbei = duel()
        g.start()
        g.script_dice(6)
        c = g.clone()
        eager = repr(c.shoot(taro, gonbei))        # read at once
        kept = g.shoot(taro, gonbei)
        g.end_turn()                               # the game changes: kept is read first
        self.assertEqual(kept.outcome, Outcome.MISS)
        self.assertIn("Taro", kept.text)
        self.assertEqual([d.value for d in kept.dice], [6])
        self.assertEqual(repr(kept), eager)
        r = g.end_turn()
        g.undo()                                   # undo forgets the C result
        self.assertEqual(r.action, skirmish.ActionKind.END_TURN)

    def test_a_kept_result_outlives_close(self):
        g, taro, gonbei = duel()
        r = g.start()
        g.close()
        self.assertEqual(r.action, skirmish.ActionKind.START)

    def test_legal_actions_kept_across_listings(self):
        g, taro, gonbei = duel()
        g.start()
        first = g.legal_actions(taro)
        frozen = [repr(a) for a in first]
        g.legal_actions(gonbei)                  # the game's buffer is reused
        g.act(g.legal_actions()[-1])
        self.assertEqual([repr(a) for a in first], frozen)
        self.assertEqual(first[-1], first[len(first) - 1])
        self.assertEqual(first[:2], list(first)[:2])
        with self.assertRaises(IndexError):
            first[len(first)]

    def test_a_legal_action_changed_is_checked_again(self):
        g, taro, gonbei = duel()
        g.start()
        shot = [a for a in g.legal_actions(taro) if a.kind == skirmish.ActionKind.SHOOT][0]
        shot = shot.replace(target=taro)         # at itself: refused
        self.assertFalse(g.is_legal(shot))
        shot = shot.replace(target=gonbei)
        self.assertTrue(g.is_legal(shot))


class TestAsPythonExpects(unittest.TestCase):
    """What a Python user expects: names when printed, hashable frozen
    records, dataclasses, one exception per kind of mistake."""

    def test_enums_print_as_names(self):
        self.assertEqual(str(skirmish.Outcome.KILL), "Outcome.KILL")
        self.assertEqual("%s" % skirmish.Outcome.KILL, "Outcome.KILL")
        self.assertEqual("{}".format(skirmish.Outcome.KILL), "Outcome.KILL")
        self.assertEqual("{:d}".format(skirmish.Outcome.KILL), str(int(skirmish.Outcome.KILL)))
        flags = skirmish.TerrainFlag.COVER | skirmish.TerrainFlag.ROUGH
        self.assertEqual(str(flags), "TerrainFlag.ROUGH|COVER")
        self.assertEqual(skirmish.Outcome.KILL, int(skirmish.Outcome.KILL))   # still an int

    def test_actions_and_figures_are_hashable_and_frozen(self):
        g, taro, gonbei = duel()
        g.start()
        listed = g.legal_actions(taro)
        counts = {a: 0 for a in listed}
        self.assertEqual(len(counts), len(listed))
        self.assertEqual(hash(Action.shoot(taro, gonbei)), hash(Action.shoot(taro, gonbei)))
        with self.assertRaises(AttributeError):
            listed[0].target = gonbei                         # frozen
        self.assertEqual(listed[0].replace(figure=gonbei).figure, gonbei)
        with self.assertRaises(TypeError):
            listed[0].replace(colour="red")
        f = g.figure(taro)
        self.assertEqual({f: 1}[g.figure(taro)], 1)
        with self.assertRaises(dataclasses.FrozenInstanceError):
            f.x = 3.0                                          # type: ignore[misc]

    def test_a_listed_move_equals_the_move_in_the_history(self):
        g, taro, gonbei = duel()
        g.start()
        move = [a for a in g.legal_actions(taro) if a.kind == skirmish.ActionKind.MOVE][0]
        self.assertEqual(move.facing, g.figure(taro).facing)   # the facing it keeps
        g.act(move)
        self.assertEqual(g.history_action(-1), move)
        self.assertEqual(hash(g.history_action(-1)), hash(move))

    def test_results_and_figures_are_dataclasses(self):
        g, taro, gonbei = duel()
        g.start()
        g.script_dice(1)
        r = g.shoot(taro, gonbei)
        d = dataclasses.asdict(r)
        self.assertEqual(d["text"], r.text)
        self.assertEqual(d["dice"][0]["value"], 1)
        self.assertEqual([f.name for f in dataclasses.fields(r)][:3], ["action", "figure", "target"])
        self.assertEqual(dataclasses.asdict(g.figure(taro))["name"], "Taro")
        self.assertEqual(dataclasses.replace(g.figure(taro), rings=2).rings, 2)

    def test_help_explains_every_field(self):
        # each field has a line of its own (or shares one: "x, y: ...") in
        # the Fields: part of the class's docstring, which help() shows
        for cls in (skirmish.Die, skirmish.Modifier, skirmish.Effect, skirmish.Figure):
            doc = cls.__doc__ or ""
            self.assertIn(doc.strip().splitlines()[0],
                          pydoc.render_doc(cls, renderer=pydoc.plaintext))
            fields = doc[doc.index("Fields:"):] if "Fields:" in doc else ""
            for f in dataclasses.fields(cls):
                self.assertRegex(fields, r"(?m)^\s+(\w+, )*%s(, \w+)*: \w" % f.name,
                                 "%s.%s is not explained" % (cls.__name__, f.name))
        for member in ("kind", "figure", "target", "facing", "path"):
            self.assertIn("``%s``" % member, skirmish.Action.__doc__ or "")

    def test_ids_refuse_bools_and_name_their_bounds(self):
        g, taro, gonbei = duel()
        g.start()
        with self.assertRaisesRegex(TypeError, "figure_id must be an integer, not bool"):
            g.shoot(True, gonbei)
        with self.assertRaisesRegex(ValueError, "must be -2147483648 to 2147483647, not 1180591620717411303424"):
            g.shoot(2 ** 70, gonbei)
        with self.assertRaisesRegex(ValueError, "must be at least 0, not -1"):
            g.playouts(5, horizon=-1)
        with self.assertRaisesRegex(TypeError, "action must be an Action, not None"):
            g.act(None)                                       # type: ignore[arg-type]

    def test_a_long_listing_has_a_short_repr(self):
        g = clans()
        g.start()
        listed = g.legal_actions()
        self.assertGreater(len(listed), 10)
        text = repr(listed)
        self.assertLess(len(text), 600)
        self.assertIn("%d actions" % len(listed), text)
        self.assertIn("%d more" % (len(listed) - 3), text)


if __name__ == "__main__":
    unittest.main(verbosity=2)

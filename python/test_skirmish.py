#!/usr/bin/env python3
"""Tests of the Python binding (run by `meson test`, suite 'python').

Plain unittest. Exits 77 (skipped) only when this Python has no cffi; when
cffi is there the binding must import and work.
"""
import gc
import sys
import unittest
import weakref

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
        with self.assertRaises(skirmish.DiceError) as cm:
            g.shoot(taro, gonbei)
        self.assertIsInstance(cm.exception.__cause__, RuntimeError)
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

    def test_legal_actions_are_accepted(self):
        g, taro, gonbei = duel()
        g.start()
        acts = g.legal_actions(taro)
        self.assertIn(skirmish.ActionKind.SHOOT, [a.kind for a in acts])
        for a in acts:
            g.check(a)


if __name__ == "__main__":
    unittest.main(verbosity=2)

/* SPDX-License-Identifier: MIT */
/*
 * Sensō (the rule text and rulings S1-S28 of doc/rules/senso.md):
 * one test per clause and ruling, with scripted dice and exact results.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "test-common.h"
#include "../lib/skirmish-private.h"

/* ------------------------------------------------------------------ */
/* helpers                                                              */
/* ------------------------------------------------------------------ */

static skirmish_figure_spec
mk(int dv, int melee, int missile)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.dv = dv;
	s.melee_weapon = melee;
	s.missile_weapon = missile;
	return s;
}

static skirmish_figure_spec
mk_armour(int dv, int melee, int missile)
{
	skirmish_figure_spec s = mk(dv, melee, missile);

	s.armour = 1;
	return s;
}

static skirmish_figure_spec
mk_mounted(int dv, int melee, double facing)
{
	skirmish_figure_spec s = mk(dv, melee, SKIRMISH_MISSILE_NONE);

	s.mounted = 1;
	s.facing = facing;
	return s;
}

static skirmish_game *
senso_opts(int players, int umpire, int ring_removal, int ties, int night)
{
	static const int order[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.players = players;
	o.umpire = umpire;
	o.player_order = order;
	o.ring_removal = ring_removal;
	o.melee_ties = ties;
	o.night = night;
	o.seed = 7;
	return tc_game_opts(&o);
}

static skirmish_game *
senso(void)
{
	return tc_game(SKIRMISH_RULESET_SENSO, 2);
}

/* A figure far away so that the enemy clan is not wiped out (game end). */
static int
bystander(skirmish_game *g, int player, double x)
{
	skirmish_figure_spec s = mk(12, SKIRMISH_MELEE_UNARMED, SKIRMISH_MISSILE_NONE);

	return tc_figure(g, player, player ? "Bystander1" : "Bystander0", x, 45.0, &s);
}

static int
move_to(skirmish_game *g, int id, double x, double y, skirmish_result *r)
{
	double xy[2];

	xy[0] = x;
	xy[1] = y;
	return skirmish_move(g, id, xy, 1, SKIRMISH_FACING_KEEP, r);
}

static void
end_turn(skirmish_game *g)
{
	ck_assert_ok(skirmish_end_turn(g, NULL));
}

/* Places terrain of the given flags and returns the game for chaining. */
static void
terrain(skirmish_game *g, unsigned int flags, double x0, double y0, double x1, double y1)
{
	tc_rect(g, flags, x0, y0, x1, y1);
}

static int
shoot(skirmish_game *g, int a, int b, skirmish_result *r)
{
	return skirmish_shoot(g, a, b, r);
}

static void
assert_text(const skirmish_result *r, const char *want)
{
	ck_assert_msg(r->text && strcmp(r->text, want) == 0, "text:\n  %s\nwanted:\n  %s",
		      r->text ? r->text : "(null)", want);
}

/* ------------------------------------------------------------------ */
/* S1: Die Value, presets; S13: Sensō weapons                           */
/* ------------------------------------------------------------------ */

START_TEST(s1_dv_is_d4_to_d12)
{
	static const int bad[] = { 0, 1, 2, 3, 5, 7, 9, 11, 13, 20, 100 };
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, 0);
	size_t i;
	int dv, id;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		s.dv = bad[i];
		s.x = 5;
		s.y = 5;
		ck_assert_int_eq(skirmish_game_add_figure(g, &s, &id), SKIRMISH_E_INVALID);
		ck_assert_msg(strncmp(skirmish_game_errmsg(g), "S1: ", 4) == 0, "%s",
			      skirmish_game_errmsg(g));
	}
	ck_assert_int_eq(skirmish_game_figure_count(g), 0);
	for (dv = 4; dv <= 12; dv += 2) {
		s = mk(dv, 0, 0);
		id = tc_figure(g, 0, "ok", 2.0 * dv, 5, &s);
		ck_assert_int_eq(tc_info(g, id).dv, dv);
	}
	skirmish_game_free(g);
}
END_TEST

START_TEST(s1_every_roll_uses_the_dv)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(10, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec t = mk_armour(4, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Goro", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 30, 10, &t);
	tc_figure(g, 1, "Jiro", 40, 10, &t);
	tc_start(g);
	tc_dice(g, 1, 9);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(r.ndice, 1);
	ck_assert_int_eq(r.dice[0].sides, 10);
	ck_assert_int_eq(r.dice[0].figure, a);
	ck_assert_int_eq(r.dice[0].purpose, SKIRMISH_ROLL_SHOOT);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s1_presets_are_the_example_skill_levels)
{
	static const struct {
		int preset, dv, mounted, melee, missile, armour, martial;
		const char *name;
	} want[] = {
		{ SKIRMISH_PRESET_FENCING_INSTRUCTOR, 4, 0, SKIRMISH_MELEE_SWORD, 0, 0, 0, "fencing instructor" },
		{ SKIRMISH_PRESET_NINJA, 4, 0, SKIRMISH_MELEE_UNARMED, SKIRMISH_MISSILE_SHURIKEN, 0, 1, "ninja" },
		{ SKIRMISH_PRESET_SAMURAI, 6, 0, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_BOW, 1, 0, "samurai" },
		{ SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED, 6, 1, SKIRMISH_MELEE_YARI, 0, 1, 0, "mounted samurai veteran" },
		{ SKIRMISH_PRESET_MONK, 8, 0, SKIRMISH_MELEE_NAGINATA, 0, 0, 0, "monk" },
		{ SKIRMISH_PRESET_ASHIGARU_BOW, 8, 0, SKIRMISH_MELEE_SHORT_SWORD, SKIRMISH_MISSILE_BOW, 1, 0, "ashigaru archer" },
		{ SKIRMISH_PRESET_ASHIGARU_ARQUEBUS, 10, 0, SKIRMISH_MELEE_SHORT_SWORD, SKIRMISH_MISSILE_ARQUEBUS, 1, 0, "ashigaru arquebusier" },
		{ SKIRMISH_PRESET_ASHIGARU_YARI, 10, 0, SKIRMISH_MELEE_YARI, 0, 1, 0, "ashigaru yari" },
		{ SKIRMISH_PRESET_PEASANT, 12, 0, SKIRMISH_MELEE_WOODEN, 0, 0, 0, "peasant" },
	};
	skirmish_game *g = senso();
	size_t i;

	ck_assert_int_eq((int)(sizeof(want) / sizeof(want[0])), SKIRMISH_PRESET_COUNT);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
		skirmish_figure_info f;
		int id;

		s.player = 1;
		s.x = 3.0 + 4.0 * (double)i;
		s.y = 7.0;
		s.facing = 90;
		s.shield = 1;     /* a preset clears what Sensō has not */
		s.unloaded = 1;
		ck_assert_ok(skirmish_figure_spec_preset(&s, want[i].preset));
		ck_assert_int_eq(s.player, 1);
		ck_assert(s.x == 3.0 + 4.0 * (double)i && s.y == 7.0 && s.facing == 90);
		ck_assert_str_eq(skirmish_preset_name(want[i].preset), want[i].name);
		ck_assert_ok(skirmish_game_add_figure(g, &s, &id));
		f = tc_info(g, id);
		ck_assert_int_eq(f.dv, want[i].dv);
		ck_assert_int_eq(f.mounted, want[i].mounted);
		ck_assert_int_eq(f.melee_weapon, want[i].melee);
		ck_assert_int_eq(f.missile_weapon, want[i].missile);
		ck_assert_int_eq(f.armour, want[i].armour);
		ck_assert_int_eq(f.martial_arts, want[i].martial);
		ck_assert_int_eq(f.shield, 0);
		ck_assert_int_eq(f.loaded, want[i].missile != 0);
	}
	{
		skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
		ck_assert_int_eq(skirmish_figure_spec_preset(&s, -1), SKIRMISH_E_INVALID);
		ck_assert_int_eq(skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_COUNT),
				 SKIRMISH_E_INVALID);
		ck_assert_int_eq(skirmish_figure_spec_preset(NULL, 0), SKIRMISH_E_INVALID);
		s.version = 99;
		ck_assert_int_eq(skirmish_figure_spec_preset(&s, 0), SKIRMISH_E_VERSION);
		ck_assert_ptr_null(skirmish_preset_name(-1));
		ck_assert_ptr_null(skirmish_preset_name(SKIRMISH_PRESET_COUNT));
	}
	skirmish_game_free(g);
}
END_TEST

START_TEST(s13_only_senso_weapons)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s;
	int id, w;

	s = mk(6, SKIRMISH_MELEE_SPEAR, 0);
	s.x = s.y = 5;
	ck_assert_int_eq(skirmish_game_add_figure(g, &s, &id), SKIRMISH_E_INVALID);
	ck_assert(strstr(skirmish_game_errmsg(g), "S13: spear") != NULL);
	s.melee_weapon = SKIRMISH_MELEE_LONG_SPEAR;
	ck_assert_int_eq(skirmish_game_add_figure(g, &s, &id), SKIRMISH_E_INVALID);
	s.melee_weapon = SKIRMISH_MELEE_SWORD;
	s.shield = 1;
	ck_assert_int_eq(skirmish_game_add_figure(g, &s, &id), SKIRMISH_E_INVALID);
	ck_assert(strstr(skirmish_game_errmsg(g), "S13: Senso has no shields") != NULL);
	s.shield = 0;
	for (w = SKIRMISH_MISSILE_LONG_BOW; w <= SKIRMISH_MISSILE_JAVELIN; w++) {
		s.missile_weapon = w;
		ck_assert_int_eq(skirmish_game_add_figure(g, &s, &id), SKIRMISH_E_INVALID);
		ck_assert(strncmp(skirmish_game_errmsg(g), "S6: ", 4) == 0);
	}
	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	s.unloaded = 1;
	ck_assert_int_eq(skirmish_game_add_figure(g, &s, &id), SKIRMISH_E_INVALID);
	ck_assert(strncmp(skirmish_game_errmsg(g), "S13: ", 5) == 0);
	ck_assert_int_eq(skirmish_game_figure_count(g), 0);
	/* every Sensō class is accepted, on foot and mounted (G2 bases) */
	for (w = SKIRMISH_MELEE_UNARMED; w <= SKIRMISH_MELEE_YARI; w++) {
		skirmish_figure_info f;
		s = w % 2 ? mk_mounted(8, w, 0) : mk(8, w, SKIRMISH_MISSILE_BLOWPIPE);
		id = tc_figure(g, 0, "w", 3.0 + 4.0 * w, 20, &s);
		f = tc_info(g, id);
		ck_assert(f.base_width == 1.0 && f.base_depth == (w % 2 ? 2.0 : 1.0));
	}
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* S2: turn order, umpire, enemies                                      */
/* ------------------------------------------------------------------ */

START_TEST(s2_roll_off_highest_first_umpire_last)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_game *g;
	int order[4];

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.players = 3;
	o.umpire = 1;
	g = tc_game_opts(&o);
	tc_figure(g, 0, "A", 5, 5, &s);
	tc_figure(g, 1, "B", 10, 5, &s);
	tc_figure(g, 2, "C", 15, 5, &s);
	tc_figure(g, 3, "Umpire", 20, 5, &s);
	/* 2, 5, 5: players 1 and 2 tie and roll again: 1 then 4 */
	tc_dice(g, 5, 2, 5, 5, 1, 4);
	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_int_eq(skirmish_game_player_order(g, order, 4), 4);
	ck_assert_int_eq(order[0], 2);
	ck_assert_int_eq(order[1], 1);
	ck_assert_int_eq(order[2], 0);
	ck_assert_int_eq(order[3], 3);
	ck_assert_int_eq(r.ndice, 5);
	ck_assert_int_eq(skirmish_game_active_player(g), 2);
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_ACTIONS);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s2_umpire_figures_are_enemies_of_all)
{
	skirmish_game *g = senso_opts(2, 1, 0, 0, 0);
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, u;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	tc_figure(g, 0, "Friend", 5, 20, &s);
	tc_figure(g, 1, "Taro", 30, 30, &s);
	u = tc_figure(g, 2, "Bandit", 15, 10, &s);
	tc_start(g);
	ck_assert_int_eq(skirmish_game_umpire(g), 2);
	ck_assert_rejected(g, shoot(g, a, 1, &r), SKIRMISH_E_TARGET);
	tc_dice(g, 1, 6);
	ck_assert_ok(shoot(g, a, u, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_MISS);
	end_turn(g);
	ck_assert_int_eq(skirmish_game_active_player(g), 1);
	end_turn(g);
	ck_assert_int_eq(skirmish_game_active_player(g), 2);
	tc_dice(g, 1, 6);
	ck_assert_ok(shoot(g, u, 2, &r));
	end_turn(g);
	ck_assert_int_eq(skirmish_game_active_player(g), 0);
	ck_assert_int_eq(skirmish_game_turn(g), 2);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* S3: one action; rings stop a figure acting but not fighting          */
/* ------------------------------------------------------------------ */

START_TEST(s3_one_action_per_turn)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_info f;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 25, 10, &s);
	tc_start(g);
	f = tc_info(g, a);
	ck_assert(f.can_act && !f.acted && f.move_left == 6.0);
	tc_dice(g, 1, 6);
	ck_assert_ok(shoot(g, a, b, &r));
	f = tc_info(g, a);
	ck_assert(!f.can_act && f.acted && f.shot && f.move_left == 0.0);
	ck_assert_rejected(g, move_to(g, a, 6, 10, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert(strstr(skirmish_game_errmsg(g), "S3: Kenji has already taken its action") != NULL);
	ck_assert_rejected(g, shoot(g, a, b, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert_rejected(g, skirmish_reload(g, a, &r), SKIRMISH_E_CANNOT_ACT);
	/* a move is the whole action too (S20) */
	end_turn(g);
	ck_assert_ok(move_to(g, b, 24, 10, &r));
	ck_assert_rejected(g, move_to(g, b, 23, 10, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert_rejected(g, move_to(g, a, 6, 10, &r), SKIRMISH_E_NOT_YOUR_TURN);
	end_turn(g);
	f = tc_info(g, a);
	ck_assert(f.can_act && !f.acted && !f.shot && f.move_left == 6.0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s3_ringed_figure_cannot_act)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 15, 10, &s);
	tc_start(g);
	/* 3 - 1 short - 1 unarmoured = 1: a hit, one ring */
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_HIT);
	end_turn(g);
	ck_assert_int_eq(tc_info(g, b).rings, 1);
	ck_assert_int_eq(tc_info(g, b).can_act, 0);
	ck_assert_rejected(g, move_to(g, b, 16, 10, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert(strstr(skirmish_game_errmsg(g), "S3: Taro has 1 ring") != NULL);
	ck_assert_rejected(g, shoot(g, b, a, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert_rejected(g, skirmish_fight(g, b, &r), SKIRMISH_E_CANNOT_ACT);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s3_ringed_figure_fights_when_attacked)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec t = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, c, b;

	a = tc_figure(g, 0, "Kenji", 5, 20, &s);
	c = tc_figure(g, 0, "Goro", 5, 10, &t);
	b = tc_figure(g, 1, "Taro", 10, 10, &t);
	bystander(g, 1, 60);
	tc_start(g);
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(tc_info(g, b).rings, 1);
	/* Taro, ringed, still rolls his d8 and wins: 6 against 2 */
	tc_dice(g, 2, 6, 2);
	ck_assert_ok(move_to(g, c, 9, 10, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_DEFENDER_WINS);
	ck_assert_int_eq(r.dice[1].figure, b);
	ck_assert_int_eq(r.dice[1].sides, 8);
	ck_assert(tc_info(g, c).removed);
	ck_assert(!tc_info(g, b).removed);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* S4, S10: the charge and the fight                                    */
/* ------------------------------------------------------------------ */

START_TEST(s4_move_into_contact_fights_at_once)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 10, 10, &t);
	bystander(g, 1, 60);
	tc_start(g);
	tc_dice(g, 2, 2, 5);
	ck_assert_ok(move_to(g, a, 9, 10, &r));
	ck_assert_int_eq(r.action, SKIRMISH_ACTION_MOVE);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
	ck_assert_int_eq(r.target, b);
	ck_assert_int_eq(r.score[0], 2);
	ck_assert_int_eq(r.score[1], 5);
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[0].side, 0);
	ck_assert_int_eq(r.dice[1].side, 1);
	ck_assert_int_eq(r.nmodifiers, 0);
	ck_assert_int_eq(r.neffects, 3);
	ck_assert_int_eq(r.effects[0].kind, SKIRMISH_EFFECT_MOVED);
	/* S27: the fight against player 1, Kenji rolling against Taro */
	ck_assert_int_eq(r.effects[1].kind, SKIRMISH_EFFECT_FIGHT);
	ck_assert_int_eq(r.effects[1].figure, a);
	ck_assert_int_eq(r.effects[1].other, b);
	ck_assert_int_eq(r.effects[1].player, 1);
	ck_assert_int_eq(r.effects[1].value, 0);
	ck_assert_int_eq(r.effects[2].kind, SKIRMISH_EFFECT_KILLED);
	ck_assert_int_eq(r.effects[2].figure, b);
	ck_assert_str_eq(r.effects[2].rule, "S10");
	assert_text(&r, "Kenji moves from (5.0, 10.0) to (9.0, 10.0) and fights Taro (d8, sword): "
		    "Kenji rolls 2 = 2; Taro rolls 5 = 5; Kenji wins; Taro is killed.");
	ck_assert(tc_info(g, b).removed);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s4_charge_helper_fights)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 9, 13, &s);
	bystander(g, 1, 60);
	tc_start(g);
	tc_dice(g, 2, 4, 1);
	ck_assert_ok(skirmish_charge(g, a, b, SKIRMISH_FACING_KEEP, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_DEFENDER_WINS);
	ck_assert(tc_info(g, a).removed);
	skirmish_game_free(g);
}
END_TEST

/* S10: no facing: a charge from behind is fought as one from the front. */
START_TEST(s10_no_attack_in_the_rear)
{
	int from;

	for (from = 0; from < 2; from++) {
		skirmish_game *g = senso();
		skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
		skirmish_figure_spec t = mk(6, SKIRMISH_MELEE_SWORD, 0);
		skirmish_result r = SKIRMISH_RESULT_INIT;
		int a, b;

		t.facing = from ? 180 : 0;             /* 0: Kenji comes from behind */
		a = tc_figure(g, 0, "Kenji", 5, 10, &s);
		b = tc_figure(g, 1, "Taro", 10, 10, &t);
		bystander(g, 1, 60);
		tc_start(g);
		tc_dice(g, 2, 4, 3);
		ck_assert_ok(move_to(g, a, 9, 10, &r));
		ck_assert_int_eq(r.nmodifiers, 0);
		ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_DEFENDER_WINS);
		ck_assert(tc_info(g, a).removed && !tc_info(g, b).removed);
		skirmish_game_free(g);
	}
}
END_TEST

START_TEST(s10_weapon_modifiers)
{
	static const struct {
		int weapon, martial, source, value;
	} rows[] = {
		{ SKIRMISH_MELEE_UNARMED, 0, SKIRMISH_MOD_UNARMED, 0 },
		{ SKIRMISH_MELEE_UNARMED, 1, SKIRMISH_MOD_MARTIAL_ARTS, 1 },
		{ SKIRMISH_MELEE_DAGGER, 0, SKIRMISH_MOD_LIGHT_WEAPON, 1 },
		{ SKIRMISH_MELEE_SHORT_SWORD, 0, SKIRMISH_MOD_LIGHT_WEAPON, 1 },
		{ SKIRMISH_MELEE_WOODEN, 0, SKIRMISH_MOD_LIGHT_WEAPON, 1 },
		{ SKIRMISH_MELEE_SWORD, 0, 0, 0 },
		{ SKIRMISH_MELEE_AXE, 0, 0, 0 },
		{ SKIRMISH_MELEE_NAGINATA, 0, 0, 0 },
		{ SKIRMISH_MELEE_YARI, 0, 0, 0 },
		/* S15: with a weapon in hand, martial arts adds nothing */
		{ SKIRMISH_MELEE_DAGGER, 1, SKIRMISH_MOD_LIGHT_WEAPON, 1 },
		{ SKIRMISH_MELEE_SWORD, 1, 0, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		skirmish_game *g = senso();
		skirmish_figure_spec s = mk(6, rows[i].weapon, 0);
		skirmish_figure_spec t = mk(6, SKIRMISH_MELEE_SWORD, 0);
		skirmish_result r = SKIRMISH_RESULT_INIT;
		int a, b;

		s.martial_arts = rows[i].martial;
		a = tc_figure(g, 0, "A", 5, 10, &s);
		b = tc_figure(g, 1, "B", 10, 10, &t);
		bystander(g, 1, 60);
		tc_start(g);
		/* A rolls 3, B rolls 4: A wins unless its modifier reaches +1 (tie) */
		tc_dice(g, 4, 3, 4, 1, 6);
		ck_assert_ok(move_to(g, a, 9, 10, &r));
		ck_assert_int_eq(r.nmodifiers, rows[i].source ? 1 : 0);
		if (rows[i].source) {
			const skirmish_modifier *m = tc_mod(&r, rows[i].source, 0);
			ck_assert_ptr_nonnull(m);
			ck_assert_int_eq(m->value, rows[i].value);
			ck_assert_int_eq(m->figure, a);
			ck_assert_str_eq(m->rule, rows[i].martial && rows[i].weapon == 0 ? "S15" : "S10");
		}
		ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
		ck_assert_int_eq(r.ndice, rows[i].value ? 4 : 2);
		ck_assert(tc_info(g, b).removed);
		skirmish_game_free(g);
	}
}
END_TEST

START_TEST(s15_martial_arts_text)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(4, SKIRMISH_MELEE_UNARMED, 0);
	skirmish_figure_spec t = mk(12, SKIRMISH_MELEE_UNARMED, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a;

	s.martial_arts = 1;
	a = tc_figure(g, 0, "Hanzo", 5, 10, &s);
	tc_figure(g, 1, "Peasant", 10, 10, &t);
	bystander(g, 1, 60);
	tc_start(g);
	tc_dice(g, 4, 4, 5, 1, 6);
	ck_assert_ok(move_to(g, a, 9, 10, &r));
	assert_text(&r, "Hanzo moves from (5.0, 10.0) to (9.0, 10.0) and fights Peasant (d12, unarmed): "
		    "Hanzo rolls 4, +1 martial arts = 5; Peasant rolls 5, +0 unarmed = 5; "
		    "a tie, round 2: Hanzo rolls 1, +1 martial arts = 2; Peasant rolls 6, "
		    "+0 unarmed = 6; Hanzo wins; Peasant is killed.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s10_foot_against_mounted)
{
	static const struct {
		int weapon, plus;
	} rows[] = {
		{ SKIRMISH_MELEE_SWORD, 1 },
		{ SKIRMISH_MELEE_AXE, 1 },
		{ SKIRMISH_MELEE_NAGINATA, 0 },
		{ SKIRMISH_MELEE_YARI, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		skirmish_game *g = senso();
		skirmish_figure_spec s = mk(8, rows[i].weapon, 0);
		skirmish_figure_spec t = mk_mounted(6, SKIRMISH_MELEE_SWORD, 90);
		skirmish_result r = SKIRMISH_RESULT_INIT;
		const skirmish_modifier *m;
		int a, b;

		a = tc_figure(g, 0, "Ashigaru", 5, 10, &s);
		b = tc_figure(g, 1, "Rider", 10, 10, &t);
		bystander(g, 1, 60);
		tc_start(g);
		/* 4 (+1) against 5: a win with a yari or naginata, a tie and a
		 * second round (1 against 6) otherwise */
		if (rows[i].plus)
			tc_dice(g, 4, 4, 5, 1, 6);
		else
			tc_dice(g, 2, 4, 5);
		ck_assert_ok(move_to(g, a, 9, 10, &r));
		m = tc_mod(&r, SKIRMISH_MOD_FOOT_VS_MOUNTED, -1);
		if (rows[i].plus) {
			ck_assert_ptr_nonnull(m);
			ck_assert_int_eq(m->figure, a);
			ck_assert_int_eq(m->value, 1);
			ck_assert_str_eq(m->rule, "S10");
		} else {
			ck_assert_ptr_null(m);
		}
		ck_assert_int_eq(r.nmodifiers, rows[i].plus);
		ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
		ck_assert(tc_info(g, b).removed);
		skirmish_game_free(g);
	}
}
END_TEST

START_TEST(s10_defending_cover)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_modifier *m;
	int a, b;

	terrain(g, SKIRMISH_TERRAIN_COVER, 9.6, 8, 12, 12);
	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 10, 10, &s);
	bystander(g, 1, 60);
	tc_start(g);
	/* 3 against 4 - 1 = 3: a tie; then 2 against 5 - 1 = 4 */
	tc_dice(g, 4, 3, 4, 2, 5);
	ck_assert_ok(move_to(g, a, 9, 10, &r));
	m = tc_mod(&r, SKIRMISH_MOD_DEFENDING_COVER, 1);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->figure, b);
	ck_assert_int_eq(m->value, -1);
	ck_assert_int_eq(r.nmodifiers, 1);
	ck_assert_int_eq(r.score[0], 2);
	ck_assert_int_eq(r.score[1], 4);
	assert_text(&r, "Kenji moves from (5.0, 10.0) to (9.0, 10.0) and fights Taro (d6, sword): "
		    "Kenji rolls 3 = 3; Taro rolls 4, -1 defending cover = 3; a tie, round 2: "
		    "Kenji rolls 2 = 2; Taro rolls 5, -1 defending cover = 4; Kenji wins; "
		    "Taro is killed.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s10_ties_roll_again)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 10, 10, &s);
	bystander(g, 1, 60);
	tc_start(g);
	tc_dice(g, 6, 3, 3, 5, 5, 6, 2);
	ck_assert_ok(move_to(g, a, 9, 10, &r));
	ck_assert_int_eq(r.ndice, 6);
	ck_assert_int_eq(r.dice[4].round, 2);
	ck_assert_int_eq(r.dice[5].round, 2);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_DEFENDER_WINS);
	ck_assert(tc_info(g, a).removed && !tc_info(g, b).removed);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s10_ties_standoff_option)
{
	skirmish_game *g = senso_opts(2, 0, 0, SKIRMISH_TIES_STANDOFF, 0);
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 10, 10, &s);
	tc_start(g);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(move_to(g, a, 9, 10, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_STANDOFF);
	ck_assert_int_eq(r.ndice, 2);
	ck_assert(!tc_info(g, a).removed && !tc_info(g, b).removed);
	ck_assert(tc_info(g, a).in_melee && tc_info(g, b).in_melee);
	assert_text(&r, "Kenji moves from (5.0, 10.0) to (9.0, 10.0) and fights Taro (d6, sword): "
		    "Kenji rolls 3 = 3; Taro rolls 3 = 3; a tie: a stand-off, nobody dies.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s14_fight_as_an_action_after_a_standoff)
{
	skirmish_game *g = senso_opts(2, 0, 0, SKIRMISH_TIES_STANDOFF, 0);
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t = mk(8, SKIRMISH_MELEE_DAGGER, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b, c;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 10, 10, &t);
	c = tc_figure(g, 1, "Jiro", 30, 30, &t);
	tc_start(g);
	ck_assert_rejected(g, skirmish_fight(g, a, &r), SKIRMISH_E_NOT_IN_CONTACT);
	tc_dice(g, 2, 4, 3);
	ck_assert_ok(move_to(g, a, 9, 10, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_STANDOFF);
	ck_assert_rejected(g, skirmish_fight(g, a, &r), SKIRMISH_E_CANNOT_ACT);
	end_turn(g);
	/* Taro, in contact at the start of his action, fights as his action */
	tc_dice(g, 2, 1, 6);
	ck_assert_ok(skirmish_fight(g, b, &r));
	ck_assert_int_eq(r.action, SKIRMISH_ACTION_FIGHT);
	ck_assert_int_eq(r.figure, b);
	ck_assert_int_eq(r.target, a);
	ck_assert_int_eq(r.dice[0].figure, b);
	ck_assert_int_eq(r.dice[0].sides, 8);
	ck_assert_int_eq(r.score[0], 2);
	ck_assert_int_eq(r.score[1], 6);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
	ck_assert(tc_info(g, a).removed);
	ck_assert(tc_info(g, b).acted);
	ck_assert(!tc_info(g, c).acted);
	assert_text(&r, "Taro (d8, dagger) fights Kenji (d6, sword): Taro rolls 1, +1 light weapon = 2; "
		    "Kenji rolls 6 = 6; Taro wins; Kenji is killed; the game is over: player 1 wins.");
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* S11, S18, S19: several against one, several against several          */
/* ------------------------------------------------------------------ */

START_TEST(s11_one_against_two_wins)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(4, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t8 = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t6 = mk(6, SKIRMISH_MELEE_DAGGER, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_modifier *m;
	int a, b8, b6;

	a = tc_figure(g, 0, "Musashi", 5, 10, &s);
	b8 = tc_figure(g, 1, "Ashigaru", 10, 10, &t8);
	b6 = tc_figure(g, 1, "Samurai", 10, 11, &t6);
	bystander(g, 1, 60);
	tc_start(g);
	/* Musashi 1 + 2 outnumbered = 3; the d6 rolls for the two: 3 + 1 = 4 */
	tc_dice(g, 2, 1, 3);
	ck_assert_ok(move_to(g, a, 9, 10.5, &r));
	ck_assert_int_eq(r.dice[0].sides, 4);
	ck_assert_int_eq(r.dice[1].figure, b6);
	ck_assert_int_eq(r.dice[1].sides, 6);
	m = tc_mod(&r, SKIRMISH_MOD_OUTNUMBERED, 0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->value, 2);
	ck_assert_str_eq(m->rule, "S11");
	ck_assert_ptr_nonnull(tc_mod(&r, SKIRMISH_MOD_LIGHT_WEAPON, 1));
	ck_assert_int_eq(r.score[0], 3);
	ck_assert_int_eq(r.score[1], 4);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
	/* the enemy with the lowest DV is killed */
	ck_assert(tc_info(g, b6).removed);
	ck_assert(!tc_info(g, b8).removed);
	ck_assert_str_eq(tc_effect(&r, SKIRMISH_EFFECT_KILLED, b6)->rule, "S11");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s11_one_against_two_loses)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(4, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b1, b2;

	a = tc_figure(g, 0, "Musashi", 5, 10, &s);
	b1 = tc_figure(g, 1, "First", 10, 10, &t);
	b2 = tc_figure(g, 1, "Second", 10, 11, &t);
	tc_start(g);
	/* equal DVs: the first added rolls; 3 + 2 = 5 against 4 */
	tc_dice(g, 2, 3, 4);
	ck_assert_ok(move_to(g, a, 9, 10.5, &r));
	ck_assert_int_eq(r.dice[1].figure, b1);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_DEFENDER_WINS);
	ck_assert(tc_info(g, a).removed);
	ck_assert(!tc_info(g, b1).removed && !tc_info(g, b2).removed);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), 1);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s11_two_against_one)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s8 = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec s6 = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t = mk(4, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, f, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s8);
	f = tc_figure(g, 0, "Goro", 10, 9, &s6);       /* touches Taro already */
	b = tc_figure(g, 1, "Taro", 10, 10, &t);
	bystander(g, 1, 60);
	tc_start(g);
	/* Goro (d6) rolls for the two: 2; Taro 1 + 2 outnumbered = 3 */
	tc_dice(g, 2, 2, 1);
	ck_assert_ok(move_to(g, a, 9, 10, &r));
	ck_assert_int_eq(r.dice[0].figure, f);
	ck_assert_int_eq(r.dice[0].side, 0);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_OUTNUMBERED, 1)->figure, b);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
	ck_assert(tc_info(g, b).removed);
	assert_text(&r, "Kenji moves from (5.0, 10.0) to (9.0, 10.0) and fights Taro (d4, sword): "
		    "Goro (d6, sword) rolls for his side; Goro rolls 2 = 2; Taro rolls 1, "
		    "+2 outnumbered = 3; Goro wins; Taro is killed.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s18_several_against_several)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s10 = mk(10, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec s6 = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t8 = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, f, b1, b2, b3;

	a = tc_figure(g, 0, "Kenji", 5, 10.5, &s10);
	f = tc_figure(g, 0, "Goro", 10, 8.5, &s6);     /* touches First */
	b1 = tc_figure(g, 1, "First", 10, 9.5, &t8);
	b2 = tc_figure(g, 1, "Second", 10, 11, &t8);
	b3 = tc_figure(g, 1, "Third", 30, 30, &t8);
	tc_start(g);
	/* Kenji ends touching First and Second: two against two, nobody is
	 * outnumbered; Goro (d6) rolls 5 against First's 5: tie; 2 against 3 */
	tc_dice(g, 4, 5, 5, 2, 3);
	ck_assert_ok(move_to(g, a, 9, 10.5, &r));
	ck_assert_int_eq(r.dice[0].figure, f);
	ck_assert_int_eq(r.dice[1].figure, b1);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_OUTNUMBERED, -1));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
	ck_assert(tc_info(g, b1).removed);
	ck_assert(!tc_info(g, b2).removed && !tc_info(g, b3).removed);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s18_smaller_side_outnumbered)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, f, b1;

	a = tc_figure(g, 0, "Kenji", 5, 10.5, &s);
	f = tc_figure(g, 0, "Goro", 10, 8.5, &s);
	b1 = tc_figure(g, 1, "First", 10, 9.5, &s);
	tc_figure(g, 1, "Second", 10, 11, &s);
	tc_figure(g, 1, "Third", 9, 11.5, &s);          /* touches Kenji too */
	tc_start(g);
	/* two against three: Kenji's side +2; Kenji (first added) rolls */
	tc_dice(g, 2, 1, 4);
	ck_assert_ok(move_to(g, a, 9, 10.5, &r));
	ck_assert_int_eq(r.dice[0].figure, a);
	ck_assert_int_eq(r.dice[1].figure, b1);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_OUTNUMBERED, 0)->figure, a);
	ck_assert_int_eq(r.score[0], 3);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
	ck_assert(tc_info(g, b1).removed);
	ck_assert(!tc_info(g, f).removed);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s19_foot_against_mounted_is_against_the_roller)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec foot = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec rider = mk_mounted(8, SKIRMISH_MELEE_SWORD, 90);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	tc_figure(g, 1, "Foot", 10, 9.5, &foot);       /* d6: rolls for the two */
	tc_figure(g, 1, "Rider", 10, 11.5, &rider);    /* base y 10.5 .. 12.5 */
	bystander(g, 1, 60);
	tc_start(g);
	tc_dice(g, 2, 1, 6);
	ck_assert_ok(move_to(g, a, 9, 10.5, &r));
	/* Kenji faces the foot figure's die: no +1 for the rider beside it */
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_FOOT_VS_MOUNTED, -1));
	ck_assert_int_eq(r.score[0], 3);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* S5: rings come off, two or more remove                               */
/* ------------------------------------------------------------------ */

START_TEST(s5_ring_removed_at_end_of_owners_turn)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 15, 10, &s);
	tc_start(g);
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(tc_info(g, b).rings, 1);
	ck_assert_ok(skirmish_end_turn(g, &r));
	/* not at the end of the shooter's turn */
	ck_assert_int_eq(r.neffects, 1);
	ck_assert_int_eq(tc_info(g, b).rings, 1);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(tc_info(g, b).rings, 0);
	ck_assert_int_eq(r.effects[0].kind, SKIRMISH_EFFECT_RINGS);
	ck_assert_int_eq(r.effects[0].figure, b);
	ck_assert_int_eq(r.effects[0].value, -1);
	ck_assert_str_eq(r.effects[0].rule, "S5");
	ck_assert_int_eq(r.effects[1].kind, SKIRMISH_EFFECT_TURN_STARTS);
	assert_text(&r, "Player 1 ends its turn; Taro loses 1 ring; turn 2: player 0 to play.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s5_two_rings_left_removes_from_play)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a1, a2, a3, b, c;

	a1 = tc_figure(g, 0, "A1", 5, 10, &s);
	a2 = tc_figure(g, 0, "A2", 5, 12, &s);
	a3 = tc_figure(g, 0, "A3", 5, 14, &s);
	b = tc_figure(g, 1, "Taro", 15, 12, &s);
	c = tc_figure(g, 1, "Jiro", 15, 20, &s);
	tc_start(g);
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, a1, b, &r));
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, a2, b, &r));
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, a3, c, &r));
	ck_assert_int_eq(tc_info(g, b).rings, 2);
	end_turn(g);
	/* Taro: 2 - 1 = 1 ring, stays; now give him three */
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(tc_info(g, b).rings, 1);
	ck_assert(!tc_info(g, b).removed);
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, a1, b, &r));
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, a2, b, &r));
	ck_assert_int_eq(tc_info(g, b).rings, 3);
	end_turn(g);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(r.effects[0].kind, SKIRMISH_EFFECT_RINGS);
	ck_assert_int_eq(r.effects[0].figure, b);
	ck_assert_int_eq(r.effects[1].kind, SKIRMISH_EFFECT_REMOVED);
	ck_assert_int_eq(r.effects[1].figure, b);
	ck_assert_str_eq(r.effects[1].rule, "S5");
	ck_assert(tc_info(g, b).removed);
	ck_assert_int_eq(tc_info(g, b).rings, 2);
	assert_text(&r, "Player 1 ends its turn; Taro loses 1 ring; Taro is removed from play; "
		    "turn 3: player 0 to play.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s5_game_turn_option)
{
	skirmish_game *g = senso_opts(2, 0, SKIRMISH_RINGS_GAME_TURN, 0, 0);
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec q = mk(6, 0, SKIRMISH_MISSILE_ARQUEBUS);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Goro", 5, 10, &q);
	b = tc_figure(g, 1, "Taro", 15, 10, &s);
	tc_figure(g, 1, "Jiro", 15, 20, &s);
	tc_start(g);
	/* 4 + 1 arquebus - 1 short - 1 unarmoured = 3: miss; Goro 2 rings */
	tc_dice(g, 1, 4);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(tc_info(g, a).rings, 2);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(r.neffects, 1);               /* not yet: only the turn */
	ck_assert_int_eq(tc_info(g, a).rings, 2);
	ck_assert_ok(skirmish_end_turn(g, &r));
	/* after the last player of the game turn: every figure loses one */
	ck_assert_int_eq(tc_info(g, a).rings, 1);
	ck_assert_int_eq(r.effects[0].kind, SKIRMISH_EFFECT_RINGS);
	ck_assert_str_eq(r.effects[0].rule, "S5");
	ck_assert_int_eq(r.effects[0].figure, a);
	ck_assert(!tc_info(g, a).removed);
	(void)b;
	skirmish_game_free(g);
}
END_TEST

START_TEST(s22_game_turn_option_removes_every_players_figures)
{
	skirmish_game *g = senso_opts(2, 0, SKIRMISH_RINGS_GAME_TURN, 0, 0);
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a1, a2, a3, b;

	a1 = tc_figure(g, 0, "A1", 5, 10, &s);
	a2 = tc_figure(g, 0, "A2", 5, 12, &s);
	a3 = tc_figure(g, 0, "A3", 5, 14, &s);
	b = tc_figure(g, 1, "Taro", 15, 12, &s);
	tc_figure(g, 1, "Jiro", 40, 40, &s);
	tc_start(g);
	tc_dice(g, 3, 3, 3, 3);
	ck_assert_ok(shoot(g, a1, b, &r));
	ck_assert_ok(shoot(g, a2, b, &r));
	ck_assert_ok(shoot(g, a3, b, &r));
	ck_assert_int_eq(tc_info(g, b).rings, 3);
	end_turn(g);
	ck_assert_int_eq(tc_info(g, b).rings, 3);
	ck_assert_ok(skirmish_end_turn(g, &r));
	/* player 1 was last: Taro 3 - 1 = 2 rings, removed */
	ck_assert(tc_info(g, b).removed);
	ck_assert_ptr_nonnull(tc_effect(&r, SKIRMISH_EFFECT_REMOVED, b));
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* S6: shooting                                                         */
/* ------------------------------------------------------------------ */

START_TEST(s6_long_range_unarmoured_miss)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec t = mk(12, SKIRMISH_MELEE_WOODEN, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 26, 10, &t);       /* 20" edge to edge */
	tc_start(g);
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(r.action, SKIRMISH_ACTION_SHOOT);
	ck_assert_int_eq(r.target, b);
	ck_assert(r.distance == 20.0);
	ck_assert_int_eq(r.score[0], 2);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_MISS);
	ck_assert_int_eq(r.nmodifiers, 1);
	ck_assert_int_eq(r.modifiers[0].source, SKIRMISH_MOD_UNARMOURED);
	ck_assert_int_eq(r.modifiers[0].value, -1);
	ck_assert_str_eq(r.modifiers[0].rule, "S6");
	ck_assert_int_eq(r.neffects, 0);
	assert_text(&r, "Kenji (d6, bow) shoots Taro at 20.0\": rolls 3, -1 unarmoured = 2: miss.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s6_short_range_hit_and_kill)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec t = mk(12, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a1, a2, b, c;

	a1 = tc_figure(g, 0, "Kenji", 5, 10, &s);
	a2 = tc_figure(g, 0, "Goro", 5, 20, &s);
	b = tc_figure(g, 1, "Taro", 16, 10, &t);       /* 10" */
	c = tc_figure(g, 1, "Jiro", 16, 20, &t);
	tc_start(g);
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, a1, b, &r));
	ck_assert_int_eq(r.score[0], 1);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_HIT);
	ck_assert_int_eq(r.neffects, 1);
	ck_assert_int_eq(r.effects[0].kind, SKIRMISH_EFFECT_RINGS);
	ck_assert_int_eq(r.effects[0].value, 1);
	ck_assert_str_eq(r.effects[0].rule, "S6");
	assert_text(&r, "Kenji (d6, bow) shoots Taro at 10.0\": rolls 3, -1 short range, "
		    "-1 unarmoured = 1: hit; Taro takes 1 ring.");
	tc_dice(g, 1, 2);
	ck_assert_ok(shoot(g, a2, c, &r));
	ck_assert_int_eq(r.score[0], 0);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
	ck_assert(tc_info(g, c).removed);
	assert_text(&r, "Goro (d6, bow) shoots Jiro at 10.0\": rolls 2, -1 short range, "
		    "-1 unarmoured = 0: kill; Jiro is killed.");
	skirmish_game_free(g);
}
END_TEST

/* S6: each weapon's short and long range, edge to edge (G1). */
START_TEST(s6_range_table)
{
	static const struct {
		int weapon;
		double s, l;
	} rows[] = {
		{ SKIRMISH_MISSILE_BOW, 15, 30 },
		{ SKIRMISH_MISSILE_BLOWPIPE, 3, 6 },
		{ SKIRMISH_MISSILE_SHURIKEN, 2, 4 },
		{ SKIRMISH_MISSILE_ARQUEBUS, 12, 24 },
	};
	size_t i;
	int k;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		/* at short, just past short, at long, just past long */
		double gaps[4];
		gaps[0] = rows[i].s;
		gaps[1] = rows[i].s + 0.001;
		gaps[2] = rows[i].l;
		gaps[3] = rows[i].l + 0.001;
		for (k = 0; k < 4; k++) {
			skirmish_game *g = senso();
			skirmish_figure_spec s = mk(12, 0, rows[i].weapon);
			skirmish_figure_spec t = mk_armour(6, 0, 0);
			skirmish_result r = SKIRMISH_RESULT_INIT;
			int a, b;

			a = tc_figure(g, 0, "S", 5, 10, &s);
			b = tc_figure(g, 1, "T", 6 + gaps[k], 10, &t);
			tc_figure(g, 1, "U", 60, 40, &t);
			tc_start(g);
			if (k == 3) {
				ck_assert_rejected(g, shoot(g, a, b, &r), SKIRMISH_E_OUT_OF_RANGE);
				ck_assert(strncmp(skirmish_game_errmsg(g), "S6: ", 4) == 0);
			} else {
				tc_dice(g, 1, 12);
				ck_assert_ok(shoot(g, a, b, &r));
				ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_SHORT_RANGE, 0) != NULL, k == 0);
			}
			skirmish_game_free(g);
		}
	}
}
END_TEST

START_TEST(s6_target_must_be_an_enemy_in_play)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec n = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, f, b, c, x;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	f = tc_figure(g, 0, "Friend", 5, 20, &s);
	x = tc_figure(g, 0, "Empty", 5, 30, &n);
	b = tc_figure(g, 1, "Taro", 15, 10, &s);
	c = tc_figure(g, 1, "Jiro", 15, 20, &s);
	tc_start(g);
	ck_assert_rejected(g, shoot(g, a, f, &r), SKIRMISH_E_TARGET);
	ck_assert_rejected(g, shoot(g, a, a, &r), SKIRMISH_E_TARGET);
	ck_assert_rejected(g, shoot(g, x, b, &r), SKIRMISH_E_NO_WEAPON);
	ck_assert(strncmp(skirmish_game_errmsg(g), "S6: ", 4) == 0);
	ck_assert_rejected(g, shoot(g, a, 99, &r), SKIRMISH_E_NO_FIGURE);
	tc_dice(g, 1, 1);
	ck_assert_ok(shoot(g, f, c, &r));
	ck_assert(tc_info(g, c).removed);
	ck_assert_rejected(g, shoot(g, a, c, &r), SKIRMISH_E_TARGET);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s6_g5_target_must_be_visible)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b, v;

	terrain(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 9, 5, 11, 15);
	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 15, 10, &s);
	tc_figure(g, 1, "Jiro", 15, 30, &s);
	tc_start(g);
	ck_assert_ok(skirmish_game_can_see(g, a, b, &v));
	ck_assert_int_eq(v, 0);
	ck_assert_rejected(g, shoot(g, a, b, &r), SKIRMISH_E_NO_SIGHT);
	ck_assert(strncmp(skirmish_game_errmsg(g), "G5: ", 4) == 0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s12_night_sight_is_12_inches)
{
	skirmish_game *g = senso_opts(2, 0, 0, 0, 1);
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b, c, v;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Near", 18, 10, &s);       /* 12" */
	c = tc_figure(g, 1, "Far", 18.001, 20, &s);    /* 12.001" */
	tc_start(g);
	ck_assert_ok(skirmish_game_can_see(g, a, b, &v));
	ck_assert_int_eq(v, 1);
	ck_assert_ok(skirmish_game_can_see(g, a, c, &v));
	ck_assert_int_eq(v, 0);
	c = 2;
	{
		double d;
		ck_assert_ok(skirmish_game_distance(g, a, c, &d));
		ck_assert(d > 12.0);
	}
	ck_assert_rejected(g, shoot(g, a, c, &r), SKIRMISH_E_NO_SIGHT);
	ck_assert(strncmp(skirmish_game_errmsg(g), "S12: ", 5) == 0);
	tc_dice(g, 1, 6);
	ck_assert_ok(shoot(g, a, b, &r));
	skirmish_game_free(g);
}
END_TEST

START_TEST(s6_target_in_cover)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec t = mk_armour(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_modifier *m;
	int a1, a2, a3, b, c, d;

	terrain(g, SKIRMISH_TERRAIN_COVER, 25, 9, 27, 11);   /* Taro stands in it */
	terrain(g, SKIRMISH_TERRAIN_COVER, 15, 19, 16, 21);  /* a hedge on the line */
	terrain(g, SKIRMISH_TERRAIN_COVER, 4, 29, 7, 31);    /* the shooter's own */
	a1 = tc_figure(g, 0, "A1", 5, 10, &s);
	a2 = tc_figure(g, 0, "A2", 5, 20, &s);
	a3 = tc_figure(g, 0, "A3", 5, 30, &s);
	b = tc_figure(g, 1, "Taro", 26, 10, &t);
	c = tc_figure(g, 1, "Jiro", 26, 20, &t);
	d = tc_figure(g, 1, "Saburo", 26, 30, &t);
	tc_start(g);
	tc_dice(g, 3, 1, 1, 1);
	ck_assert_ok(shoot(g, a1, b, &r));
	m = tc_mod(&r, SKIRMISH_MOD_COVER, 0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->value, 1);
	ck_assert_int_eq(r.score[0], 2);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_MISS);
	ck_assert_ok(shoot(g, a2, c, &r));
	ck_assert_ptr_nonnull(tc_mod(&r, SKIRMISH_MOD_COVER, 0));
	/* cover the shooter stands in does not hide the target */
	ck_assert_ok(shoot(g, a3, d, &r));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_COVER, 0));
	ck_assert_int_eq(r.score[0], 1);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_HIT);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s6_arquebus_treats_target_as_unarmoured)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(10, 0, SKIRMISH_MISSILE_ARQUEBUS);
	skirmish_figure_spec t = mk_armour(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Goro", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 26, 10, &t);       /* 20": long */
	tc_figure(g, 1, "Jiro", 40, 30, &t);
	tc_start(g);
	tc_dice(g, 1, 1);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(r.nmodifiers, 2);
	ck_assert_int_eq(r.modifiers[0].source, SKIRMISH_MOD_ARQUEBUS);
	ck_assert_int_eq(r.modifiers[0].value, 1);
	ck_assert_int_eq(r.modifiers[1].source, SKIRMISH_MOD_UNARMOURED);
	ck_assert_int_eq(r.score[0], 1);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_HIT);
	assert_text(&r, "Goro (d10, arquebus) shoots Taro at 20.0\": rolls 1, +1 arquebus, "
		    "-1 unarmoured = 1: hit; Taro takes 1 ring; Goro takes 2 rings.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s21_shooting_in_contact_is_allowed)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_SHURIKEN);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Hanzo", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 6, 10, &s);        /* in base contact */
	tc_figure(g, 1, "Jiro", 8, 10, &s);
	tc_start(g);
	tc_dice(g, 1, 2);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert(r.distance == 0.0);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
	skirmish_game_free(g);
}
END_TEST

/* Every DV, every combination of the shooting modifiers, every face: the
 * outcome is the table's. */
START_TEST(s6_property_every_dv_and_modifier_combination)
{
	int dv, combo, face, cases = 0;

	for (dv = 4; dv <= 12; dv += 2)
		for (combo = 0; combo < 32; combo++) {
			int cover = combo & 1, mounted = !!(combo & 2), arq = !!(combo & 4);
			int near = !!(combo & 8), armour = !!(combo & 16);
			for (face = 1; face <= dv; face++) {
				skirmish_game *g = senso();
				skirmish_figure_spec s = mk(dv, 0, arq ? SKIRMISH_MISSILE_ARQUEBUS
									: SKIRMISH_MISSILE_BOW);
				skirmish_figure_spec t = mounted ? mk_mounted(6, 0, 90) : mk(6, 0, 0);
				skirmish_result r = SKIRMISH_RESULT_INIT;
				int a, b, total, want;
				double x = near ? 11 : 26;     /* 5" or 20" edge to edge */

				t.armour = armour;
				if (cover)
					terrain(g, SKIRMISH_TERRAIN_COVER, x - 1, 8, x + 1, 12);
				a = tc_figure(g, 0, "S", 5, 10, &s);
				b = tc_figure(g, 1, "T", x, 10, &t);
				tc_figure(g, 1, "U", 60, 40, &s);
				tc_start(g);
				total = face + cover - mounted + arq - near - (!armour || arq);
				want = total <= 0 ? SKIRMISH_OUTCOME_KILL :
				       total == 1 ? SKIRMISH_OUTCOME_HIT : SKIRMISH_OUTCOME_MISS;
				if (mounted && want != SKIRMISH_OUTCOME_MISS)
					tc_dice(g, 2, face, 2 > dv ? 1 : 2); /* even: the rider */
				else
					tc_dice(g, 1, face);
				ck_assert_ok(shoot(g, a, b, &r));
				ck_assert_int_eq(r.score[0], total);
				ck_assert_int_eq(r.outcome, want);
				ck_assert_int_eq(r.nmodifiers, cover + mounted + arq + near +
							       (!armour || arq));
				ck_assert_int_eq(tc_info(g, b).removed, want == SKIRMISH_OUTCOME_KILL);
				ck_assert_int_eq(tc_info(g, b).rings, want == SKIRMISH_OUTCOME_HIT);
				ck_assert_int_eq(tc_info(g, a).rings, arq ? 2 : 0);
				ck_assert_int_eq(skirmish_game_script_remaining(g), 0);
				skirmish_game_free(g);
				cases++;
			}
		}
	ck_assert_int_eq(cases, 32 * (4 + 6 + 8 + 10 + 12));
}
END_TEST

/* ------------------------------------------------------------------ */
/* S7: mounted targets                                                  */
/* ------------------------------------------------------------------ */

START_TEST(s7_odd_kills_the_horse)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec t = mk_mounted(6, SKIRMISH_MELEE_YARI, 90);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_info f;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Rider", 16, 10, &t);      /* 10": short */
	tc_figure(g, 1, "Jiro", 40, 40, &s);
	tc_start(g);
	/* 3 - 1 mounted - 1 short - 1 unarmoured = 0: a kill; again 3: odd */
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(r.score[0], 0);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_HORSE_KILLED);
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[1].purpose, SKIRMISH_ROLL_HORSE);
	ck_assert_int_eq(r.dice[1].sides, 6);
	ck_assert_int_eq(r.neffects, 3);
	ck_assert_int_eq(r.effects[0].kind, SKIRMISH_EFFECT_HORSE_KILLED);
	ck_assert_int_eq(r.effects[1].kind, SKIRMISH_EFFECT_DISMOUNTED);
	ck_assert_int_eq(r.effects[1].other, -1);
	ck_assert_int_eq(r.effects[2].kind, SKIRMISH_EFFECT_RINGS);
	ck_assert_int_eq(r.effects[2].value, 1);
	ck_assert_str_eq(r.effects[2].rule, "S7");
	f = tc_info(g, b);
	ck_assert(!f.removed && !f.mounted && f.rings == 1);
	ck_assert(f.x == 16.0 && f.y == 10.0 && f.base_width == 1.0 && f.base_depth == 1.0);
	assert_text(&r, "Kenji (d6, bow) shoots Rider at 10.0\": rolls 3, -1 mounted, -1 short range, "
		    "-1 unarmoured = 0: kill; rolls 3 again: odd, the horse is killed instead; "
		    "Rider's horse is killed; Rider is dismounted; Rider takes 1 ring.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s7_even_strikes_the_rider)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec t = mk_mounted(6, SKIRMISH_MELEE_YARI, 90);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a1, a2, b, c;

	a1 = tc_figure(g, 0, "Kenji", 5, 10, &s);
	a2 = tc_figure(g, 0, "Goro", 5, 20, &s);
	b = tc_figure(g, 1, "Rider", 16, 10, &t);
	c = tc_figure(g, 1, "Other", 16, 20, &t);
	tc_start(g);
	tc_dice(g, 2, 3, 4);                           /* kill; even: the rider */
	ck_assert_ok(shoot(g, a1, b, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
	ck_assert(tc_info(g, b).removed);
	ck_assert_str_eq(tc_effect(&r, SKIRMISH_EFFECT_KILLED, b)->rule, "S7");
	tc_dice(g, 2, 4, 6);                           /* 4 - 3 = 1: hit; even */
	ck_assert_ok(shoot(g, a2, c, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_HIT);
	ck_assert(tc_info(g, c).mounted);
	ck_assert_int_eq(tc_info(g, c).rings, 1);
	/* a miss rolls no second die */
	skirmish_game_free(g);
}
END_TEST

START_TEST(s7_hit_odd_dismounts_with_one_ring)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(8, 0, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec t = mk_mounted(6, SKIRMISH_MELEE_YARI, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Rider", 17, 10, &t);      /* facing 0: 10" */
	tc_figure(g, 1, "Jiro", 40, 40, &s);
	tc_start(g);
	tc_dice(g, 2, 4, 7);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(r.score[0], 1);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_HORSE_KILLED);
	ck_assert_int_eq(tc_info(g, b).rings, 1);      /* the fall, not the hit too */
	ck_assert(!tc_info(g, b).mounted);
	tc_dice(g, 0);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* S8: the arquebus                                                     */
/* ------------------------------------------------------------------ */

START_TEST(s8_arquebus_two_rings_then_fires_again)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(10, SKIRMISH_MELEE_SHORT_SWORD, SKIRMISH_MISSILE_ARQUEBUS);
	skirmish_figure_spec t = mk_armour(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	s.armour = 1;
	a = tc_figure(g, 0, "Goro", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 26, 10, &t);
	tc_start(g);
	tc_dice(g, 1, 9);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(tc_info(g, a).rings, 2);
	ck_assert_str_eq(tc_effect(&r, SKIRMISH_EFFECT_RINGS, a)->rule, "S8");
	ck_assert_int_eq(tc_info(g, a).loaded, 1);
	end_turn(g);                                   /* one is removed this turn */
	ck_assert_int_eq(tc_info(g, a).rings, 1);
	ck_assert(!tc_info(g, a).removed);
	end_turn(g);
	/* next turn he is reloading */
	ck_assert_rejected(g, shoot(g, a, b, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert_rejected(g, skirmish_reload(g, a, &r), SKIRMISH_E_CANNOT_ACT);
	end_turn(g);
	ck_assert_int_eq(tc_info(g, a).rings, 0);
	end_turn(g);
	tc_dice(g, 1, 9);
	ck_assert_ok(shoot(g, a, b, &r));
	ck_assert_int_eq(tc_info(g, a).rings, 2);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s8_unloaded_arquebus_reloads)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(10, 0, SKIRMISH_MISSILE_ARQUEBUS);
	skirmish_figure_spec bow = mk(10, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, c, b;

	s.unloaded = 1;
	a = tc_figure(g, 0, "Goro", 5, 10, &s);
	c = tc_figure(g, 0, "Archer", 5, 20, &bow);
	b = tc_figure(g, 1, "Taro", 26, 10, &bow);
	tc_start(g);
	ck_assert_int_eq(tc_info(g, a).loaded, 0);
	ck_assert_rejected(g, shoot(g, a, b, &r), SKIRMISH_E_NO_WEAPON);
	ck_assert(strncmp(skirmish_game_errmsg(g), "S8: ", 4) == 0);
	ck_assert_rejected(g, skirmish_reload(g, c, &r), SKIRMISH_E_NO_WEAPON);
	ck_assert_ok(skirmish_reload(g, a, &r));
	ck_assert_int_eq(r.action, SKIRMISH_ACTION_RELOAD);
	ck_assert_int_eq(r.ndice, 0);
	ck_assert_int_eq(r.effects[0].kind, SKIRMISH_EFFECT_RELOADED);
	assert_text(&r, "Goro reloads the arquebus.");
	ck_assert_int_eq(tc_info(g, a).loaded, 1);
	ck_assert_int_eq(tc_info(g, a).acted, 1);
	ck_assert_rejected(g, shoot(g, a, b, &r), SKIRMISH_E_CANNOT_ACT);
	end_turn(g);
	end_turn(g);
	ck_assert_rejected(g, skirmish_reload(g, a, &r), SKIRMISH_E_NO_WEAPON);
	tc_dice(g, 1, 10);
	ck_assert_ok(shoot(g, a, b, &r));
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* S9: movement                                                         */
/* ------------------------------------------------------------------ */

START_TEST(s9_foot_6_mounted_12)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, h;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	h = tc_figure(g, 0, "Rider", 5, 20, &m);
	tc_figure(g, 1, "Taro", 60, 40, &s);
	tc_start(g);
	ck_assert(tc_info(g, h).move_left == 12.0);
	ck_assert_rejected(g, move_to(g, a, 11.001, 10, &r), SKIRMISH_E_TOO_FAR);
	ck_assert(strncmp(skirmish_game_errmsg(g), "S9: ", 4) == 0);
	ck_assert_ok(move_to(g, a, 11, 10, &r));
	ck_assert(tc_info(g, a).x == 11.0);
	ck_assert_rejected(g, move_to(g, h, 17.001, 20, &r), SKIRMISH_E_TOO_FAR);
	ck_assert_ok(move_to(g, h, 17, 20, &r));
	assert_text(&r, "Rider moves from (5.0, 20.0) to (17.0, 20.0).");
	skirmish_game_free(g);
}
END_TEST

START_TEST(s9_waypoints_count_the_path)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double bad[4] = { 8, 14, 11, 10 }, ok[4] = { 8, 14, 8, 12 };
	double cost;
	int a;

	a = tc_figure(g, 0, "Kenji", 8, 10, &s);
	tc_figure(g, 1, "Taro", 60, 40, &s);
	tc_start(g);
	ck_assert_ok(skirmish_game_path_cost(g, a, bad, 2, &cost));
	ck_assert(cost == 9.0);
	ck_assert_rejected(g, skirmish_move(g, a, bad, 2, SKIRMISH_FACING_KEEP, &r),
			   SKIRMISH_E_TOO_FAR);
	ck_assert_ok(skirmish_move(g, a, ok, 2, SKIRMISH_FACING_KEEP, &r));
	skirmish_game_free(g);
}
END_TEST

START_TEST(s9_rough_costs_double)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double xy[2] = { 24, 10 }, cost;
	int a;

	terrain(g, SKIRMISH_TERRAIN_ROUGH, 20, 0, 22, 48);
	a = tc_figure(g, 0, "Kenji", 18, 10, &s);
	tc_figure(g, 1, "Taro", 60, 40, &s);
	tc_start(g);
	ck_assert_ok(skirmish_game_path_cost(g, a, xy, 1, &cost));
	ck_assert(cost == 8.0);
	ck_assert_rejected(g, move_to(g, a, 24, 10, &r), SKIRMISH_E_TOO_FAR);
	ck_assert_rejected(g, move_to(g, a, 22.001, 10, &r), SKIRMISH_E_TOO_FAR);
	ck_assert_ok(move_to(g, a, 22, 10, &r));       /* 2" + 2" x 2 = 6" */
	skirmish_game_free(g);
}
END_TEST

START_TEST(s9_swimming_and_climbing_2_inches)
{
	static const unsigned int flags[2] = { SKIRMISH_TERRAIN_WATER, SKIRMISH_TERRAIN_CLIMB };
	int k;

	for (k = 0; k < 2; k++) {
		skirmish_game *g = senso();
		skirmish_figure_spec s = mk(6, 0, 0);
		skirmish_result r = SKIRMISH_RESULT_INIT;
		int a, b;

		terrain(g, flags[k], 20, 0, 30, 48);
		a = tc_figure(g, 0, "Kenji", 19, 10, &s);
		b = tc_figure(g, 0, "Goro", 19, 20, &s);
		tc_figure(g, 1, "Taro", 60, 40, &s);
		tc_start(g);
		ck_assert_rejected(g, move_to(g, a, 21.001, 10, &r), SKIRMISH_E_TOO_FAR);
		ck_assert(strstr(skirmish_game_errmsg(g), k ? "climbs" : "swims") != NULL);
		/* a move that only ends in it is limited too (3.64" long) */
		ck_assert_rejected(g, move_to(g, b, 20.5, 16.5, &r), SKIRMISH_E_TOO_FAR);
		/* and 2" is fine */
		ck_assert_ok(move_to(g, a, 21, 10, &r));
		ck_assert(tc_info(g, a).x == 21.0);
		skirmish_game_free(g);
	}
}
END_TEST

START_TEST(s9_swimming_2_inches_allowed)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a;

	terrain(g, SKIRMISH_TERRAIN_WATER, 20, 0, 30, 48);
	a = tc_figure(g, 0, "Kenji", 19, 10, &s);
	tc_figure(g, 1, "Taro", 60, 40, &s);
	tc_start(g);
	ck_assert_ok(move_to(g, a, 21, 10, &r));
	ck_assert(tc_info(g, a).x == 21.0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s9_bases_and_impassable_block)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a;

	terrain(g, SKIRMISH_TERRAIN_IMPASSABLE, 4, 15, 6, 17);
	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	tc_figure(g, 0, "Friend", 8, 10, &s);
	tc_figure(g, 1, "Taro", 60, 40, &s);
	tc_start(g);
	ck_assert_rejected(g, move_to(g, a, 10, 10, &r), SKIRMISH_E_BLOCKED);
	ck_assert_rejected(g, move_to(g, a, 5, 16, &r), SKIRMISH_E_BLOCKED);
	ck_assert_rejected(g, move_to(g, a, 5, 48.5, &r), SKIRMISH_E_BLOCKED);
	ck_assert_ok(move_to(g, a, 5, 14, &r));
	skirmish_game_free(g);
}
END_TEST

START_TEST(s9_mounted_base_turns_at_the_end)
{
	skirmish_game *g = senso();
	skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double xy[2] = { 10, 10 };
	skirmish_figure_info f;
	int h;

	h = tc_figure(g, 0, "Rider", 5, 10, &m);
	tc_figure(g, 0, "Friend", 10, 11.7, &m);        /* base y 11.2 .. 12.2 */
	tc_figure(g, 1, "Taro", 60, 40, &m);
	tc_start(g);
	/* at (10, 10.3) facing 90 the 2" base reaches y 11.3, over Friend's */
	xy[1] = 10.3;
	ck_assert_rejected(g, skirmish_move(g, h, xy, 1, 90, &r), SKIRMISH_E_BLOCKED);
	ck_assert_ok(skirmish_move(g, h, xy, 1, SKIRMISH_FACING_KEEP, &r));
	f = tc_info(g, h);
	ck_assert(f.facing == 0.0 && f.x == 10.0 && f.y == 10.3);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s9_mounted_base_facing)
{
	skirmish_game *g = senso();
	skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double xy[2] = { 10, 10 };
	skirmish_figure_info f;
	int h;

	h = tc_figure(g, 0, "Rider", 5, 10, &m);
	tc_figure(g, 1, "Taro", 60, 40, &m);
	tc_start(g);
	ck_assert_ok(skirmish_move(g, h, xy, 1, 90, &r));
	f = tc_info(g, h);
	ck_assert(f.facing == 90.0 && f.base_depth == 2.0 && f.base_width == 1.0);
	ck_assert(r.effects[0].facing0 == 0.0 && r.effects[0].facing1 == 90.0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s16_crossing_an_obstacle)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_terrain_spec w = SKIRMISH_TERRAIN_SPEC_INIT;
	int a, b, c;

	w.shape = SKIRMISH_SHAPE_RECT;
	w.name = "wall";
	w.flags = SKIRMISH_TERRAIN_OBSTACLE;
	w.x = 10.1;
	w.y = 20;
	w.depth = 0.2;
	w.width = 40;
	ck_assert_ok(skirmish_game_add_terrain(g, &w, NULL));
	a = tc_figure(g, 0, "Kenji", 9, 10, &s);       /* 0.5" from the wall */
	b = tc_figure(g, 0, "Goro", 7, 20, &s);        /* 2.5" from it */
	c = tc_figure(g, 0, "Saburo", 9, 30, &s);
	tc_figure(g, 1, "Taro", 60, 45, &s);
	tc_start(g);
	/* over it and more than 1" beyond its far side (x = 10.2) */
	ck_assert_rejected(g, move_to(g, a, 11.75, 10, &r), SKIRMISH_E_TOO_FAR);
	ck_assert(strstr(skirmish_game_errmsg(g),
			 "within 1\" of where it comes out on the far side") != NULL);
	/* a crossing is the whole move: from within 1" of it (S25) */
	ck_assert_rejected(g, move_to(g, b, 11, 20, &r), SKIRMISH_E_TOO_FAR);
	ck_assert(strncmp(skirmish_game_errmsg(g), "S25: ", 5) == 0);
	/* nobody ends standing on the wall */
	ck_assert_rejected(g, move_to(g, c, 10.1, 30, &r), SKIRMISH_E_BLOCKED);
	ck_assert_ok(move_to(g, a, 11.7, 10, &r));     /* 1.0" beyond */
	ck_assert_ok(move_to(g, b, 9.5, 20, &r));      /* up to the wall: no crossing */
	skirmish_game_free(g);
}
END_TEST

START_TEST(s9_dismount_leaves_the_horse_then_mount)
{
	skirmish_game *g = senso();
	skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 0);
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_info f, h;
	int a, b, horse;

	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	a = tc_figure(g, 0, "Rider", 10, 10, &m);
	b = tc_figure(g, 1, "Taro", 30, 10, &s);
	tc_start(g);
	ck_assert_rejected(g, skirmish_mount(g, a, b, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(skirmish_dismount(g, a, &r));
	horse = r.effects[0].other;
	ck_assert_int_eq(horse, 2);
	ck_assert_int_eq(skirmish_game_figure_count(g), 3);
	f = tc_info(g, a);
	ck_assert(!f.mounted && f.base_width == 1.0 && f.base_depth == 1.0);
	ck_assert(f.x == 10.0 && f.y == 10.0 && f.acted);
	h = tc_info(g, horse);
	ck_assert(h.is_horse && !h.removed && h.base_depth == 2.0 && h.base_width == 1.0);
	ck_assert(h.x == 10.0 && h.y == 11.01);       /* on the rider's left */
	{
		double d;
		ck_assert_ok(skirmish_game_distance(g, a, horse, &d));
		ck_assert(d <= 0.1);
	}
	assert_text(&r, "Rider dismounts and leaves Rider's horse beside him.");
	/* the horse is not a figure: it neither acts nor is shot at */
	ck_assert_rejected(g, skirmish_mount(g, a, horse, &r), SKIRMISH_E_CANNOT_ACT);
	end_turn(g);
	/* S23: the horse is no target */
	ck_assert_rejected(g, skirmish_shoot(g, b, horse, &r), SKIRMISH_E_TARGET);
	end_turn(g);
	ck_assert_rejected(g, skirmish_mount(g, a, b, &r), SKIRMISH_E_TARGET);
	ck_assert_rejected(g, skirmish_move(g, horse, (double[2]){ 12, 12 }, 1, -1, &r),
			   SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(skirmish_mount(g, a, horse, &r));
	assert_text(&r, "Rider mounts Rider's horse.");
	f = tc_info(g, a);
	ck_assert(f.mounted && f.base_depth == 2.0 && f.x == 10.0 && f.y == 11.01 && f.acted);
	ck_assert(tc_info(g, horse).removed);
	ck_assert_rejected(g, skirmish_dismount(g, a, &r), SKIRMISH_E_CANNOT_ACT);
	end_turn(g);
	end_turn(g);
	/* the marker's slot is used again by the next dismount */
	ck_assert_ok(skirmish_dismount(g, a, &r));
	ck_assert_int_eq(r.effects[0].other, horse);
	ck_assert_int_eq(skirmish_game_figure_count(g), 3);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s17_mount_needs_contact_and_takes_any_riderless_horse)
{
	skirmish_game *g = senso();
	skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 0);
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b, far, horse;

	a = tc_figure(g, 0, "Kenji", 10, 9, &s);
	far = tc_figure(g, 0, "Far", 13, 13, &s);
	b = tc_figure(g, 1, "Rider", 10, 10, &m);      /* Kenji touches its base */
	tc_figure(g, 1, "Jiro", 60, 40, &s);
	tc_start(g);
	end_turn(g);
	/* the rider dismounts: its left (y + 1.01) is free */
	ck_assert_ok(skirmish_dismount(g, b, &r));
	horse = r.effects[0].other;
	end_turn(g);
	ck_assert_rejected(g, skirmish_mount(g, far, horse, &r), SKIRMISH_E_NOT_IN_CONTACT);
	ck_assert_rejected(g, skirmish_mount(g, a, horse, &r), SKIRMISH_E_NOT_IN_CONTACT);
	ck_assert_ok(move_to(g, far, 10, 12.02, &r));  /* touches the horse */
	ck_assert_int_eq(r.ndice, 0);
	end_turn(g);
	end_turn(g);
	/* the enemy's horse is anyone's horse now */
	ck_assert_ok(skirmish_mount(g, far, horse, &r));
	ck_assert(tc_info(g, far).mounted);
	ck_assert_int_eq(r.neffects, 1);               /* no fight: not a move */
	skirmish_game_free(g);
}
END_TEST

START_TEST(s17_dismount_needs_room)
{
	skirmish_game *g = senso();
	skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 0);
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a;

	/* walls all round: above, below, behind, ahead */
	terrain(g, SKIRMISH_TERRAIN_IMPASSABLE, 7, 11.2, 13, 13);
	terrain(g, SKIRMISH_TERRAIN_IMPASSABLE, 7, 7, 13, 8.8);
	terrain(g, SKIRMISH_TERRAIN_IMPASSABLE, 7, 8.8, 8.5, 11.2);
	terrain(g, SKIRMISH_TERRAIN_IMPASSABLE, 11.5, 8.8, 13, 11.2);
	a = tc_figure(g, 0, "Rider", 10, 10, &m);
	tc_figure(g, 1, "Taro", 60, 40, &s);
	tc_start(g);
	ck_assert_rejected(g, skirmish_dismount(g, a, &r), SKIRMISH_E_BLOCKED);
	ck_assert(strncmp(skirmish_game_errmsg(g), "S17/S28: ", 9) == 0);
	skirmish_game_free(g);
}
END_TEST

/* S17, G3: a rider whose scenario base is narrower than 1" stands on a
 * square as wide as it once on foot, whether it dismounts or its horse is
 * shot (S7), so its foot base never reaches a neighbour's (found by
 * fuzzing: a 0.8" rider dismounted onto a 1" base overlapping a figure
 * 0.2" away). */
START_TEST(s17_a_narrow_rider_stands_inside_its_base)
{
	skirmish_game *g = senso();
	skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 0);
	skirmish_figure_spec s = mk(6, 0, 0), archer = mk(8, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
	int a, b, c, j;
	double d;

	m.base_width = 0.8;
	m.base_depth = 0.8;
	a = tc_figure(g, 0, "Rider", 10, 10, &m);
	b = tc_figure(g, 1, "Taro", 10, 10.9, &s);     /* touching the 0.8" base */
	c = tc_figure(g, 0, "Kenji", 17, 30, &m);
	j = tc_figure(g, 1, "Jiro", 5, 30, &archer);
	tc_start(g);
	ck_assert_ok(skirmish_dismount(g, a, &r));
	f = tc_info(g, a);
	ck_assert(!f.mounted && f.base_width == 0.8 && f.base_depth == 0.8);
	ck_assert_ok(skirmish_game_distance(g, a, b, &d));
	ck_assert(d == 0.0);                           /* touching, not overlapping */
	end_turn(g);
	/* as in s7_hit_odd_dismounts_with_one_ring: a hit, then odd: the horse */
	tc_dice(g, 2, 4, 7);
	ck_assert_ok(skirmish_shoot(g, j, c, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_HORSE_KILLED);
	f = tc_info(g, c);
	ck_assert(!f.mounted && f.base_width == 0.8 && f.base_depth == 0.8);
	skirmish_game_free(g);
}
END_TEST

/* S17, G3: a default 1" x 2" base touching a neighbour at an angle: the
 * 1" foot square's corners, rounded to the mil, would stick out of it by
 * a mil; the square shrinks until it does not (found by fuzzing). */
START_TEST(s17_foot_base_never_overlaps_by_rounding)
{
	skirmish_game *g = senso();
	skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 117);
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
	sk_pt a[4], b[4];
	int rider, other;

	s.facing = 90;
	rider = tc_figure(g, 0, "Rider", 33.783, 34.645, &m);
	other = tc_figure(g, 0, "Taro", 33.035, 33.529, &s);
	tc_figure(g, 1, "Jiro", 60, 10, &s);
	tc_start(g);
	ck_assert_ok(skirmish_dismount(g, rider, &r));
	f = tc_info(g, rider);
	ck_assert(!f.mounted && f.base_width == f.base_depth);
	ck_assert(f.base_width >= 0.998 && f.base_width < 1.0);
	sk_fig_rect(&g->figs[rider], a);
	sk_fig_rect(&g->figs[other], b);
	ck_assert(!sk_poly_overlap(a, 4, b, 4));
	skirmish_game_free(g);
}
END_TEST

/* S17, G4, S16: the same where the rider's base touches a house or a wall
 * in place of the neighbour: the foot square shrinks off the impassable
 * ground and the obstacle too (found by the referee). */
START_TEST(s17_foot_base_never_on_a_house_by_rounding)
{
	static const unsigned int kinds[2] = { SKIRMISH_TERRAIN_IMPASSABLE,
					       SKIRMISH_TERRAIN_OBSTACLE };
	int k;

	for (k = 0; k < 2; k++) {
		skirmish_game *g = senso();
		skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 117);
		skirmish_figure_spec s = mk(6, 0, 0);
		skirmish_result r = SKIRMISH_RESULT_INIT;
		skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
		int rider;

		/* where Taro's base stood in s17_foot_base_never_overlaps_by_rounding */
		tc_rect(g, kinds[k], 32.535, 33.029, 33.535, 34.029);
		rider = tc_figure(g, 0, "Rider", 33.783, 34.645, &m);
		tc_figure(g, 1, "Jiro", 60, 10, &s);
		tc_start(g);
		ck_assert_ok(skirmish_dismount(g, rider, &r));
		f = tc_info(g, rider);
		ck_assert(!f.mounted && f.base_width == f.base_depth);
		ck_assert(f.base_width >= 0.998 && f.base_width <= 1.0);
		ck_assert_int_lt(sk_fig_overlaps_flag(g, &g->figs[rider], kinds[k]), 0);
		skirmish_game_free(g);
	}
}
END_TEST

START_TEST(s20_a_figure_may_leave_contact)
{
	skirmish_game *g = senso_opts(2, 0, 0, SKIRMISH_TIES_STANDOFF, 0);
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 6, 10, &s);
	tc_start(g);
	ck_assert(tc_info(g, a).in_melee);
	ck_assert_ok(move_to(g, a, 2, 10, &r));
	ck_assert_int_eq(r.ndice, 0);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_NONE);
	ck_assert(!tc_info(g, b).in_melee);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s24_endless_ties_fail_cleanly)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int dice[200], i, a;

	for (i = 0; i < 200; i++)
		dice[i] = 3;
	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	tc_figure(g, 1, "Taro", 10, 10, &s);
	tc_start(g);
	ck_assert_ok(skirmish_game_script_dice(g, dice, 200, 1));
	ck_assert_rejected(g, move_to(g, a, 9, 10, &r), SKIRMISH_E_DICE);
	ck_assert(strncmp(skirmish_game_errmsg(g), "S24: ", 5) == 0);
	/* 99 tied rounds and then a winner is a fight like any other */
	dice[198] = 1;
	ck_assert_ok(skirmish_game_script_dice(g, dice, 200, 1));
	ck_assert_ok(move_to(g, a, 9, 10, &r));
	ck_assert_int_eq(r.ndice, 200);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
	skirmish_game_free(g);
}
END_TEST

START_TEST(g6_bad_die_changes_nothing)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec m = mk_mounted(6, 0, 90);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Rider", 16, 10, &m);
	tc_start(g);
	/* the second (horse) die runs out: the hit is undone too */
	tc_dice(g, 1, 2);
	ck_assert_rejected(g, shoot(g, a, b, &r), SKIRMISH_E_DICE);
	tc_dice(g, 0);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* game end (engine G9 with Sensō)                                      */
/* ------------------------------------------------------------------ */

START_TEST(g9_last_clan_standing_wins)
{
	skirmish_game *g = senso_opts(2, 1, 0, 0, 0);
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a, b;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	b = tc_figure(g, 1, "Taro", 15, 10, &s);
	tc_figure(g, 2, "Umpire's ronin", 40, 40, &s);
	tc_start(g);
	tc_dice(g, 1, 1);
	ck_assert_ok(shoot(g, a, b, &r));
	/* the umpire's figures remain, but the umpire never wins */
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), 0);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_GAME_OVER, -1)->player, 0);
	assert_text(&r, "Kenji (d6, bow) shoots Taro at 9.0\": rolls 1, -1 short range, "
		    "-1 unarmoured = -1: kill; Taro is killed; the game is over: player 0 wins.");
	ck_assert_rejected(g, skirmish_end_turn(g, &r), SKIRMISH_E_STATE);
	skirmish_game_free(g);
}
END_TEST

START_TEST(g9_removal_by_rings_can_end_the_game)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a1, a2, a3, b;

	a1 = tc_figure(g, 0, "A1", 5, 10, &s);
	a2 = tc_figure(g, 0, "A2", 5, 12, &s);
	a3 = tc_figure(g, 0, "A3", 5, 14, &s);
	b = tc_figure(g, 1, "Taro", 15, 12, &s);
	tc_start(g);
	tc_dice(g, 3, 3, 3, 3);                        /* three hits */
	ck_assert_ok(shoot(g, a1, b, &r));
	ck_assert_ok(shoot(g, a2, b, &r));
	ck_assert_ok(shoot(g, a3, b, &r));
	end_turn(g);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_PLAYING);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), 0);
	assert_text(&r, "Player 1 ends its turn; Taro loses 1 ring; Taro is removed from play; "
		    "turn 2: player 0 to play; the game is over: player 0 wins.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(g9_turn_limit)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.player_order = order;
	o.turn_limit = 2;
	g = tc_game_opts(&o);
	tc_figure(g, 0, "A", 5, 10, &s);
	tc_figure(g, 0, "B", 5, 20, &s);
	tc_figure(g, 1, "C", 50, 10, &s);
	tc_start(g);
	end_turn(g);
	end_turn(g);
	end_turn(g);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_PLAYING);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), 0);  /* more figures left */
	ck_assert_int_eq(skirmish_game_turn(g), 2);
	skirmish_game_free(g);
}
END_TEST

START_TEST(g7_unsupported_and_wrong_state)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a;

	a = tc_figure(g, 0, "Kenji", 5, 10, &s);
	tc_figure(g, 1, "Taro", 50, 10, &s);
	ck_assert_rejected(g, move_to(g, a, 6, 10, &r), SKIRMISH_E_STATE);
	tc_start(g);
	ck_assert_rejected(g, skirmish_turn(g, a, 90, &r), SKIRMISH_E_UNSUPPORTED);
	ck_assert_rejected(g, skirmish_end_phase(g, &r), SKIRMISH_E_UNSUPPORTED);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* melee property: every DV pair, every pair of faces                   */
/* ------------------------------------------------------------------ */

START_TEST(s10_property_every_dv_pair)
{
	int da, db, fa, fb;

	for (da = 4; da <= 12; da += 2)
		for (db = 4; db <= 12; db += 2)
			for (fa = 1; fa <= da; fa++)
				for (fb = 1; fb <= db; fb++) {
					skirmish_game *g = senso_opts(2, 0, 0, SKIRMISH_TIES_STANDOFF, 0);
					skirmish_figure_spec s = mk(da, SKIRMISH_MELEE_DAGGER, 0);
					skirmish_figure_spec t = mk(db, SKIRMISH_MELEE_SWORD, 0);
					skirmish_result r = SKIRMISH_RESULT_INIT;
					int a, b, want;

					a = tc_figure(g, 0, "A", 5, 10, &s);
					b = tc_figure(g, 1, "B", 10, 10, &t);
					tc_figure(g, 1, "C", 60, 40, &t);
					tc_start(g);
					tc_dice(g, 2, fa, fb);
					ck_assert_ok(move_to(g, a, 9, 10, &r));
					want = fa + 1 < fb ? SKIRMISH_OUTCOME_ATTACKER_WINS :
					       fa + 1 > fb ? SKIRMISH_OUTCOME_DEFENDER_WINS :
							     SKIRMISH_OUTCOME_STANDOFF;
					ck_assert_int_eq(r.outcome, want);
					ck_assert_int_eq(r.score[0], fa + 1);
					ck_assert_int_eq(r.score[1], fb);
					ck_assert_int_eq(tc_info(g, b).removed,
							 want == SKIRMISH_OUTCOME_ATTACKER_WINS);
					ck_assert_int_eq(tc_info(g, a).removed,
							 want == SKIRMISH_OUTCOME_DEFENDER_WINS);
					skirmish_game_free(g);
				}
}
END_TEST

/* ------------------------------------------------------------------ */
/* a whole game, every event                                            */
/* ------------------------------------------------------------------ */

struct log {
	char buf[16384];
	size_t len;
};

#if defined(__GNUC__) || defined(__clang__)
static void logf_(struct log *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#endif

static void
logf_(struct log *l, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(l->buf + l->len, sizeof(l->buf) - l->len, fmt, ap);
	va_end(ap);
	ck_assert(n >= 0 && (size_t)n < sizeof(l->buf) - l->len);
	l->len += (size_t)n;
}

static void
on_event(void *ud, const skirmish_event *e)
{
	struct log *l = ud;

	switch (e->kind) {
	case SKIRMISH_EVENT_DIE:
		logf_(l, "die f%d d%d=%d p%d s%d r%d\n", e->die->figure, e->die->sides,
		      e->die->value, e->die->purpose, e->die->side, e->die->round);
		break;
	case SKIRMISH_EVENT_MODIFIER:
		logf_(l, "mod f%d s%d %+d src%d %s\n", e->modifier->figure, e->modifier->side,
		      e->modifier->value, e->modifier->source, e->modifier->rule);
		break;
	case SKIRMISH_EVENT_EFFECT:
		logf_(l, "eff %s f%d o%d p%d v%d %s\n", skirmish_effect_name(e->effect->kind),
		      e->effect->figure, e->effect->other, e->effect->player, e->effect->value,
		      e->effect->rule);
		break;
	case SKIRMISH_EVENT_RESULT:
		logf_(l, "= %s\n", e->result->text);
		break;
	}
}

START_TEST(full_game_every_event)
{
	static const char want[] =
		"die f0 d6=3 p1 s0 r0\n"
		"mod f0 s0 -1 src4 S6\n"
		"mod f0 s0 -1 src5 S6\n"
		"eff rings f3 o-1 p1 v1 S6\n"
		"= Kenji (d6, bow) shoots Taro at 10.0\": rolls 3, -1 short range, -1 unarmoured = 1: hit; Taro takes 1 ring.\n"
		"die f1 d10=5 p1 s0 r0\n"
		"mod f1 s0 +1 src3 S6\n"
		"mod f1 s0 -1 src5 S6\n"
		"eff rings f1 o-1 p0 v2 S8\n"
		"= Goro (d10, arquebus) shoots Jiro at 17.0\": rolls 5, +1 arquebus, -1 unarmoured = 5: miss; Goro takes 2 rings.\n"
		"eff moved f2 o-1 p0 v0 S9\n"
		"= Hanzo moves from (5.0, 30.0) to (9.0, 30.0).\n"
		"eff rings f1 o-1 p0 v-1 S5\n"
		"eff turn starts f-1 o-1 p1 v1 S2\n"
		"= Player 0 ends its turn; Goro loses 1 ring; turn 1: player 1 to play.\n"
		"die f5 d6=4 p4 s0 r0\n"
		"die f2 d4=1 p4 s1 r0\n"
		"mod f2 s1 +1 src7 S15\n"
		"mod f2 s1 +1 src10 S10\n"
		"eff moved f5 o-1 p1 v0 S9\n"
		"eff fight f5 o2 p0 v0 S10\n"
		"eff killed f5 o-1 p1 v0 S10\n"
		"eff dismounted f5 o6 p1 v0 S28\n"
		"= Saburo moves from (20.0, 30.0) to (10.0, 30.0) and fights Hanzo (d4, martial arts): Saburo rolls 4 = 4; Hanzo rolls 1, +1 martial arts, +1 on foot against mounted = 3; Hanzo wins; Saburo is killed; Saburo's horse stays, riderless.\n"
		"eff moved f4 o-1 p1 v0 S9\n"
		"= Jiro moves from (23.0, 14.0) to (17.0, 14.0).\n"
		"eff rings f3 o-1 p1 v-1 S5\n"
		"eff turn starts f-1 o-1 p0 v2 S2\n"
		"= Player 1 ends its turn; Taro loses 1 ring; turn 2: player 0 to play.\n"
		"die f0 d6=2 p1 s0 r0\n"
		"mod f0 s0 -1 src4 S6\n"
		"eff rings f4 o-1 p1 v1 S6\n"
		"= Kenji (d6, bow) shoots Jiro at 11.4\": rolls 2, -1 short range = 1: hit; Jiro takes 1 ring.\n"
		"eff rings f1 o-1 p0 v-1 S5\n"
		"eff turn starts f-1 o-1 p1 v2 S2\n"
		"= Player 0 ends its turn; Goro loses 1 ring; turn 2: player 1 to play.\n"
		"eff moved f3 o-1 p1 v0 S9\n"
		"= Taro moves from (16.0, 10.0) to (11.0, 10.0).\n"
		"eff rings f4 o-1 p1 v-1 S5\n"
		"eff turn starts f-1 o-1 p0 v3 S2\n"
		"= Player 1 ends its turn; Jiro loses 1 ring; turn 3: player 0 to play.\n"
		"die f0 d6=3 p4 s0 r0\n"
		"die f3 d8=3 p4 s1 r0\n"
		"die f0 d6=2 p4 s0 r1\n"
		"die f3 d8=5 p4 s1 r1\n"
		"eff moved f0 o-1 p0 v0 S9\n"
		"eff fight f0 o3 p1 v0 S10\n"
		"eff killed f3 o-1 p1 v0 S10\n"
		"= Kenji moves from (5.0, 10.0) to (10.0, 10.0) and fights Taro (d8, yari): Kenji rolls 3 = 3; Taro rolls 3 = 3; a tie, round 2: Kenji rolls 2 = 2; Taro rolls 5 = 5; Kenji wins; Taro is killed.\n"
		"die f1 d10=1 p1 s0 r0\n"
		"mod f1 s0 +1 src3 S6\n"
		"mod f1 s0 -1 src4 S6\n"
		"mod f1 s0 -1 src5 S6\n"
		"eff killed f4 o-1 p1 v0 S6\n"
		"eff rings f1 o-1 p0 v2 S8\n"
		"eff game over f-1 o-1 p0 v0 G9\n"
		"= Goro (d10, arquebus) shoots Jiro at 11.0\": rolls 1, +1 arquebus, -1 short range, -1 unarmoured = 0: kill; Jiro is killed; Goro takes 2 rings; the game is over: player 0 wins.\n";
	struct log l;
	skirmish_game *g = senso();
	skirmish_figure_spec kenji = mk(6, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_BOW);
	skirmish_figure_spec goro = mk_armour(10, SKIRMISH_MELEE_SHORT_SWORD,
					      SKIRMISH_MISSILE_ARQUEBUS);
	skirmish_figure_spec hanzo = mk(4, SKIRMISH_MELEE_UNARMED, SKIRMISH_MISSILE_SHURIKEN);
	skirmish_figure_spec taro = mk(8, SKIRMISH_MELEE_YARI, 0);
	skirmish_figure_spec jiro = mk_armour(8, SKIRMISH_MELEE_DAGGER, 0);
	skirmish_figure_spec saburo = mk_mounted(6, SKIRMISH_MELEE_YARI, 90);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double xy[2] = { 10, 30 };
	int k, o, h, t, j, b;

	memset(&l, 0, sizeof(l));
	hanzo.martial_arts = 1;
	k = tc_figure(g, 0, "Kenji", 5, 10, &kenji);
	o = tc_figure(g, 0, "Goro", 5, 14, &goro);
	h = tc_figure(g, 0, "Hanzo", 5, 30, &hanzo);
	t = tc_figure(g, 1, "Taro", 16, 10, &taro);
	j = tc_figure(g, 1, "Jiro", 23, 14, &jiro);
	b = tc_figure(g, 1, "Saburo", 20, 30, &saburo);
	tc_start(g);
	ck_assert_ok(skirmish_game_set_event_callback(g, on_event, &l));

	/* game turn 1, player 0: a bow hit, an arquebus miss, a move */
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, k, t, &r));
	tc_dice(g, 1, 5);
	ck_assert_ok(shoot(g, o, j, &r));
	ck_assert_ok(move_to(g, h, 9, 30, &r));
	end_turn(g);
	/* player 1: Taro is ringed; the rider charges the ninja and dies */
	ck_assert_rejected(g, move_to(g, t, 15, 10, &r), SKIRMISH_E_CANNOT_ACT);
	tc_dice(g, 2, 4, 1);
	ck_assert_ok(skirmish_move(g, b, xy, 1, 90, &r));
	ck_assert_ok(move_to(g, j, 17, 14, &r));
	end_turn(g);

	/* game turn 2, player 0: Goro is reloading (one ring) */
	ck_assert_rejected(g, shoot(g, o, j, &r), SKIRMISH_E_CANNOT_ACT);
	tc_dice(g, 1, 2);
	ck_assert_ok(shoot(g, k, j, &r));
	end_turn(g);
	/* player 1 */
	ck_assert_rejected(g, move_to(g, j, 16, 14, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(move_to(g, t, 11, 10, &r));
	end_turn(g);

	/* game turn 3, player 0: Kenji charges Taro; Goro fires again */
	tc_dice(g, 4, 3, 3, 2, 5);
	ck_assert_ok(move_to(g, k, 10, 10, &r));
	tc_dice(g, 1, 1);
	ck_assert_ok(shoot(g, o, j, &r));
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), 0);
	ck_assert_int_eq(skirmish_game_script_remaining(g), 0);
	if (strcmp(l.buf, want) != 0)
		fprintf(stderr, "%s", l.buf);
	ck_assert_str_eq(l.buf, want);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Second rulings: walls, several players (G13, G14, S25-S28)           */
/* ------------------------------------------------------------------ */

/* An axis-aligned named obstacle from x0 to x1, y0 to y1. */
static void
wall(skirmish_game *g, const char *name, unsigned int extra, double x0, double y0,
     double x1, double y1)
{
	skirmish_terrain_spec w = SKIRMISH_TERRAIN_SPEC_INIT;

	w.shape = SKIRMISH_SHAPE_RECT;
	w.name = name;
	w.flags = SKIRMISH_TERRAIN_OBSTACLE | extra;
	w.x = (x0 + x1) / 2;
	w.y = (y0 + y1) / 2;
	w.depth = x1 - x0;
	w.width = y1 - y0;
	ck_assert_ok(skirmish_game_add_terrain(g, &w, NULL));
}

/* G14 (issue: a man lining a wall gave his target cover). Kenji stands
 * 0.25" behind a 0.4" wall that gives cover; Taro is in the open 10"
 * beyond it: d6 rolls 3, -1 short range, -1 unarmoured = 1, a hit. */
START_TEST(g14_a_man_lining_a_wall_shoots_over_it)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, t, j, o;

	wall(g, "wall", SKIRMISH_TERRAIN_COVER, 10.25, 0, 10.65, 40);
	k = tc_figure(g, 0, "Kenji", 9.5, 10, &s);
	t = tc_figure(g, 1, "Taro", 20.65, 10, &s);     /* 10.15" from Kenji */
	j = tc_figure(g, 1, "Jiro", 11.4, 20, &s);      /* lines the far side */
	o = tc_figure(g, 0, "Goro", 8.5, 30, &s);       /* 1.35" from the wall */
	tc_figure(g, 1, "Saburo", 20.65, 30, &s);
	tc_start(g);
	tc_dice(g, 1, 3);
	ck_assert_ok(shoot(g, k, t, &r));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_COVER, 0));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_HIT);
	/* a target lining the same wall from the far side is in cover */
	{
		int cover = 0;
		ck_assert_ok(skirmish_game_in_cover(g, k, j, &cover));
		ck_assert(cover);
		/* Goro, 1.35" back, does not line it: the wall covers Saburo */
		ck_assert_ok(skirmish_game_in_cover(g, o, 4, &cover));
		ck_assert(cover);
		ck_assert_ok(skirmish_game_in_cover(g, k, t, &cover));
		ck_assert(!cover);
	}
	skirmish_game_free(g);
}
END_TEST

/* G14: a shooter standing in a wood shoots out of it; a target within 1"
 * of the same wood keeps its cover. */
START_TEST(g14_the_wood_the_shooter_stands_in)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_BOW);
	int k, t, j, cover = -1;

	terrain(g, SKIRMISH_TERRAIN_COVER, 8, 0, 12, 40);
	k = tc_figure(g, 0, "Kenji", 11, 10, &s);       /* in the wood */
	t = tc_figure(g, 1, "Taro", 20, 10, &s);        /* in the open */
	j = tc_figure(g, 1, "Jiro", 12.9, 12, &s);      /* 0.4" from the wood */
	tc_start(g);
	ck_assert_ok(skirmish_game_in_cover(g, k, t, &cover));
	ck_assert(!cover);
	ck_assert_ok(skirmish_game_in_cover(g, k, j, &cover));
	ck_assert(cover);
	skirmish_game_free(g);
}
END_TEST

/* G13 (issue: no melee across a wall). Taro stands 0.1" behind a 0.4"
 * wall; Kenji moves up to 0.1" from its near side: the two touch across
 * it, and the fight is at once (S4); Taro defends cover, -1 (S10). */
START_TEST(g13_a_charge_across_a_wall)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t8 = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, t;

	wall(g, "wall", 0, 10.2, 0, 10.6, 40);
	k = tc_figure(g, 0, "Kenji", 5, 10, &s);
	t = tc_figure(g, 1, "Taro", 11.2, 10, &t8);
	bystander(g, 1, 60);
	tc_start(g);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(move_to(g, k, 9.6, 10, &r));
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_DEFENDING_COVER, 1)->value, -1);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_DEFENDING_COVER, 1)->figure, t);
	/* 3 against 3 - 1 = 2: Taro wins */
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_DEFENDER_WINS);
	ck_assert(tc_info(g, k).removed);
	/* nobody went through the wall */
	ck_assert_double_eq_tol(tc_info(g, t).x, 11.2, 0.0005);
	skirmish_game_free(g);
}
END_TEST

/* G13: a wall 1.1" thick is not fought across; two figures on either side
 * of a 0.4" wall but 0.2" from it are not in contact either. */
START_TEST(g13_no_contact_across_a_thick_wall_or_from_afar)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, t, o, j;

	wall(g, "rampart", 0, 10.2, 0, 11.3, 20);
	wall(g, "wall", 0, 10.2, 22, 10.6, 40);
	k = tc_figure(g, 0, "Kenji", 5, 10, &s);
	t = tc_figure(g, 1, "Taro", 11.9, 10, &s);
	o = tc_figure(g, 0, "Goro", 5, 30, &s);
	j = tc_figure(g, 1, "Jiro", 11.3, 30, &s);      /* 0.2" from the wall */
	tc_start(g);
	ck_assert_ok(move_to(g, k, 9.6, 10, &r));
	ck_assert_int_eq(r.ndice, 0);
	ck_assert(!tc_info(g, k).in_melee && !tc_info(g, t).in_melee);
	ck_assert_ok(move_to(g, o, 9.6, 30, &r));
	ck_assert_int_eq(r.ndice, 0);
	ck_assert(!tc_info(g, j).in_melee);
	skirmish_game_free(g);
}
END_TEST

/* S25 (issue: crossing was not the whole move): over two walls 0.5" apart,
 * along a wall and then over it, over one and back: each refused, and the
 * message says which. Straight over, from 0.1" to 0.1", is a crossing. */
START_TEST(s25_a_crossing_is_the_whole_move)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double along[4] = { 9.6, 14, 11.2, 14 }, back[4] = { 11.2, 30, 9.6, 30 };
	int a, b, c, d;
	char *before;

	wall(g, "the garden wall", 0, 10.2, 0, 10.6, 40);
	wall(g, "the fence", 0, 11.1, 0, 11.3, 8);
	a = tc_figure(g, 0, "Kenji", 9.6, 5, &s);
	b = tc_figure(g, 0, "Goro", 9.6, 10, &s);
	c = tc_figure(g, 0, "Saburo", 9.6, 30, &s);
	d = tc_figure(g, 0, "Hanzo", 9.6, 20, &s);
	tc_figure(g, 1, "Taro", 60, 45, &s);
	tc_start(g);
	before = tc_snapshot(g);
	/* two obstacles */
	ck_assert_rejected(g, move_to(g, a, 11.9, 5, &r), SKIRMISH_E_BLOCKED);
	ck_assert_msg(strstr(skirmish_game_errmsg(g), "S25: a move crosses one obstacle; this one "
			     "goes over the garden wall and the fence") != NULL, "%s",
		      skirmish_game_errmsg(g));
	/* 4" along the wall, then over it */
	ck_assert_rejected(g, skirmish_move(g, b, along, 2, SKIRMISH_FACING_KEEP, &r),
			   SKIRMISH_E_TOO_FAR);
	ck_assert_msg(strstr(skirmish_game_errmsg(g), "4.6\" to where it crosses") != NULL,
		      "%s", skirmish_game_errmsg(g));
	/* over and back */
	ck_assert_rejected(g, skirmish_move(g, c, back, 2, SKIRMISH_FACING_KEEP, &r),
			   SKIRMISH_E_BLOCKED);
	ck_assert_msg(strstr(skirmish_game_errmsg(g), "goes over the garden wall and back") != NULL,
		      "%s", skirmish_game_errmsg(g));
	{
		char *after = tc_snapshot(g);
		ck_assert_str_eq(before, after);
		free(after);
	}
	free(before);
	/* straight over */
	ck_assert_ok(move_to(g, d, 11.2, 20, &r));
	ck_assert_double_eq_tol(tc_info(g, d).x, 11.2, 0.0005);
	skirmish_game_free(g);
}
END_TEST

/* S25: a crossing starts within 1" of where the path crosses: a diagonal
 * from 0.1" away that meets the wall 3" further along is refused. */
START_TEST(s25_a_crossing_starts_where_it_crosses)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a;

	wall(g, "wall", 0, 10.2, 0, 10.6, 40);
	a = tc_figure(g, 0, "Kenji", 9.6, 10, &s);
	tc_figure(g, 1, "Taro", 60, 45, &s);
	tc_start(g);
	ck_assert_rejected(g, move_to(g, a, 11.2, 15, &r), SKIRMISH_E_TOO_FAR);
	ck_assert_msg(strncmp(skirmish_game_errmsg(g), "S25: ", 5) == 0, "%s",
		      skirmish_game_errmsg(g));
	skirmish_game_free(g);
}
END_TEST

/* S26 (issue: a ringed friend was drafted into a charge): Goro, who fired
 * his arquebus last turn and still has a ring, touches Taro; Kenji charges
 * Taro. Goro cannot act: he is not on Kenji's side, does not outnumber
 * Taro, does not roll, and does not die for it. */
START_TEST(s26_a_ringed_friend_is_not_drafted)
{
	skirmish_game *g = senso();
	skirmish_figure_spec k6 = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec q = mk(4, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_ARQUEBUS);
	skirmish_figure_spec t8 = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, o, b;

	k = tc_figure(g, 0, "Kenji", 5, 10, &k6);
	o = tc_figure(g, 0, "Goro", 10, 11.05, &q);     /* touching Taro */
	tc_figure(g, 1, "Taro", 10, 10, &t8);
	b = tc_figure(g, 1, "Saburo", 25, 10, &t8);
	tc_start(g);
	tc_dice(g, 1, 4);
	ck_assert_ok(shoot(g, o, b, &r));               /* 4 + 1 - 1: a miss; two rings */
	end_turn(g);
	end_turn(g);
	ck_assert_int_eq(tc_info(g, o).rings, 1);
	tc_dice(g, 2, 5, 3);
	ck_assert_ok(move_to(g, k, 8.95, 10, &r));
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[0].figure, k);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_OUTNUMBERED, 1));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_OUTNUMBERED, 0));
	/* 5 against 3: Taro wins; Kenji, not Goro, is killed */
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_DEFENDER_WINS);
	ck_assert(tc_info(g, k).removed);
	ck_assert(!tc_info(g, o).removed);
	skirmish_game_free(g);
}
END_TEST

/* S26, S3: a ringed figure still fights when an enemy moves into contact
 * with it, on the side moved against. */
START_TEST(s26_a_ringed_figure_is_still_charged)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_ARQUEBUS);
	skirmish_figure_spec t8 = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int o, t;

	o = tc_figure(g, 0, "Goro", 10, 10, &s);
	tc_figure(g, 0, "Kenji", 30, 30, &s);
	t = tc_figure(g, 1, "Taro", 15, 10, &t8);
	tc_start(g);
	tc_dice(g, 1, 6);
	ck_assert_ok(shoot(g, o, t, &r));               /* 6 + 1 - 1: a miss */
	end_turn(g);
	ck_assert_int_eq(tc_info(g, o).rings, 1);
	tc_dice(g, 2, 6, 2);
	ck_assert_ok(move_to(g, t, 11.05, 10, &r));
	ck_assert_int_eq(r.dice[1].figure, o);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_DEFENDER_WINS);
	ck_assert(tc_info(g, t).removed);
	skirmish_game_free(g);
}
END_TEST

/* S27 (issue: enemies of two players fought together): with three players,
 * Kenji moves into contact with Taro (player 1) and Oni (player 2): two
 * fights, player 1's first (the next to play), each one against one, none
 * outnumbered. */
START_TEST(s27_one_fight_per_opposing_player)
{
	skirmish_game *g = senso_opts(3, 0, SKIRMISH_RINGS_PLAYER_TURN, SKIRMISH_TIES_REROLL, 0);
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t8 = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;
	int k, t, o;

	k = tc_figure(g, 0, "Kenji", 5, 10, &s);
	o = tc_figure(g, 2, "Oni", 10, 11.05, &t8);
	t = tc_figure(g, 1, "Taro", 11.05, 10, &t8);
	tc_figure(g, 1, "Jiro", 50, 40, &s);
	tc_figure(g, 2, "Gozu", 60, 40, &s);
	tc_start(g);
	tc_dice(g, 4, 2, 5, 3, 4);
	ck_assert_ok(move_to(g, k, 10, 10, &r));
	ck_assert_int_eq(r.ndice, 4);
	ck_assert_int_eq(r.dice[1].figure, t);
	ck_assert_int_eq(r.dice[3].figure, o);
	ck_assert_int_eq(r.nmodifiers, 0);              /* nobody outnumbered */
	e = tc_effect(&r, SKIRMISH_EFFECT_FIGHT, -1);
	ck_assert_int_eq(e->player, 1);
	ck_assert(tc_info(g, t).removed && tc_info(g, o).removed);
	assert_text(&r, "Kenji moves from (5.0, 10.0) to (10.0, 10.0) and fights Taro (d8, "
		    "sword): Kenji rolls 2 = 2; Taro rolls 5 = 5; Kenji wins; then fights Oni "
		    "(d8, sword): Kenji rolls 3 = 3; Oni rolls 4 = 4; Kenji wins; Taro is "
		    "killed; Oni is killed.");
	skirmish_game_free(g);
}
END_TEST

/* S27: when the mover is killed, the later fights do not happen; the order
 * is that of play after the mover's player, the umpire's figures last. */
START_TEST(s27_the_mover_killed_fights_no_more)
{
	skirmish_game *g = senso_opts(2, 1, SKIRMISH_RINGS_PLAYER_TURN, SKIRMISH_TIES_REROLL, 0);
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, t, u, umpire = skirmish_game_umpire(g);

	k = tc_figure(g, 0, "Kenji", 5, 10, &s);
	u = tc_figure(g, umpire, "Ronin", 11.05, 10, &s);
	t = tc_figure(g, 1, "Taro", 10, 11.05, &s);
	tc_figure(g, 1, "Jiro", 50, 40, &s);
	tc_figure(g, umpire, "Oni", 60, 40, &s);
	tc_start(g);
	tc_dice(g, 2, 5, 2);
	ck_assert_ok(move_to(g, k, 10, 10, &r));
	/* player 1 first, then the umpire: Taro wins, and Ronin never fights */
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[1].figure, t);
	ck_assert(tc_info(g, k).removed);
	ck_assert(!tc_info(g, u).removed);
	ck_assert_int_eq(skirmish_game_script_remaining(g), 0);
	skirmish_game_free(g);
}
END_TEST

/* S27: the exact odds of a move into two fights add up to one, the ties of
 * each fight summed on their own. */
START_TEST(s27_odds_of_two_fights)
{
	skirmish_game *g = senso_opts(3, 0, SKIRMISH_RINGS_PLAYER_TURN, SKIRMISH_TIES_REROLL, 0);
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_action a = SKIRMISH_ACTION_INIT;
	skirmish_odds o;
	double sum = 0, mover_dies = 0;
	int k, i;

	k = tc_figure(g, 0, "Kenji", 5, 10, &s);
	tc_figure(g, 2, "Oni", 10, 11.05, &s);
	tc_figure(g, 1, "Taro", 11.05, 10, &s);
	tc_figure(g, 1, "Jiro", 50, 40, &s);
	tc_figure(g, 2, "Gozu", 60, 40, &s);
	tc_start(g);
	a.kind = SKIRMISH_ACTION_MOVE;
	a.figure = k;
	a.npoints = 1;
	a.xy[0] = 10;
	a.xy[1] = 10;
	ck_assert_ok(skirmish_odds_init(&o, SKIRMISH_ODDS_VERSION));
	ck_assert_ok(skirmish_game_odds(g, &a, &o));
	ck_assert(o.rerolls);
	for (i = 0; i < o.noutcomes; i++) {
		sum += o.outcomes[i].probability;
		if (o.outcomes[i].outcome == SKIRMISH_OUTCOME_DEFENDER_WINS)
			mover_dies += o.outcomes[i].probability;
	}
	ck_assert_double_eq_tol(sum, 1.0, 1e-12);
	/* d6 against d6, twice: Kenji survives both with (1/2)^2 */
	ck_assert_double_eq_tol(mover_dies, 0.75, 1e-12);
	skirmish_game_free(g);
}
END_TEST

/* S28 (issue: a horse marker could straddle a wall): a rider dismounts with
 * a wall on his left; the horse goes to his right, and a rider who mounts
 * it stands where a base may stand. */
START_TEST(s28_a_horse_is_never_left_over_a_wall)
{
	skirmish_game *g = senso();
	skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 0);
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_info h;
	int a;

	wall(g, "wall", 0, 0, 10.6, 40, 11.0);
	a = tc_figure(g, 0, "Rider", 10, 10, &m);
	tc_figure(g, 1, "Taro", 60, 45, &s);
	tc_start(g);
	ck_assert_ok(skirmish_dismount(g, a, &r));
	h = tc_info(g, r.effects[0].other);
	ck_assert(h.is_horse);
	ck_assert_double_eq_tol(h.y, 8.99, 0.0005);     /* on his right */
	skirmish_game_free(g);
}
END_TEST

/* S28: a rider killed by a shot leaves his horse where he fell, riderless;
 * a friend touching it may mount it (S17). */
START_TEST(s28_a_dead_riders_horse_stays)
{
	skirmish_game *g = senso();
	skirmish_figure_spec m = mk_mounted(6, SKIRMISH_MELEE_YARI, 0);
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_info h;
	int a, k, f, horse;

	k = tc_figure(g, 0, "Kenji", 10, 30, &s);
	a = tc_figure(g, 1, "Rider", 10, 10, &m);
	f = tc_figure(g, 1, "Taro", 10, 11.05, &s);      /* touching the rider */
	tc_start(g);
	/* 1 - 1 short range - 1 mounted - 1 unarmoured: a kill; 4: even, the rider */
	tc_dice(g, 2, 1, 4);
	ck_assert_ok(shoot(g, k, a, &r));
	ck_assert(tc_info(g, a).removed);
	horse = tc_effect(&r, SKIRMISH_EFFECT_DISMOUNTED, a)->other;
	ck_assert_str_eq(tc_effect(&r, SKIRMISH_EFFECT_DISMOUNTED, a)->rule, "S28");
	h = tc_info(g, horse);
	ck_assert(h.is_horse);
	ck_assert_double_eq_tol(h.x, 10, 0.0005);
	ck_assert_double_eq_tol(h.y, 10, 0.0005);
	ck_assert(strstr(r.text, "Rider's horse stays, riderless") != NULL);
	end_turn(g);
	ck_assert_ok(skirmish_mount(g, f, horse, &r));
	ck_assert(tc_info(g, f).mounted);
	skirmish_game_free(g);
}
END_TEST

/* S16: nobody is set up standing on a wall. */
START_TEST(s16_no_figure_is_set_up_on_a_wall)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	char *before;

	wall(g, "the garden wall", 0, 10.2, 0, 10.6, 40);
	before = tc_snapshot(g);
	s.player = 0;
	s.x = 10.4;
	s.y = 10;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_BLOCKED);
	ck_assert_msg(strstr(skirmish_game_errmsg(g), "S16: #0 would stand on the garden wall") !=
		      NULL, "%s", skirmish_game_errmsg(g));
	{
		char *after = tc_snapshot(g);
		ck_assert_str_eq(before, after);
		free(after);
	}
	free(before);
	s.x = 9.6;
	ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
	/* nor is a wall built under him */
	{
		skirmish_terrain_spec w = SKIRMISH_TERRAIN_SPEC_INIT;
		w.shape = SKIRMISH_SHAPE_RECT;
		w.flags = SKIRMISH_TERRAIN_OBSTACLE;
		w.x = 9.6;
		w.y = 10;
		w.depth = 0.2;
		w.width = 5;
		ck_assert_rejected(g, skirmish_game_add_terrain(g, &w, NULL), SKIRMISH_E_BLOCKED);
		ck_assert(strncmp(skirmish_game_errmsg(g), "S16: ", 5) == 0);
	}
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Third rulings: faces, files and carriers                             */
/* ------------------------------------------------------------------ */

/* G15 (issue: contact across an obstacle at a distance). Along a 0.1"
 * fence, Kenji lines the near side and Taro the far side 4" further along
 * it: no contact, so Kenji's move starts no fight, and Taro may then shoot
 * Kenji and walk away. Goro comes up face to face with Jiro across the
 * same fence: they touch across it and fight at once, Jiro defending it. */
START_TEST(g15_across_a_fence_only_face_to_face)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_BOW);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, t, o, j;

	wall(g, "fence", 0, 10.2, 0, 10.3, 40);
	k = tc_figure(g, 0, "Kenji", 5, 10, &s);
	t = tc_figure(g, 1, "Taro", 10.85, 14, &s);     /* 0.05" beyond it */
	o = tc_figure(g, 0, "Goro", 5, 30, &s);
	j = tc_figure(g, 1, "Jiro", 10.85, 30, &s);
	tc_start(g);
	ck_assert_ok(move_to(g, k, 9.65, 10, &r));      /* 0.05" before it */
	ck_assert_int_eq(r.ndice, 0);
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_FIGHT, -1));
	ck_assert(!tc_info(g, k).in_melee && !tc_info(g, t).in_melee);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(move_to(g, o, 9.65, 30, &r));
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_DEFENDING_COVER, 1)->figure, j);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_DEFENDER_WINS);
	end_turn(g);
	/* Taro shoots Kenji over the fence (no cover): 4 -1 short range -1
	 * unarmoured = 2, a miss */
	ck_assert(!tc_info(g, t).in_melee);
	tc_dice(g, 1, 4);
	ck_assert_ok(shoot(g, t, k, &r));
	ck_assert_int_eq(r.ndice, 1);
	ck_assert_int_eq(r.score[0], 2);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_MISS);
	skirmish_game_free(g);
}
END_TEST

/* G15: the neighbour that must not change: Taro, 4" along the fence from
 * Kenji, is in contact with nobody and walks away along it. */
START_TEST(g15_along_a_fence_moves_freely)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, t;

	wall(g, "fence", 0, 10.2, 0, 10.3, 40);
	k = tc_figure(g, 1, "Kenji", 9.65, 10, &s);
	t = tc_figure(g, 0, "Taro", 10.85, 14, &s);
	tc_start(g);
	ck_assert(!tc_info(g, t).in_melee);
	ck_assert_ok(move_to(g, t, 14, 14, &r));
	ck_assert_int_eq(r.ndice, 0);
	ck_assert(!tc_info(g, k).removed && !tc_info(g, t).removed);
	skirmish_game_free(g);
}
END_TEST

/* S29 (issue: a drafted friend kept its action). Goro (d4) touches Taro
 * and Jiro. Kenji charges Taro: Goro is drafted onto his side and rolls
 * for it (d4 1 against 8 + 2 outnumbered): Taro is killed. Goro has now
 * acted: Saburo's charge at Jiro does not draft him again (Saburo rolls,
 * nobody is outnumbered), Goro may neither move nor fight, and the
 * queries say he cannot act and has no legal action. */
START_TEST(s29_a_drafted_friend_has_acted)
{
	skirmish_game *g = senso();
	skirmish_figure_spec k6 = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec g4 = mk(4, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t8 = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_action acts[64];
	int k, o, sa, t, j, n = -1;

	k = tc_figure(g, 0, "Kenji", 5, 10, &k6);
	o = tc_figure(g, 0, "Goro", 10, 11.05, &g4);
	sa = tc_figure(g, 0, "Saburo", 16, 11.05, &k6);
	t = tc_figure(g, 1, "Taro", 10, 10, &t8);
	j = tc_figure(g, 1, "Jiro", 11.05, 11.05, &t8);
	bystander(g, 1, 60);
	tc_start(g);
	ck_assert(tc_info(g, o).can_act);
	tc_dice(g, 2, 1, 8);
	ck_assert_ok(move_to(g, k, 8.95, 10, &r));
	ck_assert_int_eq(r.dice[0].figure, o);
	ck_assert_ptr_nonnull(tc_mod(&r, SKIRMISH_MOD_OUTNUMBERED, 1));
	ck_assert(tc_info(g, t).removed);
	ck_assert(!tc_info(g, o).can_act);
	tc_dice(g, 2, 2, 5);
	ck_assert_ok(move_to(g, sa, 12.1, 11.05, &r));
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[0].figure, sa);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_OUTNUMBERED, 0));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_OUTNUMBERED, 1));
	ck_assert(tc_info(g, j).removed && !tc_info(g, sa).removed);
	ck_assert_rejected(g, move_to(g, o, 10, 14, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(skirmish_game_legal_actions(g, o, acts, 64, &n));
	ck_assert_int_eq(n, 0);
	skirmish_game_free(g);
}
END_TEST

/* S29, the neighbour that must not change: a friend that touches no enemy
 * the mover touches is not drafted and keeps its action; and the drafted
 * Goro acts again in his next turn. */
START_TEST(s29_only_the_drafted_have_acted)
{
	skirmish_game *g = senso();
	skirmish_figure_spec k6 = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec g4 = mk(4, SKIRMISH_MELEE_SWORD, 0);
	skirmish_figure_spec t8 = mk(8, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, o, sa;

	k = tc_figure(g, 0, "Kenji", 5, 10, &k6);
	o = tc_figure(g, 0, "Goro", 10, 11.05, &g4);
	sa = tc_figure(g, 0, "Saburo", 13, 10, &k6);    /* 2" from Taro */
	tc_figure(g, 1, "Taro", 10, 10, &t8);
	tc_figure(g, 1, "Jiro", 30, 30, &t8);
	tc_start(g);
	tc_dice(g, 2, 1, 8);
	ck_assert_ok(move_to(g, k, 8.95, 10, &r));
	ck_assert(!tc_info(g, o).can_act);
	ck_assert(tc_info(g, sa).can_act);
	ck_assert_ok(move_to(g, sa, 13, 14, &r));
	end_turn(g);
	end_turn(g);
	ck_assert(tc_info(g, o).can_act);
	ck_assert_ok(move_to(g, o, 10, 14, &r));
	skirmish_game_free(g);
}
END_TEST

/* S30 (rough ground halves climbing and swimming). A ford of rough
 * water from x = 20: Kenji wades 1.6", 0.6" of it in the ford: 1.6 + 0.6
 * = 2.2" against the 2" a swim may be: refused. Goro wades 1.5", 0.5" of
 * it in: 2.0", allowed. Saburo swims 1.6" into plain water beside it,
 * no rough inch: allowed as before. */
START_TEST(s30_rough_inches_count_double_when_swimming)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, 0, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, o, sa;

	terrain(g, SKIRMISH_TERRAIN_WATER | SKIRMISH_TERRAIN_ROUGH, 20, 0, 30, 24);
	terrain(g, SKIRMISH_TERRAIN_WATER, 20, 26, 30, 48);
	k = tc_figure(g, 0, "Kenji", 19, 10, &s);
	o = tc_figure(g, 0, "Goro", 19, 20, &s);
	sa = tc_figure(g, 0, "Saburo", 19, 35, &s);
	tc_figure(g, 1, "Taro", 60, 40, &s);
	tc_start(g);
	ck_assert_rejected(g, move_to(g, k, 20.6, 10, &r), SKIRMISH_E_TOO_FAR);
	ck_assert(strncmp(skirmish_game_errmsg(g), "S30: ", 5) == 0);
	ck_assert_ok(move_to(g, o, 20.5, 20, &r));
	ck_assert_ok(move_to(g, sa, 20.6, 35, &r));
	skirmish_game_free(g);
}
END_TEST

/* S31 (a charge stops at the first contact). Taro lines the far side of
 * a 0.4" wall; Kenji charges him from 5": the charge ends lining the near
 * side, 0.05" from the wall, touching Taro across it (G13, G15), and the
 * fight is at once, Taro defending cover; it is not refused as a
 * crossing. */
START_TEST(s31_a_charge_at_a_man_lining_a_wall)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, t;

	wall(g, "wall", 0, 10.2, 0, 10.6, 40);
	k = tc_figure(g, 0, "Kenji", 5, 10, &s);
	t = tc_figure(g, 1, "Taro", 11.15, 10, &s);
	bystander(g, 1, 60);
	tc_start(g);
	tc_dice(g, 2, 2, 4);
	ck_assert_ok(skirmish_charge(g, k, t, SKIRMISH_FACING_KEEP, &r));
	ck_assert_double_eq_tol(tc_info(g, k).x, 9.65, 0.0015);
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_DEFENDING_COVER, 1)->figure, t);
	/* 2 against 4 - 1 = 3: Kenji wins */
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
	ck_assert(tc_info(g, t).removed);
	skirmish_game_free(g);
}
END_TEST

/* S31, the neighbours: a charge at a man 1.5" behind the wall makes no
 * contact at the wall, so it is still a crossing, refused from 3.2" before
 * it (S25); a charge in the open ends touching its enemy as before. */
START_TEST(s31_a_charge_over_a_wall_is_still_a_crossing)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, t, o, j;

	wall(g, "wall", 0, 10.2, 0, 10.6, 20);
	k = tc_figure(g, 0, "Kenji", 6.5, 10, &s);
	t = tc_figure(g, 1, "Taro", 12.6, 10, &s);
	o = tc_figure(g, 0, "Goro", 5, 30, &s);
	j = tc_figure(g, 1, "Jiro", 11.15, 30, &s);
	tc_start(g);
	ck_assert_rejected(g, skirmish_charge(g, k, t, SKIRMISH_FACING_KEEP, &r),
			   SKIRMISH_E_TOO_FAR);
	ck_assert(strncmp(skirmish_game_errmsg(g), "S25: ", 5) == 0);
	tc_dice(g, 2, 2, 4);
	ck_assert_ok(skirmish_charge(g, o, j, SKIRMISH_FACING_KEEP, &r));
	ck_assert(tc_info(g, o).x > 10.1);
	ck_assert(tc_info(g, j).removed);
	skirmish_game_free(g);
}
END_TEST

/* G17 (pieces that touch are one obstacle), G13, G15: a hedge of two
 * rows, 0.2" each, touching. Kenji comes up to the near row; Taro lines
 * the far one: 0.5" apart across 0.4" of hedge, face to face, they touch
 * across it and fight at once, Taro defending it (S10). Read as two
 * obstacles, neither man is within 0.1" of the other's row and nothing
 * happened. */
START_TEST(g17_a_hedge_of_two_rows_is_one_obstacle)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, t;

	wall(g, "near row", 0, 10.2, 0, 10.4, 40);
	wall(g, "far row", 0, 10.4, 0, 10.6, 40);
	k = tc_figure(g, 0, "Kenji", 5, 10, &s);
	t = tc_figure(g, 1, "Taro", 11.15, 10, &s);     /* 0.05" beyond it */
	tc_start(g);
	ck_assert_int_eq(skirmish_game_terrain_obstacle(g, 1), 0);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(move_to(g, k, 9.65, 10, &r));      /* 0.05" before it */
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_ptr_nonnull(tc_effect(&r, SKIRMISH_EFFECT_FIGHT, -1));
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_DEFENDING_COVER, 1)->figure, t);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_DEFENDER_WINS);
	skirmish_game_free(g);
}
END_TEST

/* G17: the neighbour that must not change: the same two rows 0.05"
 * apart are two obstacles. Kenji and Taro, each lining his own row, do
 * not touch; and a move over both is refused (S25: one obstacle). */
START_TEST(g17_two_rows_apart_are_two_obstacles)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, t, o;

	wall(g, "near row", 0, 10.2, 0, 10.4, 40);
	wall(g, "far row", 0, 10.45, 0, 10.65, 40);
	k = tc_figure(g, 0, "Kenji", 5, 10, &s);
	t = tc_figure(g, 1, "Taro", 11.2, 10, &s);      /* 0.05" beyond it */
	o = tc_figure(g, 0, "Goro", 9.65, 30, &s);
	tc_start(g);
	ck_assert_int_eq(skirmish_game_terrain_obstacle(g, 1), 1);
	ck_assert_ok(move_to(g, k, 9.65, 10, &r));
	ck_assert_int_eq(r.ndice, 0);
	ck_assert(!tc_info(g, k).in_melee && !tc_info(g, t).in_melee);
	ck_assert_rejected(g, move_to(g, o, 11.2, 30, &r), SKIRMISH_E_BLOCKED);
	ck_assert_str_eq(skirmish_game_errmsg(g),
			 "S25: a move crosses one obstacle; this one goes over near row and far row");
	skirmish_game_free(g);
}
END_TEST

/* G17, S25: over the touching rows is one crossing, the whole move:
 * Goro starts within 1" of where he goes in and ends within 1" of where
 * he comes out of the far row; Saburo ends 1" beyond it, the most a
 * crossing may go. */
START_TEST(g17_over_a_hedge_of_two_rows_is_one_crossing)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int o, p;

	wall(g, "near row", 0, 10.2, 0, 10.4, 40);
	wall(g, "far row", 0, 10.4, 0, 10.6, 40);
	o = tc_figure(g, 0, "Goro", 9.65, 30, &s);
	p = tc_figure(g, 0, "Saburo", 9.65, 20, &s);
	tc_figure(g, 1, "Taro", 60, 45, &s);
	tc_start(g);
	ck_assert_ok(move_to(g, o, 11.15, 30, &r));
	/* within 1" of where he comes out of the far row (x = 10.6), as
	 * far as that: 1.05" is too far */
	ck_assert_rejected(g, move_to(g, p, 12.15, 20, &r), SKIRMISH_E_TOO_FAR);
	ck_assert(strstr(skirmish_game_errmsg(g), "within 1\" of where it comes out") != NULL);
	ck_assert_ok(move_to(g, p, 12.1, 20, &r));
	skirmish_game_free(g);
}
END_TEST

/* G17, S25: a yard's corner of two walls, overlapping where they meet.
 * Goro goes over the corner from inside the yard, into the south wall
 * and on through where the two overlap: one obstacle, one crossing.
 * Saburo's path over two walls that do not touch is refused. Kenji's,
 * over one arm of the corner into the yard and out over the other, goes
 * over the one obstacle twice: refused. */
START_TEST(g17_over_a_yard_corner_is_one_crossing)
{
	skirmish_game *g = senso();
	skirmish_figure_spec s = mk(6, SKIRMISH_MELEE_SWORD, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int o, p, k;

	wall(g, "west wall", 0, 10.2, 0, 10.6, 20);
	wall(g, "north wall", 0, 10.2, 19.6, 20, 20);
	wall(g, "second west wall", 0, 30.2, 0, 30.6, 20);
	wall(g, "second north wall", 0, 30.65, 19.6, 40, 20);
	o = tc_figure(g, 0, "Goro", 12, 19, &s);
	p = tc_figure(g, 0, "Saburo", 32, 19, &s);
	k = tc_figure(g, 0, "Kenji", 9.6, 18, &s);
	tc_figure(g, 1, "Taro", 60, 45, &s);
	tc_start(g);
	/* each piece's obstacle, named by its first piece: the arms that
	 * meet are one, those 0.05" apart two */
	ck_assert_int_eq(skirmish_game_terrain_obstacle(g, 0), 0);
	ck_assert_int_eq(skirmish_game_terrain_obstacle(g, 1), 0);
	ck_assert_int_eq(skirmish_game_terrain_obstacle(g, 2), 2);
	ck_assert_int_eq(skirmish_game_terrain_obstacle(g, 3), 3);
	ck_assert_rejected(g, move_to(g, k, 11.4, 20.6, &r), SKIRMISH_E_BLOCKED);
	ck_assert_str_eq(skirmish_game_errmsg(g),
			 "S25: a move crosses an obstacle once; this one goes over west wall and back");
	ck_assert_ok(move_to(g, o, 9.6, 20.2, &r));
	ck_assert_rejected(g, move_to(g, p, 29.6, 20.2, &r), SKIRMISH_E_BLOCKED);
	ck_assert(strstr(skirmish_game_errmsg(g), "S25: a move crosses one obstacle") != NULL);
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("senso");

	ADD_TEST(s, s1_dv_is_d4_to_d12);
	ADD_TEST(s, s1_every_roll_uses_the_dv);
	ADD_TEST(s, s1_presets_are_the_example_skill_levels);
	ADD_TEST(s, s13_only_senso_weapons);
	ADD_TEST(s, s2_roll_off_highest_first_umpire_last);
	ADD_TEST(s, s2_umpire_figures_are_enemies_of_all);
	ADD_TEST(s, s3_one_action_per_turn);
	ADD_TEST(s, s3_ringed_figure_cannot_act);
	ADD_TEST(s, s3_ringed_figure_fights_when_attacked);
	ADD_TEST(s, s4_move_into_contact_fights_at_once);
	ADD_TEST(s, s4_charge_helper_fights);
	ADD_TEST(s, s10_no_attack_in_the_rear);
	ADD_TEST(s, s10_weapon_modifiers);
	ADD_TEST(s, s15_martial_arts_text);
	ADD_TEST(s, s10_foot_against_mounted);
	ADD_TEST(s, s10_defending_cover);
	ADD_TEST(s, s10_ties_roll_again);
	ADD_TEST(s, s10_ties_standoff_option);
	ADD_TEST(s, s14_fight_as_an_action_after_a_standoff);
	ADD_TEST(s, s11_one_against_two_wins);
	ADD_TEST(s, s11_one_against_two_loses);
	ADD_TEST(s, s11_two_against_one);
	ADD_TEST(s, s18_several_against_several);
	ADD_TEST(s, s18_smaller_side_outnumbered);
	ADD_TEST(s, s19_foot_against_mounted_is_against_the_roller);
	ADD_TEST(s, s5_ring_removed_at_end_of_owners_turn);
	ADD_TEST(s, s5_two_rings_left_removes_from_play);
	ADD_TEST(s, s5_game_turn_option);
	ADD_TEST(s, s22_game_turn_option_removes_every_players_figures);
	ADD_TEST(s, s6_long_range_unarmoured_miss);
	ADD_TEST(s, s6_short_range_hit_and_kill);
	ADD_TEST(s, s6_range_table);
	ADD_TEST(s, s6_target_must_be_an_enemy_in_play);
	ADD_TEST(s, s6_g5_target_must_be_visible);
	ADD_TEST(s, s12_night_sight_is_12_inches);
	ADD_TEST(s, s6_target_in_cover);
	ADD_TEST(s, s6_arquebus_treats_target_as_unarmoured);
	ADD_TEST(s, s21_shooting_in_contact_is_allowed);
	ADD_TEST(s, s6_property_every_dv_and_modifier_combination);
	ADD_TEST(s, s7_odd_kills_the_horse);
	ADD_TEST(s, s7_even_strikes_the_rider);
	ADD_TEST(s, s7_hit_odd_dismounts_with_one_ring);
	ADD_TEST(s, s8_arquebus_two_rings_then_fires_again);
	ADD_TEST(s, s8_unloaded_arquebus_reloads);
	ADD_TEST(s, s9_foot_6_mounted_12);
	ADD_TEST(s, s9_waypoints_count_the_path);
	ADD_TEST(s, s9_rough_costs_double);
	ADD_TEST(s, s9_swimming_and_climbing_2_inches);
	ADD_TEST(s, s9_swimming_2_inches_allowed);
	ADD_TEST(s, s9_bases_and_impassable_block);
	ADD_TEST(s, s9_mounted_base_turns_at_the_end);
	ADD_TEST(s, s9_mounted_base_facing);
	ADD_TEST(s, s16_crossing_an_obstacle);
	ADD_TEST(s, s9_dismount_leaves_the_horse_then_mount);
	ADD_TEST(s, s17_mount_needs_contact_and_takes_any_riderless_horse);
	ADD_TEST(s, s17_dismount_needs_room);
	ADD_TEST(s, s17_a_narrow_rider_stands_inside_its_base);
	ADD_TEST(s, s17_foot_base_never_overlaps_by_rounding);
	ADD_TEST(s, s17_foot_base_never_on_a_house_by_rounding);
	ADD_TEST(s, s20_a_figure_may_leave_contact);
	ADD_TEST(s, s24_endless_ties_fail_cleanly);
	ADD_TEST(s, g14_a_man_lining_a_wall_shoots_over_it);
	ADD_TEST(s, g14_the_wood_the_shooter_stands_in);
	ADD_TEST(s, g13_a_charge_across_a_wall);
	ADD_TEST(s, g13_no_contact_across_a_thick_wall_or_from_afar);
	ADD_TEST(s, s25_a_crossing_is_the_whole_move);
	ADD_TEST(s, s25_a_crossing_starts_where_it_crosses);
	ADD_TEST(s, s26_a_ringed_friend_is_not_drafted);
	ADD_TEST(s, s26_a_ringed_figure_is_still_charged);
	ADD_TEST(s, s27_one_fight_per_opposing_player);
	ADD_TEST(s, s27_the_mover_killed_fights_no_more);
	ADD_TEST(s, s27_odds_of_two_fights);
	ADD_TEST(s, s28_a_horse_is_never_left_over_a_wall);
	ADD_TEST(s, s28_a_dead_riders_horse_stays);
	ADD_TEST(s, s16_no_figure_is_set_up_on_a_wall);
	ADD_TEST(s, g6_bad_die_changes_nothing);
	ADD_TEST(s, g9_last_clan_standing_wins);
	ADD_TEST(s, g9_removal_by_rings_can_end_the_game);
	ADD_TEST(s, g9_turn_limit);
	ADD_TEST(s, g7_unsupported_and_wrong_state);
	ADD_TEST(s, s10_property_every_dv_pair);
	ADD_TEST(s, full_game_every_event);
	ADD_TEST(s, g15_across_a_fence_only_face_to_face);
	ADD_TEST(s, g15_along_a_fence_moves_freely);
	ADD_TEST(s, s29_a_drafted_friend_has_acted);
	ADD_TEST(s, s29_only_the_drafted_have_acted);
	ADD_TEST(s, s30_rough_inches_count_double_when_swimming);
	ADD_TEST(s, s31_a_charge_at_a_man_lining_a_wall);
	ADD_TEST(s, s31_a_charge_over_a_wall_is_still_a_crossing);
	ADD_TEST(s, g17_a_hedge_of_two_rows_is_one_obstacle);
	ADD_TEST(s, g17_two_rows_apart_are_two_obstacles);
	ADD_TEST(s, g17_over_a_hedge_of_two_rows_is_one_crossing);
	ADD_TEST(s, g17_over_a_yard_corner_is_one_crossing);
	return s;
}

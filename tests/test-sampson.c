/* SPDX-License-Identifier: MIT */
/*
 * Sampson Ships (doc/rules/sampson.md, A1-A29): one test per
 * clause and ruling, with scripted dice and exact results.
 *
 * Bases are 1" square on foot and 1" x 2" for riders (G2); facing 0 looks
 * along +x. Two figures 1" apart centre to centre, square on, touch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "../lib/skirmish-private.h"

#define SAMPSON SKIRMISH_RULESET_SAMPSON
#define EPS 0.0005

static skirmish_game *
new_game(void)
{
	return tc_game(SAMPSON, 2);
}

static skirmish_figure_spec
kit(int mounted, int shield, int armour, int melee, int missile)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.mounted = mounted;
	s.shield = shield;
	s.armour = armour;
	s.melee_weapon = melee;
	s.missile_weapon = missile;
	return s;
}

/* A figure with a facing: player, name, centre, facing, equipment. */
static int
fig(skirmish_game *g, int player, const char *name, double x, double y, double facing,
    skirmish_figure_spec s)
{
	s.facing = facing;
	return tc_figure(g, player, name, x, y, &s);
}

static int
foot(skirmish_game *g, int player, const char *name, double x, double y, double facing)
{
	return fig(g, player, name, x, y, facing, kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0));
}

static void
to_phase(skirmish_game *g, int phase)
{
	int n = 0;

	while (skirmish_game_phase(g) != phase) {
		ck_assert_ok(skirmish_end_phase(g, NULL));
		ck_assert(++n < 4);
	}
}

static int
move_to(skirmish_game *g, int id, double x, double y, double facing, skirmish_result *r)
{
	double xy[2];

	xy[0] = x;
	xy[1] = y;
	return skirmish_move(g, id, xy, 1, facing, r);
}

static double
left(const skirmish_game *g, int id)
{
	return tc_info(g, id).move_left;
}

static int
count_effects(const skirmish_result *r, int kind)
{
	int i, n = 0;

	for (i = 0; i < r->neffects; i++)
		n += r->effects[i].kind == kind;
	return n;
}

static const skirmish_effect *
nth_effect(const skirmish_result *r, int kind, int nth)
{
	int i;

	for (i = 0; i < r->neffects; i++)
		if (r->effects[i].kind == kind && nth-- == 0)
			return &r->effects[i];
	return NULL;
}

/* ------------------------------------------------------------------ */
/* A1 dice                                                              */
/* ------------------------------------------------------------------ */

START_TEST(a1_every_roll_is_a_d6)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = fig(g, 0, "Archer", 10, 10, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_LONG_BOW));
	int b = foot(g, 1, "Brennus", 20, 10, 180);

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	tc_dice(g, 2, 1, 1);
	ck_assert_ok(skirmish_shoot(g, a, b, &r));
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[0].sides, 6);
	ck_assert_int_eq(r.dice[1].sides, 6);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a1_option_another_die_size)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;
	int a, b;

	o.ruleset = SAMPSON;
	o.player_order = order;
	o.die_sides = 10;
	g = tc_game_opts(&o);
	a = fig(g, 0, "Archer", 10, 10, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_LONG_BOW));
	b = foot(g, 1, "Brennus", 20, 10, 180);
	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	tc_dice(g, 2, 10, 4);
	ck_assert_ok(skirmish_shoot(g, a, b, &r));
	ck_assert_int_eq(r.dice[0].sides, 10);
	ck_assert_int_eq(r.dice[1].sides, 10);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A2, A11 turn sequence                                                */
/* ------------------------------------------------------------------ */

START_TEST(a2_phases_move_missile_melee_in_order)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	foot(g, 0, "A", 10, 10, 0);
	foot(g, 1, "B", 20, 10, 180);
	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_MOVE);
	e = tc_effect(&r, SKIRMISH_EFFECT_PHASE_STARTS, -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->value, SKIRMISH_PHASE_MOVE);

	ck_assert_ok(skirmish_end_phase(g, &r));
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_MISSILE);
	e = tc_effect(&r, SKIRMISH_EFFECT_PHASE_STARTS, -1);
	ck_assert_int_eq(e->value, SKIRMISH_PHASE_MISSILE);
	ck_assert_int_eq(e->player, 0);
	ck_assert_str_eq(e->rule, "A2");

	ck_assert_ok(skirmish_end_phase(g, &r));
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_MELEE);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_PHASE_STARTS, -1)->value,
			 SKIRMISH_PHASE_MELEE);

	/* A11: ending the Melee phase ends the turn */
	ck_assert_ok(skirmish_end_phase(g, &r));
	ck_assert_int_eq(skirmish_game_active_player(g), 1);
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_MOVE);
	e = tc_effect(&r, SKIRMISH_EFFECT_TURN_STARTS, -1);
	ck_assert_int_eq(e->player, 1);
	ck_assert_int_eq(e->value, 1);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_PHASE_STARTS, -1)->value,
			 SKIRMISH_PHASE_MOVE);

	/* after the second player, game turn 2 */
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(skirmish_game_turn(g), 2);
	ck_assert_int_eq(skirmish_game_active_player(g), 0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a2_action_of_another_phase_rejected)
{
	skirmish_game *g = new_game();
	int a = fig(g, 0, "A", 10, 10, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_LONG_BOW));
	int b = foot(g, 1, "B", 20, 10, 180);

	tc_start(g);
	/* Move phase: no shooting, no fighting */
	ck_assert_rejected(g, skirmish_shoot(g, a, b, NULL), SKIRMISH_E_WRONG_PHASE);
	ck_assert(strstr(skirmish_game_errmsg(g), "Missile phase") != NULL);
	ck_assert(strstr(skirmish_game_errmsg(g), "Move phase") != NULL);
	ck_assert_rejected(g, skirmish_fight(g, a, NULL), SKIRMISH_E_WRONG_PHASE);
	ck_assert(strstr(skirmish_game_errmsg(g), "Melee phase") != NULL);
	/* Missile phase: no moving, no turning */
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	ck_assert_rejected(g, move_to(g, a, 11, 10, -1, NULL), SKIRMISH_E_WRONG_PHASE);
	ck_assert(strstr(skirmish_game_errmsg(g), "it is the Missile phase") != NULL);
	ck_assert_rejected(g, skirmish_turn(g, a, 90, NULL), SKIRMISH_E_WRONG_PHASE);
	/* Melee phase: no shooting */
	to_phase(g, SKIRMISH_PHASE_MELEE);
	ck_assert_rejected(g, skirmish_shoot(g, a, b, NULL), SKIRMISH_E_WRONG_PHASE);
	ck_assert(strstr(skirmish_game_errmsg(g), "it is the Melee phase") != NULL);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a11_end_turn_may_skip_phases)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;

	foot(g, 0, "A", 10, 10, 0);
	foot(g, 1, "B", 20, 10, 180);
	tc_start(g);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(skirmish_game_active_player(g), 1);
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_MOVE);
	/* skipped phases are not announced */
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_PHASE_STARTS), 1);
	skirmish_game_free(g);
}
END_TEST

/* A11, A26: a figure of the active player touching an enemy, neither having
 * fought, must fight before the turn ends, whatever the phase the player
 * tries to end it from. */
START_TEST(a11_unfought_melee_blocks_the_end_of_the_turn)
{
	skirmish_game *g = new_game();
	int a = foot(g, 0, "Decimus", 10, 10, 0);

	foot(g, 1, "Brennus", 11, 10, 180);
	tc_start(g);
	ck_assert_rejected(g, skirmish_end_turn(g, NULL), SKIRMISH_E_PENDING);
	ck_assert(strstr(skirmish_game_errmsg(g), "Decimus and Brennus") != NULL);
	ck_assert(strstr(skirmish_game_errmsg(g), "A26") != NULL);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	ck_assert_rejected(g, skirmish_end_turn(g, NULL), SKIRMISH_E_PENDING);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	ck_assert_rejected(g, skirmish_end_phase(g, NULL), SKIRMISH_E_PENDING);
	ck_assert_rejected(g, skirmish_end_turn(g, NULL), SKIRMISH_E_PENDING);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, a, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	ck_assert_int_eq(skirmish_game_active_player(g), 1);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A3 movement                                                          */
/* ------------------------------------------------------------------ */

START_TEST(a3_infantry_moves_4_inches)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "A", 10, 10, 0);
	int b = foot(g, 0, "B", 10, 20, 0);

	foot(g, 1, "Z", 60, 40, 180);
	tc_start(g);
	ck_assert_rejected(g, move_to(g, b, 14.001, 20, -1, NULL), SKIRMISH_E_TOO_FAR);
	ck_assert_ok(move_to(g, a, 14, 10, -1, &r));
	ck_assert_double_eq_tol(tc_info(g, a).x, 14.0, EPS);
	ck_assert_double_eq_tol(left(g, a), 0.0, EPS);
	ck_assert_str_eq(tc_effect(&r, SKIRMISH_EFFECT_MOVED, a)->rule, "A3");
	skirmish_game_free(g);
}
END_TEST

START_TEST(a3_riders_move_8_inches)
{
	skirmish_game *g = new_game();
	int a = fig(g, 0, "Rider", 10, 10, 0, kit(1, 1, 1, SKIRMISH_MELEE_SPEAR, 0));
	int b = fig(g, 0, "Rider2", 10, 20, 0, kit(1, 0, 0, SKIRMISH_MELEE_SPEAR, 0));

	foot(g, 1, "Z", 60, 40, 180);
	tc_start(g);
	/* riders lose nothing for shield and armour */
	ck_assert_double_eq_tol(left(g, a), 8.0, EPS);
	ck_assert_rejected(g, move_to(g, b, 18.001, 20, -1, NULL), SKIRMISH_E_TOO_FAR);
	ck_assert_ok(move_to(g, a, 18, 10, -1, NULL));
	skirmish_game_free(g);
}
END_TEST

START_TEST(a3_shield_and_armour_each_cost_infantry_half_an_inch)
{
	skirmish_game *g = new_game();
	int s = fig(g, 0, "Shield", 10, 10, 0, kit(0, 1, 0, SKIRMISH_MELEE_SWORD, 0));
	int a = fig(g, 0, "Armour", 10, 14, 0, kit(0, 0, 1, SKIRMISH_MELEE_SWORD, 0));
	int b = fig(g, 0, "Both", 10, 18, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));

	foot(g, 1, "Z", 60, 40, 180);
	tc_start(g);
	ck_assert_double_eq_tol(left(g, s), 3.5, EPS);
	ck_assert_double_eq_tol(left(g, a), 3.5, EPS);
	ck_assert_double_eq_tol(left(g, b), 3.0, EPS);
	ck_assert_rejected(g, move_to(g, s, 13.501, 10, -1, NULL), SKIRMISH_E_TOO_FAR);
	ck_assert_ok(move_to(g, s, 13.5, 10, -1, NULL));
	ck_assert_rejected(g, move_to(g, b, 13.001, 18, -1, NULL), SKIRMISH_E_TOO_FAR);
	ck_assert_ok(move_to(g, b, 13, 18, -1, NULL));
	skirmish_game_free(g);
}
END_TEST

START_TEST(a3_bad_going_costs_infantry_2_inches)
{
	skirmish_game *g = new_game();
	double cost;
	int a = foot(g, 0, "A", 10, 10, 0);
	int b = foot(g, 0, "B", 10, 20, 0);
	double xy[2] = { 12, 10 };

	foot(g, 1, "Z", 60, 40, 180);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 11.5, 5, 20, 25);
	tc_start(g);
	ck_assert_ok(skirmish_game_path_cost(g, a, xy, 1, &cost));
	ck_assert_double_eq_tol(cost, 4.0, EPS);
	ck_assert_rejected(g, move_to(g, b, 12.001, 20, -1, NULL), SKIRMISH_E_TOO_FAR);
	ck_assert(strstr(skirmish_game_errmsg(g), "loses 2.000\"") != NULL);
	ck_assert_ok(move_to(g, a, 12, 10, -1, NULL));
	ck_assert_double_eq_tol(left(g, a), 0.0, EPS);
	/* a move that stays out of the bad going loses nothing */
	ck_assert_ok(move_to(g, b, 10, 16, -1, NULL));
	ck_assert_double_eq_tol(left(g, b), 0.0, EPS);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a3_bad_going_costs_riders_4_inches)
{
	skirmish_game *g = new_game();
	int a = fig(g, 0, "A", 10, 10, 0, kit(1, 0, 0, SKIRMISH_MELEE_SPEAR, 0));
	int b = fig(g, 0, "B", 10, 20, 0, kit(1, 0, 0, SKIRMISH_MELEE_SPEAR, 0));

	foot(g, 1, "Z", 60, 40, 180);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 12, 5, 20, 25);
	tc_start(g);
	ck_assert_rejected(g, move_to(g, b, 14.001, 20, -1, NULL), SKIRMISH_E_TOO_FAR);
	ck_assert_ok(move_to(g, a, 14, 10, -1, NULL));
	skirmish_game_free(g);
}
END_TEST

/* A13: starting in bad going counts as entering it. */
START_TEST(a13_a_move_that_starts_in_bad_going_loses_too)
{
	skirmish_game *g = new_game();
	int a = foot(g, 0, "A", 10, 10, 0);

	foot(g, 1, "Z", 60, 40, 180);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 9, 9, 10.5, 11);
	tc_start(g);
	ck_assert_rejected(g, move_to(g, a, 12.001, 10, -1, NULL), SKIRMISH_E_TOO_FAR);
	ck_assert_ok(move_to(g, a, 12, 10, -1, NULL));
	skirmish_game_free(g);
}
END_TEST

/* A13: a feature's own penalty, fixed before play (move_penalty). */
START_TEST(a13_terrain_move_penalty_is_lost_when_entered)
{
	skirmish_game *g = new_game();
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	int a = foot(g, 0, "A", 10, 10, 0);
	int b = foot(g, 0, "B", 10, 20, 0);

	foot(g, 1, "Z", 60, 40, 180);
	t.shape = SKIRMISH_SHAPE_RECT;
	t.x = 13;
	t.y = 15;
	t.depth = 2;
	t.width = 20;
	t.move_penalty = 1.5;
	ck_assert_ok(skirmish_game_add_terrain(g, &t, NULL));
	tc_start(g);
	ck_assert_rejected(g, move_to(g, b, 12.501, 20, -1, NULL), SKIRMISH_E_TOO_FAR);
	ck_assert_ok(move_to(g, a, 12.5, 10, -1, NULL));
	ck_assert_double_eq_tol(left(g, a), 0.0, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A13: losses do not add up; the largest one applies, once. */
START_TEST(a13_losses_do_not_add_up)
{
	skirmish_game *g = new_game();
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	double cost;
	int a = foot(g, 0, "A", 10, 10, 0);
	double xy[2] = { 11.5, 10 };

	foot(g, 1, "Z", 60, 40, 180);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 10.8, 5, 11, 15);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 11.2, 5, 11.4, 15);
	t.shape = SKIRMISH_SHAPE_RECT;
	t.x = 11.3;
	t.y = 10;
	t.depth = 0.1;
	t.width = 10;
	t.move_penalty = 1;
	ck_assert_ok(skirmish_game_add_terrain(g, &t, NULL));
	tc_start(g);
	ck_assert_ok(skirmish_game_path_cost(g, a, xy, 1, &cost));
	ck_assert_double_eq_tol(cost, 1.5 + 2.0, EPS);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a3_a_figure_that_moves_may_end_facing_any_direction)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "A", 10, 10, 0);

	foot(g, 1, "Z", 60, 40, 180);
	tc_start(g);
	ck_assert_ok(move_to(g, a, 13, 10, 270, &r));
	ck_assert_double_eq_tol(tc_info(g, a).facing, 270, EPS);
	ck_assert_double_eq_tol(left(g, a), 1.0, EPS);
	ck_assert_double_eq_tol(tc_effect(&r, SKIRMISH_EFFECT_MOVED, a)->facing1, 270, EPS);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a3_turning_on_the_spot_costs_1_inch_per_90_degrees_pro_rata)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "A", 10, 10, 0);
	int b = fig(g, 0, "B", 10, 20, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));

	foot(g, 1, "Z", 60, 40, 180);
	tc_start(g);
	ck_assert_ok(skirmish_turn(g, a, 90, &r));
	ck_assert_double_eq_tol(tc_info(g, a).facing, 90, EPS);
	ck_assert_double_eq_tol(left(g, a), 3.0, EPS);
	ck_assert_str_eq(tc_effect(&r, SKIRMISH_EFFECT_TURNED, a)->rule, "A3");
	/* the smaller way round: 90 to 45 is 45 degrees, 0.5" */
	ck_assert_ok(skirmish_turn(g, a, 45, NULL));
	ck_assert_double_eq_tol(left(g, a), 2.5, EPS);
	/* 30 degrees: 0.333" */
	ck_assert_ok(skirmish_turn(g, a, 15, NULL));
	ck_assert_double_eq_tol(left(g, a), 2.167, EPS);
	/* 3" of allowance: a half turn (2") and then no more than 1" */
	ck_assert_ok(skirmish_turn(g, b, 180, NULL));
	ck_assert_double_eq_tol(left(g, b), 1.0, EPS);
	ck_assert_rejected(g, skirmish_turn(g, b, 0, NULL), SKIRMISH_E_TOO_FAR);
	ck_assert_ok(skirmish_turn(g, b, 270, NULL));
	ck_assert_double_eq_tol(left(g, b), 0.0, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A12: a figure either moves (turning free at the end) or turns on the
 * spot; and it moves once. */
START_TEST(a12_moving_and_turning_on_the_spot_exclude_each_other)
{
	skirmish_game *g = new_game();
	int a = foot(g, 0, "A", 10, 10, 0);
	int b = foot(g, 0, "B", 10, 20, 0);

	foot(g, 1, "Z", 60, 40, 180);
	tc_start(g);
	ck_assert_ok(skirmish_turn(g, a, 90, NULL));
	ck_assert_rejected(g, move_to(g, a, 11, 10, -1, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(move_to(g, b, 11, 20, -1, NULL));
	ck_assert_rejected(g, skirmish_turn(g, b, 90, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_rejected(g, move_to(g, b, 12, 20, -1, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert(strstr(skirmish_game_errmsg(g), "one move per figure") != NULL);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a12_a_move_of_no_length_is_rejected)
{
	skirmish_game *g = new_game();
	int a = foot(g, 0, "A", 10, 10, 0);

	foot(g, 1, "Z", 60, 40, 180);
	tc_start(g);
	ck_assert_rejected(g, move_to(g, a, 10, 10, 180, NULL), SKIRMISH_E_INVALID);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a12_allowance_back_at_the_start_of_the_next_turn)
{
	skirmish_game *g = new_game();
	int a = foot(g, 0, "A", 10, 10, 0);

	foot(g, 1, "Z", 60, 40, 180);
	tc_start(g);
	ck_assert_ok(move_to(g, a, 13, 10, -1, NULL));
	ck_assert(tc_info(g, a).acted);
	ck_assert_ok(skirmish_end_turn(g, NULL));
	ck_assert_ok(skirmish_end_turn(g, NULL));
	ck_assert(!tc_info(g, a).acted);
	ck_assert_double_eq_tol(left(g, a), 4.0, EPS);
	ck_assert_ok(move_to(g, a, 17, 10, -1, NULL));
	skirmish_game_free(g);
}
END_TEST

/* A14: in melee a figure neither moves nor turns. */
START_TEST(a14_a_figure_in_melee_may_not_move_or_turn)
{
	skirmish_game *g = new_game();
	int a = foot(g, 0, "A", 10, 10, 0);

	foot(g, 1, "B", 11, 10, 180);
	tc_start(g);
	ck_assert_int_eq(tc_info(g, a).melee_id, 0);
	ck_assert_rejected(g, move_to(g, a, 8, 10, -1, NULL), SKIRMISH_E_IN_MELEE);
	ck_assert_rejected(g, skirmish_turn(g, a, 90, NULL), SKIRMISH_E_IN_MELEE);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A4, A15, A16 contact                                                 */
/* ------------------------------------------------------------------ */

START_TEST(a4_a_move_into_contact_turns_the_enemy_to_face)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;
	int a = foot(g, 0, "Decimus", 10, 10, 0);
	int b = foot(g, 1, "Brennus", 13, 10, 90);
	skirmish_figure_info fa, fb;

	tc_start(g);
	ck_assert_ok(move_to(g, a, 12, 10, 0, &r));
	e = tc_effect(&r, SKIRMISH_EFFECT_TURNED, b);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(e->rule, "A4");
	ck_assert_double_eq_tol(e->facing0, 90, EPS);
	ck_assert_double_eq_tol(e->facing1, 180, EPS);
	fa = tc_info(g, a);
	fb = tc_info(g, b);
	ck_assert_double_eq_tol(fb.facing, 180, EPS);
	/* square bases stay flush: the mover is not shifted */
	ck_assert_double_eq_tol(fa.x, 12, EPS);
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_MOVED), 1);
	/* A26: one pair, made by the mover's move */
	ck_assert_int_eq(fa.melee_id, fb.melee_id);
	ck_assert(fa.in_melee && fb.in_melee);
	ck_assert_int_eq(g->melees[fa.melee_id].initiator, a);
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_MELEE_JOINED), 1);
	e = nth_effect(&r, SKIRMISH_EFFECT_MELEE_JOINED, 0);
	ck_assert_int_eq(e->figure, a);
	ck_assert_int_eq(e->other, b);
	ck_assert_str_eq(e->rule, "A26");
	skirmish_game_free(g);
}
END_TEST

START_TEST(a4_an_enemy_already_in_melee_is_not_turned)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "A", 10, 10, 0);
	int b = foot(g, 1, "B", 11, 10, 180);
	int c = foot(g, 0, "C", 11, 13, 0);

	tc_start(g);
	/* C comes down on B's flank */
	ck_assert_ok(move_to(g, c, 11, 11, 270, &r));
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_TURNED, b));
	ck_assert_double_eq_tol(tc_info(g, b).facing, 180, EPS);
	/* A26: C and B are a pair of their own, beside the pair A and B */
	ck_assert(tc_info(g, c).in_melee);
	ck_assert_int_ne(tc_info(g, c).melee_id, tc_info(g, a).melee_id);
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_MELEE_JOINED), 1);
	ck_assert_int_eq(nth_effect(&r, SKIRMISH_EFFECT_MELEE_JOINED, 0)->other, b);
	skirmish_game_free(g);
}
END_TEST

/* A16: the turned enemy's new front: the mover closes up along the line
 * of centres. Brennus stands at 45 degrees; Decimus touches his corner at
 * x = 14.293; Brennus turns to 180 and Decimus closes to x = 14. */
START_TEST(a16_the_mover_closes_up_to_the_turned_front)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;
	int a = foot(g, 0, "Decimus", 10, 10, 0);
	int b = foot(g, 1, "Brennus", 15, 10, 45);

	tc_start(g);
	ck_assert_ok(move_to(g, a, 13.793, 10, 0, &r));
	ck_assert_double_eq_tol(tc_info(g, b).facing, 180, EPS);
	ck_assert_double_eq_tol(tc_info(g, a).x, 14.0, EPS);
	e = nth_effect(&r, SKIRMISH_EFFECT_MOVED, 1);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(e->rule, "A16");
	ck_assert_double_eq_tol(e->x0, 13.793, EPS);
	ck_assert_double_eq_tol(e->x1, 14.0, EPS);
	ck_assert(tc_info(g, a).in_melee);
	skirmish_game_free(g);
}
END_TEST

/* A16: a rider touched on its long side turns to face; the mover is put
 * back against its new front. */
START_TEST(a16_a_turning_rider_pushes_the_mover_back_to_its_front)
{
	skirmish_game *g = new_game();
	int a = foot(g, 0, "Decimus", 10, 10, 0);
	int b = fig(g, 1, "Eques", 13, 10, 90, kit(1, 0, 0, SKIRMISH_MELEE_SPEAR, 0));

	tc_start(g);
	/* the rider's long side is at x = 12.5 */
	ck_assert_ok(move_to(g, a, 12, 10, 0, NULL));
	ck_assert_double_eq_tol(tc_info(g, b).facing, 180, EPS);
	/* its front is now at x = 12; the mover's centre goes to 11.5 */
	ck_assert_double_eq_tol(tc_info(g, a).x, 11.5, EPS);
	ck_assert(tc_info(g, a).in_melee);
	skirmish_game_free(g);
}
END_TEST

/* A16: when the turned base would overlap another base, no turn. */
START_TEST(a16_no_turn_when_the_turned_base_would_overlap)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "Decimus", 10, 10, 0);
	int b = fig(g, 1, "Eques", 13, 10, 90, kit(1, 0, 0, SKIRMISH_MELEE_SPEAR, 0));

	foot(g, 1, "Friend", 14.4, 10, 90);
	tc_start(g);
	ck_assert_ok(move_to(g, a, 12, 10, 0, &r));
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_TURNED, b));
	ck_assert_double_eq_tol(tc_info(g, b).facing, 90, EPS);
	ck_assert(tc_info(g, a).in_melee);
	skirmish_game_free(g);
}
END_TEST

/* A16, A26: touching two enemies: the nearer is turned if need be; each is
 * in a pair with the mover, who must name the one it fights; the other,
 * touching the attacker, assists the defender and has then fought. */
START_TEST(a26_touching_two_enemies_the_attacker_names_one)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "Decimus", 10, 10, 0);
	int b = foot(g, 1, "Brennus", 15, 10.3, 180);
	int c = foot(g, 1, "Cato", 15, 9.2, 90);

	tc_start(g);
	ck_assert_ok(move_to(g, a, 14, 10, 0, &r));
	/* Brennus is the nearer and already faces Decimus; Cato is not turned */
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_TURNED), 0);
	ck_assert(tc_info(g, b).in_melee && tc_info(g, c).in_melee);
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_MELEE_JOINED), 2);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	ck_assert_rejected(g, skirmish_fight(g, a, &r), SKIRMISH_E_TARGET);
	ck_assert(strstr(skirmish_game_errmsg(g), "A26") != NULL);
	ck_assert(strstr(skirmish_game_errmsg(g), "Brennus") != NULL);
	tc_dice(g, 2, 4, 4);
	ck_assert_ok(skirmish_fight_against(g, a, b, &r));
	ck_assert_int_eq(r.figure, a);
	ck_assert_int_eq(r.target, b);
	/* Cato touches Decimus: he assists Brennus */
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_COMRADE, 1)->value, 1);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_ASSISTS, c)->other, b);
	ck_assert_str_eq(r.text, "Decimus (moved into contact) 4+1 = 5 vs Brennus (comrade Cato) "
			 "4+1 = 5: equal, the melee goes on.");
	/* everyone has fought: the phase may end */
	ck_assert_rejected(g, skirmish_fight_against(g, a, c, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	skirmish_game_free(g);
}
END_TEST

/* A23: a rider turning on the spot into contact is a move into contact. */
START_TEST(a23_turning_into_contact_is_a_move_into_contact)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = fig(g, 0, "Eques", 10, 10, 90, kit(1, 0, 0, SKIRMISH_MELEE_SPEAR, 0));
	int b = foot(g, 1, "Brennus", 11.5, 10, 90);

	tc_start(g);
	ck_assert(!tc_info(g, a).in_melee);
	/* facing 0, the rider's front reaches x = 11: Brennus's side */
	ck_assert_ok(skirmish_turn(g, a, 0, &r));
	ck_assert(tc_info(g, a).in_melee);
	ck_assert_int_eq(tc_info(g, a).melee_id, tc_info(g, b).melee_id);
	/* A4: Brennus turns to face the rider */
	ck_assert_double_eq_tol(tc_info(g, b).facing, 180, EPS);
	ck_assert_ptr_nonnull(tc_effect(&r, SKIRMISH_EFFECT_TURNED, b));
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_ptr_nonnull(tc_mod(&r, SKIRMISH_MOD_MOVED_INTO_CONTACT, 0));
	skirmish_game_free(g);
}
END_TEST

/* A15: figures set up in contact are in melee from the start. */
START_TEST(a15_contact_at_setup_is_a_melee)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "A", 10, 10, 0);
	int b = foot(g, 1, "B", 11, 10, 180);

	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_int_eq(tc_info(g, a).melee_id, tc_info(g, b).melee_id);
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_MELEE_JOINED), 1);
	/* nobody moved into contact */
	ck_assert_int_eq(g->melees[tc_info(g, a).melee_id].initiator, -1);
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_TURNED, -1));
	skirmish_game_free(g);
}
END_TEST

/* A26 (issue: a chain of contacts was one melee): duels A-B and C-D side
 * by side; E steps in behind B and D. Each fight is a pair: A against B
 * with E assisting; then C against D, E having fought already. */
START_TEST(a26_a_chain_of_contacts_is_fought_pair_by_pair)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "A", 10, 10, 0);
	int b = foot(g, 1, "B", 11, 10, 180);
	int c = foot(g, 0, "C", 10, 12.2, 0);
	int d = foot(g, 1, "D", 11, 12.2, 180);
	int e = foot(g, 0, "E", 14, 11.1, 180);

	tc_start(g);
	ck_assert_int_ne(tc_info(g, a).melee_id, tc_info(g, c).melee_id);
	/* E closes on B's and D's backs */
	ck_assert_ok(move_to(g, e, 12, 11.1, 180, &r));
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_MELEE_JOINED), 2);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	/* E touches two enemies: it must name one */
	ck_assert_rejected(g, skirmish_fight(g, e, NULL), SKIRMISH_E_TARGET);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_int_eq(r.target, b);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_COMRADE, 0)->value, 1);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_COMRADE, 1)); /* D does not touch A */
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_ASSISTS, e)->other, a);
	/* C's fight is its own, and E has fought */
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, c, &r));
	ck_assert_int_eq(r.target, d);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_COMRADE, 0));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_COMRADE, 1));
	ck_assert_rejected(g, skirmish_fight_against(g, e, d, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	skirmish_game_free(g);
}
END_TEST

/* A26: a figure fights once a phase, as protagonist or comrade: one
 * whose only enemy has fought as a comrade has no fight left, and says
 * so; the pairs of a line of four are fought where they meet. */
START_TEST(a26_an_enemy_that_fought_as_a_comrade_is_fought_no_more)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int x = foot(g, 0, "Xeno", 10, 10, 0);
	int y = foot(g, 1, "Yorath", 11, 10, 180);
	int z = foot(g, 0, "Zeno", 12, 10, 0);
	int w = foot(g, 1, "Wulf", 13, 10, 180);

	tc_start(g);
	ck_assert(tc_info(g, x).in_melee && tc_info(g, w).in_melee);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	/* Zeno touches Yorath's back and Wulf: he names one */
	ck_assert_rejected(g, skirmish_fight(g, z, NULL), SKIRMISH_E_TARGET);
	ck_assert(strstr(skirmish_game_errmsg(g), "(Yorath, Wulf)") != NULL);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight_against(g, z, w, &r));
	/* A7: 3 against 3 + 1, higher not doubled: Zeno is pushed, into
	 * Yorath's base behind him (A21), and turns about (A9) */
	ck_assert_int_eq(r.score[0], 3);
	ck_assert_int_eq(r.score[1], 4);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_PUSHED_BACK);
	ck_assert_str_eq(r.text, "Zeno 3 vs Wulf (comrade Yorath) 3+1 = 4: higher; Zeno gives no "
			 "ground: stopped by Yorath's base; it turns about.");
	/* Yorath touches Zeno: he assists Wulf; Xeno touches no Wulf */
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_COMRADE, 1)->value, 1);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_ASSISTS, y)->other, w);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_COMRADE, 0));
	ck_assert(tc_info(g, x).can_act == 0);
	ck_assert_rejected(g, skirmish_fight(g, x, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert(strstr(skirmish_game_errmsg(g), "every enemy Xeno touches has already fought") !=
		  NULL);
	ck_assert_rejected(g, skirmish_fight_against(g, x, y, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_rejected(g, skirmish_fight_against(g, x, w, NULL), SKIRMISH_E_NOT_IN_CONTACT);
	/* every figure that touches an enemy that has not fought has fought */
	ck_assert_ok(skirmish_end_phase(g, NULL));
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A5 missiles                                                          */
/* ------------------------------------------------------------------ */

static const struct {
	int weapon;
	double range;
	int mod;
} missile_table[] = {
	{ SKIRMISH_MISSILE_LONG_BOW, 24, 0 },
	{ SKIRMISH_MISSILE_SHORT_BOW, 16, 0 },
	{ SKIRMISH_MISSILE_SLING, 16, -1 },
	{ SKIRMISH_MISSILE_PELTAST, 18, 0 },
	{ SKIRMISH_MISSILE_JAVELIN, 10, +1 },
};
#define NMISSILES ((int)(sizeof(missile_table) / sizeof(missile_table[0])))

START_TEST(a5_ranges_edge_to_edge)
{
	int i;

	for (i = 0; i < NMISSILES; i++) {
		skirmish_game *g = new_game();
		double range = missile_table[i].range;
		int s = fig(g, 0, "Shooter", 5, 10, 0, kit(0, 0, 0, 0, missile_table[i].weapon));
		int far = foot(g, 1, "Far", 5 + 1 + range + 0.001, 10, 180);
		int near;
		skirmish_result r = SKIRMISH_RESULT_INIT;

		/* 0.001" beyond the range, edge to edge */
		tc_start(g);
		to_phase(g, SKIRMISH_PHASE_MISSILE);
		ck_assert_rejected(g, skirmish_shoot(g, s, far, NULL), SKIRMISH_E_OUT_OF_RANGE);
		skirmish_game_free(g);

		g = new_game();
		s = fig(g, 0, "Shooter", 5, 10, 0, kit(0, 0, 0, 0, missile_table[i].weapon));
		near = foot(g, 1, "Near", 5 + 1 + range, 10, 180);
		tc_start(g);
		to_phase(g, SKIRMISH_PHASE_MISSILE);
		tc_dice(g, 2, 1, 6);
		ck_assert_ok(skirmish_shoot(g, s, near, &r));
		ck_assert_double_eq_tol(r.distance, range, EPS);
		skirmish_game_free(g);
	}
}
END_TEST

START_TEST(a5_weapon_die_modifiers)
{
	int i;

	for (i = 0; i < NMISSILES; i++) {
		skirmish_game *g = new_game();
		skirmish_result r = SKIRMISH_RESULT_INIT;
		const skirmish_modifier *m;
		int s = fig(g, 0, "Shooter", 5, 10, 0, kit(0, 0, 0, 0, missile_table[i].weapon));
		int t = foot(g, 1, "Target", 10, 10, 180);

		tc_start(g);
		to_phase(g, SKIRMISH_PHASE_MISSILE);
		tc_dice(g, 2, 4, 5);
		ck_assert_ok(skirmish_shoot(g, s, t, &r));
		ck_assert_int_eq(r.score[0], 4 + missile_table[i].mod);
		ck_assert_int_eq(r.score[1], 5);
		m = tc_mod(&r, SKIRMISH_MOD_WEAPON, 0);
		if (missile_table[i].mod) {
			ck_assert_ptr_nonnull(m);
			ck_assert_int_eq(m->value, missile_table[i].mod);
			ck_assert_int_eq(m->figure, s);
			ck_assert_str_eq(m->rule, "A5");
		} else {
			ck_assert_ptr_null(m);
		}
		ck_assert_int_eq(r.dice[0].purpose, SKIRMISH_ROLL_SHOOT);
		ck_assert_int_eq(r.dice[0].side, 0);
		ck_assert_int_eq(r.dice[0].figure, s);
		ck_assert_int_eq(r.dice[1].purpose, SKIRMISH_ROLL_SAVE);
		ck_assert_int_eq(r.dice[1].side, 1);
		ck_assert_int_eq(r.dice[1].figure, t);
		skirmish_game_free(g);
	}
}
END_TEST

START_TEST(a5_target_adds_shield_armour_and_obstacle)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int s = fig(g, 0, "Sagittarius", 5, 10, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_LONG_BOW));
	int t = fig(g, 1, "Brennus", 15, 10, 180, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));
	char text[256];

	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 13, 5, 13.3, 15);
	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	tc_dice(g, 2, 6, 1);
	ck_assert_ok(skirmish_shoot(g, s, t, &r));
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_SHIELD, 1)->value, 1);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_ARMOUR, 1)->value, 1);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_OBSTACLE, 1)->value, 1);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_OBSTACLE, 1)->figure, t);
	ck_assert_int_eq(r.score[0], 6);
	ck_assert_int_eq(r.score[1], 4);
	/* 6 is higher than 4 but not double: suppressed */
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_SUPPRESSED);
	ck_assert_int_eq(skirmish_game_describe(g, &r, text, sizeof(text)) > 0, 1);
	ck_assert_str_eq(r.text,
			 "Sagittarius shoots long bow at Brennus, 9.0\" away: Sagittarius 6 vs "
			 "Brennus (shield, armour, obstacle) 1+3 = 4: higher; Brennus is suppressed.");
	skirmish_game_free(g);
}
END_TEST

/* A5: doubled kills, higher suppresses, else nothing: every pair of faces,
 * every weapon modifier, 0 to 3 for the target. */
START_TEST(a5_property_every_pair_of_faces)
{
	int i, save, ds, dt;

	for (i = 0; i < NMISSILES; i++)
		for (save = 0; save <= 3; save++)
			for (ds = 1; ds <= 6; ds++)
				for (dt = 1; dt <= 6; dt++) {
					skirmish_game *g = new_game();
					skirmish_result r = SKIRMISH_RESULT_INIT;
					int s = fig(g, 0, "S", 5, 10, 0,
						    kit(0, 0, 0, 0, missile_table[i].weapon));
					int t = fig(g, 1, "T", 12, 10, 180,
						    kit(0, save >= 1, save >= 2, 0, 0));
					int ss = ds + missile_table[i].mod, ts = dt + save;
					int expect = ss >= 2 * ts ? SKIRMISH_OUTCOME_KILL :
						     ss > ts ? SKIRMISH_OUTCOME_SUPPRESSED :
						     SKIRMISH_OUTCOME_MISS;

					if (save >= 3)
						tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 9, 5, 9.2, 15);
					tc_start(g);
					to_phase(g, SKIRMISH_PHASE_MISSILE);
					tc_dice(g, 2, ds, dt);
					ck_assert_ok(skirmish_shoot(g, s, t, &r));
					ck_assert_int_eq(r.score[0], ss);
					ck_assert_int_eq(r.score[1], ts);
					ck_assert_int_eq(r.outcome, expect);
					ck_assert_int_eq(tc_info(g, t).removed,
							 expect == SKIRMISH_OUTCOME_KILL);
					ck_assert_int_eq(tc_info(g, t).suppressed,
							 expect == SKIRMISH_OUTCOME_SUPPRESSED);
					skirmish_game_free(g);
				}
}
END_TEST

START_TEST(a5_kill_when_doubled)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int s = fig(g, 0, "S", 5, 10, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_SHORT_BOW));
	int t = foot(g, 1, "T", 12, 10, 180);

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	tc_dice(g, 2, 4, 2);
	ck_assert_ok(skirmish_shoot(g, s, t, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
	ck_assert_str_eq(tc_effect(&r, SKIRMISH_EFFECT_KILLED, t)->rule, "A5");
	ck_assert(tc_info(g, t).removed);
	ck_assert(tc_info(g, s).shot);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a5_one_shot_per_figure_per_turn)
{
	skirmish_game *g = new_game();
	int s = fig(g, 0, "S", 5, 10, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_SHORT_BOW));
	int t = foot(g, 1, "T", 12, 10, 180);

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	tc_dice(g, 2, 1, 6);
	ck_assert_ok(skirmish_shoot(g, s, t, NULL));
	ck_assert_rejected(g, skirmish_shoot(g, s, t, NULL), SKIRMISH_E_CANNOT_ACT);
	/* again in the next turn */
	ck_assert_ok(skirmish_end_turn(g, NULL));
	ck_assert_ok(skirmish_end_turn(g, NULL));
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	tc_dice(g, 2, 1, 6);
	ck_assert_ok(skirmish_shoot(g, s, t, NULL));
	skirmish_game_free(g);
}
END_TEST

START_TEST(a5_no_shooting_by_or_at_figures_in_melee)
{
	skirmish_game *g = new_game();
	int s = fig(g, 0, "S", 5, 10, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_LONG_BOW));
	int s2 = fig(g, 0, "S2", 5, 20, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_LONG_BOW));
	int t = foot(g, 1, "T", 15, 10, 180);
	int free_target = foot(g, 1, "U", 15, 30, 180);

	foot(g, 0, "A", 14, 10, 0);
	foot(g, 1, "V", 6, 20, 180);
	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	ck_assert_rejected(g, skirmish_shoot(g, s, t, NULL), SKIRMISH_E_IN_MELEE);
	ck_assert(strstr(skirmish_game_errmsg(g), "may not be shot at") != NULL);
	ck_assert_rejected(g, skirmish_shoot(g, s2, free_target, NULL), SKIRMISH_E_IN_MELEE);
	ck_assert(strstr(skirmish_game_errmsg(g), "may not shoot") != NULL);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a5_the_target_must_be_visible)
{
	skirmish_game *g = new_game();
	int s = fig(g, 0, "S", 5, 10, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_LONG_BOW));
	int t = foot(g, 1, "T", 15, 10, 180);

	tc_rect(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 9, 8, 11, 12);
	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	ck_assert_rejected(g, skirmish_shoot(g, s, t, NULL), SKIRMISH_E_NO_SIGHT);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a5_needs_a_missile_weapon_and_an_enemy)
{
	skirmish_game *g = new_game();
	int a = foot(g, 0, "A", 5, 10, 0);
	int s = fig(g, 0, "S", 5, 20, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_JAVELIN));
	int t = foot(g, 1, "T", 12, 10, 180);

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	ck_assert_rejected(g, skirmish_shoot(g, a, t, NULL), SKIRMISH_E_NO_WEAPON);
	ck_assert_rejected(g, skirmish_shoot(g, s, a, NULL), SKIRMISH_E_TARGET);
	ck_assert_rejected(g, skirmish_shoot(g, s, s, NULL), SKIRMISH_E_TARGET);
	skirmish_game_free(g);
}
END_TEST

/* A10: the Senso missile weapons and Senso-only attributes are rejected. */
START_TEST(a10_senso_equipment_rejected)
{
	skirmish_game *g = new_game();
	static const int senso[] = { SKIRMISH_MISSILE_BOW, SKIRMISH_MISSILE_BLOWPIPE,
				     SKIRMISH_MISSILE_SHURIKEN, SKIRMISH_MISSILE_ARQUEBUS };
	skirmish_figure_spec s;
	int i;

	for (i = 0; i < 4; i++) {
		s = kit(0, 0, 0, 0, senso[i]);
		s.x = 10;
		s.y = 10;
		ck_assert_int_eq(skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
		ck_assert(strstr(skirmish_game_errmsg(g), "A10") != NULL);
	}
	s = kit(0, 0, 0, 0, 0);
	s.x = 10;
	s.y = 10;
	s.martial_arts = 1;
	ck_assert_int_eq(skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
	s.martial_arts = 0;
	s.missile_weapon = SKIRMISH_MISSILE_SLING;
	s.unloaded = 1;
	ck_assert_int_eq(skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_figure_count(g), 0);
	s.unloaded = 0;
	s.dv = 12; /* A1: not used, not an error */
	ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A6 suppression                                                       */
/* ------------------------------------------------------------------ */

START_TEST(a6_suppression_lasts_through_the_owners_next_turn)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;
	int s = fig(g, 0, "S", 5, 10, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_LONG_BOW));
	int t = fig(g, 1, "T", 15, 10, 180, kit(0, 0, 0, 0, SKIRMISH_MISSILE_SLING));

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	tc_dice(g, 2, 5, 3);
	ck_assert_ok(skirmish_shoot(g, s, t, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_SUPPRESSED);
	ck_assert_str_eq(tc_effect(&r, SKIRMISH_EFFECT_SUPPRESSED, t)->rule, "A6");
	ck_assert(tc_info(g, t).suppressed);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_SUPPRESSION_ENDS, -1));
	/* T's turn: it may neither move nor turn, but it may shoot */
	ck_assert(tc_info(g, t).suppressed);
	ck_assert(!tc_info(g, t).can_act);
	ck_assert_rejected(g, move_to(g, t, 16, 10, -1, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert(strstr(skirmish_game_errmsg(g), "A6") != NULL);
	ck_assert_rejected(g, skirmish_turn(g, t, 90, NULL), SKIRMISH_E_CANNOT_ACT);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	tc_dice(g, 2, 1, 6);
	ck_assert_ok(skirmish_shoot(g, t, s, NULL));
	/* it ends at the end of that turn */
	ck_assert_ok(skirmish_end_turn(g, &r));
	e = tc_effect(&r, SKIRMISH_EFFECT_SUPPRESSION_ENDS, t);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(e->rule, "A6");
	ck_assert(!tc_info(g, t).suppressed);
	ck_assert_ok(skirmish_end_turn(g, NULL));
	ck_assert_ok(move_to(g, t, 16, 10, -1, NULL));
	skirmish_game_free(g);
}
END_TEST

/* A6: a suppressed figure fights. */
START_TEST(a6_a_suppressed_figure_may_fight)
{
	skirmish_game *g = new_game();
	int s = fig(g, 0, "S", 5, 20, 0, kit(0, 0, 0, 0, SKIRMISH_MISSILE_LONG_BOW));
	int t = foot(g, 1, "T", 15, 20, 180);
	int a = foot(g, 0, "A", 30, 10, 0);

	foot(g, 1, "B", 31, 10, 180);
	(void)a;
	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	tc_dice(g, 2, 5, 3);
	ck_assert_ok(skirmish_shoot(g, s, t, NULL));
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, a, NULL));
	ck_assert_ok(skirmish_end_turn(g, NULL));
	/* the other player's T is suppressed; its B still fights */
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, 3, NULL));
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A7 melee                                                             */
/* ------------------------------------------------------------------ */

/* Two foot figures set up in contact: Decimus (player 0) at (10, 10)
 * facing +x, Brennus (player 1) at (11, 10) facing -x, then the Melee
 * phase of player 0. */
static skirmish_game *
duel(skirmish_figure_spec da, skirmish_figure_spec db, int *a, int *b)
{
	skirmish_game *g = new_game();

	*a = fig(g, 0, "Decimus", 10, 10, 0, da);
	*b = fig(g, 1, "Brennus", 11, 10, 180, db);
	return g;
}

START_TEST(a7_both_roll_and_add_shield_and_armour)
{
	int a, b;
	skirmish_game *g = duel(kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0),
				kit(0, 1, 0, SKIRMISH_MELEE_SWORD, 0), &a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 4, 3);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[0].figure, a);
	ck_assert_int_eq(r.dice[0].purpose, SKIRMISH_ROLL_MELEE);
	ck_assert_int_eq(r.dice[0].side, 0);
	ck_assert_int_eq(r.dice[1].figure, b);
	ck_assert_int_eq(r.dice[1].side, 1);
	ck_assert_int_eq(r.nmodifiers, 3);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_SHIELD, 0)->value, 1);
	ck_assert_str_eq(tc_mod(&r, SKIRMISH_MOD_SHIELD, 0)->rule, "A7");
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_ARMOUR, 0)->value, 1);
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_SHIELD, 1)->value, 1);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_ARMOUR, 1));
	ck_assert_int_eq(r.score[0], 6);
	ck_assert_int_eq(r.score[1], 4);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_PUSHED_BACK);
	ck_assert_str_eq(r.text, "Decimus (shield, armour) 4+2 = 6 vs Brennus (shield) 3+1 = 4: "
			 "higher; Brennus is pushed back 2.0\" to (13.0, 10.0); Decimus and "
			 "Brennus are no longer in contact.");
	skirmish_game_free(g);
}
END_TEST

START_TEST(a7_doubled_kills)
{
	int a, b;
	skirmish_game *g = duel(kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0),
				kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0), &a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 4, 3);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
	ck_assert_str_eq(tc_effect(&r, SKIRMISH_EFFECT_KILLED, b)->rule, "A7");
	ck_assert(tc_info(g, b).removed);
	ck_assert_int_eq(tc_info(g, a).melee_id, -1);
	ck_assert_str_eq(r.text, "Decimus (shield, armour) 4+2 = 6 vs Brennus 3: doubled; "
			 "Brennus is killed; the game is over: player 0 wins.");
	ck_assert_int_eq(skirmish_game_winner(g), 0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a7_equal_the_melee_goes_on)
{
	int a, b;
	skirmish_game *g = duel(kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0),
				kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0), &a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 5, 5);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_STANDOFF);
	ck_assert_int_eq(r.neffects, 0);
	ck_assert_int_eq(tc_info(g, a).melee_id, tc_info(g, b).melee_id);
	ck_assert_str_eq(r.text, "Decimus 5 vs Brennus 5: equal, the melee goes on.");
	skirmish_game_free(g);
}
END_TEST

/* The losing side may be either: the acting side is pushed back too. */
START_TEST(a7_the_acting_side_can_lose)
{
	int a, b;
	skirmish_game *g = duel(kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0),
				kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0), &a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 2, 3);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_PUSHED_BACK);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, a);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->value, 1000);
	ck_assert_double_eq_tol(e->x1, 9.0, EPS);
	ck_assert_double_eq_tol(e->facing1, 180, EPS);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a7_each_melee_fought_once_per_melee_phase)
{
	int a, b;
	skirmish_game *g = duel(kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0),
				kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0), &a, &b);

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	ck_assert(tc_info(g, a).can_act);
	tc_dice(g, 2, 5, 5);
	ck_assert_ok(skirmish_fight(g, a, NULL));
	ck_assert(!tc_info(g, a).can_act);
	tc_dice(g, 2, 5, 5);
	ck_assert_rejected(g, skirmish_fight(g, a, NULL), SKIRMISH_E_CANNOT_ACT);
	/* the other player fights it again in its own Melee phase */
	ck_assert_ok(skirmish_end_phase(g, NULL));
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 5, 5);
	ck_assert_ok(skirmish_fight(g, b, NULL));
	skirmish_game_free(g);
}
END_TEST

START_TEST(a7_a_figure_in_no_melee_cannot_fight)
{
	skirmish_game *g = new_game();
	int a = foot(g, 0, "A", 10, 10, 0);

	foot(g, 1, "B", 20, 10, 180);
	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	ck_assert_rejected(g, skirmish_fight(g, a, NULL), SKIRMISH_E_NOT_IN_CONTACT);
	skirmish_game_free(g);
}
END_TEST

/* A17: uphill: the base centre stands on higher ground. */
START_TEST(a17_uphill_of_the_opponent)
{
	int a, b;
	skirmish_game *g = duel(kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0),
				kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0), &a, &b);
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_modifier *m;

	t.shape = SKIRMISH_SHAPE_RECT;
	t.flags = SKIRMISH_TERRAIN_HILL;
	t.height = 1;
	t.x = 8;
	t.y = 10;
	t.depth = 4.2; /* x from 5.9 to 10.1: Decimus's centre, not Brennus's */
	t.width = 10;
	ck_assert_ok(skirmish_game_add_terrain(g, &t, NULL));
	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, a, &r));
	m = tc_mod(&r, SKIRMISH_MOD_UPHILL, 0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->value, 1);
	ck_assert_str_eq(m->rule, "A17");
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_UPHILL, 1));
	ck_assert_int_eq(r.score[0], 4);
	skirmish_game_free(g);
}
END_TEST

/* A18: defending an obstacle: the one that came over it does not. */
START_TEST(a18_defending_an_obstacle)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "Decimus", 10, 10, 0);
	int b = foot(g, 1, "Brennus", 12.2, 10, 180);

	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 11.6, 5, 11.7, 15);
	tc_start(g);
	ck_assert_ok(move_to(g, a, 11.2, 10, 0, NULL));
	ck_assert(tc_info(g, a).in_melee);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_DEFENDING_OBSTACLE, 0));
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_DEFENDING_OBSTACLE, 1)->value, 1);
	ck_assert_str_eq(tc_mod(&r, SKIRMISH_MOD_DEFENDING_OBSTACLE, 1)->rule, "A26");
	/* Decimus moved into contact, Brennus defends: 3+1 vs 3+1 */
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_STANDOFF);
	/* in Brennus's turn it is still Decimus who climbs */
	ck_assert_ok(skirmish_end_phase(g, NULL));
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, b, &r));
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_DEFENDING_OBSTACLE, 0)->figure, b);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_DEFENDING_OBSTACLE, 1));
	skirmish_game_free(g);
}
END_TEST

/* A19: longer weapon, first round of the melee only. */
START_TEST(a19_longer_weapon_first_round_only)
{
	int a, b;
	skirmish_game *g = duel(kit(0, 0, 0, SKIRMISH_MELEE_SPEAR, 0),
				kit(0, 0, 0, SKIRMISH_MELEE_SWORD, 0), &a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 4);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_LONGER_WEAPON, 0)->value, 1);
	ck_assert_str_eq(tc_mod(&r, SKIRMISH_MOD_LONGER_WEAPON, 0)->rule, "A19");
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_LONGER_WEAPON, 1));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_STANDOFF);
	ck_assert_int_eq(r.dice[0].round, 0);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, b, &r));
	ck_assert_int_eq(r.dice[0].round, 1);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_LONGER_WEAPON, -1));
	skirmish_game_free(g);
}
END_TEST

/* A19: the length classes. */
START_TEST(a19_which_weapon_is_longer)
{
	static const int order[][2] = {
		{ SKIRMISH_MELEE_DAGGER, SKIRMISH_MELEE_UNARMED },
		{ SKIRMISH_MELEE_SHORT_SWORD, SKIRMISH_MELEE_DAGGER },
		{ SKIRMISH_MELEE_SWORD, SKIRMISH_MELEE_SHORT_SWORD },
		{ SKIRMISH_MELEE_AXE, SKIRMISH_MELEE_SHORT_SWORD },
		{ SKIRMISH_MELEE_WOODEN, SKIRMISH_MELEE_SHORT_SWORD },
		{ SKIRMISH_MELEE_SPEAR, SKIRMISH_MELEE_SWORD },
		{ SKIRMISH_MELEE_NAGINATA, SKIRMISH_MELEE_AXE },
		{ SKIRMISH_MELEE_YARI, SKIRMISH_MELEE_WOODEN },
		{ SKIRMISH_MELEE_LONG_SPEAR, SKIRMISH_MELEE_SPEAR },
	};
	static const int equal[][2] = {
		{ SKIRMISH_MELEE_SWORD, SKIRMISH_MELEE_AXE },
		{ SKIRMISH_MELEE_WOODEN, SKIRMISH_MELEE_SWORD },
		{ SKIRMISH_MELEE_SPEAR, SKIRMISH_MELEE_YARI },
		{ SKIRMISH_MELEE_NAGINATA, SKIRMISH_MELEE_SPEAR },
	};
	size_t i;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		int a, b;
		skirmish_game *g = duel(kit(0, 0, 0, order[i][0], 0), kit(0, 0, 0, order[i][1], 0),
					&a, &b);
		skirmish_result r = SKIRMISH_RESULT_INIT;
		tc_start(g);
		to_phase(g, SKIRMISH_PHASE_MELEE);
		tc_dice(g, 2, 3, 4);
		ck_assert_ok(skirmish_fight(g, a, &r));
		ck_assert_ptr_nonnull(tc_mod(&r, SKIRMISH_MOD_LONGER_WEAPON, 0));
		ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_LONGER_WEAPON, 1));
		skirmish_game_free(g);
	}
	for (i = 0; i < sizeof(equal) / sizeof(equal[0]); i++) {
		int a, b;
		skirmish_game *g = duel(kit(0, 0, 0, equal[i][0], 0), kit(0, 0, 0, equal[i][1], 0),
					&a, &b);
		skirmish_result r = SKIRMISH_RESULT_INIT;
		tc_start(g);
		to_phase(g, SKIRMISH_PHASE_MELEE);
		tc_dice(g, 2, 3, 3);
		ck_assert_ok(skirmish_fight(g, a, &r));
		ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_LONGER_WEAPON, -1));
		skirmish_game_free(g);
	}
}
END_TEST

/* A20: moved into contact this turn: the mover only, this turn only. */
START_TEST(a20_moved_into_contact_this_turn)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "Decimus", 10, 10, 0);
	int b = foot(g, 1, "Brennus", 13, 10, 180);

	tc_start(g);
	ck_assert_ok(skirmish_charge(g, a, b, -1, NULL));
	ck_assert_double_eq_tol(tc_info(g, a).x, 12, EPS);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 4);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_MOVED_INTO_CONTACT, 0)->value, 1);
	ck_assert_str_eq(tc_mod(&r, SKIRMISH_MOD_MOVED_INTO_CONTACT, 0)->rule, "A20");
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_MOVED_INTO_CONTACT, 1));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_STANDOFF);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, b, &r));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_MOVED_INTO_CONTACT, -1));
	skirmish_game_free(g);
}
END_TEST

/* A7: every pair of faces, with modifiers of 0 to 2 each side. */
START_TEST(a7_property_every_pair_of_faces)
{
	int ma, mb, da, db;

	for (ma = 0; ma <= 2; ma++)
		for (mb = 0; mb <= 2; mb++)
			for (da = 1; da <= 6; da++)
				for (db = 1; db <= 6; db++) {
					int a, b, sa = da + ma, sb = db + mb;
					skirmish_game *g = duel(kit(0, ma >= 1, ma >= 2, SKIRMISH_MELEE_SWORD, 0),
								kit(0, mb >= 1, mb >= 2, SKIRMISH_MELEE_SWORD, 0),
								&a, &b);
					skirmish_result r = SKIRMISH_RESULT_INIT;
					const skirmish_effect *e;

					foot(g, 0, "Spare0", 40, 40, 0);
					foot(g, 1, "Spare1", 50, 40, 0);
					tc_start(g);
					to_phase(g, SKIRMISH_PHASE_MELEE);
					tc_dice(g, 2, da, db);
					ck_assert_ok(skirmish_fight(g, a, &r));
					ck_assert_int_eq(r.score[0], sa);
					ck_assert_int_eq(r.score[1], sb);
					if (sa >= 2 * sb) {
						ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
						ck_assert(tc_info(g, b).removed);
					} else if (sb >= 2 * sa) {
						ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
						ck_assert(tc_info(g, a).removed);
					} else if (sa != sb) {
						int loser = sa > sb ? b : a;
						double dir = sa > sb ? 1 : -1;
						ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_PUSHED_BACK);
						e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, loser);
						ck_assert_ptr_nonnull(e);
						ck_assert_int_eq(e->value, 1000 * abs(sa - sb));
						ck_assert_double_eq_tol(e->x1 - e->x0, dir * abs(sa - sb), EPS);
					} else {
						ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_STANDOFF);
						ck_assert_int_eq(r.neffects, 0);
					}
					skirmish_game_free(g);
				}
}
END_TEST

/* ------------------------------------------------------------------ */
/* A8 several against one                                               */
/* ------------------------------------------------------------------ */

/* Decimus and Gaius (who joined later) against Brennus. */
static skirmish_game *
two_on_one(int *a, int *c, int *b)
{
	skirmish_game *g = new_game();

	*a = foot(g, 0, "Decimus", 10, 10, 0);
	*b = foot(g, 1, "Brennus", 11, 10, 180);
	*c = foot(g, 0, "Gaius", 11, 13, 270);
	tc_start(g);
	ck_assert_ok(move_to(g, *c, 11, 11, 270, NULL));
	return g;
}

START_TEST(a26_the_attacker_rolls_plus_1_per_comrade)
{
	int a, b, c;
	skirmish_game *g = two_on_one(&a, &c, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_modifier *m;

	to_phase(g, SKIRMISH_PHASE_MELEE);
	/* A26: the caller names the attacker, who rolls; its friend assists */
	tc_dice(g, 2, 2, 4);
	ck_assert_ok(skirmish_fight(g, c, &r));
	ck_assert_int_eq(r.figure, c);
	ck_assert_int_eq(r.target, b);
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[0].figure, c);
	m = tc_mod(&r, SKIRMISH_MOD_COMRADE, 0);
	ck_assert_int_eq(m->value, 1);
	ck_assert_int_eq(m->figure, c);
	ck_assert_str_eq(m->rule, "A26");
	/* Gaius moved into contact with Brennus this turn */
	ck_assert_ptr_nonnull(tc_mod(&r, SKIRMISH_MOD_MOVED_INTO_CONTACT, 0));
	ck_assert_int_eq(r.score[0], 4);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_STANDOFF);
	/* Decimus has fought as a comrade: he fights no more this phase */
	ck_assert_rejected(g, skirmish_fight(g, a, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	skirmish_game_free(g);
}
END_TEST

START_TEST(a8_only_the_main_protagonist_is_pushed_back_or_killed)
{
	int a, b, c;
	skirmish_game *g = two_on_one(&a, &c, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 1, 6);
	ck_assert_ok(skirmish_fight(g, a, &r));
	/* 1 + 1 comrade = 2 against 6: Decimus is killed, Gaius fights on */
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
	ck_assert(tc_info(g, a).removed);
	ck_assert(!tc_info(g, c).removed);
	ck_assert_int_eq(tc_info(g, c).melee_id, tc_info(g, b).melee_id);
	ck_assert_int_ne(tc_info(g, c).melee_id, -1);
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_MELEE_LEFT), 0);
	/* next Melee phase: Gaius is now the main protagonist */
	ck_assert_ok(skirmish_end_phase(g, NULL));
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 4, 3);
	ck_assert_ok(skirmish_fight(g, b, &r));
	ck_assert_int_eq(r.target, c);
	/* 4 vs 3: Gaius is pushed back 1" straight away from Brennus (down) */
	ck_assert_double_eq_tol(tc_info(g, c).y, 12, EPS);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A9, A21, A22 push-back                                               */
/* ------------------------------------------------------------------ */

/* Decimus (shield, armour: +2) against Brennus (nothing): dice 4 and 4
 * push Brennus 2", dice 5 and 4 push him 3" (7 is not double 4). */
static skirmish_game *
push_setup(int *a, int *b)
{
	skirmish_game *g = new_game();

	*a = fig(g, 0, "Decimus", 10, 10, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));
	*b = foot(g, 1, "Brennus", 11, 10, 180);
	return g;
}

static void
push(skirmish_game *g, int a, int da, int db, skirmish_result *r)
{
	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, da, db);
	ck_assert_ok(skirmish_fight(g, a, r));
}

/* push(), then: the loser b's push-back effect, which ended at (x, y)
 * facing facing. */
static const skirmish_effect *
pushed_to(skirmish_game *g, int a, int b, int da, int db, double x, double y, double facing,
	  skirmish_result *r)
{
	const skirmish_effect *e;

	push(g, a, da, db, r);
	e = tc_effect(r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_ptr_nonnull(e);
	ck_assert_double_eq_tol(e->x1, x, EPS);
	ck_assert_double_eq_tol(e->y1, y, EPS);
	ck_assert_double_eq_tol(e->facing1, facing, EPS);
	return e;
}

START_TEST(a9_pushed_straight_back_and_turned_about)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	push(g, a, 4, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_str_eq(e->rule, "A9");
	ck_assert_int_eq(e->value, 2000);
	ck_assert_double_eq_tol(e->x0, 11, EPS);
	ck_assert_double_eq_tol(e->x1, 13, EPS);
	ck_assert_double_eq_tol(e->y1, 10, EPS);
	ck_assert_double_eq_tol(e->facing0, 180, EPS);
	ck_assert_double_eq_tol(e->facing1, 0, EPS);
	/* A22, A26: out of contact, the pair is over */
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_MELEE_LEFT), 1);
	ck_assert_str_eq(tc_effect(&r, SKIRMISH_EFFECT_MELEE_LEFT, a)->rule, "A22");
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_MELEE_LEFT, a)->other, b);
	ck_assert_int_eq(tc_info(g, a).melee_id, -1);
	ck_assert_int_eq(tc_info(g, b).melee_id, -1);
	ck_assert_int_eq(g->melees[0].live, 0);
	/* the turn may end */
	ck_assert_ok(skirmish_end_phase(g, NULL));
	skirmish_game_free(g);
}
END_TEST

/* A30: square to the side of the loser's base that the winner touches,
 * not along the line between the centres (A9, A21 read "away from the
 * winner" so): Decimus 0.6" off-centre pushes Brennus straight along x;
 * square on, as before. */
START_TEST(a30_pushed_square_to_the_side_touched)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = fig(g, 0, "Decimus", 10, 10, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));
	int b = foot(g, 1, "Brennus", 11, 10.6, 180);

	ck_assert_int_eq(pushed_to(g, a, b, 5, 4, 14, 10.6, 0, &r)->value, 3000);
	skirmish_game_free(g);

	g = push_setup(&a, &b);
	pushed_to(g, a, b, 5, 4, 14, 10, 0, &r);
	skirmish_game_free(g);
}
END_TEST

/* A30: a winner at the loser's flank pushes it sideways, square to that
 * flank, and the loser turns about (A9); a winner touching two sides at
 * a corner pushes square to the side with the longer contact: Eques's
 * long side lies 0.3" across Brennus's underside and meets his front only
 * at its corner. */
START_TEST(a30_a_push_from_the_flank_is_square_to_it)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = fig(g, 0, "Decimus", 10, 10, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));
	int b = foot(g, 1, "Brennus", 11, 10.4, 90); /* faces +y: Decimus at its left */

	pushed_to(g, a, b, 4, 4, 13, 10.4, 270, &r);
	skirmish_game_free(g);

	/* Eques faces +x, base x 9.8..11.8, y 9..10; Brennus faces -x, base
	 * x 11.5..12.5, y 10..11: pushed straight up, 2" */
	g = new_game();
	a = fig(g, 0, "Eques", 10.8, 9.5, 0, kit(1, 1, 1, SKIRMISH_MELEE_SWORD, 0));
	b = foot(g, 1, "Brennus", 12, 10.5, 180);
	pushed_to(g, a, b, 4, 4, 12, 12.5, 0, &r);
	skirmish_game_free(g);
}
END_TEST

/* A30, issue 24 (defect 4): with the winner 0.05" off-centre, the push
 * along the line of centres leaned into a friend standing beside the
 * loser: the friend was taken for the file, absorbed 1", was dragged
 * back, and the loser did not turn. The push is square to the side
 * touched, and a base that only slides along the band's edge is neither
 * in the file nor a stop. Square on, the same neighbour was rightly
 * ignored, and still is. */
START_TEST(a30_a_friend_beside_the_loser_is_not_the_file)
{
	double off;

	for (off = 0.05; off > -0.01; off -= 0.05) {
		skirmish_game *g = new_game();
		skirmish_result r = SKIRMISH_RESULT_INIT;
		int a = fig(g, 0, "Decimus", 10, 10 + off, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));
		int b = foot(g, 1, "Brennus", 11, 10, 180);
		int f = foot(g, 1, "Beside", 11.2, 9, 180); /* touching Brennus's side */
		const skirmish_effect *e = pushed_to(g, a, b, 4, 4, 13, 10, 0, &r);

		ck_assert_str_eq(e->rule, "A9");
		ck_assert_int_eq(e->value, 2000);
		ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, f));
		ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_PUSH_STOPPED, -1));
		ck_assert_double_eq_tol(tc_info(g, f).x, 11.2, EPS);
		ck_assert_double_eq_tol(tc_info(g, f).y, 9, EPS);
		skirmish_game_free(g);
	}
}
END_TEST

/* A30 at a slant: facing 56 degrees, a friend placed flush beside the
 * loser overlaps its band by a thousandth's rounding: it only slides along
 * the edge and is not the file (it absorbed the whole push before). */
START_TEST(a30_a_friend_beside_at_a_slant_is_not_the_file)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double t = 56 * acos(-1.0) / 180, ux = cos(t), uy = sin(t);
	int a = fig(g, 0, "Decimus", 30 - ux - 0.05 * uy, 30 - uy + 0.05 * ux, 56,
		    kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));
	int b = foot(g, 1, "Brennus", 30, 30, 236);
	int f = foot(g, 1, "Beside", 30 + uy + 0.2 * ux, 30 - ux + 0.2 * uy, 236);
	const skirmish_effect *e;

	push(g, a, 4, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_str_eq(e->rule, "A9");
	ck_assert_double_eq_tol(e->facing1, 56, EPS);
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, f));
	skirmish_game_free(g);
}
END_TEST

/* A30, A26: a melee of three: Celt touches Decimus at a corner and
 * beside Brennus; he assists Brennus (+1), and when Brennus loses, Celt
 * is beside him, not behind: Brennus goes back the whole 3" and turns. */
START_TEST(a30_a_push_in_a_melee_of_three)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;
	int a = fig(g, 0, "Decimus", 10, 10, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));
	int b = foot(g, 1, "Brennus", 11, 10, 180);
	int c = foot(g, 1, "Celt", 11, 11, 180);

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 6, 4);
	ck_assert_ok(skirmish_fight_against(g, a, b, &r));
	/* 6 + 2 = 8 against 4 + 1 comrade = 5 */
	ck_assert_int_eq(r.score[0], 8);
	ck_assert_int_eq(r.score[1], 5);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_ASSISTS, c)->other, b);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_int_eq(e->value, 3000);
	ck_assert_double_eq_tol(e->x1, 14, EPS);
	ck_assert_double_eq_tol(e->facing1, 0, EPS);
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, c));
	/* Celt still touches Decimus: that pair goes on */
	ck_assert_int_ne(tc_info(g, c).melee_id, -1);
	skirmish_game_free(g);
}
END_TEST

/* A9, A21: a base further back than 0.5" stops the push there. */
START_TEST(a21_push_blocked_by_a_base)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	foot(g, 1, "Behind", 13.2, 10, 180); /* 1.2" gap behind Brennus */
	push(g, a, 5, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	/* A27: the effect says the distance moved, 1.2" of the 3" */
	ck_assert_int_eq(e->value, 1200);
	ck_assert_double_eq_tol(e->x1, 12.2, EPS);
	/* not immediately to the rear: turned about */
	ck_assert_double_eq_tol(e->facing1, 0, EPS);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a21_push_blocked_by_impassable_terrain)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_rect(g, SKIRMISH_TERRAIN_IMPASSABLE, 13, 5, 14, 15);
	push(g, a, 5, 4, &r);
	ck_assert_double_eq_tol(tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b)->x1, 12.5, EPS);
	ck_assert_double_eq_tol(tc_info(g, b).x, 12.5, EPS);
	skirmish_game_free(g);
}
END_TEST

START_TEST(a21_push_stops_at_the_table_edge)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = fig(g, 0, "Decimus", 70, 10, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));
	int b = foot(g, 1, "Brennus", 71, 10, 180);

	push(g, a, 5, 4, &r);
	/* the centre stays on the table (G4) */
	ck_assert_double_eq_tol(tc_info(g, b).x, 72, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A27: a friend touching behind: 1" less, no turn, and it gives ground
 * with the loser, the same distance the same way. */
START_TEST(a27_one_friend_behind_gives_ground_with_it)
{
	int a, b, f;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	f = foot(g, 1, "Friend", 12, 10, 180);
	push(g, a, 5, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_str_eq(e->rule, "A27");
	ck_assert_int_eq(e->value, 2000);
	ck_assert_double_eq_tol(e->x1, 13, EPS);
	ck_assert_double_eq_tol(e->facing1, 180, EPS);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, f);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->value, 2000);
	ck_assert_int_eq(e->other, b);
	ck_assert_double_eq_tol(tc_info(g, f).x, 14, EPS);
	ck_assert_double_eq_tol(tc_info(g, f).facing, 180, EPS);
	ck_assert(strstr(r.text, "Brennus is pushed back 2.0\" to (13.0, 10.0), 1\" less for "
			 "each friend behind it, and does not turn; Friend gives ground 2.0\" "
			 "with Brennus") != NULL);
	skirmish_game_free(g);
}
END_TEST

/* A21: a friend 0.3" behind is within 0.5": the push stops against it. */
START_TEST(a21_one_friend_within_half_an_inch_behind)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	foot(g, 1, "Friend", 12.3, 10, 180);
	push(g, a, 5, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	/* A27: 3" less 1", and the friend gives ground with it */
	ck_assert_int_eq(e->value, 2000);
	ck_assert_double_eq_tol(e->x1, 13, EPS);
	ck_assert_double_eq_tol(e->facing1, 180, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A21: two friends behind, side by side: 2" less. */
START_TEST(a21_two_friends_behind)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	foot(g, 1, "Left", 12.4, 10.5, 180);
	foot(g, 1, "Right", 12.4, 9.5, 180);
	push(g, a, 5, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	/* A27: 3" less 2"; both friends give ground 1" with it */
	ck_assert_int_eq(e->value, 1000);
	ck_assert_double_eq_tol(e->x1, 12, EPS);
	ck_assert_int_eq(count_effects(&r, SKIRMISH_EFFECT_PUSHED_BACK), 3);
	ck_assert_double_eq_tol(e->facing1, 180, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A21: two friends absorb a 2" push entirely. */
START_TEST(a21_friends_absorb_the_whole_push)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	foot(g, 1, "Left", 12.4, 10.5, 180);
	foot(g, 1, "Right", 12.4, 9.5, 180);
	push(g, a, 4, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_int_eq(e->value, 0);
	ck_assert_double_eq_tol(e->x1, 11, EPS);
	ck_assert_double_eq_tol(e->facing1, 180, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A21: a friend at the side, or 0.5" or more behind, is not to the rear. */
START_TEST(a21_a_friend_beside_or_further_back_does_not_count)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	foot(g, 1, "Beside", 11.2, 11, 180); /* touching its side */
	foot(g, 1, "Far", 12.5, 14, 180);
	push(g, a, 4, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_int_eq(e->value, 2000);
	ck_assert_double_eq_tol(e->x1, 13, EPS);
	ck_assert_double_eq_tol(e->facing1, 0, EPS);
	skirmish_game_free(g);

	g = push_setup(&a, &b);
	foot(g, 1, "Back", 12.5, 10, 180); /* exactly 0.5" behind */
	push(g, a, 4, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_int_eq(e->value, 500);     /* it stops against Back */
	ck_assert_double_eq_tol(e->x1, 11.5, EPS);
	ck_assert_double_eq_tol(e->facing1, 0, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A22: a push that stops against an enemy base makes a melee, due in the
 * next Melee phase. */
START_TEST(a22_a_push_against_an_enemy_makes_a_melee)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int c = foot(g, 0, "Gaius", 13.2, 10, 180);

	push(g, a, 5, 4, &r);
	ck_assert_double_eq_tol(tc_info(g, b).x, 12.2, EPS);
	ck_assert_int_eq(tc_info(g, b).melee_id, tc_info(g, c).melee_id);
	ck_assert_int_ne(tc_info(g, b).melee_id, -1);
	ck_assert_ptr_nonnull(tc_effect(&r, SKIRMISH_EFFECT_MELEE_JOINED, b));
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_TURNED, c));
	/* not due this phase */
	ck_assert_ok(skirmish_end_phase(g, NULL));
	/* due in the next one */
	to_phase(g, SKIRMISH_PHASE_MELEE);
	ck_assert_rejected(g, skirmish_end_phase(g, NULL), SKIRMISH_E_PENDING);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, b, &r));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_MOVED_INTO_CONTACT, -1));
	skirmish_game_free(g);
}
END_TEST

/* A pushed rider's 1" x 2" base, turned about, keeps its footprint. */
START_TEST(a9_rider_pushed_back)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = fig(g, 0, "Decimus", 10, 10, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));
	int b = fig(g, 1, "Eques", 11.5, 10, 180, kit(1, 0, 0, SKIRMISH_MELEE_SPEAR, 0));

	/* 5 + 2 against 4 + 1 (the longer spear): 2" */
	push(g, a, 5, 4, &r);
	ck_assert_double_eq_tol(tc_info(g, b).x, 13.5, EPS);
	ck_assert_double_eq_tol(tc_info(g, b).facing, 0, EPS);
	skirmish_game_free(g);
}
END_TEST

/* G6, G7 through a whole action: a fight whose second die is bad changes
 * nothing. */
START_TEST(g6_a_bad_die_in_a_fight_changes_nothing)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 1, 5);
	ck_assert_rejected(g, skirmish_fight(g, a, NULL), SKIRMISH_E_DICE);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* a whole game                                                         */
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

	va_start(ap, fmt);
	l->len += (size_t)vsnprintf(l->buf + l->len, sizeof(l->buf) - l->len, fmt, ap);
	va_end(ap);
	ck_assert(l->len < sizeof(l->buf));
}

static void
on_event(void *ud, const skirmish_event *ev)
{
	struct log *l = ud;

	switch (ev->kind) {
	case SKIRMISH_EVENT_DIE:
		logf_(l, " d%d=%d", ev->die->figure, ev->die->value);
		break;
	case SKIRMISH_EVENT_MODIFIER:
		logf_(l, " m%d:%s%+d", ev->modifier->figure,
		      skirmish_modifier_name(ev->modifier->source), ev->modifier->value);
		break;
	case SKIRMISH_EVENT_EFFECT:
		logf_(l, " [%s %d", skirmish_effect_name(ev->effect->kind), ev->effect->figure);
		if (ev->effect->kind == SKIRMISH_EFFECT_MOVED ||
		    ev->effect->kind == SKIRMISH_EFFECT_PUSHED_BACK)
			logf_(l, " (%.3f,%.3f,%g)", ev->effect->x1, ev->effect->y1,
			      ev->effect->facing1);
		if (ev->effect->kind == SKIRMISH_EFFECT_TURNED)
			logf_(l, " %g", ev->effect->facing1);
		if (ev->effect->kind == SKIRMISH_EFFECT_PHASE_STARTS ||
		    ev->effect->kind == SKIRMISH_EFFECT_TURN_STARTS ||
		    ev->effect->kind == SKIRMISH_EFFECT_GAME_OVER)
			logf_(l, " p%d v%d", ev->effect->player, ev->effect->value);
		logf_(l, " %s]", ev->effect->rule);
		break;
	case SKIRMISH_EVENT_RESULT:
		logf_(l, "\n  %s\n", ev->result->text);
		break;
	}
}

/* Compares a long log, reporting the first difference only (Check's
 * messages are limited in length). */
static void
check_log(const char *got, const char *want)
{
	size_t i = 0;

	while (got[i] && got[i] == want[i])
		i++;
	ck_assert_msg(got[i] == want[i], "log differs at %zu: got \"%.60s\" want \"%.60s\"",
		      i, got + (i > 20 ? i - 20 : 0), want + (i > 20 ? i - 20 : 0));
}

START_TEST(a_full_game_every_event)
{
	static const int order[2] = { 0, 1 };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	struct log *l = calloc(1, sizeof(*l));
	skirmish_game *g;
	int dec, luc, bre, ver;

	o.ruleset = SAMPSON;
	o.player_order = order;
	o.turn_limit = 2;
	g = tc_game_opts(&o);
	dec = fig(g, 0, "Decimus", 10, 20, 0, kit(0, 1, 1, SKIRMISH_MELEE_SPEAR, 0));
	luc = fig(g, 0, "Lucius", 10, 30, 0, kit(0, 0, 0, SKIRMISH_MELEE_DAGGER,
						   SKIRMISH_MISSILE_SHORT_BOW));
	bre = fig(g, 1, "Brennus", 17, 20, 180, kit(0, 1, 0, SKIRMISH_MELEE_SWORD, 0));
	ver = fig(g, 1, "Vercix", 22, 30, 180, kit(0, 0, 0, SKIRMISH_MELEE_DAGGER,
						     SKIRMISH_MISSILE_SLING));
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 19, 25, 21, 35);
	ck_assert_ok(skirmish_game_set_event_callback(g, on_event, l));
	tc_start(g);

	/* turn 1, Romans: Decimus advances 3", Lucius suppresses Vercix */
	ck_assert_ok(move_to(g, dec, 13, 20, -1, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	tc_dice(g, 2, 4, 3);
	ck_assert_ok(skirmish_shoot(g, luc, ver, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));

	/* turn 1, Gauls: Vercix may not move; Brennus charges Decimus */
	ck_assert_rejected(g, move_to(g, ver, 21, 30, -1, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(skirmish_charge(g, bre, dec, -1, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	/* Vercix slings Lucius: 6 - 1 = 5 against 2: killed */
	tc_dice(g, 2, 6, 2);
	ck_assert_ok(skirmish_shoot(g, ver, luc, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	/* Brennus 4 + shield + moved = 6 against Decimus 2 + shield + armour +
	 * spear = 5: Decimus pushed back 1" */
	tc_dice(g, 2, 4, 2);
	ck_assert_ok(skirmish_fight(g, bre, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));

	/* turn 2, Romans: Decimus charges again and kills Brennus */
	ck_assert_ok(skirmish_charge(g, dec, bre, -1, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	tc_dice(g, 2, 5, 2);
	ck_assert_ok(skirmish_fight(g, dec, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));

	/* turn 2, Gauls: Vercix moves into the bad going, shoots and misses */
	ck_assert_ok(move_to(g, ver, 20.5, 30, 180, NULL));
	ck_assert_double_eq_tol(left(g, ver), 0.5, EPS); /* 1.5" + 2" bad going */
	ck_assert_ok(skirmish_end_phase(g, NULL));
	tc_dice(g, 2, 1, 6);
	ck_assert_ok(skirmish_shoot(g, ver, dec, NULL));
	ck_assert_ok(skirmish_end_turn(g, NULL));

	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), -1);
	check_log(l->buf,
		" [order -1 A2] [order -1 A2] [turn starts -1 p0 v1 A2] [phase starts -1 p0 v2 A2]\n"
		"  The game starts; order of play: 0 1; turn 1: player 0 to play; move phase.\n"
		" [moved 0 (13.000,20.000,0) A3]\n"
		"  Decimus moves from (10.0, 20.0) to (13.0, 20.0).\n"
		" [phase starts -1 p0 v3 A2]\n"
		"  Player 0 ends the phase; missile phase.\n"
		" d1=4 d3=3 [suppressed 3 A6]\n"
		"  Lucius shoots short bow at Vercix, 11.0\" away: Lucius 4 vs Vercix 3: higher; Vercix is suppressed.\n"
		" [phase starts -1 p0 v4 A2]\n"
		"  Player 0 ends the phase; melee phase.\n"
		" [turn starts -1 p1 v1 A2] [phase starts -1 p1 v2 A2]\n"
		"  Player 0 ends the phase; turn 1: player 1 to play; move phase.\n"
		" [moved 2 (14.000,20.000,180) A3] [melee joined 2 A26]\n"
		"  Brennus moves from (17.0, 20.0) to (14.0, 20.0); Brennus is in melee with Decimus.\n"
		" [phase starts -1 p1 v3 A2]\n"
		"  Player 1 ends the phase; missile phase.\n"
		" d3=6 d1=2 m3:weapon-1 [killed 1 A5]\n"
		"  Vercix shoots sling at Lucius, 11.0\" away: Vercix (weapon) 6-1 = 5 vs Lucius 2: doubled; Lucius is killed.\n"
		" [phase starts -1 p1 v4 A2]\n"
		"  Player 1 ends the phase; melee phase.\n"
		" d2=4 d0=2 m2:shield+1 m2:moved into contact+1 m0:shield+1 m0:armour+1 m0:longer weapon+1 [pushed back 0 (12.000,20.000,180) A9] [melee left 2 A22]\n"
		"  Brennus (shield, moved into contact) 4+2 = 6 vs Decimus (shield, armour, longer weapon) 2+3 = 5: higher; Decimus is pushed back 1.0\" to (12.0, 20.0); Brennus and Decimus are no longer in contact.\n"
		" [suppression ends 3 A6] [turn starts -1 p0 v2 A2] [phase starts -1 p0 v2 A2]\n"
		"  Player 1 ends the phase; Vercix is no longer suppressed; turn 2: player 0 to play; move phase.\n"
		" [moved 0 (13.000,20.000,0) A3] [melee joined 0 A26]\n"
		"  Decimus moves from (12.0, 20.0) to (13.0, 20.0) and turns to face 0; Decimus is in melee with Brennus.\n"
		" [phase starts -1 p0 v3 A2]\n"
		"  Player 0 ends the phase; missile phase.\n"
		" [phase starts -1 p0 v4 A2]\n"
		"  Player 0 ends the phase; melee phase.\n"
		" d0=5 d2=2 m0:shield+1 m0:armour+1 m0:longer weapon+1 m0:moved into contact+1 m2:shield+1 [killed 2 A7]\n"
		"  Decimus (shield, armour, longer weapon, moved into contact) 5+4 = 9 vs Brennus (shield) 2+1 = 3: doubled; Brennus is killed.\n"
		" [turn starts -1 p1 v2 A2] [phase starts -1 p1 v2 A2]\n"
		"  Player 0 ends the phase; turn 2: player 1 to play; move phase.\n"
		" [moved 3 (20.500,30.000,180) A3]\n"
		"  Vercix moves from (22.0, 30.0) to (20.5, 30.0).\n"
		" [phase starts -1 p1 v3 A2]\n"
		"  Player 1 ends the phase; missile phase.\n"
		" d3=1 d0=6 m3:weapon-1 m0:shield+1 m0:armour+1\n"
		"  Vercix shoots sling at Decimus, 11.1\" away: Vercix (weapon) 1-1 = 0 vs Decimus (shield, armour) 6+2 = 8: not higher, no effect.\n"
		" [game over -1 p-1 v0 G9]\n"
		"  Player 1 ends its turn; the game is over without a winner.\n");
	skirmish_game_free(g);
	free(l);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Second rulings: walls, crowded melees, several players (A26-A29)     */
/* ------------------------------------------------------------------ */

static void
wall_x(skirmish_game *g, double x0, double x1, double y0, double y1)
{
	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, x0, y0, x1, y1);
}

/* G13, A26: Brennus lines a 0.4" wall; Decimus comes up to it on the other
 * side: they touch across it, in a pair made by Decimus's move. Nobody
 * closes up through the wall; Brennus defends it (+1), Decimus moved into
 * contact (+1); neither may move or turn now (A29). */
START_TEST(g13_a26_melee_across_a_wall)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "Decimus", 7, 10, 0);
	int b = foot(g, 1, "Brennus", 11.2, 10, 90);

	wall_x(g, 10.2, 10.6, 0, 20);
	tc_start(g);
	ck_assert_ok(move_to(g, a, 9.6, 10, 0, &r));
	ck_assert(tc_info(g, a).in_melee && tc_info(g, b).in_melee);
	ck_assert_double_eq_tol(tc_info(g, a).x, 9.6, EPS);
	ck_assert_double_eq_tol(tc_info(g, b).x, 11.2, EPS);
	/* A4: Brennus turns to face him, and still touches him across it */
	ck_assert_double_eq_tol(tc_info(g, b).facing, 180, EPS);
	ck_assert_int_eq(g->melees[tc_info(g, a).melee_id].initiator, a);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_ptr_nonnull(tc_mod(&r, SKIRMISH_MOD_MOVED_INTO_CONTACT, 0));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_DEFENDING_OBSTACLE, 0));
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_DEFENDING_OBSTACLE, 1)->figure, b);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_STANDOFF);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	/* A29: Brennus, in contact across the wall, neither moves nor turns */
	ck_assert_rejected(g, move_to(g, b, 14, 10, 0, NULL), SKIRMISH_E_IN_MELEE);
	ck_assert_rejected(g, skirmish_turn(g, b, 90, NULL), SKIRMISH_E_IN_MELEE);
	ck_assert(strncmp(skirmish_game_errmsg(g), "A29: ", 5) == 0);
	skirmish_game_free(g);
}
END_TEST

/* G13: a wall 1.1" thick is not fought across. */
START_TEST(g13_no_melee_across_a_thick_wall)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "Decimus", 7, 10, 0);
	int b = foot(g, 1, "Brennus", 11.9, 10, 180);

	wall_x(g, 10.2, 11.3, 0, 20);
	tc_start(g);
	ck_assert_ok(move_to(g, a, 9.6, 10, 0, &r));
	ck_assert(!tc_info(g, a).in_melee && !tc_info(g, b).in_melee);
	skirmish_game_free(g);
}
END_TEST

/* G14, A5: an archer lining a wall shoots over it: no obstacle for the
 * target in the open; a target lining the far side has it. */
START_TEST(g14_the_archer_lining_a_wall)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = fig(g, 0, "Lucius", 9.5, 10, 0, kit(0, 0, 0, SKIRMISH_MELEE_DAGGER,
						     SKIRMISH_MISSILE_LONG_BOW));
	int b = foot(g, 1, "Brennus", 20, 10, 180);
	int c = foot(g, 1, "Cato", 11.5, 16, 180);
	int cover = -1;

	wall_x(g, 10.25, 10.65, 0, 20);
	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	ck_assert_ok(skirmish_game_in_cover(g, a, b, &cover));
	ck_assert(!cover);
	ck_assert_ok(skirmish_game_in_cover(g, a, c, &cover));
	ck_assert(cover);
	tc_dice(g, 2, 4, 3);
	ck_assert_ok(skirmish_shoot(g, a, b, &r));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_OBSTACLE, 1));
	skirmish_game_free(g);
}
END_TEST

/* A26 (issue: enemies assisted each other): with three players, Red
 * touches Blue and Green. Green is no friend of Blue's: it does not
 * assist him. Red has then fought: Green, touching only Red, does not
 * fight this phase, and the phase may end. */
START_TEST(a26_figures_of_other_players_are_never_comrades)
{
	skirmish_game *g = tc_game(SAMPSON, 3);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int red = foot(g, 0, "Red", 10, 10, 0);
	int blue = foot(g, 1, "Blue", 11, 10, 180);
	int green = foot(g, 2, "Green", 10, 11.05, 270);

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	ck_assert_rejected(g, skirmish_fight(g, red, NULL), SKIRMISH_E_TARGET);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight_against(g, red, blue, &r));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_COMRADE, 1));
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_ASSISTS, green));
	ck_assert_rejected(g, skirmish_fight_against(g, red, green, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	ck_assert_int_eq(skirmish_game_active_player(g), 1);
	skirmish_game_free(g);
}
END_TEST

/* A26: a friend that touches the attacker but not the defender does not
 * assist. */
START_TEST(a26_a_comrade_touches_the_enemy_it_fights)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "Decimus", 10, 10, 0);
	int b = foot(g, 1, "Brennus", 11, 10, 180);

	foot(g, 0, "Gaius", 9, 10, 0);                  /* behind Decimus */
	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert_int_eq(r.target, b);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_COMRADE, 0));
	skirmish_game_free(g);
}
END_TEST

/* A26 (issue: a figure fought twice in one phase): A1 pushes B1 into
 * contact with A2, whose fight with B2 is still to come. B1 has fought:
 * A2 fights B2, and B1 neither assists B2 nor is fought again. */
START_TEST(a26_a_figure_fights_once_a_phase)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a1 = foot(g, 0, "A1", 10, 10, 0);
	int b1 = foot(g, 1, "B1", 11, 10, 180);
	int a2 = foot(g, 0, "A2", 14.05, 10, 180);
	int b2 = foot(g, 1, "B2", 15.05, 10, 180);

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 5, 3);
	ck_assert_ok(skirmish_fight(g, a1, &r));
	ck_assert_double_eq_tol(tc_info(g, b1).x, 13, EPS);
	ck_assert(tc_info(g, b1).in_melee);             /* now touching A2 */
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, a2, &r));
	ck_assert_int_eq(r.target, b2);
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_COMRADE, 1));
	ck_assert_rejected(g, skirmish_fight_against(g, a2, b1, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	skirmish_game_free(g);
}
END_TEST

/* A26: the longer weapon counts in the first Melee phase the two fight
 * each other, pair by pair: Decimus's spear against Brennus in turn 1, not
 * in his turn 2, but again against Cato, new to him, in turn 3. */
START_TEST(a26_longer_weapon_in_each_pair_first_fight)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = fig(g, 0, "Decimus", 10, 10, 0, kit(0, 0, 0, SKIRMISH_MELEE_SPEAR, 0));
	int b = foot(g, 1, "Brennus", 11, 10, 180);
	int c = foot(g, 1, "Cato", 10, 11.05, 270);

	tc_start(g);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight_against(g, a, b, &r));
	ck_assert_ptr_nonnull(tc_mod(&r, SKIRMISH_MOD_LONGER_WEAPON, 0));
	/* Cato assisted Brennus: he touches Decimus */
	ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_COMRADE, 1)->value, 1);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	to_phase(g, SKIRMISH_PHASE_MELEE);              /* the Gauls' turn */
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight_against(g, c, a, &r));
	ck_assert_ptr_nonnull(tc_mod(&r, SKIRMISH_MOD_LONGER_WEAPON, 1));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight_against(g, a, b, &r));
	ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_LONGER_WEAPON, 0));
	skirmish_game_free(g);
}
END_TEST

/* A27: a file of two friends behind turns a 3" push into 1" for all three;
 * a file of three takes it all: nobody moves. */
START_TEST(a27_the_file_gives_ground)
{
	int a, b, f1, f2, f3;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	f1 = foot(g, 1, "Friend", 12.05, 10, 180);
	f2 = foot(g, 1, "Second", 13.3, 10, 180);       /* 0.25" behind Friend */
	push(g, a, 5, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_int_eq(e->value, 1000);
	ck_assert_double_eq_tol(tc_info(g, b).x, 12, EPS);
	ck_assert_double_eq_tol(tc_info(g, f1).x, 13.05, EPS);
	ck_assert_double_eq_tol(tc_info(g, f2).x, 14.3, EPS);
	ck_assert_double_eq_tol(tc_info(g, f2).facing, 180, EPS);
	skirmish_game_free(g);

	g = push_setup(&a, &b);
	foot(g, 1, "Friend", 12, 10, 180);
	foot(g, 1, "Second", 13, 10, 180);
	f3 = foot(g, 1, "Third", 14, 10, 180);
	push(g, a, 5, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_int_eq(e->value, 0);
	ck_assert_double_eq_tol(tc_info(g, b).x, 11, EPS);
	ck_assert_double_eq_tol(tc_info(g, f3).x, 14, EPS);
	ck_assert(strstr(r.text, "Brennus gives no ground") != NULL);
	skirmish_game_free(g);
}
END_TEST

/* A27: whatever stops one of the file stops all: a base 0.4" behind the
 * last friend stops a 2" give of ground at 0.4". */
START_TEST(a27_what_stops_one_stops_all)
{
	int a, b, f;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	f = foot(g, 1, "Friend", 12, 10, 180);
	foot(g, 0, "Roman", 13.6, 10, 0);               /* an enemy 0.6" behind */
	push(g, a, 5, 4, &r);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b)->value, 600);
	ck_assert_double_eq_tol(tc_info(g, b).x, 11.6, EPS);
	ck_assert_double_eq_tol(tc_info(g, f).x, 12.6, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A31: a push that meets an obstacle stops against it, as against a
 * base: Brennus is never carried over the wall behind him. */
START_TEST(a31_a_push_stops_against_a_wall)
{
	int a, b, w;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	w = tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 12.8, 5, 13, 15);
	push(g, a, 5, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_int_eq(e->value, 1300);
	ck_assert_double_eq_tol(e->x1, 12.3, EPS);
	ck_assert_double_eq_tol(e->facing1, 0, EPS);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSH_STOPPED, b);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(e->rule, "A31");
	ck_assert_int_eq(e->value, SKIRMISH_STOP_OBSTACLE);
	ck_assert_int_eq(e->other, w);
	ck_assert_double_eq_tol(e->x0, 14, EPS);
	ck_assert(strstr(r.text, "Brennus is pushed back 1.3\" to (12.3, 10.0), stopped short "
			 "by an obstacle, never pushed over") != NULL);
	skirmish_game_free(g);

	/* the neighbours that must not change: bad going behind, and a wall
	 * along Brennus's side that his base only slides along */
	g = push_setup(&a, &b);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 12.8, 5, 13, 15);
	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 11, 10.5, 20, 10.7);
	push(g, a, 5, 4, &r);
	ck_assert_double_eq_tol(tc_info(g, b).x, 14, EPS);
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_PUSH_STOPPED, -1));
	skirmish_game_free(g);
}
END_TEST

/* A31, A27: a push into a wall with a friend behind: 3" less 1" is 2" for
 * both, and the wall 0.8" behind the friend stops them both there. */
START_TEST(a31_a_push_into_a_wall_with_a_friend_behind)
{
	int a, b, f;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	f = foot(g, 1, "Friend", 12, 10, 180);
	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 13.3, 5, 13.5, 15);
	push(g, a, 5, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_int_eq(e->value, 800);
	ck_assert_double_eq_tol(tc_info(g, b).x, 11.8, EPS);
	ck_assert_double_eq_tol(tc_info(g, b).facing, 180, EPS);
	ck_assert_double_eq_tol(tc_info(g, f).x, 12.8, EPS);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_PUSH_STOPPED, b)->value,
			 SKIRMISH_STOP_OBSTACLE);
	ck_assert(strstr(r.text, "Friend gives ground 0.8\" with Brennus") != NULL);
	skirmish_game_free(g);
}
END_TEST

/* A31: a figure already standing on a wall is pushed off it away from it,
 * but not carried over: its centre stops where it would go into it. */
START_TEST(a31_a_figure_on_a_wall_is_not_carried_over)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	/* the wall under Brennus's back half: x 11.3..11.5 */
	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 11.3, 5, 11.5, 15);
	push(g, a, 5, 4, &r);
	/* the centre (11) stops at the wall's near face */
	ck_assert_double_eq_tol(tc_info(g, b).x, 11.3, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A32: a friend of the file in base contact with an enemy takes its 1"
 * off the push but holds: Brennus goes back 3" less 1", but only the
 * 0.3" to Friend, and does not turn. Without the enemy, Friend gives
 * ground with him. */
START_TEST(a32_a_file_friend_in_its_own_melee_holds)
{
	int a, b, f, f2;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	f = foot(g, 1, "Friend", 12.3, 10, 180);
	foot(g, 0, "Roman", 12.3, 11, 270);            /* touching Friend's side */
	push(g, a, 5, 4, &r);
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b);
	ck_assert_str_eq(e->rule, "A27");
	ck_assert_int_eq(e->value, 300);
	ck_assert_double_eq_tol(tc_info(g, b).x, 11.3, EPS);
	ck_assert_double_eq_tol(tc_info(g, b).facing, 180, EPS);
	ck_assert_double_eq_tol(tc_info(g, f).x, 12.3, EPS);
	ck_assert_ptr_null(tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, f));
	e = tc_effect(&r, SKIRMISH_EFFECT_PUSH_STOPPED, b);
	ck_assert_str_eq(e->rule, "A32");
	ck_assert_int_eq(e->value, SKIRMISH_STOP_HOLDS);
	ck_assert_int_eq(e->other, f);
	ck_assert(strstr(r.text, "stopped short by Friend, who holds its ground in base contact "
			 "with an enemy") != NULL);
	ck_assert(strstr(r.text, "Friend gives ground") == NULL);
	skirmish_game_free(g);

	/* a friend behind the one that holds stands too, and takes its 1" */
	g = push_setup(&a, &b);
	f = foot(g, 1, "Friend", 12.3, 10, 180);
	f2 = foot(g, 1, "Second", 13.3, 10, 180);
	foot(g, 0, "Roman", 12.3, 11, 270);
	push(g, a, 5, 4, &r);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b)->value, 300);
	ck_assert_double_eq_tol(tc_info(g, f2).x, 13.3, EPS);
	skirmish_game_free(g);

	/* the neighbour: no enemy touches Friend, who gives ground */
	g = push_setup(&a, &b);
	f = foot(g, 1, "Friend", 12.3, 10, 180);
	push(g, a, 5, 4, &r);
	ck_assert_double_eq_tol(tc_info(g, b).x, 13, EPS);
	ck_assert_double_eq_tol(tc_info(g, f).x, 14.3, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A26 (A22's "not due until the next Melee phase" retired): a pair a push
 * makes between two figures that have not fought is due at once: a friend
 * of the file given ground into Gaius must be fought this phase. */
START_TEST(a26_a_pair_made_by_a_push_is_due_at_once)
{
	int a, b, f, c;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	f = foot(g, 1, "Friend", 12, 10, 180);
	c = foot(g, 0, "Gaius", 14.2, 10, 180);
	push(g, a, 5, 4, &r);
	/* 2" asked; Friend meets Gaius after 1.2" */
	ck_assert_double_eq_tol(tc_info(g, f).x, 13.2, EPS);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_PUSH_STOPPED, b)->other, c);
	ck_assert_ptr_nonnull(tc_effect(&r, SKIRMISH_EFFECT_MELEE_JOINED, f));
	ck_assert_rejected(g, skirmish_end_phase(g, NULL), SKIRMISH_E_PENDING);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, c, &r));
	ck_assert_int_eq(r.target, f);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	skirmish_game_free(g);
}
END_TEST

/* W1: a push is said rounded half away from zero (1.95" is 2.0"), and
 * why it is short; a push of 0" says whether the figure turned; "gives
 * ground 0.0"" is said of nobody. */
START_TEST(w1_the_sentence_of_a_push)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	foot(g, 1, "Behind", 13.95, 10, 180);           /* 1.95" behind */
	push(g, a, 5, 4, &r);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_PUSHED_BACK, b)->value, 1950);
	ck_assert_msg(strstr(r.text, "Brennus is pushed back 2.0\" to (13.0, 10.0), stopped "
			     "short by Behind's base") != NULL, "%s", r.text);
	skirmish_game_free(g);

	/* blocked at once, alone: it turns about */
	g = push_setup(&a, &b);
	tc_rect(g, SKIRMISH_TERRAIN_IMPASSABLE, 11.5, 5, 12, 15);
	push(g, a, 5, 4, &r);
	ck_assert_msg(strstr(r.text, "Brennus gives no ground: stopped by impassable ground; it "
			     "turns about") != NULL, "%s", r.text);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_PUSH_STOPPED, b)->value,
			 SKIRMISH_STOP_IMPASSABLE);
	skirmish_game_free(g);

	/* absorbed by the file: it does not turn, and the file is silent */
	g = push_setup(&a, &b);
	foot(g, 1, "Left", 12.4, 10.5, 180);
	foot(g, 1, "Right", 12.4, 9.5, 180);
	push(g, a, 4, 4, &r);
	ck_assert_msg(strstr(r.text, "Brennus gives no ground: the friends behind it absorb the "
			     "push; it does not turn") != NULL, "%s", r.text);
	ck_assert(strstr(r.text, "gives ground 0.0") == NULL);
	skirmish_game_free(g);

	/* the table's edge */
	g = new_game();
	a = fig(g, 0, "Decimus", 70, 10, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));
	b = foot(g, 1, "Brennus", 71, 10, 180);
	push(g, a, 5, 4, &r);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_PUSH_STOPPED, b)->value,
			 SKIRMISH_STOP_TABLE_EDGE);
	ck_assert_msg(strstr(r.text, "stopped short by the table's edge") != NULL, "%s", r.text);
	skirmish_game_free(g);
}
END_TEST

/* W1: a move's end, which the player asked for, is said to the
 * thousandth: 12.001" never reads 12.0". */
START_TEST(w1_a_move_says_the_point_asked_for)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "Decimus", 10, 10, 0);

	foot(g, 1, "Brennus", 60, 40, 180);
	tc_start(g);
	ck_assert_ok(move_to(g, a, 12.001, 10, -1, &r));
	ck_assert_msg(strstr(r.text, "Decimus moves from (10.0, 10.0) to (12.001, 10.0)") != NULL,
		      "%s", r.text);
	skirmish_game_free(g);
}
END_TEST

/* A33's table: Eques, a rider facing +y at (10, 10) (base x 9.5..10.5,
 * y 9..11), Brennus far off; terrain of flags from x0 to x1 (y 5..15) when
 * flags is not 0. */
static skirmish_game *
rider_game(int *e, unsigned int flags, double x0, double x1)
{
	skirmish_game *g = new_game();

	*e = fig(g, 0, "Eques", 10, 10, 90, kit(1, 0, 0, SKIRMISH_MELEE_SPEAR, 0));
	foot(g, 1, "Brennus", 60, 40, 180);
	if (flags)
		tc_rect(g, flags, x0, 5, x1, 15);
	return g;
}

/* A33: a turn on the spot sweeps its ground: a rider's quarter turn is
 * checked over the hull of its base before and after (G12), so a friend
 * off its corner, clear of both, stops it; one a little further off does
 * not. */
START_TEST(a33_a_long_base_may_not_turn_through_a_base)
{
	int e;
	skirmish_game *g = rider_game(&e, 0, 0, 0);
	char *before, *after;

	foot(g, 0, "Pedes", 11.2, 11.2, 0);
	tc_start(g);
	before = tc_snapshot(g);
	ck_assert_rejected(g, skirmish_turn(g, e, 0, NULL), SKIRMISH_E_BLOCKED);
	ck_assert_msg(strncmp(skirmish_game_errmsg(g), "A33: Eques's base would sweep through "
			      "Pedes's base", 50) == 0, "%s", skirmish_game_errmsg(g));
	after = tc_snapshot(g);
	ck_assert_str_eq(before, after);
	free(after);
	free(before);
	skirmish_game_free(g);

	g = rider_game(&e, 0, 0, 0);
	foot(g, 0, "Pedes", 11.4, 11.4, 0);
	tc_start(g);
	ck_assert_ok(skirmish_turn(g, e, 0, NULL));
	ck_assert_double_eq_tol(tc_info(g, e).move_left, 7, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A33: a rider turning about between two friends sweeps across its
 * crosswise place, though it ends on its own footprint; a foot figure on
 * a square base, touching friends on both sides, turns freely. */
START_TEST(a33_turning_about_sweeps_across)
{
	int e, p;
	skirmish_game *g = rider_game(&e, 0, 0, 0);

	foot(g, 0, "Left", 8.8, 10, 90);
	foot(g, 0, "Right", 11.2, 10, 90);
	tc_start(g);
	ck_assert_rejected(g, skirmish_turn(g, e, 270, NULL), SKIRMISH_E_BLOCKED);
	skirmish_game_free(g);

	g = new_game();
	p = foot(g, 0, "Pedes", 10, 10, 90);
	foot(g, 0, "Left", 9, 10, 90);
	foot(g, 0, "Right", 11, 10, 90);
	foot(g, 1, "Brennus", 60, 40, 180);
	tc_start(g);
	ck_assert_ok(skirmish_turn(g, p, 0, NULL));
	ck_assert_ok(skirmish_turn(g, p, 180, NULL));
	ck_assert_double_eq_tol(tc_info(g, p).move_left, 1, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A33 beside a wall: impassable ground 0.2" from a rider's side stops it
 * turning about through it; an obstacle (a wall a figure may cross) does
 * not, and a foot figure touching impassable ground turns as before. */
START_TEST(a33_a_turn_on_the_spot_beside_a_wall)
{
	int e, p;
	skirmish_game *g = rider_game(&e, SKIRMISH_TERRAIN_IMPASSABLE, 10.7, 11);

	p = foot(g, 0, "Pedes", 20, 10, 90);
	tc_rect(g, SKIRMISH_TERRAIN_IMPASSABLE, 20.5, 5, 21, 15);
	tc_start(g);
	ck_assert_rejected(g, skirmish_turn(g, e, 270, NULL), SKIRMISH_E_BLOCKED);
	ck_assert_msg(strncmp(skirmish_game_errmsg(g), "A33: ", 5) == 0, "%s",
		      skirmish_game_errmsg(g));
	ck_assert_ok(skirmish_turn(g, p, 270, NULL));
	skirmish_game_free(g);

	g = rider_game(&e, SKIRMISH_TERRAIN_OBSTACLE, 10.7, 11);
	tc_start(g);
	ck_assert_ok(skirmish_turn(g, e, 270, NULL));
	skirmish_game_free(g);
}
END_TEST

/* A28 (issue: a 0.001" move turned a figure about for free): it costs what
 * turning on the spot would, 2" for 180 degrees; with bad going it is too
 * much for a figure with shield and armour. */
START_TEST(a28_a_shuffle_costs_the_turn)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a = foot(g, 0, "Decimus", 10, 10, 0);
	int b = fig(g, 0, "Gaius", 10, 20, 0, kit(0, 1, 1, SKIRMISH_MELEE_SWORD, 0));

	foot(g, 1, "Brennus", 60, 40, 180);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 9, 19, 12, 21);
	tc_start(g);
	ck_assert_ok(move_to(g, a, 10.001, 10, 180, &r));
	ck_assert_double_eq_tol(left(g, a), 2, EPS);
	ck_assert_rejected(g, move_to(g, b, 10.001, 20, 180, &r), SKIRMISH_E_TOO_FAR);
	ck_assert_msg(strncmp(skirmish_game_errmsg(g), "A28: ", 5) == 0, "%s",
		      skirmish_game_errmsg(g));
	/* 1" keeping its facing costs 1", and 2" lost to the bad going it
	 * stands in: all of its 3" */
	ck_assert_ok(move_to(g, b, 11, 20, -1, &r));
	ck_assert_double_eq_tol(left(g, b), 0, EPS);
	skirmish_game_free(g);
}
END_TEST

/* A29: a figure in base contact with an enemy neither moves nor turns on
 * the spot; it leaves contact only when pushed back, killed, or its enemy
 * goes. Brennus, pushed away, may move again in his turn. */
START_TEST(a29_locked_in_melee)
{
	int a, b;
	skirmish_game *g = push_setup(&a, &b);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_start(g);
	ck_assert_rejected(g, move_to(g, a, 5, 10, 180, NULL), SKIRMISH_E_IN_MELEE);
	ck_assert(strncmp(skirmish_game_errmsg(g), "A29: ", 5) == 0);
	ck_assert_rejected(g, skirmish_turn(g, a, 90, NULL), SKIRMISH_E_IN_MELEE);
	ck_assert(strncmp(skirmish_game_errmsg(g), "A29: ", 5) == 0);
	to_phase(g, SKIRMISH_PHASE_MELEE);
	tc_dice(g, 2, 4, 4);                            /* 6 against 4: 2" back */
	ck_assert_ok(skirmish_fight(g, a, &r));
	ck_assert(!tc_info(g, b).in_melee);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	ck_assert_ok(move_to(g, b, 15, 10, 0, NULL));
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Third rulings: faces and obstacles                                   */
/* ------------------------------------------------------------------ */

/* G15 (issue: archers 2" apart along a wall were a melee pair). Lucius and
 * Brennus line the two sides of a 0.4" wall, 2" apart along it: no pair,
 * so Lucius moves along the wall and shoots Brennus over it. Cato and Vercix
 * face each other across the same wall: a pair from setup, so neither may
 * shoot (A5) nor move (A29). */
START_TEST(g15_archers_along_a_wall_are_no_pair)
{
	skirmish_game *g = new_game();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_spec bow = kit(0, 0, 0, SKIRMISH_MELEE_DAGGER, SKIRMISH_MISSILE_SHORT_BOW);
	int a = fig(g, 0, "Lucius", 9.95, 10, 0, bow);
	int b = fig(g, 1, "Brennus", 11.45, 12, 180, bow);
	int c = fig(g, 0, "Cato", 9.95, 30, 0, bow);
	int d = fig(g, 1, "Vercix", 11.45, 30, 180, bow);

	wall_x(g, 10.5, 10.9, 0, 40);
	tc_start(g);
	ck_assert(!tc_info(g, a).in_melee && !tc_info(g, b).in_melee);
	ck_assert(tc_info(g, c).in_melee && tc_info(g, d).in_melee);
	ck_assert_rejected(g, move_to(g, c, 9.95, 26, 0, NULL), SKIRMISH_E_IN_MELEE);
	ck_assert_ok(move_to(g, a, 9.95, 9, 0, &r));
	ck_assert(!tc_info(g, a).in_melee);
	to_phase(g, SKIRMISH_PHASE_MISSILE);
	ck_assert_rejected(g, skirmish_shoot(g, c, b, NULL), SKIRMISH_E_IN_MELEE);
	/* 5 against 2 + 1, the wall between them (A5): higher, not double */
	tc_dice(g, 2, 5, 2);
	ck_assert_ok(skirmish_shoot(g, a, b, &r));
	ck_assert_ptr_nonnull(tc_mod(&r, SKIRMISH_MOD_OBSTACLE, 1));
	ck_assert_ptr_nonnull(tc_effect(&r, SKIRMISH_EFFECT_SUPPRESSED, b));
	skirmish_game_free(g);
}
END_TEST

/* G17, G14, A5: a yard's corner, a west wall with a north wall touching
 * its far face. Lucius lines the west wall; his arrow at Brennus also
 * crosses the north wall, 3.5" off. Touching, the two walls are one
 * obstacle that Lucius lines, and Brennus, in the open, gets no +1; the
 * same north wall 0.05" clear of the west wall is an obstacle of its own
 * in the way (+1). */
START_TEST(g17_a_yard_corner_is_one_obstacle_to_shoot_over)
{
	int apart;

	for (apart = 0; apart < 2; apart++) {
		skirmish_game *g = new_game();
		skirmish_result r = SKIRMISH_RESULT_INIT;
		int a = fig(g, 0, "Lucius", 9.5, 10, 0, kit(0, 0, 0, SKIRMISH_MELEE_DAGGER,
							     SKIRMISH_MISSILE_LONG_BOW));
		int b = foot(g, 1, "Brennus", 20, 20, 180);
		int cover = -1;

		wall_x(g, 10.25, 10.65, 0, 20);
		wall_x(g, apart ? 10.7 : 10.65, 30, 14, 14.4);
		tc_start(g);
		to_phase(g, SKIRMISH_PHASE_MISSILE);
		ck_assert_ok(skirmish_game_in_cover(g, a, b, &cover));
		ck_assert_int_eq(cover, apart);
		tc_dice(g, 2, 4, 3);
		ck_assert_ok(skirmish_shoot(g, a, b, &r));
		if (apart)
			ck_assert_int_eq(tc_mod(&r, SKIRMISH_MOD_OBSTACLE, 1)->figure, b);
		else
			ck_assert_ptr_null(tc_mod(&r, SKIRMISH_MOD_OBSTACLE, 1));
		skirmish_game_free(g);
	}
}
END_TEST

/* G17, G13, A26: a wall of two courses, 0.3" each, touching: Decimus
 * comes up to it; Brennus lines its far face. 0.7" apart across 0.6" of
 * wall, face to face, they are a pair made by Decimus's move. The same
 * courses 0.05" apart are two obstacles, and nobody touches. A save does
 * not hold the grouping: the loader finds it again from the pieces, and
 * the game loaded is the game saved (its checks include every contact). */
START_TEST(g17_a_wall_of_two_courses_makes_a_pair)
{
	int apart;

	for (apart = 0; apart < 2; apart++) {
		skirmish_game *g = new_game();
		skirmish_result r = SKIRMISH_RESULT_INIT;
		skirmish_game *h = NULL;
		double off = apart ? 0.05 : 0.0;
		unsigned char *buf;
		size_t size = 0;
		char err[256];
		int a = foot(g, 0, "Decimus", 7, 10, 0);
		int b = foot(g, 1, "Brennus", 11.35 + off, 10, 180);

		wall_x(g, 10.2, 10.5, 0, 20);
		wall_x(g, 10.5 + off, 10.8 + off, 0, 20);
		tc_start(g);
		ck_assert(!tc_info(g, b).in_melee);
		ck_assert_ok(move_to(g, a, 9.65, 10, 0, &r));
		ck_assert_int_eq(tc_info(g, a).in_melee, !apart);
		ck_assert_int_eq(tc_info(g, b).in_melee, !apart);
		ck_assert_int_eq(skirmish_game_save(g, NULL, 0, &size), SKIRMISH_E_LIMIT);
		buf = malloc(size);
		ck_assert_ptr_nonnull(buf);
		ck_assert_ok(skirmish_game_save(g, buf, size, NULL));
		ck_assert_ok(skirmish_game_load(&h, buf, size, NULL, err, sizeof(err)));
		ck_assert_uint_eq(tc_state_hash(h), tc_state_hash(g));
		ck_assert_int_eq(tc_info(h, b).in_melee, !apart);
		/* the loader finds the obstacles again from the pieces */
		ck_assert_int_eq(skirmish_game_terrain_obstacle(g, 1), apart ? 1 : 0);
		ck_assert_int_eq(skirmish_game_terrain_obstacle(h, 1), apart ? 1 : 0);
		free(buf);
		skirmish_game_free(h);
		skirmish_game_free(g);
	}
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("sampson");

	ADD_TEST(s, a1_every_roll_is_a_d6);
	ADD_TEST(s, a1_option_another_die_size);
	ADD_TEST(s, a2_phases_move_missile_melee_in_order);
	ADD_TEST(s, a2_action_of_another_phase_rejected);
	ADD_TEST(s, a11_end_turn_may_skip_phases);
	ADD_TEST(s, a11_unfought_melee_blocks_the_end_of_the_turn);
	ADD_TEST(s, a3_infantry_moves_4_inches);
	ADD_TEST(s, a3_riders_move_8_inches);
	ADD_TEST(s, a3_shield_and_armour_each_cost_infantry_half_an_inch);
	ADD_TEST(s, a3_bad_going_costs_infantry_2_inches);
	ADD_TEST(s, a3_bad_going_costs_riders_4_inches);
	ADD_TEST(s, a13_a_move_that_starts_in_bad_going_loses_too);
	ADD_TEST(s, a13_terrain_move_penalty_is_lost_when_entered);
	ADD_TEST(s, a13_losses_do_not_add_up);
	ADD_TEST(s, a3_a_figure_that_moves_may_end_facing_any_direction);
	ADD_TEST(s, a3_turning_on_the_spot_costs_1_inch_per_90_degrees_pro_rata);
	ADD_TEST(s, a12_moving_and_turning_on_the_spot_exclude_each_other);
	ADD_TEST(s, a12_a_move_of_no_length_is_rejected);
	ADD_TEST(s, a12_allowance_back_at_the_start_of_the_next_turn);
	ADD_TEST(s, a14_a_figure_in_melee_may_not_move_or_turn);
	ADD_TEST(s, a4_a_move_into_contact_turns_the_enemy_to_face);
	ADD_TEST(s, a4_an_enemy_already_in_melee_is_not_turned);
	ADD_TEST(s, a16_the_mover_closes_up_to_the_turned_front);
	ADD_TEST(s, a16_a_turning_rider_pushes_the_mover_back_to_its_front);
	ADD_TEST(s, a16_no_turn_when_the_turned_base_would_overlap);
	ADD_TEST(s, a26_touching_two_enemies_the_attacker_names_one);
	ADD_TEST(s, a23_turning_into_contact_is_a_move_into_contact);
	ADD_TEST(s, a15_contact_at_setup_is_a_melee);
	ADD_TEST(s, a26_a_chain_of_contacts_is_fought_pair_by_pair);
	ADD_TEST(s, a26_an_enemy_that_fought_as_a_comrade_is_fought_no_more);
	ADD_TEST(s, a5_ranges_edge_to_edge);
	ADD_TEST(s, a5_weapon_die_modifiers);
	ADD_TEST(s, a5_target_adds_shield_armour_and_obstacle);
	ADD_TEST(s, a5_property_every_pair_of_faces);
	ADD_TEST(s, a5_kill_when_doubled);
	ADD_TEST(s, a5_one_shot_per_figure_per_turn);
	ADD_TEST(s, a5_no_shooting_by_or_at_figures_in_melee);
	ADD_TEST(s, a5_the_target_must_be_visible);
	ADD_TEST(s, a5_needs_a_missile_weapon_and_an_enemy);
	ADD_TEST(s, a10_senso_equipment_rejected);
	ADD_TEST(s, a6_suppression_lasts_through_the_owners_next_turn);
	ADD_TEST(s, a6_a_suppressed_figure_may_fight);
	ADD_TEST(s, a7_both_roll_and_add_shield_and_armour);
	ADD_TEST(s, a7_doubled_kills);
	ADD_TEST(s, a7_equal_the_melee_goes_on);
	ADD_TEST(s, a7_the_acting_side_can_lose);
	ADD_TEST(s, a7_each_melee_fought_once_per_melee_phase);
	ADD_TEST(s, a7_a_figure_in_no_melee_cannot_fight);
	ADD_TEST(s, a17_uphill_of_the_opponent);
	ADD_TEST(s, a18_defending_an_obstacle);
	ADD_TEST(s, a19_longer_weapon_first_round_only);
	ADD_TEST(s, a19_which_weapon_is_longer);
	ADD_TEST(s, a20_moved_into_contact_this_turn);
	ADD_TEST(s, a7_property_every_pair_of_faces);
	ADD_TEST(s, a26_the_attacker_rolls_plus_1_per_comrade);
	ADD_TEST(s, a8_only_the_main_protagonist_is_pushed_back_or_killed);
	ADD_TEST(s, a9_pushed_straight_back_and_turned_about);
	ADD_TEST(s, a30_pushed_square_to_the_side_touched);
	ADD_TEST(s, a30_a_push_from_the_flank_is_square_to_it);
	ADD_TEST(s, a30_a_friend_beside_the_loser_is_not_the_file);
	ADD_TEST(s, a30_a_friend_beside_at_a_slant_is_not_the_file);
	ADD_TEST(s, a30_a_push_in_a_melee_of_three);
	ADD_TEST(s, a21_push_blocked_by_a_base);
	ADD_TEST(s, a21_push_blocked_by_impassable_terrain);
	ADD_TEST(s, a21_push_stops_at_the_table_edge);
	ADD_TEST(s, a27_one_friend_behind_gives_ground_with_it);
	ADD_TEST(s, a21_one_friend_within_half_an_inch_behind);
	ADD_TEST(s, a21_two_friends_behind);
	ADD_TEST(s, a21_friends_absorb_the_whole_push);
	ADD_TEST(s, a21_a_friend_beside_or_further_back_does_not_count);
	ADD_TEST(s, a22_a_push_against_an_enemy_makes_a_melee);
	ADD_TEST(s, a9_rider_pushed_back);
	ADD_TEST(s, g6_a_bad_die_in_a_fight_changes_nothing);
	ADD_TEST(s, a_full_game_every_event);
	ADD_TEST(s, g13_a26_melee_across_a_wall);
	ADD_TEST(s, g13_no_melee_across_a_thick_wall);
	ADD_TEST(s, g14_the_archer_lining_a_wall);
	ADD_TEST(s, a26_figures_of_other_players_are_never_comrades);
	ADD_TEST(s, a26_a_comrade_touches_the_enemy_it_fights);
	ADD_TEST(s, a26_a_figure_fights_once_a_phase);
	ADD_TEST(s, a26_longer_weapon_in_each_pair_first_fight);
	ADD_TEST(s, a27_the_file_gives_ground);
	ADD_TEST(s, a27_what_stops_one_stops_all);
	ADD_TEST(s, a31_a_push_stops_against_a_wall);
	ADD_TEST(s, a31_a_push_into_a_wall_with_a_friend_behind);
	ADD_TEST(s, a31_a_figure_on_a_wall_is_not_carried_over);
	ADD_TEST(s, a32_a_file_friend_in_its_own_melee_holds);
	ADD_TEST(s, a26_a_pair_made_by_a_push_is_due_at_once);
	ADD_TEST(s, w1_the_sentence_of_a_push);
	ADD_TEST(s, w1_a_move_says_the_point_asked_for);
	ADD_TEST(s, a33_a_long_base_may_not_turn_through_a_base);
	ADD_TEST(s, a33_turning_about_sweeps_across);
	ADD_TEST(s, a33_a_turn_on_the_spot_beside_a_wall);
	ADD_TEST(s, a28_a_shuffle_costs_the_turn);
	ADD_TEST(s, a29_locked_in_melee);
	ADD_TEST(s, g15_archers_along_a_wall_are_no_pair);
	ADD_TEST(s, g17_a_yard_corner_is_one_obstacle_to_shoot_over);
	ADD_TEST(s, g17_a_wall_of_two_courses_makes_a_pair);
	return s;
}

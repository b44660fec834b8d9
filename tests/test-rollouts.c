/* SPDX-License-Identifier: MIT */
/*
 * Rollouts for tree search: the playouts' horizon, the value of a game,
 * the rollout policy's choices, callers of the first version of the
 * playout structs, the copy of a game into one without history, and the
 * history records that keep only the live state.
 */
#include <stdlib.h>

#include "test-common.h"

/* Two lines of six figures, 16" apart: archers and swordsmen (Senso) or
 * spearmen with javelins and slings (Sampson). */
static skirmish_game *
lines(int ruleset)
{
	skirmish_game *g = tc_game(ruleset, 2);
	skirmish_figure_spec s;
	int i;

	for (i = 0; i < 12; i++) {
		skirmish_figure_spec_init(&s, SKIRMISH_FIGURE_SPEC_VERSION);
		if (ruleset == SKIRMISH_RULESET_SENSO) {
			s.dv = 6;
			s.melee_weapon = SKIRMISH_MELEE_SWORD;
			s.missile_weapon = i % 4 < 2 ? SKIRMISH_MISSILE_BOW : SKIRMISH_MISSILE_NONE;
		} else {
			s.shield = 1;
			s.melee_weapon = SKIRMISH_MELEE_SPEAR;
			s.missile_weapon = i % 4 < 2 ? SKIRMISH_MISSILE_JAVELIN :
						       SKIRMISH_MISSILE_SLING;
		}
		s.facing = i % 2 ? 270 : 90;
		tc_figure(g, i % 2, NULL, 8 + 4 * (i / 2), i % 2 ? 30 : 14, &s);
	}
	return g;
}

/* Playouts by one policy for both sides, to a horizon. */
static skirmish_playout_stats
roll(skirmish_game *g, int games, int policy, int horizon)
{
	skirmish_playout_options o = SKIRMISH_PLAYOUT_OPTIONS_INIT;
	skirmish_playout_stats st;

	o.games = games;
	o.seed = 5;
	o.horizon = horizon;
	o.policy[0] = o.policy[1] = policy;
	ck_assert_ok(skirmish_playout_stats_init(&st, SKIRMISH_PLAYOUT_STATS_VERSION));
	ck_assert_msg(skirmish_game_playouts(g, &o, &st) == 0, "%s", skirmish_game_errmsg(g));
	return st;
}

/* A horizon of h game turns stops every game still playing at the start
 * of the game turn the present one + h: counted as stopped at the horizon,
 * not as unfinished, and valued. */
START_TEST(horizon_stops_at_the_game_turn)
{
	static const int rulesets[] = { SKIRMISH_RULESET_SENSO, SKIRMISH_RULESET_SAMPSON };
	int k, h;

	for (k = 0; k < 2; k++) {
		skirmish_game *g = lines(rulesets[k]);
		tc_start(g);
		for (h = 1; h <= 2; h++) {
			skirmish_playout_stats st = roll(g, 6, SKIRMISH_POLICY_RANDOM, h);
			ck_assert_int_eq(st.games, 6);
			ck_assert_int_eq(st.horizon_stopped, 6);
			ck_assert_int_eq(st.unfinished + st.draws + st.wins[0] + st.wins[1], 0);
			ck_assert(st.average_turns == 1.0 + h);
			ck_assert(st.actions > 6 * h);
			ck_assert(fabs(st.value[0] + st.value[1] - 6.0) < 1e-9);
			ck_assert(st.value[0] > 0 && st.value[1] > 0);
		}
		/* from game turn 2: a horizon of 1 stops at turn 3 */
		ck_assert_ok(skirmish_end_turn(g, NULL));
		ck_assert_ok(skirmish_end_turn(g, NULL));
		ck_assert_int_eq(skirmish_game_turn(g), 2);
		ck_assert(roll(g, 3, SKIRMISH_POLICY_ROLLOUT, 1).average_turns == 3.0);
		skirmish_game_free(g);
	}
}
END_TEST

/* Past the turn limit the games end as they always did: none is counted
 * at the horizon, and a horizon of 0 plays to the end. */
START_TEST(horizon_past_the_turn_limit_ends_the_games)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_playout_stats st;
	skirmish_game *g;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.players = 2;
	o.player_order = order;
	o.turn_limit = 2;
	g = tc_game_opts(&o);
	s.dv = 6;
	tc_figure(g, 0, "Kenji", 5, 5, &s);
	tc_figure(g, 1, "Taro", 40, 40, &s);
	tc_start(g);
	st = roll(g, 4, SKIRMISH_POLICY_RANDOM, 5);
	ck_assert_int_eq(st.horizon_stopped, 0);
	ck_assert_int_eq(st.unfinished, 0);
	ck_assert_int_eq(st.wins[0] + st.wins[1] + st.draws, 4);
	st = roll(g, 4, SKIRMISH_POLICY_ROLLOUT, 0);
	ck_assert_int_eq(st.horizon_stopped, 0);
	ck_assert_int_eq(st.wins[0] + st.wins[1] + st.draws, 4);
	skirmish_game_free(g);
}
END_TEST

static double
value(const skirmish_game *g, int player)
{
	double v = -1;

	ck_assert_ok(skirmish_game_value(g, player, &v));
	return v;
}

/* The value shares the worth still standing: in halves, 2 x (2 + armour
 * + shield + mounted + missile weapon + martial arts) + 12 - DV (Senso,
 * S1: the better figure rolls the lower die). */
START_TEST(value_shares_the_worth_standing)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	/* 2 x (2 + 1 + 1) + 12 - 8 = 12 halves against 2 x 2 + 12 - 12 = 4 */
	s.dv = 8;
	s.armour = 1;
	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	tc_figure(g, 0, "Kenji", 10, 10, &s);
	skirmish_figure_spec_init(&s, SKIRMISH_FIGURE_SPEC_VERSION);
	s.dv = 12;
	tc_figure(g, 1, "Taro", 10, 30, &s);
	ck_assert(value(g, 0) == 0.75);
	ck_assert(value(g, 1) == 0.25);
	skirmish_game_free(g);

	/* Sampson has no DV: 2 x (2 + shield) = 6 against 2 x (2 + shield
	 * + missile weapon) + another 2 x 2 = 12 */
	g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	skirmish_figure_spec_init(&s, SKIRMISH_FIGURE_SPEC_VERSION);
	s.shield = 1;
	tc_figure(g, 0, "Aias", 10, 10, &s);
	s.missile_weapon = SKIRMISH_MISSILE_JAVELIN;
	tc_figure(g, 1, "Hektor", 10, 30, &s);
	skirmish_figure_spec_init(&s, SKIRMISH_FIGURE_SPEC_VERSION);
	tc_figure(g, 1, "Paris", 20, 30, &s);
	ck_assert(value(g, 0) == 6.0 / 18.0);
	ck_assert(value(g, 1) == 12.0 / 18.0);
	skirmish_game_free(g);
}
END_TEST

/* An objective held is worth 2 (4 halves) to the player whose figure
 * carries it. */
START_TEST(value_counts_objectives_held)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	double xy[2] = { 10, 14 };
	int pig;

	s.dv = 6;
	tc_figure(g, 0, "Kenji", 10, 10, &s);
	tc_figure(g, 1, "Taro", 40, 40, &s);
	ck_assert_ok(skirmish_game_add_objective(g, "pig", 10, 15, &pig));
	tc_start(g);
	ck_assert(value(g, 0) == 0.5);
	ck_assert_ok(skirmish_move(g, 0, xy, 1, SKIRMISH_FACING_KEEP, NULL));
	/* 2 x 2 + 12 - 6 = 10 halves, and 4 for the pig, against 10 */
	ck_assert(value(g, 0) == 14.0 / 24.0);
	ck_assert(value(g, 1) == 10.0 / 24.0);
	skirmish_game_free(g);
}
END_TEST

/* A game over is worth 1 to its winner and 0 to the loser; the umpire's
 * value is 0; a bad call is refused. */
START_TEST(value_of_a_game_over_and_bad_calls)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	double v = 5;

	s.dv = 6;
	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	tc_figure(g, 0, "Kenji", 10, 10, &s);
	s.missile_weapon = SKIRMISH_MISSILE_NONE;
	tc_figure(g, 1, "Taro", 10, 21, &s);
	tc_start(g);
	/* S6: a d6 bow at 10" against an unarmoured target; the die shows 1 */
	tc_dice(g, 1, 1);
	ck_assert_ok(skirmish_shoot(g, 0, 1, NULL));
	ck_assert_int_eq(skirmish_game_winner(g), 0);
	ck_assert(value(g, 0) == 1.0);
	ck_assert(value(g, 1) == 0.0);
	ck_assert_query_fails(g, skirmish_game_value(g, 2, &v), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_value(g, -1, &v), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_value(g, 0, NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_value(NULL, 0, &v), SKIRMISH_E_INVALID);
	ck_assert(v == 5);
	skirmish_game_free(g);
}
END_TEST

/* The rollout policy's action for the active player. */
static skirmish_action
rollout_choice(skirmish_game *g, uint64_t seed)
{
	skirmish_action a = SKIRMISH_ACTION_INIT;
	uint64_t rng = seed;

	ck_assert_msg(skirmish_game_policy_action(g, SKIRMISH_POLICY_ROLLOUT, &rng, &a) == 0,
		      "%s", skirmish_game_errmsg(g));
	ck_assert_ok(skirmish_game_check_action(g, &a));
	return a;
}

static skirmish_game *
senso_pair(int missile, double gap)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.dv = 6;
	s.melee_weapon = SKIRMISH_MELEE_SWORD;
	s.missile_weapon = missile;
	tc_figure(g, 0, "Kenji", 10, 10, &s);
	s.missile_weapon = SKIRMISH_MISSILE_NONE;
	tc_figure(g, 1, "Taro", 10, 10 + 1 + gap, &s);
	tc_start(g);
	return g;
}

/* Within 12" an archer shoots, whatever the seed. */
START_TEST(rollout_policy_shoots_when_it_can)
{
	skirmish_game *g = senso_pair(SKIRMISH_MISSILE_BOW, 10);
	uint64_t seed;

	for (seed = 0; seed < 8; seed++) {
		skirmish_action a = rollout_choice(g, seed);
		ck_assert_int_eq(a.kind, SKIRMISH_ACTION_SHOOT);
		ck_assert_int_eq(a.figure, 0);
		ck_assert_int_eq(a.target, 1);
	}
	skirmish_game_free(g);
}
END_TEST

/* Farther than 12" and farther than a charge, a figure closes on the
 * nearest enemy by the longest straight move toward it, an archer too. */
START_TEST(rollout_policy_closes_on_the_nearest_enemy)
{
	static const int missiles[] = { SKIRMISH_MISSILE_NONE, SKIRMISH_MISSILE_BOW };
	int k;

	for (k = 0; k < 2; k++) {
		skirmish_game *g = senso_pair(missiles[k], 20);
		skirmish_action a = rollout_choice(g, 3);
		skirmish_figure_info f;
		ck_assert_int_eq(a.kind, SKIRMISH_ACTION_MOVE);
		ck_assert_int_eq(a.figure, 0);
		ck_assert_ok(skirmish_game_act(g, &a, NULL));
		f = tc_info(g, 0);
		/* 6" on foot (S9), straight at Taro */
		ck_assert(fabs(f.x - 10) < 0.05 && fabs(f.y - 16) < 0.05);
		skirmish_game_free(g);
	}
}
END_TEST

/* Within a move, a figure without a missile weapon charges; in contact it
 * fights; when no figure can act, the turn ends. */
START_TEST(rollout_policy_charges_fights_and_ends_the_turn)
{
	skirmish_game *g = senso_pair(SKIRMISH_MISSILE_NONE, 4);
	skirmish_action a = rollout_choice(g, 1);

	ck_assert_int_eq(a.kind, SKIRMISH_ACTION_CHARGE);
	ck_assert_int_eq(a.target, 1);
	skirmish_game_free(g);

	g = senso_pair(SKIRMISH_MISSILE_NONE, 0);
	a = rollout_choice(g, 1);
	ck_assert_int_eq(a.kind, SKIRMISH_ACTION_FIGHT);
	ck_assert_int_eq(a.figure, 0);
	skirmish_game_free(g);

	/* Kenji has moved: nothing of player 0 can act */
	g = senso_pair(SKIRMISH_MISSILE_NONE, 20);
	ck_assert_ok(skirmish_game_act(g, (a = rollout_choice(g, 1), &a), NULL));
	a = rollout_choice(g, 1);
	ck_assert_int_eq(a.kind, SKIRMISH_ACTION_END_TURN);
	skirmish_game_free(g);
}
END_TEST

/* A samurai of player 0 at (x, 18) facing east on a 48" x 36" table, an
 * enemy 30" east of it, the barrel at (bx, by), player 0's exit edge the
 * west; with keeper, a samurai of the umpire (player 2) 3" west of the
 * barrel. */
static skirmish_game *
barrel_game(double x, double bx, double by, int keeper)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_figure_spec f = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.table_width = 48;
	o.table_depth = 36;
	o.turn_limit = 8;
	o.players = 2;
	o.umpire = keeper;
	o.player_order = order;
	g = tc_game_opts(&o);
	skirmish_figure_spec_preset(&f, SKIRMISH_PRESET_SAMURAI);
	f.facing = 0;
	tc_figure(g, 0, "Kenji", x, 18, &f);
	f.facing = 180;
	tc_figure(g, 1, "Taro", x + 30, 18, &f);
	if (keeper)
		tc_figure(g, 2, "Keeper", bx - 3, by, &f);
	ck_assert_ok(skirmish_game_add_objective(g, "barrel", bx, by, NULL));
	ck_assert_ok(skirmish_game_set_exit_edge(g, 0, SKIRMISH_EDGE_WEST));
	tc_start(g);
	return g;
}

/* The rollout policy plays for the objectives, whatever the seed: a
 * figure with the barrel within its move (4" off, no enemy within 12")
 * moves onto it and picks it up (O2); its next turn it carries it the
 * longest move towards its exit edge, and at the edge it leaves the
 * table with it and its side wins (O4). */
START_TEST(rollout_policy_takes_the_objective_home)
{
	uint64_t seed;

	for (seed = 0; seed < 4; seed++) {
		skirmish_game *g = barrel_game(14, 10, 18, 0);
		skirmish_action a = rollout_choice(g, seed);
		skirmish_figure_info f;
		int carrier = -1, state = -1, turn;

		ck_assert_int_eq(a.kind, SKIRMISH_ACTION_MOVE);
		ck_assert_int_eq(a.figure, 0);
		ck_assert_ok(skirmish_game_act(g, &a, NULL));
		ck_assert_ok(skirmish_game_objective(g, 0, NULL, &carrier, NULL, NULL, NULL, NULL));
		ck_assert_int_eq(carrier, 0);
		/* home at 6" a turn: the centre at x = 10, 4, then the edge */
		for (turn = 0; turn < 2; turn++) {
			ck_assert_ok(skirmish_end_turn(g, NULL));
			ck_assert_ok(skirmish_end_turn(g, NULL));
			a = rollout_choice(g, seed);
			ck_assert_int_eq(a.kind, SKIRMISH_ACTION_MOVE);
			ck_assert_int_eq(a.figure, 0);
			ck_assert_ok(skirmish_game_act(g, &a, NULL));
			f = tc_info(g, 0);
			ck_assert(fabs(f.y - 18) < 0.05);
			if (turn == 0)
				ck_assert(fabs(f.x - 4) < 0.05);
		}
		ck_assert_ok(skirmish_game_objective(g, 0, &state, NULL, NULL, NULL, NULL, NULL));
		ck_assert_int_eq(state, SKIRMISH_OBJECTIVE_OFF_TABLE);
		ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
		ck_assert_int_eq(skirmish_game_winner(g), 0);
		skirmish_game_free(g);
	}
}
END_TEST

/* The umpire's figures pick nothing up (G16): its samurai 3" from the
 * barrel does anything but move onto it. A barrel beyond a figure's move
 * (12" north of it) is not walked to: the figure closes on the enemy, 6"
 * east, as it did before. */
START_TEST(rollout_policy_objectives_the_umpire_and_out_of_reach)
{
	skirmish_game *g = barrel_game(14, 24, 18, 1);
	skirmish_action a;
	uint64_t seed;

	ck_assert_ok(skirmish_end_turn(g, NULL));
	ck_assert_ok(skirmish_end_turn(g, NULL));
	ck_assert_int_eq(skirmish_game_active_player(g), 2);
	for (seed = 0; seed < 4; seed++) {
		a = rollout_choice(g, seed);
		ck_assert_int_eq(a.figure, 2);
		ck_assert(!(a.kind == SKIRMISH_ACTION_MOVE && a.npoints == 1 &&
			    fabs(a.xy[0] - 24) < 0.05 && fabs(a.xy[1] - 18) < 0.05));
	}
	skirmish_game_free(g);

	g = barrel_game(10, 10, 30, 0);
	a = rollout_choice(g, 1);
	ck_assert_int_eq(a.kind, SKIRMISH_ACTION_MOVE);
	ck_assert_int_eq(a.npoints, 1);
	ck_assert(fabs(a.xy[0] - 16) < 0.05 && fabs(a.xy[1] - 18) < 0.05);
	skirmish_game_free(g);
}
END_TEST

/* An archer with more targets than the rollout keeps the indexes of (64
 * candidates of one kind) draws among them all the same: each draw is a
 * shot at one of them, the same for the same seed, and the seeds reach
 * targets all over the list. */
START_TEST(rollout_policy_draws_among_many_targets)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	unsigned char hit[73] = { 0 };
	uint64_t seed;
	int i, nhit = 0, low = 0, high = 0;

	s.dv = 6;
	s.melee_weapon = SKIRMISH_MELEE_SWORD;
	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	tc_figure(g, 0, "Kenji", 24, 10, &s);
	s.missile_weapon = SKIRMISH_MISSILE_NONE;
	/* 72 in six rows of twelve, 2" and 1.5" apart, all within 12" */
	for (i = 0; i < 72; i++)
		tc_figure(g, 1, NULL, 13 + 2 * (i % 12), 12 + 1.5 * (i / 12), &s);
	tc_start(g);
	for (seed = 0; seed < 64; seed++) {
		skirmish_action a = rollout_choice(g, seed), b = rollout_choice(g, seed);

		ck_assert_int_eq(a.kind, SKIRMISH_ACTION_SHOOT);
		ck_assert_int_eq(a.figure, 0);
		ck_assert_int_eq(b.target, a.target);
		ck_assert(a.target >= 1 && a.target <= 72);
		nhit += !hit[a.target];
		hit[a.target] = 1;
		low += a.target <= 36;
		high += a.target > 36;
	}
	ck_assert_int_ge(nhit, 20);
	ck_assert_int_gt(low, 0);
	ck_assert_int_gt(high, 0);
	skirmish_game_free(g);
}
END_TEST

/* Sampson Ships: the move phase closes, the missile phase shoots. */
START_TEST(rollout_policy_sampson_phases)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_action a;

	s.shield = 1;
	s.melee_weapon = SKIRMISH_MELEE_SPEAR;
	s.missile_weapon = SKIRMISH_MISSILE_SLING;
	s.facing = 90;
	tc_figure(g, 0, "Aias", 10, 10, &s);
	s.facing = 270;
	tc_figure(g, 1, "Hektor", 10, 25, &s);
	tc_start(g);
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_MOVE);
	a = rollout_choice(g, 2);
	ck_assert_int_eq(a.kind, SKIRMISH_ACTION_MOVE);
	ck_assert_ok(skirmish_game_act(g, &a, NULL));
	ck_assert(tc_info(g, 0).y > 10.5);
	while (skirmish_game_phase(g) == SKIRMISH_PHASE_MOVE) {
		a = rollout_choice(g, 2);
		ck_assert(a.kind == SKIRMISH_ACTION_MOVE || a.kind == SKIRMISH_ACTION_END_PHASE);
		ck_assert_ok(skirmish_game_act(g, &a, NULL));
	}
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_MISSILE);
	a = rollout_choice(g, 2);
	ck_assert_int_eq(a.kind, SKIRMISH_ACTION_SHOOT);
	ck_assert_int_eq(a.target, 1);
	skirmish_game_free(g);
}
END_TEST

/* Callers of version 1 of the playout structs: the horizon past the end
 * of their options is never read, nothing past the end of their stats is
 * written, and they get the games version 2 gives without a horizon. */
START_TEST(playout_structs_of_version_1_still_accepted)
{
	skirmish_game *g = lines(SKIRMISH_RULESET_SENSO);
	skirmish_playout_options o1, o2;
	skirmish_playout_stats s1, s2;

	tc_start(g);
	memset(&o1, 0x5a, sizeof(o1));
	ck_assert_ok(skirmish_playout_options_init(&o1, 1));
	ck_assert_uint_eq(o1.version, 1);
	ck_assert_int_eq(o1.horizon, 0x5a5a5a5a); /* past version 1: untouched */
	o1.horizon = -7;                           /* and never read */
	o1.games = 5;
	o1.seed = 3;
	o1.max_actions = 400;
	memset(&s1, 0x5a, sizeof(s1));
	ck_assert_ok(skirmish_playout_stats_init(&s1, 1));
	ck_assert_uint_eq(s1.version, 1);
	ck_assert_int_eq(s1.horizon_stopped, 0x5a5a5a5a);
	ck_assert_ok(skirmish_game_playouts(g, &o1, &s1));
	ck_assert_int_eq(s1.horizon_stopped, 0x5a5a5a5a);
	ck_assert_int_eq(s1.games, 5);

	ck_assert_ok(skirmish_playout_options_init(&o2, SKIRMISH_PLAYOUT_OPTIONS_VERSION));
	o2.games = 5;
	o2.seed = 3;
	o2.max_actions = 400;
	ck_assert_ok(skirmish_playout_stats_init(&s2, SKIRMISH_PLAYOUT_STATS_VERSION));
	ck_assert_ok(skirmish_game_playouts(g, &o2, &s2));
	ck_assert(s1.actions == s2.actions);
	ck_assert(s1.wins[0] == s2.wins[0] && s1.wins[1] == s2.wins[1]);
	ck_assert(s1.unfinished == s2.unfinished && s2.horizon_stopped == 0);

	/* version 2 refuses a negative horizon, and changes nothing */
	o2.horizon = -1;
	ck_assert_rejected(g, skirmish_game_playouts(g, &o2, &s2), SKIRMISH_E_INVALID);
	o2.horizon = 0;
	o2.policy[0] = 3;
	ck_assert_rejected(g, skirmish_game_playouts(g, &o2, &s2), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_playout_stats_init(&s2, 3), SKIRMISH_E_VERSION);
	ck_assert_int_eq(skirmish_playout_options_init(&o2, 3), SKIRMISH_E_VERSION);
	skirmish_game_free(g);
}
END_TEST

/* A game whose history limit is 0 takes none of the history of the game
 * copied into it, and keeps its limit; any other takes all of it. */
START_TEST(copy_into_a_history_free_game_copies_no_history)
{
	skirmish_game *g = lines(SKIRMISH_RULESET_SENSO), *bare = NULL, *full = NULL;
	uint64_t rng = 4, h0, h1, h2;
	int i;

	tc_start(g);
	for (i = 0; i < 30; i++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		ck_assert_ok(skirmish_game_policy_action(g, SKIRMISH_POLICY_RANDOM, &rng, &a));
		ck_assert_ok(skirmish_game_act(g, &a, NULL));
	}
	ck_assert_int_eq(skirmish_game_history_length(g), 31);
	ck_assert_ok(skirmish_game_clone(g, &bare));
	ck_assert_ok(skirmish_game_clone(g, &full));
	ck_assert_ok(skirmish_game_set_history_limit(bare, 0));
	ck_assert_int_eq(skirmish_game_history_length(bare), 0);
	ck_assert_ok(skirmish_game_undo(full));
	ck_assert_ok(skirmish_game_copy(bare, g));
	ck_assert_ok(skirmish_game_copy(full, g));
	ck_assert_int_eq(skirmish_game_history_length(bare), 0);
	ck_assert_int_eq(skirmish_game_history_limit(bare), 0);
	ck_assert_int_eq(skirmish_game_history_length(full), 31);
	ck_assert_int_eq(skirmish_game_history_limit(full), -1);
	ck_assert_ok(skirmish_game_hash(g, &h0));
	ck_assert_ok(skirmish_game_hash(bare, &h1));
	ck_assert_ok(skirmish_game_hash(full, &h2));
	ck_assert(h0 == h1 && h0 == h2);
	ck_assert_rejected(bare, skirmish_game_undo(bare), SKIRMISH_E_STATE);
	/* the copy plays on as the game does */
	for (i = 0; i < 10; i++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		uint64_t r2 = rng;
		ck_assert_ok(skirmish_game_policy_action(g, SKIRMISH_POLICY_RANDOM, &rng, &a));
		ck_assert_ok(skirmish_game_act(g, &a, NULL));
		ck_assert_ok(skirmish_game_policy_action(bare, SKIRMISH_POLICY_RANDOM, &r2, &a));
		ck_assert_ok(skirmish_game_act(bare, &a, NULL));
	}
	ck_assert_ok(skirmish_game_hash(g, &h0));
	ck_assert_ok(skirmish_game_hash(bare, &h1));
	ck_assert(h0 == h1);
	ck_assert_int_eq(skirmish_game_history_length(bare), 0);
	/* a history-free game copied into an unlimited one leaves it none */
	ck_assert_ok(skirmish_game_copy(full, bare));
	ck_assert_int_eq(skirmish_game_history_length(full), 0);
	ck_assert_int_eq(skirmish_game_history_limit(full), 0);
	skirmish_game_free(full);
	skirmish_game_free(bare);
	skirmish_game_free(g);
}
END_TEST

/* A history record keeps the objectives and the whole path of a move in
 * entries past its journal's: undo, the recorded action, save and load
 * and the replay give them back exactly. */
START_TEST(history_records_keep_objectives_and_long_paths)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SENSO, 2), *l = NULL, *rp = NULL;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_action a;
	double xy[2 * 12];
	uint64_t h0, h1, h2;
	size_t size = 0, size2 = 0;
	unsigned char *buf, *buf2;
	int i, pig;

	s.dv = 6;
	tc_figure(g, 0, "Kenji", 10, 10, &s);
	tc_figure(g, 1, "Taro", 40, 40, &s);
	ck_assert_ok(skirmish_game_add_objective(g, "pig", 10, 15.2, &pig));
	ck_assert_ok(skirmish_game_add_objective(g, "ox", 30, 30, NULL));
	tc_start(g);
	ck_assert_ok(skirmish_game_hash(g, &h0));
	/* twelve points, zigzag up to the pig: picked up at the end */
	for (i = 0; i < 12; i++) {
		xy[2 * i] = 10 + (i % 2 ? 0.1 : 0.0);
		xy[2 * i + 1] = 10 + 0.35 * (i + 1);
	}
	ck_assert_ok(skirmish_move(g, 0, xy, 12, SKIRMISH_FACING_KEEP, NULL));
	ck_assert_ok(skirmish_game_objective(g, pig, &i, NULL, NULL, NULL, NULL, NULL));
	ck_assert_int_eq(i, SKIRMISH_OBJECTIVE_CARRIED);
	ck_assert_ok(skirmish_game_hash(g, &h1));
	skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
	ck_assert_ok(skirmish_game_history_action(g, 1, &a));
	ck_assert_int_eq(a.kind, SKIRMISH_ACTION_MOVE);
	ck_assert_int_eq(a.npoints, 12);
	for (i = 0; i < 24; i++)
		ck_assert_msg(fabs(a.xy[i] - xy[i]) < 1e-9, "point %d: %g, not %g", i / 2,
			      a.xy[i], xy[i]);
	/* save, load, save: the same bytes; the loaded game undoes as well */
	ck_assert_int_eq(skirmish_game_save(g, NULL, 0, &size), SKIRMISH_E_LIMIT);
	buf = malloc(size);
	ck_assert_ok(skirmish_game_save(g, buf, size, NULL));
	ck_assert_ok(skirmish_game_load(&l, buf, size, NULL, NULL, 0));
	ck_assert_int_eq(skirmish_game_save(l, NULL, 0, &size2), SKIRMISH_E_LIMIT);
	ck_assert(size2 == size);
	buf2 = malloc(size2);
	ck_assert_ok(skirmish_game_save(l, buf2, size2, NULL));
	ck_assert(memcmp(buf, buf2, size) == 0);
	ck_assert_ok(skirmish_game_replay(&rp, l, -1, NULL, 0));
	ck_assert_ok(skirmish_game_hash(rp, &h2));
	ck_assert(h2 == h1);
	ck_assert_ok(skirmish_game_undo(l));
	ck_assert_ok(skirmish_game_undo(g));
	ck_assert_ok(skirmish_game_hash(g, &h1));
	ck_assert_ok(skirmish_game_hash(l, &h2));
	ck_assert(h1 == h0 && h2 == h0);
	ck_assert_ok(skirmish_game_objective(g, pig, &i, NULL, NULL, NULL, NULL, NULL));
	ck_assert_int_eq(i, SKIRMISH_OBJECTIVE_ON_TABLE);
	free(buf);
	free(buf2);
	skirmish_game_free(rp);
	skirmish_game_free(l);
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("rollouts");

	ADD_TEST(s, horizon_stops_at_the_game_turn);
	ADD_TEST(s, horizon_past_the_turn_limit_ends_the_games);
	ADD_TEST(s, value_shares_the_worth_standing);
	ADD_TEST(s, value_counts_objectives_held);
	ADD_TEST(s, value_of_a_game_over_and_bad_calls);
	ADD_TEST(s, rollout_policy_shoots_when_it_can);
	ADD_TEST(s, rollout_policy_closes_on_the_nearest_enemy);
	ADD_TEST(s, rollout_policy_charges_fights_and_ends_the_turn);
	ADD_TEST(s, rollout_policy_draws_among_many_targets);
	ADD_TEST(s, rollout_policy_sampson_phases);
	ADD_TEST(s, rollout_policy_takes_the_objective_home);
	ADD_TEST(s, rollout_policy_objectives_the_umpire_and_out_of_reach);
	ADD_TEST(s, playout_structs_of_version_1_still_accepted);
	ADD_TEST(s, copy_into_a_history_free_game_copies_no_history);
	ADD_TEST(s, history_records_keep_objectives_and_long_paths);
	return s;
}

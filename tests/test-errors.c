/* SPDX-License-Identifier: MIT */
/* Errors (G7): every public call rejects bad arguments with its code, and
 * a rejected call changes nothing that any query can see. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-stub.h"

enum { N_ACTIONS = 10 };

/* Runs the i-th action kind with figure fig (and target where one is
 * asked for). */
static int
any_action(skirmish_game *g, int i, int fig, int target, skirmish_result *out)
{
	double xy[2] = { 30, 30 };

	switch (i) {
	case 0: return skirmish_move(g, fig, xy, 1, SKIRMISH_FACING_KEEP, out);
	case 1: return skirmish_charge(g, fig, target, SKIRMISH_FACING_KEEP, out);
	case 2: return skirmish_shoot(g, fig, target, out);
	case 3: return skirmish_reload(g, fig, out);
	case 4: return skirmish_fight(g, fig, out);
	case 5: return skirmish_mount(g, fig, target, out);
	case 6: return skirmish_dismount(g, fig, out);
	case 7: return skirmish_turn(g, fig, 90.0, out);
	case 8: return skirmish_end_phase(g, out);
	default: return skirmish_end_turn(g, out);
	}
}

static skirmish_game *
two_sides(int ruleset)
{
	skirmish_game *g = ruleset ? tc_game(ruleset, 2) : stub_game(2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI);
	s.dv = 6;
	s.missile_weapon = ruleset == SKIRMISH_RULESET_SAMPSON ? SKIRMISH_MISSILE_SHORT_BOW
							       : SKIRMISH_MISSILE_BOW;
	tc_figure(g, 0, "a", 10, 10, &s);
	tc_figure(g, 1, "b", 10, 20, &s);
	return g;
}

START_TEST(errors_null_game_every_call)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_action a = SKIRMISH_ACTION_INIT;
	skirmish_odds odds;
	skirmish_game *out = NULL;
	double d, xy[2] = { 1, 1 };
	int i, v, ids[2];
	uint64_t h;
	size_t need;
	char buf[16];

	skirmish_odds_init(&odds, SKIRMISH_ODDS_VERSION);
	for (i = 0; i < N_ACTIONS; i++)
		ck_assert_int_eq(any_action(NULL, i, 0, 1, &r), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_start(NULL, &r), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_act(NULL, &a, &r), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_errcode(NULL), SKIRMISH_E_INVALID);
	ck_assert_str_eq(skirmish_game_errmsg(NULL), "no game (NULL)");
	ck_assert_int_eq(skirmish_game_ruleset(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_set_roller(NULL, NULL, NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_set_event_callback(NULL, NULL, NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_set_seed(NULL, 1), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_script_dice(NULL, &i, 0, 0), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_script_remaining(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_add_figure(NULL, &s, &v), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_figure_count(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_figure(NULL, 0, &f), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_figure_contacts(NULL, 0, ids, 2, &v), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_player_figures(NULL, 0), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_add_terrain(NULL, &t, &v), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_terrain_count(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_terrain(NULL, 0, NULL, NULL, NULL, NULL, 0, NULL),
			 SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_terrain_obstacle(NULL, 0), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_distance(NULL, 0, 1, &d), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_can_see(NULL, 0, 1, &v), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_in_cover(NULL, 0, 1, &v), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_path_cost(NULL, 0, xy, 1, &d), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_state(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_turn(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_active_player(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_phase(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_player_count(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_umpire(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_player_order(NULL, ids, 2), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_winner(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_last_result(NULL, &r), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_describe(NULL, &r, buf, sizeof(buf)), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_add_objective(NULL, "x", 1, 1, &v), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_set_exit_edge(NULL, 0, SKIRMISH_EDGE_NORTH),
			 SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_objective_count(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_objective(NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL),
			 SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_odds(NULL, &a, &odds), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_check_action(NULL, &a), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_legal_actions(NULL, 0, &a, 1, &v), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_legal_actions_sized(NULL, 0, &a, sizeof(a), 1, &v),
			 SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_clone(NULL, &out), SKIRMISH_E_INVALID);
	ck_assert_ptr_null(out);
	ck_assert_int_eq(skirmish_game_copy(NULL, NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_undo(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_history_length(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_set_history_limit(NULL, 1), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_history_limit(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_history_action(NULL, 0, &a), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_hash(NULL, &h), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_save(NULL, buf, sizeof(buf), &need), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_replay(&out, NULL, 0, buf, sizeof(buf)), SKIRMISH_E_INVALID);
	ck_assert_ptr_null(out);
	ck_assert_int_eq(skirmish_game_load(&out, NULL, 0, NULL, buf, sizeof(buf)) < 0, 1);
	ck_assert_ptr_null(out);
	skirmish_game_free(NULL);
}
END_TEST

START_TEST(errors_null_init_pointers)
{
	ck_assert_int_eq(skirmish_game_options_init(NULL, SKIRMISH_GAME_OPTIONS_VERSION),
			 SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_figure_spec_init(NULL, SKIRMISH_FIGURE_SPEC_VERSION),
			 SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_terrain_spec_init(NULL, SKIRMISH_TERRAIN_SPEC_VERSION),
			 SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_result_init(NULL, SKIRMISH_RESULT_VERSION), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_action_init(NULL, SKIRMISH_ACTION_VERSION), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_odds_init(NULL, SKIRMISH_ODDS_VERSION), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_figure_spec_preset(NULL, SKIRMISH_PRESET_NINJA),
			 SKIRMISH_E_INVALID);
}
END_TEST

/* NULL where an out parameter, a spec or a path is needed. */
START_TEST(errors_null_out_and_spec)
{
	skirmish_game *g = two_sides(0);
	double d;
	int v;

	ck_assert_rejected(g, skirmish_game_add_figure(g, NULL, &v), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_add_terrain(g, NULL, &v), SKIRMISH_E_INVALID);
	tc_start(g);
	ck_assert_query_fails(g, skirmish_game_figure(g, 0, NULL), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_distance(g, 0, 1, NULL), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_can_see(g, 0, 1, NULL), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_in_cover(g, 0, 1, NULL), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_path_cost(g, 0, NULL, 1, &d), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_path_cost(g, 0, &d, 1, NULL), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_figure_contacts(g, 0, NULL, 2, &v),
			      SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_player_order(g, NULL, 2), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_last_result(g, NULL), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_describe(g, NULL, NULL, 0), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_move(g, 0, NULL, 1, -1, NULL), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_act(g, NULL, NULL), SKIRMISH_E_INVALID);
	skirmish_game_free(g);
}
END_TEST

/* Unknown figure and player ids, for queries and actions. */
START_TEST(errors_unknown_ids)
{
	static const int bad[3] = { -1, 2, 1000 };
	skirmish_game *g = two_sides(0);
	skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double d, xy[2] = { 12, 12 };
	int i, k, v;

	tc_start(g);
	for (k = 0; k < 3; k++) {
		int id = bad[k];
		ck_assert_query_fails(g, skirmish_game_figure(g, id, &f), SKIRMISH_E_NO_FIGURE);
		ck_assert_query_fails(g, skirmish_game_distance(g, 0, id, &d), SKIRMISH_E_NO_FIGURE);
		ck_assert_query_fails(g, skirmish_game_distance(g, id, 0, &d), SKIRMISH_E_NO_FIGURE);
		ck_assert_query_fails(g, skirmish_game_can_see(g, id, 1, &v), SKIRMISH_E_NO_FIGURE);
		ck_assert_query_fails(g, skirmish_game_in_cover(g, 0, id, &v), SKIRMISH_E_NO_FIGURE);
		ck_assert_query_fails(g, skirmish_game_path_cost(g, id, xy, 1, &d),
				      SKIRMISH_E_NO_FIGURE);
		ck_assert_query_fails(g, skirmish_game_figure_contacts(g, id, NULL, 0, &v),
				      SKIRMISH_E_NO_FIGURE);
		ck_assert_query_fails(g, skirmish_game_player_figures(g, id == 2 ? 3 : id),
				      SKIRMISH_E_NO_PLAYER);
		ck_assert_query_fails(g, skirmish_game_terrain(g, id, NULL, NULL, NULL, NULL, 0, &v),
				      SKIRMISH_E_INVALID);
		ck_assert_query_fails(g, skirmish_game_terrain_obstacle(g, id), SKIRMISH_E_INVALID);
		for (i = 0; i < 8; i++)
			ck_assert_rejected(g, any_action(g, i, id, 1, &r), SKIRMISH_E_NO_FIGURE);
		ck_assert_rejected(g, skirmish_shoot(g, 0, id, &r), SKIRMISH_E_NO_FIGURE);
		ck_assert_rejected(g, skirmish_charge(g, 0, id, -1, &r), SKIRMISH_E_NO_FIGURE);
		ck_assert_rejected(g, skirmish_mount(g, 0, id, &r), SKIRMISH_E_NO_FIGURE);
	}
	skirmish_game_free(g);
}
END_TEST

/* A figure of the player whose turn it is not: NOT_YOUR_TURN, for every
 * action of each ruleset. */
START_TEST(errors_figure_of_the_wrong_player)
{
	static const int rulesets[3] = { 0, SKIRMISH_RULESET_SENSO, SKIRMISH_RULESET_SAMPSON };
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int k, i;

	for (k = 0; k < 3; k++) {
		skirmish_game *g = two_sides(rulesets[k]);
		tc_start(g);
		ck_assert_int_eq(skirmish_game_active_player(g), 0);
		for (i = 0; i < 8; i++) {
			int rc = any_action(g, i, 1, 0, &r);
			/* an action the ruleset lacks may say so first; nothing
			 * else may pass */
			if (rc == SKIRMISH_E_UNSUPPORTED)
				continue;
			ck_assert_rejected(g, any_action(g, i, 1, 0, &r), SKIRMISH_E_NOT_YOUR_TURN);
		}
		ck_assert_int_eq(tc_info(g, 1).can_act, 0);
		skirmish_game_free(g);
	}
}
END_TEST

/* Before the start and after the game is over no action is allowed. */
START_TEST(errors_actions_before_start_and_after_game_over)
{
	static const int order[2] = { 0, 1 };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;
	int i;

	o.player_order = order;
	o.turn_limit = 1;
	g = stub_game_opts(&o);
	stub_archer(g, 0, "a", 10, 10);
	stub_archer(g, 1, "b", 10, 20);
	for (i = 0; i < N_ACTIONS; i++) {
		ck_assert_rejected(g, any_action(g, i, 0, 1, &r), SKIRMISH_E_STATE);
		ck_assert(strstr(skirmish_game_errmsg(g), "not started") != NULL);
	}
	tc_start(g);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	for (i = 0; i < N_ACTIONS; i++) {
		ck_assert_rejected(g, any_action(g, i, 0, 1, &r), SKIRMISH_E_STATE);
		ck_assert(strstr(skirmish_game_errmsg(g), "over") != NULL);
	}
	ck_assert_rejected(g, skirmish_game_start(g, &r), SKIRMISH_E_STATE);
	skirmish_game_free(g);
}
END_TEST

START_TEST(errors_setup_calls_after_start)
{
	skirmish_game *g = two_sides(0);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	int v;

	tc_start(g);
	s.x = s.y = 40;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, &v), SKIRMISH_E_STATE);
	ck_assert(strstr(skirmish_game_errmsg(g), "before the game starts") != NULL);
	skirmish_game_free(g);
}
END_TEST

/* Structs of a version this library does not know. */
START_TEST(errors_wrong_struct_versions)
{
	skirmish_game *g = two_sides(0);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT, good = SKIRMISH_RESULT_INIT;
	skirmish_action a = SKIRMISH_ACTION_INIT;
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *out = NULL;
	char msg[64];
	int i;

	s.version = SKIRMISH_FIGURE_SPEC_VERSION + 1;
	s.x = s.y = 40;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_VERSION);
	t.version = 0;
	t.width = t.depth = 1;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_VERSION);
	r.version = SKIRMISH_RESULT_VERSION + 1;
	ck_assert_rejected(g, skirmish_game_start(g, &r), SKIRMISH_E_VERSION);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_SETUP);
	ck_assert_ok(skirmish_game_start(g, &good));
	for (i = 0; i < N_ACTIONS; i++)
		ck_assert_rejected(g, any_action(g, i, 0, 1, &r), SKIRMISH_E_VERSION);
	ck_assert_query_fails(g, skirmish_game_last_result(g, &r), SKIRMISH_E_VERSION);
	ck_assert_query_fails(g, skirmish_game_describe(g, &r, msg, sizeof(msg)),
			      SKIRMISH_E_VERSION);
	f.version = 0;
	ck_assert_query_fails(g, skirmish_game_figure(g, 0, &f), SKIRMISH_E_VERSION);
	a.version = 7;
	a.kind = SKIRMISH_ACTION_END_TURN;
	ck_assert_rejected(g, skirmish_game_act(g, &a, NULL), SKIRMISH_E_VERSION);
	o.version = 0;
	ck_assert_int_eq(skirmish_game_new(&out, &o, msg, sizeof(msg)), SKIRMISH_E_VERSION);
	ck_assert_ptr_null(out);
	skirmish_game_free(g);
}
END_TEST

/* Numbers that are not numbers, or out of the table's reach. */
START_TEST(errors_bad_numbers)
{
	skirmish_game *g = two_sides(0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double xy[2] = { 1e9, 10 }, d;

	tc_start(g);
	ck_assert_rejected(g, skirmish_move(g, 0, xy, 1, -1, &r), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_path_cost(g, 0, xy, 1, &d), SKIRMISH_E_INVALID);
	xy[0] = 10;
	ck_assert_rejected(g, skirmish_move(g, 0, xy, 1, 1e7, &r), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_turn(g, 0, -5, &r), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_turn(g, 0, NAN, &r), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_path_cost(g, 0, xy, 0, &d), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_figure_contacts(g, 0, NULL, -1, NULL),
			      SKIRMISH_E_INVALID);
	skirmish_game_free(g);
}
END_TEST

/* An error message names the rule or the argument, and the last error is
 * cleared by the next call that succeeds. */
START_TEST(errors_message_kept_until_success)
{
	skirmish_game *g = two_sides(0);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_start(g);
	ck_assert_rejected(g, skirmish_shoot(g, 1, 0, &r), SKIRMISH_E_NOT_YOUR_TURN);
	ck_assert_int_eq(skirmish_game_errcode(g), SKIRMISH_E_NOT_YOUR_TURN);
	(void)skirmish_game_figure_count(g); /* a query leaves it */
	ck_assert_int_eq(skirmish_game_errcode(g), SKIRMISH_E_NOT_YOUR_TURN);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(skirmish_game_errcode(g), SKIRMISH_OK);
	ck_assert_str_eq(skirmish_game_errmsg(g), "");
	skirmish_game_free(g);
}
END_TEST

/* The state services and decision support refuse bad input with a code
 * and a message of their own, and change nothing (the state hash). */
START_TEST(errors_services_refuse_bad_input)
{
	skirmish_game *g = two_sides(SKIRMISH_RULESET_SENSO), *out = NULL;
	skirmish_action a = SKIRMISH_ACTION_INIT, list[4];
	skirmish_odds odds;
	unsigned char buf[8];
	char err[128];
	size_t need = 0;
	uint64_t h;
	int n = -1;

	tc_start(g);
	tc_dice(g, 1, 6);
	ck_assert_ok(skirmish_shoot(g, 0, 1, NULL));
	skirmish_odds_init(&odds, SKIRMISH_ODDS_VERSION);
	a.kind = SKIRMISH_ACTION_SHOOT;
	a.figure = 7;
	a.target = 1;
	ck_assert_rejected(g, skirmish_game_check_action(g, NULL), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_check_action(g, &a), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_game_odds(g, NULL, &odds), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_odds(g, &a, &odds), SKIRMISH_E_NO_FIGURE);
	odds.version = 0;
	a.figure = 1;
	ck_assert_rejected(g, skirmish_game_odds(g, &a, &odds), SKIRMISH_E_VERSION);
	ck_assert_rejected(g, skirmish_game_legal_actions(g, -1, NULL, 5, &n),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_legal_actions(g, 9, list, 4, &n),
			   SKIRMISH_E_NO_FIGURE);
	ck_assert_query_fails(g, skirmish_game_history_action(g, 5, &a), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_history_action(g, 0, NULL), SKIRMISH_E_INVALID);
	a.version = 0;
	ck_assert_query_fails(g, skirmish_game_history_action(g, 0, &a), SKIRMISH_E_VERSION);
	ck_assert_query_fails(g, skirmish_game_objective(g, 1, NULL, NULL, NULL, NULL, NULL,
							NULL), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_hash(g, NULL), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_save(g, buf, sizeof(buf), &need),
			      SKIRMISH_E_LIMIT);
	ck_assert_int_gt(need, sizeof(buf));
	ck_assert_query_fails(g, skirmish_game_save(g, NULL, 4, &need), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_clone(g, NULL), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_copy(g, NULL), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_replay(&out, g, 99, err, sizeof(err)),
			      SKIRMISH_E_INVALID);
	ck_assert_ptr_null(out);
	ck_assert_str_eq(err, skirmish_game_errmsg(g));
	ck_assert_query_fails(g, skirmish_game_replay(NULL, g, -1, err, sizeof(err)),
			      SKIRMISH_E_INVALID);
	ck_assert_ok(skirmish_game_hash(g, &h));
	/* a history that no longer reaches the start cannot be replayed */
	ck_assert_ok(skirmish_game_set_history_limit(g, 1));
	ck_assert_query_fails(g, skirmish_game_replay(&out, g, -1, err, sizeof(err)),
			      SKIRMISH_E_STATE);
	ck_assert_ptr_null(out);
	skirmish_game_free(g);
}
END_TEST

/* A query on a const game that fails says so: its own code and message,
 * not the previous call's. */
START_TEST(errors_const_queries_set_the_error)
{
	skirmish_game *g = two_sides(SKIRMISH_RULESET_SENSO);
	skirmish_action a = SKIRMISH_ACTION_INIT;
	int n;

	tc_start(g);
	ck_assert_int_eq(skirmish_game_legal_actions(g, -1, NULL, 5, &n), SKIRMISH_E_INVALID);
	ck_assert(strstr(skirmish_game_errmsg(g), "legal_actions") != NULL);
	ck_assert_int_eq(skirmish_game_objective(g, 1, NULL, NULL, NULL, NULL, NULL, NULL),
			 SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_errcode(g), SKIRMISH_E_INVALID);
	ck_assert(strstr(skirmish_game_errmsg(g), "objective") != NULL);
	ck_assert_ok(skirmish_end_turn(g, NULL));
	ck_assert_int_eq(skirmish_game_history_action(g, 5, &a), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_errcode(g), SKIRMISH_E_INVALID);
	ck_assert(strstr(skirmish_game_errmsg(g), "history") != NULL);
	skirmish_game_free(g);
}
END_TEST

/* describe reads every index of the caller's result: the acting figure
 * (INT_MAX read out of bounds in Senso), the target, each die's, modifier's
 * and effect's figure and side, an objective effect's objective, a fight's
 * first modifier. Each out of range is SKIRMISH_E_INVALID, in both
 * rulesets. */
START_TEST(errors_describe_checks_every_index_of_the_result)
{
	int rs;

	for (rs = SKIRMISH_RULESET_SENSO; rs <= SKIRMISH_RULESET_SAMPSON; rs++) {
		skirmish_game *g = two_sides(rs);
		skirmish_result r = SKIRMISH_RESULT_INIT, bad;
		skirmish_die d;
		skirmish_modifier m;
		skirmish_effect e;
		char buf[256];

		int k, rc = SKIRMISH_E_WRONG_PHASE;

		tc_start(g);
		/* Sampson A2: the shot waits for the missile phase */
		for (k = 0; k < 4 && rc == SKIRMISH_E_WRONG_PHASE; k++)
			if ((rc = skirmish_shoot(g, 0, 1, &r)) == SKIRMISH_E_WRONG_PHASE)
				ck_assert_ok(skirmish_end_phase(g, NULL));
		ck_assert_ok(rc);
		ck_assert_int_gt(r.ndice, 0);
		ck_assert_int_ge(skirmish_game_describe(g, &r, buf, sizeof(buf)), 0);
		bad = r;
		bad.figure = INT_MAX;
		ck_assert_rejected(g, skirmish_game_describe(g, &bad, buf, sizeof(buf)),
				   SKIRMISH_E_INVALID);
		bad.figure = -2;
		ck_assert_rejected(g, skirmish_game_describe(g, &bad, buf, sizeof(buf)),
				   SKIRMISH_E_INVALID);
		bad = r;
		bad.target = 2;
		ck_assert_rejected(g, skirmish_game_describe(g, &bad, buf, sizeof(buf)),
				   SKIRMISH_E_INVALID);
		bad = r;
		d = r.dice[0];
		d.figure = INT_MAX;
		bad.dice = &d;
		bad.ndice = 1;
		ck_assert_rejected(g, skirmish_game_describe(g, &bad, buf, sizeof(buf)),
				   SKIRMISH_E_INVALID);
		d = r.dice[0];
		d.side = 7;
		ck_assert_rejected(g, skirmish_game_describe(g, &bad, buf, sizeof(buf)),
				   SKIRMISH_E_INVALID);
		bad = r;
		memset(&m, 0, sizeof(m));
		m.figure = 99;
		bad.modifiers = &m;
		bad.nmodifiers = 1;
		ck_assert_rejected(g, skirmish_game_describe(g, &bad, buf, sizeof(buf)),
				   SKIRMISH_E_INVALID);
		bad = r;
		memset(&e, 0, sizeof(e));
		e.kind = SKIRMISH_EFFECT_DISMOUNTED;
		e.figure = INT_MAX;
		e.other = -1;
		bad.effects = &e;
		bad.neffects = 1;
		ck_assert_rejected(g, skirmish_game_describe(g, &bad, buf, sizeof(buf)),
				   SKIRMISH_E_INVALID);
		e.figure = 0;
		e.kind = SKIRMISH_EFFECT_OBJECTIVE_TAKEN;
		e.other = 0;          /* the game has no objective */
		ck_assert_rejected(g, skirmish_game_describe(g, &bad, buf, sizeof(buf)),
				   SKIRMISH_E_INVALID);
		e.kind = SKIRMISH_EFFECT_FIGHT;
		e.other = 1;
		e.value = 5;          /* past the result's modifiers */
		ck_assert_rejected(g, skirmish_game_describe(g, &bad, buf, sizeof(buf)),
				   SKIRMISH_E_INVALID);
		skirmish_game_free(g);
	}
}
END_TEST

/* legal_actions documents SKIRMISH_E_INVALID for a NULL count; it
 * returned 0 and wrote nothing. */
START_TEST(errors_legal_actions_without_a_count)
{
	skirmish_game *g = two_sides(SKIRMISH_RULESET_SENSO);
	skirmish_action list[4];
	int n = -1;

	tc_start(g);
	ck_assert_rejected(g, skirmish_game_legal_actions(g, -1, list, 4, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, SKIRMISH_LEGAL_ACTIONS(g, -1, list, 4, NULL), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_legal_actions(g, -2, list, 4, &n),
			   SKIRMISH_E_NO_FIGURE);
	ck_assert_ok(skirmish_game_legal_actions(g, -1, list, 4, &n));
	ck_assert_int_gt(n, 0);
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("errors");

	ADD_TEST(s, errors_null_game_every_call);
	ADD_TEST(s, errors_null_init_pointers);
	ADD_TEST(s, errors_null_out_and_spec);
	ADD_TEST(s, errors_unknown_ids);
	ADD_TEST(s, errors_figure_of_the_wrong_player);
	ADD_TEST(s, errors_actions_before_start_and_after_game_over);
	ADD_TEST(s, errors_setup_calls_after_start);
	ADD_TEST(s, errors_wrong_struct_versions);
	ADD_TEST(s, errors_bad_numbers);
	ADD_TEST(s, errors_message_kept_until_success);
	ADD_TEST(s, errors_services_refuse_bad_input);
	ADD_TEST(s, errors_const_queries_set_the_error);
	ADD_TEST(s, errors_describe_checks_every_index_of_the_result);
	ADD_TEST(s, errors_legal_actions_without_a_count);
	return s;
}

/* SPDX-License-Identifier: MIT */
/* Turns (S2, A2, G9): order of play, game turns, the turn limit, winners. */
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-stub.h"

static skirmish_game *
rolled_game(int players, int umpire)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g;
	int p;

	o.players = players;
	o.umpire = umpire;
	g = stub_game_opts(&o);
	for (p = 0; p < players + (umpire ? 1 : 0); p++)
		tc_figure(g, p, NULL, 2.0 + 3 * p, 10.0, NULL);
	return g;
}

static void
expect_order(const skirmish_game *g, int n, const int *want)
{
	int got[SKIRMISH_MAX_PLAYERS + 1], i;

	ck_assert_int_eq(skirmish_game_player_order(g, got, SKIRMISH_MAX_PLAYERS + 1), n);
	for (i = 0; i < n; i++)
		ck_assert_msg(got[i] == want[i], "order[%d] is %d, expected %d", i, got[i], want[i]);
}

static int
end_turn(skirmish_game *g)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	return skirmish_end_turn(g, &r);
}

/* S2/A2: the order of play can be given; nobody rolls. */
START_TEST(s2_given_order)
{
	static const int order[3] = { 2, 0, 1 };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;
	int i;

	o.players = 3;
	o.player_order = order;
	g = stub_game_opts(&o);
	for (i = 0; i < 3; i++)
		tc_figure(g, i, NULL, 10.0 + 3 * i, 10.0, NULL);
	ck_assert_int_eq(skirmish_game_player_order(g, NULL, 0), 0); /* not yet */
	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_int_eq(r.action, SKIRMISH_ACTION_START);
	ck_assert_int_eq(r.ndice, 0);
	expect_order(g, 3, order);
	for (i = 0; i < 3; i++) {
		const skirmish_effect *e = &r.effects[i];
		ck_assert_int_eq(e->kind, SKIRMISH_EFFECT_ORDER);
		ck_assert_int_eq(e->player, order[i]);
		ck_assert_int_eq(e->value, i + 1);
	}
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_PLAYING);
	ck_assert_int_eq(skirmish_game_turn(g), 1);
	ck_assert_int_eq(skirmish_game_active_player(g), 2);
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_ACTIONS);
	skirmish_game_free(g);
}
END_TEST

/* S2/A2: highest first; tied players roll again among themselves, and
 * the others keep their places. */
START_TEST(s2_roll_off_ties_roll_again_among_the_tied)
{
	skirmish_game *g = rolled_game(4, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	static const int want[4] = { 3, 0, 2, 1 };

	/* round 0: 4 1 4 6; players 0 and 2 tie: round 1: 5 2 */
	tc_dice(g, 6, 4, 1, 4, 6, 5, 2);
	ck_assert_ok(skirmish_game_start(g, &r));
	expect_order(g, 4, want);
	ck_assert_int_eq(r.ndice, 6);
	ck_assert_int_eq(r.dice[4].player, 0);
	ck_assert_int_eq(r.dice[4].round, 1);
	ck_assert_int_eq(r.dice[5].player, 2);
	ck_assert_int_eq(r.dice[5].round, 1);
	ck_assert_int_eq(r.dice[0].round, 0);
	ck_assert_int_eq(skirmish_game_active_player(g), 3);
	skirmish_game_free(g);
}
END_TEST

/* A tie that ties again rolls again, as often as needed; two separate
 * ties are each settled on their own. */
START_TEST(s2_roll_off_repeated_and_separate_ties)
{
	skirmish_game *g = rolled_game(4, 0);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	static const int want[4] = { 1, 0, 3, 2 };

	/* round 0: 3 3 2 2; {0,1}: 4 4 then 1 6; {2,3}: 2 5 */
	tc_dice(g, 10, 3, 3, 2, 2, 4, 4, 1, 6, 2, 5);
	ck_assert_ok(skirmish_game_start(g, &r));
	expect_order(g, 4, want);
	ck_assert_int_eq(r.ndice, 10);
	ck_assert_int_eq(r.dice[7].round, 2);
	ck_assert_int_eq(r.dice[9].round, 1);
	ck_assert_int_eq(skirmish_game_script_remaining(g), 0);
	skirmish_game_free(g);
}
END_TEST

/* S2: the umpire does not roll and always goes last. */
START_TEST(s2_umpire_goes_last)
{
	skirmish_game *g = rolled_game(2, 1);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	static const int want[3] = { 1, 0, 2 };

	ck_assert_int_eq(skirmish_game_umpire(g), 2);
	tc_dice(g, 2, 2, 5);
	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_int_eq(r.ndice, 2);
	expect_order(g, 3, want);
	ck_assert_ok(end_turn(g));
	ck_assert_ok(end_turn(g));
	ck_assert_int_eq(skirmish_game_active_player(g), 2);
	ck_assert_int_eq(skirmish_game_turn(g), 1);
	ck_assert_ok(end_turn(g));
	ck_assert_int_eq(skirmish_game_active_player(g), 1);
	ck_assert_int_eq(skirmish_game_turn(g), 2);
	skirmish_game_free(g);
}
END_TEST

START_TEST(s2_umpire_last_with_given_order)
{
	static const int order[2] = { 1, 0 };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g;
	static const int want[3] = { 1, 0, 2 };

	o.player_order = order;
	o.umpire = 1;
	g = stub_game_opts(&o);
	tc_figure(g, 0, NULL, 10, 10, NULL);
	tc_figure(g, 1, NULL, 20, 10, NULL);
	tc_figure(g, 2, NULL, 30, 10, NULL);
	tc_start(g);
	expect_order(g, 3, want);
	skirmish_game_free(g);
}
END_TEST

/* A game turn is one player turn of every player; each player turn starts
 * with a TURN_STARTS effect and the ruleset's start_turn. */
START_TEST(s2_game_turns_counted)
{
	skirmish_game *g = stub_game(3);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;
	int i;

	for (i = 0; i < 3; i++)
		tc_figure(g, i, NULL, 10.0 + 3 * i, 10.0, NULL);
	tc_start(g);
	for (i = 0; i < 7; i++) {
		ck_assert_int_eq(skirmish_game_turn(g), 1 + i / 3);
		ck_assert_int_eq(skirmish_game_active_player(g), i % 3);
		ck_assert_ok(skirmish_end_turn(g, &r));
		e = tc_effect(&r, SKIRMISH_EFFECT_TURN_STARTS, -1);
		ck_assert_ptr_nonnull(e);
		ck_assert_int_eq(e->player, (i + 1) % 3);
		ck_assert_int_eq(e->value, 1 + (i + 1) / 3);
		ck_assert_int_eq(r.player, i % 3);
	}
	skirmish_game_free(g);
}
END_TEST

/* A player without figures in play is skipped. */
START_TEST(turns_player_without_figures_skipped)
{
	skirmish_game *g = stub_game(3);

	tc_figure(g, 0, NULL, 10, 10, NULL);
	tc_figure(g, 2, NULL, 20, 10, NULL);
	tc_start(g);
	ck_assert_int_eq(skirmish_game_active_player(g), 0);
	ck_assert_ok(end_turn(g));
	ck_assert_int_eq(skirmish_game_active_player(g), 2);
	ck_assert_ok(end_turn(g));
	ck_assert_int_eq(skirmish_game_active_player(g), 0);
	ck_assert_int_eq(skirmish_game_turn(g), 2);
	skirmish_game_free(g);
}
END_TEST

/* G9: at the turn limit the player with most figures in play wins. */
START_TEST(g9_turn_limit_most_figures_wins)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;
	skirmish_game *g;
	int i;

	o.player_order = order;
	o.turn_limit = 2;
	g = stub_game_opts(&o);
	tc_figure(g, 0, NULL, 10, 10, NULL);
	tc_figure(g, 1, NULL, 20, 10, NULL);
	tc_figure(g, 1, NULL, 30, 10, NULL);
	tc_start(g);
	for (i = 0; i < 3; i++)
		ck_assert_ok(end_turn(g));
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_PLAYING);
	ck_assert_int_eq(skirmish_game_turn(g), 2);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_turn(g), 2);
	ck_assert_int_eq(skirmish_game_winner(g), 1);
	ck_assert_int_eq(skirmish_game_active_player(g), -1);
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_NONE);
	e = tc_effect(&r, SKIRMISH_EFFECT_GAME_OVER, -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->player, 1);
	ck_assert_str_eq(e->rule, "G9");
	ck_assert(strstr(r.text, "the game is over: player 1 wins") != NULL);
	ck_assert_rejected(g, end_turn(g), SKIRMISH_E_STATE);
	ck_assert(strstr(skirmish_game_errmsg(g), "over") != NULL);
	skirmish_game_free(g);
}
END_TEST

/* G9: without a turn limit (or with one beyond it) the game ends as at a
 * limit of SK_MAX_TURN game turns; the counter never passes it, whatever
 * it held (a loaded game of turn 2^31 - 1 once overflowed here). */
START_TEST(g9_the_turn_counter_stops_at_the_last_turn)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	static const int limits[3] = { 0, SK_MAX_TURN + 1, INT32_MAX };
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;
	int k;

	o.player_order = order;
	for (k = 0; k < 6; k++) {
		o.turn_limit = limits[k % 3];
		g = stub_game_opts(&o);
		tc_figure(g, 0, NULL, 10, 10, NULL);
		tc_figure(g, 1, NULL, 20, 10, NULL);
		tc_figure(g, 1, NULL, 30, 10, NULL);
		tc_start(g);
		g->st.turn = k < 3 ? SK_MAX_TURN - 1 : INT32_MAX;
		ck_assert_ok(end_turn(g));
		ck_assert_ok(skirmish_end_turn(g, &r));
		if (k < 3) {
			ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_PLAYING);
			ck_assert_int_eq(skirmish_game_turn(g), SK_MAX_TURN);
			ck_assert_ok(end_turn(g));
			ck_assert_ok(skirmish_end_turn(g, &r));
		}
		ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
		ck_assert_int_eq(skirmish_game_turn(g), k < 3 ? SK_MAX_TURN : INT32_MAX);
		ck_assert_int_eq(skirmish_game_winner(g), 1);
		ck_assert_ptr_nonnull(tc_effect(&r, SKIRMISH_EFFECT_GAME_OVER, -1));
		skirmish_game_free(g);
	}
}
END_TEST

/* G9: a tie at the turn limit has no winner; the umpire is not counted. */
START_TEST(g9_turn_limit_tie_has_no_winner)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;

	o.player_order = order;
	o.turn_limit = 1;
	o.umpire = 1;
	g = stub_game_opts(&o);
	tc_figure(g, 0, NULL, 10, 10, NULL);
	tc_figure(g, 1, NULL, 20, 10, NULL);
	tc_figure(g, 2, NULL, 30, 10, NULL);
	tc_figure(g, 2, NULL, 40, 10, NULL);
	tc_start(g);
	ck_assert_ok(end_turn(g));
	ck_assert_ok(end_turn(g));
	ck_assert_int_eq(skirmish_game_active_player(g), 2); /* the umpire plays */
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), -1);
	ck_assert(strstr(r.text, "the game is over without a winner") != NULL);
	skirmish_game_free(g);
}
END_TEST

/* G9: the last player (not the umpire) with figures in play wins at once. */
START_TEST(g9_last_player_standing_wins)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;

	o.player_order = order;
	o.umpire = 1;
	g = stub_game_opts(&o);
	stub_archer(g, 0, "a", 10, 10);
	tc_figure(g, 1, "b", 10, 20, NULL);
	tc_figure(g, 2, "umpire's", 30, 20, NULL);
	tc_start(g);
	tc_dice(g, 2, 1, 1);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), 0);
	ck_assert_ptr_nonnull(tc_effect(&r, SKIRMISH_EFFECT_GAME_OVER, -1));
	ck_assert_rejected(g, skirmish_shoot(g, 0, 2, &r), SKIRMISH_E_STATE);
	skirmish_game_free(g);
}
END_TEST

/* G9: a game where only one player has figures is over at the start. */
START_TEST(g9_one_side_at_start_is_over)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_figure(g, 1, "alone", 10, 10, NULL);
	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), 1);
	skirmish_game_free(g);
}
END_TEST

/* G9: nobody left: over without a winner. */
START_TEST(g9_no_figures_no_winner)
{
	skirmish_game *g = stub_game(2);

	tc_start(g);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), -1);
	skirmish_game_free(g);
}
END_TEST

START_TEST(turns_start_only_once)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_figure(g, 0, NULL, 10, 10, NULL);
	tc_figure(g, 1, NULL, 20, 10, NULL);
	tc_start(g);
	ck_assert_rejected(g, skirmish_game_start(g, &r), SKIRMISH_E_STATE);
	ck_assert(strstr(skirmish_game_errmsg(g), "already started") != NULL);
	skirmish_game_free(g);
}
END_TEST

/* A ruleset without phases: ending a phase is not part of its rules. */
START_TEST(turns_end_phase_unsupported)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_figure(g, 0, NULL, 10, 10, NULL);
	tc_figure(g, 1, NULL, 20, 10, NULL);
	tc_start(g);
	ck_assert_rejected(g, skirmish_end_phase(g, &r), SKIRMISH_E_UNSUPPORTED);
	ck_assert(strstr(skirmish_game_errmsg(g), "not part of the stub rules") != NULL);
	skirmish_game_free(g);
}
END_TEST

START_TEST(turns_phase_names)
{
	ck_assert_str_eq(skirmish_phase_name(SKIRMISH_PHASE_NONE), "none");
	ck_assert_str_eq(skirmish_phase_name(SKIRMISH_PHASE_ACTIONS), "actions");
	ck_assert_str_eq(skirmish_phase_name(SKIRMISH_PHASE_MOVE), "move");
	ck_assert_str_eq(skirmish_phase_name(SKIRMISH_PHASE_MISSILE), "missile");
	ck_assert_str_eq(skirmish_phase_name(SKIRMISH_PHASE_MELEE), "melee");
	ck_assert_ptr_null(skirmish_phase_name(5));
	ck_assert_ptr_null(skirmish_phase_name(-1));
}
END_TEST

/* The real rulesets start in their own first phase (S3, A2). */
START_TEST(turns_rulesets_first_phase)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.dv = 6;
	tc_figure(g, 0, NULL, 10, 10, &s);
	tc_figure(g, 1, NULL, 20, 10, &s);
	tc_start(g);
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_MOVE);
	skirmish_game_free(g);
	g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	tc_figure(g, 0, NULL, 10, 10, &s);
	tc_figure(g, 1, NULL, 20, 10, &s);
	tc_start(g);
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_ACTIONS);
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("turns");

	ADD_TEST(s, s2_given_order);
	ADD_TEST(s, s2_roll_off_ties_roll_again_among_the_tied);
	ADD_TEST(s, s2_roll_off_repeated_and_separate_ties);
	ADD_TEST(s, s2_umpire_goes_last);
	ADD_TEST(s, s2_umpire_last_with_given_order);
	ADD_TEST(s, s2_game_turns_counted);
	ADD_TEST(s, turns_player_without_figures_skipped);
	ADD_TEST(s, g9_turn_limit_most_figures_wins);
	ADD_TEST(s, g9_turn_limit_tie_has_no_winner);
	ADD_TEST(s, g9_the_turn_counter_stops_at_the_last_turn);
	ADD_TEST(s, g9_last_player_standing_wins);
	ADD_TEST(s, g9_one_side_at_start_is_over);
	ADD_TEST(s, g9_no_figures_no_winner);
	ADD_TEST(s, turns_start_only_once);
	ADD_TEST(s, turns_end_phase_unsupported);
	ADD_TEST(s, turns_phase_names);
	ADD_TEST(s, turns_rulesets_first_phase);
	return s;
}

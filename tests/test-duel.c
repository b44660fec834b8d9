/* SPDX-License-Identifier: MIT */
/*
 * A third ruleset, added as doc/DESIGN.md ("Adding a ruleset") says: the
 * duel of tests/ruleset-duel.c, one file and one line in the table of
 * rulesets, built into a copy of the library for this suite only. It is
 * found by name like the real ones and plays through the same framework
 * (all-or-nothing actions, turns), undo, save and load, the hash, exact
 * odds, legal actions, the policies and playouts.
 */
#include <stdlib.h>

#include "test-common.h"

static int
duel_id(void)
{
	int id = skirmish_ruleset_from_name("duel");

	ck_assert_int_gt(id, 0);
	return id;
}

/* Two archers 8" apart, A (player 0, id 0) and B (player 1, id 1). */
static skirmish_game *
duel_archers(void)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g = tc_game(duel_id(), 2);

	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	tc_figure(g, 0, "A", 10, 10, &s);
	tc_figure(g, 1, "B", 10, 19, &s);
	return g;
}

static skirmish_action
action(int kind, int fig, int target)
{
	skirmish_action a = SKIRMISH_ACTION_INIT;

	a.kind = kind;
	a.figure = fig;
	a.target = target;
	return a;
}

static uint64_t
hash_of(const skirmish_game *g)
{
	uint64_t h = 0;

	ck_assert_ok(skirmish_game_hash(g, &h));
	return h;
}

START_TEST(duel_is_in_the_table)
{
	int i, found = 0;

	ck_assert_int_eq(skirmish_ruleset_count(), 3);
	for (i = 0; i < skirmish_ruleset_count(); i++)
		if (skirmish_ruleset_id(i) == duel_id())
			found++;
	ck_assert_int_eq(found, 1);
	ck_assert_str_eq(skirmish_ruleset_name(duel_id()), "duel");
	/* the real ones are still there, in their places */
	ck_assert_int_eq(skirmish_ruleset_id(0), SKIRMISH_RULESET_SENSO);
	ck_assert_int_eq(skirmish_ruleset_id(1), SKIRMISH_RULESET_SAMPSON);
}
END_TEST

START_TEST(d1_the_order_is_rolled_off)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;
	skirmish_game *g;

	o.ruleset = duel_id();
	o.players = 2;
	g = tc_game_opts(&o);
	tc_figure(g, 0, "A", 10, 10, NULL);
	tc_figure(g, 1, "B", 20, 20, NULL);
	tc_dice(g, 2, 2, 5);
	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_int_eq(skirmish_game_active_player(g), 1);
	e = tc_effect(&r, SKIRMISH_EFFECT_TURN_STARTS, -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(e->rule, "D1");
	skirmish_game_free(g);
}
END_TEST

START_TEST(d2_foot_only)
{
	skirmish_game *g = tc_game(duel_id(), 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	int id;

	s.mounted = 1;
	s.x = s.y = 5;
	ck_assert_int_eq(skirmish_game_add_figure(g, &s, &id), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_figure_count(g), 0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(d3_a_move_too_far_changes_nothing)
{
	skirmish_game *g = duel_archers();
	double to[2] = { 17, 10 }, near[2] = { 15, 10 };
	char *before, *after;

	tc_start(g);
	before = tc_snapshot(g);
	ck_assert_int_eq(skirmish_move(g, 0, to, 1, SKIRMISH_FACING_KEEP, NULL),
			 SKIRMISH_E_TOO_FAR);
	after = tc_snapshot(g);
	ck_assert_str_eq(after, before);
	free(after);
	ck_assert_ok(skirmish_move(g, 0, near, 1, SKIRMISH_FACING_KEEP, NULL));
	/* D1: it has acted */
	ck_assert_int_eq(skirmish_move(g, 0, to, 1, SKIRMISH_FACING_KEEP, NULL),
			 SKIRMISH_E_CANNOT_ACT);
	free(before);
	skirmish_game_free(g);
}
END_TEST

START_TEST(d4_a_four_kills)
{
	skirmish_game *g = duel_archers();
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_start(g);
	tc_dice(g, 1, 4);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
	ck_assert_int_eq(r.ndice, 1);
	ck_assert_ptr_nonnull(tc_effect(&r, SKIRMISH_EFFECT_KILLED, 1));
	/* D6: the last side standing wins */
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), 0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(d4_a_three_misses_and_cover_takes_one)
{
	skirmish_game *g = duel_archers();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_modifier *m;

	tc_rect(g, SKIRMISH_TERRAIN_COVER, 8, 18, 12, 20);
	tc_start(g);
	tc_dice(g, 1, 4);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	m = tc_mod(&r, SKIRMISH_MOD_COVER, 0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->value, -1);
	ck_assert_str_eq(m->rule, "D4");
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_MISS);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_PLAYING);
	skirmish_game_free(g);
}
END_TEST

START_TEST(d4_beyond_twelve_inches)
{
	skirmish_game *g = tc_game(duel_id(), 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	tc_figure(g, 0, "A", 10, 10, &s);
	tc_figure(g, 1, "B", 10, 24, &s);
	tc_start(g);
	ck_assert_int_eq(skirmish_shoot(g, 0, 1, NULL), SKIRMISH_E_OUT_OF_RANGE);
	skirmish_game_free(g);
}
END_TEST

START_TEST(d5_the_higher_die_removes_the_other)
{
	skirmish_game *g = tc_game(duel_id(), 2);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	tc_figure(g, 0, "A", 10, 10, NULL);
	tc_figure(g, 1, "B", 10, 11.05, NULL);
	tc_figure(g, 1, "C", 30, 30, NULL);
	tc_start(g);
	tc_dice(g, 2, 3, 3);
	ck_assert_ok(skirmish_fight(g, 0, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_STANDOFF);
	ck_assert_int_eq(r.target, 1);
	ck_assert_ok(skirmish_end_turn(g, NULL));
	tc_dice(g, 2, 6, 2);
	ck_assert_ok(skirmish_fight(g, 1, &r));
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_ATTACKER_WINS);
	ck_assert_ptr_nonnull(tc_effect(&r, SKIRMISH_EFFECT_KILLED, 0));
	ck_assert_int_eq(skirmish_game_winner(g), 1);
	skirmish_game_free(g);
}
END_TEST

START_TEST(duel_exact_odds)
{
	skirmish_game *g = tc_game(duel_id(), 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_action a;
	skirmish_odds o;
	int i;

	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	tc_figure(g, 0, "A", 10, 10, &s);
	tc_figure(g, 1, "B", 10, 11.05, NULL);
	tc_start(g);
	/* D4: 4, 5, 6 of six kill */
	a = action(SKIRMISH_ACTION_SHOOT, 0, 1);
	ck_assert_ok(skirmish_odds_init(&o, SKIRMISH_ODDS_VERSION));
	ck_assert_ok(skirmish_game_odds(g, &a, &o));
	ck_assert_int_eq(o.noutcomes, 2);
	for (i = 0; i < o.noutcomes; i++) {
		ck_assert_uint_eq(o.outcomes[i].numerator, 1);
		ck_assert_uint_eq(o.outcomes[i].denominator, 2);
	}
	/* D5: 15/36 each way, 6/36 a standoff */
	a = action(SKIRMISH_ACTION_FIGHT, 0, -1);
	ck_assert_ok(skirmish_game_odds(g, &a, &o));
	ck_assert_int_eq(o.noutcomes, 3);
	for (i = 0; i < o.noutcomes; i++) {
		const skirmish_odds_outcome *x = &o.outcomes[i];
		if (x->outcome == SKIRMISH_OUTCOME_STANDOFF) {
			ck_assert_uint_eq(x->numerator, 1);
			ck_assert_uint_eq(x->denominator, 6);
			ck_assert_int_eq(x->side, -1);
		} else {
			ck_assert_uint_eq(x->numerator, 5);
			ck_assert_uint_eq(x->denominator, 12);
			ck_assert_int_eq(x->side, x->outcome == SKIRMISH_OUTCOME_ATTACKER_WINS);
		}
	}
	/* nothing was rolled or changed */
	ck_assert_int_eq(skirmish_game_script_remaining(g), 0);
	ck_assert_int_eq(tc_info(g, 1).removed, 0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(duel_legal_actions_are_accepted)
{
	skirmish_game *g = duel_archers();
	skirmish_action out[256];
	int n = 0, i, kinds = 0;

	tc_start(g);
	ck_assert_ok(skirmish_game_legal_actions(g, -1, out, 256, &n));
	ck_assert_int_gt(n, 3);
	ck_assert_int_le(n, 256);
	for (i = 0; i < n; i++) {
		ck_assert_ok(skirmish_game_check_action(g, &out[i]));
		kinds |= 1 << out[i].kind;
		/* no ruleset procedure: the duel has no turning, mounting or reloading */
		ck_assert_int_ne(out[i].kind, SKIRMISH_ACTION_TURN);
		ck_assert_int_ne(out[i].kind, SKIRMISH_ACTION_MOUNT);
	}
	ck_assert(kinds & (1 << SKIRMISH_ACTION_SHOOT));
	ck_assert(kinds & (1 << SKIRMISH_ACTION_MOVE));
	ck_assert(kinds & (1 << SKIRMISH_ACTION_END_TURN));
	skirmish_game_free(g);
}
END_TEST

/* A game played a while by the random policy, then saved, loaded, undone
 * and replayed: the history and the state services know no ruleset. */
START_TEST(duel_history_save_load_replay)
{
	skirmish_game *g = duel_archers(), *l = NULL, *r = NULL;
	uint64_t rng = 7, h;
	unsigned char buf[1 << 16];
	size_t n = 0;
	char err[256];
	int i, len;

	tc_figure(g, 0, "A2", 30, 10, NULL);
	tc_figure(g, 1, "B2", 30, 19, NULL);
	tc_start(g);
	for (i = 0; i < 12 && skirmish_game_state(g) == SKIRMISH_STATE_PLAYING; i++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		ck_assert_ok(skirmish_game_policy_action(g, SKIRMISH_POLICY_RANDOM, &rng, &a));
		ck_assert_ok(skirmish_game_act(g, &a, NULL));
	}
	h = hash_of(g);
	len = skirmish_game_history_length(g);
	ck_assert_int_gt(len, 1);

	ck_assert_ok(skirmish_game_save(g, buf, sizeof(buf), &n));
	ck_assert_msg(skirmish_game_load(&l, buf, n, NULL, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(hash_of(l), h);
	ck_assert_str_eq(skirmish_ruleset_name(skirmish_game_ruleset(l)), "duel");

	ck_assert_msg(skirmish_game_replay(&r, l, -1, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(hash_of(r), h);

	for (i = 0; i < len - 1; i++)
		ck_assert_ok(skirmish_game_undo(l));
	ck_assert_int_eq(skirmish_game_history_length(l), 1);
	ck_assert_int_eq(skirmish_game_turn(l), 1);
	skirmish_game_free(r);
	skirmish_game_free(l);
	skirmish_game_free(g);
}
END_TEST

static skirmish_playout_stats
playouts(skirmish_game *g, int policy, int games)
{
	skirmish_playout_options o = SKIRMISH_PLAYOUT_OPTIONS_INIT;
	skirmish_playout_stats s;

	o.games = games;
	o.seed = 11;
	o.policy[0] = o.policy[1] = policy;
	ck_assert_ok(skirmish_playout_stats_init(&s, SKIRMISH_PLAYOUT_STATS_VERSION));
	ck_assert_msg(skirmish_game_playouts(g, &o, &s) == 0, "%s", skirmish_game_errmsg(g));
	return s;
}

START_TEST(duel_playouts)
{
	skirmish_game *g = duel_archers();
	int policy;

	tc_figure(g, 0, "A2", 30, 10, NULL);
	tc_figure(g, 1, "B2", 30, 19, NULL);
	for (policy = SKIRMISH_POLICY_RANDOM; policy <= SKIRMISH_POLICY_GREEDY; policy++) {
		skirmish_playout_stats a = playouts(g, policy, 20), b = playouts(g, policy, 20);
		ck_assert_int_eq(a.games, 20);
		ck_assert_int_eq(a.unfinished, 0);
		ck_assert_int_eq(a.wins[0] + a.wins[1] + a.draws, 20);
		ck_assert_int_gt(a.actions, 20);
		/* G8: the same options, the same games */
		ck_assert_int_eq(a.wins[0], b.wins[0]);
		ck_assert_int_eq(a.wins[1], b.wins[1]);
		ck_assert_int_eq(a.actions, b.actions);
	}
	/* the game itself was not touched */
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_SETUP);
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("duel");

	ADD_TEST(s, duel_is_in_the_table);
	ADD_TEST(s, d1_the_order_is_rolled_off);
	ADD_TEST(s, d2_foot_only);
	ADD_TEST(s, d3_a_move_too_far_changes_nothing);
	ADD_TEST(s, d4_a_four_kills);
	ADD_TEST(s, d4_a_three_misses_and_cover_takes_one);
	ADD_TEST(s, d4_beyond_twelve_inches);
	ADD_TEST(s, d5_the_higher_die_removes_the_other);
	ADD_TEST(s, duel_exact_odds);
	ADD_TEST(s, duel_legal_actions_are_accepted);
	ADD_TEST(s, duel_history_save_load_replay);
	ADD_TEST(s, duel_playouts);
	return s;
}

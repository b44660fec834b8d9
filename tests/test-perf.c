/*
 * Performance contracts that a test can check without a clock
 * (doc/PERFORMANCE.md): once a game has started, taking actions allocates
 * nothing, and the spatial index gives the same answers as looking at every
 * figure.
 *
 * The undo history grows by design (one record per action), so these games
 * run with the history limit at 0; with a limit above 0 the history stops
 * allocating once it holds that many records.
 */
#include <stdint.h>
#include <stdlib.h>

#include "test-common.h"
#include "../lib/skirmish-private.h"

struct counter {
	long requests;    /* allocations and reallocations asked for */
	long counting;    /* nonzero: requests are counted */
};

static void *
counting_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	struct counter *c = ud;

	(void)old_size;
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	if (c->counting)
		c->requests++;
	return realloc(ptr, new_size);
}

static skirmish_game *
army(int ruleset, struct counter *c, uint64_t seed)
{
	static const int order[2] = { 0, 1 };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g;
	int i, p;

	o.ruleset = ruleset;
	o.player_order = order;
	o.seed = seed;
	o.alloc = counting_alloc;
	o.alloc_data = c;
	g = tc_game_opts(&o);
	for (p = 0; p < 2; p++)
		for (i = 0; i < 12; i++) {
			if (ruleset == SKIRMISH_RULESET_SENSO) {
				ck_assert_ok(skirmish_figure_spec_preset(&s, i % 3 == 0 ?
					SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED : i % 3 == 1 ?
					SKIRMISH_PRESET_ASHIGARU_BOW : SKIRMISH_PRESET_MONK));
			} else {
				s.melee_weapon = SKIRMISH_MELEE_SPEAR;
				s.missile_weapon = i % 2 ? SKIRMISH_MISSILE_JAVELIN :
							   SKIRMISH_MISSILE_NONE;
				s.shield = 1;
				s.mounted = i % 4 == 0;
			}
			tc_figure(g, p, NULL, 24 + 2.5 * i, p ? 30 : 18, &s);
		}
	ck_assert_ok(skirmish_game_set_history_limit(g, 0));
	return g;
}

/* Plays games with the random policy to the end, counting the allocations
 * made inside skirmish_game_act (the policy's own look-ups are not the
 * action path and are not counted). kinds[] counts the actions taken. */
static long
play(int ruleset, int games, long kinds[32])
{
	struct counter c = { 0, 0 };
	skirmish_game *base = army(ruleset, &c, 3), *w = NULL;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	uint64_t rng = 99;
	int k, n;

	tc_start(base);
	ck_assert_ok(skirmish_game_clone(base, &w));
	for (k = 0; k < games; k++) {
		ck_assert_ok(skirmish_game_copy(w, base));
		ck_assert_ok(skirmish_game_set_seed(w, (uint64_t)k));
		for (n = 0; n < 3000 && skirmish_game_state(w) == SKIRMISH_STATE_PLAYING; n++) {
			skirmish_action a;
			int rc;
			ck_assert_ok(skirmish_game_policy_action(w, SKIRMISH_POLICY_RANDOM, &rng, &a));
			c.counting = 1;
			rc = skirmish_game_act(w, &a, NULL);
			c.counting = 0;
			ck_assert_msg(rc == 0, "act: %s", skirmish_game_errmsg(w));
			/* the sentence is written when it is asked for, into a
			 * buffer that grows to the longest one (not counted) */
			if (n % 2)
				ck_assert_ok(skirmish_game_last_result(w, &r));
			if (a.kind >= 0 && a.kind < 32)
				kinds[a.kind]++;
		}
	}
	skirmish_game_free(w);
	skirmish_game_free(base);
	return c.requests;
}

START_TEST(perf_senso_actions_allocate_nothing)
{
	long kinds[32] = { 0 };
	long n = play(SKIRMISH_RULESET_SENSO, 20, kinds);

	ck_assert_int_eq(n, 0);
	/* the games moved, shot, charged or fought and ended turns */
	ck_assert_int_gt(kinds[SKIRMISH_ACTION_MOVE] + kinds[SKIRMISH_ACTION_CHARGE], 100);
	ck_assert_int_gt(kinds[SKIRMISH_ACTION_SHOOT], 10);
	ck_assert_int_gt(kinds[SKIRMISH_ACTION_END_TURN], 100);
	ck_assert_int_gt(kinds[SKIRMISH_ACTION_DISMOUNT] + kinds[SKIRMISH_ACTION_MOUNT], 0);
}
END_TEST

START_TEST(perf_sampson_actions_allocate_nothing)
{
	long kinds[32] = { 0 };
	long n = play(SKIRMISH_RULESET_SAMPSON, 20, kinds);

	ck_assert_int_eq(n, 0);
	ck_assert_int_gt(kinds[SKIRMISH_ACTION_MOVE] + kinds[SKIRMISH_ACTION_CHARGE], 100);
	ck_assert_int_gt(kinds[SKIRMISH_ACTION_SHOOT], 10);
	ck_assert_int_gt(kinds[SKIRMISH_ACTION_FIGHT], 10);
	ck_assert_int_gt(kinds[SKIRMISH_ACTION_END_PHASE], 100);
}
END_TEST

/* The sentence of an action taken without a result is written when it is
 * asked for, and is the one the action would have given. */
START_TEST(perf_lazy_sentence_is_the_same)
{
	skirmish_game *a = tc_game(SKIRMISH_RULESET_SENSO, 2), *b;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_result ra = SKIRMISH_RESULT_INIT, rb = SKIRMISH_RESULT_INIT;

	ck_assert_ok(skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI));
	tc_figure(a, 0, "Kenji", 10, 10, &s);
	tc_figure(a, 1, "Taro", 25, 10, &s);
	tc_start(a);
	ck_assert_ok(skirmish_game_clone(a, &b));
	tc_dice(a, 1, 2);
	tc_dice(b, 1, 2);
	ck_assert_ok(skirmish_shoot(a, 0, 1, &ra));
	ck_assert_ok(skirmish_shoot(b, 0, 1, NULL));
	ck_assert_ok(skirmish_game_last_result(b, &rb));
	ck_assert_ptr_nonnull(rb.text);
	ck_assert_str_eq(ra.text, rb.text);
	skirmish_game_free(a);
	skirmish_game_free(b);
}
END_TEST

/* The spatial index only narrows: every figure's enemy contacts, and
 * whether a short move of every figure is blocked, are the same with it
 * as looking at every figure, at every step of random games (fights,
 * kills, horse markers made and mounted, undo). */
static void
same_as_scan(skirmish_game *g)
{
	int i, a[64], b[64], na, nb, saved = g->grid_ok;

	for (i = 0; i < g->nfigs; i++) {
		sk_pt path[2];
		struct sk_path_info pi;
		int ra, rb;

		if (!sk_fig_alive(g, i))
			continue;
		na = sk_fig_enemy_contacts(g, i, a, 64);
		path[0].x = g->figs[i].x;
		path[0].y = g->figs[i].y;
		path[1].x = path[0].x + 1500;
		path[1].y = path[0].y + 700;
		ra = sk_path_check(g, i, path, 2, g->figs[i].facing, &pi);
		g->grid_ok = 0;
		nb = sk_fig_enemy_contacts(g, i, b, 64);
		rb = sk_path_check(g, i, path, 2, g->figs[i].facing, &pi);
		g->grid_ok = saved;
		ck_assert_int_eq(na, nb);
		ck_assert_int_eq(memcmp(a, b, sizeof(int) * (size_t)(na < 64 ? na : 64)), 0);
		ck_assert_int_eq(ra, rb);
	}
}

static void
index_games(int ruleset)
{
	struct counter c = { 0, 0 };
	skirmish_game *g = army(ruleset, &c, 5);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	uint64_t rng = 7;
	int k, n;

	ck_assert_ok(skirmish_game_set_history_limit(g, -1));
	tc_start(g);
	ck_assert_int_eq(g->grid_ok, 1);
	for (k = 0; k < 3; k++) {
		skirmish_game *w = NULL;
		ck_assert_ok(skirmish_game_clone(g, &w));
		ck_assert_ok(skirmish_game_set_seed(w, (uint64_t)k + 1));
		for (n = 0; n < 400 && skirmish_game_state(w) == SKIRMISH_STATE_PLAYING; n++) {
			skirmish_action a;
			ck_assert_ok(skirmish_game_policy_action(w, SKIRMISH_POLICY_RANDOM, &rng, &a));
			ck_assert_ok(skirmish_game_act(w, &a, &r));
			same_as_scan(w);
			if (n % 7 == 6) { /* undo keeps the index in step too */
				ck_assert_ok(skirmish_game_undo(w));
				same_as_scan(w);
			}
		}
		skirmish_game_free(w);
	}
	skirmish_game_free(g);
}

/* The greedy policy's nearest enemy through the index (a game of more
 * than 256 figures) is the one a scan finds, from anywhere on the table,
 * and still once figures have been removed. */
START_TEST(perf_index_nearest_enemy_same_as_scan)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g;
	uint64_t x = 99;
	int i, k, n = 0;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.players = 2;
	o.table_width = 150;
	o.table_depth = 100;
	g = tc_game_opts(&o);
	s.dv = 6;
	for (i = 0; i < 30; i++)
		for (k = 0; k < 20; k++) {
			s.player = (i + k) % 2;
			s.x = 2 + 5.0 * i;
			s.y = 2 + 5.0 * k;
			s.facing = 13.0 * n++;
			ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
		}
	tc_start(g);
	ck_assert_int_eq(g->grid_ok, 1);
	for (k = 0; k < 2; k++) {
		for (i = 0; i < 1000; i++) {
			int fig;
			sk_pt c;
			int64_t with, without;

			x = x * UINT64_C(6364136223846793005) + 1442695040888963407u;
			fig = (int)((x >> 33) % (uint64_t)g->nfigs);
			if (!sk_fig_alive(g, fig))
				continue;
			c.x = (int32_t)((x >> 20) % 150000);
			c.y = (int32_t)((x >> 40) % 100000);
			with = sk_nearest_enemy_gap(g, fig, c);
			g->grid_ok = 0;
			without = sk_nearest_enemy_gap(g, fig, c);
			g->grid_ok = 1;
			ck_assert_msg(with == without, "figure %d at %d,%d: %lld against %lld", fig,
				      c.x, c.y, (long long)with, (long long)without);
		}
		/* then remove all but a few of one side, so that the nearest
		 * is far and the square doubles */
		for (i = 0; i < g->nfigs; i++)
			if (g->figs[i].player == 1 && i % 41 != 0)
				g->figs[i].flags |= FIG_REMOVED;
	}
	skirmish_game_free(g);
}
END_TEST

START_TEST(perf_index_senso_same_as_scan)
{
	index_games(SKIRMISH_RULESET_SENSO);
}
END_TEST

START_TEST(perf_index_sampson_same_as_scan)
{
	index_games(SKIRMISH_RULESET_SAMPSON);
}
END_TEST

/* The most figures in one bucket of the index, after a dense block of
 * 3,000 figures is set up in a corner of a w" square table. */
static int
fullest_bucket(double w)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g;
	int i, j, most = 0;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.table_width = w;
	o.table_depth = w;
	g = tc_game_opts(&o);
	s.dv = 6;
	for (i = 0; i < 3000; i++) {
		s.player = i & 1;
		s.x = 1 + 1.5 * (i % 55);
		s.y = 1 + 1.5 * (i / 55);
		ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
	}
	ck_assert_int_eq(g->grid_ok, 1);
	for (i = 0; i < g->grid_buckets; i++) {
		int n = 0;
		for (j = g->grid_head[i]; j >= 0; j = g->grid_next[j])
			n++;
		if (n > most)
			most = n;
	}
	skirmish_game_free(g);
	return most;
}

/* Setting up a dense army costs the same on any table: the index's cells
 * do not grow with the table (600,000 figures on a 100,000" table took
 * 100 times as long as on a 1,200" one while they did; `skirmish-bench
 * setup` measures it). A 4" cell holds at most 9 of these figures. */
START_TEST(perf_index_cells_do_not_grow_with_the_table)
{
	int small = fullest_bucket(1200), large = fullest_bucket(100000);

	ck_assert_int_le(small, 3 * 9);
	ck_assert_int_le(large, 3 * 9);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("perf");

	ADD_TEST(s, perf_senso_actions_allocate_nothing);
	ADD_TEST(s, perf_sampson_actions_allocate_nothing);
	ADD_TEST(s, perf_lazy_sentence_is_the_same);
	ADD_TEST(s, perf_index_senso_same_as_scan);
	ADD_TEST(s, perf_index_sampson_same_as_scan);
	ADD_TEST(s, perf_index_nearest_enemy_same_as_scan);
	ADD_TEST(s, perf_index_cells_do_not_grow_with_the_table);
	return s;
}

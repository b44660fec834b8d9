/* SPDX-License-Identifier: MIT */
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
			skirmish_action a = SKIRMISH_ACTION_INIT;
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
		/* A26: between actions a Sampson figure in contact with an
		 * enemy names a melee pair, and only then (sampson_can_act) */
		if (g->rs->melee_pairs)
			ck_assert_int_eq(g->figs[i].melee >= 0, na > 0);
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
			skirmish_action a = SKIRMISH_ACTION_INIT;
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

/* A lattice of n bowmen and peasants, 5" apart, players alternating: bows
 * reach 30", so an archer's box is more cells than the index looked at
 * before (289 of 4") and holds more figures than a small answer (256). */
static skirmish_game *
bow_lattice(int cols, int rows)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g;
	int i, k;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.players = 2;
	o.table_width = 5.0 * cols + 4;
	o.table_depth = 5.0 * rows + 4;
	g = tc_game_opts(&o);
	for (i = 0; i < cols; i++)
		for (k = 0; k < rows; k++) {
			ck_assert_ok(skirmish_figure_spec_preset(&s, (i + k) % 3 ?
				     SKIRMISH_PRESET_ASHIGARU_BOW : SKIRMISH_PRESET_PEASANT));
			s.mounted = 0;
			s.player = (i + k) % 2;
			s.x = 2 + 5.0 * i;
			s.y = 2 + 5.0 * k;
			s.facing = 45.0 * ((i * 7 + k) % 8);
			ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
		}
	tc_start(g);
	ck_assert_int_eq(g->grid_ok, 1);
	return g;
}

/* A query of any size is answered by the index, and the answer is what a
 * look at every figure finds, in id order: boxes from a point to more
 * than the table, at random places; with room for every figure it never
 * gives up, and with the small answer's room it gives up only when the
 * answer would not fit. */
START_TEST(perf_index_any_box_same_as_scan)
{
	skirmish_game *g = bow_lattice(30, 24);
	int *got = malloc(sizeof(int) * (size_t)g->nfigs), want[1024], small[SK_NEAR_MAX];
	uint64_t x = 5;
	int q;

	ck_assert_ptr_nonnull(got);
	for (q = 0; q < 400; q++) {
		int32_t cx, cy, half, margin;
		int i, n = 0, m, ns;

		x = x * UINT64_C(6364136223846793005) + 1442695040888963407u;
		cx = (int32_t)((x >> 20) % 160000);
		cy = (int32_t)((x >> 40) % 130000);
		half = (int32_t)((x >> 8) % (q % 4 == 0 ? 200000 : 40000));
		margin = (int32_t)((x >> 50) % 3000);
		for (i = 0; i < g->nfigs; i++) {
			const struct sk_fig *f = &g->figs[i];
			int32_t r = f->w + f->d;
			if (f->x + r < cx - half - margin || f->x - r > cx + half + margin ||
			    f->y + r < cy - half - margin || f->y - r > cy + half + margin)
				continue;
			want[n++] = i;
		}
		m = sk_near_cap(g, cx - half, cy - half, cx + half, cy + half, margin, got,
				g->nfigs);
		ck_assert_int_eq(m, n);
		ck_assert_int_eq(memcmp(got, want, sizeof(int) * (size_t)n), 0);
		ns = sk_near(g, cx - half, cy - half, cx + half, cy + half, margin, small);
		ck_assert_int_eq(ns, n <= SK_NEAR_MAX ? n : -1);
		if (ns > 0)
			ck_assert_int_eq(memcmp(small, want, sizeof(int) * (size_t)n), 0);
	}
	free(got);
	skirmish_game_free(g);
}
END_TEST

/* The candidates of a game of 720 figures, bows in reach of hundreds of
 * them, are the same through the index as looking at every figure, for
 * the list and for the policies, as random play goes on. */
START_TEST(perf_index_candidates_same_as_scan)
{
	skirmish_game *g = bow_lattice(30, 24);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	struct sk_cand *keep = NULL;
	uint64_t rng = 3;
	size_t cap = 0;
	int step, pass;

	for (step = 0; step < 60 && skirmish_game_state(g) == SKIRMISH_STATE_PLAYING; step++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		for (pass = 0; pass < 2; pass++) {
			size_t n;
			ck_assert_ok(pass ? sk_policy_candidates(g) : sk_candidates(g, -1));
			n = sk_cand_count(g);
			ck_assert_uint_gt(n, 0);
			if (n > cap) {
				cap = n;
				keep = realloc(keep, sizeof(*keep) * cap);
				ck_assert_ptr_nonnull(keep);
			}
			memcpy(keep, g->cand.p, sizeof(*keep) * n);
			g->grid_ok = 0;
			ck_assert_ok(pass ? sk_policy_candidates(g) : sk_candidates(g, -1));
			g->grid_ok = 1;
			ck_assert_uint_eq(sk_cand_count(g), n);
			ck_assert_int_eq(memcmp(keep, g->cand.p, sizeof(*keep) * n), 0);
		}
		ck_assert_ok(skirmish_game_policy_action(g, SKIRMISH_POLICY_RANDOM, &rng, &a));
		ck_assert_ok(skirmish_game_act(g, &a, &r));
	}
	free(keep);
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

/* The sentence's appender (result.c) writes what snprintf writes, for
 * every conversion the sentences use, over the values actions make (mils
 * in inches, whole degrees) and beyond them, and cuts a small buffer as
 * snprintf does. */
START_TEST(perf_appender_writes_what_printf_writes)
{
	static const double odd[] = { 0.05, 0.15, 0.25, 0.35, 0.45, 0.95, 1.05, -0.05, -0.04,
				      -0.0, 0.0, 0.049999, 9.95, 99.95, 1e15, 9007199254740993.0,
				      1e300, -1e300, 4.9e-324, 2.5e-308, 123456.75, 0.5, 1.5 };
	static const double gs[] = { 0, -0.0, 1, 45, 359, 999999, 1e6, -1e6, 1234567, 0.5,
				     22.5, 1e-5, 3.14159265, -7, 1e20, 0.0001 };
	char want[512], got[512];
	struct sk_str str;
	uint64_t rng = 3;
	long i;
	int k;

#define SAME(sz_, ...)                                                      \
	do {                                                                 \
		int n_ = snprintf(want, (sz_), __VA_ARGS__);                \
		memset(got, 'x', sizeof(got));                               \
		str.buf = (sz_) ? got : NULL;                               \
		str.size = (sz_);                                           \
		str.len = 0;                                                 \
		sk_str_printf(&str, __VA_ARGS__);                            \
		ck_assert_int_eq((int)str.len, n_);                          \
		if ((sz_) > 0)                                              \
			ck_assert_str_eq(got, want);                         \
	} while (0)
	for (i = -tc_loops(300000); i <= tc_loops(300000); i++) {
		double v = (double)i / 1000.0;
		SAME(sizeof(want), "(%.1f, %.1f) %.1f\"", v, -v, v * 7.0);
	}
	for (i = 0; i < tc_loops(200000); i++) {
		uint64_t b;
		double v;
		rng = rng * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
		b = rng;
		memcpy(&v, &b, sizeof(v));
		SAME(sizeof(want), "%.1f", v);
		SAME(sizeof(want), "%g", v);
		SAME(sizeof(want), "%.1f|%g", (double)(int64_t)(b >> 40) / 1024.0,
		     (double)(int64_t)(b >> 44));
	}
	for (k = 0; k < (int)(sizeof(odd) / sizeof(odd[0])); k++)
		SAME(sizeof(want), "%.1f", odd[k]);
	for (k = 0; k < (int)(sizeof(gs) / sizeof(gs[0])); k++)
		SAME(sizeof(want), "face %g", gs[k]);
	for (k = 0; k < 360; k++)
		SAME(sizeof(want), "from %g to %g degrees", (double)k, (double)(359 - k));
	SAME(sizeof(want), "%d %d %d %+d %+d %+d %%", 0, -2147483647 - 1, 2147483647, 0, -3,
	     2147483647);
	SAME(sizeof(want), "%s (d%d, %s)%s", "Kenji", 6, "bow", "");
	for (k = 0; k < 40; k++) {
		volatile size_t cut = (size_t)k; /* not a constant: no truncation warning */
		SAME(cut, "%s shoots %s at %.1f\": rolls %d, %+d %s = %d", "Kenji", "Jiro",
		     20.05, 3, -1, "unarmoured", 2);
	}
#undef SAME
}
END_TEST

/* The pieces a sentence is written with (sk_str_int and its digit written
 * inline, sk_str_tenths and its path for table distances, sk_str_cat,
 * sk_str_half_up, sk_str_asked) write what snprintf writes, terminated
 * as sk_describe terminates them, in a buffer of every size from none to
 * room enough: negatives, zero, digits, large values, halves and the
 * rounding edges. */
static void
pieces_end(struct sk_str *str)
{
	if (str->buf && str->size)
		str->buf[str->len < str->size ? str->len : str->size - 1] = '\0';
}

/* what sk_str_half_up and sk_str_asked mean, in snprintf's words: the
 * thousandths rounded half away from zero, then tenths likewise, or the
 * thousandths when they are not a whole tenth */
static int
mils_ref(char *out, size_t size, double v, int asked)
{
	double m = v < 0 ? -v * 1000.0 : v * 1000.0;
	long long q = (long long)(m + 0.5);
	int neg = v < 0;

	if (!asked || q % 100 == 0) {
		q = asked ? q / 100 : (q + 50) / 100;
		return snprintf(out, size, "%s%lld.%lld", neg && q > 0 ? "-" : "", q / 10, q % 10);
	}
	return snprintf(out, size, "%s%lld.%03lld", neg ? "-" : "", q / 1000, q % 1000);
}

START_TEST(perf_sentence_pieces_write_what_printf_writes)
{
	static const int ints[] = { 0, 1, -1, 9, -9, 10, -10, 99, -99, 100, 12345, -12345,
				    2147483647, -2147483647 - 1, 1000000000, -999999999 };
	static const double tens[] = { 0.0, -0.0, 0.05, 0.15, 0.25, -0.05, 0.04999, 9.95, 99.95,
				       999.95, 999.94, 1000.0, 1000.05, -999.95, 0.5, 1.5, 2.5,
				       123456.75, 1e15, -1e15, 1e300, 4.9e-324, 12.0, 24.35 };
	char want[512], got[512];
	struct sk_str str;
	uint64_t rng = 7;
	long i;
	int k;
	size_t cut;

#define PIECES(sz_, call_, ...)                                             \
	do {                                                                 \
		int n_ = snprintf(want, (sz_), __VA_ARGS__);                \
		memset(got, 'x', sizeof(got));                               \
		str.buf = (sz_) ? got : NULL;                               \
		str.size = (sz_);                                           \
		str.len = 0;                                                 \
		SK_STR_LIT(&str, "<");                                      \
		call_;                                                       \
		SK_STR_LIT(&str, ">");                                      \
		pieces_end(&str);                                            \
		ck_assert_int_eq((int)str.len, n_);                          \
		if ((sz_) > 0)                                              \
			ck_assert_str_eq(got, want);                         \
	} while (0)
	for (cut = 0; cut < 16; cut++) {
		for (k = 0; k < (int)(sizeof(ints) / sizeof(ints[0])); k++) {
			PIECES(cut, sk_str_int(&str, ints[k], 0), "<%d>", ints[k]);
			PIECES(cut, sk_str_int(&str, ints[k], 1), "<%+d>", ints[k]);
		}
		for (k = 0; k < (int)(sizeof(tens) / sizeof(tens[0])); k++)
			PIECES(cut, sk_str_tenths(&str, tens[k]), "<%.1f>", tens[k]);
		PIECES(cut, sk_str_cat(&str, "Kenji"), "<%s>", "Kenji");
		PIECES(cut, sk_str_cat(&str, ""), "<%s>", "");
		PIECES(cut, (sk_str_cat(&str, "unarmoured"), sk_str_int(&str, -1, 1)), "<%s%+d>",
		       "unarmoured", -1);
	}
	for (i = -tc_loops(100000); i <= tc_loops(100000); i++) {
		int v = (int)(i * 21474 + (i & 7));
		double d = (double)i / 1000.0;
		PIECES(sizeof(want), sk_str_int(&str, (int)i, 0), "<%d>", (int)i);
		PIECES(sizeof(want), sk_str_int(&str, v, 1), "<%+d>", v);
		PIECES(sizeof(want), sk_str_tenths(&str, d), "<%.1f>", d);
		PIECES(sizeof(want), sk_str_tenths(&str, d * 13.0), "<%.1f>", d * 13.0);
	}
	for (i = 0; i < tc_loops(200000); i++) {
		uint64_t b;
		double v;
		rng = rng * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
		b = rng;
		memcpy(&v, &b, sizeof(v));
		PIECES(sizeof(want), sk_str_tenths(&str, v), "<%.1f>", v);
		v = (double)(int64_t)(b >> 40) / 1024.0; /* near a table's sizes */
		PIECES(sizeof(want), sk_str_tenths(&str, v), "<%.1f>", v);
		PIECES(sizeof(want), sk_str_int(&str, (int)(b >> 32), 0), "<%d>", (int)(b >> 32));
	}
	for (i = -tc_loops(200000); i <= tc_loops(200000); i++) {
		double v = (double)i / 1000.0, w = (double)i / 997.0;
		char ref[64];
		mils_ref(ref, sizeof(ref), v, 0);
		PIECES(sizeof(want), sk_str_half_up(&str, v), "<%s>", ref);
		mils_ref(ref, sizeof(ref), w, 0);
		PIECES(sizeof(want), sk_str_half_up(&str, w), "<%s>", ref);
		mils_ref(ref, sizeof(ref), v, 1);
		PIECES(sizeof(want), sk_str_asked(&str, v), "<%s>", ref);
		mils_ref(ref, sizeof(ref), w, 1);
		PIECES(sizeof(want), sk_str_asked(&str, w), "<%s>", ref);
		if (i % 1000 == 0)
			for (cut = 0; cut < 12; cut++) {
				mils_ref(ref, sizeof(ref), w, 1);
				PIECES(cut, sk_str_asked(&str, w), "<%s>", ref);
			}
	}
#undef PIECES
}
END_TEST

/* The legal list leaves out only what is refused: at every few steps of
 * random games, every shot, charge, fight, mount, reload, dismount, turn,
 * end of phase or turn that skirmish_game_check_action accepts is on the
 * list, and so is a move in each of the 8 directions in which a step of
 * 0.1" is accepted (the list skips candidates whose refusal it can tell
 * in advance, and this checks that it never skips a legal one). */
static int
listed(const skirmish_action *list, int n, const skirmish_action *a, const skirmish_game *g)
{
	int i;

	for (i = 0; i < n; i++) {
		const skirmish_action *l = &list[i];
		if (l->kind != a->kind || l->figure != a->figure)
			continue;
		if (a->kind == SKIRMISH_ACTION_MOVE) {
			/* a move in the same direction, to 1 degree */
			const struct sk_fig *f = &g->figs[a->figure];
			double dx = l->xy[0] - sk_to_inches(f->x), dy = l->xy[1] - sk_to_inches(f->y);
			double ex = a->xy[0] - sk_to_inches(f->x), ey = a->xy[1] - sk_to_inches(f->y);
			double cross = dx * ey - dy * ex, dot = dx * ex + dy * ey;
			if (l->npoints == 1 && dot > 0 && fabs(cross) <= 0.02 * dot)
				return 1;
			continue;
		}
		if (l->target == a->target &&
		    (a->kind != SKIRMISH_ACTION_TURN || l->facing == a->facing))
			return 1;
	}
	return 0;
}

static void
legal_list_complete(int ruleset)
{
	static const int kinds[] = { SKIRMISH_ACTION_SHOOT, SKIRMISH_ACTION_CHARGE,
				     SKIRMISH_ACTION_FIGHT, SKIRMISH_ACTION_MOUNT };
	static const int plain[] = { SKIRMISH_ACTION_FIGHT, SKIRMISH_ACTION_RELOAD,
				     SKIRMISH_ACTION_DISMOUNT };
	struct counter c = { 0, 0 };
	skirmish_game *g = army(ruleset, &c, 5);
	skirmish_action *list = malloc(sizeof(*list) * 4096);
	uint64_t rng = 17;
	long checked = 0;
	int n, count, fig, i, k, d;

	ck_assert_ptr_nonnull(list);
	tc_start(g);
	for (n = 0; n < 600 && skirmish_game_state(g) == SKIRMISH_STATE_PLAYING; n++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		if (n % 3 == 0) {
			int active = g->st.order[g->st.active];
			ck_assert_ok(skirmish_game_legal_actions(g, -1, list, 4096, &count));
			ck_assert_int_le(count, 4096);
			for (fig = 0; fig < g->nfigs; fig++) {
				const struct sk_fig *f = &g->figs[fig];
				if (!sk_fig_alive(g, fig) || f->player != active)
					continue;
				for (i = -1; i < g->nfigs; i++)
					for (k = 0; k < (i < 0 ? 3 : 4); k++) {
						skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
						a.kind = i < 0 ? plain[k] : kinds[k];
						a.figure = fig;
						a.target = i;
						if (i == fig || (i < 0 && a.kind == SKIRMISH_ACTION_FIGHT &&
								 g->rs->melee_pairs))
							continue;
						if (skirmish_game_check_action(g, &a) != 0)
							continue;
						checked++;
						ck_assert_msg(listed(list, count, &a, g),
							      "step %d: %s of %d at %d is legal, not listed",
							      n, skirmish_action_name(a.kind), fig, i);
					}
				for (d = 0; d < 360; d += 45) {
					int32_t dx, dy;
					skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
					a.kind = SKIRMISH_ACTION_TURN;
					a.figure = fig;
					a.facing = d;
					if (d != f->facing && g->rs->turn &&
					    skirmish_game_check_action(g, &a) == 0) {
						checked++;
						ck_assert_msg(listed(list, count, &a, g),
							      "step %d: turn of %d to %d", n, fig, d);
					}
					skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
					a.kind = SKIRMISH_ACTION_MOVE;
					a.figure = fig;
					a.npoints = 1;
					sk_dir(d, 100, &dx, &dy);
					a.xy[0] = sk_to_inches((int64_t)f->x + dx);
					a.xy[1] = sk_to_inches((int64_t)f->y + dy);
					if (skirmish_game_check_action(g, &a) == 0) {
						checked++;
						ck_assert_msg(listed(list, count, &a, g),
							      "step %d: a move of %d towards %d", n, fig, d);
					}
				}
			}
			for (k = SKIRMISH_ACTION_END_PHASE; k <= SKIRMISH_ACTION_END_TURN; k++) {
				skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
				a.kind = k;
				if (skirmish_game_check_action(g, &a) == 0)
					ck_assert(listed(list, count, &a, g));
			}
		}
		ck_assert_ok(skirmish_game_policy_action(g, SKIRMISH_POLICY_RANDOM, &rng, &a));
		ck_assert_ok(skirmish_game_act(g, &a, NULL));
	}
	ck_assert_int_gt(checked, 1000);
	free(list);
	skirmish_game_free(g);
}

START_TEST(perf_legal_list_misses_no_legal_action_senso)
{
	legal_list_complete(SKIRMISH_RULESET_SENSO);
}
END_TEST

START_TEST(perf_legal_list_misses_no_legal_action_sampson)
{
	legal_list_complete(SKIRMISH_RULESET_SAMPSON);
}
END_TEST

/* Two sides of 12 in two ranks, 1.8" to 2.6" apart (friends in each
 * other's way), 30" apart across a 72" x 48" table, with terrain between
 * and among them when asked (rough ground, an obstacle, water, impassable
 * ground), so that some figures' moves are plain and others' are not. */
static skirmish_game *
plain_game(int ruleset, int terrain, uint64_t seed)
{
	static const int order[2] = { 0, 1 };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g;
	int i, p;

	o.ruleset = ruleset;
	o.player_order = order;
	o.seed = seed;
	g = tc_game_opts(&o);
	for (p = 0; p < 2; p++)
		for (i = 0; i < 12; i++) {
			double x = 20 + 2.2 * (i % 6) + (double)((i * 7 + p * 3) % 5) / 10,
			       y = 6 + 3.0 * (i / 6);
			if (ruleset == SKIRMISH_RULESET_SENSO) {
				ck_assert_ok(skirmish_figure_spec_preset(&s, i % 4 == 0 ?
					SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED : i % 3 == 1 ?
					SKIRMISH_PRESET_ASHIGARU_BOW : SKIRMISH_PRESET_MONK));
			} else {
				s.melee_weapon = SKIRMISH_MELEE_SPEAR;
				s.missile_weapon = i % 2 ? SKIRMISH_MISSILE_JAVELIN :
							   SKIRMISH_MISSILE_NONE;
				s.shield = i % 3 != 0;
				s.mounted = i % 4 == 0;
			}
			s.facing = p ? 270 : 90;
			tc_figure(g, p, NULL, p ? 72 - x : x, p ? 48 - y : y, &s);
		}
	if (terrain) {
		tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 20, 12, 30, 16);
		tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 34, 20, 42, 20.5);
		tc_rect(g, SKIRMISH_TERRAIN_WATER, 44, 30, 48, 33);
		tc_rect(g, SKIRMISH_TERRAIN_IMPASSABLE, 27, 3, 28.5, 4.5);
	}
	ck_assert_ok(skirmish_game_set_history_limit(g, 0));
	tc_start(g);
	return g;
}

/* At every third step of random games, with terrain and without: every
 * straight move of every figure of the active player, in each of the 8
 * directions and of every length in 0.1" steps to its allowance, that
 * sk_plain_move decides, it decides as the move itself does (probed, as
 * the legal list would), and every turn on the spot to one of the 8
 * facings that sk_plain_turn finds legal is: so the list's shortcut lists
 * what the probes would. Both answers and both sides of the shortcut are
 * seen. And every such move that sk_move_blocked finds blocked (G3, G4),
 * plain or not, the move refuses, for that reason or for one that holds
 * for every move of the figure: many are, most are not. */
static void
plain_moves_same_as_probes(int ruleset)
{
	long decided = 0, refused = 0, asked = 0, turns = 0, blocked = 0;
	int terrain, n, fig, d, rc, legal, bl;
	int32_t steps, reach, dx, dy;

	for (terrain = 0; terrain < 2; terrain++) {
		skirmish_game *g = plain_game(ruleset, terrain, 7 + (uint64_t)terrain);
		uint64_t rng = 41;
		for (n = 0; n < 240 && skirmish_game_state(g) == SKIRMISH_STATE_PLAYING; n++) {
			skirmish_action a = SKIRMISH_ACTION_INIT;
			if (n % 3 == 0)
				for (fig = 0; fig < g->nfigs; fig++) {
					const struct sk_fig *f = &g->figs[fig];
					struct sk_move_ctx ctx;
					if (!sk_fig_alive(g, fig) ||
					    f->player != g->st.order[g->st.active])
						continue;
					/* corners found at once, or as asked */
					sk_move_ctx_init(&ctx, fig % 2);
					reach = g->rs->allowance(g, fig);
					for (d = 0; d < 360; d += 45) {
						if (d == f->facing || !g->rs->turn ||
						    sk_plain_turn(g, &ctx, fig, d) < 0)
							continue;
						skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
						a.kind = SKIRMISH_ACTION_TURN;
						a.figure = fig;
						a.facing = d;
						ck_assert_msg(sk_action_legal(g, &a) == 1,
							      "step %d: %d's turn to %d", n, fig, d);
						turns++;
					}
					for (d = 0; d < 360; d += 45)
						for (steps = 1; steps <= reach / 100; steps++) {
							asked++;
							rc = sk_plain_move(g, &ctx, fig, d, steps, -1);
							bl = sk_move_blocked(g, &ctx, fig, d, steps);
							if (rc < 0 && !bl)
								continue;
							skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
							a.kind = SKIRMISH_ACTION_MOVE;
							a.figure = fig;
							a.npoints = 1;
							sk_dir(d, (int64_t)steps * 100, &dx, &dy);
							a.xy[0] = sk_to_inches((int64_t)f->x + dx);
							a.xy[1] = sk_to_inches((int64_t)f->y + dy);
							legal = sk_action_legal(g, &a);
							ck_assert_int_ge(legal, 0);
							ck_assert_msg(rc < 0 || rc == legal,
								      "step %d: %d's move at %d "
								      "of %d steps: %d, probed %d", n,
								      fig, d, steps, rc, legal);
							ck_assert_msg(!bl || (!legal &&
									      (g->probe.refused == SKIRMISH_E_BLOCKED ||
									       sk_refusal_kind_wide(g->probe.refused, 0))),
								      "step %d: %d's move at %d of %d "
								      "steps is blocked, yet probed %d "
								      "(refused %d)", n, fig, d, steps,
								      legal, g->probe.refused);
							decided += rc >= 0;
							refused += rc == 0;
							blocked += bl;
						}
				}
			ck_assert_ok(skirmish_game_policy_action(g, SKIRMISH_POLICY_RANDOM, &rng, &a));
			ck_assert_ok(skirmish_game_act(g, &a, NULL));
		}
		skirmish_game_free(g);
	}
	/* not a test that cannot fail: most moves are decided, many refused */
	ck_assert_int_gt(decided, asked / 8);
	ck_assert_int_gt(refused, decided / 20);
	ck_assert_int_gt(blocked, asked / 50);
	ck_assert_int_lt(blocked, asked / 2);
	if (ruleset == SKIRMISH_RULESET_SAMPSON)
		ck_assert_int_gt(turns, 1000);
}

START_TEST(perf_plain_moves_same_as_probes_senso)
{
	plain_moves_same_as_probes(SKIRMISH_RULESET_SENSO);
}
END_TEST

START_TEST(perf_plain_moves_same_as_probes_sampson)
{
	plain_moves_same_as_probes(SKIRMISH_RULESET_SAMPSON);
}
END_TEST

/* The legal list (direction moves decided by sk_plain_move where they are
 * plain) is the list that probing every step makes, action for action and
 * in its order, at every step of random games of both policies, with
 * terrain and without. */
static void
legal_list_same_as_probed(int ruleset)
{
	skirmish_action *list = malloc(sizeof(*list) * 4096);
	long compared = 0;
	int terrain, n, count, k;

	ck_assert_ptr_nonnull(list);
	for (terrain = 0; terrain < 2; terrain++) {
		skirmish_game *g = plain_game(ruleset, terrain, 11 + (uint64_t)terrain);
		uint64_t rng = 5;
		for (n = 0; n < 300 && skirmish_game_state(g) == SKIRMISH_STATE_PLAYING; n++) {
			struct sk_cand_dead dead = { -1, 0 };
			skirmish_action a = SKIRMISH_ACTION_INIT;
			size_t i;
			ck_assert_ok(skirmish_game_legal_actions(g, -1, list, 4096, &count));
			ck_assert_int_le(count, 4096);
			ck_assert_ok(sk_candidates(g, -1));
			for (k = 0, i = 0; i < sk_cand_count(g); i++) {
				const struct sk_cand *c = sk_cand_at(g, i);
				int rc;
				if (sk_cand_skip(&dead, c))
					continue;
				sk_cand_action(c, &a);
				rc = sk_candidate_resolve(g, &a, NULL);
				ck_assert_int_ge(rc, 0);
				if (!rc) {
					sk_cand_refused(g, &dead, c);
					continue;
				}
				ck_assert_int_lt(k, count);
				ck_assert_int_eq(list[k].kind, a.kind);
				ck_assert_int_eq(list[k].figure, a.figure);
				ck_assert_int_eq(list[k].target, a.target);
				ck_assert(list[k].facing == a.facing);
				ck_assert_int_eq(list[k].npoints, a.npoints);
				ck_assert(list[k].xy[0] == a.xy[0] && list[k].xy[1] == a.xy[1]);
				k++;
			}
			ck_assert_int_eq(k, count);
			compared += count;
			ck_assert_ok(skirmish_game_policy_action(g, n % 5 == 4 ? SKIRMISH_POLICY_GREEDY :
								  SKIRMISH_POLICY_RANDOM, &rng, &a));
			ck_assert_ok(skirmish_game_act(g, &a, NULL));
		}
		skirmish_game_free(g);
	}
	ck_assert_int_gt(compared, 5000);
	free(list);
}

START_TEST(perf_legal_list_same_as_probed_senso)
{
	legal_list_same_as_probed(SKIRMISH_RULESET_SENSO);
}
END_TEST

START_TEST(perf_legal_list_same_as_probed_sampson)
{
	legal_list_same_as_probed(SKIRMISH_RULESET_SAMPSON);
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
	ADD_TEST(s, perf_index_any_box_same_as_scan);
	ADD_TEST(s, perf_index_candidates_same_as_scan);
	ADD_TEST(s, perf_appender_writes_what_printf_writes);
	ADD_TEST(s, perf_sentence_pieces_write_what_printf_writes);
	ADD_TEST(s, perf_legal_list_misses_no_legal_action_senso);
	ADD_TEST(s, perf_legal_list_misses_no_legal_action_sampson);
	ADD_TEST(s, perf_plain_moves_same_as_probes_senso);
	ADD_TEST(s, perf_plain_moves_same_as_probes_sampson);
	ADD_TEST(s, perf_legal_list_same_as_probed_senso);
	ADD_TEST(s, perf_legal_list_same_as_probed_sampson);
	ADD_TEST(s, perf_index_cells_do_not_grow_with_the_table);
	return s;
}

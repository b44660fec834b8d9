/* SPDX-License-Identifier: MIT */
/*
 * The search (lib/search.c, skirmish_game_search, doc/SEARCH.md): the same
 * answer for the same seed, budget and threads; the game unchanged; its
 * refusals; its candidates and counts; no allocation per descent and its
 * memory bounded by max_nodes (counted by the game's allocator). A
 * searcher (skirmish_searcher_*): its first answer the one-shot search's,
 * the tree it keeps, the same answers for the same calls, no allocation
 * after it is made, its refusals.
 */
#include <math.h>
#include <stdlib.h>

#include "test-common.h"

/* the allocator hook: requests, bytes live and their peak */
struct counts {
	long requests;
	long long bytes, peak;
	long fail_at;             /* > 0: the fail_at-th request from now fails */
};

static void *
hook(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	struct counts *c = ud;
	void *p;

	if (new_size == 0) {
		if (ptr)
			c->bytes -= (long long)old_size;
		free(ptr);
		return NULL;
	}
	c->requests++;
	if (c->fail_at > 0 && --c->fail_at == 0)
		return NULL;
	p = realloc(ptr, new_size);
	if (p) {
		c->bytes += (long long)new_size - (long long)(ptr ? old_size : 0);
		if (c->bytes > c->peak)
			c->peak = c->bytes;
	}
	return p;
}

/* Three figures a side, 10" apart, with bows and spears: shots, charges
 * and moves to weigh. With counts, the game allocates through hook. */
static skirmish_game *
battle(int ruleset, struct counts *counts)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_game *g;
	int i;

	o.ruleset = ruleset;
	o.player_order = order;
	o.table_width = 36;
	o.table_depth = 30;
	o.turn_limit = 4;
	o.seed = 7;
	if (counts) {
		o.alloc = hook;
		o.alloc_data = counts;
	}
	g = tc_game_opts(&o);
	for (i = 0; i < 6; i++) {
		skirmish_figure_spec f = SKIRMISH_FIGURE_SPEC_INIT;
		char name[8] = "f0";
		if (ruleset == SKIRMISH_RULESET_SENSO) {
			skirmish_figure_spec_preset(&f, i % 2 ? SKIRMISH_PRESET_ASHIGARU_BOW :
								SKIRMISH_PRESET_SAMURAI);
		} else {
			f.melee_weapon = SKIRMISH_MELEE_SPEAR;
			f.shield = 1;
			f.missile_weapon = i % 2 ? SKIRMISH_MISSILE_SHORT_BOW : 0;
		}
		f.facing = i < 3 ? 90 : 270;
		name[1] = (char)('0' + i);
		tc_figure(g, i / 3, name, 10 + 6 * (i % 3), i < 3 ? 10 : 20, &f);
	}
	tc_start(g);
	return g;
}

static int
same_action(const skirmish_action *a, const skirmish_action *b)
{
	return a->kind == b->kind && a->figure == b->figure && a->target == b->target &&
	       a->facing == b->facing && a->npoints == b->npoints &&
	       (a->npoints != 1 || (a->xy[0] == b->xy[0] && a->xy[1] == b->xy[1]));
}

#define MAXC 256

static void
search(skirmish_game *g, long iterations, int threads, uint64_t seed, skirmish_action *a,
       skirmish_search_candidate *c, int *n)
{
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;

	o.iterations = iterations;
	o.threads = threads;
	o.seed = seed;
	ck_assert_ok(SKIRMISH_GAME_SEARCH(g, &o, a, c, MAXC, n));
	ck_assert_int_le(*n, MAXC);
}

START_TEST(same_seed_and_budget_same_answer)
{
	static const int rulesets[2] = { SKIRMISH_RULESET_SENSO, SKIRMISH_RULESET_SAMPSON };
	int r, threads;

	for (r = 0; r < 2; r++)
		for (threads = 1; threads <= 2; threads++) {
			skirmish_game *g = battle(rulesets[r], NULL);
			skirmish_search_candidate c1[MAXC], c2[MAXC];
			skirmish_action a1, a2;
			int n1, n2, k;

			search(g, 300, threads, 11, &a1, c1, &n1);
			search(g, 300, threads, 11, &a2, c2, &n2);
			ck_assert(same_action(&a1, &a2));
			ck_assert_int_eq(n1, n2);
			ck_assert_int_gt(n1, 1);
			for (k = 0; k < n1; k++) {
				ck_assert(same_action(&c1[k].action, &c2[k].action));
				ck_assert_int_eq(c1[k].visits, c2[k].visits);
				ck_assert(c1[k].value == c2[k].value);
			}
			skirmish_game_free(g);
		}
}
END_TEST

/* Every descent goes through one candidate of the root: the visits add up
 * to the iterations; the action is the most visited, and legal. */
START_TEST(visits_add_up_and_the_most_visited_is_chosen)
{
	static const int rulesets[2] = { SKIRMISH_RULESET_SENSO, SKIRMISH_RULESET_SAMPSON };
	int r, threads;

	for (r = 0; r < 2; r++)
		for (threads = 1; threads <= 3; threads += 2) {
			skirmish_game *g = battle(rulesets[r], NULL);
			skirmish_search_candidate c[MAXC];
			skirmish_action a;
			long sum = 0, most = -1;
			int n, k, found = 0;

			search(g, 200, threads, 5, &a, c, &n);
			for (k = 0; k < n; k++) {
				ck_assert_uint_eq(c[k].version, SKIRMISH_SEARCH_CANDIDATE_VERSION);
				ck_assert(c[k].value >= 0 && c[k].value <= 1);
				ck_assert(c[k].prior >= 0 && c[k].prior <= 1);
				ck_assert_ok(skirmish_game_check_action(g, &c[k].action));
				sum += c[k].visits;
				if (c[k].visits > most)
					most = c[k].visits;
			}
			ck_assert_int_eq(sum, 200);
			for (k = 0; k < n; k++)
				if (same_action(&c[k].action, &a)) {
					ck_assert_int_eq(c[k].visits, most);
					found = 1;
				}
			ck_assert(found);
			ck_assert_ok(skirmish_game_check_action(g, &a));
			skirmish_game_free(g);
		}
}
END_TEST

/* The candidates are those a player would consider: no turn on the spot
 * that faces no enemy in reach (Sampson's figures here are 10" apart,
 * beyond a spearman's charge of 3.5", and the bows face theirs already). */
START_TEST(no_turns_that_face_nothing)
{
	skirmish_game *g = battle(SKIRMISH_RULESET_SAMPSON, NULL);
	skirmish_search_candidate c[MAXC];
	skirmish_action a, all[MAXC];
	int n, k, turns = 0, nall = 0, all_turns = 0;

	search(g, 50, 1, 1, &a, c, &n);
	for (k = 0; k < n; k++)
		if (c[k].action.kind == SKIRMISH_ACTION_TURN) {
			skirmish_figure_info f = tc_info(g, c[k].action.figure);
			ck_assert(f.missile_weapon != 0);
			turns++;
		}
	ck_assert_ok(SKIRMISH_LEGAL_ACTIONS(g, -1, all, MAXC, &nall));
	for (k = 0; k < nall; k++)
		all_turns += all[k].kind == SKIRMISH_ACTION_TURN;
	ck_assert_int_gt(all_turns, 8);
	ck_assert_int_lt(turns, all_turns);
	skirmish_game_free(g);
}
END_TEST

START_TEST(the_game_is_not_changed)
{
	skirmish_game *g = battle(SKIRMISH_RULESET_SENSO, NULL);
	skirmish_search_candidate c[MAXC];
	skirmish_action a;
	uint64_t before = tc_state_hash(g);
	int n;

	search(g, 200, 2, 3, &a, c, &n);
	ck_assert(tc_state_hash(g) == before);
	ck_assert_int_eq(skirmish_game_errcode(g), 0);
	skirmish_game_free(g);
}
END_TEST

static int from_event;

static void
search_from_event(void *data, const struct skirmish_event *e)
{
	skirmish_game *g = data;
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_action a;

	(void)e;
	o.iterations = 10;
	from_event = skirmish_game_search(g, &o, &a, NULL, 0, 0, NULL);
}

START_TEST(refusals)
{
	skirmish_game *g = battle(SKIRMISH_RULESET_SENSO, NULL);
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_search_candidate c[4];
	skirmish_action a;
	int n;

	ck_assert_int_eq(skirmish_game_search(NULL, &o, &a, NULL, 0, 0, NULL),
			 SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_search(g, NULL, &a, NULL, 0, 0, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_search(g, &o, NULL, NULL, 0, 0, NULL),
			   SKIRMISH_E_INVALID);
	o.version = 99;
	ck_assert_rejected(g, SKIRMISH_GAME_SEARCH(g, &o, &a, c, 4, &n), SKIRMISH_E_VERSION);
	ck_assert_int_eq(skirmish_search_options_init(&o, 99), SKIRMISH_E_VERSION);
	ck_assert_int_eq(skirmish_search_options_init(NULL, 1), SKIRMISH_E_INVALID);
	ck_assert_ok(skirmish_search_options_init(&o, SKIRMISH_SEARCH_OPTIONS_VERSION));
	o.iterations = 0;
	ck_assert_rejected(g, SKIRMISH_GAME_SEARCH(g, &o, &a, c, 4, &n), SKIRMISH_E_INVALID);
	o.iterations = -1;
	ck_assert_rejected(g, SKIRMISH_GAME_SEARCH(g, &o, &a, c, 4, &n), SKIRMISH_E_INVALID);
	o.iterations = 10;
	o.milliseconds = -1;
	ck_assert_rejected(g, SKIRMISH_GAME_SEARCH(g, &o, &a, c, 4, &n), SKIRMISH_E_INVALID);
	o.milliseconds = 0;
	o.threads = 0;
	ck_assert_rejected(g, SKIRMISH_GAME_SEARCH(g, &o, &a, c, 4, &n), SKIRMISH_E_INVALID);
	o.threads = 65;
	ck_assert_rejected(g, SKIRMISH_GAME_SEARCH(g, &o, &a, c, 4, &n), SKIRMISH_E_INVALID);
	o.threads = 1;
	o.horizon = -1;
	ck_assert_rejected(g, SKIRMISH_GAME_SEARCH(g, &o, &a, c, 4, &n), SKIRMISH_E_INVALID);
	o.horizon = 2;
	ck_assert_rejected(g, SKIRMISH_GAME_SEARCH(g, &o, &a, NULL, 4, &n), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_search(g, &o, &a, c, 8, 4, &n), SKIRMISH_E_INVALID);

	/* from inside a callback of the game */
	from_event = 0;
	ck_assert_ok(skirmish_game_set_event_callback(g, search_from_event, g));
	ck_assert_ok(skirmish_end_turn(g, NULL));
	ck_assert_int_eq(from_event, SKIRMISH_E_STATE);
	ck_assert_ok(skirmish_game_set_event_callback(g, NULL, NULL));
	skirmish_game_free(g);

	/* a game over, and one not started */
	g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	tc_figure(g, 0, "a", 5, 5, NULL);
	tc_figure(g, 1, "b", 20, 20, NULL);
	ck_assert_rejected(g, SKIRMISH_GAME_SEARCH(g, &o, &a, c, 4, &n), SKIRMISH_E_STATE);
	skirmish_game_free(g);
	g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	tc_figure(g, 0, "a", 5, 5, NULL);
	tc_start(g);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_rejected(g, SKIRMISH_GAME_SEARCH(g, &o, &a, c, 4, &n), SKIRMISH_E_STATE);
	skirmish_game_free(g);
}
END_TEST

/* A search's allocations are made before its first descent: as many for
 * 100 descents as for 800. */
START_TEST(no_allocation_per_descent)
{
	static const int rulesets[2] = { SKIRMISH_RULESET_SENSO, SKIRMISH_RULESET_SAMPSON };
	int r;

	for (r = 0; r < 2; r++) {
		struct counts cn = { 0, 0, 0, 0 };
		skirmish_game *g = battle(rulesets[r], &cn);
		skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
		skirmish_action a;
		long few, many;

		o.max_nodes = 1000;
		o.iterations = 100;
		cn.requests = 0;
		ck_assert_ok(skirmish_game_search(g, &o, &a, NULL, 0, 0, NULL));
		few = cn.requests;
		o.iterations = 800;
		cn.requests = 0;
		ck_assert_ok(skirmish_game_search(g, &o, &a, NULL, 0, 0, NULL));
		many = cn.requests;
		ck_assert_int_gt(few, 0);
		ck_assert_int_eq(few, many);
		skirmish_game_free(g);
	}
}
END_TEST

/* The memory a search takes is bounded by max_nodes (doc/SEARCH.md: at
 * most 672 bytes a node and 72 a candidate of the root, beside two copies
 * of the game a thread), not by its iterations. */
START_TEST(memory_bounded_by_max_nodes)
{
	struct counts cn = { 0, 0, 0, 0 };
	skirmish_game *g = battle(SKIRMISH_RULESET_SENSO, &cn);
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_action a;
	long long base = cn.bytes, small, big, more;

	o.max_nodes = 200;
	o.iterations = 200;
	cn.peak = base;
	ck_assert_ok(skirmish_game_search(g, &o, &a, NULL, 0, 0, NULL));
	small = cn.peak - base;
	ck_assert(cn.bytes == base);
	o.iterations = 3000; /* the pool fills: the rest are rollouts from leaves */
	cn.peak = base;
	ck_assert_ok(skirmish_game_search(g, &o, &a, NULL, 0, 0, NULL));
	more = cn.peak - base;
	ck_assert(more == small);
	o.max_nodes = 1200;
	cn.peak = base;
	ck_assert_ok(skirmish_game_search(g, &o, &a, NULL, 0, 0, NULL));
	big = cn.peak - base;
	ck_assert(big > small);
	ck_assert(big - small <= 1000LL * 672);
	skirmish_game_free(g);
}
END_TEST

/* Each allocation of a search failing in turn: SKIRMISH_E_NOMEM, nothing
 * leaked, the game unchanged; then the same answer as without failures. */
START_TEST(out_of_memory_at_every_allocation)
{
	struct counts cn = { 0, 0, 0, 0 };
	skirmish_game *g = battle(SKIRMISH_RULESET_SAMPSON, &cn);
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_action a, want;
	long long base = cn.bytes;
	long n;
	int rc;

	o.iterations = 60;
	o.threads = 2;
	ck_assert_ok(skirmish_game_search(g, &o, &want, NULL, 0, 0, NULL));
	for (n = 1;; n++) {
		uint64_t before = tc_state_hash(g);
		cn.fail_at = n;
		rc = skirmish_game_search(g, &o, &a, NULL, 0, 0, NULL);
		ck_assert(cn.bytes == base);
		ck_assert(tc_state_hash(g) == before);
		if (rc == 0)
			break;
		ck_assert_int_eq(rc, SKIRMISH_E_NOMEM);
		ck_assert_int_eq(skirmish_game_errcode(g), SKIRMISH_E_NOMEM);
	}
	cn.fail_at = 0;
	ck_assert_int_gt(n, 4);
	ck_assert(same_action(&a, &want));
	skirmish_game_free(g);
}
END_TEST

/* A limit by time alone stops the search, and answers. */
START_TEST(a_budget_of_milliseconds)
{
	skirmish_game *g = battle(SKIRMISH_RULESET_SAMPSON, NULL);
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_search_candidate c[MAXC];
	skirmish_action a;
	long sum = 0;
	int n, k;

	o.iterations = 0;
	o.milliseconds = 20;
	ck_assert_ok(SKIRMISH_GAME_SEARCH(g, &o, &a, c, MAXC, &n));
	for (k = 0; k < n; k++)
		sum += c[k].visits;
	ck_assert_int_gt(sum, 0);
	ck_assert_ok(skirmish_game_check_action(g, &a));
	skirmish_game_free(g);
}
END_TEST

/* A searcher's options: iterations, and room enough that no pool fills
 * (a one-shot search and a searcher size their edges differently). */
static skirmish_searcher *
searcher(skirmish_game *g, long iterations, int threads, uint64_t seed)
{
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_searcher *s = NULL;

	o.iterations = iterations;
	o.threads = threads;
	o.seed = seed;
	o.max_nodes = 20000;
	ck_assert_ok(skirmish_searcher_new(&s, g, &o));
	ck_assert_ptr_nonnull(s);
	return s;
}

/* A new searcher's first search is skirmish_game_search's, candidate by
 * candidate; the game is not changed. */
START_TEST(searcher_first_answer_is_the_search)
{
	static const int rulesets[2] = { SKIRMISH_RULESET_SENSO, SKIRMISH_RULESET_SAMPSON };
	int r, threads;

	for (r = 0; r < 2; r++)
		for (threads = 1; threads <= 2; threads++) {
			skirmish_game *g = battle(rulesets[r], NULL);
			skirmish_searcher *s = searcher(g, 400, threads, 5);
			skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
			skirmish_search_candidate c1[MAXC], c2[MAXC];
			skirmish_action a1, a2;
			uint64_t before = tc_state_hash(g);
			long made = -1, kept = -1;
			int n1, n2, k;

			o.iterations = 400;
			o.threads = threads;
			o.seed = 5;
			o.max_nodes = 20000;
			ck_assert_ok(SKIRMISH_GAME_SEARCH(g, &o, &a1, c1, MAXC, &n1));
			ck_assert_ok(skirmish_searcher_descents(s, &made, &kept));
			ck_assert_int_eq(made, 0);
			ck_assert_int_eq(kept, 0);
			ck_assert_ok(SKIRMISH_SEARCHER_SEARCH(s, g, &a2, c2, MAXC, &n2));
			ck_assert(tc_state_hash(g) == before);
			ck_assert(same_action(&a1, &a2));
			ck_assert_int_eq(n1, n2);
			for (k = 0; k < n1; k++) {
				ck_assert(same_action(&c1[k].action, &c2[k].action));
				ck_assert_int_eq(c1[k].visits, c2[k].visits);
				ck_assert(c1[k].value == c2[k].value);
			}
			ck_assert_ok(skirmish_searcher_descents(s, &made, &kept));
			ck_assert_int_eq(made, 400);
			ck_assert_int_eq(kept, 0);
			skirmish_searcher_free(s);
			skirmish_game_free(g);
		}
}
END_TEST

/* The position searched again keeps the whole tree: every visit of the
 * first search, the second's added to them. After a move (no dice) the
 * same player searches from, the tree below that move is kept: its visits
 * but the first (a node of that position elsewhere may have more). */
START_TEST(searcher_keeps_the_tree)
{
	static const int rulesets[2] = { SKIRMISH_RULESET_SENSO, SKIRMISH_RULESET_SAMPSON };
	int r;

	for (r = 0; r < 2; r++) {
		skirmish_game *g = battle(rulesets[r], NULL);
		skirmish_searcher *s = searcher(g, 300, 1, 9);
		skirmish_search_candidate c[MAXC], c2[MAXC];
		skirmish_action a;
		long made, kept, sum = 0, most = 0;
		int n, n2, k, pick = -1, player;

		ck_assert_ok(SKIRMISH_SEARCHER_SEARCH(s, g, &a, c, MAXC, &n));
		ck_assert_ok(SKIRMISH_SEARCHER_SEARCH(s, g, &a, c2, MAXC, &n2));
		ck_assert_ok(skirmish_searcher_descents(s, &made, &kept));
		ck_assert_int_eq(made, 300);
		ck_assert_int_eq(kept, 300);
		ck_assert_int_eq(n, n2);
		for (k = 0; k < n2; k++) {
			ck_assert(same_action(&c[k].action, &c2[k].action));
			ck_assert_int_ge(c2[k].visits, c[k].visits);
			sum += c2[k].visits;
		}
		ck_assert_int_eq(sum, 600);
		/* the most visited move, taken */
		for (k = 0; k < n2; k++)
			if (c2[k].action.kind == SKIRMISH_ACTION_MOVE && c2[k].visits > most) {
				most = c2[k].visits;
				pick = k;
			}
		ck_assert_int_ge(pick, 0);
		ck_assert_int_ge(most, 2);
		player = skirmish_game_active_player(g);
		ck_assert_ok(skirmish_game_act(g, &c2[pick].action, NULL));
		ck_assert_int_eq(skirmish_game_active_player(g), player);
		ck_assert_ok(SKIRMISH_SEARCHER_SEARCH(s, g, &a, c, MAXC, &n));
		ck_assert_ok(skirmish_searcher_descents(s, &made, &kept));
		ck_assert_int_eq(made, 300);
		/* but for the descent that first met it, and rolled out from it */
		ck_assert_int_ge(kept, most - 1);
		for (k = 0, sum = 0; k < n; k++)
			sum += c[k].visits;
		ck_assert_int_eq(sum, 300 + kept);
		ck_assert_ok(skirmish_game_check_action(g, &a));
		skirmish_searcher_free(s);
		skirmish_game_free(g);
	}
}
END_TEST

/* Two searchers of the same seed asked the same positions in the same
 * order give the same answers, with threads too; a searcher allocates
 * nothing after it is made; it outlives the game it was made for. */
START_TEST(searcher_same_calls_same_answers)
{
	static const int rulesets[2] = { SKIRMISH_RULESET_SENSO, SKIRMISH_RULESET_SAMPSON };
	int r, threads;

	for (r = 0; r < 2; r++)
		for (threads = 1; threads <= 2; threads++) {
			struct counts cn = { 0, 0, 0, 0 };
			skirmish_game *g = battle(rulesets[r], &cn), *h;
			skirmish_searcher *s1 = searcher(g, 200, threads, 3);
			skirmish_searcher *s2 = searcher(g, 200, threads, 3);
			long made1, kept1, made2, kept2, asked = 0;
			int d;

			ck_assert_ok(skirmish_game_clone(g, &h));
			skirmish_game_free(g);
			for (d = 0; d < 12 && skirmish_game_state(h) == SKIRMISH_STATE_PLAYING; d++) {
				skirmish_action a1, a2;
				long before = cn.requests;
				ck_assert_ok(skirmish_searcher_search(s1, h, &a1, NULL, 0, 0, NULL));
				ck_assert_ok(skirmish_searcher_search(s2, h, &a2, NULL, 0, 0, NULL));
				asked += cn.requests - before;
				ck_assert(same_action(&a1, &a2));
				ck_assert_ok(skirmish_searcher_descents(s1, &made1, &kept1));
				ck_assert_ok(skirmish_searcher_descents(s2, &made2, &kept2));
				ck_assert_int_eq(made1, made2);
				ck_assert_int_eq(kept1, kept2);
				ck_assert_ok(skirmish_game_act(h, &a1, NULL));
			}
			/* the searches allocated nothing */
			ck_assert_int_eq(asked, 0);
			skirmish_searcher_free(s1);
			skirmish_searcher_free(s2);
			skirmish_game_free(h);
			ck_assert(cn.bytes == 0);
		}
}
END_TEST

/* A Sensō game of one samurai a side on a 48" table, the Takeda (0) at
 * (x, 24) facing east, the other 30" east of it, with the barrel at
 * (bx, 24) and an exit edge for player 0 in the west; with an umpire
 * (player 2, a samurai at (ux, 24)) when ux > 0, who moves last. */
static skirmish_game *
barrel(double x, double bx, double ux)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_figure_spec f = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.table_width = 48;
	o.table_depth = 48;
	o.turn_limit = 8;
	o.seed = 3;
	o.player_order = order;
	if (ux > 0) {
		o.players = 2;
		o.umpire = 1;
	}
	g = tc_game_opts(&o);
	skirmish_figure_spec_preset(&f, SKIRMISH_PRESET_SAMURAI);
	f.facing = 0;
	tc_figure(g, 0, "Kenji", x, 24, &f);
	f.facing = 180;
	tc_figure(g, 1, "Taro", x + 30, 24, &f);
	if (ux > 0)
		tc_figure(g, 2, "Keeper", ux, 24, &f);
	ck_assert_ok(skirmish_game_add_objective(g, "barrel", bx, 24, NULL));
	ck_assert_ok(skirmish_game_set_exit_edge(g, 0, SKIRMISH_EDGE_WEST));
	tc_start(g);
	return g;
}

/* The candidates that move to a point of the line y from x0 to x1 (ends
 * included); the first two such points' x into xs, when not NULL. */
static int
moves_along(const skirmish_search_candidate *c, int n, double x0, double x1, double y,
	    double xs[2])
{
	int k, found = 0;

	for (k = 0; k < n; k++) {
		const skirmish_action *a = &c[k].action;
		if (a->kind != SKIRMISH_ACTION_MOVE || a->npoints != 1 || a->xy[1] != y ||
		    a->xy[0] < x0 || a->xy[0] > x1)
			continue;
		if (xs && found < 2)
			xs[found] = a->xy[0];
		found++;
	}
	return found;
}

/* The search plays for an objective: a move onto it is a candidate (no
 * straight move of the eight, nor cover, ends on it), and the search
 * takes it, picking the barrel up (O2); one out of reach has a move as
 * far towards it as the allowance goes. */
START_TEST(plays_for_the_objective)
{
	skirmish_game *g = barrel(10, 13, 0);
	skirmish_search_candidate c[MAXC];
	skirmish_action a;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double x[2] = { 0, 0 };
	int n, state = -1, carrier = -1;

	search(g, 300, 1, 1, &a, c, &n);
	ck_assert_int_eq(moves_along(c, n, 13, 13, 24, NULL), 1);
	ck_assert_ok(skirmish_game_act(g, &a, &r));
	ck_assert_ok(skirmish_game_objective(g, 0, &state, &carrier, NULL, NULL, NULL, NULL));
	ck_assert_int_eq(state, SKIRMISH_OBJECTIVE_CARRIED);
	ck_assert_int_eq(carrier, 0);
	skirmish_game_free(g);

	/* 20" away: a move along the line to it, 0.1" short of the allowance
	 * (and so of the straight move east, the whole allowance) */
	g = barrel(10, 30, 0);
	search(g, 50, 1, 1, &a, c, &n);
	ck_assert_int_eq(moves_along(c, n, 10.5, 29.5, 24, x), 2);
	ck_assert(fabs(fabs(x[1] - x[0]) - 0.1) < 1e-9);
	skirmish_game_free(g);
}
END_TEST

/* The umpire's figures pick nothing up (G16), so the search offers them no
 * move onto an objective (the umpire's samurai stands 3" from it); the
 * clans' figures have it (Kenji's, 14" away, as far as it goes). */
START_TEST(the_umpire_plays_for_no_objective)
{
	skirmish_game *g = barrel(10, 24, 21);
	skirmish_search_candidate c[MAXC];
	skirmish_action a;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int n;

	ck_assert_int_eq(skirmish_game_active_player(g), 0);
	search(g, 50, 1, 1, &a, c, &n);
	/* and the straight move east */
	ck_assert_int_eq(moves_along(c, n, 10.5, 23.5, 24, NULL), 2);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(skirmish_game_active_player(g), 2);
	search(g, 50, 1, 1, &a, c, &n);
	ck_assert_int_eq(moves_along(c, n, 24, 24, 24, NULL), 0);
	skirmish_game_free(g);
}
END_TEST

/* A carrier goes home: with the barrel picked up and its exit edge within
 * a move, the search takes the move that carries it off and wins (O4),
 * rather than fight, shoot or hold it to the turn limit. */
START_TEST(carries_the_objective_home)
{
	skirmish_game *g = barrel(6, 7, 0);
	skirmish_search_candidate c[MAXC];
	skirmish_action a;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double to[2] = { 6.5, 24 };
	int n, carrier = -1, state = -1;

	ck_assert_ok(skirmish_move(g, 0, to, 1, SKIRMISH_FACING_KEEP, &r));
	ck_assert_ok(skirmish_game_objective(g, 0, NULL, &carrier, NULL, NULL, NULL, NULL));
	ck_assert_int_eq(carrier, 0);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(skirmish_game_active_player(g), 0);
	search(g, 300, 1, 1, &a, c, &n);
	ck_assert_int_eq(a.kind, SKIRMISH_ACTION_MOVE);
	ck_assert_ok(skirmish_game_act(g, &a, &r));
	ck_assert_ok(skirmish_game_objective(g, 0, &state, NULL, NULL, NULL, NULL, NULL));
	ck_assert_int_eq(state, SKIRMISH_OBJECTIVE_OFF_TABLE);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_int_eq(skirmish_game_winner(g), 0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(searcher_refusals)
{
	skirmish_game *g = battle(SKIRMISH_RULESET_SENSO, NULL);
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_searcher *s = (skirmish_searcher *)&o;
	skirmish_action a;
	long made = 1;

	ck_assert_int_eq(skirmish_searcher_new(&s, NULL, &o), SKIRMISH_E_INVALID);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(skirmish_searcher_new(NULL, g, &o), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_searcher_new(&s, g, NULL), SKIRMISH_E_INVALID);
	o.threads = 0;
	ck_assert_rejected(g, skirmish_searcher_new(&s, g, &o), SKIRMISH_E_INVALID);
	ck_assert_ptr_null(s);
	o.threads = 1;
	o.version = 99;
	ck_assert_rejected(g, skirmish_searcher_new(&s, g, &o), SKIRMISH_E_VERSION);
	o.version = SKIRMISH_SEARCH_OPTIONS_VERSION;
	o.iterations = 50;
	ck_assert_ok(skirmish_searcher_new(&s, g, &o));
	ck_assert_int_eq(skirmish_searcher_search(s, NULL, &a, NULL, 0, 0, NULL),
			 SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_searcher_search(NULL, g, &a, NULL, 0, 0, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_searcher_search(s, g, NULL, NULL, 0, 0, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_searcher_search(s, g, &a, NULL, 0, 3, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_searcher_descents(NULL, &made, NULL), SKIRMISH_E_INVALID);
	ck_assert_ok(skirmish_searcher_descents(s, NULL, NULL));
	ck_assert_ok(skirmish_searcher_search(s, g, &a, NULL, 0, 0, NULL));
	skirmish_game_free(g);
	/* a game that is over */
	g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	tc_figure(g, 0, "a", 5, 5, NULL);
	tc_start(g);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_OVER);
	ck_assert_rejected(g, skirmish_searcher_search(s, g, &a, NULL, 0, 0, NULL),
			   SKIRMISH_E_STATE);
	/* a refused call changes nothing */
	ck_assert_ok(skirmish_searcher_descents(s, &made, NULL));
	ck_assert_int_eq(made, 50);
	skirmish_searcher_free(s);
	skirmish_searcher_free(NULL);
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("search");

	ADD_TEST(s, same_seed_and_budget_same_answer);
	ADD_TEST(s, visits_add_up_and_the_most_visited_is_chosen);
	ADD_TEST(s, no_turns_that_face_nothing);
	ADD_TEST(s, the_game_is_not_changed);
	ADD_TEST(s, refusals);
	ADD_TEST(s, no_allocation_per_descent);
	ADD_TEST(s, memory_bounded_by_max_nodes);
	ADD_TEST(s, out_of_memory_at_every_allocation);
	ADD_TEST(s, a_budget_of_milliseconds);
	ADD_TEST(s, searcher_first_answer_is_the_search);
	ADD_TEST(s, searcher_keeps_the_tree);
	ADD_TEST(s, searcher_same_calls_same_answers);
	ADD_TEST(s, searcher_refusals);
	ADD_TEST(s, plays_for_the_objective);
	ADD_TEST(s, the_umpire_plays_for_no_objective);
	ADD_TEST(s, carries_the_objective_home);
	return s;
}

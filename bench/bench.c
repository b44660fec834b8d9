/* SPDX-License-Identifier: MIT */
/*
 * Benchmarks of libskirmish (doc/PERFORMANCE.md). Each prints its figures
 * as ratios against a baseline measured in the same run: absolute times on
 * a shared machine are noise, a ratio of two loops run side by side is not
 * (much). Nothing here asserts a time; a benchmark fails only when the
 * library refuses something it should do.
 *
 *   bench dice | resolution | clone | playouts | policy [senso|sampson] |
 *         policy-scale [max figures] | rollouts | scale [max figures] | load |
 *         setup [max figures] | all
 *
 * Each figure is the best (lowest) of several repetitions of a timed loop,
 * the baseline and the measured loop alternating.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../lib/skirmish-private.h"

#define REPS 7

#ifndef SK_GRID_BYTES_PER_FIG
#define SK_GRID_BYTES_PER_FIG 0
#endif

static volatile uint64_t sink;
static long quick = 1;                 /* SKIRMISH_BENCH_QUICK: divides the loops */

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void
die(const char *what, const skirmish_game *g)
{
	fprintf(stderr, "bench: %s: %s\n", what, g ? skirmish_game_errmsg(g) : "failed");
	exit(1);
}

#define CHECK(expr, g)                  \
	do {                            \
		if ((expr) < 0)         \
			die(#expr, g);  \
	} while (0)

/* ------------------------------------------------------------------ */
/* the raw baseline: one step of xoshiro256** and Lemire's bounded draw  */
/* ------------------------------------------------------------------ */

static inline uint64_t
raw_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint32_t
raw_die(uint64_t s[4], uint32_t range)
{
	uint64_t m, r, t;
	uint32_t low;

	for (;;) {
		r = raw_rotl(s[1] * 5, 7) * 9;
		t = s[1] << 17;
		s[2] ^= s[0];
		s[3] ^= s[1];
		s[1] ^= s[2];
		s[0] ^= s[3];
		s[2] ^= t;
		s[3] = raw_rotl(s[3], 45);
		m = (uint64_t)(uint32_t)(r >> 32) * range;
		low = (uint32_t)m;
		if (low >= range || low >= (uint32_t)(-range) % range)
			return (uint32_t)(m >> 32) + 1;
	}
}

/* seconds per raw die of `sides`, best of REPS */
static double
time_raw(int sides, long n)
{
	uint64_t s[4] = { 1, 2, 3, 4 }, acc = 0;
	double best = 1e9;
	int rep;
	long i;

	for (rep = 0; rep < REPS; rep++) {
		double t0 = now();
		for (i = 0; i < n; i++)
			acc += raw_die(s, (uint32_t)sides);
		t0 = now() - t0;
		if (t0 < best)
			best = t0;
	}
	sink += acc;
	return best / (double)n;
}

static double raw_d6_s;                /* the unit of the other benchmarks */

static double
raw_unit(void)
{
	if (raw_d6_s == 0.0)
		raw_d6_s = time_raw(6, 20000000 / quick);
	return raw_d6_s;
}

static skirmish_game *
new_game(int ruleset, double w, double d, uint64_t seed)
{
	static const int order[2] = { 0, 1 };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g = NULL;
	char msg[256];

	o.ruleset = ruleset;
	o.players = 2;
	o.player_order = order;
	o.table_width = w;
	o.table_depth = d;
	o.seed = seed;
	if (skirmish_game_new(&g, &o, msg, sizeof(msg)) < 0) {
		fprintf(stderr, "bench: game_new: %s\n", msg);
		exit(1);
	}
	return g;
}

static int
add_fig(skirmish_game *g, int player, double x, double y, double facing, int preset,
	int missile)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	int id;

	if (skirmish_game_ruleset(g) == SKIRMISH_RULESET_SENSO) {
		CHECK(skirmish_figure_spec_preset(&s, preset), g);
		s.mounted = 0;
	} else {
		s.melee_weapon = SKIRMISH_MELEE_SPEAR;
		s.shield = 1;
		s.missile_weapon = missile;
	}
	s.player = player;
	s.x = x;
	s.y = y;
	s.facing = facing;
	CHECK(skirmish_game_add_figure(g, &s, &id), g);
	return id;
}

static void
add_rect(skirmish_game *g, unsigned flags, double x, double y, double w, double d)
{
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;

	t.shape = SKIRMISH_SHAPE_RECT;
	t.flags = flags;
	t.x = x;
	t.y = y;
	t.width = d;
	t.depth = w;
	if (flags & SKIRMISH_TERRAIN_HILL)
		t.height = 1.0;
	CHECK(skirmish_game_add_terrain(g, &t, NULL), g);
}

/* 16 pieces over a 72" x 48" table, none in the lane y = 20..28 where the
 * benchmarks shoot and fight; the lane has a cover piece it crosses. */
static void
add_terrain16(skirmish_game *g)
{
	static const unsigned kinds[] = {
		SKIRMISH_TERRAIN_ROUGH,
		SKIRMISH_TERRAIN_COVER | SKIRMISH_TERRAIN_BLOCKS_SIGHT | SKIRMISH_TERRAIN_ROUGH,
		SKIRMISH_TERRAIN_HILL,
		SKIRMISH_TERRAIN_OBSTACLE,
		SKIRMISH_TERRAIN_WATER,
		SKIRMISH_TERRAIN_IMPASSABLE,
		SKIRMISH_TERRAIN_COVER,
	};
	int i;

	for (i = 0; i < 15; i++) {
		double x = 6 + (i % 5) * 14, y = i / 5 == 0 ? 6 : i / 5 == 1 ? 14 : 38;
		add_rect(g, kinds[i % 7], x, y, 6, 4);
	}
	add_rect(g, SKIRMISH_TERRAIN_COVER, 40, 24, 1, 6); /* a hedge across the lane */
}

/* ------------------------------------------------------------------ */
/* dice                                                                 */
/* ------------------------------------------------------------------ */

static double
time_sk_roll(skirmish_game *g, int sides, long n)
{
	double best = 1e9;
	uint64_t acc = 0;
	int rep, v;
	long i;

	sk_dice_refresh(g);            /* as act_begin does */
	for (rep = 0; rep < REPS; rep++) {
		double t0 = now();
		for (i = 0; i < n; i++) {
			if ((i & 1023) == 0)
				g->res[g->cur].dice.n = 0;
			if (sk_roll(g, sides, -1, SKIRMISH_ROLL_SHOOT, 0, 0, &v) < 0)
				die("sk_roll", g);
			acc += (uint64_t)v;
		}
		t0 = now() - t0;
		if (t0 < best)
			best = t0;
	}
	sink += acc;
	return best / (double)n;
}

/* The built-in generator's draw as the library has it (a call into it). */
static double
time_generator(int sides, long n)
{
	uint64_t s[4], acc = 0;
	double best = 1e9;
	int rep;
	long i;

	sk_rng_seed(s, 1);
	for (rep = 0; rep < REPS; rep++) {
		double t0 = now();
		for (i = 0; i < n; i++)
			acc += sk_rng_bounded(s, (uint32_t)sides) + 1;
		t0 = now() - t0;
		if (t0 < best)
			best = t0;
	}
	sink += acc;
	return best / (double)n;
}

static void
bench_dice(void)
{
	skirmish_game *g = new_game(SKIRMISH_RULESET_SENSO, 72, 48, 1);
	long n = 20000000 / quick;
	int sides[2] = { 6, 12 }, k;

	printf("dice: the built-in roll (sk_roll: the roller every action uses, recording\n"
	       "      the die in the result) against one raw xoshiro256** step with\n"
	       "      Lemire's bounded draw inline (target <= 1.5x)\n");
	for (k = 0; k < 2; k++) {
		double raw = time_raw(sides[k], n), built = time_sk_roll(g, sides[k], n);
		double gen = time_generator(sides[k], n);
		printf("  d%-2d  generator call (sk_rng_bounded) / raw = %.2fx;"
		       " sk_roll with the die recorded / raw = %.2fx\n",
		       sides[k], gen / raw, built / raw);
	}
	skirmish_game_free(g);
}

/* ------------------------------------------------------------------ */
/* resolution                                                           */
/* ------------------------------------------------------------------ */

typedef int (*act_fn)(skirmish_game *g, void *data);

struct act_shot {
	int fig, target;
};

/* The do_* actions are kept out of line, as choose_action and the act_*
 * of the policy benchmark are, so that callgrind's --toggle-collect finds
 * each whatever the compiler would inline (doc/PERFORMANCE.md). */

static __attribute__((noinline)) int
do_shot(skirmish_game *g, void *data)
{
	struct act_shot *a = data;

	return skirmish_shoot(g, a->fig, a->target, NULL);
}

static __attribute__((noinline)) int
do_fight(skirmish_game *g, void *data)
{
	return skirmish_fight(g, *(int *)data, NULL);
}

/* the same actions with a result to fill: its sentence is written (the
 * last one kept to be shown) */
static char told_text[512];

static void
keep_text(const skirmish_result *r)
{
	if (r->text && !told_text[0])
		snprintf(told_text, sizeof(told_text), "%s", r->text);
}

static __attribute__((noinline)) int
do_shot_told(skirmish_game *g, void *data)
{
	struct act_shot *a = data;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int rc = skirmish_shoot(g, a->fig, a->target, &r);

	keep_text(&r);
	return rc;
}

static __attribute__((noinline)) int
do_fight_told(skirmish_game *g, void *data)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int rc = skirmish_fight(g, *(int *)data, &r);

	keep_text(&r);
	return rc;
}

static int
do_nothing(skirmish_game *g, void *data)
{
	return 0;
}

/* seconds per (copy, reseed, act), best of REPS; *dice: dice per action */
static double
time_copy_act(skirmish_game *w, const skirmish_game *base, act_fn fn, void *data,
	      long n, double *dice)
{
	double best = 1e9;
	long i, nd = 0;
	int rep;

	for (rep = 0; rep < REPS; rep++) {
		double t0 = now();
		for (i = 0; i < n; i++) {
			skirmish_game_copy(w, base);
			skirmish_game_set_seed(w, (uint64_t)i);
			if (fn(w, data) < 0)
				die("action", w);
			if (rep == 0)
				nd += (long)w->res[!w->cur].dice.n;
		}
		t0 = now() - t0;
		if (t0 < best)
			best = t0;
	}
	if (dice)
		*dice = (double)nd / (double)n;
	return best / (double)n;
}

static void
resolution_case(const char *name, skirmish_game *base, act_fn fn, act_fn told, void *data,
		double target)
{
	skirmish_game *w = NULL;
	double copy, act, with, dice, unit = raw_unit();
	long n = 200000 / quick;

	CHECK(skirmish_game_clone(base, &w), base);
	skirmish_game_set_history_limit(w, 0);
	skirmish_game_set_history_limit(base, 0);
	copy = time_copy_act(w, base, do_nothing, NULL, n, NULL);
	act = time_copy_act(w, base, fn, data, n, &dice) - copy;
	with = time_copy_act(w, base, told, data, n, NULL) - copy;
	printf("  %-34s %.2f dice; action / its raw dice = %5.1fx (was a target: <= %.0fx);"
	       " copy+reseed = %.1f raw dice\n", name, dice, act / (dice * unit), target,
	       copy / unit);
	printf("  %-34s with its result and sentence / without = %.2fx (target <= 1.5x):\n"
	       "  %-34s \"%s\"\n", "", with / act, "", told_text);
	told_text[0] = '\0';
	skirmish_game_free(w);
}

static void
bench_resolution(void)
{
	skirmish_game *g;
	struct act_shot shot = { 0, 1 };
	int fighter = 0, terrain, r;

	printf("resolution: one action (validation, dice, effects, sentence) against the\n"
	       "      raw dice it rolls; the game is reset by skirmish_game_copy, timed\n"
	       "      alone and subtracted\n");
	for (terrain = 0; terrain < 2; terrain++) {
		/* Senso: a samurai (d6, bow) shoots an ashigaru 20" away */
		g = new_game(SKIRMISH_RULESET_SENSO, 72, 48, 1);
		add_fig(g, 0, 26, 24, 0, SKIRMISH_PRESET_SAMURAI, 0);
		add_fig(g, 1, 47, 24, 180, SKIRMISH_PRESET_ASHIGARU_YARI, 0);
		if (terrain)
			add_terrain16(g);
		CHECK(skirmish_game_start(g, NULL), g);
		resolution_case(terrain ? "senso bow shot, 16 terrain pieces" :
					  "senso bow shot, no terrain", g, do_shot, do_shot_told, &shot,
				terrain ? 50 : 10);
		skirmish_game_free(g);
	}
	for (terrain = 0; terrain < 2; terrain++) {
		/* Sampson: two spearmen in base contact, in the Melee phase */
		g = new_game(SKIRMISH_RULESET_SAMPSON, 72, 48, 1);
		add_fig(g, 0, 30, 24, 0, 0, 0);
		add_fig(g, 1, 31, 24, 180, 0, 0);
		if (terrain)
			add_terrain16(g);
		CHECK(skirmish_game_start(g, NULL), g);
		for (r = 0; r < 2; r++)
			CHECK(skirmish_end_phase(g, NULL), g);
		resolution_case(terrain ? "sampson melee, 16 terrain pieces" :
					  "sampson melee, no terrain", g, do_fight, do_fight_told, &fighter,
				terrain ? 50 : 10);
		skirmish_game_free(g);
	}
}

/* ------------------------------------------------------------------ */
/* clone                                                                */
/* ------------------------------------------------------------------ */

/* The bytes of a state's live part (sk_state_copy_live). */
static size_t
live_state_bytes(const struct sk_state *st)
{
	return offsetof(struct sk_state, obj) + (size_t)st->nobj * sizeof(st->obj[0]) +
	       sizeof(st->exit_edge);
}

/* The bytes skirmish_game_copy moves for this game (state.c copy_game):
 * the two states' live parts, the arrays, and the spatial index. */
static size_t
copied_bytes(const skirmish_game *g)
{
	return live_state_bytes(&g->st) + live_state_bytes(&g->setup_st) +
	       sizeof(skirmish_game_options) +
	       (size_t)g->grid_buckets * sizeof(int32_t) +
	       (size_t)g->nfigs * 2 * sizeof(int32_t) +
	       (size_t)g->nfigs * sizeof(struct sk_fig) +
	       (size_t)g->nsetup_figs * sizeof(struct sk_fig) +
	       (size_t)g->nterr * sizeof(struct sk_terrain) +
	       (size_t)g->nmelees * sizeof(struct sk_melee) +
	       (size_t)(g->nscript + g->nsetup_script) * sizeof(int) +
	       (size_t)(g->nhist - g->hist_first) * sizeof(struct sk_undo) +
	       (g->nhent - g->hent_first) * sizeof(struct sk_journal_entry);
}

static skirmish_game *
army_game(int ruleset, int per_side, double w, double d, uint64_t seed)
{
	skirmish_game *g = new_game(ruleset, w, d, seed);
	int i, cols = per_side < 12 ? per_side : per_side <= 120 ? 12 : 60;

	for (i = 0; i < per_side; i++) {
		double x = w / 2 - cols + 2.0 * (i % cols) + 1, y = 4 + 2.0 * (i / cols);
		add_fig(g, 0, x, y, 90, i % 2 ? SKIRMISH_PRESET_SAMURAI :
				     SKIRMISH_PRESET_ASHIGARU_YARI,
			i % 2 ? SKIRMISH_MISSILE_SHORT_BOW : 0);
		add_fig(g, 1, x, d - y, 270, i % 2 ? SKIRMISH_PRESET_ASHIGARU_BOW :
				     SKIRMISH_PRESET_MONK,
			i % 2 ? SKIRMISH_MISSILE_JAVELIN : 0);
	}
	return g;
}

static void
bench_clone(void)
{
	static const int sizes[] = { 12, 120, 1200 };
	size_t k;

	printf("clone: skirmish_game_copy into an existing game against memcpy of as\n"
	       "      many bytes (target <= 1.25x); state bytes per figure (target <= 128)\n");
	printf("  sizeof(struct sk_fig) = %zu bytes; with the undo marks and the\n"
	       "  spatial index: %zu bytes per figure\n", sizeof(struct sk_fig),
	       sizeof(struct sk_fig) + sizeof(uint32_t) + SK_GRID_BYTES_PER_FIG);
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		skirmish_game *g = army_game(SKIRMISH_RULESET_SENSO, sizes[k], 72 + sizes[k] / 4.0,
					     48 + sizes[k] / 6.0, 1), *w = NULL;
		size_t bytes;
		char *a, *b;
		long n = 2000000 / sizes[k] / quick + 1, i;
		double tc = 1e9, tm = 1e9;
		int rep;

		CHECK(skirmish_game_start(g, NULL), g);
		CHECK(skirmish_game_clone(g, &w), g);
		bytes = copied_bytes(g);
		a = malloc(bytes);
		b = malloc(bytes);
		memset(a, 1, bytes);
		memset(b, 2, bytes);
		for (rep = 0; rep < REPS; rep++) {
			double t0 = now();
			for (i = 0; i < n; i++) {
				memcpy(b, a, bytes);
				__asm__ volatile("" : : "r"(b) : "memory");
			}
			t0 = now() - t0;
			if (t0 < tm)
				tm = t0;
			t0 = now();
			for (i = 0; i < n; i++)
				skirmish_game_copy(w, g);
			t0 = now() - t0;
			if (t0 < tc)
				tc = t0;
		}
		printf("  %5d figures: %7zu bytes (%zu a figure); copy / memcpy = %.2fx\n",
		       2 * sizes[k], bytes, bytes / (size_t)(2 * sizes[k]), tc / tm);
		free(a);
		free(b);
		skirmish_game_free(w);
		skirmish_game_free(g);
	}
}

/* ------------------------------------------------------------------ */
/* playouts                                                             */
/* ------------------------------------------------------------------ */

/* The best time of 3 runs of the playouts o asks for; their stats in *st. */
static double
time_playouts(skirmish_game *g, const skirmish_playout_options *o,
	      skirmish_playout_stats *st)
{
	double best = 1e9;
	int rep;

	for (rep = 0; rep < 3; rep++) {
		double t0;
		skirmish_playout_stats_init(st, SKIRMISH_PLAYOUT_STATS_VERSION);
		t0 = now();
		CHECK(skirmish_game_playouts(g, o, st), g);
		t0 = now() - t0;
		if (t0 < best)
			best = t0;
	}
	return best;
}

static void
bench_playouts(void)
{
	static const struct {
		int ruleset;
		const char *name;
	} rs[] = { { SKIRMISH_RULESET_SENSO, "senso" }, { SKIRMISH_RULESET_SAMPSON, "sampson" } };
	size_t k;
	double unit = raw_unit();

	printf("playouts: 12 against 12, random policy, skirmish_game_playouts\n");
	for (k = 0; k < 2; k++) {
		skirmish_game *g = army_game(rs[k].ruleset, 12, 72, 48, 3);
		skirmish_playout_options o = SKIRMISH_PLAYOUT_OPTIONS_INIT;
		skirmish_playout_stats st;
		double best;
		long actions;

		o.games = (int)(20 / quick) + 1;
		o.seed = 11;
		best = time_playouts(g, &o, &st);
		actions = st.actions;
		printf("  %-8s %8.0f games/s %10.0f actions/s (%.0f actions a game);"
		       " one action = %.0f raw dice draws\n", rs[k].name, o.games / best,
		       (double)actions / best, (double)actions / o.games,
		       best / (double)actions / unit);
		/* the length of a random game, with no cap in the way */
		o.max_actions = 1000000;
		skirmish_playout_stats_init(&st, SKIRMISH_PLAYOUT_STATS_VERSION);
		CHECK(skirmish_game_playouts(g, &o, &st), g);
		printf("  %-8s a random game lasts %.1f game turns and %.0f actions on average"
		       " (%d games, %d unfinished at %d actions)\n", rs[k].name, st.average_turns,
		       st.average_actions, st.games, st.unfinished, o.max_actions);
		/* how many random games end within the default cap */
		o.games = (int)(200 / quick) + 1;
		o.max_actions = 0;
		o.seed = 1;
		skirmish_playout_stats_init(&st, SKIRMISH_PLAYOUT_STATS_VERSION);
		CHECK(skirmish_game_playouts(g, &o, &st), g);
		printf("  %-8s random games that end within the default cap of 5,000 actions:"
		       " %d of %d, %.1f%% (target >= 99%%)\n", rs[k].name,
		       st.games - st.unfinished, st.games,
		       100.0 * (st.games - st.unfinished) / st.games);
		skirmish_game_free(g);
	}
}

/* ------------------------------------------------------------------ */
/* policy: what choosing an action costs against taking it               */
/* ------------------------------------------------------------------ */

#define POLICY_MAX_ACTIONS 50000

/* seconds per (copy, [choice], [act]) over n seeds, best of REPS */
static double
time_choice(skirmish_game *w, const skirmish_game *base, int policy, int choose, int act,
	    long n)
{
	double best = 1e9;
	long i;
	int rep;

	for (rep = 0; rep < REPS; rep++) {
		double t0 = now();
		for (i = 0; i < n; i++) {
			uint64_t rng = (uint64_t)i * 7919 + 1;
			skirmish_action a = SKIRMISH_ACTION_INIT;
			skirmish_game_copy(w, base);
			if (choose || act)
				CHECK(skirmish_game_policy_action(w, policy, &rng, &a), w);
			if (act)
				CHECK(skirmish_game_act(w, &a, NULL), w);
		}
		t0 = now() - t0;
		if (t0 < best)
			best = t0;
	}
	return best / (double)n;
}

/* The steps of a played game, apart so that a profile can tell them
 * (valgrind --tool=callgrind --toggle-collect=choose_action, act_plain,
 * act_told: doc/PERFORMANCE.md) */
static __attribute__((noinline)) int
choose_action(skirmish_game *w, uint64_t *rng, skirmish_action *a)
{
	skirmish_action fresh = SKIRMISH_ACTION_INIT;

	*a = fresh;     /* the version policy_action checks; rec is malloc'd */
	return skirmish_game_policy_action(w, SKIRMISH_POLICY_RANDOM, rng, a);
}

static __attribute__((noinline)) int
act_plain(skirmish_game *w, const skirmish_action *a)
{
	return skirmish_game_act(w, a, NULL);
}

static __attribute__((noinline)) int
act_told(skirmish_game *w, const skirmish_action *a)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int rc = skirmish_game_act(w, a, &r);

	sink += r.text ? (uint64_t)r.text[0] : 0;
	return rc;
}

/* One whole random game from base with the game's and the policy's seeds
 * fixed, chosen and taken (mode 0), or the actions chosen before taken
 * again without a result (1) or with one and its sentence (2); its number
 * of actions. */
static long
play_game(skirmish_game *w, const skirmish_game *base, skirmish_action *rec, long nrec,
	  int mode)
{
	uint64_t rng = 12345;
	long n = 0;

	skirmish_game_copy(w, base);
	skirmish_game_set_seed(w, 99);
	while (n < POLICY_MAX_ACTIONS && skirmish_game_state(w) == SKIRMISH_STATE_PLAYING) {
		if (mode == 0)
			CHECK(choose_action(w, &rng, &rec[n]), w);
		else if (n >= nrec)
			break;
		CHECK(mode == 2 ? act_told(w, &rec[n]) : act_plain(w, &rec[n]), w);
		n++;
	}
	return n;
}

static void
policy_playout_ratio(const char *name, skirmish_game *base)
{
	skirmish_action *rec = malloc(sizeof(*rec) * POLICY_MAX_ACTIONS);
	skirmish_game *w = NULL;
	double t[3] = { 1e9, 1e9, 1e9 };
	long n = 0;
	int rep, mode;

	if (!rec)
		die("malloc", NULL);
	CHECK(skirmish_game_clone(base, &w), base);
	skirmish_game_set_history_limit(w, 0);
	for (rep = 0; rep < 3; rep++)
		for (mode = 0; mode < 3; mode++) {
			double t0 = now();
			long k = play_game(w, base, rec, n, mode);
			t0 = now() - t0;
			if (mode == 0)
				n = k;
			if (t0 < t[mode])
				t[mode] = t0;
		}
	printf("  %-8s a whole random game (%ld actions): choosing / the actions chosen = "
	       "%.2fx (target <= 5x);\n  %-8s the actions with their results and sentences"
	       " / without = %.2fx\n", name, n, (t[0] - t[1]) / t[1], "", t[2] / t[1]);
	skirmish_game_free(w);
	free(rec);
}

static void
legal_ratio(const char *name, skirmish_game *g)
{
	skirmish_action *out = malloc(sizeof(*out) * 4096);
	double tl = 1e9, tc = 1e9;
	int count = 0, rep, i;
	long k, n = 200 / quick + 1;

	if (!out)
		die("malloc", NULL);
	for (rep = 0; rep < REPS; rep++) {
		double t0 = now();
		for (k = 0; k < n; k++)
			CHECK(skirmish_game_legal_actions(g, -1, out, 4096, &count), g);
		t0 = now() - t0;
		if (t0 < tl)
			tl = t0;
		t0 = now();
		for (k = 0; k < n; k++)
			for (i = 0; i < count && i < 4096; i++)
				CHECK(skirmish_game_check_action(g, &out[i]), g);
		t0 = now() - t0;
		if (t0 < tc)
			tc = t0;
	}
	printf("  %-8s skirmish_game_legal_actions: %d listed; the list / %d x one "
	       "check_action = %.2fx (target <= 0.5x)\n", name, count, count, tl / tc);
	free(out);
}

static void
bench_policy(const char *only)
{
	static const struct {
		int ruleset;
		const char *name;
	} rs[] = { { SKIRMISH_RULESET_SENSO, "senso" }, { SKIRMISH_RULESET_SAMPSON, "sampson" } };
	size_t k;

	printf("policy: the random policy's choice against the action it chooses, and the\n"
	       "      legal actions against checking each, 12 against 12\n");
	for (k = 0; k < 2; k++) {
		if (only && strcmp(only, rs[k].name))
			continue;
		skirmish_game *g = army_game(rs[k].ruleset, 12, 72, 48, 3), *w = NULL;
		double copy, choose, act;
		long n = 2000 / quick + 1;

		CHECK(skirmish_game_start(g, NULL), g);
		skirmish_game_set_history_limit(g, 0);
		CHECK(skirmish_game_clone(g, &w), g);
		skirmish_game_set_history_limit(w, 0);
		copy = time_choice(w, g, SKIRMISH_POLICY_RANDOM, 0, 0, n);
		choose = time_choice(w, g, SKIRMISH_POLICY_RANDOM, 1, 0, n) - copy;
		act = time_choice(w, g, SKIRMISH_POLICY_RANDOM, 1, 1, n) - copy - choose;
		/* each a difference of best times: on a loaded machine one can
		 * come out at or below 0, which is noise, not a ratio */
		if (choose > 0 && act > 0)
			printf("  %-8s at the start: choosing / the action chosen = %.2fx "
			       "(target <= 2x)\n", rs[k].name, choose / act);
		else
			printf("  %-8s at the start: choosing / the action chosen: not measured, "
			       "the differences of the times are below the timer's noise here "
			       "(count instructions: doc/PERFORMANCE.md)\n", rs[k].name);
		policy_playout_ratio(rs[k].name, g);
		legal_ratio(rs[k].name, g);
		skirmish_game_free(w);
		skirmish_game_free(g);
	}
}

/* ------------------------------------------------------------------ */
/* rollouts                                                             */
/* ------------------------------------------------------------------ */

/* Playouts of 12 against 12 by one policy for both players to a horizon
 * (0: the end): rollouts/s, actions/s, and how the games ended. */
static void
rollout_case(const char *name, int ruleset, int policy, int horizon, int games)
{
	skirmish_game *g = army_game(ruleset, 12, 72, 48, 3);
	skirmish_playout_options o = SKIRMISH_PLAYOUT_OPTIONS_INIT;
	skirmish_playout_stats st;
	double best;
	int p;

	o.games = games;
	o.seed = 17;
	o.horizon = horizon;
	for (p = 0; p <= SKIRMISH_MAX_PLAYERS; p++)
		o.policy[p] = policy;
	best = time_playouts(g, &o, &st);
	printf("  %-8s %-7s horizon %2d: %8.0f rollouts/s %9.0f actions/s; %5.1f actions,"
	       " %4.1f turns a game; over %d, at the horizon %d, unfinished %d;"
	       " mean value %.3f / %.3f\n", name,
	       policy == SKIRMISH_POLICY_ROLLOUT ? "rollout" : "random", horizon,
	       o.games / best, (double)st.actions / best, st.average_actions,
	       st.average_turns, st.wins[0] + st.wins[1] + st.draws, st.horizon_stopped,
	       st.unfinished, st.value[0] / st.games, st.value[1] / st.games);
	skirmish_game_free(g);
}

/* The least of best and the time of n copies of src into w. */
static double
time_copies(skirmish_game *w, const skirmish_game *src, long n, double best)
{
	double t = now();
	long i;

	for (i = 0; i < n; i++)
		skirmish_game_copy(w, src);
	t = now() - t;
	return t < best ? t : best;
}

/* One copy of a root into a game for rollouts (history limit 0), the
 * root carrying 1,000 actions of history against the same root without. */
static void
copy_history_case(void)
{
	skirmish_game *g = army_game(SKIRMISH_RULESET_SENSO, 12, 72, 48, 5), *bare, *w, *full;
	uint64_t rng = 9;
	long n = 400000 / quick + 1;
	double th = 1e9, t0h = 1e9, tf = 1e9, x0[16];
	int rep, k;

	CHECK(skirmish_game_start(g, NULL), g);
	for (k = 0; k < 16; k++) {
		skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
		CHECK(skirmish_game_figure(g, k, &f), g);
		x0[k] = f.x;
	}
	/* 1,000 actions that never end the game: steps of 0.5" to the east
	 * and back, and ends (a random move may close with the enemy, and a
	 * fight end it; the figures alternate by player, 0 first, 2" apart) */
	for (k = 0; skirmish_game_history_length(g) < 1000; k++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
		if (k % 2) {
			a.kind = SKIRMISH_ACTION_END_TURN;
		} else {
			rng = rng * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
			a.kind = SKIRMISH_ACTION_MOVE;
			a.figure = 2 * (int)(rng >> 33 & 7) + skirmish_game_active_player(g);
			CHECK(skirmish_game_figure(g, a.figure, &f), g);
			a.facing = SKIRMISH_FACING_KEEP;
			a.npoints = 1;
			a.xy[0] = f.x > x0[a.figure] + 0.25 ? x0[a.figure] : x0[a.figure] + 0.5;
			a.xy[1] = f.y;
		}
		CHECK(skirmish_game_act(g, &a, NULL), g);
		if (skirmish_game_state(g) != SKIRMISH_STATE_PLAYING)
			die("the game ended", g);
	}
	CHECK(skirmish_game_clone(g, &bare), g);
	CHECK(skirmish_game_set_history_limit(bare, 0), bare);
	CHECK(skirmish_game_clone(bare, &w), bare);
	CHECK(skirmish_game_clone(g, &full), g);
	for (rep = 0; rep < REPS; rep++) {
		t0h = time_copies(w, bare, n, t0h);
		th = time_copies(w, g, n, th);
		tf = time_copies(full, g, n / 20 + 1, tf);
	}
	tf *= (double)n / (n / 20 + 1);
	printf("  copy of a root with %d actions of history into a history-free game /\n"
	       "  the copy of the same root without history = %.2fx (target <= 1.25x);"
	       " %.0f ns a copy\n", skirmish_game_history_length(g), th / t0h, th / n * 1e9);
	printf("  the same root into a game that keeps the history: %.0fx, %.1f us a copy;"
	       " a history record is %zu bytes, %.0f bytes of entries on average\n",
	       tf / t0h, tf / n * 1e6, sizeof(struct sk_undo),
	       (double)(g->nhent - g->hent_first) * sizeof(struct sk_journal_entry) /
	       skirmish_game_history_length(g));
	skirmish_game_free(full);
	skirmish_game_free(w);
	skirmish_game_free(bare);
	skirmish_game_free(g);
}

static void
bench_rollouts(void)
{
	static const struct {
		int ruleset;
		const char *name;
	} rs[] = { { SKIRMISH_RULESET_SENSO, "senso" }, { SKIRMISH_RULESET_SAMPSON, "sampson" } };
	int games = (int)(40 / quick) + 1;
	size_t k;

	printf("rollouts: 12 against 12, skirmish_game_playouts with a horizon in game\n"
	       "  turns (0: to the end), %d games a case\n", games);
	for (k = 0; k < 2; k++) {
		rollout_case(rs[k].name, rs[k].ruleset, SKIRMISH_POLICY_ROLLOUT, 3, games);
		rollout_case(rs[k].name, rs[k].ruleset, SKIRMISH_POLICY_ROLLOUT, 10, games);
		rollout_case(rs[k].name, rs[k].ruleset, SKIRMISH_POLICY_ROLLOUT, 0, games);
		rollout_case(rs[k].name, rs[k].ruleset, SKIRMISH_POLICY_RANDOM, 3, games);
		rollout_case(rs[k].name, rs[k].ruleset, SKIRMISH_POLICY_RANDOM, 10, games);
	}
	copy_history_case();
}

/* ------------------------------------------------------------------ */
/* scale                                                                */
/* ------------------------------------------------------------------ */

/*
 * n figures on a table of 72" x 48" per 24 figures (the density of a 12 a
 * side game): a lattice of figures 12" apart, players alternating, and in
 * the middle the figures the benchmark acts with: a mover in the open, an
 * archer with a target 10" away, and a swordsman in contact with an enemy.
 */
struct scale_ids {
	int mover, archer, target, fighter, foe;
	double mx, my;
};

static skirmish_game *
scale_game(int n, struct scale_ids *ids)
{
	double f = n / 24.0, s = 1.0;
	double w, d;
	skirmish_game *g;
	int cols, rows, i, j, placed = 0;

	while (s * s < f)
		s += 0.001;
	w = 72 * s;
	d = 48 * s;
	g = new_game(SKIRMISH_RULESET_SENSO, w, d, 5);
	cols = (int)(w / 12);
	rows = (int)(d / 12);
	/* the actors, in the middle of the table, in a clear 12" square */
	ids->archer = add_fig(g, 0, w / 2 - 5, d / 2 + 3, 0, SKIRMISH_PRESET_SAMURAI, 0);
	ids->target = add_fig(g, 1, w / 2 + 5, d / 2 + 3, 180, SKIRMISH_PRESET_PEASANT, 0);
	ids->fighter = add_fig(g, 0, w / 2 - 1, d / 2 - 3, 0, SKIRMISH_PRESET_FENCING_INSTRUCTOR, 0);
	ids->foe = add_fig(g, 1, w / 2, d / 2 - 3, 180, SKIRMISH_PRESET_PEASANT, 0);
	ids->mover = add_fig(g, 0, w / 2 - 5, d / 2 - 0.5, 0, SKIRMISH_PRESET_MONK, 0);
	ids->mx = w / 2 - 2;
	ids->my = d / 2 - 0.5;
	placed = 5;
	for (j = 0; j < rows && placed < n; j++)
		for (i = 0; i < cols && placed < n; i++) {
			double x = 6 + 12 * i, y = 6 + 12 * j;
			if (x > w / 2 - 12 && x < w / 2 + 12 && y > d / 2 - 12 && y < d / 2 + 12)
				continue;
			add_fig(g, (i + j) & 1, x, y, 0, SKIRMISH_PRESET_ASHIGARU_BOW, 0);
			placed++;
		}
	for (i = 0; placed < n; i++, placed++) /* the rest, along the edge */
		add_fig(g, i & 1, 1 + (i % (int)(w - 2)), 1 + 2 * (i / (int)(w - 2)), 90,
			SKIRMISH_PRESET_PEASANT, 0);
	CHECK(skirmish_game_start(g, NULL), g);
	return g;
}

/* seconds per (action, undo), best of REPS */
static double
time_act_undo(skirmish_game *g, int kind, const struct scale_ids *ids, long n)
{
	double best = 1e9, xy[2];
	long i;
	int rep, rc = 0;

	xy[0] = ids->mx;
	xy[1] = ids->my;
	for (rep = 0; rep < REPS; rep++) {
		double t0 = now();
		for (i = 0; i < n; i++) {
			if (kind == 0)
				rc = skirmish_move(g, ids->mover, xy, 1, 0, NULL);
			else if (kind == 1)
				rc = skirmish_shoot(g, ids->archer, ids->target, NULL);
			else
				rc = skirmish_fight(g, ids->fighter, NULL);
			if (rc < 0)
				die("scale action", g);
			if (skirmish_game_undo(g) < 0)
				die("undo", g);
		}
		t0 = now() - t0;
		if (t0 < best)
			best = t0;
	}
	return best / (double)n;
}

static void
bench_scale(int max)
{
	static const char *const names[] = { "move", "shot", "fight" };
	double base[3] = { 0, 0, 0 }, unit = raw_unit();
	int n, k;

	printf("scale: one action and its undo, Senso, with n figures at constant density\n"
	       "      (72\" x 48\" per 24 figures); cost relative to 24 figures (target <= 2x\n"
	       "      at 2,400) and in raw dice draws\n");
	printf("  %7s %18s %18s %18s\n", "figures", "move", "shot", "fight");
	for (n = 24; n <= max; n *= 10) {
		struct scale_ids ids;
		skirmish_game *g = scale_game(n, &ids);
		long iters = 20000 / quick + 1;

		printf("  %7d", n);
		for (k = 0; k < 3; k++) {
			double t = time_act_undo(g, k, &ids, iters);
			if (n == 24)
				base[k] = t;
			printf("   %5.2fx (%5.0f rd)", t / base[k], t / unit);
			(void)names;
		}
		printf("\n");
		skirmish_game_free(g);
	}
}


/* The best of reps timings of n calls of a policy's choice (p: the
 * policy) or of the legal list (p < 0), seconds a call. */
static double
time_scale_call(skirmish_game *g, int p, long n, int reps, skirmish_action *out, int max,
		int *count)
{
	double best = 1e9;
	int rep;
	long i;

	for (rep = 0; rep < reps; rep++) {
		double t0 = now();
		for (i = 0; i < n; i++) {
			uint64_t rng = (uint64_t)i + 1;
			skirmish_action a = SKIRMISH_ACTION_INIT;
			if (p < 0)
				CHECK(skirmish_game_legal_actions(g, -1, out, max, count), g);
			else
				CHECK(skirmish_game_policy_action(g, p, &rng, &a), g);
		}
		t0 = (now() - t0) / (double)n;
		if (t0 < best)
			best = t0;
	}
	return best;
}

/* One choice of each policy, and the legal list, at n figures (scale_game:
 * bows in reach of each other), against 24: the candidates a call lists,
 * and each cost against 24 figures divided by the figures' ratio, which
 * is 1 when the cost grows linearly with the figures (target <= 2x: no
 * term that grows faster; the growth from 24,000 to 240,000 is the
 * series further, `policy-scale 240000`). */
static void
bench_policy_scale(int max)
{
	double base[3] = { 0, 0, 0 };
	int size, maxlist = 8 * max + 64, count = 0, k;
	skirmish_action *out = malloc(sizeof(*out) * (size_t)maxlist);

	if (!out)
		die("malloc", NULL);
	printf("policy scale: one choice and the legal list in a Senso game of n figures at\n"
	       "      constant density (scale's lattice: bows in reach); candidates per call,\n"
	       "      and the time against 24 figures / the figures against 24 (1 is linear,\n"
	       "      target <= 2x)\n");
	printf("  %7s %10s %8s %30s %30s %30s\n", "figures", "candidates", "listed",
	       "random choice", "legal list", "greedy choice");
	for (size = 24; size <= max; size *= 10) {
		struct scale_ids ids;
		skirmish_game *g = scale_game(size, &ids);
		double t[3], grow = size / 24.0;
		long n = 2000 / quick / (size / 24 > 100 ? 100 : size / 24) + 1;

		skirmish_game_set_history_limit(g, 0);
		t[0] = time_scale_call(g, SKIRMISH_POLICY_RANDOM, n, REPS, NULL, 0, NULL);
		t[1] = time_scale_call(g, -1, n / 4 + 1, REPS, out, maxlist, &count);
		t[2] = time_scale_call(g, SKIRMISH_POLICY_GREEDY, n / 20 + 1, size > 2400 ? 1 : 3,
				       NULL, 0, NULL);
		if (size == 24)
			for (k = 0; k < 3; k++)
				base[k] = t[k];
		CHECK(sk_policy_candidates(g), g);
		printf("  %7d %10zu %8d", size, sk_cand_count(g), count);
		for (k = 0; k < 3; k++)
			printf("   %9.3f ms %6.2fx (%5.2fx)", t[k] * 1e3, t[k] / base[k],
			       t[k] / base[k] / grow);
		printf("\n");
		skirmish_game_free(g);
	}
	free(out);
	{
		/* two dense armies of 800, 2" apart in 40 files, 10" apart */
		int i, per = 800, cols = 40, rep;
		double w = 2.0 * cols + 20, d = 4.0 * per / cols + 30, best = 1e9;
		skirmish_game *g = new_game(SKIRMISH_RULESET_SENSO, w, d, 5);

		for (i = 0; i < per; i++) {
			double x = 10 + 2.0 * (i % cols) + 1, y = 2 + 2.0 * (i / cols);
			add_fig(g, 0, x, y, 90, i % 2 ? SKIRMISH_PRESET_SAMURAI :
					     SKIRMISH_PRESET_ASHIGARU_YARI, 0);
			add_fig(g, 1, x, d - y, 270, i % 2 ? SKIRMISH_PRESET_ASHIGARU_BOW :
					     SKIRMISH_PRESET_MONK, 0);
		}
		CHECK(skirmish_game_start(g, NULL), g);
		skirmish_game_set_history_limit(g, 0);
		for (rep = 0; rep < 3; rep++) {
			uint64_t rng = (uint64_t)rep + 1;
			skirmish_action a = SKIRMISH_ACTION_INIT;
			double t0 = now();
			CHECK(skirmish_game_policy_action(g, SKIRMISH_POLICY_GREEDY, &rng, &a), g);
			t0 = now() - t0;
			if (t0 < best)
				best = t0;
		}
		printf("  1,600 figures in two dense armies 10\" apart: one greedy choice %.0f ms\n",
		       best * 1e3);
		skirmish_game_free(g);
	}
}

/* Seconds to add n figures (Senso, 1" bases, 1.5" apart) in a dense square
 * block in a corner of a w" square table. */
static double
time_dense_setup(int n, double w)
{
	skirmish_game *g = new_game(SKIRMISH_RULESET_SENSO, w, w, 1);
	int side = 1, i;
	double t0;

	while (side * side < n)
		side++;
	t0 = now();
	for (i = 0; i < n; i++)
		add_fig(g, i & 1, 1 + 1.5 * (i % side), 1 + 1.5 * (i / side), 90,
			SKIRMISH_PRESET_PEASANT, 0);
	t0 = now() - t0;
	skirmish_game_free(g);
	return t0;
}

static void
bench_setup(int max)
{
	int n;

	printf("setup: skirmish_game_add_figure for a dense block of n figures on a\n"
	       "       100,000\" table against the same block on a 1,200\" one (target ~1x:\n"
	       "       adding scales with the figures, not with the table)\n");
	printf("  %8s %12s %12s %8s\n", "figures", "1,200\"", "100,000\"", "ratio");
	for (n = 6000; n <= max; n *= 10) {
		double small = time_dense_setup(n, 1200), large = time_dense_setup(n, 100000);
		printf("  %8d %11.3fs %11.3fs %7.2fx\n", n, small, large, large / small);
	}
}

/* ------------------------------------------------------------------ */
/* load: what the replay check costs (H10, doc/FORMAT.md)               */
/* ------------------------------------------------------------------ */

/* The same save loaded as it is (proven: undone, checked, replayed) and
 * with its header flag 1 (unproved: undone and checked, not replayed),
 * the checksum made right; histories of 1x, 4x and 16x the actions, so
 * that a cost per kilobyte that stays put shows the check linear. */
static void
bench_load(void)
{
	static const int actions[] = { 100, 400, 1600 };
	size_t k;

	printf("load: a proven save (replayed, H10) against the same save marked unproved\n"
	       "      (not replayed); the replay's cost per KB of save, in raw d6 draws\n");
	printf("  %8s %9s %9s %12s %14s\n", "actions", "KB", "ratio", "replay/KB",
	       "load/KB");
	for (k = 0; k < sizeof(actions) / sizeof(actions[0]); k++) {
		skirmish_game *g = army_game(SKIRMISH_RULESET_SENSO, 12, 72, 48, 7), *l = NULL;
		uint64_t rng = 3, h = UINT64_C(0xcbf29ce484222325);
		unsigned char *proven, *unproved;
		size_t n = 0, i;
		double tp = 1e9, tu = 1e9, kb;
		long reps = 20 / quick + 1, j;
		int rep, a;

		CHECK(skirmish_game_start(g, NULL), g);
		for (a = 0; a < actions[k] && skirmish_game_state(g) == SKIRMISH_STATE_PLAYING; a++) {
			skirmish_action act = SKIRMISH_ACTION_INIT;
			CHECK(skirmish_game_policy_action(g, SKIRMISH_POLICY_RANDOM, &rng, &act), g);
			CHECK(skirmish_game_act(g, &act, NULL), g);
		}
		skirmish_game_save(g, NULL, 0, &n);
		proven = malloc(n);
		unproved = malloc(n);
		CHECK(skirmish_game_save(g, proven, n, &n), g);
		memcpy(unproved, proven, n);
		unproved[12] = 1;
		for (i = 0; i + 20 < n; i++)
			h = (h ^ unproved[i]) * UINT64_C(0x100000001b3);
		for (i = 0; i < 8; i++)
			unproved[n - 8 + i] = (unsigned char)(h >> (8 * i));
		for (rep = 0; rep < REPS; rep++) {
			double t0 = now();
			for (j = 0; j < reps; j++) {
				CHECK(skirmish_game_load(&l, unproved, n, NULL, NULL, 0), NULL);
				skirmish_game_free(l);
			}
			t0 = now() - t0;
			if (t0 < tu)
				tu = t0;
			t0 = now();
			for (j = 0; j < reps; j++) {
				CHECK(skirmish_game_load(&l, proven, n, NULL, NULL, 0), NULL);
				skirmish_game_free(l);
			}
			t0 = now() - t0;
			if (t0 < tp)
				tp = t0;
		}
		kb = (double)n / 1024.0;
		printf("  %8d %9.1f %8.2fx %12.0f %14.0f\n", a, kb, tp / tu,
		       (tp - tu) / (double)reps / kb / raw_unit(), tp / (double)reps / kb / raw_unit());
		free(proven);
		free(unproved);
		skirmish_game_free(g);
	}
}

int
main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "all";
	int all = !strcmp(what, "all");

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (getenv("SKIRMISH_BENCH_QUICK"))
		quick = atol(getenv("SKIRMISH_BENCH_QUICK")) > 0 ? atol(getenv("SKIRMISH_BENCH_QUICK")) : 1;
	if (all || !strcmp(what, "dice"))
		bench_dice();
	if (all || !strcmp(what, "resolution"))
		bench_resolution();
	if (all || !strcmp(what, "clone"))
		bench_clone();
	if (all || !strcmp(what, "playouts"))
		bench_playouts();
	if (all || !strcmp(what, "policy"))
		bench_policy(all ? NULL : argc > 2 ? argv[2] : NULL);
	if (all || !strcmp(what, "policy-scale"))
		bench_policy_scale(argc > 2 ? atoi(argv[2]) : 24000);
	if (all || !strcmp(what, "rollouts"))
		bench_rollouts();
	if (all || !strcmp(what, "scale"))
		bench_scale(argc > 2 ? atoi(argv[2]) : 24000);
	if (all || !strcmp(what, "load"))
		bench_load();
	if (all || !strcmp(what, "setup"))
		bench_setup(argc > 2 ? atoi(argv[2]) : 600000 / (int)quick);
	printf("(raw d6 draw on this machine: %.2f ns; times are best of %d)\n",
	       raw_unit() * 1e9, REPS);
	return (int)(sink & 0);
}

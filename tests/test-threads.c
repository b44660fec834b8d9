/* SPDX-License-Identifier: MIT */
/*
 * Threads (doc/DESIGN.md: no global mutable state): eight games on eight
 * threads at once (simulations with the built-in dice, clones, saves and
 * loads, odds, legal actions, policies, playouts) give exactly the results
 * the same games give one after another on one thread: the same hashes
 * after every action, the same saved bytes. .ci/run runs this suite under
 * ThreadSanitizer (doc/TESTING.md); without it, it still runs plainly.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "test-common.h"

#define NTHREADS 8
#define ACTIONS 120

struct job {
	int index;
	/* results */
	uint64_t trail;        /* hash of the hashes after every action */
	uint64_t final_hash;
	uint64_t save_sum;     /* FNV-1a of the final save */
	uint64_t odds_sum;     /* of the numerators of every odds computed */
	int actions;
	int errors;            /* an invariant broken: counted, asserted on */
	char what[160];
};

static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= b[i];
		h *= UINT64_C(0x100000001b3);
	}
	return h;
}

#define FNV0 UINT64_C(0xcbf29ce484222325)

static void
job_fail(struct job *j, const char *what, int code)
{
	if (!j->errors)
		snprintf(j->what, sizeof(j->what), "game %d after %d actions: %s (%d)",
			 j->index, j->actions, what, code);
	j->errors++;
}

static uint64_t
hash_or_zero(const skirmish_game *g)
{
	uint64_t h = 0;

	skirmish_game_hash(g, &h);
	return h;
}

/* No Check assertions off the main thread: errors are counted and the
 * main thread asserts on them. */
static skirmish_game *
job_game(struct job *j)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	skirmish_game *g = NULL;
	int sampson = j->index % 2, i, id, rc;

	o.ruleset = sampson ? SKIRMISH_RULESET_SAMPSON : SKIRMISH_RULESET_SENSO;
	o.seed = 1000 + (uint64_t)j->index;     /* the order is rolled off */
	o.turn_limit = 12;
	if (skirmish_game_new(&g, &o, NULL, 0) < 0)
		return NULL;
	for (i = 0; i < 8; i++) {
		skirmish_figure_spec_preset(&s, (i + j->index) % SKIRMISH_PRESET_COUNT);
		if (sampson) {
			s.dv = 0;
			s.martial_arts = 0;
			s.unloaded = 0;
			s.missile_weapon = i % 3 ? SKIRMISH_MISSILE_NONE : SKIRMISH_MISSILE_SLING;
			s.shield = 1;
		}
		s.player = i % 2;
		s.x = 20 + 3 * (i / 2);
		s.y = i % 2 ? 30 : 18;
		s.facing = i % 2 ? 270 : 90;
		rc = skirmish_game_add_figure(g, &s, &id);
		if (rc < 0)
			job_fail(j, skirmish_game_errmsg(g), rc);
	}
	t.shape = SKIRMISH_SHAPE_RECT;
	t.flags = SKIRMISH_TERRAIN_COVER | SKIRMISH_TERRAIN_ROUGH;
	t.x = 26;
	t.y = 24;
	t.width = 3;
	t.depth = 5;
	if (skirmish_game_add_terrain(g, &t, &id) < 0)
		job_fail(j, "add_terrain", -1);
	if (skirmish_game_start(g, NULL) < 0)
		job_fail(j, "start", -1);
	return g;
}

/* Saves, loads and compares; returns the checksum of the bytes. */
static uint64_t
save_load(struct job *j, skirmish_game **g)
{
	skirmish_game *l = NULL;
	unsigned char *buf;
	size_t need = 0;
	uint64_t sum;

	skirmish_game_save(*g, NULL, 0, &need);
	buf = malloc(need);
	if (!buf || skirmish_game_save(*g, buf, need, &need) < 0) {
		job_fail(j, "save", -1);
		free(buf);
		return 0;
	}
	sum = fnv(FNV0, buf, need);
	if (skirmish_game_load(&l, buf, need, NULL, NULL, 0) < 0 ||
	    hash_or_zero(l) != hash_or_zero(*g)) {
		job_fail(j, "load", -1);
		skirmish_game_free(l);
	} else {
		/* go on with the loaded game */
		skirmish_game_free(*g);
		*g = l;
	}
	free(buf);
	return sum;
}

static void *
run_job(void *arg)
{
	struct job *j = arg;
	skirmish_game *g = job_game(j), *c = NULL;
	uint64_t rng = 77 + (uint64_t)j->index;
	skirmish_action list[32];
	int n, count, rc, k;

	j->trail = FNV0;
	if (!g) {
		job_fail(j, "game_new", -1);
		return NULL;
	}
	for (n = 0; n < ACTIONS && skirmish_game_state(g) == SKIRMISH_STATE_PLAYING; n++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		uint64_t h;

		rc = skirmish_game_policy_action(g, n % 3 == 0 ? SKIRMISH_POLICY_GREEDY :
						 n % 6 == 1 ? SKIRMISH_POLICY_ROLLOUT :
						 SKIRMISH_POLICY_RANDOM, &rng, &a);
		if (rc < 0) {
			job_fail(j, "policy_action", rc);
			break;
		}
		/* the odds of every shot, charge and fight taken */
		if (a.kind == SKIRMISH_ACTION_SHOOT || a.kind == SKIRMISH_ACTION_CHARGE ||
		    a.kind == SKIRMISH_ACTION_FIGHT) {
			skirmish_odds o;
			skirmish_odds_init(&o, SKIRMISH_ODDS_VERSION);
			if (skirmish_game_odds(g, &a, &o) == 0)
				for (k = 0; k < o.noutcomes; k++)
					j->odds_sum = fnv(j->odds_sum, &o.outcomes[k].numerator,
							  sizeof(o.outcomes[k].numerator));
		}
		rc = skirmish_game_act(g, &a, NULL);
		if (rc < 0) {
			job_fail(j, skirmish_game_errmsg(g), rc);
			break;
		}
		j->actions++;
		h = hash_or_zero(g);
		j->trail = fnv(j->trail, &h, sizeof(h));
		switch (n % 10) {
		case 3: /* a clone goes on in place of the game */
			if (skirmish_game_clone(g, &c) < 0 || hash_or_zero(c) != h) {
				job_fail(j, "clone", -1);
				skirmish_game_free(c);
			} else {
				skirmish_game_free(g);
				g = c;
			}
			c = NULL;
			break;
		case 6:
			save_load(j, &g);
			break;
		case 8:
			if (skirmish_game_legal_actions(g, -1, list, 32, &count) < 0)
				job_fail(j, "legal_actions", -1);
			j->trail = fnv(j->trail, &count, sizeof(count));
			break;
		}
	}
	/* a few playouts from the end position (its own clones inside) */
	if (skirmish_game_state(g) == SKIRMISH_STATE_PLAYING) {
		skirmish_playout_options po = SKIRMISH_PLAYOUT_OPTIONS_INIT;
		skirmish_playout_stats st;
		po.games = 3;
		po.seed = (uint64_t)j->index;
		po.max_actions = 60;
		skirmish_playout_stats_init(&st, SKIRMISH_PLAYOUT_STATS_VERSION);
		if (skirmish_game_playouts(g, &po, &st) < 0)
			job_fail(j, "playouts", -1);
		j->trail = fnv(j->trail, &st.actions, sizeof(st.actions));
	}
	j->final_hash = hash_or_zero(g);
	j->save_sum = save_load(j, &g);
	skirmish_game_free(g);
	return NULL;
}

static void
assert_same(const struct job *a, const struct job *b)
{
	ck_assert_msg(a->errors == 0, "%s", a->what);
	ck_assert_msg(b->errors == 0, "%s", b->what);
	ck_assert_int_eq(a->actions, b->actions);
	ck_assert_msg(a->trail == b->trail, "game %d: the hashes differ on a thread",
		      a->index);
	ck_assert(a->final_hash == b->final_hash);
	ck_assert(a->save_sum == b->save_sum);
	ck_assert(a->odds_sum == b->odds_sum);
}

START_TEST(g8_eight_games_on_eight_threads_as_on_one)
{
	struct job one[NTHREADS], many[NTHREADS];
	pthread_t th[NTHREADS];
	int i, rounds;

	memset(one, 0, sizeof(one));
	for (i = 0; i < NTHREADS; i++) {
		one[i].index = i;
		run_job(&one[i]);
		ck_assert_msg(one[i].errors == 0, "%s", one[i].what);
		ck_assert_msg(one[i].actions > 10, "game %d: %d actions", i, one[i].actions);
	}
	/* the games differ from one another: the test can see a mix-up */
	for (i = 1; i < NTHREADS; i++)
		ck_assert(one[i].trail != one[0].trail);

	for (rounds = 0; rounds < 2; rounds++) {
		memset(many, 0, sizeof(many));
		for (i = 0; i < NTHREADS; i++) {
			many[i].index = i;
			ck_assert_int_eq(pthread_create(&th[i], NULL, run_job, &many[i]), 0);
		}
		for (i = 0; i < NTHREADS; i++)
			ck_assert_int_eq(pthread_join(th[i], NULL), 0);
		for (i = 0; i < NTHREADS; i++)
			assert_same(&many[i], &one[i]);
	}
}
END_TEST

/* Thousands of calls: more than Check's default 4 s on a slow build
 * (coverage, sanitizers, valgrind). At least 300 s, or CK_DEFAULT_TIMEOUT
 * when it says more; CK_TIMEOUT_MULTIPLIER still applies. */
static double
slow_timeout(void)
{
	const char *env = getenv("CK_DEFAULT_TIMEOUT");
	double t = env ? atof(env) : 0.0;

	return t > 300.0 ? t : 300.0;
}

#define ADD_SLOW_TEST(suite, fn)                                  \
	do {                                                      \
		TCase *tc_ = tcase_create(#fn);                   \
		tcase_add_test(tc_, fn);                          \
		tcase_set_timeout(tc_, slow_timeout());           \
		suite_add_tcase(suite, tc_);                      \
	} while (0)

Suite *
make_suite(void)
{
	Suite *s = suite_create("threads");

	ADD_SLOW_TEST(s, g8_eight_games_on_eight_threads_as_on_one);
	return s;
}

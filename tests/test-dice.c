/* SPDX-License-Identifier: MIT */
/* Dice (G6, G8): the built-in generator, rollers, scripts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-stub.h"

/* The reference outputs of xoshiro256** (Blackman and Vigna's xoshiro256starstar.c)
 * from the state {1, 2, 3, 4}. */
START_TEST(g8_xoshiro256starstar_known_answers)
{
	uint64_t s[4] = { 1, 2, 3, 4 };

	ck_assert_uint_eq(sk_rng_next(s), UINT64_C(11520));
	ck_assert_uint_eq(sk_rng_next(s), UINT64_C(0));
	ck_assert_uint_eq(sk_rng_next(s), UINT64_C(1509978240));
	ck_assert_uint_eq(sk_rng_next(s), UINT64_C(1215971899390074240));
	ck_assert_uint_eq(sk_rng_next(s), UINT64_C(0x10e0b61ce1009d80));
	ck_assert_uint_eq(sk_rng_next(s), UINT64_C(0x0870021ce143ad00));
}
END_TEST

/* The seed is spread over the state by splitmix64 (Vigna's splitmix64.c):
 * from 0 its first output is 0xe220a8397b1dcdaf. */
START_TEST(g8_seeding_by_splitmix64)
{
	uint64_t s[4];

	sk_rng_seed(s, 0);
	ck_assert_uint_eq(s[0], UINT64_C(0xe220a8397b1dcdaf));
	ck_assert_uint_eq(s[1], UINT64_C(0x6e789e6aa1b965f4));
	ck_assert_uint_eq(s[2], UINT64_C(0x06c45d188009454f));
	ck_assert_uint_eq(s[3], UINT64_C(0xf88bb8a8724c81ec));
	ck_assert_uint_eq(sk_rng_next(s), UINT64_C(0x99ec5f36cb75f2b4));
}
END_TEST

/*
 * Lemire's method rejects a draw whose low product word falls below
 * 2^32 mod range. From the state {0, 0, X, 0} the first output is 0, so the
 * product is 0: a plain multiply-shift would answer 0; the unbiased draw
 * rejects it and answers from the second output, 0x9999999999981995:
 * (0x99999999 * 6) >> 32 = 3.
 */
START_TEST(g6_lemire_rejects_the_biased_draw)
{
	uint64_t s[4] = { 0, 0, UINT64_C(0x123456789abcdef0), 0 };

	ck_assert_uint_eq(sk_rng_bounded(s, 6), 3);
	/* exactly two outputs were used */
	ck_assert_uint_eq(s[0], UINT64_C(1311768467463790320));
	ck_assert_uint_eq(s[1], 0);
	ck_assert_uint_eq(s[3], UINT64_C(11231417022708388695));
}
END_TEST

/*
 * Distribution of the bounded draw: with a fixed seed the statistic is a
 * fixed number, so the test cannot flake; the bound k + 6 sqrt(2k) (k
 * degrees of freedom, about six standard deviations) fails for any real
 * bias or a broken range, and every value 0..range-1 must come up.
 */
START_TEST(g6_bounded_draw_unbiased_chi_square)
{
	static const uint32_t ranges[] = { 2, 3, 4, 5, 6, 7, 8, 10, 12, 20, 100 };
	uint64_t s[4];
	size_t i;

	sk_rng_seed(s, 20240601);
	for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		uint32_t range = ranges[i], v;
		long count[100] = { 0 }, n = 2000L * range, j;
		double expect = 2000.0, chi = 0.0, k = range - 1;

		for (j = 0; j < n; j++) {
			v = sk_rng_bounded(s, range);
			ck_assert_uint_lt(v, range);
			count[v]++;
		}
		for (v = 0; v < range; v++) {
			ck_assert_msg(count[v] > 0, "d%u never shows %u", range, v + 1);
			chi += (count[v] - expect) * (count[v] - expect) / expect;
		}
		ck_assert_msg(chi < k + 6.0 * sqrt(2.0 * k), "d%u: chi-square %.2f", range, chi);
	}
}
END_TEST

START_TEST(g6_bounded_draw_large_range)
{
	uint64_t s[4];
	uint32_t range = UINT32_C(0x80000001), v, hi = 0;
	int j;

	sk_rng_seed(s, 7);
	for (j = 0; j < 10000; j++) {
		v = sk_rng_bounded(s, range);
		ck_assert_uint_lt(v, range);
		if (v > hi)
			hi = v;
	}
	ck_assert_uint_gt(hi, UINT32_C(0x7f000000));
	ck_assert_uint_eq(sk_rng_bounded(s, 1), 0);
}
END_TEST

/* Eight players roll off; the dice of a start are a fingerprint of the seed. */
static void
start_dice(uint64_t seed, int set_seed_later, int out[64], int *n)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;
	int i;

	o.players = 8;
	o.seed = set_seed_later ? seed + 1 : seed;
	g = stub_game_opts(&o);
	for (i = 0; i < 8; i++)
		tc_figure(g, i, NULL, 2.0 + 3 * i, 10.0, NULL);
	if (set_seed_later)
		ck_assert_ok(skirmish_game_set_seed(g, seed));
	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_int_ge(r.ndice, 8);
	*n = r.ndice < 64 ? r.ndice : 64;
	for (i = 0; i < *n; i++) {
		ck_assert_int_eq(r.dice[i].sides, 6);
		out[i] = r.dice[i].value;
	}
	skirmish_game_free(g);
}

START_TEST(g8_same_seed_same_dice)
{
	int a[64], b[64], c[64], d[64], na, nb, nc, nd;

	start_dice(42, 0, a, &na);
	start_dice(42, 0, b, &nb);
	start_dice(42, 1, c, &nc);  /* reseeded with skirmish_game_set_seed() */
	start_dice(43, 0, d, &nd);
	ck_assert_int_eq(na, nb);
	ck_assert_int_eq(memcmp(a, b, (size_t)na * sizeof(int)), 0);
	ck_assert_int_eq(na, nc);
	ck_assert_int_eq(memcmp(a, c, (size_t)na * sizeof(int)), 0);
	ck_assert(na != nd || memcmp(a, d, (size_t)na * sizeof(int)) != 0);
}
END_TEST

/* The first dice of seed 42, from an independent implementation of
 * splitmix64 + xoshiro256** + Lemire: the generator is the same everywhere. */
START_TEST(g8_seed_42_known_dice)
{
	static const int want[12] = { 1, 3, 5, 6, 6, 5, 5, 6, 5, 4, 5, 2 };
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int i, k = 0;

	/* six shots of the stub ruleset roll two dice each */
	for (i = 0; i < 6; i++) {
		stub_archer(g, 0, NULL, 2.0 + 2 * i, 10.0);
		tc_figure(g, 1, NULL, 2.0 + 2 * i, 40.0, NULL);
	}
	tc_start(g);
	for (i = 0; i < 6; i++) {
		ck_assert_ok(skirmish_shoot(g, 2 * i, 2 * i + 1, &r));
		ck_assert_int_eq(r.ndice, 2);
		ck_assert_int_eq(r.dice[0].value, want[k++]);
		ck_assert_int_eq(r.dice[1].value, want[k++]);
	}
	skirmish_game_free(g);
}
END_TEST

/* A generator state of all zeros, which xoshiro256** never reaches from a
 * seed (and the loader refuses), outputs 0 for ever: a die still ends,
 * after SK_RNG_DRAWS outputs, on its lowest face, by the common path of
 * sk_roll and by the other. */
START_TEST(g8_a_state_of_zeros_cannot_hang_a_die)
{
	uint64_t s[4] = { 0, 0, 0, 0 };
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int v = 0;

	ck_assert_uint_eq(sk_rng_bounded(s, 6), 0);
	ck_assert_uint_eq(sk_rng_bounded(s, 1000), 0);
	stub_archer(g, 0, NULL, 2.0, 10.0);
	tc_figure(g, 1, NULL, 2.0, 40.0, NULL);
	tc_start(g);
	memset(g->st.rng, 0, sizeof(g->st.rng));
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[0].value, 1);
	ck_assert_int_eq(r.dice[1].value, 1);
	/* the slow path: a result without room for its die */
	g->in_action = 1;
	ck_assert_ok(sk_roll_slow(g, 6, -1, SKIRMISH_ROLL_ORDER, 0, 0, &v));
	g->in_action = 0;
	ck_assert_int_eq(v, 1);
	skirmish_game_free(g);
}
END_TEST

struct roller {
	int values[16];
	int n, pos;
	int sides_asked[16];
};

static int
scripted_roller(void *ud, int sides)
{
	struct roller *r = ud;

	r->sides_asked[r->pos] = sides;
	return r->values[r->pos++ % 16];
}

START_TEST(g6_roller_callback_with_user_data)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	struct roller ro = { { 2, 5 }, 2, 0, { 0 } };
	skirmish_game *g;

	o.roll = scripted_roller;
	o.roll_data = &ro;
	g = stub_game_opts(&o);
	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 20, 10, NULL);
	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_int_eq(ro.pos, 2);
	ck_assert_int_eq(ro.sides_asked[0], 6);
	ck_assert_int_eq(ro.sides_asked[1], 6);
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[0].player, 0);
	ck_assert_int_eq(r.dice[0].value, 2);
	ck_assert_int_eq(r.dice[0].figure, -1);
	ck_assert_int_eq(r.dice[0].purpose, SKIRMISH_ROLL_ORDER);
	ck_assert_int_eq(r.dice[1].player, 1);
	ck_assert_int_eq(r.dice[1].value, 5);
	/* S2/A2: highest first */
	ck_assert_int_eq(skirmish_game_active_player(g), 1);
	skirmish_game_free(g);
}
END_TEST

START_TEST(g6_set_roller_and_back_to_generator)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	struct roller ro = { { 6, 6, 1, 1 }, 4, 0, { 0 } };

	stub_archer(g, 0, "a", 10, 10);
	stub_archer(g, 0, "b", 12, 10);
	tc_figure(g, 1, "c", 10, 20, NULL);
	tc_figure(g, 1, "d", 12, 20, NULL);
	tc_start(g);
	ck_assert_ok(skirmish_game_set_roller(g, scripted_roller, &ro));
	ck_assert_ok(skirmish_shoot(g, 0, 2, &r));
	ck_assert_int_eq(ro.pos, 2);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_MISS); /* 6 + 6 - 5 = 7 */
	ck_assert_ok(skirmish_game_set_roller(g, NULL, NULL));
	ck_assert_ok(skirmish_shoot(g, 1, 3, &r));
	ck_assert_int_eq(ro.pos, 2); /* the built-in generator served */
	ck_assert_int_eq(r.ndice, 2);
	skirmish_game_free(g);
}
END_TEST

static int
roll_zero(void *ud, int sides)
{
	(*(int *)ud)++;
	return 0;
}

static int
roll_too_high(void *ud, int sides)
{
	(*(int *)ud)++;
	return sides + 1;
}

/* G6: at the start (roll-off), the game stays in setup. */
START_TEST(g6_roller_zero_fails_start_and_changes_nothing)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT, last = SKIRMISH_RESULT_INIT;
	skirmish_game *g;
	int calls = 0;

	o.roll = roll_zero;
	o.roll_data = &calls;
	g = stub_game_opts(&o);
	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 20, 10, NULL);
	ck_assert_rejected(g, skirmish_game_start(g, &r), SKIRMISH_E_DICE);
	ck_assert_int_eq(calls, 1);
	ck_assert(strstr(skirmish_game_errmsg(g), "G6") != NULL);
	ck_assert(strstr(skirmish_game_errmsg(g), "answered 0 for a d6") != NULL);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_SETUP);
	ck_assert_int_eq(skirmish_game_last_result(g, &last), SKIRMISH_E_STATE);
	skirmish_game_free(g);
}
END_TEST

/* G6: the shooter's die is good, the target's is sides + 1: the shot is undone. */
START_TEST(g6_roller_sides_plus_one_fails_action_and_changes_nothing)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT, last = SKIRMISH_RESULT_INIT;
	struct roller ro = { { 1, 7 }, 2, 0, { 0 } };
	int calls = 0;
	uint64_t rng[4];

	stub_archer(g, 0, "a", 10, 10);
	tc_figure(g, 1, "b", 10, 20, NULL);
	tc_start(g);
	ck_assert_ok(skirmish_game_last_result(g, &last));
	ck_assert_int_eq(last.action, SKIRMISH_ACTION_START);
	ck_assert_ok(skirmish_game_set_roller(g, scripted_roller, &ro));
	ck_assert_rejected(g, skirmish_shoot(g, 0, 1, &r), SKIRMISH_E_DICE);
	ck_assert_int_eq(ro.pos, 2);
	ck_assert(strstr(skirmish_game_errmsg(g), "answered 7 for a d6 (must be 1..6)") != NULL);
	/* the last result is still the start's */
	ck_assert_ok(skirmish_game_last_result(g, &last));
	ck_assert_int_eq(last.action, SKIRMISH_ACTION_START);
	/* a roller that always answers too high */
	ck_assert_ok(skirmish_game_set_roller(g, roll_too_high, &calls));
	memcpy(rng, g->st.rng, sizeof(rng));
	ck_assert_rejected(g, skirmish_shoot(g, 0, 1, &r), SKIRMISH_E_DICE);
	ck_assert_int_eq(calls, 1);
	ck_assert_int_eq(memcmp(rng, g->st.rng, sizeof(rng)), 0);
	/* the figure may still act: nothing happened */
	ck_assert_int_eq(tc_info(g, 0).can_act, 1);
	skirmish_game_free(g);
}
END_TEST

static void *
failing_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	if (*(int *)ud)
		return NULL;
	return realloc(ptr, new_size);
}

/* An action that fails after the generator has drawn (here: for memory)
 * puts the generator's state back too, so that the same action rolls the
 * same dice when it is tried again (G6, G8). */
START_TEST(g6_failed_action_restores_generator_state)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_game *g;
	uint64_t rng[4];
	int fail = 0;

	o.alloc = failing_alloc;
	o.alloc_data = &fail;
	o.player_order = order;
	o.seed = 42;
	g = stub_game_opts(&o);
	stub_archer(g, 0, "a", 10, 10);
	tc_figure(g, 1, "b", 10, 20, NULL);
	tc_start(g);
	memcpy(rng, g->st.rng, sizeof(rng));
	fail = 1;
	ck_assert_rejected(g, skirmish_shoot(g, 0, 1, &r), SKIRMISH_E_NOMEM);
	ck_assert_int_eq(memcmp(rng, g->st.rng, sizeof(rng)), 0);
	fail = 0;
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	/* seed 42's first dice, as above: 1 + 3 - 5 <= 2 kills */
	ck_assert_int_eq(r.dice[0].value, 1);
	ck_assert_int_eq(r.dice[1].value, 3);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL);
	skirmish_game_free(g);
}
END_TEST

START_TEST(g6_scripted_dice_exclusive_running_out_is_an_error)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	stub_archer(g, 0, "a", 10, 10);
	tc_figure(g, 1, "b", 10, 20, NULL);
	tc_start(g);
	tc_dice(g, 1, 6);
	ck_assert_int_eq(skirmish_game_script_remaining(g), 1);
	ck_assert_rejected(g, skirmish_shoot(g, 0, 1, &r), SKIRMISH_E_DICE);
	ck_assert(strstr(skirmish_game_errmsg(g), "scripted dice ran out") != NULL);
	/* the value the failed shot took is back in the script */
	ck_assert_int_eq(skirmish_game_script_remaining(g), 1);
	tc_dice(g, 2, 6, 6);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	ck_assert_int_eq(skirmish_game_script_remaining(g), 0);
	ck_assert_int_eq(r.dice[0].value, 6);
	ck_assert_int_eq(r.dice[1].value, 6);
	skirmish_game_free(g);
}
END_TEST

START_TEST(g6_scripted_dice_not_exclusive_falls_back_to_roller)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	struct roller ro = { { 3 }, 1, 0, { 0 } };
	int v = 5;

	stub_archer(g, 0, "a", 10, 10);
	tc_figure(g, 1, "b", 10, 20, NULL);
	tc_start(g);
	ck_assert_ok(skirmish_game_set_roller(g, scripted_roller, &ro));
	ck_assert_ok(skirmish_game_script_dice(g, &v, 1, 0));
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	ck_assert_int_eq(r.dice[0].value, 5); /* the script first */
	ck_assert_int_eq(r.dice[1].value, 3); /* then the roller */
	ck_assert_int_eq(ro.pos, 1);
	skirmish_game_free(g);
}
END_TEST

START_TEST(g6_scripted_dice_invalid_rejected)
{
	skirmish_game *g = stub_game(2);
	int zero = 0, big = 1001, ok[3] = { 1, 2, 3 };

	ck_assert_rejected(g, skirmish_game_script_dice(g, &zero, 1, 1), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_script_dice(g, &big, 1, 1), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_script_dice(g, NULL, 1, 1), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_script_dice(g, ok, -1, 1), SKIRMISH_E_INVALID);
	ck_assert_ok(skirmish_game_script_dice(g, ok, 3, 1));
	ck_assert_int_eq(skirmish_game_script_remaining(g), 3);
	ck_assert_rejected(g, skirmish_game_script_dice(g, &zero, 1, 1), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_script_remaining(g), 3);
	ck_assert_ok(skirmish_game_script_dice(g, NULL, 0, 1)); /* clears */
	ck_assert_int_eq(skirmish_game_script_remaining(g), 0);
	skirmish_game_free(g);
}
END_TEST

/* A scripted value is checked against the die it is used for (G6). */
START_TEST(g6_scripted_value_above_sides_fails)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	stub_archer(g, 0, "a", 10, 10);
	tc_figure(g, 1, "b", 10, 20, NULL);
	tc_start(g);
	tc_dice(g, 2, 3, 8);
	ck_assert_rejected(g, skirmish_shoot(g, 0, 1, &r), SKIRMISH_E_DICE);
	ck_assert_int_eq(skirmish_game_script_remaining(g), 2);
	skirmish_game_free(g);
}
END_TEST

/* G6: every die is reported, in order, with who rolled it and why. */
START_TEST(g6_dice_reported_in_order)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	stub_archer(g, 0, "a", 10, 10);
	tc_figure(g, 1, "b", 10, 20, NULL);
	tc_start(g);
	tc_dice(g, 2, 4, 2);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.dice[0].figure, 0);
	ck_assert_int_eq(r.dice[0].player, 0);
	ck_assert_int_eq(r.dice[0].sides, 6);
	ck_assert_int_eq(r.dice[0].value, 4);
	ck_assert_int_eq(r.dice[0].purpose, SKIRMISH_ROLL_SHOOT);
	ck_assert_int_eq(r.dice[0].side, 0);
	ck_assert_int_eq(r.dice[1].figure, 1);
	ck_assert_int_eq(r.dice[1].player, 1);
	ck_assert_int_eq(r.dice[1].value, 2);
	ck_assert_int_eq(r.dice[1].purpose, SKIRMISH_ROLL_SAVE);
	ck_assert_int_eq(r.dice[1].side, 1);
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("dice");

	ADD_TEST(s, g8_xoshiro256starstar_known_answers);
	ADD_TEST(s, g8_seeding_by_splitmix64);
	ADD_TEST(s, g6_lemire_rejects_the_biased_draw);
	ADD_TEST(s, g6_bounded_draw_unbiased_chi_square);
	ADD_TEST(s, g6_bounded_draw_large_range);
	ADD_TEST(s, g8_same_seed_same_dice);
	ADD_TEST(s, g8_seed_42_known_dice);
	ADD_TEST(s, g8_a_state_of_zeros_cannot_hang_a_die);
	ADD_TEST(s, g6_roller_callback_with_user_data);
	ADD_TEST(s, g6_set_roller_and_back_to_generator);
	ADD_TEST(s, g6_roller_zero_fails_start_and_changes_nothing);
	ADD_TEST(s, g6_roller_sides_plus_one_fails_action_and_changes_nothing);
	ADD_TEST(s, g6_failed_action_restores_generator_state);
	ADD_TEST(s, g6_scripted_dice_exclusive_running_out_is_an_error);
	ADD_TEST(s, g6_scripted_dice_not_exclusive_falls_back_to_roller);
	ADD_TEST(s, g6_scripted_dice_invalid_rejected);
	ADD_TEST(s, g6_scripted_value_above_sides_fails);
	ADD_TEST(s, g6_dice_reported_in_order);
	return s;
}

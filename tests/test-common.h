/* SPDX-License-Identifier: MIT */
/* Shared helpers of the Check suites. */
#ifndef SKIRMISH_TEST_COMMON_H
#define SKIRMISH_TEST_COMMON_H

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <skirmish/skirmish.h>

/* Each suite file defines this; test-main.c runs it. */
Suite *make_suite(void);

/* One TCase per test, named after it, so CK_RUN_CASE=name runs one. */
#define ADD_TEST(suite, fn)                                   \
	do {                                                  \
		TCase *tc_ = tcase_create(#fn);               \
		tcase_add_test(tc_, fn);                      \
		suite_add_tcase(suite, tc_);                  \
	} while (0)

/* A game of the given ruleset with fixed player order 0, 1, ...; aborts the
 * test on failure. */
skirmish_game *tc_game(int ruleset, int players);
skirmish_game *tc_game_opts(const skirmish_game_options *opts);

/* Adds a figure: player, name, position; the rest from spec (may be NULL). */
int tc_figure(skirmish_game *g, int player, const char *name, double x, double y,
	      const skirmish_figure_spec *spec);

/* Adds a rectangle of terrain: centre (x, y), width across the angle,
 * depth along it (degrees; at 0 the depth runs along x). */
int tc_piece(skirmish_game *g, unsigned int flags, double x, double y, double width,
	     double depth, double angle);
/* Adds an axis-aligned rectangle of terrain from (x0, y0) to (x1, y1). */
int tc_rect(skirmish_game *g, unsigned int flags, double x0, double y0, double x1,
	    double y1);

/* Starts the game (given order, so no die is rolled). */
void tc_start(skirmish_game *g);

/* Scripts the next dice, exclusively: running out fails the action. */
void tc_dice(skirmish_game *g, int n, ...);

/* Everything observable about a game as one string, to check that a
 * rejected call changed nothing. Caller frees. */
char *tc_snapshot(const skirmish_game *g);

/* A long test's loop count: n, or n / SKIRMISH_TEST_LOOPS (at least 1)
 * when that is set to a divisor from 2 to 100. .ci/run sets it under the
 * sanitizers, where the random loops of the printf comparisons, the
 * geometry's definitions and the dice frequencies are the longest tests;
 * the full counts run natively (doc/TESTING.md). */
long tc_loops(long n);

/* Reads one figure. */
skirmish_figure_info tc_info(const skirmish_game *g, int id);

/* Finds the modifier of a source in a result; NULL if none. */
const skirmish_modifier *tc_mod(const skirmish_result *r, int source, int side);
/* Finds a modifier of a source in an array of them; NULL if none. */
const skirmish_modifier *tc_mod_in(const skirmish_modifier *m, int n, int source);
/* Finds the first effect of a kind on a figure (-1: any figure); NULL if none. */
const skirmish_effect *tc_effect(const skirmish_result *r, int kind, int figure);

#define ck_assert_ok(expr)                                                    \
	do {                                                                  \
		int rc_ = (expr);                                             \
		ck_assert_msg(rc_ == 0, "%s failed: %d", #expr, rc_);         \
	} while (0)

/* The whole observable state of a game as one number: its state hash
 * (skirmish_game_hash: options, terrain, figures, melees, turn, order,
 * generator, script) with the history's length and limit, which the hash
 * leaves out. A rejected call leaves it as it was. */
uint64_t tc_state_hash(const skirmish_game *g);
/* The state hash alone (skirmish_game_hash), asserted to succeed. */
uint64_t tc_hash(const skirmish_game *g);

/* A rejected call: its code and a message on the game, and nothing
 * changed: the full state hash is the same before and after (G7).
 * tests/check-refusals.py reads these assertions: every public call that
 * can refuse has one (doc/TESTING.md). */
#define ck_assert_rejected(g, expr, code)                                     \
	do {                                                                  \
		uint64_t before_ = tc_state_hash(g);                          \
		int rc_ = (expr);                                             \
		ck_assert_msg(rc_ == (code), "%s returned %d (%s), expected %d", #expr, \
			      rc_, skirmish_game_errmsg(g), (code));          \
		ck_assert_int_eq(skirmish_game_errcode(g), (code));           \
		ck_assert(strlen(skirmish_game_errmsg(g)) > 0);               \
		ck_assert_msg(tc_state_hash(g) == before_,                    \
			      "%s changed the game's state hash", #expr);     \
	} while (0)

/* A query on a const game that fails: the same (its error is set too). */
#define ck_assert_query_fails(g, expr, code) ck_assert_rejected(g, expr, code)

#endif

/* SPDX-License-Identifier: MIT */
/* Lifecycle and options: creating, configuring and freeing games. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-stub.h"

/* Creates a game from o and expects code with a message containing want. */
static void
expect_new_fails(const skirmish_game_options *o, int code, const char *want)
{
	skirmish_game *g = (skirmish_game *)&g;
	char msg[256];
	int rc;

	memset(msg, 'x', sizeof(msg));
	rc = skirmish_game_new(&g, o, msg, sizeof(msg));
	ck_assert_msg(rc == code, "expected %d, got %d (%s)", code, rc, msg);
	ck_assert_ptr_null(g);
	ck_assert_msg(strstr(msg, want) != NULL, "message \"%s\" lacks \"%s\"", msg, want);
}

static skirmish_game_options
senso_opts(void)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	return o;
}

START_TEST(options_init_fills_defaults)
{
	skirmish_game_options o, init = SKIRMISH_GAME_OPTIONS_INIT;

	memset(&o, 0x5a, sizeof(o));
	ck_assert_ok(skirmish_game_options_init(&o, SKIRMISH_GAME_OPTIONS_VERSION));
	ck_assert_uint_eq(o.version, SKIRMISH_GAME_OPTIONS_VERSION);
	ck_assert_int_eq(o.players, 2);
	ck_assert(o.table_width == 72.0 && o.table_depth == 48.0);
	ck_assert_ptr_null(o.roll);
	ck_assert_ptr_null(o.alloc);
	ck_assert_int_eq(memcmp(&o, &init, sizeof(o)), 0);
	ck_assert_int_eq(skirmish_game_options_init(&o, SKIRMISH_GAME_OPTIONS_VERSION + 1),
			 SKIRMISH_E_VERSION);
	ck_assert_int_eq(skirmish_game_options_init(NULL, SKIRMISH_GAME_OPTIONS_VERSION),
			 SKIRMISH_E_INVALID);
}
END_TEST

/* Every struct whose init function says "the same as the INIT macro" has
 * that macro (the odds and the playout statistics had none before 0.3).
 * Static, so that the padding of both is zero. */
START_TEST(odds_and_stats_init_are_the_macros)
{
	static const skirmish_odds odds_init = SKIRMISH_ODDS_INIT;
	static const skirmish_playout_stats stats_init = SKIRMISH_PLAYOUT_STATS_INIT;
	static skirmish_odds odds;
	static skirmish_playout_stats stats;

	memset(&odds, 0x5a, sizeof(odds));
	memset(&stats, 0x5a, sizeof(stats));
	ck_assert_ok(skirmish_odds_init(&odds, SKIRMISH_ODDS_VERSION));
	ck_assert_ok(skirmish_playout_stats_init(&stats, SKIRMISH_PLAYOUT_STATS_VERSION));
	ck_assert_uint_eq(odds_init.version, SKIRMISH_ODDS_VERSION);
	ck_assert_uint_eq(stats_init.version, SKIRMISH_PLAYOUT_STATS_VERSION);
	ck_assert_int_eq(memcmp(&odds, &odds_init, sizeof(odds)), 0);
	ck_assert_int_eq(memcmp(&stats, &stats_init, sizeof(stats)), 0);
}
END_TEST

START_TEST(options_invalid_each_rejected_with_its_message)
{
	static const int dup[2] = { 0, 0 }, big[2] = { 0, 2 }, neg[2] = { -1, 0 };
	skirmish_game_options o;

	o = senso_opts(); o.players = 1;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "players must be 2 to 8");
	o = senso_opts(); o.players = 9;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "players must be 2 to 8");
	o = senso_opts(); o.table_width = 1.999;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "table size");
	o = senso_opts(); o.table_depth = 100000.001;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "table size");
	o = senso_opts(); o.table_width = NAN;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "table size");
	o = senso_opts(); o.table_depth = -48.0;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "table size");
	o = senso_opts(); o.turn_limit = -1;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "turn_limit");
	o = senso_opts(); o.ring_removal = 2;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "S5: unknown ring_removal");
	o = senso_opts(); o.melee_ties = -1;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "S10: unknown melee_ties");
	o = senso_opts(); o.die_sides = 1;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "A1: die_sides");
	o = senso_opts(); o.die_sides = 101;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "A1: die_sides");
	o = senso_opts(); o.player_order = dup;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "player_order must list each player once");
	o = senso_opts(); o.player_order = big;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "player_order must list each player once");
	o = senso_opts(); o.player_order = neg;
	expect_new_fails(&o, SKIRMISH_E_INVALID, "player_order must list each player once");
	o = senso_opts(); o.version = SKIRMISH_GAME_OPTIONS_VERSION + 1;
	expect_new_fails(&o, SKIRMISH_E_VERSION, "unknown options version");
	expect_new_fails(NULL, SKIRMISH_E_INVALID, "may not be NULL");
}
END_TEST

START_TEST(options_limits_accepted)
{
	skirmish_game_options o = senso_opts();
	skirmish_game *g;

	o.players = 8;
	o.umpire = 1;
	o.table_width = 2.0;
	o.table_depth = 100000.0;
	o.die_sides = 100;
	g = tc_game_opts(&o);
	ck_assert_int_eq(skirmish_game_player_count(g), 9);
	ck_assert_int_eq(skirmish_game_umpire(g), 8);
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_SETUP);
	ck_assert_int_eq(skirmish_game_turn(g), 0);
	ck_assert_int_eq(skirmish_game_active_player(g), -1);
	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_NONE);
	ck_assert_int_eq(skirmish_game_winner(g), -1);
	skirmish_game_free(g);
}
END_TEST

START_TEST(game_new_out_null_reports_invalid)
{
	skirmish_game_options o = senso_opts();
	char msg[64];

	ck_assert_int_eq(skirmish_game_new(NULL, &o, msg, sizeof(msg)), SKIRMISH_E_INVALID);
	ck_assert(strstr(msg, "may not be NULL") != NULL);
	/* no message buffer, or one of size 0 or 1: still safe */
	ck_assert_int_eq(skirmish_game_new(NULL, &o, NULL, 0), SKIRMISH_E_INVALID);
	msg[0] = 'x';
	ck_assert_int_eq(skirmish_game_new(NULL, &o, msg, 0), SKIRMISH_E_INVALID);
	ck_assert_int_eq(msg[0], 'x');
	ck_assert_int_eq(skirmish_game_new(NULL, &o, msg, 1), SKIRMISH_E_INVALID);
	ck_assert_int_eq(msg[0], '\0');
}
END_TEST

START_TEST(ruleset_by_enum)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.ruleset_name = "sampson"; /* ignored: the enum wins */
	g = tc_game_opts(&o);
	ck_assert_int_eq(skirmish_game_ruleset(g), SKIRMISH_RULESET_SENSO);
	skirmish_game_free(g);
	o.ruleset = SKIRMISH_RULESET_SAMPSON;
	g = tc_game_opts(&o);
	ck_assert_int_eq(skirmish_game_ruleset(g), SKIRMISH_RULESET_SAMPSON);
	skirmish_game_free(g);
}
END_TEST

START_TEST(ruleset_by_name)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g;

	o.ruleset_name = "sampson";
	g = tc_game_opts(&o);
	ck_assert_int_eq(skirmish_game_ruleset(g), SKIRMISH_RULESET_SAMPSON);
	skirmish_game_free(g);
	o.ruleset_name = "senso";
	g = tc_game_opts(&o);
	ck_assert_int_eq(skirmish_game_ruleset(g), SKIRMISH_RULESET_SENSO);
	skirmish_game_free(g);
}
END_TEST

START_TEST(ruleset_unknown_name_lists_known)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;

	o.ruleset_name = "chess";
	expect_new_fails(&o, SKIRMISH_E_UNKNOWN_RULESET,
			 "unknown ruleset \"chess\"; known rulesets: \"senso\", \"sampson\"");
	o.ruleset_name = "Senso"; /* names are exact */
	expect_new_fails(&o, SKIRMISH_E_UNKNOWN_RULESET, "known rulesets: \"senso\"");
	o.ruleset_name = NULL;
	expect_new_fails(&o, SKIRMISH_E_UNKNOWN_RULESET, "no ruleset given");
	o.ruleset = 3;
	expect_new_fails(&o, SKIRMISH_E_UNKNOWN_RULESET,
			 "unknown ruleset 3; known rulesets: \"senso\", \"sampson\"");
	o.ruleset = -1;
	expect_new_fails(&o, SKIRMISH_E_UNKNOWN_RULESET, "unknown ruleset -1");
}
END_TEST

START_TEST(rulesets_query)
{
	int i, n = skirmish_ruleset_count();

	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(skirmish_ruleset_id(0), SKIRMISH_RULESET_SENSO);
	ck_assert_int_eq(skirmish_ruleset_id(1), SKIRMISH_RULESET_SAMPSON);
	ck_assert_int_eq(skirmish_ruleset_id(2), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_ruleset_id(-1), SKIRMISH_E_INVALID);
	ck_assert_str_eq(skirmish_ruleset_name(SKIRMISH_RULESET_SENSO), "senso");
	ck_assert_str_eq(skirmish_ruleset_name(SKIRMISH_RULESET_SAMPSON), "sampson");
	ck_assert_ptr_null(skirmish_ruleset_name(SKIRMISH_RULESET_NONE));
	ck_assert_ptr_null(skirmish_ruleset_name(3));
	for (i = 0; i < n; i++)
		ck_assert_int_eq(skirmish_ruleset_from_name(
					 skirmish_ruleset_name(skirmish_ruleset_id(i))),
				 skirmish_ruleset_id(i));
	ck_assert_int_eq(skirmish_ruleset_from_name("chess"), SKIRMISH_E_UNKNOWN_RULESET);
	ck_assert_int_eq(skirmish_ruleset_from_name(""), SKIRMISH_E_UNKNOWN_RULESET);
	ck_assert_int_eq(skirmish_ruleset_from_name(NULL), SKIRMISH_E_INVALID);
}
END_TEST

START_TEST(version_at_run_time_matches_header)
{
	ck_assert_str_eq(skirmish_version(), SKIRMISH_VERSION_STRING);
	ck_assert_str_eq(skirmish_version(), "0.3.0");
	ck_assert_int_eq(skirmish_version_number(), SKIRMISH_VERSION_NUMBER);
	ck_assert_int_eq(SKIRMISH_VERSION_NUMBER,
			 100 * (100 * SKIRMISH_VERSION_MAJOR + SKIRMISH_VERSION_MINOR) +
				 SKIRMISH_VERSION_MICRO);
	ck_assert_int_eq(skirmish_version_number(), 300);
}
END_TEST

START_TEST(strerror_names_every_code)
{
	int c;

	for (c = SKIRMISH_OK; c >= SKIRMISH_E_REFEREE; c--) {
		const char *s = skirmish_strerror(c);
		ck_assert_msg(strncmp(s, "SKIRMISH_", 9) == 0, "code %d: %s", c, s);
	}
	ck_assert(strstr(skirmish_strerror(SKIRMISH_E_NO_SIGHT), "SKIRMISH_E_NO_SIGHT") != NULL);
	ck_assert_str_eq(skirmish_strerror(1), "unknown status");
	ck_assert_str_eq(skirmish_strerror(SKIRMISH_E_REFEREE - 1), "unknown status");
}
END_TEST

START_TEST(game_free_null_is_noop)
{
	skirmish_game_free(NULL);
}
END_TEST

/* ------------------------------------------------------------------ */
/* allocator hook                                                       */
/* ------------------------------------------------------------------ */

struct counting {
	long live_blocks;
	long live_bytes;
	long calls;
	long fail_at;           /* the allocation (not free) number that fails; -1 never */
	long allocs;
	int bad_old_size;
};

/* Each block carries its size in front so that old_size can be checked. */
static void *
counting_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	struct counting *c = ud;
	size_t *h = ptr ? (size_t *)ptr - 2 : NULL;

	c->calls++;
	if (h && h[0] != old_size)
		c->bad_old_size = 1;
	if (!h && old_size != 0)
		c->bad_old_size = 1;
	if (new_size == 0) {
		if (h) {
			c->live_blocks--;
			c->live_bytes -= (long)h[0];
			free(h);
		}
		return NULL;
	}
	if (c->fail_at >= 0 && c->allocs++ == c->fail_at)
		return NULL;
	h = realloc(h, new_size + 2 * sizeof(size_t));
	if (!h)
		return NULL;
	if (!ptr)
		c->live_blocks++;
	c->live_bytes += (long)new_size - (long)old_size;
	h[0] = new_size;
	return h + 2;
}

START_TEST(allocator_hook_everything_freed)
{
	struct counting c = { 0, 0, 0, -1, 0, 0 };
	skirmish_game_options o = senso_opts();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;
	double to[2] = { 4.0, 14.0 };
	int i;

	o.alloc = counting_alloc;
	o.alloc_data = &c;
	o.seed = 1; /* the roll-off puts player 0 first */
	g = stub_game_opts(&o);
	ck_assert_int_gt(c.live_blocks, 0);
	for (i = 0; i < 20; i++)
		tc_figure(g, i % 2, NULL, 2.0 + 3 * i, 10.0 + 20 * (i % 2), NULL);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 30, 30, 40, 40);
	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_ok(skirmish_move(g, 0, to, 1, SKIRMISH_FACING_KEEP, &r));
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_gt(c.live_blocks, 1);
	skirmish_game_free(g);
	ck_assert_int_eq(c.live_blocks, 0);
	ck_assert_int_eq(c.live_bytes, 0);
	ck_assert_int_eq(c.bad_old_size, 0);
}
END_TEST

START_TEST(allocator_failing_gives_nomem)
{
	struct counting c = { 0, 0, 0, 0, 0, 0 };
	skirmish_game_options o = senso_opts();
	skirmish_game *g = (skirmish_game *)&g;
	char msg[64];

	o.alloc = counting_alloc;
	o.alloc_data = &c;
	ck_assert_int_eq(skirmish_game_new(&g, &o, msg, sizeof(msg)), SKIRMISH_E_NOMEM);
	ck_assert_ptr_null(g);
	ck_assert_str_eq(msg, "out of memory");
	ck_assert_int_eq(c.live_blocks, 0);
}
END_TEST

/*
 * A scenario run again and again, failing the k-th allocation each time:
 * every call either succeeds or returns SKIRMISH_E_NOMEM and changes
 * nothing (G7), and nothing leaks.
 */
/* Runs call; when it fails for memory, checks that nothing changed and runs
 * it again (the next allocation succeeds). */
#define NOMEM_ONCE(g, failed, call)                                           \
	do {                                                                  \
		char *before_ = tc_snapshot(g), *after_;                      \
		int rc_ = (call);                                             \
		if (rc_ == SKIRMISH_E_NOMEM) {                                \
			after_ = tc_snapshot(g);                              \
			ck_assert_str_eq(before_, after_);                    \
			free(after_);                                         \
			(failed) = 1;                                         \
			rc_ = (call);                                         \
		}                                                             \
		free(before_);                                                \
		ck_assert_msg(rc_ == 0, "%s: %d %s", #call, rc_,              \
			      skirmish_game_errmsg(g));                       \
	} while (0)

static int
run_scenario(struct counting *c)
{
	static const int order[2] = { 0, 1 }, dice[2] = { 1, 2 };
	skirmish_game_options o = senso_opts();
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_spec sp = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g;
	char msg[64];
	double to[2] = { 6.0, 14.0 };
	int step, failed = 0;

	o.alloc = counting_alloc;
	o.alloc_data = c;
	o.player_order = order;
	if (skirmish_game_new(&g, &o, msg, sizeof(msg)) == SKIRMISH_E_NOMEM)
		return 1;
	g->rs = stub_ruleset();
	sp.missile_weapon = SKIRMISH_MISSILE_BOW;
	t.flags = SKIRMISH_TERRAIN_COVER;
	t.shape = SKIRMISH_SHAPE_CIRCLE;
	t.x = t.y = 40.0;
	t.radius = 5.0;
	for (step = 0; step < 30; step++) {
		sp.player = step < 15 ? 0 : 1;
		sp.x = 2.0 + 2 * (step % 15);
		sp.y = step < 15 ? 10.0 : 20.0;
		NOMEM_ONCE(g, failed, skirmish_game_add_figure(g, &sp, NULL));
	}
	NOMEM_ONCE(g, failed, skirmish_game_add_terrain(g, &t, NULL));
	NOMEM_ONCE(g, failed, skirmish_game_start(g, &r));
	NOMEM_ONCE(g, failed, skirmish_move(g, 0, to, 1, 90.0, &r));
	NOMEM_ONCE(g, failed, skirmish_game_script_dice(g, NULL, 0, 0));
	NOMEM_ONCE(g, failed, skirmish_shoot(g, 1, 20, &r));
	NOMEM_ONCE(g, failed, skirmish_end_turn(g, &r));
	NOMEM_ONCE(g, failed, skirmish_game_script_dice(g, dice, 2, 1));
	NOMEM_ONCE(g, failed, skirmish_shoot(g, 21, 2, &r));
	skirmish_game_free(g);
	return failed;
}

START_TEST(allocator_failure_anywhere_changes_nothing)
{
	long k;
	int done = 0;

	for (k = 0; k < 400 && !done; k++) {
		struct counting c = { 0, 0, 0, k, 0, 0 };
		done = !run_scenario(&c);
		ck_assert_int_eq(c.live_blocks, 0);
		ck_assert_int_eq(c.live_bytes, 0);
		ck_assert_int_eq(c.bad_old_size, 0);
	}
	ck_assert_msg(done, "the scenario never ran without a failed allocation");
	ck_assert_int_gt(k, 5);
}
END_TEST

START_TEST(two_games_share_nothing)
{
	skirmish_game *a = stub_game(2), *b = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int x;

	x = tc_figure(a, 0, "a0", 10, 10, NULL);
	tc_figure(a, 1, "a1", 20, 10, NULL);
	tc_figure(b, 0, "b0", 30, 30, NULL);
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(skirmish_game_figure_count(a), 2);
	ck_assert_int_eq(skirmish_game_figure_count(b), 1);
	ck_assert_int_eq(skirmish_game_add_figure(b, NULL, NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_errcode(a), SKIRMISH_OK);
	ck_assert_str_eq(skirmish_game_errmsg(a), "");
	ck_assert_ok(skirmish_game_start(a, &r));
	ck_assert_int_eq(skirmish_game_state(b), SKIRMISH_STATE_SETUP);
	skirmish_game_free(a);
	skirmish_game_free(b);
}
END_TEST

START_TEST(figure_spec_and_info_round_trip)
{
	skirmish_game *g = stub_game(2);
	skirmish_figure_spec s;
	skirmish_figure_info f;
	int id = -1;

	ck_assert_ok(skirmish_figure_spec_init(&s, SKIRMISH_FIGURE_SPEC_VERSION));
	ck_assert_int_eq(skirmish_figure_spec_init(&s, 0), SKIRMISH_E_VERSION);
	s.player = 1;
	s.name = "Kenji";
	s.x = 10.25;
	s.y = 20.5;
	s.facing = 89.6;
	s.mounted = 1;
	s.dv = 6;
	s.melee_weapon = SKIRMISH_MELEE_YARI;
	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	s.armour = 1;
	s.shield = 1;
	s.martial_arts = 1;
	ck_assert_ok(skirmish_game_add_figure(g, &s, &id));
	ck_assert_int_eq(id, 0);
	f = tc_info(g, 0);
	ck_assert_int_eq(f.id, 0);
	ck_assert_int_eq(f.player, 1);
	ck_assert_str_eq(f.name, "Kenji");
	ck_assert(f.x == 10.25 && f.y == 20.5);
	ck_assert(f.facing == 90.0);              /* whole degrees, rounded */
	ck_assert(f.base_width == 1.0 && f.base_depth == 2.0); /* G2 mounted */
	ck_assert_int_eq(f.mounted, 1);
	ck_assert_int_eq(f.dv, 6);
	ck_assert_int_eq(f.melee_weapon, SKIRMISH_MELEE_YARI);
	ck_assert_int_eq(f.missile_weapon, SKIRMISH_MISSILE_BOW);
	ck_assert_int_eq(f.armour + f.shield + f.martial_arts + f.loaded, 4);
	ck_assert_int_eq(f.is_horse + f.removed + f.rings + f.suppressed + f.in_melee, 0);
	ck_assert_int_eq(f.melee_id, -1);
	ck_assert_int_eq(f.can_act, 0); /* not started */
	/* unnamed: "#<id>" */
	s.name = NULL;
	s.x = 30.0;
	ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
	ck_assert_str_eq(tc_info(g, 1).name, "#1");
	s.name = "";
	s.x = 40.0;
	s.facing = -90.0;
	ck_assert_ok(skirmish_game_add_figure(g, &s, &id));
	ck_assert_str_eq(tc_info(g, 2).name, "#2");
	ck_assert(tc_info(g, 2).facing == 270.0);
	/* names up to 23 bytes */
	s.name = "abcdefghijklmnopqrstuvw";
	s.x = 50.0;
	ck_assert_ok(skirmish_game_add_figure(g, &s, &id));
	s.name = "abcdefghijklmnopqrstuvwx";
	s.x = 60.0;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, &id), SKIRMISH_E_INVALID);
	ck_assert_int_eq(id, 3);
	skirmish_game_free(g);
}
END_TEST

START_TEST(figure_spec_invalid_rejected)
{
	skirmish_game *g = stub_game(2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.x = s.y = 10.0;
	s.player = 2;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_NO_PLAYER);
	s.player = -1;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_NO_PLAYER);
	s.player = 0;
	s.melee_weapon = SKIRMISH_MELEE_COUNT;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
	s.melee_weapon = 0;
	s.missile_weapon = -1;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
	s.missile_weapon = 0;
	s.facing = NAN;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
	s.facing = 0;
	s.base_width = 0.05;
	s.base_depth = 1.0;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
	s.base_width = 1.0;
	s.base_depth = 20.001;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
	s.base_depth = 0.0;
	s.base_width = 0;
	s.x = NAN;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_figure_count(g), 0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(g2_scenario_base_size)
{
	skirmish_game *g = stub_game(2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_figure_info f;

	s.x = s.y = 10.0;
	s.base_width = 0.8;
	s.base_depth = 1.6;
	ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
	f = tc_info(g, 0);
	ck_assert(f.base_width == 0.8 && f.base_depth == 1.6);
	/* 0 is the default of that side alone: 1" wide, 5" deep; 3" wide,
	 * 2" deep for a rider (G2) */
	s.x = 20.0;
	s.base_width = 0.0;
	s.base_depth = 5.0;
	ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
	f = tc_info(g, 1);
	ck_assert(f.base_width == 1.0 && f.base_depth == 5.0);
	s.x = 30.0;
	s.base_width = 3.0;
	s.base_depth = 0.0;
	s.mounted = 1;
	ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
	f = tc_info(g, 2);
	ck_assert(f.base_width == 3.0 && f.base_depth == 2.0);
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("lifecycle");

	ADD_TEST(s, options_init_fills_defaults);
	ADD_TEST(s, odds_and_stats_init_are_the_macros);
	ADD_TEST(s, options_invalid_each_rejected_with_its_message);
	ADD_TEST(s, options_limits_accepted);
	ADD_TEST(s, game_new_out_null_reports_invalid);
	ADD_TEST(s, ruleset_by_enum);
	ADD_TEST(s, ruleset_by_name);
	ADD_TEST(s, ruleset_unknown_name_lists_known);
	ADD_TEST(s, rulesets_query);
	ADD_TEST(s, version_at_run_time_matches_header);
	ADD_TEST(s, strerror_names_every_code);
	ADD_TEST(s, game_free_null_is_noop);
	ADD_TEST(s, allocator_hook_everything_freed);
	ADD_TEST(s, allocator_failing_gives_nomem);
	ADD_TEST(s, allocator_failure_anywhere_changes_nothing);
	ADD_TEST(s, two_games_share_nothing);
	ADD_TEST(s, figure_spec_and_info_round_trip);
	ADD_TEST(s, figure_spec_invalid_rejected);
	ADD_TEST(s, g2_scenario_base_size);
	return s;
}

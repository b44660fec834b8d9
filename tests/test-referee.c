/* SPDX-License-Identifier: MIT */
/*
 * The referee (lib/referee.c): each kind of violation, written straight
 * into a game's state, is named by the rule it breaks; a game played by
 * the rules passes; a check changes nothing. So no check of the referee
 * is one that cannot fail.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "../lib/referee.h"

/* Kenji (0) and Taro (1) of player 0, Jiro (2) and Goro (3) of player 1;
 * a house at (30, 30), a wall at x = 40 from y = 5 to 20. Jiro touches
 * Kenji. Started, player 0 to play. */
static skirmish_game *
table_with(int ruleset, int fillers)
{
	skirmish_game *g = tc_game(ruleset, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	if (ruleset == SKIRMISH_RULESET_SENSO)
		skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI);
	tc_rect(g, SKIRMISH_TERRAIN_IMPASSABLE | SKIRMISH_TERRAIN_BLOCKS_SIGHT, 28, 28, 32, 32);
	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 39.7, 5, 40.3, 20);
	tc_figure(g, 0, "Kenji", 10, 10, &s);
	tc_figure(g, 0, "Taro", 10, 30, &s);
	tc_figure(g, 1, "Jiro", 11.02, 10, &s);
	tc_figure(g, 1, "Goro", 60, 40, &s);
	/* fillers of player 0 in a row along the far edge, 1.1" apart */
	for (; fillers > 0; fillers--)
		tc_figure(g, 0, "Filler", 1 + 1.1 * fillers, 46, &s);
	tc_start(g);
	return g;
}

static skirmish_game *
table(int ruleset)
{
	return table_with(ruleset, 0);
}

/* The referee finds nothing in g, locally or in full, and changes nothing. */
static void
assert_clean(const skirmish_game *g)
{
	char msg[256];
	uint64_t h0 = 0, h1 = 0;
	int full;

	ck_assert_ok(skirmish_game_hash(g, &h0));
	for (full = 0; full < 2; full++)
		ck_assert_msg(sk_referee_check(g, full, msg, sizeof(msg)) == 0,
			      "full %d: %s", full, msg);
	ck_assert_ok(skirmish_game_hash(g, &h1));
	ck_assert(h0 == h1);
}

/* The referee (full or local) says rc and a message starting with rule. */
static void
assert_named(const skirmish_game *g, int full, const char *rule, const char *words)
{
	char msg[256];
	int rc = sk_referee_check(g, full, msg, sizeof(msg));

	ck_assert_msg(rc == SKIRMISH_E_STATE, "expected %s, got %d (%s)", rule, rc, msg);
	ck_assert_msg(strncmp(msg, rule, strlen(rule)) == 0 && msg[strlen(rule)] == ':',
		      "expected %s, got \"%s\"", rule, msg);
	if (words)
		ck_assert_msg(strstr(msg, words) != NULL, "\"%s\" does not say \"%s\"", msg, words);
}

/* A figure put somewhere by hand, the spatial index following it. */
static void
put(skirmish_game *g, int id, double x, double y)
{
	g->figs[id].x = (int32_t)(x * MIL);
	g->figs[id].y = (int32_t)(y * MIL);
	ck_assert_ok(sk_grid_build(g));
}

START_TEST(referee_passes_a_fair_game)
{
	int ruleset;

	for (ruleset = SKIRMISH_RULESET_SENSO; ruleset <= SKIRMISH_RULESET_SAMPSON; ruleset++) {
		skirmish_game *g = table(ruleset);
		assert_clean(g);
		if (ruleset == SKIRMISH_RULESET_SAMPSON) {
			ck_assert_ok(skirmish_end_phase(g, NULL));
			ck_assert_ok(skirmish_end_phase(g, NULL));
			ck_assert_ok(skirmish_fight(g, 0, NULL));
			assert_clean(g);
		}
		ck_assert_ok(skirmish_end_turn(g, NULL));
		assert_clean(g);
		skirmish_game_free(g);
	}
	ck_assert_int_eq(sk_referee_check(NULL, 1, NULL, 0), SKIRMISH_E_INVALID);
}
END_TEST

START_TEST(referee_g3_overlapping_bases)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SENSO);
	char msg[256];

	put(g, 1, 10.3, 10.2);
	assert_named(g, 1, "G3", "Kenji's base (figure 0) overlaps Taro's (figure 1)");
	/* the message fits the buffer it is given */
	ck_assert_int_eq(sk_referee_check(g, 1, msg, 5), SKIRMISH_E_STATE);
	ck_assert_str_eq(msg, "G3: ");
	ck_assert_int_eq(sk_referee_check(g, 1, NULL, 0), SKIRMISH_E_STATE);
	skirmish_game_free(g);
}
END_TEST

/* The local check sees what the last action changed: a move that (had
 * the rules allowed it) ended on another base. */
START_TEST(referee_g3_after_a_move)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SENSO);
	double xy[2] = { 15, 30 };

	ck_assert_ok(skirmish_move(g, 1, xy, 1, -1, NULL));
	assert_clean(g);
	put(g, 1, 60.4, 40.3);
	assert_named(g, 0, "G3", "Taro's base (figure 1) overlaps Goro's (figure 3)");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_g10_off_the_table)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SAMPSON);

	put(g, 3, 72.5, 40);
	assert_named(g, 1, "G10", "Goro (figure 3) stands off the table");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_g4_on_impassable_ground)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SAMPSON);

	put(g, 3, 29, 29);
	assert_named(g, 1, "G4", "Goro (figure 3) stands on impassable");
	skirmish_game_free(g);
}
END_TEST

/* S16 is asked of a figure that the last action moved (until horse
 * markers obey S28, a rider may stand still over a wall). */
START_TEST(referee_s16_over_a_wall)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SENSO);
	double xy[2] = { 15, 30 };

	ck_assert_ok(skirmish_move(g, 1, xy, 1, -1, NULL));
	assert_clean(g);
	put(g, 1, 40, 15);
	assert_named(g, 0, "S16", "Taro (figure 1) stands over the obstacle");
	skirmish_game_free(g);
	/* Sampson Ships has no such rule */
	g = table(SKIRMISH_RULESET_SAMPSON);
	xy[0] = 12;
	ck_assert_ok(skirmish_move(g, 1, xy, 1, -1, NULL));
	put(g, 1, 40, 15);
	assert_clean(g);
	skirmish_game_free(g);
}
END_TEST

/* A contact list that misses an enemy: the spatial index has Taro where
 * he was, so a search near Goro does not find him. */
START_TEST(referee_contact_list_and_index)
{
	/* more figures than sk_near scans: a figure moved without refiling
	 * it is where the index does not look (a smaller game's contacts
	 * come from a scan of the figures as they stand) */
	skirmish_game *g = table_with(SKIRMISH_RULESET_SENSO, SK_NEAR_SCAN_FIGS - 3);

	g->figs[1].x = 61020;
	g->figs[1].y = 40000;
	g->figs[3].player = 1;
	assert_named(g, 1, "G3", "which its contact list does not name");
	ck_assert_ok(sk_grid_build(g));
	assert_clean(g);
	/* an index with a figure in the wrong cell */
	g->grid_at[3] = g->grid_at[0];
	assert_named(g, 1, "index", "figure 3");
	skirmish_game_free(g);
}
END_TEST

/* The chains of hills and obstacle pieces (sk_terrain_relink) that the
 * elevation, the obstacles between and the contact across walk: a piece
 * left out of its chain, or a chain that goes past its last, is named. */
START_TEST(referee_terrain_kind_chains)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	char msg[256];

	tc_rect(g, SKIRMISH_TERRAIN_HILL, 2, 2, 8, 8);
	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 20, 2, 20.5, 10);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 30, 2, 34, 6);
	tc_rect(g, SKIRMISH_TERRAIN_HILL | SKIRMISH_TERRAIN_ROUGH, 40, 2, 44, 6);
	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 20.5, 10, 24, 10.5);
	tc_figure(g, 0, "Brennus", 10, 30, NULL);
	tc_figure(g, 1, "Cato", 50, 30, NULL);
	tc_start(g);
	assert_clean(g);
	ck_assert_int_eq(g->first_hill, 0);
	ck_assert_int_eq(g->terr[0].next_hill, 3);
	ck_assert_int_eq(g->terr[3].next_hill, -1);
	ck_assert_int_eq(g->first_obstacle, 1);
	ck_assert_int_eq(g->terr[1].next_obstacle, 4);
	ck_assert_int_eq(g->terr[4].next_obstacle, -1);

	g->terr[0].next_hill = -1;
	ck_assert_int_eq(sk_referee_check(g, 1, msg, sizeof(msg)), SKIRMISH_E_STATE);
	ck_assert_msg(strstr(msg, "the chain of hills gives -1 where piece 3 is next") != NULL,
		      "%s", msg);
	g->terr[0].next_hill = 3;
	g->terr[4].next_obstacle = 2;
	ck_assert_int_eq(sk_referee_check(g, 1, msg, sizeof(msg)), SKIRMISH_E_STATE);
	ck_assert_msg(strstr(msg, "the chain of obstacle pieces goes on past its last, to 2") !=
			      NULL,
		      "%s", msg);
	g->terr[4].next_obstacle = -1;
	assert_clean(g);
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_removed_figure_touches_nothing)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SAMPSON);

	/* Jiro and Kenji were set up in contact: a melee (A15) */
	ck_assert_int_ge(g->figs[0].melee, 0);
	g->figs[0].flags |= FIG_REMOVED;
	assert_named(g, 1, "G9", "Kenji (figure 0) is removed from play but still in melee");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_a26_contact_without_a_pair)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SAMPSON);

	g->melees[g->figs[0].melee].live = 0;
	assert_named(g, 1, "A26", "Kenji (figure 0) touches the enemy Jiro (figure 2) but the "
		     "two are not a melee pair");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_a22_pair_without_contact)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SAMPSON);

	put(g, 2, 20, 10);
	assert_named(g, 1, "A22", "Kenji (figure 0) and Jiro (figure 2) are melee pair 0 but "
		     "do not touch");
	put(g, 2, 11, 10);
	g->figs[0].melee = 5;
	assert_named(g, 1, "A26", "Kenji (figure 0) names melee 5, which is not one of its pairs");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_a20_pair_made_this_turn_by_nobody)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SAMPSON);

	ck_assert_int_eq(skirmish_game_phase(g), SKIRMISH_PHASE_MOVE);
	g->melees[g->figs[0].melee].fought = 1;
	assert_named(g, 1, "A20", "melee pair 0 is marked made this turn");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_a6_suppressed_figure_moved)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SAMPSON);

	g->figs[1].flags |= FIG_SUPPRESSED | FIG_ACTED;
	assert_named(g, 1, "A6", "Taro (figure 1) is suppressed but has moved");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_a6_suppression_outlives_its_turn)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SAMPSON);

	ck_assert_ok(skirmish_end_phase(g, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	ck_assert_ok(skirmish_fight(g, 0, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	assert_clean(g);
	/* player 0's turn has ended; its figures are no longer suppressed */
	g->figs[1].flags |= FIG_SUPPRESSED;
	assert_named(g, 0, "A6", "Taro (figure 1) is still suppressed after its player's turn");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_a2_phase_and_order)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SAMPSON);

	g->st.phase = SKIRMISH_PHASE_ACTIONS;
	assert_named(g, 0, "A2", "in phase 1");
	g->st.phase = SKIRMISH_PHASE_MOVE;
	g->st.order[1] = 0;
	assert_named(g, 0, "S2", "each player once");
	skirmish_game_free(g);
	g = table(SKIRMISH_RULESET_SENSO);
	g->st.phase = SKIRMISH_PHASE_MELEE;
	assert_named(g, 0, "S3", "in phase 4");
	g->st.phase = SKIRMISH_PHASE_ACTIONS;
	g->st.turn = 0;
	assert_named(g, 0, "G9", "game turn 0");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_s3_action_while_ringed)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SENSO);
	double xy[2] = { 15, 30 };
	const struct sk_undo *u;
	size_t i;

	ck_assert_ok(skirmish_move(g, 1, xy, 1, -1, NULL));
	assert_clean(g);
	/* the history says Taro had a ring when he moved */
	u = &g->hist[g->nhist - 1];
	for (i = u->first; i < u->first + (size_t)u->n; i++)
		if (g->hent[i].kind == 0 && g->hent[i].id == 1)
			g->hent[i].old.fig.rings = 1;
	assert_named(g, 0, "S3", "Taro (figure 1) took an action with 1 ring");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_s5_rings_after_their_removal)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SENSO);

	ck_assert_ok(skirmish_end_turn(g, NULL));
	assert_clean(g);
	g->figs[1].rings = 2;
	assert_named(g, 0, "S5", "Taro (figure 1) is still in play with 2 rings");
	/* another player's figure keeps its rings until its own turn ends */
	g->figs[1].rings = 0;
	g->figs[3].rings = 2;
	assert_clean(g);
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_s20_action_taken_with_move_left)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SENSO);

	g->figs[1].flags |= FIG_ACTED;
	assert_named(g, 1, "S20", "Taro (figure 1) has taken its action but has");
	g->figs[1].flags &= ~(uint32_t)FIG_ACTED;
	g->figs[1].move_left = 20 * MIL;
	assert_named(g, 1, "S4", "Taro (figure 1) has 20000 mils of move left");
	skirmish_game_free(g);
}
END_TEST

START_TEST(referee_s9_horse_marker)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	int horse;

	skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED);
	tc_figure(g, 0, "Kagetora", 10, 10, &s);
	tc_figure(g, 1, "Goro", 60, 40, &s);
	tc_start(g);
	ck_assert_ok(skirmish_dismount(g, 0, NULL));
	assert_clean(g);
	horse = g->nfigs - 1;
	ck_assert(g->figs[horse].flags & FIG_HORSE);
	g->figs[horse].horse_of = horse;
	assert_named(g, 1, "S9", "is a horse marker");
	skirmish_game_free(g);
}
END_TEST

/* Sampson: Decimus pushes Brennus 3" towards a wall 2.3" behind him; the
 * push stops against it (A31). Returned after the fight. */
static skirmish_game *
sampson_push(int *loser)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int a;

	s.shield = s.armour = 1;
	a = tc_figure(g, 0, "Decimus", 10, 10, &s);
	s.shield = s.armour = 0;
	s.facing = 180;
	*loser = tc_figure(g, 1, "Brennus", 11, 10, &s);
	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 13.8, 5, 14, 15);
	tc_start(g);
	ck_assert_ok(skirmish_end_phase(g, NULL));
	ck_assert_ok(skirmish_end_phase(g, NULL));
	tc_dice(g, 2, 5, 4);
	ck_assert_ok(skirmish_fight_against(g, a, *loser, &r));
	ck_assert_double_eq_tol(g->figs[*loser].x / 1000.0, 13.3, 0.0005);
	return g;
}

/* A30, A31: a push goes square to the loser's side, and never over a
 * wall. */
START_TEST(referee_a30_a31_pushes)
{
	int b;
	skirmish_game *g = sampson_push(&b);

	assert_clean(g);
	put(g, b, 14.5, 10);
	assert_named(g, 0, "A31", "Brennus (figure 1) was pushed onto or over the obstacle 0");
	skirmish_game_free(g);

	g = sampson_push(&b);
	put(g, b, 13.3, 11);
	assert_named(g, 0, "A30", "square to none of its sides");
	skirmish_game_free(g);
}
END_TEST

/* A game whose referee is in abort mode (tests, fuzzers) aborts on a
 * broken rule: here the hook itself, after a move whose end is then
 * written onto another base. */
START_TEST(referee_hook_aborts)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SENSO);
	double xy[2] = { 15, 30 };

	ck_assert_ok(skirmish_game_set_referee(g, SKIRMISH_REFEREE_ABORT));
	ck_assert_ok(skirmish_move(g, 1, xy, 1, -1, NULL));
	ck_assert_int_eq(sk_referee_hook(g), 0);
	put(g, 1, 60.4, 40.3);
	sk_referee_hook(g);
	skirmish_game_free(g);
}
END_TEST

/* The caller's invariant of the tests below: what it was asked, and a
 * figure it writes onto another base while it runs (plant >= 0: a bug
 * planted inside an action, which only the library's own check sees). */
struct watch {
	int calls;
	int fig;          /* this figure must stay west of x = 12" */
	int plant;
};

static int
watch_invariant(void *data, const skirmish_game *cg, char *msg, size_t size)
{
	struct watch *w = data;
	skirmish_figure_info info = SKIRMISH_FIGURE_INFO_INIT;
	skirmish_game *g = (skirmish_game *)cg;

	w->calls++;
	/* a callback may read the game, not change it */
	ck_assert_int_eq(skirmish_game_set_seed(g, 7), SKIRMISH_E_STATE);
	if (w->plant >= 0) {
		g->figs[w->plant].x = (int32_t)(60.4 * MIL);
		g->figs[w->plant].y = (int32_t)(40.3 * MIL);
		ck_assert_ok(sk_grid_build(g));
		return 0;
	}
	ck_assert_ok(skirmish_game_figure(cg, w->fig, &info));
	if (info.x < 12.0)
		return 0;
	snprintf(msg, size, "%s went east of 12\"", info.name);
	return 1;
}

/* Off by default, and while off nothing is checked: the caller's
 * invariant is not even asked. The modes are checked; a clone keeps the
 * mode and the invariant. */
START_TEST(referee_off_by_default)
{
	const char *env = getenv("SKIRMISH_REFEREE");
	char *keep = env ? strdup(env) : NULL;
	struct watch w = { 0, 1, -1 };
	skirmish_game *g, *c;
	double xy[2] = { 15, 30 };

	unsetenv("SKIRMISH_REFEREE");
	g = table(SKIRMISH_RULESET_SENSO);
	if (keep) {
		setenv("SKIRMISH_REFEREE", keep, 1);
		free(keep);
	}
	ck_assert_int_eq(skirmish_referee_is_available(), SK_REFEREE);
	ck_assert_int_eq(skirmish_game_get_referee(g), SKIRMISH_REFEREE_OFF);
	ck_assert_int_eq(skirmish_game_get_referee(NULL), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_set_referee(NULL, 0), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_set_referee(g, 3), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_set_referee(g, -1), SKIRMISH_E_INVALID);
	ck_assert(strstr(skirmish_game_errmsg(g), "off (0), rollback (1), abort (2)"));
	ck_assert_int_eq(skirmish_game_set_invariant(NULL, NULL, NULL), SKIRMISH_E_INVALID);
	ck_assert_ok(skirmish_game_set_invariant(g, watch_invariant, &w));
	ck_assert_ok(skirmish_move(g, 1, xy, 1, -1, NULL));
	ck_assert_int_eq(w.calls, 0);
	/* from inside a callback, neither may change the game */
	{
		struct sk_cb_frame f;
		sk_cb_enter(g, &f, "a test's callback", 0);
		ck_assert_rejected(g, skirmish_game_set_referee(g, SKIRMISH_REFEREE_OFF),
				   SKIRMISH_E_STATE);
		ck_assert_rejected(g, skirmish_game_set_invariant(g, NULL, NULL), SKIRMISH_E_STATE);
		sk_cb_leave(g, &f);
	}
	ck_assert_ok(skirmish_game_undo(g));
	ck_assert_ok(skirmish_game_set_referee(g, SKIRMISH_REFEREE_ROLLBACK));
	ck_assert_int_eq(skirmish_game_get_referee(g), SKIRMISH_REFEREE_ROLLBACK);
	ck_assert_ok(skirmish_game_clone(g, &c));
	ck_assert_int_eq(skirmish_game_get_referee(c), SKIRMISH_REFEREE_ROLLBACK);
	ck_assert_int_eq(skirmish_move(c, 1, xy, 1, -1, NULL), SKIRMISH_E_REFEREE);
	ck_assert_int_eq(w.calls, 1);
	skirmish_game_free(c);
	skirmish_game_free(g);
}
END_TEST

/* On, an action that breaks the caller's invariant is rolled back whole
 * and fails with SKIRMISH_E_REFEREE naming what broke; the game plays on,
 * and a neighbouring action that keeps the invariant is committed. */
START_TEST(referee_rollback_of_a_callers_invariant)
{
	skirmish_game *g = table(SKIRMISH_RULESET_SENSO);
	struct watch w = { 0, 1, -1 };
	double east[2] = { 15, 30 }, west[2] = { 11.5, 33 };
	uint64_t h0, h1;
	int n0, n1;

	ck_assert_ok(skirmish_game_set_referee(g, SKIRMISH_REFEREE_ROLLBACK));
	ck_assert_ok(skirmish_game_set_invariant(g, watch_invariant, &w));
	ck_assert_ok(skirmish_game_hash(g, &h0));
	n0 = skirmish_game_history_length(g);
	ck_assert_int_eq(skirmish_move(g, 1, east, 1, -1, NULL), SKIRMISH_E_REFEREE);
	ck_assert_int_eq(skirmish_game_errcode(g), SKIRMISH_E_REFEREE);
	ck_assert_msg(strstr(skirmish_game_errmsg(g), "referee: Taro went east of 12\"") &&
		      strstr(skirmish_game_errmsg(g), "rolled back"), "%s", skirmish_game_errmsg(g));
	ck_assert_ok(skirmish_game_hash(g, &h1));
	ck_assert(h0 == h1);
	n1 = skirmish_game_history_length(g);
	ck_assert_int_eq(n0, n1);
	assert_clean(g);
	ck_assert_ok(skirmish_move(g, 1, west, 1, -1, NULL));
	ck_assert_int_eq(w.calls, 2);
	ck_assert_int_eq(skirmish_game_history_length(g), n0 + 1);
	assert_clean(g);
	/* without the invariant, the same move is the rules' */
	ck_assert_ok(skirmish_game_undo(g));
	ck_assert_ok(skirmish_game_set_invariant(g, NULL, NULL));
	ck_assert_ok(skirmish_move(g, 1, east, 1, -1, NULL));
	skirmish_game_free(g);
}
END_TEST

/* On, a bug planted inside an action (the moved figure written onto
 * another base before the action is committed) is found by the library's
 * own check: the action is undone whole, the spatial index with it, and
 * the error names the rule. */
START_TEST(referee_rollback_of_a_planted_bug)
{
	int ruleset;

	for (ruleset = SKIRMISH_RULESET_SENSO; ruleset <= SKIRMISH_RULESET_SAMPSON; ruleset++) {
		skirmish_game *g = table(ruleset);
		struct watch w = { 0, 1, 1 };
		double xy[2] = { 15, 30 };
		uint64_t h0, h1;

		if (ruleset == SKIRMISH_RULESET_SAMPSON)
			xy[0] = 13;
		ck_assert_ok(skirmish_game_set_referee(g, SKIRMISH_REFEREE_ROLLBACK));
		ck_assert_ok(skirmish_game_set_invariant(g, watch_invariant, &w));
		ck_assert_ok(skirmish_game_hash(g, &h0));
		ck_assert_int_eq(skirmish_move(g, 1, xy, 1, -1, NULL), SKIRMISH_E_REFEREE);
		ck_assert_msg(strstr(skirmish_game_errmsg(g), "referee: G3: Taro's base (figure 1) "
					 "overlaps Goro's (figure 3)"),
			      "%s", skirmish_game_errmsg(g));
		ck_assert_ok(skirmish_game_hash(g, &h1));
		ck_assert(h0 == h1);
		assert_clean(g);
		w.plant = -1;
		ck_assert_ok(skirmish_game_set_invariant(g, NULL, NULL));
		ck_assert_ok(skirmish_move(g, 1, xy, 1, -1, NULL));
		assert_clean(g);
		skirmish_game_free(g);
	}
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("referee");
	const char *fork = getenv("CK_FORK");

	ADD_TEST(s, referee_passes_a_fair_game);
	ADD_TEST(s, referee_g3_overlapping_bases);
	ADD_TEST(s, referee_g3_after_a_move);
	ADD_TEST(s, referee_g10_off_the_table);
	ADD_TEST(s, referee_g4_on_impassable_ground);
	ADD_TEST(s, referee_s16_over_a_wall);
	ADD_TEST(s, referee_contact_list_and_index);
	ADD_TEST(s, referee_terrain_kind_chains);
	ADD_TEST(s, referee_removed_figure_touches_nothing);
	ADD_TEST(s, referee_a26_contact_without_a_pair);
	ADD_TEST(s, referee_a22_pair_without_contact);
	ADD_TEST(s, referee_a20_pair_made_this_turn_by_nobody);
	ADD_TEST(s, referee_a6_suppressed_figure_moved);
	ADD_TEST(s, referee_a6_suppression_outlives_its_turn);
	ADD_TEST(s, referee_a2_phase_and_order);
	ADD_TEST(s, referee_s3_action_while_ringed);
	ADD_TEST(s, referee_s5_rings_after_their_removal);
	ADD_TEST(s, referee_s20_action_taken_with_move_left);
	ADD_TEST(s, referee_s9_horse_marker);
	ADD_TEST(s, referee_off_by_default);
	ADD_TEST(s, referee_rollback_of_a_callers_invariant);
	ADD_TEST(s, referee_rollback_of_a_planted_bug);
	ADD_TEST(s, referee_a30_a31_pushes);
	/* an abort is caught only in a child process (not under CK_FORK=no) */
	if (!fork || strcmp(fork, "no") != 0) {
		TCase *tc = tcase_create("referee_hook_aborts");
		tcase_add_test_raise_signal(tc, referee_hook_aborts, SIGABRT);
		suite_add_tcase(s, tc);
	}
	return s;
}

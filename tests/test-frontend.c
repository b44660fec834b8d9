/* SPDX-License-Identifier: MIT */
/* What a front end asks of a position (since 0.4): what a figure sees
 * and why not (G5, S12), and where it can move this action (G4, S9, A3),
 * each the same answer the actions themselves give. */
#include <stdlib.h>
#include <string.h>

#include "test-common.h"

static skirmish_game *
senso(int night)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.players = 2;
	o.player_order = order;
	o.night = night;
	o.seed = 7;
	return tc_game_opts(&o);
}

static int
foot(skirmish_game *g, int player, const char *name, double x, double y)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.dv = 6;
	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	return tc_figure(g, player, name, x, y, &s);
}

static skirmish_sight
sight(const skirmish_game *g, int a, int b)
{
	skirmish_sight s = SKIRMISH_SIGHT_INIT;

	ck_assert_ok(skirmish_game_sight(g, a, b, &s));
	return s;
}

/* G5: the piece that blocks is named (the lowest id of those that do);
 * figures never block; a clear line says so, with the distance and the
 * cover that the other queries give. */
START_TEST(g5_sight_names_the_blocking_terrain)
{
	skirmish_game *g = senso(0);
	skirmish_sight s;
	double d = 0;
	int c = -1, a, b, e, w;

	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 2, 2, 4, 4);             /* 0: on no line */
	w = tc_rect(g, SKIRMISH_TERRAIN_COVER, 19, 12, 21, 16);     /* 1: cover */
	tc_rect(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 16, 9, 17, 11);   /* 2 */
	tc_rect(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 13, 9, 14, 11);   /* 3 */
	a = foot(g, 0, "a", 10, 10);
	b = foot(g, 1, "b", 20, 10);
	foot(g, 0, "c", 10, 14);
	e = foot(g, 1, "e", 20, 14);
	foot(g, 0, "between", 15, 14);
	s = sight(g, a, b);
	ck_assert_int_eq(s.visible, 0);
	ck_assert_int_eq(s.reason, SKIRMISH_SIGHT_TERRAIN);
	ck_assert_int_eq(s.terrain, 2);
	ck_assert_ok(skirmish_game_distance(g, a, b, &d));
	ck_assert(s.distance == d && d == 9.0);
	/* the figure between c and e does not block; e stands in cover */
	s = sight(g, 2, e);
	ck_assert_int_eq(s.visible, 1);
	ck_assert_int_eq(s.reason, SKIRMISH_SIGHT_SEEN);
	ck_assert_int_eq(s.terrain, -1);
	ck_assert_ok(skirmish_game_in_cover(g, 2, e, &c));
	ck_assert_int_eq(s.cover, c);
	ck_assert_int_eq(s.cover, 1);
	ck_assert_int_eq(w, 1);
	skirmish_game_free(g);
}
END_TEST

/* S12: at night a clear line further than 12" is not seen, and the night
 * is the reason; 12" exactly is seen. Terrain that blocks is named first:
 * it is why even in daylight. */
START_TEST(s12_sight_at_night_says_night)
{
	skirmish_game *g = senso(1);
	skirmish_sight s;
	int a, far, at12, behind;

	a = foot(g, 0, "a", 10, 10);
	far = foot(g, 1, "far", 23.001, 10);    /* 12.001" edge to edge */
	at12 = foot(g, 1, "at12", 10, 23);      /* 12" */
	tc_rect(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 4, 9, 5, 11);
	behind = foot(g, 1, "behind", 2, 10);   /* 7" away, behind the piece */
	s = sight(g, a, far);
	ck_assert_int_eq(s.visible, 0);
	ck_assert_int_eq(s.reason, SKIRMISH_SIGHT_NIGHT);
	ck_assert_int_eq(s.terrain, -1);
	s = sight(g, a, at12);
	ck_assert_int_eq(s.visible, 1);
	ck_assert(s.distance == 12.0);
	s = sight(g, a, behind);
	ck_assert_int_eq(s.reason, SKIRMISH_SIGHT_TERRAIN);
	ck_assert_int_eq(s.terrain, 0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(sight_refusals_change_nothing)
{
	skirmish_game *g = senso(0);
	skirmish_sight s = SKIRMISH_SIGHT_INIT;

	foot(g, 0, "a", 10, 10);
	foot(g, 1, "b", 20, 10);
	ck_assert_int_eq(skirmish_game_sight(NULL, 0, 1, &s), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_sight(g, 0, 1, NULL), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_sight(g, 0, 2, &s), SKIRMISH_E_NO_FIGURE);
	ck_assert_ptr_nonnull(strstr(skirmish_game_errmsg(g), "no figure 2"));
	s.version = 99;
	ck_assert_rejected(g, skirmish_game_sight(g, 0, 1, &s), SKIRMISH_E_VERSION);
	skirmish_game_free(g);
}
END_TEST

/* Every cell of the grid says what check_action says of the same
 * straight move: returns the number reachable. */
static int
reach_agrees(skirmish_game *g, int id, double x0, double y0, double step, int cols,
	     int rows)
{
	unsigned char *cells = malloc((size_t)cols * rows);
	skirmish_action a = SKIRMISH_ACTION_INIT;
	int i, j, n = -1, ok = 0;

	ck_assert_ptr_nonnull(cells);
	ck_assert_ok(skirmish_game_reach(g, id, x0, y0, step, cols, rows, cells, &n));
	a.kind = SKIRMISH_ACTION_MOVE;
	a.figure = id;
	a.npoints = 1;
	for (j = 0; j < rows; j++)
		for (i = 0; i < cols; i++) {
			a.xy[0] = x0 + i * step;
			a.xy[1] = y0 + j * step;
			ck_assert_msg(cells[j * cols + i] ==
					      (skirmish_game_check_action(g, &a) == 0),
				      "cell (%g, %g): reach %d", a.xy[0], a.xy[1],
				      cells[j * cols + i]);
			ok += cells[j * cols + i];
		}
	ck_assert_int_eq(n, ok);
	free(cells);
	return n;
}

static int
cell(skirmish_game *g, int id, double x, double y)
{
	unsigned char c = 9;

	ck_assert_ok(skirmish_game_reach(g, id, x, y, 1.0, 1, 1, &c, NULL));
	return c;
}

/* S9 with G4: 6" on foot in the open; rough ground costs double; a base
 * in the way, impassable ground and the table's edge refuse the cell;
 * the grid agrees with check_action cell by cell; a figure that has
 * acted reaches nowhere. */
START_TEST(s9_reach_counts_the_ground)
{
	skirmish_game *g = senso(0);
	uint64_t h;
	int a, n;

	a = foot(g, 0, "a", 10, 10);
	foot(g, 0, "friend", 10, 14);
	foot(g, 1, "enemy", 40, 40);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 12, 5, 14, 9);        /* south-east */
	tc_rect(g, SKIRMISH_TERRAIN_IMPASSABLE, 5, 9, 6, 11);    /* west */
	tc_start(g);
	h = tc_state_hash(g);
	ck_assert_int_eq(cell(g, a, 16, 10), 1);      /* 6" east, open */
	ck_assert_int_eq(cell(g, a, 16.5, 10), 0);    /* 6.5" */
	ck_assert_int_eq(cell(g, a, 15, 7), 0);       /* 5.83", 1.7" of it rough */
	ck_assert_int_eq(cell(g, a, 13, 7), 1);       /* 3.6", 1.2" rough: 4.8" */
	ck_assert_int_eq(cell(g, a, 10, 16), 0);      /* through the friend */
	ck_assert_int_eq(cell(g, a, 4.5, 10), 0);     /* over impassable ground */
	ck_assert_int_eq(cell(g, a, 10, 4.2), 1);
	ck_assert_int_eq(cell(g, a, 10, 0.2), 0);     /* off the table, and too far */
	n = reach_agrees(g, a, 3, 3, 0.5, 29, 29);
	ck_assert_int_gt(n, 300);                    /* about pi 6^2 / 0.25, less */
	ck_assert_int_lt(n, 453);
	ck_assert_uint_eq(tc_state_hash(g), h);
	/* the refused cells leave no error behind */
	ck_assert_int_eq(cell(g, a, 16.5, 10), 0);
	ck_assert_int_eq(skirmish_game_errcode(g), SKIRMISH_OK);
	{
		double to[2] = { 12, 10 };
		skirmish_result r = SKIRMISH_RESULT_INIT;
		ck_assert_ok(skirmish_move(g, a, to, 1, SKIRMISH_FACING_KEEP, &r));
	}
	ck_assert_int_eq(reach_agrees(g, a, 3, 3, 0.5, 29, 29), 0);
	skirmish_game_free(g);
}
END_TEST

/* A3, A29: in Sampson a shield and armour take 1" off 4"; a figure in
 * base contact with an enemy reaches nowhere. */
START_TEST(a3_reach_sampson_allowance)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	int a, b, c;

	s.shield = 1;
	s.armour = 1;
	s.melee_weapon = SKIRMISH_MELEE_SPEAR;
	a = tc_figure(g, 0, "hoplite", 10, 10, &s);
	b = tc_figure(g, 0, "locked", 30, 10, &s);
	c = tc_figure(g, 1, "enemy", 31, 10, &s);
	tc_start(g);
	ck_assert_int_eq(cell(g, a, 13, 10), 1);
	ck_assert_int_eq(cell(g, a, 13.5, 10), 0);
	ck_assert_int_gt(reach_agrees(g, a, 6, 6, 0.5, 17, 17), 100);
	ck_assert_int_eq(reach_agrees(g, b, 26, 6, 0.5, 17, 17), 0);
	ck_assert_int_eq(c, 2);
	skirmish_game_free(g);
}
END_TEST

START_TEST(reach_refusals_change_nothing)
{
	skirmish_game *g = senso(0);
	unsigned char cells[4];

	foot(g, 0, "a", 10, 10);
	foot(g, 1, "b", 20, 10);
	tc_start(g);
	ck_assert_int_eq(skirmish_game_reach(NULL, 0, 0, 0, 1, 2, 2, cells, NULL),
			 SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_reach(g, 0, 0, 0, 1, 2, 2, NULL, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_reach(g, 0, 0, 0, 0, 2, 2, cells, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_reach(g, 0, 0, 0, 1, 0, 2, cells, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_reach(g, 0, 0, 0, 1, 1001, 1000, cells, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_reach(g, 5, 0, 0, 1, 2, 2, cells, NULL),
			   SKIRMISH_E_NO_FIGURE);
	skirmish_game_free(g);
}
END_TEST

/* S6, A5: the ranges drawn are the ruleset's: a Senso bow 15" and 30",
 * an arquebus 12" and 24", a Sampson sling 16" with no short range; no
 * missile weapon, none. */
START_TEST(s6_a5_weapon_ranges)
{
	skirmish_game *g = senso(0), *h = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	double sr = -1, lr = -1;
	int bow, arq, none, sling;

	bow = foot(g, 0, "bow", 10, 10);
	s.dv = 10;
	s.missile_weapon = SKIRMISH_MISSILE_ARQUEBUS;
	arq = tc_figure(g, 0, "arq", 10, 14, &s);
	s.missile_weapon = SKIRMISH_MISSILE_NONE;
	none = tc_figure(g, 1, "none", 10, 18, &s);
	ck_assert_ok(skirmish_game_weapon_ranges(g, bow, &sr, &lr));
	ck_assert(sr == 15.0 && lr == 30.0);
	ck_assert_ok(skirmish_game_weapon_ranges(g, arq, &sr, &lr));
	ck_assert(sr == 12.0 && lr == 24.0);
	ck_assert_ok(skirmish_game_weapon_ranges(g, none, &sr, &lr));
	ck_assert(sr == 0.0 && lr == 0.0);
	ck_assert_rejected(g, skirmish_game_weapon_ranges(g, 9, &sr, &lr), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_game_weapon_ranges(g, bow, NULL, &lr), SKIRMISH_E_INVALID);
	memset(&s, 0, sizeof(s));
	ck_assert_ok(skirmish_figure_spec_init(&s, SKIRMISH_FIGURE_SPEC_VERSION));
	s.missile_weapon = SKIRMISH_MISSILE_SLING;
	sling = tc_figure(h, 0, "slinger", 10, 10, &s);
	ck_assert_ok(skirmish_game_weapon_ranges(h, sling, &sr, &lr));
	ck_assert(sr == 0.0 && lr == 16.0);
	skirmish_game_free(g);
	skirmish_game_free(h);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("frontend");

	ADD_TEST(s, g5_sight_names_the_blocking_terrain);
	ADD_TEST(s, s12_sight_at_night_says_night);
	ADD_TEST(s, sight_refusals_change_nothing);
	ADD_TEST(s, s9_reach_counts_the_ground);
	ADD_TEST(s, a3_reach_sampson_allowance);
	ADD_TEST(s, reach_refusals_change_nothing);
	ADD_TEST(s, s6_a5_weapon_ranges);
	return s;
}

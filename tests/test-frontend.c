/* SPDX-License-Identifier: MIT */
/* What a front end asks of a position (since 0.4): what a figure sees
 * and why not (G5, S12), where it can move this action (G4, S9, A3), and
 * who threatens a point (S6, S8, S12, S25, A5), each the same answer the
 * actions themselves give; and what it asks of a game it opened: its
 * options and exit edges. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
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

#define THREATS_MAX 16

/* The threats to fig at (x, y), checked to change nothing (the figure
 * stays where it stood) and to come by enemy id, then kind. */
static int
threats(skirmish_game *g, int fig, double x, double y, skirmish_threat *out)
{
	static const skirmish_threat init = SKIRMISH_THREAT_INIT;
	skirmish_figure_info before = tc_info(g, fig), after;
	uint64_t h = tc_state_hash(g);
	int i, n = -1;

	for (i = 0; i < THREATS_MAX; i++)
		out[i] = init;
	ck_assert_ok(skirmish_game_threats(g, fig, x, y, out, THREATS_MAX, &n));
	ck_assert_uint_eq(tc_state_hash(g), h);
	after = tc_info(g, fig);
	ck_assert(after.x == before.x && after.y == before.y);
	ck_assert_int_le(n, THREATS_MAX);
	for (i = 0; i < n; i++) {
		ck_assert_uint_eq(out[i].version, SKIRMISH_THREAT_VERSION);
		ck_assert(out[i].kind == SKIRMISH_THREAT_SHOOT ||
			  out[i].kind == SKIRMISH_THREAT_CHARGE);
		if (i > 0)
			ck_assert(out[i - 1].figure < out[i].figure ||
				  (out[i - 1].figure == out[i].figure &&
				   out[i - 1].kind < out[i].kind));
	}
	return n;
}

/* The threat of enemy e of that kind in t[0..n), or NULL. */
static const skirmish_threat *
threat_of(const skirmish_threat *t, int n, int e, int kind)
{
	int i;

	for (i = 0; i < n; i++)
		if (t[i].figure == e && t[i].kind == kind)
			return &t[i];
	return NULL;
}

static int
senso_fig(skirmish_game *g, int player, const char *name, double x, double y,
	  int missile, int unloaded)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.dv = 8;
	s.missile_weapon = missile;
	s.unloaded = unloaded;
	return tc_figure(g, player, name, x, y, &s);
}

/* S6, S8, G5, S4, S9: who could shoot or charge a man standing at
 * (30, 20): a bow 19" away (long range) and one 11" away (short); an
 * arquebus 12.7" away; two men on foot 5" and 6" away charge. Not: a bow
 * 31" away, a bow behind a wall that blocks sight, an arquebus that has
 * not been loaded, a man 6.5" away, a friend. The man himself stands
 * elsewhere and stays there. */
static skirmish_game *
threat_scene(double fx, double fy)
{
	skirmish_game *g = senso(0);

	senso_fig(g, 0, "Kenji", fx, fy, SKIRMISH_MISSILE_NONE, 0);
	senso_fig(g, 1, "near bow", 50, 20, SKIRMISH_MISSILE_BOW, 0);
	senso_fig(g, 1, "short bow", 18, 20, SKIRMISH_MISSILE_BOW, 0);
	senso_fig(g, 1, "far bow", 62, 20, SKIRMISH_MISSILE_BOW, 0);
	senso_fig(g, 1, "hidden bow", 30, 1, SKIRMISH_MISSILE_BOW, 0);
	tc_rect(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 27, 9, 33, 10);
	senso_fig(g, 1, "unloaded", 30, 30, SKIRMISH_MISSILE_ARQUEBUS, 1);
	senso_fig(g, 1, "loaded", 20, 30, SKIRMISH_MISSILE_ARQUEBUS, 0);
	senso_fig(g, 1, "yari", 36, 20, SKIRMISH_MISSILE_NONE, 0);
	senso_fig(g, 1, "beyond", 30, 27.5, SKIRMISH_MISSILE_NONE, 0);
	senso_fig(g, 1, "at six", 23, 20, SKIRMISH_MISSILE_NONE, 0);
	senso_fig(g, 0, "friend", 40, 20, SKIRMISH_MISSILE_BOW, 0);
	tc_start(g);
	return g;
}

START_TEST(s6_s9_threats_shots_and_charges)
{
	skirmish_game *g = threat_scene(10, 40);
	skirmish_threat t[THREATS_MAX];
	const skirmish_threat *p;
	int f = 0, near = 1, shrt = 2, arq = 6, yari = 7, at6 = 9, n;

	n = threats(g, f, 30, 20, t);
	ck_assert_int_eq(n, 5);
	p = threat_of(t, n, near, SKIRMISH_THREAT_SHOOT);
	ck_assert_ptr_nonnull(p);
	ck_assert(p->distance == 19.0);
	ck_assert_int_eq(p->short_range, 0);
	ck_assert_int_eq(p->cover, 0);
	p = threat_of(t, n, shrt, SKIRMISH_THREAT_SHOOT);
	ck_assert_ptr_nonnull(p);
	ck_assert(p->distance == 11.0);
	ck_assert_int_eq(p->short_range, 1);
	ck_assert_ptr_nonnull(threat_of(t, n, arq, SKIRMISH_THREAT_SHOOT));
	p = threat_of(t, n, yari, SKIRMISH_THREAT_CHARGE);
	ck_assert_ptr_nonnull(p);
	ck_assert(p->distance == 5.0);
	p = threat_of(t, n, at6, SKIRMISH_THREAT_CHARGE);
	ck_assert_ptr_nonnull(p);
	ck_assert(p->distance == 6.0);
	/* fewer asked for: the first ones, and the count of all */
	{
		skirmish_threat two[2] = { SKIRMISH_THREAT_INIT, SKIRMISH_THREAT_INIT };
		int m = -1;

		ck_assert_ok(skirmish_game_threats(g, f, 30, 20, two, 2, &m));
		ck_assert_int_eq(m, 5);
		ck_assert(two[0].figure == t[0].figure && two[1].figure == t[1].figure);
		ck_assert_ok(skirmish_game_threats(g, f, 30, 20, NULL, 0, &m));
		ck_assert_int_eq(m, 5);
	}
	skirmish_game_free(g);
}
END_TEST

/* The same answer the actions give: with the man standing at the point
 * and the enemy's turn begun, each enemy's shot and charge is accepted
 * by check_action exactly when it was listed as a threat. */
START_TEST(threats_agree_with_the_actions)
{
	skirmish_game *g = threat_scene(10, 40), *h = threat_scene(30, 20);
	skirmish_threat t[THREATS_MAX];
	skirmish_action a = SKIRMISH_ACTION_INIT;
	int e, n, listed = 0;

	n = threats(g, 0, 30, 20, t);
	ck_assert_ok(skirmish_end_turn(h, NULL));
	ck_assert_int_eq(skirmish_game_active_player(h), 1);
	for (e = 1; e < skirmish_game_figure_count(h); e++) {
		if (tc_info(h, e).player != 1)
			continue;
		a.figure = e;
		a.target = 0;
		a.kind = SKIRMISH_ACTION_SHOOT;
		ck_assert_int_eq(skirmish_game_check_action(h, &a) == 0,
				 threat_of(t, n, e, SKIRMISH_THREAT_SHOOT) != NULL);
		a.kind = SKIRMISH_ACTION_CHARGE;
		ck_assert_int_eq(skirmish_game_check_action(h, &a) == 0,
				 threat_of(t, n, e, SKIRMISH_THREAT_CHARGE) != NULL);
		listed++;
	}
	ck_assert_int_eq(listed, 9);
	skirmish_game_free(g);
	skirmish_game_free(h);
}
END_TEST

/* S12: at night a bow 12" away threatens, one 12.5" away does not. */
START_TEST(s12_threats_at_night)
{
	skirmish_game *g = senso(1);
	skirmish_threat t[THREATS_MAX];
	int f, at12, n;

	f = senso_fig(g, 0, "Kenji", 10, 40, SKIRMISH_MISSILE_NONE, 0);
	at12 = senso_fig(g, 1, "at12", 30, 33, SKIRMISH_MISSILE_BOW, 0);
	senso_fig(g, 1, "dark", 45.5, 20, SKIRMISH_MISSILE_BOW, 0);
	tc_start(g);
	n = threats(g, f, 30, 20, t);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(t[0].figure, at12);
	ck_assert_int_eq(t[0].kind, SKIRMISH_THREAT_SHOOT);
	skirmish_game_free(g);
}
END_TEST

/* S25: a wall between a man 4" away and the point is no charge when he
 * stands further than 1" from it; the same man with no wall between is. */
START_TEST(s25_threats_a_wall_in_the_way_of_a_charge)
{
	skirmish_game *g = senso(0);
	skirmish_threat t[THREATS_MAX];
	int f, walled, open, n;

	f = senso_fig(g, 0, "Kenji", 10, 40, SKIRMISH_MISSILE_NONE, 0);
	walled = senso_fig(g, 1, "walled", 20, 15, SKIRMISH_MISSILE_NONE, 0);
	open = senso_fig(g, 1, "open", 40, 15, SKIRMISH_MISSILE_NONE, 0);
	tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 17, 12.8, 23, 13.2);
	tc_start(g);
	n = threats(g, f, 20, 10, t);
	ck_assert_int_eq(n, 0);
	n = threats(g, f, 40, 10, t);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(t[0].figure, open);
	ck_assert_int_eq(t[0].kind, SKIRMISH_THREAT_CHARGE);
	ck_assert(t[0].distance == 4.0);
	ck_assert_int_eq(walled, 1);
	skirmish_game_free(g);
}
END_TEST

/* S2: with three clans and an umpire, the figures of both other clans
 * and the umpire's threaten; a friend never does. */
START_TEST(s2_threats_of_every_other_player_and_the_umpire)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[3] = { 0, 1, 2 };
	skirmish_game *g;
	skirmish_threat t[THREATS_MAX];
	int f, bow, yari, ump, n;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.players = 3;
	o.umpire = 1;
	o.player_order = order;
	o.seed = 7;
	g = tc_game_opts(&o);
	f = senso_fig(g, 0, "Kenji", 10, 40, SKIRMISH_MISSILE_NONE, 0);
	bow = senso_fig(g, 1, "bow of 1", 50, 20, SKIRMISH_MISSILE_BOW, 0);
	yari = senso_fig(g, 2, "yari of 2", 36, 20, SKIRMISH_MISSILE_NONE, 0);
	senso_fig(g, 0, "friend", 40, 20, SKIRMISH_MISSILE_BOW, 0);
	ump = senso_fig(g, 3, "umpire's bow", 30, 5, SKIRMISH_MISSILE_BOW, 0);
	ck_assert_int_eq(skirmish_game_umpire(g), 3);
	tc_start(g);
	n = threats(g, f, 30, 20, t);
	ck_assert_int_eq(n, 3);
	ck_assert(t[0].figure == bow && t[0].kind == SKIRMISH_THREAT_SHOOT);
	ck_assert(t[1].figure == yari && t[1].kind == SKIRMISH_THREAT_CHARGE);
	ck_assert(t[2].figure == ump && t[2].kind == SKIRMISH_THREAT_SHOOT);
	ck_assert(t[2].distance == 14.0 && t[2].short_range == 1);
	/* the umpire's figure is threatened by every clan's, player 0's too */
	n = threats(g, ump, 30, 20, t);
	ck_assert_int_eq(n, 3);
	ck_assert_ptr_nonnull(threat_of(t, n, 3, SKIRMISH_THREAT_SHOOT));
	skirmish_game_free(g);
}
END_TEST

/* A5, A3: in Sampson a sling reaches 16" and infantry charges 4"; a
 * figure whose base would touch an enemy's there is in melee, and no one
 * shoots at it. */
START_TEST(a5_threats_sampson)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_threat t[THREATS_MAX];
	int f, sling, sling2, foot_id, n, i;

	f = tc_figure(g, 0, "hoplite", 10, 40, &s);
	s.missile_weapon = SKIRMISH_MISSILE_SLING;
	sling = tc_figure(g, 1, "slinger", 45, 20, &s);
	sling2 = tc_figure(g, 1, "slinger 2", 44, 34, &s);
	s.missile_weapon = SKIRMISH_MISSILE_NONE;
	foot_id = tc_figure(g, 1, "foot", 34, 20, &s);
	tc_start(g);
	n = threats(g, f, 30, 20, t);
	ck_assert_int_eq(n, 2);
	ck_assert(t[0].figure == sling && t[0].kind == SKIRMISH_THREAT_SHOOT);
	ck_assert(t[0].distance == 14.0 && t[0].short_range == 0);
	ck_assert(t[1].figure == foot_id && t[1].kind == SKIRMISH_THREAT_CHARGE);
	/* slinger 2 is 13" from (44, 20) and shoots a man there, unless he
	 * touches the slinger */
	n = threats(g, f, 44, 21.5, t);
	ck_assert_ptr_nonnull(threat_of(t, n, sling2, SKIRMISH_THREAT_SHOOT));
	n = threats(g, f, 44, 20, t);
	for (i = 0; i < n; i++)
		ck_assert_int_ne(t[i].kind, SKIRMISH_THREAT_SHOOT);
	skirmish_game_free(g);
}
END_TEST

START_TEST(threats_refusals_change_nothing)
{
	skirmish_game *g = senso(0);
	skirmish_threat t[2] = { SKIRMISH_THREAT_INIT, SKIRMISH_THREAT_INIT };
	int n = -1;

	foot(g, 0, "a", 10, 10);
	foot(g, 1, "b", 20, 10);
	ck_assert_rejected(g, skirmish_game_threats(g, 0, 10, 20, t, 2, &n), SKIRMISH_E_STATE);
	tc_start(g);
	ck_assert_int_eq(skirmish_game_threats(NULL, 0, 10, 20, t, 2, &n), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_threats(g, 0, 10, 20, t, 2, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_threats(g, 0, 10, 20, NULL, 2, &n),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_threats(g, 0, 10, 20, t, -1, &n),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_threats(g, 2, 10, 20, t, 2, &n),
			   SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_game_threats(g, -1, 10, 20, t, 2, &n),
			   SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_game_threats(g, 0, -0.5, 20, t, 2, &n),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_threats(g, 0, 10, 48.5, t, 2, &n),
			   SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_game_threats(g, 0, NAN, 20, t, 2, &n),
			   SKIRMISH_E_INVALID);
	t[0].version = 0;
	ck_assert_rejected(g, skirmish_game_threats(g, 0, 10, 20, t, 2, &n),
			   SKIRMISH_E_VERSION);
	t[0].version = SKIRMISH_THREAT_VERSION + 1;
	ck_assert_rejected(g, skirmish_game_threats(g, 0, 10, 20, t, 2, &n),
			   SKIRMISH_E_VERSION);
	ck_assert_int_eq(n, -1);
	/* only out[0]'s version is read */
	t[0].version = SKIRMISH_THREAT_VERSION;
	t[1].version = 0;
	ck_assert_ok(skirmish_game_threats(g, 0, 10, 20, t, 2, &n));
	ck_assert_int_eq(n, 1);
	ck_assert_uint_eq(t[1].version, 0);
	skirmish_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* the options and exit edges a game has (a front end that opened it)  */
/* ------------------------------------------------------------------ */

static int
roll_fours(void *ud, int sides)
{
	(void)ud;
	return sides >= 4 ? 4 : 1;
}

static void *
counting_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	(void)old_size;
	++*(long *)ud;
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, new_size);
}

static void
no_event(void *ud, const struct skirmish_event *e)
{
	(void)ud;
	(void)e;
}

/* A figure either ruleset takes */
static int
body(skirmish_game *g, int player, const char *name, double x, double y)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.dv = 6;
	return tc_figure(g, player, name, x, y, &s);
}

/* Every option but the defaults: three players and an umpire, a table of
 * odd size, night, a turn limit, both Senso options, a d8, an order. */
static skirmish_game_options
odd_options(int ruleset, const int *order)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;

	o.ruleset = ruleset;
	o.players = 3;
	o.umpire = 1;
	o.table_width = 60.25;
	o.table_depth = 30.5;
	o.night = 1;
	o.turn_limit = 9;
	o.ring_removal = SKIRMISH_RINGS_GAME_TURN;
	o.melee_ties = SKIRMISH_TIES_STANDOFF;
	o.die_sides = 8;
	o.player_order = order;
	o.seed = UINT64_C(0x123456789abcdef0);
	return o;
}

static skirmish_game_options
options_of(const skirmish_game *g)
{
	skirmish_game_options o;

	memset(&o, 0xa5, sizeof(o));
	o.version = SKIRMISH_GAME_OPTIONS_VERSION;
	ck_assert_ok(skirmish_game_get_options(g, &o));
	return o;
}

/* a and b agree on every option; the orders by their ids */
static void
assert_same_options(const skirmish_game_options *a, const skirmish_game_options *b)
{
	int i;

	ck_assert_uint_eq(a->version, b->version);
	ck_assert_int_eq(a->ruleset, b->ruleset);
	ck_assert_str_eq(a->ruleset_name, b->ruleset_name);
	ck_assert_int_eq(a->players, b->players);
	ck_assert_int_eq(a->umpire, b->umpire);
	ck_assert(a->table_width == b->table_width && a->table_depth == b->table_depth);
	ck_assert_int_eq(a->night, b->night);
	ck_assert_int_eq(a->turn_limit, b->turn_limit);
	ck_assert_int_eq(a->ring_removal, b->ring_removal);
	ck_assert_int_eq(a->melee_ties, b->melee_ties);
	ck_assert_int_eq(a->die_sides, b->die_sides);
	ck_assert_int_eq(a->player_order == NULL, b->player_order == NULL);
	for (i = 0; a->player_order && i < a->players; i++)
		ck_assert_int_eq(a->player_order[i], b->player_order[i]);
	ck_assert(a->seed == b->seed);
}

/* What skirmish_game_new() was given comes back as the game uses it: the
 * ruleset as its enum and its static name, a nonzero umpire and night as
 * 1, a 0 die as the d6 rolled, the order copied into the game, the
 * callbacks as set now (set_roller and set_event_callback change them;
 * set_seed leaves the seed the game was made with). */
START_TEST(options_read_back_after_new)
{
	static const int order[3] = { 2, 0, 1 };
	skirmish_game_options o = odd_options(SKIRMISH_RULESET_SAMPSON, order), got;
	skirmish_game *g;
	long blocks = 0;
	int roll_ud, event_ud;

	o.ruleset = SKIRMISH_RULESET_NONE;
	o.ruleset_name = "sampson";
	o.umpire = 5;
	o.night = 7;
	o.roll = roll_fours;
	o.roll_data = &roll_ud;
	o.alloc = counting_alloc;
	o.alloc_data = &blocks;
	o.event = no_event;
	o.event_data = &event_ud;
	g = tc_game_opts(&o);
	got = options_of(g);
	ck_assert_int_eq(got.ruleset, SKIRMISH_RULESET_SAMPSON);
	ck_assert_ptr_eq(got.ruleset_name, skirmish_ruleset_name(SKIRMISH_RULESET_SAMPSON));
	ck_assert_int_eq(got.players, 3);
	ck_assert_int_eq(got.umpire, 1);
	ck_assert(got.table_width == 60.25 && got.table_depth == 30.5);
	ck_assert_int_eq(got.night, 1);
	ck_assert_int_eq(got.turn_limit, 9);
	ck_assert_int_eq(got.ring_removal, SKIRMISH_RINGS_GAME_TURN);
	ck_assert_int_eq(got.melee_ties, SKIRMISH_TIES_STANDOFF);
	ck_assert_int_eq(got.die_sides, 8);
	ck_assert_ptr_nonnull(got.player_order);
	ck_assert(got.player_order != order);
	ck_assert(got.player_order[0] == 2 && got.player_order[1] == 0 &&
		  got.player_order[2] == 1);
	ck_assert(got.seed == UINT64_C(0x123456789abcdef0));
	ck_assert(got.roll == roll_fours && got.roll_data == &roll_ud);
	ck_assert(got.alloc == counting_alloc && got.alloc_data == &blocks);
	ck_assert(got.event == no_event && got.event_data == &event_ud);
	ck_assert_ok(skirmish_game_set_roller(g, NULL, NULL));
	ck_assert_ok(skirmish_game_set_event_callback(g, NULL, &event_ud));
	ck_assert_ok(skirmish_game_set_seed(g, 5));
	got = options_of(g);
	ck_assert(got.roll == NULL && got.roll_data == NULL);
	ck_assert(got.event == NULL);
	ck_assert(got.seed == UINT64_C(0x123456789abcdef0));
	skirmish_game_free(g);
	ck_assert_int_gt(blocks, 0);

	/* the defaults: no order (rolled off at the start, and still NULL
	 * after it), a d6, malloc, the built-in generator, no events */
	g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	got = options_of(g);
	ck_assert_ptr_nonnull(got.player_order);
	skirmish_game_free(g);
	skirmish_game_options_init(&o, SKIRMISH_GAME_OPTIONS_VERSION);
	o.ruleset = SKIRMISH_RULESET_SENSO;
	g = tc_game_opts(&o);
	body(g, 0, "a", 10, 10);
	body(g, 1, "b", 50, 30);
	got = options_of(g);
	ck_assert_int_eq(got.die_sides, 6);      /* the 0 given: a d6 */
	o.ruleset_name = "senso";
	o.die_sides = 6;
	assert_same_options(&got, &o);
	ck_assert(got.player_order == NULL && got.roll == NULL && got.alloc == NULL &&
		  got.event == NULL);
	tc_start(g);
	got = options_of(g);
	ck_assert_ptr_null(got.player_order);
	ck_assert_int_eq(skirmish_game_player_order(g, NULL, 0), 2);
	skirmish_game_free(g);
}
END_TEST

/* A game saved and opened again has the options and exit edges it was
 * made with, before and after the start, both rulesets; the callbacks
 * are the loader's. */
START_TEST(options_and_exit_edges_survive_save_and_load)
{
	static const int order[3] = { 1, 2, 0 };
	static const int rulesets[2] = { SKIRMISH_RULESET_SENSO, SKIRMISH_RULESET_SAMPSON };
	int r, started;

	for (r = 0; r < 2; r++)
		for (started = 0; started < 2; started++) {
			skirmish_game_options o = odd_options(rulesets[r], order), a, b;
			skirmish_game_options cb = SKIRMISH_GAME_OPTIONS_INIT;
			skirmish_game *g, *h = NULL;
			unsigned char *buf;
			size_t need = 0;
			char err[256];
			int p, e1 = -1, e2 = -1, ud;

			if (started)
				o.player_order = NULL;     /* rolled off */
			g = tc_game_opts(&o);
			body(g, 0, "a", 10, 10);
			body(g, 1, "b", 30, 20);
			body(g, 2, "c", 50, 10);
			ck_assert_ok(skirmish_game_set_exit_edge(g, 0, SKIRMISH_EDGE_NORTH));
			ck_assert_ok(skirmish_game_set_exit_edge(g, 2, SKIRMISH_EDGE_WEST));
			if (started)
				tc_start(g);
			ck_assert_int_eq(skirmish_game_save(g, NULL, 0, &need), SKIRMISH_E_LIMIT);
			buf = malloc(need);
			ck_assert_ptr_nonnull(buf);
			ck_assert_ok(skirmish_game_save(g, buf, need, &need));
			cb.roll = roll_fours;
			cb.roll_data = &ud;
			ck_assert_ok(skirmish_game_load(&h, buf, need, &cb, err, sizeof(err)));
			free(buf);
			a = options_of(g);
			b = options_of(h);
			assert_same_options(&a, &b);
			ck_assert_int_eq(b.ruleset, rulesets[r]);
			ck_assert(b.table_width == 60.25 && b.table_depth == 30.5);
			ck_assert(b.umpire == 1 && b.night == 1 && b.turn_limit == 9 &&
				  b.die_sides == 8);
			ck_assert(b.ring_removal == SKIRMISH_RINGS_GAME_TURN &&
				  b.melee_ties == SKIRMISH_TIES_STANDOFF);
			ck_assert_int_eq(b.player_order == NULL, started);
			ck_assert(b.roll == roll_fours && b.roll_data == &ud && a.roll == NULL);
			for (p = 0; p < 4; p++) {
				ck_assert_ok(skirmish_game_get_exit_edge(g, p, &e1));
				ck_assert_ok(skirmish_game_get_exit_edge(h, p, &e2));
				ck_assert_int_eq(e1, e2);
				ck_assert_int_eq(e1, p == 0 ? SKIRMISH_EDGE_NORTH
						 : p == 2 ? SKIRMISH_EDGE_WEST : SKIRMISH_EDGE_NONE);
			}
			skirmish_game_free(g);
			skirmish_game_free(h);
		}
}
END_TEST

struct asked {
	const skirmish_game *g;
	int events, edge;
	skirmish_game_options o;
};

static void
ask_in_event(void *ud, const struct skirmish_event *e)
{
	struct asked *a = ud;
	const skirmish_game *g = a->g;

	(void)e;
	a->events++;
	a->o.version = SKIRMISH_GAME_OPTIONS_VERSION;
	ck_assert_ok(skirmish_game_get_options(g, &a->o));
	ck_assert_ok(skirmish_game_get_exit_edge(g, 1, &a->edge));
}

/* Queries on a const game: the event callback asks and gets what the
 * caller gets (the callbacks suite asks from every kind of callback). */
START_TEST(options_asked_inside_a_callback)
{
	skirmish_game *g = senso(1);
	struct asked a;
	skirmish_game_options out;

	memset(&a, 0, sizeof(a));
	a.g = g;
	foot(g, 0, "a", 10, 10);
	foot(g, 1, "b", 40, 30);
	ck_assert_ok(skirmish_game_set_exit_edge(g, 1, SKIRMISH_EDGE_SOUTH));
	ck_assert_ok(skirmish_game_set_event_callback(g, ask_in_event, &a));
	tc_start(g);
	ck_assert_int_gt(a.events, 0);
	out = options_of(g);
	assert_same_options(&a.o, &out);
	ck_assert(a.o.event == ask_in_event && a.o.event_data == &a && a.o.night == 1);
	ck_assert_int_eq(a.edge, SKIRMISH_EDGE_SOUTH);
	skirmish_game_free(g);
}
END_TEST

START_TEST(options_refusals_change_nothing)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	skirmish_game_options o, before;
	int edge = 77;

	memset(&o, 0x5a, sizeof(o));
	o.version = SKIRMISH_GAME_OPTIONS_VERSION;
	ck_assert_int_eq(skirmish_game_get_options(NULL, &o), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_get_options(g, NULL), SKIRMISH_E_INVALID);
	o.version = 0;
	before = o;
	ck_assert_query_fails(g, skirmish_game_get_options(g, &o), SKIRMISH_E_VERSION);
	ck_assert(memcmp(&o, &before, sizeof(o)) == 0);
	o.version = SKIRMISH_GAME_OPTIONS_VERSION + 1;
	before = o;
	ck_assert_query_fails(g, skirmish_game_get_options(g, &o), SKIRMISH_E_VERSION);
	ck_assert_ptr_nonnull(strstr(skirmish_game_errmsg(g), "version 2"));
	ck_assert(memcmp(&o, &before, sizeof(o)) == 0);

	ck_assert_int_eq(skirmish_game_get_exit_edge(NULL, 0, &edge), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_get_exit_edge(g, 0, NULL), SKIRMISH_E_INVALID);
	ck_assert_query_fails(g, skirmish_game_get_exit_edge(g, -1, &edge),
			      SKIRMISH_E_NO_PLAYER);
	ck_assert_query_fails(g, skirmish_game_get_exit_edge(g, 2, &edge),
			      SKIRMISH_E_NO_PLAYER);
	ck_assert_ptr_nonnull(strstr(skirmish_game_errmsg(g), "no player 2"));
	ck_assert_query_fails(g, skirmish_game_get_exit_edge(g, INT_MAX, &edge),
			      SKIRMISH_E_NO_PLAYER);
	ck_assert_int_eq(edge, 77);
	ck_assert_ok(skirmish_game_get_exit_edge(g, 1, &edge));
	ck_assert_int_eq(edge, SKIRMISH_EDGE_NONE);
	skirmish_game_free(g);
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
	ADD_TEST(s, s6_s9_threats_shots_and_charges);
	ADD_TEST(s, threats_agree_with_the_actions);
	ADD_TEST(s, s12_threats_at_night);
	ADD_TEST(s, s25_threats_a_wall_in_the_way_of_a_charge);
	ADD_TEST(s, s2_threats_of_every_other_player_and_the_umpire);
	ADD_TEST(s, a5_threats_sampson);
	ADD_TEST(s, threats_refusals_change_nothing);
	ADD_TEST(s, options_read_back_after_new);
	ADD_TEST(s, options_and_exit_edges_survive_save_and_load);
	ADD_TEST(s, options_asked_inside_a_callback);
	ADD_TEST(s, options_refusals_change_nothing);
	return s;
}

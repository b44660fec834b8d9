/* SPDX-License-Identifier: MIT */
/* What a front end asks of a position (since 0.4): what a figure sees
 * and why not (G5, S12), and where it can move this action (G4, S9, A3),
 * each the same answer the actions themselves give; and what it asks of
 * a game it opened: its options and exit edges. */
#include <limits.h>
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
	ADD_TEST(s, options_read_back_after_new);
	ADD_TEST(s, options_and_exit_edges_survive_save_and_load);
	ADD_TEST(s, options_asked_inside_a_callback);
	ADD_TEST(s, options_refusals_change_nothing);
	return s;
}

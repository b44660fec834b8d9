/* SPDX-License-Identifier: MIT */
/* Terrain, sight and cover (G4, G5, G5a, G5b, G11). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-stub.h"

static int
see(const skirmish_game *g, int a, int b)
{
	int v = -1;

	ck_assert_ok(skirmish_game_can_see(g, a, b, &v));
	return v;
}

static int
cover(const skirmish_game *g, int a, int b)
{
	int v = -1;

	ck_assert_ok(skirmish_game_in_cover(g, a, b, &v));
	return v;
}

static int
polygon(skirmish_game *g, unsigned int flags, const double *pts, int n, int *id)
{
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;

	t.shape = SKIRMISH_SHAPE_POLYGON;
	t.flags = flags;
	t.points = pts;
	t.npoints = n;
	return skirmish_game_add_terrain(g, &t, id);
}

START_TEST(terrain_rect_outline)
{
	skirmish_game *g = stub_game(2);
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	double xy[8];
	unsigned int flags = 0;
	const char *name = NULL;
	double height = -1;
	int n = 0, id = -1;

	ck_assert_ok(skirmish_terrain_spec_init(&t, SKIRMISH_TERRAIN_SPEC_VERSION));
	t.shape = SKIRMISH_SHAPE_RECT;
	t.name = "barn";
	t.flags = SKIRMISH_TERRAIN_BLOCKS_SIGHT | SKIRMISH_TERRAIN_IMPASSABLE;
	t.x = 20;
	t.y = 20;
	t.width = 2;  /* across the angle */
	t.depth = 4;  /* along the angle */
	t.angle = 90;
	ck_assert_ok(skirmish_game_add_terrain(g, &t, &id));
	ck_assert_int_eq(id, 0);
	ck_assert_int_eq(skirmish_game_terrain_count(g), 1);
	ck_assert_ok(skirmish_game_terrain(g, 0, &flags, &name, &height, xy, 4, &n));
	ck_assert_int_eq(n, 4);
	ck_assert_uint_eq(flags, SKIRMISH_TERRAIN_BLOCKS_SIGHT | SKIRMISH_TERRAIN_IMPASSABLE);
	ck_assert_str_eq(name, "barn");
	ck_assert(height == 0.0);
	/* turned 90 degrees: 2" along x, 4" along y, counter-clockwise */
	ck_assert(xy[0] == 19.0 && xy[1] == 22.0);
	ck_assert(xy[2] == 19.0 && xy[3] == 18.0);
	ck_assert(xy[4] == 21.0 && xy[5] == 18.0);
	ck_assert(xy[6] == 21.0 && xy[7] == 22.0);
	/* a short buffer gets what fits and the full count */
	xy[2] = -1;
	ck_assert_ok(skirmish_game_terrain(g, 0, NULL, NULL, NULL, xy, 1, &n));
	ck_assert_int_eq(n, 4);
	ck_assert(xy[2] == -1);
	ck_assert_int_eq(skirmish_game_terrain(g, 1, NULL, NULL, NULL, NULL, 0, &n),
			 SKIRMISH_E_INVALID);
	skirmish_game_free(g);
}
END_TEST

/* Polygons are stored counter-clockwise whatever order they were given in. */
START_TEST(terrain_polygon_convex)
{
	static const double cw[6] = { 10, 10, 12, 14, 14, 10 };
	skirmish_game *g = stub_game(2);
	double xy[6];
	int n = 0, id = -1;

	ck_assert_ok(polygon(g, SKIRMISH_TERRAIN_ROUGH, cw, 3, &id));
	ck_assert_ok(skirmish_game_terrain(g, id, NULL, NULL, NULL, xy, 3, &n));
	ck_assert_int_eq(n, 3);
	ck_assert((xy[2] - xy[0]) * (xy[5] - xy[1]) - (xy[3] - xy[1]) * (xy[4] - xy[0]) > 0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(terrain_polygon_nonconvex_rejected)
{
	static const double arrow[8] = { 0, 0, 4, 0, 1, 1, 0, 4 };
	static const double collinear[8] = { 0, 0, 2, 0, 4, 0, 2, 3 };
	static const double repeated[8] = { 0, 0, 4, 0, 4, 0, 2, 3 };
	static const double flat[6] = { 0, 0, 2, 0, 4, 0 };
	skirmish_game *g = stub_game(2);
	double many[2 * (SKIRMISH_POLYGON_MAX + 1)];
	int i;

	ck_assert_rejected(g, polygon(g, 0, arrow, 4, NULL), SKIRMISH_E_INVALID);
	ck_assert(strstr(skirmish_game_errmsg(g), "convex") != NULL);
	ck_assert_rejected(g, polygon(g, 0, collinear, 4, NULL), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, polygon(g, 0, repeated, 4, NULL), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, polygon(g, 0, flat, 3, NULL), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, polygon(g, 0, arrow, 2, NULL), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, polygon(g, 0, NULL, 3, NULL), SKIRMISH_E_INVALID);
	for (i = 0; i <= SKIRMISH_POLYGON_MAX; i++) {
		int32_t dx, dy;
		sk_dir(i * 360 / (SKIRMISH_POLYGON_MAX + 1), 10000, &dx, &dy);
		many[2 * i] = 20 + dx / 1000.0;
		many[2 * i + 1] = 20 + dy / 1000.0;
	}
	ck_assert_rejected(g, polygon(g, 0, many, SKIRMISH_POLYGON_MAX + 1, NULL),
			   SKIRMISH_E_INVALID);
	ck_assert_ok(polygon(g, 0, many, SKIRMISH_POLYGON_MAX, NULL));
	ck_assert_int_eq(skirmish_game_terrain_count(g), 1);
	skirmish_game_free(g);
}
END_TEST

/* G11: a circle is the 32-gon whose vertices lie at whole degrees:
 * i * 11.25 rounded (0, 11, 23, 34, 45, ...), at the radius. */
START_TEST(g11_circle_is_a_32_gon_at_whole_degrees)
{
	skirmish_game *g = stub_game(2);
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	double xy[64];
	int n = 0, i;

	t.shape = SKIRMISH_SHAPE_CIRCLE;
	t.flags = SKIRMISH_TERRAIN_WATER;
	t.x = 30;
	t.y = 20;
	t.radius = 5;
	ck_assert_ok(skirmish_game_add_terrain(g, &t, NULL));
	ck_assert_ok(skirmish_game_terrain(g, 0, NULL, NULL, NULL, xy, 32, &n));
	ck_assert_int_eq(n, 32);
	ck_assert(xy[0] == 35.0 && xy[1] == 20.0);
	ck_assert(xy[16] == 30.0 && xy[17] == 25.0);     /* 90 degrees */
	for (i = 0; i < 32; i++) {
		int deg = (i * 1125 + 50) / 100;
		int32_t dx, dy;
		sk_dir(deg, 5000, &dx, &dy);
		ck_assert_msg(xy[2 * i] == (30000 + dx) / 1000.0 &&
			      xy[2 * i + 1] == (20000 + dy) / 1000.0, "vertex %d", i);
	}
	ck_assert_int_eq((2 * 1125 + 50) / 100, 23);
	t.radius = 0.001;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_INVALID);
	skirmish_game_free(g);
}
END_TEST

START_TEST(terrain_spec_invalid_rejected)
{
	skirmish_game *g = stub_game(2);
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;

	t.shape = SKIRMISH_SHAPE_RECT;
	t.x = t.y = 10;
	t.width = t.depth = 2;
	t.flags = 1u << 8;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_INVALID);
	t.flags = SKIRMISH_TERRAIN_HILL;
	t.height = -1;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_INVALID);
	t.height = 1;
	t.move_penalty = -2;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_INVALID);
	t.move_penalty = 0;
	t.width = 0.005;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_INVALID);
	t.width = 2;
	t.angle = NAN;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_INVALID);
	t.angle = 0;
	t.shape = 3;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_INVALID);
	t.shape = SKIRMISH_SHAPE_RECT;
	t.name = "a name far too long for a piece";
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_INVALID);
	t.name = NULL;
	t.version = 0;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_VERSION);
	ck_assert_int_eq(skirmish_game_terrain_count(g), 0);
	skirmish_game_free(g);
}
END_TEST

/* G5: a piece that blocks sight between the two centres blocks it;
 * figures never do. */
START_TEST(g5_sight_blocked_and_unblocked)
{
	skirmish_game *g = stub_game(2);

	tc_rect(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 14, 9, 16, 11);
	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 20, 10, NULL);
	tc_figure(g, 0, "c", 10, 13, NULL);
	tc_figure(g, 1, "d", 20, 13, NULL);
	tc_figure(g, 0, "e", 15, 13, NULL);   /* between c and d */
	ck_assert_int_eq(see(g, 0, 1), 0);
	ck_assert_int_eq(see(g, 1, 0), 0);
	ck_assert_int_eq(see(g, 2, 3), 1);    /* e is a figure: it does not block */
	ck_assert_int_eq(see(g, 0, 3), 1);    /* passes above the piece */
	skirmish_game_free(g);
}
END_TEST

/* G5b: a line of sight that only touches a piece's boundary (along an edge,
 * or through a corner) is not blocked by it. */
START_TEST(g5b_grazing_a_piece_does_not_block)
{
	skirmish_game *g = stub_game(2);

	tc_rect(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 14, 9, 16, 11);
	tc_figure(g, 0, "a", 10, 11, NULL);
	tc_figure(g, 1, "b", 20, 11, NULL);   /* along the top edge */
	tc_figure(g, 1, "c", 20, 7, NULL);    /* through the corner (16, 11)... */
	tc_figure(g, 0, "d", 12, 15, NULL);   /* ...from here */
	tc_figure(g, 1, "e", 24, 10.999, NULL);
	ck_assert_int_eq(see(g, 0, 1), 1);
	ck_assert_int_eq(see(g, 3, 2), 1);
	ck_assert_int_eq(see(g, 0, 4), 0);    /* a mil inside: blocked */
	skirmish_game_free(g);
}
END_TEST

/* G5a: a piece that contains either figure's centre does not block the
 * sight between them (a figure in a wood sees out and is seen); other
 * pieces on the line still block. */
START_TEST(g5a_standing_in_a_sight_blocker)
{
	skirmish_game *g = stub_game(2);

	tc_rect(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 8, 8, 12, 12);  /* wood around a */
	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 20, 10, NULL);
	tc_figure(g, 1, "c", 10, 20, NULL);
	ck_assert_int_eq(see(g, 0, 1), 1);
	ck_assert_int_eq(see(g, 1, 0), 1);
	tc_rect(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 14, 8, 16, 12); /* a second wood */
	ck_assert_int_eq(see(g, 0, 1), 0);
	ck_assert_int_eq(see(g, 0, 2), 1);
	skirmish_game_free(g);
}
END_TEST

/* G5a: only a centre strictly inside counts: a centre on the piece's edge
 * (whichever way the edge runs) or corner is outside it, even though the
 * base overlaps the piece. */
START_TEST(g5a_centre_on_the_edge_does_not_count)
{
	skirmish_game *g = stub_game(2);

	tc_rect(g, SKIRMISH_TERRAIN_BLOCKS_SIGHT, 10, 8, 14, 12);
	tc_figure(g, 0, "a", 10, 10, NULL);   /* on the left edge */
	tc_figure(g, 1, "b", 20, 10, NULL);
	tc_figure(g, 0, "c", 12, 8, NULL);    /* on the bottom edge */
	tc_figure(g, 1, "d", 12, 14, NULL);
	tc_figure(g, 0, "e", 14, 12, NULL);   /* on a corner */
	tc_figure(g, 1, "f", 8, 8, NULL);
	tc_figure(g, 0, "g", 10.001, 11, NULL); /* a mil inside */
	ck_assert_int_eq(see(g, 0, 1), 0);
	ck_assert_int_eq(see(g, 1, 0), 0);
	ck_assert_int_eq(see(g, 2, 3), 0);
	ck_assert_int_eq(see(g, 4, 5), 0);
	ck_assert_int_eq(see(g, 6, 1), 1);
	skirmish_game_free(g);
}
END_TEST

/* Cover (Senso S6, through the engine's sk_cover_from): the target's base
 * overlaps cover, or the line passes through cover the shooter is not in. */
START_TEST(terrain_cover)
{
	skirmish_game *g = stub_game(2);

	tc_rect(g, SKIRMISH_TERRAIN_COVER, 19, 9, 21, 11);  /* bushes at b */
	tc_rect(g, SKIRMISH_TERRAIN_COVER, 14, 19, 15, 21); /* a hedge between c and d */
	tc_rect(g, SKIRMISH_TERRAIN_COVER, 8, 28, 16, 32);  /* a field around e */
	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 20.9, 10, NULL);  /* base overlaps the bushes */
	tc_figure(g, 0, "c", 10, 20, NULL);
	tc_figure(g, 1, "d", 20, 20, NULL);
	tc_figure(g, 0, "e", 10, 30, NULL);
	tc_figure(g, 1, "f", 20, 30, NULL);
	tc_figure(g, 1, "h", 30, 10, NULL);
	ck_assert_int_eq(cover(g, 0, 1), 1);
	ck_assert_int_eq(cover(g, 2, 3), 1);
	ck_assert_int_eq(cover(g, 3, 2), 1);
	ck_assert_int_eq(cover(g, 4, 5), 0);   /* the shooter stands in that cover */
	ck_assert_int_eq(cover(g, 5, 4), 1);   /* but its target is in cover */
	ck_assert_int_eq(cover(g, 1, 6), 0);   /* shooting out of the bushes */
	ck_assert_int_eq(cover(g, 0, 2), 0);
	skirmish_game_free(g);
}
END_TEST

static uint64_t
lcg(uint64_t *x)
{
	*x = *x * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
	return *x >> 33;
}

/* G5, S6, G14: a shot's one pass over the terrain (sk_shot_terrain) gives
 * what sk_sight_blocker and sk_cover_from give, on random tables of cover,
 * sight blockers and obstacles (touching ones too, G17), with shooters and
 * targets anywhere: in the open, behind, over, inside and beside pieces. */
START_TEST(g5_shot_terrain_matches_sight_and_cover)
{
	static const unsigned kinds[] = {
		SKIRMISH_TERRAIN_COVER,
		SKIRMISH_TERRAIN_BLOCKS_SIGHT,
		SKIRMISH_TERRAIN_COVER | SKIRMISH_TERRAIN_BLOCKS_SIGHT,
		SKIRMISH_TERRAIN_COVER | SKIRMISH_TERRAIN_OBSTACLE,
		SKIRMISH_TERRAIN_OBSTACLE,
		SKIRMISH_TERRAIN_ROUGH,
		SKIRMISH_TERRAIN_COVER | SKIRMISH_TERRAIN_ROUGH,
	};
	uint64_t x = 99;
	int layout, i, k, blocked = 0, covered = 0;

	for (layout = 0; layout < 200; layout++) {
		skirmish_game *g = stub_game(2);
		int n = 1 + (int)(lcg(&x) % 12);

		for (k = 0; k < n; k++) {
			double x0 = (double)(lcg(&x) % 40), y0 = (double)(lcg(&x) % 40);
			double w = 0.5 + (double)(lcg(&x) % 8), d = 0.5 + (double)(lcg(&x) % 8);
			tc_rect(g, kinds[lcg(&x) % 7], x0, y0, x0 + w, y0 + d);
		}
		tc_figure(g, 0, "a", 1, 1, NULL);
		tc_figure(g, 1, "b", 3, 1, NULL);
		for (i = 0; i < 500; i++) {
			int c = -1, b;
			for (k = 0; k < 2; k++) {
				struct sk_fig *f = &g->figs[k];
				f->x = (int32_t)(lcg(&x) % (uint64_t)g->table_w);
				f->y = (int32_t)(lcg(&x) % (uint64_t)g->table_d);
				f->facing = (int16_t)(lcg(&x) % 4 ? 90 * (lcg(&x) % 4) : lcg(&x) % 360);
				sk_fig_reshape(f);
			}
			b = sk_shot_terrain(g, 0, 1, &c);
			ck_assert_int_eq(b, sk_sight_blocker(g, 0, 1));
			ck_assert_int_eq(c, (b >= 0 ? 0 : sk_cover_from(g, 0, 1)));
			blocked += b >= 0;
			covered += c;
		}
		skirmish_game_free(g);
	}
	/* both answers were often yes */
	ck_assert_int_gt(blocked, 5000);
	ck_assert_int_gt(covered, 5000);
}
END_TEST

/* A17, A18: the fight's terrain in one walk (sk_fight_terrain) gives each
 * protagonist's height (sk_elevation) and the obstacle between them each
 * way asked for (sk_obstacle_between), on random tables of hills and
 * obstacles, square and turned, overlapping, and centres on a grid that
 * puts them on the pieces' edges and corners. */
START_TEST(a18_fight_terrain_matches_the_calls)
{
	uint64_t x = 1717;
	int layout, i, k, hills = 0, walls = 0;

	for (layout = 0; layout < 150; layout++) {
		skirmish_game *g = stub_game(2);
		int n = 1 + (int)(lcg(&x) % 10);

		for (k = 0; k < n; k++) {
			skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
			int id = -1;

			t.shape = SKIRMISH_SHAPE_RECT;
			t.flags = lcg(&x) % 2 ? SKIRMISH_TERRAIN_HILL : SKIRMISH_TERRAIN_OBSTACLE;
			t.height = 0.5 * (double)(1 + lcg(&x) % 4);
			t.x = (double)(lcg(&x) % 20);
			t.y = (double)(lcg(&x) % 20);
			t.width = 0.5 + (double)(lcg(&x) % 8);
			t.depth = 0.5 + (double)(lcg(&x) % 8);
			t.angle = lcg(&x) % 3 ? 0.0 : (double)(lcg(&x) % 360);
			ck_assert_int_eq(skirmish_game_add_terrain(g, &t, &id), 0);
		}
		tc_figure(g, 0, "a", 1, 1, NULL);
		tc_figure(g, 1, "b", 3, 1, NULL);
		for (i = 0; i < 400; i++) {
			sk_pt a, b;
			int32_t h[2];
			int want[2], ob[2];
			/* half-inch grid (edges and corners), or anywhere */
			int32_t step = i % 2 ? 500 : 1, span = 20000 / step;

			a.x = (int32_t)(lcg(&x) % (uint64_t)span) * step;
			a.y = (int32_t)(lcg(&x) % (uint64_t)span) * step;
			b.x = (int32_t)(lcg(&x) % (uint64_t)span) * step;
			b.y = (int32_t)(lcg(&x) % (uint64_t)span) * step;
			g->figs[0].x = a.x;
			g->figs[0].y = a.y;
			g->figs[1].x = b.x;
			g->figs[1].y = b.y;
			want[0] = (int)(lcg(&x) % 4) != 0;
			want[1] = (int)(lcg(&x) % 4) != 0;
			sk_fight_terrain(g, a, b, h, want, ob);
			ck_assert_int_eq(h[0], sk_elevation(g, a));
			ck_assert_int_eq(h[1], sk_elevation(g, b));
			ck_assert_int_eq(ob[0], want[0] ? sk_obstacle_between(g, 0, 1) : -1);
			ck_assert_int_eq(ob[1], want[1] ? sk_obstacle_between(g, 1, 0) : -1);
			hills += h[0] > 0;
			walls += ob[0] >= 0;
		}
		skirmish_game_free(g);
	}
	/* both answers were often something */
	ck_assert_int_gt(hills, 3000);
	ck_assert_int_gt(walls, 3000);
}
END_TEST

/* The path's length in rough ground is measured to the mil; overlapping
 * pieces count once. */
START_TEST(terrain_path_length_in_rough)
{
	skirmish_game *g = stub_game(2);
	struct sk_path_info info;
	sk_pt path[3] = { { 5000, 10000 }, { 15000, 10000 }, { 15000, 14000 } };

	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 8, 5, 12, 15);
	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 10, 5, 13, 11);
	tc_rect(g, SKIRMISH_TERRAIN_WATER, 14, 12, 16, 13);
	tc_figure(g, 0, "a", 5, 10, NULL);
	ck_assert_int_eq(sk_path_info(g, 0, path, 2, &info), 0);
	ck_assert_int_eq(info.length, 10000);
	ck_assert_int_eq(info.rough, 5000);    /* 8..13 */
	ck_assert_int_eq(info.enters_rough, 1);
	ck_assert_int_eq(info.water, 0);
	ck_assert_int_eq(info.obstacle, -1);
	ck_assert_int_eq(sk_path_info(g, 0, path, 3, &info), 0);
	ck_assert_int_eq(info.length, 14000);
	ck_assert_int_eq(info.water, 1);
	skirmish_game_free(g);
}
END_TEST

/* The public path cost is the ruleset's: the stub counts rough double. */
START_TEST(terrain_path_cost_in_rough)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double to[2] = { 11, 10 }, cost = -1;

	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 8, 5, 10, 15);
	tc_figure(g, 0, "a", 5, 10, NULL);
	tc_figure(g, 1, "b", 5, 30, NULL);
	tc_start(g);
	ck_assert_ok(skirmish_game_path_cost(g, 0, to, 1, &cost));
	ck_assert(cost == 8.0);                /* 6" of path, 2" of it rough */
	ck_assert_rejected(g, skirmish_move(g, 0, to, 1, -1, &r), SKIRMISH_E_TOO_FAR);
	to[0] = 9;
	ck_assert_ok(skirmish_game_path_cost(g, 0, to, 1, &cost));
	ck_assert(cost == 5.0);
	ck_assert_ok(skirmish_move(g, 0, to, 1, -1, &r));
	skirmish_game_free(g);
}
END_TEST

/* An obstacle is crossed when the path enters and leaves it. */
START_TEST(terrain_obstacle_crossed)
{
	skirmish_game *g = stub_game(2);
	struct sk_path_info info;
	sk_pt over[2] = { { 10000, 10000 }, { 14000, 10000 } };
	sk_pt onto[2] = { { 10000, 10000 }, { 12100, 10000 } };
	int wall;

	tc_rect(g, SKIRMISH_TERRAIN_ROUGH, 30, 30, 31, 31);
	wall = tc_rect(g, SKIRMISH_TERRAIN_OBSTACLE, 12, 5, 12.2, 15);
	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 20, 30, NULL);
	sk_path_info(g, 0, over, 2, &info);
	ck_assert_int_eq(info.obstacle, wall);
	sk_path_info(g, 0, onto, 2, &info);
	ck_assert_int_eq(info.obstacle, -1);
	ck_assert_int_eq(sk_obstacle_between(g, 0, 1), wall);
	skirmish_game_free(g);
}
END_TEST

/* G4: no path through impassable terrain; no figure on it. */
START_TEST(g4_impassable)
{
	skirmish_game *g = stub_game(2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double through[2] = { 14, 10 }, around[4] = { 10, 12.4, 13, 12.4 };

	ck_assert_int_eq(tc_rect(g, SKIRMISH_TERRAIN_IMPASSABLE, 11.5, 8, 12.5, 12), 0);
	s.x = 12.9;
	s.y = 10;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_BLOCKED);
	ck_assert(strstr(skirmish_game_errmsg(g), "impassable") != NULL);
	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 40, 40, NULL);
	tc_start(g);
	ck_assert_rejected(g, skirmish_move(g, 0, through, 1, -1, &r), SKIRMISH_E_BLOCKED);
	ck_assert(strstr(skirmish_game_errmsg(g), "G4: the move would cross impassable") != NULL);
	ck_assert_rejected(g, skirmish_move(g, 0, around, 2, -1, &r), SKIRMISH_E_BLOCKED);
	around[1] = 12.5; /* the base touches the piece's corner: allowed */
	around[3] = 12.5;
	ck_assert_ok(skirmish_move(g, 0, around, 2, -1, &r));
	skirmish_game_free(g);
}
END_TEST

/* G4: nor is an impassable piece placed under a figure already set up
 * (found by fuzz-api through the referee's full check); the game is as it
 * was, and a piece beside the figure is placed. */
START_TEST(g4_no_impassable_piece_under_a_figure)
{
	skirmish_game *g = stub_game(2);
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	uint64_t before = 0, after = 1;

	tc_figure(g, 0, "a", 10, 10, NULL);
	ck_assert_ok(skirmish_game_hash(g, &before));
	t.shape = SKIRMISH_SHAPE_RECT;
	t.flags = SKIRMISH_TERRAIN_IMPASSABLE;
	t.x = 10;
	t.y = 10;
	t.width = 2;
	t.depth = 2;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_BLOCKED);
	ck_assert_msg(strstr(skirmish_game_errmsg(g), "G4: the impassable piece would stand "
			     "under a") != NULL, "%s", skirmish_game_errmsg(g));
	ck_assert_ok(skirmish_game_hash(g, &after));
	ck_assert(before == after);
	ck_assert_int_eq(skirmish_game_terrain_count(g), 0);
	ck_assert_ok(tc_rect(g, SKIRMISH_TERRAIN_IMPASSABLE, 12, 9, 14, 11));
	ck_assert_int_eq(skirmish_game_terrain_count(g), 1);
	skirmish_game_free(g);
}
END_TEST

/* A figure's elevation is the height of the highest hill under its centre. */
START_TEST(terrain_hill_elevation)
{
	skirmish_game *g = stub_game(2);
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;

	t.shape = SKIRMISH_SHAPE_CIRCLE;
	t.flags = SKIRMISH_TERRAIN_HILL;
	t.x = t.y = 20;
	t.radius = 6;
	t.height = 1.5;
	ck_assert_ok(skirmish_game_add_terrain(g, &t, NULL));
	t.radius = 2;
	t.height = 3;
	ck_assert_ok(skirmish_game_add_terrain(g, &t, NULL));
	tc_figure(g, 0, "top", 20, 20, NULL);
	tc_figure(g, 0, "slope", 24, 20, NULL);
	tc_figure(g, 1, "foot", 40, 20, NULL);
	ck_assert(tc_info(g, 0).elevation == 3.0);
	ck_assert(tc_info(g, 1).elevation == 1.5);
	ck_assert(tc_info(g, 2).elevation == 0.0);
	skirmish_game_free(g);
}
END_TEST

START_TEST(terrain_only_in_setup)
{
	skirmish_game *g = stub_game(2);
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;

	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 20, 10, NULL);
	tc_start(g);
	t.width = t.depth = 1;
	t.x = t.y = 30;
	ck_assert_rejected(g, skirmish_game_add_terrain(g, &t, NULL), SKIRMISH_E_STATE);
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("terrain");

	ADD_TEST(s, terrain_rect_outline);
	ADD_TEST(s, terrain_polygon_convex);
	ADD_TEST(s, terrain_polygon_nonconvex_rejected);
	ADD_TEST(s, g11_circle_is_a_32_gon_at_whole_degrees);
	ADD_TEST(s, terrain_spec_invalid_rejected);
	ADD_TEST(s, g5_sight_blocked_and_unblocked);
	ADD_TEST(s, g5b_grazing_a_piece_does_not_block);
	ADD_TEST(s, g5a_standing_in_a_sight_blocker);
	ADD_TEST(s, g5a_centre_on_the_edge_does_not_count);
	ADD_TEST(s, terrain_cover);
	ADD_TEST(s, terrain_path_length_in_rough);
	ADD_TEST(s, terrain_path_cost_in_rough);
	ADD_TEST(s, terrain_obstacle_crossed);
	ADD_TEST(s, g4_impassable);
	ADD_TEST(s, g4_no_impassable_piece_under_a_figure);
	ADD_TEST(s, terrain_hill_elevation);
	ADD_TEST(s, terrain_only_in_setup);
	ADD_TEST(s, g5_shot_terrain_matches_sight_and_cover);
	ADD_TEST(s, a18_fight_terrain_matches_the_calls);
	return s;
}

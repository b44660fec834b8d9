/* SPDX-License-Identifier: MIT */
/* Geometry (G1-G4, G10): bases, distances, contact, paths, charges. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-stub.h"

static double
dist(const skirmish_game *g, int a, int b)
{
	double d = -1.0;

	ck_assert_ok(skirmish_game_distance(g, a, b, &d));
	return d;
}

static int
contacts(const skirmish_game *g, int a)
{
	int ids[8], n = -1;

	ck_assert_ok(skirmish_game_figure_contacts(g, a, ids, 8, &n));
	return n;
}

static int
spec_figure(skirmish_game *g, int player, double x, double y, double facing, int mounted)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.facing = facing;
	s.mounted = mounted;
	return tc_figure(g, player, NULL, x, y, &s);
}

/* G1: inches at the API, whole mils inside, halves rounded away from zero. */
START_TEST(g1_inches_to_mils_rounding)
{
	int32_t m = 0;

	ck_assert_int_eq(sk_to_mils(0.0625, &m), 0);
	ck_assert_int_eq(m, 63);
	ck_assert_int_eq(sk_to_mils(-0.0625, &m), 0);
	ck_assert_int_eq(m, -63);
	ck_assert_int_eq(sk_to_mils(12.3454, &m), 0);
	ck_assert_int_eq(m, 12345);
	ck_assert_int_eq(sk_to_mils(100000.0, &m), 0);
	ck_assert_int_eq(m, 100000000);
	ck_assert_int_eq(sk_to_mils(100000.001, &m), -1);
	ck_assert_int_eq(sk_to_mils(-100000.001, &m), -1);
	ck_assert_int_eq(sk_to_mils(NAN, &m), -1);
	ck_assert_int_eq(sk_to_mils(INFINITY, &m), -1);
	ck_assert(sk_to_inches(12345) == 12.345);
}
END_TEST

/* G1: whole mils go to inches and back as they were, inside the limit
 * (sk_plain_move reads a move's end so, without the trip). */
START_TEST(g1_mils_to_inches_and_back)
{
	uint64_t r = 12345;
	int32_t m = 0;
	long i;

	for (i = 0; i < tc_loops(200000); i++) {
		int64_t v;
		r = r * 6364136223846793005u + 1442695040888963407u;
		v = i < 1000 ? SK_COORD_MAX - i : i < 2000 ? -SK_COORD_MAX + (i - 1000) :
		    i < 3000 ? i - 2000 : (int64_t)(r >> 33) % (2 * SK_COORD_MAX) - SK_COORD_MAX;
		ck_assert_int_eq(sk_to_mils(sk_to_inches(v), &m), 0);
		ck_assert_int_eq(m, (int32_t)v);
	}
	ck_assert_int_eq(sk_to_mils(sk_to_inches((int64_t)SK_COORD_MAX + 1), &m), -1);
	ck_assert_int_eq(sk_to_mils(sk_to_inches(-(int64_t)SK_COORD_MAX - 1), &m), -1);
}
END_TEST

/* G1: a position is kept to the mil; facings to the whole degree. */
START_TEST(g1_positions_kept_to_the_mil)
{
	skirmish_game *g = stub_game(2);
	skirmish_figure_info f;

	spec_figure(g, 0, 10.0625, 20.0004, 44.5, 0);
	f = tc_info(g, 0);
	ck_assert(f.x == 10.063);
	ck_assert(f.y == 20.0);
	ck_assert(f.facing == 45.0);
	skirmish_game_free(g);
}
END_TEST

/* The whole degree of a direction is the table's nearest: the degree of
 * the largest dx cos(d) + dy sin(d), ties to the lowest, as a walk over
 * all 360 finds it. */
static int
atan2_by_walk(int64_t dy, int64_t dx)
{
	int d, best = 0;
	int64_t bestv = INT64_MIN;

	for (d = 0; d < 360; d++) {
		int64_t v = dx * sk_sin_deg(d + 90) + dy * sk_sin_deg(d);
		if (v > bestv) {
			bestv = v;
			best = d;
		}
	}
	return best;
}

START_TEST(g1_a_direction_is_the_nearest_whole_degree)
{
	uint64_t s = 12345;
	int i, k;

	ck_assert_int_eq(sk_atan2_deg(0, 0), 0);
	/* small vectors, every one */
	for (i = -40; i <= 40; i++)
		for (k = -40; k <= 40; k++)
			ck_assert_int_eq(sk_atan2_deg(i, k), atan2_by_walk(i, k));
	/* any length a table holds, and (every other one) the directions near
	 * a half degree */
	for (i = 0; i < tc_loops(20000); i++) {
		int64_t dx, dy;
		s = s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
		dx = (int64_t)(s >> 33) % 200000001 - 100000000;
		s = s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
		dy = (int64_t)(s >> 33) % 200000001 - 100000000;
		if (i % 2) {
			/* a half degree, give or take a unit of dy */
			double a = ((double)(i % 360) + 0.5) * 3.14159265358979323846 / 180.0;
			double r = (double)(1 + (s >> 40) % 100000000);
			dx = (int64_t)(r * cos(a));
			dy = (int64_t)(r * sin(a)) + (int64_t)(s % 3) - 1;
		}
		ck_assert_int_eq(sk_atan2_deg(dy, dx), atan2_by_walk(dy, dx));
	}
}
END_TEST

START_TEST(g1_degrees_and_directions)
{
	int32_t dx, dy;

	ck_assert_int_eq(sk_deg_norm(-1), 359);
	ck_assert_int_eq(sk_deg_norm(720), 0);
	ck_assert_int_eq(sk_deg_norm(-725), 355);
	ck_assert_int_eq(sk_atan2_deg(0, 1), 0);
	ck_assert_int_eq(sk_atan2_deg(1, 0), 90);
	ck_assert_int_eq(sk_atan2_deg(0, -1), 180);
	ck_assert_int_eq(sk_atan2_deg(-1, 0), 270);
	ck_assert_int_eq(sk_atan2_deg(1, 1), 45);
	ck_assert_int_eq(sk_atan2_deg(4, 3), 53);   /* 53.13 degrees */
	ck_assert_int_eq(sk_atan2_deg(-4, 3), 307);
	sk_dir(90, 1000, &dx, &dy);
	ck_assert_int_eq(dx, 0);
	ck_assert_int_eq(dy, 1000);
	sk_dir(45, 1000, &dx, &dy);
	ck_assert_int_eq(dx, 707);
	ck_assert_int_eq(dy, 707);
	sk_dir(210, 2000, &dx, &dy);
	ck_assert_int_eq(dx, -1732);
	ck_assert_int_eq(dy, -1000);
}
END_TEST

/* G1: ranges are measured edge to edge, exactly to the mil. */
START_TEST(g1_edge_to_edge_distance)
{
	skirmish_game *g = stub_game(2);

	spec_figure(g, 0, 10, 10, 0, 0);
	spec_figure(g, 1, 13, 10, 0, 0);
	spec_figure(g, 1, 13, 14, 0, 0);
	spec_figure(g, 1, 10, 30, 0, 0);
	ck_assert(dist(g, 0, 1) == 2.0);
	ck_assert(dist(g, 1, 0) == 2.0);
	/* corner (10.5, 10.5) to corner (12.5, 13.5): sqrt(13) = 3.6056 */
	ck_assert(dist(g, 0, 2) == 3.606);
	ck_assert(dist(g, 0, 3) == 19.0);
	ck_assert(dist(g, 0, 0) == 0.0);
	skirmish_game_free(g);
}
END_TEST

/* G2: a mounted base is 1" x 2", its long side along the facing. */
START_TEST(g2_mounted_base_turns_with_facing)
{
	skirmish_game *g = stub_game(2);

	spec_figure(g, 0, 10, 10, 0, 1);   /* x 9..11, y 9.5..10.5 */
	spec_figure(g, 0, 10, 20, 90, 1);  /* x 9.5..10.5, y 19..21 */
	spec_figure(g, 1, 13, 10, 0, 0);   /* x 12.5..13.5 */
	spec_figure(g, 1, 13, 20, 0, 0);
	spec_figure(g, 1, 10, 23, 0, 0);   /* y 22.5..23.5 */
	ck_assert(dist(g, 0, 2) == 1.5);
	ck_assert(dist(g, 1, 3) == 2.0);
	ck_assert(dist(g, 1, 4) == 1.5);
	ck_assert(tc_info(g, 1).base_depth == 2.0);
	skirmish_game_free(g);
}
END_TEST

/* G2: a square base turned 45 degrees reaches 0.707" (the 16-bit sine
 * table's sqrt(1/2) rounded to the mil) from its centre. */
START_TEST(g2_rotated_base_45_degrees)
{
	skirmish_game *g = stub_game(2);

	spec_figure(g, 0, 10, 10, 45, 0);
	spec_figure(g, 1, 12, 10, 0, 0);
	ck_assert(dist(g, 0, 1) == 0.793);
	skirmish_game_free(g);
}
END_TEST

/* G3: contact is a gap of at most 0.1"; 0.101" is not contact. */
START_TEST(g3_contact_at_tenth_of_an_inch)
{
	skirmish_game *g = stub_game(2);

	spec_figure(g, 0, 10, 10, 0, 0);
	spec_figure(g, 1, 11.1, 10, 0, 0);
	spec_figure(g, 0, 10, 20, 0, 0);
	spec_figure(g, 1, 11.101, 20, 0, 0);
	ck_assert(dist(g, 0, 1) == 0.1);
	ck_assert_int_eq(contacts(g, 0), 1);
	ck_assert_int_eq(contacts(g, 1), 1);
	ck_assert_int_eq(tc_info(g, 0).in_melee, 1);
	ck_assert(dist(g, 2, 3) == 0.101);
	ck_assert_int_eq(contacts(g, 2), 0);
	ck_assert_int_eq(tc_info(g, 2).in_melee, 0);
	skirmish_game_free(g);
}
END_TEST

/* G3: contact with friends is not "in melee"; the contact list counts all
 * enemies even when the buffer is short. */
START_TEST(g3_contacts_are_enemies_only)
{
	skirmish_game *g = stub_game(2);
	int ids[1] = { -7 }, n = -1;

	spec_figure(g, 0, 10, 10, 0, 0);
	spec_figure(g, 0, 11, 10, 0, 0);   /* a friend, touching */
	spec_figure(g, 1, 9, 10, 0, 0);
	spec_figure(g, 1, 10, 11, 0, 0);
	ck_assert_ok(skirmish_game_figure_contacts(g, 0, ids, 1, &n));
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(ids[0], 2);
	ck_assert_ok(skirmish_game_figure_contacts(g, 0, NULL, 0, &n));
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(contacts(g, 1), 1); /* the friend touches 3 at a corner */
	skirmish_game_free(g);
}
END_TEST

/* G3: bases never overlap; touching is allowed. */
/* G3 with the spatial index that setup keeps past 64 figures: the same
 * answers as a scan, naming the lowest id in the way, for bases of every
 * size, turned, and after the start (undone back to setup). */
START_TEST(g3_overlap_at_add_in_a_big_army)
{
	skirmish_game *g = stub_game(2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	char want[64];
	int i, id;

	for (i = 0; i < 300; i++) {
		s.player = i % 2;
		s.x = 2 + 3.0 * (i % 20);
		s.y = 2 + 3.0 * (i / 20);
		s.facing = 7.0 * i;
		s.mounted = i % 3 == 0;
		ck_assert_ok(skirmish_game_add_figure(g, &s, &id));
	}
	/* a base 6" wide across a facing of 90, so along x, over figures 41
	 * and 42 (x 5 and 8, y 8) */
	s.x = 6.5;
	s.y = 8.0;
	s.facing = 90;
	s.mounted = 0;
	s.base_width = 6.0;
	s.base_depth = 1.0;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_BLOCKED);
	snprintf(want, sizeof(want), "overlap #%d's", 41);
	ck_assert_msg(strstr(skirmish_game_errmsg(g), want) != NULL, "%s",
		      skirmish_game_errmsg(g));
	/* a 1" base in the gap fits, turned or not */
	s.base_width = s.base_depth = 0.0;
	s.facing = 0;
	s.y = 9.5;
	ck_assert_ok(skirmish_game_add_figure(g, &s, &id));
	ck_assert_int_eq(id, 300);
	s.x = 66.0;
	s.y = 20.0;
	s.facing = 45;
	ck_assert_ok(skirmish_game_add_figure(g, &s, &id));
	s.x = 66.5;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_BLOCKED);
	ck_assert(strstr(skirmish_game_errmsg(g), "#301") != NULL);
	ck_assert_int_eq(skirmish_game_figure_count(g), 302);
	skirmish_game_free(g);
}
END_TEST

START_TEST(g3_overlap_rejected_at_add)
{
	skirmish_game *g = stub_game(2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	spec_figure(g, 0, 10, 10, 0, 0);
	s.x = 10.999;
	s.y = 10.0;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_BLOCKED);
	ck_assert(strstr(skirmish_game_errmsg(g), "G3") != NULL);
	/* a mounted base turned 90 degrees reaches 1" up */
	s.x = 10.0;
	s.y = 11.499;
	s.mounted = 1;
	s.facing = 90;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_BLOCKED);
	s.y = 11.5;
	ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
	s.x = 11.0;
	s.y = 10.0;
	s.mounted = 0;
	s.facing = 0;
	ck_assert_ok(skirmish_game_add_figure(g, &s, NULL));
	ck_assert(dist(g, 0, 2) == 0.0);
	ck_assert_int_eq(skirmish_game_figure_count(g), 3);
	skirmish_game_free(g);
}
END_TEST

static int
move1(skirmish_game *g, int fig, double x, double y, double facing)
{
	double xy[2];
	skirmish_result r = SKIRMISH_RESULT_INIT;

	xy[0] = x;
	xy[1] = y;
	return skirmish_move(g, fig, xy, 1, facing, &r);
}

/* G3/G4: a move may not pass through a base or end on one. */
START_TEST(g3_move_through_or_onto_a_base_rejected)
{
	skirmish_game *g = stub_game(2);

	spec_figure(g, 0, 10, 10, 0, 0);
	spec_figure(g, 1, 10, 13, 0, 0);
	tc_start(g);
	ck_assert_rejected(g, move1(g, 0, 10, 15, SKIRMISH_FACING_KEEP), SKIRMISH_E_BLOCKED);
	ck_assert(strstr(skirmish_game_errmsg(g), "pass through") != NULL);
	ck_assert_rejected(g, move1(g, 0, 10.5, 12.5, SKIRMISH_FACING_KEEP), SKIRMISH_E_BLOCKED);
	/* ending touching it is fine */
	ck_assert_ok(move1(g, 0, 10, 12, SKIRMISH_FACING_KEEP));
	ck_assert(dist(g, 0, 1) == 0.0);
	skirmish_game_free(g);
}
END_TEST

/* G3: the base turns at the end of the move: a mounted figure that would
 * end turned onto a base is blocked. */
START_TEST(g3_end_facing_counts_for_overlap)
{
	skirmish_game *g = stub_game(2);

	spec_figure(g, 0, 10, 10, 0, 1);
	spec_figure(g, 1, 14, 11.4, 0, 0);  /* y 10.9..11.9 */
	tc_start(g);
	ck_assert_rejected(g, move1(g, 0, 14, 10, 90), SKIRMISH_E_BLOCKED);
	ck_assert_ok(move1(g, 0, 14, 10, 0));
	skirmish_game_free(g);
}
END_TEST

/* G4: waypoints take a path around a base that blocks the straight line. */
START_TEST(g4_waypoints_go_around)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double path[4] = { 9.0, 12.0, 10.0, 14.0 };
	double cost = 0;

	spec_figure(g, 0, 10, 10, 0, 0);
	spec_figure(g, 1, 10.9, 12, 0, 0);
	tc_start(g);
	ck_assert_rejected(g, move1(g, 0, 10, 14, SKIRMISH_FACING_KEEP), SKIRMISH_E_BLOCKED);
	ck_assert_ok(skirmish_game_path_cost(g, 0, path, 2, &cost));
	ck_assert(cost == 4.472); /* 2 sqrt(5) */
	ck_assert_ok(skirmish_move(g, 0, path, 2, SKIRMISH_FACING_KEEP, &r));
	ck_assert(tc_info(g, 0).x == 10.0 && tc_info(g, 0).y == 14.0);
	ck_assert(tc_info(g, 0).move_left == 1.528);
	skirmish_game_free(g);
}
END_TEST

/* G4: a path has 1 to SK_MAX_PATH - 1 points, each a position. */
START_TEST(g4_path_arguments)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double xy[2 * SK_MAX_PATH];
	int i;

	spec_figure(g, 0, 10, 10, 0, 0);
	spec_figure(g, 1, 30, 30, 0, 0);
	tc_start(g);
	for (i = 0; i < SK_MAX_PATH; i++) {
		xy[2 * i] = 10.0;
		xy[2 * i + 1] = 10.0 + (i % 2) * 0.05;
	}
	ck_assert_rejected(g, skirmish_move(g, 0, xy, 0, -1, &r), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_move(g, 0, xy, SK_MAX_PATH, -1, &r), SKIRMISH_E_INVALID);
	ck_assert_rejected(g, skirmish_move(g, 0, NULL, 1, -1, &r), SKIRMISH_E_INVALID);
	xy[3] = NAN;
	ck_assert_rejected(g, skirmish_move(g, 0, xy, 2, -1, &r), SKIRMISH_E_INVALID);
	xy[3] = 10.0;
	ck_assert_rejected(g, skirmish_move(g, 0, xy, 1, NAN, &r), SKIRMISH_E_INVALID);
	ck_assert_ok(skirmish_move(g, 0, xy, SK_MAX_PATH - 1, -1, &r));
	skirmish_game_free(g);
}
END_TEST

/* G10: a figure's centre stays on the table: at setup and along a path. */
START_TEST(g10_centres_stay_on_the_table)
{
	skirmish_game *g = stub_game(2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double out[4] = { -0.001, 11.0, 1.0, 12.0 };

	s.x = 72.001;
	s.y = 10;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
	ck_assert(strstr(skirmish_game_errmsg(g), "on the table") != NULL);
	s.x = 10;
	s.y = -0.001;
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_INVALID);
	/* on the edge is on the table (the base may hang over it) */
	spec_figure(g, 0, 0.0, 10.0, 0, 0);
	spec_figure(g, 1, 72.0, 48.0, 0, 0);
	tc_start(g);
	ck_assert_rejected(g, skirmish_move(g, 0, out, 2, -1, &r), SKIRMISH_E_BLOCKED);
	ck_assert(strstr(skirmish_game_errmsg(g), "G4: the path leaves the table") != NULL);
	out[0] = 0.0;
	ck_assert_ok(skirmish_move(g, 0, out, 2, -1, &r));
	skirmish_game_free(g);
}
END_TEST

/* A charge moves straight at the enemy until the bases touch. */
START_TEST(charge_stops_in_contact)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_info f;
	double d;

	spec_figure(g, 0, 10, 10, 0, 0);
	spec_figure(g, 1, 15, 10, 0, 0);
	spec_figure(g, 0, 10, 30, 0, 0);
	spec_figure(g, 1, 13, 34, 0, 0);
	tc_start(g);
	ck_assert_ok(skirmish_charge(g, 0, 1, SKIRMISH_FACING_KEEP, &r));
	f = tc_info(g, 0);
	ck_assert(f.x == 14.0 && f.y == 10.0);
	ck_assert(dist(g, 0, 1) == 0.0);
	ck_assert_int_eq(r.action, SKIRMISH_ACTION_MOVE);
	/* at an angle: it faces the enemy (53 degrees) and ends touching */
	ck_assert_ok(skirmish_charge(g, 2, 3, SKIRMISH_FACING_KEEP, &r));
	f = tc_info(g, 2);
	ck_assert(f.facing == 53.0);
	d = dist(g, 2, 3);
	ck_assert_msg(d <= 0.1, "gap %.3f", d);
	ck_assert_int_eq(contacts(g, 2), 1);
	skirmish_game_free(g);
}
END_TEST

START_TEST(charge_needs_an_enemy)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;

	spec_figure(g, 0, 10, 10, 0, 0);
	spec_figure(g, 0, 15, 10, 0, 0);
	spec_figure(g, 1, 20, 10, 0, 0);
	tc_start(g);
	ck_assert_rejected(g, skirmish_charge(g, 0, 1, -1, &r), SKIRMISH_E_TARGET);
	ck_assert_rejected(g, skirmish_charge(g, 0, 0, -1, &r), SKIRMISH_E_TARGET);
	ck_assert_rejected(g, skirmish_charge(g, 0, 3, -1, &r), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_charge(g, 0, -1, -1, &r), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_charge(g, 0, 2, NAN, &r), SKIRMISH_E_INVALID);
	skirmish_game_free(g);
}
END_TEST

/* G8: geometry is integer arithmetic plus correctly rounded sqrt: these
 * gaps are the same on every platform. */
START_TEST(g8_gap_exact_values)
{
	sk_pt a[4], b[4], c = { 0, 0 }, d = { 3000, 4000 };

	sk_rect(c, 1000, 1000, 0, a);
	sk_rect(d, 1000, 1000, 0, b);
	ck_assert_int_eq(sk_poly_gap(a, 4, b, 4), 3606); /* sqrt(2000^2 + 3000^2) */
	sk_rect(d, 1000, 1000, 30, b);
	/* corner (0.5, 0.5) to the edge (2.817, 3.317)-(3.683, 3.817):
	 * 3.6475 by an independent computation */
	ck_assert_int_eq(sk_poly_gap(a, 4, b, 4), 3647);
	ck_assert_int_eq(sk_seg_len(c, d), 5000);
	ck_assert(sk_poly_overlap(a, 4, a, 4));
}
END_TEST

/* The gap as G8 defines it, with nothing left out: the least over every
 * vertex of one polygon and edge of the other of the squared distance in
 * doubles (+ - * / only), then the rounded square root; 0 on overlap. */
static int64_t
ref_gap(const sk_pt *a, int na, const sk_pt *b, int nb)
{
	const sk_pt *p[2] = { a, b };
	int n[2] = { na, nb }, k, i, j;
	double best = 1e300;

	if (sk_poly_overlap(a, na, b, nb))
		return 0;
	for (k = 0; k < 2; k++) {
		const sk_pt *v = p[k], *e = p[!k];
		for (i = 0; i < n[k]; i++)
			for (j = 0; j < n[!k]; j++) {
				sk_pt e0 = e[j], e1 = e[(j + 1) % n[!k]];
				double abx = (double)e1.x - e0.x, aby = (double)e1.y - e0.y;
				double len2 = abx * abx + aby * aby, t = 0.0, dot, dx, dy;
				double apx = (double)v[i].x - e0.x, apy = (double)v[i].y - e0.y;
				if (len2 > 0.0) {
					dot = apx * abx + apy * aby;
					t = dot / len2;
					t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
				}
				dx = apx - t * abx;
				dy = apy - t * aby;
				if (dx * dx + dy * dy < best)
					best = dx * dx + dy * dy;
			}
	}
	return (int64_t)(sqrt(best) + 0.5);
}

static uint64_t
lcg(uint64_t *x)
{
	*x = *x * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
	return *x >> 33;
}

/* two random centres on a large table, at most spread apart on x and y */
static void
two_centres(uint64_t *x, int32_t spread, sk_pt *ca, sk_pt *cb)
{
	ca->x = (int32_t)(lcg(x) % 200000);
	ca->y = (int32_t)(lcg(x) % 200000);
	cb->x = ca->x + (int32_t)(lcg(x) % (2 * (uint64_t)spread)) - spread;
	cb->y = ca->y + (int32_t)(lcg(x) % (2 * (uint64_t)spread)) - spread;
}

/* G8: the gap's shortcuts (bounding boxes, the nearest vertex first, the
 * vertices left out) give the very value of the plain definition, on
 * bases in every facing from touching to far apart, and on hulls. */
START_TEST(g8_gap_matches_the_definition)
{
	uint64_t x = 12345;
	sk_pt a[17], b[17], pts[8]; /* sk_hull writes up to n + 1 points */
	int i, k, na, nb;

	for (i = 0; i < tc_loops(200000); i++) {
		sk_pt ca, cb;
		int32_t spread = (int32_t)(i % 3 == 0 ? 3000 : i % 3 == 1 ? 30000 : 600000);
		two_centres(&x, spread, &ca, &cb);
		if (i % 4 == 3) {
			for (k = 0; k < 8; k++) {
				pts[k].x = ca.x + (int32_t)(lcg(&x) % 4000);
				pts[k].y = ca.y + (int32_t)(lcg(&x) % 4000);
			}
			na = sk_hull(pts, 8, a);
			for (k = 0; k < 8; k++) {
				pts[k].x = cb.x + (int32_t)(lcg(&x) % 4000);
				pts[k].y = cb.y + (int32_t)(lcg(&x) % 4000);
			}
			nb = sk_hull(pts, 8, b);
		} else {
			sk_rect(ca, 500 + (int32_t)(lcg(&x) % 3000), 500 + (int32_t)(lcg(&x) % 3000),
				(int)(lcg(&x) % 360), a);
			sk_rect(cb, 500 + (int32_t)(lcg(&x) % 3000), 500 + (int32_t)(lcg(&x) % 3000),
				(int)(lcg(&x) % 360), b);
			na = nb = 4;
		}
		ck_assert_msg(sk_poly_gap(a, na, b, nb) == ref_gap(a, na, b, nb),
			      "case %d: %lld against %lld", i, (long long)sk_poly_gap(a, na, b, nb),
			      (long long)ref_gap(a, na, b, nb));
	}
}
END_TEST

/* G4: a base swept along a move overlaps another shape exactly when the
 * convex hull of the base at both ends does (the definition the path
 * check's shortcut, sk_swept_overlap, stands for): bases at right angles
 * and at any facing, boxes square to the axes as houses are, other
 * quadrilaterals and hulls; touching, overlapping and apart. */
START_TEST(g4_swept_base_overlaps_as_its_hull)
{
	uint64_t x = 4242;
	sk_pt a[4], b[17], pts[8], hull[17];
	int i, k, nb, nh, facing;

	for (i = 0; i < tc_loops(100000); i++) {
		sk_pt ca, cb, v;
		int32_t spread = (int32_t)(i % 3 == 0 ? 1500 : i % 3 == 1 ? 6000 : 30000);
		two_centres(&x, spread, &ca, &cb);
		/* a quarter at right angles, whose opposite sides are parallel
		 * to the mil; the rest at any facing */
		facing = i % 4 == 0 ? (int)(lcg(&x) % 4) * 90 : (int)(lcg(&x) % 360);
		sk_rect(ca, 500 + (int32_t)(lcg(&x) % 3000), 500 + (int32_t)(lcg(&x) % 3000), facing, a);
		if (i % 3 == 2) {
			/* a hull of four points: most often a quadrilateral
			 * whose opposite sides are not parallel */
			for (k = 0; k < 4; k++) {
				pts[k].x = cb.x + (int32_t)(lcg(&x) % 4000);
				pts[k].y = cb.y + (int32_t)(lcg(&x) % 4000);
			}
			nb = sk_hull(pts, 4, b);
		} else {
			sk_rect(cb, 500 + (int32_t)(lcg(&x) % 6000), 500 + (int32_t)(lcg(&x) % 6000),
				i % 3 == 0 ? 0 : (int)(lcg(&x) % 360), b);
			nb = 4;
		}
		/* moves of every length to 12", a few of none; a quarter end
		 * where the other shape's corner is, touching it */
		v.x = i % 17 == 0 ? 0 : (int32_t)(lcg(&x) % 24001) - 12000;
		v.y = i % 17 == 0 ? 0 : (int32_t)(lcg(&x) % 24001) - 12000;
		if (i % 4 == 1) {
			v.x = b[0].x - a[2].x;
			v.y = b[0].y - a[2].y;
		}
		for (k = 0; k < 4; k++) {
			pts[k] = a[k];
			pts[k + 4].x = a[k].x + v.x;
			pts[k + 4].y = a[k].y + v.y;
		}
		nh = sk_hull(pts, 8, hull);
		ck_assert_msg(sk_swept_overlap(a, 4, v, b, nb) == sk_poly_overlap(hull, nh, b, nb),
			      "case %d: swept %d, hull %d", i, sk_swept_overlap(a, 4, v, b, nb),
			      sk_poly_overlap(hull, nh, b, nb));
	}
}
END_TEST

/* The point where a charge's base first touches its target's, by the
 * plain binary search: every step's bases built and tested for overlap. */
static void
ref_contact_point(const skirmish_game *g, int id, int target, int facing, sk_pt *out)
{
	const struct sk_fig *f = &g->figs[id], *t = &g->figs[target];
	sk_pt rt[4], rf[4], c, pf, pt;
	int64_t dx = (int64_t)t->x - f->x, dy = (int64_t)t->y - f->y, len, lo = 0, hi;

	pf.x = f->x;
	pf.y = f->y;
	pt.x = t->x;
	pt.y = t->y;
	len = hi = sk_seg_len(pf, pt);
	sk_fig_rect(t, rt);
	while (lo < hi) {
		int64_t mid = (lo + hi + 1) / 2;
		c.x = (int32_t)(f->x + dx * mid / len);
		c.y = (int32_t)(f->y + dy * mid / len);
		sk_rect(c, f->w, f->d, facing, rf);
		if (sk_poly_overlap(rf, 4, rt, 4))
			hi = mid - 1;
		else
			lo = mid;
	}
	out->x = (int32_t)(f->x + dx * lo / len);
	out->y = (int32_t)(f->y + dy * lo / len);
}

/* G4, S31: the contact point of a charge, whose search answers the steps
 * far from the target and deep in it by the discs about the centres, is
 * the plain search's to the mil: foot and mounted bases, any facings,
 * from 2" to 20" apart. */
START_TEST(g4_contact_point_is_the_plain_search)
{
	uint64_t x = 777;
	int i;

	for (i = 0; i < tc_loops(4000); i++) {
		skirmish_game *g = stub_game(2);
		double ax = 22 + (double)(lcg(&x) % 400) / 100.0, ay = 22 + (double)(lcg(&x) % 400) / 100.0;
		double r = 3 + (double)(lcg(&x) % 1600) / 100.0, th = (double)(lcg(&x) % 3600) / 10.0;
		int a, b, facing = (int)(lcg(&x) % 360);
		sk_pt p, q;

		a = spec_figure(g, 0, ax, ay, (double)(lcg(&x) % 360), (int)(lcg(&x) % 2));
		b = spec_figure(g, 1, ax + r * cos(th * 3.14159265358979 / 180), ay + r * sin(th * 3.14159265358979 / 180),
				(double)(lcg(&x) % 360), (int)(lcg(&x) % 2));
		ck_assert_int_eq(sk_contact_point(g, a, b, facing, &p), 0);
		ref_contact_point(g, a, b, facing, &q);
		ck_assert_msg(p.x == q.x && p.y == q.y, "case %d: (%d, %d) against (%d, %d)", i,
			      p.x, p.y, q.x, q.y);
		skirmish_game_free(g);
	}
}
END_TEST

/* G8: the gap of two bases and of each side of one against the other, in
 * one pass, are the very values of the five sk_poly_gap calls. */
START_TEST(g8_side_gaps_match_the_calls)
{
	uint64_t x = 54321;
	sk_pt a[4], b[4], seg[2];
	int64_t side[4], gap;
	int i, k;

	for (i = 0; i < tc_loops(100000); i++) {
		sk_pt ca, cb;
		int32_t spread = (int32_t)(i % 3 == 0 ? 3000 : i % 3 == 1 ? 6000 : 60000);
		two_centres(&x, spread, &ca, &cb);
		sk_rect(ca, 500 + (int32_t)(lcg(&x) % 3000), 500 + (int32_t)(lcg(&x) % 3000),
			(int)(lcg(&x) % 8 == 0 ? 90 * (lcg(&x) % 4) : lcg(&x) % 360), a);
		sk_rect(cb, 500 + (int32_t)(lcg(&x) % 3000), 500 + (int32_t)(lcg(&x) % 3000),
			(int)(lcg(&x) % 360), b);
		gap = sk_quad_side_gaps(a, b, side);
		ck_assert_int_eq(gap, sk_poly_gap(a, 4, b, 4));
		for (k = 0; k < 4; k++) {
			seg[0] = a[k];
			seg[1] = a[(k + 1) & 3];
			ck_assert_msg(side[k] == sk_poly_gap(seg, 2, b, 4), "case %d side %d", i, k);
		}
	}
}
END_TEST

/* G8: bases square to the axes (the gap taken from their boxes) and the
 * sides of one against the other: touching, flush, side by side, corner
 * to corner and far apart, the very values of the plain definition. */
START_TEST(g8_square_bases_match_the_definition)
{
	uint64_t x = 777;
	sk_pt a[4], b[4], seg[2];
	int i, k, squares = 0;

	for (i = 0; i < tc_loops(100000); i++) {
		sk_pt ca, cb;
		/* on a grid of 250 mils (half-inch bases meet edge to edge),
		 * or anywhere */
		int32_t step = i % 2 ? 250 : 1, spread = i % 5 == 0 ? 40000 : 4000, wa, da;
		int fa;
		ca.x = 100000 + (int32_t)(lcg(&x) % 40) * step;
		ca.y = 100000 + (int32_t)(lcg(&x) % 40) * step;
		cb.x = ca.x + ((int32_t)(lcg(&x) % (2 * (uint64_t)spread)) - spread) / step * step;
		cb.y = ca.y + ((int32_t)(lcg(&x) % (2 * (uint64_t)spread)) - spread) / step * step;
		wa = 500 * (1 + (int32_t)(lcg(&x) % 6));
		da = 500 * (1 + (int32_t)(lcg(&x) % 6));
		fa = 90 * (int)(lcg(&x) % 4);
		sk_rect(ca, wa, da, fa, a);
		sk_rect(cb, 500 * (1 + (int32_t)(lcg(&x) % 6)) + (i % 3 == 0 ? (int32_t)(lcg(&x) % 7) : 0),
			500 * (1 + (int32_t)(lcg(&x) % 6)), 90 * (int)(lcg(&x) % 4), b);
		ck_assert_msg(sk_poly_gap(a, 4, b, 4) == ref_gap(a, 4, b, 4), "case %d: %lld against %lld",
			      i, (long long)sk_poly_gap(a, 4, b, 4), (long long)ref_gap(a, 4, b, 4));
		ck_assert_int_eq(sk_poly_within(a, 4, b, 4, 100), ref_gap(a, 4, b, 4) <= 100);
		if (sk_rect_square(a) && sk_rect_square(b)) {
			/* from the boxes alone, where it answers */
			int64_t side[4], quick[4], gap = sk_quad_side_gaps(a, b, side), sq;
			int32_t ba[4], bb[4];
			sk_poly_box(a, 4, ba);
			sk_poly_box(b, 4, bb);
			sq = sk_square_side_gaps(ba, fa, bb, quick);
			squares += sq >= 0;
			if (sq >= 0) {
				ck_assert_int_eq(sq, gap);
				ck_assert_msg(memcmp(side, quick, sizeof(side)) == 0, "case %d", i);
			}
		}
		for (k = 0; k < 4; k++) {
			seg[0] = a[k];
			seg[1] = a[(k + 1) & 3];
			ck_assert_msg(sk_poly_gap(seg, 2, b, 4) == ref_gap(seg, 2, b, 4), "case %d side %d",
				      i, k);
		}
	}
	/* the side gaps were taken from the boxes often enough to be tested */
	ck_assert_int_gt(squares, tc_loops(5000));
}
END_TEST

/* A30: the side a push goes away from, taken from the boxes of two bases
 * square to the axes (sk_push_side_square), is the side the corners give
 * (sk_push_side), for bases flush, touching, at corners and apart, every
 * quarter facing, sizes whole and odd; and the quarter ways are sk_dir's. */
START_TEST(a30_square_push_side_matches_the_corners)
{
	uint64_t x = 4242;
	sk_pt a[4], b[4], ca, cb;
	int i, deg, answered = 0;

	for (deg = -720; deg <= 1080; deg++) {
		int32_t qx, qy, dx, dy;
		sk_quarter_way(deg, &qx, &qy);
		sk_dir(deg, MIL, &dx, &dy);
		ck_assert_msg(qx == dx && qy == dy, "%d degrees", deg);
	}
	for (i = 0; i < tc_loops(40000); i++) {
		int32_t step = i % 2 ? 250 : 1, spread = 4000, ba[4], bb[4];
		int64_t side[4], gap;
		int fa = 90 * (int)(lcg(&x) % 4), square, corners;

		ca.x = 100000 + (int32_t)(lcg(&x) % 40) * step;
		ca.y = 100000 + (int32_t)(lcg(&x) % 40) * step;
		cb.x = ca.x + ((int32_t)(lcg(&x) % (2 * (uint64_t)spread)) - spread) / step * step;
		cb.y = ca.y + ((int32_t)(lcg(&x) % (2 * (uint64_t)spread)) - spread) / step * step;
		sk_rect(ca, 500 * (1 + (int32_t)(lcg(&x) % 6)) + (i % 3 == 0 ? (int32_t)(lcg(&x) % 7) : 0),
			500 * (1 + (int32_t)(lcg(&x) % 6)), fa, a);
		sk_rect(cb, 500 * (1 + (int32_t)(lcg(&x) % 6)) + (i % 5 == 0 ? (int32_t)(lcg(&x) % 7) : 0),
			500 * (1 + (int32_t)(lcg(&x) % 6)), 90 * (int)(lcg(&x) % 4), b);
		if (!sk_rect_square(a) || !sk_rect_square(b))
			continue;
		sk_poly_box(a, 4, ba);
		sk_poly_box(b, 4, bb);
		gap = sk_quad_side_gaps(a, b, side);
		square = sk_push_side_square(ba, bb, fa, ca, cb, 100);
		corners = sk_push_side(a, b, fa, ca, cb, side, gap, 100);
		/* another facing is not its to answer */
		ck_assert_int_eq(sk_push_side_square(ba, bb, fa + 1, ca, cb, 100), -1);
		if (square < 0)
			continue;
		ck_assert_msg(square == corners, "case %d: side %d from the boxes, %d from the corners",
			      i, square, corners);
		answered++;
	}
	/* the boxes answer where the bases meet on one axis: often enough */
	ck_assert_int_gt(answered, tc_loops(40000) / 20);
}
END_TEST

/* A random base for kept_corners: half-inch sizes (flush on a grid) or
 * any, odd ones included; facings square to the axes, or any. */
static void
random_base(uint64_t *x, int i, struct sk_fig *f)
{
	int32_t step = i % 2 ? 250 : 1;

	f->x = 100000 + (int32_t)(lcg(x) % 60) * step;
	f->y = 100000 + (int32_t)(lcg(x) % 60) * step;
	f->w = i % 3 ? 500 * (1 + (int32_t)(lcg(x) % 6)) : 1 + (int32_t)(lcg(x) % 4000);
	f->d = i % 3 ? 500 * (1 + (int32_t)(lcg(x) % 6)) : 1 + (int32_t)(lcg(x) % 4000);
	f->facing = (int16_t)(lcg(x) % 4 ? 90 * (lcg(x) % 4) : lcg(x) % 360);
}

/* G13, G15, G17: contact across an obstacle is of the two, whichever is
 * named first, to the last rounding: bases at random about walls at
 * random angles (one of two courses, G17) give the same obstacle both
 * ways (sampson.c's touch memo relies on it). */
START_TEST(g13_contact_across_is_the_same_both_ways)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	uint64_t x = 1313;
	int i, found = 0;

	tc_piece(g, SKIRMISH_TERRAIN_OBSTACLE, 20, 20, 12, 0.4, 0);
	tc_piece(g, SKIRMISH_TERRAIN_OBSTACLE, 20, 20.45, 12, 0.3, 0);
	tc_piece(g, SKIRMISH_TERRAIN_OBSTACLE, 40, 20, 10, 0.5, 37);
	tc_piece(g, SKIRMISH_TERRAIN_OBSTACLE, 20, 40, 10, 0.9, 90);
	tc_piece(g, SKIRMISH_TERRAIN_OBSTACLE, 40, 40, 8, 0.2, 211);
	ck_assert_int_eq(tc_figure(g, 0, "a", 5, 5, NULL) >= 0, 1);
	ck_assert_int_eq(tc_figure(g, 1, "b", 8, 5, NULL) >= 0, 1);
	for (i = 0; i < tc_loops(100000); i++) {
		struct sk_fig *fa = &g->figs[0], *fb = &g->figs[1];
		int wall = (int)(lcg(&x) % 4), k, ab, ba;
		int32_t cx = 20000 + 20000 * (wall & 1), cy = 20000 + 20000 * (wall >> 1);

		for (k = 0; k < 2; k++) {
			struct sk_fig *f = &g->figs[k];
			f->x = cx - 3000 + (int32_t)(lcg(&x) % 6000);
			f->y = cy - 2500 + (int32_t)(lcg(&x) % 5000);
			f->w = 500 * (1 + (int32_t)(lcg(&x) % 3));
			f->d = 500 * (1 + (int32_t)(lcg(&x) % 3));
			f->facing = (int16_t)(lcg(&x) % 2 ? 90 * (lcg(&x) % 4) : lcg(&x) % 360);
			sk_fig_reshape(f);
		}
		ab = sk_contact_across(g, 0, 1);
		ba = sk_contact_across(g, 1, 0);
		ck_assert_msg(ab == ba, "case %d: %d one way, %d the other (%d,%d %d / %d,%d %d)",
			      i, ab, ba, fa->x, fa->y, fa->facing, fb->x, fb->y, fb->facing);
		ck_assert_int_eq(sk_engaged(g, 0, 1), sk_engaged(g, 1, 0));
		found += ab >= 0;
	}
	/* the placements do find contacts across */
	ck_assert_int_gt(found, tc_loops(100000) / 200);
	skirmish_game_free(g);
}
END_TEST

/* G8: the corners a figure keeps (sk_fig_reshape) and the gaps that use
 * them (two bases square to the axes from their boxes) are the very
 * values of sk_rect and of the plain definition, for bases reshaped, and
 * for bases changed since (turned, resized, a probe's copy), which are
 * measured afresh. */
START_TEST(g8_kept_corners_match_the_definition)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SAMPSON, 2);
	uint64_t x = 4242;
	sk_pt ra[4], rb[4], c, r[4];
	int i, k, squares = 0;

	/* whether a base is its box, from its offsets, for every facing */
	for (k = 0; k < 360; k++)
		for (i = 0; i < 48 * 48; i++) {
			int32_t off[4], w = 1 + i % 48, d = 1 + i / 48;
			if (i % 7 == 0) {
				w += 977;
				d += 1975;
			}
			c.x = 5000;
			c.y = 7000;
			sk_rect_offsets(w, d, k, off);
			sk_rect(c, w, d, k, r);
			ck_assert_int_eq(sk_rect_offsets_square(off), sk_rect_square(r));
		}
	ck_assert_int_eq(tc_figure(g, 0, "a", 10, 10, NULL) >= 0, 1);
	ck_assert_int_eq(tc_figure(g, 1, "b", 20, 10, NULL) >= 0, 1);
	for (i = 0; i < tc_loops(200000); i++) {
		struct sk_fig *fa = &g->figs[0], *fb = &g->figs[1];
		int64_t ref, lim = i % 4 ? 100 : (int64_t)(lcg(&x) % 3000);

		random_base(&x, i, fa);
		random_base(&x, i + 1, fb);
		sk_fig_reshape(fa);
		sk_fig_reshape(fb);
		/* one case in eight: a base changed after its corners were kept */
		if (i % 8 == 5)
			fa->facing = (int16_t)((fa->facing + 90 * (1 + (int)(lcg(&x) % 3))) % 360);
		if (i % 8 == 6)
			fb->w += 1 + (int32_t)(lcg(&x) % 3);
		for (k = 0; k < 2; k++) {
			const struct sk_fig *f = &g->figs[k];
			sk_pt ff[4];
			c.x = f->x;
			c.y = f->y;
			sk_rect(c, f->w, f->d, f->facing, r);
			sk_fig_rect(f, ff);
			ck_assert_msg(memcmp(r, ff, sizeof(r)) == 0, "case %d figure %d", i, k);
			if (sk_fig_shaped(f))
				ck_assert_int_eq(f->bsquare, sk_rect_square(r));
		}
		sk_fig_rect(fa, ra);
		sk_fig_rect(fb, rb);
		ref = ref_gap(ra, 4, rb, 4);
		squares += sk_fig_shaped(fa) && fa->bsquare && sk_fig_shaped(fb) && fb->bsquare;
		ck_assert_msg(sk_fig_gap(g, 0, 1) == ref, "case %d: %lld against %lld", i,
			      (long long)sk_fig_gap(g, 0, 1), (long long)ref);
		ck_assert_msg(sk_fig_within(g, 0, 1, lim) == (ref <= lim), "case %d: within %lld",
			      i, (long long)lim);
		ck_assert_int_eq(sk_fig_within(g, 0, 1, SK_CONTACT_MILS), sk_in_contact(g, 0, 1));
		/* either order (sampson.c's touch memo relies on it) */
		ck_assert_int_eq(sk_in_contact(g, 1, 0), sk_in_contact(g, 0, 1));
		ck_assert_int_eq(sk_fig_within(g, 1, 0, lim), sk_fig_within(g, 0, 1, lim));
		ck_assert_int_eq(sk_fig_gap(g, 1, 0), sk_fig_gap(g, 0, 1));
	}
	/* the boxes' answer was taken often enough to be tested */
	ck_assert_int_gt(squares, tc_loops(50000));
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("geometry");

	ADD_TEST(s, g1_inches_to_mils_rounding);
	ADD_TEST(s, g1_mils_to_inches_and_back);
	ADD_TEST(s, g1_positions_kept_to_the_mil);
	ADD_TEST(s, g1_degrees_and_directions);
	ADD_TEST(s, g1_a_direction_is_the_nearest_whole_degree);
	ADD_TEST(s, g1_edge_to_edge_distance);
	ADD_TEST(s, g2_mounted_base_turns_with_facing);
	ADD_TEST(s, g2_rotated_base_45_degrees);
	ADD_TEST(s, g3_contact_at_tenth_of_an_inch);
	ADD_TEST(s, g3_contacts_are_enemies_only);
	ADD_TEST(s, g3_overlap_rejected_at_add);
	ADD_TEST(s, g3_overlap_at_add_in_a_big_army);
	ADD_TEST(s, g3_move_through_or_onto_a_base_rejected);
	ADD_TEST(s, g3_end_facing_counts_for_overlap);
	ADD_TEST(s, g4_waypoints_go_around);
	ADD_TEST(s, g4_path_arguments);
	ADD_TEST(s, g10_centres_stay_on_the_table);
	ADD_TEST(s, charge_stops_in_contact);
	ADD_TEST(s, charge_needs_an_enemy);
	ADD_TEST(s, g8_gap_exact_values);
	ADD_TEST(s, g8_gap_matches_the_definition);
	ADD_TEST(s, g4_swept_base_overlaps_as_its_hull);
	ADD_TEST(s, g4_contact_point_is_the_plain_search);
	ADD_TEST(s, g8_side_gaps_match_the_calls);
	ADD_TEST(s, g8_square_bases_match_the_definition);
	ADD_TEST(s, g8_kept_corners_match_the_definition);
	ADD_TEST(s, g13_contact_across_is_the_same_both_ways);
	ADD_TEST(s, a30_square_push_side_matches_the_corners);
	return s;
}

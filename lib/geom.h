/* SPDX-License-Identifier: MIT */
/*
 * Layer 1, pure geometry (geometry.c, G1-G5, G8): integer points, bases as
 * rectangles turned by their facing, polygons, gaps, clipping and hulls.
 * Nothing here knows a game, a figure or a ruleset; it needs no other
 * header of lib/ and is tested alone (tests/test-geometry.c).
 *
 * Units: positions and lengths are whole thousandths of an inch ("mils",
 * int32_t); facings are whole degrees 0..359. See doc/DESIGN.md.
 */
#ifndef SKIRMISH_GEOM_H
#define SKIRMISH_GEOM_H

#include <stdint.h>

#define MIL 1000                 /* mils per inch */
#define SK_COORD_MAX 100000000  /* |coordinate| limit, mils (100,000") */

typedef struct sk_pt {
	int32_t x, y;
} sk_pt;

int sk_deg_norm(int deg);
int sk_to_mils(double inches, int32_t *out);       /* rounds; range-checked */
/* mils as inches (every effect's points, a shot's distance) */
static inline double
sk_to_inches(int64_t mils)
{
	return (double)mils / 1000.0;
}
void sk_rect(sk_pt c, int32_t w, int32_t d, int facing, sk_pt out[4]);
/* sk_rect's corners about the centre: c + a, c - b, c - a, c + b, with
 * off = ax, ay, bx, by (they depend on the base and facing alone) */
void sk_rect_offsets(int32_t w, int32_t d, int facing, int32_t off[4]);
static inline void
sk_rect_at(sk_pt c, const int32_t off[4], sk_pt out[4])
{
	out[0].x = c.x + off[0]; out[0].y = c.y + off[1];
	out[1].x = c.x - off[2]; out[1].y = c.y - off[3];
	out[2].x = c.x - off[0]; out[2].y = c.y - off[1];
	out[3].x = c.x + off[2]; out[3].y = c.y + off[3];
}
/* the bounding box of sk_rect_at(c, off): c - (hx, hy) to c + (hx, hy),
 * hx and hy the larger of |ax|, |bx| and of |ay|, |by| */
static inline void
sk_rect_box_at(sk_pt c, const int32_t off[4], int32_t box[4])
{
	int32_t ax = off[0] < 0 ? -off[0] : off[0], bx = off[2] < 0 ? -off[2] : off[2];
	int32_t ay = off[1] < 0 ? -off[1] : off[1], by = off[3] < 0 ? -off[3] : off[3];
	int32_t hx = ax > bx ? ax : bx, hy = ay > by ? ay : by;

	box[0] = c.x - hx;
	box[1] = c.y - hy;
	box[2] = c.x + hx;
	box[3] = c.y + hy;
}
/* are the four corners r their own bounding box, square to the axes (the
 * bases sk_poly_gap and sk_poly_within measure from their boxes)? */
int sk_rect_square(const sk_pt r[4]);
/* sk_rect_square of sk_rect_at(c, off), from the offsets: the corners
 * +-a, +-b are their box when a and b are a's mirror in one axis (so that
 * each side runs along x or along y) and neither coordinate of a is 0 */
static inline int
sk_rect_offsets_square(const int32_t off[4])
{
	return off[0] != 0 && off[1] != 0 &&
	       ((off[2] == off[0] && off[3] == -off[1]) || (off[2] == -off[0] && off[3] == off[1]));
}
void sk_poly_box(const sk_pt *p, int n, int32_t box[4]); /* min x, min y, max x, max y */
int64_t sk_poly_area2(const sk_pt *p, int n);       /* twice the area; > 0: counter-clockwise */
int sk_poly_overlap(const sk_pt *a, int na, const sk_pt *b, int nb);
int64_t sk_poly_gap(const sk_pt *a, int na, const sk_pt *b, int nb);
/* sk_poly_gap of quadrilaterals a and b; side[k]: sk_poly_gap of a's side
 * k (a[k], a[(k + 1) & 3], two points) and b. */
int64_t sk_quad_side_gaps(const sk_pt a[4], const sk_pt b[4], int64_t side[4]);
/* sk_quad_side_gaps of a and b that are their boxes boxa and boxb, square
 * to the axes (sk_rect_square), a sk_rect's corners at facing, from the
 * boxes alone: the same values when it answers, else -1 (facing is no
 * multiple of 90 degrees, or they do not meet on one axis: ask
 * sk_quad_side_gaps) */
int64_t sk_square_side_gaps(const int32_t boxa[4], int facing, const int32_t boxb[4],
			    int64_t side[4]);
/* A30's side of rectangle rl (sk_rect's corners for facing, centre fc)
 * that rectangle rw (centre wc) touches: of the sides whose gap to rw
 * (sides, as sk_quad_side_gaps gives them, of the rectangles' gap) is
 * within slack of the gap, the one across which rw's shadow on the side
 * is the longest; ties to the one that faces wc more, then to the first
 * in order. Returns 0..3: front, left, back, right. */
int sk_push_side(const sk_pt rl[4], const sk_pt rw[4], int facing, sk_pt fc, sk_pt wc,
		 const int64_t sides[4], int64_t gap, int64_t slack);
/* sk_push_side of rectangles that are their boxes bl and bw, square to
 * the axes (sk_rect_square), rl at facing, with their side gaps, from the
 * boxes alone: the same side; -1 where sk_square_side_gaps does not
 * answer (ask sk_quad_side_gaps and sk_push_side) */
int sk_push_side_square(const int32_t bl[4], const int32_t bw[4], int facing, sk_pt fc,
			sk_pt wc, int64_t slack);
/* sk_dir(deg, MIL), from a table at a multiple of 90 degrees */
void sk_quarter_way(int deg, int32_t *dx, int32_t *dy);
/* a swept along v overlaps b (as the hull of a and a + v would) */
int sk_swept_overlap(const sk_pt *a, int na, sk_pt v, const sk_pt *b, int nb);
/* sk_poly_gap(a, b) <= limit (0 <= limit < 2^26), without the full gap when
 * the polygons are clearly apart or clearly within it */
int sk_poly_within(const sk_pt *a, int na, const sk_pt *b, int nb, int64_t limit);
/* The gap of two shapes that are their bounding boxes ba and bb, square to
 * the axes (sk_rect_square), when their spans overlap or meet on one axis
 * (the distance on the other, what sk_poly_gap gives them); else -1 */
/* the separations of boxes ba and bb on x and y: each the larger of the
 * two differences of facing sides, negative where the spans overlap */
static inline void
sk_square_separations(const int32_t ba[4], const int32_t bb[4], int64_t *gx, int64_t *gy)
{
	*gx = (int64_t)bb[0] - ba[2];
	*gy = (int64_t)bb[1] - ba[3];
	if ((int64_t)ba[0] - bb[2] > *gx)
		*gx = (int64_t)ba[0] - bb[2];
	if ((int64_t)ba[1] - bb[3] > *gy)
		*gy = (int64_t)ba[1] - bb[3];
}
/* that gap from the separations */
static inline int64_t
sk_square_gap_of(int64_t gx, int64_t gy)
{
	if ((gx < 0 || gy > 0) && (gy < 0 || gx > 0))
		return -1;
	return gx >= 0 && gy <= 0 ? gx : gy;
}
static inline int64_t
sk_square_boxes_gap(const int32_t ba[4], const int32_t bb[4])
{
	int64_t gx, gy;

	sk_square_separations(ba, bb, &gx, &gy);
	return sk_square_gap_of(gx, gy);
}
int sk_point_in_poly(sk_pt q, const sk_pt *p, int n);  /* inside or on edge */
int sk_seg_poly_clip(sk_pt a, sk_pt b, const sk_pt *p, int n, double *t0,
		     double *t1);
int sk_hull(const sk_pt *in, int n, sk_pt *out); /* out: room for 2n points */
int64_t sk_seg_len(sk_pt a, sk_pt b);
int sk_atan2_deg(int64_t dy, int64_t dx);          /* whole degrees 0..359 */
/* sin(d) * 65536 for d = 0..359 (geometry.c) */
extern const int32_t sk_sin_table[360];
static inline int32_t
sk_sin_deg(int deg)
{
	if ((unsigned)deg >= 360u)
		deg = deg >= 360 && deg < 720 ? deg - 360 : sk_deg_norm(deg);
	return sk_sin_table[deg];
}
/* floor(a / 65536 + 1/2) without relying on signed shifts: a + 2^63, as
 * unsigned, is at least 0, and 2^63 / 65536 = 2^47 is whole */
static inline int64_t
sk_q16_round(int64_t a)
{
	return (int64_t)((((uint64_t)a ^ ((uint64_t)1 << 63)) + 32768u) >> 16) -
	       ((int64_t)1 << 47);
}
/* len mils in direction deg, rounded to the mil (inline: every probe of a
 * move and every direction of a list asks it) */
static inline void
sk_dir(int deg, int64_t len, int32_t *dx, int32_t *dy)
{
	*dx = (int32_t)sk_q16_round(len * sk_sin_deg(deg + 90));
	*dy = (int32_t)sk_q16_round(len * sk_sin_deg(deg));
}

#endif

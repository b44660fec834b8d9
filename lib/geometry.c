/* SPDX-License-Identifier: MIT */
/*
 * Geometry (G1-G5): bases as rectangles turned by their facing, exact
 * overlap tests, edge-to-edge gaps, convex hulls and segment clipping.
 *
 * Inputs are whole mils. Overlap and side tests are exact in 64-bit
 * integers. Lengths are computed in IEEE-754 double with + - * / and sqrt
 * only (correctly rounded, so identical on every conforming platform; the
 * build forbids contraction into fused multiply-adds) and rounded to whole
 * mils before any rule compares them (G8, doc/DESIGN.md).
 */
#include <math.h>
#include <string.h>

#include "geom.h"


int
sk_deg_norm(int deg)
{
	deg %= 360;
	return deg < 0 ? deg + 360 : deg;
}

/* sin(d) * 65536 for d = 0..359: sin of 0..90 degrees rounded to the
 * nearest integer, reflected into the other quadrants (so exactly odd and
 * symmetric) */
const int32_t sk_sin_table[360] = {
	0, 1144, 2287, 3430, 4572, 5712, 6850, 7987, 9121, 10252,
	11380, 12505, 13626, 14742, 15855, 16962, 18064, 19161, 20252, 21336,
	22415, 23486, 24550, 25607, 26656, 27697, 28729, 29753, 30767, 31772,
	32768, 33754, 34729, 35693, 36647, 37590, 38521, 39441, 40348, 41243,
	42126, 42995, 43852, 44695, 45525, 46341, 47143, 47930, 48703, 49461,
	50203, 50931, 51643, 52339, 53020, 53684, 54332, 54963, 55578, 56175,
	56756, 57319, 57865, 58393, 58903, 59396, 59870, 60326, 60764, 61183,
	61584, 61966, 62328, 62672, 62997, 63303, 63589, 63856, 64104, 64332,
	64540, 64729, 64898, 65048, 65177, 65287, 65376, 65446, 65496, 65526,
	65536, 65526, 65496, 65446, 65376, 65287, 65177, 65048, 64898, 64729,
	64540, 64332, 64104, 63856, 63589, 63303, 62997, 62672, 62328, 61966,
	61584, 61183, 60764, 60326, 59870, 59396, 58903, 58393, 57865, 57319,
	56756, 56175, 55578, 54963, 54332, 53684, 53020, 52339, 51643, 50931,
	50203, 49461, 48703, 47930, 47143, 46341, 45525, 44695, 43852, 42995,
	42126, 41243, 40348, 39441, 38521, 37590, 36647, 35693, 34729, 33754,
	32768, 31772, 30767, 29753, 28729, 27697, 26656, 25607, 24550, 23486,
	22415, 21336, 20252, 19161, 18064, 16962, 15855, 14742, 13626, 12505,
	11380, 10252, 9121, 7987, 6850, 5712, 4572, 3430, 2287, 1144,
	0, -1144, -2287, -3430, -4572, -5712, -6850, -7987, -9121, -10252,
	-11380, -12505, -13626, -14742, -15855, -16962, -18064, -19161, -20252, -21336,
	-22415, -23486, -24550, -25607, -26656, -27697, -28729, -29753, -30767, -31772,
	-32768, -33754, -34729, -35693, -36647, -37590, -38521, -39441, -40348, -41243,
	-42126, -42995, -43852, -44695, -45525, -46341, -47143, -47930, -48703, -49461,
	-50203, -50931, -51643, -52339, -53020, -53684, -54332, -54963, -55578, -56175,
	-56756, -57319, -57865, -58393, -58903, -59396, -59870, -60326, -60764, -61183,
	-61584, -61966, -62328, -62672, -62997, -63303, -63589, -63856, -64104, -64332,
	-64540, -64729, -64898, -65048, -65177, -65287, -65376, -65446, -65496, -65526,
	-65536, -65526, -65496, -65446, -65376, -65287, -65177, -65048, -64898, -64729,
	-64540, -64332, -64104, -63856, -63589, -63303, -62997, -62672, -62328, -61966,
	-61584, -61183, -60764, -60326, -59870, -59396, -58903, -58393, -57865, -57319,
	-56756, -56175, -55578, -54963, -54332, -53684, -53020, -52339, -51643, -50931,
	-50203, -49461, -48703, -47930, -47143, -46341, -45525, -44695, -43852, -42995,
	-42126, -41243, -40348, -39441, -38521, -37590, -36647, -35693, -34729, -33754,
	-32768, -31772, -30767, -29753, -28729, -27697, -26656, -25607, -24550, -23486,
	-22415, -21336, -20252, -19161, -18064, -16962, -15855, -14742, -13626, -12505,
	-11380, -10252, -9121, -7987, -6850, -5712, -4572, -3430, -2287, -1144
};

static int32_t
sin_deg(int deg)
{
	return sk_sin_deg(deg);
}

static int32_t
cos_deg(int deg)
{
	return sk_sin_deg(deg + 90);
}

int
sk_to_mils(double inches, int32_t *out)
{
	double m;

	if (!(inches == inches))
		return -1;
	m = inches * 1000.0;
	if (m > (double)SK_COORD_MAX || m < -(double)SK_COORD_MAX)
		return -1;
	*out = (int32_t)(m >= 0 ? m + 0.5 : -(-m + 0.5));
	return 0;
}

void
sk_rect_offsets(int32_t w, int32_t d, int facing, int32_t off[4])
{
	int64_t co = cos_deg(facing), si = sin_deg(facing);
	int64_t hd = d, hw = w; /* doubled half sizes: divide by 2 in rounding */

	/* A = hd/2 u + hw/2 v, B = hd/2 u - hw/2 v with u = (co, si), v = (-si, co) */
	off[0] = (int32_t)sk_q16_round((hd * co - hw * si) / 2);
	off[1] = (int32_t)sk_q16_round((hd * si + hw * co) / 2);
	off[2] = (int32_t)sk_q16_round((hd * co + hw * si) / 2);
	off[3] = (int32_t)sk_q16_round((hd * si - hw * co) / 2);
}

void
sk_rect(sk_pt c, int32_t w, int32_t d, int facing, sk_pt out[4])
{
	int32_t off[4];

	sk_rect_offsets(w, d, facing, off);
	sk_rect_at(c, off, out);
}

static int64_t
cross3(sk_pt o, sk_pt a, sk_pt b)
{
	return (int64_t)(a.x - o.x) * (b.y - o.y) - (int64_t)(a.y - o.y) * (b.x - o.x);
}

/* Does some edge of a separate a from b (touching counts as separated)? */
static int
separated_by(const sk_pt *a, int na, const sk_pt *b, int nb)
{
	int i, j;

	for (i = 0; i < na; i++) {
		sk_pt p = a[i], q = a[(i + 1) % na];
		int64_t nx = (int64_t)q.y - p.y, ny = -((int64_t)q.x - p.x);
		int64_t amax, bmin;

		if (nx == 0 && ny == 0)
			continue;
		amax = nx * p.x + ny * p.y; /* a lies on the inner side */
		bmin = INT64_MAX;
		for (j = 0; j < nb; j++) {
			int64_t v = nx * b[j].x + ny * b[j].y;
			if (v < bmin)
				bmin = v;
		}
		/* for a counter-clockwise polygon every vertex projects <= amax */
		if (bmin >= amax)
			return 1;
	}
	return 0;
}

int
sk_poly_overlap(const sk_pt *a, int na, const sk_pt *b, int nb)
{
	return !separated_by(a, na, b, nb) && !separated_by(b, nb, a, na);
}

/* One edge a-b of a polygon, as pt_seg_dist2 uses it. */
struct seg {
	double ax, ay, abx, aby, len2;
};

static void
seg_of(struct seg *e, sk_pt a, sk_pt b)
{
	e->ax = a.x;
	e->ay = a.y;
	e->abx = (double)b.x - a.x;
	e->aby = (double)b.y - a.y;
	e->len2 = e->abx * e->abx + e->aby * e->aby;
}

/* Squared distance from p to segment e (IEEE double, + - * / only). The
 * parameter t = dot / len2 is clamped to [0, 1]; the quotient is taken
 * only when 0 < dot < len2: a dot <= 0 gives t = 0 (the quotient would be
 * <= 0) and a dot >= len2 gives t = 1 (the correctly rounded quotient
 * would be >= 1), so every t, and so every distance, is the same double
 * as dividing first and clamping after. */
static inline __attribute__((always_inline)) double
pt_seg_dist2(sk_pt p, const struct seg *e)
{
	double apx = (double)p.x - e->ax, apy = (double)p.y - e->ay;
	double t = 0.0, dot, dx, dy, tx, ty;

	if (e->len2 > 0.0) {
		dot = apx * e->abx + apy * e->aby;
		if (dot >= e->len2)
			t = 1.0;
		else if (dot > 0.0)
			t = dot / e->len2;
	}
	tx = t * e->abx;
	ty = t * e->aby;
	dx = apx - tx;
	dy = apy - ty;
	return dx * dx + dy * dy;
}

#define SK_POLY_GAP_MAX 8          /* edges kept on the stack (bases: 4) */

/* sk_poly_gap for polygons of more edges: the same sums, edge by edge. */
static int64_t
poly_gap_slow(const sk_pt *a, int na, const sk_pt *b, int nb)
{
	struct seg e;
	double best = 1e300, d;
	int i, j;

	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++) {
			seg_of(&e, b[j], b[j + 1 == nb ? 0 : j + 1]);
			d = pt_seg_dist2(a[i], &e);
			if (d < best)
				best = d;
			seg_of(&e, a[i], a[i + 1 == na ? 0 : i + 1]);
			d = pt_seg_dist2(b[j], &e);
			if (d < best)
				best = d;
		}
	return (int64_t)(sqrt(best) + 0.5);
}

int64_t
sk_poly_area2(const sk_pt *p, int n)
{
	int64_t a = 0;
	int i;

	for (i = 0; i < n; i++)
		a += (int64_t)p[i].x * p[(i + 1) % n].y - (int64_t)p[(i + 1) % n].x * p[i].y;
	return a;
}

void
sk_poly_box(const sk_pt *p, int n, int32_t box[4])
{
	int i;

	box[0] = box[2] = p[0].x;
	box[1] = box[3] = p[0].y;
	for (i = 1; i < n; i++) {
		box[0] = p[i].x < box[0] ? p[i].x : box[0];
		box[1] = p[i].y < box[1] ? p[i].y : box[1];
		box[2] = p[i].x > box[2] ? p[i].x : box[2];
		box[3] = p[i].y > box[3] ? p[i].y : box[3];
	}
}

/*
 * Is vertex p so far from the bounding box of a polygon that no distance
 * pt_seg_dist2 computes from p to one of its edges can be below best?
 * L, the squared distance from p to the box, is at most the true squared
 * distance D to any edge. On int32 coordinates the computed offsets err by
 * less than 2^-15 mil (differences are exact below 2^33; the projection's
 * rounding scales with 2^-52 of them), so a computed distance is at least
 * D - 2^-14 sqrt(D) - D 2^-50: L (1 - 2^-20) > best + 8 leaves it above
 * best whatever the rounding, and leaving p out keeps the least the same.
 */
static inline int
far_beyond(double l, double best)
{
	return l * (1.0 - 0x1p-20) > best + 8.0;
}

/* L for far_beyond: the squared distance from p to the box. */
static inline double
box_dist2(sk_pt p, const int32_t box[4])
{
	int64_t dx = p.x < box[0] ? (int64_t)box[0] - p.x : p.x > box[2] ? (int64_t)p.x - box[2] : 0;
	int64_t dy = p.y < box[1] ? (int64_t)box[1] - p.y : p.y > box[3] ? (int64_t)p.y - box[3] : 0;

	return (double)dx * (double)dx + (double)dy * (double)dy;
}

/* Is polygon p of n points the very box it spans, square to the axes: a
 * segment along x or y (n = 2), or a rectangle whose four corners are the
 * box's, in order (n = 4)? */
static inline int
is_square_box(const sk_pt *p, int n, const int32_t box[4])
{
	int i;

	if (n == 2)
		return (p[0].x == p[1].x) != (p[0].y == p[1].y);
	if (n != 4 || box[0] == box[2] || box[1] == box[3] ||
	    (p[0].x == p[2].x && p[0].y == p[2].y) || (p[1].x == p[3].x && p[1].y == p[3].y))
		return 0;
	for (i = 0; i < 4; i++) {
		sk_pt q = p[(i + 1) & 3];
		if ((p[i].x != box[0] && p[i].x != box[2]) || (p[i].y != box[1] && p[i].y != box[3]) ||
		    (p[i].x == q.x) == (p[i].y == q.y))
			return 0;
	}
	return 1;
}

/*
 * The gap of a and b when both are boxes square to the axes (is_square_box)
 * whose spans overlap or meet on one axis: their distance on the other, a
 * whole number of mils, or -1. The least of the doubles sk_poly_gap takes
 * errs from the true least distance by far less than 1/2 mil on int32
 * coordinates (see far_beyond), so it rounds to that whole number.
 */
static inline int64_t
square_gap(const sk_pt *a, int na, const int32_t boxa[4], const sk_pt *b, int nb,
	   const int32_t boxb[4])
{
	int64_t sq = sk_square_boxes_gap(boxa, boxb);

	if (sq < 0 || !is_square_box(a, na, boxa) || !is_square_box(b, nb, boxb))
		return -1;
	return sq;
}

int
sk_rect_square(const sk_pt r[4])
{
	int32_t box[4];

	sk_poly_box(r, 4, box);
	return is_square_box(r, 4, box);
}

/* The least of the squared distances, then one square root: sqrt is
 * correctly rounded and so monotonic, so this is the least distance. */
int64_t
sk_poly_gap(const sk_pt *a, int na, const sk_pt *b, int nb)
{
	struct seg ea[SK_POLY_GAP_MAX], eb[SK_POLY_GAP_MAX];
	double best = 1e300, d;
	int32_t boxa[4], boxb[4];
	int64_t sq;
	int i, j;

	if (na > SK_POLY_GAP_MAX || nb > SK_POLY_GAP_MAX)
		return sk_poly_overlap(a, na, b, nb) ? 0 : poly_gap_slow(a, na, b, nb);
	sk_poly_box(a, na, boxa);
	sk_poly_box(b, nb, boxb);
	sq = square_gap(a, na, boxa, b, nb, boxb);
	if (sq >= 0)
		return sq;
	/* polygons whose boxes are apart on x or y do not overlap */
	if (boxb[0] <= boxa[2] && boxa[0] <= boxb[2] && boxb[1] <= boxa[3] &&
	    boxa[1] <= boxb[3] && sk_poly_overlap(a, na, b, nb))
		return 0;
	for (i = 0; i < na; i++)
		seg_of(&ea[i], a[i], a[i + 1 == na ? 0 : i + 1]);
	for (j = 0; j < nb; j++)
		seg_of(&eb[j], b[j], b[j + 1 == nb ? 0 : j + 1]);
	/* the least over every vertex of one and edge of the other (in any
	 * order: the least of doubles is exact), leaving out a vertex whose
	 * distance to the other's bounding box already exceeds the least so
	 * far with room to spare (far_beyond) */
	for (i = 0; i < na; i++) {
		if (far_beyond(box_dist2(a[i], boxb), best))
			continue;
		for (j = 0; j < nb; j++) {
			d = pt_seg_dist2(a[i], &eb[j]);
			if (d < best)
				best = d;
		}
	}
	for (j = 0; j < nb; j++) {
		if (far_beyond(box_dist2(b[j], boxa), best))
			continue;
		for (i = 0; i < na; i++) {
			d = pt_seg_dist2(b[j], &ea[i]);
			if (d < best)
				best = d;
		}
	}
	return (int64_t)(sqrt(best) + 0.5);
}

/*
 * sk_poly_gap of quadrilaterals a and b, and (side[k]) of each side of a,
 * the two points a[k], a[(k + 1) & 3], and b: the same values as the five
 * calls, with each distance from a vertex to an edge taken once. A side
 * is a polygon of two points, so its edges are the side and the side
 * reversed; the side's own edge is a's edge k, and its vertices are a's.
 */
int64_t
sk_quad_side_gaps(const sk_pt a[4], const sk_pt b[4], int64_t side[4])
{
	struct seg ea[4], er[4], eb[4];
	double da[4][4], db[4][4], dr[4][4], best = 1e300;
	int32_t boxa[4], boxb[4], boxs[4];
	int64_t sq;
	int i, j, k;

	sk_poly_box(a, 4, boxa);
	sk_poly_box(b, 4, boxb);
	/* bases square to the axes, side by side or face to face: every
	 * gap from the boxes (square_gap) */
	sq = square_gap(a, 4, boxa, b, 4, boxb);
	for (k = 0; sq >= 0 && k < 4; k++) {
		sk_pt s[2];

		s[0] = a[k];
		s[1] = a[(k + 1) & 3];
		sk_poly_box(s, 2, boxs);
		side[k] = square_gap(s, 2, boxs, b, 4, boxb);
		if (side[k] < 0)
			break;
	}
	if (sq >= 0 && k == 4)
		return sq;
	for (i = 0; i < 4; i++) {
		seg_of(&ea[i], a[i], a[(i + 1) & 3]);
		seg_of(&er[i], a[(i + 1) & 3], a[i]);
		seg_of(&eb[i], b[i], b[(i + 1) & 3]);
	}
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++) {
			da[i][j] = pt_seg_dist2(a[i], &eb[j]);
			db[j][i] = pt_seg_dist2(b[j], &ea[i]);
			dr[j][i] = pt_seg_dist2(b[j], &er[i]);
		}
	for (k = 0; k < 4; k++) {
		sk_pt s[2];
		double m = 1e300;

		s[0] = a[k];
		s[1] = a[(k + 1) & 3];
		sk_poly_box(s, 2, boxs);
		if (boxb[0] <= boxs[2] && boxs[0] <= boxb[2] && boxb[1] <= boxs[3] &&
		    boxs[1] <= boxb[3] && sk_poly_overlap(s, 2, b, 4)) {
			side[k] = 0;
			continue;
		}
		for (j = 0; j < 4; j++) {
			m = da[k][j] < m ? da[k][j] : m;
			m = da[(k + 1) & 3][j] < m ? da[(k + 1) & 3][j] : m;
			m = db[j][k] < m ? db[j][k] : m;
			m = dr[j][k] < m ? dr[j][k] : m;
		}
		side[k] = (int64_t)(sqrt(m) + 0.5);
	}
	if (sq >= 0)
		return sq;
	if (boxb[0] <= boxa[2] && boxa[0] <= boxb[2] && boxb[1] <= boxa[3] &&
	    boxa[1] <= boxb[3] && sk_poly_overlap(a, 4, b, 4))
		return 0;
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++) {
			best = da[i][j] < best ? da[i][j] : best;
			best = db[j][i] < best ? db[j][i] : best;
		}
	return (int64_t)(sqrt(best) + 0.5);
}

/* sk_square_boxes_gap of boxes a and b, and at[w] that of each edge of a
 * by its way out w (quarter_way's order: +x, +y, -x, -y), a segment
 * along x or y that keeps a's span on the other axis; -1 when one does
 * not answer */
static int64_t
square_edge_gaps(const int32_t a[4], const int32_t b[4], int64_t at[4])
{
	int64_t gx, gy, e0, e1, sq;
	int w;

	sk_square_separations(a, b, &gx, &gy);
	sq = sk_square_gap_of(gx, gy);
	if (sq < 0)
		return -1;
	/* the edge x = a[2] (or a[0], a[3], a[1]) against b's span */
	for (w = 0; w < 4; w++) {
		int32_t line = w == 0 ? a[2] : w == 1 ? a[3] : w == 2 ? a[0] : a[1];
		e0 = (int64_t)b[w & 1] - line;
		e1 = (int64_t)line - b[2 + (w & 1)];
		e0 = e0 > e1 ? e0 : e1;
		at[w] = w & 1 ? sk_square_gap_of(gx, e0) : sk_square_gap_of(e0, gy);
		if (at[w] < 0)
			return -1;
	}
	return sq;
}

int64_t
sk_square_side_gaps(const int32_t boxa[4], int facing, const int32_t boxb[4], int64_t side[4])
{
	int64_t at[4], sq;
	int j;

	if (facing < 0 || facing >= 360 || facing % 90 != 0)
		return -1;
	/* as sk_quad_side_gaps answers bases square to the axes: a's side j
	 * (sk_rect's corners j and j + 1) is the edge of its box whose way
	 * out is facing + 90 (j + 1) degrees; b is its box */
	sq = square_edge_gaps(boxa, boxb, at);
	for (j = 0; sq >= 0 && j < 4; j++)
		side[j] = at[(facing / 90 + j + 1) & 3];
	return sq;
}

/* A30: the side a push goes away from (geom.h) */
int
sk_push_side(const sk_pt rl[4], const sk_pt rw[4], int facing, sk_pt fc, sk_pt wc,
	     const int64_t sides[4], int64_t gap, int64_t slack)
{
	int64_t best_len = INT64_MIN, best_dot = INT64_MIN, side_gap;
	sk_pt seg[2];
	int k, i, best = 0;

	for (k = 0; k < 4; k++) {
		/* side k: front, left, back, right; sk_rect's corners are
		 * front-left, back-left, back-right, front-right */
		static const int from[4] = { 3, 0, 1, 2 }, to[4] = { 0, 1, 2, 3 };
		int32_t nx, ny, tx, ty;
		int64_t smin, smax, wmin = INT64_MAX, wmax = INT64_MIN, len, dot, p;

		seg[0] = rl[from[k]];
		seg[1] = rl[to[k]];
		side_gap = sides[from[k]];
		if (side_gap > gap + slack)
			continue;
		sk_dir(facing + 90 * k, MIL, &nx, &ny);
		tx = -ny;
		ty = nx;
		smin = (int64_t)seg[0].x * tx + (int64_t)seg[0].y * ty;
		smax = (int64_t)seg[1].x * tx + (int64_t)seg[1].y * ty;
		if (smin > smax) {
			p = smin;
			smin = smax;
			smax = p;
		}
		for (i = 0; i < 4; i++) {
			p = (int64_t)rw[i].x * tx + (int64_t)rw[i].y * ty;
			wmin = p < wmin ? p : wmin;
			wmax = p > wmax ? p : wmax;
		}
		len = (wmax < smax ? wmax : smax) - (wmin > smin ? wmin : smin);
		dot = ((int64_t)wc.x - fc.x) * nx + ((int64_t)wc.y - fc.y) * ny;
		if (len > best_len || (len == best_len && dot > best_dot)) {
			best = k;
			best_len = len;
			best_dot = dot;
		}
	}
	return best;
}

/* the unit ways (MIL long) of 0, 90, 180 and 270 degrees: sk_dir's, which
 * are exact there (sines 0 and +-65536) */
static const int32_t quarter_way[4][2] = { { MIL, 0 }, { 0, MIL }, { -MIL, 0 }, { 0, -MIL } };

/* A30: the same side from two boxes (geom.h) */
int
sk_push_side_square(const int32_t bl[4], const int32_t bw[4], int facing, sk_pt fc, sk_pt wc,
		    int64_t slack)
{
	int64_t best_len = INT64_MIN, best_dot = INT64_MIN, len, dot, at[4], gap;
	int64_t dx = (int64_t)wc.x - fc.x, dy = (int64_t)wc.y - fc.y;
	/* each side runs along one axis across the whole of its box: its
	 * shadow and rw's are the boxes' spans on the other axis from its
	 * way out, MIL long as sk_push_side's tangent is */
	int64_t along_y = (int64_t)MIL * (((int64_t)bl[3] < bw[3] ? bl[3] : bw[3]) -
					  ((int64_t)bl[1] > bw[1] ? bl[1] : bw[1]));
	int64_t along_x = (int64_t)MIL * (((int64_t)bl[2] < bw[2] ? bl[2] : bw[2]) -
					  ((int64_t)bl[0] > bw[0] ? bl[0] : bw[0]));
	int k, q, w, best = 0;

	if (facing < 0 || facing >= 360 || facing % 90 != 0)
		return -1;
	gap = square_edge_gaps(bl, bw, at);
	if (gap < 0)
		return -1;
	q = facing / 90;
	for (k = 0; k < 4; k++) {
		/* side k (front, left, back, right) goes out at facing + 90k:
		 * the edge of sk_rect's corners (k + 3) & 3 and k */
		w = (q + k) & 3;
		if (at[w] > gap + slack)
			continue;
		len = w & 1 ? along_x : along_y;
		dot = (int64_t)MIL * (w & 1 ? dy : dx) * (w & 2 ? -1 : 1);
		if (len > best_len || (len == best_len && dot > best_dot)) {
			best = k;
			best_len = len;
			best_dot = dot;
		}
	}
	return best;
}

void
sk_quarter_way(int deg, int32_t *dx, int32_t *dy)
{
	if (deg >= 0 && deg % 90 == 0) {
		*dx = quarter_way[(deg / 90) & 3][0];
		*dy = quarter_way[(deg / 90) & 3][1];
	} else {
		sk_dir(deg, MIL, dx, dy);
	}
}

/* Is axis (nx, ny) a separating axis of a swept along v, and b? Touching
 * counts as separated (G3). */
static int
swept_separated_on(int64_t nx, int64_t ny, const sk_pt *a, int na, sk_pt v,
		   const sk_pt *b, int nb)
{
	int64_t amin = INT64_MAX, amax = INT64_MIN, bmin = INT64_MAX, bmax = INT64_MIN, t, dv;
	int i;

	for (i = 0; i < na; i++) {
		t = nx * a[i].x + ny * a[i].y;
		if (t < amin)
			amin = t;
		if (t > amax)
			amax = t;
	}
	dv = nx * v.x + ny * v.y;
	if (dv < 0)
		amin += dv;
	else
		amax += dv;
	for (i = 0; i < nb; i++) {
		t = nx * b[i].x + ny * b[i].y;
		if (t < bmin)
			bmin = t;
		if (t > bmax)
			bmax = t;
	}
	return amax <= bmin || bmax <= amin;
}

/*
 * Does convex a, swept along the translation v, overlap convex b? The
 * swept shape's edges are a's edges and two parallel to v, so its
 * separating axes are those and b's: the same answer as sk_poly_overlap()
 * of the convex hull of a and a + v, without building the hull.
 */
int
sk_swept_overlap(const sk_pt *a, int na, sk_pt v, const sk_pt *b, int nb)
{
	int i;

	for (i = 0; i < na; i++) {
		sk_pt p = a[i], q = a[i + 1 == na ? 0 : i + 1];
		if (swept_separated_on((int64_t)q.y - p.y, -((int64_t)q.x - p.x), a, na, v, b, nb))
			return 0;
	}
	for (i = 0; i < nb; i++) {
		sk_pt p = b[i], q = b[i + 1 == nb ? 0 : i + 1];
		if (swept_separated_on((int64_t)q.y - p.y, -((int64_t)q.x - p.x), a, na, v, b, nb))
			return 0;
	}
	if ((v.x || v.y) && swept_separated_on(-(int64_t)v.y, v.x, a, na, v, b, nb))
		return 0;
	return 1;
}

int
sk_point_in_poly(sk_pt q, const sk_pt *p, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (cross3(p[i], p[(i + 1) % n], q) < 0)
			return 0;
	return 1;
}

/*
 * Cyrus-Beck: the part [t0, t1] of segment a-b inside the convex polygon.
 * Returns 1 when that part has positive length through the interior; a
 * segment running along an edge is outside.
 */
int
sk_seg_poly_clip(sk_pt a, sk_pt b, const sk_pt *p, int n, double *t0, double *t1)
{
	double lo = 0.0, hi = 1.0;
	int i;

	for (i = 0; i < n; i++) {
		sk_pt e0 = p[i], e1 = p[(i + 1) % n];
		/* outward normal of a counter-clockwise edge */
		int64_t nx = (int64_t)e1.y - e0.y, ny = -((int64_t)e1.x - e0.x);
		int64_t num = nx * ((int64_t)a.x - e0.x) + ny * ((int64_t)a.y - e0.y);
		int64_t den = nx * ((int64_t)b.x - a.x) + ny * ((int64_t)b.y - a.y);

		if (den == 0) {
			if (num >= 0)
				return 0;
			continue;
		}
		{
			double t = -(double)num / (double)den;
			if (den < 0) {
				if (t > lo)
					lo = t;
			} else {
				if (t < hi)
					hi = t;
			}
		}
		if (lo >= hi)
			return 0;
	}
	*t0 = lo;
	*t1 = hi;
	return lo < hi;
}

static int
pt_cmp(sk_pt a, sk_pt b)
{
	if (a.x != b.x)
		return a.x < b.x ? -1 : 1;
	if (a.y != b.y)
		return a.y < b.y ? -1 : 1;
	return 0;
}

/* Andrew's monotone chain; out needs 2 * n points; counter-clockwise, no
 * collinear points. n <= 64. */
int
sk_hull(const sk_pt *in, int n, sk_pt *out)
{
	sk_pt s[64];
	int i, j, k = 0, t;

	if (n > 64)
		n = 64;
	for (i = 0; i < n; i++) {
		sk_pt v = in[i];
		for (j = i; j > 0 && pt_cmp(s[j - 1], v) > 0; j--)
			s[j] = s[j - 1];
		s[j] = v;
	}
	for (i = 0; i < n; i++) {
		while (k >= 2 && cross3(out[k - 2], out[k - 1], s[i]) <= 0)
			k--;
		out[k++] = s[i];
	}
	for (i = n - 2, t = k + 1; i >= 0; i--) {
		while (k >= t && cross3(out[k - 2], out[k - 1], s[i]) <= 0)
			k--;
		out[k++] = s[i];
	}
	return k > 1 ? k - 1 : k;
}

int64_t
sk_seg_len(sk_pt a, sk_pt b)
{
	double dx = (double)b.x - a.x, dy = (double)b.y - a.y;
	return (int64_t)(sqrt(dx * dx + dy * dy) + 0.5);
}

int
sk_atan2_deg(int64_t dy, int64_t dx)
{
	int d0, k, best = 0;
	int64_t bestv = INT64_MIN;

	if (dx == 0 && dy == 0)
		return 0;
	/* The whole degree nearest the direction: the largest
	 * dx cos(d) + dy sin(d) by the table, ties to the lowest degree. Of
	 * length R, that is R cos(theta - d) in 2^-16 within R: a third-nearest
	 * degree falls short of the nearest by R (cos 1.5 - cos 0.5), some 20
	 * units of the table's R, so only the two degrees next to atan2's are
	 * contenders, and the five about its rounding are weighed. */
	d0 = (int)floor(atan2((double)dy, (double)dx) * (180.0 / 3.14159265358979323846) + 0.5);
	for (k = -2; k <= 2; k++) {
		int d = ((d0 + k) % 360 + 360) % 360;
		int64_t v = dx * cos_deg(d) + dy * sin_deg(d);
		if (v > bestv || (v == bestv && d < best)) {
			bestv = v;
			best = d;
		}
	}
	return best;
}

/* Are the bounding boxes of quadrilaterals a and b more than m apart on x
 * or on y? Then so are the shapes (the true least distance is more than
 * m), and sk_poly_gap, whose doubles err by far less than 1/2 mil on int32
 * coordinates, rounds to more than m - 1. */
static int
boxes_apart(const int32_t ba[4], const int32_t bb[4], int64_t m)
{
	return (int64_t)bb[0] - ba[2] > m || (int64_t)ba[0] - bb[2] > m ||
	       (int64_t)bb[1] - ba[3] > m || (int64_t)ba[1] - bb[3] > m;
}

/* sk_poly_gap(a, b) <= limit (limit >= 0, below 2^26), answered as soon as
 * one pair of a vertex and an edge is within limit: d <= limit^2 gives
 * sqrt(d) <= limit (sqrt is correctly rounded and limit^2 exact), so the
 * least distance rounds to limit or less. Otherwise, the full gap. */
int
sk_poly_within(const sk_pt *a, int na, const sk_pt *b, int nb, int64_t limit)
{
	struct seg ea[4], eb[4];
	double best = 1e300, d, lim2 = (double)(limit * limit);
	int32_t ba[4], bb[4];
	int64_t sq;
	int i, j;

	if (na != 4 || nb != 4)
		return sk_poly_gap(a, na, b, nb) <= limit;
	sk_poly_box(a, 4, ba);
	sk_poly_box(b, 4, bb);
	sq = square_gap(a, 4, ba, b, 4, bb);
	if (sq >= 0)
		return sq <= limit;
	if (boxes_apart(ba, bb, limit + 1))
		return 0;
	if (sk_poly_overlap(a, na, b, nb))
		return 1;
	for (i = 0; i < 4; i++) {
		seg_of(&ea[i], a[i], a[(i + 1) & 3]);
		seg_of(&eb[i], b[i], b[(i + 1) & 3]);
	}
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++) {
			d = pt_seg_dist2(a[i], &eb[j]);
			if (d < best)
				best = d;
			d = pt_seg_dist2(b[j], &ea[i]);
			if (d < best)
				best = d;
			if (best <= lim2)
				return 1;
		}
	return (int64_t)(sqrt(best) + 0.5) <= limit;
}

/* SPDX-License-Identifier: MIT */
/*
 * The figures on the table (G3, G5): a figure's base, whether it is in
 * play, the gap between two bases, contact, and the bases in the way of
 * another. Bases are measured with the pure geometry of geometry.c; the
 * search for nearby figures goes through the spatial index (grid.c).
 */
#include "table.h"

#include <stddef.h>

/* sk_fig_shaped (table.h) reads w, d and bw, bd as eight bytes each: the
 * build fails here if a change of struct sk_fig parts them */
typedef char sk_fig_base_pairs_adjacent[offsetof(struct sk_fig, d) == offsetof(struct sk_fig, w) + 4 &&
					 offsetof(struct sk_fig, bd) == offsetof(struct sk_fig, bw) + 4 ?
					 1 : -1];

void
sk_fig_reshape(struct sk_fig *f)
{
	if (sk_fig_shaped(f))
		return;
	sk_rect_offsets(f->w, f->d, f->facing, f->boff);
	f->bsquare = (uint8_t)sk_rect_offsets_square(f->boff);
	f->bw = f->w;
	f->bd = f->d;
	f->bfacing = f->facing;
	f->bpad = 0;
}


/* Two bases square to the axes whose spans meet on one axis: their gap
 * from their boxes, as sk_poly_gap and sk_poly_within take it first
 * (square_gap in geometry.c); else -1. */
static int64_t
square_bases_gap(const struct sk_fig *fa, const struct sk_fig *fb)
{
	int32_t ba[4], bb[4];

	if (!sk_fig_square_box(fa, ba) || !sk_fig_square_box(fb, bb))
		return -1;
	return sk_square_boxes_gap(ba, bb);
}

int64_t
sk_fig_gap(const skirmish_game *g, int a, int b)
{
	sk_pt ra[4], rb[4];
	int64_t sq = square_bases_gap(&g->figs[a], &g->figs[b]);

	if (sq >= 0)
		return sq;
	sk_fig_rect(&g->figs[a], ra);
	sk_fig_rect(&g->figs[b], rb);
	return sk_poly_gap(ra, 4, rb, 4);
}

/* Quick reject: centres further apart than the bases could reach. */
static int
far_apart(const struct sk_fig *a, const struct sk_fig *b, int64_t margin)
{
	int64_t reach = (int64_t)a->w + a->d + b->w + b->d + margin;
	int64_t dx = (int64_t)a->x - b->x, dy = (int64_t)a->y - b->y;

	return dx > reach || dx < -reach || dy > reach || dy < -reach;
}

int
sk_fig_within(const skirmish_game *g, int a, int b, int64_t limit)
{
	const struct sk_fig *fa = &g->figs[a], *fb = &g->figs[b];
	int64_t dx = (int64_t)fa->x - fb->x, dy = (int64_t)fa->y - fb->y;
	sk_pt ra[4], rb[4];

	if (far_apart(fa, fb, limit))
		return 0;
	/* the bases are no farther apart than their centres (a long shot's
	 * limit: most pairs are answered here) */
	if (limit >= 0 && limit < INT32_MAX) {
		int64_t d2 = dx * dx + dy * dy;
		/* each corner of a base is within (w + d) / 2 of its centre,
		 * and a mil or two more for the rounding of sk_rect: centres
		 * farther apart than both and the limit (and a few mils, so
		 * that the gap, rounded, is past the limit too) are not */
		int64_t r = limit + ((int64_t)fa->w + fa->d + fb->w + fb->d) / 2 + 8;

		if (d2 <= limit * limit)
			return 1;
		if (d2 > r * r)
			return 0;
	}
	{
		int64_t sq = square_bases_gap(fa, fb);
		if (sq >= 0)
			return sq <= limit;
	}
	sk_fig_rect(fa, ra);
	sk_fig_rect(fb, rb);
	return sk_poly_within(ra, 4, rb, 4, limit);
}

int
sk_in_contact(const skirmish_game *g, int a, int b)
{
	return sk_fig_within(g, a, b, SK_CONTACT_MILS);
}

/* Is base r in the way of figure i (G3)? */
static int
base_in_way(const skirmish_game *g, const sk_pt r[4], int i, int skip_a, int skip_b)
{
	sk_pt o[4];

	if (i == skip_a || i == skip_b || (g->figs[i].flags & FIG_REMOVED))
		return 0;
	sk_fig_rect(&g->figs[i], o);
	return sk_poly_overlap(r, 4, o, 4);
}

int
sk_base_in_way(const skirmish_game *g, const struct sk_fig *f, int skip_a, int skip_b)
{
	sk_pt r[4];
	int ids[SK_NEAR_MAX], reach = f->w + f->d, n, i;

	sk_fig_rect(f, r);
	n = sk_near(g, f->x - reach, f->y - reach, f->x + reach, f->y + reach, 0, ids);
	for (i = 0; i < n; i++)
		if (base_in_way(g, r, ids[i], skip_a, skip_b))
			return ids[i];
	if (n >= 0)
		return -1;
	for (i = 0; i < g->nfigs; i++)
		if (base_in_way(g, r, i, skip_a, skip_b))
			return i;
	return -1;
}


const char *
sk_fig_name(const skirmish_game *g, int id)
{
	if (id < 0 || id >= g->nfigs)
		return "?";
	return g->figs[id].name;
}

/* SPDX-License-Identifier: MIT */
/*
 * Terrain, paths and sight (G4, G5; Senso S6, S9; Sampson A3, A5, A7).
 */
#include <math.h>

#include "table.h"

static int
bbox_hits(const struct sk_terrain *t, int32_t minx, int32_t miny, int32_t maxx,
	  int32_t maxy)
{
	return !(maxx < t->minx || minx > t->maxx || maxy < t->miny || miny > t->maxy);
}

void
sk_terrain_bbox(struct sk_terrain *t)
{
	int32_t box[4];
	int64_t cx = 0, cy = 0;
	int i;

	sk_poly_box(t->p, t->npts, box);
	t->minx = box[0];
	t->miny = box[1];
	t->maxx = box[2];
	t->maxy = box[3];
	/* the centre that a move to cover aims at (legal.c), truncated
	 * towards zero; a mean of positions is one */
	for (i = 0; i < t->npts; i++) {
		cx += t->p[i].x;
		cy += t->p[i].y;
	}
	t->cx = (int32_t)(cx / t->npts);
	t->cy = (int32_t)(cy / t->npts);
}

/* G5a: the point lies in the interior of the piece; on its boundary (an
 * edge or a corner, whichever way the edge runs) is outside. */
static int
strictly_inside(const struct sk_terrain *t, sk_pt q)
{
	int i;

	for (i = 0; i < t->npts; i++) {
		sk_pt a = t->p[i], b = t->p[(i + 1) % t->npts];
		if ((int64_t)(b.x - a.x) * (q.y - a.y) - (int64_t)(b.y - a.y) * (q.x - a.x) <= 0)
			return 0;
	}
	return 1;
}

struct ival {
	double a, b;
};

int
sk_path_info(const skirmish_game *g, int id, const sk_pt *path, int n,
	     struct sk_path_info *info)
{
	int s, i;

	(void)id;
	info->length = 0;
	info->rough = 0;
	info->enters_rough = 0;
	info->water = 0;
	info->climb = 0;
	info->obstacle = -1;
	info->penalty = 0;

	/* G1: where the centre stands at the start counts as entered */
	for (i = 0; i < g->nterr; i++) {
		const struct sk_terrain *t = &g->terr[i];
		/* a point outside the piece's box is outside the piece */
		if (!sk_terrain_box_hits(t, path[0].x, path[0].y, path[0].x, path[0].y) ||
		    !sk_point_in_poly(path[0], t->p, t->npts))
			continue;
		if (t->flags & SKIRMISH_TERRAIN_ROUGH)
			info->enters_rough = 1;
		if (t->move_penalty > info->penalty)
			info->penalty = t->move_penalty;
	}

	for (s = 0; s + 1 < n; s++) {
		sk_pt a = path[s], b = path[s + 1];
		int64_t len = sk_seg_len(a, b);
		struct ival iv[64];
		int niv = 0, k;
		double covered = 0.0, end = -1.0;

		info->length += len;
		for (i = 0; i < g->nterr; i++) {
			const struct sk_terrain *t = &g->terr[i];
			double t0, t1;
			int inside = sk_seg_in_terrain(t, a, b, &t0, &t1);

			if (!inside) {
				/* a zero-length segment, or one that only ends inside */
				if (!sk_terrain_box_hits(t, b.x, b.y, b.x, b.y) ||
				    !sk_point_in_poly(b, t->p, t->npts))
					continue;
				t0 = t1 = 1.0;
			}
			if (t->flags & SKIRMISH_TERRAIN_ROUGH) {
				info->enters_rough = 1;
				if (inside && niv < 64) {
					/* insertion by start */
					for (k = niv; k > 0 && iv[k - 1].a > t0; k--)
						iv[k] = iv[k - 1];
					iv[k].a = t0;
					iv[k].b = t1;
					niv++;
				}
			}
			if (t->flags & SKIRMISH_TERRAIN_WATER)
				info->water = 1;
			if (t->flags & SKIRMISH_TERRAIN_CLIMB)
				info->climb = 1;
			if ((t->flags & SKIRMISH_TERRAIN_OBSTACLE) && inside &&
			    info->obstacle < 0 && t1 < 1.0)
				info->obstacle = i; /* crossed: it enters and leaves */
			if (t->move_penalty > info->penalty)
				info->penalty = t->move_penalty;
		}
		/* union of the rough parts of this segment */
		for (k = 0; k < niv; k++) {
			double lo = iv[k].a > end ? iv[k].a : end;
			if (iv[k].b > lo)
				covered += iv[k].b - lo;
			if (iv[k].b > end)
				end = iv[k].b;
		}
		info->rough += (int64_t)(covered * (double)len + 0.5);
	}
	return 0;
}

/* The box of a swept base: corners r0 stretched by the leg v, or, when
 * it turns on the way (hull8 not NULL), the box of both ends' 8 corners,
 * which hold their hull; into box (minx, miny, maxx, maxy). */
static void
swept_box(const sk_pt r0[4], const sk_pt *hull8, sk_pt v, int32_t box[4])
{
	const sk_pt *p = hull8 ? hull8 : r0;
	int k, n = hull8 ? 8 : 4;

	box[0] = box[2] = p[0].x;
	box[1] = box[3] = p[0].y;
	for (k = 1; k < n; k++) {
		if (p[k].x < box[0])
			box[0] = p[k].x;
		if (p[k].x > box[2])
			box[2] = p[k].x;
		if (p[k].y < box[1])
			box[1] = p[k].y;
		if (p[k].y > box[3])
			box[3] = p[k].y;
	}
	if (!hull8) {
		box[v.x < 0 ? 0 : 2] += v.x;
		box[v.y < 0 ? 1 : 3] += v.y;
	}
}

int
sk_path_check(skirmish_game *g, int id, const sk_pt *path, int n, int facing,
	      struct sk_path_info *info)
{
	const struct sk_fig *f = &g->figs[id];
	sk_pt r0[4], r1[4], pts[8], hull[16], v;
	int32_t sbox[4];
	int turned, have_box;
	int s, i, k, nh, nn, kk, ids[SK_NEAR_MAX];

	for (s = 0; s < n; s++)
		if (path[s].x < 0 || path[s].y < 0 || path[s].x > g->table_w ||
		    path[s].y > g->table_d)
			return sk_error(g, SKIRMISH_E_BLOCKED,
					"G4: the path leaves the table at (%.3f, %.3f)",
					sk_to_inches(path[s].x), sk_to_inches(path[s].y));

	for (s = 0; s + 1 < n || s == 0; s++) {
		int last = s + 2 >= n;
		sk_pt a = path[s], b = s + 1 < n ? path[s + 1] : path[s];

		/* The base keeps its facing along the way and turns to its final
		 * facing during the last leg, so that a charge may end facing its
		 * enemy and touching it (G4, doc/rules/general.md). */
		sk_fig_rect_at(f, a, r0);
		turned = last && facing != f->facing;
		v.x = b.x - a.x;
		v.y = b.y - a.y;
		nh = 0;
		if (turned) {
			/* the swept shape: the hull of the base at both ends */
			sk_rect(b, f->w, f->d, facing, r1);
			for (k = 0; k < 4; k++) {
				pts[k] = r0[k];
				pts[k + 4] = r1[k];
			}
			nh = sk_hull(pts, 8, hull);
		}
		{
			int32_t minx = a.x < b.x ? a.x : b.x, maxx = a.x < b.x ? b.x : a.x;
			int32_t miny = a.y < b.y ? a.y : b.y, maxy = a.y < b.y ? b.y : a.y;
			nn = sk_near(g, minx, miny, maxx, maxy, f->w + f->d, ids);
		}
		SK_NEAR_EACH(g, nn, ids, kk, i) {
			const struct sk_fig *o = &g->figs[i];
			sk_pt ro[4];
			int64_t reach = (int64_t)o->w + o->d + f->w + f->d;
			int32_t minx = a.x < b.x ? a.x : b.x, maxx = a.x < b.x ? b.x : a.x;
			int32_t miny = a.y < b.y ? a.y : b.y, maxy = a.y < b.y ? b.y : a.y;

			if (i == id || (o->flags & FIG_REMOVED))
				continue;
			if (o->x + reach < minx || o->x - reach > maxx ||
			    o->y + reach < miny || o->y - reach > maxy)
				continue;
			sk_fig_rect(o, ro);
			if ((turned ? sk_poly_overlap(hull, nh, ro, 4) : sk_swept_overlap(r0, 4, v, ro, 4)))
				return sk_error(g, SKIRMISH_E_BLOCKED,
						"G3/G4: the move would %s the base of %s",
						last ? "pass through or end on"
						     : "pass through",
						sk_fig_name(g, i));
		}
		have_box = 0;
		for (i = 0; i < g->nterr; i++) {
			const struct sk_terrain *t = &g->terr[i];
			if (!(t->flags & SKIRMISH_TERRAIN_IMPASSABLE))
				continue;
			if (!have_box) {
				swept_box(r0, turned ? pts : NULL, v, sbox);
				have_box = 1;
			}
			/* a piece whose box is apart from the shape's is apart
			 * from the shape */
			if (!sk_terrain_box_hits(t, sbox[0], sbox[1], sbox[2], sbox[3]))
				continue;
			if ((turned ? sk_poly_overlap(hull, nh, t->p, t->npts) :
					 sk_swept_overlap(r0, 4, v, t->p, t->npts)))
				return sk_error(g, SKIRMISH_E_BLOCKED,
						"G4: the move would cross impassable terrain (%s)",
						t->name[0] ? t->name : "unnamed");
		}
	}
	return sk_path_info(g, id, path, n, info);
}

/* G5, with ruling G5a (doc/rules/general.md): a piece that contains the
 * centre of either figure does not block the sight between them. The
 * lowest id of a piece that blocks it, or -1 (skirmish_game_sight names
 * it). */
int
sk_sight_blocker(const skirmish_game *g, int a, int b)
{
	sk_pt pa, pb;
	int i;

	pa.x = g->figs[a].x;
	pa.y = g->figs[a].y;
	pb.x = g->figs[b].x;
	pb.y = g->figs[b].y;
	for (i = 0; i < g->nterr; i++) {
		const struct sk_terrain *t = &g->terr[i];
		double t0, t1;

		if (!(t->flags & SKIRMISH_TERRAIN_BLOCKS_SIGHT))
			continue;
		if (!sk_seg_in_terrain(t, pa, pb, &t0, &t1))
			continue;
		if (strictly_inside(t, pa) || strictly_inside(t, pb))
			continue;
		return i;
	}
	return -1;
}

int
sk_sight_blocked(const skirmish_game *g, int a, int b)
{
	return sk_sight_blocker(g, a, b) >= 0;
}

int
sk_fig_overlaps_flag(const skirmish_game *g, const struct sk_fig *f, uint32_t flag)
{
	sk_pt r[4];
	int i, have_r = 0;

	for (i = 0; i < g->nterr; i++) {
		const struct sk_terrain *t = &g->terr[i];
		if (!(t->flags & flag))
			continue;
		if (!bbox_hits(t, f->x - f->w - f->d, f->y - f->w - f->d,
			       f->x + f->w + f->d, f->y + f->w + f->d))
			continue;
		if (!have_r) {          /* the corners only for a piece this near */
			sk_fig_rect(f, r);
			have_r = 1;
		}
		if (sk_poly_overlap(r, 4, t->p, t->npts))
			return i;
	}
	return -1;
}

/* S6, G14: the target's base overlaps cover, or the line of sight passes
 * through cover that the shooter does not line (its base overlaps the piece,
 * or stands within 1" of it when it is an obstacle, and the target's base
 * is not within 1" of it). */
int
sk_cover_from(const skirmish_game *g, int shooter, int target)
{
	const struct sk_fig *fs = &g->figs[shooter], *ft = &g->figs[target];
	sk_pt pa, pb;
	int i;

	if (sk_fig_overlaps_flag(g, ft, SKIRMISH_TERRAIN_COVER) >= 0)
		return 1;
	pa.x = fs->x;
	pa.y = fs->y;
	pb.x = ft->x;
	pb.y = ft->y;
	for (i = 0; i < g->nterr; i++) {
		const struct sk_terrain *t = &g->terr[i];
		double t0, t1;

		if (!(t->flags & SKIRMISH_TERRAIN_COVER))
			continue;
		if (!sk_seg_in_terrain(t, pa, pb, &t0, &t1))
			continue;
		/* G14: what the shooter lines is not the target's cover */
		if (sk_shooter_lines(g, shooter, target, i))
			continue;
		return 1;
	}
	return 0;
}

/* G5, S6, G14: what a shot asks of the terrain, in one pass over it: the
 * lowest id of a piece that blocks the sight between shooter and target
 * (sk_sight_blocker), or -1, and then in *cover whether the target is in
 * cover from the shooter (sk_cover_from: its base overlaps a piece of
 * cover, or the line passes through one the shooter does not line; an
 * either-or over the pieces, so that the order they are looked at in does
 * not matter). *cover is 0 when the sight is blocked. */
int
sk_shot_terrain(const skirmish_game *g, int shooter, int target, int *cover)
{
	const uint32_t sight = SKIRMISH_TERRAIN_BLOCKS_SIGHT, cov = SKIRMISH_TERRAIN_COVER;
	const struct sk_fig *fs = &g->figs[shooter], *ft = &g->figs[target];
	int32_t reach = ft->w + ft->d;
	sk_pt pa, pb, r[4];
	int i, have_r = 0, c = 0;

	*cover = 0;
	pa.x = fs->x;
	pa.y = fs->y;
	pb.x = ft->x;
	pb.y = ft->y;
	for (i = 0; i < g->nterr; i++) {
		const struct sk_terrain *t = &g->terr[i];
		uint32_t fl = t->flags & (sight | cov);
		double t0, t1;

		if (!fl || (fl == cov && c))
			continue;
		/* the target's base over cover (sk_fig_overlaps_flag) */
		if ((fl & cov) && !c &&
		    bbox_hits(t, ft->x - reach, ft->y - reach, ft->x + reach, ft->y + reach)) {
			if (!have_r) {
				sk_fig_rect(ft, r);
				have_r = 1;
			}
			c = sk_poly_overlap(r, 4, t->p, t->npts);
		}
		if (((fl & sight) || !c) && sk_seg_in_terrain(t, pa, pb, &t0, &t1)) {
			if ((fl & sight) && !strictly_inside(t, pa) && !strictly_inside(t, pb))
				return i;
			if ((fl & cov) && !c && !sk_shooter_lines(g, shooter, target, i))
				c = 1;
		}
	}
	*cover = c;
	return -1;
}

int
sk_obstacle_between(const skirmish_game *g, int a, int b)
{
	sk_pt pa, pb;
	int i;

	/* nobstacles counts the pieces marked obstacle (the referee checks it) */
	if (g->nobstacles == 0)
		return -1;
	pa.x = g->figs[a].x;
	pa.y = g->figs[a].y;
	pb.x = g->figs[b].x;
	pb.y = g->figs[b].y;
	for (i = g->first_obstacle; i >= 0; i = g->terr[i].next_obstacle) {
		double t0, t1;
		if (sk_seg_in_terrain(&g->terr[i], pa, pb, &t0, &t1))
			return i;
	}
	return -1;
}

void
sk_terrain_relink(skirmish_game *g)
{
	int32_t *hill = &g->first_hill, *obstacle = &g->first_obstacle;
	int i;

	for (i = 0; i < g->nterr; i++) {
		struct sk_terrain *t = &g->terr[i];

		t->next_hill = t->next_obstacle = -1;
		if (t->flags & SKIRMISH_TERRAIN_HILL) {
			*hill = i;
			hill = &t->next_hill;
		}
		if (t->flags & SKIRMISH_TERRAIN_OBSTACLE) {
			*obstacle = i;
			obstacle = &t->next_obstacle;
		}
	}
	*hill = *obstacle = -1;
}

/* Does hill t raise point p above h? (a point in the piece, or on its
 * outline, is in its box) */
static int
hill_raises(const struct sk_terrain *t, sk_pt p, int32_t h)
{
	return t->height > h && p.x >= t->minx && p.x <= t->maxx && p.y >= t->miny &&
	       p.y <= t->maxy && sk_point_in_poly(p, t->p, t->npts);
}

int32_t
sk_elevation(const skirmish_game *g, sk_pt p)
{
	int32_t h = 0;
	int i;

	for (i = g->first_hill; i >= 0; i = g->terr[i].next_hill)
		if (hill_raises(&g->terr[i], p, h))
			h = g->terr[i].height;
	return h;
}

/* A17, A18: a fight's heights and obstacles (table.h) */
void
sk_fight_terrain(const skirmish_game *g, sk_pt a, sk_pt b, int32_t height[2], const int want[2],
		 int obstacle[2])
{
	int32_t minx = a.x < b.x ? a.x : b.x, maxx = a.x < b.x ? b.x : a.x;
	int32_t miny = a.y < b.y ? a.y : b.y, maxy = a.y < b.y ? b.y : a.y;
	int i, k;

	/* sk_elevation of each, in one walk of the hills */
	height[0] = height[1] = 0;
	for (i = g->first_hill; i >= 0; i = g->terr[i].next_hill) {
		const struct sk_terrain *t = &g->terr[i];

		if (!sk_terrain_box_hits(t, minx, miny, maxx, maxy))
			continue; /* in the box of neither point */
		for (k = 0; k < 2; k++)
			if (hill_raises(t, k ? b : a, height[k]))
				height[k] = t->height;
	}
	/* sk_obstacle_between each way asked for: the first piece the line
	 * goes into; a piece whose box misses the line's box is missed both
	 * ways (sk_seg_in_terrain's first test) */
	obstacle[0] = obstacle[1] = -1;
	if (g->nobstacles == 0 || (!want[0] && !want[1]))
		return;
	for (i = g->first_obstacle; i >= 0; i = g->terr[i].next_obstacle) {
		const struct sk_terrain *t = &g->terr[i];
		double t0, t1;

		if (!sk_terrain_box_hits(t, minx, miny, maxx, maxy))
			continue;
		if (want[0] && obstacle[0] < 0 && sk_seg_in_terrain(t, a, b, &t0, &t1))
			obstacle[0] = i;
		if (want[1] && obstacle[1] < 0 && sk_seg_in_terrain(t, b, a, &t0, &t1))
			obstacle[1] = i;
	}
}

/* The least whole number at or above the distance from a base's centre
 * to its farthest corner, the corners being at c +- (off[0], off[1]) and
 * c +- (off[2], off[3]) (sk_rect_at). */
static int64_t
corner_reach(const int32_t off[4])
{
	int64_t a, b, m, r;
	int k;

	for (k = 0; k < 4; k++)
		if (off[k] > SK_COORD_MAX || off[k] < -SK_COORD_MAX)
			return INT64_MAX / 4; /* no shortcut for such a base */
	a = (int64_t)off[0] * off[0] + (int64_t)off[1] * off[1];
	b = (int64_t)off[2] * off[2] + (int64_t)off[3] * off[3];
	m = a > b ? a : b;
	r = (int64_t)sqrt((double)m);
	while (r * r < m)
		r++;
	return r;
}

/* The point on the line from id's centre towards target's where id's base
 * first touches target's (largest step that does not overlap). A binary
 * search over the steps, each asking whether the bases overlap there; a
 * step whose answer the discs about the two centres already give is
 * answered by them, and the search goes the same way: farther apart than
 * their corners reach, the bases are apart; nearer than half their
 * narrower sides less 2 mils each (the disc each base holds, its corners
 * rounded to the mil), their insides meet. */
int
sk_contact_point(const skirmish_game *g, int id, int target, int facing,
		 sk_pt *out)
{
	const struct sk_fig *f = &g->figs[id], *t = &g->figs[target];
	sk_pt rt[4], rf[4], c, pf, pt;
	int64_t dx = (int64_t)t->x - f->x, dy = (int64_t)t->y - f->y;
	int64_t dist, lo = 0, hi, far, near, ddx, ddy, d2;
	int32_t off[4], toff[4];

	pf.x = f->x;
	pf.y = f->y;
	pt.x = t->x;
	pt.y = t->y;
	dist = sk_seg_len(pf, pt);
	hi = dist;

	if (dist == 0)
		return -1;
	sk_fig_rect(t, rt);
	sk_rect_offsets(f->w, f->d, facing, off);
	/* the target's corners are its centre + a and - b (sk_rect_at):
	 * its a and -b */
	toff[0] = rt[0].x - t->x;
	toff[1] = rt[0].y - t->y;
	toff[2] = rt[1].x - t->x;
	toff[3] = rt[1].y - t->y;
	far = corner_reach(off) + corner_reach(toff) + 1;
	near = (f->w < f->d ? f->w : f->d) / 2 - 2 + (t->w < t->d ? t->w : t->d) / 2 - 2;
	/* squares that fit: a centre is within SK_COORD_MAX of the table */
	if (far > 4 * (int64_t)SK_COORD_MAX)
		far = INT64_MAX;
	if (near > 4 * (int64_t)SK_COORD_MAX)
		near = 4 * (int64_t)SK_COORD_MAX;
	while (lo < hi) {
		int64_t mid = (lo + hi + 1) / 2;
		c.x = (int32_t)(f->x + dx * mid / dist);
		c.y = (int32_t)(f->y + dy * mid / dist);
		ddx = (int64_t)c.x - t->x;
		ddy = (int64_t)c.y - t->y;
		d2 = ddx * ddx + ddy * ddy;
		if (far != INT64_MAX && d2 > far * far) {
			lo = mid;
			continue;
		}
		if (near > 0 && d2 < near * near) {
			hi = mid - 1;
			continue;
		}
		sk_rect_at(c, off, rf);
		if (sk_poly_overlap(rf, 4, rt, 4))
			hi = mid - 1;
		else
			lo = mid;
	}
	out->x = (int32_t)(f->x + dx * lo / dist);
	out->y = (int32_t)(f->y + dy * lo / dist);
	return 0;
}

int
sk_place_free(const skirmish_game *g, const struct sk_fig *f, int skip_a, int skip_b)
{
	if (f->x < 0 || f->y < 0 || f->x > g->table_w || f->y > g->table_d)
		return 0;
	return sk_base_in_way(g, f, skip_a, skip_b) < 0 &&
	       sk_fig_overlaps_flag(g, f, SKIRMISH_TERRAIN_IMPASSABLE) < 0;
}

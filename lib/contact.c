/* SPDX-License-Identifier: MIT */
/*
 * Who touches whom for melee, and what obstacles do where figures meet
 * them (walls, hedges, fences and window sills: terrain marked
 * SKIRMISH_TERRAIN_OBSTACLE), for both rulesets:
 *
 *   G3   enemies whose bases are within 0.1" are in base contact;
 *   G13  two enemies on either side of a thin obstacle, each within 0.1"
 *        of it, are in base contact for melee across it;
 *   G15  only face to face: their bases no further apart than the
 *        obstacle's thickness there and 0.2";
 *   G14  what the shooter lines (terrain its base overlaps, an obstacle it
 *        stands within 1" of) is not its target's cover;
 *   S25  the crossings of a move: which obstacles its centre goes over,
 *        how often, and where it goes in and comes out;
 *   G17  obstacle pieces that touch or overlap are one obstacle for all
 *        of these: sk_group_obstacle gives each piece its group.
 *
 * doc/rules/general.md and doc/rules/senso.md state these rulings.
 */
#include <math.h>

#include "table.h"

#define ACROSS_THICKNESS MIL          /* G13: at most 1" thick on the line */
#define LINES_REACH MIL               /* G14: within 1" of an obstacle */

/* The least distance from point q to the outline p (0 inside), in mils,
 * rounded to the nearest (G1). */
static int64_t
point_gap(sk_pt q, const sk_pt *p, int n)
{
	double best = -1.0;
	int i;

	if (sk_point_in_poly(q, p, n))
		return 0;
	for (i = 0; i < n; i++) {
		sk_pt a = p[i], b = p[(i + 1) % n];
		double ex = (double)b.x - a.x, ey = (double)b.y - a.y;
		double qx = (double)q.x - a.x, qy = (double)q.y - a.y;
		double l2 = ex * ex + ey * ey, t = l2 > 0.0 ? (qx * ex + qy * ey) / l2 : 0.0;
		double dx, dy, d;

		t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
		dx = qx - t * ex;
		dy = qy - t * ey;
		d = dx * dx + dy * dy;
		if (best < 0.0 || d < best)
			best = d;
	}
	return (int64_t)(sqrt(best) + 0.5);
}

/* the point a fraction t of the way from a to b, to the nearest mil */
static sk_pt
point_at(sk_pt a, sk_pt b, double t)
{
	sk_pt p;

	p.x = a.x + (int32_t)floor((double)(b.x - a.x) * t + 0.5);
	p.y = a.y + (int32_t)floor((double)(b.y - a.y) * t + 0.5);
	return p;
}

static int
base_gap_within(const struct sk_fig *f, const struct sk_terrain *t, int64_t limit)
{
	sk_pt r[4];

	if (!sk_terrain_box_hits(t, f->x - f->w - f->d - (int32_t)limit,
				 f->y - f->w - f->d - (int32_t)limit,
				 f->x + f->w + f->d + (int32_t)limit,
				 f->y + f->w + f->d + (int32_t)limit))
		return 0;
	sk_fig_rect(f, r);
	return sk_poly_gap(r, 4, t->p, t->npts) <= limit;
}

/*
 * G17: obstacle pieces that touch or overlap are one obstacle. Piece id
 * (just added, or loaded) joins the group of every earlier obstacle piece
 * it touches, merging the groups it bridges; a group is named by its
 * lowest piece id, so the grouping depends only on the pieces.
 */
void
sk_group_obstacle(skirmish_game *g, int id)
{
	struct sk_terrain *t = &g->terr[id];
	int i, k;

	t->group = id;
	if (!(t->flags & SKIRMISH_TERRAIN_OBSTACLE))
		return;
	for (i = 0; i < id; i++) {
		const struct sk_terrain *o = &g->terr[i];
		int32_t from, to;

		if (!(o->flags & SKIRMISH_TERRAIN_OBSTACLE) || o->group == t->group ||
		    !sk_terrain_box_hits(o, t->minx, t->miny, t->maxx, t->maxy) ||
		    sk_poly_gap(o->p, o->npts, t->p, t->npts) > 0)
			continue;
		from = o->group > t->group ? o->group : t->group;
		to = o->group > t->group ? t->group : o->group;
		for (k = 0; k <= id; k++)
			if (g->terr[k].group == from)
				g->terr[k].group = to;
	}
}

/* G17: is base f within limit of any piece of obstacle group grp? */
static int
group_gap_within(const skirmish_game *g, const struct sk_fig *f, int32_t grp, int64_t limit)
{
	int k;

	/* grp is its first piece's id: its pieces are obstacles from there on */
	for (k = grp; k >= 0; k = g->terr[k].next_obstacle)
		if (g->terr[k].group == grp && base_gap_within(f, &g->terr[k], limit))
			return 1;
	return 0;
}

/*
 * G15: how thick obstacle t is at point m (on the line between two
 * centres, inside it): its shortest chord through m square to one of its
 * sides, so that a straight wall is as thick as it is wide wherever and
 * however slantwise a line crosses it. In mils, rounded to the nearest.
 */
int64_t
sk_obstacle_thickness(const struct sk_terrain *t, sk_pt ca, sk_pt cb, double t0, double t1)
{
	sk_pt m = point_at(ca, cb, (t0 + t1) / 2.0);
	double reach = (double)(t->maxx - t->minx) + (double)(t->maxy - t->miny) + MIL;
	double best = -1.0;
	int i;

	for (i = 0; i < t->npts; i++) {
		sk_pt a = t->p[i], b = t->p[(i + 1) % t->npts], p0, p1;
		double ex = (double)b.x - a.x, ey = (double)b.y - a.y, l = sqrt(ex * ex + ey * ey);
		double c0, c1, chord;

		if (l <= 0.0)
			continue;
		/* the side's normal, reach long each way from m */
		p0.x = m.x + (int32_t)floor(-ey / l * reach + 0.5);
		p0.y = m.y + (int32_t)floor(ex / l * reach + 0.5);
		p1.x = m.x - (int32_t)floor(-ey / l * reach + 0.5);
		p1.y = m.y - (int32_t)floor(ex / l * reach + 0.5);
		if (!sk_seg_poly_clip(p0, p1, t->p, t->npts, &c0, &c1))
			continue;
		chord = (c1 - c0) * (double)sk_seg_len(p0, p1);
		if (best < 0.0 || chord < best)
			best = chord;
	}
	return best < 0.0 ? 0 : (int64_t)(best + 0.5);
}

/* Does segment a-b meet piece t? t0, t1: the part of it inside. */
int
sk_seg_in_terrain(const struct sk_terrain *t, sk_pt a, sk_pt b, double *t0, double *t1)
{
	if (!sk_terrain_box_hits(t, a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y,
				 a.x < b.x ? b.x : a.x, a.y < b.y ? b.y : a.y))
		return 0;
	return sk_seg_poly_clip(a, b, t->p, t->npts, t0, t1);
}

/* Does segment a-b meet obstacle piece t? t0, t1 (when not NULL): the
 * part of it inside. */
static int
line_clip(const struct sk_terrain *t, sk_pt a, sk_pt b, double *t0, double *t1)
{
	double u0, u1;

	return (t->flags & SKIRMISH_TERRAIN_OBSTACLE) &&
	       sk_seg_in_terrain(t, a, b, t0 ? t0 : &u0, t1 ? t1 : &u1);
}

/*
 * G13, G15: the obstacle that enemies a and b touch across, or -1. The
 * line between their centres goes into the obstacle and out of it again
 * (each centre outside it, so they stand on opposite sides), at most 1" of
 * the line lies inside it, each base is within 0.1" of it, and (G15) the
 * two bases face each other across it: their nearest points are no
 * further apart than its thickness there and 0.2". Bases further along
 * the wall, or diagonally across it, do not touch.
 */
int
sk_contact_across(const skirmish_game *g, int a, int b)
{
	return sk_fig_contact_across(g, &g->figs[a], &g->figs[b]);
}

/* G13, G15: sk_contact_across of two bases, where they stand or would */
int
sk_fig_contact_across(const skirmish_game *g, const struct sk_fig *fa, const struct sk_fig *fb)
{
	int64_t reach = (int64_t)fa->w + fa->d + fb->w + fb->d + SK_ENGAGE_MILS;
	int64_t dx = (int64_t)fa->x - fb->x, dy = (int64_t)fa->y - fb->y, gap = -1;
	sk_pt ca, cb, ra[4], rb[4];
	double len;
	int i;

	if (g->nobstacles == 0 || dx > reach || dx < -reach || dy > reach || dy < -reach)
		return -1;
	/* G13: a contact is of the two, whichever is named first: they are
	 * taken in one order (the line and its clips are measured from the
	 * lower centre), so that the answer is the same both ways to the last
	 * rounding */
	if (fb->x < fa->x || (fb->x == fa->x && fb->y < fa->y)) {
		const struct sk_fig *t = fa;
		fa = fb;
		fb = t;
	}
	ca.x = fa->x;
	ca.y = fa->y;
	cb.x = fb->x;
	cb.y = fb->y;
	len = (double)sk_seg_len(ca, cb);
	for (i = g->first_obstacle; i >= 0; i = g->terr[i].next_obstacle) {
		const struct sk_terrain *t = &g->terr[i];
		double t0 = 2.0, t1 = -1.0;
		int64_t thick = 0, most = 0, chord, th;
		int k, seen = 0;

		if (!line_clip(t, ca, cb, NULL, NULL))
			continue;
		/* G17: the pieces of one obstacle are taken together, once,
		 * from the first of them on the line */
		for (k = t->group; k < i && !seen; k = g->terr[k].next_obstacle)
			seen = g->terr[k].group == t->group && line_clip(&g->terr[k], ca, cb, NULL, NULL);
		if (seen)
			continue;
		for (k = i; k >= 0; k = g->terr[k].next_obstacle) {
			double u0, u1;
			if (g->terr[k].group != t->group || !line_clip(&g->terr[k], ca, cb, &u0, &u1))
				continue;
			t0 = u0 < t0 ? u0 : t0;
			t1 = u1 > t1 ? u1 : t1;
			th = sk_obstacle_thickness(&g->terr[k], ca, cb, u0, u1);
			thick += th;
			most = th > most ? th : most;
		}
		if (t1 < t0)
			continue;
		if (t0 <= 0.0 || t1 >= 1.0)
			continue;       /* a centre in or on it: not on opposite sides */
		if ((t1 - t0) * len > (double)ACROSS_THICKNESS + 0.5)
			continue;       /* thicker than 1" where the line crosses */
		if (!group_gap_within(g, fa, t->group, SK_CONTACT_MILS) ||
		    !group_gap_within(g, fb, t->group, SK_CONTACT_MILS))
			continue;
		if (gap < 0) {
			sk_fig_rect(fa, ra);
			sk_fig_rect(fb, rb);
			gap = sk_poly_gap(ra, 4, rb, 4);
		}
		/* G15: face to face across it, not along it. G17: the
		 * obstacle is as thick as its pieces on the line, each at its
		 * own thickness there, together (a hedge of two rows), but
		 * never thicker than the line runs inside them (two pieces
		 * end to end) unless one piece alone is */
		chord = (int64_t)((t1 - t0) * len + 0.5);
		if (thick > most && thick > chord)
			thick = chord > most ? chord : most;
		if (gap <= thick + 2 * SK_CONTACT_MILS)
			return i;
	}
	return -1;
}

/* G3, G13: enemies in base contact for melee. */
int
sk_engaged(const skirmish_game *g, int a, int b)
{
	if (!sk_is_enemy(g, a, b))
		return 0;
	return sk_in_contact(g, a, b) || sk_contact_across(g, a, b) >= 0;
}

int
sk_fig_enemy_contacts(const skirmish_game *g, int id, int *out, int max)
{
	int ids[SK_NEAR_MAX], nn = sk_near_fig(g, id, sk_engage_margin(g, id), ids);
	int i, k, n = 0;

	/* G3, G13: in base contact, or touching across an obstacle */
	SK_NEAR_EACH(g, nn, ids, k, i) {
		if (!sk_engaged(g, id, i))
			continue;
		if (n < max)
			out[n] = i;
		n++;
	}
	return n;
}

/* How far to look for an enemy that may be engaged with figure id. */
int32_t
sk_engage_margin(const skirmish_game *g, int id)
{
	(void)id;
	return g->nobstacles ? SK_ENGAGE_MILS : SK_CONTACT_MILS;
}

/*
 * G14: does the shooter line piece t so that it is no cover for (Senso S6)
 * and no obstacle between it and (Sampson A5) the target? Yes when the
 * shooter's base overlaps the piece, or the piece is an obstacle the
 * shooter's base is within 1" of, and the target's base neither overlaps
 * it nor is within 1" of it.
 */
/* G14: does the base fs line piece p (overlap it; within 1" when it is
 * an obstacle)? */
static int
base_lines(const struct sk_fig *fs, const struct sk_terrain *p)
{
	int64_t reach = (p->flags & SKIRMISH_TERRAIN_OBSTACLE) ? LINES_REACH : 0;
	sk_pt r[4];

	if (!sk_terrain_box_hits(p, fs->x - fs->w - fs->d - (int32_t)reach,
				 fs->y - fs->w - fs->d - (int32_t)reach,
				 fs->x + fs->w + fs->d + (int32_t)reach,
				 fs->y + fs->w + fs->d + (int32_t)reach))
		return 0;
	sk_fig_rect(fs, r);
	return sk_poly_overlap(r, 4, p->p, p->npts) ||
	       (reach && sk_poly_gap(r, 4, p->p, p->npts) <= reach);
}

int
sk_shooter_lines(const skirmish_game *g, int shooter, int target, int t)
{
	const struct sk_terrain *p = &g->terr[t];
	const struct sk_fig *fs = &g->figs[shooter], *ft = &g->figs[target];
	int k, lines = 0;

	if (!(p->flags & SKIRMISH_TERRAIN_OBSTACLE))
		return base_lines(fs, p) && !base_gap_within(ft, p, LINES_REACH);
	/* G17: lining any piece of an obstacle lines all of it, and a target
	 * near any piece of it lines it too */
	for (k = p->group; k < g->nterr && !lines; k++)
		lines = g->terr[k].group == p->group && base_lines(fs, &g->terr[k]);
	return lines && !group_gap_within(g, ft, p->group, LINES_REACH);
}

/* Does leg a-b go into obstacle t (its centre line enters the interior on
 * this leg, rather than starting inside)? t0, t1: the part inside. */
static int
leg_enters(const struct sk_terrain *t, sk_pt a, sk_pt b, double *t0, double *t1)
{
	if (!(t->flags & SKIRMISH_TERRAIN_OBSTACLE) ||
	    !sk_terrain_box_hits(t, a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y,
				 a.x < b.x ? b.x : a.x, a.y < b.y ? b.y : a.y) ||
	    !sk_seg_poly_clip(a, b, t->p, t->npts, t0, t1))
		return 0;
	return *t0 > 0.0 || !sk_point_in_poly(a, t->p, t->npts);
}

/* G17: does the path, going into piece i at t0 of leg a-b, only go on
 * into it from a piece of the same obstacle (one it is already inside, or
 * a lower one it goes into at the same point)? */
static int
joins(const skirmish_game *g, int i, sk_pt a, sk_pt b, double t0)
{
	int64_t len = sk_seg_len(a, b);
	double eps = len > 0 ? 1.0 / (double)len : 0.0;
	int k;

	for (k = g->terr[i].group; k < g->nterr; k++) {
		double u0, u1;
		if (k == i || g->terr[k].group != g->terr[i].group ||
		    !line_clip(&g->terr[k], a, b, &u0, &u1))
			continue;
		if (u1 >= t0 - eps && (u0 < t0 - eps || (u0 <= t0 + eps && k < i)))
			return 1;
	}
	return 0;
}

/*
 * S25: the obstacles the centre of a move's path goes over: every time the
 * path goes into one counts; the first one gone into is described by where
 * the centre goes in and comes out, and how far along the path that is.
 * G17: pieces that touch are one obstacle: going on from one into another
 * is no new crossing, and the centre comes out where it leaves them all.
 */
void
sk_path_crossings(const skirmish_game *g, const sk_pt *path, int n,
		  struct sk_crossings *out)
{
	int64_t along = 0, first_along = 0;
	double first_t = 0.0;
	int s, i, cur, first_leg = -1;

	out->count = 0;
	out->first = -1;
	out->entries = 0;
	out->other = -1;
	if (g->nobstacles == 0)
		return;
	for (s = 0; s + 1 < n; s++) {
		for (i = g->first_obstacle; i >= 0; i = g->terr[i].next_obstacle) {
			double t0, t1;

			if (!leg_enters(&g->terr[i], path[s], path[s + 1], &t0, &t1) ||
			    joins(g, i, path[s], path[s + 1], t0))
				continue;
			out->count++;
			if (first_leg < 0 || (s == first_leg && t0 < first_t)) {
				if (out->first >= 0 && out->other < 0 &&
				    g->terr[out->first].group != g->terr[i].group)
					out->other = out->first;
				out->first = i;
				first_leg = s;
				first_t = t0;
				first_along = along;
			} else if (g->terr[i].group != g->terr[out->first].group && out->other < 0) {
				out->other = i;
			}
		}
		along += sk_seg_len(path[s], path[s + 1]);
	}
	if (out->first < 0)
		return;
	for (s = 0; s + 1 < n; s++)
		for (i = g->first_obstacle; i >= 0; i = g->terr[i].next_obstacle) {
			double t0, t1;
			if (g->terr[i].group == g->terr[out->first].group &&
			    leg_enters(&g->terr[i], path[s], path[s + 1], &t0, &t1) &&
			    !joins(g, i, path[s], path[s + 1], t0))
				out->entries++;
		}
	out->in = point_at(path[first_leg], path[first_leg + 1], first_t);
	out->in_along = first_along +
			(int64_t)floor((double)sk_seg_len(path[first_leg], path[first_leg + 1]) *
				       first_t + 0.5);
	/* where it comes out: on this leg, or a later one (the path's end
	 * when it never does); G17: out of the last touching piece */
	out->out = path[n - 1];
	out->out_along = along;
	along = first_along;
	cur = out->first;
	for (s = first_leg; s + 1 < n; s++) {
		const struct sk_terrain *t = &g->terr[cur];
		double t0, t1, u0, u1;
		int64_t len = sk_seg_len(path[s], path[s + 1]);

		if (sk_seg_poly_clip(path[s], path[s + 1], t->p, t->npts, &t0, &t1) && t1 < 1.0) {
			double eps = len > 0 ? 1.0 / (double)len : 0.0;
			int k, next = -1;

			for (k = t->group; k < g->nterr && next < 0; k++)
				if (k != cur && g->terr[k].group == t->group &&
				    line_clip(&g->terr[k], path[s], path[s + 1], &u0, &u1) &&
				    u0 <= t1 + eps && u1 > t1 + eps)
					next = k;
			if (next >= 0) {
				cur = next;
				s--;    /* on along this leg in the next piece */
				continue;
			}
			out->out = point_at(path[s], path[s + 1], t1);
			out->out_along = along + (int64_t)floor((double)len * t1 + 0.5);
			break;
		}
		along += len;
	}
}

/* S25: the least distance, in mils, from the base f would have standing
 * at c with the given facing to the point q (where a crossing goes in or
 * comes out). */
int64_t
sk_base_point_gap(const struct sk_fig *f, sk_pt c, int facing, sk_pt q)
{
	sk_pt r[4];

	sk_rect(c, f->w, f->d, facing, r);
	return point_gap(q, r, 4);
}

/* A5, G14: an obstacle on the line between the centres of shooter and
 * target that the shooter does not line; its id, or -1. */
int
sk_obstacle_for_shot(const skirmish_game *g, int shooter, int target)
{
	sk_pt pa, pb;
	int i;

	if (g->nobstacles == 0)
		return -1;
	pa.x = g->figs[shooter].x;
	pa.y = g->figs[shooter].y;
	pb.x = g->figs[target].x;
	pb.y = g->figs[target].y;
	for (i = 0; i < g->nterr; i++)
		if (line_clip(&g->terr[i], pa, pb, NULL, NULL) &&
		    !sk_shooter_lines(g, shooter, target, i))
			return i;
	return -1;
}

/* S31: where along the straight charge from a to b (dist long) the base
 * of probe (its facing set) would stand d along */
static void
charge_at(struct sk_fig *probe, sk_pt a, sk_pt b, int64_t dist, int64_t d)
{
	probe->x = (int32_t)(a.x + ((int64_t)b.x - a.x) * d / dist);
	probe->y = (int32_t)(a.y + ((int64_t)b.y - a.y) * d / dist);
}

/*
 * S31: a charge stops at the first contact, across an obstacle too. The
 * straight charge of fig towards target, to `to` (touching it, facing
 * `facing`), meets an obstacle on the way (its base would end over it, or
 * its centre goes into it): then it stops where the base first comes
 * within 0.05" of the first such obstacle, lining its near side, when it
 * touches target across an obstacle there (G13, G15); *to becomes that
 * point. Returns 1 when it stops short, else 0 (to is kept).
 */
int
sk_charge_stop(const skirmish_game *g, int fig, int target, int facing, sk_pt *to)
{
	struct sk_fig probe = g->figs[fig];
	sk_pt a, rf[4];
	int64_t dist, best = -1, reach;
	int32_t line[4];
	int i;

	if (g->nobstacles == 0)
		return 0;
	a.x = probe.x;
	a.y = probe.y;
	dist = sk_seg_len(a, *to);
	if (dist == 0)
		return 0;
	probe.facing = (int16_t)facing;
	/* the base at the end lies within reach of `to` on each axis ((w +
	 * d) / 2 and a mil a corner, sk_fig_within's 8); and 0.05" more,
	 * and a mil for the gap's rounding */
	reach = ((int64_t)probe.w + probe.d) / 2 + 8 + SK_CONTACT_MILS / 2 + 1;
	line[0] = a.x < to->x ? a.x : to->x;
	line[1] = a.y < to->y ? a.y : to->y;
	line[2] = a.x > to->x ? a.x : to->x;
	line[3] = a.y > to->y ? a.y : to->y;
	for (i = g->first_obstacle; i >= 0; i = g->terr[i].next_obstacle) {
		const struct sk_terrain *t = &g->terr[i];
		int64_t lo = 0, hi;
		double t0, t1;

		/* a piece whose box is apart from the line's box and from
		 * the end's reach is farther than 0.05" from the base at the
		 * end, and the line misses it: neither test below holds */
		if (!sk_terrain_box_hits(t, line[0], line[1], line[2], line[3]) &&
		    (reach > SK_COORD_MAX ||
		     !sk_terrain_box_hits(t, (int32_t)(to->x - reach), (int32_t)(to->y - reach),
					  (int32_t)(to->x + reach), (int32_t)(to->y + reach))))
			continue;
		charge_at(&probe, a, *to, dist, dist);
		sk_fig_rect(&probe, rf);
		if (sk_poly_gap(rf, 4, t->p, t->npts) <= SK_CONTACT_MILS / 2)
			hi = dist;
		else if (sk_seg_poly_clip(a, *to, t->p, t->npts, &t0, &t1))
			hi = (int64_t)(t0 * (double)dist);
		else
			continue;
		/* the gap to a convex piece along a straight line falls, then
		 * rises: the first d within 0.05" of it */
		while (lo < hi) {
			int64_t mid = (lo + hi) / 2;
			charge_at(&probe, a, *to, dist, mid);
			sk_fig_rect(&probe, rf);
			if (sk_poly_gap(rf, 4, t->p, t->npts) <= SK_CONTACT_MILS / 2)
				hi = mid;
			else
				lo = mid + 1;
		}
		if (best < 0 || lo < best)
			best = lo;
	}
	if (best <= 0)
		return 0;
	charge_at(&probe, a, *to, dist, best);
	sk_fig_rect(&probe, rf);
	for (i = g->first_obstacle; i >= 0; i = g->terr[i].next_obstacle)
		if (sk_poly_overlap(rf, 4, g->terr[i].p, g->terr[i].npts))
			return 0;       /* S16: never stopping on one */
	if (sk_fig_contact_across(g, &probe, &g->figs[target]) < 0)
		return 0;
	to->x = probe.x;
	to->y = probe.y;
	return 1;
}

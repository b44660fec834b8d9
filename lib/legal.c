/* SPDX-License-Identifier: MIT */
/*
 * Legal actions: the candidate actions of a figure or of the active
 * player, each tested by probing it (sk_action_legal, odds.c), so that
 * the list needs no model of the rules either.
 */
#include <stddef.h>
#include <string.h>

#include "odds.h"

void
sk_cand_action(const struct sk_cand *c, skirmish_action *a)
{
	skirmish_action_init(a, SKIRMISH_ACTION_VERSION);
	a->kind = c->kind;
	a->figure = c->figure;
	a->target = c->target;
	if (c->kind == SKIRMISH_ACTION_TURN || c->npoints == SK_DIRECTION_MOVE)
		a->facing = c->facing;
	a->npoints = c->npoints;
	if (c->npoints == 1) {
		a->xy[0] = sk_to_inches(c->x);
		a->xy[1] = sk_to_inches(c->y);
	}
}

/* A candidate: kind, figure, target (or -1), facing or direction, and for
 * a move to a point its npoints 1 and the point. */
static int
push(skirmish_game *g, int kind, int fig, int target, int facing, int npoints, int32_t x,
     int32_t y)
{
	struct sk_buf *b = &g->cand;
	struct sk_cand *c;

	if (b->n >= b->cap && sk_buf_reserve(g, b, sizeof(*c), b->n + 1) < 0)
		return SKIRMISH_E_NOMEM;
	c = (struct sk_cand *)b->p + b->n++;
	c->kind = kind;
	c->figure = fig;
	c->target = target;
	c->facing = facing;
	c->npoints = npoints;
	c->x = x;
	c->y = y;
	return 0;
}

/* a: the move of f to steps 0.1" in direction deg */
static void
move_to(const struct sk_fig *f, int deg, int32_t steps, skirmish_action *a)
{
	int32_t dx, dy;

	sk_dir(deg, (int64_t)steps * 100, &dx, &dy);
	a->xy[0] = sk_to_inches((int64_t)f->x + dx);
	a->xy[1] = sk_to_inches((int64_t)f->y + dy);
}

/* Whether the move of f by steps 0.1" in direction deg may be legal as
 * far as its length goes: it ends on the table (G4: a path's points are
 * on it) and costs no more than the figure's whole allowance (reach).
 * plain: no terrain is near enough to meet the move (plain_setup), so it
 * costs its length (core.h path_cost). */
static int
move_fits(const skirmish_game *g, int fig, int deg, int32_t steps, int32_t reach, int plain)
{
	const struct sk_fig *f = &g->figs[fig];
	int32_t dx, dy;
	int64_t x, y;
	sk_pt path[2];

	sk_dir(deg, (int64_t)steps * 100, &dx, &dy);
	x = (int64_t)f->x + dx;
	y = (int64_t)f->y + dy;
	if (x < 0 || y < 0 || x > g->table_w || y > g->table_d)
		return 0;
	if (!g->rs->path_cost)
		return 1;
	path[0].x = f->x;
	path[0].y = f->y;
	path[1].x = (int32_t)x;
	path[1].y = (int32_t)y;
	if (plain)
		return sk_seg_len(path[0], path[1]) <= reach;
	return g->rs->path_cost(g, fig, path, 2) <= reach;
}

/* The most steps, up to hi, of a move that fits (move_fits: a longer one,
 * or one off the table, is refused whatever else, so the search need not
 * try one). The whole allowance may not fit: rounded to mils, a diagonal
 * of 6" is 6.001" long, so a step less is tried next. Whether a move fits
 * only goes from yes to no as it grows (the table is convex, and a longer
 * path costs no less), so that is the binary search's answer too. */
static int32_t
steps_that_fit(const skirmish_game *g, int fig, int deg, int32_t hi, int32_t reach, int plain)
{
	int32_t lo = 0;

	if (move_fits(g, fig, deg, hi, reach, plain))
		return hi;
	if (hi > 0 && move_fits(g, fig, deg, hi - 1, reach, plain))
		return hi - 1;
	hi -= 2;
	/* most often the table's edge is what stops it: the steps to the
	 * edge, estimated from a move of 1,000 steps, are the answer when
	 * they fit and one more does not */
	if (hi > 0) {
		const struct sk_fig *f = &g->figs[fig];
		int32_t dx, dy;
		int64_t est = hi;
		sk_dir(deg, (int64_t)1000 * 100, &dx, &dy);
		if (dx < 0 && (int64_t)f->x * 1000 / -dx < est)
			est = (int64_t)f->x * 1000 / -dx;
		if (dx > 0 && ((int64_t)g->table_w - f->x) * 1000 / dx < est)
			est = ((int64_t)g->table_w - f->x) * 1000 / dx;
		if (dy < 0 && (int64_t)f->y * 1000 / -dy < est)
			est = (int64_t)f->y * 1000 / -dy;
		if (dy > 0 && ((int64_t)g->table_d - f->y) * 1000 / dy < est)
			est = ((int64_t)g->table_d - f->y) * 1000 / dy;
		if (est < hi && move_fits(g, fig, deg, (int32_t)est, reach, plain) &&
		    !move_fits(g, fig, deg, (int32_t)est + 1, reach, plain))
			return (int32_t)est;
	}
	while (lo < hi) {
		int32_t mid = (lo + hi + 1) / 2;
		if (move_fits(g, fig, deg, mid, reach, plain))
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

static void
box_of(const sk_pt r[4], int32_t box[4])
{
	int k;

	box[0] = box[2] = r[0].x;
	box[1] = box[3] = r[0].y;
	for (k = 1; k < 4; k++) {
		box[0] = r[k].x < box[0] ? r[k].x : box[0];
		box[1] = r[k].y < box[1] ? r[k].y : box[1];
		box[2] = r[k].x > box[2] ? r[k].x : box[2];
		box[3] = r[k].y > box[3] ? r[k].y : box[3];
	}
}

void
sk_move_ctx_init(struct sk_move_ctx *c, int every)
{
	c->fig = -1;
	c->plain = 0;
	c->near = 0;
	c->may = 0;
	c->every = every;
	c->n = 0;
}

/* The most a plain move's budget, and a plain base's w + d, may be here:
 * the products in in_the_way() then fit an int64_t. */
#define PLAIN_BUDGET_MAX (20 * MIL)
#define PLAIN_BASE_MAX (20 * MIL)
/* Beyond the least gap at which bases may be engaged (G3, G13), and the
 * mil of each rounded corner: an enemy farther than this past the move's
 * reach is out of it. */
#define PLAIN_ENEMY_SLACK (SK_ENGAGE_MILS + 16)

/* Base k of c's corners (set once), and their box. */
static const int32_t *
corners(const skirmish_game *g, struct sk_move_ctx *c, int k)
{
	if (!c->have[k]) {
		const struct sk_fig *o = &g->figs[c->ids[k]];
		sk_fig_rect(o, c->r[k]);
		box_of(c->r[k], c->rbox[k]);
		c->rin[k] = (o->w < o->d ? o->w : o->d) / 2 - 2;
		c->rin[k] = c->rin[k] > 0 ? c->rin[k] : 0;
		c->have[k] = 1;
	}
	return c->rbox[k];
}

/*
 * The bases near enough to fig (c->fig) to be in the way of some move
 * within c->reach of its centre, kept with their corners as asked (at once
 * with c->every), and the impassable pieces whose box is within reach
 * (at most SK_PLAIN_NEAR of each, else none: 0); with plain, none when
 * a figure of another player (an enemy, or a horse: whichever) is near
 * enough to touch it at the end of a move (no charge, S4; no melee, A29).
 * 1 when kept (c->near).
 */
static int
near_setup(const skirmish_game *g, struct sk_move_ctx *c, int plain)
{
	const struct sk_fig *f = &g->figs[c->fig];
	int64_t reach = c->reach;
	int ids[SK_NEAR_MAX], n, k, i;
	sk_pt at;

	c->n = 0;
	c->nimp = 0;
	c->near = 0;
	for (i = 0; i < g->nterr && !plain; i++) {
		const struct sk_terrain *t = &g->terr[i];
		if ((t->flags & SKIRMISH_TERRAIN_IMPASSABLE) && t->maxx >= f->x - reach &&
		    t->minx <= f->x + reach && t->maxy >= f->y - reach && t->miny <= f->y + reach) {
			if (c->nimp == SK_PLAIN_NEAR)
				return 0;
			c->imp[c->nimp++] = i;
		}
	}
	/* every figure whose centre is within reach, its (w + d) / 2 + 8
	 * and the slack of the box: sk_near adds its w + d to the margin */
	n = sk_near(g, (int32_t)(f->x - reach), (int32_t)(f->y - reach), (int32_t)(f->x + reach),
		    (int32_t)(f->y + reach), PLAIN_ENEMY_SLACK + 16, ids);
	SK_NEAR_EACH(g, n, ids, k, i) {
		const struct sk_fig *o = &g->figs[i];
		int64_t dx = (int64_t)o->x - f->x, dy = (int64_t)o->y - f->y, d;
		int64_t ho = ((int64_t)o->w + o->d) / 2 + 8;

		if (i == c->fig || (o->flags & FIG_REMOVED))
			continue;
		dx = dx < 0 ? -dx : dx;
		dy = dy < 0 ? -dy : dy;
		d = dx > dy ? dx : dy;
		if (plain && o->player != f->player && d <= reach + ho + PLAIN_ENEMY_SLACK)
			return 0;
		if (d > reach + ho)
			continue;
		if (c->n == SK_PLAIN_NEAR || o->w + o->d > PLAIN_BASE_MAX)
			return 0;
		/* its corners only when a move comes near it */
		c->ids[c->n] = i;
		c->hbox[c->n][0] = (int32_t)(o->x - ho);
		c->hbox[c->n][1] = (int32_t)(o->y - ho);
		c->hbox[c->n][2] = (int32_t)(o->x + ho);
		c->hbox[c->n][3] = (int32_t)(o->y + ho);
		c->have[c->n] = 0;
		if (c->every)
			corners(g, c, c->n);
		c->n++;
	}
	/* the corners sk_path_check sweeps: the base at its start */
	at.x = f->x;
	at.y = f->y;
	sk_rect(at, f->w, f->d, f->facing, c->r0);
	box_of(c->r0, c->box);
	c->in = (f->w < f->d ? f->w : f->d) / 2 - 2;
	c->in = c->in > 0 ? c->in : 0;
	c->near = 1;
	return 1;
}

/*
 * Whether fig's straight moves are plain now (the ruleset's plain_move:
 * it may move, and then only the geometry decides), with no terrain near
 * enough to touch its base anywhere its budget takes it, and no enemy
 * near (near_setup). Each base lies within (w + d) / 2 of its centre, and
 * a mil for the rounding of its corners (8 here, as sk_fig_within allows).
 * The bases near enough to be in the way of some move are kept with their
 * corners, so that each move tests only those (at most SK_PLAIN_NEAR, else
 * it is not plain). A figure that may move but not plainly has them found
 * when sk_move_blocked first asks (c->near -1 until then).
 */
static void
plain_setup(const skirmish_game *g, struct sk_move_ctx *c, int fig)
{
	const struct sk_fig *f = &g->figs[fig];
	int i;

	c->fig = fig;
	c->plain = 0;
	c->near = 0;
	c->may = 0;
	c->n = 0;
	c->nimp = 0;
	if (!g->rs->plain_move || !g->rs->path_cost || !g->rs->plain_move(g, fig, &c->budget))
		return;
	if (c->budget < 0 || c->budget > PLAIN_BUDGET_MAX || f->w + f->d > PLAIN_BASE_MAX)
		return;
	/* how far from its centre its base may reach in a move */
	c->reach = (int64_t)c->budget + ((int64_t)f->w + f->d) / 2 + 8;
	c->near = -1;
	for (i = 0; i < g->nterr; i++) {
		const struct sk_terrain *t = &g->terr[i];
		if (t->maxx >= f->x - c->reach && t->minx <= f->x + c->reach &&
		    t->maxy >= f->y - c->reach && t->miny <= f->y + c->reach)
			return;
	}
	c->plain = near_setup(g, c, 1);
	c->near = c->plain ? 1 : -1;
}

/* Whether base k of c is in the way of c's base swept along v, as
 * sk_swept_overlap(c->r0, 4, v, c->r[k], 4) answers, the cheap answers
 * first. The boxes apart, or the axis across v separating the two (one
 * of the axes sk_swept_overlap tries: the same arithmetic), they are not.
 * Each base holds the disc of half its narrower side about its centre,
 * less 2 mils for its rounded corners: when the other's centre is nearer
 * the swept centre than the two discs' radii, their insides meet, so no
 * axis separates them and sk_swept_overlap says yes. */
static inline int
in_the_way(const skirmish_game *g, struct sk_move_ctx *c, int k, const int32_t box[4], sk_pt a,
	   sk_pt v)
{
	const int32_t *b = c->hbox[k];
	const sk_pt *r = c->r[k];
	int64_t nx = -(int64_t)v.y, ny = v.x, amin, amax, bmin, bmax, t, px, py, s, l2, dot;
	int i;

	if (!c->have[k]) {
		if (box[2] <= b[0] || b[2] <= box[0] || box[3] <= b[1] || b[3] <= box[1])
			return 0;
		corners(g, c, k);
	}
	b = c->rbox[k];
	if (box[2] <= b[0] || b[2] <= box[0] || box[3] <= b[1] || b[3] <= box[1])
		return 0;
	amin = amax = nx * c->r0[0].x + ny * c->r0[0].y;
	bmin = bmax = nx * r[0].x + ny * r[0].y;
	for (i = 1; i < 4; i++) {
		t = nx * c->r0[i].x + ny * c->r0[i].y;
		amin = t < amin ? t : amin;
		amax = t > amax ? t : amax;
		t = nx * r[i].x + ny * r[i].y;
		bmin = t < bmin ? t : bmin;
		bmax = t > bmax ? t : bmax;
	}
	if (amax <= bmin || bmax <= amin)
		return 0;
	/* the other's centre (that of its corners) from the start */
	px = ((int64_t)r[0].x + r[2].x) / 2 - a.x;
	py = ((int64_t)r[0].y + r[2].y) / 2 - a.y;
	s = (int64_t)c->in + c->rin[k];
	if (s > 0 && ((int64_t)r[0].x + r[2].x) % 2 == 0 && ((int64_t)r[0].y + r[2].y) % 2 == 0) {
		l2 = (int64_t)v.x * v.x + (int64_t)v.y * v.y;
		dot = px * v.x + py * v.y;
		if (dot <= 0) {
			if (px * px + py * py < s * s)
				return 1;
		} else if (dot >= l2) {
			px -= v.x;
			py -= v.y;
			if (px * px + py * py < s * s)
				return 1;
		} else {
			t = px * v.y - py * v.x;
			if (t * t < s * s * l2)
				return 1;
		}
	}
	return sk_swept_overlap(c->r0, 4, v, r, 4);
}

/* m mils as sk_to_mils(sk_to_inches(m)) gives them: 1, into *out; 0 when
 * it refuses them */
static int
plain_coord(int64_t m, int32_t *out)
{
	if (m > -(int64_t)SK_COORD_MAX && m < (int64_t)SK_COORD_MAX) {
		*out = (int32_t)m;
		return 1;
	}
	return sk_to_mils(sk_to_inches(m), out) == 0;
}

/* The straight move of fig by steps 0.1" in direction deg, with c's
 * bases kept (c->near), and its base's sweep: into path (from, to), v (to
 * - from) and box (the sweep's). 1, then whether it leaves the table or
 * meets one of c's bases (G3, G4: sk_path_check's tests of them) in
 * *blocked; -1 not decided here (no move, or one at the coordinates' edge
 * or longer than in_the_way's products allow). */
static inline int
sweep_of(const skirmish_game *g, struct sk_move_ctx *c, int fig, int deg, int32_t steps,
	 sk_pt path[2], sk_pt *v, int32_t box[4], int *blocked)
{
	const struct sk_fig *f = &g->figs[fig];
	int32_t dx, dy;
	int k;

	/* the point as the move reads it: to inches and back (move_to),
	 * which gives a whole number of mils back as it was (m / 1000 and
	 * then times 1000 err by less than 1e-6 of a mil below 2^31), so
	 * only a point at the edge of the coordinates takes the trip */
	sk_dir(deg, (int64_t)steps * 100, &dx, &dy);
	path[0].x = f->x;
	path[0].y = f->y;
	if (!plain_coord((int64_t)f->x + dx, &path[1].x) ||
	    !plain_coord((int64_t)f->y + dy, &path[1].y) ||
	    (path[1].x == f->x && path[1].y == f->y))
		return -1;
	/* G4: on the table */
	*blocked = 1;
	if (path[1].x < 0 || path[1].y < 0 || path[1].x > g->table_w || path[1].y > g->table_d)
		return 1;
	/* G3, G4: the base swept along the move overlaps no other base
	 * (sk_path_check's test); a base whose box the sweep's box does not
	 * overlap cannot (touching is not overlapping) */
	v->x = path[1].x - f->x;
	v->y = path[1].y - f->y;
	if (v->x > PLAIN_BUDGET_MAX || -v->x > PLAIN_BUDGET_MAX || v->y > PLAIN_BUDGET_MAX ||
	    -v->y > PLAIN_BUDGET_MAX)
		return -1;
	box[0] = c->box[0] + (v->x < 0 ? v->x : 0);
	box[1] = c->box[1] + (v->y < 0 ? v->y : 0);
	box[2] = c->box[2] + (v->x > 0 ? v->x : 0);
	box[3] = c->box[3] + (v->y > 0 ? v->y : 0);
	for (k = 0; k < c->n; k++) {
		/* in_the_way's first answer, here: most bases near the figure
		 * are apart from most of its moves' sweeps */
		const int32_t *b = c->have[k] ? c->rbox[k] : c->hbox[k];

		if (box[2] <= b[0] || b[2] <= box[0] || box[3] <= b[1] || b[3] <= box[1])
			continue;
		if (in_the_way(g, c, k, box, path[0], *v))
			return 1;
	}
	*blocked = 0;
	return 1;
}

int
sk_move_blocked(skirmish_game *g, struct sk_move_ctx *c, int fig, int deg, int32_t steps)
{
	int32_t box[4];
	sk_pt path[2], v;
	int i, blocked;

	if (c->fig != fig)
		plain_setup(g, c, fig);
	if (c->near < 0)
		near_setup(g, c, 0);
	if (c->near != 1 || sweep_of(g, c, fig, deg, steps, path, &v, box, &blocked) < 0)
		return 0;
	if (blocked)
		return 1;
	/* G4: impassable ground near it, as sk_path_check tests it (the
	 * sweep's box is its swept_box: c->box is that of c->r0) */
	for (i = 0; i < c->nimp; i++) {
		const struct sk_terrain *t = &g->terr[c->imp[i]];
		if (sk_terrain_box_hits(t, box[0], box[1], box[2], box[3]) &&
		    sk_swept_overlap(c->r0, 4, v, t->p, t->npts))
			return 1;
	}
	return 0;
}

int
sk_plain_move(skirmish_game *g, struct sk_move_ctx *c, int fig, int deg, int32_t steps,
	      int32_t fits)
{
	int32_t box[4];
	sk_pt path[2], v;
	int blocked;

	if (c->fig != fig)
		plain_setup(g, c, fig);
	if (!c->plain || sweep_of(g, c, fig, deg, steps, path, &v, box, &blocked) < 0)
		return -1;
	if (blocked) {
		g->probe.refused = SKIRMISH_E_BLOCKED;
		return 0;
	}
	/* S9, A3: the allowance (the caller may know that the move fits
	 * one no more than the budget: move_fits, of the same point); last,
	 * since either refusal is as good as the other to the search */
	if ((fits < 0 || fits > c->budget) && sk_seg_len(path[0], path[1]) > c->budget) {
		g->probe.refused = SKIRMISH_E_TOO_FAR;
		return 0;
	}
	g->probe.refused = 0;
	return 1;
}

int
sk_plain_turn(skirmish_game *g, struct sk_move_ctx *c, int fig, int facing)
{
	const struct sk_fig *f = &g->figs[fig];
	int64_t r = ((int64_t)f->w + f->d) / 2 + 8;
	int k;

	if (c->fig != fig)
		plain_setup(g, c, fig);
	if (!c->plain || !g->rs->plain_turn)
		return -1;
	/* a base turning about its centre stays within (w + d) / 2 of it,
	 * and a mil for its rounded corners: no base of c near it whose box
	 * is apart from that square can meet it (G3, A33) */
	for (k = 0; k < c->n; k++) {
		const int32_t *b = c->hbox[k];
		if (!c->have[k] &&
		    (f->x + r <= b[0] || b[2] <= f->x - r || f->y + r <= b[1] || b[3] <= f->y - r))
			continue;
		b = corners(g, c, k);
		if (!(f->x + r <= b[0] || b[2] <= f->x - r || f->y + r <= b[1] ||
		      b[3] <= f->y - r))
			return -1;
	}
	if (!g->rs->plain_turn(g, fig, facing))
		return -1;
	g->probe.refused = 0;
	return 1;
}

/* The longest legal straight move in a direction, searched in 0.1" steps;
 * 0 when there is none. The longest move that fits the allowance and the
 * table is tried first (in the open it is legal: one probe), then
 * the first step (in a crowd nothing is: two probes); a refusal that is not about distance (the
 * figure cannot move now: sk_refusal_kind_wide) ends the search. With a
 * context, a step that sk_plain_move decides is not probed: it answers
 * as the probe would, so the search goes the same way. */
int
sk_candidate_resolve(skirmish_game *g, skirmish_action *a, struct sk_move_ctx *ctx)
{
	const struct sk_fig *f;
	int32_t reach, lo = 0, hi, mid, full;
	int deg = (int)a->facing, rc;

	/* no refusal yet: one left by an earlier probe would tell the
	 * caller that this candidate's kind cannot succeed */
	g->probe.refused = 0;
	/* only a direction move has a figure to read: an end of turn has
	 * figure -1 (found by AddressSanitizer in .ci/run) */
	if (a->kind == SKIRMISH_ACTION_TURN && ctx && a->figure >= 0 && a->figure < g->nfigs &&
	    sk_plain_turn(g, ctx, a->figure, (int)a->facing) == 1)
		return 1;
	if (a->npoints != SK_DIRECTION_MOVE)
		return sk_action_legal(g, a);
	f = &g->figs[a->figure];
	reach = g->rs->allowance ? g->rs->allowance(g, a->figure) : 12 * MIL;
	/* the context first: a plain move costs its length */
	if (ctx && ctx->fig != a->figure)
		plain_setup(g, ctx, a->figure);
	hi = full = steps_that_fit(g, a->figure, deg, reach / 100, reach, ctx && ctx->plain);
	a->npoints = 1;
	a->facing = SKIRMISH_FACING_KEEP;
	for (mid = hi; lo < hi; mid = lo == 0 && hi == full - 1 ? 1 : (lo + hi + 1) / 2) {
		rc = ctx ? sk_plain_move(g, ctx, a->figure, deg, mid, mid == full ? reach : -1) : -1;
		/* once a move of it was answered (legal, or a refusal that is
		 * not kind-wide: the figure passes the checks before its
		 * path's), a move whose path sk_path_check refuses is refused,
		 * unprobed */
		if (rc < 0 && ctx && ctx->may && sk_move_blocked(g, ctx, a->figure, deg, mid)) {
			g->probe.refused = SKIRMISH_E_BLOCKED;
			rc = 0;
		}
		if (rc < 0) {
			move_to(f, deg, mid, a);
			rc = sk_action_legal(g, a);
			if (rc < 0)
				return rc;
		}
		if (ctx && (rc || !sk_refusal_kind_wide(g->probe.refused, 0)))
			ctx->may = 1;
		if (rc && mid == hi) {
			move_to(f, deg, mid, a);
			return 1;
		}
		if (rc)
			lo = mid;
		else if (sk_refusal_kind_wide(g->probe.refused, 0))
			return 0;
		else if (mid == 1)
			return 0; /* not even the first step: a base in the way */
		else
			hi = mid - 1;
	}
	if (lo == 0)
		return 0;
	/* lo was found legal in the search: no need to ask again */
	move_to(f, deg, lo, a);
	return 1;
}

int
sk_refusal_kind_wide(int code, int has_target)
{
	switch (code) {
	case SKIRMISH_E_STATE:
	case SKIRMISH_E_NOT_YOUR_TURN:
	case SKIRMISH_E_WRONG_PHASE:
	case SKIRMISH_E_NO_WEAPON:
	case SKIRMISH_E_PENDING:
	case SKIRMISH_E_UNSUPPORTED:
	case SKIRMISH_E_NO_FIGURE:
		return 1;
	case SKIRMISH_E_CANNOT_ACT: /* A26: a target that has fought */
	case SKIRMISH_E_IN_MELEE:   /* A5: a target in melee */
		return !has_target;
	default:
		return 0;
	}
}

/* The facing of the 8 (multiples of 45 degrees) nearest the direction from
 * f to e: tan 22.5 degrees is 0.41421. */
static int
octant_of(int64_t dx, int64_t dy)
{
	int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;

	if (ay * 100000 <= ax * 41421)
		return dx >= 0 ? 0 : 180;
	if (ax * 100000 <= ay * 41421)
		return dy >= 0 ? 90 : 270;
	if (dx >= 0)
		return dy >= 0 ? 45 : 315;
	return dy >= 0 ? 135 : 225;
}

static int
octant_towards(const struct sk_fig *f, const struct sk_fig *e)
{
	return octant_of((int64_t)e->x - f->x, (int64_t)e->y - f->y);
}

/* A small game's enemies of the active player (candidates): their ids in
 * id order, and a box around them: the least and greatest centre
 * coordinates and the largest w + d. */
struct foes {
	int ids[SK_NEAR_SCAN_FIGS];
	int n;
	int32_t minx, miny, maxx, maxy, wd;
	int count;                    /* enemies in the box (every game) */
};

/* What the candidates are for (candidates()). */
enum cand_use {
	CAND_LIST,                    /* the legal list: every candidate */
	CAND_POLICY,                  /* turns only towards an enemy in reach */
	CAND_SEARCH,                  /* the policies', and moves to the objectives */
	CAND_CLOSING                  /* the random policy's: and moves that close */
};

/* Candidate actions of one figure, unchecked (a move in a direction is left
 * to sk_candidate_resolve). A figure that can do nothing now has none (the
 * ruleset's can_act is exact). The figures it may shoot, charge, fight or
 * mount are asked of the spatial index, within the longest shot or the
 * allowance and an inch of it: the others cannot be. With useful_turns,
 * a turn on the spot is a candidate only towards an enemy it could shoot
 * or charge (a turn that faces nothing changes nothing it can do);
 * otherwise to each of 8 facings. */
static int
figure_candidates(skirmish_game *g, int fig, enum cand_use use, int horses,
		  const struct foes *fo)
{
	const struct sk_fig *f = &g->figs[fig];
	int32_t reach, shot = 0, margin;
	int *ids = (int *)g->near.p, n, i, k, d, rc = 0, nfoes = fo->n;
	int small = g->nfigs <= SK_NEAR_SCAN_FIGS, useful_turns = use != CAND_LIST;
	const int *foes = fo->ids;
	unsigned faces = 0; /* useful_turns: bit d / 45, a facing towards an enemy */
	unsigned ways = 0xff; /* CAND_CLOSING: bit d / 45, a direction that closes */
	int touch = 0; /* an enemy near enough that the bases may be engaged */
	int64_t near2 = INT64_MAX, nearx = 0, neary = 0;

	/* sk_fig_alive, with fig a figure of the game: the player first,
	 * since half the figures are the other side's */
	if (f->player != g->st.order[g->st.active] || (f->flags & (FIG_REMOVED | FIG_HORSE)))
		return 0;
	if (g->rs->can_act && !g->rs->can_act(g, fig))
		return 0;
	reach = g->rs->allowance ? g->rs->allowance(g, fig) : 12 * MIL;
	if (f->missile_weapon)
		shot = g->rs->shot_reach ? g->rs->shot_reach(g, fig) : SK_COORD_MAX;
	margin = shot > reach + MIL ? shot : reach + MIL;
	/* bases so large that an enemy the box test below passes over might
	 * still touch this one: a fight is a candidate whatever */
	touch = ((int64_t)f->w + f->d + fo->wd) / 2 + SK_ENGAGE_MILS + 16 > margin;
	/* the index, whatever the box (candidates() made room for every
	 * figure, so it always answers): a box that takes in a good part of
	 * the table was a scan, and a bow's reach at 2,400 figures and more
	 * a scan for each archer */
	if (small)
		n = -1;
	else
		n = sk_near_cap(g, f->x - (f->w + f->d), f->y - (f->w + f->d),
				f->x + (f->w + f->d), f->y + (f->w + f->d), margin, ids,
				(int)g->near.cap);
	/* the test below for each enemy, of the box around them all: no
	 * enemy's centre is nearer than the box's edge, nor its w + d more
	 * than the box's (early in a game the armies stand apart) */
	if (n < 0 && small && nfoes > 0) {
		int64_t bx = f->x < fo->minx ? (int64_t)fo->minx - f->x :
			     f->x > fo->maxx ? (int64_t)f->x - fo->maxx : 0;
		int64_t by = f->y < fo->miny ? (int64_t)fo->miny - f->y :
			     f->y > fo->maxy ? (int64_t)f->y - fo->maxy : 0;
		if ((bx > by ? bx : by) - ((int64_t)f->w + f->d + fo->wd) / 2 - 1 > margin)
			nfoes = 0;
	}
	/* the enemies: of the index, or those candidates() found */
	for (k = 0; rc == 0 && k < (n >= 0 ? n : small ? nfoes : g->nfigs); k++) {
		const struct sk_fig *e;
		int64_t dx, dy;
		int useful = 0;

		i = n >= 0 ? ids[k] : small ? foes[k] : k;
		e = &g->figs[i];
		dx = (int64_t)e->x - f->x;
		dy = (int64_t)e->y - f->y;
		/* sk_is_enemy, with fig known to be in play */
		if (i == fig || (e->flags & (FIG_REMOVED | FIG_HORSE)) || e->player == f->player)
			continue;
		/* the nearest enemy looked at, by centres (CAND_CLOSING) */
		if (dx * dx + dy * dy < near2) {
			near2 = dx * dx + dy * dy;
			nearx = e->x;
			neary = e->y;
		}
		/* each base lies within (w + d) / 2 of its centre: an enemy
		 * whose centre is farther than that and the margin is out of
		 * reach of everything below */
		dx = dx < 0 ? -dx : dx;
		dy = dy < 0 ? -dy : dy;
		/* in contact (G3) or across an obstacle (G13: the reach that
		 * sk_fig_contact_across looks within), and a mil a corner */
		if ((dx > dy ? dx : dy) <= (int64_t)f->w + f->d + e->w + e->d + SK_ENGAGE_MILS + 8)
			touch = 1;
		if ((dx > dy ? dx : dy) - ((int64_t)f->w + f->d + e->w + e->d) / 2 - 1 > margin)
			continue;
		if (shot && sk_fig_within(g, fig, i, shot)) {
			rc = push(g, SKIRMISH_ACTION_SHOOT, fig, i, -1, 0, 0, 0);
			useful = 1;
		}
		if (rc == 0 && sk_fig_within(g, fig, i, (int64_t)reach + MIL)) {
			rc = push(g, SKIRMISH_ACTION_CHARGE, fig, i, -1, 0, 0, 0);
			useful = 1;
		}
		/* A26: where melees are pairs, a fight names its defender */
		if (rc == 0 && g->rs->melee_pairs && g->st.phase == SKIRMISH_PHASE_MELEE &&
		    sk_engaged(g, fig, i))
			rc = push(g, SKIRMISH_ACTION_FIGHT, fig, i, -1, 0, 0, 0);
		if (useful)
			faces |= 1u << (octant_towards(f, e) / 45);
	}
	/* a fight of every enemy in contact (S10, S14) needs one engaged (in
	 * contact, or across an obstacle: G3, G13): without one near enough
	 * the list would have it refused. The policies keep it, so that their
	 * draws among their candidates stay what they were. */
	if (!g->rs->melee_pairs && (use != CAND_LIST || touch))
		rc = rc ? rc : push(g, SKIRMISH_ACTION_FIGHT, fig, -1, -1, 0, 0, 0);
	if (f->missile_weapon && g->rs->reload)
		rc = rc ? rc : push(g, SKIRMISH_ACTION_RELOAD, fig, -1, -1, 0, 0, 0);
	/* S9: a horse to mount is in base contact */
	if (horses && g->rs->mount && !(f->flags & FIG_MOUNTED))
		SK_NEAR_EACH(g, n, ids, k, i) {
			if (rc)
				break;
			if ((g->figs[i].flags & (FIG_HORSE | FIG_REMOVED)) == FIG_HORSE &&
			    sk_in_contact(g, fig, i))
				rc = push(g, SKIRMISH_ACTION_MOUNT, fig, i, -1, 0, 0, 0);
		}
	if (f->flags & FIG_MOUNTED)
		rc = rc ? rc : push(g, SKIRMISH_ACTION_DISMOUNT, fig, -1, -1, 0, 0, 0);
	/* useful_turns and no enemy to face: no turn */
	if (g->rs->turn && (faces || !useful_turns))
		for (d = 0; d < 360 && rc == 0; d += 45)
			if (d != f->facing && (!useful_turns || (faces >> (d / 45) & 1)))
				rc = push(g, SKIRMISH_ACTION_TURN, fig, -1, d, 0, 0, 0);
	/* CAND_CLOSING: the direction of the nearest enemy near enough to
	 * be looked at (within the margin, give or take the bases), or else
	 * of the nearest point of the box around every enemy's centre, and
	 * the two beside it (none but those: a figure that wanders at
	 * random wanders for ever, as random Sampson games did); every
	 * direction inside the box with no enemy near */
	if (use == CAND_CLOSING && fo->count > 0) {
		int64_t tx, ty;
		if (near2 != INT64_MAX) {
			tx = nearx;
			ty = neary;
		} else {
			tx = f->x < fo->minx ? fo->minx : f->x > fo->maxx ? fo->maxx : f->x;
			ty = f->y < fo->miny ? fo->miny : f->y > fo->maxy ? fo->maxy : f->y;
		}
		if (tx != f->x || ty != f->y) {
			d = octant_of(tx - f->x, ty - f->y) / 45;
			ways = 1u << d | 1u << (d + 1) % 8 | 1u << (d + 7) % 8;
		}
	}
	for (d = 0; d < 360 && rc == 0; d += 45)
		if (ways >> (d / 45) & 1)
			rc = push(g, SKIRMISH_ACTION_MOVE, fig, -1, d, SK_DIRECTION_MOVE, 0, 0);
	/* the centre of each piece of cover within reach */
	for (i = 0; i < g->nterr && rc == 0; i++) {
		const struct sk_terrain *t = &g->terr[i];
		int64_t cx = t->cx, cy = t->cy; /* sk_terrain_bbox */
		if (!(t->flags & SKIRMISH_TERRAIN_COVER))
			continue;
		if (cx - f->x > reach || f->x - cx > reach || cy - f->y > reach ||
		    f->y - cy > reach)
			continue;
		rc = push(g, SKIRMISH_ACTION_MOVE, fig, -1, -1, 1, (int32_t)cx, (int32_t)cy);
	}
	/* CAND_SEARCH: a straight move onto each objective on the table (O2
	 * picks it up as the move ends), or, out of reach, along the line to
	 * it, 0.1" short of the allowance for the rounding; none for the
	 * umpire's figures, which pick up nothing (G16), nor when the
	 * figure's centre is already within 0.1" of the counter's */
	for (i = 0; use == CAND_SEARCH && f->player != g->st.umpire && i < g->st.nobj &&
		    i < SKIRMISH_MAX_OBJECTIVES && rc == 0; i++) {
		const struct sk_objective *o = &g->st.obj[i];
		int64_t dx = (int64_t)o->x - f->x, dy = (int64_t)o->y - f->y, dist;
		int64_t tx = o->x, ty = o->y, go = (int64_t)reach - MIL / 10;
		sk_pt from, to;

		if (o->state != SKIRMISH_OBJECTIVE_ON_TABLE)
			continue;
		from.x = f->x;
		from.y = f->y;
		to.x = o->x;
		to.y = o->y;
		dist = sk_seg_len(from, to);
		if (dist < MIL / 10)
			continue;
		if (dist > reach) {
			if (go <= 0)
				continue;
			tx = f->x + dx * go / dist;
			ty = f->y + dy * go / dist;
		}
		rc = push(g, SKIRMISH_ACTION_MOVE, fig, -1, -1, 1, (int32_t)tx, (int32_t)ty);
	}
	return rc;
}

static int
candidates(skirmish_game *g, int figure, enum cand_use use)
{
	int i, rc = 0, horses = 0, p;
	struct foes foes;

	g->cand.n = 0;
	if (g->st.state != SKIRMISH_STATE_PLAYING)
		return 0;
	/* room for an answer of the index naming every figure */
	if (g->nfigs > SK_NEAR_SCAN_FIGS && g->near.cap < (size_t)g->nfigs &&
	    sk_buf_reserve(g, &g->near, sizeof(int), (size_t)g->nfigs) < 0)
		return SKIRMISH_E_NOMEM;
	/* whether there is a riderless horse to mount at all */
	for (i = 0; i < g->nfigs && !horses; i++)
		horses = (g->figs[i].flags & (FIG_HORSE | FIG_REMOVED)) == FIG_HORSE;
	/* only the active player's figures have candidates, so only the
	 * others, in play, can be their targets: the box around them (every
	 * game, for CAND_CLOSING) and, in a small game, whose figures are
	 * scanned (figure_candidates), their ids, in id order */
	p = g->st.order[g->st.active];
	foes.n = foes.count = 0;
	foes.minx = foes.maxx = foes.miny = foes.maxy = foes.wd = 0;
	for (i = 0; i < g->nfigs && (use == CAND_CLOSING || g->nfigs <= SK_NEAR_SCAN_FIGS); i++) {
		const struct sk_fig *e = &g->figs[i];
		if ((e->flags & (FIG_REMOVED | FIG_HORSE)) || e->player == p)
			continue;
		if (foes.count++ == 0) {
			foes.minx = foes.maxx = e->x;
			foes.miny = foes.maxy = e->y;
		}
		foes.minx = e->x < foes.minx ? e->x : foes.minx;
		foes.maxx = e->x > foes.maxx ? e->x : foes.maxx;
		foes.miny = e->y < foes.miny ? e->y : foes.miny;
		foes.maxy = e->y > foes.maxy ? e->y : foes.maxy;
		foes.wd = e->w + e->d > foes.wd ? e->w + e->d : foes.wd;
		if (g->nfigs <= SK_NEAR_SCAN_FIGS)
			foes.ids[foes.n++] = i;
	}
	if (figure >= 0)
		return figure_candidates(g, figure, use, horses, &foes);
	for (i = 0; i < g->nfigs && rc == 0; i++)
		rc = figure_candidates(g, i, use, horses, &foes);
	rc = rc ? rc : push(g, SKIRMISH_ACTION_END_PHASE, -1, -1, -1, 0, 0, 0);
	return rc ? rc : push(g, SKIRMISH_ACTION_END_TURN, -1, -1, -1, 0, 0, 0);
}

int
sk_candidates(skirmish_game *g, int figure)
{
	return candidates(g, figure, CAND_LIST);
}

int
sk_policy_candidates(skirmish_game *g)
{
	return candidates(g, -1, CAND_POLICY);
}

int
sk_search_candidates(skirmish_game *g)
{
	return candidates(g, -1, CAND_SEARCH);
}

int
sk_random_candidates(skirmish_game *g)
{
	return candidates(g, -1, CAND_CLOSING);
}

int
sk_cand_skip(struct sk_cand_dead *d, const struct sk_cand *c)
{
	if (c->figure != d->figure) {
		d->figure = c->figure;
		d->kinds = 0;
	}
	return c->kind >= 0 && c->kind < 32 && (d->kinds >> c->kind & 1);
}

void
sk_cand_refused(skirmish_game *g, struct sk_cand_dead *d, const struct sk_cand *c)
{
	if (c->figure >= 0 && c->kind >= 0 && c->kind < 32 &&
	    sk_refusal_kind_wide(g->probe.refused, c->target >= 0)) {
		d->figure = c->figure;
		d->kinds |= 1u << c->kind;
	}
}

void
sk_cand_walk_init(struct sk_cand_walk *w, int every)
{
	w->i = 0;
	w->dead.figure = -1;
	w->dead.kinds = 0;
	sk_move_ctx_init(&w->ctx, every);
}

int
sk_cand_next(skirmish_game *g, struct sk_cand_walk *w, skirmish_action *a)
{
	while (w->i < g->cand.n) {
		const struct sk_cand *c = (const struct sk_cand *)g->cand.p + w->i++;
		int rc;
		/* a refusal that says the figure can take no action of this
		 * kind now holds for the rest of its candidates of the kind */
		if (sk_cand_skip(&w->dead, c))
			continue;
		sk_cand_action(c, a);
		rc = sk_candidate_resolve(g, a, &w->ctx);
		if (rc < 0)
			return rc;
		if (rc)
			return 1;
		sk_cand_refused(g, &w->dead, c);
	}
	return 0;
}

void
sk_cand_get(const skirmish_game *g, size_t i, skirmish_action *a)
{
	sk_cand_action((const struct sk_cand *)g->cand.p + i, a);
}

void
sk_cand_drop(skirmish_game *g, size_t i)
{
	struct sk_cand *c = (struct sk_cand *)g->cand.p;

	c[i] = c[--g->cand.n];
}

void
sk_cand_drop_refused(skirmish_game *g, size_t i)
{
	struct sk_cand *c = (struct sk_cand *)g->cand.p;
	int fig = c[i].figure, kind = c[i].kind, has_target = c[i].target >= 0;
	size_t j;

	sk_cand_drop(g, i);
	if (fig < 0 || !sk_refusal_kind_wide(g->probe.refused, has_target))
		return;
	for (j = g->cand.n; j-- > 0;)
		if (c[j].figure == fig && c[j].kind == kind)
			sk_cand_drop(g, j);
}

/*
 * The size of version 1 of skirmish_action, for ever: its members up to the
 * last one, xy, rounded up to its alignment (a double's, its widest member).
 * Later versions only add members after xy (tests/abi/check-layout.py), so
 * this stays the stride of a version-1 caller's array.
 */
#define ALIGN_DOUBLE offsetof(struct { char c; double d; }, d)
#define ACTION_V1_SIZE \
	((offsetof(skirmish_action, xy) + sizeof(((skirmish_action *)0)->xy) + \
	  ALIGN_DOUBLE - 1) / ALIGN_DOUBLE * ALIGN_DOUBLE)
/* while the header's version is 1, its struct is version 1's (C89 has no
 * static assertion: a negative array size fails the build) */
typedef char action_v1_size_is_sizeof[SKIRMISH_ACTION_VERSION != 1 ||
				      ACTION_V1_SIZE == sizeof(skirmish_action) ? 1 : -1];

/* The newest version of skirmish_action this library writes into an
 * element of size bytes, and the bytes it takes; 0 when none fits. */
static unsigned int
action_version_for(size_t size, size_t *used)
{
	if (size < ACTION_V1_SIZE)
		return 0;
	*used = ACTION_V1_SIZE;
	return 1;
}

SKIRMISH_EXPORT int
skirmish_game_legal_actions_sized(skirmish_game *g, int figure, void *out,
				  size_t action_size, int max, int *count)
{
	struct sk_cand_walk walk;
	skirmish_action a;
	unsigned char *elem = (unsigned char *)out;
	size_t used = 0;
	unsigned int version;
	int n = 0, rc;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_legal_actions") < 0)
		return SKIRMISH_E_STATE;
	if (max < 0 || (max > 0 && !out))
		return sk_error(g, SKIRMISH_E_INVALID, "legal_actions: out and max disagree");
	if (!count)
		return sk_error(g, SKIRMISH_E_INVALID, "legal_actions: count may not be NULL");
	version = action_version_for(action_size, &used);
	if (!version)
		return sk_error(g, SKIRMISH_E_INVALID,
				"legal_actions: an action of %lu bytes is smaller than "
				"version 1 of skirmish_action (%lu)",
				(unsigned long)action_size, (unsigned long)ACTION_V1_SIZE);
	if (max > 0 && (size_t)max > (size_t)-1 / action_size)
		return sk_error(g, SKIRMISH_E_INVALID,
				"legal_actions: %d actions of %lu bytes overflow", max,
				(unsigned long)action_size);
	if (figure < -1 || figure >= g->nfigs)
		return sk_error(g, SKIRMISH_E_NO_FIGURE, "no figure %d", figure);
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "legal_actions: not from inside a callback");
	rc = sk_candidates(g, figure);
	if (rc < 0)
		return rc;
	sk_cand_walk_init(&walk, 1);
	while ((rc = sk_cand_next(g, &walk, &a)) > 0) {
		if (n < max) {
			/* the caller's element, at its own stride: the version
			 * that fits, and zeros after it (members of a newer
			 * header than this library) */
			a.version = version;
			memcpy(elem, &a, used);
			memset(elem + used, 0, action_size - used);
			elem += action_size;
		}
		n++;
	}
	if (rc < 0)
		return rc;
	*count = n;
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return 0;
}

/* The entry point of 0.1: an array of version-1 actions, for ever (an
 * array's stride cannot carry a version; doc/ABI.md). */
SKIRMISH_EXPORT int
skirmish_game_legal_actions(skirmish_game *g, int figure, skirmish_action *out, int max,
			    int *count)
{
	return skirmish_game_legal_actions_sized(g, figure, out, ACTION_V1_SIZE, max, count);
}

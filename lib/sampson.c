/* SPDX-License-Identifier: MIT */
/*
 * Sampson Ships, ancient skirmish rules, as the rulings A1-A33 of
 * doc/rules/sampson.md read them (with G1-G14 of doc/rules/general.md);
 * that document also maps every sentence of the rules to the function
 * below that carries it out.
 */
#include <math.h>
#include <string.h>

#include "ruleset.h"

/* ------------------------------------------------------------------ */
/* rules that are data                                                  */
/* ------------------------------------------------------------------ */

/* A3: movement allowances and losses (mils). */
enum {
	INFANTRY_MOVE = 4 * MIL,
	RIDER_MOVE = 8 * MIL,
	SHIELD_LOSS = MIL / 2,          /* infantry only */
	ARMOUR_LOSS = MIL / 2,          /* infantry only */
	INFANTRY_BAD_GOING = 2 * MIL,
	RIDER_BAD_GOING = 4 * MIL,
	TURN_COST_90 = MIL,             /* turning on the spot, per 90 degrees */
	REAR_ZONE = MIL / 2,            /* A21: "immediately to the rear" */
	SLIDE = 5,                      /* A30: what reaches no further into the
					   band only slides along its edge */
	SHOCK_ABSORBER = MIL            /* A9: per friend to the rear */
};

/* A19: length classes for "longer weapon"; a higher class is longer. */
static const int weapon_length[SKIRMISH_MELEE_COUNT] = {
	[SKIRMISH_MELEE_UNARMED] = 0,
	[SKIRMISH_MELEE_DAGGER] = 1,
	[SKIRMISH_MELEE_SHORT_SWORD] = 2,
	[SKIRMISH_MELEE_WOODEN] = 3,
	[SKIRMISH_MELEE_SWORD] = 3,
	[SKIRMISH_MELEE_AXE] = 3,
	[SKIRMISH_MELEE_NAGINATA] = 4,
	[SKIRMISH_MELEE_YARI] = 4,
	[SKIRMISH_MELEE_SPEAR] = 4,
	[SKIRMISH_MELEE_LONG_SPEAR] = 5,
};

/* A5: the missile table. A range of 0: not a Sampson Ships weapon (A10). */
struct missile {
	int32_t range;                  /* mils, edge to edge (G1) */
	int mod;                        /* the shooter's die modifier */
};

static const struct missile missiles[SKIRMISH_MISSILE_COUNT] = {
	[SKIRMISH_MISSILE_LONG_BOW] = { 24 * MIL, 0 },
	[SKIRMISH_MISSILE_SHORT_BOW] = { 16 * MIL, 0 },
	[SKIRMISH_MISSILE_SLING] = { 16 * MIL, -1 },
	[SKIRMISH_MISSILE_PELTAST] = { 18 * MIL, 0 },
	[SKIRMISH_MISSILE_JAVELIN] = { 10 * MIL, +1 },
};

/* A7 modifiers: the words of the result sentence. */
static const char *
mod_word(int source)
{
	switch (source) {
	case SKIRMISH_MOD_WEAPON: return "weapon";
	case SKIRMISH_MOD_SHIELD: return "shield";
	case SKIRMISH_MOD_ARMOUR: return "armour";
	case SKIRMISH_MOD_OBSTACLE: return "obstacle";
	case SKIRMISH_MOD_UPHILL: return "uphill";
	case SKIRMISH_MOD_DEFENDING_OBSTACLE: return "defending obstacle";
	case SKIRMISH_MOD_LONGER_WEAPON: return "longer weapon";
	case SKIRMISH_MOD_MOVED_INTO_CONTACT: return "moved into contact";
	case SKIRMISH_MOD_COMRADE: return "comrade";
	default: return "?";
	}
}

static const char *
phase_title(int phase)
{
	switch (phase) {
	case SKIRMISH_PHASE_MOVE: return "Move";
	case SKIRMISH_PHASE_MISSILE: return "Missile";
	case SKIRMISH_PHASE_MELEE: return "Melee";
	default: return "no";
	}
}

/* ------------------------------------------------------------------ */
/* small helpers                                                        */
/* ------------------------------------------------------------------ */

/* A2: an action belongs to one phase. */
static int
need_phase(skirmish_game *g, int phase, const char *what)
{
	if (g->st.phase == phase)
		return 0;
	return sk_error(g, SKIRMISH_E_WRONG_PHASE,
			"A2: %s belongs to the %s phase; it is the %s phase",
			what, phase_title(phase), phase_title(g->st.phase));
}

static int
active_player(const skirmish_game *g)
{
	return g->st.order[g->st.active];
}

/* A5, A14, A29: in base contact with an enemy (G3, or across an obstacle,
 * G13), which is being in melee. */
static int
in_melee(const skirmish_game *g, int id)
{
	return sk_fig_enemy_contacts(g, id, NULL, 0) > 0;
}

/* in_melee between actions: A26 makes every two enemies in contact a live
 * pair, each pair two enemies in contact, and a figure's melee field names
 * one of its pairs (invariant.c checks it of every game, the referee of
 * test builds after every action), so the field says it without a search.
 * Inside an action (a callback's query) contacts may have changed. */
static int
in_melee_now(const skirmish_game *g, int id)
{
	return g->in_action ? in_melee(g, id) : g->figs[id].melee >= 0;
}

/* A3: the full allowance of a figure. */
static int32_t
allowance_of(const struct sk_fig *f)
{
	int32_t a;

	if (f->flags & FIG_MOUNTED)
		return RIDER_MOVE;
	a = INFANTRY_MOVE;
	if (f->flags & FIG_SHIELD)
		a -= SHIELD_LOSS;
	if (f->flags & FIG_ARMOUR)
		a -= ARMOUR_LOSS;
	return a;
}

/* A12: a figure that has spent allowance without moving has turned. */
static int
has_turned(const skirmish_game *g, int id)
{
	const struct sk_fig *f = &g->figs[id];

	return !(f->flags & FIG_ACTED) && f->move_left < allowance_of(f);
}

/* A3: turning on the spot from one facing to another costs 1" per 90
 * degrees, pro rata, the smaller way round, to the nearest thousandth. */
static int32_t
turn_cost(int from, int to)
{
	int diff = sk_deg_norm(to - from);

	if (diff > 180)
		diff = 360 - diff;
	return (int32_t)((diff * TURN_COST_90 + 45) / 90);
}

/* A3, A13: what a move loses to the ground it enters, once per move. */
static int32_t
terrain_loss(const struct sk_fig *f, const struct sk_path_info *info)
{
	int32_t loss = 0;

	if (info->enters_rough)
		loss = (f->flags & FIG_MOUNTED) ? RIDER_BAD_GOING : INFANTRY_BAD_GOING;
	if (info->penalty > loss)
		loss = info->penalty;
	return loss;
}

/* The bounding box of base r0 swept along v: box[] = minx, miny, maxx, maxy. */
static void
sweep_box(const sk_pt r0[4], sk_pt v, int32_t box[4])
{
	int i;

	box[0] = box[2] = r0[0].x;
	box[1] = box[3] = r0[0].y;
	for (i = 0; i < 4; i++) {
		int32_t x0 = r0[i].x, y0 = r0[i].y, x1 = x0 + v.x, y1 = y0 + v.y;
		box[0] = x0 < box[0] ? x0 : box[0];
		box[0] = x1 < box[0] ? x1 : box[0];
		box[1] = y0 < box[1] ? y0 : box[1];
		box[1] = y1 < box[1] ? y1 : box[1];
		box[2] = x0 > box[2] ? x0 : box[2];
		box[2] = x1 > box[2] ? x1 : box[2];
		box[3] = y0 > box[3] ? y0 : box[3];
		box[3] = y1 > box[3] ? y1 : box[3];
	}
}

/* Is i in ids[0..n)? */
static int
among(const int *ids, int n, int i)
{
	int k;

	for (k = 0; k < n; k++)
		if (ids[k] == i)
			return 1;
	return 0;
}

/* What stopped a push (A9, A21, A31, A32), for its effect and its
 * sentence (W1): SKIRMISH_STOP_*, and the figure or piece, or -1. */
struct stop {
	int kind, what;
};

static int
stopped(struct stop *why, int kind, int what)
{
	if (why) {
		why->kind = kind;
		why->what = what;
	}
	return 0;
}

/*
 * A21, A31: does terrain stop base r0 swept along v (its centre from a to
 * a + v; box, the sweep's box)? Impassable ground stops it where it would
 * touch it; with obstacles (a push), so does an obstacle (A31): a piece
 * the base is clear of stops it where it would touch it, and a piece the
 * base already overlaps (a figure standing on a wall) where its centre
 * would go into it, so that a push never carries it over.
 */
static int
terrain_clear(const skirmish_game *g, const sk_pt r0[4], sk_pt a, sk_pt v,
	      const int32_t box[4], int obstacles, struct stop *why)
{
	int i;

	for (i = 0; i < g->nterr; i++) {
		const struct sk_terrain *t = &g->terr[i];
		int obstacle = obstacles && (t->flags & SKIRMISH_TERRAIN_OBSTACLE);

		if (!(t->flags & SKIRMISH_TERRAIN_IMPASSABLE) && !obstacle)
			continue;
		/* a piece whose box the sweep's box misses (touching meets):
		 * no swept base inside the box meets it, since sk_swept_overlap
		 * is exact on every edge's axis and disjoint convex shapes are
		 * separated on one */
		if (!sk_terrain_box_hits(t, box[0], box[1], box[2], box[3]) ||
		    !sk_swept_overlap(r0, 4, v, t->p, t->npts))
			continue;
		if ((t->flags & SKIRMISH_TERRAIN_IMPASSABLE))
			return stopped(why, SKIRMISH_STOP_IMPASSABLE, i);
		if (!sk_poly_overlap(r0, 4, t->p, t->npts))
			return stopped(why, SKIRMISH_STOP_OBSTACLE, i);
		{
			sk_pt b;
			double t0, t1;

			b.x = a.x + v.x;
			b.y = a.y + v.y;
			if (!sk_point_in_poly(a, t->p, t->npts) &&
			    sk_seg_poly_clip(a, b, t->p, t->npts, &t0, &t1))
				return stopped(why, SKIRMISH_STOP_OBSTACLE, i);
		}
	}
	return 1;
}

/* A21, A27, A31: does figure id's base, swept in a straight line from a
 * to b with its facing, stay on the table (centre) and clear of every
 * other base (but those of skip[0..nskip)), of impassable terrain and,
 * for a push (obstacles), of obstacles? When not, why says what stops
 * it (may be NULL). */
static int
sweep_clear_but(const skirmish_game *g, int id, sk_pt a, sk_pt b, const int *skip, int nskip,
		int obstacles, struct stop *why)
{
	const struct sk_fig *f = &g->figs[id];
	sk_pt r0[4], o[4], v;
	int i, k, n, ids[SK_NEAR_MAX];
	int32_t reach = f->w + f->d, box[4];

	if (b.x < 0 || b.y < 0 || b.x > g->table_w || b.y > g->table_d)
		return stopped(why, SKIRMISH_STOP_TABLE_EDGE, -1);
	/* the base swept from a to b, facing unchanged */
	sk_fig_rect_at(f, a, r0);
	v.x = b.x - a.x;
	v.y = b.y - a.y;
	sweep_box(r0, v, box);
	n = sk_near(g, (a.x < b.x ? a.x : b.x) - reach, (a.y < b.y ? a.y : b.y) - reach,
		    (a.x > b.x ? a.x : b.x) + reach, (a.y > b.y ? a.y : b.y) + reach, 0, ids);
	SK_NEAR_EACH(g, n, ids, k, i) {
		if (i == id || among(skip, nskip, i) || (g->figs[i].flags & FIG_REMOVED))
			continue;
		sk_fig_rect(&g->figs[i], o);
		if (sk_swept_overlap(r0, 4, v, o, 4))
			return stopped(why, SKIRMISH_STOP_BASE, i);
	}
	return terrain_clear(g, r0, a, v, box, obstacles, why);
}

/* A21: sweep_clear_but with one base (or none, -1) out of the way */
static int
sweep_clear(const skirmish_game *g, int id, sk_pt a, sk_pt b, int ignore)
{
	return sweep_clear_but(g, id, a, b, &ignore, 1, 0, NULL);
}

/*
 * A21: a search along one line (push_back) sweeps the same base from the
 * same point a to many points b short of a far point on the line. A point
 * short of it (along(), rounded) lies between a and the far point in each
 * coordinate, so each sweep, and the box sweep_clear asks sk_near for,
 * lies inside the far sweep's: the bases near the far sweep, found once,
 * include every base near a shorter one. Testing them all (exact tests,
 * so an extra base far away answers "clear") gives sweep_clear's answer.
 */
#define SWEEP_BASES 16

struct sweep {
	const skirmish_game *g;
	int id, ignore;
	sk_pt a, r0[4];
	int n;                        /* bases to test, or -1: sweep_clear */
	int clear;                    /* nothing can be in the way (n == 0) */
	sk_pt o[SWEEP_BASES][4];
};

/*
 * Is base o apart from base r0 swept along every v with v.x between 0 and
 * vx and v.y between 0 and vy? Yes when one edge axis of r0 or o separates
 * them for the extremes of n.v over that box (n.v is linear in v, so its
 * extremes are at the box's corners): sk_swept_overlap tests that axis for
 * each such v (touching is apart, as there) and finds it separating.
 * The axes are tried from first (0..7: r0's edges, then o's), then in
 * order: any one that separates answers, so the order changes only how
 * soon.
 */
static int
always_apart(const sk_pt r0[4], const sk_pt o[4], int32_t vx, int32_t vy, int first)
{
	int j, i;

	for (j = 0; j < 8; j++) {
		int k = j == 0 ? first : j <= first ? j - 1 : j;
		const sk_pt *e = k < 4 ? r0 : o;
		sk_pt p = e[k & 3], q = e[(k + 1) & 3];
		int64_t nx = (int64_t)q.y - p.y, ny = -((int64_t)q.x - p.x);
		int64_t amin = INT64_MAX, amax = INT64_MIN, bmin = INT64_MAX, bmax = INT64_MIN;
		int64_t d1 = nx * vx, d2 = ny * vy, dlo, dhi, t;

		if (nx == 0 && ny == 0)
			continue;
		for (i = 0; i < 4; i++) {
			t = nx * r0[i].x + ny * r0[i].y;
			amin = t < amin ? t : amin;
			amax = t > amax ? t : amax;
			t = nx * o[i].x + ny * o[i].y;
			bmin = t < bmin ? t : bmin;
			bmax = t > bmax ? t : bmax;
		}
		/* n.v over the corners (0 or vx, 0 or vy), and 0 for no move */
		dlo = (d1 < 0 ? d1 : 0) + (d2 < 0 ? d2 : 0);
		dhi = (d1 > 0 ? d1 : 0) + (d2 > 0 ? d2 : 0);
		if (amax + dhi <= bmin || bmax <= amin + dlo)
			return 1;
	}
	return 0;
}

/* ids, n: an answer of the index that holds every base near the far
 * sweep (at least sk_near of its box grown by the base's w + d; n < 0:
 * none, the search sweeps as sweep_clear) */
static void
sweep_prepare(struct sweep *s, const skirmish_game *g, int id, sk_pt a, sk_pt far,
	      int ignore, const int *ids, int n, int axis)
{
	const struct sk_fig *f = &g->figs[id];
	int32_t sb[4] = { 0, 0, 0, 0 }, ob[4];
	int i, k, boxes = f->bsquare && sk_fig_shaped(f);

	s->g = g;
	s->id = id;
	s->ignore = ignore;
	s->a = a;
	s->n = -1;
	s->clear = 0;
	if (n < 0)
		return;
	sk_fig_rect_at(f, a, s->r0);
	if (boxes) {
		/* the base is its box: the far sweep's box is its box and the
		 * box moved to the far point */
		sk_rect_box_at(a, f->boff, sb);
		sb[0] += far.x < a.x ? far.x - a.x : 0;
		sb[1] += far.y < a.y ? far.y - a.y : 0;
		sb[2] += far.x > a.x ? far.x - a.x : 0;
		sb[3] += far.y > a.y ? far.y - a.y : 0;
	}
	s->n = 0;
	for (k = 0; k < n; k++) {
		i = ids[k];
		if (i == id || i == ignore || (g->figs[i].flags & FIG_REMOVED))
			continue;
		if (s->n == SWEEP_BASES) {
			s->n = -1;
			return;
		}
		/* a base that is its box, beyond the sweep's box on x or y
		 * (touching is apart): the edges of both are the axes, so
		 * always_apart finds that axis and says the same */
		if (boxes && sk_fig_square_box(&g->figs[i], ob) &&
		    (ob[0] >= sb[2] || ob[2] <= sb[0] || ob[1] >= sb[3] || ob[3] <= sb[1]))
			continue;
		sk_fig_rect(&g->figs[i], s->o[s->n]);
		if (!always_apart(s->r0, s->o[s->n], far.x - a.x, far.y - a.y, axis))
			s->n++;
	}
	s->clear = s->n == 0 && a.x >= 0 && a.y >= 0 && a.x <= g->table_w &&
		   a.y <= g->table_d && far.x >= 0 && far.y >= 0 && far.x <= g->table_w &&
		   far.y <= g->table_d;
	if (s->clear && g->nterr > 0) {
		int32_t box[4];
		sk_pt v;

		v.x = far.x - a.x;
		v.y = far.y - a.y;
		sweep_box(s->r0, v, box);
		for (i = 0; i < g->nterr; i++)
			if ((g->terr[i].flags &
			     (SKIRMISH_TERRAIN_IMPASSABLE | SKIRMISH_TERRAIN_OBSTACLE)) &&
			    sk_terrain_box_hits(&g->terr[i], box[0], box[1], box[2], box[3]))
				s->clear = 0;
	}
}

/* sweep_clear_but(g, id, a, b, {ignore}, 1, obstacles: 1, NULL), b
 * between a and the far point: a push's sweep (A21, A31) */
static int
sweep_test(const struct sweep *s, sk_pt b)
{
	const skirmish_game *g = s->g;
	int32_t box[4];
	sk_pt v;
	int i;

	if (s->n < 0)
		return sweep_clear_but(g, s->id, s->a, b, &s->ignore, 1, 1, NULL);
	if (b.x < 0 || b.y < 0 || b.x > g->table_w || b.y > g->table_d)
		return 0;
	v.x = b.x - s->a.x;
	v.y = b.y - s->a.y;
	for (i = 0; i < s->n; i++)
		if (sk_swept_overlap(s->r0, 4, v, s->o[i], 4))
			return 0;
	if (g->nterr == 0)
		return 1;
	sweep_box(s->r0, v, box);
	return terrain_clear(g, s->r0, s->a, v, box, 1, NULL);
}

/* The point len mils from `from` in the direction of the vector (dx, dy),
 * rounded to the nearest mil (G8: + - * / and sqrt only). */
static sk_pt
along(sk_pt from, int64_t dx, int64_t dy, int64_t len)
{
	double fx = (double)dx, fy = (double)dy;
	double t = (double)len / sqrt(fx * fx + fy * fy);
	double x = fx * t, y = fy * t;
	sk_pt p;

	p.x = from.x + (int32_t)(x >= 0 ? x + 0.5 : -(-x + 0.5));
	p.y = from.y + (int32_t)(y >= 0 ? y + 0.5 : -(-y + 0.5));
	return p;
}

static sk_pt
centre(const struct sk_fig *f)
{
	sk_pt p;

	p.x = f->x;
	p.y = f->y;
	return p;
}

/* ------------------------------------------------------------------ */
/* melees: the pairs of enemies in contact (A26, G13)                   */
/* ------------------------------------------------------------------ */

/*
 * A26: every two enemies in base contact (G3, or across an obstacle, G13)
 * are a pair, one record of g->melees: who made the contact by moving
 * into it (initiator, or -1), whether that move was this turn (fought:
 * the record's "fresh" flag) and how many Melee phases the two have
 * fought each other in since they came into contact (rounds). A figure's
 * melee field names one of its pairs, or -1. Pairs are made when a move,
 * a turn, a closing up or a push brings bases into contact (engage) and
 * end when the contact does (settle).
 */

/*
 * G3, G13, A26: one fight asks whether the same two bases touch more than
 * once (whether their pair goes on after the fight, then the pushed
 * figure's new contacts; the fight's enemies and comrades come from the
 * pairs, fight_sides). A touch memo keeps
 * what the fight has found while no base has moved: terrain does not
 * change in an action, and a fight moves bases only by its push, after
 * which it forgets (memo_forget) what it found before. A death needs no
 * forgetting: the contact is asked only of two enemies in play. The
 * contact does not depend on the order of the two, in base contact
 * (sk_in_contact: tests/test-geometry.c,
 * g8_kept_corners_match_the_definition) or across an obstacle
 * (sk_fig_contact_across takes the two in one order), so either order
 * answers.
 *
 * Before the first base of the action moves (still), a live pair needs
 * no test at all: A22 ends a pair whose contact is over at the end of
 * every action that moves a base (settle), so at an action's start every
 * live pair touches, in either order. The referee checks that after every
 * action and the loader demands it of a saved game (invariant.c,
 * sk_inv_member); a pair is found from the one each of the two names.
 */
#define TOUCH_MEMO 4

struct touch_memo {
	int n, next, still;
	struct {
		int a, b, touch;
	} e[TOUCH_MEMO];
};

/* what was found is forgotten: a base has moved */
static void
memo_forget(struct touch_memo *memo)
{
	memo->n = memo->next = 0;
	memo->still = 0;
}

/* an action's start: no base has moved yet */
static void
memo_start(struct touch_memo *memo)
{
	memo_forget(memo);
	memo->still = 1;
}

/* Is melee m the live pair of a and b? */
static int
pair_is(const skirmish_game *g, int m, int a, int b)
{
	const struct sk_melee *mm;

	if (m < 0 || m >= g->nmelees)
		return 0;
	mm = &g->melees[m];
	return mm->live && ((mm->a == a && mm->b == b) || (mm->a == b && mm->b == a));
}

/* sk_engaged(g, a, b), the contact from the memo when it has it (memo may
 * be NULL: no memo) */
static int
engaged_m(const skirmish_game *g, struct touch_memo *memo, int a, int b)
{
	int k, touch;

	if (!sk_is_enemy(g, a, b))
		return 0;
	if (!memo)
		return sk_engaged(g, a, b);
	/* A22: at the action's start a live pair touches */
	if (memo->still && (pair_is(g, g->figs[a].melee, a, b) || pair_is(g, g->figs[b].melee, a, b)))
		return 1;
	for (k = 0; k < memo->n; k++) {
		if (memo->e[k].a == a && memo->e[k].b == b)
			return memo->e[k].touch;
		if (memo->e[k].a == b && memo->e[k].b == a)
			return memo->e[k].touch;
	}
	touch = sk_in_contact(g, a, b) || sk_contact_across(g, a, b) >= 0;
	k = memo->next;
	memo->next = (memo->next + 1) % TOUCH_MEMO;
	if (memo->n < TOUCH_MEMO)
		memo->n++;
	memo->e[k].a = a;
	memo->e[k].b = b;
	memo->e[k].touch = touch;
	return touch;
}

/* A26: the live record of the pair a, b, or -1. */
static int
pair_of(const skirmish_game *g, int a, int b)
{
	int i;

	for (i = 0; i < g->nmelees; i++) {
		const struct sk_melee *m = &g->melees[i];
		if (m->live && ((m->a == a && m->b == b) || (m->a == b && m->b == a)))
			return i;
	}
	return -1;
}

/* The figure's melee field names one of its live pairs, or -1. */
static void
renote(skirmish_game *g, int id)
{
	int i, m = -1;

	for (i = 0; i < g->nmelees && m < 0; i++)
		if (g->melees[i].live && (g->melees[i].a == id || g->melees[i].b == id))
			m = i;
	if (g->figs[id].melee != m)
		sk_fig_mut(g, id)->melee = m;
}

/* A26: enemies a and b are in contact; mover: the one whose move made the
 * contact (A4, A23), or -1 (set up so, closed up, pushed). */
static int
engage(skirmish_game *g, int a, int b, int mover)
{
	struct sk_melee *mm;
	skirmish_effect *e;
	int m = pair_of(g, a, b);

	if (m >= 0)
		return 0;
	m = sk_melee_new(g);
	if (m < 0)
		return m;
	mm = sk_melee_mut(g, m);
	mm->a = a;
	mm->b = b;
	mm->initiator = mover;
	mm->fought = mover >= 0;      /* fresh: moved into contact this turn */
	if (g->figs[a].melee < 0)
		sk_fig_mut(g, a)->melee = m;
	if (g->figs[b].melee < 0)
		sk_fig_mut(g, b)->melee = m;
	e = sk_add_effect(g, SKIRMISH_EFFECT_MELEE_JOINED, a, "A26");
	e->other = b;
	e->value = m;
	return 0;
}

/* A26: id is in contact with every enemy it touches. */
static int
engage_contacts_in(skirmish_game *g, int id, int mover, const int *ids, int n,
		   struct touch_memo *memo)
{
	int i, k, rc;

	SK_NEAR_EACH(g, n, ids, k, i) {
		if (!engaged_m(g, memo, id, i))
			continue;
		rc = engage(g, id, i, mover);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* ids, n: the index's answer for id where it stands (sk_near_fig with its
 * engage margin, or more) */
static int
engage_contacts_m(skirmish_game *g, int id, int mover, struct touch_memo *memo)
{
	int ids[SK_NEAR_MAX], n = sk_near_fig(g, id, sk_engage_margin(g, id), ids);

	return engage_contacts_in(g, id, mover, ids, n, memo);
}

static int
engage_contacts(skirmish_game *g, int id, int mover)
{
	return engage_contacts_m(g, id, mover, NULL);
}

/* A22, A26: the pairs whose contact is over (a push, a death) end. */
static void
settle(skirmish_game *g, const char *rule, struct touch_memo *memo)
{
	int i;

	for (i = 0; i < g->nmelees; i++) {
		const struct sk_melee *m = &g->melees[i];
		int a = m->a, b = m->b;
		skirmish_effect *e;

		if (!m->live || (sk_fig_alive(g, a) && sk_fig_alive(g, b) && engaged_m(g, memo, a, b)))
			continue;
		sk_melee_mut(g, i)->live = 0;
		renote(g, a);
		renote(g, b);
		if (sk_fig_alive(g, a) && sk_fig_alive(g, b)) {
			e = sk_add_effect(g, SKIRMISH_EFFECT_MELEE_LEFT, a, rule);
			e->other = b;
			e->value = i;
		}
	}
}

/*
 * H9: a game saved by 0.1 had melees that were groups of figures. Each two
 * enemies in contact become a pair: made by the one of them that joined
 * by its own move (FIG_CHARGED), fresh if that was this turn; fought
 * before when both were in one old melee that had been fought.
 */
static void
sampson_after_legacy_load(skirmish_game *g)
{
	int i, j, k, n, ids[SK_NEAR_MAX];
	int nfree = 0;

	/* first what each figure's old melee was, while the records stand */
	for (i = 0; i < g->nfigs; i++) {
		int old = g->figs[i].melee;
		g->figs[i].stamp = old >= 0 && old < g->nmelees && g->melees[old].rounds > 0 ?
					   (uint32_t)old + 1 : 0;
	}
	for (i = 0; i < g->nfigs; i++) {
		if (!sk_fig_alive(g, i))
			continue;
		n = sk_near_fig(g, i, sk_engage_margin(g, i), ids);
		SK_NEAR_EACH(g, n, ids, k, j) {
			struct sk_melee *m;

			if (j <= i || !sk_engaged(g, i, j))
				continue;
			while (nfree < g->nmelees && g->melees[nfree].live)
				nfree++;
			if (nfree >= g->melee_slots || nfree >= g->capmelees)
				return;
			if (nfree == g->nmelees)
				g->nmelees++;
			m = &g->melees[nfree];
			m->rounds = g->figs[i].stamp && g->figs[i].stamp == g->figs[j].stamp;
			m->initiator = (g->figs[i].flags & FIG_CHARGED) ? i :
				       (g->figs[j].flags & FIG_CHARGED) ? j : -1;
			m->fought = m->initiator >= 0 &&
				    (g->figs[m->initiator].flags & FIG_MOVED_CONTACT);
			m->a = i;
			m->b = j;
			m->live = 1;
		}
	}
	for (i = 0; i < g->nfigs; i++) {
		g->figs[i].melee = -1;
		g->figs[i].stamp = 0;
	}
	for (k = 0; k < g->nmelees; k++) {
		const struct sk_melee *m = &g->melees[k];
		if (!m->live)
			continue;
		if (g->figs[m->a].melee < 0)
			g->figs[m->a].melee = k;
		if (g->figs[m->b].melee < 0)
			g->figs[m->b].melee = k;
	}
}

/* A26: the enemies fig touches that have not fought this phase; returns
 * how many (the first max in out). */
static int
fresh_enemies(const skirmish_game *g, int fig, int *out, int max)
{
	int ids[SK_NEAR_MAX], nn = sk_near_fig(g, fig, sk_engage_margin(g, fig), ids);
	int i, k, n = 0;

	SK_NEAR_EACH(g, nn, ids, k, i) {
		if ((g->figs[i].flags & FIG_FOUGHT) || !sk_engaged(g, fig, i))
			continue;
		if (n < max)
			out[n] = i;
		n++;
	}
	return n;
}

/* A26: a figure of the active player that has not fought this phase and
 * touches an enemy that has not fought either (*enemy), or -1. */
static int
pending_fight(const skirmish_game *g, int *enemy)
{
	int i, p = active_player(g), e;

	for (i = 0; i < g->nfigs; i++) {
		if (g->figs[i].player != p || !sk_fig_alive(g, i) ||
		    (g->figs[i].flags & FIG_FOUGHT) || fresh_enemies(g, i, &e, 1) == 0)
			continue;
		if (enemy)
			*enemy = e;
		return i;
	}
	return -1;
}

/* ------------------------------------------------------------------ */
/* setup and turns (A2, A6, A11)                                        */
/* ------------------------------------------------------------------ */

/* A10: infantry or riders; shield, armour; a melee weapon; a missile
 * weapon of the A5 table or none. DV is not used (A1). */
static int
sampson_add_figure(skirmish_game *g, struct sk_fig *f, const skirmish_figure_spec *s)
{
	if (s->missile_weapon != SKIRMISH_MISSILE_NONE && !missiles[s->missile_weapon].range)
		return sk_error(g, SKIRMISH_E_INVALID,
				"A10: %s %s is not a Sampson Ships missile weapon "
				"(long bow, short bow, sling, peltast javelins, javelin)",
				sk_a(skirmish_missile_weapon_name(s->missile_weapon)),
				skirmish_missile_weapon_name(s->missile_weapon));
	if (s->martial_arts)
		return sk_error(g, SKIRMISH_E_INVALID,
				"A10: martial arts is not part of the Sampson Ships rules");
	if (s->unloaded)
		return sk_error(g, SKIRMISH_E_INVALID,
				"A10: Sampson Ships missile weapons are always ready (no unloaded)");
	f->flags &= ~FIG_MARTIAL;
	f->move_left = allowance_of(f);
	return 0;
}

static void
phase_starts(skirmish_game *g, int phase)
{
	skirmish_effect *e;

	g->st.phase = phase;
	e = sk_add_effect(g, SKIRMISH_EFFECT_PHASE_STARTS, -1, "A2");
	e->player = active_player(g);
	e->value = phase;
}

/* A2, A12, A20, A26: a player turn begins in the Move phase; the player's
 * figures get their allowance back; nobody has moved into contact this
 * turn yet and nobody has fought in this turn's Melee phase. Figures set
 * up in contact are in melee from the start. */
static int
sampson_start_turn(skirmish_game *g)
{
	int i, p = active_player(g), rc;

	for (i = 0; i < g->nfigs; i++) {
		const struct sk_fig *f = &g->figs[i];
		if (!sk_fig_alive(g, i))
			continue;
		if (f->flags & (FIG_MOVED_CONTACT | FIG_FOUGHT))
			sk_fig_mut(g, i)->flags &= ~(uint32_t)(FIG_MOVED_CONTACT | FIG_FOUGHT);
		if (f->player == p && ((f->flags & (FIG_ACTED | FIG_SHOT)) ||
				       f->move_left != allowance_of(f))) {
			struct sk_fig *w = sk_fig_mut(g, i);
			w->flags &= ~(FIG_ACTED | FIG_SHOT);
			w->move_left = allowance_of(w);
		}
	}
	for (i = 0; i < g->nmelees; i++)
		if (g->melees[i].live && g->melees[i].fought)
			sk_melee_mut(g, i)->fought = 0;
	phase_starts(g, SKIRMISH_PHASE_MOVE);
	if (g->st.turn == 1) {
		for (i = 0; i < g->nfigs; i++) {
			if (!sk_fig_alive(g, i))
				continue;
			rc = engage_contacts(g, i, -1);
			if (rc < 0)
				return rc;
		}
	}
	return 0;
}

/* A2, A6, A11, A26: ends the player's turn: no figure of the player that
 * has not fought may still touch an enemy that has not; the player's
 * suppressed figures recover; next player. */
static int
sampson_end_turn(skirmish_game *g)
{
	int e = -1, x = pending_fight(g, &e), i, p = active_player(g);

	if (x >= 0)
		return sk_error(g, SKIRMISH_E_PENDING,
				"A26: %s and %s are in contact and neither has fought this "
				"turn; %s must fight in the Melee phase before the turn ends",
				sk_fig_name(g, x), sk_fig_name(g, e), sk_fig_name(g, x));
	for (i = 0; i < g->nfigs; i++) {
		if (g->figs[i].player != p || !sk_fig_alive(g, i) ||
		    !(g->figs[i].flags & FIG_SUPPRESSED))
			continue;
		sk_fig_mut(g, i)->flags &= ~FIG_SUPPRESSED;
		sk_add_effect(g, SKIRMISH_EFFECT_SUPPRESSION_ENDS, i, "A6");
	}
	return sk_next_player(g);
}

/* A2, A11: Move, then Missile, then Melee; ending the Melee phase ends the
 * turn. */
static int
sampson_end_phase(skirmish_game *g)
{
	switch (g->st.phase) {
	case SKIRMISH_PHASE_MOVE:
		phase_starts(g, SKIRMISH_PHASE_MISSILE);
		return 0;
	case SKIRMISH_PHASE_MISSILE:
		phase_starts(g, SKIRMISH_PHASE_MELEE);
		return 0;
	default:
		return sampson_end_turn(g);
	}
}

/* ------------------------------------------------------------------ */
/* movement (A3, A4, A12-A16)                                           */
/* ------------------------------------------------------------------ */

/*
 * A4, A16, G13: the enemy e that mover m has moved into contact with turns
 * to face it; the mover is then placed against the enemy's new front on
 * the line between their centres. When the turned base or the mover's new
 * place (or the way to it) is taken, the enemy is not turned. Across an
 * obstacle (G13) nobody closes up through it: the enemy turns only where
 * its turned base still touches the mover across the obstacle.
 */
static void
face_arrival(skirmish_game *g, int e, int m)
{
	struct sk_fig fe = g->figs[e], fm = g->figs[m];
	sk_pt ce = centre(&fe), cm = centre(&fm), re[4], rm[4], to;
	int64_t dx = (int64_t)fm.x - fe.x, dy = (int64_t)fm.y - fe.y;
	int64_t dist = sk_seg_len(ce, cm), lo, hi;
	int facing = sk_atan2_deg(dy, dx), old = fe.facing;
	skirmish_effect *ef;

	if (facing == fe.facing || dist == 0)
		return;
	fe.facing = (int16_t)facing;
	if (!sk_place_free(g, &fe, e, m))
		return;
	if (!sk_in_contact(g, e, m)) {
		/* G13: touching across an obstacle; try the turn in place */
		sk_fig_mut(g, e)->facing = (int16_t)facing;
		if (sk_contact_across(g, e, m) < 0) {
			sk_fig_mut(g, e)->facing = (int16_t)old;
			return;
		}
		sk_fig_mut(g, e)->facing = (int16_t)old;
		ef = sk_add_effect(g, SKIRMISH_EFFECT_TURNED, e, "A4");
		sk_fig_mut(g, e)->facing = (int16_t)facing;
		ef->facing1 = facing;
		ef->other = m;
		return;
	}
	sk_fig_rect(&fe, re);
	sk_fig_rect(&fm, rm);
	to = cm;
	if (sk_poly_overlap(re, 4, rm, 4) || sk_poly_gap(re, 4, rm, 4) > SK_CONTACT_MILS) {
		/* the nearest place on the line where the bases do not overlap */
		lo = 0;
		hi = (int64_t)fe.w + fe.d + fm.w + fm.d;
		while (lo < hi) {
			int64_t mid = (lo + hi) / 2;
			sk_pt c = along(ce, dx, dy, mid);
			sk_rect(c, fm.w, fm.d, fm.facing, rm);
			if (sk_poly_overlap(re, 4, rm, 4))
				lo = mid + 1;
			else
				hi = mid;
		}
		to = along(ce, dx, dy, lo);
		/* the way there and the place (touching the turned enemy) */
		if (!sweep_clear(g, m, cm, to, e))
			return;
	}
	ef = sk_add_effect(g, SKIRMISH_EFFECT_TURNED, e, "A4");
	sk_fig_mut(g, e)->facing = (int16_t)facing;
	ef->facing1 = facing;
	ef->other = m;
	if (to.x != cm.x || to.y != cm.y)
		sk_fx_move(g, m, to, fm.facing, SKIRMISH_EFFECT_MOVED, "A16");
}

/* A4, A16, A20, A23, A26: after a move or a turn on the spot, the contacts
 * the figure made: the nearest enemy it touches that is in contact with
 * no other figure turns to face it (A4), and each enemy it touches is in
 * a pair with it, made by its move. */
static int
contacts_after_move(skirmish_game *g, int id)
{
	int i, k, n, rc, target = -1, ids[SK_NEAR_MAX];
	int64_t best = 0;

	n = sk_near_fig(g, id, sk_engage_margin(g, id), ids);
	SK_NEAR_EACH(g, n, ids, k, i) {
		int64_t dx, dy, d2;
		if (!sk_engaged(g, id, i))
			continue;
		dx = (int64_t)g->figs[i].x - g->figs[id].x;
		dy = (int64_t)g->figs[i].y - g->figs[id].y;
		d2 = dx * dx + dy * dy;
		if (target < 0 || d2 < best) {
			target = i;
			best = d2;
		}
	}
	if (target < 0)
		return 0;
	if (g->figs[target].melee < 0)
		face_arrival(g, target, id);
	if (sk_fig_enemy_contacts(g, id, NULL, 0) == 0)
		return 0;
	sk_fig_mut(g, id)->flags |= FIG_MOVED_CONTACT | FIG_CHARGED;
	rc = engage_contacts(g, id, id);
	if (rc < 0)
		return rc;
	/* the turned enemy's base may now touch others */
	return engage_contacts(g, target, -1);
}

/* A3, A6, A12-A14: one move per figure per turn, within its allowance. */
static int
sampson_move(skirmish_game *g, int id, const sk_pt *path, int n, int facing)
{
	const struct sk_fig *f = &g->figs[id];
	struct sk_path_info info;
	int64_t cost, turning;
	int32_t loss;
	struct sk_fig *w;
	int rc;

	rc = need_phase(g, SKIRMISH_PHASE_MOVE, "moving");
	if (rc < 0)
		return rc;
	if (f->flags & FIG_SUPPRESSED)
		return sk_error(g, SKIRMISH_E_CANNOT_ACT,
				"A6: %s is suppressed and may not move this turn", f->name);
	if (f->flags & FIG_ACTED)
		return sk_error(g, SKIRMISH_E_CANNOT_ACT,
				"A12: %s has already moved this turn (one move per figure)",
				f->name);
	if (has_turned(g, id))
		return sk_error(g, SKIRMISH_E_CANNOT_ACT,
				"A12: %s has turned on the spot this turn and so does not move",
				f->name);
	if (in_melee(g, id))
		return sk_error(g, SKIRMISH_E_IN_MELEE,
				"A29: %s is in base contact with an enemy and does not move until "
				"it is pushed back or its enemy leaves or dies", f->name);
	rc = sk_path_check(g, id, path, n, facing, &info);
	if (rc < 0)
		return rc;
	if (info.length == 0)
		return sk_error(g, SKIRMISH_E_INVALID,
				"A12: a figure that does not move turns on the spot (skirmish_turn)");
	loss = terrain_loss(f, &info);
	/* A28: never less than turning on the spot to the final facing */
	turning = facing < 0 ? 0 : turn_cost(f->facing, facing);
	cost = (info.length > turning ? info.length : turning) + loss;
	if (cost > f->move_left && info.length < turning)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"A28: %s's move costs %.3f\" (no less than turning on the spot to "
				"its new facing%s%.3f\"); it may move %.3f\"", f->name,
				sk_to_inches(cost), loss ? ", and what it loses to the ground: " : ": ",
				sk_to_inches(loss ? loss : turning), sk_to_inches(f->move_left));
	if (cost > f->move_left && loss)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"A3: %s's move is %.3f\" long and loses %.3f\" to the ground; it "
				"may move %.3f\"", f->name, sk_to_inches(info.length),
				sk_to_inches(loss), sk_to_inches(f->move_left));
	if (cost > f->move_left)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"A3: %s's move is %.3f\" long; it may move %.3f\"", f->name,
				sk_to_inches(info.length), sk_to_inches(f->move_left));
	sk_fx_move(g, id, path[n - 1], facing, SKIRMISH_EFFECT_MOVED, "A3");
	w = sk_fig_mut(g, id);
	w->flags |= FIG_ACTED;
	w->move_left = (int32_t)(w->move_left - cost);
	return contacts_after_move(g, id);
}

/* The refusals of sampson_move before its path check: A2, A6, A12 (moved
 * or turned) and A29, the last left to the caller's "no enemy near",
 * which also leaves contacts_after_move nothing to engage; past them,
 * with no terrain near (no loss to the ground, A3, A13) and the facing
 * kept (A28: no turning cost), a move is refused only by G3/G4, A12 (it
 * goes nowhere) and A3 (its length against move_left): the legal list's
 * shortcut (core.h plain_move). */
static int
sampson_plain_move(const skirmish_game *g, int id, int32_t *budget)
{
	const struct sk_fig *f = &g->figs[id];

	if (g->st.phase != SKIRMISH_PHASE_MOVE || (f->flags & (FIG_SUPPRESSED | FIG_ACTED)) ||
	    has_turned(g, id))
		return 0;
	*budget = f->move_left;
	return 1;
}

/* The refusals of sampson_turn past plain_move's: A3, its cost against
 * move_left; with nothing near (no base its sweep could meet, no
 * impassable ground, no enemy to touch: G3, A33, A23), none other. */
static int
sampson_plain_turn(const skirmish_game *g, int id, int facing)
{
	const struct sk_fig *f = &g->figs[id];

	return turn_cost(f->facing, facing) <= f->move_left;
}

/*
 * A33, G12: may figure id turn on the spot to facing? The ground its base
 * sweeps is taken as G12 takes the last leg of a move: the hull of the
 * base at the facing it turns from and at the facing it turns to, a
 * quarter turn at a time the shorter way round (a turn about is checked
 * across its crosswise place too; a square base's quarter turn sweeps
 * only its own square). No other base and no impassable ground may
 * overlap it (touching is not overlapping). Returns 1, or 0 with *base
 * the figure or *piece the terrain in the way.
 */
static int
turn_sweep_clear(const skirmish_game *g, int id, int facing, int *base, int *piece)
{
	const struct sk_fig *f = &g->figs[id];
	sk_pt c = centre(f), pts[8], hull[16], ro[4];
	int32_t reach = f->w + f->d;
	int cur = f->facing, left = sk_deg_norm(facing - f->facing), i, k, nh, n;
	int ids[SK_NEAR_MAX];

	*base = *piece = -1;
	if (left > 180)
		left -= 360;
	n = sk_near(g, c.x - reach, c.y - reach, c.x + reach, c.y + reach, 0, ids);
	while (left != 0) {
		int step = left > 90 ? 90 : left < -90 ? -90 : left;

		sk_rect(c, f->w, f->d, cur, pts);
		sk_rect(c, f->w, f->d, cur + step, pts + 4);
		nh = sk_hull(pts, 8, hull);
		SK_NEAR_EACH(g, n, ids, k, i) {
			if (i == id || (g->figs[i].flags & FIG_REMOVED))
				continue;
			sk_fig_rect(&g->figs[i], ro);
			if (sk_poly_overlap(hull, nh, ro, 4)) {
				*base = i;
				return 0;
			}
		}
		for (i = 0; i < g->nterr; i++)
			if ((g->terr[i].flags & SKIRMISH_TERRAIN_IMPASSABLE) &&
			    sk_poly_overlap(hull, nh, g->terr[i].p, g->terr[i].npts)) {
				*piece = i;
				return 0;
			}
		cur += step;
		left -= step;
	}
	return 1;
}

/* A3, A6, A12, A14: turning on the spot costs 1" per 90 degrees, pro rata,
 * the smaller way round, to the nearest thousandth of an inch. */
static int
sampson_turn(skirmish_game *g, int id, int facing)
{
	const struct sk_fig *f = &g->figs[id];
	struct sk_fig t;
	int diff, rc;
	int32_t cost;

	rc = need_phase(g, SKIRMISH_PHASE_MOVE, "turning on the spot");
	if (rc < 0)
		return rc;
	if (f->flags & FIG_SUPPRESSED)
		return sk_error(g, SKIRMISH_E_CANNOT_ACT,
				"A6: %s is suppressed and may not turn this turn", f->name);
	if (f->flags & FIG_ACTED)
		return sk_error(g, SKIRMISH_E_CANNOT_ACT,
				"A12: %s has moved this turn and faced as it wished at the end "
				"of its move", f->name);
	if (in_melee(g, id))
		return sk_error(g, SKIRMISH_E_IN_MELEE,
				"A29: %s is in base contact with an enemy and may not turn on the "
				"spot", f->name);
	diff = sk_deg_norm(facing - f->facing);
	if (diff > 180)
		diff = 360 - diff;
	cost = turn_cost(f->facing, facing);
	if (cost > f->move_left)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"A3: turning %d degrees costs %.3f\"; %s has %.3f\" left",
				diff, sk_to_inches(cost), f->name, sk_to_inches(f->move_left));
	t = *f;
	t.facing = (int16_t)facing;
	if (!sk_place_free(g, &t, id, -1))
		return sk_error(g, SKIRMISH_E_BLOCKED,
				"G3: %s's base would overlap another base or impassable "
				"terrain if it turned", f->name);
	{
		int base, piece;

		if (!turn_sweep_clear(g, id, facing, &base, &piece) && base >= 0)
			return sk_error(g, SKIRMISH_E_BLOCKED,
					"A33: %s's base would sweep through %s's base as it "
					"turned on the spot", f->name, sk_fig_name(g, base));
		if (piece >= 0)
			return sk_error(g, SKIRMISH_E_BLOCKED,
					"A33: %s's base would sweep through impassable ground (%s) "
					"as it turned on the spot", f->name,
					g->terr[piece].name[0] ? g->terr[piece].name : "unnamed");
	}
	sk_fx_turn(g, id, facing, "A3");
	sk_fig_mut(g, id)->move_left -= cost;
	/* A23: a turn that brings the base into contact is a move into contact */
	return contacts_after_move(g, id);
}

/* ------------------------------------------------------------------ */
/* missiles (A5, A6)                                                    */
/* ------------------------------------------------------------------ */

static int
sampson_shoot(skirmish_game *g, int id, int t)
{
	const struct sk_fig *f = &g->figs[id], *ft;
	const struct missile *w;
	skirmish_result *r;
	int rc, die[2], score[2];
	int64_t gap;

	rc = need_phase(g, SKIRMISH_PHASE_MISSILE, "shooting");
	if (rc < 0)
		return rc;
	w = &missiles[f->missile_weapon];
	if (!w->range)
		return sk_error(g, SKIRMISH_E_NO_WEAPON, "A5: %s has no missile weapon",
				f->name);
	if (f->flags & FIG_SHOT)
		return sk_error(g, SKIRMISH_E_CANNOT_ACT, "A5: %s has already shot this turn",
				f->name);
	if (!sk_is_enemy(g, id, t))
		return sk_error(g, SKIRMISH_E_TARGET, "A5: %s is not an enemy in play",
				sk_fig_name(g, t));
	ft = &g->figs[t];
	if (in_melee(g, id))
		return sk_error(g, SKIRMISH_E_IN_MELEE, "A5: %s is in melee and may not shoot",
				f->name);
	if (in_melee(g, t))
		return sk_error(g, SKIRMISH_E_IN_MELEE,
				"A5: %s is in melee and may not be shot at", ft->name);
	if (sk_sight_blocked(g, id, t))
		return sk_error(g, SKIRMISH_E_NO_SIGHT, "G5: %s cannot see %s", f->name,
				ft->name);
	gap = sk_fig_gap(g, id, t);
	if (gap > w->range)
		return sk_error(g, SKIRMISH_E_OUT_OF_RANGE,
				"A5: %s is %.3f\" away; a %s reaches %.0f\"", ft->name,
				sk_to_inches(gap), skirmish_missile_weapon_name(f->missile_weapon),
				sk_to_inches(w->range));

	rc = sk_roll(g, g->die_sides, id, SKIRMISH_ROLL_SHOOT, 0, 0, &die[0]);
	if (rc < 0)
		return rc;
	rc = sk_roll(g, g->die_sides, t, SKIRMISH_ROLL_SAVE, 1, 0, &die[1]);
	if (rc < 0)
		return rc;
	score[0] = die[0] + w->mod;
	if (w->mod)
		sk_add_modifier(g, id, 0, w->mod, SKIRMISH_MOD_WEAPON, "A5");
	score[1] = die[1];
	if (ft->flags & FIG_SHIELD) {
		sk_add_modifier(g, t, 1, 1, SKIRMISH_MOD_SHIELD, "A5");
		score[1]++;
	}
	if (ft->flags & FIG_ARMOUR) {
		sk_add_modifier(g, t, 1, 1, SKIRMISH_MOD_ARMOUR, "A5");
		score[1]++;
	}
	if (sk_obstacle_for_shot(g, id, t) >= 0) {
		/* A5, G14: an obstacle the shooter lines is not in the way */
		sk_add_modifier(g, t, 1, 1, SKIRMISH_MOD_OBSTACLE, "A5");
		score[1]++;
	}
	r = sk_cur(g);
	r->score[0] = score[0];
	r->score[1] = score[1];
	r->distance = sk_to_inches(gap);
	sk_fig_mut(g, id)->flags |= FIG_SHOT;
	if (score[0] >= 2 * score[1]) {
		r->outcome = SKIRMISH_OUTCOME_KILL;
		sk_fx_kill(g, t, SKIRMISH_EFFECT_KILLED, "A5");
	} else if (score[0] > score[1]) {
		/* A6, A25: until the end of its owner's next turn */
		r->outcome = SKIRMISH_OUTCOME_SUPPRESSED;
		sk_fig_mut(g, t)->flags |= FIG_SUPPRESSED;
		sk_add_effect(g, SKIRMISH_EFFECT_SUPPRESSED, t, "A6");
	} else {
		r->outcome = SKIRMISH_OUTCOME_MISS;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* melee (A7, A9, A17-A21, A24, A26, A27)                               */
/* ------------------------------------------------------------------ */

/* A7, A26: the modifiers of protagonist a against o (pair m; uphill: a
 * stands higher than o); returns their sum. */
static int
melee_mods(skirmish_game *g, int a, int o, int side, int comrades, int m, int uphill,
	   int obstacle)
{
	const struct sk_fig *fa = &g->figs[a], *fo = &g->figs[o];
	const struct sk_melee *mm = &g->melees[m];
	int sum = 0;

#define MOD(cond, v, src, rule)                                         \
	do {                                                            \
		if (cond) {                                             \
			sk_add_modifier(g, a, side, (v), (src), (rule)); \
			sum += (v);                                     \
		}                                                       \
	} while (0)
	MOD(fa->flags & FIG_SHIELD, 1, SKIRMISH_MOD_SHIELD, "A7");
	MOD(fa->flags & FIG_ARMOUR, 1, SKIRMISH_MOD_ARMOUR, "A7");
	MOD(uphill, 1, SKIRMISH_MOD_UPHILL, "A17");
	/* A18, A26, G13: the one that did not move into contact across it */
	MOD(mm->initiator != a && obstacle >= 0, 1,
	    SKIRMISH_MOD_DEFENDING_OBSTACLE, "A26");
	/* A19, A26: the first Melee phase these two fight each other in */
	MOD(mm->rounds == 0 && weapon_length[fa->melee_weapon] > weapon_length[fo->melee_weapon],
	    1, SKIRMISH_MOD_LONGER_WEAPON, "A19");
	/* A20, A26: it moved into contact with this opponent this turn */
	MOD(mm->initiator == a && mm->fought, 1, SKIRMISH_MOD_MOVED_INTO_CONTACT, "A20");
	MOD(comrades > 0, comrades, SKIRMISH_MOD_COMRADE, "A26");
#undef MOD
	return sum;
}

#define FILE_MAX 32

/*
 * A30: the way the loser is pushed: straight away from the side of its
 * base that the winner touches, square to that side, whatever the line
 * between the centres. The sides the winner touches are those whose
 * segment comes as near the winner's base as the bases' gap, with the
 * margin of base contact (G3; across an obstacle, G13, the gap is the
 * obstacle's); of those, the side with the longer contact: the longer
 * stretch of the side that the winner's base lies across (its shadow on
 * the side). Ties go to the side that faces the winner's centre more,
 * then to the front, left, back, right in that order. (ux, uy): the way,
 * MIL long. Returns the side (0..3: front, left, back, right).
 */
static int
push_direction(const skirmish_game *g, int loser, int winner, int32_t *ux, int32_t *uy)
{
	const struct sk_fig *f = &g->figs[loser], *w = &g->figs[winner];
	sk_pt rl[4], rw[4];
	int64_t gap, sides[4];
	int best;
	int32_t bl[4], bw[4];

	best = -1;
	if (sk_fig_square_box(f, bl) && sk_fig_square_box(w, bw))
		best = sk_push_side_square(bl, bw, f->facing, centre(f), centre(w), SK_CONTACT_MILS);
	if (best < 0) {
		/* the corners only where the boxes do not answer */
		sk_fig_rect(f, rl);
		sk_fig_rect(w, rw);
		gap = sk_quad_side_gaps(rl, rw, sides);
		best = sk_push_side(rl, rw, f->facing, centre(f), centre(w), sides, gap,
				    SK_CONTACT_MILS);
	}
	sk_quarter_way(f->facing + 90 * best + 180, ux, uy);
	return best;
}

/* A30: how far (mils) base o reaches across into the band base r sweeps
 * along (dx, dy, MIL long): the overlap of their shadows across the way.
 * At a facing that is no multiple of 90 degrees, bases placed flush, side
 * by side, overlap the band by a rounding of a thousandth or two: those
 * only slide along its edge. */
static int64_t
across_overlap(const sk_pt r[4], const sk_pt o[4], int64_t dx, int64_t dy)
{
	int64_t rmin = INT64_MAX, rmax = INT64_MIN, omin = INT64_MAX, omax = INT64_MIN, p;
	int i;

	for (i = 0; i < 4; i++) {
		p = -dy * r[i].x + dx * r[i].y;
		rmin = p < rmin ? p : rmin;
		rmax = p > rmax ? p : rmax;
		p = -dy * o[i].x + dx * o[i].y;
		omin = p < omin ? p : omin;
		omax = p > omax ? p : omax;
	}
	return ((rmax < omax ? rmax : omax) - (rmin > omin ? rmin : omin)) / MIL;
}

/*
 * A9, A21, A27, A30: the file behind figure id pushed along (dx, dy): the
 * friends whose bases reach into the band its base sweeps 0.5" that way
 * (touching, or within 0.5" behind; a base that only touches the band's
 * edge slides along it and is not behind), then the friends behind each
 * of those, and so on. file[0] is id; up[k], the figure of the file
 * whose rear file[k] was found behind (up[0] = -1). Returns how many
 * friends follow id (at most max - 1).
 */
static int
file_behind(const skirmish_game *g, int id, int64_t dx, int64_t dy, int *file, int *up,
	    int max, const int *near, int nnear)
{
	int n = 1, q, i, k, nn, ids[SK_NEAR_MAX];
	const int *at;
	int player = g->figs[id].player;

	file[0] = id;
	up[0] = -1;
	for (q = 0; q < n && n < max; q++) {
		const struct sk_fig *f = &g->figs[file[q]];
		sk_pt from = centre(f), rear, r0[4], o[4], v;
		int swept = 0; /* r0 and v are taken for the first friend */

		if (q == 0) {
			at = near;
			nn = nnear;
		} else {
			at = ids;
			nn = sk_near_fig(g, file[q], REAR_ZONE, ids);
		}
		SK_NEAR_EACH(g, nn, at, k, i) {
			if (n == max)
				break;
			if (!sk_fig_alive(g, i) || g->figs[i].player != player || among(file, n, i))
				continue;
			if (!swept) {
				rear = along(from, dx, dy, REAR_ZONE);
				sk_fig_rect_at(f, from, r0);
				v.x = rear.x - from.x;
				v.y = rear.y - from.y;
				swept = 1;
			}
			sk_fig_rect(&g->figs[i], o);
			if (sk_swept_overlap(r0, 4, v, o, 4) && across_overlap(r0, o, dx, dy) > SLIDE) {
				up[n] = q;
				file[n++] = i;
			}
		}
	}
	return n - 1;
}

/* A27, A31: may every base of movers[0..n) move by v, the others of them
 * out of each other's way (they move together)? When not, why says what
 * stops the first that cannot (may be NULL). */
static int
file_clear(const skirmish_game *g, const int *movers, int n, sk_pt v, struct stop *why)
{
	int k;

	for (k = 0; k < n; k++) {
		const struct sk_fig *f = &g->figs[movers[k]];
		sk_pt a = centre(f), b;

		b.x = a.x + v.x;
		b.y = a.y + v.y;
		if (!sweep_clear_but(g, movers[k], a, b, movers, n, 1, why))
			return 0;
	}
	return 1;
}

/* The last effect added (or the scratch one, out of memory). */
static skirmish_effect *
last_effect(skirmish_game *g)
{
	struct sk_buf *b = &g->res[g->cur].effects;

	return g->oom || b->n == 0 ? &g->scratch_effect : (skirmish_effect *)b->p + b->n - 1;
}

/*
 * A9, A21, A27, A30-A32: the loser goes straight away from the side of
 * its base the winner touches (A30) by the difference in inches, less 1"
 * for each friend of the file behind it; with a file it does not turn,
 * and the file gives ground with it, by the same distance in the same
 * direction, each keeping its facing, but for a friend of the file in
 * base contact with an enemy, which holds, and those behind it (A32):
 * they stand, and stop the others as a base would. Whatever would be in
 * the way of any that move (a base, impassable terrain, an obstacle,
 * A31, the table edge) stops all of them, as near as possible. The
 * effects say the distance moved, and what stopped it short (W1).
 *
 * One answer of the index serves the push (near, *nnear: the loser's
 * neighbours, for its new contacts after it too): the box from where the
 * loser stands to where the full distance would take it, grown by its
 * w + d and the larger of the rear zone and the engage margin. It holds
 * every base the file's first rank (file_behind), the sweep (sweep_prepare)
 * and the loser's new contacts (enemies do not move in a push; the loser
 * ends between the two points) ask the index for; they filter exactly.
 */
static void
push_back(skirmish_game *g, int loser, int winner, int diff, int *near, int *nnear)
{
	const struct sk_fig *f = &g->figs[loser];
	sk_pt from = centre(f), to, v, full, wanted;
	int32_t ux, uy;
	int64_t dx, dy, want, lo, hi;
	int file[FILE_MAX], up[FILE_MAX], held[FILE_MAX], movers[FILE_MAX];
	int friends, nmove = 0, k, facing, side;
	skirmish_effect *e;
	struct sweep sw;
	struct stop why;

	side = push_direction(g, loser, winner, &ux, &uy);
	dx = ux;
	dy = uy;
	/* the full distance's point; along() is a function of its arguments,
	 * so each point below is taken once */
	full = along(from, dx, dy, (int64_t)diff * MIL);
	{
		int32_t grow = f->w + f->d, margin = sk_engage_margin(g, loser);

		if (margin < REAR_ZONE)
			margin = REAR_ZONE;
		*nnear = sk_near(g, (from.x < full.x ? from.x : full.x) - grow,
				 (from.y < full.y ? from.y : full.y) - grow,
				 (from.x > full.x ? from.x : full.x) + grow,
				 (from.y > full.y ? from.y : full.y) + grow, margin, near);
	}
	/* A27: only as much of the file as can matter (each takes 1") */
	friends = file_behind(g, loser, dx, dy, file, up,
			      diff + 1 < FILE_MAX ? diff + 1 : FILE_MAX, near, *nnear);
	/* A32: a friend in its own melee holds, and so do those behind it */
	for (k = 0; k <= friends; k++) {
		held[k] = k > 0 && (held[up[k]] || in_melee(g, file[k]));
		if (!held[k])
			movers[nmove++] = file[k];
	}
	want = (int64_t)diff * MIL - (int64_t)friends * SHOCK_ABSORBER;
	if (want < 0)
		want = 0;
	wanted = want == (int64_t)diff * MIL ? full : along(from, dx, dy, want);
	lo = 0;
	hi = want;
	if (nmove == 1 && want > 0) {
		/* the loser alone: the sweeps of one base along one line */
		/* the axis of the side the winner touches first: the loser goes
		 * straight away from it (always_apart's edge (k + 3) & 3 of
		 * sk_rect's corners runs along side k: front, left, back, right) */
		sweep_prepare(&sw, g, loser, from, wanted, -1, near, *nnear, (side + 3) & 3);
		if (sw.clear)
			lo = want;
		while (lo < hi) {
			int64_t mid = (lo + hi + 1) / 2;
			if (sweep_test(&sw, along(from, dx, dy, mid)))
				lo = mid;
			else
				hi = mid - 1;
		}
	} else {
		while (lo < hi) {
			int64_t mid = (lo + hi + 1) / 2;
			to = along(from, dx, dy, mid);
			v.x = to.x - from.x;
			v.y = to.y - from.y;
			if (file_clear(g, movers, nmove, v, NULL))
				lo = mid;
			else
				hi = mid - 1;
		}
	}
	/* W1: what stops it short, found a thousandth of an inch further on */
	why.kind = 0;
	why.what = -1;
	for (k = 1; lo + k <= want && !why.kind; k++) {
		to = along(from, dx, dy, lo + k);
		v.x = to.x - from.x;
		v.y = to.y - from.y;
		file_clear(g, movers, nmove, v, &why);
	}
	if (why.kind == SKIRMISH_STOP_BASE && among(file, friends + 1, why.what))
		why.kind = SKIRMISH_STOP_HOLDS;
	to = lo == want ? wanted : along(from, dx, dy, lo);
	v.x = to.x - from.x;
	v.y = to.y - from.y;
	facing = friends ? f->facing : f->facing + 180;
	sk_fx_move(g, loser, to, facing, SKIRMISH_EFFECT_PUSHED_BACK, friends ? "A27" : "A9");
	last_effect(g)->value = (int)lo;
	if (why.kind) {
		sk_pt end = wanted;

		e = sk_add_effect(g, SKIRMISH_EFFECT_PUSH_STOPPED, loser,
				  why.kind == SKIRMISH_STOP_OBSTACLE ? "A31" :
				  why.kind == SKIRMISH_STOP_HOLDS ? "A32" : "A21");
		e->value = why.kind;
		e->other = why.what;
		e->x0 = sk_to_inches(end.x);
		e->y0 = sk_to_inches(end.y);
	}
	for (k = 1; k < nmove; k++) {
		const struct sk_fig *b = &g->figs[movers[k]];
		sk_pt c;

		c.x = b->x + v.x;
		c.y = b->y + v.y;
		sk_fx_move(g, movers[k], c, b->facing, SKIRMISH_EFFECT_PUSHED_BACK, "A27");
		e = last_effect(g);
		e->value = (int)lo;
		e->other = loser;
	}
}

#define SIDE_MAX 16

/*
 * A26: who is in contact with whom when a fight begins is read from the
 * pairs, with no contact test and no query of the index. At an action's
 * start every two enemies in contact are a live pair, and every live pair
 * touches (A22): engage makes the pair of every contact a move, a turn
 * or a push makes, settle ends every pair whose contact is over, the
 * loader demands both of a saved game and the referee checks both after
 * every action (invariant.c: check_melees, check_bases).
 */

/* id into ids[0..*n) in id order, keeping the max smallest; *n counts all */
static void
add_in_order(int *ids, int *n, int max, int id)
{
	int k = *n < max ? *n : max;

	(*n)++;
	if (k == max) {
		if (max == 0 || ids[max - 1] < id)
			return;
		k--;
	}
	while (k > 0 && ids[k - 1] > id) {
		ids[k] = ids[k - 1];
		k--;
	}
	ids[k] = id;
}

/* A26: the enemies fig touches that have not fought this phase, from its
 * pairs: how many (the first max, in id order, in out; the pair of the
 * first in *pair) */
static int
fresh_partners(const skirmish_game *g, int fig, int *out, int max, int *pair)
{
	int i, n = 0;

	*pair = -1;
	for (i = 0; i < g->nmelees; i++) {
		const struct sk_melee *m = &g->melees[i];
		int o;

		if (!m->live || (m->a != fig && m->b != fig))
			continue;
		o = m->a == fig ? m->b : m->a;
		if (g->figs[o].flags & FIG_FOUGHT)
			continue;
		if (n == 0 || o < out[0])
			*pair = i;
		add_in_order(out, &n, max, o);
	}
	return n;
}

/* A26: the sides of protagonists a and b, from the pairs: side[0], a's
 * friends that touch b, side[1], b's friends that touch a, that have not
 * fought this phase, each in id order; nc, how many (the first SIDE_MAX
 * in side). */
static void
fight_sides(const skirmish_game *g, int a, int b, int side[2][SIDE_MAX], int nc[2])
{
	int i, pa = g->figs[a].player, pb = g->figs[b].player;

	nc[0] = nc[1] = 0;
	for (i = 0; i < g->nmelees; i++) {
		const struct sk_melee *m = &g->melees[i];
		int o, s;

		if (!m->live)
			continue;
		if (m->a == b || m->b == b) {
			o = m->a == b ? m->b : m->a;
			s = 0;
		} else if (m->a == a || m->b == a) {
			o = m->a == a ? m->b : m->a;
			s = 1;
		} else {
			continue;
		}
		if (o == a || o == b || (g->figs[o].flags & FIG_FOUGHT) ||
		    g->figs[o].player != (s ? pb : pa))
			continue;
		add_in_order(side[s], &nc[s], SIDE_MAX, o);
	}
}

/* A24, A26: one fight of the Melee phase: the active player's figure id
 * (the attacker) against an enemy it touches (the defender: target, or the
 * one it touches that has not fought), each with its comrades. */
static int
sampson_fight(skirmish_game *g, int id, int target)
{
	const struct sk_fig *f = &g->figs[id];
	int p[2], side[2][SIDE_MAX], nc[2], die[2], score[2], rc, s, k, m = -1, loser, winner;
	int pushed = -1, cand[3], pnear[SK_NEAR_MAX], npnear = -1;
	int32_t height[2];
	int want[2], obstacle[2];
	skirmish_result *r;
	struct touch_memo memo;

	memo_start(&memo);

	rc = need_phase(g, SKIRMISH_PHASE_MELEE, "fighting");
	if (rc < 0)
		return rc;
	if (f->flags & FIG_FOUGHT)
		return sk_error(g, SKIRMISH_E_CANNOT_ACT,
				"A26: %s has already fought in this Melee phase (a figure fights "
				"once a phase, as protagonist or comrade)", f->name);
	if (target < 0) {
		int n = fresh_partners(g, id, cand, 3, &m);

		if (n == 0 && f->melee >= 0)
			return sk_error(g, SKIRMISH_E_CANNOT_ACT,
					"A26: every enemy %s touches has already fought in this "
					"Melee phase", f->name);
		if (n == 0)
			return sk_error(g, SKIRMISH_E_NOT_IN_CONTACT,
					"A26: %s is in base contact with no enemy", f->name);
		if (n > 1)
			return sk_error(g, SKIRMISH_E_TARGET,
					"A26: %s touches %d enemies that have not fought (%s, %s%s); "
					"name the one it fights (skirmish_fight_against)",
					f->name, n, sk_fig_name(g, cand[0]), sk_fig_name(g, cand[1]),
					n > 2 ? ", ..." : "");
		target = cand[0];
	} else {
		if (!sk_is_enemy(g, id, target))
			return sk_error(g, SKIRMISH_E_TARGET, "A26: %s is not an enemy of %s in play",
					sk_fig_name(g, target), f->name);
		m = pair_of(g, id, target);
		if (m < 0)
			return sk_error(g, SKIRMISH_E_NOT_IN_CONTACT,
					"A26: %s is not in base contact with %s", f->name,
					sk_fig_name(g, target));
		if (g->figs[target].flags & FIG_FOUGHT)
			return sk_error(g, SKIRMISH_E_CANNOT_ACT,
					"A26: %s has already fought in this Melee phase",
					sk_fig_name(g, target));
	}
	p[0] = id;
	p[1] = target;
	fight_sides(g, id, target, side, nc);
	for (s = 0; s < 2; s++) {
		rc = sk_roll(g, g->die_sides, p[s], SKIRMISH_ROLL_MELEE, s, g->melees[m].rounds,
			     &die[s]);
		if (rc < 0)
			return rc;
	}
	/* A17: each protagonist's height, taken once for both sides; A18:
	 * the obstacle between them, for the one that did not move into
	 * contact across it (asked from each that did not) */
	want[0] = g->melees[m].initiator != p[0];
	want[1] = g->melees[m].initiator != p[1];
	sk_fight_terrain(g, centre(&g->figs[p[0]]), centre(&g->figs[p[1]]), height, want,
			 obstacle);
	for (s = 0; s < 2; s++)
		score[s] = die[s] + melee_mods(g, p[s], p[1 - s], s, nc[s], m,
					       height[s] > height[1 - s], obstacle[s]);
	/* A26: protagonists and comrades have fought for the phase */
	for (s = 0; s < 2; s++) {
		sk_fig_mut(g, p[s])->flags |= FIG_FOUGHT;
		for (k = 0; k < nc[s] && k < SIDE_MAX; k++) {
			skirmish_effect *e = sk_add_effect(g, SKIRMISH_EFFECT_ASSISTS, side[s][k], "A26");
			e->other = p[s];
			sk_fig_mut(g, side[s][k])->flags |= FIG_FOUGHT;
		}
	}
	r = sk_cur(g);
	r->figure = p[0];
	r->target = p[1];
	r->score[0] = score[0];
	r->score[1] = score[1];
	sk_melee_mut(g, m)->rounds++;
	if (score[0] == score[1]) {
		r->outcome = SKIRMISH_OUTCOME_STANDOFF;
		return 0;
	}
	winner = score[0] > score[1] ? 0 : 1;
	loser = 1 - winner;
	if (score[winner] >= 2 * score[loser]) {
		r->outcome = SKIRMISH_OUTCOME_KILL;
		sk_fx_kill(g, p[loser], SKIRMISH_EFFECT_KILLED, "A7");
	} else {
		r->outcome = SKIRMISH_OUTCOME_PUSHED_BACK;
		push_back(g, p[loser], p[winner], score[winner] - score[loser], pnear, &npnear);
		pushed = p[loser];
		memo_forget(&memo); /* the push moved bases */
	}
	settle(g, "A22", &memo);
	if (pushed >= 0) {
		/* A22: the pushed figure and its file may touch new enemies */
		size_t j;
		for (j = 0; j < g->res[g->cur].effects.n; j++) {
			const skirmish_effect *e = (const skirmish_effect *)g->res[g->cur].effects.p + j;
			if (e->kind == SKIRMISH_EFFECT_PUSHED_BACK) {
				rc = e->figure == pushed ?
					     engage_contacts_in(g, pushed, -1, pnear, npnear, &memo) :
					     engage_contacts_m(g, e->figure, -1, &memo);
				if (rc < 0)
					return rc;
			}
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* queries and sentences                                                */
/* ------------------------------------------------------------------ */

static int
sampson_can_act(const skirmish_game *g, int id)
{
	const struct sk_fig *f = &g->figs[id];

	switch (g->st.phase) {
	case SKIRMISH_PHASE_MOVE:
		return !(f->flags & (FIG_SUPPRESSED | FIG_ACTED)) && f->move_left > 0 &&
		       !in_melee_now(g, id);
	case SKIRMISH_PHASE_MISSILE:
		return missiles[f->missile_weapon].range && !(f->flags & FIG_SHOT) &&
		       !in_melee_now(g, id);
	case SKIRMISH_PHASE_MELEE:
		/* A26: it has not fought and touches an enemy that has not */
		return !(f->flags & FIG_FOUGHT) && fresh_enemies(g, id, NULL, 0) > 0;
	default:
		return 0;
	}
}

static int
sampson_allowance(const skirmish_game *g, int id)
{
	return allowance_of(&g->figs[id]);
}

/* A5: no shot is longer than the weapon's range */
static int32_t
sampson_shot_reach(const skirmish_game *g, int id)
{
	return missiles[g->figs[id].missile_weapon].range;
}

static int64_t
sampson_path_cost(const skirmish_game *g, int id, const sk_pt *path, int n)
{
	struct sk_path_info info;

	sk_path_info(g, id, path, n, &info);
	return info.length + terrain_loss(&g->figs[id], &info);
}

/* A5, G14: "in cover" for Sampson is the intervening obstacle. */
static int
sampson_in_cover(const skirmish_game *g, int a, int b)
{
	return sk_obstacle_for_shot(g, a, b) >= 0;
}

/* "Name (shield, armour) 4+2 = 6" for one side of a result. */
static void
describe_side(const skirmish_game *g, const skirmish_result *r, int side, int fig,
	      struct sk_str *s)
{
	int i, n = 0, sum = 0, die = 0;

	for (i = 0; i < r->ndice; i++)
		if (r->dice[i].side == side)
			die = r->dice[i].value;
	sk_str_cat(s, sk_fig_name(g, fig));
	for (i = 0; i < r->nmodifiers; i++) {
		const skirmish_modifier *m = &r->modifiers[i];
		if (m->side != side)
			continue;
		if (m->source == SKIRMISH_MOD_COMRADE) {
			/* A26: "comrades Cato and Gaius", from who assisted */
			int k, named = 0;
			sk_str_printf(s, "%s%s", n ? ", " : " (",
				      m->value == 1 ? "comrade" : "comrades");
			for (k = 0; k < r->neffects; k++) {
				const skirmish_effect *e = &r->effects[k];
				if (e->kind != SKIRMISH_EFFECT_ASSISTS || e->other != fig)
					continue;
				sk_str_printf(s, "%s%s", named == 0 ? " " :
					      named + 1 == m->value ? " and " : ", ",
					      sk_fig_name(g, e->figure));
				named++;
			}
			if (!named && m->value != 1)
				sk_str_printf(s, " %d", m->value);
		} else {
			if (n)
				SK_STR_LIT(s, ", ");
			else
				SK_STR_LIT(s, " (");
			sk_str_cat(s, mod_word(m->source));
		}
		n++;
		sum += m->value;
	}
	/* ") %d%+d = %d" or " %d", in pieces (sk_str_put: the sentence of
	 * every fight) */
	if (n) {
		SK_STR_LIT(s, ") ");
		sk_str_int(s, die, 0);
		sk_str_int(s, sum, 1);
		SK_STR_LIT(s, " = ");
		sk_str_int(s, die + sum, 0);
	} else {
		SK_STR_LIT(s, " ");
		sk_str_int(s, die, 0);
	}
}

static int
sampson_describe(const skirmish_game *g, const skirmish_result *r, struct sk_str *s)
{
	if (r->action == SKIRMISH_ACTION_SHOOT && r->ndice == 2) {
		const char *w = skirmish_missile_weapon_name(g->figs[r->figure].missile_weapon);
		sk_str_printf(s, "%s shoots %s at %s, %.1f\" away: ", sk_fig_name(g, r->figure),
			      w ? w : "?", sk_fig_name(g, r->target), r->distance);
		describe_side(g, r, 0, r->figure, s);
		sk_str_printf(s, " vs ");
		describe_side(g, r, 1, r->target, s);
		sk_str_printf(s, ": %s", r->outcome == SKIRMISH_OUTCOME_KILL ? "doubled" :
				 r->outcome == SKIRMISH_OUTCOME_SUPPRESSED ? "higher" :
				 "not higher, no effect");
	} else if (r->action == SKIRMISH_ACTION_MOVE && r->neffects > 0 &&
		   r->effects[0].kind == SKIRMISH_EFFECT_MOVED &&
		   r->effects[0].figure == r->figure) {
		/* A3: a move ends facing any way; say so when it turned */
		const skirmish_effect *e = &r->effects[0];
		sk_str_printf(s, "%s moves from (", sk_fig_name(g, r->figure));
		sk_describe_move_points(e, s);
		if (e->facing1 != e->facing0)
			sk_str_printf(s, " and turns to face %g", e->facing1);
	} else if (r->action == SKIRMISH_ACTION_FIGHT && r->ndice == 2) {
		describe_side(g, r, 0, r->figure, s);
		SK_STR_LIT(s, " vs ");
		describe_side(g, r, 1, r->target, s);
		SK_STR_LIT(s, ": ");
		sk_str_cat(s, r->outcome == SKIRMISH_OUTCOME_KILL ? "doubled" :
			      r->outcome == SKIRMISH_OUTCOME_PUSHED_BACK ? "higher" :
			      "equal, the melee goes on");
	} else {
		return 0;
	}
	sk_describe_effects(g, r, s);
	return 1;
}

const struct sk_ruleset sk_ruleset_sampson = {
	.id = SKIRMISH_RULESET_SAMPSON,
	.name = "sampson",
	.melee_pairs = 1,
	.after_legacy_load = sampson_after_legacy_load,
	.add_figure = sampson_add_figure,
	.first_phase = SKIRMISH_PHASE_MOVE,
	.shoot_phase = SKIRMISH_PHASE_MISSILE,
	.order_rule = "A2",
	.start_turn = sampson_start_turn,
	.end_phase = sampson_end_phase,
	.end_turn = sampson_end_turn,
	.move = sampson_move,
	.shoot = sampson_shoot,
	.fight = sampson_fight,
	.turn = sampson_turn,
	.can_act = sampson_can_act,
	.allowance = sampson_allowance,
	.shot_reach = sampson_shot_reach,
	.path_cost = sampson_path_cost,
	.plain_move = sampson_plain_move,
	.plain_turn = sampson_plain_turn,
	.in_cover = sampson_in_cover,
	.describe = sampson_describe,
};

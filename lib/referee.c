/* SPDX-License-Identifier: MIT */
/*
 * The referee: what must hold after every action, checked by reading the
 * game (doc/TESTING.md). No two bases overlap (G3); no base stands off the
 * table (G10), on impassable ground (G4) or, in Senso, over an obstacle
 * (S16); every contact list is what the bases' geometry says, and the
 * spatial index is what a scan says; a Sampson melee holds exactly the
 * enemies in contact (A15, A22) and is fought once a Melee phase (A7);
 * a push goes square to the loser's side, its file with it, never over
 * an obstacle nor moving a friend that touched an enemy (A27, A30-A32);
 * rings (S3, S5), suppression (A6) and phases (S2, A2) are within their
 * rules; a removed figure touches nothing; the umpire never wins (G16).
 *
 * While a game's referee is on (skirmish_game_set_referee), act.c runs the
 * local check before each action is committed, and rolls back an action
 * that broke a rule; a build with -Dreferee=disabled compiles none of this.
 */
#include "referee.h"
#include "invariant.h"

#if SK_REFEREE

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* What the last action did to a figure's base (check_figure's placed). */
enum { PLACED_STILL, PLACED_CHANGED, PLACED_MOVED };

/* One check: the game, and what is known of the last action. */
struct ref {
	const skirmish_game *g;
	int full;
	char *msg;
	size_t size;
	const struct sk_journal_entry *ent; /* the last action's journal */
	int nent;
	int nfigs_before;             /* ids from here are new figures */
	const struct sk_state *before; /* the scalar state before it, or NULL */
	const struct sk_act_rec *act; /* it, or NULL */
	const skirmish_result *res;   /* its result, or NULL */
};

static int SK_PRINTF(2, 3)
fail(struct ref *r, const char *fmt, ...)
{
	va_list ap;

	if (r->msg && r->size > 0) {
		va_start(ap, fmt);
		vsnprintf(r->msg, r->size, fmt, ap);
		va_end(ap);
	}
	return SKIRMISH_E_STATE;
}

static const char *
nm(const struct ref *r, int id)
{
	return sk_fig_name(r->g, id);
}

static int
in_play(const skirmish_game *g, int id)
{
	return !(g->figs[id].flags & FIG_REMOVED);
}

/* The figures near figure id (or near its old base o) within margin, into
 * ids: their number, or -1 for "look at every figure". A full check looks
 * at every figure. */
static int
near(const struct ref *r, int id, const struct sk_fig *o, int32_t margin, int *ids)
{
	int32_t reach;

	if (r->full)
		return -1;
	if (!o)
		return sk_near_fig(r->g, id, margin, ids);
	reach = o->w + o->d;
	return sk_near(r->g, o->x - reach, o->y - reach, o->x + reach, o->y + reach, margin,
		       ids);
}

/* The figure as it was before the last action (NULL: as it is now). */
static const struct sk_fig *
old_of(const struct ref *r, int id)
{
	int i;

	for (i = 0; i < r->nent; i++)
		if (r->ent[i].kind == SK_ENTRY_FIG && r->ent[i].id == id)
			return &r->ent[i].old.fig;
	return NULL;
}

static const struct sk_fig *
old_or_now(const struct ref *r, int id)
{
	const struct sk_fig *o = old_of(r, id);

	return o ? o : &r->g->figs[id];
}

/* ------------------------------------------------------------------ */
/* one figure                                                           */
/* ------------------------------------------------------------------ */

/* What a figure's own fields must say (invariant.c). */
static int
check_fields(struct ref *r, int id, const struct sk_fig *f)
{
	return sk_inv_figure(r->g, id, f, r->msg, r->size);
}

/* Where a base stands: on the table (G10), on no impassable ground (G4),
 * over no obstacle (Senso S16; horse markers too, S28), over no other
 * base (G3). o: the base before the last action, or NULL. What o already
 * broke (a game loaded from bad data) is not the action's doing. */
static int
check_place(struct ref *r, int id, int placed, const struct sk_fig *o)
{
	const skirmish_game *g = r->g;
	const struct sk_fig *f = &g->figs[id];
	int ids[SK_NEAR_MAX], n, k, j, t, t0, broken;

	if (o && (o->flags & FIG_REMOVED))
		o = NULL;
	broken = sk_inv_place(g, f, &t);
	if (broken && !(o && sk_inv_place(g, o, &t0) == broken))
		return sk_inv_place_why(g, id, f, broken, t, r->msg, r->size);
	n = near(r, id, NULL, 0, ids);
	SK_NEAR_EACH(g, n, ids, k, j) {
		if (j == id || !in_play(g, j) || (r->full && j < id))
			continue;
		if (sk_inv_overlap(f, &g->figs[j]) && !(o && sk_inv_overlap(o, old_or_now(r, j))))
			return fail(r, "G3: %s's base (figure %d) overlaps %s's (figure %d)",
				    nm(r, id), id, nm(r, j), j);
	}
	return 0;
}

/* A piece's narrowest width: over its sides, the least of the greatest
 * distance of a corner from the side's line (a wall's thickness). */
static double
narrowest(const struct sk_terrain *t)
{
	double best = -1.0;
	int i, k;

	for (i = 0; i < t->npts; i++) {
		sk_pt p = t->p[i], q = t->p[(i + 1) % t->npts];
		double dx = (double)q.x - p.x, dy = (double)q.y - p.y, l = sqrt(dx * dx + dy * dy);
		double far = 0.0;

		if (l <= 0.0)
			continue;
		for (k = 0; k < t->npts; k++) {
			double d = fabs((t->p[k].x - (double)p.x) * dy - (t->p[k].y - (double)p.y) * dx) / l;
			if (d > far)
				far = d;
		}
		if (best < 0.0 || far < best)
			best = far;
	}
	return best < 0.0 ? 0.0 : best;
}

/*
 * G15, read on its own: two bases that touch across an obstacle face each
 * other across it, so the gap between them is no more than 0.2" and, for
 * each obstacle piece on the line between their centres, the longer of
 * what the line runs inside it and the piece's narrowest width (the
 * thickness the rules measure, where the line cuts only a wall's end).
 * Along a wall, or diagonally across it, the gap is far longer.
 */
static int
faces_across(const skirmish_game *g, const struct sk_fig *a, const struct sk_fig *b)
{
	sk_pt pa, pb;
	double inside = 0.0, t0, t1, len;
	int i;

	pa.x = a->x;
	pa.y = a->y;
	pb.x = b->x;
	pb.y = b->y;
	len = (double)sk_seg_len(pa, pb);
	for (i = 0; i < g->nterr; i++)
		if ((g->terr[i].flags & SKIRMISH_TERRAIN_OBSTACLE) &&
		    sk_seg_poly_clip(pa, pb, g->terr[i].p, g->terr[i].npts, &t0, &t1)) {
			double along = (t1 - t0) * len, width = narrowest(&g->terr[i]);
			inside += along > width ? along : width;
		}
	return (double)sk_inv_gap(a, b) <= inside + 2.0 * SK_CONTACT_MILS + 1.0;
}

/* G15: a contact or a pair of id and j that is not G3's is face to face */
static int
check_face_to_face(struct ref *r, int id, int j, const char *what)
{
	const struct sk_fig *a = &r->g->figs[id], *b = &r->g->figs[j];

	if (sk_inv_gap(a, b) <= SK_CONTACT_MILS || faces_across(r->g, a, b))
		return 0;
	return fail(r, "G15: %s (figure %d) and %s (figure %d) are %s across an obstacle "
		    "%.3f\" apart, not face to face", nm(r, id), id, nm(r, j), j, what,
		    sk_to_inches(sk_inv_gap(a, b)));
}

/* The figure's contact list (sk_fig_enemy_contacts, which the API and the
 * rules read) is exactly the enemies whose bases are within 0.1" (G3; or
 * across an obstacle, G13); in Sampson Ships each of them is in its melee
 * (A15) and on the other side (A26). */
static int
check_contacts(struct ref *r, int id)
{
	const skirmish_game *g = r->g;
	int got[SK_NEAR_MAX], ids[SK_NEAR_MAX], n, k, j, have, seen = 0;

	if (!sk_fig_alive(g, id))
		return 0;
	have = sk_fig_enemy_contacts(g, id, got, SK_NEAR_MAX);
	n = near(r, id, NULL, SK_CONTACT_MILS + SK_G13_THICK + SK_G13_REACH,
		 ids);
	SK_NEAR_EACH(g, n, ids, k, j) {
		if (j == id || !sk_inv_contact(g, id, j))
			continue;
		if (seen >= have || (seen < SK_NEAR_MAX && got[seen] != j))
			return fail(r, "G3: %s (figure %d) touches the enemy %s (figure %d), "
				    "which its contact list does not name",
				    nm(r, id), id, nm(r, j), j);
		seen++;
		if (check_face_to_face(r, id, j, "in contact") < 0)
			return SKIRMISH_E_STATE;
		if (!sk_inv_sampson(g) || g->st.state == SKIRMISH_STATE_SETUP)
			continue;
		/* A26: every two enemies in contact are a pair */
		if (sk_inv_pair_of(g, id, j) < 0)
			return fail(r, "A26: %s (figure %d) touches the enemy %s (figure %d) "
				    "but the two are not a melee pair", nm(r, id), id,
				    nm(r, j), j);
	}
	if (seen != have)
		return fail(r, "G3: the contact list of %s (figure %d) names %d enemies; "
			    "%d touch it", nm(r, id), id, have, seen);
	return 0;
}

/* Sampson: a figure's melee names one of its live pairs, or -1 when it
 * has none; each of its pairs is with an enemy it touches (A22, A26). */
static int
check_member(struct ref *r, int id)
{
	return sk_inv_member(r->g, id, -1, r->msg, r->size);
}

/* Checks figure id; o is what it was before the last action (NULL: new,
 * or unknown). The local check blames the action only for what it broke:
 * fields already impossible before it (a game loaded from bad data) are
 * the loader's to refuse, or the full check's. */
static int
check_figure(struct ref *r, int id, int placed, const struct sk_fig *o)
{
	int rc = 0;

	if (!o || check_fields(r, id, o) == 0)
		rc = check_fields(r, id, &r->g->figs[id]);
	else if (r->msg && r->size)
		r->msg[0] = '\0';

	/* where a base may stand is each ruleset's to enforce; the engine's
	 * test ruleset (tests/test-stub.h) leaves a horse on its rider */
	if (rc == 0 && placed != PLACED_STILL && in_play(r->g, id) &&
	    (sk_inv_senso(r->g) || sk_inv_sampson(r->g)))
		rc = check_place(r, id, placed, r->full ? NULL : o);
	if (rc == 0)
		rc = check_contacts(r, id);
	if (rc == 0)
		rc = check_member(r, id);
	return rc;
}

/* What the last action changed of figure f's base (o before it): nothing,
 * its shape, facing or whether it is in play, or where it stands. */
static int
replaced(const struct sk_fig *o, const struct sk_fig *f)
{
	const uint32_t k = FIG_REMOVED | FIG_HORSE | FIG_MOUNTED;

	if (o->x != f->x || o->y != f->y || ((o->flags ^ f->flags) & FIG_REMOVED))
		return PLACED_MOVED;
	return o->w != f->w || o->d != f->d || o->facing != f->facing ||
	       (o->flags & k) != (f->flags & k) ? PLACED_CHANGED : PLACED_STILL;
}

/* Sampson: the figures that stood near figure id's old base may have lost
 * the opponent they touched (A22). */
static int
check_left_behind(struct ref *r, int id, const struct sk_fig *o)
{
	int ids[SK_NEAR_MAX], n, k, j, rc;

	if (!sk_inv_sampson(r->g))
		return 0;
	n = near(r, id, o, SK_CONTACT_MILS, ids);
	SK_NEAR_EACH(r->g, n, ids, k, j) {
		rc = check_member(r, j);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* the game                                                             */
/* ------------------------------------------------------------------ */

/* O2, O3 (invariant.c); G16, read on its own: the umpire has no exit
 * edge, none of its figures carries an objective or took one, and it is
 * never the winner. */
static int
check_objectives(struct ref *r)
{
	const skirmish_game *g = r->g;
	int u = g->st.umpire, i;

	if (sk_inv_objectives(g, r->msg, r->size) < 0)
		return SKIRMISH_E_STATE;
	if (u < 0 || u > SKIRMISH_MAX_PLAYERS)
		return 0;
	if (g->st.exit_edge[u] != SKIRMISH_EDGE_NONE)
		return fail(r, "G16: the umpire (player %d) has exit edge %d", u,
			    g->st.exit_edge[u]);
	if (g->st.winner == u)
		return fail(r, "G16: the umpire (player %d) is the winner", u);
	for (i = 0; i < g->st.nobj && i < SKIRMISH_MAX_OBJECTIVES; i++) {
		const struct sk_objective *o = &g->st.obj[i];
		if ((o->state == SKIRMISH_OBJECTIVE_CARRIED && o->carrier >= 0 &&
		     o->carrier < g->nfigs && g->figs[o->carrier].player == u) ||
		    (o->state == SKIRMISH_OBJECTIVE_OFF_TABLE && o->player == u))
			return fail(r, "G16: the umpire's figures hold the objective %s",
				    o->name);
	}
	for (i = 0; r->res && i < r->res->neffects; i++) {
		const skirmish_effect *e = &r->res->effects[i];
		if (e->kind == SKIRMISH_EFFECT_OBJECTIVE_TAKEN && e->figure >= 0 &&
		    e->figure < g->nfigs && g->figs[e->figure].player == u)
			return fail(r, "G16: the umpire's %s (figure %d) took an objective",
				    nm(r, e->figure), e->figure);
	}
	return 0;
}

static int
check_scalars(struct ref *r, const struct sk_state *st)
{
	return sk_inv_state(r->g, st, r->msg, r->size);
}

/* Sampson: a live pair is of two enemies in play that touch, made by one
 * of them or by nobody, and made this turn only by a figure of the player
 * whose turn it is; no two records are the same pair (A26, H9). */
static int
check_melee(struct ref *r, int m)
{
	const skirmish_game *g = r->g;
	const struct sk_melee *p = &g->melees[m];
	int i;

	if (sk_inv_melee(g, m, r->msg, r->size) < 0)
		return SKIRMISH_E_STATE;
	if (!sk_inv_sampson(g) || !p->live)
		return 0;
	if (p->a >= 0 && p->b >= 0 && p->a < g->nfigs && p->b < g->nfigs &&
	    check_face_to_face(r, p->a, p->b, "a melee pair") < 0)
		return SKIRMISH_E_STATE;
	if (r->full)
		for (i = m + 1; i < g->nmelees; i++)
			if (g->melees[i].live &&
			    ((g->melees[i].a == p->a && g->melees[i].b == p->b) ||
			     (g->melees[i].a == p->b && g->melees[i].b == p->a)))
				return fail(r, "A26: melee pairs %d and %d are the same two figures",
					    m, i);
	return 0;
}

/* What a scan says of every figure, melee and the spatial index. */
static int
check_all(struct ref *r)
{
	const skirmish_game *g = r->g;
	int i, j, rc;
	int played = g->st.state != SKIRMISH_STATE_SETUP;

	for (i = 0; i < g->nfigs; i++) {
		rc = check_figure(r, i, PLACED_CHANGED, NULL);
		if (rc < 0)
			return rc;
	}
	for (i = 0; i < g->nmelees; i++) {
		rc = check_melee(r, i);
		if (rc < 0)
			return rc;
	}
	if (!played || !g->grid_ok)
		return 0;
	/* the spatial index (geometry.c): every figure filed once, in the cell
	 * of its centre, and every base near another found near it */
	if (g->capgrid_figs < g->nfigs)
		return fail(r, "index: room for %d figures, the game has %d", g->capgrid_figs,
			    g->nfigs);
	for (i = 0; i < g->grid_buckets; i++) {
		int steps = 0;
		for (j = g->grid_head[i]; j >= 0; j = g->grid_next[j]) {
			if (j >= g->capgrid_figs || g->grid_at[j] != i || ++steps > g->nfigs)
				return fail(r, "index: cell %d lists figure %d wrongly", i, j);
		}
	}
	for (i = 0; i < g->nfigs; i++) {
		const struct sk_fig *f = &g->figs[i];
		int at = sk_grid_bucket_of(g, f->x, f->y);
		int ids[SK_NEAR_MAX], n, k;

		if (g->grid_at[i] != at || f->w + f->d > g->grid_reach)
			return fail(r, "index: %s (figure %d) is filed in bucket %d, not %d",
				    nm(r, i), i, g->grid_at[i], at);
		n = sk_near_fig(g, i, SK_CONTACT_MILS, ids);
		if (n < 0)
			continue;
		for (j = 0; j < g->nfigs; j++) {
			if (j == i || sk_inv_apart(f, &g->figs[j], SK_CONTACT_MILS) ||
			    sk_inv_gap(f, &g->figs[j]) > SK_CONTACT_MILS)
				continue;
			for (k = 0; k < n && ids[k] != j; k++)
				;
			if (k == n)
				return fail(r, "index: %s (figure %d) is within 0.1\" of %s "
					    "(figure %d), which a search near it misses",
					    nm(r, j), j, nm(r, i), i);
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* the last action                                                      */
/* ------------------------------------------------------------------ */

static int
is_figure_action(int kind)
{
	return kind == SKIRMISH_ACTION_MOVE || kind == SKIRMISH_ACTION_SHOOT ||
	       kind == SKIRMISH_ACTION_RELOAD || kind == SKIRMISH_ACTION_FIGHT ||
	       kind == SKIRMISH_ACTION_MOUNT || kind == SKIRMISH_ACTION_DISMOUNT ||
	       kind == SKIRMISH_ACTION_TURN;
}

/* A26: a fight's protagonists had not fought this Melee phase; every
 * figure it marks as having fought is a protagonist or a friend of one
 * that touched the other. */
static int
check_fight_once(struct ref *r)
{
	const skirmish_game *g = r->g;
	int p[2], s, i;

	if (!r->res || r->res->action != SKIRMISH_ACTION_FIGHT)
		return 0;
	p[0] = r->res->figure;
	p[1] = r->res->target;
	if (p[0] < 0 || p[1] < 0 || p[0] >= g->nfigs || p[1] >= g->nfigs)
		return 0;
	for (s = 0; s < 2; s++) {
		const struct sk_fig *o = old_of(r, p[s]);
		if (o && (o->flags & FIG_FOUGHT))
			return fail(r, "A26: %s (figure %d) fights a second time this Melee phase",
				    nm(r, p[s]), p[s]);
		if (!(g->figs[p[s]].flags & (FIG_FOUGHT | FIG_REMOVED)))
			return fail(r, "A26: %s (figure %d) has fought but is not marked so",
				    nm(r, p[s]), p[s]);
	}
	for (i = 0; i < r->nent; i++) {
		const struct sk_journal_entry *e = &r->ent[i];
		const struct sk_fig *o = &e->old.fig, *op;
		int other;
		if (e->kind != SK_ENTRY_FIG || e->id == p[0] || e->id == p[1] || e->id >= g->nfigs ||
		    (o->flags & FIG_FOUGHT) || !(g->figs[e->id].flags & FIG_FOUGHT))
			continue;
		if (o->player == g->figs[p[0]].player)
			other = p[1];
		else if (o->player == g->figs[p[1]].player)
			other = p[0];
		else
			return fail(r, "A26: %s (figure %d) of player %d is a comrade in a fight "
				    "of players %d and %d", nm(r, e->id), e->id, o->player,
				    g->figs[p[0]].player, g->figs[p[1]].player);
		op = old_of(r, other);
		if (!op)
			op = &g->figs[other];
		/* G3, or across an obstacle (G13), where they stood */
		if (sk_inv_gap(o, op) > SK_CONTACT_MILS && !sk_inv_across(g, o, op))
			return fail(r, "A26: %s (figure %d) fought as a comrade without touching "
				    "%s (figure %d)", nm(r, e->id), e->id, nm(r, other), other);
	}
	return 0;
}

/*
 * Sampson A27, A30-A32: what a push did, read from where the bases stood
 * before the fight and stand now. The protagonist that moved went square
 * to one of its sides (A30, to 2 mils across); every other base that
 * moved went the same way just as far (the file, A27) and touched no enemy
 * before (A32: such a friend holds); no moved centre went into an
 * obstacle it was not in, and no moved base came to stand over an
 * obstacle it did not stand over (A31: never carried over a wall).
 */
static int
check_push(struct ref *r)
{
	const skirmish_game *g = r->g;
	int i, j, k, t, lead = -1;
	int64_t ldx = 0, ldy = 0;

	if (!r->res || r->res->action != SKIRMISH_ACTION_FIGHT)
		return 0;
	for (i = 0; i < r->nent; i++) {
		const struct sk_journal_entry *e = &r->ent[i];
		const struct sk_fig *o = &e->old.fig, *f;
		int id = e->id, prot;
		int64_t dx, dy;
		sk_pt a, b, ro[4], rf[4];

		if (e->kind != SK_ENTRY_FIG || id >= g->nfigs || (g->figs[id].flags & FIG_REMOVED))
			continue;
		f = &g->figs[id];
		if (o->x == f->x && o->y == f->y)
			continue;
		prot = id == r->res->figure || id == r->res->target;
		dx = (int64_t)f->x - o->x;
		dy = (int64_t)f->y - o->y;
		if (prot) {
			int square = 0;
			for (k = 0; k < 4 && !square; k++) {
				int32_t ux, uy;
				int64_t cross;
				sk_dir(o->facing + 90 * k, MIL, &ux, &uy);
				cross = dx * uy - dy * ux;
				square = (cross < 0 ? -cross : cross) <= 2 * MIL &&
					 dx * ux + dy * uy < 0;
			}
			if (!square)
				return fail(r, "A30: %s (figure %d) was pushed (%.3f, %.3f), square to "
					    "none of its sides", nm(r, id), id, sk_to_inches(dx),
					    sk_to_inches(dy));
			lead = id;
			ldx = dx;
			ldy = dy;
		}
		a.x = o->x;
		a.y = o->y;
		b.x = f->x;
		b.y = f->y;
		sk_fig_rect(o, ro);
		sk_fig_rect(f, rf);
		for (t = 0; t < g->nterr; t++) {
			const struct sk_terrain *w = &g->terr[t];
			double t0, t1;
			if (!(w->flags & SKIRMISH_TERRAIN_OBSTACLE))
				continue;
			if ((!sk_point_in_poly(a, w->p, w->npts) &&
			     sk_seg_poly_clip(a, b, w->p, w->npts, &t0, &t1)) ||
			    (sk_poly_overlap(rf, 4, w->p, w->npts) &&
			     !sk_poly_overlap(ro, 4, w->p, w->npts)))
				return fail(r, "A31: %s (figure %d) was pushed onto or over the "
					    "obstacle %d", nm(r, id), id, t);
		}
		if (prot)
			continue;
		for (j = 0; j < g->nfigs && j < r->nfigs_before; j++) {
			const struct sk_fig *oj = old_or_now(r, j);
			if (j == id || oj->player == o->player || (oj->flags & FIG_REMOVED))
				continue;
			if (sk_inv_gap(o, oj) <= SK_CONTACT_MILS || sk_inv_across(g, o, oj))
				return fail(r, "A32: %s (figure %d) touched the enemy %s (figure %d) "
					    "and still gave ground", nm(r, id), id, nm(r, j), j);
		}
	}
	/* A27: the file went the protagonist's way, as far */
	for (i = 0; lead >= 0 && i < r->nent; i++) {
		const struct sk_journal_entry *e = &r->ent[i];
		const struct sk_fig *f;
		if (e->kind != SK_ENTRY_FIG || e->id >= g->nfigs || e->id == lead ||
		    (g->figs[e->id].flags & FIG_REMOVED))
			continue;
		f = &g->figs[e->id];
		if ((f->x != e->old.fig.x || f->y != e->old.fig.y) &&
		    ((int64_t)f->x - e->old.fig.x != ldx || (int64_t)f->y - e->old.fig.y != ldy))
			return fail(r, "A27: %s (figure %d) gave ground otherwise than %s (figure %d)",
				    nm(r, e->id), e->id, nm(r, lead), lead);
	}
	return 0;
}

/*
 * S29, read on its own: after a Senso action that fought, the acting
 * side's roller of each fight has acted, and so has every friend of the
 * mover (still standing) that could act before it and now touches an
 * enemy that the mover touches: that friend was on the acting side.
 */
static int
check_drafted(struct ref *r)
{
	const skirmish_game *g = r->g;
	const skirmish_result *res = r->res;
	int mover = r->act->figure, i, j, k, fought = 0;

	if (!res || mover < 0 || mover >= r->nfigs_before)
		return 0;
	for (k = 0; k < res->neffects; k++) {
		const skirmish_effect *e = &res->effects[k];
		int f = e->figure;
		if (e->kind != SKIRMISH_EFFECT_FIGHT)
			continue;
		fought = 1;
		if (f >= 0 && f < r->nfigs_before && in_play(g, f) &&
		    !(g->figs[f].flags & FIG_ACTED))
			return fail(r, "S29: %s (figure %d) rolled for the acting side but may "
				    "still act", nm(r, f), f);
	}
	if (!fought || !sk_fig_alive(g, mover))
		return 0;
	for (i = 0; i < r->nfigs_before; i++) {
		const struct sk_fig *o = old_or_now(r, i);
		if (i == mover || !sk_fig_alive(g, i) || g->figs[i].player != g->figs[mover].player ||
		    o->rings || (o->flags & FIG_ACTED) || (g->figs[i].flags & FIG_ACTED))
			continue;
		for (j = 0; j < g->nfigs; j++)
			if (sk_fig_alive(g, j) && sk_inv_contact(g, mover, j) && sk_inv_contact(g, i, j))
				return fail(r, "S29: %s (figure %d) touches %s (figure %d), whom "
					    "%s fought, but may still act", nm(r, i), i, nm(r, j),
					    j, nm(r, mover));
	}
	return 0;
}

/* What the rules say of the action just taken, from the state before it. */
static int
check_action(struct ref *r)
{
	const skirmish_game *g = r->g;
	const struct sk_state *b = r->before;
	int kind = r->act->kind, id = r->act->figure, is_senso = sk_inv_senso(g);
	int i, p, ended;

	if (!b || b->state != SKIRMISH_STATE_PLAYING || (!is_senso && !sk_inv_sampson(g)))
		return 0;
	if (is_figure_action(kind) && id >= 0 && id < r->nfigs_before) {
		const struct sk_fig *o = old_of(r, id);
		if (!o)
			o = &g->figs[id];
		if (is_senso && o->rings)
			return fail(r, "S3: %s (figure %d) took an action with %d ring%s", nm(r, id),
				    id, o->rings, o->rings == 1 ? "" : "s");
		if (is_senso && (o->flags & FIG_ACTED))
			return fail(r, "S3: %s (figure %d) took a second action this turn", nm(r, id),
				    id);
		if (!is_senso) {
			int want = kind == SKIRMISH_ACTION_SHOOT ? SKIRMISH_PHASE_MISSILE
				   : kind == SKIRMISH_ACTION_FIGHT ? SKIRMISH_PHASE_MELEE
								   : SKIRMISH_PHASE_MOVE;
			if (b->phase != want)
				return fail(r, "A2: %s (figure %d) took a %s action in the %s phase",
					    nm(r, id), id, skirmish_action_name(kind),
					    skirmish_phase_name(b->phase));
			if (want == SKIRMISH_PHASE_MOVE && (o->flags & FIG_SUPPRESSED))
				return fail(r, "A6: %s (figure %d) moved while suppressed", nm(r, id),
					    id);
			if (kind == SKIRMISH_ACTION_FIGHT && (o->flags & FIG_FOUGHT))
				return fail(r, "A26: %s (figure %d) fought twice in one Melee phase",
					    nm(r, id), id);
		}
	}
	if (!is_senso && check_fight_once(r) < 0)
		return SKIRMISH_E_STATE;
	if (!is_senso && check_push(r) < 0)
		return SKIRMISH_E_STATE;
	if (is_senso && is_figure_action(kind) && check_drafted(r) < 0)
		return SKIRMISH_E_STATE;
	if (!is_senso && kind == SKIRMISH_ACTION_END_PHASE && b->phase != SKIRMISH_PHASE_MELEE &&
	    g->st.state == SKIRMISH_STATE_PLAYING && g->st.phase != b->phase + 1)
		return fail(r, "A2: the %s phase ended into the %s phase",
			    skirmish_phase_name(b->phase), skirmish_phase_name(g->st.phase));
	ended = kind == SKIRMISH_ACTION_END_TURN ||
		(!is_senso && kind == SKIRMISH_ACTION_END_PHASE && b->phase == SKIRMISH_PHASE_MELEE);
	if (!ended)
		return 0;
	p = b->order[b->active];
	for (i = 0; i < g->nfigs; i++) {
		const struct sk_fig *f = &g->figs[i];
		if (!sk_fig_alive(g, i))
			continue;
		if (is_senso && f->rings >= 2 &&
		    (g->opt.ring_removal == SKIRMISH_RINGS_GAME_TURN ? g->st.turn > b->turn
								     : f->player == p))
			return fail(r, "S5: %s (figure %d) is still in play with %d rings "
				    "after the rings came off", nm(r, i), i, f->rings);
		if (!is_senso && f->player == p && (f->flags & FIG_SUPPRESSED))
			return fail(r, "A6: %s (figure %d) is still suppressed after its "
				    "player's turn", nm(r, i), i);
	}
	return 0;
}

/* O7, A22, read on its own: a figure the last action took off the table
 * (killed, removed, or carried off an edge) is in no live melee pair. */
static int
check_off_table(struct ref *r, int id)
{
	const skirmish_game *g = r->g;
	int m;

	if (!sk_inv_sampson(g) || in_play(g, id))
		return 0;
	for (m = 0; m < g->nmelees; m++)
		if (g->melees[m].live && (g->melees[m].a == id || g->melees[m].b == id))
			return fail(r, "O7: %s (figure %d) is off the table but still in melee "
				    "pair %d", nm(r, id), id, m);
	return 0;
}

static int
check_changed(struct ref *r)
{
	const skirmish_game *g = r->g;
	int i, rc;

	for (i = 0; i < r->nent; i++) {
		const struct sk_journal_entry *e = &r->ent[i];
		if (e->kind == SK_ENTRY_MELEE) {
			rc = e->id < g->nmelees ? check_melee(r, e->id) : 0;
		} else if (e->id < g->nfigs) {
			int moved = replaced(&e->old.fig, &g->figs[e->id]);
			rc = check_figure(r, e->id, moved, &e->old.fig);
			if (rc == 0 && moved)
				rc = check_left_behind(r, e->id, &e->old.fig);
			if (rc == 0 && moved)
				rc = check_off_table(r, e->id);
		} else {
			rc = 0;
		}
		if (rc < 0)
			return rc;
	}
	for (i = r->nfigs_before; i < g->nfigs; i++) {
		rc = check_figure(r, i, PLACED_MOVED, NULL);
		if (rc < 0)
			return rc;
	}
	return 0;
}

int
sk_referee_check(const skirmish_game *g, int full, char *msg, size_t size)
{
	struct sk_act_rec newest_act;  /* the newest record, unpacked */
	struct sk_state newest_before;
	struct ref r;
	int rc;

	if (!g)
		return SKIRMISH_E_INVALID;
	memset(&r, 0, sizeof(r));
	r.g = g;
	r.full = full;
	r.msg = msg;
	r.size = size;
	if (msg && size)
		msg[0] = '\0';
	r.nfigs_before = g->nfigs;
	if (g->in_action) {
		/* the action being committed (act.c) */
		r.ent = g->journal;
		r.nent = g->njournal;
		r.nfigs_before = g->saved_nfigs;
		r.before = &g->saved;
		r.act = &g->act_rec;
		r.res = &g->res[g->cur].r;
	} else if (g->nhist > g->hist_first) {
		/* the newest record of the history */
		const struct sk_undo *u = &g->hist[g->nhist - 1];
		sk_hist_record(g, g->nhist - 1, &newest_act, &newest_before);
		r.ent = sk_hent_at(g, u->first);
		r.nent = u->n;
		r.nfigs_before = u->nfigs;
		r.before = &newest_before;
		r.act = &newest_act;
		if (g->res[!g->cur].r.version == SKIRMISH_RESULT_VERSION &&
		    g->res[!g->cur].r.action == u->kind)
			r.res = &g->res[!g->cur].r;
	}
	/* the local check blames an action only for what it broke: a game
	 * loaded from bad data is the loader's to refuse (or the full check's) */
	if (!full && r.before && check_scalars(&r, r.before) < 0) {
		if (msg && size)
			msg[0] = '\0';
		rc = 0;
	} else {
		rc = check_scalars(&r, &g->st);
	}
	if (rc == 0)
		rc = check_objectives(&r);
	/* what a scan says, the library's answers (contact lists, the spatial
	 * index) included, then everything a game the API can make holds
	 * (invariant.c, which the loader checks too) */
	if (rc == 0 && full)
		rc = check_all(&r);
	if (rc == 0 && full)
		rc = sk_invariants_check(g, NULL, msg, size);
	if (rc == 0 && !full && r.act)
		rc = check_changed(&r);
	if (rc == 0 && r.act)
		rc = check_action(&r);
	return rc;
}

int
sk_referee_hook(const skirmish_game *g)
{
	char msg[256];
	const struct sk_act_rec *a = &g->act_rec;
	const char *act = skirmish_action_name(a->kind) ? skirmish_action_name(a->kind) : "?";

	int broke = 0;

	msg[0] = '\0';
	if (g->invariant) {
		/* the caller's own first: a callback, which may only read the game */
		struct sk_cb_frame f;

		sk_cb_enter(g, &f, "the invariant callback", 0);
		broke = g->invariant(g->invariant_data, g, msg, sizeof(msg)) != 0;
		sk_cb_leave(g, &f);
		msg[sizeof(msg) - 1] = '\0';
		if (broke && !msg[0])
			snprintf(msg, sizeof(msg), "the caller's invariant");
	}
	if (!broke && sk_referee_check(g, 0, msg, sizeof(msg)) == 0)
		return 0;
	if (g->referee == SKIRMISH_REFEREE_ABORT) {
		/* asked for by a test or a fuzzer (doc/TESTING.md): the run stops
		 * where the rule broke */
		fprintf(stderr,
			"libskirmish referee: %s; game seed %" PRIu64 ", game turn %d, player %d, "
			"action %s figure %d target %d, history index %d\n",
			msg, g->opt.seed, g->saved.turn, g->saved.order[g->saved.active], act,
			a->figure, a->target, g->nhist - g->hist_first);
		abort();
	}
	return sk_error(g, SKIRMISH_E_REFEREE,
			"referee: %s (game turn %d, %s of figure %d); the action was rolled back",
			msg, g->saved.turn, act, a->figure);
}

#else
/* ISO C: a translation unit is not empty */
typedef int sk_referee_disabled;
#endif

/*
 * The invariants of a game (invariant.h): what holds of every game the
 * API can make, read from the game alone. The loader refuses a save that
 * breaks one (load.c); the referee of test builds blames the action that
 * broke one (referee.c). No two bases overlap (G3); no base stands off
 * the table (G10), on impassable ground (G4) or, in Senso, over an
 * obstacle (S16, S28); a Sampson melee pair is two enemies in contact
 * (A22, A26); rings (S3, S5), suppression (A6), phases (S2, A2) and the
 * turn (G9) are within their rules.
 */
#include "invariant.h"

#include <stdio.h>

static int SK_PRINTF(3, 4)
fail(char *why, size_t n, const char *fmt, ...)
{
	va_list ap;

	if (why && n > 0) {
		va_start(ap, fmt);
		vsnprintf(why, n, fmt, ap);
		va_end(ap);
	}
	return SKIRMISH_E_STATE;
}

static const char *
nm(const skirmish_game *g, int id)
{
	return sk_fig_name(g, id);
}

int
sk_inv_senso(const skirmish_game *g)
{
	return g->rs == sk_ruleset_find(SKIRMISH_RULESET_SENSO);
}

int
sk_inv_sampson(const skirmish_game *g)
{
	return g->rs == sk_ruleset_find(SKIRMISH_RULESET_SAMPSON);
}

/* ------------------------------------------------------------------ */
/* bases                                                                */
/* ------------------------------------------------------------------ */

int
sk_inv_apart(const struct sk_fig *a, const struct sk_fig *b, int64_t margin)
{
	int64_t reach = (int64_t)a->w + a->d + b->w + b->d + margin;
	int64_t dx = (int64_t)a->x - b->x, dy = (int64_t)a->y - b->y;

	return dx > reach || dx < -reach || dy > reach || dy < -reach;
}

int
sk_inv_overlap(const struct sk_fig *a, const struct sk_fig *b)
{
	sk_pt ra[4], rb[4];

	if (sk_inv_apart(a, b, 0))
		return 0;
	sk_fig_rect(a, ra);
	sk_fig_rect(b, rb);
	return sk_poly_overlap(ra, 4, rb, 4);
}

/* The exact gap, not the library's quick test of it. */
int64_t
sk_inv_gap(const struct sk_fig *a, const struct sk_fig *b)
{
	sk_pt ra[4], rb[4];

	sk_fig_rect(a, ra);
	sk_fig_rect(b, rb);
	return sk_poly_gap(ra, 4, rb, 4);
}

/* G13: enemies across an obstacle at most 1" thick where the line between
 * their centres crosses it, each base within 0.1" of it. */
int
sk_inv_across(const skirmish_game *g, const struct sk_fig *a, const struct sk_fig *b)
{
	sk_pt ra[4], rb[4], pa = { a->x, a->y }, pb = { b->x, b->y };
	double t0, t1;
	int i;

	if (sk_inv_apart(a, b, 2 * SK_G13_REACH + SK_G13_THICK))
		return 0;
	sk_fig_rect(a, ra);
	sk_fig_rect(b, rb);
	for (i = 0; i < g->nterr; i++) {
		const struct sk_terrain *t = &g->terr[i];
		if (!(t->flags & SKIRMISH_TERRAIN_OBSTACLE) ||
		    !sk_seg_poly_clip(pa, pb, t->p, t->npts, &t0, &t1))
			continue;
		/* on opposite sides: the line goes in and out again, neither
		 * centre in or on the piece (doc/rules/general.md, G13) */
		if (t0 <= 0.0 || t1 >= 1.0)
			continue;
		if ((t1 - t0) * (double)sk_seg_len(pa, pb) > SK_G13_THICK + 0.5)
			continue;
		if (sk_poly_gap(ra, 4, t->p, t->npts) <= SK_G13_REACH &&
		    sk_poly_gap(rb, 4, t->p, t->npts) <= SK_G13_REACH)
			return 1;
	}
	return 0;
}

/* Are figures a and b, as they stand, enemies in base contact? */
int
sk_inv_contact(const skirmish_game *g, int a, int b)
{
	const struct sk_fig *fa = &g->figs[a], *fb = &g->figs[b];

	if (!sk_is_enemy(g, a, b))
		return 0;
	if (!sk_inv_apart(fa, fb, SK_CONTACT_MILS) && sk_inv_gap(fa, fb) <= SK_CONTACT_MILS)
		return 1;
	return sk_inv_across(g, fa, fb);
}

/* ------------------------------------------------------------------ */
/* one figure                                                           */
/* ------------------------------------------------------------------ */

int
sk_inv_figure(const skirmish_game *g, int id, const struct sk_fig *f, char *why, size_t n)
{
	const uint32_t sampson_only = FIG_MOVED_CONTACT | FIG_SUPPRESSED | FIG_SUPPRESS_NEW |
				      FIG_FOUGHT | FIG_CHARGED;
	int senso = sk_inv_senso(g), sampson = sk_inv_sampson(g);
	int active = g->st.state == SKIRMISH_STATE_PLAYING &&
		     f->player == g->st.order[g->st.active];

	if (f->player >= g->st.nplayers)
		return fail(why, n, "G1: %s (figure %d) belongs to player %d of %d", nm(g, id), id,
			    f->player, g->st.nplayers);
	if (f->facing < 0 || f->facing > 359 || f->w <= 0 || f->d <= 0)
		return fail(why, n, "G2: %s (figure %d) has a facing of %d and a base of %dx%d mils",
			    nm(g, id), id, f->facing, f->w, f->d);
	if (f->flags & FIG_REMOVED) {
		if (f->melee != -1)
			return fail(why, n, "G9: %s (figure %d) is removed from play but still in melee %d",
				    nm(g, id), id, f->melee);
		return 0;
	}
	if (!senso && !sampson)
		return 0;
	if (sampson && (f->rings || (f->flags & FIG_HORSE)))
		return fail(why, n, "A1: %s (figure %d) has Senso rings or is a horse marker in a "
			    "Sampson Ships game", nm(g, id), id);
	if (f->flags & FIG_HORSE) {
		if (f->flags & FIG_MOUNTED || f->rings || f->melee != -1 || f->horse_of < 0 ||
		    f->horse_of >= g->nfigs || f->horse_of == id ||
		    g->figs[f->horse_of].player != f->player)
			return fail(why, n, "S9: %s (figure %d) is a horse marker with a rider, rings, a "
				    "melee or no figure that left it", nm(g, id), id);
		return 0;
	}
	if (senso) {
		if ((f->flags & sampson_only) || f->melee != -1)
			return fail(why, n, "S1: %s (figure %d) has Sampson Ships melee or suppression "
				    "marks in a Senso game", nm(g, id), id);
		if ((f->flags & FIG_ACTED) && f->move_left != 0)
			return fail(why, n, "S20: %s (figure %d) has taken its action but has %d mils "
				    "of move left", nm(g, id), id, f->move_left);
	}
	/* the allowance left is the active player's (another player's figures
	 * keep last turn's, which a lost horse may have made too much) */
	if (active && (f->move_left < 0 || f->move_left > g->rs->allowance(g, id)))
		return fail(why, n, "%s: %s (figure %d) has %d mils of move left, its allowance is %d",
			    senso ? "S4" : "A3", nm(g, id), id, f->move_left,
			    g->rs->allowance(g, id));
	if (sampson && active && (f->flags & FIG_SUPPRESSED) && (f->flags & FIG_ACTED))
		return fail(why, n, "A6: %s (figure %d) is suppressed but has moved this turn",
			    nm(g, id), id);
	return 0;
}

static int
off_table(const skirmish_game *g, const struct sk_fig *f)
{
	return f->x < 0 || f->y < 0 || f->x > g->table_w || f->y > g->table_d;
}

int
sk_inv_place(const skirmish_game *g, const struct sk_fig *f, int *piece)
{
	int t;

	*piece = -1;
	if (off_table(g, f))
		return SK_PLACE_OFF_TABLE;
	t = sk_fig_overlaps_flag(g, f, SKIRMISH_TERRAIN_IMPASSABLE);
	if (t >= 0) {
		*piece = t;
		return SK_PLACE_IMPASSABLE;
	}
	if (sk_inv_senso(g)) {
		t = sk_fig_overlaps_flag(g, f, SKIRMISH_TERRAIN_OBSTACLE);
		if (t >= 0) {
			*piece = t;
			return SK_PLACE_OBSTACLE;
		}
	}
	return SK_PLACE_OK;
}

int
sk_inv_place_why(const skirmish_game *g, int id, const struct sk_fig *f, int broken,
		 int piece, char *why, size_t n)
{
	switch (broken) {
	case SK_PLACE_OFF_TABLE:
		return fail(why, n, "G10: %s (figure %d) stands off the table, at (%d, %d) mils",
			    nm(g, id), id, f->x, f->y);
	case SK_PLACE_IMPASSABLE:
		return fail(why, n, "G4: %s (figure %d) stands on impassable %s", nm(g, id), id,
			    g->terr[piece].name);
	case SK_PLACE_OBSTACLE:
		return fail(why, n, "%s: %s (figure %d) stands over the obstacle %s",
			    f->flags & FIG_HORSE ? "S28" : "S16", nm(g, id), id,
			    g->terr[piece].name);
	default:
		return 0;
	}
}

/* ------------------------------------------------------------------ */
/* melees                                                               */
/* ------------------------------------------------------------------ */

int
sk_inv_pair_of(const skirmish_game *g, int a, int b)
{
	int i;

	for (i = 0; i < g->nmelees; i++)
		if (g->melees[i].live && ((g->melees[i].a == a && g->melees[i].b == b) ||
					  (g->melees[i].a == b && g->melees[i].b == a)))
			return i;
	return -1;
}

int
sk_inv_member(const skirmish_game *g, int id, int mine, char *why, size_t n)
{
	const struct sk_fig *f = &g->figs[id];
	int i, m = f->melee;

	if (!sk_inv_sampson(g) || !sk_fig_alive(g, id))
		return 0;
	if (mine < 0) {
		mine = 0;
		for (i = 0; i < g->nmelees; i++) {
			const struct sk_melee *p = &g->melees[i];
			int other;
			if (!p->live || (p->a != id && p->b != id))
				continue;
			mine++;
			other = p->a == id ? p->b : p->a;
			if (!sk_inv_contact(g, id, other))
				return fail(why, n, "A22: %s (figure %d) and %s (figure %d) are melee "
					    "pair %d but do not touch", nm(g, id), id, nm(g, other),
					    other, i);
		}
	}
	if (m >= 0 && (m >= g->nmelees || !g->melees[m].live ||
		       (g->melees[m].a != id && g->melees[m].b != id)))
		return fail(why, n, "A26: %s (figure %d) names melee %d, which is not one of its "
			    "pairs", nm(g, id), id, m);
	if ((m < 0) != (mine == 0))
		return fail(why, n, "A26: %s (figure %d) is in %d melee pair%s but names melee %d",
			    nm(g, id), id, mine, mine == 1 ? "" : "s", m);
	return 0;
}

int
sk_inv_melee(const skirmish_game *g, int m, char *why, size_t n)
{
	const struct sk_melee *p = &g->melees[m];

	if (!sk_inv_sampson(g) || !p->live)
		return 0;
	if (p->a < 0 || p->b < 0 || p->a >= g->nfigs || p->b >= g->nfigs ||
	    !sk_inv_contact(g, p->a, p->b))
		return fail(why, n, "A26: melee pair %d (figures %d and %d) is not two enemies in "
			    "contact", m, p->a, p->b);
	if (p->initiator != -1 && p->initiator != p->a && p->initiator != p->b)
		return fail(why, n, "A26: melee pair %d was made by figure %d, not one of its two",
			    m, p->initiator);
	if (p->fought && (p->initiator < 0 || (g->st.state == SKIRMISH_STATE_PLAYING &&
			   g->figs[p->initiator].player != g->st.order[g->st.active])))
		return fail(why, n, "A20: melee pair %d is marked made this turn, not by a move of "
			    "the player whose turn it is", m);
	return 0;
}

/* ------------------------------------------------------------------ */
/* the scalar state                                                     */
/* ------------------------------------------------------------------ */

/* S2: each player once in the order of play, the umpire last. */
static int
check_order(const struct sk_state *st, char *why, size_t n)
{
	int i, seen = 0;

	for (i = 0; i < st->nplayers; i++) {
		if (st->order[i] < 0 || st->order[i] >= st->nplayers ||
		    (seen & (1 << st->order[i])))
			return fail(why, n, "S2: the order of play is not each player once");
		seen |= 1 << st->order[i];
	}
	if (st->umpire >= 0 && st->order[st->nplayers - 1] != st->umpire)
		return fail(why, n, "S2: the umpire does not play last");
	return 0;
}

int
sk_inv_objectives(const skirmish_game *g, char *why, size_t n)
{
	int i;

	for (i = 0; i < g->st.nobj && i < SKIRMISH_MAX_OBJECTIVES; i++) {
		int c = g->st.obj[i].carrier;
		if (c != -1 && !sk_fig_alive(g, c))
			return fail(why, n, "O2: the objective %s is carried by figure %d, not in play",
				    g->st.obj[i].name, c);
	}
	return 0;
}

int
sk_inv_state(const skirmish_game *g, const struct sk_state *st, char *why, size_t n)
{
	int senso = sk_inv_senso(g), sampson = sk_inv_sampson(g);

	if (st->nplayers != g->opt.players + (st->umpire >= 0) ||
	    (st->umpire >= 0 && st->umpire != g->opt.players))
		return fail(why, n, "S2: %d players and the umpire %d in a game of %d players",
			    st->nplayers, st->umpire, g->opt.players);
	switch (st->state) {
	case SKIRMISH_STATE_SETUP:
		if (st->phase != SKIRMISH_PHASE_NONE || st->winner != -1)
			return fail(why, n, "G9: a game in setup is in phase %d with winner %d",
				    st->phase, st->winner);
		return 0;
	case SKIRMISH_STATE_OVER:
		if (st->phase != SKIRMISH_PHASE_NONE || st->winner < -1 ||
		    st->winner >= st->nplayers || (st->winner >= 0 && st->winner == st->umpire))
			return fail(why, n, "G9: a game over is in phase %d with winner %d",
				    st->phase, st->winner);
		return 0;
	case SKIRMISH_STATE_PLAYING:
		break;
	default:
		return fail(why, n, "G9: the game is in state %d", st->state);
	}
	if (st->turn < 1 || (g->opt.turn_limit && st->turn > g->opt.turn_limit) ||
	    st->active < 0 || st->active >= st->nplayers || st->winner != -1)
		return fail(why, n, "G9: game turn %d, player %d of %d in the order, winner %d",
			    st->turn, st->active, st->nplayers, st->winner);
	if (check_order(st, why, n) < 0)
		return SKIRMISH_E_STATE;
	if ((senso && st->phase != SKIRMISH_PHASE_ACTIONS) ||
	    (sampson && (st->phase < SKIRMISH_PHASE_MOVE || st->phase > SKIRMISH_PHASE_MELEE)))
		return fail(why, n, "%s: a %s game is in phase %d", senso ? "S3" : "A2",
			    g->rs->name, st->phase);
	return 0;
}

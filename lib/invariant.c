/* SPDX-License-Identifier: MIT */
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
#include <stdlib.h>

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
 * their centres crosses it, each base within 0.1" of it; G15: face to face,
 * their bases no further apart than its thickness there and 0.2". G17: an
 * obstacle is a group of touching pieces (check_terrain checks the
 * grouping), crossed from where the line goes into its first piece to
 * where it leaves its last; its thickness is its pieces' own, added, but
 * no more than the longer of that stretch and its thickest piece. */
int
sk_inv_across(const skirmish_game *g, const struct sk_fig *a, const struct sk_fig *b)
{
	sk_pt ra[4], rb[4], pa = { a->x, a->y }, pb = { b->x, b->y };
	double len;
	int i, k;

	if (sk_inv_apart(a, b, 2 * SK_G13_REACH + SK_G13_THICK))
		return 0;
	sk_fig_rect(a, ra);
	sk_fig_rect(b, rb);
	len = (double)sk_seg_len(pa, pb);
	for (i = 0; i < g->nterr; i++) {
		double lo = 2.0, hi = -1.0, t0, t1;
		int64_t sum = 0, most = 0, stretch, th;
		int near_a = 0, near_b = 0;

		if (!(g->terr[i].flags & SKIRMISH_TERRAIN_OBSTACLE) || g->terr[i].group != i)
			continue;       /* each obstacle once, by its first piece */
		for (k = i; k < g->nterr; k++) {
			const struct sk_terrain *t = &g->terr[k];
			if (t->group != i || !(t->flags & SKIRMISH_TERRAIN_OBSTACLE))
				continue;
			near_a |= sk_poly_gap(ra, 4, t->p, t->npts) <= SK_G13_REACH;
			near_b |= sk_poly_gap(rb, 4, t->p, t->npts) <= SK_G13_REACH;
			if (!sk_seg_poly_clip(pa, pb, t->p, t->npts, &t0, &t1))
				continue;
			lo = t0 < lo ? t0 : lo;
			hi = t1 > hi ? t1 : hi;
			th = sk_obstacle_thickness(t, pa, pb, t0, t1);
			sum += th;
			most = th > most ? th : most;
		}
		/* on opposite sides: the line goes in and out again, neither
		 * centre in or on the obstacle (doc/rules/general.md, G13) */
		if (hi < lo || lo <= 0.0 || hi >= 1.0 || !near_a || !near_b)
			continue;
		if ((hi - lo) * len > SK_G13_THICK + 0.5)
			continue;
		stretch = (int64_t)((hi - lo) * len + 0.5);
		if (sum > most && sum > stretch)
			sum = stretch > most ? stretch : most;
		if (sk_poly_gap(ra, 4, rb, 4) <= sum + 2 * SK_G13_REACH)
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

static int
off_table(const skirmish_game *g, const struct sk_fig *f)
{
	return f->x < 0 || f->y < 0 || f->x > g->table_w || f->y > g->table_d;
}

/* What every figure, in play or not, set up or played, must say: a player
 * of the game, a facing, a base that skirmish_game_add_figure accepts
 * (G2: horse markers and riders on foot take their bases from such
 * bases), its centre on the table (G10: where it was set up, moved or
 * fell), known flags, and the figure that left it only for a horse marker
 * (S9). */
static int
check_basic(const skirmish_game *g, int id, const struct sk_fig *f, const char *name,
	    char *why, size_t n)
{
	if (f->player >= g->st.nplayers)
		return fail(why, n, "G1: %s (figure %d) belongs to player %d of %d", name, id,
			    f->player, g->st.nplayers);
	if (f->facing < 0 || f->facing > 359 || f->w < SK_BASE_MIN || f->d < SK_BASE_MIN ||
	    f->w > SK_BASE_MAX || f->d > SK_BASE_MAX)
		return fail(why, n, "G2: %s (figure %d) has a facing of %d and a base of %dx%d mils "
			    "(a base is %d to %d mils a side)", name, id, f->facing, f->w, f->d,
			    SK_BASE_MIN, SK_BASE_MAX);
	if (off_table(g, f))
		return fail(why, n, "G10: %s (figure %d) stands off the table, at (%d, %d) mils",
			    name, id, f->x, f->y);
	if (f->flags & ~SK_FIG_FLAGS_KNOWN)
		return fail(why, n, "%s (figure %d) has unknown flags 0x%x", name, id,
			    f->flags & ~SK_FIG_FLAGS_KNOWN);
	if (!(f->flags & FIG_HORSE) && f->horse_of != -1)
		return fail(why, n, "S9: %s (figure %d) is no horse marker but names figure %d as "
			    "the one that left it", name, id, f->horse_of);
	if ((f->flags & FIG_LOADED) && f->missile_weapon == SKIRMISH_MISSILE_NONE)
		return fail(why, n, "%s (figure %d) has no missile weapon but a loaded one", name,
			    id);
	return 0;
}

int
sk_inv_figure(const skirmish_game *g, int id, const struct sk_fig *f, char *why, size_t n)
{
	const uint32_t sampson_only = FIG_MOVED_CONTACT | FIG_SUPPRESSED | FIG_SUPPRESS_NEW |
				      FIG_FOUGHT | FIG_CHARGED;
	int senso = sk_inv_senso(g), sampson = sk_inv_sampson(g);
	int active = g->st.state == SKIRMISH_STATE_PLAYING &&
		     f->player == g->st.order[g->st.active];
	int32_t most;

	if (check_basic(g, id, f, nm(g, id), why, n) < 0)
		return SKIRMISH_E_STATE;
	/* H9: melee stamps were 0.1's; the loader clears them */
	if (f->stamp)
		return fail(why, n, "H9: %s (figure %d) carries a melee stamp of 0.1", nm(g, id), id);
	/* a figure removed from play keeps the fields it had in play, each in
	 * range: only where it stands and its allowance are no longer read */
	if ((f->flags & FIG_REMOVED) && f->melee != -1)
		return fail(why, n, "G9: %s (figure %d) is removed from play but still in melee %d",
			    nm(g, id), id, f->melee);
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
	/* the allowance left is the active player's; another player's figures
	 * and those removed keep what they had, which a horse lost in an enemy
	 * turn may have left at a rider's (S9: 12", twice the 6" on foot) */
	most = g->rs->allowance(g, id);
	if (senso && !(active && !(f->flags & FIG_REMOVED)))
		most *= 2;
	if (f->move_left < 0 || f->move_left > most)
		return fail(why, n, "%s: %s (figure %d) has %d mils of move left, its allowance is %d",
			    senso ? "S4" : "A3", nm(g, id), id, f->move_left, most);
	/* a figure removed keeps the marks it had when it fell (A6 is of
	 * figures in play) */
	if (sampson && active && !(f->flags & FIG_REMOVED) && (f->flags & FIG_SUPPRESSED) &&
	    (f->flags & FIG_ACTED))
		return fail(why, n, "A6: %s (figure %d) is suppressed but has moved this turn",
			    nm(g, id), id);
	return 0;
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
		if (c != -1 && g->figs[c].player == g->st.umpire)
			return fail(why, n, "G16: the objective %s is carried by the umpire's %s",
				    g->st.obj[i].name, g->figs[c].name);
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
	int i;

	if ((st->rng[0] | st->rng[1] | st->rng[2] | st->rng[3]) == 0)
		return fail(why, n, "G8: the generator's state is all zeros, which no seed gives "
			    "(its dice would all be 1s)");
	for (i = st->nplayers; i < SKIRMISH_MAX_PLAYERS + 1; i++)
		if (st->order[i] != 0 || st->exit_edge[i] != SKIRMISH_EDGE_NONE)
			return fail(why, n, "S2: the order of play or the exit edges name a "
				    "player %d of %d", i, st->nplayers);
	if (st->umpire >= 0 && st->umpire <= SKIRMISH_MAX_PLAYERS &&
	    st->exit_edge[st->umpire] != SKIRMISH_EDGE_NONE)
		return fail(why, n, "G16: the umpire has an exit edge");
	for (i = 0; i < st->nobj && i < SKIRMISH_MAX_OBJECTIVES; i++) {
		const struct sk_objective *o = &st->obj[i];
		if (st->umpire >= 0 && o->state == SKIRMISH_OBJECTIVE_OFF_TABLE &&
		    o->player == st->umpire)
			return fail(why, n, "G16: the objective %s was carried off by the umpire",
				    o->name);
		if (o->x < 0 || o->y < 0 || o->x > g->table_w || o->y > g->table_d)
			return fail(why, n, "O1: the objective %s lies off the table, at (%d, %d) "
				    "mils", o->name, o->x, o->y);
		if (st->state == SKIRMISH_STATE_SETUP && o->state != SKIRMISH_OBJECTIVE_ON_TABLE)
			return fail(why, n, "O1: the objective %s is taken before the game starts",
				    o->name);
	}
	switch (st->state) {
	case SKIRMISH_STATE_SETUP:
		if (st->phase != SKIRMISH_PHASE_NONE || st->winner != -1 || st->turn != 0 ||
		    st->active != 0)
			return fail(why, n, "G9: a game in setup is in phase %d with winner %d, "
				    "game turn %d, player %d of the order", st->phase, st->winner,
				    st->turn, st->active);
		for (i = 0; i < st->nplayers; i++)
			if (st->order[i] != 0)
				return fail(why, n, "S2: a game in setup has an order of play");
		return 0;
	case SKIRMISH_STATE_OVER:
		if (st->phase != SKIRMISH_PHASE_NONE || st->winner < -1 ||
		    st->winner >= st->nplayers || (st->winner >= 0 && st->winner == st->umpire))
			return fail(why, n, "G9: a game over is in phase %d with winner %d",
				    st->phase, st->winner);
		if (st->turn < 1 || st->turn > sk_last_turn(g) || st->active < 0 ||
		    st->active >= st->nplayers)
			return fail(why, n, "G9: a game over at game turn %d (the last is %d), "
				    "player %d of the order", st->turn, sk_last_turn(g), st->active);
		return check_order(st, why, n);
	case SKIRMISH_STATE_PLAYING:
		break;
	default:
		return fail(why, n, "G9: the game is in state %d", st->state);
	}
	if (st->turn < 1 || st->turn > sk_last_turn(g) ||
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

/* ------------------------------------------------------------------ */
/* the whole game                                                       */
/* ------------------------------------------------------------------ */

/* Scratch memory for the whole check, through the game's allocator
 * (sk_alloc, as every block of a game): the check reads a const game,
 * and allocating changes nothing of it. */
static void *
scratch(const skirmish_game *g, void *p, size_t old_size, size_t new_size)
{
	return sk_alloc((skirmish_game *)g, p, old_size, new_size);
}

/* The chains of hills and obstacle pieces (sk_terrain_relink) hold every
 * piece of their kind, once, in id order, and nothing else. */
static int
check_kind_chains(const skirmish_game *g, char *why, size_t n)
{
	static const uint32_t kind[2] = { SKIRMISH_TERRAIN_HILL, SKIRMISH_TERRAIN_OBSTACLE };
	static const char *const name[2] = { "hills", "obstacle pieces" };
	int c, i, at;

	for (c = 0; c < 2; c++) {
		at = c ? g->first_obstacle : g->first_hill;
		for (i = 0; i < g->nterr; i++) {
			if (!(g->terr[i].flags & kind[c]))
				continue;
			if (at != i)
				return fail(why, n, "the chain of %s gives %d where piece %d is next",
					    name[c], at, i);
			at = c ? g->terr[i].next_obstacle : g->terr[i].next_hill;
		}
		if (at != -1)
			return fail(why, n, "the chain of %s goes on past its last, to %d",
				    name[c], at);
	}
	return 0;
}

/* G17: obstacle pieces that touch are one obstacle, named by its lowest
 * piece: piece i's group is a piece no later than it, its own group's
 * name, of the same obstacle that i touches or is; every obstacle piece
 * it touches is of its group; a piece not an obstacle is its own. */
static int
check_group(const skirmish_game *g, int i, char *why, size_t n)
{
	const struct sk_terrain *t = &g->terr[i];
	int j, fellow = t->group == i;

	if (!(t->flags & SKIRMISH_TERRAIN_OBSTACLE))
		return t->group == i ? 0 :
		       fail(why, n, "G17: terrain piece %d is no obstacle but is of obstacle %d",
			    i, t->group);
	if (t->group < 0 || t->group > i || g->terr[t->group].group != t->group ||
	    !(g->terr[t->group].flags & SKIRMISH_TERRAIN_OBSTACLE))
		return fail(why, n, "G17: obstacle piece %d is of obstacle %d", i, t->group);
	for (j = 0; j < g->nterr; j++) {
		const struct sk_terrain *o = &g->terr[j];
		if (j == i || !(o->flags & SKIRMISH_TERRAIN_OBSTACLE) || o->maxx < t->minx ||
		    o->minx > t->maxx || o->maxy < t->miny || o->miny > t->maxy ||
		    sk_poly_gap(o->p, o->npts, t->p, t->npts) > 0)
			continue;
		if (o->group != t->group)
			return fail(why, n, "G17: obstacle pieces %d and %d touch but are two "
				    "obstacles", i, j);
		fellow = 1;
	}
	return fellow ? 0 : fail(why, n, "G17: obstacle piece %d touches no piece of "
				 "obstacle %d", i, t->group);
}

/* TERR: what skirmish_game_add_terrain makes: known flags, a height and a
 * move penalty of 0 or more, 3 to 32 points within 100,000" of the origin
 * that go counter-clockwise round a convex outline with an area (every
 * point on or left of every edge; a circle's rounded points may lie on a
 * line); obstacles grouped (G17) and counted, and the chains of each kind
 * whole. */
static int
check_terrain(const skirmish_game *g, char *why, size_t n)
{
	int i, k, j, rc, obstacles = 0;

	if (g->nterr > SK_MAX_TERRAIN)
		return fail(why, n, "%d terrain pieces (at most %d)", g->nterr, SK_MAX_TERRAIN);
	for (i = 0; i < g->nterr; i++) {
		const struct sk_terrain *t = &g->terr[i];
		if ((t->flags & ~0xffu) || t->height < 0 || t->move_penalty < 0 || t->npts < 3 ||
		    t->npts > SKIRMISH_POLYGON_MAX)
			return fail(why, n, "terrain piece %d has flags 0x%x, a height of %d, a move "
				    "penalty of %d and %d points", i, t->flags, t->height,
				    t->move_penalty, t->npts);
		if (sk_poly_area2(t->p, t->npts) <= 0)
			return fail(why, n, "G11: terrain piece %d has no area, or goes clockwise", i);
		for (k = 0; k < t->npts; k++) {
			sk_pt a = t->p[k], b = t->p[(k + 1) % t->npts];
			if (t->p[k].x < -SK_COORD_MAX || t->p[k].x > SK_COORD_MAX ||
			    t->p[k].y < -SK_COORD_MAX || t->p[k].y > SK_COORD_MAX)
				return fail(why, n, "terrain piece %d reaches beyond 100,000\" from "
					    "the origin", i);
			for (j = 0; j < t->npts; j++) {
				int64_t c = (int64_t)(b.x - a.x) * (t->p[j].y - a.y) -
					    (int64_t)(b.y - a.y) * (t->p[j].x - a.x);
				if (c < 0)
					return fail(why, n, "G11: terrain piece %d is not convex", i);
			}
		}
		if (t->flags & SKIRMISH_TERRAIN_OBSTACLE)
			obstacles++;
		rc = check_group(g, i, why, n);
		if (rc < 0)
			return rc;
	}
	if (obstacles != g->nobstacles)
		return fail(why, n, "%d obstacles counted as %d", obstacles, g->nobstacles);
	return check_kind_chains(g, why, n);
}

/* A figure as skirmish_game_add_figure makes it, before the start: no
 * marks of play, no rings, no melee, no horse marker. */
static int
check_setup_figure(const skirmish_game *g, int id, const struct sk_fig *f, char *why,
		   size_t n)
{
	if (check_basic(g, id, f, f->name, why, n) < 0)
		return SKIRMISH_E_STATE;
	if ((f->flags & ~SK_FIG_FLAGS_SETUP) || f->rings || f->melee != -1 || f->stamp ||
	    f->melee_side)
		return fail(why, n, "%s (figure %d) is set up with flags 0x%x, %d rings, melee %d "
			    "(a figure is set up without marks of play)", f->name, id, f->flags,
			    f->rings, f->melee);
	return 0;
}

/* S9: the figures of a started game are the scenario's, each the same
 * figure (player, name, equipment); those past them are the horse markers
 * that riders left. */
static int
check_same_figures(const skirmish_game *g, char *why, size_t n)
{
	const uint32_t kept = FIG_ARMOUR | FIG_SHIELD | FIG_MARTIAL | FIG_HORSE;
	int i;

	if (g->nfigs < g->nsetup_figs)
		return fail(why, n, "%d figures, %d in the scenario", g->nfigs, g->nsetup_figs);
	for (i = 0; i < g->nfigs; i++) {
		const struct sk_fig *f = &g->figs[i], *s = &g->setup_figs[i];
		if (i >= g->nsetup_figs) {
			if (!(f->flags & FIG_HORSE))
				return fail(why, n, "S9: %s (figure %d) is neither the scenario's nor "
					    "a horse marker", f->name, i);
			continue;
		}
		if (f->player != s->player || strcmp(f->name, s->name) != 0 || f->dv != s->dv ||
		    f->melee_weapon != s->melee_weapon || f->missile_weapon != s->missile_weapon ||
		    (f->flags & kept) != (s->flags & kept))
			return fail(why, n, "%s (figure %d) is not the scenario's %s", f->name, i,
				    s->name);
	}
	return 0;
}

/* S3, S5-S8: a Senso figure takes at most one ring a shot that hits it
 * and two for firing its own arquebus, and between two ring removals each
 * enemy figure shoots at most once; one ring may be left over. So a
 * figure in play has at most 2 rings and one for each enemy figure that
 * carries a missile weapon. */
/* The most rings each player's figures may carry: 2, and one for each
 * enemy figure with a missile weapon (horse markers shoot nothing). */
static void
rings_most(const skirmish_game *g, long most[SKIRMISH_MAX_PLAYERS + 1])
{
	long shooters[SKIRMISH_MAX_PLAYERS + 1] = { 0 }, all = 0;
	int i;

	for (i = 0; i < g->nfigs; i++)
		if (!(g->figs[i].flags & FIG_HORSE) &&
		    g->figs[i].missile_weapon != SKIRMISH_MISSILE_NONE &&
		    g->figs[i].player <= SKIRMISH_MAX_PLAYERS) {
			shooters[g->figs[i].player]++;
			all++;
		}
	for (i = 0; i <= SKIRMISH_MAX_PLAYERS; i++)
		most[i] = 2 + all - shooters[i];
}

static int
check_fig_rings(const skirmish_game *g, int i, const struct sk_fig *f, const long *most,
		char *why, size_t n)
{
	/* removed figures too: they keep the rings they had in play */
	if (!(f->flags & FIG_HORSE) && f->player <= SKIRMISH_MAX_PLAYERS &&
	    f->rings > most[f->player])
		return fail(why, n, "S5: %s (figure %d) is %s with %d rings; the shots "
			    "of a round give it at most %ld", f->name, i,
			    sk_fig_alive(g, i) ? "in play" : "removed", f->rings, most[f->player]);
	return 0;
}

static int
check_rings(const skirmish_game *g, char *why, size_t n)
{
	long most[SKIRMISH_MAX_PLAYERS + 1];
	int i, rc = 0;

	if (!sk_inv_senso(g))
		return 0;
	rings_most(g, most);
	for (i = 0; i < g->nfigs && rc == 0; i++)
		rc = check_fig_rings(g, i, &g->figs[i], most, why, n);
	return rc;
}

/* A live melee pair, its smaller figure first, to be sorted and found. */
struct pair {
	int32_t a, b, m;
};

static int
pair_cmp(const void *x, const void *y)
{
	const struct pair *p = x, *q = y;

	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	if (p->b != q->b)
		return p->b < q->b ? -1 : 1;
	return (p->m > q->m) - (p->m < q->m);
}

static int
pair_find(const struct pair *pairs, int np, int a, int b)
{
	int32_t lo = a < b ? a : b, hi = a < b ? b : a;
	int l = 0, h = np;

	while (l < h) {
		int mid = l + (h - l) / 2;
		if (pairs[mid].a < lo || (pairs[mid].a == lo && pairs[mid].b < hi))
			l = mid + 1;
		else
			h = mid;
	}
	return l < np && pairs[l].a == lo && pairs[l].b == hi;
}

/*
 * Bases compared through a grid (G3, and A26's contacts): each base's
 * bounding box, grown by the margin, falls in a class k by its size (at
 * most 256 << k mils) and is filed in the class's grid of cells of that
 * size, by its lowest corner; a base is compared with the bases of its
 * own class and of the larger ones whose cells its box can reach, at most
 * three by three cells a class. Bases that do not overlap lie at most a
 * bounded number to a cell of their class's size, so the work is near
 * linear whatever the sizes, the table and the crowding (a crowd that
 * overlaps is refused at its first pair).
 */
#define CELL_SHIFT 8                  /* the smallest cell: 256 mils */
#define CELL_CLASSES 8                /* up to 32,768 mils: a 20" base turned, and the margin */
#define CELL_OFFSET (1 << 17)         /* keeps the grown boxes' corners positive */

struct cell {
	uint64_t key;                 /* class, row, column */
	int32_t id;
	int32_t x0, y0, x1, y1;       /* the box */
};

static int
cell_cmp(const void *x, const void *y)
{
	const struct cell *p = x, *q = y;

	if (p->key != q->key)
		return p->key < q->key ? -1 : 1;
	return (p->id > q->id) - (p->id < q->id);
}

static uint64_t
cell_key(int k, int64_t cx, int64_t cy)
{
	return (uint64_t)k << 48 | (uint64_t)cy << 24 | (uint64_t)cx;
}

static size_t
cell_lower(const struct cell *c, size_t nc, uint64_t key)
{
	size_t lo = 0, hi = nc;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* figs[0..nf) (the game's figures, or the scenario's); with pairs, every
 * two enemies of the game in contact must be a live pair of pairs[]. */
static int
check_bases(const skirmish_game *g, const struct sk_fig *figs, int nf,
	    const struct pair *pairs, int np, int contacts, char *why, size_t n)
{
	const int32_t margin = contacts ? SK_ENGAGE_MILS : 0;
	struct cell *c;
	size_t nc = 0, i, at;
	unsigned classes = 0;
	int rc = 0, k;

	c = scratch(g, NULL, 0, (size_t)(nf > 0 ? nf : 1) * sizeof(*c));
	if (!c)
		return SKIRMISH_E_NOMEM;
	for (k = 0; k < nf; k++) {
		const struct sk_fig *f = &figs[k];
		sk_pt r[4];
		int32_t x0, y0, x1, y1, side;
		int q, cls = 0;

		if (f->flags & FIG_REMOVED)
			continue;
		sk_fig_rect(f, r);
		x0 = x1 = r[0].x;
		y0 = y1 = r[0].y;
		for (q = 1; q < 4; q++) {
			x0 = r[q].x < x0 ? r[q].x : x0;
			x1 = r[q].x > x1 ? r[q].x : x1;
			y0 = r[q].y < y0 ? r[q].y : y0;
			y1 = r[q].y > y1 ? r[q].y : y1;
		}
		side = (x1 - x0 > y1 - y0 ? x1 - x0 : y1 - y0) + margin;
		while (cls < CELL_CLASSES - 1 && (INT32_C(1) << (CELL_SHIFT + cls)) < side)
			cls++;
		c[nc].id = k;
		c[nc].x0 = x0;
		c[nc].y0 = y0;
		c[nc].x1 = x1;
		c[nc].y1 = y1;
		c[nc].key = cell_key(cls, ((int64_t)x0 + CELL_OFFSET) >> (CELL_SHIFT + cls),
				     ((int64_t)y0 + CELL_OFFSET) >> (CELL_SHIFT + cls));
		classes |= 1u << cls;
		nc++;
	}
	qsort(c, nc, sizeof(*c), cell_cmp);
	for (i = 0; i < nc && rc == 0; i++) {
		const struct cell *e = &c[i];
		int own = (int)(e->key >> 48), cls;
		for (cls = own; cls < CELL_CLASSES && rc == 0; cls++) {
			int sh = CELL_SHIFT + cls;
			int64_t size = INT64_C(1) << sh, cx0, cx1, cy, cy0, cy1;
			if (!(classes & (1u << cls)))
				continue;
			cx0 = ((int64_t)e->x0 - size + CELL_OFFSET) >> sh;
			cx1 = ((int64_t)e->x1 + margin + CELL_OFFSET) >> sh;
			cy0 = ((int64_t)e->y0 - size + CELL_OFFSET) >> sh;
			cy1 = ((int64_t)e->y1 + margin + CELL_OFFSET) >> sh;
			for (cy = cy0; cy <= cy1 && rc == 0; cy++) {
				uint64_t end = cell_key(cls, cx1, cy);
				for (at = cell_lower(c, nc, cell_key(cls, cx0, cy));
				     at < nc && c[at].key <= end && rc == 0; at++) {
					const struct cell *o = &c[at];
					int a = e->id < o->id ? e->id : o->id;
					int b = e->id < o->id ? o->id : e->id;
					if ((cls == own && o->id <= e->id) || o->x0 > e->x1 + margin ||
					    e->x0 > o->x1 + margin || o->y0 > e->y1 + margin ||
					    e->y0 > o->y1 + margin)
						continue;
					if (sk_inv_overlap(&figs[a], &figs[b]))
						rc = fail(why, n, "G3: %s's base (figure %d) overlaps "
							  "%s's (figure %d)", figs[a].name, a,
							  figs[b].name, b);
					else if (contacts && sk_inv_contact(g, a, b) &&
						 !pair_find(pairs, np, a, b))
						rc = fail(why, n, "A26: %s (figure %d) touches the enemy "
							  "%s (figure %d) but the two are not a melee "
							  "pair", figs[a].name, a, figs[b].name, b);
				}
			}
		}
	}
	scratch(g, c, (size_t)(nf > 0 ? nf : 1) * sizeof(*c), 0);
	return rc;
}

/* STAT's melees: none live in setup or where there are no pairs; in
 * Sampson Ships each live pair is two enemies in contact, no two are the
 * same, each figure names one of its own, and the rounds a pair has fought
 * are at most its Melee phases (one a player turn). Sorted into *out for
 * check_bases (NULL: none). */
static int
check_melees(const skirmish_game *g, struct pair **out, int *nout, char *why, size_t n)
{
	struct pair *p = NULL;
	int32_t *mine = NULL;
	int i, np = 0, cap = 0, rc = 0;
	int64_t most = (int64_t)g->st.turn * g->st.nplayers;

	*out = NULL;
	*nout = 0;
	for (i = 0; i < g->nmelees; i++)
		if (g->melees[i].live)
			np++;
	if (np == 0)
		goto members;
	if (!sk_inv_sampson(g) || g->st.state == SKIRMISH_STATE_SETUP) {
		for (i = 0; !g->melees[i].live; i++)
			;
		return fail(why, n, "melee %d is live in a game %s", i,
			    g->st.state == SKIRMISH_STATE_SETUP ? "in setup" : "without melee pairs");
	}
	cap = np;
	p = scratch(g, NULL, 0, (size_t)cap * sizeof(*p));
	mine = scratch(g, NULL, 0, (size_t)(g->nfigs > 0 ? g->nfigs : 1) * sizeof(*mine));
	if (!p || !mine) {
		rc = SKIRMISH_E_NOMEM;
		goto done;
	}
	memset(mine, 0, (size_t)g->nfigs * sizeof(*mine));
	np = 0;
	for (i = 0; i < g->nmelees && rc == 0; i++) {
		const struct sk_melee *m = &g->melees[i];
		if (!m->live)
			continue;
		rc = sk_inv_melee(g, i, why, n);
		if (rc == 0 && m->rounds > most)
			rc = fail(why, n, "A26: melee pair %d has fought %d rounds in %d game turns",
				  i, m->rounds, g->st.turn);
		if (rc < 0)
			break;
		p[np].a = m->a < m->b ? m->a : m->b;
		p[np].b = m->a < m->b ? m->b : m->a;
		p[np].m = i;
		np++;
		mine[m->a]++;
		mine[m->b]++;
	}
	if (rc == 0) {
		qsort(p, (size_t)np, sizeof(*p), pair_cmp);
		for (i = 1; i < np && rc == 0; i++)
			if (p[i].a == p[i - 1].a && p[i].b == p[i - 1].b)
				rc = fail(why, n, "A26: melee pairs %d and %d are the same two figures",
					  p[i - 1].m, p[i].m);
	}
members:
	for (i = 0; i < g->nfigs && rc == 0; i++)
		rc = sk_inv_member(g, i, mine ? mine[i] : 0, why, n);
done:
	if (mine)
		scratch(g, mine, (size_t)(g->nfigs > 0 ? g->nfigs : 1) * sizeof(*mine), 0);
	if (rc < 0 || !p) {
		if (p)
			scratch(g, p, (size_t)cap * sizeof(*p), 0);
		return rc;
	}
	/* every live pair is in p: np == cap */
	*out = p;
	*nout = np;
	return 0;
}

/* STAT: the scalar state, each figure, where each stands, the melees and
 * the bases together. */
static int
check_stat(const skirmish_game *g, char *why, size_t n)
{
	int known = sk_inv_senso(g) || sk_inv_sampson(g), setup = !started(g);
	struct pair *pairs = NULL;
	int i, np = 0, rc, t, broken;

	rc = sk_inv_state(g, &g->st, why, n);
	if (rc == 0 && setup && g->nfigs > SK_MAX_FIGURES)
		rc = fail(why, n, "%d figures (at most %d)", g->nfigs, SK_MAX_FIGURES);
	for (i = 0; i < g->nfigs && rc == 0; i++) {
		const struct sk_fig *f = &g->figs[i];
		rc = setup ? check_setup_figure(g, i, f, why, n) : sk_inv_figure(g, i, f, why, n);
		if (rc == 0 && known && !(f->flags & FIG_REMOVED)) {
			broken = sk_inv_place(g, f, &t);
			if (broken)
				rc = sk_inv_place_why(g, i, f, broken, t, why, n);
		}
	}
	if (rc == 0 && !setup)
		rc = check_same_figures(g, why, n);
	if (rc == 0)
		rc = check_rings(g, why, n);
	if (rc == 0)
		rc = sk_inv_objectives(g, why, n);
	if (rc == 0)
		rc = check_melees(g, &pairs, &np, why, n);
	if (rc == 0 && known)
		rc = check_bases(g, g->figs, g->nfigs, pairs, np,
				 sk_inv_sampson(g) && !setup, why, n);
	if (pairs)
		scratch(g, pairs, (size_t)np * sizeof(*pairs), 0);
	return rc;
}

/* SETP: the scenario is a game in setup: its state, figures as they were
 * added, where they stood. */
static int
check_setp(const skirmish_game *g, char *why, size_t n)
{
	int known = sk_inv_senso(g) || sk_inv_sampson(g);
	int i, rc = 0, t, broken;

	if (!started(g))
		return 0;
	rc = sk_inv_state(g, &g->setup_st, why, n);
	if (rc == 0 && g->setup_st.state != SKIRMISH_STATE_SETUP)
		rc = fail(why, n, "the scenario is not a game in setup");
	if (rc == 0 && g->nsetup_figs > SK_MAX_FIGURES)
		rc = fail(why, n, "%d figures (at most %d)", g->nsetup_figs, SK_MAX_FIGURES);
	for (i = 0; i < g->nsetup_figs && rc == 0; i++) {
		const struct sk_fig *f = &g->setup_figs[i];
		rc = check_setup_figure(g, i, f, why, n);
		if (rc == 0 && known) {
			broken = sk_inv_place(g, f, &t);
			if (broken)
				rc = fail(why, n, "%s (figure %d) is set up where no base may stand "
					  "(G10, G4, S16)", f->name, i);
		}
	}
	if (rc == 0 && known)
		rc = check_bases(g, g->setup_figs, g->nsetup_figs, NULL, 0, 0, why, n);
	return rc;
}

/* HIST: each record's state before its action, and the old figures its
 * journal would put back. */
static int
check_hist(const skirmish_game *g, char *why, size_t n)
{
	int i, rc = 0;
	size_t e;

	for (i = g->hist_first; i < g->nhist && rc == 0; i++) {
		const struct sk_undo *u = &g->hist[i];
		struct sk_state saved;

		sk_hist_record(g, i, NULL, &saved);
		rc = sk_inv_state(g, &saved, why, n);
		for (e = u->first; e < u->first + (size_t)u->n && rc == 0; e++) {
			const struct sk_journal_entry *j = &g->hent[e];
			if (j->kind == SK_ENTRY_FIG)
				rc = check_basic(g, j->id, &j->old.fig, j->old.fig.name, why, n);
			else if (j->old.melee.rounds > (int64_t)saved.turn * saved.nplayers)
				rc = fail(why, n, "A26: melee %d had fought %d rounds in %d game turns",
					  j->id, j->old.melee.rounds, saved.turn);
		}
		if (rc < 0 && why && n > 0) {
			char tmp[256];
			snprintf(tmp, sizeof(tmp), "%s", why);
			snprintf(why, n, "record %d: %s", i - g->hist_first, tmp);
		}
	}
	return rc;
}

int
sk_invariants_check(const skirmish_game *g, const char **section, char *why, size_t n)
{
	static const char *const names[4] = { "TERR", "STAT", "SETP", "HIST" };
	int k, rc = 0;

	if (why && n > 0)
		why[0] = '\0';
	if (section)
		*section = NULL;
	if (!g)
		return SKIRMISH_E_INVALID;
	for (k = 0; k < 4 && rc == 0; k++) {
		rc = k == 0 ? check_terrain(g, why, n) : k == 1 ? check_stat(g, why, n) :
		     k == 2 ? check_setp(g, why, n) : check_hist(g, why, n);
		if (rc < 0 && section)
			*section = names[k];
	}
	if (rc == SKIRMISH_E_NOMEM && why && n > 0)
		snprintf(why, n, "out of memory");
	return rc;
}

/* ------------------------------------------------------------------ */
/* the history, undone                                                  */
/* ------------------------------------------------------------------ */

/* What one undo put back (ent, nent) where it now stands in c: each
 * figure's own fields (check_basic; set-up figures as check_setup_figure
 * has them) and its place, over no other base (G3, through the spatial
 * index). Not its melee: a game of 0.1, converted on loading and saved
 * again, undoes past the load into its old groups (H9). */
static int
check_restored(const skirmish_game *c, const struct sk_journal_entry *ent, int nent,
	       const long *most, char *why, size_t n)
{
	int known = sk_inv_senso(c) || sk_inv_sampson(c), setup = !started(c);
	int i, k, j, m, t, broken, ids[SK_NEAR_MAX], rc = 0;

	for (i = 0; i < nent && rc == 0; i++) {
		const struct sk_fig *f;
		int id = ent[i].id;

		/* a live melee put back is a pair of two enemies in contact
		 * (A26); a 0.1 game's old groups come back dead (H9) */
		if (ent[i].kind == SK_ENTRY_MELEE && id < c->nmelees) {
			rc = sk_inv_melee(c, id, why, n);
			continue;
		}
		if (ent[i].kind != SK_ENTRY_FIG || id >= c->nfigs)
			continue;
		f = &c->figs[id];
		/* as a loaded figure is checked (sk_inv_figure), its rings too */
		rc = setup ? check_setup_figure(c, id, f, why, n) :
			     sk_inv_figure(c, id, f, why, n);
		if (rc == 0 && !setup && sk_inv_senso(c))
			rc = check_fig_rings(c, id, f, most, why, n);
		if (rc < 0 || (f->flags & FIG_REMOVED) || !known)
			continue;
		broken = sk_inv_place(c, f, &t);
		if (broken) {
			rc = sk_inv_place_why(c, id, f, broken, t, why, n);
			continue;
		}
		m = sk_near_fig(c, id, 0, ids);
		SK_NEAR_EACH(c, m, ids, k, j) {
			if (j != id && !(c->figs[j].flags & FIG_REMOVED) &&
			    sk_inv_overlap(f, &c->figs[j])) {
				rc = fail(why, n, "G3: %s's base (figure %d) overlaps %s's (figure %d)",
					  f->name, id, c->figs[j].name, j);
				break;
			}
		}
	}
	return rc;
}

int
sk_invariants_check_undo(skirmish_game *c, char *why, size_t n)
{
	int i, record = 0, rc = 0;
	long most[SKIRMISH_MAX_PLAYERS + 1];
	char tmp[256];

	if (why && n > 0)
		why[0] = '\0';
	/* the figures with missile weapons are the same in every state: play
	 * removes figures but never takes one from the arrays */
	rings_most(c, most);
	while (rc == 0 && hist_live(c) > 0) {
		const struct sk_undo *u = &c->hist[c->nhist - 1];
		const struct sk_journal_entry *ent = sk_hent_at(c, u->first);
		int nent = u->n;

		record = c->nhist - c->hist_first - 1;
		if (skirmish_game_undo(c) < 0)
			return fail(why, n, "record %d: %s", record, c->errmsg);
		/* undo leaves the entries in place past the live ones */
		rc = check_restored(c, ent, nent, most, tmp, sizeof(tmp));
		/* the state put back, and the objectives' carriers in it (O2) */
		if (rc == 0)
			rc = sk_inv_state(c, &c->st, tmp, sizeof(tmp));
		if (rc == 0)
			rc = sk_inv_objectives(c, tmp, sizeof(tmp));
		/* S9: each figure put back is the scenario's own (a record
		 * could restore another's name or kit into its place) */
		if (rc == 0 && c->st.state != SKIRMISH_STATE_SETUP)
			rc = check_same_figures(c, tmp, sizeof(tmp));
	}
	if (rc == 0 && c->st.state == SKIRMISH_STATE_SETUP) {
		/* H1, H7: undone to the start, the game is the scenario */
		if (c->nfigs != c->nsetup_figs)
			rc = fail(tmp, sizeof(tmp), "undone to the start, %d figures; the scenario "
				  "has %d", c->nfigs, c->nsetup_figs);
		for (i = 0; i < c->nfigs && rc == 0; i++)
			if (memcmp(&c->figs[i], &c->setup_figs[i], SK_FIG_STATE_BYTES) != 0)
				rc = fail(tmp, sizeof(tmp), "undone to the start, %s (figure %d) is "
					  "not the scenario's", c->figs[i].name, i);
	}
	if (rc < 0)
		return fail(why, n, "record %d, undone: %s", record, tmp);
	return 0;
}

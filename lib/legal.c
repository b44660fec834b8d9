/*
 * Legal actions: the candidate actions of a figure or of the active
 * player, each tested by probing it (sk_action_legal, odds.c), so that
 * the list needs no model of the rules either.
 */
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

/* The longest legal straight move in a direction, searched in 0.1" steps;
 * 0 when there is none. */
int
sk_candidate_resolve(skirmish_game *g, skirmish_action *a)
{
	const struct sk_fig *f;
	int32_t reach, lo = 0, hi, dx, dy;
	int deg = (int)a->facing, rc;

	/* only a direction move has a figure to read: an end of turn has
	 * figure -1 (found by AddressSanitizer in .ci/run) */
	if (a->npoints != SK_DIRECTION_MOVE)
		return sk_action_legal(g, a);
	f = &g->figs[a->figure];
	reach = g->rs->allowance ? g->rs->allowance(g, a->figure) : 12 * MIL;
	hi = reach / 100;
	a->npoints = 1;
	a->facing = SKIRMISH_FACING_KEEP;
	while (lo < hi) {
		int32_t mid = (lo + hi + 1) / 2;
		sk_dir(deg, (int64_t)mid * 100, &dx, &dy);
		a->xy[0] = sk_to_inches((int64_t)f->x + dx);
		a->xy[1] = sk_to_inches((int64_t)f->y + dy);
		rc = sk_action_legal(g, a);
		if (rc < 0)
			return rc;
		if (rc)
			lo = mid;
		else
			hi = mid - 1;
	}
	if (lo == 0)
		return 0;
	/* lo was found legal in the search: no need to ask again */
	sk_dir(deg, (int64_t)lo * 100, &dx, &dy);
	a->xy[0] = sk_to_inches((int64_t)f->x + dx);
	a->xy[1] = sk_to_inches((int64_t)f->y + dy);
	return 1;
}

/* Candidate actions of one figure, unchecked (a move in a direction is left
 * to sk_candidate_resolve). */
static int
figure_candidates(skirmish_game *g, int fig)
{
	const struct sk_fig *f = &g->figs[fig];
	int32_t reach = g->rs->allowance ? g->rs->allowance(g, fig) : 12 * MIL;
	int i, d, rc = 0;

	if (!sk_fig_alive(g, fig) || f->player != g->st.order[g->st.active])
		return 0;
	for (i = 0; i < g->nfigs && rc == 0; i++) {
		const struct sk_fig *e = &g->figs[i];
		/* sk_is_enemy, with fig known to be in play */
		if (i == fig || (e->flags & (FIG_REMOVED | FIG_HORSE)) || e->player == f->player)
			continue;
		if (f->missile_weapon)
			rc = push(g, SKIRMISH_ACTION_SHOOT, fig, i, -1, 0, 0, 0);
		if (rc == 0 && sk_fig_within(g, fig, i, (int64_t)reach + MIL))
			rc = push(g, SKIRMISH_ACTION_CHARGE, fig, i, -1, 0, 0, 0);
		/* A26: where melees are pairs, a fight names its defender */
		if (rc == 0 && g->rs->melee_pairs && g->st.phase == SKIRMISH_PHASE_MELEE &&
		    sk_engaged(g, fig, i))
			rc = push(g, SKIRMISH_ACTION_FIGHT, fig, i, -1, 0, 0, 0);
	}
	if (!g->rs->melee_pairs)
		rc = rc ? rc : push(g, SKIRMISH_ACTION_FIGHT, fig, -1, -1, 0, 0, 0);
	if (f->missile_weapon)
		rc = rc ? rc : push(g, SKIRMISH_ACTION_RELOAD, fig, -1, -1, 0, 0, 0);
	for (i = 0; i < g->nfigs && rc == 0; i++)
		if ((g->figs[i].flags & (FIG_HORSE | FIG_REMOVED)) == FIG_HORSE)
			rc = push(g, SKIRMISH_ACTION_MOUNT, fig, i, -1, 0, 0, 0);
	if (f->flags & FIG_MOUNTED)
		rc = rc ? rc : push(g, SKIRMISH_ACTION_DISMOUNT, fig, -1, -1, 0, 0, 0);
	if (g->rs->turn)
		for (d = 0; d < 360 && rc == 0; d += 45)
			if (d != f->facing)
				rc = push(g, SKIRMISH_ACTION_TURN, fig, -1, d, 0, 0, 0);
	for (d = 0; d < 360 && rc == 0; d += 45)
		rc = push(g, SKIRMISH_ACTION_MOVE, fig, -1, d, SK_DIRECTION_MOVE, 0, 0);
	/* the centre of each piece of cover within reach */
	for (i = 0; i < g->nterr && rc == 0; i++) {
		const struct sk_terrain *t = &g->terr[i];
		int64_t cx = 0, cy = 0;
		int k;
		if (!(t->flags & SKIRMISH_TERRAIN_COVER))
			continue;
		for (k = 0; k < t->npts; k++) {
			cx += t->p[k].x;
			cy += t->p[k].y;
		}
		cx /= t->npts;
		cy /= t->npts;
		if (cx - f->x > reach || f->x - cx > reach || cy - f->y > reach ||
		    f->y - cy > reach)
			continue;
		rc = push(g, SKIRMISH_ACTION_MOVE, fig, -1, -1, 1, (int32_t)cx, (int32_t)cy);
	}
	return rc;
}

int
sk_candidates(skirmish_game *g, int figure)
{
	int i, rc = 0;

	g->cand.n = 0;
	if (g->st.state != SKIRMISH_STATE_PLAYING)
		return 0;
	if (figure >= 0)
		return figure_candidates(g, figure);
	for (i = 0; i < g->nfigs && rc == 0; i++)
		rc = figure_candidates(g, i);
	rc = rc ? rc : push(g, SKIRMISH_ACTION_END_PHASE, -1, -1, -1, 0, 0, 0);
	return rc ? rc : push(g, SKIRMISH_ACTION_END_TURN, -1, -1, -1, 0, 0, 0);
}

size_t
sk_cand_count(const skirmish_game *g)
{
	return g->cand.n;
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

SKIRMISH_EXPORT int
skirmish_game_legal_actions(skirmish_game *g, int figure, skirmish_action *out, int max,
			    int *count)
{
	int n = 0, rc;
	size_t i;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_legal_actions") < 0)
		return SKIRMISH_E_STATE;
	if (max < 0 || (max > 0 && !out))
		return sk_error(g, SKIRMISH_E_INVALID, "legal_actions: out and max disagree");
	if (figure < -1 || figure >= g->nfigs)
		return sk_error(g, SKIRMISH_E_NO_FIGURE, "no figure %d", figure);
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "legal_actions: not from inside a callback");
	rc = sk_candidates(g, figure);
	if (rc < 0)
		return rc;
	for (i = 0; i < g->cand.n; i++) {
		const struct sk_cand *c = (const struct sk_cand *)g->cand.p + i;
		skirmish_action a;
		/* a figure that can take no action now has no legal one: the
		 * ruleset's can_act is exact, so the list is the same without
		 * probing its candidates */
		if (c->figure >= 0 && g->rs->can_act && !g->rs->can_act(g, c->figure))
			continue;
		sk_cand_action(c, &a);
		rc = sk_candidate_resolve(g, &a);
		if (rc < 0)
			return rc;
		if (!rc)
			continue;
		if (n < max)
			out[n] = a;
		n++;
	}
	if (count)
		*count = n;
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return 0;
}

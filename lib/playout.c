/* SPDX-License-Identifier: MIT */
/*
 * Batch playouts and the built-in policies.
 *
 * The random policy is uniform over the legal actions without listing them
 * all: it draws candidates (legal.c) at random and takes the first legal
 * one, which is a uniform draw from the legal ones. Its candidates turn on
 * the spot only towards an enemy and move straight only in the three
 * directions that close on it (sk_random_candidates): random figures that
 * spun in place, and then ones that wandered, kept random Sampson games
 * from ever ending. The greedy policy asks
 * the exact odds of every legal shot, charge and fight and takes the best
 * expected result; failing one worth taking it closes on the nearest enemy,
 * and failing that it ends the phase or the turn. The rollout policy is
 * the cheap one for tree search: no odds, a few trials a figure.
 */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "odds.h"

#define DEFAULT_MAX_ACTIONS 5000

/* splitmix64 step: the policy's own random numbers */
static uint64_t
next_rand(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* uniform in 0..n-1 (rejection: unbiased) */
static size_t
rand_below(uint64_t *s, size_t n)
{
	uint64_t lim = UINT64_MAX - UINT64_MAX % n, v;

	do
		v = next_rand(s);
	while (v >= lim);
	return (size_t)(v % n);
}

static int
random_action(skirmish_game *g, uint64_t *rng, skirmish_action *out)
{
	struct sk_move_ctx ctx;
	size_t n;
	int rc = sk_random_candidates(g);

	if (rc < 0)
		return rc;
	sk_move_ctx_init(&ctx, 0); /* one candidate or two are drawn */
	while ((n = sk_cand_count(g)) > 0) {
		size_t i = rand_below(rng, n);
		skirmish_action a;
		sk_cand_get(g, i, &a);
		rc = sk_candidate_resolve(g, &a, &ctx);
		if (rc < 0)
			return rc;
		if (rc) {
			*out = a;
			return 0;
		}
		/* a refusal that holds for the figure's every action of the
		 * kind drops them all: none of them can be drawn legal */
		sk_cand_drop_refused(g, i);
	}
	return sk_error(g, SKIRMISH_E_STATE, "no legal action");
}

/* What an outcome is worth to the acting side. */
static double
outcome_value(const skirmish_odds_outcome *o)
{
	double sign = o->side == 0 ? -1.0 : 1.0;

	switch (o->outcome) {
	case SKIRMISH_OUTCOME_KILL: return sign * 1.0;
	case SKIRMISH_OUTCOME_HIT: return 0.45;
	case SKIRMISH_OUTCOME_HORSE_KILLED: return 0.4;
	case SKIRMISH_OUTCOME_SUPPRESSED: return 0.3;
	case SKIRMISH_OUTCOME_ATTACKER_WINS: return 1.0;
	case SKIRMISH_OUTCOME_DEFENDER_WINS: return -1.0;
	case SKIRMISH_OUTCOME_PUSHED_BACK: return sign * 0.3;
	default: return 0.0;
	}
}

/* The least of best and the gaps from base rf, centred at c and within ra
 * of it, to the enemies of fig among the n ids (every figure if n < 0). */
static int64_t
nearest_among(const skirmish_game *g, int fig, const sk_pt rf[4], sk_pt c, int64_t ra,
	      const int *ids, int n, int64_t best)
{
	sk_pt ro[4];
	int64_t near2 = INT64_MAX, d;
	int i, k, nearest = -1;

	/* the bases are no farther apart than their centres, so the enemy
	 * of the nearest centre is often the nearest: its gap is asked
	 * first (the least of them all is the same in any order), and every
	 * other enemy whose gap is surely past the least so far is left out
	 * before its exact gap is asked (in a crowd, all but a few) */
	SK_NEAR_EACH(g, n, ids, k, i) {
		const struct sk_fig *e = &g->figs[i];
		int64_t dx = (int64_t)e->x - c.x, dy = (int64_t)e->y - c.y;
		if (sk_is_enemy(g, fig, i) && dx * dx + dy * dy < near2) {
			near2 = dx * dx + dy * dy;
			nearest = i;
		}
	}
	if (near2 == INT64_MAX)
		return best;
	sk_fig_rect(&g->figs[nearest], ro);
	d = sk_poly_gap(rf, 4, ro, 4);
	if (d < best)
		best = d;
	SK_NEAR_EACH(g, n, ids, k, i) {
		const struct sk_fig *e = &g->figs[i];
		int64_t dx = e->x > c.x ? (int64_t)e->x - c.x : (int64_t)c.x - e->x;
		int64_t dy = e->y > c.y ? (int64_t)e->y - c.y : (int64_t)c.y - e->y;
		int64_t low;

		if (!sk_is_enemy(g, fig, i))
			continue;
		/* each base lies within (w + d) / 2 of its centre, so the gap
		 * is at least low: a whole mil past the best, it cannot round
		 * to less */
		low = (dx > dy ? dx : dy) - ra - ((int64_t)e->w + e->d + 1) / 2;
		if (i == nearest || low > best)
			continue;
		/* the same by the centres' distance, a mil less for the
		 * square root's rounding down */
		low = (int64_t)sqrt((double)(dx * dx + dy * dy)) - 1 - ra -
		      ((int64_t)e->w + e->d + 1) / 2;
		if (low > best)
			continue;
		sk_fig_rect(e, ro);
		d = sk_poly_gap(rf, 4, ro, 4);
		if (d < best)
			best = d;
	}
	return best;
}

/* The gap from fig's base, were it standing at c, to the nearest enemy.
 * A game of a few hundred figures is scanned. A bigger one asks the
 * spatial index for the figures in a square around c, doubled until the
 * nearest found is nearer than any figure outside it can be (a base
 * outside the square is more than its half-side from c, less ra); a
 * square too big for the index is a scan again. */
int64_t
sk_nearest_enemy_gap(const skirmish_game *g, int fig, sk_pt c)
{
	const struct sk_fig *f = &g->figs[fig];
	int64_t best = INT64_MAX, ra = ((int64_t)f->w + f->d + 1) / 2, half = 12 * MIL;
	int ids[SK_NEAR_MAX], n;
	sk_pt rf[4];

	sk_rect(c, f->w, f->d, f->facing, rf);
	for (;;) {
		if (g->nfigs <= SK_NEAR_MAX || half > 2 * (int64_t)SK_COORD_MAX)
			n = -1;
		else
			n = sk_near(g, (int32_t)(c.x - half), (int32_t)(c.y - half),
				    (int32_t)(c.x + half), (int32_t)(c.y + half), 0, ids);
		/* a scan, told the nearest found in the last square (a dense
		 * crowd overfills the index's answer): it skips every figure
		 * past that without its exact gap */
		if (n < 0)
			return nearest_among(g, fig, rf, c, ra, NULL, -1, best);
		best = nearest_among(g, fig, rf, c, ra, ids, n, INT64_MAX);
		if (best < half - ra)
			return best;
		half *= 2;
	}
}

static int
greedy_action(skirmish_game *g, uint64_t *rng, skirmish_action *out)
{
	skirmish_action best, a;
	double bestv = -1e9;
	struct sk_cand_walk walk;
	int64_t before = INT64_MAX;
	int rc = sk_policy_candidates(g), found = 0, before_fig = -1;

	if (rc < 0)
		return rc;
	sk_cand_walk_init(&walk, 1); /* every candidate is weighed */
	while ((rc = sk_cand_next(g, &walk, &a)) > 0) {
		double v = 0.0;
		switch (a.kind) {
		case SKIRMISH_ACTION_SHOOT:
		case SKIRMISH_ACTION_CHARGE:
		case SKIRMISH_ACTION_FIGHT: {
			skirmish_odds o;
			int k;
			skirmish_odds_init(&o, SKIRMISH_ODDS_VERSION);
			rc = skirmish_game_odds(g, &a, &o);
			if (rc == SKIRMISH_E_NOMEM)
				return rc;
			if (rc < 0)
				continue;
			for (k = 0; k < o.noutcomes; k++)
				v += o.outcomes[k].probability * outcome_value(&o.outcomes[k]);
			/* a fight that must be fought is fought; else only good ones */
			if (a.kind == SKIRMISH_ACTION_FIGHT)
				v += 0.5;
			break;
		}
		case SKIRMISH_ACTION_MOVE: {
			/* closing on the enemy is worth a little */
			sk_pt here, there;
			int64_t after;
			here.x = g->figs[a.figure].x;
			here.y = g->figs[a.figure].y;
			if (sk_to_mils(a.xy[0], &there.x) < 0 || sk_to_mils(a.xy[1], &there.y) < 0)
				continue;
			/* the figure's moves are listed together: one gap from
			 * where it stands serves them all */
			if (a.figure != before_fig) {
				before = sk_nearest_enemy_gap(g, a.figure, here);
				before_fig = a.figure;
			}
			after = sk_nearest_enemy_gap(g, a.figure, there);
			v = before == INT64_MAX ? 0.0 : 0.02 * (double)(before - after) / MIL;
			break;
		}
		case SKIRMISH_ACTION_RELOAD:
			v = 0.2;
			break;
		case SKIRMISH_ACTION_TURN:
			v = -0.2;
			break;
		case SKIRMISH_ACTION_END_PHASE:
		case SKIRMISH_ACTION_END_TURN:
			v = a.kind == SKIRMISH_ACTION_END_PHASE ? -0.01 : -0.02;
			break;
		default:
			v = -0.1;
			break;
		}
		/* ties go to a random one of them */
		if (!found || v > bestv || (v == bestv && (next_rand(rng) & 1))) {
			best = a;
			bestv = v;
			found = 1;
		}
	}
	if (rc < 0)
		return rc;
	if (!found)
		return sk_error(g, SKIRMISH_E_STATE, "no legal action");
	*out = best;
	return 0;
}

/* ------------------------------------------------------------------ */
/* the rollout policy                                                   */
/* ------------------------------------------------------------------ */

/* A candidate's place in the rollout policy's order of preference: 0 a
 * fight, 1 a shot, 2 a charge or a reload, 3 a straight move; -1 never. */
static int
rollout_rank(const struct sk_cand *c)
{
	switch (c->kind) {
	case SKIRMISH_ACTION_FIGHT: return 0;
	case SKIRMISH_ACTION_SHOOT: return 1;
	case SKIRMISH_ACTION_CHARGE:
	case SKIRMISH_ACTION_RELOAD: return 2;
	case SKIRMISH_ACTION_MOVE: return c->npoints == SK_DIRECTION_MOVE ? 3 : -1;
	default: return -1;
	}
}

/* Drops every candidate of fig. */
static void
rollout_drop_figure(skirmish_game *g, int fig)
{
	size_t i = sk_cand_count(g);

	while (i-- > 0)
		if (sk_cand_at(g, i)->figure == fig)
			sk_cand_drop(g, i);
}

/* The index of the r-th candidate of fig of that rank, or the number of
 * them when r is past them. */
static size_t
rollout_find(const skirmish_game *g, int fig, int rank, size_t r)
{
	size_t i, n = sk_cand_count(g), m = 0;

	for (i = 0; i < n; i++)
		if (sk_cand_at(g, i)->figure == fig && rollout_rank(sk_cand_at(g, i)) == rank) {
			if (m == r)
				return i;
			m++;
		}
	return m;
}

/* Whether the phase has actions of that rank: the phases of Sampson Ships
 * (A2) each have one kind (moves and charges, shots, fights); Senso's one
 * phase has them all. Saves the trials a phase would refuse. */
static int
rank_in_phase(int phase, int rank)
{
	switch (phase) {
	case SKIRMISH_PHASE_MOVE: return rank == 2 || rank == 3;
	case SKIRMISH_PHASE_MISSILE: return rank == 1;
	case SKIRMISH_PHASE_MELEE: return rank == 0;
	default: return 1;
	}
}

/* The candidates of one figure and rank whose indexes rollout_try keeps;
 * a figure with more has each draw found by rollout_find. */
#define ROLLOUT_TRY_MAX 64

/* An action of fig of that rank, its candidates tried in random order; 1
 * with *out, 0 when it has none, or an error. Each draw is the r-th of
 * them left in the list's order, r uniform below their number. */
static int
rollout_try(skirmish_game *g, int fig, int rank, uint64_t *rng, skirmish_action *out)
{
	struct sk_move_ctx ctx;
	size_t idx[ROLLOUT_TRY_MAX], m = 0, n = sk_cand_count(g), i, r;
	int rc, kept;

	if (!rank_in_phase(g->st.phase, rank))
		return 0;
	sk_move_ctx_init(&ctx, 0);
	/* their indexes, in order, found once */
	for (i = 0; i < n; i++)
		if (sk_cand_at(g, i)->figure == fig && rollout_rank(sk_cand_at(g, i)) == rank) {
			if (m < ROLLOUT_TRY_MAX)
				idx[m] = i;
			m++;
		}
	/* each try drops one of them (a refused one), so m counts them */
	kept = m <= ROLLOUT_TRY_MAX;
	for (; m > 0; m--) {
		r = rand_below(rng, m);
		i = kept ? idx[r] : rollout_find(g, fig, rank, r);
		sk_cand_get(g, i, out);
		rc = sk_candidate_resolve(g, out, &ctx);
		if (rc)
			return rc;
		/* the drop moves the list's last candidate into i: when it is
		 * the last of these, it takes the r-th place, which keeps the
		 * order; else the r-th leaves it */
		n = sk_cand_count(g);
		sk_cand_drop(g, i);
		if (!kept || (r + 1 < m && idx[m - 1] == n - 1))
			continue;
		for (; r + 1 < m; r++)
			idx[r] = idx[r + 1];
	}
	return 0;
}

static int64_t
dist2(sk_pt a, sk_pt b)
{
	int64_t dx = (int64_t)a.x - b.x, dy = (int64_t)a.y - b.y;

	return dx * dx + dy * dy;
}

/* The centre of the enemy of fig whose centre is nearest to fig's, given
 * the gap to the nearest enemy base: that enemy's centre lies within the
 * gap, fig's reach and its own of fig's centre, so the spatial index is
 * asked for that square only (a small game is scanned). 0, or -1 for none. */
static int
nearest_enemy_centre(const skirmish_game *g, int fig, int64_t gap, sk_pt *out)
{
	const struct sk_fig *f = &g->figs[fig];
	int64_t half = gap + ((int64_t)f->w + f->d + 1) / 2 + (g->grid_reach + 1) / 2 + MIL,
		best = INT64_MAX;
	int ids[SK_NEAR_MAX], n = -1, i, k;
	sk_pt c;

	c.x = f->x;
	c.y = f->y;
	if (g->nfigs > SK_NEAR_MAX && g->grid_reach > 0 && half < SK_COORD_MAX)
		n = sk_near(g, (int32_t)(c.x - half), (int32_t)(c.y - half),
			    (int32_t)(c.x + half), (int32_t)(c.y + half), 0, ids);
	SK_NEAR_EACH(g, n, ids, k, i) {
		sk_pt e;
		int64_t d;
		if (!sk_is_enemy(g, fig, i))
			continue;
		e.x = g->figs[i].x;
		e.y = g->figs[i].y;
		d = dist2(c, e);
		if (d < best) {
			best = d;
			*out = e;
		}
	}
	return best == INT64_MAX ? -1 : 0;
}

/* The straight moves the rollout policy weighs for one figure. */
#define ROLLOUT_DIRECTIONS 16

/* The straight move of fig that closes most on the nearest enemy (by
 * centres; before is the gap to the nearest base): the directions by how
 * near a move of the allowance (or of the gap, if less) would end, the
 * best first, the first that is legal and ends nearer taken. 1 with *out,
 * 0 when none closes, or an error. Centres, not bases: a few multiplies a
 * direction instead of the exact gap to every enemy. */
static int
rollout_close(skirmish_game *g, int fig, int64_t before, skirmish_action *out)
{
	const struct sk_fig *f = &g->figs[fig];
	int facing[ROLLOUT_DIRECTIONS];
	int64_t score[ROLLOUT_DIRECTIONS], reach, d0;
	size_t first[ROLLOUT_DIRECTIONS]; /* the first candidate of that facing */
	struct sk_move_ctx ctx;
	size_t i, n = sk_cand_count(g);
	int k, nd = 0, rc;
	sk_pt here, enemy;

	if (before == INT64_MAX || before == 0 || !rank_in_phase(g->st.phase, 3) ||
	    nearest_enemy_centre(g, fig, before, &enemy) < 0)
		return 0;
	here.x = f->x;
	here.y = f->y;
	d0 = dist2(here, enemy);
	sk_move_ctx_init(&ctx, 0);
	reach = g->rs->allowance ? g->rs->allowance(g, fig) : 12 * MIL;
	if (reach > before)
		reach = before;
	for (i = 0; i < n && nd < ROLLOUT_DIRECTIONS; i++) {
		const struct sk_cand *c = sk_cand_at(g, i);
		int32_t dx, dy;
		sk_pt there;
		if (c->figure != fig || rollout_rank(c) != 3)
			continue;
		sk_dir(c->facing, reach, &dx, &dy);
		there.x = f->x + dx;
		there.y = f->y + dy;
		for (k = 0; k < nd && facing[k] != c->facing; k++)
			;
		first[nd] = k < nd ? first[k] : i;
		facing[nd] = c->facing;
		score[nd++] = dist2(there, enemy);
	}
	while (nd > 0) {
		int best = 0;
		sk_pt there;
		for (k = 1; k < nd; k++)
			if (score[k] < score[best])
				best = k;
		i = first[best];
		first[best] = first[nd - 1];
		facing[best] = facing[nd - 1];
		score[best] = score[--nd];
		sk_cand_get(g, i, out);
		rc = sk_candidate_resolve(g, out, &ctx);
		if (rc < 0)
			return rc;
		if (!rc || sk_to_mils(out->xy[0], &there.x) < 0 ||
		    sk_to_mils(out->xy[1], &there.y) < 0)
			continue;
		if (dist2(there, enemy) < d0)
			return 1;
	}
	return 0;
}

/* An action of no figure (end phase, end turn) if legal: 1, 0 or an error. */
static int
rollout_end(skirmish_game *g, int kind, skirmish_action *out)
{
	skirmish_action_init(out, SKIRMISH_ACTION_VERSION);
	out->kind = kind;
	out->figure = -1;
	out->target = -1;
	return sk_action_legal(g, out);
}

/* The direction of a player's exit edge (O4), or -1 without one. */
static int
exit_direction(const skirmish_game *g, int player)
{
	if (player < 0 || player > SKIRMISH_MAX_PLAYERS)
		return -1;
	switch (g->st.exit_edge[player]) {
	case SKIRMISH_EDGE_EAST: return 0;
	case SKIRMISH_EDGE_NORTH: return 90;
	case SKIRMISH_EDGE_WEST: return 180;
	case SKIRMISH_EDGE_SOUTH: return 270;
	default: return -1;
	}
}

/* What fig does for the objectives under the rollout policy: carrying
 * one, with an exit edge, the longest straight move towards that edge,
 * or either way beside it (O4: at the edge it leaves and its side wins);
 * else, when an objective lies on the table within its allowance
 * (centres), a move onto it (O2 picks it up; never the umpire's, G16). 1
 * with *out, 0 when it has none that is legal, or an error. Without it
 * the rollouts never take a counter nor carry one home, and a search
 * scored by them cannot see what either is worth. */
static int
rollout_objective(skirmish_game *g, int fig, skirmish_action *out)
{
	const struct sk_fig *f = &g->figs[fig];
	struct sk_move_ctx ctx;
	int i, k, d, rc, carries = 0;
	int64_t reach;

	if (!g->st.nobj || !rank_in_phase(g->st.phase, 3) || f->player == g->st.umpire)
		return 0;
	for (i = 0; i < g->st.nobj && i < SKIRMISH_MAX_OBJECTIVES; i++)
		if (g->st.obj[i].state == SKIRMISH_OBJECTIVE_CARRIED && g->st.obj[i].carrier == fig)
			carries = 1;
	/* a carrier goes home, or (without an exit edge) does as before */
	if (carries) {
		static const int beside[3] = { 0, 45, -45 };
		if ((d = exit_direction(g, f->player)) < 0)
			return 0;
		sk_move_ctx_init(&ctx, 0);
		for (k = 0; k < 3; k++) {
			skirmish_action_init(out, SKIRMISH_ACTION_VERSION);
			out->kind = SKIRMISH_ACTION_MOVE;
			out->figure = fig;
			out->target = -1;
			out->npoints = SK_DIRECTION_MOVE;
			out->facing = (d + beside[k] + 360) % 360;
			if ((rc = sk_candidate_resolve(g, out, &ctx)) != 0)
				return rc;
		}
		return 0;
	}
	reach = g->rs->allowance ? g->rs->allowance(g, fig) : 12 * MIL;
	for (i = 0; i < g->st.nobj && i < SKIRMISH_MAX_OBJECTIVES; i++) {
		const struct sk_objective *o = &g->st.obj[i];
		sk_pt from, to;
		if (o->state != SKIRMISH_OBJECTIVE_ON_TABLE)
			continue;
		from.x = f->x;
		from.y = f->y;
		to.x = o->x;
		to.y = o->y;
		if (dist2(from, to) > reach * reach || dist2(from, to) < (int64_t)MIL * MIL / 100)
			continue;
		skirmish_action_init(out, SKIRMISH_ACTION_VERSION);
		out->kind = SKIRMISH_ACTION_MOVE;
		out->figure = fig;
		out->target = -1;
		out->npoints = 1;
		out->facing = SKIRMISH_FACING_KEEP;
		out->xy[0] = sk_to_inches(o->x);
		out->xy[1] = sk_to_inches(o->y);
		rc = sk_action_legal(g, out);
		if (rc)
			return rc;
	}
	return 0;
}

/* Beyond this gap to the nearest enemy a figure closes before it shoots:
 * long shots forever at each other are a rollout that never ends. */
#define ROLLOUT_SHOT_GAP (12 * MIL)

/* What fig does under the rollout policy: a fight; within 12" of the
 * nearest enemy a shot, a charge or a reload, else a move that closes;
 * farther, a charge or a reload, a move that closes, else a shot. 1 with
 * *out, 0 when it does nothing, or an error. */
static int
rollout_figure(skirmish_game *g, int fig, uint64_t *rng, skirmish_action *out)
{
	sk_pt here;
	int64_t gap;
	int rc = rollout_try(g, fig, 0, rng, out);

	if (rc || (rc = rollout_objective(g, fig, out)) != 0)
		return rc;
	here.x = g->figs[fig].x;
	here.y = g->figs[fig].y;
	gap = sk_nearest_enemy_gap(g, fig, here);
	if (gap <= ROLLOUT_SHOT_GAP && (rc = rollout_try(g, fig, 1, rng, out)) != 0)
		return rc;
	if ((rc = rollout_try(g, fig, 2, rng, out)) != 0 ||
	    (rc = rollout_close(g, fig, gap, out)) != 0)
		return rc;
	return gap > ROLLOUT_SHOT_GAP ? rollout_try(g, fig, 1, rng, out) : 0;
}

/*
 * The rollout policy: the figures in random order (a random candidate's),
 * each that can act trying what rollout_figure() prefers; failing all,
 * the end of the phase or of the turn. Only the trials of what it takes:
 * no odds.
 */
static int
rollout_action(skirmish_game *g, uint64_t *rng, skirmish_action *out)
{
	size_t n;
	int rc = sk_candidates(g, -1);

	if (rc < 0)
		return rc;
	while ((n = sk_cand_count(g)) > 0) {
		int fig = sk_cand_at(g, rand_below(rng, n))->figure;
		if (fig >= 0 && (!g->rs->can_act || g->rs->can_act(g, fig))) {
			rc = rollout_figure(g, fig, rng, out);
			if (rc < 0)
				return rc;
			if (rc)
				return 0;
		}
		rollout_drop_figure(g, fig);
	}
	rc = rollout_end(g, SKIRMISH_ACTION_END_PHASE, out);
	if (rc == 0)
		rc = rollout_end(g, SKIRMISH_ACTION_END_TURN, out);
	if (rc < 0)
		return rc;
	return rc ? 0 : random_action(g, rng, out);
}

SKIRMISH_EXPORT int
skirmish_game_policy_action(skirmish_game *g, int policy, uint64_t *rng,
			    skirmish_action *out)
{
	int rc;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_policy_action") < 0)
		return SKIRMISH_E_STATE;
	if (!rng || !out)
		return sk_error(g, SKIRMISH_E_INVALID, "policy_action: rng_state and out");
	/* out is a versioned struct of the caller's: its version says which */
	if (out->version != SKIRMISH_ACTION_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "policy_action: unknown action version %u",
				out->version);
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "policy_action: not from inside a callback");
	if (g->st.state != SKIRMISH_STATE_PLAYING)
		return sk_error(g, SKIRMISH_E_STATE, "policy_action: the game is not being played");
	if (policy == SKIRMISH_POLICY_RANDOM)
		rc = random_action(g, rng, out);
	else if (policy == SKIRMISH_POLICY_GREEDY)
		rc = greedy_action(g, rng, out);
	else if (policy == SKIRMISH_POLICY_ROLLOUT)
		rc = rollout_action(g, rng, out);
	else
		return sk_error(g, SKIRMISH_E_INVALID, "unknown policy %d", policy);
	if (rc == 0) {
		g->err = SKIRMISH_OK;
		g->errmsg[0] = '\0';
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* the value of a game                                                  */
/* ------------------------------------------------------------------ */

/* What figure id, in play, is worth (skirmish_game_value), in halves: its
 * kit, and what its ruleset adds (Senso: its die, S1). */
static int64_t
figure_worth2(const skirmish_game *g, int id)
{
	const struct sk_fig *f = &g->figs[id];
	int64_t w = 2 * (2 + !!(f->flags & FIG_ARMOUR) + !!(f->flags & FIG_SHIELD) +
			 !!(f->flags & FIG_MOUNTED) + (f->missile_weapon != 0) +
			 !!(f->flags & FIG_MARTIAL));

	return g->rs->worth_bonus ? w + g->rs->worth_bonus(g, id) : w;
}

/* What each player still has, in halves: its figures' worth and 2 for
 * each objective it holds; into w[0..nplayers). */
static void
player_worth2(const skirmish_game *g, int64_t w[SKIRMISH_MAX_PLAYERS + 1])
{
	int i;

	memset(w, 0, (SKIRMISH_MAX_PLAYERS + 1) * sizeof(w[0]));
	for (i = 0; i < g->nfigs; i++)
		if (sk_fig_alive(g, i) && g->figs[i].player <= SKIRMISH_MAX_PLAYERS)
			w[g->figs[i].player] += figure_worth2(g, i);
	for (i = 0; i < g->st.nobj && i < SKIRMISH_MAX_OBJECTIVES; i++) {
		int p = sk_objective_holder(g, i);
		if (p >= 0 && p <= SKIRMISH_MAX_PLAYERS)
			w[p] += 4;
	}
}

/* The values of every player (skirmish_game_value) into v[0..nplayers). */
static void
game_values(const skirmish_game *g, double v[SKIRMISH_MAX_PLAYERS + 1])
{
	int64_t w[SKIRMISH_MAX_PLAYERS + 1], total = 0;
	int p, n = g->st.nplayers, sides = 0;

	memset(v, 0, (SKIRMISH_MAX_PLAYERS + 1) * sizeof(v[0]));
	if (g->st.state == SKIRMISH_STATE_OVER && g->st.winner >= 0 &&
	    g->st.winner <= SKIRMISH_MAX_PLAYERS) {
		v[g->st.winner] = 1.0;
		return;
	}
	player_worth2(g, w);
	for (p = 0; p < n; p++)
		if (p != g->st.umpire) {
			sides++;
			total += w[p];
		}
	for (p = 0; p < n; p++) {
		if (p == g->st.umpire)
			continue;
		if (g->st.state == SKIRMISH_STATE_OVER || total == 0)
			v[p] = 1.0 / sides;
		else
			v[p] = (double)w[p] / (double)total;
	}
}

SKIRMISH_EXPORT int
skirmish_game_value(const skirmish_game *g, int player, double *out)
{
	double v[SKIRMISH_MAX_PLAYERS + 1];

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_value") < 0)
		return SKIRMISH_E_STATE;
	if (!out)
		return sk_error(g, SKIRMISH_E_INVALID, "value: out may not be NULL");
	if (player < 0 || player >= g->st.nplayers || player > SKIRMISH_MAX_PLAYERS)
		return sk_error(g, SKIRMISH_E_INVALID, "value: no player %d (the game has %d)",
				player, g->st.nplayers);
	game_values(g, v);
	*out = v[player];
	return 0;
}

/* ------------------------------------------------------------------ */
/* playouts                                                             */
/* ------------------------------------------------------------------ */

/* The options of version 1 end before horizon; the stats before
 * horizon_stopped. */
#define OPTIONS_V1_SIZE offsetof(skirmish_playout_options, horizon)
#define STATS_V1_SIZE offsetof(skirmish_playout_stats, horizon_stopped)

SKIRMISH_EXPORT int
skirmish_playout_options_init(skirmish_playout_options *o, unsigned int version)
{
	static const skirmish_playout_options init = SKIRMISH_PLAYOUT_OPTIONS_INIT;

	if (!o)
		return SKIRMISH_E_INVALID;
	if (version == 1) {
		memcpy(o, &init, OPTIONS_V1_SIZE);
		o->version = 1;
		return 0;
	}
	if (version != SKIRMISH_PLAYOUT_OPTIONS_VERSION)
		return SKIRMISH_E_VERSION;
	*o = init;
	return 0;
}

SKIRMISH_EXPORT int
skirmish_playout_stats_init(skirmish_playout_stats *s, unsigned int version)
{
	if (!s)
		return SKIRMISH_E_INVALID;
	if (version != 1 && version != SKIRMISH_PLAYOUT_STATS_VERSION)
		return SKIRMISH_E_VERSION;
	memset(s, 0, version == 1 ? STATS_V1_SIZE : sizeof(*s));
	s->version = version;
	return 0;
}

static int
known_policy(int policy)
{
	return policy == SKIRMISH_POLICY_RANDOM || policy == SKIRMISH_POLICY_GREEDY ||
	       policy == SKIRMISH_POLICY_ROLLOUT;
}

SKIRMISH_EXPORT int
skirmish_game_playouts(skirmish_game *g, const skirmish_playout_options *opts,
		       skirmish_playout_stats *out)
{
	skirmish_playout_options o;
	skirmish_playout_stats st;
	struct sk_cb_frame lent;
	skirmish_game *w = NULL;
	long turns = 0;
	int i, rc = 0, max;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_playouts") < 0)
		return SKIRMISH_E_STATE;
	if (!opts || !out)
		return sk_error(g, SKIRMISH_E_INVALID, "playouts: options and out");
	if ((opts->version != 1 && opts->version != SKIRMISH_PLAYOUT_OPTIONS_VERSION) ||
	    (out->version != 1 && out->version != SKIRMISH_PLAYOUT_STATS_VERSION))
		return sk_error(g, SKIRMISH_E_VERSION, "playouts: unknown struct version");
	/* a caller of version 1 has no horizon: only its part is read */
	skirmish_playout_options_init(&o, SKIRMISH_PLAYOUT_OPTIONS_VERSION);
	memcpy(&o, opts, opts->version == 1 ? OPTIONS_V1_SIZE : sizeof(o));
	if (o.games < 1 || o.games > 100000000 || o.max_actions < 0 || o.horizon < 0)
		return sk_error(g, SKIRMISH_E_INVALID,
				"playouts: games must be 1 to 100,000,000, max_actions and "
				"horizon 0 or more");
	for (i = 0; i <= SKIRMISH_MAX_PLAYERS; i++)
		if (!known_policy(o.policy[i]))
			return sk_error(g, SKIRMISH_E_INVALID, "playouts: unknown policy %d",
					o.policy[i]);
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "playouts: not from inside a callback");
	if (g->st.state == SKIRMISH_STATE_OVER)
		return sk_error(g, SKIRMISH_E_STATE, "playouts: the game is over");
	max = o.max_actions ? o.max_actions : DEFAULT_MAX_ACTIONS;
	memset(&st, 0, sizeof(st));
	st.version = out->version;

	/* lent to the copies, whose allocator is g's, and to the progress
	 * callback: nothing may change it meanwhile (sk_busy) */
	sk_cb_enter(g, &lent, "skirmish_game_playouts of this game", 0);
	rc = skirmish_game_clone(g, &w);
	if (rc < 0) {
		sk_cb_leave(g, &lent);
		return sk_error(g, rc, "playouts: %s", skirmish_strerror(rc));
	}
	/* the copies carry no history (skirmish_game_copy into a game whose
	 * limit is 0) */
	skirmish_game_set_history_limit(w, 0);
	for (i = 0; i < o.games; i++) {
		uint64_t rng = o.seed ^ (UINT64_C(0xD1B54A32D192ED03) * (uint64_t)(i + 1));
		double v[SKIRMISH_MAX_PLAYERS + 1];
		int n, p, stop_turn;

		rc = skirmish_game_copy(w, g);
		if (rc < 0)
			break;
		skirmish_game_set_roller(w, NULL, NULL);
		skirmish_game_set_event_callback(w, NULL, NULL);
		skirmish_game_script_dice(w, NULL, 0, 0);
		skirmish_game_set_seed(w, next_rand(&rng));
		if (w->st.state == SKIRMISH_STATE_SETUP) {
			rc = skirmish_game_start(w, NULL);
			if (rc < 0)
				break;
		}
		/* the horizon: the game turn the present one + horizon */
		stop_turn = o.horizon > 0 && w->st.turn <= INT_MAX - o.horizon ?
			    w->st.turn + o.horizon : 0;
		for (n = 0; n < max && w->st.state == SKIRMISH_STATE_PLAYING &&
			    (!stop_turn || w->st.turn < stop_turn); n++) {
			skirmish_action a;
			a.version = SKIRMISH_ACTION_VERSION;
			rc = skirmish_game_policy_action(w, o.policy[w->st.order[w->st.active]],
							 &rng, &a);
			if (rc < 0)
				break;
			rc = skirmish_game_act(w, &a, NULL);
			if (rc < 0)
				break;
		}
		if (rc < 0)
			break;
		st.actions += n;
		turns += w->st.turn;
		if (w->st.state == SKIRMISH_STATE_OVER) {
			if (w->st.winner >= 0)
				st.wins[w->st.winner]++;
			else
				st.draws++;
		} else if (stop_turn && w->st.turn >= stop_turn) {
			st.horizon_stopped++;
		} else {
			st.unfinished++;
		}
		game_values(w, v);
		for (p = 0; p <= SKIRMISH_MAX_PLAYERS; p++)
			st.value[p] += v[p];
		st.games++;
		if (o.progress) {
			struct sk_cb_frame f;
			sk_cb_enter(g, &f, "the progress callback", 0);
			o.progress(o.progress_data, i + 1, o.games);
			sk_cb_leave(g, &f);
		}
	}
	sk_cb_leave(g, &lent);
	if (rc < 0) {
		rc = sk_error(g, rc, "playouts: game %d: %s", i, skirmish_game_errmsg(w));
		skirmish_game_free(w);
		return rc;
	}
	skirmish_game_free(w);
	st.average_actions = (double)st.actions / st.games;
	st.average_turns = (double)turns / st.games;
	/* never past the end of the caller's version */
	memcpy(out, &st, st.version == 1 ? STATS_V1_SIZE : sizeof(st));
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return 0;
}

/*
 * Batch playouts and the built-in policies.
 *
 * The random policy is uniform over the legal actions without listing them
 * all: it draws candidates (legal.c) at random and takes the first legal
 * one, which is a uniform draw from the legal ones. The greedy policy asks
 * the exact odds of every legal shot, charge and fight and takes the best
 * expected result; failing one worth taking it closes on the nearest enemy,
 * and failing that it ends the phase or the turn.
 */
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
	size_t n;
	int rc = sk_candidates(g, -1);

	if (rc < 0)
		return rc;
	while ((n = sk_cand_count(g)) > 0) {
		size_t i = rand_below(rng, n);
		skirmish_action a;
		sk_cand_get(g, i, &a);
		rc = sk_candidate_resolve(g, &a);
		if (rc < 0)
			return rc;
		if (rc) {
			*out = a;
			return 0;
		}
		sk_cand_drop(g, i);
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
	int i, k;

	SK_NEAR_EACH(g, n, ids, k, i) {
		const struct sk_fig *e = &g->figs[i];
		int64_t dx = e->x > c.x ? (int64_t)e->x - c.x : (int64_t)c.x - e->x;
		int64_t dy = e->y > c.y ? (int64_t)e->y - c.y : (int64_t)c.y - e->y;
		int64_t d;

		if (!sk_is_enemy(g, fig, i))
			continue;
		/* each base lies within (w + d) / 2 of its centre, so the gap
		 * is at least this: a whole mil past the best, it cannot round
		 * to less */
		if ((dx > dy ? dx : dy) - ra - ((int64_t)e->w + e->d + 1) / 2 > best)
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
		if (n < 0)
			return nearest_among(g, fig, rf, c, ra, NULL, -1, INT64_MAX);
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
	size_t i, n;
	int rc = sk_candidates(g, -1), found = 0;

	if (rc < 0)
		return rc;
	n = sk_cand_count(g);
	for (i = 0; i < n; i++) {
		double v = 0.0;
		sk_cand_get(g, i, &a);
		rc = sk_candidate_resolve(g, &a);
		if (rc < 0)
			return rc;
		if (!rc)
			continue;
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
			int64_t before, after;
			here.x = g->figs[a.figure].x;
			here.y = g->figs[a.figure].y;
			if (sk_to_mils(a.xy[0], &there.x) < 0 || sk_to_mils(a.xy[1], &there.y) < 0)
				continue;
			before = sk_nearest_enemy_gap(g, a.figure, here);
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
	if (!found)
		return sk_error(g, SKIRMISH_E_STATE, "no legal action");
	*out = best;
	return 0;
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
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "policy_action: not from inside a callback");
	if (g->st.state != SKIRMISH_STATE_PLAYING)
		return sk_error(g, SKIRMISH_E_STATE, "policy_action: the game is not being played");
	if (policy == SKIRMISH_POLICY_RANDOM)
		rc = random_action(g, rng, out);
	else if (policy == SKIRMISH_POLICY_GREEDY)
		rc = greedy_action(g, rng, out);
	else
		return sk_error(g, SKIRMISH_E_INVALID, "unknown policy %d", policy);
	if (rc == 0) {
		g->err = SKIRMISH_OK;
		g->errmsg[0] = '\0';
	}
	return rc;
}

SKIRMISH_EXPORT int
skirmish_playout_options_init(skirmish_playout_options *o, unsigned int version)
{
	static const skirmish_playout_options init = SKIRMISH_PLAYOUT_OPTIONS_INIT;

	if (!o)
		return SKIRMISH_E_INVALID;
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
	if (version != SKIRMISH_PLAYOUT_STATS_VERSION)
		return SKIRMISH_E_VERSION;
	memset(s, 0, sizeof(*s));
	s->version = SKIRMISH_PLAYOUT_STATS_VERSION;
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_playouts(skirmish_game *g, const skirmish_playout_options *o,
		       skirmish_playout_stats *out)
{
	skirmish_playout_stats st;
	struct sk_cb_frame lent;
	skirmish_game *w = NULL;
	long turns = 0;
	int i, rc = 0, max;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_playouts") < 0)
		return SKIRMISH_E_STATE;
	if (!o || !out)
		return sk_error(g, SKIRMISH_E_INVALID, "playouts: options and out");
	if (o->version != SKIRMISH_PLAYOUT_OPTIONS_VERSION ||
	    out->version != SKIRMISH_PLAYOUT_STATS_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "playouts: unknown struct version");
	if (o->games < 1 || o->games > 100000000 || o->max_actions < 0)
		return sk_error(g, SKIRMISH_E_INVALID,
				"playouts: games must be 1 or more, max_actions 0 or more");
	for (i = 0; i <= SKIRMISH_MAX_PLAYERS; i++)
		if (o->policy[i] != SKIRMISH_POLICY_RANDOM && o->policy[i] != SKIRMISH_POLICY_GREEDY)
			return sk_error(g, SKIRMISH_E_INVALID, "playouts: unknown policy %d",
					o->policy[i]);
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "playouts: not from inside a callback");
	if (g->st.state == SKIRMISH_STATE_OVER)
		return sk_error(g, SKIRMISH_E_STATE, "playouts: the game is over");
	max = o->max_actions ? o->max_actions : DEFAULT_MAX_ACTIONS;
	memset(&st, 0, sizeof(st));
	st.version = SKIRMISH_PLAYOUT_STATS_VERSION;

	/* lent to the copies, whose allocator is g's, and to the progress
	 * callback: nothing may change it meanwhile (sk_busy) */
	sk_cb_enter(g, &lent, "skirmish_game_playouts of this game", 0);
	rc = skirmish_game_clone(g, &w);
	if (rc < 0) {
		sk_cb_leave(g, &lent);
		return sk_error(g, rc, "playouts: %s", skirmish_strerror(rc));
	}
	for (i = 0; i < o->games; i++) {
		uint64_t rng = o->seed ^ (UINT64_C(0xD1B54A32D192ED03) * (uint64_t)(i + 1));
		int n;

		rc = skirmish_game_copy(w, g);
		if (rc < 0)
			break;
		skirmish_game_set_history_limit(w, 0);
		skirmish_game_set_roller(w, NULL, NULL);
		skirmish_game_set_event_callback(w, NULL, NULL);
		skirmish_game_script_dice(w, NULL, 0, 0);
		skirmish_game_set_seed(w, next_rand(&rng));
		if (w->st.state == SKIRMISH_STATE_SETUP) {
			rc = skirmish_game_start(w, NULL);
			if (rc < 0)
				break;
		}
		for (n = 0; n < max && w->st.state == SKIRMISH_STATE_PLAYING; n++) {
			skirmish_action a;
			int p = w->st.order[w->st.active];
			rc = skirmish_game_policy_action(w, o->policy[p], &rng, &a);
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
		if (w->st.state != SKIRMISH_STATE_OVER)
			st.unfinished++;
		else if (w->st.winner >= 0)
			st.wins[w->st.winner]++;
		else
			st.draws++;
		st.games++;
		if (o->progress) {
			struct sk_cb_frame f;
			sk_cb_enter(g, &f, "the progress callback", 0);
			o->progress(o->progress_data, i + 1, o->games);
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
	*out = st;
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return 0;
}

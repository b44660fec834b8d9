/* SPDX-License-Identifier: MIT */
/*
 * Exact odds, and the probe beneath them and the legal actions (legal.c).
 *
 * Every die goes through sk_roll(), and every action is all-or-nothing, so
 * the odds of an action need no model of the rules: the action is probed,
 * that is run with dice chosen here and always rolled back. Walking every
 * sequence of dice it asks for gives the exact distribution of outcomes. A
 * die of a later round (a tie rolled again, Senso S10) repeats the first
 * round with the same modifiers, so its branch is summed as a geometric
 * series instead of being walked.
 */
#include <string.h>

#include "odds.h"

#define MAX_SEQUENCES 2000000L

struct frac {
	uint64_t n, d;
};

static uint64_t
gcd64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static struct frac
frac_add(struct frac a, struct frac b)
{
	struct frac r;
	uint64_t g = gcd64(a.d, b.d), l;

	if (a.n == 0)
		return b;
	if (b.n == 0)
		return a;
	l = a.d / g * b.d;
	r.n = a.n * (l / a.d) + b.n * (l / b.d);
	r.d = l;
	g = gcd64(r.n, r.d);
	r.n /= g;
	r.d /= g;
	return r;
}

struct walk {
	skirmish_game *g;
	const skirmish_action *a;
	int vals[SK_PROBE_MAX];
	skirmish_odds *out;
	struct frac acc[SKIRMISH_ODDS_MAX];
	struct frac tie;              /* mass of the current fight's ties */
	int have_mods;
	int root_round;               /* round of the current fight's first die, or -1 */
	long sequences;
};

static int
probe_run(skirmish_game *g, const skirmish_action *a, const int *vals, int n)
{
	int rc;

	g->probe.active = 1;
	g->probe.n = n;
	g->probe.pos = 0;
	if (n)
		memcpy(g->probe.vals, vals, (size_t)n * sizeof(int));
	rc = skirmish_game_act(g, a, NULL);
	g->probe.active = 0;
	sk_dice_refresh(g);
	return rc;
}

static int
add_leaf(struct walk *w, uint64_t den)
{
	skirmish_odds *o = w->out;
	struct frac p;
	int i;

	p.n = 1;
	p.d = den;
	for (i = 0; i < o->noutcomes; i++)
		if (o->outcomes[i].outcome == w->g->probe.outcome &&
		    o->outcomes[i].value == w->g->probe.value &&
		    o->outcomes[i].side == w->g->probe.side)
			break;
	if (i == o->noutcomes) {
		if (i == SKIRMISH_ODDS_MAX)
			return sk_error(w->g, SKIRMISH_E_LIMIT, "more than %d outcomes",
					SKIRMISH_ODDS_MAX);
		o->noutcomes++;
		o->outcomes[i].outcome = w->g->probe.outcome;
		o->outcomes[i].value = w->g->probe.value;
		o->outcomes[i].side = w->g->probe.side;
		w->acc[i].n = 0;
		w->acc[i].d = 1;
	}
	w->acc[i] = frac_add(w->acc[i], p);
	return 0;
}

static struct frac
frac_mul(struct frac a, struct frac b)
{
	uint64_t g1 = gcd64(a.n, b.d), g2 = gcd64(b.n, a.d);
	struct frac r;

	if (a.n == 0 || b.n == 0) {
		r.n = 0;
		r.d = 1;
		return r;
	}
	r.n = (a.n / g1) * (b.n / g2);
	r.d = (a.d / g2) * (b.d / g1);
	return r;
}

/* a - b, for a >= b */
static struct frac
frac_sub(struct frac a, struct frac b)
{
	struct frac r;
	uint64_t g = gcd64(a.d, b.d), l, gg;

	if (b.n == 0)
		return a;
	l = a.d / g * b.d;
	r.n = a.n * (l / a.d) - b.n * (l / b.d);
	r.d = l;
	gg = gcd64(r.n, r.d);
	if (gg > 1) {
		r.n /= gg;
		r.d /= gg;
	}
	if (r.n == 0)
		r.d = 1;
	return r;
}

static int walk(struct walk *w, int n, uint64_t den);

/*
 * The dice of a fight from its first die (prefix n, reached with
 * probability 1/den). A later round of the same fight (a tie rolled again,
 * Senso S10) repeats it with the same modifiers, so the ties found in it
 * are not walked: their mass T is given back to the fight's outcomes in
 * proportion, each scaled by p / (p - T), p = 1/den (a geometric series).
 * A fight after it (S27: one per enemy player) is a fight of its own.
 */
static int
walk_fight(struct walk *w, int n, uint64_t den, int sides)
{
	struct frac before[SKIRMISH_ODDS_MAX], tie = w->tie, p, k;
	int had = w->out->noutcomes, root = w->root_round, i, v, rc;

	memcpy(before, w->acc, sizeof(before));
	w->tie.n = 0;
	w->tie.d = 1;
	w->root_round = w->g->probe.need_round;
	for (v = 1; v <= sides; v++) {
		w->vals[n] = v;
		rc = walk(w, n + 1, den * (uint64_t)sides);
		if (rc < 0)
			return rc;
	}
	if (w->tie.n) {
		p.n = 1;
		p.d = den;
		/* k = T / (p - T): what each outcome gets on top of its mass */
		{
			struct frac pt = frac_sub(p, w->tie), inv;
			inv.n = pt.d;
			inv.d = pt.n;
			k = frac_mul(w->tie, inv);
		}
		for (i = 0; i < w->out->noutcomes; i++) {
			struct frac mine = i < had ? frac_sub(w->acc[i], before[i]) : w->acc[i];
			w->acc[i] = frac_add(w->acc[i], frac_mul(mine, k));
		}
		w->out->rerolls = 1;
	}
	w->tie = tie;
	w->root_round = root;
	return 0;
}

static int
walk(struct walk *w, int n, uint64_t den)
{
	int rc = probe_run(w->g, w->a, w->vals, n), v, sides;

	if (!w->have_mods && (rc >= 0 || rc == SK_E_PROBE)) {
		int i;
		w->out->nmodifiers = w->g->probe.nmods < SKIRMISH_ODDS_MODIFIERS ?
					     w->g->probe.nmods : SKIRMISH_ODDS_MODIFIERS;
		for (i = 0; i < w->out->nmodifiers; i++)
			w->out->modifiers[i] = w->g->probe.mods[i];
	}
	if (rc >= 0) {
		w->have_mods = 1;
		if (++w->sequences > MAX_SEQUENCES)
			return sk_error(w->g, SKIRMISH_E_LIMIT, "too many dice sequences");
		return add_leaf(w, den);
	}
	if (rc != SK_E_PROBE)
		return rc;
	sides = w->g->probe.need_sides;
	if (w->root_round >= 0 && w->g->probe.need_round > w->root_round) {
		/* a tie rolled again: the same fight once more (S10) */
		struct frac p;
		p.n = 1;
		p.d = den;
		w->tie = frac_add(w->tie, p);
		w->sequences++;
		return 0;
	}
	if (n >= SK_PROBE_MAX || den > UINT64_MAX / (uint64_t)sides / 1024u)
		return sk_error(w->g, SKIRMISH_E_LIMIT, "too many dice to enumerate");
	/* the first die of a fight (a Sampson melee fought again in a later
	 * turn starts above round 0: found by fuzzing) */
	if (w->g->probe.need_fight &&
	    (w->root_round < 0 || w->g->probe.need_round <= w->root_round))
		return walk_fight(w, n, den, sides);
	for (v = 1; v <= sides; v++) {
		w->vals[n] = v;
		rc = walk(w, n + 1, den * (uint64_t)sides);
		if (rc < 0)
			return rc;
	}
	return 0;
}

SKIRMISH_EXPORT int
skirmish_odds_init(skirmish_odds *o, unsigned int version)
{
	if (!o)
		return SKIRMISH_E_INVALID;
	if (version != SKIRMISH_ODDS_VERSION)
		return SKIRMISH_E_VERSION;
	memset(o, 0, sizeof(*o));
	o->version = SKIRMISH_ODDS_VERSION;
	return 0;
}

static int
odds_sort_key(const skirmish_odds_outcome *a, const skirmish_odds_outcome *b)
{
	if (a->outcome != b->outcome)
		return a->outcome - b->outcome;
	if (a->side != b->side)
		return a->side - b->side;
	return a->value - b->value;
}

SKIRMISH_EXPORT int
skirmish_game_odds(skirmish_game *g, const skirmish_action *a, skirmish_odds *out)
{
	struct walk w;
	int rc, i, j;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_odds") < 0)
		return SKIRMISH_E_STATE;
	if (!a || !out)
		return sk_error(g, SKIRMISH_E_INVALID, "odds: action and out may not be NULL");
	if (out->version != SKIRMISH_ODDS_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "odds: unknown odds version %u",
				out->version);
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "odds: not from inside a callback");
	memset(&w, 0, sizeof(w));
	w.g = g;
	w.a = a;
	w.out = out;
	w.tie.n = 0;
	w.tie.d = 1;
	w.root_round = -1;
	memset(out, 0, sizeof(*out));
	out->version = SKIRMISH_ODDS_VERSION;
	g->probe.walking = 1;
	g->probe.charge_known = 0;
	rc = walk(&w, 0, 1);
	g->probe.walking = 0;
	g->probe.charge_known = 0;
	if (rc < 0) {
		memset(out, 0, sizeof(*out));
		out->version = SKIRMISH_ODDS_VERSION;
		return rc;
	}
	out->sequences = w.sequences;
	for (i = 0; i < out->noutcomes; i++) {
		struct frac p = w.acc[i];
		out->outcomes[i].numerator = p.n;
		out->outcomes[i].denominator = p.d;
		out->outcomes[i].probability = (double)p.n / (double)p.d;
	}
	/* a fixed order: by outcome, then value */
	for (i = 1; i < out->noutcomes; i++) {
		skirmish_odds_outcome t = out->outcomes[i];
		for (j = i; j > 0 && odds_sort_key(&out->outcomes[j - 1], &t) > 0; j--)
			out->outcomes[j] = out->outcomes[j - 1];
		out->outcomes[j] = t;
	}
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_check_action(skirmish_game *g, const skirmish_action *a)
{
	int rc;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_check_action") < 0)
		return SKIRMISH_E_STATE;
	if (!a)
		return sk_error(g, SKIRMISH_E_INVALID, "check_action: action is NULL");
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "check_action: not from inside a callback");
	rc = probe_run(g, a, NULL, 0);
	if (rc >= 0 || rc == SK_E_PROBE) {
		g->err = SKIRMISH_OK;
		g->errmsg[0] = '\0';
		return 0;
	}
	return rc;
}

#define REACH_CELLS_MAX 1000000

/* Where a figure can move: each cell a straight move, accepted or not by
 * the move's own checks (sk_action_legal: G4, S9, S25, A3, A28, A29
 * as the move applies them), so the shading never disagrees with the
 * move. A cell further from the base centre than the allowance left is no
 * move: every path is at least that long (G1), and the probe is skipped. */
SKIRMISH_EXPORT int
skirmish_game_reach(skirmish_game *g, int id, double x0, double y0, double step,
		    int cols, int rows, unsigned char *out, int *count)
{
	skirmish_action a = SKIRMISH_ACTION_INIT;
	int64_t reach2, dx, dy;
	int32_t px, py;
	int i, j, n = 0, rc;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_reach") < 0)
		return SKIRMISH_E_STATE;
	if (!out)
		return sk_error(g, SKIRMISH_E_INVALID, "skirmish_game_reach: out may not be NULL");
	if (!(step > 0.0) || cols < 1 || rows < 1 || cols > REACH_CELLS_MAX / rows)
		return sk_error(g, SKIRMISH_E_INVALID,
				"skirmish_game_reach: a step above 0 and 1 to %d cells",
				REACH_CELLS_MAX);
	if (id < 0 || id >= g->nfigs)
		return sk_error(g, SKIRMISH_E_NO_FIGURE, "no figure %d (figures are 0..%d)", id,
				g->nfigs - 1);
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "skirmish_game_reach: not from inside a callback");
	memset(out, 0, (size_t)cols * (size_t)rows);
	reach2 = (int64_t)g->figs[id].move_left * g->figs[id].move_left;
	a.kind = SKIRMISH_ACTION_MOVE;
	a.figure = id;
	a.facing = SKIRMISH_FACING_KEEP;
	a.npoints = 1;
	for (j = 0; j < rows; j++)
		for (i = 0; i < cols; i++) {
			a.xy[0] = x0 + i * step;
			a.xy[1] = y0 + j * step;
			if (sk_to_mils(a.xy[0], &px) < 0 || sk_to_mils(a.xy[1], &py) < 0)
				continue;
			dx = (int64_t)px - g->figs[id].x;
			dy = (int64_t)py - g->figs[id].y;
			if (dx * dx + dy * dy > reach2)
				continue;
			rc = sk_action_legal(g, &a);
			if (rc < 0)
				return rc;
			if (rc) {
				out[j * cols + i] = 1;
				n++;
			}
		}
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	if (count)
		*count = n;
	return 0;
}

/*
 * Who threatens a point: each enemy's shot and straight charge, checked by
 * the actions' own code (sk_action_legal), with the figure borrowed to the
 * point and the enemy's player's turn begun as its start would begin it
 * (S3, A3: the marks of an action taken cleared, the full allowance; in
 * the phase the action is taken in, A2). Everything borrowed is put back
 * exactly, the figure's place in the spatial index included, so the
 * state hash and every later answer are as before.
 */
struct threat_scan {
	skirmish_threat *out;
	int max, n;
};

static void
threat_add(struct threat_scan *t, const skirmish_threat *th)
{
	if (t->n < t->max)
		t->out[t->n] = *th;
	t->n++;
}

/* Sampson A5: no shot at a figure in melee, which it would be at the
 * point when its base touched an enemy's there (G3, G13) */
static int
threat_in_melee(const skirmish_game *g, int fig)
{
	int i;

	if (!g->rs->melee_pairs)
		return 0;
	for (i = 0; i < g->nfigs; i++)
		if (sk_engaged(g, fig, i))
			return 1;
	return 0;
}

/* enemy's shot and charge at fig, in its player's turn (its order index) */
static int
threats_of(skirmish_game *g, int fig, int enemy, int turn, int no_shot,
	   struct threat_scan *t)
{
	const struct sk_fig keep = g->figs[enemy];
	skirmish_action a = SKIRMISH_ACTION_INIT;
	skirmish_threat th = SKIRMISH_THREAT_INIT;
	struct sk_fig *e = &g->figs[enemy];
	int32_t short_reach;
	int rc, shoots, charges;

	g->st.active = turn;
	e->flags &= ~(uint32_t)(FIG_ACTED | FIG_SHOT);
	if (g->rs->allowance)
		e->move_left = g->rs->allowance(g, enemy);
	th.figure = enemy;
	th.distance = sk_to_inches(sk_fig_gap(g, enemy, fig));
	/* S6, S8, S12, G5, A5: the shot as skirmish_shoot() checks it */
	g->st.phase = g->rs->shoot_phase ? g->rs->shoot_phase : g->rs->first_phase;
	a.kind = SKIRMISH_ACTION_SHOOT;
	a.figure = enemy;
	a.target = fig;
	shoots = no_shot || keep.missile_weapon == SKIRMISH_MISSILE_NONE ? 0
		 : sk_action_legal(g, &a);
	/* S4, S9, S25, S31, A3, A4, G12: the charge as skirmish_charge()
	 * makes it and its move is checked */
	charges = 0;
	if (shoots >= 0) {
		g->st.phase = g->rs->first_phase;
		a.kind = SKIRMISH_ACTION_CHARGE;
		a.facing = SKIRMISH_FACING_KEEP;
		charges = sk_action_legal(g, &a);
	}
	if (shoots > 0) {
		th.kind = SKIRMISH_THREAT_SHOOT;
		th.cover = g->rs->in_cover ? g->rs->in_cover(g, enemy, fig)
			   : sk_cover_from(g, enemy, fig);
		short_reach = g->rs->short_reach ? g->rs->short_reach(g, enemy) : 0;
		th.short_range = short_reach > 0 && sk_fig_gap(g, enemy, fig) <= short_reach;
	}
	*e = keep;
	rc = shoots < 0 ? shoots : charges < 0 ? charges : 0;
	if (rc < 0)
		return rc;
	if (shoots)
		threat_add(t, &th);
	if (charges) {
		th.kind = SKIRMISH_THREAT_CHARGE;
		th.cover = 0;
		th.short_range = 0;
		threat_add(t, &th);
	}
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_threats(skirmish_game *g, int id, double x, double y, skirmish_threat *out,
		      int max, int *count)
{
	struct threat_scan t;
	struct sk_grid_spot spot;
	struct sk_state st;
	struct sk_fig keep;
	int32_t px, py;
	int i, k, rc = 0, no_shot, turn;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_threats") < 0)
		return SKIRMISH_E_STATE;
	if (!count)
		return sk_error(g, SKIRMISH_E_INVALID, "skirmish_game_threats: count may not be NULL");
	if (max < 0 || (max > 0 && !out))
		return sk_error(g, SKIRMISH_E_INVALID, "skirmish_game_threats: out and max disagree");
	if (max > 0 && out[0].version != SKIRMISH_THREAT_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION,
				"skirmish_game_threats: skirmish_threat version %u (this library "
				"knows 1)", out[0].version);
	if (id < 0 || id >= g->nfigs)
		return sk_error(g, SKIRMISH_E_NO_FIGURE, "no figure %d (figures are 0..%d)", id,
				g->nfigs - 1);
	/* G10: a centre on the table */
	if (sk_to_mils(x, &px) < 0 || sk_to_mils(y, &py) < 0 || px < 0 || py < 0 ||
	    px > g->table_w || py > g->table_d)
		return sk_error(g, SKIRMISH_E_INVALID,
				"skirmish_game_threats: G10: the point (%g, %g) is not on the table",
				x, y);
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE,
				"skirmish_game_threats: not from inside a callback");
	if (g->st.state != SKIRMISH_STATE_PLAYING)
		return sk_error(g, SKIRMISH_E_STATE,
				"skirmish_game_threats: only while the game is played");
	t.out = out;
	t.max = max;
	t.n = 0;
	st = g->st;
	keep = g->figs[id];
	sk_grid_spot_of(g, id, &spot);
	g->figs[id].x = px;
	g->figs[id].y = py;
	if (spot.cell >= 0)
		sk_grid_refile(g, id);
	no_shot = threat_in_melee(g, id);
	for (i = 0; i < g->nfigs && rc == 0; i++) {
		if (!sk_is_enemy(g, i, id))
			continue;
		for (turn = -1, k = 0; k < g->st.nplayers; k++)
			if (g->st.order[k] == g->figs[i].player)
				turn = k;
		if (turn >= 0)
			rc = threats_of(g, id, i, turn, no_shot, &t);
	}
	g->figs[id] = keep;
	sk_grid_put_back(g, id, &spot);
	g->st = st;
	if (rc < 0)
		return rc;
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	*count = t.n;
	return 0;
}

/* ------------------------------------------------------------------ */
/* legal actions                                                        */
/* ------------------------------------------------------------------ */

int
sk_action_legal(skirmish_game *g, const skirmish_action *a)
{
	int rc;

	/* only yes or no is wanted: the refusals' sentences go unwritten
	 * (formatting them was a tenth of a random playout) */
	g->quiet = 1;
	rc = probe_run(g, a, NULL, 0);
	g->quiet = 0;
	if (rc == SKIRMISH_E_NOMEM) /* not an answer: the caller fails */
		return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	g->probe.refused = rc >= 0 || rc == SK_E_PROBE ? 0 : rc;
	return rc >= 0 || rc == SK_E_PROBE;
}

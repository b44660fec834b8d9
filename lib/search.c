/* SPDX-License-Identifier: MIT */
/*
 * Search: the action the computer would take, by Monte Carlo tree search
 * (skirmish_game_search, doc/SEARCH.md).
 *
 * A tree of positions and actions. The dice are chance: an action's
 * outcomes, told apart by the dice its result lists, are separate
 * positions below it, so the position at each node is always the same
 * one and every action listed at it is legal there (G7: an action is
 * refused before its first die). Each descent copies the root into a
 * worker, walks the tree by PUCT over every candidate of each node (its
 * mean value, and its prior while its visits are few: select_edge), adds
 * the position it reaches, plays the rollout policy to the horizon and
 * backs the value there up the path (skirmish_game_value(), the
 * objectives held weighed more: leaf_values). A position a tree has listed
 * before copies its candidates (expand).
 *
 * Root parallel: each thread has its own copies and its own tree, and
 * nothing is shared until the root's counts are added up at the end.
 * Every node and edge comes from pools allocated before the first
 * descent (with the game's allocator), so a descent allocates nothing of
 * the search's and the memory is bounded by max_nodes.
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdlib.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include "odds.h"

#define MAX_THREADS 64
#define MAX_DEPTH 64              /* tree plies of one descent */
#define EDGES_PER_NODE 8          /* the edge pool: this many a node, and the root's */
#define NODES_PER_MS 100          /* max_nodes of a search limited by time only */
#define MAX_NODES 100000000L      /* the most max_nodes (node ids are ints) */
#define ROLLOUT_MAX_ACTIONS 3000
#define CAND_RESERVE 65536        /* candidates reserved in a worker, at most */
#define DEFAULT_EXPLORATION 0.3   /* doc/SEARCH.md: "The weight of exploration" */
#define PRIOR_TEMPERATURE 0.1     /* the priors: a softmax of the scores at this temperature */
#define PICK_UP_PRIOR 0.3         /* a move that picks an objective up scores as a likely kill */
#define OBJECTIVE_SHARE 0.25      /* of a leaf's value, the objectives': OBJECTIVE_SHARE x + */
#define OBJECTIVE_LATE 0.65       /* OBJECTIVE_LATE x^4, x the turn / the limit (leaf_values) */

/* An action, small: what an edge keeps (a skirmish_action is 288 bytes). */
struct sact {
	int kind, figure, target, npoints;
	double facing, x, y;
};

/* A position: its edges (the actions tried from it), its visits; below an
 * edge, the outcomes are a list of nodes told apart by their dice key. */
struct snode {
	long visits;
	uint64_t key;                 /* the dice of the edge that led here */
	int first_edge, nedges;       /* first_edge -1: not expanded */
	int next;                     /* the next outcome of the same edge, or -1 */
	int player;                   /* the player to move */
	uint64_t state[2];            /* its position's state_key, once expanded */
};

struct sedge {
	struct sact a;
	long visits;
	double sum;                   /* of the value to player */
	double prior;                 /* in [0, 1] */
	int player;                   /* who takes it */
	int child;                    /* the first outcome, or -1 */
};

/* An expanded position, by its state (state_key): the node whose edges
 * were listed there. */
struct skey {
	uint64_t k[2];                /* 0, 0: an empty slot */
	int node;
};

/* One thread's search: its copies, its tree, its budget. */
struct tree {
	skirmish_game *root, *w;      /* the position (never acted on) and the worker */
	struct snode *nodes;
	struct sedge *edges;
	struct skey *keys;            /* open addressing, 2 slots a node */
	long nnodes, capnodes, nedges, capedges, capkeys, nkeys;
	long iterations, done;        /* iterations: this tree's share (LONG_MAX: by time) */
	long before;                  /* descents of a searcher's earlier searches */
	uint64_t seed;
	int horizon, nplayers, thread;
	double c;
	int timed;
	struct timespec deadline;
	int rc;
	char errmsg[sizeof(((skirmish_game *)0)->errmsg)];
};

/* splitmix64: the seeds of each descent */
static uint64_t
mix(uint64_t z)
{
	z += UINT64_C(0x9E3779B97F4A7C15);
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static void
to_action(const struct sact *s, skirmish_action *a)
{
	skirmish_action_init(a, SKIRMISH_ACTION_VERSION);
	a->kind = s->kind;
	a->figure = s->figure;
	a->target = s->target;
	a->facing = s->facing;
	a->npoints = s->npoints;
	if (s->npoints == 1) {
		a->xy[0] = s->x;
		a->xy[1] = s->y;
	}
}

static void
from_action(const skirmish_action *a, struct sact *s)
{
	s->kind = a->kind;
	s->figure = a->figure;
	s->target = a->target;
	s->facing = a->facing;
	s->npoints = a->npoints;
	s->x = a->npoints == 1 ? a->xy[0] : 0.0;
	s->y = a->npoints == 1 ? a->xy[1] : 0.0;
}

/* What an outcome of a shot or a fight is worth to the acting side, for
 * the prior: a kill most, a ring or a push less, one's own loss as much
 * against. */
static double
outcome_worth(const skirmish_odds_outcome *o)
{
	double own = o->side == 0 ? -1.0 : 1.0;

	switch (o->outcome) {
	case SKIRMISH_OUTCOME_KILL: return own;
	case SKIRMISH_OUTCOME_ATTACKER_WINS: return 1.0;
	case SKIRMISH_OUTCOME_DEFENDER_WINS: return -1.0;
	case SKIRMISH_OUTCOME_HIT: return 0.5;
	case SKIRMISH_OUTCOME_HORSE_KILLED: return 0.4;
	case SKIRMISH_OUTCOME_SUPPRESSED: return 0.3;
	case SKIRMISH_OUTCOME_PUSHED_BACK: return 0.3 * own;
	default: return 0.0;
	}
}

/* Whether fig, its centre moved to c, would stand near enough an
 * objective on the table to pick it up (O2; by the boxes of its base and
 * the 1" counter, a little generous: a prior, not a rule), and may (G16). */
static int
picks_up(const skirmish_game *w, int fig, sk_pt c)
{
	const struct sk_fig *f = &w->figs[fig];
	int64_t half = ((int64_t)(f->w > f->d ? f->w : f->d) + MIL) / 2 + SK_CONTACT_MILS;
	int i;

	if (f->player == w->st.umpire)
		return 0;
	for (i = 0; i < w->st.nobj && i < SKIRMISH_MAX_OBJECTIVES; i++) {
		const struct sk_objective *o = &w->st.obj[i];
		int64_t dx = (int64_t)o->x - c.x, dy = (int64_t)o->y - c.y;
		if (o->state == SKIRMISH_OBJECTIVE_ON_TABLE && dx <= half && -dx <= half &&
		    dy <= half && -dy <= half)
			return 1;
	}
	return 0;
}

/* The search's first guess at a legal action of the position, about -1
 * to 1: the expected outcome of a shot, charge or fight by its exact
 * odds; a move by how much nearer it ends to the nearest enemy, and as
 * much as a likely kill more when it picks an objective up; the end of a
 * phase or turn a little below doing nothing. A guess only: it
 * orders the candidates, the descents decide. */
static int
prior_score(skirmish_game *w, const skirmish_action *a, double *out)
{
	double v = 0.0;

	switch (a->kind) {
	case SKIRMISH_ACTION_SHOOT:
	case SKIRMISH_ACTION_CHARGE:
	case SKIRMISH_ACTION_FIGHT: {
		skirmish_odds o;
		int k, rc;
		skirmish_odds_init(&o, SKIRMISH_ODDS_VERSION);
		rc = skirmish_game_odds(w, a, &o);
		if (rc == SKIRMISH_E_NOMEM)
			return rc;
		for (k = 0; rc == 0 && k < o.noutcomes; k++)
			v += o.outcomes[k].probability * outcome_worth(&o.outcomes[k]);
		/* a melee that must be fought is fought first (A26) */
		if (a->kind == SKIRMISH_ACTION_FIGHT)
			v += 0.3;
		break;
	}
	case SKIRMISH_ACTION_MOVE: {
		sk_pt here, there;
		int64_t before, after;
		here.x = w->figs[a->figure].x;
		here.y = w->figs[a->figure].y;
		if (sk_to_mils(a->xy[0], &there.x) < 0 || sk_to_mils(a->xy[1], &there.y) < 0)
			break;
		before = sk_nearest_enemy_gap(w, a->figure, here);
		after = sk_nearest_enemy_gap(w, a->figure, there);
		if (before != INT64_MAX && after != INT64_MAX)
			v = 0.02 * (double)(before - after) / MIL;
		if (picks_up(w, a->figure, there))
			v += PICK_UP_PRIOR;
		break;
	}
	case SKIRMISH_ACTION_RELOAD:
		v = 0.2;
		break;
	case SKIRMISH_ACTION_END_PHASE:
		v = -0.05;
		break;
	case SKIRMISH_ACTION_END_TURN:
		v = -0.1;
		break;
	default:
		v = -0.2;
		break;
	}
	*out = v;
	return 0;
}

/* Two lanes of a 64-bit mix over the words of a state's bytes. */
static void
key_feed(uint64_t k[2], const void *p, size_t n)
{
	const unsigned char *b = (const unsigned char *)p;
	uint64_t v;

	for (; n > 0; n -= n < 8 ? n : 8, b += 8) {
		v = 0;
		memcpy(&v, b, n < 8 ? n : 8);
		k[0] = mix(k[0] ^ v);
		k[1] = (k[1] ^ v) * UINT64_C(0x100000001b3) + UINT64_C(0x2545F4914F6CDD1D);
		k[1] ^= k[1] >> 29;
	}
}

/*
 * The worker's position as 128 bits: every figure's state, every melee,
 * and the game's scalar state but for its generator and script (which a
 * listing, a probe and the odds never read: they roll no die of it). Two
 * positions alike in these list the same candidates with the same odds,
 * so expand() gives them the same edges.
 */
static void
state_key(const skirmish_game *w, uint64_t k[2])
{
	struct sk_state st = w->st;
	int i;

	memset(st.rng, 0, sizeof(st.rng));
	st.script_pos = 0;
	k[0] = UINT64_C(0x6A09E667F3BCC908);
	k[1] = UINT64_C(0xBB67AE8584CAA73B);
	key_feed(k, &st, sizeof(st));
	key_feed(k, &w->nfigs, sizeof(w->nfigs));
	for (i = 0; i < w->nfigs; i++)
		key_feed(k, &w->figs[i], offsetof(struct sk_fig, name));
	key_feed(k, &w->nmelees, sizeof(w->nmelees));
	for (i = 0; i < w->nmelees; i++)
		key_feed(k, &w->melees[i], sizeof(w->melees[i]));
	if (k[0] == 0 && k[1] == 0)
		k[1] = 1;
}

/* The slot of key k in t's table: its own, or the empty one it would
 * take. */
static struct skey *
key_slot(const struct tree *t, const uint64_t k[2])
{
	long i = (long)(k[0] % (uint64_t)t->capkeys);

	while ((t->keys[i].k[0] | t->keys[i].k[1]) != 0 &&
	       (t->keys[i].k[0] != k[0] || t->keys[i].k[1] != k[1]))
		i = i + 1 == t->capkeys ? 0 : i + 1;
	return &t->keys[i];
}

/* Puts position k, first listed at node id, in its empty slot of t's
 * table, while the table is at most half full (so that a lookup always
 * finds a slot). */
static void
key_put(struct tree *t, struct skey *slot, const uint64_t k[2], int id)
{
	if (t->nkeys >= t->capkeys / 2)
		return;
	slot->k[0] = k[0];
	slot->k[1] = k[1];
	slot->node = id;
	t->nkeys++;
}

/* Lists the candidate edges of node id in the worker's position (which
 * is that node's): the policies' candidates (a turn on the spot only
 * towards an enemy; a move towards each objective: sk_search_candidates),
 * each proved legal, ordered by prior, best first (ties: the order
 * listed). 0; 1 when the edge pool is full (the node stays a leaf); or an
 * error. */
static int
expand(struct tree *t, int id)
{
	skirmish_game *w = t->w;
	struct sk_cand_walk walk;
	struct snode *n = &t->nodes[id];
	long first = t->nedges, k;
	double lo = 0, hi = 0;
	skirmish_action a;
	struct skey *slot;
	uint64_t key[2];
	int rc;

	/* a position listed before (the same state after other dice, or
	 * after the same actions in another order) has its edges copied:
	 * the same candidates, in the same order, with the same priors */
	state_key(w, key);
	slot = key_slot(t, key);
	if ((slot->k[0] | slot->k[1]) != 0) {
		const struct snode *o = &t->nodes[slot->node];
		if (o->nedges > t->capedges - first)
			return 1;
		for (k = 0; k < o->nedges; k++) {
			struct sedge *e = &t->edges[first + k];
			*e = t->edges[o->first_edge + k];
			e->visits = 0;
			e->sum = 0;
			e->player = n->player;
			e->child = -1;
		}
		t->nedges += o->nedges;
		n->first_edge = (int)first;
		n->nedges = o->nedges;
		n->state[0] = key[0];
		n->state[1] = key[1];
		return 0;
	}
	rc = sk_search_candidates(w);
	if (rc < 0)
		return rc;
	sk_cand_walk_init(&walk, 1);
	while ((rc = sk_cand_next(w, &walk, &a)) > 0) {
		struct sedge *e;
		double s;

		if (t->nedges == t->capedges) {
			t->nedges = first;
			return 1;
		}
		rc = prior_score(w, &a, &s);
		if (rc < 0)
			return rc;
		/* insertion by score, best first; equal scores keep their order */
		for (k = t->nedges; k > first && t->edges[k - 1].prior < s; k--)
			t->edges[k] = t->edges[k - 1];
		e = &t->edges[k];
		from_action(&a, &e->a);
		e->visits = 0;
		e->sum = 0;
		e->prior = s;
		e->player = n->player;
		e->child = -1;
		t->nedges++;
		if (t->nedges - first == 1 || s < lo)
			lo = s;
		if (t->nedges - first == 1 || s > hi)
			hi = s;
	}
	if (rc < 0)
		return rc;
	/* the priors: a softmax of the scores, which sum to 1 */
	{
		double total = 0;
		for (k = first; k < t->nedges; k++) {
			t->edges[k].prior = exp((t->edges[k].prior - hi) / PRIOR_TEMPERATURE);
			total += t->edges[k].prior;
		}
		for (k = first; k < t->nedges; k++)
			t->edges[k].prior /= total;
	}
	(void)lo;
	n->first_edge = (int)first;
	n->nedges = (int)(t->nedges - first);
	n->state[0] = key[0];
	n->state[1] = key[1];
	key_put(t, slot, key, id);
	return 0;
}

static int
new_node(struct tree *t, uint64_t key, int player)
{
	struct snode *n;

	if (t->nnodes == t->capnodes)
		return -1;
	n = &t->nodes[t->nnodes];
	n->visits = 0;
	n->key = key;
	n->first_edge = -1;
	n->nedges = 0;
	n->next = -1;
	n->player = player;
	return (int)t->nnodes++;
}

/* The edge to descend, by PUCT: its mean value (an untried one: the mean
 * of the node's tried ones) + c * prior * sqrt(visits of the node) /
 * (1 + its visits). The prior leads while the visits are few; the values
 * decide when they are many. Ties: the first, in prior order. */
static int
select_edge(const struct tree *t, const struct snode *n)
{
	double sum = 0, best = -1e300, fpu, root;
	long tried = 0;
	int k, pick = n->first_edge;

	for (k = 0; k < n->nedges; k++) {
		sum += t->edges[n->first_edge + k].sum;
		tried += t->edges[n->first_edge + k].visits;
	}
	fpu = tried > 0 ? sum / tried : 0.5;
	root = sqrt((double)n->visits + 1);
	for (k = 0; k < n->nedges; k++) {
		const struct sedge *e = &t->edges[n->first_edge + k];
		double q = e->visits > 0 ? e->sum / e->visits : fpu;
		double u = q + t->c * e->prior * root / (1.0 + e->visits);
		if (u > best) {
			best = u;
			pick = n->first_edge + k;
		}
	}
	return pick;
}

/* The dice a result lists, as one key: the outcome they chose. */
static uint64_t
dice_key(const skirmish_result *r)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	int i;

	for (i = 0; i < r->ndice; i++) {
		h = (h ^ (uint64_t)r->dice[i].sides) * UINT64_C(0x100000001b3);
		h = (h ^ (uint64_t)r->dice[i].value) * UINT64_C(0x100000001b3);
	}
	return h ^ (uint64_t)r->ndice;
}

/* How near the carrier of an objective stands to its player's exit edge
 * (O4), by its centre: 0 across the table, 1 at the edge; 0 without one. */
static double
exit_nearness(const skirmish_game *w, int fig)
{
	const struct sk_fig *f = &w->figs[fig];
	double across, gap;

	if (f->player > SKIRMISH_MAX_PLAYERS)
		return 0;
	switch (w->st.exit_edge[f->player]) {
	case SKIRMISH_EDGE_SOUTH: across = w->table_d; gap = f->y; break;
	case SKIRMISH_EDGE_NORTH: across = w->table_d; gap = (double)w->table_d - f->y; break;
	case SKIRMISH_EDGE_WEST: across = w->table_w; gap = f->x; break;
	case SKIRMISH_EDGE_EAST: across = w->table_w; gap = (double)w->table_w - f->x; break;
	default: return 0;
	}
	if (across <= 0)
		return 0;
	gap = gap < 0 ? 0 : gap > across ? across : gap;
	return 1.0 - gap / across;
}

/*
 * What the search backs up from where a rollout stopped, for every
 * player, into v (doc/SEARCH.md, "Objectives"). A game over: exact (1 to
 * its winner). A game still playing with no objective held:
 * skirmish_game_value(). Else the objectives take a share of the whole:
 * with x the game turn over the turn limit, OBJECTIVE_SHARE x +
 * OBJECTIVE_LATE x^4, 0.9 at the limit (OBJECTIVE_SHARE without a
 * limit): each of the n objectives of the game
 * is worth share / n to the side that holds it (carried by its figures in
 * play, or carried off), half of that with its carrier across the table
 * from its exit edge rising to all of it at the edge (all of it without
 * an exit edge), and the rest of the whole is shared as
 * skirmish_game_value() shares it. The most objectives at the turn limit
 * win the game (O5) whatever the figures, and a carrier at its exit edge
 * wins at once (O4): the 2 that skirmish_game_value() counts for one is
 * less than a figure, and a search that weighed it so would neither play
 * for it nor carry it home. Early in a game a carrier can still be killed
 * and the counter taken (O3, O6): a share that grows to the limit weighs
 * the counter as the limit nears, and not its figures away before that;
 * it grows fastest in the last turns, where holding it is all but the
 * game (a quarter of the whole there left the barrel in the street in
 * games the search then lost on the count of figures).
 */
static int
leaf_values(const skirmish_game *w, int nplayers, double v[SKIRMISH_MAX_PLAYERS + 1])
{
	double held[SKIRMISH_MAX_PLAYERS + 1] = { 0 }, taken = 0, share = OBJECTIVE_SHARE;
	int p, i, n = w->st.nobj, rc;

	for (p = 0; p < nplayers; p++) {
		rc = skirmish_game_value(w, p, &v[p]);
		if (rc < 0)
			return rc;
	}
	if (w->st.state != SKIRMISH_STATE_PLAYING)
		return 0;
	for (i = 0; i < n; i++) {
		const struct sk_objective *o = &w->st.obj[i];
		double part = 1.0;
		p = sk_objective_holder(w, i);
		if (p < 0 || p >= nplayers || p > SKIRMISH_MAX_PLAYERS || p == w->st.umpire)
			continue;
		if (o->state == SKIRMISH_OBJECTIVE_CARRIED && w->st.exit_edge[p] != SKIRMISH_EDGE_NONE)
			part = 0.5 + 0.5 * exit_nearness(w, o->carrier);
		held[p] += part;
		taken += part;
	}
	if (taken == 0)
		return 0;
	/* O5 decides at the turn limit: the nearer it, the more they weigh */
	if (w->opt.turn_limit > 0 && w->opt.turn_limit < SK_MAX_TURN) {
		double x = (double)(w->st.turn < w->opt.turn_limit ? w->st.turn : w->opt.turn_limit) /
			   w->opt.turn_limit;
		share = OBJECTIVE_SHARE * x + OBJECTIVE_LATE * x * x * x * x;
	}
	for (p = 0; p < nplayers && p <= SKIRMISH_MAX_PLAYERS; p++)
		if (p != w->st.umpire)
			v[p] = (1.0 - share * taken / n) * v[p] + share * held[p] / n;
	return 0;
}

/* The rollout policy to the horizon (or the end), then every player's
 * value into v (leaf_values). */
static int
rollout(struct tree *t, uint64_t *rng, double v[SKIRMISH_MAX_PLAYERS + 1])
{
	skirmish_game *w = t->w;
	int stop = t->horizon > 0 && w->st.turn <= INT_MAX - t->horizon ?
		   w->st.turn + t->horizon : 0;
	int n, rc;

	for (n = 0; n < ROLLOUT_MAX_ACTIONS && w->st.state == SKIRMISH_STATE_PLAYING &&
		    (!stop || w->st.turn < stop); n++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		rc = skirmish_game_policy_action(w, SKIRMISH_POLICY_ROLLOUT, rng, &a);
		if (rc == 0)
			rc = skirmish_game_act(w, &a, NULL);
		if (rc < 0)
			return rc;
	}
	return leaf_values(w, t->nplayers, v);
}

/* One descent: select, expand, roll out, back up. */
static int
descend(struct tree *t, long it)
{
	skirmish_game *w = t->w;
	int path_node[MAX_DEPTH + 1], path_edge[MAX_DEPTH];
	int depth = 0, id = 0, reached = 1, rc, i;
	uint64_t rng = mix(t->seed ^ mix((uint64_t)t->thread * 0x10001u + (uint64_t)it));
	double v[SKIRMISH_MAX_PLAYERS + 1];

	rc = skirmish_game_copy(w, t->root);
	if (rc < 0)
		return rc;
	skirmish_game_set_seed(w, mix(rng ^ UINT64_C(0x5EA4C4)));
	path_node[0] = 0;
	while (depth < MAX_DEPTH && w->st.state == SKIRMISH_STATE_PLAYING) {
		struct snode *n = &t->nodes[id];
		skirmish_action a;
		uint64_t key;
		int e, c;

		/* a new position is rolled out from before it is opened */
		if (n->first_edge < 0) {
			if (id != 0 && n->visits == 0)
				break;
			rc = expand(t, id);
			if (rc < 0)
				return rc;
			if (rc > 0)
				break;
			n = &t->nodes[id];
		}
		if (n->nedges == 0)
			break;
		e = select_edge(t, n);
		to_action(&t->edges[e].a, &a);
		/* no result asked for: its dice are read where the action left
		 * them, and the sentence, which a descent never reads, is not
		 * written (a longer one than the last would grow its buffer: an
		 * allocation in a descent) */
		rc = skirmish_game_act(w, &a, NULL);
		if (rc < 0)
			return rc; /* listed legal here, so a fault */
		path_edge[depth++] = e;
		key = dice_key(&w->res[!w->cur].r);
		for (c = t->edges[e].child; c >= 0 && t->nodes[c].key != key;
		     c = t->nodes[c].next)
			;
		if (c < 0) {
			c = new_node(t, key, w->st.state == SKIRMISH_STATE_PLAYING ?
					     w->st.order[w->st.active] : -1);
			if (c < 0) {
				reached = 0; /* the pool is full: a rollout from here */
				break;
			}
			t->nodes[c].next = t->edges[e].child;
			t->edges[e].child = c;
			path_node[depth] = c;
			break; /* the new position is rolled out from */
		}
		id = c;
		path_node[depth] = c;
	}
	/* the nodes the descent went through (the last, when the pool was
	 * full, is none) */
	for (i = 0; i < depth + reached; i++)
		t->nodes[path_node[i]].visits++;
	rc = rollout(t, &rng, v);
	if (rc < 0)
		return rc;
	for (i = 0; i < depth; i++) {
		struct sedge *e = &t->edges[path_edge[i]];
		e->visits++;
		if (e->player >= 0 && e->player <= SKIRMISH_MAX_PLAYERS)
			e->sum += v[e->player];
	}
	return 0;
}

static int
past_deadline(const struct tree *t)
{
	struct timespec now;

	if (!t->timed || clock_gettime(CLOCK_MONOTONIC, &now) != 0)
		return 0;
	return now.tv_sec > t->deadline.tv_sec ||
	       (now.tv_sec == t->deadline.tv_sec && now.tv_nsec >= t->deadline.tv_nsec);
}

/* A thread's search: descents until its share or the deadline. */
static void *
run_tree(void *arg)
{
	struct tree *t = (struct tree *)arg;

	for (t->done = 0; t->done < t->iterations; t->done++) {
		if ((t->done & 7) == 0 && t->done > 0 && past_deadline(t))
			break;
		t->rc = descend(t, t->before + t->done);
		if (t->rc < 0) {
			memcpy(t->errmsg, skirmish_game_errmsg(t->w), sizeof(t->errmsg));
			break;
		}
	}
	return NULL;
}

static void
tree_free(skirmish_game *g, struct tree *t)
{
	if (t->nodes)
		sk_alloc(g, t->nodes, (size_t)t->capnodes * sizeof(*t->nodes), 0);
	if (t->edges)
		sk_alloc(g, t->edges, (size_t)t->capedges * sizeof(*t->edges), 0);
	if (t->keys)
		sk_alloc(g, t->keys, (size_t)t->capkeys * sizeof(*t->keys), 0);
	skirmish_game_free(t->w);
	skirmish_game_free(t->root);
	t->nodes = NULL;
	t->edges = NULL;
	t->keys = NULL;
	t->w = t->root = NULL;
}

/* The worker's candidates, for every position a descent meets: per figure
 * a shot, a charge and a fight at each enemy, 7 turns, 8 moves, a move to
 * each piece of cover and towards each objective, a reload, a mount, a
 * dismount; and the ends of phase and turn (up to CAND_RESERVE). */
static long
cand_bound(const skirmish_game *g)
{
	int64_t want = (int64_t)g->nfigs * (3 * (int64_t)g->nfigs + 18 + g->nterr + g->st.nobj) + 2;

	return want < CAND_RESERVE ? (long)want : CAND_RESERVE;
}

/* A tree's copies of g and its pools, on the calling thread: room for
 * capnodes nodes and EDGES_PER_NODE edges a node, and for the root's
 * candidates (root_edges of them; -1: as many as g's position lists). */
static int
tree_alloc(skirmish_game *g, struct tree *t, long capnodes, long root_edges)
{
	skirmish_game *copies[2];
	int k, rc;

	for (k = 0; k < 2; k++) {
		rc = skirmish_game_clone(g, &copies[k]);
		if (rc < 0)
			return rc;
		if (k == 0)
			t->root = copies[0];
		else
			t->w = copies[1];
		/* the search's copies roll the built-in dice, send no events
		 * and keep no history */
		skirmish_game_set_roller(copies[k], NULL, NULL);
		skirmish_game_set_event_callback(copies[k], NULL, NULL);
		skirmish_game_script_dice(copies[k], NULL, 0, 0);
		skirmish_game_set_history_limit(copies[k], 0);
	}
	if (sk_buf_reserve(t->w, &t->w->cand, sizeof(struct sk_cand), (size_t)cand_bound(g)) < 0)
		return SKIRMISH_E_NOMEM;
	if (root_edges < 0) {
		/* the root's candidates bound its edges */
		rc = sk_search_candidates(t->w);
		if (rc < 0)
			return rc;
		root_edges = (long)sk_cand_count(t->w);
	}
	if (capnodes > LONG_MAX / 2 / EDGES_PER_NODE ||
	    root_edges > LONG_MAX - EDGES_PER_NODE * capnodes)
		return SKIRMISH_E_NOMEM;
	t->capnodes = capnodes;
	t->capedges = root_edges + EDGES_PER_NODE * capnodes;
	/* pools a size_t cannot count (a 32-bit machine) cannot be had */
	if ((uint64_t)t->capedges > (uint64_t)((size_t)-1 / sizeof(*t->edges)) ||
	    (uint64_t)t->capnodes > (uint64_t)((size_t)-1 / sizeof(*t->nodes)))
		return SKIRMISH_E_NOMEM;
	/* the table of positions listed: twice the nodes, so that it is
	 * never more than half full */
	t->capkeys = 2 * capnodes;
	if ((uint64_t)t->capkeys > (uint64_t)((size_t)-1 / sizeof(*t->keys)))
		return SKIRMISH_E_NOMEM;
	t->nodes = (struct snode *)sk_alloc(g, NULL, 0, (size_t)t->capnodes * sizeof(*t->nodes));
	t->edges = (struct sedge *)sk_alloc(g, NULL, 0, (size_t)t->capedges * sizeof(*t->edges));
	t->keys = (struct skey *)sk_alloc(g, NULL, 0, (size_t)t->capkeys * sizeof(*t->keys));
	if (!t->nodes || !t->edges || !t->keys)
		return SKIRMISH_E_NOMEM;
	return 0;
}

/* A tree of the root's position alone (the worker's too): its root node,
 * expanded. */
static int
tree_plant(struct tree *t)
{
	int rc;

	memset(t->keys, 0, (size_t)t->capkeys * sizeof(*t->keys));
	t->nkeys = 0;
	t->nnodes = t->nedges = 0;
	new_node(t, 0, t->root->st.order[t->root->st.active]);
	rc = expand(t, 0);
	return rc > 0 ? SKIRMISH_E_NOMEM : rc;
}

/* The options of version 1, checked; the budget as iterations a thread,
 * nodes a tree and a deadline. */
static int
check_options(skirmish_game *g, const skirmish_search_options *o)
{
	if (o->version != SKIRMISH_SEARCH_OPTIONS_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "search: unknown options version %u",
				o->version);
	if (o->iterations < 0 || !(o->milliseconds >= 0) || o->milliseconds > 1e9 ||
	    (o->iterations == 0 && o->milliseconds == 0))
		return sk_error(g, SKIRMISH_E_INVALID,
				"search: a budget of iterations or milliseconds above 0 "
				"(and neither below 0)");
	if (o->threads < 1 || o->threads > MAX_THREADS)
		return sk_error(g, SKIRMISH_E_INVALID, "search: threads must be 1 to %d",
				MAX_THREADS);
	if (o->horizon < 0 || o->horizon > 1000)
		return sk_error(g, SKIRMISH_E_INVALID, "search: horizon must be 0 to 1000");
	if (o->max_nodes < 0 || o->max_nodes > MAX_NODES)
		return sk_error(g, SKIRMISH_E_INVALID,
				"search: max_nodes must be 0 to 100,000,000");
	if (!(o->exploration >= 0) || o->exploration > 100)
		return sk_error(g, SKIRMISH_E_INVALID, "search: exploration must be 0 to 100");
	return 0;
}

SKIRMISH_EXPORT int
skirmish_search_options_init(skirmish_search_options *o, unsigned int version)
{
	static const skirmish_search_options init = SKIRMISH_SEARCH_OPTIONS_INIT;

	if (!o)
		return SKIRMISH_E_INVALID;
	if (version != SKIRMISH_SEARCH_OPTIONS_VERSION)
		return SKIRMISH_E_VERSION;
	*o = init;
	return 0;
}

/* The size of version 1 of skirmish_search_candidate: up to its action,
 * and version 1 of the action (legal.c's rule for the stride). */
#define CANDIDATE_V1_SIZE (offsetof(skirmish_search_candidate, action) + \
			   sizeof(skirmish_action))

/* The root's counts, added over the trees, into the caller's array. */
static void
write_candidates(const struct tree *trees, int ntrees, void *out, size_t size, int max)
{
	const struct snode *root = &trees[0].nodes[0];
	unsigned char *elem = (unsigned char *)out;
	int k, t;

	for (k = 0; k < root->nedges && k < max; k++) {
		skirmish_search_candidate c;
		double sum = 0;
		memset(&c, 0, sizeof(c));
		c.version = SKIRMISH_SEARCH_CANDIDATE_VERSION;
		for (t = 0; t < ntrees; t++) {
			const struct sedge *e = &trees[t].edges[trees[t].nodes[0].first_edge + k];
			c.visits += e->visits;
			sum += e->sum;
		}
		c.value = c.visits > 0 ? sum / c.visits : 0.0;
		c.prior = trees[0].edges[root->first_edge + k].prior;
		to_action(&trees[0].edges[root->first_edge + k].a, &c.action);
		memcpy(elem, &c, CANDIDATE_V1_SIZE);
		memset(elem + CANDIDATE_V1_SIZE, 0, size - CANDIDATE_V1_SIZE);
		elem += size;
	}
}

/* The root's edge most visited in all trees; ties to the higher mean
 * value, then to the better prior (the first listed). */
static int
best_edge(const struct tree *trees, int ntrees)
{
	const struct snode *root = &trees[0].nodes[0];
	long bestn = -1;
	double bestv = -1;
	int k, t, best = 0;

	for (k = 0; k < root->nedges; k++) {
		long n = 0;
		double sum = 0, v;
		for (t = 0; t < ntrees; t++) {
			const struct sedge *e = &trees[t].edges[trees[t].nodes[0].first_edge + k];
			n += e->visits;
			sum += e->sum;
		}
		v = n > 0 ? sum / n : 0.0;
		if (n > bestn || (n == bestn && v > bestv)) {
			best = k;
			bestn = n;
			bestv = v;
		}
	}
	return best;
}

/* The checks every search makes of its game and its output, before it
 * starts: 0 or the error (set). */
static int
check_call(skirmish_game *g, const char *call, skirmish_action *out, void *candidates,
	   size_t candidate_size, int max)
{
	if (sk_busy(g, call) < 0)
		return SKIRMISH_E_STATE;
	if (!out)
		return sk_error(g, SKIRMISH_E_INVALID, "search: out may not be NULL");
	if (max < 0 || (max > 0 && !candidates) ||
	    (candidates && candidate_size < CANDIDATE_V1_SIZE))
		return sk_error(g, SKIRMISH_E_INVALID,
				"search: candidates and max disagree, or a candidate of %lu "
				"bytes is smaller than version 1 (%lu)",
				(unsigned long)candidate_size, (unsigned long)CANDIDATE_V1_SIZE);
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "search: not from inside a callback");
	if (g->st.state != SKIRMISH_STATE_PLAYING)
		return sk_error(g, SKIRMISH_E_STATE, "search: the game is not being played");
	return 0;
}

/* The nodes a tree keeps by default: each descent adds at most one, and
 * no more than the most max_nodes may ask (node ids are ints). */
static long
default_nodes(const skirmish_search_options *o)
{
	double want = o->iterations > 0 ? (double)(o->iterations / o->threads) + 1 :
		      o->milliseconds * NODES_PER_MS + 1;

	return want < MAX_NODES ? (long)want : MAX_NODES;
}

/* The nodes a tree's pool holds: max_nodes, or times the default. */
static long
pool_nodes(const skirmish_search_options *o, long times)
{
	long n = o->max_nodes > 0 ? o->max_nodes : times * default_nodes(o);

	return n < 2 ? 2 : n;
}

/* Each tree's settings of the options, and its deadline (from now). */
static void
tree_settings(struct tree *trees, const skirmish_game *g, const skirmish_search_options *o)
{
	struct timespec now;
	int nt = o->threads, t;
	int timed = o->milliseconds > 0 && clock_gettime(CLOCK_MONOTONIC, &now) == 0;

	for (t = 0; t < nt; t++) {
		struct tree *tr = &trees[t];
		tr->thread = t;
		tr->seed = o->seed;
		tr->horizon = o->horizon;
		tr->nplayers = g->st.nplayers;
		tr->c = o->exploration > 0 ? o->exploration : DEFAULT_EXPLORATION;
		tr->iterations = o->iterations > 0 ?
				 o->iterations / nt + (t < o->iterations % nt) : LONG_MAX;
		tr->timed = timed;
		if (timed) {
			double ms = o->milliseconds;
			long sec = (long)(ms / 1000);
			long nsec = now.tv_nsec + (long)((ms - 1000.0 * sec) * 1e6);
			tr->deadline.tv_sec = now.tv_sec + sec + nsec / 1000000000L;
			tr->deadline.tv_nsec = nsec % 1000000000L;
		}
	}
}

/* The descents of every tree (planted), then the answer: the action into
 * *out, the candidates, their count. 0, or the error and its message in
 * why. */
static int
search_trees(struct tree *trees, int nt, skirmish_action *out, void *candidates,
	     size_t candidate_size, int max, int *count, char *why, size_t whysize)
{
	pthread_t tid[MAX_THREADS];
	int started[MAX_THREADS];
	int t, rc = 0;

	/* every tree's root lists the same candidates (the same position,
	 * no dice): the counts add up edge by edge */
	for (t = 1; t < nt; t++)
		if (trees[t].nodes[0].nedges != trees[0].nodes[0].nedges)
			return SKIRMISH_E_STATE;
	if (trees[0].nodes[0].nedges == 0)
		return SKIRMISH_E_STATE;
	/* one candidate: nothing to think about */
	if (trees[0].nodes[0].nedges > 1) {
		for (t = 1; t < nt; t++)
			started[t] = pthread_create(&tid[t], NULL, run_tree, &trees[t]) == 0;
		run_tree(&trees[0]);
		for (t = 1; t < nt; t++) {
			if (started[t])
				pthread_join(tid[t], NULL);
			else
				run_tree(&trees[t]); /* no thread: the same work here */
		}
		for (t = 0; t < nt && rc == 0; t++)
			if (trees[t].rc < 0) {
				rc = trees[t].rc;
				memcpy(why, trees[t].errmsg, whysize);
			}
	}
	if (rc == 0) {
		to_action(&trees[0].edges[trees[0].nodes[0].first_edge + best_edge(trees, nt)].a,
			  out);
		if (candidates)
			write_candidates(trees, nt, candidates, candidate_size, max);
		if (count)
			*count = trees[0].nodes[0].nedges;
	}
	return rc;
}

SKIRMISH_EXPORT int
skirmish_game_search(skirmish_game *g, const skirmish_search_options *opts,
		     skirmish_action *out, void *candidates, size_t candidate_size, int max,
		     int *count)
{
	struct tree trees[MAX_THREADS];
	struct sk_cb_frame lent;
	char why[sizeof(g->errmsg)] = "";
	long capnodes;
	int nt, t, rc = 0;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_search") < 0)
		return SKIRMISH_E_STATE;
	if (!opts || !out)
		return sk_error(g, SKIRMISH_E_INVALID, "search: options and out may not be NULL");
	rc = check_options(g, opts);
	if (rc < 0)
		return rc;
	rc = check_call(g, "skirmish_game_search", out, candidates, candidate_size, max);
	if (rc < 0)
		return rc;

	nt = opts->threads;
	capnodes = pool_nodes(opts, 1);
	memset(trees, 0, sizeof(trees[0]) * (size_t)nt);
	tree_settings(trees, g, opts);

	/* lent to the copies, whose allocator is g's: nothing may change it
	 * meanwhile (sk_busy) */
	sk_cb_enter(g, &lent, "skirmish_game_search of this game", 0);
	for (t = 0; t < nt && rc == 0; t++) {
		rc = tree_alloc(g, &trees[t], capnodes, -1);
		if (rc == 0)
			rc = tree_plant(&trees[t]);
	}
	if (rc == 0)
		rc = search_trees(trees, nt, out, candidates, candidate_size, max, count, why,
				  sizeof(why));
	for (t = 0; t < nt; t++)
		tree_free(g, &trees[t]);
	sk_cb_leave(g, &lent);
	if (rc < 0)
		return sk_error(g, rc, "search: %s", why[0] ? why : skirmish_strerror(rc));
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return 0;
}

/* ------------------------------------------------------------------ */
/* A searcher: the trees kept from one search to the next               */
/* ------------------------------------------------------------------ */

struct skirmish_searcher {
	skirmish_search_options o;
	long made, kept;              /* the last search's descents, and the visits it kept */
	struct tree trees[MAX_THREADS];
};

/* An expanded node's edges, for keep_subtree's sort by where they start. */
struct span {
	int first, id;
};

static int
by_first(const void *a, const void *b)
{
	int x = ((const struct span *)a)->first, y = ((const struct span *)b)->first;

	return (x > y) - (x < y);
}

/*
 * Keeps the subtree of node r alone, r becoming the root (node 0), and
 * packs its nodes and edges at the start of their pools. A node's children
 * were made after it (a descent makes a node below an expanded one), so a
 * sweep up from r finds every node below it, and moving each kept node to
 * its rank in that sweep moves it down, never onto a kept one not yet
 * moved; the edges move down the same way, in the order of their spans.
 * The table of positions is rebuilt from the nodes kept (the keys' memory
 * serves as the sweep's scratch meanwhile).
 */
static void
keep_subtree(struct tree *t, long r)
{
	int *map = (int *)(void *)t->keys;
	struct span *spans = (struct span *)(void *)(map + t->capnodes);
	long i, n = 0, nspans = 0, dst = 0;
	int k, c;

	for (i = 0; i < t->nnodes; i++)
		map[i] = -1;
	map[r] = 0;
	for (i = r; i < t->nnodes; i++) {
		const struct snode *o = &t->nodes[i];
		if (map[i] < 0 || o->first_edge < 0)
			continue;
		for (k = 0; k < o->nedges; k++)
			for (c = t->edges[o->first_edge + k].child; c >= 0; c = t->nodes[c].next)
				map[c] = 0;
	}
	for (i = r; i < t->nnodes; i++) {
		if (map[i] < 0)
			continue;
		map[i] = (int)n;
		t->nodes[n] = t->nodes[i];
		if (t->nodes[n].next >= 0)
			t->nodes[n].next = map[t->nodes[n].next];
		if (t->nodes[n].first_edge >= 0) {
			spans[nspans].first = t->nodes[n].first_edge;
			spans[nspans].id = (int)n;
			nspans++;
		}
		n++;
	}
	t->nodes[0].next = -1;
	t->nodes[0].key = 0;
	qsort(spans, (size_t)nspans, sizeof(spans[0]), by_first);
	for (i = 0; i < nspans; i++) {
		struct snode *o = &t->nodes[spans[i].id];
		memmove(&t->edges[dst], &t->edges[o->first_edge],
			(size_t)o->nedges * sizeof(t->edges[0]));
		o->first_edge = (int)dst;
		for (k = 0; k < o->nedges; k++, dst++)
			if (t->edges[dst].child >= 0)
				t->edges[dst].child = map[t->edges[dst].child];
	}
	t->nnodes = n;
	t->nedges = dst;
	memset(t->keys, 0, (size_t)t->capkeys * sizeof(*t->keys));
	t->nkeys = 0;
	for (i = 0; i < n && t->nkeys < t->capkeys / 2; i++) {
		struct skey *slot;
		if (t->nodes[i].first_edge < 0)
			continue;
		slot = key_slot(t, t->nodes[i].state);
		if ((slot->k[0] | slot->k[1]) == 0)
			key_put(t, slot, t->nodes[i].state, (int)i);
	}
}

/* A searcher's tree for the position just copied into its root: the
 * subtree of the most visited node of that position kept as the root
 * (the first such, by its place in the pool), or a new tree. */
static int
tree_replant(struct tree *t)
{
	uint64_t key[2];
	long i, best = -1;
	int rc;

	rc = skirmish_game_copy(t->w, t->root);
	if (rc < 0)
		return rc;
	state_key(t->root, key);
	for (i = 0; i < t->nnodes; i++) {
		const struct snode *n = &t->nodes[i];
		if (n->first_edge >= 0 && n->state[0] == key[0] && n->state[1] == key[1] &&
		    (best < 0 || n->visits > t->nodes[best].visits))
			best = i;
	}
	if (best < 0)
		return tree_plant(t);
	keep_subtree(t, best);
	return 0;
}

/* Frees s, its trees and their copies: the last with the first copy's
 * allocator (g's, when there is none yet). */
static void
searcher_free(skirmish_game *g, skirmish_searcher *s)
{
	skirmish_game *own = s->trees[0].root;
	int t;

	for (t = 0; t < MAX_THREADS; t++) {
		struct tree *tr = &s->trees[t];
		skirmish_game *a = tr->root ? tr->root : g;
		if (!tr->root && !tr->w)
			continue;
		if (t == 0)
			tr->root = NULL; /* the searcher's own memory is its */
		tree_free(a, tr);
	}
	sk_alloc(own ? own : g, s, sizeof(*s), 0);
	if (own)
		skirmish_game_free(own);
}

SKIRMISH_EXPORT int
skirmish_searcher_new(skirmish_searcher **out, skirmish_game *g,
		      const skirmish_search_options *opts)
{
	skirmish_searcher *s;
	long capnodes;
	int t, rc;

	if (out)
		*out = NULL;
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_searcher_new") < 0)
		return SKIRMISH_E_STATE;
	if (!out || !opts)
		return sk_error(g, SKIRMISH_E_INVALID,
				"searcher: out and options may not be NULL");
	rc = check_options(g, opts);
	if (rc < 0)
		return rc;
	if (g->in_action || g->probe.active)
		return sk_error(g, SKIRMISH_E_STATE, "searcher: not from inside a callback");
	/* room for the tree kept and a search's new nodes */
	capnodes = pool_nodes(opts, 2);
	s = (skirmish_searcher *)sk_alloc(g, NULL, 0, sizeof(*s));
	if (!s)
		return sk_error(g, SKIRMISH_E_NOMEM, "searcher: %s",
				skirmish_strerror(SKIRMISH_E_NOMEM));
	memset(s, 0, sizeof(*s));
	s->o = *opts;
	/* any position's candidates bound a root's edges */
	for (t = 0, rc = 0; t < opts->threads && rc == 0; t++)
		rc = tree_alloc(g, &s->trees[t], capnodes, cand_bound(g));
	if (rc < 0) {
		searcher_free(g, s);
		return sk_error(g, rc, "searcher: %s", skirmish_strerror(rc));
	}
	*out = s;
	return 0;
}

SKIRMISH_EXPORT void
skirmish_searcher_free(skirmish_searcher *s)
{
	if (s)
		searcher_free(NULL, s);
}

SKIRMISH_EXPORT int
skirmish_searcher_search(skirmish_searcher *s, skirmish_game *g, skirmish_action *out,
			 void *candidates, size_t candidate_size, int max, int *count)
{
	struct sk_cb_frame lent;
	char why[sizeof(g->errmsg)] = "";
	int nt, t, k, rc;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (!s)
		return sk_error(g, SKIRMISH_E_INVALID, "searcher: s may not be NULL");
	rc = check_call(g, "skirmish_searcher_search", out, candidates, candidate_size, max);
	if (rc < 0)
		return rc;
	nt = s->o.threads;
	s->made = s->kept = 0;
	tree_settings(s->trees, g, &s->o);
	sk_cb_enter(g, &lent, "skirmish_searcher_search of this game", 0);
	for (t = 0, rc = 0; t < nt && rc == 0; t++) {
		struct tree *tr = &s->trees[t];
		tr->done = 0;
		rc = skirmish_game_copy(tr->root, g);
		if (rc == 0)
			rc = skirmish_game_script_dice(tr->root, NULL, 0, 0);
		if (rc == 0)
			rc = tree_replant(tr);
		for (k = 0; rc == 0 && k < tr->nodes[0].nedges; k++)
			s->kept += tr->edges[tr->nodes[0].first_edge + k].visits;
	}
	if (rc == 0)
		rc = search_trees(s->trees, nt, out, candidates, candidate_size, max, count, why,
				  sizeof(why));
	for (t = 0; t < nt; t++) {
		s->trees[t].before += s->trees[t].done;
		s->made += s->trees[t].done;
		/* a search that failed keeps no tree */
		if (rc < 0)
			s->trees[t].nnodes = 0;
	}
	sk_cb_leave(g, &lent);
	if (rc < 0) {
		s->made = s->kept = 0;
		return sk_error(g, rc, "search: %s", why[0] ? why : skirmish_strerror(rc));
	}
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return 0;
}

SKIRMISH_EXPORT int
skirmish_searcher_descents(const skirmish_searcher *s, long *made, long *kept)
{
	if (!s)
		return SKIRMISH_E_INVALID;
	if (made)
		*made = s->made;
	if (kept)
		*kept = s->kept;
	return 0;
}

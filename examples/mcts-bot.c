/*
 * A small Monte-Carlo tree search bot (UCT, open loop) playing Sensō against
 * the library's greedy policy.
 *
 * It shows the library as a bot's engine: skirmish_game_copy() resets a
 * worker game from the position to think about without allocating,
 * skirmish_game_legal_actions() gives the moves to try, and a random
 * playout (skirmish_game_policy_action() with the random policy) scores
 * them. The dice are rolled anew on every descent ("open loop"): an action
 * that the dice made impossible on this descent ends it there.
 *
 *   mcts-bot [--games N] [--iterations N] [--seed N]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <skirmish/skirmish.h>

#define MAX_CHILDREN 512
#define MAX_NODES 200000

struct node {
	skirmish_action action;   /* the action that led here */
	int player;               /* who took it */
	int nchildren, expanded;
	int child[MAX_CHILDREN];
	int nuntried;
	skirmish_action *untried;
	double visits, wins;
};

static struct node *nodes;
static int nnodes;

static void
fail(skirmish_game *g, const char *what)
{
	fprintf(stderr, "mcts-bot: %s: %s\n", what, g ? skirmish_game_errmsg(g) : "");
	exit(1);
}

static int
new_node(const skirmish_action *a, int player)
{
	struct node *n;

	if (nnodes == MAX_NODES)
		return -1;
	n = &nodes[nnodes];
	memset(n, 0, sizeof(*n));
	if (a)
		n->action = *a;
	n->player = player;
	return nnodes++;
}

static void
expand(skirmish_game *w, struct node *n)
{
	int count = 0;

	n->expanded = 1;
	n->untried = malloc(MAX_CHILDREN * sizeof(*n->untried));
	if (!n->untried || skirmish_game_legal_actions(w, -1, n->untried, MAX_CHILDREN, &count) < 0)
		fail(w, "legal actions");
	n->nuntried = count < MAX_CHILDREN ? count : MAX_CHILDREN;
}

/* A random playout to the end; the winner, or -1. */
static int
rollout(skirmish_game *w, uint64_t *rng)
{
	int n;

	for (n = 0; n < 2000 && skirmish_game_state(w) == SKIRMISH_STATE_PLAYING; n++) {
		skirmish_action a;
		if (skirmish_game_policy_action(w, SKIRMISH_POLICY_RANDOM, rng, &a) < 0 ||
		    skirmish_game_act(w, &a, NULL) < 0)
			fail(w, "rollout");
	}
	return skirmish_game_winner(w);
}

static int
think(skirmish_game *root, skirmish_game *w, int iterations, uint64_t *rng,
      skirmish_action *best)
{
	int it, i, root_id;
	double most = -1;

	nnodes = 0;
	root_id = new_node(NULL, -1);
	for (it = 0; it < iterations; it++) {
		int path[256], depth = 0, id = root_id, winner;

		if (skirmish_game_copy(w, root) < 0)
			fail(w, "copy");
		skirmish_game_set_seed(w, (*rng)++ * 2654435761u);
		path[depth++] = id;
		for (;;) {
			struct node *n = &nodes[id];
			int player = skirmish_game_active_player(w), pick = -1, k;
			double bestu = -1;

			if (skirmish_game_state(w) != SKIRMISH_STATE_PLAYING || depth == 256)
				break;
			if (!n->expanded)
				expand(w, n);
			if (n->nuntried > 0) {
				/* expand one untried action, then play out */
				int u = (int)(*rng % (uint64_t)n->nuntried), c;
				skirmish_action a = n->untried[u];
				n->untried[u] = n->untried[--n->nuntried];
				*rng = *rng * 6364136223846793005ULL + 1442695040888963407ULL;
				if (skirmish_game_act(w, &a, NULL) < 0)
					break;
				c = new_node(&a, player);
				if (c < 0 || n->nchildren == MAX_CHILDREN)
					break;
				n->child[n->nchildren++] = c;
				path[depth++] = c;
				break;
			}
			for (k = 0; k < n->nchildren; k++) { /* UCB1 */
				struct node *c = &nodes[n->child[k]];
				double u = c->wins / c->visits +
					   1.4 * sqrt(log(n->visits + 1) / c->visits);
				if (u > bestu) {
					bestu = u;
					pick = n->child[k];
				}
			}
			if (pick < 0 || skirmish_game_act(w, &nodes[pick].action, NULL) < 0)
				break; /* this descent's dice made it impossible */
			id = pick;
			path[depth++] = id;
		}
		winner = skirmish_game_state(w) == SKIRMISH_STATE_PLAYING ? rollout(w, rng)
									   : skirmish_game_winner(w);
		for (i = 0; i < depth; i++) {
			nodes[path[i]].visits += 1;
			if (winner >= 0 && winner == nodes[path[i]].player)
				nodes[path[i]].wins += 1;
			else if (winner < 0)
				nodes[path[i]].wins += 0.5;
		}
	}
	for (i = 0; i < nodes[root_id].nchildren; i++) {
		struct node *c = &nodes[nodes[root_id].child[i]];
		if (c->visits > most) {
			most = c->visits;
			*best = c->action;
		}
	}
	for (i = 0; i < nnodes; i++)
		free(nodes[i].untried);
	return most >= 0 ? 0 : -1;
}

static skirmish_game *
setup(uint64_t seed)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	static const int presets[4] = { SKIRMISH_PRESET_SAMURAI, SKIRMISH_PRESET_ASHIGARU_BOW,
					SKIRMISH_PRESET_ASHIGARU_YARI, SKIRMISH_PRESET_NINJA };
	skirmish_game *g;
	int i;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.player_order = order;
	o.table_width = 36;
	o.table_depth = 30;
	o.turn_limit = 6;
	o.seed = seed;
	if (skirmish_game_new(&g, &o, NULL, 0) < 0)
		fail(NULL, "new game");
	for (i = 0; i < 8; i++) {
		skirmish_figure_spec f = SKIRMISH_FIGURE_SPEC_INIT;
		skirmish_figure_spec_preset(&f, presets[i % 4]);
		f.player = i / 4;
		f.x = 8 + 6 * (i % 4);
		f.y = i < 4 ? 6 : 24;
		if (skirmish_game_add_figure(g, &f, NULL) < 0)
			fail(g, "figure");
	}
	if (skirmish_game_start(g, NULL) < 0)
		fail(g, "start");
	return g;
}

int
main(int argc, char **argv)
{
	int games = 4, iterations = 200, i, score[3] = { 0, 0, 0 };
	uint64_t seed = 1;

	for (i = 1; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--games") == 0)
			games = atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--iterations") == 0)
			iterations = atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--seed") == 0)
			seed = strtoull(argv[i + 1], NULL, 10);
	}
	if (games < 1 || iterations < 1) {
		fprintf(stderr, "usage: mcts-bot [--games N] [--iterations N] [--seed N]\n");
		return 2;
	}
	nodes = malloc(MAX_NODES * sizeof(*nodes));
	if (!nodes)
		return 1;
	printf("UCT bot (player 0, %d iterations a move) against the greedy policy (player 1)\n",
	       iterations);
	for (i = 0; i < games; i++) {
		skirmish_game *g = setup(seed + (uint64_t)i), *w = NULL;
		uint64_t rng = seed * 1000 + (uint64_t)i;
		int actions = 0, winner;

		if (skirmish_game_clone(g, &w) < 0)
			fail(g, "clone");
		skirmish_game_set_history_limit(w, 0);
		while (skirmish_game_state(g) == SKIRMISH_STATE_PLAYING && actions < 3000) {
			skirmish_action a;
			if (skirmish_game_active_player(g) == 0) {
				if (think(g, w, iterations, &rng, &a) < 0)
					fail(g, "think");
			} else if (skirmish_game_policy_action(g, SKIRMISH_POLICY_GREEDY, &rng, &a) < 0) {
				fail(g, "greedy");
			}
			if (skirmish_game_act(g, &a, NULL) < 0)
				fail(g, "act");
			actions++;
		}
		winner = skirmish_game_winner(g);
		score[winner < 0 ? 2 : winner]++;
		printf("game %d: %s after %d actions, turn %d\n", i + 1,
		       winner == 0 ? "the UCT bot wins" : winner == 1 ? "greedy wins" : "no winner",
		       actions, skirmish_game_turn(g));
		skirmish_game_free(w);
		skirmish_game_free(g);
	}
	printf("UCT bot %d, greedy %d, no winner %d\n", score[0], score[1], score[2]);
	free(nodes);
	return 0;
}

/*
 * A small Monte-Carlo tree search bot (UCT, open loop) playing Sensō against
 * the library's greedy policy.
 *
 * It shows the library as a bot's engine: skirmish_game_copy() resets a
 * worker game from the position to think about without allocating,
 * SKIRMISH_LEGAL_ACTIONS() gives the moves to try, and a random
 * playout (skirmish_game_policy_action() with the random policy) scores
 * them. The dice are rolled anew on every descent ("open loop"): an action
 * that the dice made impossible on this descent ends it there.
 *
 *   mcts-bot [--games N] [--iterations N] [--seed N]
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <skirmish/skirmish.h>

#include "cli.h"

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
	if (!n->untried || SKIRMISH_LEGAL_ACTIONS(w, -1, n->untried, MAX_CHILDREN, &count) < 0)
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

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: mcts-bot [--games N] [--iterations N] [--seed N]\n"
		"  a tree-search bot (player 0) plays Senso against the greedy policy.\n"
		"  -g, --games N       games to play (default 4)\n"
		"  -i, --iterations N  playouts the bot runs before each move (default 200)\n"
		"  -s, --seed N        the first game's seed (default 1)\n"
		"  -h, --help          print this help\n"
		"  -V, --version       print the version\n");
}

/* A whole number in [min, max], or a message and -1. */
static int
parse_number(const char *what, const char *text, unsigned long long min,
	     unsigned long long max, unsigned long long *out)
{
	char *end;

	errno = 0;
	*out = strtoull(text, &end, 10);
	if (!text[0] || text[0] == '-' || *end || errno || *out < min || *out > max) {
		fprintf(stderr, "mcts-bot: bad %s `%s` (%llu to %llu)\n", what, text, min, max);
		return -1;
	}
	return 0;
}

/* The command line. Returns -1 to play, else the exit status. */
static int
parse_args(int argc, char **argv, int *games, int *iterations, uint64_t *seed)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "iterations", required_argument, NULL, 'i' },
		{ "seed", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long long v;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":g:i:s:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'g':
			if (parse_number("number of games", optarg, 1, 1000000, &v) < 0)
				return 2;
			*games = (int)v;
			break;
		case 'i':
			if (parse_number("number of iterations", optarg, 1, 10000000, &v) < 0)
				return 2;
			*iterations = (int)v;
			break;
		case 's':
			if (parse_number("seed", optarg, 0, UINT64_MAX, &v) < 0)
				return 2;
			*seed = (uint64_t)v;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			cli_version("mcts-bot");
			return 0;
		default:
			return cli_bad_option("mcts-bot", c, argv, optind, optopt);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "mcts-bot: unexpected argument `%s`\nTry `mcts-bot --help`.\n",
			argv[optind]);
		return 2;
	}
	return -1;
}

int
main(int argc, char **argv)
{
	int games = 4, iterations = 200, i, score[3] = { 0, 0, 0 };
	uint64_t seed = 1;

	i = parse_args(argc, argv, &games, &iterations, &seed);
	if (i >= 0)
		return i;
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

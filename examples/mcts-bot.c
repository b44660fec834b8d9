/*
 * A small Monte-Carlo tree search bot (UCT, open loop) playing Sensō or
 * Sampson Ships against the library's greedy policy.
 *
 * It shows the library as a bot's engine: skirmish_game_copy() resets a
 * worker game from the position to think about without allocating (the
 * worker's history limit is 0, so the root's history is not copied),
 * SKIRMISH_LEGAL_ACTIONS() gives the moves to try, and a rollout
 * scores them: the cheap rollout policy (skirmish_game_policy_action()
 * with SKIRMISH_POLICY_ROLLOUT) plays a few game turns, the horizon, and
 * skirmish_game_value() says what the position reached is worth to each
 * player. The dice are rolled anew on every descent ("open loop"): an
 * action that the dice made impossible on this descent ends it there.
 *
 *   mcts-bot [--ruleset NAME] [--games N] [--iterations N] [--horizon N]
 *            [--seed N] [--quiet] [--rate N]
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* The legal actions of the node's position, to be tried one by one in
 * random order, except that the rollout policy's choice goes first: with
 * few iterations a move, the bot then plays at least as the policy would. */
/* The same action, as a legal action and a policy's choice are made. */
static int
same_action(const skirmish_action *a, const skirmish_action *b)
{
	int i;

	if (a->kind != b->kind || a->figure != b->figure || a->target != b->target ||
	    a->facing != b->facing || a->npoints != b->npoints)
		return 0;
	for (i = 0; i < 2 * a->npoints && i < 2 * SKIRMISH_PATH_MAX; i++)
		if (a->xy[i] != b->xy[i])
			return 0;
	return 1;
}

static void
expand(skirmish_game *w, struct node *n, uint64_t *rng)
{
	skirmish_action first = SKIRMISH_ACTION_INIT;
	int count = 0, i;

	n->expanded = 1;
	n->untried = malloc(MAX_CHILDREN * sizeof(*n->untried));
	if (!n->untried || SKIRMISH_LEGAL_ACTIONS(w, -1, n->untried, MAX_CHILDREN, &count) < 0)
		fail(w, "legal actions");
	n->nuntried = count < MAX_CHILDREN ? count : MAX_CHILDREN;
	/* untried actions are taken from the end: the first one goes there */
	if (n->nuntried > 0 &&
	    skirmish_game_policy_action(w, SKIRMISH_POLICY_ROLLOUT, rng, &first) == 0) {
		for (i = 0; i < n->nuntried; i++)
			if (same_action(&n->untried[i], &first)) {
				n->untried[i] = n->untried[n->nuntried - 1];
				n->untried[n->nuntried - 1] = first;
				return;
			}
	}
}

/* What the bot does: its rollouts and its games. */
struct bot {
	int ruleset;
	int games, iterations, horizon, quiet;
	int rate;                 /* > 0: time this many rollouts at each horizon */
	uint64_t seed;
	long rollouts, rollout_actions;
};

/* A rollout: the rollout policy for both sides up to the horizon (game
 * turns from the present one; 0: to the end), then the value of the
 * position to each player into value[0..1]. */
static void
rollout(struct bot *b, skirmish_game *w, uint64_t *rng, double value[2])
{
	int stop = skirmish_game_turn(w) + b->horizon, n, p;

	for (n = 0; n < 2000 && skirmish_game_state(w) == SKIRMISH_STATE_PLAYING &&
		    (b->horizon == 0 || skirmish_game_turn(w) < stop); n++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		if (skirmish_game_policy_action(w, SKIRMISH_POLICY_ROLLOUT, rng, &a) < 0 ||
		    skirmish_game_act(w, &a, NULL) < 0)
			fail(w, "rollout");
	}
	for (p = 0; p < 2; p++)
		if (skirmish_game_value(w, p, &value[p]) < 0)
			fail(w, "value");
	b->rollouts++;
	b->rollout_actions += n;
}

static int
think(struct bot *b, skirmish_game *root, skirmish_game *w, uint64_t *rng,
      skirmish_action *best)
{
	int it, i, root_id;
	double most = -1;

	nnodes = 0;
	root_id = new_node(NULL, -1);
	for (it = 0; it < b->iterations; it++) {
		int path[256], depth = 0, id = root_id;
		double value[2];

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
				expand(w, n, rng);
			if (n->nuntried > 0) {
				/* expand one untried action (the last, then
				 * random ones), then play out */
				int u = n->nchildren == 0 ? n->nuntried - 1 :
					(int)(*rng % (uint64_t)n->nuntried), c;
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
		/* a game over is valued as it stands: 1 to its winner */
		rollout(b, w, rng, value);
		for (i = 0; i < depth; i++) {
			int p = nodes[path[i]].player;
			nodes[path[i]].visits += 1;
			if (p == 0 || p == 1)
				nodes[path[i]].wins += value[p];
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

/* Four figures a side on a 36" x 30" table, six game turns. */
static skirmish_game *
setup(int ruleset, uint64_t seed)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 0, 1 };
	static const int presets[4] = { SKIRMISH_PRESET_SAMURAI, SKIRMISH_PRESET_ASHIGARU_BOW,
					SKIRMISH_PRESET_ASHIGARU_YARI, SKIRMISH_PRESET_NINJA };
	static const int missiles[4] = { 0, SKIRMISH_MISSILE_SHORT_BOW, 0,
					 SKIRMISH_MISSILE_JAVELIN };
	skirmish_game *g;
	int i;

	o.ruleset = ruleset;
	o.player_order = order;
	o.table_width = 36;
	o.table_depth = 30;
	o.turn_limit = 6;
	o.seed = seed;
	if (skirmish_game_new(&g, &o, NULL, 0) < 0)
		fail(NULL, "new game");
	for (i = 0; i < 8; i++) {
		skirmish_figure_spec f = SKIRMISH_FIGURE_SPEC_INIT;
		if (ruleset == SKIRMISH_RULESET_SENSO) {
			skirmish_figure_spec_preset(&f, presets[i % 4]);
		} else {
			/* Sampson: spearmen with shields, two of them throwing */
			f.melee_weapon = SKIRMISH_MELEE_SPEAR;
			f.shield = 1;
			f.missile_weapon = missiles[i % 4];
		}
		f.player = i / 4;
		f.x = 8 + 6 * (i % 4);
		f.y = i < 4 ? 6 : 24;
		f.facing = i < 4 ? 90 : 270;
		if (skirmish_game_add_figure(g, &f, NULL) < 0)
			fail(g, "figure");
	}
	if (skirmish_game_start(g, NULL) < 0)
		fail(g, "start");
	return g;
}

/* --rate: rollouts from the start position at horizons 3 and 10 (a copy
 * of the root each), timed by the processor clock. */
static void
rollout_rate(struct bot *b)
{
	static const int horizons[2] = { 3, 10 };
	skirmish_game *root = setup(b->ruleset, b->seed), *w = NULL;
	uint64_t rng = b->seed;
	int k, i;

	if (skirmish_game_clone(root, &w) < 0)
		fail(root, "clone");
	skirmish_game_set_history_limit(w, 0);
	for (k = 0; k < 2; k++) {
		double value[2], t;
		clock_t t0 = clock();
		b->horizon = horizons[k];
		b->rollouts = b->rollout_actions = 0;
		for (i = 0; i < b->rate; i++) {
			if (skirmish_game_copy(w, root) < 0)
				fail(w, "copy");
			skirmish_game_set_seed(w, rng++ * 2654435761u);
			rollout(b, w, &rng, value);
		}
		t = (double)(clock() - t0) / CLOCKS_PER_SEC;
		if (t <= 0)
			t = 1.0 / CLOCKS_PER_SEC;
		printf("%s, horizon %2d: %d rollouts in %.2f s: %.0f rollouts/s, %.0f actions/s"
		       " (%.1f actions a rollout)\n", skirmish_ruleset_name(b->ruleset),
		       b->horizon, b->rate, t, b->rate / t, b->rollout_actions / t,
		       (double)b->rollout_actions / b->rate);
	}
	skirmish_game_free(w);
	skirmish_game_free(root);
}

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: mcts-bot [--ruleset NAME] [--games N] [--iterations N] [--horizon N]\n"
		"                [--seed N] [--quiet] [--rate N]\n"
		"  a tree-search bot (player 0) plays against the greedy policy; its\n"
		"  rollouts play the rollout policy to a horizon and take the value there.\n"
		"  -r, --ruleset NAME  senso or sampson (default senso)\n"
		"  -g, --games N       games to play (default 4)\n"
		"  -i, --iterations N  rollouts the bot runs before each move (default 200)\n"
		"  -H, --horizon N     game turns a rollout plays, 0: to the end (default 3)\n"
		"  -s, --seed N        the first game's seed (default 1)\n"
		"  -q, --quiet         print only the totals\n"
		"  -R, --rate N        time N rollouts at horizons 3 and 10 instead\n"
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
parse_args(int argc, char **argv, struct bot *b)
{
	static const struct option longopts[] = {
		{ "ruleset", required_argument, NULL, 'r' },
		{ "games", required_argument, NULL, 'g' },
		{ "iterations", required_argument, NULL, 'i' },
		{ "horizon", required_argument, NULL, 'H' },
		{ "seed", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "rate", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long long v;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":r:g:i:H:s:qR:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			b->ruleset = skirmish_ruleset_from_name(optarg);
			if (b->ruleset < 0) {
				fprintf(stderr, "mcts-bot: unknown ruleset `%s` (senso or sampson)\n",
					optarg);
				return 2;
			}
			break;
		case 'g':
			if (parse_number("number of games", optarg, 1, 1000000, &v) < 0)
				return 2;
			b->games = (int)v;
			break;
		case 'i':
			if (parse_number("number of iterations", optarg, 1, 10000000, &v) < 0)
				return 2;
			b->iterations = (int)v;
			break;
		case 'H':
			if (parse_number("horizon", optarg, 0, 1000, &v) < 0)
				return 2;
			b->horizon = (int)v;
			break;
		case 's':
			if (parse_number("seed", optarg, 0, UINT64_MAX, &v) < 0)
				return 2;
			b->seed = (uint64_t)v;
			break;
		case 'q':
			b->quiet = 1;
			break;
		case 'R':
			if (parse_number("number of rollouts", optarg, 1, 100000000, &v) < 0)
				return 2;
			b->rate = (int)v;
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
	struct bot b;
	int i, score[3] = { 0, 0, 0 };
	clock_t t0;
	double t;

	memset(&b, 0, sizeof(b));
	b.ruleset = SKIRMISH_RULESET_SENSO;
	b.games = 4;
	b.iterations = 200;
	b.horizon = 3;
	b.seed = 1;
	i = parse_args(argc, argv, &b);
	if (i >= 0)
		return i;
	if (b.rate > 0) {
		rollout_rate(&b);
		return 0;
	}
	nodes = malloc(MAX_NODES * sizeof(*nodes));
	if (!nodes)
		return 1;
	printf("%s: UCT bot (player 0, %d iterations a move, rollouts to a horizon of %d "
	       "game turns) against the greedy policy (player 1), %d games from seed %llu\n",
	       skirmish_ruleset_name(b.ruleset), b.iterations, b.horizon, b.games,
	       (unsigned long long)b.seed);
	t0 = clock();
	for (i = 0; i < b.games; i++) {
		skirmish_game *g = setup(b.ruleset, b.seed + (uint64_t)i), *w = NULL;
		uint64_t rng = b.seed * 1000 + (uint64_t)i;
		int actions = 0, winner;

		if (skirmish_game_clone(g, &w) < 0)
			fail(g, "clone");
		/* the worker keeps no history: copies of g skip g's history */
		skirmish_game_set_history_limit(w, 0);
		while (skirmish_game_state(g) == SKIRMISH_STATE_PLAYING && actions < 3000) {
			skirmish_action a = SKIRMISH_ACTION_INIT;
			if (skirmish_game_active_player(g) == 0) {
				if (think(&b, g, w, &rng, &a) < 0)
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
		if (!b.quiet)
			printf("game %d: %s after %d actions, turn %d\n", i + 1,
			       winner == 0 ? "the UCT bot wins" : winner == 1 ? "greedy wins" :
			       "no winner", actions, skirmish_game_turn(g));
		skirmish_game_free(w);
		skirmish_game_free(g);
	}
	t = (double)(clock() - t0) / CLOCKS_PER_SEC;
	printf("UCT bot %d, greedy %d, no winner %d: the bot wins %.1f%% of %d games"
	       " (%ld rollouts, %.0f rollouts/s)\n", score[0], score[1], score[2],
	       100.0 * score[0] / b.games, b.games, b.rollouts, t > 0 ? b.rollouts / t : 0.0);
	free(nodes);
	return 0;
}

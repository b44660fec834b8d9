/* SPDX-License-Identifier: MIT */
/*
 * A computer opponent in a few lines: skirmish_game_search() plays player
 * 0 of Sensō or Sampson Ships against the library's greedy policy, and
 * shows what it thinks of its first decision of each game.
 *
 * The search is the library's (lib/search.c, doc/SEARCH.md): Monte Carlo
 * tree search with the dice as chance, rollouts to a horizon and
 * skirmish_game_value(); the same seed, iterations and threads give the
 * same games. A side that searches at every decision can also keep its
 * trees from one to the next, and search deeper for the same budget:
 * skirmish_searcher_new() once, then skirmish_searcher_search() at each
 * decision (examples/tournament.c plays so).
 *
 *   mcts-bot [--ruleset NAME] [--games N] [--iterations N] [--threads N]
 *            [--horizon N] [--seed N] [--quiet]
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <skirmish/skirmish.h>

#include "cli.h"

#define SHOWN 8                   /* candidates shown of the first decision */

struct bot {
	int ruleset, games, quiet;
	skirmish_search_options search;
};

static void
fail(skirmish_game *g, const char *what)
{
	fprintf(stderr, "mcts-bot: %s: %s\n", what, g ? skirmish_game_errmsg(g) : "");
	exit(1);
}

/* Three figures a side across a 30" x 24" table, five game turns: a
 * swordsman, an archer and a spearman (Sensō: samurai, ashigaru bow,
 * ashigaru yari). */
static skirmish_game *
setup(int ruleset, uint64_t seed)
{
	static const int presets[3] = { SKIRMISH_PRESET_SAMURAI, SKIRMISH_PRESET_ASHIGARU_BOW,
					SKIRMISH_PRESET_ASHIGARU_YARI };
	static const int melee[3] = { SKIRMISH_MELEE_SWORD, SKIRMISH_MELEE_DAGGER,
				      SKIRMISH_MELEE_SPEAR };
	static const char *const names[6] = { "Kenji", "Taro", "Jiro", "Goro", "Saburo", "Ichiro" };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g;
	int i;

	o.ruleset = ruleset;
	o.table_width = 30;
	o.table_depth = 24;
	o.turn_limit = 5;
	o.seed = seed;
	if (skirmish_game_new(&g, &o, NULL, 0) < 0)
		fail(NULL, "new game");
	for (i = 0; i < 6; i++) {
		skirmish_figure_spec f = SKIRMISH_FIGURE_SPEC_INIT;
		if (ruleset == SKIRMISH_RULESET_SENSO) {
			skirmish_figure_spec_preset(&f, presets[i % 3]);
		} else {
			f.melee_weapon = melee[i % 3];
			f.missile_weapon = i % 3 == 1 ? SKIRMISH_MISSILE_SHORT_BOW : 0;
			f.shield = i % 3 != 1;
		}
		f.name = names[i];
		f.player = i / 3;
		f.x = 9 + 6 * (i % 3);
		f.y = i < 3 ? 5 : 19;
		f.facing = i < 3 ? 90 : 270;
		if (skirmish_game_add_figure(g, &f, NULL) < 0)
			fail(g, "figure");
	}
	if (skirmish_game_start(g, NULL) < 0)
		fail(g, "start");
	return g;
}

/* What the computer thinks: its candidates, most visited first. */
static void
show(const skirmish_game *g, const skirmish_search_candidate *c, int n)
{
	int shown[SHOWN], k, i, j;

	printf("  what the computer thinks (%d candidates):\n", n);
	for (k = 0; k < SHOWN && k < n; k++) {
		skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
		int best = -1;
		for (i = 0; i < n; i++) {
			for (j = 0; j < k && shown[j] != i; j++)
				;
			if (j == k && (best < 0 || c[i].visits > c[best].visits))
				best = i;
		}
		shown[k] = best;
		if (c[best].action.figure < 0 ||
		    skirmish_game_figure(g, c[best].action.figure, &fi) < 0)
			fi.name = "";
		printf("    %-10s %-8s %6ld visits, value %.3f\n",
		       skirmish_action_name(c[best].action.kind),
		       fi.name,
		       c[best].visits, c[best].value);
	}
}

static int
play(struct bot *b, int i, uint64_t seed)
{
	skirmish_game *g = setup(b->ruleset, seed);
	uint64_t rng = seed;
	int actions = 0, winner, shown = b->quiet;

	while (skirmish_game_state(g) == SKIRMISH_STATE_PLAYING && actions < 3000) {
		skirmish_search_candidate c[256];
		skirmish_action a = SKIRMISH_ACTION_INIT;
		int n = 0;
		if (skirmish_game_active_player(g) == 0) {
			b->search.seed = seed * 1000003 + (uint64_t)actions;
			if (SKIRMISH_GAME_SEARCH(g, &b->search, &a, c, 256, &n) < 0)
				fail(g, "search");
			if (!shown && n > 1) {
				show(g, c, n < 256 ? n : 256);
				shown = 1;
			}
		} else if (skirmish_game_policy_action(g, SKIRMISH_POLICY_GREEDY, &rng, &a) < 0) {
			fail(g, "greedy");
		}
		if (skirmish_game_act(g, &a, NULL) < 0)
			fail(g, "act");
		actions++;
	}
	winner = skirmish_game_winner(g);
	if (!b->quiet)
		printf("game %d: %s after %d actions, turn %d\n", i + 1,
		       winner == 0 ? "the computer wins" : winner == 1 ? "greedy wins" :
		       "no winner", actions, skirmish_game_turn(g));
	skirmish_game_free(g);
	return winner;
}

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: mcts-bot [--ruleset NAME] [--games N] [--iterations N] [--threads N]\n"
		"                [--horizon N] [--seed N] [--quiet]\n"
		"  the library's search (player 0) plays against the greedy policy.\n"
		"  -r, --ruleset NAME  senso or sampson (default senso)\n"
		"  -g, --games N       games to play (default 4)\n"
		"  -i, --iterations N  descents of the search a decision (default 1000)\n"
		"  -t, --threads N     threads of the search (default 1)\n"
		"  -H, --horizon N     game turns a rollout plays, 0: to the end (default 2)\n"
		"  -s, --seed N        the first game's seed (default 1)\n"
		"  -q, --quiet         print only the totals\n"
		"  -h, --help          print this help\n"
		"  -V, --version       print the version\n");
}

/* A whole number in [min, max], or a message and -1. */
static int
number(const char *what, const char *text, unsigned long long max, unsigned long long *out)
{
	char *end;

	errno = 0;
	*out = strtoull(text, &end, 10);
	if (!text[0] || text[0] == '-' || *end || errno || *out > max) {
		fprintf(stderr, "mcts-bot: bad %s `%s` (0 to %llu)\n", what, text, max);
		return -1;
	}
	return 0;
}

/* The command line. Returns -1 to play, else the exit status. */
static int
parse_args(int argc, char **argv, struct bot *b, uint64_t *seed)
{
	static const struct option longopts[] = {
		{ "ruleset", required_argument, NULL, 'r' },
		{ "games", required_argument, NULL, 'g' },
		{ "iterations", required_argument, NULL, 'i' },
		{ "threads", required_argument, NULL, 't' },
		{ "horizon", required_argument, NULL, 'H' },
		{ "seed", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long long v;
	int c, bad = 0;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":r:g:i:t:H:s:qhV", longopts, NULL)) != -1) {
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
			bad = number("number of games", optarg, 1000000, &v) < 0 || v < 1;
			b->games = (int)v;
			break;
		case 'i':
			bad = number("number of iterations", optarg, 10000000, &v) < 0 || v < 1;
			b->search.iterations = (long)v;
			break;
		case 't':
			bad = number("number of threads", optarg, 64, &v) < 0 || v < 1;
			b->search.threads = (int)v;
			break;
		case 'H':
			bad = number("horizon", optarg, 1000, &v) < 0;
			b->search.horizon = (int)v;
			break;
		case 's':
			bad = number("seed", optarg, UINT64_MAX, &v) < 0;
			*seed = (uint64_t)v;
			break;
		case 'q':
			b->quiet = 1;
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
		if (bad)
			return 2;
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
	uint64_t seed = 1;
	int i, score[3] = { 0, 0, 0 };

	memset(&b, 0, sizeof(b));
	b.ruleset = SKIRMISH_RULESET_SENSO;
	b.games = 4;
	skirmish_search_options_init(&b.search, SKIRMISH_SEARCH_OPTIONS_VERSION);
	i = parse_args(argc, argv, &b, &seed);
	if (i >= 0)
		return i;
	printf("%s: the search (player 0, %ld iterations a decision, %d thread%s, horizon %d) "
	       "against the greedy policy (player 1), %d games from seed %llu\n",
	       skirmish_ruleset_name(b.ruleset), b.search.iterations, b.search.threads,
	       b.search.threads == 1 ? "" : "s", b.search.horizon, b.games,
	       (unsigned long long)seed);
	for (i = 0; i < b.games; i++) {
		int w = play(&b, i, seed + (uint64_t)i);
		score[w < 0 ? 2 : w]++;
	}
	printf("the computer %d, greedy %d, no winner %d: the computer wins %.1f%% of %d games\n",
	       score[0], score[1], score[2], 100.0 * score[0] / b.games, b.games);
	return 0;
}

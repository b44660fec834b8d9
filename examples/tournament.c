/* SPDX-License-Identifier: MIT */
/*
 * tournament: two policies play each other over seeded games on every
 * setup it is given, seats alternating, and it prints each one's wins,
 * draws and losses with Wilson 95% intervals (doc/SEARCH.md).
 *
 *   tournament [--games N] [--seed N] [--builtin] [--scenario FILE]...
 *              POLICY POLICY
 *
 * A policy is random, greedy, rollout (the library's built-in policies,
 * skirmish_game_policy_action()) or search:N (skirmish_game_search() with
 * N iterations a decision), search:Nms (N milliseconds a decision),
 * either with xT for T threads (search:400x2), hH for a horizon of H game
 * turns, cC for a weight of exploration C (search:400h3c0.2) and a last k
 * to keep the trees from one decision to the next (a skirmish_searcher
 * made for each game: search:100msk). The setups are the
 * console scenario files given (examples/scenarios/) and, with
 * --builtin, a 4 v 4 battle of each ruleset on an open 36" x 30" table.
 * Game i of a setup is played from seed + i, and the first policy takes
 * player i % 2.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <skirmish/skirmish.h>

#include "cli.h"
#include "scenario.h"

#define MAX_SETUPS 16
#define MAX_ACTIONS 5000

struct policy {
	char name[32];
	int kind;                 /* a SKIRMISH_POLICY_*, or -1: search */
	long iterations;
	double milliseconds;
	int threads, horizon;     /* horizon -1: the search's default */
	double exploration;       /* 0: the search's default */
	int keep;                 /* trees kept (a skirmish_searcher), not fresh */
	skirmish_searcher *searcher; /* the game's, when kept */
	long decisions;           /* searched decisions, their wall-clock and processor time */
	double seconds, cpu;
	double descents;          /* the descents of the searched decisions, summed */
	double kept;              /* the visits kept from the decisions before, summed */
};

/* The most candidates a decision's statistics are read for: the descents
 * a decision made are the visits of its candidates, summed. */
#define MAX_CANDIDATES 4096

struct setup {
	char name[64];
	skirmish_game *g;         /* in setup, or started (the built-in ones) */
};

static void
die(const char *what, const skirmish_game *g)
{
	fprintf(stderr, "tournament: %s%s%s\n", what, g ? ": " : "", g ? skirmish_game_errmsg(g) : "");
	exit(1);
}

static double
now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
parse_policy(const char *text, struct policy *p)
{
	char *end;

	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", text);
	p->threads = 1;
	p->horizon = -1;
	if (!strcmp(text, "random"))
		p->kind = SKIRMISH_POLICY_RANDOM;
	else if (!strcmp(text, "greedy"))
		p->kind = SKIRMISH_POLICY_GREEDY;
	else if (!strcmp(text, "rollout"))
		p->kind = SKIRMISH_POLICY_ROLLOUT;
	else if (!strncmp(text, "search:", 7)) {
		double n = strtod(text + 7, &end);
		p->kind = -1;
		if (end == text + 7 || n < 1)
			return -1;
		if (!strncmp(end, "ms", 2)) {
			p->milliseconds = n;
			end += 2;
		} else {
			p->iterations = (long)n;
		}
		if (*end == 'x') {
			p->threads = (int)strtol(end + 1, &end, 10);
			if (p->threads < 1 || p->threads > 64)
				return -1;
		}
		/* the horizon and the weight of exploration, for experiments */
		if (*end == 'h') {
			p->horizon = (int)strtol(end + 1, &end, 10);
			if (p->horizon < 0 || p->horizon > 1000)
				return -1;
		}
		if (*end == 'c') {
			p->exploration = strtod(end + 1, &end);
			if (!(p->exploration > 0))
				return -1;
		}
		if (*end == 'k') {
			p->keep = 1;
			end++;
		}
		if (*end)
			return -1;
	} else {
		return -1;
	}
	return 0;
}

/* The options of search policy p, with seed. */
static void
search_options(const struct policy *p, uint64_t seed, skirmish_search_options *o)
{
	skirmish_search_options_init(o, SKIRMISH_SEARCH_OPTIONS_VERSION);
	o->iterations = p->iterations;
	o->milliseconds = p->milliseconds;
	o->threads = p->threads;
	if (p->horizon >= 0)
		o->horizon = p->horizon;
	o->exploration = p->exploration;
	o->seed = seed;
}

/* The action of policy p for the player to move. */
static void
decide(struct policy *p, skirmish_game *g, uint64_t seed, uint64_t *rng, skirmish_action *a)
{
	if (p->kind >= 0) {
		if (skirmish_game_policy_action(g, p->kind, rng, a) < 0)
			die(p->name, g);
	} else {
		static skirmish_search_candidate cands[MAX_CANDIDATES];
		skirmish_search_options o;
		double t0 = now_seconds();
		clock_t c0 = clock();
		int n = 0, k;
		long made = 0, kept = 0;
		if (!p->keep) {
			search_options(p, seed, &o);
			if (SKIRMISH_GAME_SEARCH(g, &o, a, cands, MAX_CANDIDATES, &n) < 0)
				die(p->name, g);
			for (k = 0; k < n && k < MAX_CANDIDATES; k++)
				made += cands[k].visits;
		} else {
			if (SKIRMISH_SEARCHER_SEARCH(p->searcher, g, a, NULL, 0, NULL) < 0)
				die(p->name, g);
			skirmish_searcher_descents(p->searcher, &made, &kept);
		}
		p->descents += (double)made;
		p->kept += (double)kept;
		p->decisions++;
		p->seconds += now_seconds() - t0;
		p->cpu += (double)(clock() - c0) / CLOCKS_PER_SEC;
	}
}

/* Four figures a side on an open 36" x 30" table, six game turns. */
static skirmish_game *
builtin(int ruleset)
{
	static const int presets[4] = { SKIRMISH_PRESET_SAMURAI, SKIRMISH_PRESET_ASHIGARU_BOW,
					SKIRMISH_PRESET_ASHIGARU_YARI, SKIRMISH_PRESET_NINJA };
	static const int missiles[4] = { 0, SKIRMISH_MISSILE_SHORT_BOW, 0,
					 SKIRMISH_MISSILE_JAVELIN };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g;
	int i;

	o.ruleset = ruleset;
	o.table_width = 36;
	o.table_depth = 30;
	o.turn_limit = 6;
	if (skirmish_game_new(&g, &o, NULL, 0) < 0)
		die("new game", NULL);
	for (i = 0; i < 8; i++) {
		skirmish_figure_spec f = SKIRMISH_FIGURE_SPEC_INIT;
		if (ruleset == SKIRMISH_RULESET_SENSO) {
			skirmish_figure_spec_preset(&f, presets[i % 4]);
		} else {
			f.melee_weapon = SKIRMISH_MELEE_SPEAR;
			f.shield = 1;
			f.missile_weapon = missiles[i % 4];
		}
		f.player = i / 4;
		f.x = 8 + 6 * (i % 4);
		f.y = i < 4 ? 6 : 24;
		f.facing = i < 4 ? 90 : 270;
		if (skirmish_game_add_figure(g, &f, NULL) < 0)
			die("figure", g);
	}
	return g;
}

static void
load_scenario(const char *path, struct setup *s)
{
	FILE *f = fopen(path, "rb");
	struct scn *scn;
	char *text;
	long n;
	const char *base = strrchr(path, '/');

	if (!f) {
		fprintf(stderr, "tournament: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = malloc((size_t)n + 1);
	if (!text || fread(text, 1, (size_t)n, f) != (size_t)n)
		die(path, NULL);
	text[n] = '\0';
	fclose(f);
	scn = scn_new(stderr);
	if (!scn || scn_run_text(scn, text, path) != 0 || !scn_game(scn))
		die(path, NULL);
	if (skirmish_game_clone(scn_game(scn), &s->g) < 0)
		die(path, scn_game(scn));
	snprintf(s->name, sizeof(s->name), "%s", base ? base + 1 : path);
	scn_free(scn);
	free(text);
}

/* The Wilson score interval of k successes in n, 95% (z = 1.96). */
static void
wilson(long k, long n, double *lo, double *hi)
{
	const double z = 1.96;
	double p, c, h;

	if (n == 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	p = (double)k / n;
	c = (p + z * z / (2.0 * n)) / (1 + z * z / n);
	h = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);
	*lo = c - h < 0 ? 0 : c - h;
	*hi = c + h > 1 ? 1 : c + h;
}

/* One game from s with seed: 0 a wins, 1 b wins, 2 neither. */
static int
play(const struct setup *s, struct policy *pol[2], int a_seat, uint64_t seed)
{
	skirmish_game *g;
	uint64_t rng = seed * 7919 + 1;
	int n, w;

	if (skirmish_game_clone(s->g, &g) < 0)
		die("clone", s->g);
	skirmish_game_set_seed(g, seed);
	skirmish_game_set_history_limit(g, 0);
	if (skirmish_game_state(g) == SKIRMISH_STATE_SETUP && skirmish_game_start(g, NULL) < 0)
		die("start", g);
	/* a search that keeps its trees has a searcher for the game */
	for (n = 0; n < 2; n++)
		if (pol[n]->kind < 0 && pol[n]->keep) {
			skirmish_search_options o;
			search_options(pol[n], seed * 100003 + (uint64_t)n, &o);
			if (skirmish_searcher_new(&pol[n]->searcher, g, &o) < 0)
				die(pol[n]->name, g);
		}
	for (n = 0; n < MAX_ACTIONS && skirmish_game_state(g) == SKIRMISH_STATE_PLAYING; n++) {
		int p = skirmish_game_active_player(g);
		skirmish_action a = SKIRMISH_ACTION_INIT;
		decide(pol[p == a_seat ? 0 : 1], g, seed * 100003 + (uint64_t)n, &rng, &a);
		if (skirmish_game_act(g, &a, NULL) < 0)
			die("act", g);
	}
	w = skirmish_game_state(g) == SKIRMISH_STATE_OVER ? skirmish_game_winner(g) : -1;
	for (n = 0; n < 2; n++) {
		skirmish_searcher_free(pol[n]->searcher);
		pol[n]->searcher = NULL;
	}
	skirmish_game_free(g);
	if (w < 0)
		return 2;
	return w == a_seat ? 0 : 1;
}

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: tournament [--games N] [--seed N] [--builtin] [--scenario FILE]...\n"
		"                  POLICY POLICY\n"
		"  plays the first policy against the second on each setup, seats alternating,\n"
		"  and prints wins, draws and losses of the first with Wilson 95%% intervals.\n"
		"  POLICY: random, greedy, rollout, search:N (iterations a decision),\n"
		"  search:Nms (milliseconds a decision), then xT for T threads, hH for a\n"
		"  horizon of H game turns, cC for a weight of exploration C, and a last k\n"
		"  to keep the trees from one decision to the next (skirmish_searcher_*)\n"
		"  -g, --games N        games a setup (default 20)\n"
		"  -s, --seed N         the first game's seed (default 1)\n"
		"  -b, --builtin        the built-in 4 v 4 setups of both rulesets\n"
		"  -f, --scenario FILE  a console scenario file (repeatable)\n"
		"  -h, --help           print this help\n"
		"  -V, --version        print the version\n");
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "seed", required_argument, NULL, 's' },
		{ "builtin", no_argument, NULL, 'b' },
		{ "scenario", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct setup setups[MAX_SETUPS];
	struct policy pols[2], *pol[2];
	long games = 20, i, total[3] = { 0, 0, 0 };
	unsigned long long seed = 1;
	int nsetups = 0, c, k;
	char *end;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":g:s:bf:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'g':
			games = strtol(optarg, &end, 10);
			if (*end || games < 1 || games > 1000000) {
				fprintf(stderr, "tournament: bad number of games `%s`\n", optarg);
				return 2;
			}
			break;
		case 's':
			errno = 0;
			seed = strtoull(optarg, &end, 10);
			if (*end || errno || optarg[0] == '-') {
				fprintf(stderr, "tournament: bad seed `%s`\n", optarg);
				return 2;
			}
			break;
		case 'b':
			if (nsetups + 2 > MAX_SETUPS)
				die("too many setups", NULL);
			setups[nsetups].g = builtin(SKIRMISH_RULESET_SENSO);
			snprintf(setups[nsetups++].name, sizeof(setups[0].name), "senso 4 v 4");
			setups[nsetups].g = builtin(SKIRMISH_RULESET_SAMPSON);
			snprintf(setups[nsetups++].name, sizeof(setups[0].name), "sampson 4 v 4");
			break;
		case 'f':
			if (nsetups == MAX_SETUPS)
				die("too many setups", NULL);
			load_scenario(optarg, &setups[nsetups++]);
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			cli_version("tournament");
			return 0;
		default:
			return cli_bad_option("tournament", c, argv, optind, optopt);
		}
	}
	for (k = 0; optind + k < argc; k++)
		if (k >= 2 || parse_policy(argv[optind + k], &pols[k]) < 0) {
			fprintf(stderr, "tournament: unexpected argument `%s` (a policy: random, "
				"greedy, rollout, search:N, search:Nms)\nTry `tournament --help`.\n",
				argv[optind + k]);
			return 2;
		}
	if (k != 2 || nsetups == 0) {
		fprintf(stderr, "tournament: two policies and at least one setup\n"
			"Try `tournament --help`.\n");
		return 2;
	}
	pol[0] = &pols[0];
	pol[1] = &pols[1];
	printf("%s against %s, %ld games a setup from seed %llu, seats alternating\n",
	       pols[0].name, pols[1].name, games, seed);
	for (k = 0; k < nsetups; k++) {
		long score[3] = { 0, 0, 0 };
		double lo, hi, dlo, dhi;
		for (i = 0; i < games; i++)
			score[play(&setups[k], pol, (int)(i % 2), seed + (uint64_t)i)]++;
		wilson(score[0], score[0] + score[1], &dlo, &dhi);
		wilson(score[0], games, &lo, &hi);
		printf("%-26s %s wins %ld, draws %ld, losses %ld: %.1f%% of decided games "
		       "[%.1f, %.1f], %.1f%% of all [%.1f, %.1f]\n", setups[k].name,
		       pols[0].name, score[0], score[2], score[1],
		       score[0] + score[1] ? 100.0 * score[0] / (score[0] + score[1]) : 0.0,
		       100 * dlo, 100 * dhi, 100.0 * score[0] / games, 100 * lo, 100 * hi);
		for (c = 0; c < 3; c++)
			total[c] += score[c];
		fflush(stdout);
		skirmish_game_free(setups[k].g);
	}
	{
		double dlo, dhi;
		wilson(total[0], total[0] + total[1], &dlo, &dhi);
		printf("all setups: %s wins %ld, draws %ld, losses %ld: %.1f%% of decided games "
		       "[%.1f, %.1f]\n", pols[0].name, total[0], total[2], total[1],
		       total[0] + total[1] ? 100.0 * total[0] / (total[0] + total[1]) : 0.0,
		       100 * dlo, 100 * dhi);
	}
	for (k = 0; k < 2; k++)
		if (pols[k].decisions)
			printf("%s: %ld decisions searched, %.1f ms each (%.1f ms of processor), "
			       "%.0f descents each (and %.0f visits kept from before)\n",
			       pols[k].name, pols[k].decisions,
			       1000 * pols[k].seconds / pols[k].decisions,
			       1000 * pols[k].cpu / pols[k].decisions,
			       pols[k].descents / pols[k].decisions,
			       pols[k].kept / pols[k].decisions);
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * The native side of the page's browser test (wasm/test-browser.mjs):
 * what the native library says of a game file the page saved.
 *
 *   web-native hashes FILE   the state hash of the scenario, then after
 *                            each recorded action, replayed natively
 *   web-native odds FILE KIND FIGURE TARGET
 *                            the exact odds of that action in the saved
 *                            game: one "outcome side numerator/denominator"
 *                            line each
 *
 * Public API only. Exit status 0, or 1 with the reason on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <skirmish/skirmish.h>

static skirmish_game *
load(const char *path)
{
	FILE *f = fopen(path, "rb");
	char err[256];
	unsigned char *buf;
	long n;
	skirmish_game *g = NULL;

	if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
		fprintf(stderr, "web-native: cannot read %s\n", path);
		exit(1);
	}
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "web-native: cannot read %s\n", path);
		exit(1);
	}
	fclose(f);
	if (skirmish_game_load(&g, buf, (size_t)n, NULL, err, sizeof(err)) < 0) {
		fprintf(stderr, "web-native: %s: %s\n", path, err);
		exit(1);
	}
	free(buf);
	return g;
}

static void
print_hash(const skirmish_game *g)
{
	uint64_t h = 0;

	skirmish_game_hash(g, &h);
	printf("%016llx\n", (unsigned long long)h);
}

static int
hashes(const char *path)
{
	skirmish_game *g = load(path), *r = NULL;
	skirmish_action a = SKIRMISH_ACTION_INIT;
	char err[256];
	int i, n = skirmish_game_history_length(g);

	if (skirmish_game_replay(&r, g, 0, err, sizeof(err)) < 0) {
		fprintf(stderr, "web-native: replay: %s\n", err);
		return 1;
	}
	print_hash(r);
	for (i = 0; i < n; i++) {
		if (skirmish_game_history_action(g, i, &a) < 0 || skirmish_game_act(r, &a, NULL) < 0) {
			fprintf(stderr, "web-native: action %d: %s\n", i + 1, skirmish_game_errmsg(r));
			return 1;
		}
		print_hash(r);
	}
	skirmish_game_free(r);
	skirmish_game_free(g);
	return 0;
}

static int
odds(const char *path, int kind, int fig, int target)
{
	skirmish_game *g = load(path);
	skirmish_action a = SKIRMISH_ACTION_INIT;
	skirmish_odds o = SKIRMISH_ODDS_INIT;
	int i;

	a.kind = kind;
	a.figure = fig;
	a.target = target;
	if (skirmish_game_odds(g, &a, &o) < 0) {
		fprintf(stderr, "web-native: odds: %s\n", skirmish_game_errmsg(g));
		return 1;
	}
	for (i = 0; i < o.noutcomes; i++)
		printf("%s %d %llu/%llu\n", skirmish_outcome_name(o.outcomes[i].outcome),
		       o.outcomes[i].side, (unsigned long long)o.outcomes[i].numerator,
		       (unsigned long long)o.outcomes[i].denominator);
	skirmish_game_free(g);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "hashes"))
		return hashes(argv[2]);
	if (argc == 6 && !strcmp(argv[1], "odds"))
		return odds(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
	fprintf(stderr, "usage: web-native hashes FILE | odds FILE KIND FIGURE TARGET\n");
	return 1;
}

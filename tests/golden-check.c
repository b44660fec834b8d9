/* SPDX-License-Identifier: MIT */
/*
 * The golden replays' checker (doc/TESTING.md, G8): replays every
 * golden game of tests/data/ (golden.h) and compares the state hash after
 * every action with the one gcc -O2 on x86-64 wrote, then checks that
 * the games together show every kind of action of both rulesets. No
 * Check: it builds wherever the library does (the determinism step of
 * .ci/run builds it with gcc and clang, optimised or not, and gcc -m32).
 *
 *   golden-check [DATA_DIR]     (default: $SKIRMISH_TEST_DATA, else tests/data)
 *
 * Prints one line per game; exits 1 at the first difference.
 */
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

#include "golden.h"

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : getenv("SKIRMISH_TEST_DATA");
	unsigned long features[2] = { 0, 0 };
	char err[512], buf[64];
	int i, k, actions, shown;

	if (!dir)
		dir = "tests/data";
	printf("golden replays of %s, library %s, %d-bit pointers\n", dir, skirmish_version(),
	       (int)(8 * sizeof(void *)));
	for (i = 0; golden_names[i]; i++) {
		unsigned long f[2] = { 0, 0 };

		if (golden_check(dir, golden_names[i], f, &actions, err, sizeof(err)) < 0) {
			fprintf(stderr, "golden-check: %s\n", err);
			return 1;
		}
		printf("%s: %d actions, every hash the same; shows", golden_names[i], actions);
		for (k = shown = 0; k < GF_COUNT; k++)
			if ((f[0] | f[1]) & (1UL << k))
				printf("%s %s", shown++ ? "," : "",
				       golden_feature_name(k, buf, sizeof(buf)));
		printf("\n");
		features[0] |= f[0];
		features[1] |= f[1];
	}
	if (golden_covered(features, err, sizeof(err)) < 0) {
		fprintf(stderr, "golden-check: %s\n", err);
		return 1;
	}
	printf("every feature of both rulesets shown\n");
	return 0;
}

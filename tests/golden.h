/* SPDX-License-Identifier: MIT */
/*
 * The wide golden replays of tests/data/ (doc/TESTING.md, G8): how they
 * are played and written, and how one is checked. Public API only and no
 * Check, so that the standalone checker (golden-check.c) builds with any
 * compiler and word size; the state suite writes them and checks them too.
 */
#ifndef SKIRMISH_TESTS_GOLDEN_H
#define SKIRMISH_TESTS_GOLDEN_H

#include <stddef.h>
#include <stdint.h>

/* What a golden game shows, a bit each (golden_feature_name()) */
enum golden_feature {
	GF_SENSO, GF_SAMPSON, GF_PLAYERS_3, GF_PLAYERS_4, GF_UMPIRE, GF_NIGHT,
	GF_MOVE, GF_WAYPOINTS, GF_CHARGE, GF_TURN, GF_RELOAD, GF_MOUNT,
	GF_DISMOUNT, GF_FIGHT, GF_PUSH_BACK, GF_SHOCK_ABSORBER, GF_OBJECTIVE,
	GF_KILL, GF_END_PHASE, GF_END_TURN,
	GF_SHOT,        /* GF_SHOT + w: a shot of missile weapon w */
	GF_COUNT = GF_SHOT + 10
};

/* "waypoints", "shot long bow", ... (static) */
const char *golden_feature_name(int feature, char *buf, size_t size);

/* splitmix64, the policy's own dice (and the state suite's): the next
 * value, and one below n */
uint64_t golden_next(uint64_t *s);
int golden_below(uint64_t *s, int n);

/* The golden games: their names, NULL-terminated */
extern const char *const golden_names[];
/* Nonzero for a wide one, which golden_write() plays; the first two are
 * played by the state suite (test-state.c) and show what they happen to */
int golden_is_wide(const char *name);

/* Plays the wide golden game `name` and writes dir/name.skg and dir/name.hashes:
 * 0, or -1 with the reason in err. */
int golden_write(const char *dir, const char *name, char *err, size_t size);

/* Checks dir/name.skg against dir/name.hashes, hash by hash, and adds
 * what the game shows to features[0] (a Senso game) or features[1]
 * (Sampson), a bit per enum golden_feature: 0, or -1 with the reason in
 * err. *actions gets the number of actions. */
int golden_check(const char *dir, const char *name, unsigned long features[2],
		 int *actions, char *err, size_t size);

/* What each ruleset's golden games must show together: 0, or -1 naming
 * the first feature missing. */
int golden_covered(const unsigned long features[2], char *err, size_t size);

#endif

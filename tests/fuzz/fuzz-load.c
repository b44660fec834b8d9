/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the saved-game loader (skirmish_game_load) on any bytes
 * (doc/TESTING.md, doc/FORMAT.md). The first byte of the input says how
 * to read the rest: odd, the checksum at its end is made right first (so
 * that the fuzzer reaches what lies behind it), even, the bytes are
 * loaded as they are. A load either fails with
 * SKIRMISH_E_FORMAT and a message, or gives a game that
 *   - is one the API can make (lib/invariant.c), and stays one through 50
 *     actions of the random policy;
 *   - saves again to the same bytes it was loaded from, which load again
 *     to the same hash;
 *   - can be played: its legal actions are accepted, its whole history
 *     undone, and replayed when it reaches back to the start;
 *   - H10: unless its header says its history is unproved, replays to its
 *     own hash, and undone record by record to its oldest record and its
 *     actions taken again, stays one the API can make at every step and
 *     ends at its own hash (unproved: every undo still valid).
 */
#include <string.h>

#include "fuzz-common.h"
#include <skirmish/skirmish.h>
#include "../../lib/invariant.h"

/* The game is one the API can make. */
static void
check_invariants(const skirmish_game *g, const char *when)
{
	const char *sec = NULL;
	char why[256];
	int rc = sk_invariants_check(g, &sec, why, sizeof(why));

	FZ_CHECK(rc == 0 || rc == SKIRMISH_E_NOMEM, "%s: %s section: %s", when,
		 sec ? sec : "?", why);
}

/* 50 actions of the random policy (the start first, in setup) on a clone,
 * each accepted (or out of scripted dice) and leaving a game the API can
 * make. */
static void
play_at_random(const skirmish_game *g, uint64_t seed)
{
	skirmish_game *c = NULL;
	int i, rc;

	FZ_CHECK(skirmish_game_clone(g, &c) == 0, "clone");
	for (i = 0; i < 50 && skirmish_game_state(c) != SKIRMISH_STATE_OVER; i++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
		if (skirmish_game_state(c) == SKIRMISH_STATE_SETUP) {
			a.kind = SKIRMISH_ACTION_START;
		} else {
			rc = skirmish_game_policy_action(c, SKIRMISH_POLICY_RANDOM, &seed, &a);
			FZ_CHECK(rc == 0, "policy_action: %d (%s)", rc, skirmish_game_errmsg(c));
		}
		rc = skirmish_game_act(c, &a, NULL);
		if (rc == SKIRMISH_E_DICE)
			break;              /* the scripted dice ran out */
		FZ_CHECK(rc == 0, "the random policy's %s refused: %s",
			 skirmish_action_name(a.kind), skirmish_game_errmsg(c));
		check_invariants(c, "after a random action");
	}
	skirmish_game_free(c);
}

/* H10: undo to the oldest record and redo to the end, on a clone, each
 * state one the API can make; a proven history (no header flag) replays
 * and redoes to the game's own hash. */
static void
undo_and_redo(const skirmish_game *g, int proven)
{
	skirmish_game *c = NULL, *r = NULL;
	skirmish_action *acts;
	char err[256];
	int n = skirmish_game_history_length(g), i, rc;

	if (proven && n > 0 && skirmish_game_replay(&r, g, -1, err, sizeof(err)) == 0) {
		FZ_CHECK(hash_of(r) == hash_of(g), "replay of a proven save: another hash");
		skirmish_game_free(r);
	}
	acts = malloc((size_t)(n > 0 ? n : 1) * sizeof(*acts));
	FZ_CHECK(acts != NULL, "malloc");
	FZ_CHECK(skirmish_game_clone(g, &c) == 0, "clone");
	for (i = 0; i < n; i++) {
		skirmish_action_init(&acts[i], SKIRMISH_ACTION_VERSION);
		FZ_CHECK(skirmish_game_history_action(g, i, &acts[i]) == 0, "history_action %d", i);
	}
	for (i = 0; i < n; i++) {
		rc = skirmish_game_undo(c);
		FZ_CHECK(rc == 0, "undo %d of %d: %s", i, n, skirmish_game_errmsg(c));
		check_invariants(c, "after an undo");
	}
	for (i = 0; i < n; i++) {
		rc = skirmish_game_act(c, &acts[i], NULL);
		if (!proven && rc < 0)
			break;          /* its dice came from outside the save */
		FZ_CHECK(rc == 0, "redo %d of %d (%s): %s", i, n, skirmish_action_name(acts[i].kind),
			 skirmish_game_errmsg(c));
		check_invariants(c, "after a redo");
	}
	if (proven)
		FZ_CHECK(hash_of(c) == hash_of(g), "undone and redone: another hash");
	skirmish_game_free(c);
	free(acts);
}

static void
play_a_little(skirmish_game *g)
{
	skirmish_action list[16];
	skirmish_game *c = NULL, *r = NULL;
	char err[256];
	int count = 0, i, rc, len;

	rc = skirmish_game_legal_actions(g, -1, list, 16, &count);
	FZ_CHECK(rc == 0, "legal_actions of a loaded game: %d", rc);
	for (i = 0; i < count && i < 16; i += 3) {
		FZ_CHECK(skirmish_game_clone(g, &c) == 0, "clone");
		rc = skirmish_game_act(c, &list[i], NULL);
		FZ_CHECK(rc == 0 || rc == SKIRMISH_E_DICE, "legal %s refused: %s",
			 skirmish_action_name(list[i].kind), skirmish_game_errmsg(c));
		skirmish_game_free(c);
	}
	rc = skirmish_game_replay(&r, g, -1, err, sizeof(err));
	FZ_CHECK(rc <= 0, "replay: %d", rc);
	skirmish_game_free(r);
	len = skirmish_game_history_length(g);
	for (i = 0; i < len; i++) {
		rc = skirmish_game_undo(g);
		FZ_CHECK(rc == 0, "undo %d of %d: %d (%s)", i, len, rc, skirmish_game_errmsg(g));
	}
	FZ_CHECK(skirmish_game_undo(g) == SKIRMISH_E_STATE, "undo of nothing");
}

/* FNV-1a 64 (doc/FORMAT.md): the checksum of a save, over all of it but
 * its last 20 bytes, is in its last 8. */
static void
fix_checksum(uint8_t *p, size_t n)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	size_t i;

	if (n < 20)
		return;
	for (i = 0; i < n - 20; i++) {
		h ^= p[i];
		h *= UINT64_C(0x100000001b3);
	}
	for (i = 0; i < 8; i++)
		p[n - 8 + i] = (uint8_t)(h >> (8 * i));
}

static void load_bytes(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *copy;

	if (size == 0)
		return 0;
	copy = malloc(size - 1 ? size - 1 : 1);
	FZ_CHECK(copy != NULL, "malloc");
	memcpy(copy, data + 1, size - 1);
	if (data[0] & 1)
		fix_checksum(copy, size - 1);
	load_bytes(copy, size - 1);
	free(copy);
	return 0;
}

static void
load_bytes(const uint8_t *data, size_t size)
{
	skirmish_game *g = NULL, *again = NULL;
	unsigned char *buf;
	size_t need = 0, got = 0;
	char err[256];
	int rc;

	err[0] = '\0';
	rc = skirmish_game_load(&g, data, size, NULL, err, sizeof(err));
	if (rc < 0) {
		FZ_CHECK(rc == SKIRMISH_E_FORMAT || rc == SKIRMISH_E_INVALID,
			 "load: %d (%s)", rc, err);
		FZ_CHECK(g == NULL, "a failed load gave a game");
		FZ_CHECK(err[0] != '\0', "a failed load without a message");
		return;
	}
	FZ_CHECK(g != NULL, "load: no game");
	check_invariants(g, "loaded");
	/* the header flags, after the magic and the version */
	undo_and_redo(g, size >= 16 && data[12] == 0 && data[13] == 0 && data[14] == 0 &&
			 data[15] == 0);
	play_at_random(g, size);
	rc = skirmish_game_save(g, NULL, 0, &need);
	FZ_CHECK(rc == SKIRMISH_E_LIMIT && need > 0, "save size: %d", rc);
	buf = malloc(need);
	FZ_CHECK(buf != NULL, "malloc");
	rc = skirmish_game_save(g, buf, need, &got);
	FZ_CHECK(rc == 0 && got == need, "save: %d", rc);
	/* H9: a Sampson save older than format 3 is saved again in format 3;
	 * every other save comes back byte for byte */
	FZ_CHECK((need == size && memcmp(buf, data, size) == 0) ||
		 (size >= 12 && data[8] < 3 && buf[8] == 3),
		 "save of a loaded game: other bytes (%zu, loaded %zu)", need, size);
	rc = skirmish_game_load(&again, buf, need, NULL, err, sizeof(err));
	FZ_CHECK(rc == 0, "load of a save: %s", err);
	FZ_CHECK(hash_of(again) == hash_of(g), "load, save, load: another hash");
	if (buf[8] == 3 && data[8] < 3) {
		/* and that save comes back byte for byte */
		unsigned char *buf2 = malloc(need);
		size_t got2 = 0;
		FZ_CHECK(buf2 != NULL, "malloc");
		rc = skirmish_game_save(again, buf2, need, &got2);
		FZ_CHECK(rc == 0 && got2 == need && memcmp(buf, buf2, need) == 0,
			 "save, load, save: other bytes");
		free(buf2);
	}
	free(buf);
	skirmish_game_free(again);
	play_a_little(g);
	skirmish_game_free(g);
}

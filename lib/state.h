/* SPDX-License-Identifier: MIT */
/*
 * Layer 6, the state services: clone, copy and replay (clone.c), the
 * canonical writer for save and hash (save.c), and the loader (load.c);
 * here is what they share: the saved game's magic and version, and its
 * checksum.
 */
#ifndef SKIRMISH_STATE_H
#define SKIRMISH_STATE_H

#include <stdio.h>

#include "act.h"


#define FORMAT_VERSION 3u          /* the newest read: 3 has melee pairs (H9); 1 is
				      written when ids fit and there are no pairs (H8) */
/* header flags: the history is not one a replay reaches (H10) */
#define SAVE_FLAG_UNPROVED 1u
static const char save_magic[8] = { 'S', 'K', 'I', 'R', 'M', 'I', 'S', 'H' };

#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV_PRIME UINT64_C(0x100000001b3)

static inline void
put_error(char *buf, size_t size, const char *msg)
{
	if (buf && size > 0)
		snprintf(buf, size, "%s", msg);
}

static inline uint64_t
fnv1a(uint64_t h, const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= p[i];
		h *= FNV_PRIME;
	}
	return h;
}

/* save.c: the canonical bytes of one record (wide ids), for comparisons;
 * buf holds SK_ENC_MAX bytes; the length written. The largest is a state:
 * 114 bytes and 37 an objective. */
#define SK_ENC_MAX 1024
enum sk_enc {
	SK_ENC_FIG,                   /* struct sk_fig */
	SK_ENC_MELEE,                 /* struct sk_melee, as it is */
	SK_ENC_STATE,                 /* struct sk_state */
	SK_ENC_ACTION                 /* struct sk_act_rec */
};
size_t sk_encode(enum sk_enc what, const void *p, uint8_t *buf);

/* clone.c, H1, H10 and the loader: src's history undone on a copy to its
 * oldest record leaves a game the API can make (sk_invariants_check),
 * and, unless src->hist_unproved, that game played forward through the
 * recorded actions (the built-in generator and the script, no callback)
 * gives every record exactly as src holds it and then src's state. 0;
 * SKIRMISH_E_STATE with why naming the first record that disagrees;
 * SKIRMISH_E_NOMEM. */
int sk_replay_check(const skirmish_game *src, char *why, size_t n);

#endif

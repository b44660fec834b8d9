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

#endif

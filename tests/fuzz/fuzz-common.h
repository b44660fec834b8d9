/* SPDX-License-Identifier: MIT */
/*
 * Shared by the fuzz targets (doc/TESTING.md): reading the input as a
 * stream of numbers, the failure of an invariant, a game's hash.
 */
#ifndef SKIRMISH_FUZZ_COMMON_H
#define SKIRMISH_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input, read front to back; past its end every number is 0. */
struct fz_in {
	const uint8_t *p;
	size_t n, pos;
};

static inline int
fz_more(const struct fz_in *in)
{
	return in->pos < in->n;
}

static inline unsigned int
fz_u8(struct fz_in *in)
{
	return in->pos < in->n ? in->p[in->pos++] : 0u;
}

static inline unsigned int
fz_u16(struct fz_in *in)
{
	unsigned int lo = fz_u8(in);
	return lo | fz_u8(in) << 8;
}

static inline uint64_t
fz_u64(struct fz_in *in)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v |= (uint64_t)fz_u8(in) << (8 * i);
	return v;
}

/* A number below n (n > 0). */
static inline int
fz_below(struct fz_in *in, int n)
{
	return n > 256 ? (int)(fz_u16(in) % (unsigned int)n) : (int)(fz_u8(in) % (unsigned int)n);
}

/* An invariant of the library that does not hold: a finding. */
#define FZ_CHECK(cond, ...)                                                   \
	do {                                                                  \
		if (!(cond)) {                                                \
			fprintf(stderr, "%s:%d: invariant failed: %s: ", __FILE__, \
				__LINE__, #cond);                             \
			fprintf(stderr, __VA_ARGS__);                         \
			fprintf(stderr, "\n");                                \
			abort();                                              \
		}                                                             \
	} while (0)

/* The state hash of a game, which never fails on one. */
static inline uint64_t
hash_of(const skirmish_game *g)
{
	uint64_t h = 0;
	int rc = skirmish_game_hash(g, &h);

	FZ_CHECK(rc == 0, "hash: %d", rc);
	return h;
}

#endif

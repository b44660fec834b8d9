/* SPDX-License-Identifier: MIT */
/*
 * Layer 3, dice (dice.c, G6): the built-in generator, and every die an
 * action rolls, from the script, the caller's roller, the probe or the
 * generator, recorded in the result under way.
 */
#ifndef SKIRMISH_DICE_H
#define SKIRMISH_DICE_H

#include "table.h"

void sk_rng_seed(uint64_t s[4], uint64_t seed);
uint64_t sk_rng_next(uint64_t s[4]);
uint32_t sk_rng_bounded(uint64_t s[4], uint32_t range); /* 0..range-1, unbiased */
/* A bounded draw takes at most this many outputs of the generator (G8).
 * A working generator rejects an output with odds below 2^-22 for a die
 * of up to 1000 sides, so never comes near it; a state of all zeros,
 * which xoshiro256** never reaches and the loader refuses, outputs 0
 * forever and would otherwise loop: it draws the lowest face instead. */
#define SK_RNG_DRAWS 64
/* Rolls one die (G6): script, then roller, then built-in generator; records
 * it in the result. Returns 0 or SKIRMISH_E_DICE (error set). The common
 * case (the built-in generator, nothing scripted or probed, room in the
 * result's buffer) is inline here; every other roll, the same steps in the
 * same order, is sk_roll_slow (dice.c). */
int sk_roll_slow(skirmish_game *g, int sides, int figure, int purpose, int side,
		 int round, int *value);

/* Sets g->dice_fast: is the next die the built-in generator's? Every die
 * is rolled inside an action, and act_begin calls this, as do
 * sk_roll_slow (the script may have run out), the setters of the roller
 * and the script, and the probe; a stale "no" only takes the slow path. */
static inline void
sk_dice_refresh(skirmish_game *g)
{
	g->dice_fast = !g->roll && !g->probe.active && g->st.script_pos >= g->nscript &&
		       !(g->script_exclusive && g->nscript > 0);
}

static inline int
sk_roll(skirmish_game *g, int sides, int figure, int purpose, int side,
	int round, int *value)
{
	struct sk_buf *b = &g->res[g->cur].dice;
	skirmish_die *d;
	uint64_t *s = g->st.rng, r, t, m;
	uint32_t low, range = (uint32_t)sides;
	int draws = 0;

	if (__builtin_expect(g->dice_fast && (unsigned)(sides - 2) <= 998u &&
			     b->n < b->cap, 1)) {
		d = (skirmish_die *)b->p + b->n++;
		d->figure = figure;
		d->player = (unsigned)figure < (unsigned)g->nfigs ? g->figs[figure].player : -1;
		d->sides = sides;
		d->purpose = purpose;
		d->side = side;
		d->round = round;
		/* xoshiro256** and Lemire's bounded draw, as dice.c has them */
		for (;;) {
			r = s[1] * 5;
			r = ((r << 7) | (r >> 57)) * 9;
			t = s[1] << 17;
			s[2] ^= s[0];
			s[3] ^= s[1];
			s[1] ^= s[2];
			s[0] ^= s[3];
			s[2] ^= t;
			s[3] = (s[3] << 45) | (s[3] >> 19);
			m = (uint64_t)(uint32_t)(r >> 32) * range;
			low = (uint32_t)m;
			if (low >= range || low >= (uint32_t)(-range) % range ||
			    ++draws >= SK_RNG_DRAWS)
				break;
		}
		d->value = (int)(m >> 32) + 1;
		*value = d->value;
		return 0;
	}
	return sk_roll_slow(g, sides, figure, purpose, side, round, value);
}

#endif

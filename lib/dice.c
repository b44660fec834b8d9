/* SPDX-License-Identifier: MIT */
/*
 * Dice (G6, G8): one place where every die of every action is drawn, so that
 * scripting, custom rollers and exact odds all see the same dice.
 *
 * The built-in generator is xoshiro256** (Blackman and Vigna), seeded through
 * splitmix64; bounded draws use Lemire's multiply-and-reject method, which is
 * exactly unbiased. Its state lives in the game (no global state).
 */
#include "dice.h"

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

void
sk_rng_seed(uint64_t s[4], uint64_t seed)
{
	uint64_t x = seed;
	int i;

	for (i = 0; i < 4; i++)
		s[i] = splitmix64(&x);
}

static inline uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t
rng_next(uint64_t s[4])
{
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* Lemire, "Fast Random Integer Generation in an Interval" (2019), on the
 * upper 32 bits of each 64-bit output; at most SK_RNG_DRAWS outputs
 * (dice.h), so that no state can make a die loop. */
static inline uint32_t
rng_bounded(uint64_t s[4], uint32_t range)
{
	uint64_t m = (uint64_t)(uint32_t)(rng_next(s) >> 32) * range;
	uint32_t low = (uint32_t)m;

	if (low < range) {
		uint32_t threshold = (uint32_t)(-range) % range;
		int draws = 1;
		while (low < threshold && draws++ < SK_RNG_DRAWS) {
			m = (uint64_t)(uint32_t)(rng_next(s) >> 32) * range;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

uint64_t
sk_rng_next(uint64_t s[4])
{
	return rng_next(s);
}

uint32_t
sk_rng_bounded(uint64_t s[4], uint32_t range)
{
	return rng_bounded(s, range);
}

/* Every way of rolling but the built-in generator's. */
static int
roll_other(skirmish_game *g, int sides, int round, int fight_die, int *value)
{
	int v;

	if (sides < 2 || sides > 1000)
		return sk_error(g, SKIRMISH_E_INVALID, "G6: a die of %d sides", sides);
	if (g->probe.active) {
		if (g->probe.pos >= g->probe.n) {
			g->probe.need_sides = sides;
			g->probe.need_round = round;
			g->probe.need_fight = fight_die;
			g->err = SK_E_PROBE;
			return SK_E_PROBE;
		}
		v = g->probe.vals[g->probe.pos++];
	} else if (g->st.script_pos < g->nscript) {
		v = g->script[g->st.script_pos++];
	} else if (g->script_exclusive && g->nscript > 0) {
		return sk_error(g, SKIRMISH_E_DICE,
				"G6: the scripted dice ran out: a d%d was needed after the %d "
				"scripted di%s", sides, g->nscript, g->nscript == 1 ? "e" : "ce");
	} else if (g->roll) {
		struct sk_cb_frame f;   /* the caller's code (sk_busy) */
		sk_cb_enter(g, &f, "the dice roller", 0);
		v = g->roll(g->roll_data, sides);
		sk_cb_leave(g, &f);
		g->hist_unproved = 1;   /* H10: a die no save holds */
	} else {
		v = (int)rng_bounded(g->st.rng, (uint32_t)sides) + 1;
	}
	if (v < 1 || v > sides)
		return sk_error(g, SKIRMISH_E_DICE,
				"G6: the dice roller answered %d for a d%d (must be 1..%d)",
				v, sides, sides);
	*value = v;
	return 0;
}

static void
record_die(skirmish_game *g, skirmish_die *d, int sides, int figure, int purpose,
	   int side, int round, int v)
{
	d->figure = figure;
	d->player = figure >= 0 && figure < g->nfigs ? g->figs[figure].player : -1;
	d->sides = sides;
	d->value = v;
	d->purpose = purpose;
	d->side = side;
	d->round = round;
}

/* Every roll but sk_roll's common case (skirmish-private.h); the same
 * steps in the same order. */
int
sk_roll_slow(skirmish_game *g, int sides, int figure, int purpose, int side,
	  int round, int *value)
{
	struct sk_buf *b = &g->res[g->cur].dice;
	skirmish_die *d;
	int v = 0, rc;

	/* the common case first: the built-in generator, nothing scripted */
	if (!g->roll && !g->probe.active && g->st.script_pos >= g->nscript &&
	    !(g->script_exclusive && g->nscript > 0) && sides >= 2 && sides <= 1000) {
		v = (int)rng_bounded(g->st.rng, (uint32_t)sides) + 1;
	} else {
		rc = roll_other(g, sides, round,
				purpose == SKIRMISH_ROLL_MELEE && side == 0, &v);
		if (rc < 0)
			return rc;
	}
	if (b->n >= b->cap &&
	    sk_buf_reserve(g, b, sizeof(skirmish_die), b->n + 1) < 0)
		return SKIRMISH_E_NOMEM;
	d = (skirmish_die *)b->p + b->n++;
	record_die(g, d, sides, figure, purpose, side, round, v);
	*value = v;
	sk_dice_refresh(g);   /* the script may have run out */
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * Layer 3, results (result.c): what an action did, as the caller reads it:
 * its dice, modifiers and effects, and the sentence that tells it.
 */
#ifndef SKIRMISH_RESULT_H
#define SKIRMISH_RESULT_H

#include <string.h>

#include "table.h"

/* Text built like snprintf: len counts what was needed. sk_str_printf
 * knows only %s, %d, %+d, %.1f, %g and %% (result.c: no vsnprintf). */
struct sk_str {
	char *buf;
	size_t size, len;
};
void sk_str_printf(struct sk_str *s, const char *fmt, ...) SK_PRINTF(2, 3);
/* The same pieces without a format string to read: n characters of p, a
 * literal (its length known when compiled), a string, %d or %+d (plus),
 * %.1f. What sk_str_printf writes, for the sentences an action writes
 * every time (a shot's: doc/PERFORMANCE.md). */
void sk_str_put_slow(struct sk_str *s, const char *p, size_t n);
/* The pieces leave the text unterminated while there is room (a store
 * for every piece of every sentence); sk_describe, the only maker of an
 * sk_str, terminates it at the end. len is stored before the characters,
 * which could alias it, so it is not read again. */
static inline void
sk_str_put(struct sk_str *s, const char *p, size_t n)
{
	size_t len = s->len;

	if (len + n < s->size) {
		char *b = s->buf;
		s->len = len + n;
		memcpy(b + len, p, n);
	} else {
		sk_str_put_slow(s, p, n);
	}
}
#define SK_STR_LIT(s, lit) sk_str_put((s), "" lit, sizeof(lit) - 1)
/* %s: copied a character at a time while there is room, which for the
 * short names and words of a sentence costs less than strlen and memcpy */
static inline void
sk_str_cat(struct sk_str *s, const char *p)
{
	char *o, *lim;

	if (!p)
		p = "(null)";
	if (s->len < s->size) {
		o = s->buf + s->len;
		lim = s->buf + s->size - 1;
		while (*p && o < lim)
			*o++ = *p++;
		s->len = (size_t)(o - s->buf);
	}
	if (*p)
		s->len += strlen(p); /* what did not fit is counted */
}
/* Room for n more characters and the terminator: where they go, else
 * NULL. A sentence's piece whose length it knows a bound of writes there
 * with sk_raw_* without a check for each part, then sk_str_done. */
static inline char *
sk_str_room(struct sk_str *s, size_t n)
{
	return s->len + n < s->size ? s->buf + s->len : NULL;
}
static inline void
sk_str_done(struct sk_str *s, char *o)
{
	s->len = (size_t)(o - s->buf);
}
/* a string whose length has a known bound; a literal */
static inline char *
sk_raw_cat(char *o, const char *p)
{
	char c;

	while ((c = *p++) != '\0')
		*o++ = c;
	return o;
}
#define SK_RAW_LIT(o, lit) (memcpy((o), "" lit, sizeof(lit) - 1), (o) + sizeof(lit) - 1)
/* %d, or %+d when plus. A digit with its sign, what a die, a modifier
 * and most totals are, is written here without a call; the rest by
 * sk_str_int_slow (the sentence of a shot: doc/PERFORMANCE.md). */
void sk_str_int_slow(struct sk_str *s, int v, int plus);
static inline void
sk_str_int(struct sk_str *s, int v, int plus)
{
	if (v > -10 && v < 10 && s->len + 2 < s->size) {
		char *o = s->buf + s->len;
		if (v < 0) {
			*o++ = '-';
			v = -v;
		} else if (plus) {
			*o++ = '+';
		}
		*o++ = (char)('0' + v);
		s->len = (size_t)(o - s->buf);
	} else {
		sk_str_int_slow(s, v, plus);
	}
}
void sk_str_tenths(struct sk_str *s, double v);
/* W1: inches v to the tenth, rounded half away from zero (1.95" is 2.0",
 * as a player reads a tape); sk_str_asked: inches v as a player asked
 * for them, to the thousandth unless the thousandths are a whole tenth
 * (12.001 stays 12.001, 12.000 reads 12.0) */
void sk_str_half_up(struct sk_str *s, double v);
void sk_str_asked(struct sk_str *s, double v);
void sk_describe_move_points(const skirmish_effect *e, struct sk_str *s);

/* result recording (result.c) */
int sk_add_modifier(skirmish_game *g, int figure, int side, int value,
		    int source, const char *rule);
skirmish_effect *sk_add_effect(skirmish_game *g, int kind, int figure,
			       const char *rule);
skirmish_result *sk_cur(skirmish_game *g);
int sk_describe(const skirmish_game *g, const skirmish_result *r, char *buf,
		size_t size);
/* Writes the sentence of a result whose text was left for later (act.c:
 * nobody asked for it when the action was taken); 0 or SKIRMISH_E_NOMEM. */
int sk_result_text(skirmish_game *g, struct sk_result_bufs *b);
/* "a" or "an", as the word that follows begins (static strings) */
const char *sk_a(const char *word);
void sk_describe_effects(const skirmish_game *g, const skirmish_result *r,
			 struct sk_str *s);

/* The last result described an action that is no more (undo, copy, load). */
static inline void
forget_last_result(skirmish_game *g)
{
	g->res[!g->cur].r.version = 0;
}

#endif

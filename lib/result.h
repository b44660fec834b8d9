/*
 * Layer 3, results (result.c): what an action did, as the caller reads it:
 * its dice, modifiers and effects, and the sentence that tells it.
 */
#ifndef SKIRMISH_RESULT_H
#define SKIRMISH_RESULT_H

#include "table.h"

/* Text built like snprintf: len counts what was needed. sk_str_printf
 * knows only %s, %d, %+d, %.1f, %g and %% (result.c: no vsnprintf). */
struct sk_str {
	char *buf;
	size_t size, len;
};
void sk_str_printf(struct sk_str *s, const char *fmt, ...) SK_PRINTF(2, 3);

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

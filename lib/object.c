/*
 * The game object's own services, beneath everything that takes a game:
 * its error (the code and message every call leaves), its allocator, and
 * the growable buffers allocated through it.
 */
#include <stdio.h>

#include "skirmish-private.h"

int
sk_error(skirmish_game *g, int code, const char *fmt, ...)
{
	va_list ap;

	g->err = code;
	if (g->quiet) {         /* sk_action_legal: nobody reads it */
		g->errmsg[0] = '\0';
		return code;
	}
	va_start(ap, fmt);
	vsnprintf(g->errmsg, sizeof(g->errmsg), fmt, ap);
	va_end(ap);
	return code;
}

void *
sk_alloc(skirmish_game *g, void *ptr, size_t old_size, size_t new_size)
{
	return g->alloc(g->alloc_data, ptr, old_size, new_size);
}

int
sk_buf_reserve(skirmish_game *g, struct sk_buf *b, size_t elem, size_t want)
{
	size_t cap;
	void *p;

	if (want <= b->cap)
		return 0;
	cap = b->cap ? b->cap * 2 : 16;
	while (cap < want)
		cap *= 2;
	p = sk_alloc(g, b->p, b->cap * elem, cap * elem);
	if (!p) {
		g->err = SKIRMISH_E_NOMEM;
		snprintf(g->errmsg, sizeof(g->errmsg), "out of memory");
		return SKIRMISH_E_NOMEM;
	}
	b->p = p;
	b->cap = cap;
	return 0;
}

/*
 * The game object's own services, beneath everything that takes a game:
 * its error (the code and message every call leaves), its allocator, and
 * the growable buffers allocated through it.
 */
#include <stdio.h>

#include "table.h"

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

/* Grows an array to hold want elements (at least 1.5 times the old size);
 * keeps its contents. */
int
sk_grow(skirmish_game *g, void **p, size_t *cap, size_t elem, size_t want)
{
	size_t ncap;
	void *np;

	if (want <= *cap)
		return 0;
	ncap = *cap + *cap / 2;
	if (ncap < want)
		ncap = want;
	if (ncap > SIZE_MAX / elem)
		return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	np = sk_alloc(g, *p, *cap * elem, ncap * elem);
	if (!np)
		return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	*p = np;
	*cap = ncap;
	return 0;
}

int
sk_grow_int(skirmish_game *g, void **p, int *cap, size_t elem, int want)
{
	size_t c = (size_t)*cap;
	int rc;

	if (want <= *cap)
		return 0;
	rc = sk_grow(g, p, &c, elem, (size_t)want);
	if (rc == 0)
		*cap = (int)c;
	return rc;
}

/* Grows an array to exactly want elements: a copy takes its source's
 * capacity and no more, so that games copied into each other in turn do
 * not grow by half each time (found by fuzzing: 13 million figure slots
 * after 270 copies back and forth). */
int
sk_grow_int_exact(skirmish_game *g, void **p, int *cap, size_t elem, int want)
{
	void *np;

	if (want <= *cap)
		return 0;
	if ((size_t)want > SIZE_MAX / elem)
		return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	np = sk_alloc(g, *p, (size_t)*cap * elem, (size_t)want * elem);
	if (!np)
		return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	*p = np;
	*cap = want;
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * The game object's own services, beneath everything that takes a game:
 * its error (the code and message every call leaves), its allocator, and
 * the growable buffers allocated through it.
 */
#include <stdio.h>
#include <string.h>

#include "table.h"

/* g may be a const game's: a game is never a const object (the library
 * allocates every one), and its error is the part a failing const query
 * writes. */
int
sk_error(const skirmish_game *cg, int code, const char *fmt, ...)
{
	skirmish_game *g = (skirmish_game *)cg;
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

void
sk_cb_enter(const skirmish_game *cg, struct sk_cb_frame *f, const char *what, int mem)
{
	skirmish_game *g = (skirmish_game *)cg;

	f->busy = g->busy;
	f->busy_mem = g->busy_mem;
	f->err = g->err;
	memcpy(f->errmsg, g->errmsg, strlen(g->errmsg) + 1);
	g->busy = what;
	g->busy_mem = mem;
}

void
sk_cb_leave(const skirmish_game *cg, const struct sk_cb_frame *f)
{
	skirmish_game *g = (skirmish_game *)cg;

	g->busy = f->busy;
	g->busy_mem = f->busy_mem;
	g->err = f->err;
	memcpy(g->errmsg, f->errmsg, strlen(f->errmsg) + 1);
}

int
sk_refuse(const skirmish_game *g, const char *call, const char *why)
{
	if (g->busy_mem)
		why = "the game's memory may be moving";
	else if (!why)
		why = "a callback may not change its game";
	return sk_error(g, SKIRMISH_E_STATE, "%s: refused while %s runs: %s (doc/API.md)",
			call, g->busy ? g->busy : "an action", why);
}

/* The allocator is the caller's code: it runs marked (sk_cb_enter). */
void *
sk_alloc(skirmish_game *g, void *ptr, size_t old_size, size_t new_size)
{
	struct sk_cb_frame f;
	void *p;

	sk_cb_enter(g, &f, "the allocator", 1);
	p = g->alloc(g->alloc_data, ptr, old_size, new_size);
	sk_cb_leave(g, &f);
	return p;
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

/* SPDX-License-Identifier: MIT */
/*
 * The words of the console language (doc/console.md): splitting a line,
 * numbers checked whole, names, figures named by name or #id.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scn-private.h"

/* ------------------------------------------------------------------ */
/* words                                                               */
/* ------------------------------------------------------------------ */

const char *
scn_split(struct words *t, const char *line)
{
	char *p, *q;
	size_t len = strlen(line);

	t->n = 0;
	if (len > SCN_LINE_MAX)
		return "line too long";
	memcpy(t->buf, line, len + 1);
	p = t->buf;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		/* # starts a comment, except #DIGITS: a figure id */
		if (!*p || (*p == '#' && !isdigit((unsigned char)p[1])))
			break;
		if (t->n == SCN_TOKENS_MAX)
			return "too many words on one line";
		if (*p == '"') {
			q = strchr(p + 1, '"');
			if (!q)
				return "a quote is not closed";
			t->w[t->n++] = p + 1;
			*q = '\0';
			p = q + 1;
			if (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
				return "a closing quote must end a word";
			continue;
		}
		t->w[t->n++] = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			p++;
		if (*p)
			*p++ = '\0';
	}
	for (int i = 0; i < t->n; i++)
		for (q = t->w[i]; *q; q++)
			if ((unsigned char)*q < 0x20 || *q == 0x7f)
				return "control characters are not allowed";
	return NULL;
}

/* A word as a number: the whole word, finite, |v| <= NUM_MAX. */
int
scn_num(const char *w, double *out)
{
	char *end;
	double v;

	if (!w || !*w || isspace((unsigned char)*w))
		return -1;
	errno = 0;
	v = strtod(w, &end);
	if (*end || errno || !isfinite(v) || fabs(v) > NUM_MAX)
		return -1;
	/* no hex floats or "inf": digits, sign, point, exponent only */
	for (; *w; w++)
		if (!isdigit((unsigned char)*w) && !strchr("+-.eE", *w))
			return -1;
	*out = v;
	return 0;
}

int
scn_integer(const char *w, long lo, long hi, long *out)
{
	char *end;
	long v;

	if (!w || !*w || isspace((unsigned char)*w))
		return -1;
	errno = 0;
	v = strtol(w, &end, 10);
	if (*end || errno || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* Compares a word with a library name, '-' and '_' in the word matching a
 * blank in the name, case-insensitively. */
int
scn_same_name(const char *w, const char *name)
{
	if (!name)
		return 0;
	for (; *w && *name; w++, name++) {
		char a = (char)tolower((unsigned char)*w), b = (char)tolower((unsigned char)*name);
		if (a == '-' || a == '_')
			a = ' ';
		if (b == '-' || b == '_')
			b = ' ';
		if (a != b)
			return 0;
	}
	return !*w && !*name;
}

/* The eight compass points, anticlockwise from east (0 degrees) as the
 * library counts facings: their words and their short forms. */
const char *const scn_compass_words[8] = {
	"east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east",
};
static const char *const compass_short[8] = { "e", "ne", "n", "nw", "w", "sw", "s", "se" };

/* A facing: degrees (0 or more), or a compass word (`north`, `north-east`,
 * `northeast`, `ne`, any case), as `show` prints them. */
int
scn_facing(const char *w, double *out)
{
	int k;

	if (scn_num(w, out) == 0)
		return *out < 0 ? -1 : 0;
	for (k = 0; k < 8; k++) {
		const char *c = scn_compass_words[k];
		const char *a = w, *b = c;

		if (!strcasecmp(w, compass_short[k]) || !strcasecmp(w, c)) {
			*out = 45.0 * k;
			return 0;
		}
		/* northeast for north-east */
		while (*a && *b) {
			if (*b == '-') {
				b++;
				continue;
			}
			if (tolower((unsigned char)*a) != *b)
				break;
			a++;
			b++;
		}
		if (!*a && !*b) {
			*out = 45.0 * k;
			return 0;
		}
	}
	return -1;
}

/* How many edits (a letter changed, added, dropped, or two swapped) make a
 * into b, ignoring case; more than max gives max + 1. For "did you mean". */
int
scn_edit_distance(const char *a, const char *b, int max)
{
	int n = (int)strlen(a), m = (int)strlen(b), i, j;
	int d[3][SKIRMISH_NAME_MAX + 1];   /* rows i - 2, i - 1, i */

	if (n > SKIRMISH_NAME_MAX || m > SKIRMISH_NAME_MAX)
		return !strcasecmp(a, b) ? 0 : max + 1;
	if (n - m > max || m - n > max)
		return max + 1;
	for (j = 0; j <= m; j++)
		d[0][j] = j;
	for (i = 1; i <= n; i++) {
		int *row = d[i % 3], *up = d[(i + 2) % 3], *up2 = d[(i + 1) % 3], low = max + 1;

		row[0] = i;
		for (j = 1; j <= m; j++) {
			int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
			int v = up[j - 1] + (ca != cb);

			if (up[j] + 1 < v)
				v = up[j] + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == cb && up2[j - 2] + 1 < v)
				v = up2[j - 2] + 1;
			row[j] = v;
			if (v < low)
				low = v;
		}
		if (low > max)
			return max + 1;
	}
	return d[n % 3][m] > max ? max + 1 : d[n % 3][m];
}

int
scn_on_off(const char *w, int *out)
{
	if (!w || !strcmp(w, "on") || !strcmp(w, "yes") || !strcmp(w, "1")) {
		*out = 1;
		return 0;
	}
	if (!strcmp(w, "off") || !strcmp(w, "no") || !strcmp(w, "0")) {
		*out = 0;
		return 0;
	}
	return -1;
}

/* A figure named by its name or by #id. */
int
scn_figure_ref(struct scn *s, const char *w, int *out)
{
	int n;
	long id;

	if (!s->game)
		return scn_fail(s, SKIRMISH_E_NO_FIGURE, "no figures yet: `%s`", w);
	n = skirmish_game_figure_count(s->game);
	if (w[0] == '#') {
		if (scn_integer(w + 1, 0, INT_MAX, &id) < 0 || id >= n)
			return scn_fail(s, SKIRMISH_E_NO_FIGURE, "no figure %s", w);
		*out = (int)id;
		return 0;
	}
	if (scn_figure_ref_quiet(s, w, out))
		return 0;
	{
		/* the nearest name, for "did you mean" (only when nothing
		 * matched, so a scan is fine) */
		skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
		char best[SKIRMISH_NAME_MAX] = "";
		int i, d, most = strlen(w) > 3 ? 2 : 1;

		for (i = 0; i < n && most > 0; i++)
			if (skirmish_game_figure(s->game, i, &fi) == 0 && !fi.is_horse &&
			    (d = scn_edit_distance(w, fi.name, most)) <= most) {
				snprintf(best, sizeof(best), "%s", fi.name);
				most = d - 1;   /* only a nearer one replaces it */
			}
		if (best[0])
			return scn_fail(s, SKIRMISH_E_NO_FIGURE,
					"no figure named `%s`; did you mean `%s`? (`figures` lists them)",
					w, best);
	}
	return scn_fail(s, SKIRMISH_E_NO_FIGURE, "no figure named `%s` (`figures` lists them)", w);
}

void
scn_names_forget(struct scn *s)
{
	free(s->names.slot);
	free(s->names.name);
	memset(&s->names, 0, sizeof(s->names));
}

/* Names are matched without regard to case (`show goro` finds Goro), so
 * the hash is of the name in lower case. */
static unsigned
name_hash(const char *w)
{
	unsigned h = 2166136261u;   /* FNV-1a */

	for (; *w; w++)
		h = (h ^ (unsigned char)tolower((unsigned char)*w)) * 16777619u;
	return h;
}

/* the slot of name w, or of the empty slot where it would go */
static int
name_slot(const struct scn_names *x, const char *w)
{
	int i = (int)(name_hash(w) & (unsigned)(x->cap - 1));

	while (x->slot[i] && strcasecmp(x->name[x->slot[i] - 1], w))
		i = (i + 1) & (x->cap - 1);
	return i;
}

/* Room for n figures (twice as many slots), the indexed ones hashed
 * again: 0, or -1 out of memory. */
static int
names_reserve(struct scn_names *x, int n)
{
	int cap = x->cap ? x->cap : 64, i, *slot;
	void *p;

	while (cap < 2 * n)
		cap *= 2;
	if (cap == x->cap)
		return 0;
	p = realloc(x->name, (size_t)cap / 2 * sizeof(x->name[0]));
	if (!p)
		return -1;
	x->name = p;
	slot = calloc((size_t)cap, sizeof(int));
	if (!slot)
		return -1;
	free(x->slot);
	x->slot = slot;
	x->cap = cap;
	for (i = 0; i < x->indexed; i++) {
		int k = name_slot(x, x->name[i]);
		if (!x->slot[k])
			x->slot[k] = i + 1;     /* the lowest id of a name, as a scan finds */
	}
	return 0;
}

/* The index up to date with the game: 0, or -1 (then scan). */
static int
names_sync(struct scn *s)
{
	struct scn_names *x = &s->names;
	int n = skirmish_game_figure_count(s->game), h = skirmish_game_history_length(s->game);
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	if (x->game != s->game || n < x->indexed || h != x->history) {
		/* another game, or one undone or played on: start again */
		if (x->slot)
			memset(x->slot, 0, (size_t)x->cap * sizeof(int));
		x->indexed = 0;
		x->game = s->game;
		x->history = h;
	}
	if (n < 0 || names_reserve(x, n) < 0) {
		scn_names_forget(s);
		return -1;
	}
	for (; x->indexed < n; x->indexed++) {
		int k;

		if (skirmish_game_figure(s->game, x->indexed, &fi) < 0) {
			scn_names_forget(s);
			return -1;
		}
		snprintf(x->name[x->indexed], sizeof(x->name[0]), "%s", fi.name);
		k = name_slot(x, fi.name);
		if (!x->slot[k])
			x->slot[k] = x->indexed + 1;
	}
	return 0;
}

/* 1 when a figure has that name, in any case (no message): the one with
 * exactly that name if there is one, else the lowest id. */
int
scn_figure_ref_quiet(struct scn *s, const char *w, int *out)
{
	int i, n = s->game ? skirmish_game_figure_count(s->game) : 0;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	if (n <= 0)
		return 0;
	if (names_sync(s) == 0) {
		int k = name_slot(&s->names, w);
		if (!s->names.slot[k])
			return 0;
		*out = s->names.slot[k] - 1;
		if (strcmp(s->names.name[*out], w)) {
			/* a game opened from a file may have names that differ
			 * only in case: the exact one wins */
			for (i = 0; i < n; i++)
				if (skirmish_game_figure(s->game, i, &fi) == 0 && !strcmp(fi.name, w)) {
					*out = i;
					break;
				}
		}
		return 1;
	}
	for (i = 0; i < n; i++)
		if (skirmish_game_figure(s->game, i, &fi) == 0 && !strcmp(fi.name, w)) {
			*out = i;
			return 1;
		}
	for (i = 0; i < n; i++)
		if (skirmish_game_figure(s->game, i, &fi) == 0 && !strcasecmp(fi.name, w)) {
			*out = i;
			return 1;
		}
	return 0;
}

int
scn_need(struct scn *s, const struct words *t, int min, int max, const char *usage)
{
	if (t->n < min || (max >= 0 && t->n > max))
		return scn_fail(s, SKIRMISH_E_INVALID, "usage: %s", usage);
	return 0;
}

int
scn_bad_number(struct scn *s, const char *w, const char *what)
{
	return scn_fail(s, SKIRMISH_E_INVALID, "`%s` is not a valid %s", w, what);
}

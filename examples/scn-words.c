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
	int i, n;
	long id;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	if (!s->game)
		return scn_fail(s, SKIRMISH_E_NO_FIGURE, "no figures yet: `%s`", w);
	n = skirmish_game_figure_count(s->game);
	if (w[0] == '#') {
		if (scn_integer(w + 1, 0, INT_MAX, &id) < 0 || id >= n)
			return scn_fail(s, SKIRMISH_E_NO_FIGURE, "no figure %s", w);
		*out = (int)id;
		return 0;
	}
	for (i = 0; i < n; i++)
		if (skirmish_game_figure(s->game, i, &fi) == 0 && !strcmp(fi.name, w)) {
			*out = i;
			return 0;
		}
	return scn_fail(s, SKIRMISH_E_NO_FIGURE, "no figure named `%s` (`figures` lists them)", w);
}

/* 1 when a figure has that name (no message). */
int
scn_figure_ref_quiet(struct scn *s, const char *w, int *out)
{
	int i, n = s->game ? skirmish_game_figure_count(s->game) : 0;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	for (i = 0; i < n; i++)
		if (skirmish_game_figure(s->game, i, &fi) == 0 && !strcmp(fi.name, w)) {
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

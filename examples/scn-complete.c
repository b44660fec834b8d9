/* SPDX-License-Identifier: MIT */
/*
 * The words that may come next on a console line (scenario.h,
 * scn_complete): what a terminal's Tab offers. It reads the words before
 * the one being typed, so that after `preset` it offers presets, after
 * `ruleset` the rulesets, and where a figure may stand, the figures' names.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "scn-private.h"

struct found {
	char (*out)[SCN_WORD_MAX];
	int max, n;
	const char *prefix;
};

/* Adds a word when it begins with the prefix and is not there yet; blanks
 * in a library name become '-', as the language writes them. */
static void
offer(struct found *f, const char *word)
{
	char w[SCN_WORD_MAX];
	size_t i, n = strlen(f->prefix);

	if (!word || !*word || strlen(word) >= SCN_WORD_MAX)
		return;
	for (i = 0; word[i]; i++)
		w[i] = word[i] == ' ' ? '-' : word[i];
	w[i] = '\0';
	if (strncasecmp(w, f->prefix, n))     /* names match in any case */
		return;
	for (i = 0; i < (size_t)f->n && i < (size_t)f->max; i++)
		if (!strcmp(f->out[i], w))
			return;
	if (f->n < f->max)
		memcpy(f->out[f->n], w, strlen(w) + 1);
	f->n++;
}

static void
offer_list(struct found *f, const char *list)
{
	char w[SCN_WORD_MAX];

	while (*list) {
		size_t n = strcspn(list, " ");

		if (n < sizeof(w)) {
			memcpy(w, list, n);
			w[n] = '\0';
			offer(f, w);
		}
		list += n;
		while (*list == ' ')
			list++;
	}
}

static void
offer_figures(const struct scn *s, struct found *f)
{
	int i, n = s->game ? skirmish_game_figure_count(s->game) : 0;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	for (i = 0; i < n; i++)
		if (skirmish_game_figure(s->game, i, &fi) == 0 && !fi.removed && !fi.is_horse)
			offer(f, fi.name);
	for (i = 0; i < n; i++)
		if (skirmish_game_figure(s->game, i, &fi) == 0 && !fi.removed && fi.is_horse)
			offer(f, fi.name);
}

static void
offer_places(const struct scn *s, struct found *f)
{
	int i, n = s->game ? skirmish_game_terrain_count(s->game) : 0;

	for (i = 0; i < n; i++) {
		unsigned int flags;
		const char *name;
		double h, pts[2 * SKIRMISH_POLYGON_MAX];
		int np;

		if (skirmish_game_terrain(s->game, i, &flags, &name, &h, pts,
					  SKIRMISH_POLYGON_MAX, &np) == 0)
			offer(f, name);
	}
	n = s->game ? skirmish_game_objective_count(s->game) : 0;
	for (i = 0; i < n; i++) {
		int st, carrier, player;
		double x, y;
		const char *name;

		if (skirmish_game_objective(s->game, i, &st, &carrier, &player, &x, &y, &name) == 0)
			offer(f, name);
	}
}

/* The words of the text before the one being typed (no quotes inside). */
struct before {
	int n;
	char w[4][SCN_WORD_MAX];    /* the first two and the last two */
};

static void
read_before(const char *p, struct before *b)
{
	memset(b, 0, sizeof(*b));
	for (;;) {
		size_t n;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		n = strcspn(p, " \t");
		if (n < SCN_WORD_MAX) {
			char *slot = b->n < 2 ? b->w[b->n] : b->w[3];

			if (b->n >= 2)
				memcpy(b->w[2], b->w[3], SCN_WORD_MAX);
			memcpy(slot, p, n);
			slot[n] = '\0';
		}
		b->n++;
		p += n;
	}
	if (b->n == 2)
		memcpy(b->w[3], b->w[1], SCN_WORD_MAX);
	if (b->n == 1)
		memcpy(b->w[3], b->w[0], SCN_WORD_MAX);
}

int
scn_complete(const struct scn *s, const char *before, const char *prefix,
	     char out[][SCN_WORD_MAX], int max)
{
	struct found f = { out, max, 0, prefix ? prefix : "" };
	struct before b;
	const char *c, *last;
	size_t i;
	int k, n;

	read_before(before ? before : "", &b);
	/* expect-error [CODE] COMMAND...: complete the command after it */
	k = 0;
	if (b.n > 0 && !strcmp(b.w[0], "expect-error")) {
		k = 1;
		if (b.n > 1 && isupper((unsigned char)b.w[1][0]))
			k = 2;
	}
	n = b.n - k;
	if (n <= 0) {
		for (i = 0; scn_command_name(i); i++)
			offer(&f, scn_command_name(i));
		offer(&f, "exit");
		if (!k)
			offer(&f, "expect-error");
		return f.n;
	}
	c = k < 2 ? b.w[k] : "";
	if (k == 2)
		return 0;      /* past a code: too far for this little reader */
	last = b.w[3];
	if (!strcmp(c, "help") && n == 1) {
		for (i = 0; scn_command_name(i); i++)
			offer(&f, scn_command_name(i));
		offer(&f, "expect-error");
	} else if (!strcmp(c, "load") || !strcmp(c, "html") || !strcmp(c, "save") ||
		   !strcmp(c, "open")) {
		return -1;
	} else if (!strcmp(c, "undo") || !strcmp(c, "redo") || !strcmp(c, "board") ||
		   !strcmp(c, "terrains") || !strcmp(c, "status") || !strcmp(c, "hash")) {
		return 0;       /* numbers or nothing follow */
	} else if (!strcmp(last, "facing") || (!strcmp(c, "turn") && n == 2)) {
		for (k = 0; k < 8; k++)
			offer(&f, scn_compass_words[k]);
	} else if (!strcmp(last, "preset")) {
		for (k = 0; k < scn_preset_count; k++)
			offer(&f, scn_presets[k].word);
	} else if (!strcmp(last, "melee") && !strcmp(c, "figure")) {
		for (k = 0; k < SKIRMISH_MELEE_COUNT; k++)
			offer(&f, skirmish_melee_weapon_name(k));
	} else if (!strcmp(last, "missile") && !strcmp(c, "figure")) {
		for (k = 1; k < SKIRMISH_MISSILE_COUNT; k++)
			offer(&f, skirmish_missile_weapon_name(k));
	} else if (!strcmp(c, "figure")) {
		if (n > 1)
			offer_list(&f, "player at facing preset dv melee missile armour no-armour "
				   "shield martial-arts mounted on-foot unloaded base");
	} else if (!strcmp(c, "terrain")) {
		if (n == 1)
			offer_list(&f, "rect circle polygon");
		else if (n > 2)
			for (k = 0; k < scn_terrain_flag_count; k++)
				offer(&f, scn_terrain_flags[k].word);
		if (n > 2)
			offer_list(&f, "hill penalty angle");
	} else if (!strcmp(c, "ruleset") && n == 1) {
		offer_list(&f, "senso sampson");
	} else if (!strcmp(c, "ties") && n == 1) {
		offer_list(&f, "reroll standoff");
	} else if (!strcmp(c, "rings") && n == 1) {
		offer_list(&f, "player-turn game-turn");
	} else if ((!strcmp(c, "umpire") || !strcmp(c, "night") || !strcmp(c, "verbose")) &&
		   n == 1) {
		offer_list(&f, "on off");
	} else if (!strcmp(c, "exit-edge") && n == 2) {
		offer_list(&f, "north south east west none");
	} else if (!strcmp(c, "end") && n == 1) {
		offer_list(&f, "turn phase");
	} else if (!strcmp(c, "figures") && n == 1) {
		offer(&f, "all");
	} else if (!strcmp(c, "dice") && n == 1) {
		offer(&f, "off");
	} else if (!strcmp(c, "expect") && n == 1) {
		offer_list(&f, "winner state turn active phase dice-left");
		offer_figures(s, &f);
	} else if (!strcmp(c, "expect") && n == 2) {
		if (!strcmp(last, "state"))
			offer_list(&f, "setup playing over");
		else
			offer_list(&f, "rings dv player removed suppressed loaded mounted in-melee "
				   "can-act x y facing move-left");
	} else if (!strcmp(c, "move") || !strcmp(c, "cost")) {
		if (n == 1)
			offer_figures(s, &f);
		else
			offer_list(&f, "facing");
	} else if (!strcmp(c, "charge")) {
		if (n <= 2)
			offer_figures(s, &f);
		else if (n == 3)
			offer(&f, "facing");
	} else {
		/* the other commands name figures; terrain and objective names
		 * come after them (`print`, a name being looked up) */
		offer_figures(s, &f);
		offer_places(s, &f);
	}
	return f.n;
}

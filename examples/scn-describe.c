/* SPDX-License-Identifier: MIT */
/*
 * How the console, the demo, its pictures and its turn viewer describe
 * results, figures and the game for people: one place, so that they all
 * say the same things the same way.
 *
 * A result's sentence is the library's (skirmish_result.text) with the
 * players' names for "player N", a Senso fight's winner said to have the
 * lower total, and the reason a game ended, by its rule, after the
 * sentence that ended it.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "scn-private.h"

/* ------------------------------------------------------------------ */
/* a bounded text: appends truncate, the length counts what was asked  */
/* ------------------------------------------------------------------ */

struct text {
	char *buf;
	size_t size, len;
};

static void
text_init(struct text *t, char *buf, size_t size)
{
	t->buf = buf;
	t->size = size;
	t->len = 0;
	if (size)
		buf[0] = '\0';
}

static void SCN_PRINTF(2, 3)
tput(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;
	size_t room = t->len < t->size ? t->size - t->len : 0;

	va_start(ap, fmt);
	n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len += (size_t)n;
}

static void
tputc(struct text *t, char c)
{
	if (t->len + 1 < t->size) {
		t->buf[t->len] = c;
		t->buf[t->len + 1] = '\0';
	}
	t->len++;
}

void
scn_print_wrapped(FILE *f, const char *indent, const char *more, const char *text, int width)
{
	const char *p = text;

	while (*p) {
		int n = (int)strlen(p), cut = n;

		if (n > width) {
			for (cut = width; cut > 0 && p[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = width;
		}
		fprintf(f, "%s%.*s\n", p == text ? indent : more, cut, p);
		p += cut;
		while (*p == ' ')
			p++;
	}
}

/* ------------------------------------------------------------------ */
/* names                                                               */
/* ------------------------------------------------------------------ */

static void
put_player(const struct scn *s, struct text *t, int player, int capital)
{
	const char *name = scn_player_name(s, player);

	if (capital && name[0]) {
		tputc(t, (char)toupper((unsigned char)name[0]));
		tput(t, "%s", name + 1);
	} else {
		tput(t, "%s", name);
	}
}

static int
word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Reads a player id at p ("12"); its length, or 0. */
static size_t
player_id(const char *p, int *out)
{
	size_t n = 0;
	int v = 0;

	while (isdigit((unsigned char)p[n]) && n < 3)
		v = 10 * v + (p[n++] - '0');
	if (!n || word_char(p[n]) || v > SKIRMISH_MAX_PLAYERS)
		return 0;
	*out = v;
	return n;
}

/*
 * The library's sentence with names: "player N" and "Player N" become the
 * player's name, "order of play: 0 1" a list of names.
 */
static void
put_named(const struct scn *s, struct text *t, const char *p)
{
	static const char order[] = "order of play: ";
	const char *start = p;
	int v;
	size_t n;

	while (*p) {
		int at_word = p == start || !word_char(p[-1]);

		if (!strncmp(p, order, sizeof(order) - 1)) {
			const char *q = p + sizeof(order) - 1;
			int first = 1;

			tput(t, "%s", order);
			while ((n = player_id(q, &v)) > 0) {
				if (!first)
					tput(t, ", ");
				put_player(s, t, v, 0);
				first = 0;
				q += n;
				if (*q != ' ' || !isdigit((unsigned char)q[1]))
					break;
				q++;
			}
			p = q;
			continue;
		}
		if ((p[0] == 'p' || p[0] == 'P') && !strncmp(p + 1, "layer ", 6) &&
		    at_word && (n = player_id(p + 7, &v)) > 0) {
			put_player(s, t, v, p[0] == 'P');
			p += 7 + n;
			continue;
		}
		tputc(t, *p++);
	}
}

/* The library's C functions that its messages name, as the console
 * commands that call them (ruling W1: say what a player can type), the
 * longer name of two that begin alike first. */
static const struct {
	const char *function, *command;
} commands_for[] = {
	{ "skirmish_game_start", "start" },
	{ "skirmish_game_undo", "undo" },
	{ "skirmish_fight_against", "fight FIG DEFENDER" },
	{ "skirmish_fight", "fight FIG" },
	{ "skirmish_turn", "turn FIG FACING" },
	{ "skirmish_end_phase", "end phase" },
	{ "skirmish_end_turn", "end turn" },
	{ "skirmish_move", "move FIG X Y" },
	{ "skirmish_charge", "charge FIG TARGET" },
	{ "skirmish_shoot", "shoot FIG TARGET" },
	{ "skirmish_reload", "reload FIG" },
	{ "skirmish_mount", "mount FIG HORSE" },
	{ "skirmish_dismount", "dismount FIG" },
};

size_t
scn_describe_message(const struct scn *s, const char *msg, char *buf, size_t size)
{
	char cmds[SCN_TEXT_MAX];
	struct text t;
	const char *p;
	size_t k;

	/* the commands first, then the players' names (put_named) */
	text_init(&t, cmds, sizeof(cmds));
	for (p = msg ? msg : ""; *p;) {
		for (k = 0; k < sizeof(commands_for) / sizeof(commands_for[0]); k++) {
			size_t n = strlen(commands_for[k].function);

			if (!strncmp(p, commands_for[k].function, n) && !word_char(p[n]) &&
			    (p == msg || !word_char(p[-1])))
				break;
		}
		if (k < sizeof(commands_for) / sizeof(commands_for[0])) {
			tput(&t, "`%s`", commands_for[k].command);
			p += strlen(commands_for[k].function);
			continue;
		}
		tputc(&t, *p++);
	}
	text_init(&t, buf, size);
	put_named(s, &t, cmds);
	return t.len;
}

size_t
scn_terrain_words(const char *name, char *buf, size_t size)
{
	struct text t;

	text_init(&t, buf, size);
	for (; name && *name; name++)
		tputc(&t, *name == '-' || *name == '_' ? ' ' : *name);
	return t.len;
}

/* ------------------------------------------------------------------ */
/* why the game ended                                                  */
/* ------------------------------------------------------------------ */

int
scn_objective_carried_off_by(const struct scn *s, int objective)
{
	int st, carrier, player, i, n;
	double x, y;
	const char *name;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	if (!s->game || skirmish_game_objective(s->game, objective, &st, &carrier, &player, &x,
						&y, &name) < 0 || st != SKIRMISH_OBJECTIVE_OFF_TABLE)
		return -1;
	/* the counter left with its carrier (O4): where it was last seen */
	n = skirmish_game_figure_count(s->game);
	for (i = 0; i < n; i++)
		if (skirmish_game_figure(s->game, i, &fi) == 0 && fi.removed && !fi.is_horse &&
		    fi.player == player && fabs(fi.x - x) < 0.001 && fabs(fi.y - y) < 0.001)
			return i;
	return -1;
}

/* "Mosuke (Takeda) carried the barrel off the table", or "Takeda carried ..." */
static void
put_carried_off(const struct scn *s, struct text *t, int objective, int player,
		const char *what)
{
	int who = scn_objective_carried_off_by(s, objective);
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	if (who >= 0 && skirmish_game_figure(s->game, who, &fi) == 0) {
		tput(t, "%s (", fi.name);
		put_player(s, t, player, 0);
		tput(t, ") carried %s off the table", what);
	} else {
		put_player(s, t, player, 1);
		tput(t, " carried %s off the table", what);
	}
}

static void
put_end(const struct scn *s, struct text *t)
{
	skirmish_game *g = s->game;
	int np = skirmish_game_player_count(g), ump = skirmish_game_umpire(g);
	int nobj = skirmish_game_objective_count(g), limit = s->opt.turn_limit;
	int held[SKIRMISH_MAX_PLAYERS + 1] = { 0 };
	int p, i, sides = 0, last = -1, best = -1, most = 0, ties = 0, first = 1;
	char oname[SKIRMISH_NAME_MAX + 8];

	for (i = 0; i < nobj; i++) {
		int st, carrier, player;
		double x, y;
		const char *name;
		skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

		if (skirmish_game_objective(g, i, &st, &carrier, &player, &x, &y, &name) < 0)
			continue;
		scn_terrain_words(name, oname, sizeof(oname));
		if (st == SKIRMISH_OBJECTIVE_OFF_TABLE) {
			put_carried_off(s, t, i, player, oname);
			tput(t, ", and carrying an objective off its side's edge wins at once (O4).");
			return;
		}
		if (st == SKIRMISH_OBJECTIVE_CARRIED && carrier >= 0 &&
		    skirmish_game_figure(g, carrier, &fi) == 0 && !fi.removed &&
		    fi.player >= 0 && fi.player <= SKIRMISH_MAX_PLAYERS)
			held[fi.player]++;
	}
	for (p = 0; p < np; p++)
		if (p != ump && skirmish_game_player_figures(g, p) > 0) {
			sides++;
			last = p;
		}
	if (sides == 0) {
		tput(t, "No side has a figure left in play (G9).");
		return;
	}
	if (sides == 1) {
		tput(t, "Only ");
		put_player(s, t, last, 0);
		tput(t, " still has figures in play (G9).");
		return;
	}
	if (limit > 0 && skirmish_game_turn(g) >= limit)
		tput(t, "The turn limit of %d turn%s is reached", limit, limit == 1 ? "" : "s");
	else
		tput(t, "The game has ended");
	if (nobj > 0) {
		for (p = 0; p < np; p++)
			if (held[p] > most) {
				most = held[p];
				best = p;
				ties = 0;
			} else if (held[p] == most && most > 0) {
				ties++;
			}
		if (most > 0 && !ties) {
			tput(t, "; the side holding the most objectives wins (O5): ");
			put_player(s, t, best, 0);
			tput(t, " holds %d.", most);
			return;
		}
		tput(t, "; no side holds more objectives than the others (O5)");
	}
	/* G9: the most figures in play */
	most = -1;
	ties = 0;
	for (p = 0; p < np; p++) {
		int n = skirmish_game_player_figures(g, p);

		if (p == ump)
			continue;
		if (n > most) {
			most = n;
			ties = 0;
		} else if (n == most) {
			ties++;
		}
	}
	tput(t, ties ? "; the most figures in play are tied, so nobody wins (G9): "
		     : "; the side with the most figures in play wins (G9): ");
	for (p = 0; p < np; p++) {
		if (p == ump)
			continue;
		tput(t, "%s", first ? "" : ", ");
		put_player(s, t, p, 0);
		tput(t, " %d", skirmish_game_player_figures(g, p));
		first = 0;
	}
	tputc(t, '.');
}

size_t
scn_describe_end(const struct scn *s, char *buf, size_t size)
{
	struct text t;

	text_init(&t, buf, size);
	if (s->game && skirmish_game_state(s->game) == SKIRMISH_STATE_OVER)
		put_end(s, &t);
	return t.len;
}

size_t
scn_describe_outcome(const struct scn *s, char *buf, size_t size)
{
	struct text t;
	int w;

	text_init(&t, buf, size);
	if (!s->game || skirmish_game_state(s->game) != SKIRMISH_STATE_OVER) {
		tput(&t, "Result: the battle was stopped unfinished.");
		return t.len;
	}
	w = skirmish_game_winner(s->game);
	if (w >= 0) {
		tput(&t, "Result: ");
		put_player(s, &t, w, 0);
		tput(&t, " wins. ");
	} else {
		tput(&t, "Result: nobody wins. ");
	}
	put_end(s, &t);
	return t.len;
}

/* ------------------------------------------------------------------ */
/* results                                                             */
/* ------------------------------------------------------------------ */

static void put_compass(struct text *t, double facing);

/* Reads a number of degrees at p ("90", "12.5"); its length, or 0. */
static size_t
degrees_at(const char *p, double *out)
{
	size_t n = 0;

	while (isdigit((unsigned char)p[n]) || (p[n] == '.' && isdigit((unsigned char)p[n + 1])))
		n++;
	if (!n)
		return 0;
	*out = atof(p);
	return n;
}

/* The library's sentence with compass words beside its facings: "turns to
 * face 90 (north)", "turns on the spot from 0 (east) to 90 degrees
 * (north)", as a player reads a table. */
static void
put_facings(struct text *t, const char *p)
{
	static const char *const before[] = { "turns to face ", "turns on the spot from " };
	size_t k, n;
	double f;

	while (*p) {
		for (k = 0; k < 2; k++)
			if (!strncmp(p, before[k], strlen(before[k])))
				break;
		if (k == 2) {
			tputc(t, *p++);
			continue;
		}
		tput(t, "%s", before[k]);
		p += strlen(before[k]);
		if ((n = degrees_at(p, &f)) == 0)
			continue;
		tput(t, "%.*s (", (int)n, p);
		put_compass(t, f);
		tputc(t, ')');
		p += n;
		if (k == 1 && !strncmp(p, " to ", 4) && (n = degrees_at(p + 4, &f)) > 0) {
			tput(t, " to %.*s", (int)n, p + 4);
			p += 4 + n;
			if (!strncmp(p, " degrees", 8)) {
				tput(t, " degrees");
				p += 8;
			}
			tput(t, " (");
			put_compass(t, f);
			tputc(t, ')');
		}
	}
}

static const char *const purpose_names[] = { "order", "shoot", "save", "horse", "melee" };

static int
has_effect(const skirmish_result *r, int kind)
{
	for (int i = 0; i < r->neffects; i++)
		if (r->effects[i].kind == kind)
			return 1;
	return 0;
}

size_t
scn_describe_result(const struct scn *s, const skirmish_result *r, char *buf, size_t size)
{
	struct text t;
	int i, melee = 0;
	char *w, faced[SCN_TEXT_MAX];

	text_init(&t, faced, sizeof(faced));
	put_facings(&t, r->text ? r->text : "(no description)");
	text_init(&t, buf, size);
	put_named(s, &t, faced);
	for (i = 0; i < r->ndice; i++)
		if (r->dice[i].purpose == SKIRMISH_ROLL_MELEE)
			melee = 1;
	/* Senso S10: the lowest roll wins, which reads backwards at first */
	if (melee && s->game && skirmish_game_ruleset(s->game) == SKIRMISH_RULESET_SENSO &&
	    t.len < t.size && (w = strstr(t.buf, " wins")) && (w[5] == ';' || w[5] == '.')) {
		static const char lower[] = " with the lower total";
		size_t at = (size_t)(w - t.buf) + 5, n = sizeof(lower) - 1;

		if (t.len + n < t.size) {
			memmove(t.buf + at + n, t.buf + at, t.len - at + 1);
			memcpy(t.buf + at, lower, n);
		}
		t.len += n;
	}
	/* S8: why a shooter takes two rings, which a reader does not guess */
	if (r->action == SKIRMISH_ACTION_SHOOT && r->figure >= 0 && s->game &&
	    t.len < t.size) {
		skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
		char takes[SKIRMISH_NAME_MAX + 24];
		static const char why[] = " (firing an arquebus costs two, S8)";

		for (i = 0; i < r->neffects; i++)
			if (r->effects[i].kind == SKIRMISH_EFFECT_RINGS &&
			    r->effects[i].figure == r->figure && r->effects[i].value == 2)
				break;
		if (i < r->neffects && skirmish_game_figure(s->game, r->figure, &fi) == 0) {
			snprintf(takes, sizeof(takes), "%s takes 2 rings", fi.name);
			w = strstr(t.buf, takes);
			if (w) {
				size_t at = (size_t)(w - t.buf) + strlen(takes), n = sizeof(why) - 1;

				if (t.len + n < t.size) {
					memmove(t.buf + at + n, t.buf + at, t.len - at + 1);
					memcpy(t.buf + at, why, n);
				}
				t.len += n;
			}
		}
	}
	if (s->game && has_effect(r, SKIRMISH_EFFECT_GAME_OVER)) {
		tputc(&t, ' ');
		put_end(s, &t);
	}
	return t.len;
}

size_t
scn_describe_dice(const struct scn *s, const skirmish_result *r, char *buf, size_t size)
{
	struct text t;
	int i;

	text_init(&t, buf, size);
	for (i = 0; i < r->ndice; i++) {
		const skirmish_die *d = &r->dice[i];
		skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

		tput(&t, "%s", i ? ", " : "");
		if (d->figure >= 0 && s->game && skirmish_game_figure(s->game, d->figure, &fi) == 0)
			tput(&t, "%s ", fi.name);
		else
			tput(&t, "%s ", scn_player_name(s, d->player));
		tput(&t, "d%d=%d", d->sides, d->value);
		if (d->purpose >= 0 && d->purpose < 5)
			tput(&t, " (%s%s)", purpose_names[d->purpose], d->round > 0 ? ", again" : "");
	}
	return t.len;
}

size_t
scn_describe_modifiers(const struct scn *s, const skirmish_result *r, char *buf, size_t size)
{
	struct text t;
	int i;

	text_init(&t, buf, size);
	for (i = 0; i < r->nmodifiers; i++) {
		const skirmish_modifier *m = &r->modifiers[i];
		skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
		const char *mn = skirmish_modifier_name(m->source);

		tput(&t, "%s%+d %s", i ? ", " : "", m->value, mn ? mn : "?");
		if (m->figure >= 0 && s->game && skirmish_game_figure(s->game, m->figure, &fi) == 0)
			tput(&t, " for %s", fi.name);
		if (m->rule)
			tput(&t, " [%s]", m->rule);
	}
	return t.len;
}

void
scn_print_result(struct scn *s, const skirmish_result *r)
{
	char buf[SCN_TEXT_MAX];

	scn_describe_result(s, r, buf, sizeof(buf));
	fprintf(s->out, "%s\n", buf);
	if (!s->verbose)
		return;
	if (r->ndice) {
		scn_describe_dice(s, r, buf, sizeof(buf));
		fprintf(s->out, "    dice: %s\n", buf);
	}
	if (r->nmodifiers) {
		scn_describe_modifiers(s, r, buf, sizeof(buf));
		fprintf(s->out, "    modifiers: %s\n", buf);
	}
}

void
scn_after_action(struct scn *s, const skirmish_result *r)
{
	scn_print_result(s, r);
	scn_state_after_action(s, r);
	scn_record(s, r);
	if (s->hook)
		s->hook(s->hook_data, s->game, r);
}

/* ------------------------------------------------------------------ */
/* figures                                                             */
/* ------------------------------------------------------------------ */

/* A facing in compass words, as the console reads them too (scn_facing):
 * "north", "nearly north" (within 10 degrees), or "between north and
 * north-east", the nearer first (0 is east). */
static void
put_compass(struct text *t, double facing)
{
	double f = fmod(facing, 360.0), off;
	long k, lo;

	if (f < 0)
		f += 360.0;
	k = lround(f / 45.0);
	off = fabs(f - 45.0 * (double)k);
	if (off <= 0.01) {
		tput(t, "%s", scn_compass_words[k % 8]);
		return;
	}
	if (off <= 10.0) {
		tput(t, "nearly %s", scn_compass_words[k % 8]);
		return;
	}
	lo = (long)floor(f / 45.0);
	if (k == lo)
		tput(t, "between %s and %s", scn_compass_words[lo % 8], scn_compass_words[(lo + 1) % 8]);
	else
		tput(t, "between %s and %s", scn_compass_words[(lo + 1) % 8], scn_compass_words[lo % 8]);
}

static void
put_equipment(struct text *t, const skirmish_figure_info *fi)
{
	const char *m = skirmish_melee_weapon_name(fi->melee_weapon);
	const char *x = skirmish_missile_weapon_name(fi->missile_weapon);

	if (fi->dv)
		tput(t, ", d%d", fi->dv);
	tput(t, ", %s", m ? m : "?");
	if (fi->missile_weapon && x)
		tput(t, ", %s%s", x, fi->loaded ? "" : " (unloaded)");
	if (fi->armour)
		tput(t, ", armour");
	if (fi->shield)
		tput(t, ", shield");
	if (fi->martial_arts)
		tput(t, ", martial arts");
	if (fi->mounted)
		tput(t, ", mounted");
}

size_t
scn_describe_figure(const struct scn *s, int id, char *buf, size_t size)
{
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
	struct text t;

	text_init(&t, buf, size);
	if (!s->game || skirmish_game_figure(s->game, id, &fi) < 0)
		return 0;
	tput(&t, "#%d %s (%s) at (%.2f, %.2f) facing %g (", id, fi.name,
	     scn_player_name(s, fi.player), fi.x, fi.y, fi.facing);
	put_compass(&t, fi.facing);
	tputc(&t, ')');
	if (fi.is_horse) {
		tput(&t, ", riderless horse%s", fi.removed ? ", removed" : "");
		return t.len;
	}
	put_equipment(&t, &fi);
	if (fi.removed) {
		tput(&t, "; removed");
		return t.len;
	}
	if (fi.rings)
		tput(&t, "; %d ring%s", fi.rings, fi.rings == 1 ? "" : "s");
	if (fi.suppressed)
		tput(&t, "; suppressed");
	if (fi.in_melee)
		tput(&t, "; in melee");
	if (fi.elevation > 0)
		tput(&t, "; on a hill %.1f\" high", fi.elevation);
	/* the allowance is its side's, in its side's turn (S9, A3) */
	if (skirmish_game_state(s->game) == SKIRMISH_STATE_PLAYING &&
	    fi.player == skirmish_game_active_player(s->game)) {
		if (fi.can_act)
			tput(&t, "; can act, %.2f\" of move left", fi.move_left);
		else
			tput(&t, "; cannot act");
	}
	return t.len;
}

void
scn_print_figure(struct scn *s, int id)
{
	char buf[SCN_TEXT_MAX];

	if (scn_describe_figure(s, id, buf, sizeof(buf)))
		fprintf(s->out, "%s\n", buf);
}

/* ------------------------------------------------------------------ */
/* the game                                                            */
/* ------------------------------------------------------------------ */

size_t
scn_describe_objectives(const struct scn *s, char *buf, size_t size)
{
	struct text t;
	int i, n = s->game ? skirmish_game_objective_count(s->game) : 0;

	text_init(&t, buf, size);
	for (i = 0; i < n; i++) {
		int st, carrier, player;
		double x, y;
		const char *name;
		char words[SKIRMISH_NAME_MAX + 8];
		skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

		if (skirmish_game_objective(s->game, i, &st, &carrier, &player, &x, &y, &name) < 0)
			continue;
		scn_terrain_words(name, words, sizeof(words));
		if (t.len)
			tput(&t, "; ");
		if (st == SKIRMISH_OBJECTIVE_CARRIED && carrier >= 0 &&
		    skirmish_game_figure(s->game, carrier, &fi) == 0)
			tput(&t, "%s (%s) carries %s at (%.1f, %.1f)", fi.name,
			     scn_player_name(s, fi.player), words, x, y);
		else if (st == SKIRMISH_OBJECTIVE_OFF_TABLE)
			put_carried_off(s, &t, i, player, words);
		else
			tput(&t, "%s lies at (%.1f, %.1f)", words, x, y);
	}
	if (t.len && t.len < t.size)
		t.buf[0] = (char)toupper((unsigned char)t.buf[0]);
	if (t.len)
		tputc(&t, '.');
	return t.len;
}

size_t
scn_describe_key(const struct scn *s, char *buf, size_t size)
{
	struct text t;
	int senso = s->game ? skirmish_game_ruleset(s->game) == SKIRMISH_RULESET_SENSO
			    : !strcmp(s->ruleset, "senso");

	text_init(&t, buf, size);
	if (senso)
		tput(&t,
		     "How to read Senso: each figure rolls one die, its Die Value (DV): d4 for "
		     "the best, d12 for the worst, and low rolls are good. A shot that comes to "
		     "0 or less kills; exactly 1 is a hit that puts a ring on the target; more "
		     "misses (S6). In a fight both roll and the lower total wins; the loser is "
		     "killed (S10). A figure with a ring cannot act; one ring comes off at the "
		     "end of each turn, and a figure still with two rings is removed (S5). "
		     "Distances are inches; a facing is degrees from east (0), counter-clockwise "
		     "(90 is north).");
	else
		tput(&t,
		     "How to read Sampson Ships: a turn is a move, a missile and a melee phase "
		     "(A2). A shooter and its target both roll a die and add their modifiers; "
		     "the target dies only when the shooter's score is double its own, and a "
		     "higher score that does not double it suppresses the target, which may not "
		     "move next turn (A5). In a melee both roll: double the opponent's score "
		     "kills, higher pushes it back (A7). Distances are inches; a facing is "
		     "degrees from east (0), counter-clockwise (90 is north).");
	if (s->game && skirmish_game_objective_count(s->game) > 0)
		tput(&t, " An objective is picked up by a figure that ends a move touching it "
		     "and dropped where its carrier falls; carrying it off the carrier's side's "
		     "edge of the table wins at once (O2-O4).");
	return t.len;
}

void
scn_print_status(struct scn *s)
{
	skirmish_game *g = s->game;
	int st, w;
	char why[SCN_TEXT_MAX];

	if (!g) {
		fprintf(s->out, "setting up a %s game for %d players%s (no figures yet)\n",
			s->ruleset, s->opt.players, s->opt.umpire ? " and an umpire" : "");
		return;
	}
	st = skirmish_game_state(g);
	fprintf(s->out, "%s: ", skirmish_ruleset_name(skirmish_game_ruleset(g)));
	if (st == SKIRMISH_STATE_SETUP) {
		fprintf(s->out, "setup, %d figures, %d terrain pieces\n",
			skirmish_game_figure_count(g), skirmish_game_terrain_count(g));
	} else if (st == SKIRMISH_STATE_PLAYING) {
		fprintf(s->out, "turn %d, %s to play, %s phase\n", skirmish_game_turn(g),
			scn_player_name(s, skirmish_game_active_player(g)),
			skirmish_phase_name(skirmish_game_phase(g)));
	} else {
		w = skirmish_game_winner(g);
		scn_describe_end(s, why, sizeof(why));
		if (w >= 0)
			fprintf(s->out, "the game is over after turn %d: %s wins. %s\n",
				skirmish_game_turn(g), scn_player_name(s, w), why);
		else
			fprintf(s->out, "the game is over after turn %d without a winner. %s\n",
				skirmish_game_turn(g), why);
	}
}

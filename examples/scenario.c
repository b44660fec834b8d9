/*
 * The skirmish console language (doc/console.md): one command per line,
 * words separated by blanks, "double quotes" around a word with blanks,
 * # starts a comment. This file parses and runs it against the public API
 * only; it is shared by the console and the demo.
 *
 * Players feed it anything, so every line is bounded (SCN_LINE_MAX), every
 * number is checked whole (no trailing junk, finite, in range) and every
 * error is a message, never a crash.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "scenario.h"

#define NUM_MAX 100000.0       /* largest |number| the language accepts */

struct scn {
	FILE *out;
	int echo, verbose;
	skirmish_game_options opt;
	char ruleset[16];
	int order[SKIRMISH_MAX_PLAYERS + 1];
	int norder;
	skirmish_game *game;
	char pname[SKIRMISH_MAX_PLAYERS + 1][SKIRMISH_NAME_MAX];
	int failures;
	scn_result_fn hook;
	void *hook_data;
	/* the line being run */
	const char *origin;
	int lineno;
	int expect_error;        /* the line began with expect-error */
	int expect_code;         /* 0: any error */
	int failed;              /* an error was reported for this line */
	int errcode;
	int depth;               /* files being loaded */
};

/* ------------------------------------------------------------------ */
/* session                                                             */
/* ------------------------------------------------------------------ */

static void
reset_options(struct scn *s)
{
	skirmish_game_options_init(&s->opt, SKIRMISH_GAME_OPTIONS_VERSION);
	strcpy(s->ruleset, "senso");
	s->norder = 0;
	memset(s->pname, 0, sizeof(s->pname));
}

struct scn *
scn_new(FILE *out)
{
	struct scn *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->out = out;
	reset_options(s);
	return s;
}

void
scn_free(struct scn *s)
{
	if (!s)
		return;
	skirmish_game_free(s->game);
	free(s);
}

void scn_set_echo(struct scn *s, int on) { s->echo = on; }
void scn_set_verbose(struct scn *s, int on) { s->verbose = on; }
skirmish_game *scn_game(struct scn *s) { return s->game; }
int scn_failures(const struct scn *s) { return s->failures; }

void
scn_set_result_hook(struct scn *s, scn_result_fn fn, void *data)
{
	s->hook = fn;
	s->hook_data = data;
}

void
scn_table_size(const struct scn *s, double *width, double *depth)
{
	*width = s->opt.table_width;
	*depth = s->opt.table_depth;
}

const char *
scn_player_name(const struct scn *s, int player)
{
	static char buf[SKIRMISH_MAX_PLAYERS + 1][16];

	if (player >= 0 && player <= SKIRMISH_MAX_PLAYERS) {
		if (s->pname[player][0])
			return s->pname[player];
		snprintf(buf[player], sizeof(buf[player]), "player %d", player);
		return buf[player];
	}
	return "nobody";
}

/* Reports an error of the current line; the return value is 1 (failed). */
static int
fail(struct scn *s, int code, const char *fmt, ...)
{
	va_list ap;

	s->failed = 1;
	s->errcode = code;
	fprintf(s->out, "%s%s:%d: ", s->expect_error ? "expected error: " : "error: ",
		s->origin, s->lineno);
	va_start(ap, fmt);
	vfprintf(s->out, fmt, ap);
	va_end(ap);
	fputc('\n', s->out);
	return 1;
}

/* Reports a library error code with the game's message. */
static int
lib_fail(struct scn *s, int rc)
{
	const char *msg = s->game ? skirmish_game_errmsg(s->game) : "";
	const char *name = skirmish_strerror(rc);
	size_t n = strcspn(name, ":");

	if (!msg[0])
		return fail(s, rc, "%s", name);
	return fail(s, rc, "%.*s: %s", (int)n, name, msg);
}

/* ------------------------------------------------------------------ */
/* words                                                               */
/* ------------------------------------------------------------------ */

struct words {
	int n;
	char *w[SCN_TOKENS_MAX];
	char buf[SCN_LINE_MAX + 1];
};

/* Splits a line into words; 0 or an error message. */
static const char *
split(struct words *t, const char *line)
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
static int
num(const char *w, double *out)
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

static int
integer(const char *w, long lo, long hi, long *out)
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
static int
same_name(const char *w, const char *name)
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

static int
on_off(const char *w, int *out)
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
static int
figure_ref(struct scn *s, const char *w, int *out)
{
	int i, n;
	long id;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	if (!s->game)
		return fail(s, SKIRMISH_E_NO_FIGURE, "no figures yet: `%s`", w);
	n = skirmish_game_figure_count(s->game);
	if (w[0] == '#') {
		if (integer(w + 1, 0, INT_MAX, &id) < 0 || id >= n)
			return fail(s, SKIRMISH_E_NO_FIGURE, "no figure %s", w);
		*out = (int)id;
		return 0;
	}
	for (i = 0; i < n; i++)
		if (skirmish_game_figure(s->game, i, &fi) == 0 && !strcmp(fi.name, w)) {
			*out = i;
			return 0;
		}
	return fail(s, SKIRMISH_E_NO_FIGURE, "no figure named `%s`", w);
}

/* 1 when a figure has that name (no message). */
static int
figure_ref_quiet(struct scn *s, const char *w, int *out)
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

static int
need(struct scn *s, const struct words *t, int min, int max, const char *usage)
{
	if (t->n < min || (max >= 0 && t->n > max))
		return fail(s, SKIRMISH_E_INVALID, "usage: %s", usage);
	return 0;
}

static int
bad_number(struct scn *s, const char *w, const char *what)
{
	return fail(s, SKIRMISH_E_INVALID, "`%s` is not a valid %s", w, what);
}

/* ------------------------------------------------------------------ */
/* printing                                                            */
/* ------------------------------------------------------------------ */

static const char *const purpose_names[] = { "order", "shoot", "save", "horse", "melee" };

void
scn_print_result(struct scn *s, const skirmish_result *r)
{
	int i;

	fprintf(s->out, "%s\n", r->text ? r->text : "(no description)");
	if (!s->verbose)
		return;
	if (r->ndice) {
		fprintf(s->out, "    dice:");
		for (i = 0; i < r->ndice; i++) {
			const skirmish_die *d = &r->dice[i];
			skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
			const char *who = "";

			if (d->figure >= 0 && s->game &&
			    skirmish_game_figure(s->game, d->figure, &fi) == 0)
				who = fi.name;
			fprintf(s->out, "%s ", i ? "," : "");
			if (*who)
				fprintf(s->out, "%s ", who);
			else
				fprintf(s->out, "%s ", scn_player_name(s, d->player));
			fprintf(s->out, "d%d=%d", d->sides, d->value);
			if (d->purpose >= 0 && d->purpose < 5)
				fprintf(s->out, " (%s%s)", purpose_names[d->purpose],
					d->round > 0 ? ", again" : "");
		}
		fputc('\n', s->out);
	}
	if (r->nmodifiers) {
		fprintf(s->out, "    modifiers:");
		for (i = 0; i < r->nmodifiers; i++) {
			const skirmish_modifier *m = &r->modifiers[i];
			skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
			const char *mn = skirmish_modifier_name(m->source);

			fprintf(s->out, "%s %+d %s", i ? "," : "", m->value,
				mn ? mn : "?");
			if (m->figure >= 0 && s->game &&
			    skirmish_game_figure(s->game, m->figure, &fi) == 0)
				fprintf(s->out, " for %s", fi.name);
			if (m->rule)
				fprintf(s->out, " [%s]", m->rule);
		}
		fputc('\n', s->out);
	}
}

static void
put_equipment(struct scn *s, const skirmish_figure_info *fi)
{
	const char *m = skirmish_melee_weapon_name(fi->melee_weapon);
	const char *x = skirmish_missile_weapon_name(fi->missile_weapon);

	if (fi->dv)
		fprintf(s->out, ", d%d", fi->dv);
	fprintf(s->out, ", %s", m ? m : "?");
	if (fi->missile_weapon && x)
		fprintf(s->out, ", %s%s", x, fi->loaded ? "" : " (unloaded)");
	if (fi->armour)
		fprintf(s->out, ", armour");
	if (fi->shield)
		fprintf(s->out, ", shield");
	if (fi->martial_arts)
		fprintf(s->out, ", martial arts");
	if (fi->mounted)
		fprintf(s->out, ", mounted");
}

void
scn_print_figure(struct scn *s, int id)
{
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	if (!s->game || skirmish_game_figure(s->game, id, &fi) < 0)
		return;
	fprintf(s->out, "#%d %s (%s) at (%.2f, %.2f) facing %g", id, fi.name,
		scn_player_name(s, fi.player), fi.x, fi.y, fi.facing);
	if (fi.is_horse) {
		fprintf(s->out, ", riderless horse%s\n", fi.removed ? ", removed" : "");
		return;
	}
	put_equipment(s, &fi);
	if (fi.removed) {
		fprintf(s->out, "; removed\n");
		return;
	}
	if (fi.rings)
		fprintf(s->out, "; %d ring%s", fi.rings, fi.rings == 1 ? "" : "s");
	if (fi.suppressed)
		fprintf(s->out, "; suppressed");
	if (fi.in_melee)
		fprintf(s->out, "; in melee");
	if (fi.elevation > 0)
		fprintf(s->out, "; on a hill %.1f\" high", fi.elevation);
	if (skirmish_game_state(s->game) == SKIRMISH_STATE_PLAYING)
		fprintf(s->out, "; %s, %.2f\" of move left", fi.can_act ? "can act" : "cannot act",
			fi.move_left);
	fputc('\n', s->out);
}

static void
after_action(struct scn *s, const skirmish_result *r)
{
	scn_print_result(s, r);
	if (s->hook)
		s->hook(s->hook_data, s->game, r);
}

/* ------------------------------------------------------------------ */
/* setup                                                               */
/* ------------------------------------------------------------------ */

/* Creates the game from the options given so far. */
static int
ensure_game(struct scn *s)
{
	char msg[256];
	int rc;

	if (s->game)
		return 0;
	s->opt.ruleset = SKIRMISH_RULESET_NONE;
	s->opt.ruleset_name = s->ruleset;
	s->opt.player_order = s->norder ? s->order : NULL;
	if (s->norder && s->norder != s->opt.players)
		return fail(s, SKIRMISH_E_INVALID, "order names %d players but there are %d",
			    s->norder, s->opt.players);
	rc = skirmish_game_new(&s->game, &s->opt, msg, sizeof(msg));
	if (rc < 0) {
		size_t n = strcspn(skirmish_strerror(rc), ":");
		return fail(s, rc, "%.*s: %s", (int)n, skirmish_strerror(rc), msg);
	}
	return 0;
}

/* Options may change only before the game is made. */
static int
setup_only(struct scn *s, const char *what)
{
	if (s->game)
		return fail(s, SKIRMISH_E_STATE,
			    "`%s` must come before the first terrain, figure or start (or after `reset`)",
			    what);
	return 0;
}

static int
cmd_option(struct scn *s, struct words *t)
{
	const char *c = t->w[0];
	long v;
	double a, b;
	int on;

	if (setup_only(s, c))
		return 1;
	if (!strcmp(c, "ruleset")) {
		if (need(s, t, 2, 2, "ruleset senso|sampson"))
			return 1;
		if (skirmish_ruleset_from_name(t->w[1]) < 0)
			return fail(s, SKIRMISH_E_UNKNOWN_RULESET, "unknown ruleset `%s`", t->w[1]);
		snprintf(s->ruleset, sizeof(s->ruleset), "%s", t->w[1]);
	} else if (!strcmp(c, "players")) {
		if (need(s, t, 2, 2, "players N (2..8)"))
			return 1;
		if (integer(t->w[1], 2, SKIRMISH_MAX_PLAYERS, &v) < 0)
			return bad_number(s, t->w[1], "number of players (2..8)");
		s->opt.players = (int)v;
	} else if (!strcmp(c, "umpire") || !strcmp(c, "night")) {
		if (need(s, t, 1, 2, "umpire|night [on|off]"))
			return 1;
		if (on_off(t->n > 1 ? t->w[1] : NULL, &on) < 0)
			return fail(s, SKIRMISH_E_INVALID, "say on or off, not `%s`", t->w[1]);
		if (c[0] == 'u')
			s->opt.umpire = on;
		else
			s->opt.night = on;
	} else if (!strcmp(c, "ties")) {
		if (need(s, t, 2, 2, "ties reroll|standoff"))
			return 1;
		if (!strcmp(t->w[1], "reroll"))
			s->opt.melee_ties = SKIRMISH_TIES_REROLL;
		else if (!strcmp(t->w[1], "standoff") || !strcmp(t->w[1], "stand-off"))
			s->opt.melee_ties = SKIRMISH_TIES_STANDOFF;
		else
			return fail(s, SKIRMISH_E_INVALID, "ties: reroll or standoff, not `%s`", t->w[1]);
	} else if (!strcmp(c, "rings")) {
		if (need(s, t, 2, 2, "rings player-turn|game-turn"))
			return 1;
		if (!strcmp(t->w[1], "player-turn"))
			s->opt.ring_removal = SKIRMISH_RINGS_PLAYER_TURN;
		else if (!strcmp(t->w[1], "game-turn"))
			s->opt.ring_removal = SKIRMISH_RINGS_GAME_TURN;
		else
			return fail(s, SKIRMISH_E_INVALID, "rings: player-turn or game-turn, not `%s`",
				    t->w[1]);
	} else if (!strcmp(c, "turn-limit")) {
		if (need(s, t, 2, 2, "turn-limit N (0: none)"))
			return 1;
		if (integer(t->w[1], 0, 100000, &v) < 0)
			return bad_number(s, t->w[1], "turn limit (0..100000)");
		s->opt.turn_limit = (int)v;
	} else if (!strcmp(c, "die-sides")) {
		if (need(s, t, 2, 2, "die-sides N"))
			return 1;
		if (integer(t->w[1], 0, 1000, &v) < 0)
			return bad_number(s, t->w[1], "number of sides (0..1000)");
		s->opt.die_sides = (int)v;
	} else if (!strcmp(c, "table")) {
		if (need(s, t, 3, 3, "table WIDTH DEPTH (inches)"))
			return 1;
		if (num(t->w[1], &a) < 0 || a <= 0)
			return bad_number(s, t->w[1], "table width");
		if (num(t->w[2], &b) < 0 || b <= 0)
			return bad_number(s, t->w[2], "table depth");
		s->opt.table_width = a;
		s->opt.table_depth = b;
	} else if (!strcmp(c, "order")) {
		int i;

		if (need(s, t, 3, SKIRMISH_MAX_PLAYERS + 1, "order P P ... (first to last)"))
			return 1;
		for (i = 1; i < t->n; i++) {
			if (integer(t->w[i], 0, SKIRMISH_MAX_PLAYERS - 1, &v) < 0)
				return bad_number(s, t->w[i], "player id");
			s->order[i - 1] = (int)v;
		}
		s->norder = t->n - 1;
	}
	return 0;
}

static const struct {
	const char *word;
	unsigned int flag;
} terrain_flags[] = {
	{ "rough", SKIRMISH_TERRAIN_ROUGH },
	{ "bad-going", SKIRMISH_TERRAIN_ROUGH },
	{ "cover", SKIRMISH_TERRAIN_COVER },
	{ "blocks-sight", SKIRMISH_TERRAIN_BLOCKS_SIGHT },
	{ "obstacle", SKIRMISH_TERRAIN_OBSTACLE },
	{ "water", SKIRMISH_TERRAIN_WATER },
	{ "climb", SKIRMISH_TERRAIN_CLIMB },
	{ "impassable", SKIRMISH_TERRAIN_IMPASSABLE },
};

/* terrain rect|circle|polygon NAME numbers... flags... */
static int
cmd_terrain(struct scn *s, struct words *t)
{
	skirmish_terrain_spec ts = SKIRMISH_TERRAIN_SPEC_INIT;
	double v[2 * SKIRMISH_POLYGON_MAX];
	int nv = 0, i, k, rc, id;
	static const char usage[] =
		"terrain rect NAME X Y WIDTH DEPTH [angle A] FLAGS... | "
		"terrain circle NAME X Y RADIUS FLAGS... | terrain polygon NAME X1 Y1 X2 Y2 X3 Y3 ... FLAGS...";

	if (need(s, t, 3, -1, usage))
		return 1;
	if (!strcmp(t->w[1], "rect"))
		ts.shape = SKIRMISH_SHAPE_RECT;
	else if (!strcmp(t->w[1], "circle"))
		ts.shape = SKIRMISH_SHAPE_CIRCLE;
	else if (!strcmp(t->w[1], "polygon"))
		ts.shape = SKIRMISH_SHAPE_POLYGON;
	else
		return fail(s, SKIRMISH_E_INVALID, "usage: %s", usage);
	ts.name = t->w[2];
	for (i = 3; i < t->n && nv < 2 * SKIRMISH_POLYGON_MAX && num(t->w[i], &v[nv]) == 0; i++)
		nv++;
	if (i < t->n && nv == 2 * SKIRMISH_POLYGON_MAX && num(t->w[i], &v[0]) == 0)
		return fail(s, SKIRMISH_E_LIMIT, "a polygon has at most %d points",
			    SKIRMISH_POLYGON_MAX);
	switch (ts.shape) {
	case SKIRMISH_SHAPE_RECT:
		if (nv != 4)
			return fail(s, SKIRMISH_E_INVALID, "a rect needs X Y WIDTH DEPTH (4 numbers, got %d)", nv);
		ts.x = v[0];
		ts.y = v[1];
		ts.width = v[2];
		ts.depth = v[3];
		break;
	case SKIRMISH_SHAPE_CIRCLE:
		if (nv != 3)
			return fail(s, SKIRMISH_E_INVALID, "a circle needs X Y RADIUS (3 numbers, got %d)", nv);
		ts.x = v[0];
		ts.y = v[1];
		ts.radius = v[2];
		break;
	default:
		if (nv < 6 || nv % 2)
			return fail(s, SKIRMISH_E_INVALID,
				    "a polygon needs at least 3 points as X Y pairs (got %d numbers)", nv);
		ts.npoints = nv / 2;
		ts.points = v;
		break;
	}
	for (; i < t->n; i++) {
		const char *w = t->w[i];
		double a;

		for (k = 0; k < (int)(sizeof(terrain_flags) / sizeof(terrain_flags[0])); k++)
			if (!strcmp(w, terrain_flags[k].word))
				break;
		if (k < (int)(sizeof(terrain_flags) / sizeof(terrain_flags[0]))) {
			ts.flags |= terrain_flags[k].flag;
			continue;
		}
		if (!strcmp(w, "hill") || !strcmp(w, "penalty") || !strcmp(w, "angle")) {
			if (i + 1 >= t->n || num(t->w[i + 1], &a) < 0)
				return fail(s, SKIRMISH_E_INVALID, "`%s` needs a number after it", w);
			i++;
			if (w[0] == 'h') {
				ts.flags |= SKIRMISH_TERRAIN_HILL;
				ts.height = a;
			} else if (w[0] == 'p') {
				ts.move_penalty = a;
			} else if (ts.shape == SKIRMISH_SHAPE_RECT) {
				ts.angle = a;
			} else {
				return fail(s, SKIRMISH_E_INVALID, "only a rect has an angle");
			}
			continue;
		}
		return fail(s, SKIRMISH_E_INVALID,
			    "unknown terrain word `%s` (flags: rough bad-going cover blocks-sight "
			    "obstacle water climb impassable hill H penalty P angle A)", w);
	}
	if (ensure_game(s))
		return 1;
	rc = skirmish_game_add_terrain(s->game, &ts, &id);
	if (rc < 0)
		return lib_fail(s, rc);
	return 0;
}

static const struct {
	const char *word;
	int preset;
} presets[] = {
	{ "fencing-instructor", SKIRMISH_PRESET_FENCING_INSTRUCTOR },
	{ "ninja", SKIRMISH_PRESET_NINJA },
	{ "samurai", SKIRMISH_PRESET_SAMURAI },
	{ "samurai-veteran-mounted", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED },
	{ "mounted-samurai", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED },
	{ "monk", SKIRMISH_PRESET_MONK },
	{ "ashigaru-bow", SKIRMISH_PRESET_ASHIGARU_BOW },
	{ "ashigaru-arquebus", SKIRMISH_PRESET_ASHIGARU_ARQUEBUS },
	{ "ashigaru-yari", SKIRMISH_PRESET_ASHIGARU_YARI },
	{ "peasant", SKIRMISH_PRESET_PEASANT },
};

static int
find_weapon(const char *w, const char *(*name)(int), int count)
{
	int i;

	for (i = 0; i < count; i++)
		if (same_name(w, name(i)))
			return i;
	if (name == skirmish_missile_weapon_name && !strcmp(w, "peltast"))
		return SKIRMISH_MISSILE_PELTAST;
	return -1;
}

/* figure NAME player P at X Y [facing F] [preset P] [dv N] ... */
static int
cmd_figure(struct scn *s, struct words *t)
{
	skirmish_figure_spec fs = SKIRMISH_FIGURE_SPEC_INIT;
	int i, k, rc, id, have_player = 0, have_at = 0, preset = -1, dummy;
	int set_dv = -1, set_melee = -1, set_missile = -1;
	int set_armour = -1, set_mounted = -1, pk = 0;
	long v;
	double a, b;
	static const char usage[] =
		"figure NAME player P at X Y [facing F] [preset NAME] [dv N] [melee WEAPON] "
		"[missile WEAPON] [armour|no-armour] [shield] [martial-arts] [mounted|on-foot] "
		"[unloaded] [base WIDTH DEPTH]";

	if (need(s, t, 2, -1, usage))
		return 1;
	fs.name = t->w[1];
	if (strlen(fs.name) >= SKIRMISH_NAME_MAX)
		return fail(s, SKIRMISH_E_INVALID, "a name has at most %d bytes",
			    SKIRMISH_NAME_MAX - 1);
	if (fs.name[0] == '#' || !fs.name[0])
		return fail(s, SKIRMISH_E_INVALID, "a name may not be empty or start with #");
	for (i = 2; i < t->n; i++) {
		const char *w = t->w[i];
		int more = t->n - i - 1;

		if (!strcmp(w, "player")) {
			if (!more || integer(t->w[i + 1], 0, SKIRMISH_MAX_PLAYERS, &v) < 0)
				return fail(s, SKIRMISH_E_INVALID, "`player` needs a player id");
			fs.player = (int)v;
			have_player = 1;
			i++;
		} else if (!strcmp(w, "at") || !strcmp(w, "base")) {
			if (more < 2 || num(t->w[i + 1], &a) < 0 || num(t->w[i + 2], &b) < 0)
				return fail(s, SKIRMISH_E_INVALID, "`%s` needs two numbers", w);
			if (w[0] == 'a') {
				fs.x = a;
				fs.y = b;
				have_at = 1;
			} else {
				fs.base_width = a;
				fs.base_depth = b;
			}
			i += 2;
		} else if (!strcmp(w, "facing")) {
			if (!more || num(t->w[i + 1], &a) < 0)
				return fail(s, SKIRMISH_E_INVALID, "`facing` needs a number of degrees");
			fs.facing = a;
			i++;
		} else if (!strcmp(w, "dv")) {
			if (!more || integer(t->w[i + 1], 0, 1000, &v) < 0)
				return fail(s, SKIRMISH_E_INVALID, "`dv` needs a number (4, 6, 8, 10 or 12)");
			set_dv = (int)v;
			i++;
		} else if (!strcmp(w, "preset")) {
			if (!more)
				return fail(s, SKIRMISH_E_INVALID, "`preset` needs a name");
			for (k = 0; k < (int)(sizeof(presets) / sizeof(presets[0])); k++)
				if (!strcmp(t->w[i + 1], presets[k].word) ||
				    same_name(t->w[i + 1], skirmish_preset_name(presets[k].preset)))
					break;
			if (k == (int)(sizeof(presets) / sizeof(presets[0])))
				return fail(s, SKIRMISH_E_INVALID, "unknown preset `%s`", t->w[i + 1]);
			preset = presets[k].preset;
			pk = k;
			i++;
		} else if (!strcmp(w, "melee") || !strcmp(w, "missile")) {
			int m = w[1] == 'e';
			if (!more)
				return fail(s, SKIRMISH_E_INVALID, "`%s` needs a weapon", w);
			k = m ? find_weapon(t->w[i + 1], skirmish_melee_weapon_name, SKIRMISH_MELEE_COUNT)
			      : find_weapon(t->w[i + 1], skirmish_missile_weapon_name, SKIRMISH_MISSILE_COUNT);
			if (k < 0)
				return fail(s, SKIRMISH_E_INVALID, "unknown %s weapon `%s`", w, t->w[i + 1]);
			if (m)
				set_melee = k;
			else
				set_missile = k;
			i++;
		} else if (!strcmp(w, "armour") || !strcmp(w, "armor")) {
			set_armour = 1;
		} else if (!strcmp(w, "no-armour") || !strcmp(w, "no-armor")) {
			set_armour = 0;
		} else if (!strcmp(w, "shield")) {
			fs.shield = 1;
		} else if (!strcmp(w, "martial-arts")) {
			fs.martial_arts = 1;
		} else if (!strcmp(w, "mounted")) {
			set_mounted = 1;
		} else if (!strcmp(w, "on-foot")) {
			set_mounted = 0;
		} else if (!strcmp(w, "unloaded")) {
			fs.unloaded = 1;
		} else {
			return fail(s, SKIRMISH_E_INVALID, "unknown figure word `%s`; usage: %s", w, usage);
		}
	}
	if (!have_player || !have_at)
		return fail(s, SKIRMISH_E_INVALID, "a figure needs `player P` and `at X Y`");
	if (preset >= 0) {
		int ma = fs.martial_arts, sh = fs.shield;

		rc = skirmish_figure_spec_preset(&fs, preset);
		if (rc < 0)
			return fail(s, rc, "preset `%s` is not available in this build",
				    presets[pk].word);
		fs.martial_arts |= ma;
		fs.shield |= sh;
	}
	if (set_dv >= 0)
		fs.dv = set_dv;
	if (set_melee >= 0)
		fs.melee_weapon = set_melee;
	if (set_missile >= 0)
		fs.missile_weapon = set_missile;
	if (set_armour >= 0)
		fs.armour = set_armour;
	if (set_mounted >= 0)
		fs.mounted = set_mounted;
	if (ensure_game(s))
		return 1;
	if (s->game && figure_ref_quiet(s, fs.name, &dummy))
		return fail(s, SKIRMISH_E_INVALID, "there is already a figure named `%s`", fs.name);
	rc = skirmish_game_add_figure(s->game, &fs, &id);
	if (rc < 0)
		return lib_fail(s, rc);
	return 0;
}

/* objective NAME X Y (rulings O1-O5, doc/rules/objectives.md) */
static int
cmd_objective(struct scn *s, struct words *t)
{
	double x, y;
	int rc, id;

	if (need(s, t, 4, 4, "objective NAME X Y"))
		return 1;
	if (num(t->w[2], &x) < 0)
		return bad_number(s, t->w[2], "coordinate");
	if (num(t->w[3], &y) < 0)
		return bad_number(s, t->w[3], "coordinate");
	if (ensure_game(s))
		return 1;
	rc = skirmish_game_add_objective(s->game, t->w[1], x, y, &id);
	if (rc < 0)
		return lib_fail(s, rc);
	return 0;
}

/* exit-edge P north|south|east|west|none (O4) */
static int
cmd_exit_edge(struct scn *s, struct words *t)
{
	static const char *const edges[] = { "none", "south", "north", "west", "east" };
	long p;
	int e, rc;

	if (need(s, t, 3, 3, "exit-edge P north|south|east|west|none"))
		return 1;
	if (integer(t->w[1], 0, SKIRMISH_MAX_PLAYERS, &p) < 0)
		return bad_number(s, t->w[1], "player id");
	for (e = 0; e < 5; e++)
		if (!strcmp(t->w[2], edges[e]))
			break;
	if (e == 5)
		return fail(s, SKIRMISH_E_INVALID, "an edge is north, south, east, west or none");
	if (ensure_game(s))
		return 1;
	rc = skirmish_game_set_exit_edge(s->game, (int)p, e);
	if (rc < 0)
		return lib_fail(s, rc);
	return 0;
}

/* ------------------------------------------------------------------ */
/* dice                                                                */
/* ------------------------------------------------------------------ */

static int
cmd_seed(struct scn *s, struct words *t)
{
	unsigned long long v;
	char *end;
	const char *w;

	if (need(s, t, 2, 2, "seed N (0..18446744073709551615)"))
		return 1;
	w = t->w[1];
	if (!isdigit((unsigned char)w[0]))
		return bad_number(s, w, "seed");
	errno = 0;
	v = strtoull(w, &end, 10);
	if (*end || errno)
		return bad_number(s, w, "seed");
	s->opt.seed = (uint64_t)v;
	if (s->game) {
		skirmish_game_set_seed(s->game, (uint64_t)v);
		skirmish_game_script_dice(s->game, NULL, 0, 0);
	}
	return 0;
}

/* dice V... : the next dice, and no others (a die asked for after them
 * fails the action); dice off: back to the generator. */
static int
cmd_dice(struct scn *s, struct words *t)
{
	int vals[SCN_TOKENS_MAX], i, rc;
	long v;

	if (need(s, t, 2, -1, "dice V V ... | dice off"))
		return 1;
	if (ensure_game(s))
		return 1;
	if (t->n == 2 && !strcmp(t->w[1], "off")) {
		skirmish_game_script_dice(s->game, NULL, 0, 0);
		return 0;
	}
	for (i = 1; i < t->n; i++) {
		if (integer(t->w[i], -1000, 1000, &v) < 0)
			return bad_number(s, t->w[i], "die value");
		vals[i - 1] = (int)v;
	}
	rc = skirmish_game_script_dice(s->game, vals, t->n - 1, 1);
	if (rc < 0)
		return lib_fail(s, rc);
	return 0;
}

/* ------------------------------------------------------------------ */
/* actions                                                             */
/* ------------------------------------------------------------------ */

/* Parses "X Y [X Y ...] [facing F]" from word i on. */
static int
path_words(struct scn *s, struct words *t, int i, double *xy, int *np, double *facing)
{
	int n = 0;

	*facing = SKIRMISH_FACING_KEEP;
	for (; i < t->n; i++) {
		if (!strcmp(t->w[i], "facing")) {
			if (i + 2 != t->n || num(t->w[i + 1], facing) < 0 || *facing < 0)
				return fail(s, SKIRMISH_E_INVALID,
					    "`facing` needs a number of degrees (0 or more) and ends the command");
			break;
		}
		if (!strcmp(t->w[i], "via") || !strcmp(t->w[i], "to"))
			continue;
		if (n == 2 * SKIRMISH_PATH_MAX)
			return fail(s, SKIRMISH_E_LIMIT, "a path has at most %d points", SKIRMISH_PATH_MAX);
		if (num(t->w[i], &xy[n]) < 0)
			return bad_number(s, t->w[i], "coordinate");
		n++;
	}
	if (n < 2 || n % 2)
		return fail(s, SKIRMISH_E_INVALID, "a path needs X Y pairs (got %d numbers)", n);
	*np = n / 2;
	return 0;
}

static int
need_game(struct scn *s)
{
	if (!s->game)
		return fail(s, SKIRMISH_E_STATE, "no game yet: add terrain and figures, then `start`");
	return 0;
}

static int
cmd_action(struct scn *s, struct words *t)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const char *c = t->w[0];
	int a = -1, b = -1, rc, np;
	double xy[2 * SKIRMISH_PATH_MAX], f;

	if (!strcmp(c, "start")) {
		if (need(s, t, 1, 1, "start") || ensure_game(s))
			return 1;
		rc = skirmish_game_start(s->game, &r);
	} else if (!strcmp(c, "end-turn") || !strcmp(c, "end-phase")) {
		if (need(s, t, 1, 1, c) || need_game(s))
			return 1;
		rc = c[4] == 't' ? skirmish_end_turn(s->game, &r) : skirmish_end_phase(s->game, &r);
	} else {
		if (need_game(s))
			return 1;
		if (!strcmp(c, "move")) {
			if (need(s, t, 4, -1, "move FIG X Y [X Y ...] [facing F]") ||
			    figure_ref(s, t->w[1], &a) || path_words(s, t, 2, xy, &np, &f))
				return 1;
			rc = skirmish_move(s->game, a, xy, np, f, &r);
		} else if (!strcmp(c, "charge")) {
			f = SKIRMISH_FACING_KEEP;
			if (need(s, t, 3, 5, "charge FIG TARGET [facing F]") ||
			    figure_ref(s, t->w[1], &a) || figure_ref(s, t->w[2], &b))
				return 1;
			if (t->n > 3 && (t->n != 5 || strcmp(t->w[3], "facing") ||
					 num(t->w[4], &f) < 0 || f < 0))
				return fail(s, SKIRMISH_E_INVALID, "usage: charge FIG TARGET [facing F]");
			rc = skirmish_charge(s->game, a, b, f, &r);
		} else if (!strcmp(c, "shoot") || !strcmp(c, "mount")) {
			if (need(s, t, 3, 3, c[0] == 's' ? "shoot FIG TARGET" : "mount FIG HORSE") ||
			    figure_ref(s, t->w[1], &a) || figure_ref(s, t->w[2], &b))
				return 1;
			rc = c[0] == 's' ? skirmish_shoot(s->game, a, b, &r)
					 : skirmish_mount(s->game, a, b, &r);
		} else if (!strcmp(c, "turn")) {
			if (need(s, t, 3, 3, "turn FIG FACING") || figure_ref(s, t->w[1], &a))
				return 1;
			if (num(t->w[2], &f) < 0 || f < 0)
				return bad_number(s, t->w[2], "facing (degrees, 0 or more)");
			rc = skirmish_turn(s->game, a, f, &r);
		} else {
			/* reload, fight, dismount */
			if (need(s, t, 2, 2, "reload|fight|dismount FIG") || figure_ref(s, t->w[1], &a))
				return 1;
			if (!strcmp(c, "reload"))
				rc = skirmish_reload(s->game, a, &r);
			else if (!strcmp(c, "fight"))
				rc = skirmish_fight(s->game, a, &r);
			else
				rc = skirmish_dismount(s->game, a, &r);
		}
	}
	if (rc < 0)
		return lib_fail(s, rc);
	after_action(s, &r);
	return 0;
}

/* ------------------------------------------------------------------ */
/* inspection                                                          */
/* ------------------------------------------------------------------ */

static void
print_status(struct scn *s)
{
	skirmish_game *g = s->game;
	int st, w;

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
		if (w >= 0)
			fprintf(s->out, "the game is over after turn %d: %s wins\n",
				skirmish_game_turn(g), scn_player_name(s, w));
		else
			fprintf(s->out, "the game is over after turn %d without a winner\n",
				skirmish_game_turn(g));
	}
}

static void
print_flags(struct scn *s, unsigned int flags, double height)
{
	int k;

	for (k = 0; k < (int)(sizeof(terrain_flags) / sizeof(terrain_flags[0])); k++)
		if ((flags & terrain_flags[k].flag) && strcmp(terrain_flags[k].word, "bad-going"))
			fprintf(s->out, " %s", terrain_flags[k].word);
	if (flags & SKIRMISH_TERRAIN_HILL)
		fprintf(s->out, " hill %g", height);
}

static int
cmd_inspect(struct scn *s, struct words *t)
{
	const char *c = t->w[0];
	int a, b, rc, i, n, v;
	double d, xy[2 * SKIRMISH_PATH_MAX], f;
	skirmish_figure_info fa = SKIRMISH_FIGURE_INFO_INIT, fb = SKIRMISH_FIGURE_INFO_INIT;

	if (!strcmp(c, "status")) {
		print_status(s);
		return 0;
	}
	if (need_game(s))
		return 1;
	if (!strcmp(c, "figures")) {
		int all = t->n > 1 && !strcmp(t->w[1], "all");

		if (need(s, t, 1, 2, "figures [all]"))
			return 1;
		n = skirmish_game_figure_count(s->game);
		for (i = 0; i < n; i++)
			if (skirmish_game_figure(s->game, i, &fa) == 0 &&
			    (all || !fa.removed))
				scn_print_figure(s, i);
		return 0;
	}
	if (!strcmp(c, "terrains")) {
		double pts[2 * SKIRMISH_POLYGON_MAX];
		unsigned int flags;
		const char *name;

		n = skirmish_game_terrain_count(s->game);
		for (i = 0; i < n; i++) {
			int np;

			if (skirmish_game_terrain(s->game, i, &flags, &name, &d, pts,
						  SKIRMISH_POLYGON_MAX, &np) < 0)
				continue;
			fprintf(s->out, "terrain %d %s:", i, name);
			print_flags(s, flags, d);
			fprintf(s->out, "; %d points\n", np);
		}
		return 0;
	}
	if (!strcmp(c, "objectives")) {
		static const char *const states[] = { "on the table", "carried", "carried off" };

		n = skirmish_game_objective_count(s->game);
		for (i = 0; i < n; i++) {
			int st, carrier, player;
			double x, y;
			const char *name;

			if (skirmish_game_objective(s->game, i, &st, &carrier, &player, &x, &y,
						    &name) < 0)
				continue;
			fprintf(s->out, "objective %d %s: %s at (%.2f, %.2f)", i, name,
				st >= 0 && st < 3 ? states[st] : "?", x, y);
			if (carrier >= 0 && skirmish_game_figure(s->game, carrier, &fa) == 0)
				fprintf(s->out, " by %s", fa.name);
			if (st == SKIRMISH_OBJECTIVE_OFF_TABLE)
				fprintf(s->out, ", scored by %s", scn_player_name(s, player));
			fputc('\n', s->out);
		}
		return 0;
	}
	if (!strcmp(c, "show") || !strcmp(c, "contacts")) {
		if (need(s, t, 2, 2, "show|contacts FIG") || figure_ref(s, t->w[1], &a))
			return 1;
		if (c[0] == 's') {
			scn_print_figure(s, a);
			return 0;
		}
		{
			int ids[32];

			rc = skirmish_game_figure_contacts(s->game, a, ids, 32, &n);
			if (rc < 0)
				return lib_fail(s, rc);
			skirmish_game_figure(s->game, a, &fa);
			fprintf(s->out, "%s touches %d enem%s", fa.name, n, n == 1 ? "y" : "ies");
			for (i = 0; i < n && i < 32; i++)
				if (skirmish_game_figure(s->game, ids[i], &fb) == 0)
					fprintf(s->out, "%s %s", i ? "," : ":", fb.name);
			fputc('\n', s->out);
		}
		return 0;
	}
	if (!strcmp(c, "cost")) {
		if (need(s, t, 4, -1, "cost FIG X Y [X Y ...]") || figure_ref(s, t->w[1], &a) ||
		    path_words(s, t, 2, xy, &n, &f))
			return 1;
		rc = skirmish_game_path_cost(s->game, a, xy, n, &d);
		if (rc < 0)
			return lib_fail(s, rc);
		skirmish_game_figure(s->game, a, &fa);
		fprintf(s->out, "the path costs %s %.2f\" of its allowance (%.2f\" left)\n",
			fa.name, d, fa.move_left);
		return 0;
	}
	/* distance, sight, cover */
	if (need(s, t, 3, 3, "distance|sight|cover A B") || figure_ref(s, t->w[1], &a) ||
	    figure_ref(s, t->w[2], &b))
		return 1;
	skirmish_game_figure(s->game, a, &fa);
	skirmish_game_figure(s->game, b, &fb);
	if (!strcmp(c, "distance")) {
		rc = skirmish_game_distance(s->game, a, b, &d);
		if (rc < 0)
			return lib_fail(s, rc);
		fprintf(s->out, "%s to %s: %.2f\" edge to edge\n", fa.name, fb.name, d);
	} else if (!strcmp(c, "sight")) {
		rc = skirmish_game_can_see(s->game, a, b, &v);
		if (rc < 0)
			return lib_fail(s, rc);
		fprintf(s->out, "%s %s %s\n", fa.name, v ? "sees" : "does not see", fb.name);
	} else {
		rc = skirmish_game_in_cover(s->game, a, b, &v);
		if (rc < 0)
			return lib_fail(s, rc);
		fprintf(s->out, "%s is %sin cover from %s\n", fb.name, v ? "" : "not ", fa.name);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* expectations                                                        */
/* ------------------------------------------------------------------ */

static int
expect_failed(struct scn *s, const char *what, const char *got, const char *want)
{
	return fail(s, SKIRMISH_E_INVALID, "expectation failed: %s is %s, expected %s", what,
		    got, want);
}

static int
expect_int(struct scn *s, const char *what, long got, const char *want)
{
	char g[32];
	long w;

	snprintf(g, sizeof(g), "%ld", got);
	if (integer(want, LONG_MIN, LONG_MAX, &w) < 0)
		return bad_number(s, want, "whole number");
	return got == w ? 0 : expect_failed(s, what, g, want);
}

static int
expect_bool(struct scn *s, const char *what, int got, const char *want)
{
	int w;

	if (on_off(want, &w) < 0)
		return fail(s, SKIRMISH_E_INVALID, "say yes or no, not `%s`", want);
	return !!got == w ? 0 : expect_failed(s, what, got ? "yes" : "no", want);
}

static int
cmd_expect(struct scn *s, struct words *t)
{
	const char *k, *want;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
	int a;
	double d, w;
	char g[64];
	static const char usage[] =
		"expect winner P|none | expect state setup|playing|over | expect turn N | "
		"expect active P | expect phase NAME | expect dice-left N | expect FIG FIELD VALUE";

	if (need(s, t, 3, 4, usage))
		return 1;
	k = t->w[1];
	want = t->w[t->n - 1];
	if (t->n == 3) {
		if (!strcmp(k, "state")) {
			static const char *const names[] = { "setup", "playing", "over" };
			int st = s->game ? skirmish_game_state(s->game) : 0;
			return strcmp(names[st], want) ? expect_failed(s, "the state", names[st], want) : 0;
		}
		if (need_game(s))
			return 1;
		if (!strcmp(k, "winner")) {
			int wn = skirmish_game_winner(s->game);
			if (!strcmp(want, "none"))
				return wn < 0 ? 0 : expect_failed(s, "the winner",
								  scn_player_name(s, wn), "none");
			if (wn < 0)
				return expect_failed(s, "the winner", "none", want);
			return expect_int(s, "the winner", wn, want);
		}
		if (!strcmp(k, "turn"))
			return expect_int(s, "the turn", skirmish_game_turn(s->game), want);
		if (!strcmp(k, "active"))
			return expect_int(s, "the active player",
					  skirmish_game_active_player(s->game), want);
		if (!strcmp(k, "dice-left"))
			return expect_int(s, "the number of scripted dice left",
					  skirmish_game_script_remaining(s->game), want);
		if (!strcmp(k, "phase")) {
			const char *p = skirmish_phase_name(skirmish_game_phase(s->game));
			return same_name(want, p) ? 0 : expect_failed(s, "the phase", p, want);
		}
		return fail(s, SKIRMISH_E_INVALID, "usage: %s", usage);
	}
	if (need_game(s) || figure_ref(s, k, &a))
		return 1;
	skirmish_game_figure(s->game, a, &fi);
	k = t->w[2];
	snprintf(g, sizeof(g), "%s's %s", fi.name, k);
	if (!strcmp(k, "rings"))
		return expect_int(s, g, fi.rings, want);
	if (!strcmp(k, "dv"))
		return expect_int(s, g, fi.dv, want);
	if (!strcmp(k, "player"))
		return expect_int(s, g, fi.player, want);
	if (!strcmp(k, "removed"))
		return expect_bool(s, g, fi.removed, want);
	if (!strcmp(k, "suppressed"))
		return expect_bool(s, g, fi.suppressed, want);
	if (!strcmp(k, "loaded"))
		return expect_bool(s, g, fi.loaded, want);
	if (!strcmp(k, "mounted"))
		return expect_bool(s, g, fi.mounted, want);
	if (!strcmp(k, "in-melee"))
		return expect_bool(s, g, fi.in_melee, want);
	if (!strcmp(k, "can-act"))
		return expect_bool(s, g, fi.can_act, want);
	if (!strcmp(k, "x") || !strcmp(k, "y") || !strcmp(k, "facing") ||
	    !strcmp(k, "move-left")) {
		char gv[32];

		d = k[0] == 'x' ? fi.x : k[0] == 'y' ? fi.y : k[0] == 'f' ? fi.facing : fi.move_left;
		if (num(want, &w) < 0)
			return bad_number(s, want, "number");
		snprintf(gv, sizeof(gv), "%.3f", d);
		return fabs(d - w) <= 0.0005 ? 0 : expect_failed(s, g, gv, want);
	}
	return fail(s, SKIRMISH_E_INVALID,
		    "unknown field `%s` (rings dv player removed suppressed loaded mounted "
		    "in-melee can-act x y facing move-left)", k);
}

/* ------------------------------------------------------------------ */
/* the command table                                                   */
/* ------------------------------------------------------------------ */

static int cmd_help(struct scn *s, struct words *t);
static int run_file(struct scn *s, const char *path);

static int
cmd_misc(struct scn *s, struct words *t)
{
	const char *c = t->w[0];
	long v;
	int on, i;

	if (!strcmp(c, "player")) {
		if (need(s, t, 3, 3, "player N NAME"))
			return 1;
		if (integer(t->w[1], 0, SKIRMISH_MAX_PLAYERS, &v) < 0)
			return bad_number(s, t->w[1], "player id");
		if (strlen(t->w[2]) >= SKIRMISH_NAME_MAX)
			return fail(s, SKIRMISH_E_INVALID, "a name has at most %d bytes",
				    SKIRMISH_NAME_MAX - 1);
		strcpy(s->pname[v], t->w[2]);
		return 0;
	}
	if (!strcmp(c, "verbose")) {
		if (need(s, t, 1, 2, "verbose [on|off]"))
			return 1;
		if (on_off(t->n > 1 ? t->w[1] : NULL, &on) < 0)
			return fail(s, SKIRMISH_E_INVALID, "say on or off, not `%s`", t->w[1]);
		s->verbose = on;
		return 0;
	}
	if (!strcmp(c, "print")) {
		for (i = 1; i < t->n; i++)
			fprintf(s->out, "%s%s", i > 1 ? " " : "", t->w[i]);
		fputc('\n', s->out);
		return 0;
	}
	if (!strcmp(c, "reset")) {
		if (need(s, t, 1, 1, "reset"))
			return 1;
		skirmish_game_free(s->game);
		s->game = NULL;
		reset_options(s);
		return 0;
	}
	if (!strcmp(c, "load")) {
		if (need(s, t, 2, 2, "load FILE"))
			return 1;
		return run_file(s, t->w[1]);
	}
	return cmd_help(s, t);
}

typedef int (*cmd_fn)(struct scn *s, struct words *t);

static const struct command {
	const char *name;
	cmd_fn fn;
	const char *help;
} commands[] = {
	{ "ruleset", cmd_option, "ruleset senso|sampson          (setup; default senso)" },
	{ "players", cmd_option, "players N                      (setup; 2..8, default 2)" },
	{ "umpire", cmd_option, "umpire [on|off]                (setup; Senso S2)" },
	{ "night", cmd_option, "night [on|off]                 (setup; Senso S12)" },
	{ "ties", cmd_option, "ties reroll|standoff           (setup; Senso S10)" },
	{ "rings", cmd_option, "rings player-turn|game-turn    (setup; Senso S5)" },
	{ "turn-limit", cmd_option, "turn-limit N                   (setup; 0: none)" },
	{ "die-sides", cmd_option, "die-sides N                    (setup; Sampson A1)" },
	{ "table", cmd_option, "table WIDTH DEPTH              (setup; inches, default 72 48)" },
	{ "order", cmd_option, "order P P ...                  (setup; else a roll-off)" },
	{ "player", cmd_misc, "player N NAME                  (a name for player N)" },
	{ "seed", cmd_seed, "seed N                         (the generator's seed)" },
	{ "dice", cmd_dice, "dice V V ... | dice off        (scripted dice)" },
	{ "terrain", cmd_terrain, "terrain rect|circle|polygon NAME NUMBERS... FLAGS..." },
	{ "figure", cmd_figure, "figure NAME player P at X Y [facing F] [preset P] [dv N] ..." },
	{ "objective", cmd_objective, "objective NAME X Y             (a counter to carry off, O1)" },
	{ "exit-edge", cmd_exit_edge, "exit-edge P north|south|east|west|none (O4)" },
	{ "start", cmd_action, "start                          (ends setup, rolls for order)" },
	{ "move", cmd_action, "move FIG X Y [X Y ...] [facing F]" },
	{ "charge", cmd_action, "charge FIG TARGET [facing F]" },
	{ "shoot", cmd_action, "shoot FIG TARGET" },
	{ "reload", cmd_action, "reload FIG" },
	{ "fight", cmd_action, "fight FIG" },
	{ "mount", cmd_action, "mount FIG HORSE" },
	{ "dismount", cmd_action, "dismount FIG" },
	{ "turn", cmd_action, "turn FIG FACING                (Sampson: turn on the spot)" },
	{ "end-phase", cmd_action, "end-phase | end phase" },
	{ "end-turn", cmd_action, "end-turn | end turn" },
	{ "status", cmd_inspect, "status                         (turn, whose turn, phase)" },
	{ "figures", cmd_inspect, "figures [all]" },
	{ "show", cmd_inspect, "show FIG" },
	{ "contacts", cmd_inspect, "contacts FIG" },
	{ "terrains", cmd_inspect, "terrains" },
	{ "objectives", cmd_inspect, "objectives" },
	{ "distance", cmd_inspect, "distance A B" },
	{ "sight", cmd_inspect, "sight A B" },
	{ "cover", cmd_inspect, "cover A B                      (is B in cover from A)" },
	{ "cost", cmd_inspect, "cost FIG X Y [X Y ...]         (what a move would cost)" },
	{ "expect", cmd_expect, "expect WHAT VALUE | expect FIG FIELD VALUE" },
	{ "verbose", cmd_misc, "verbose [on|off]               (show every die and modifier)" },
	{ "print", cmd_misc, "print TEXT..." },
	{ "load", cmd_misc, "load FILE                      (run a scenario file)" },
	{ "reset", cmd_misc, "reset                          (forget the game and options)" },
	{ "help", cmd_misc, "help" },
	{ "quit", NULL, "quit | exit" },
};

static int
cmd_help(struct scn *s, struct words *t)
{
	size_t i;

	(void)t;
	fprintf(s->out, "Commands (one a line; FIG is a name or #id; see doc/console.md):\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(s->out, "  %s\n", commands[i].help);
	fprintf(s->out, "  expect-error [CODE] COMMAND...  (the command must fail)\n");
	return 0;
}

/* The code named by a word such as NO_SIGHT or SKIRMISH_E_NO_SIGHT, or 0. */
static int
code_word(const char *w)
{
	int c;
	size_t n;

	if (!strncmp(w, "SKIRMISH_E_", 11))
		w += 11;
	n = strlen(w);
	for (c = -1; c >= -64; c--) {
		const char *name = skirmish_strerror(c);
		if (strncmp(name, "SKIRMISH_E_", 11))
			break;
		if (!strncmp(name + 11, w, n) && name[11 + n] == ':')
			return c;
	}
	return 0;
}

static int
is_code_word(const char *w)
{
	for (; *w; w++)
		if (!isupper((unsigned char)*w) && *w != '_')
			return 0;
	return 1;
}

static int
dispatch(struct scn *s, struct words *t)
{
	size_t i;

	/* two-word forms: end turn, end phase */
	if (t->n >= 2 && !strcmp(t->w[0], "end") &&
	    (!strcmp(t->w[1], "turn") || !strcmp(t->w[1], "phase"))) {
		t->w[1] = !strcmp(t->w[1], "turn") ? "end-turn" : "end-phase";
		memmove(t->w, t->w + 1, (size_t)(t->n - 1) * sizeof(t->w[0]));
		t->n--;
	}
	if (!strcmp(t->w[0], "quit") || !strcmp(t->w[0], "exit"))
		return 2;
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(t->w[0], commands[i].name))
			return commands[i].fn(s, t);
	return fail(s, SKIRMISH_E_INVALID, "unknown command `%.40s` (try `help`)", t->w[0]);
}

int
scn_exec_line(struct scn *s, const char *line, const char *origin, int lineno)
{
	struct words *t = malloc(sizeof(*t));
	const char *err;
	int rc, code = 0;

	s->origin = origin ? origin : "-";
	s->lineno = lineno;
	s->expect_error = 0;
	s->failed = 0;
	s->errcode = 0;
	if (!t) {
		s->failures++;
		fprintf(s->out, "error: out of memory\n");
		return 1;
	}
	err = split(t, line);
	if (s->echo && t->n > 0 && !err) {
		const char *p = line + strspn(line, " \t");
		fprintf(s->out, "> %.*s\n", (int)strcspn(p, "\r\n"), p);
	}
	if (err) {
		const char *p = line + strspn(line, " \t");

		/* a line that expects an error may fail to split, too */
		s->expect_error = !strncmp(p, "expect-error", 12) &&
				  (p[12] == ' ' || p[12] == '\t');
		if (s->echo && s->expect_error)
			fprintf(s->out, "> %.*s\n", (int)strcspn(p, "\r\n"), p);
		fail(s, SKIRMISH_E_INVALID, "%s", err);
		if (s->expect_error) {
			s->expect_error = 0;
			free(t);
			return 0;
		}
		s->failures++;
		free(t);
		return 1;
	}
	if (t->n == 0) {
		free(t);
		return 0;
	}
	if (!strcmp(t->w[0], "expect-error")) {
		memmove(t->w, t->w + 1, (size_t)(t->n - 1) * sizeof(t->w[0]));
		t->n--;
		if (t->n && is_code_word(t->w[0])) {
			code = code_word(t->w[0]);
			if (!code) {
				fail(s, SKIRMISH_E_INVALID, "unknown error code `%.40s`", t->w[0]);
				s->failures++;
				free(t);
				return 1;
			}
			memmove(t->w, t->w + 1, (size_t)(t->n - 1) * sizeof(t->w[0]));
			t->n--;
		}
		if (!t->n) {
			fail(s, SKIRMISH_E_INVALID, "usage: expect-error [CODE] COMMAND...");
			s->failures++;
			free(t);
			return 1;
		}
		s->expect_error = 1;
	}
	rc = dispatch(s, t);
	free(t);
	if (rc == 2)
		return 2;
	if (s->expect_error) {
		s->expect_error = 0;
		if (!s->failed) {
			fail(s, SKIRMISH_E_INVALID, "expected an error, but the command succeeded");
			s->failures++;
			return 1;
		}
		if (code && s->errcode != code) {
			size_t n = strcspn(skirmish_strerror(code), ":");
			fail(s, SKIRMISH_E_INVALID, "expected the error %.*s", (int)n,
			     skirmish_strerror(code));
			s->failures++;
			return 1;
		}
		return 0;
	}
	if (rc) {
		s->failures++;
		return 1;
	}
	return 0;
}

int
scn_run_text(struct scn *s, const char *text, const char *origin)
{
	char line[SCN_LINE_MAX + 1];
	int lineno = 0, failed = 0;

	while (*text) {
		size_t n = strcspn(text, "\n");

		lineno++;
		if (n > SCN_LINE_MAX) {
			s->origin = origin;
			s->lineno = lineno;
			fail(s, SKIRMISH_E_INVALID, "line too long (at most %d bytes)", SCN_LINE_MAX);
			s->failures++;
			failed++;
		} else {
			int rc;

			memcpy(line, text, n);
			line[n] = '\0';
			rc = scn_exec_line(s, line, origin, lineno);
			if (rc == 2)
				return -1 - failed;
			failed += rc;
		}
		text += n;
		if (*text == '\n')
			text++;
	}
	return failed;
}

static int
run_stream(struct scn *s, FILE *in, const char *origin, const char *prompt, int *quit)
{
	char line[SCN_LINE_MAX + 2];
	int lineno = 0, failed = 0;

	*quit = 0;
	for (;;) {
		size_t n;
		int rc;

		if (prompt) {
			fputs(prompt, s->out);
			fflush(s->out);
		}
		if (!fgets(line, sizeof(line), in))
			break;
		lineno++;
		n = strlen(line);
		if (n == sizeof(line) - 1 && line[n - 1] != '\n') {
			int ch;

			while ((ch = fgetc(in)) != EOF && ch != '\n')
				;
			s->origin = origin;
			s->lineno = lineno;
			fail(s, SKIRMISH_E_INVALID, "line too long (at most %d bytes)", SCN_LINE_MAX);
			s->failures++;
			failed++;
			continue;
		}
		rc = scn_exec_line(s, line, origin, lineno);
		if (rc == 2) {
			*quit = 1;
			break;
		}
		failed += rc;
		fflush(s->out);
	}
	if (prompt && !*quit)
		fputc('\n', s->out);
	return failed;
}

int
scn_run_stream(struct scn *s, FILE *in, const char *origin, const char *prompt)
{
	int quit;

	return run_stream(s, in, origin, prompt, &quit);
}

/* load FILE: nesting is bounded so that a file cannot load itself for
 * ever. Failures inside the file count on their own lines. */
static int
run_file(struct scn *s, const char *path)
{
	const char *origin = s->origin;
	int lineno = s->lineno, quit;
	struct stat st;
	FILE *f;

	if (s->expect_error)
		return fail(s, SKIRMISH_E_INVALID, "`load` cannot be expected to fail");
	if (s->depth >= 8)
		return fail(s, SKIRMISH_E_LIMIT, "files loaded too deep (more than 8)");
	f = fopen(path, "r");
	if (!f)
		return fail(s, SKIRMISH_E_INVALID, "cannot open `%s`: %s", path, strerror(errno));
	if (fstat(fileno(f), &st) < 0 || !S_ISREG(st.st_mode)) {
		fclose(f);
		return fail(s, SKIRMISH_E_INVALID, "`%s` is not a regular file", path);
	}
	s->depth++;
	run_stream(s, f, path, NULL, &quit);
	s->depth--;
	fclose(f);
	s->origin = origin;
	s->lineno = lineno;
	s->failed = 0;
	return 0;
}

/*
 * The skirmish console language (doc/console.md): one command per line,
 * words separated by blanks, "double quotes" around a word with blanks,
 * # starts a comment. These files parse and run it against the public API
 * only (scn-private.h lists them); they are shared by the console and the
 * demo. This one holds the session, the command table and the line runner.
 *
 * Players feed it anything, so every line is bounded (SCN_LINE_MAX), every
 * number is checked whole (no trailing junk, finite, in range) and every
 * error is a message, never a crash.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "scn-private.h"

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
	memset(s->exit_edge, 0, sizeof(s->exit_edge));
}

struct scn *
scn_new(FILE *out)
{
	struct scn *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->out = out;
	for (int i = 0; i <= SKIRMISH_MAX_PLAYERS; i++)
		snprintf(s->plabel[i], sizeof(s->plabel[i]), "player %d", i);
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

int
scn_exit_edge(const struct scn *s, int player)
{
	return player >= 0 && player <= SKIRMISH_MAX_PLAYERS ? s->exit_edge[player] : 0;
}

const char *
scn_player_name(const struct scn *s, int player)
{
	if (player >= 0 && player <= SKIRMISH_MAX_PLAYERS) {
		if (s->pname[player][0])
			return s->pname[player];
		if (s->game && player == skirmish_game_umpire(s->game))
			return "the umpire";
		return s->plabel[player];
	}
	return "nobody";
}

/* Reports an error of the current line; the return value is 1 (failed). */
int
scn_fail(struct scn *s, int code, const char *fmt, ...)
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
int
scn_lib_fail(struct scn *s, int rc)
{
	const char *msg = s->game ? skirmish_game_errmsg(s->game) : "";
	const char *name = skirmish_strerror(rc);
	size_t n = strcspn(name, ":");

	if (!msg[0])
		return scn_fail(s, rc, "%s", name);
	return scn_fail(s, rc, "%.*s: %s", (int)n, name, msg);
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
		if (scn_need(s, t, 3, 3, "player N NAME"))
			return 1;
		if (scn_integer(t->w[1], 0, SKIRMISH_MAX_PLAYERS, &v) < 0)
			return scn_bad_number(s, t->w[1], "player id");
		if (strlen(t->w[2]) >= SKIRMISH_NAME_MAX)
			return scn_fail(s, SKIRMISH_E_INVALID, "a name has at most %d bytes",
				    SKIRMISH_NAME_MAX - 1);
		strcpy(s->pname[v], t->w[2]);
		return 0;
	}
	if (!strcmp(c, "verbose")) {
		if (scn_need(s, t, 1, 2, "verbose [on|off]"))
			return 1;
		if (scn_on_off(t->n > 1 ? t->w[1] : NULL, &on) < 0)
			return scn_fail(s, SKIRMISH_E_INVALID, "say on or off, not `%s`", t->w[1]);
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
		if (scn_need(s, t, 1, 1, "reset"))
			return 1;
		skirmish_game_free(s->game);
		s->game = NULL;
		reset_options(s);
		return 0;
	}
	if (!strcmp(c, "load")) {
		if (scn_need(s, t, 2, 2, "load FILE"))
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
	{ "ruleset", scn_cmd_option, "ruleset senso|sampson          (setup; default senso)" },
	{ "players", scn_cmd_option, "players N                      (setup; 2..8, default 2)" },
	{ "umpire", scn_cmd_option, "umpire [on|off]                (setup; Senso S2)" },
	{ "night", scn_cmd_option, "night [on|off]                 (setup; Senso S12)" },
	{ "ties", scn_cmd_option, "ties reroll|standoff           (setup; Senso S10)" },
	{ "rings", scn_cmd_option, "rings player-turn|game-turn    (setup; Senso S5)" },
	{ "turn-limit", scn_cmd_option, "turn-limit N                   (setup; 0: none)" },
	{ "die-sides", scn_cmd_option, "die-sides N                    (setup; Sampson A1)" },
	{ "table", scn_cmd_option, "table WIDTH DEPTH              (setup; inches, default 72 48)" },
	{ "order", scn_cmd_option, "order P P ...                  (setup; else a roll-off)" },
	{ "player", cmd_misc, "player N NAME                  (a name for player N)" },
	{ "seed", scn_cmd_seed, "seed N                         (the generator's seed)" },
	{ "dice", scn_cmd_dice, "dice V V ... | dice off        (scripted dice)" },
	{ "terrain", scn_cmd_terrain, "terrain rect|circle|polygon NAME NUMBERS... FLAGS..." },
	{ "figure", scn_cmd_figure, "figure NAME player P at X Y [facing F] [preset P] [dv N] ..." },
	{ "objective", scn_cmd_objective, "objective NAME X Y             (a counter to carry off, O1)" },
	{ "exit-edge", scn_cmd_exit_edge, "exit-edge P north|south|east|west|none (O4)" },
	{ "start", scn_cmd_action, "start                          (ends setup, rolls for order)" },
	{ "move", scn_cmd_action, "move FIG X Y [X Y ...] [facing F]" },
	{ "charge", scn_cmd_action, "charge FIG TARGET [facing F]" },
	{ "shoot", scn_cmd_action, "shoot FIG TARGET" },
	{ "reload", scn_cmd_action, "reload FIG" },
	{ "fight", scn_cmd_action, "fight FIG" },
	{ "mount", scn_cmd_action, "mount FIG HORSE" },
	{ "dismount", scn_cmd_action, "dismount FIG" },
	{ "turn", scn_cmd_action, "turn FIG FACING                (Sampson: turn on the spot)" },
	{ "end-phase", scn_cmd_action, "end-phase | end phase" },
	{ "end-turn", scn_cmd_action, "end-turn | end turn" },
	{ "status", scn_cmd_inspect, "status                         (turn, whose turn, phase)" },
	{ "figures", scn_cmd_inspect, "figures [all]" },
	{ "show", scn_cmd_inspect, "show FIG" },
	{ "contacts", scn_cmd_inspect, "contacts FIG" },
	{ "terrains", scn_cmd_inspect, "terrains" },
	{ "objectives", scn_cmd_inspect, "objectives" },
	{ "distance", scn_cmd_inspect, "distance A B" },
	{ "sight", scn_cmd_inspect, "sight A B" },
	{ "cover", scn_cmd_inspect, "cover A B                      (is B in cover from A)" },
	{ "cost", scn_cmd_inspect, "cost FIG X Y [X Y ...]         (what a move would cost)" },
	{ "expect", scn_cmd_expect, "expect WHAT VALUE | expect FIG FIELD VALUE" },
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
	return scn_fail(s, SKIRMISH_E_INVALID, "unknown command `%.40s` (try `help`)", t->w[0]);
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
	err = scn_split(t, line);
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
		scn_fail(s, SKIRMISH_E_INVALID, "%s", err);
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
				scn_fail(s, SKIRMISH_E_INVALID, "unknown error code `%.40s`", t->w[0]);
				s->failures++;
				free(t);
				return 1;
			}
			memmove(t->w, t->w + 1, (size_t)(t->n - 1) * sizeof(t->w[0]));
			t->n--;
		}
		if (!t->n) {
			scn_fail(s, SKIRMISH_E_INVALID, "usage: expect-error [CODE] COMMAND...");
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
			scn_fail(s, SKIRMISH_E_INVALID, "expected an error, but the command succeeded");
			s->failures++;
			return 1;
		}
		if (code && s->errcode != code) {
			size_t n = strcspn(skirmish_strerror(code), ":");
			scn_fail(s, SKIRMISH_E_INVALID, "expected the error %.*s", (int)n,
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
			scn_fail(s, SKIRMISH_E_INVALID, "line too long (at most %d bytes)", SCN_LINE_MAX);
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
			scn_fail(s, SKIRMISH_E_INVALID, "line too long (at most %d bytes)", SCN_LINE_MAX);
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
		return scn_fail(s, SKIRMISH_E_INVALID, "`load` cannot be expected to fail");
	if (s->depth >= 8)
		return scn_fail(s, SKIRMISH_E_LIMIT, "files loaded too deep (more than 8)");
	f = fopen(path, "r");
	if (!f)
		return scn_fail(s, SKIRMISH_E_INVALID, "cannot open `%s`: %s", path, strerror(errno));
	if (fstat(fileno(f), &st) < 0 || !S_ISREG(st.st_mode)) {
		fclose(f);
		return scn_fail(s, SKIRMISH_E_INVALID, "`%s` is not a regular file", path);
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

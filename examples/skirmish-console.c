/*
 * skirmish-console: play or check a game of Senso or Sampson Ships by
 * typing commands (doc/console.md).
 *
 *   skirmish-console                    a prompt when stdin is a terminal
 *   skirmish-console FILE...            runs the files in order
 *   skirmish-console < FILE             runs commands from stdin
 *
 * Every result is printed as the library's sentence. An error prints the
 * library's message and the console carries on; the exit status is 1 when
 * any command failed that was not marked `expect-error`.
 *
 * At a terminal, built with libedit, lines are edited as in a shell: the
 * arrows, a history kept in ~/.skirmish_history (or $SKIRMISH_HISTORY;
 * empty: none), as sqlite3 keeps its own, and Tab completion of commands,
 * figure and terrain names. Without a terminal it reads lines plainly.
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_LIBEDIT
#include <editline/readline.h>
#endif

#include "cli.h"
#include "scenario.h"

/* The `ai` command is the console's own (doc/console.md); every other line
 * goes to the session. ai_echo: whether commands are echoed, as the
 * session echoes them (scn_set_echo). */
static int console_exec(struct scn *s, const char *line, const char *origin, int lineno);
static int ai_echo;

#ifdef HAVE_LIBEDIT
#define HISTORY_LINES 1000

/* readline's completion callbacks take no user data: the session being
 * completed, and the words found for the word being typed */
static struct scn *completing;
static char found[256][SCN_WORD_MAX];
static int nfound;

static char *
next_word(const char *text, int state)
{
	static int i;

	(void)text;
	if (!state)
		i = 0;
	if (i >= nfound || i >= (int)(sizeof(found) / sizeof(found[0])))
		return NULL;
	return strdup(found[i++]);
}

static char **
complete(const char *text, int start, int end)
{
	char before[SCN_LINE_MAX + 1];
	size_t n = start > 0 ? (size_t)start : 0;

	(void)end;
	if (n > SCN_LINE_MAX)
		n = SCN_LINE_MAX;
	memcpy(before, rl_line_buffer, n);
	before[n] = '\0';
	nfound = scn_complete(completing, before, text, found,
			      (int)(sizeof(found) / sizeof(found[0])));
	if (nfound < 0)
		return NULL;            /* a file name: readline's own completion */
	rl_attempted_completion_over = 1;
	return nfound ? rl_completion_matches(text, next_word) : NULL;
}

/* ~/.skirmish_history, or $SKIRMISH_HISTORY (empty: no history file) */
static const char *
history_path(char *buf, size_t size)
{
	const char *env = getenv("SKIRMISH_HISTORY"), *home = getenv("HOME");

	if (env)
		return *env ? env : NULL;
	if (!home || !*home || (size_t)snprintf(buf, size, "%s/.skirmish_history", home) >= size)
		return NULL;
	return buf;
}

/* Reads and runs edited lines until end of file or `quit`. */
static int
run_terminal(struct scn *s)
{
	char pathbuf[4096], *line;
	const char *path = history_path(pathbuf, sizeof(pathbuf));
	int lineno = 0, failed = 0;

	completing = s;
	rl_readline_name = "skirmish";
	rl_attempted_completion_function = complete;
	rl_basic_word_break_characters = " \t";
	using_history();
	stifle_history(HISTORY_LINES);
	if (path)
		read_history(path);
	while ((line = readline("skirmish> ")) != NULL) {
		int rc;

		lineno++;
		if (line[strspn(line, " \t")])
			add_history(line);
		if (strlen(line) > SCN_LINE_MAX) {
			printf("error: <stdin>:%d: line too long (at most %d bytes)\n", lineno,
			       SCN_LINE_MAX);
			failed++;
			free(line);
			continue;
		}
		rc = console_exec(s, line, "<stdin>", lineno);
		free(line);
		fflush(stdout);
		if (rc == 2)
			break;
		failed += rc;
	}
	if (!line)
		putchar('\n');
	if (path && write_history(path) == 0)
		history_truncate_file(path, HISTORY_LINES);
	completing = NULL;
	return failed;
}
#endif


/* ------------------------------------------------------------------ */
/* ai PLAYER [BUDGET]: the library's search plays the player's next     */
/* action (doc/console.md)                                              */
/* ------------------------------------------------------------------ */

#define AI_SHOWN 3                /* candidates told, most visited first */

static int
ai_fail(const char *origin, int lineno, const char *msg)
{
	printf("error: %s:%d: ai: %s\n", origin, lineno, msg);
	return 1;
}

/* The figure's name, for a command line. */
static const char *
fig_name(const skirmish_game *g, int id)
{
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	return id >= 0 && skirmish_game_figure(g, id, &fi) == 0 && fi.name ? fi.name : "?";
}

/* The console command that takes action a. */
static void
ai_command_line(const skirmish_game *g, const skirmish_action *a, char *buf, size_t size)
{
	const char *f = fig_name(g, a->figure), *t = fig_name(g, a->target);

	switch (a->kind) {
	case SKIRMISH_ACTION_MOVE:
		snprintf(buf, size, "move %s %.3f %.3f", f, a->xy[0], a->xy[1]);
		break;
	case SKIRMISH_ACTION_CHARGE: snprintf(buf, size, "charge %s %s", f, t); break;
	case SKIRMISH_ACTION_SHOOT: snprintf(buf, size, "shoot %s %s", f, t); break;
	case SKIRMISH_ACTION_RELOAD: snprintf(buf, size, "reload %s", f); break;
	case SKIRMISH_ACTION_FIGHT:
		snprintf(buf, size, "fight %s%s%s", f, a->target >= 0 ? " " : "",
			 a->target >= 0 ? t : "");
		break;
	case SKIRMISH_ACTION_MOUNT: snprintf(buf, size, "mount %s %s", f, t); break;
	case SKIRMISH_ACTION_DISMOUNT: snprintf(buf, size, "dismount %s", f); break;
	case SKIRMISH_ACTION_TURN: snprintf(buf, size, "turn %s %.0f", f, a->facing); break;
	case SKIRMISH_ACTION_END_PHASE: snprintf(buf, size, "end-phase"); break;
	default: snprintf(buf, size, "end-turn"); break;
	}
}

/* ai PLAYER [N | Nms]: searches N iterations (default 1000) or N
 * milliseconds for the player to move, tells what it thinks of its best
 * candidates and runs the command of the action it chose. The seed is the
 * position's hash: the same position, the same answer. */
static int
ai_exec(struct scn *s, char *words, const char *origin, int lineno)
{
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_search_candidate c[512];
	skirmish_game *g = scn_game(s);
	char *who = strtok(words, " \t\r\n"), *budget = strtok(NULL, " \t\r\n"), *end;
	char cmd[SCN_LINE_MAX], msg[256];
	skirmish_action a;
	int player = -1, p, n = 0, k, shown[AI_SHOWN];
	uint64_t hash = 0;

	if (!who || strtok(NULL, " \t\r\n"))
		return ai_fail(origin, lineno, "usage: ai PLAYER [ITERATIONS | Nms]");
	if (g && skirmish_game_state(g) == SKIRMISH_STATE_OVER)
		return ai_fail(origin, lineno, "the game is over");
	if (!g || skirmish_game_state(g) != SKIRMISH_STATE_PLAYING)
		return ai_fail(origin, lineno, "the game has not started (`start` first)");
	for (p = 0; p < skirmish_game_player_count(g); p++)
		if (!strcmp(who, scn_player_name(s, p)))
			player = p;
	if (player < 0) {
		player = (int)strtol(who, &end, 10);
		if (*end || end == who || player < 0 || player >= skirmish_game_player_count(g))
			return ai_fail(origin, lineno, "no such player (a number or a name)");
	}
	if (player != skirmish_game_active_player(g)) {
		snprintf(msg, sizeof(msg), "it is %s's turn, not %s's",
			 scn_player_name(s, skirmish_game_active_player(g)),
			 scn_player_name(s, player));
		return ai_fail(origin, lineno, msg);
	}
	if (budget) {
		double v = strtod(budget, &end);
		if (end == budget || !(v >= 1) || v > 1e7 || (*end && strcmp(end, "ms")))
			return ai_fail(origin, lineno, "a budget is ITERATIONS or Nms, 1 or more");
		if (*end) {
			o.iterations = 0;
			o.milliseconds = v;
		} else {
			o.iterations = (long)v;
		}
	}
	skirmish_game_hash(g, &hash);
	o.seed = hash;
	if (SKIRMISH_GAME_SEARCH(g, &o, &a, c, 512, &n) < 0)
		return ai_fail(origin, lineno, skirmish_game_errmsg(g));
	if (n > 512)
		n = 512;
	printf("ai: %s thinks over %d candidates:", scn_player_name(s, player), n);
	for (k = 0; k < AI_SHOWN && k < n; k++) {
		int i, j, best = -1;
		for (i = 0; i < n; i++) {
			for (j = 0; j < k && shown[j] != i; j++)
				;
			if (j == k && (best < 0 || c[i].visits > c[best].visits))
				best = i;
		}
		shown[k] = best;
		ai_command_line(g, &c[best].action, cmd, sizeof(cmd));
		printf("%s `%s` %ld visits, value %.3f", k ? ";" : "", cmd, c[best].visits,
		       c[best].value);
	}
	printf("\n");
	ai_command_line(g, &a, cmd, sizeof(cmd));
	return scn_exec_line(s, cmd, origin, lineno);
}

/* A line of the console: `ai` here, every other command in the session. */
static int
console_exec(struct scn *s, const char *line, const char *origin, int lineno)
{
	const char *p = line + strspn(line, " \t");
	char words[SCN_LINE_MAX + 1];

	if (strncmp(p, "ai", 2) || (p[2] && !strchr(" \t\r\n", p[2])) ||
	    strlen(p) > SCN_LINE_MAX)
		return scn_exec_line(s, line, origin, lineno);
	if (ai_echo)
		printf("> %.*s\n", (int)strcspn(p, "\r\n"), p);
	strcpy(words, p + 2);
	return ai_exec(s, words, origin, lineno);
}

/* Lines of a stream, each through console_exec, refused as the session
 * refuses them when too long or holding a NUL byte (scn_run_stream). */
static int
console_stream(struct scn *s, FILE *in, const char *origin, const char *prompt)
{
	char line[SCN_LINE_MAX + 2];
	int lineno = 0, failed = 0, rc, ch;

	for (;;) {
		size_t n = 0;
		int nul = 0, too_long = 0;

		if (prompt) {
			fputs(prompt, stdout);
			fflush(stdout);
		}
		while ((ch = getc(in)) != EOF) {
			nul |= ch == '\0';
			if (n < sizeof(line) - 1)
				line[n++] = (char)ch;
			else
				too_long = 1;
			if (ch == '\n')
				break;
		}
		if (n == 0)
			break;
		line[n] = '\0';
		lineno++;
		if (too_long || (n == sizeof(line) - 1 && line[n - 1] != '\n') || nul) {
			if (nul)
				printf("error: %s:%d: control characters are not allowed (a NUL "
				       "byte)\n", origin, lineno);
			else
				printf("error: %s:%d: line too long (at most %d bytes)\n", origin,
				       lineno, SCN_LINE_MAX);
			failed++;
			continue;
		}
		rc = console_exec(s, line, origin, lineno);
		fflush(stdout);
		if (rc == 2)
			return failed;
		failed += rc;
	}
	if (prompt)
		putchar('\n');
	return failed;
}

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: skirmish-console [-q] [-v] [FILE...]\n"
		"  reads console commands from the files (\"-\": stdin), or from stdin;\n"
		"  at a terminal it shows a prompt. Type `help` for the commands.\n"
		"  -q, --quiet    do not echo commands read from files\n"
		"  -v, --verbose  print every die and modifier under each result\n"
		"  -h, --help     print this help\n"
		"  -V, --version  print the version\n");
}

/* What the command line asks for; the files are argv[first_file..argc). */
struct console_args {
	int quiet, verbose;
	int first_file;
};

/* Fill a from the command line. Returns -1 to run, else the exit status. */
static int
parse_args(int argc, char **argv, struct console_args *a)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	a->quiet = 0;
	a->verbose = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":qvhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'q':
			a->quiet = 1;
			break;
		case 'v':
			a->verbose = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			cli_version("skirmish-console");
			return 0;
		default:
			return cli_bad_option("skirmish-console", c, argv, optind, optopt);
		}
	}
	a->first_file = optind;
	return -1;
}

int
main(int argc, char **argv)
{
	struct scn *s;
	struct console_args args;
	int i, files = 0, failed = 0;

	i = parse_args(argc, argv, &args);
	if (i >= 0)
		return i;
	s = scn_new(stdout);
	if (!s) {
		fprintf(stderr, "skirmish-console: out of memory\n");
		return 2;
	}
	scn_set_verbose(s, args.verbose);
	for (i = args.first_file; i < argc; i++) {
		FILE *f;
		const char *a = argv[i];

		files++;
		scn_set_echo(s, !args.quiet);
		ai_echo = !args.quiet;
		if (!strcmp(a, "-")) {
			failed += console_stream(s, stdin, "<stdin>", NULL);
			continue;
		}
		f = fopen(a, "r");
		if (!f) {
			perror(a);
			failed++;
			continue;
		}
		failed += console_stream(s, f, a, NULL);
		fclose(f);
	}
	if (!files) {
		int tty = isatty(STDIN_FILENO);

		scn_set_echo(s, !tty && !args.quiet);
		ai_echo = !tty && !args.quiet;
		if (tty)
			printf("libskirmish %s console. Type `help` for the commands, `quit` to leave.\n",
			       skirmish_version());
#ifdef HAVE_LIBEDIT
		if (tty)
			failed += run_terminal(s);
		else
#endif
			failed += console_stream(s, stdin, "<stdin>", tty ? "skirmish> " : NULL);
	}
	failed = scn_failures(s) > 0 || failed > 0;
	scn_free(s);
	fflush(stdout);
	return failed ? 1 : 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * skirmish-console: play or check a game of Senso or Sampson Ships by
 * typing commands (doc/console.md).
 *
 *   skirmish-console                    a prompt when stdin is a terminal
 *   skirmish-console FILE...            runs the files in order
 *   skirmish-console FILE -             runs the file, then a prompt
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

/* Reads and runs edited lines until end of file or `quit` (*quit). */
static int
run_terminal(struct scn *s, int *quit)
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
		rc = scn_exec_line(s, line, "<stdin>", lineno);
		free(line);
		fflush(stdout);
		if (rc == 2) {
			*quit = 1;
			break;
		}
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

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: skirmish-console [-q] [-v] [FILE...]\n"
		"  reads console commands from the files in order (\"-\": stdin), or from\n"
		"  stdin; at a terminal stdin has a prompt with line editing, so\n"
		"  `skirmish-console FILE -` sets up from FILE, then plays by hand.\n"
		"  Type `help` for the commands.\n"
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

/* Standard input: at a terminal a prompt, with line editing when built
 * with libedit, whether it comes alone or as `-` after files (`FILE -`:
 * set up from the file, then play by hand); else plain lines. Sets *quit
 * when a line asked to quit. */
static int
run_stdin(struct scn *s, int quiet, int banner, int *quit)
{
	int tty = isatty(STDIN_FILENO), failed = 0;

	*quit = 0;
	scn_set_echo(s, !tty && !quiet);
	if (tty && banner)
		printf("libskirmish %s console. Type `help` for the commands, `quit` to leave.\n",
		       skirmish_version());
	fflush(stdout);
#ifdef HAVE_LIBEDIT
	if (tty)
		return run_terminal(s, quit);
#endif
	failed = scn_run_stream_quit(s, stdin, "<stdin>", tty ? "skirmish> " : NULL, quit);
	return failed;
}

int
main(int argc, char **argv)
{
	struct scn *s;
	struct console_args args;
	int i, files = 0, failed = 0, quit = 0;

	i = parse_args(argc, argv, &args);
	if (i >= 0)
		return i;
	s = scn_new(stdout);
	if (!s) {
		fprintf(stderr, "skirmish-console: out of memory\n");
		return 2;
	}
	scn_set_verbose(s, args.verbose);
	for (i = args.first_file; i < argc && !quit; i++) {
		FILE *f;
		const char *a = argv[i];

		files++;
		if (!strcmp(a, "-")) {
			failed += run_stdin(s, args.quiet, 0, &quit);
			continue;
		}
		scn_set_echo(s, !args.quiet);
		f = fopen(a, "r");
		if (!f) {
			perror(a);
			failed++;
			continue;
		}
		failed += scn_run_stream_quit(s, f, a, NULL, &quit);
		fclose(f);
	}
	if (!files)
		failed += run_stdin(s, args.quiet, 1, &quit);
	failed = scn_failures(s) > 0 || failed > 0;
	scn_free(s);
	fflush(stdout);
	return failed ? 1 : 0;
}

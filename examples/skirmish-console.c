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
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "scenario.h"

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
		if (!strcmp(a, "-")) {
			failed += scn_run_stream(s, stdin, "<stdin>", NULL);
			continue;
		}
		f = fopen(a, "r");
		if (!f) {
			perror(a);
			failed++;
			continue;
		}
		failed += scn_run_stream(s, f, a, NULL);
		fclose(f);
	}
	if (!files) {
		int tty = isatty(STDIN_FILENO);

		scn_set_echo(s, !tty && !args.quiet);
		if (tty)
			printf("libskirmish %s console. Type `help` for the commands, `quit` to leave.\n",
			       skirmish_version());
		failed += scn_run_stream(s, stdin, "<stdin>", tty ? "skirmish> " : NULL);
	}
	failed = scn_failures(s) > 0 || failed > 0;
	scn_free(s);
	fflush(stdout);
	return failed ? 1 : 0;
}

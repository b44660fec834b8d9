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

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "scenario.h"

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: skirmish-console [-q] [-v] [FILE...]\n"
		"  reads console commands from the files (\"-\": stdin), or from stdin;\n"
		"  at a terminal it shows a prompt. Type `help` for the commands.\n"
		"  -q  do not echo commands read from files\n"
		"  -v  verbose: print every die and modifier under each result\n"
		"  --version  print the library version\n");
}

int
main(int argc, char **argv)
{
	struct scn *s = scn_new(stdout);
	int i, files = 0, quiet = 0, failed = 0, only_files = 0;

	if (!s) {
		fprintf(stderr, "skirmish-console: out of memory\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (only_files || argv[i][0] != '-' || !strcmp(argv[i], "-"))
			continue;
		if (!strcmp(argv[i], "--")) {
			only_files = 1;
		} else if (!strcmp(argv[i], "-q")) {
			quiet = 1;
		} else if (!strcmp(argv[i], "-v")) {
			scn_set_verbose(s, 1);
		} else if (!strcmp(argv[i], "--version")) {
			printf("skirmish-console (libskirmish %s)\n", skirmish_version());
			scn_free(s);
			return 0;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			scn_free(s);
			return 0;
		} else {
			usage(stderr);
			scn_free(s);
			return 2;
		}
	}
	only_files = 0;
	for (i = 1; i < argc; i++) {
		FILE *f;
		const char *a = argv[i];

		if (!only_files && a[0] == '-' && strcmp(a, "-")) {
			if (!strcmp(a, "--"))
				only_files = 1;
			continue;
		}
		files++;
		scn_set_echo(s, !quiet);
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

		scn_set_echo(s, !tty && !quiet);
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

/* SPDX-License-Identifier: MIT */
/*
 * What the programs of examples/ share about their command lines: the
 * message for an option getopt_long() refused, and --version. Each program
 * parses its own options with getopt_long() and an option string that
 * starts with ':' (so a missing argument is told apart from an unknown
 * option) and opterr = 0 (so the message is this one, the same with any C
 * library). Long options with no short form use values above UCHAR_MAX.
 */
#ifndef SKIRMISH_EXAMPLES_CLI_H
#define SKIRMISH_EXAMPLES_CLI_H

#include <stdio.h>

#include <skirmish/skirmish.h>

/* The long options without a short letter use values from CLI_LONG_ONLY. */
#define CLI_LONG_ONLY 256

/*
 * Tell what was wrong with the option getopt_long() just refused (it
 * returned c, '?' or ':'), and how to get help. argv and optind, optopt
 * are getopt's. Returns 2, the exit status of a usage error.
 */
static inline int
cli_bad_option(const char *prog, int c, char **argv, int optind_, int optopt_)
{
	char shortname[3] = { '-', (char)optopt_, '\0' };
	/* a short option is named by its letter (it may sit in a bundle such
	 * as -qx); a long one by the word the user typed. A missing argument
	 * is always at the end of the word getopt just passed. */
	const char *what = optopt_ > 0 && optopt_ < CLI_LONG_ONLY ? shortname : argv[optind_ - 1];

	if (c == ':' && argv[optind_ - 1][0] == '-' && argv[optind_ - 1][1] == '-')
		what = argv[optind_ - 1];
	if (c == ':')
		fprintf(stderr, "%s: option `%s` needs an argument\n", prog, what);
	else
		fprintf(stderr, "%s: unknown option `%s`\n", prog, what);
	fprintf(stderr, "Try `%s --help`.\n", prog);
	return 2;
}

static inline void
cli_version(const char *prog)
{
	printf("%s (libskirmish) %s\n", prog, skirmish_version());
}

#endif

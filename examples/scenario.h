/*
 * The skirmish console language: a parser and executor shared by the
 * console (skirmish-console.c) and the demo (skirmish-demo.c). It lives in
 * examples/, not in the library, so it is not API. The language is
 * described in doc/console.md.
 */
#ifndef SKIRMISH_SCENARIO_H
#define SKIRMISH_SCENARIO_H

#include <stdio.h>

#include <skirmish/skirmish.h>

#define SCN_LINE_MAX 1024      /* bytes of a command line, with its newline */
#define SCN_TOKENS_MAX 80      /* words of a command */

struct scn;

/* Called after every successful action (and the start) with its result. */
typedef void (*scn_result_fn)(void *data, const skirmish_game *game,
			      const skirmish_result *result);

/* A new console session printing to out; NULL when out of memory. */
struct scn *scn_new(FILE *out);
void scn_free(struct scn *s);

/* Print each command before running it ("> move ..."). */
void scn_set_echo(struct scn *s, int on);
/* Print every die and modifier of a result under its sentence. */
void scn_set_verbose(struct scn *s, int on);
void scn_set_result_hook(struct scn *s, scn_result_fn fn, void *data);

/*
 * Runs one command line (no newline needed). origin and lineno name it in
 * messages. Returns 0 when it went as the line said (an expected error
 * included), 1 when it failed, 2 when it asked to quit.
 */
int scn_exec_line(struct scn *s, const char *line, const char *origin,
		  int lineno);
/* Runs a whole text, line by line; returns the number of failed lines, or
 * stops early and returns -1 - failures when a line asked to quit. */
int scn_run_text(struct scn *s, const char *text, const char *origin);
/*
 * Runs lines read from a stream. With prompt, prints it before each line
 * (a person at a terminal). Lines longer than SCN_LINE_MAX are rejected
 * whole. Returns the number of failed lines.
 */
int scn_run_stream(struct scn *s, FILE *in, const char *origin,
		   const char *prompt);

/* The session's game (NULL before the first terrain, figure or start). */
skirmish_game *scn_game(struct scn *s);
/* Failed commands so far (unexpected errors and failed expectations). */
int scn_failures(const struct scn *s);
/* A player's name given with the `player` command, or "player N". */
const char *scn_player_name(const struct scn *s, int player);

/* The table size the session's options give, inches. */
void scn_table_size(const struct scn *s, double *width, double *depth);

/* Prints a result as the console does: the library's sentence, then (when
 * verbose) its dice and modifiers. */
void scn_print_result(struct scn *s, const skirmish_result *r);
/* One line about a figure, as the `show` command prints it. */
void scn_print_figure(struct scn *s, int id);

#endif

/* SPDX-License-Identifier: MIT */
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

#define SCN_LINE_MAX 1024      /* bytes of a command line, not counting its end */
#define SCN_TOKENS_MAX 80      /* words of a command */

struct scn;

/* Called after every successful action (and the start) with its result. */
typedef void (*scn_result_fn)(void *data, const skirmish_game *game,
			      const skirmish_result *result);

/* A new console session printing to out; NULL when out of memory. */
struct scn *scn_new(FILE *out);
void scn_free(struct scn *s);

/* Whether commands may write files (`html FILE`; on by default). */
void scn_set_write_files(struct scn *s, int on);
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
/* The same; *quit is set when a line asked to quit (`quit`, `exit`). */
int scn_run_stream_quit(struct scn *s, FILE *in, const char *origin,
			const char *prompt, int *quit);

/*
 * Completion, for a terminal's Tab (scn-complete.c): the words that may
 * come next after the text before (the line up to the word being typed)
 * and that begin with prefix: commands, their keywords, figure, terrain
 * and objective names. Copies up to max of them into out; returns how many
 * there are, or -1 when a file name comes next (`load`, `html`, `save`,
 * `open`).
 */
#define SCN_WORD_MAX 32
int scn_complete(const struct scn *s, const char *before, const char *prefix,
		 char out[][SCN_WORD_MAX], int max);

/* The session's game (NULL before the first terrain, figure or start). */
skirmish_game *scn_game(const struct scn *s);
/* Failed commands so far (unexpected errors and failed expectations). */
int scn_failures(const struct scn *s);
/* A player's name given with the `player` command, or "player N". */
const char *scn_player_name(const struct scn *s, int player);

/* The exit edge given to a player with `exit-edge` (enum skirmish_edge;
 * 0: none). */
int scn_exit_edge(const struct scn *s, int player);
/* The table size the session's options give, inches. */
void scn_table_size(const struct scn *s, double *width, double *depth);

/*
 * Describing for people (scn-describe.c): the console, the demo, its
 * pictures and its turn viewer all use these, so that they say the same
 * things the same way. Each writes a terminated text into buf (truncated
 * to size) and returns the length it needed, as snprintf does.
 */
#define SCN_TEXT_MAX 4096

/* A result's sentence: the library's, with the players' names, and after
 * the action that ended the game the reason, by its rule. */
size_t scn_describe_result(const struct scn *s, const skirmish_result *r,
			   char *buf, size_t size);
/* A library message (skirmish_game_errmsg) for a console's player: the C
 * functions it names as the commands that call them, "player N" as the
 * player's name (ruling W1). */
size_t scn_describe_message(const struct scn *s, const char *msg, char *buf,
			    size_t size);
/* Its dice ("Kenji d6=3 (shoot), ...") and modifiers ("-1 short range for
 * Kenji [S6], ..."); empty when there are none. */
size_t scn_describe_dice(const struct scn *s, const skirmish_result *r,
			 char *buf, size_t size);
size_t scn_describe_modifiers(const struct scn *s, const skirmish_result *r,
			      char *buf, size_t size);
/* One line about a figure, as the `show` command prints it. */
size_t scn_describe_figure(const struct scn *s, int id, char *buf, size_t size);
/* Why the game ended and by which rule; empty unless it is over. */
size_t scn_describe_end(const struct scn *s, char *buf, size_t size);
/* The figure that carried an objective off the table (O4), or -1. */
int scn_objective_carried_off_by(const struct scn *s, int objective);
/* Where each objective is and who carries it; empty when there are none. */
size_t scn_describe_objectives(const struct scn *s, char *buf, size_t size);
/* "Result: Uesugi wins. " and why; or that the game is not over. */
size_t scn_describe_outcome(const struct scn *s, char *buf, size_t size);
/* A short key to reading the ruleset's results (low rolls, rings, ...). */
size_t scn_describe_key(const struct scn *s, char *buf, size_t size);
/* A terrain or objective name in words: "house-of-the-potter" becomes
 * "house of the potter". */
size_t scn_terrain_words(const char *name, char *buf, size_t size);

/* Prints a text in lines of at most width columns, the first after indent,
 * the others after more. */
void scn_print_wrapped(FILE *f, const char *indent, const char *more, const char *text,
		       int width);

/* Prints a result as the console does: its sentence, then (when verbose)
 * its dice and modifiers. */
void scn_print_result(struct scn *s, const skirmish_result *r);
/* Prints scn_describe_figure's line. */
void scn_print_figure(struct scn *s, int id);

#endif

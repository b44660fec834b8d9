/* SPDX-License-Identifier: MIT */
/*
 * The helpers the rules examples share (senso-shooting.c, senso-melee.c,
 * sampson-missiles.c, sampson-melee.c, house-rules.c), so that each of
 * them holds only its lessons and the lessons read like the rules.
 *
 * Every helper that can fail prints "PROGNAME: what: why" on stderr and
 * exits: a lesson is a script, and a step that fails makes the rest of it
 * meaningless. What they print on stdout is what tests/examples/NAME.out
 * holds, so a change here shows in every one of those files.
 */
#ifndef LESSON_H
#define LESSON_H

#include <skirmish/skirmish.h>

/* The program name that starts every error message; call it first. */
void lesson_init(const char *progname);

/* Reports what failed, and the game's own message if there is a game. */
void lesson_fail(skirmish_game *g, const char *what);

/* The default options (the rules as doc/rules/ reads them) of a ruleset. */
skirmish_game_options lesson_options(int ruleset);

/* A two-player game with these options; player 0 plays first (no
 * roll-off), so the scripted dice fall where the lesson says. */
skirmish_game *lesson_new_game(skirmish_game_options opt);

/* Prints the heading of a lesson: its title and what is on the table. */
void lesson_title(const char *title, const char *intro);

/* A two-player game of a ruleset with its default options, under the
 * heading of a lesson. */
skirmish_game *lesson_game(int ruleset, const char *title, const char *intro);

/* A Sensō figure from one of the rules' example skill levels (S1). */
skirmish_figure_spec lesson_figure(int player, const char *name, int preset,
				   double x, double y);

/* Puts a figure on the table; returns its id. */
int lesson_add(skirmish_game *g, skirmish_figure_spec spec);

/* Puts a piece of terrain on the table (SKIRMISH_TERRAIN_* flags; the
 * height counts only for a hill). */
void lesson_terrain(skirmish_game *g, const char *name, unsigned int flags,
		    double height, double x, double y, double width, double depth);

/* Ends the setup: from here on the lesson takes actions. */
void lesson_start(skirmish_game *g);

/* Scripts the next n dice (at most 16), in order; asking for one more
 * than scripted is an error, so a lesson rolls exactly what it says. */
void lesson_dice(skirmish_game *g, int n, ...);

/* Prints the sentence of an action, or why the game refused it. */
void lesson_show(skirmish_game *g, int rc, const skirmish_result *r);

/* Prints a line of commentary: the rule that made the action come out so. */
void lesson_why(const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* The actions the lessons take, each shown with lesson_show. A charge and
 * a move keep the figure's facing (the rules turn it where they must). */
void lesson_shoot(skirmish_game *g, int shooter, int target);
void lesson_charge(skirmish_game *g, int fig, int target);
void lesson_fight(skirmish_game *g, int fig);
void lesson_move(skirmish_game *g, int fig, double x, double y);
void lesson_end_turn(skirmish_game *g);

/* Sampson Ships (A2): Move, then Missile, then Melee; ending the Melee
 * phase ends the turn. */
void lesson_end_phase(skirmish_game *g);

/* Checks that every scripted die was used (the lesson rolled exactly what
 * it says), then frees the game. */
void lesson_done(skirmish_game *g);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The turn viewer (skirmish-demo --html FILE, the console's `html FILE`):
 * one self-contained HTML page, the pictures inline, no network, that
 * steps through the game turns with buttons and the arrow keys, each
 * turn's narration beside its picture and the dice and modifiers of an
 * action shown on hover or click. The words are scn-describe.c's.
 */
#ifndef SKIRMISH_DEMO_VIEWER_H
#define SKIRMISH_DEMO_VIEWER_H

#include "scenario.h"
#include "svg.h"

struct viewer;

/* An empty record; NULL when out of memory. */
struct viewer *viewer_new(void);
void viewer_free(struct viewer *v);

/* Adds a result to the turn being recorded: a heading when another
 * player's turn has begun, its sentence, its dice and modifiers. */
void viewer_add(struct viewer *v, const struct scn *s, const skirmish_result *r);
/* Ends the game turn being recorded with a picture of the table now
 * (svg_put's, with the turn's log and, on the last, the result). */
void viewer_end_turn(struct viewer *v, const struct scn *s, const struct svg_log *log,
		     const char *title, int turn, const char *result);
/* The number of turns recorded so far. */
int viewer_turns(const struct viewer *v);
/* 1 when something could not be recorded (out of memory). */
int viewer_failed(const struct viewer *v);

/* Writes the page: the title, a key to reading it, the turns. 0, or -1
 * (errno) when the file could not be written. */
int viewer_write(const struct viewer *v, const char *path, const char *title,
		 const char *key);
/* The same, with the turn being recorded as far as it has gone: its
 * picture now (the session s, the turn's log, its title, number and, when
 * the game is over, result). */
int viewer_write_now(const struct viewer *v, const char *path, const char *title,
		     const char *key, const struct scn *s, const struct svg_log *log,
		     const char *turn_title, int turn, const char *result);

#endif

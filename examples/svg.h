/* SPDX-License-Identifier: MIT */
/*
 * SVG pictures of the table for the demo (--svg DIR, and the turn viewer
 * of --html FILE): terrain named in words, a light grid with a scale in
 * inches and a compass, bases turned by facing in the players' colours,
 * names placed so that they do not collide, rings, suppression, the
 * objectives, the melee contacts, the turn's moves, shots and fights as
 * lines, the turn's fallen apart from the earlier ones, a caption of what
 * happened and, on the last picture, the result. The words are those of
 * scn-describe.c, so the pictures say what the narration says.
 */
#ifndef SKIRMISH_DEMO_SVG_H
#define SKIRMISH_DEMO_SVG_H

#include <stdio.h>

#include "scenario.h"

enum svg_line_kind {
	SVG_MOVE = 0,
	SVG_SHOT_MISS = 1,
	SVG_SHOT_HIT = 2,             /* a ring, a suppression, a horse */
	SVG_SHOT_KILL = 3,
	SVG_PUSH = 4,
	SVG_MELEE = 5                 /* a fight: between the two figures */
};

struct svg_line {
	double x0, y0, x1, y1;
	int kind, player;
};

/* What happened in one game turn, gathered from its results. */
struct svg_log {
	struct svg_line *v;
	int n, cap;
	int *fallen;                  /* figures removed from play this turn */
	int nfallen, capfallen;
	char **notes;                 /* the sentences worth a caption */
	int nnotes, capnotes;
	int moves[SKIRMISH_MAX_PLAYERS + 1], misses[SKIRMISH_MAX_PLAYERS + 1];
	int contacts[SKIRMISH_MAX_PLAYERS + 1];  /* the moves into contact */
	int failed;                   /* out of memory: something is missing */
};

/* Adds a result's moves, shots, fights and fallen to the log, and its
 * sentence when it is worth a caption (not a plain move or a miss). */
void svg_log_result(struct svg_log *log, const struct scn *s, const skirmish_result *r);
void svg_log_clear(struct svg_log *log);
void svg_log_free(struct svg_log *log);

/*
 * Writes the table as it is now, with the log's lines and caption, as one
 * <svg> element (no XML declaration, so that it can be inlined in HTML).
 * result: the last picture's result line, or NULL. 0, or -1 when writing
 * failed.
 */
int svg_put(FILE *f, const struct scn *s, const struct svg_log *log, const char *title,
	    int turn, const char *result);
/* Writes a text escaped for XML and HTML (<, >, &, quotes; no control
 * characters). */
void svg_put_text(FILE *f, const char *s);
/* The same as a file of its own; 0 or -1 (errno). */
int svg_write(const char *path, const struct scn *s, const struct svg_log *log,
	      const char *title, int turn, const char *result);

#endif

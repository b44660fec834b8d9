/*
 * SVG pictures of the table for the demo (--svg DIR): terrain, bases
 * turned by facing, player colours, names, rings, suppression, and the
 * moves and shots of the turn drawn as lines.
 */
#ifndef SKIRMISH_DEMO_SVG_H
#define SKIRMISH_DEMO_SVG_H

#include <skirmish/skirmish.h>

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

struct svg_log {
	struct svg_line *v;
	int n, cap;
};

/* Adds the moves and shots of a result to the log. */
void svg_log_result(struct svg_log *log, const skirmish_game *g,
		    const skirmish_result *r);
void svg_log_clear(struct svg_log *log);
void svg_log_free(struct svg_log *log);

/* Writes the table (width x depth inches) as it is now, with the logged
 * lines; 0 or -1 (errno). */
int svg_write(const char *path, const skirmish_game *g, double width, double depth,
	      const struct svg_log *log, const char *title,
	      const char *const *player_names);

#endif

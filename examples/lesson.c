/* SPDX-License-Identifier: MIT */
/*
 * The helpers the rules examples share; lesson.h says what each does.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

#include "lesson.h"

/* Set by lesson_init; a default, so that an example that forgets it still
 * says which part failed. */
static const char *lesson_progname = "lesson";

void
lesson_init(const char *progname)
{
	lesson_progname = progname;
}

void
lesson_fail(skirmish_game *g, const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", lesson_progname, what,
		g ? skirmish_game_errmsg(g) : "failed");
	exit(EXIT_FAILURE);
}

skirmish_game_options
lesson_options(int ruleset)
{
	skirmish_game_options opt = SKIRMISH_GAME_OPTIONS_INIT;

	opt.ruleset = ruleset;
	return opt;
}

skirmish_game *
lesson_new_game(skirmish_game_options opt)
{
	static const int order[] = { 0, 1 };
	skirmish_game *g;
	char err[256];

	opt.player_order = order;
	if (skirmish_game_new(&g, &opt, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s\n", lesson_progname, err);
		exit(EXIT_FAILURE);
	}
	return g;
}

void
lesson_title(const char *title, const char *intro)
{
	printf("\n== %s ==\n%s\n", title, intro);
}

skirmish_game *
lesson_game(int ruleset, const char *title, const char *intro)
{
	/* the game first: if it cannot be made, the heading is not printed */
	skirmish_game *g = lesson_new_game(lesson_options(ruleset));

	lesson_title(title, intro);
	return g;
}

skirmish_figure_spec
lesson_figure(int player, const char *name, int preset, double x, double y)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	skirmish_figure_spec_preset(&s, preset);
	s.player = player;
	s.name = name;
	s.x = x;
	s.y = y;
	return s;
}

int
lesson_add(skirmish_game *g, skirmish_figure_spec spec)
{
	int id;

	if (skirmish_game_add_figure(g, &spec, &id) < 0)
		lesson_fail(g, spec.name);
	return id;
}

void
lesson_terrain(skirmish_game *g, const char *name, unsigned int flags,
	       double height, double x, double y, double width, double depth)
{
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	int id;

	t.name = name;
	t.flags = flags;
	t.height = height;
	t.x = x;
	t.y = y;
	t.width = width;
	t.depth = depth;
	if (skirmish_game_add_terrain(g, &t, &id) < 0)
		lesson_fail(g, "terrain");
}

void
lesson_start(skirmish_game *g)
{
	if (skirmish_game_start(g, NULL) < 0)
		lesson_fail(g, "start");
}

void
lesson_dice(skirmish_game *g, int n, ...)
{
	int v[16], i;
	va_list ap;

	/* no lesson needs more; more would overrun v */
	if (n < 0 || n > (int)(sizeof(v) / sizeof(v[0])))
		lesson_fail(NULL, "dice");
	va_start(ap, n);
	for (i = 0; i < n; i++)
		v[i] = va_arg(ap, int);
	va_end(ap);
	if (skirmish_game_script_dice(g, v, n, 1) < 0)
		lesson_fail(g, "dice");
}

void
lesson_show(skirmish_game *g, int rc, const skirmish_result *r)
{
	if (rc < 0)
		printf("  refused: %s\n", skirmish_game_errmsg(g));
	else
		printf("  %s\n", r->text);
}

void
lesson_why(const char *fmt, ...)
{
	va_list ap;

	printf("    why: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

void
lesson_shoot(skirmish_game *g, int shooter, int target)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	lesson_show(g, skirmish_shoot(g, shooter, target, &r), &r);
}

void
lesson_charge(skirmish_game *g, int fig, int target)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	lesson_show(g, skirmish_charge(g, fig, target, SKIRMISH_FACING_KEEP, &r), &r);
}

void
lesson_fight(skirmish_game *g, int fig)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	lesson_show(g, skirmish_fight(g, fig, &r), &r);
}

void
lesson_move(skirmish_game *g, int fig, double x, double y)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double xy[2];

	xy[0] = x;
	xy[1] = y;
	lesson_show(g, skirmish_move(g, fig, xy, 1, SKIRMISH_FACING_KEEP, &r), &r);
}

void
lesson_end_turn(skirmish_game *g)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	lesson_show(g, skirmish_end_turn(g, &r), &r);
}

void
lesson_end_phase(skirmish_game *g)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	lesson_show(g, skirmish_end_phase(g, &r), &r);
}

void
lesson_done(skirmish_game *g)
{
	if (skirmish_game_script_remaining(g) != 0)
		lesson_fail(g, "unused scripted dice");
	skirmish_game_free(g);
}

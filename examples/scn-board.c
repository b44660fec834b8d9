/* SPDX-License-Identifier: MIT */
/*
 * The table in a terminal: `board` draws the figures (a letter each, a
 * mark beside it for its facing), the terrain (a character for its kind,
 * over the ground it covers), the objectives and a scale, then a legend
 * that gives each figure, piece and counter with its coordinates; and
 * `terrains` lists the pieces with theirs. Only the public queries.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scn-private.h"

#define BOARD_COLS 72           /* the most columns of the map */
#define BOARD_ROWS 36           /* the most rows */

struct board {
	double x0, y0, w, d;     /* the part of the table shown, inches */
	double sx, sy;           /* inches a column, a row */
	int cols, rows;
	char cell[BOARD_ROWS][BOARD_COLS];
	char taken[BOARD_ROWS][BOARD_COLS];     /* a figure is drawn there */
};

/* Draws a figure's letter in its cell, or, when another figure was drawn
 * there (bases in contact share a cell at this scale), in the nearest free
 * one: towards the half of the row it stands in first, then aside. The
 * legend gives the exact places. */
static void
place_figure(struct board *b, double y, int c, int r, char letter)
{
	double top = b->y0 + b->d - r * b->sy;
	int up = y > top - b->sy / 2 ? -1 : 1, k;
	const int dc[9] = { 0, 0, 0, -1, 1, -1, 1, -1, 1 };
	const int dr[9] = { 0, up, -up, 0, 0, up, up, -up, -up };

	for (k = 0; k < 9; k++) {
		int cc = c + dc[k], rr = r + dr[k];

		if (cc >= 0 && cc < b->cols && rr >= 0 && rr < b->rows && !b->taken[rr][cc]) {
			b->cell[rr][cc] = letter;
			b->taken[rr][cc] = 1;
			return;
		}
	}
	b->cell[r][c] = '&';      /* a crowd: the legend says who */
}

/* The terrain's characters, what matters most to a figure first: a piece
 * is drawn with the first whose flag it has. */
static const struct {
	unsigned int flag;
	char c;
} terrain_chars[] = {
	{ SKIRMISH_TERRAIN_IMPASSABLE, '#' }, { SKIRMISH_TERRAIN_OBSTACLE, '=' },
	{ SKIRMISH_TERRAIN_BLOCKS_SIGHT, '%' }, { SKIRMISH_TERRAIN_WATER, '~' },
	{ SKIRMISH_TERRAIN_CLIMB, '+' }, { SKIRMISH_TERRAIN_HILL, '^' },
	{ SKIRMISH_TERRAIN_ROUGH, ':' }, { SKIRMISH_TERRAIN_COVER, '"' },
};

static char
terrain_char(unsigned int flags)
{
	size_t k;

	for (k = 0; k < sizeof(terrain_chars) / sizeof(terrain_chars[0]); k++)
		if (flags & terrain_chars[k].flag)
			return terrain_chars[k].c;
	return '-';
}

static int
inside(const double *p, int n, double x, double y)
{
	int i, j, in = 0;

	for (i = 0, j = n - 1; i < n; j = i++)
		if ((p[2 * i + 1] > y) != (p[2 * j + 1] > y) &&
		    x < (p[2 * j] - p[2 * i]) * (y - p[2 * i + 1]) / (p[2 * j + 1] - p[2 * i + 1]) +
			p[2 * i])
			in = !in;
	return in;
}

/* Whether the outline touches the box [ax, bx] x [ay, by]: a corner of one
 * inside the other, or an edge of the outline crossing the box. */
static int
touches(const double *p, int n, double ax, double ay, double bx, double by)
{
	int i;

	if (inside(p, n, ax, ay) || inside(p, n, bx, ay) || inside(p, n, ax, by) ||
	    inside(p, n, bx, by))
		return 1;
	for (i = 0; i < n; i++) {
		double x1 = p[2 * i], y1 = p[2 * i + 1];
		double x2 = p[2 * ((i + 1) % n)], y2 = p[2 * ((i + 1) % n) + 1];
		double t0 = 0, t1 = 1, dx = x2 - x1, dy = y2 - y1;
		double q[4] = { x1 - ax, bx - x1, y1 - ay, by - y1 }, r[4] = { -dx, dx, -dy, dy };
		int k, ok = 1;

		/* Liang-Barsky: the part of the edge inside the box */
		for (k = 0; k < 4 && ok; k++) {
			if (r[k] == 0) {
				ok = q[k] >= 0;
			} else {
				double u = q[k] / r[k];

				if (r[k] < 0 && u > t0)
					t0 = u;
				else if (r[k] > 0 && u < t1)
					t1 = u;
				ok = t0 <= t1;
			}
		}
		if (ok)
			return 1;
	}
	return 0;
}

/* The cell of a point, or -1 when it is outside the part shown. */
static int
cell_of(const struct board *b, double x, double y, int *col, int *row)
{
	double c = floor((x - b->x0) / b->sx), r = floor((b->y0 + b->d - y) / b->sy);

	if (c < 0 || r < 0 || c >= b->cols || r >= b->rows)
		return -1;
	*col = (int)c;
	*row = (int)r;
	return 0;
}

static void
draw_terrain(struct scn *s, struct board *b)
{
	double p[2 * SKIRMISH_POLYGON_MAX], h;
	int i, r, c, np, n = skirmish_game_terrain_count(s->game);
	unsigned int flags;
	const char *name;

	for (i = 0; i < n; i++) {
		int marked = 0, pass;

		if (skirmish_game_terrain(s->game, i, &flags, &name, &h, p, SKIRMISH_POLYGON_MAX,
					  &np) < 0 || np < 3)
			continue;
		/* the cells whose centre it covers; a wall, and a piece too small
		 * to cover a centre, every cell it touches, so that none is
		 * missing from the map */
		for (pass = 0; pass < 2; pass++) {
			if (pass == 1 && marked && !(flags & SKIRMISH_TERRAIN_OBSTACLE))
				break;
			for (r = 0; r < b->rows; r++)
				for (c = 0; c < b->cols; c++) {
					double ax = b->x0 + c * b->sx, by = b->y0 + b->d - r * b->sy;
					int hit = pass == 0
						  ? inside(p, np, ax + b->sx / 2, by - b->sy / 2)
						  : touches(p, np, ax, by - b->sy, ax + b->sx, by);

					if (hit) {
						b->cell[r][c] = terrain_char(flags);
						marked = 1;
					}
				}
		}
	}
}

/* A letter for each figure in play: its name's first letter if free, else
 * another of its name, else any; upper case for the first player and
 * every other one after it, lower case for the others. 0 when none is
 * left. */
static char
letter_for(const char *name, int player, const char *used)
{
	const char *p;
	int k;

	for (p = name; *p; p++)
		if (isalpha((unsigned char)*p)) {
			char c = (char)(player % 2 ? tolower((unsigned char)*p)
						   : toupper((unsigned char)*p));
			if (!strchr(used, c))
				return c;
		}
	for (k = 0; k < 26; k++) {
		char c = (char)((player % 2 ? 'a' : 'A') + k);
		if (!strchr(used, c))
			return c;
	}
	return 0;
}

/* The mark for a facing in the cell beside the figure, and that cell. */
static char
facing_mark(double facing, int *dc, int *dr)
{
	static const char marks[8] = { '>', '/', '^', '\\', '<', '/', 'v', '\\' };
	static const int dcs[8] = { 1, 1, 0, -1, -1, -1, 0, 1 }, drs[8] = { 0, -1, -1, -1, 0, 1, 1, 1 };
	double f = fmod(facing, 360.0);
	int k;

	if (f < 0)
		f += 360.0;
	k = (int)lround(f / 45.0) % 8;
	*dc = dcs[k];
	*dr = drs[k];
	return marks[k];
}

/* A number for an axis: whole inches when the scale allows. */
static int
axis_label(char *buf, size_t size, double v)
{
	if (fabs(v - round(v)) < 1e-9)
		return snprintf(buf, size, "%.0f", v);
	return snprintf(buf, size, "%.1f", v);
}

/* The spacing of the labels and grid dots: 6" (a figure's move), or more
 * when the scale is coarse, less when it is fine. */
static double
grid_step(double scale)
{
	if (scale <= 0.25)
		return 2;
	if (scale <= 0.5)
		return 3;
	if (scale <= 1)
		return 6;
	return 12 * ceil(scale / 2);
}

static void
print_map(struct scn *s, struct board *b)
{
	double step = grid_step(b->sx), v;
	char ruler[BOARD_COLS + 16], label[16];
	int r, c, n;

	memset(ruler, ' ', sizeof(ruler));
	for (v = ceil(b->x0 / step) * step; v <= b->x0 + b->w + 1e-9; v += step) {
		int at = (int)floor((v - b->x0) / b->sx + 1e-9);

		n = axis_label(label, sizeof(label), v);
		if (at + n <= BOARD_COLS + 2)
			memcpy(ruler + 6 + at, label, (size_t)n);
	}
	for (n = (int)sizeof(ruler) - 1; n > 0 && ruler[n - 1] == ' '; n--)
		;
	fprintf(s->out, "%.*s\n", n, ruler);
	fprintf(s->out, "      +");
	for (c = 0; c < b->cols; c++)
		fputc('-', s->out);
	fprintf(s->out, "+\n");
	for (r = 0; r < b->rows; r++) {
		double top = b->y0 + b->d - r * b->sy;
		double k = floor(top / step + 1e-9) * step;

		/* the row holding a multiple of the step is labelled with it */
		if (k > top - b->sy + 1e-9 && k <= top + 1e-9)
			axis_label(label, sizeof(label), k);
		else
			label[0] = '\0';
		fprintf(s->out, "%5s |%.*s|\n", label, b->cols, b->cell[r]);
	}
	fprintf(s->out, "      +");
	for (c = 0; c < b->cols; c++)
		fputc('-', s->out);
	fprintf(s->out, "+\n");
}

/* The x and y extents of an outline. */
static void
extents(const double *p, int n, double *x0, double *y0, double *x1, double *y1)
{
	int i;

	*x0 = *x1 = p[0];
	*y0 = *y1 = p[1];
	for (i = 1; i < n; i++) {
		*x0 = fmin(*x0, p[2 * i]);
		*x1 = fmax(*x1, p[2 * i]);
		*y0 = fmin(*y0, p[2 * i + 1]);
		*y1 = fmax(*y1, p[2 * i + 1]);
	}
}

static void
print_flags(struct scn *s, unsigned int flags, double height)
{
	int k, first = 1;

	for (k = 0; k < scn_terrain_flag_count; k++)
		if ((flags & scn_terrain_flags[k].flag) && strcmp(scn_terrain_flags[k].word, "bad-going")) {
			fprintf(s->out, "%s%s", first ? "" : " ", scn_terrain_flags[k].word);
			first = 0;
		}
	if (flags & SKIRMISH_TERRAIN_HILL)
		fprintf(s->out, "%shill %g", first ? "" : " ", height);
}

/* G17: the other pieces of the obstacle piece i is part of, if any */
static void
print_obstacle(struct scn *s, int i)
{
	int j, n = skirmish_game_terrain_count(s->game), first = 1,
	    mine = skirmish_game_terrain_obstacle(s->game, i);

	for (j = 0; mine >= 0 && j < n; j++) {
		if (j == i || skirmish_game_terrain_obstacle(s->game, j) != mine)
			continue;
		fprintf(s->out, "%s%d", first ? "; one obstacle with terrain " : ", ", j);
		first = 0;
	}
	if (!first)
		fputs(" (G17)", s->out);
}

/* One piece: its flags and where it lies. With points, its outline too. */
static void
print_piece(struct scn *s, int i, int points)
{
	double p[2 * SKIRMISH_POLYGON_MAX], h, x0, y0, x1, y1;
	unsigned int flags;
	const char *name;
	int np, k;

	if (skirmish_game_terrain(s->game, i, &flags, &name, &h, p, SKIRMISH_POLYGON_MAX, &np) < 0 ||
	    np < 1)
		return;
	extents(p, np, &x0, &y0, &x1, &y1);
	if (points)
		fprintf(s->out, "terrain %d %s: ", i, name);
	else
		fprintf(s->out, "  %c  %s: ", terrain_char(flags), name);
	print_flags(s, flags, h);
	fprintf(s->out, "; x %.2f to %.2f, y %.2f to %.2f", x0, x1, y0, y1);
	if (points) {
		fprintf(s->out, "; %d points:", np);
		for (k = 0; k < np; k++)
			fprintf(s->out, " (%.2f, %.2f)", p[2 * k], p[2 * k + 1]);
		print_obstacle(s, i);
	}
	fputc('\n', s->out);
}

int
scn_cmd_terrains(struct scn *s)
{
	int i, n = skirmish_game_terrain_count(s->game);

	if (n == 0)
		fprintf(s->out, "no terrain\n");
	for (i = 0; i < n; i++)
		print_piece(s, i, 1);
	return 0;
}

/* The scale for a part of the table w by d inches: the finest of a few
 * round ones whose map fits (a row is twice a column, as a terminal's
 * characters are about twice as high as they are wide). */
static double
board_scale(double w, double d)
{
	static const double scales[] = { 0.25, 0.5, 1, 2, 3, 4, 6, 12, 24, 48, 96, 192, 384,
					 768, 1536, 3072, 6144 };
	size_t i;

	for (i = 0; i < sizeof(scales) / sizeof(scales[0]); i++)
		if (w / scales[i] <= BOARD_COLS && d / (2 * scales[i]) <= BOARD_ROWS)
			return scales[i];
	return 12288;
}

/* board [X Y WIDTH DEPTH] */
int
scn_cmd_board(struct scn *s, struct words *t)
{
	static const char usage[] = "board [X Y WIDTH DEPTH]";
	struct board *b;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
	char used[64] = "", *letters;
	double v[4];
	int i, n, k, c, r, nobj;

	if (scn_need_game(s) || (t->n != 1 && scn_need(s, t, 5, 5, usage)))
		return 1;
	for (i = 1; i < t->n; i++)
		if (scn_num(t->w[i], &v[i - 1]) < 0)
			return scn_bad_number(s, t->w[i], i < 3 ? "coordinate" : "size");
	if (t->n == 5 && (v[2] <= 0 || v[3] <= 0))
		return scn_fail(s, SKIRMISH_E_INVALID, "usage: %s (a width and depth above 0)", usage);
	b = calloc(1, sizeof(*b));
	n = skirmish_game_figure_count(s->game);
	letters = calloc((size_t)(n > 0 ? n : 1), 1);
	if (!b || !letters) {
		free(b);
		free(letters);
		return scn_fail(s, SKIRMISH_E_NOMEM, "out of memory");
	}
	b->x0 = t->n == 5 ? v[0] : 0;
	b->y0 = t->n == 5 ? v[1] : 0;
	b->w = t->n == 5 ? v[2] : s->opt.table_width;
	b->d = t->n == 5 ? v[3] : s->opt.table_depth;
	b->sx = board_scale(b->w, b->d);
	b->sy = 2 * b->sx;
	b->cols = (int)ceil(b->w / b->sx - 1e-9);
	b->rows = (int)ceil(b->d / b->sy - 1e-9);
	if (b->cols > BOARD_COLS)
		b->cols = BOARD_COLS;
	if (b->rows > BOARD_ROWS)
		b->rows = BOARD_ROWS;
	memset(b->cell, ' ', sizeof(b->cell));
	/* a dot where the grid lines cross, to measure by */
	{
		double step = grid_step(b->sx), x, y;

		for (y = ceil(b->y0 / step) * step; y <= b->y0 + b->d; y += step)
			for (x = ceil(b->x0 / step) * step; x <= b->x0 + b->w; x += step)
				if (cell_of(b, x, y, &c, &r) == 0)
					b->cell[r][c] = '.';
	}
	draw_terrain(s, b);
	/* a letter for every figure in play, whether shown or not, so that
	 * a part of the table calls each as the whole table does */
	for (i = 0; i < n; i++) {
		if (skirmish_game_figure(s->game, i, &fi) < 0 || fi.removed)
			continue;
		letters[i] = fi.is_horse ? '@' : letter_for(fi.name, fi.player, used);
		if (!fi.is_horse && letters[i] && strlen(used) + 1 < sizeof(used))
			used[strlen(used)] = letters[i];
	}
	/* facing marks first, so that no mark covers a figure */
	for (k = 0; k < 2; k++)
		for (i = 0; i < n; i++) {
			int dc, dr;
			char mark;

			if (skirmish_game_figure(s->game, i, &fi) < 0 || fi.removed ||
			    cell_of(b, fi.x, fi.y, &c, &r) < 0)
				continue;
			if (k == 1) {
				place_figure(b, fi.y, c, r, letters[i] ? letters[i] : '?');
				continue;
			}
			if (fi.is_horse)
				continue;
			mark = facing_mark(fi.facing, &dc, &dr);
			if (c + dc >= 0 && c + dc < b->cols && r + dr >= 0 && r + dr < b->rows &&
			    (b->cell[r + dr][c + dc] == ' ' || b->cell[r + dr][c + dc] == '.'))
				b->cell[r + dr][c + dc] = mark;
		}
	nobj = skirmish_game_objective_count(s->game);
	for (i = 0; i < nobj; i++) {
		int st, carrier, player;
		double x, y;
		const char *name;

		if (skirmish_game_objective(s->game, i, &st, &carrier, &player, &x, &y, &name) == 0 &&
		    st == SKIRMISH_OBJECTIVE_ON_TABLE && cell_of(b, x, y, &c, &r) == 0)
			b->cell[r][c] = '*';
	}
	fprintf(s->out, "%s, x %g to %g, y %g to %g; a column is %g\", a row %g\"; north is up\n",
		t->n == 5 ? "Part of the table" : "The table", b->x0, b->x0 + b->w, b->y0,
		b->y0 + b->d, b->sx, b->sy);
	print_map(s, b);
	/* the legend: who is where, what each piece is, the counters */
	fprintf(s->out, "Figures%s (the mark beside a letter shows its facing):\n",
		t->n == 5 ? " on this part" : "");
	for (i = 0; i < n; i++)
		if (skirmish_game_figure(s->game, i, &fi) == 0 && !fi.removed &&
		    cell_of(b, fi.x, fi.y, &c, &r) == 0) {
			char line[SCN_TEXT_MAX];

			scn_describe_figure(s, i, line, sizeof(line));
			fprintf(s->out, "  %c  %s\n", letters[i] ? letters[i] : '?', line);
		}
	if (skirmish_game_terrain_count(s->game) > 0) {
		fprintf(s->out, "Terrain:\n");
		for (i = 0; i < skirmish_game_terrain_count(s->game); i++)
			print_piece(s, i, 0);
	}
	if (nobj > 0) {
		char line[SCN_TEXT_MAX];

		scn_describe_objectives(s, line, sizeof(line));
		fprintf(s->out, "Objectives (*):\n");
		scn_print_wrapped(s->out, "  ", "  ", line, 76);
	}
	free(letters);
	free(b);
	return 0;
}

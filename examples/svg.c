/*
 * SVG pictures of the table (see svg.h). The table's y axis points up
 * (north), SVG's down, so every y is flipped and a facing (counter-
 * clockwise from +x) becomes a clockwise SVG rotation of -facing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"

#define S 12.0                  /* pixels per inch */
#define M 24.0                  /* margin, pixels */

static const char *const colours[] = {
	"#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f",
	"#ad1457", "#4e342e", "#424242",
};

static const char *
colour(int player)
{
	if (player < 0 || player >= (int)(sizeof(colours) / sizeof(colours[0])))
		return "#000000";
	return colours[player];
}

static void
add(struct svg_log *log, double x0, double y0, double x1, double y1, int kind, int player)
{
	if (log->n == log->cap) {
		int cap = log->cap ? 2 * log->cap : 64;
		struct svg_line *v = realloc(log->v, (size_t)cap * sizeof(*v));
		if (!v)
			return;
		log->v = v;
		log->cap = cap;
	}
	log->v[log->n].x0 = x0;
	log->v[log->n].y0 = y0;
	log->v[log->n].x1 = x1;
	log->v[log->n].y1 = y1;
	log->v[log->n].kind = kind;
	log->v[log->n].player = player;
	log->n++;
}

void
svg_log_result(struct svg_log *log, const skirmish_game *g, const skirmish_result *r)
{
	skirmish_figure_info a = SKIRMISH_FIGURE_INFO_INIT, b = SKIRMISH_FIGURE_INFO_INIT;
	int i;

	for (i = 0; i < r->neffects; i++) {
		const skirmish_effect *e = &r->effects[i];

		if (e->kind == SKIRMISH_EFFECT_MOVED && (e->x0 != e->x1 || e->y0 != e->y1))
			add(log, e->x0, e->y0, e->x1, e->y1, SVG_MOVE, e->player);
		else if (e->kind == SKIRMISH_EFFECT_PUSHED_BACK)
			add(log, e->x0, e->y0, e->x1, e->y1, SVG_PUSH, e->player);
	}
	if (r->figure < 0 || r->target < 0 || skirmish_game_figure(g, r->figure, &a) < 0 ||
	    skirmish_game_figure(g, r->target, &b) < 0)
		return;
	if (r->action == SKIRMISH_ACTION_SHOOT) {
		int kind = SVG_SHOT_MISS;

		if (r->outcome == SKIRMISH_OUTCOME_KILL)
			kind = SVG_SHOT_KILL;
		else if (r->outcome != SKIRMISH_OUTCOME_MISS && r->outcome != SKIRMISH_OUTCOME_NONE)
			kind = SVG_SHOT_HIT;
		add(log, a.x, a.y, b.x, b.y, kind, a.player);
	} else if (r->action == SKIRMISH_ACTION_FIGHT) {
		add(log, a.x, a.y, b.x, b.y, SVG_MELEE, a.player);
	}
}

void
svg_log_clear(struct svg_log *log)
{
	log->n = 0;
}

void
svg_log_free(struct svg_log *log)
{
	free(log->v);
	log->v = NULL;
	log->n = log->cap = 0;
}

static void
put_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default:
			if ((unsigned char)*s >= 0x20)
				fputc(*s, f);
		}
	}
}

static const char *
terrain_style(unsigned int fl)
{
	if (fl & SKIRMISH_TERRAIN_WATER)
		return "fill=\"#7fb3e0\" stroke=\"#3d7ab8\"";
	if (fl & SKIRMISH_TERRAIN_BLOCKS_SIGHT)
		return "fill=\"#a1887f\" stroke=\"#4e342e\" stroke-width=\"2\"";
	if (fl & SKIRMISH_TERRAIN_OBSTACLE)
		return "fill=\"#6d4c41\" stroke=\"#3e2723\"";
	if (fl & SKIRMISH_TERRAIN_IMPASSABLE)
		return "fill=\"#616161\" stroke=\"#212121\"";
	if (fl & SKIRMISH_TERRAIN_HILL)
		return "fill=\"#dce8b5\" stroke=\"#8a9a5b\" stroke-dasharray=\"6 3\"";
	if ((fl & SKIRMISH_TERRAIN_ROUGH) && (fl & SKIRMISH_TERRAIN_COVER))
		return "fill=\"url(#rough)\" stroke=\"#558b2f\"";
	if (fl & SKIRMISH_TERRAIN_ROUGH)
		return "fill=\"url(#rough)\" stroke=\"#8d6e63\"";
	if (fl & SKIRMISH_TERRAIN_COVER)
		return "fill=\"#a5d6a7\" stroke=\"#558b2f\"";
	return "fill=\"#eeeeee\" stroke=\"#999999\"";
}

int
svg_write(const char *path, const skirmish_game *g, double W, double D,
	  const struct svg_log *log, const char *title, const char *const *names)
{
	double pts[2 * SKIRMISH_POLYGON_MAX], h;
	int i, j, n, np, nplayers = skirmish_game_player_count(g);
	unsigned int fl;
	const char *tname;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	if (!(W > 0 && W < 1000) || !(D > 0 && D < 1000)) {
		W = 72;
		D = 48;
	}
	n = skirmish_game_figure_count(g);
#define X(x) (M + (x) * S)
#define Y(y) (M + (D - (y)) * S)
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
		"viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n",
		2 * M + W * S, 2 * M + D * S + 40, 2 * M + W * S, 2 * M + D * S + 40);
	fprintf(f, "<defs><pattern id=\"rough\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">"
		"<rect width=\"8\" height=\"8\" fill=\"#e6dccf\"/>"
		"<path d=\"M0 8 L8 0\" stroke=\"#a08c74\" stroke-width=\"1\"/></pattern></defs>\n");
	fprintf(f, "<title>");
	put_text(f, title);
	fprintf(f, "</title>\n<rect x=\"0\" y=\"0\" width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#f3efe0\" "
		"stroke=\"#333\"/>\n", X(0), Y(D), W * S, D * S);
	for (i = 0; i < skirmish_game_terrain_count(g); i++) {
		if (skirmish_game_terrain(g, i, &fl, &tname, &h, pts, SKIRMISH_POLYGON_MAX, &np) < 0 ||
		    np < 3)
			continue;
		double cx = 0, cy = 0;

		fprintf(f, "<polygon %s points=\"", terrain_style(fl));
		for (j = 0; j < np && j < SKIRMISH_POLYGON_MAX; j++) {
			fprintf(f, "%s%.1f,%.1f", j ? " " : "", X(pts[2 * j]), Y(pts[2 * j + 1]));
			cx += pts[2 * j];
			cy += pts[2 * j + 1];
		}
		fprintf(f, "\"><title>");
		put_text(f, tname ? tname : "");
		fprintf(f, "</title></polygon>\n");
		cx /= j;
		cy /= j;
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" fill=\"#333\" "
			"text-anchor=\"middle\" opacity=\"0.8\">", X(cx), Y(cy));
		put_text(f, tname ? tname : "");
		if (fl & SKIRMISH_TERRAIN_HILL)
			fprintf(f, " (%g\")", h);
		fprintf(f, "</text>\n");
	}
	/* moves under the figures, shots over them */
	for (i = 0; log && i < log->n; i++) {
		const struct svg_line *l = &log->v[i];

		if (l->kind == SVG_MOVE || l->kind == SVG_PUSH)
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
				"stroke-width=\"1.5\" stroke-dasharray=\"%s\" opacity=\"0.7\"/>"
				"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"%s\"/>\n",
				X(l->x0), Y(l->y0), X(l->x1), Y(l->y1), colour(l->player),
				l->kind == SVG_PUSH ? "2 2" : "5 3", X(l->x0), Y(l->y0), colour(l->player));
	}
	for (i = 0; i < n; i++) {
		if (skirmish_game_figure(g, i, &fi) < 0)
			continue;
		if (fi.removed) {
			if (fi.is_horse)
				continue;
			fprintf(f, "<g opacity=\"0.5\"><path d=\"M%.1f %.1f l8 8 m0 -8 l-8 8\" "
				"stroke=\"%s\" stroke-width=\"2\"/><title>",
				X(fi.x) - 4, Y(fi.y) - 4, colour(fi.player));
			put_text(f, fi.name);
			fprintf(f, " (fallen)</title></g>\n");
			continue;
		}
		fprintf(f, "<g transform=\"translate(%.1f %.1f) rotate(%.0f)\"><title>",
			X(fi.x), Y(fi.y), -fi.facing);
		put_text(f, fi.name);
		fprintf(f, "</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			"fill=\"%s\" stroke=\"#000\" fill-opacity=\"%s\"/>"
			"<line x1=\"0\" y1=\"0\" x2=\"%.1f\" y2=\"0\" stroke=\"#fff\" stroke-width=\"2\"/></g>\n",
			-fi.base_depth * S / 2, -fi.base_width * S / 2, fi.base_depth * S,
			fi.base_width * S, fi.is_horse ? "#8d6e63" : colour(fi.player),
			fi.is_horse ? "0.6" : "0.9", fi.base_depth * S / 2);
		if (fi.is_horse)
			continue;
		for (j = 0; j < fi.rings && j < 4; j++)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"none\" stroke=\"#000\" "
				"stroke-width=\"1.5\"/>\n", X(fi.x) + 9 + 7 * j, Y(fi.y) - 8);
		if (fi.suppressed)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#fbc02d\" "
				"stroke-width=\"2\" stroke-dasharray=\"3 2\"/>\n", X(fi.x), Y(fi.y), S);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" text-anchor=\"middle\" fill=\"%s\">",
			X(fi.x), Y(fi.y) + S * (fi.mounted ? 1.4 : 1.0) + 2, colour(fi.player));
		put_text(f, fi.name);
		fprintf(f, "</text>\n");
	}
	for (i = 0; log && i < log->n; i++) {
		const struct svg_line *l = &log->v[i];
		const char *st;

		switch (l->kind) {
		case SVG_SHOT_KILL: st = "stroke=\"#b71c1c\" stroke-width=\"2.5\""; break;
		case SVG_SHOT_HIT: st = "stroke=\"#ef6c00\" stroke-width=\"2\""; break;
		case SVG_SHOT_MISS: st = "stroke=\"#757575\" stroke-width=\"1\" stroke-dasharray=\"3 3\""; break;
		case SVG_MELEE: st = "stroke=\"#000\" stroke-width=\"3\""; break;
		default: continue;
		}
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" %s/>\n",
			X(l->x0), Y(l->y0), X(l->x1), Y(l->y1), st);
	}
	/* the title and a legend */
	fprintf(f, "<text x=\"%.1f\" y=\"16\" font-size=\"13\" font-weight=\"bold\">", M);
	put_text(f, title);
	fprintf(f, "</text>\n");
	for (i = 0; i < nplayers && names; i++) {
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>"
			"<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">", M + 120.0 * i,
			Y(0) + 14, colour(i), M + 120.0 * i + 14, Y(0) + 23);
		put_text(f, names[i] ? names[i] : "?");
		fprintf(f, " (%d)</text>\n", skirmish_game_player_figures(g, i));
	}
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#555\">"
		"dashed: moves; grey: misses; orange: hits; red: kills; black: melee; "
		"o: rings; yellow circle: suppressed; X: fallen</text>\n", M, Y(0) + 38);
	fprintf(f, "</svg>\n");
#undef X
#undef Y
	if (fclose(f) != 0)
		return -1;
	return 0;
}

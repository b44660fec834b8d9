/* SPDX-License-Identifier: MIT */
/*
 * SVG pictures of the table (see svg.h). The table's y axis points up
 * (north), SVG's down, so every y is flipped and a facing (counter-
 * clockwise from +x) becomes a clockwise SVG rotation of -facing.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"

#define S 14.0                  /* pixels per inch */
#define ML 34.0                 /* margins, pixels: left (y labels), right */
#define MR 16.0
#define MT 34.0                 /* top: the title */
#define FONT 10.0               /* figure labels */
#define CAPTION_CHARS 104       /* a caption line, at 11 px */
#define MAX_LABELS 512

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

/* ------------------------------------------------------------------ */
/* the log of a turn                                                   */
/* ------------------------------------------------------------------ */

/* Grows an array of n elements of size bytes to hold one more. */
static int
grow(void *pv, int n, int *cap, size_t size)
{
	void **p = pv;
	void *v;
	int c;

	if (n < *cap)
		return 0;
	c = *cap ? 2 * *cap : 32;
	v = realloc(*p, (size_t)c * size);
	if (!v)
		return -1;
	*p = v;
	*cap = c;
	return 0;
}

static void
add(struct svg_log *log, double x0, double y0, double x1, double y1, int kind, int player)
{
	if (grow(&log->v, log->n, &log->cap, sizeof(log->v[0])) < 0) {
		log->failed = 1;
		return;
	}
	log->v[log->n].x0 = x0;
	log->v[log->n].y0 = y0;
	log->v[log->n].x1 = x1;
	log->v[log->n].y1 = y1;
	log->v[log->n].kind = kind;
	log->v[log->n].player = player;
	log->n++;
}

static void
add_fallen(struct svg_log *log, int id)
{
	if (grow(&log->fallen, log->nfallen, &log->capfallen, sizeof(log->fallen[0])) < 0) {
		log->failed = 1;
		return;
	}
	log->fallen[log->nfallen++] = id;
}

static void
add_note(struct svg_log *log, const char *text)
{
	char *c;

	if (grow(&log->notes, log->nnotes, &log->capnotes, sizeof(log->notes[0])) < 0 ||
	    !(c = strdup(text))) {
		log->failed = 1;
		return;
	}
	log->notes[log->nnotes++] = c;
}

/* Worth a caption: what changed a figure other than by moving it. */
static int
noteworthy(const skirmish_result *r)
{
	int i;

	if (r->action == SKIRMISH_ACTION_START)
		return 1;
	if (r->outcome != SKIRMISH_OUTCOME_NONE && r->outcome != SKIRMISH_OUTCOME_MISS)
		return 1;
	for (i = 0; i < r->neffects; i++)
		switch (r->effects[i].kind) {
		case SKIRMISH_EFFECT_KILLED:
		case SKIRMISH_EFFECT_REMOVED:
		case SKIRMISH_EFFECT_HORSE_KILLED:
		case SKIRMISH_EFFECT_MELEE_JOINED:
		case SKIRMISH_EFFECT_OBJECTIVE_TAKEN:
		case SKIRMISH_EFFECT_OBJECTIVE_DROPPED:
		case SKIRMISH_EFFECT_OBJECTIVE_OFF:
		case SKIRMISH_EFFECT_GAME_OVER:
		case SKIRMISH_EFFECT_MOUNTED:
		case SKIRMISH_EFFECT_DISMOUNTED:
			return 1;
		default:
			break;
		}
	return 0;
}

void
svg_log_result(struct svg_log *log, const struct scn *s, const skirmish_result *r)
{
	const skirmish_game *g = scn_game(s);
	skirmish_figure_info a = SKIRMISH_FIGURE_INFO_INIT, b = SKIRMISH_FIGURE_INFO_INIT;
	int i, p = r->player;

	for (i = 0; i < r->neffects; i++) {
		const skirmish_effect *e = &r->effects[i];

		if (e->kind == SKIRMISH_EFFECT_MOVED && (e->x0 != e->x1 || e->y0 != e->y1))
			add(log, e->x0, e->y0, e->x1, e->y1, SVG_MOVE, e->player);
		else if (e->kind == SKIRMISH_EFFECT_PUSHED_BACK)
			add(log, e->x0, e->y0, e->x1, e->y1, SVG_PUSH, e->player);
		else if ((e->kind == SKIRMISH_EFFECT_KILLED || e->kind == SKIRMISH_EFFECT_REMOVED) &&
			 e->figure >= 0)
			add_fallen(log, e->figure);
	}
	/* every move counts, the one into contact (whose sentence is a note)
	 * too, and says so: "3 moves (1 into contact)" */
	if (p >= 0 && p <= SKIRMISH_MAX_PLAYERS && r->action == SKIRMISH_ACTION_MOVE) {
		log->moves[p]++;
		for (i = 0; i < r->neffects; i++)
			if (r->effects[i].kind == SKIRMISH_EFFECT_MELEE_JOINED ||
			    r->effects[i].kind == SKIRMISH_EFFECT_FIGHT)
				break;
		if (i < r->neffects || r->outcome != SKIRMISH_OUTCOME_NONE)
			log->contacts[p]++;
	}
	if (noteworthy(r)) {
		char buf[SCN_TEXT_MAX];

		scn_describe_result(s, r, buf, sizeof(buf));
		add_note(log, buf);
	} else if (p >= 0 && p <= SKIRMISH_MAX_PLAYERS && r->action == SKIRMISH_ACTION_SHOOT) {
		log->misses[p]++;
	}
	if (!g || r->figure < 0 || r->target < 0 || skirmish_game_figure(g, r->figure, &a) < 0 ||
	    skirmish_game_figure(g, r->target, &b) < 0)
		return;
	if (r->action == SKIRMISH_ACTION_SHOOT) {
		int kind = SVG_SHOT_MISS;

		if (r->outcome == SKIRMISH_OUTCOME_KILL)
			kind = SVG_SHOT_KILL;
		else if (r->outcome != SKIRMISH_OUTCOME_MISS && r->outcome != SKIRMISH_OUTCOME_NONE)
			kind = SVG_SHOT_HIT;
		add(log, a.x, a.y, b.x, b.y, kind, a.player);
	} else if (r->action == SKIRMISH_ACTION_FIGHT ||
		   (r->action == SKIRMISH_ACTION_MOVE && r->outcome != SKIRMISH_OUTCOME_NONE)) {
		/* a fight, or a Senso charge that fought at once (S4) */
		add(log, a.x, a.y, b.x, b.y, SVG_MELEE, a.player);
	}
}

void
svg_log_clear(struct svg_log *log)
{
	int i;

	for (i = 0; i < log->nnotes; i++)
		free(log->notes[i]);
	log->n = log->nfallen = log->nnotes = 0;
	memset(log->moves, 0, sizeof(log->moves));
	memset(log->misses, 0, sizeof(log->misses));
	memset(log->contacts, 0, sizeof(log->contacts));
	log->failed = 0;
}

void
svg_log_free(struct svg_log *log)
{
	svg_log_clear(log);
	free(log->v);
	free(log->fallen);
	free(log->notes);
	memset(log, 0, sizeof(*log));
}

/* ------------------------------------------------------------------ */
/* drawing                                                             */
/* ------------------------------------------------------------------ */

void
svg_put_text(FILE *f, const char *s)
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

static void
put_text_n(FILE *f, const char *s, int n)
{
	char buf[SCN_TEXT_MAX];

	if (n >= (int)sizeof(buf))
		n = (int)sizeof(buf) - 1;
	memcpy(buf, s, (size_t)n);
	buf[n] = '\0';
	svg_put_text(f, buf);
}

/* A piece's fill and outline; "%s" stands for the fill of rough ground,
 * the picture's own pattern (ids are per picture: a page holds many). */
static const char *
terrain_style(unsigned int fl)
{
	if (fl & SKIRMISH_TERRAIN_WATER)
		return "fill=\"#9ccbee\" stroke=\"#3d7ab8\"";
	if (fl & SKIRMISH_TERRAIN_BLOCKS_SIGHT)
		return "fill=\"#bcaaa4\" stroke=\"#4e342e\" stroke-width=\"2\"";
	if (fl & SKIRMISH_TERRAIN_OBSTACLE)
		return "fill=\"#8d6e63\" stroke=\"#3e2723\"";
	if (fl & SKIRMISH_TERRAIN_IMPASSABLE)
		return "fill=\"#757575\" stroke=\"#212121\"";
	if (fl & SKIRMISH_TERRAIN_HILL)
		return "fill=\"#dce8b5\" stroke=\"#8a9a5b\" stroke-dasharray=\"6 3\"";
	if ((fl & SKIRMISH_TERRAIN_ROUGH) && (fl & SKIRMISH_TERRAIN_COVER))
		return "%s stroke=\"#558b2f\"";
	if (fl & SKIRMISH_TERRAIN_ROUGH)
		return "%s stroke=\"#8d6e63\"";
	if (fl & SKIRMISH_TERRAIN_COVER)
		return "fill=\"#a5d6a7\" stroke=\"#558b2f\"";
	return "fill=\"#eeeeee\" stroke=\"#999999\"";
}

struct box {
	double x0, y0, x1, y1;
};

struct picture {
	FILE *f;
	double W, D;
	struct box taken[MAX_LABELS];  /* bases and labels placed so far */
	int ntaken;
};

static double
px(const struct picture *p, double x)
{
	(void)p;
	return ML + x * S;
}

static double
py(const struct picture *p, double y)
{
	return MT + (p->D - y) * S;
}

static double
overlap(const struct box *a, const struct box *b)
{
	double w = fmin(a->x1, b->x1) - fmax(a->x0, b->x0);
	double h = fmin(a->y1, b->y1) - fmax(a->y0, b->y0);

	return w > 0 && h > 0 ? w * h : 0;
}

static void
take(struct picture *p, struct box b)
{
	if (p->ntaken < MAX_LABELS)
		p->taken[p->ntaken++] = b;
}

/*
 * Places a label of n characters near (cx, cy) pixels, r pixels from the
 * centre: below, above, right, left, the diagonals, then twice as far; the
 * first place that overlaps nothing placed before, or the least crowded.
 * Writes the text's anchor point and returns the text-anchor to use.
 */
static const char *
place_label(struct picture *p, double cx, double cy, double r, int n, double font,
	    double *ax, double *ay)
{
	static const struct {
		double dx, dy;
		int anchor;             /* -1 end, 0 middle, 1 start */
	} tries[] = {
		{ 0, 1, 0 }, { 0, -1, 0 }, { 1, 0, 1 }, { -1, 0, -1 },
		{ 0.8, 0.8, 1 }, { -0.8, 0.8, -1 }, { 0.8, -0.8, 1 }, { -0.8, -0.8, -1 },
	};
	double w = 0.58 * font * n, h = font, best = 1e18;
	int k, ring, bk = 0, bring = 0;
	struct box bb = { 0, 0, 0, 0 };

	for (ring = 1; ring <= 3; ring++)
		for (k = 0; k < (int)(sizeof(tries) / sizeof(tries[0])); k++) {
			double d = r * ring + 2, x = cx + tries[k].dx * d, y = cy + tries[k].dy * d;
			struct box b;
			double cost = 0;
			int i;

			if (tries[k].dy > 0)
				y += h * 0.8;
			else if (tries[k].dy == 0)
				y += h * 0.35;
			b.x0 = tries[k].anchor == 1 ? x : tries[k].anchor == 0 ? x - w / 2 : x - w;
			b.x1 = b.x0 + w;
			b.y0 = y - h * 0.8;
			b.y1 = y + h * 0.2;
			for (i = 0; i < p->ntaken; i++)
				cost += overlap(&b, &p->taken[i]);
			if (b.x0 < 0 || b.x1 > ML + p->W * S + MR || b.y0 < MT)
				cost += 1e6;
			cost += (ring - 1) * 4.0;     /* nearer is better */
			if (cost < best) {
				best = cost;
				bk = k;
				bring = ring;
				bb = b;
				*ax = x;
				*ay = y;
			}
			if (cost == 0)
				goto found;
		}
found:
	(void)bring;
	take(p, bb);
	return tries[bk].anchor == 1 ? "start" : tries[bk].anchor == 0 ? "middle" : "end";
}

static void
label(struct picture *p, double cx, double cy, double r, const char *text, double font,
      const char *fill, const char *extra)
{
	double x = cx, y = cy;
	const char *anchor = place_label(p, cx, cy, r, (int)strlen(text), font, &x, &y);

	fprintf(p->f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.0f\" text-anchor=\"%s\" "
		"fill=\"%s\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\" "
		"stroke-linejoin=\"round\"%s>", x, y, font, anchor, fill, extra ? extra : "");
	svg_put_text(p->f, text);
	fprintf(p->f, "</text>\n");
}

/* The light grid: every inch faint, every 6" stronger and numbered. */
static void
grid(struct picture *p)
{
	FILE *f = p->f;
	int i;

	fprintf(f, "<g stroke=\"#d9d2ba\" stroke-width=\"0.5\">\n");
	for (i = 1; i < p->W; i++)
		if (i % 6)
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
				px(p, i), py(p, 0), px(p, i), py(p, p->D));
	for (i = 1; i < p->D; i++)
		if (i % 6)
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
				px(p, 0), py(p, i), px(p, p->W), py(p, i));
	fprintf(f, "\n</g>\n<g stroke=\"#b9ae8e\" stroke-width=\"1\">\n");
	for (i = 6; i < p->W; i += 6)
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
			px(p, i), py(p, 0), px(p, i), py(p, p->D));
	for (i = 6; i < p->D; i += 6)
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
			px(p, 0), py(p, i), px(p, p->W), py(p, i));
	fprintf(f, "\n</g>\n<g font-size=\"9\" fill=\"#6d6550\">\n");
	for (i = 0; i <= p->W; i += 6)
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%d</text>",
			px(p, i), py(p, 0) + 11, i);
	for (i = 0; i <= p->D; i += 6)
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d</text>",
			px(p, 0) - 4, py(p, i) + 3, i);
	fprintf(f, "\n</g>\n");
}

/* A scale bar of 6" and a compass, under the table's right-hand corner. */
static void
scale_and_compass(struct picture *p)
{
	FILE *f = p->f;
	double x0 = px(p, p->W) - 6 * S - 40, y = py(p, 0) + 22;
	int i;

	for (i = 0; i < 6; i++)
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"5\" fill=\"%s\" "
			"stroke=\"#333\" stroke-width=\"0.5\"/>", x0 + i * S, y, S,
			i % 2 ? "#fff" : "#333");
	fprintf(f, "\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#333\">0</text>"
		"<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#333\" text-anchor=\"middle\">"
		"6 inches</text>\n", x0 - 2, y + 14, x0 + 6 * S, y + 14);
	/* north is up the page: +y */
	fprintf(f, "<g transform=\"translate(%.1f %.1f)\"><path d=\"M0 -12 L5 2 L0 -2 L-5 2 Z\" "
		"fill=\"#333\"/><text x=\"0\" y=\"12\" font-size=\"10\" font-weight=\"bold\" "
		"text-anchor=\"middle\" fill=\"#333\">N</text></g>\n", px(p, p->W) - 10, y + 2);
}

static int
carried_off(const struct scn *s, int id)
{
	int i, n = skirmish_game_objective_count(scn_game(s));

	for (i = 0; i < n; i++)
		if (scn_objective_carried_off_by(s, i) == id)
			return 1;
	return 0;
}

static int
fell_this_turn(const struct svg_log *log, int id)
{
	int i;

	for (i = 0; log && i < log->nfallen; i++)
		if (log->fallen[i] == id)
			return 1;
	return 0;
}

/* Splits a text into caption lines; returns how many (each at most
 * CAPTION_CHARS, cut at blanks) and, when f is given, writes them. */
static int
caption_lines(FILE *f, const char *text, double x, double *y, const char *first,
	      const char *attrs)
{
	const char *q = text;
	int lines = 0;

	while (*q) {
		int n = (int)strlen(q), cut = n, room = CAPTION_CHARS - (lines ? 4 : 2);

		if (n > room) {
			for (cut = room; cut > 0 && q[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = room;
		}
		if (f && y) {
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" %s>%s", x + (lines ? 14 : 0),
				*y, attrs, lines ? "" : first);
			put_text_n(f, q, cut);
			fprintf(f, "</text>\n");
			*y += 14;
		}
		lines++;
		q += cut;
		while (*q == ' ')
			q++;
	}
	return lines;
}

/* The caption's lines: a summary per side and the sentences that matter. */
static int
caption(FILE *f, const struct scn *s, const struct svg_log *log, const char *result,
	double x, double *y, int turn)
{
	const skirmish_game *g = scn_game(s);
	int i, lines = 0, np = g ? skirmish_game_player_count(g) : 0;
	char buf[SCN_TEXT_MAX];
	size_t len;
	int any = 0;

	if (result) {
		lines += caption_lines(f, result, x, y, "",
				       "font-weight=\"bold\" fill=\"#1b1b1b\"") + 1;
		if (f && y)
			*y += 14;       /* a blank line under the result's box */
	}
	snprintf(buf, sizeof(buf), "Turn %d:", turn);
	len = strlen(buf);
	for (i = 0; log && i < np && i <= SKIRMISH_MAX_PLAYERS; i++) {
		if (!log->moves[i] && !log->misses[i])
			continue;
		any = 1;
		len += (size_t)snprintf(buf + len, len < sizeof(buf) ? sizeof(buf) - len : 0,
					" %s %d move%s", scn_player_name(s, i), log->moves[i],
					log->moves[i] == 1 ? "" : "s");
		if (log->contacts[i] && len < sizeof(buf))
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, " (%d into contact)",
						log->contacts[i]);
		if (len < sizeof(buf))
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s",
						log->misses[i] ? "," : ";");
		if (log->misses[i] && len < sizeof(buf))
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, " %d missed shot%s;",
						log->misses[i], log->misses[i] == 1 ? "" : "s");
	}
	if (len < sizeof(buf) && buf[len - 1] == ';')
		buf[--len] = '.';
	if (!any && (!log || !log->nnotes) && len < sizeof(buf))
		snprintf(buf + len, sizeof(buf) - len, " nothing happened.");
	lines += caption_lines(f, buf, x, y, "", "fill=\"#333\" font-weight=\"bold\"");
	for (i = 0; log && i < log->nnotes; i++)
		lines += caption_lines(f, log->notes[i], x, y, "\xe2\x80\xa2 ", "fill=\"#333\"");
	return lines;
}

int
svg_put(FILE *f, const struct scn *s, const struct svg_log *log, const char *title, int turn,
	const char *result)
{
	const skirmish_game *g = scn_game(s);
	struct picture *p;
	double pts[2 * SKIRMISH_POLYGON_MAX], h, W, D, y;
	int i, j, n, np, nplayers, lines;
	unsigned int fl;
	const char *tname;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
	char words[SCN_TEXT_MAX];

	if (!g)
		return -1;
	p = calloc(1, sizeof(*p));
	if (!p)
		return -1;
	scn_table_size(s, &W, &D);
	if (!(W > 0 && W < 1000) || !(D > 0 && D < 1000)) {
		W = 72;
		D = 48;
	}
	p->f = f;
	p->W = W;
	p->D = D;
	nplayers = skirmish_game_player_count(g);
	n = skirmish_game_figure_count(g);
	y = 0;
	lines = caption(NULL, s, log, result, 0, &y, turn);
	{
		double width = ML + W * S + MR, height = MT + D * S + 78 + 14.0 * lines + 10;

		fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
			"viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n",
			width, height, width, height);
	}
	fprintf(f, "<defs><pattern id=\"rough-%d\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">"
		"<rect width=\"8\" height=\"8\" fill=\"#e6dccf\"/>"
		"<path d=\"M0 8 L8 0\" stroke=\"#a08c74\" stroke-width=\"1\"/></pattern></defs>\n", turn);
	fprintf(f, "<title>");
	svg_put_text(f, title);
	fprintf(f, "</title>\n<rect x=\"0\" y=\"0\" width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#f6f2e4\" "
		"stroke=\"#333\"/>\n", px(p, 0), py(p, D), W * S, D * S);
	grid(p);
	for (i = 0; i < skirmish_game_terrain_count(g); i++) {
		if (skirmish_game_terrain(g, i, &fl, &tname, &h, pts, SKIRMISH_POLYGON_MAX, &np) < 0 ||
		    np < 3)
			continue;
		{
			const char *st = terrain_style(fl), *hole = strstr(st, "%s");

			if (hole)
				fprintf(f, "<polygon %.*sfill=\"url(#rough-%d)\"%s points=\"",
					(int)(hole - st), st, turn, hole + 2);
			else
				fprintf(f, "<polygon %s points=\"", st);
		}
		for (j = 0; j < np && j < SKIRMISH_POLYGON_MAX; j++)
			fprintf(f, "%s%.1f,%.1f", j ? " " : "", px(p, pts[2 * j]), py(p, pts[2 * j + 1]));
		fprintf(f, "\"><title>");
		svg_put_text(f, tname ? tname : "");
		fprintf(f, "</title></polygon>\n");
	}
	/* the bases first, so that no label covers one */
	for (i = 0; i < n; i++) {
		struct box b;
		double r;

		if (skirmish_game_figure(g, i, &fi) < 0 || fi.removed)
			continue;
		r = S * fmax(fi.base_width, fi.base_depth) / 2;
		b.x0 = px(p, fi.x) - r;
		b.x1 = px(p, fi.x) + r;
		b.y0 = py(p, fi.y) - r;
		b.y1 = py(p, fi.y) + r;
		take(p, b);
	}
	/* terrain names in words, at the middle of each piece */
	for (i = 0; i < skirmish_game_terrain_count(g); i++) {
		double cx = 0, cy = 0;

		if (skirmish_game_terrain(g, i, &fl, &tname, &h, pts, SKIRMISH_POLYGON_MAX, &np) < 0 ||
		    np < 3)
			continue;
		for (j = 0; j < np && j < SKIRMISH_POLYGON_MAX; j++) {
			cx += pts[2 * j];
			cy += pts[2 * j + 1];
		}
		scn_terrain_words(tname ? tname : "", words, sizeof(words));
		if (fl & SKIRMISH_TERRAIN_HILL) {
			size_t k = strlen(words);
			snprintf(words + k, sizeof(words) - k, " (%g\" high)", h);
		}
		label(p, px(p, cx / j), py(p, cy / j), 0, words, 11, "#3e3a2e",
		      " font-style=\"italic\"");
	}
	/* the turn's moves under the figures */
	for (i = 0; log && i < log->n; i++) {
		const struct svg_line *l = &log->v[i];

		if (l->kind == SVG_MOVE || l->kind == SVG_PUSH)
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
				"stroke-width=\"1.5\" stroke-dasharray=\"%s\" opacity=\"0.7\"/>"
				"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"%s\"/>\n",
				px(p, l->x0), py(p, l->y0), px(p, l->x1), py(p, l->y1), colour(l->player),
				l->kind == SVG_PUSH ? "2 2" : "5 3", px(p, l->x0), py(p, l->y0),
				colour(l->player));
	}
	/* the fallen of earlier turns, faint, under everything else */
	for (i = 0; i < n; i++)
		if (skirmish_game_figure(g, i, &fi) == 0 && fi.removed && !fi.is_horse &&
		    !fell_this_turn(log, i) && !carried_off(s, i)) {
			fprintf(f, "<g opacity=\"0.35\"><path d=\"M%.1f %.1f l6 6 m0 -6 l-6 6\" "
				"stroke=\"%s\" stroke-width=\"1.5\"/><title>", px(p, fi.x) - 3,
				py(p, fi.y) - 3, colour(fi.player));
			svg_put_text(f, fi.name);
			fprintf(f, " (fell earlier)</title></g>\n");
		}
	/* the melee contacts now: a thick red bar between the bases */
	for (i = 0; i < n; i++) {
		int ids[32], nc, k;
		skirmish_figure_info o = SKIRMISH_FIGURE_INFO_INIT;

		if (skirmish_game_figure(g, i, &fi) < 0 || fi.removed || !fi.in_melee ||
		    skirmish_game_figure_contacts(g, i, ids, 32, &nc) < 0)
			continue;
		for (k = 0; k < nc && k < 32; k++)
			if (ids[k] > i && skirmish_game_figure(g, ids[k], &o) == 0)
				fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
					"stroke=\"#fff\" stroke-width=\"8\" stroke-linecap=\"round\"/>"
					"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
					"stroke=\"#b71c1c\" stroke-width=\"4\" stroke-linecap=\"round\">"
					"<title>in melee</title></line>\n",
					px(p, fi.x), py(p, fi.y), px(p, o.x), py(p, o.y),
					px(p, fi.x), py(p, fi.y), px(p, o.x), py(p, o.y));
	}
	for (i = 0; i < n; i++) {
		if (skirmish_game_figure(g, i, &fi) < 0 || fi.removed)
			continue;
		fprintf(f, "<g transform=\"translate(%.1f %.1f) rotate(%.0f)\"><title>",
			px(p, fi.x), py(p, fi.y), -fi.facing);
		svg_put_text(f, fi.name);
		fprintf(f, "</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			"fill=\"%s\" stroke=\"#000\" fill-opacity=\"%s\"/>"
			"<line x1=\"0\" y1=\"0\" x2=\"%.1f\" y2=\"0\" stroke=\"#fff\" stroke-width=\"2\"/></g>\n",
			-fi.base_depth * S / 2, -fi.base_width * S / 2, fi.base_depth * S,
			fi.base_width * S, fi.is_horse ? "#8d6e63" : colour(fi.player),
			fi.is_horse ? "0.6" : "0.9", fi.base_depth * S / 2);
		if (fi.is_horse)
			continue;
		for (j = 0; j < fi.rings && j < 4; j++)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#fff\" stroke=\"#000\" "
				"stroke-width=\"1.5\"/>\n", px(p, fi.x) + S * 0.7 + 7 * j, py(p, fi.y) - S * 0.6);
		if (fi.suppressed)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#f9a825\" "
				"stroke-width=\"2\" stroke-dasharray=\"3 2\"/>\n", px(p, fi.x), py(p, fi.y), S);
	}
	/* the objectives: a barrel-brown counter; a carrier gets a gold ring */
	for (i = 0; i < skirmish_game_objective_count(g); i++) {
		int st, carrier, player;
		double ox, oy;
		const char *oname;

		if (skirmish_game_objective(g, i, &st, &carrier, &player, &ox, &oy, &oname) < 0 ||
		    st == SKIRMISH_OBJECTIVE_OFF_TABLE)
			continue;
		scn_terrain_words(oname, words, sizeof(words));
		if (st == SKIRMISH_OBJECTIVE_CARRIED)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" "
				"stroke=\"#f9a825\" stroke-width=\"3\"><title>", px(p, ox), py(p, oy), S * 1.1);
		else
			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"3\" "
				"fill=\"#a1662f\" stroke=\"#f9a825\" stroke-width=\"2\"><title>",
				px(p, ox) - S / 2, py(p, oy) - S / 2, S, S);
		svg_put_text(f, words);
		fprintf(f, "</title>%s\n", st == SKIRMISH_OBJECTIVE_CARRIED ? "</circle>" : "</rect>");
		if (st != SKIRMISH_OBJECTIVE_CARRIED)
			label(p, px(p, ox), py(p, oy), S / 2, words, 10, "#6d3f12", " font-weight=\"bold\"");
	}
	/* a figure that carried an objective off the table (O4) */
	for (i = 0; i < n; i++) {
		if (skirmish_game_figure(g, i, &fi) < 0 || !carried_off(s, i))
			continue;
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#a1662f\" "
			"stroke=\"#f9a825\" stroke-width=\"3\"><title>", px(p, fi.x), py(p, fi.y),
			S * 0.7);
		svg_put_text(f, fi.name);
		fprintf(f, " left the table with the objective</title></circle>\n");
		snprintf(words, sizeof(words), "%s left the table with it", fi.name);
		label(p, px(p, fi.x), py(p, fi.y), S, words, FONT, colour(fi.player),
		      " font-weight=\"bold\"");
	}
	/* this turn's fallen: a bold cross and the name */
	for (i = 0; i < n; i++) {
		if (skirmish_game_figure(g, i, &fi) < 0 || !fi.removed || fi.is_horse ||
		    !fell_this_turn(log, i))
			continue;
		fprintf(f, "<path d=\"M%.1f %.1f l12 12 m0 -12 l-12 12\" stroke=\"#fff\" "
			"stroke-width=\"5\"/><path d=\"M%.1f %.1f l12 12 m0 -12 l-12 12\" "
			"stroke=\"%s\" stroke-width=\"3\"><title>", px(p, fi.x) - 6, py(p, fi.y) - 6,
			px(p, fi.x) - 6, py(p, fi.y) - 6, colour(fi.player));
		svg_put_text(f, fi.name);
		fprintf(f, " fell this turn</title></path>\n");
		snprintf(words, sizeof(words), "%s fell", fi.name);
		label(p, px(p, fi.x), py(p, fi.y), 7, words, FONT, colour(fi.player),
		      " font-style=\"italic\"");
	}
	/* names, placed where they collide with nothing */
	for (i = 0; i < n; i++) {
		if (skirmish_game_figure(g, i, &fi) < 0 || fi.removed || fi.is_horse)
			continue;
		label(p, px(p, fi.x), py(p, fi.y), S * fmax(fi.base_width, fi.base_depth) / 2,
		      fi.name, FONT, colour(fi.player), " font-weight=\"bold\"");
	}
	/* the turn's shots and fights over everything */
	for (i = 0; log && i < log->n; i++) {
		const struct svg_line *l = &log->v[i];
		const char *st;

		switch (l->kind) {
		case SVG_SHOT_KILL: st = "stroke=\"#b71c1c\" stroke-width=\"2.5\""; break;
		case SVG_SHOT_HIT: st = "stroke=\"#ef6c00\" stroke-width=\"2\""; break;
		case SVG_SHOT_MISS: st = "stroke=\"#757575\" stroke-width=\"1\" stroke-dasharray=\"3 3\""; break;
		case SVG_MELEE: st = "stroke=\"#000\" stroke-width=\"3\" stroke-dasharray=\"6 3\""; break;
		default: continue;
		}
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" %s/>\n",
			px(p, l->x0), py(p, l->y0), px(p, l->x1), py(p, l->y1), st);
	}
	/* the title, the sides, the scale and the legend */
	fprintf(f, "<text x=\"%.1f\" y=\"22\" font-size=\"14\" font-weight=\"bold\">", ML);
	svg_put_text(f, title);
	fprintf(f, "</text>\n");
	for (i = 0; i < nplayers; i++) {
		if (skirmish_game_umpire(g) == i)
			continue;
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>"
			"<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">", ML + 130.0 * i,
			py(p, 0) + 20, colour(i), ML + 130.0 * i + 14, py(p, 0) + 29);
		svg_put_text(f, scn_player_name(s, i));
		fprintf(f, " (%d in play)</text>\n", skirmish_game_player_figures(g, i));
	}
	scale_and_compass(p);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#555\">"
		"Lines: dashed, moves; grey, misses; orange, hits; red, kills; black dashes, fights. "
		"Red bar: in melee.</text>\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" "
		"fill=\"#555\">o: a ring; yellow dashed circle: suppressed; gold: the objective "
		"(a ring: carried); X: fallen (bold: this turn, faint: before).</text>\n",
		ML, py(p, 0) + 46, ML, py(p, 0) + 58);
	y = py(p, 0) + 78;
	if (result) {
		int rl = caption_lines(NULL, result, 0, NULL, "", "");

		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			"fill=\"#fff3c4\" stroke=\"#f9a825\"/>\n", ML - 4, y - 12, W * S + 8,
			14.0 * rl + 6);
	}
	caption(f, s, log, result, ML, &y, turn);
	fprintf(f, "</svg>\n");
	free(p);
	return ferror(f) ? -1 : 0;
}

int
svg_write(const char *path, const struct scn *s, const struct svg_log *log, const char *title,
	  int turn, const char *result)
{
	FILE *f = fopen(path, "w");
	int rc;

	if (!f)
		return -1;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	rc = svg_put(f, s, log, title, turn, result);
	if (fclose(f) != 0)
		rc = -1;
	return rc;
}

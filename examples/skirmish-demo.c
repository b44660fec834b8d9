/* SPDX-License-Identifier: MIT */
/*
 * skirmish-demo: two computer-controlled sides fight a whole battle and the
 * library narrates it, with a key to reading it first; -v shows every die
 * and modifier.
 *
 *   skirmish-demo                 a Senso town fight (two clans of 12)
 *   skirmish-demo --sampson       a Sampson Ships skirmish
 *   skirmish-demo --seed 7        replays battle 7 exactly
 *   skirmish-demo --svg DIR       one SVG picture of the table per turn
 *   skirmish-demo --html FILE     a page that steps through the turns
 *   skirmish-demo --scenario F    a battle from a console scenario file
 *   skirmish-demo -v              every die and modifier under each sentence
 *
 * The battles are console scenarios (examples/scenarios/, doc/console.md)
 * compiled into the program. The sides play by simple, sensible rules of
 * thumb built on the library's public queries and its exact odds
 * (skirmish_game_odds): shoot at the best odds, charge when the fight
 * favours them, reload, keep bows at range, seek cover; when the table has
 * an objective, the nearest fighter of each side runs for it, its carrier
 * for its side's edge, and the enemy goes for the carrier (O2-O4).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "demo-scenarios.h"
#include "scenario.h"
#include "svg.h"
#include "viewer.h"

#define MAX_FIGS 256
#define PI 3.14159265358979323846
#define MAX_TERRAIN 128

struct piece {
	unsigned int flags;
	int n;
	double p[2 * SKIRMISH_POLYGON_MAX];
};

struct demo {
	struct scn *scn;
	skirmish_game *g;
	long search;              /* > 0: iterations of the library's search a decision */
	uint64_t search_seed;     /* the next decision's seed */
	int ruleset;
	double table_w, table_d;
	int night;
	struct piece terr[MAX_TERRAIN];
	int nterr;
	int start_figs[SKIRMISH_MAX_PLAYERS + 1];
	/* pictures */
	const char *svg_dir;
	struct svg_log log;
	struct viewer *viewer;   /* --html */
	int pictures;
	int shown_turn;          /* the game turn whose header was printed */
	int shown_player;
	char shown_objectives[SCN_TEXT_MAX];
	const char *title;
	int failed;
};

/* ------------------------------------------------------------------ */
/* small helpers                                                       */
/* ------------------------------------------------------------------ */

static int
info(const struct demo *d, int id, skirmish_figure_info *fi)
{
	skirmish_figure_info init = SKIRMISH_FIGURE_INFO_INIT;

	*fi = init;
	return skirmish_game_figure(d->g, id, fi);
}

/* A fighting figure in play (not a horse marker). */
static int
alive(const struct demo *d, int id, skirmish_figure_info *fi)
{
	return info(d, id, fi) == 0 && !fi->removed && !fi->is_horse;
}

static void
action_init(skirmish_action *a, int kind, int fig, int target)
{
	skirmish_action_init(a, SKIRMISH_ACTION_VERSION);
	a->kind = kind;
	a->figure = fig;
	a->target = target;
}

/* The picture of a game turn that has ended (last: the battle too), as a
 * file (--svg) and in the turn viewer (--html). */
static void
picture(struct demo *d, int turn, int last)
{
	char path[4096], title[160], result[SCN_TEXT_MAX];

	snprintf(path, sizeof(path), "%s/turn-%03d.svg", d->svg_dir ? d->svg_dir : ".", turn);
	snprintf(title, sizeof(title), "%s, turn %d", d->title, turn);
	if (last)
		scn_describe_outcome(d->scn, result, sizeof(result));
	if (d->viewer)
		viewer_end_turn(d->viewer, d->scn, &d->log, title, turn, last ? result : NULL);
	if (d->svg_dir &&
	    svg_write(path, d->scn, &d->log, title, turn, last ? result : NULL) < 0) {
		fprintf(stderr, "skirmish-demo: cannot write %s: %s\n", path, strerror(errno));
		d->failed = 1;
		d->svg_dir = NULL;
	} else if (d->svg_dir) {
		d->pictures++;
	}
	svg_log_clear(&d->log);
}

/* Tells a result: its sentence (and with -v its dice and modifiers), the
 * turn's picture and the viewer. */
static void
tell(struct demo *d, const skirmish_result *r)
{
	scn_print_result(d->scn, r);
	svg_log_result(&d->log, d->scn, r);
	if (d->viewer)
		viewer_add(d->viewer, d->scn, r);
}

/* Prints a turn header when a new player's turn has begun, and where the
 * objectives are when that has changed. */
static void
header(struct demo *d)
{
	char obj[SCN_TEXT_MAX];
	int t = skirmish_game_turn(d->g), p = skirmish_game_active_player(d->g);

	if (skirmish_game_state(d->g) != SKIRMISH_STATE_PLAYING)
		return;
	if (t == d->shown_turn && p == d->shown_player)
		return;
	if (t != d->shown_turn && d->shown_turn > 0)
		picture(d, d->shown_turn, 0);
	d->shown_turn = t;
	d->shown_player = p;
	printf("\n=== Turn %d: %s ===\n", t, scn_player_name(d->scn, p));
	scn_describe_objectives(d->scn, obj, sizeof(obj));
	if (strcmp(obj, d->shown_objectives)) {
		scn_print_wrapped(stdout, "", "", obj, 76);
		snprintf(d->shown_objectives, sizeof(d->shown_objectives), "%s", obj);
	}
}

/* Takes an action; prints its sentence with every die and modifier. */
static int
act(struct demo *d, const skirmish_action *a)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int rc = skirmish_game_act(d->g, a, &r);

	if (rc < 0)
		return rc;
	tell(d, &r);
	return 0;
}

/* ------------------------------------------------------------------ */
/* geometry of places the figures are not at yet                       */
/* ------------------------------------------------------------------ */

static int
point_in(const struct piece *t, double x, double y)
{
	int i, j, pos = 0, neg = 0;

	for (i = 0, j = t->n - 1; i < t->n; j = i++) {
		double c = (t->p[2 * i] - t->p[2 * j]) * (y - t->p[2 * j + 1]) -
			   (t->p[2 * i + 1] - t->p[2 * j + 1]) * (x - t->p[2 * j]);
		if (c > 0)
			pos = 1;
		else if (c < 0)
			neg = 1;
	}
	return !(pos && neg);
}

static int
segs_cross(double ax, double ay, double bx, double by, double cx, double cy,
	   double dx, double dy)
{
	double d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
	double d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
	double d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
	double d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);

	return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
}

/* Whether the segment a-b touches a piece (crosses an edge or lies in it). */
static int
seg_hits(const struct piece *t, double ax, double ay, double bx, double by)
{
	int i, j;

	if (point_in(t, ax, ay) || point_in(t, bx, by))
		return 1;
	for (i = 0, j = t->n - 1; i < t->n; j = i++)
		if (segs_cross(ax, ay, bx, by, t->p[2 * j], t->p[2 * j + 1], t->p[2 * i],
			       t->p[2 * i + 1]))
			return 1;
	return 0;
}

/* G5 from (ax, ay) to (bx, by), and night (S12). */
static int
sees(const struct demo *d, double ax, double ay, double bx, double by)
{
	int i;

	if (d->night && hypot(bx - ax, by - ay) - 1 > 12)
		return 0;
	for (i = 0; i < d->nterr; i++)
		if ((d->terr[i].flags & SKIRMISH_TERRAIN_BLOCKS_SIGHT) &&
		    seg_hits(&d->terr[i], ax, ay, bx, by))
			return 0;
	return 1;
}

/* Cover at (bx, by) from a shooter at (ax, ay): standing in cover, or the
 * line passing cover terrain (S6), or an obstacle between (A5). */
static int
covered(const struct demo *d, double ax, double ay, double bx, double by)
{
	int i;

	for (i = 0; i < d->nterr; i++) {
		const struct piece *t = &d->terr[i];

		if (t->flags & SKIRMISH_TERRAIN_COVER) {
			if (point_in(t, bx, by))
				return 1;
			if (!point_in(t, ax, ay) && seg_hits(t, ax, ay, bx, by))
				return 1;
		}
		if ((t->flags & SKIRMISH_TERRAIN_OBSTACLE) && seg_hits(t, ax, ay, bx, by))
			return 1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* what the figures know of the rules                                  */
/* ------------------------------------------------------------------ */

/* Long and short range of a missile weapon, inches (Senso S6 table,
 * Sampson A5 table; Sampson has one range). */
static void
ranges(int weapon, double *lng, double *shrt)
{
	static const double tab[SKIRMISH_MISSILE_COUNT][2] = {
		{ 0, 0 }, { 30, 15 }, { 6, 3 }, { 4, 2 }, { 24, 12 },
		{ 24, 0 }, { 16, 0 }, { 16, 0 }, { 18, 0 }, { 10, 0 },
	};

	*lng = *shrt = 0;
	if (weapon > 0 && weapon < SKIRMISH_MISSILE_COUNT) {
		*lng = tab[weapon][0];
		*shrt = tab[weapon][1];
	}
}

/* What a figure is worth to its side: better fighters more (a low DV in
 * Senso; armour and a shield in Sampson). */
static double
worth(const skirmish_figure_info *fi)
{
	double w;

	if (fi->dv)
		w = 0.6 + (12 - fi->dv) / 20.0;
	else
		w = 0.8 + 0.1 * fi->armour + 0.1 * fi->shield;
	if (fi->mounted)
		w += 0.2;
	if (fi->missile_weapon)
		w += 0.1;
	return w;
}

/* The value of an action by its exact odds: kills and hits weighed by what
 * the target and the actor are worth. -1 when it is not legal. */
static double
odds_value(struct demo *d, const skirmish_action *a, const skirmish_figure_info *me,
	   const skirmish_figure_info *them, double *pwin)
{
	skirmish_odds o;
	double v = 0, win = 0;
	int i;

	if (pwin)
		*pwin = 0;
	if (skirmish_game_check_action(d->g, a) != 0)
		return -1;
	skirmish_odds_init(&o, SKIRMISH_ODDS_VERSION);
	if (skirmish_game_odds(d->g, a, &o) != 0)
		return -1;
	for (i = 0; i < o.noutcomes; i++) {
		double p = o.outcomes[i].probability;

		/* the acting side killed or pushed back is a loss */
		if (o.outcomes[i].side == 0 &&
		    (o.outcomes[i].outcome == SKIRMISH_OUTCOME_KILL ||
		     o.outcomes[i].outcome == SKIRMISH_OUTCOME_PUSHED_BACK)) {
			v -= p * (o.outcomes[i].outcome == SKIRMISH_OUTCOME_KILL ? 1.0 : 0.3) *
			     worth(me);
			continue;
		}
		switch (o.outcomes[i].outcome) {
		case SKIRMISH_OUTCOME_KILL:
			v += p * worth(them);
			win += p;
			break;
		case SKIRMISH_OUTCOME_HIT:
			v += p * 0.45 * worth(them);
			win += p;
			break;
		case SKIRMISH_OUTCOME_HORSE_KILLED:
			v += p * 0.5 * worth(them);
			win += p;
			break;
		case SKIRMISH_OUTCOME_SUPPRESSED:
			v += p * 0.3 * worth(them);
			win += p;
			break;
		case SKIRMISH_OUTCOME_ATTACKER_WINS:
			v += p * worth(them);
			win += p;
			break;
		case SKIRMISH_OUTCOME_PUSHED_BACK:
			v += p * 0.3 * worth(them);
			win += p;
			break;
		case SKIRMISH_OUTCOME_DEFENDER_WINS:
			v -= p * worth(me);
			break;
		default:
			break;
		}
	}
	if (pwin)
		*pwin = win;
	return v;
}

/* Sampson A7 by hand for a charge (the fight comes later, in the Melee
 * phase): both roll a die; the charger adds moved into contact, its shield
 * and armour, a longer weapon, being uphill. Returns the chance that the
 * charger wins minus the chance that it loses. */
static double
sampson_charge_edge(const struct demo *d, const skirmish_figure_info *me,
		    const skirmish_figure_info *them)
{
	int a, b, sides = 6, ma = 1, mb = 0;
	double win = 0, lose = 0;

	(void)d;
	ma += me->shield + me->armour + (me->melee_weapon > them->melee_weapon);
	mb += them->shield + them->armour + (them->melee_weapon > me->melee_weapon);
	if (them->elevation > me->elevation)
		mb++;
	for (a = 1; a <= sides; a++)
		for (b = 1; b <= sides; b++) {
			if (a + ma > b + mb)
				win += 1.0 / 36;
			else if (a + ma < b + mb)
				lose += 1.0 / 36;
		}
	return win - lose;
}

/* ------------------------------------------------------------------ */
/* choosing where to go                                                */
/* ------------------------------------------------------------------ */

struct side_view {
	int n;
	skirmish_figure_info e[MAX_FIGS];  /* the enemies in play */
};

static void
enemies(struct demo *d, int player, struct side_view *v)
{
	int i, n = skirmish_game_figure_count(d->g);
	skirmish_figure_info fi;

	v->n = 0;
	for (i = 0; i < n && v->n < MAX_FIGS; i++)
		if (alive(d, i, &fi) && fi.player != player)
			v->e[v->n++] = fi;
}

/* How far a figure can move in a turn (Senso S9, Sampson A3), plus the
 * inch of its base. */
static double
reach(const struct demo *d, const skirmish_figure_info *e)
{
	if (d->ruleset == SKIRMISH_RULESET_SAMPSON)
		return (e->mounted ? 8.0 : 4.0) + 1.0;
	return (e->mounted ? 12.0 : 6.0) + 1.0;
}

static double
gap(double ax, double ay, double bx, double by)
{
	double g = hypot(bx - ax, by - ay) - 1.0;

	return g < 0 ? 0 : g;
}

/* The objective, when there is one on the table or carried (O2). */
static int
objective(const struct demo *d, int *state, int *carrier, double *x, double *y)
{
	int i, player, n = skirmish_game_objective_count(d->g);
	const char *name;

	for (i = 0; i < n; i++)
		if (skirmish_game_objective(d->g, i, state, carrier, &player, x, y, &name) == 0 &&
		    *state != SKIRMISH_OBJECTIVE_OFF_TABLE)
			return 1;
	return 0;
}

/* Where a figure wants to be for the objective, if anywhere: the nearest
 * fighter of each side runs for a counter on the table, its carrier for
 * its side's exit edge (O4). */
static int
goal(const struct demo *d, const skirmish_figure_info *me, double *gx, double *gy)
{
	int st, carrier, i, n = skirmish_game_figure_count(d->g);
	double ox, oy, mine;
	skirmish_figure_info fi;

	if (!objective(d, &st, &carrier, &ox, &oy))
		return 0;
	if (st == SKIRMISH_OBJECTIVE_CARRIED) {
		int edge = scn_exit_edge(d->scn, me->player);
		double h = (me->base_width > me->base_depth ? me->base_width : me->base_depth) / 2;

		if (carrier != me->id || !edge)
			return 0;
		*gx = me->x;
		*gy = me->y;
		if (edge == SKIRMISH_EDGE_SOUTH)
			*gy = h;
		else if (edge == SKIRMISH_EDGE_NORTH)
			*gy = d->table_d - h;
		else if (edge == SKIRMISH_EDGE_WEST)
			*gx = h;
		else
			*gx = d->table_w - h;
		return 1;
	}
	if (me->missile_weapon || me->is_horse)
		return 0;
	mine = hypot(me->x - ox, me->y - oy);
	for (i = 0; i < n; i++)
		if (i != me->id && alive(d, i, &fi) && fi.player == me->player &&
		    !fi.missile_weapon && hypot(fi.x - ox, fi.y - oy) < mine)
			return 0;
	*gx = ox;
	*gy = oy;
	return 1;
}

/* Whether a figure carries the objective. */
static int
carries(const struct demo *d, int id)
{
	int st, carrier;
	double x, y;

	return objective(d, &st, &carrier, &x, &y) && st == SKIRMISH_OBJECTIVE_CARRIED &&
	       carrier == id;
}

/* How good a place is for a figure: shooters want a target in range and
 * no enemy within a charge, fighters want to close on a target they can
 * beat; everyone likes cover from the enemy's missiles. */
static double
place_score(struct demo *d, const skirmish_figure_info *me, const struct side_view *v,
	    double x, double y)
{
	double lng, shrt, best_shot = 0, close = 1e9, threat = 0, score = 0, nearest = 1e9;
	int i, shooter = me->missile_weapon != 0 && me->loaded;
	int weak = me->dv >= 12;

	ranges(me->missile_weapon, &lng, &shrt);
	if (me->missile_weapon && !me->loaded && me->missile_weapon == SKIRMISH_MISSILE_ARQUEBUS)
		shooter = 1;
	{
		double gx, gy;

		if (goal(d, me, &gx, &gy))
			return -hypot(x - gx, y - gy);
	}
	for (i = 0; i < v->n; i++) {
		const skirmish_figure_info *e = &v->e[i];
		double g = gap(x, y, e->x, e->y), el, es;
		int see = sees(d, e->x, e->y, x, y);

		ranges(e->missile_weapon, &el, &es);
		if (g < nearest)
			nearest = g;
		if (see && e->missile_weapon && g <= el && !covered(d, e->x, e->y, x, y))
			threat += 0.3 * worth(e);
		/* an enemy fighter that could charge this place next turn */
		if (!e->missile_weapon && g < reach(d, e))
			threat += shooter || weak ? 0.8 : 0.1;
		if (shooter && see && g <= lng && g > 0.3) {
			double s = (shrt > 0 && g <= shrt) ? 1.0 : 0.7;
			if (covered(d, x, y, e->x, e->y))
				s *= 0.7;
			s *= worth(e);
			if (s > best_shot)
				best_shot = s;
		}
		if (!shooter) {
			/* close on those worth the most and easiest to beat, and on
			 * the carrier of the objective above all */
			double want = g - 3.0 * worth(e) + (me->dv && e->dv < me->dv ? 2.0 : 0) -
				      (carries(d, e->id) ? 12.0 : 0);
			if (want < close)
				close = want;
		}
	}
	if (nearest > 1e8)
		nearest = 0;
	/* Sampson A7: uphill of the opponent is +1 in melee; hold the hill */
	if (d->ruleset == SKIRMISH_RULESET_SAMPSON && !shooter)
		for (i = 0; i < d->nterr; i++)
			if ((d->terr[i].flags & SKIRMISH_TERRAIN_HILL) && point_in(&d->terr[i], x, y))
				score += 0.8;
	if (shooter)    /* with nothing in range, close in */
		score = 3.0 * best_shot - threat - (best_shot > 0 ? 0 : 0.05 * nearest);
	else if (weak)
		score = -threat - 0.05 * (close < 1e8 ? close : 0);
	else
		score = -(close < 1e8 ? close : 0) / 3.0 - 0.25 * threat;
	return score;
}

/* Moves a figure to the best place it can reach. */
static void
reposition(struct demo *d, int id, const skirmish_figure_info *me,
	   const struct side_view *v)
{
	skirmish_action a, best;
	double here = place_score(d, me, v, me->x, me->y), bestv = here + 0.15;
	int k, j, found = 0, i;
	static const double frac[] = { 1.0, 0.7, 0.4 };

	double gx, gy, gang = 0;
	int has_goal = goal(d, me, &gx, &gy);

	if (has_goal)
		gang = atan2(gy - me->y, gx - me->x);
	/* 24 directions at three lengths; with a goal, the goal itself first */
	for (k = has_goal ? -1 : 0; k < 24; k++)
		for (j = 0; j < 3; j++) {
			double ang = k < 0 ? gang : k * 15.0 * PI / 180.0;
			double len = me->move_left * frac[j] - 0.05;
			double x, y, s;
			int near = 0;

			if (k < 0 && hypot(gx - me->x, gy - me->y) < len)
				len = hypot(gx - me->x, gy - me->y);
			x = me->x + cos(ang) * len;
			y = me->y + sin(ang) * len;

			if (len < 0.5 || ((x < 0.6 || y < 0.6 || x > d->table_w - 0.6 ||
					    y > d->table_d - 0.6) && k >= 0))
				continue;
			/* a move into contact would be a charge: that is decided elsewhere */
			for (i = 0; i < v->n; i++)
				if (hypot(v->e[i].x - x, v->e[i].y - y) < 2.4)
					near = 1;
			if (near)
				continue;
			s = place_score(d, me, v, x, y);
			if (s <= bestv)
				continue;
			action_init(&a, SKIRMISH_ACTION_MOVE, id, -1);
			a.npoints = 1;
			a.xy[0] = x;
			a.xy[1] = y;
			if (d->ruleset == SKIRMISH_RULESET_SAMPSON || me->mounted) {
				/* face the nearest enemy */
				double bd = 1e9;
				for (i = 0; i < v->n; i++) {
					double dd = hypot(v->e[i].x - x, v->e[i].y - y);
					if (dd < bd) {
						bd = dd;
						a.facing = fmod(atan2(v->e[i].y - y, v->e[i].x - x) *
								180.0 / PI + 360.0, 360.0);
					}
				}
			}
			if (skirmish_game_check_action(d->g, &a) != 0)
				continue;
			best = a;
			bestv = s;
			found = 1;
		}
	if (found)
		act(d, &best);
}

/* ------------------------------------------------------------------ */
/* Senso: each figure once, in a sensible order                        */
/* ------------------------------------------------------------------ */

static void
senso_figure(struct demo *d, int id)
{
	skirmish_figure_info me, them;
	skirmish_action a, best;
	struct side_view v;
	double bestv = 0, pw, val;
	int i, kind = 0;

	if (!alive(d, id, &me) || !me.can_act)
		return;
	enemies(d, me.player, &v);
	if (!v.n)
		return;
	/* in contact: fight (the figure's action, S10) */
	if (me.in_melee) {
		action_init(&a, SKIRMISH_ACTION_FIGHT, id, -1);
		if (skirmish_game_check_action(d->g, &a) == 0 && act(d, &a) == 0)
			return;
	}
	/* the runner for the objective and its carrier do nothing else */
	{
		double gx, gy;

		if (goal(d, &me, &gx, &gy)) {
			reposition(d, id, &me, &v);
			return;
		}
	}
	/* an arquebus is reloaded before anything else (S8) */
	if (me.missile_weapon == SKIRMISH_MISSILE_ARQUEBUS && !me.loaded) {
		action_init(&a, SKIRMISH_ACTION_RELOAD, id, -1);
		if (skirmish_game_check_action(d->g, &a) == 0 && act(d, &a) == 0)
			return;
	}
	for (i = 0; i < v.n; i++) {
		them = v.e[i];
		if (me.missile_weapon && me.loaded) {
			action_init(&a, SKIRMISH_ACTION_SHOOT, id, them.id);
			val = odds_value(d, &a, &me, &them, &pw);
			/* the arquebus costs its firer two rings (S8) */
			if (me.missile_weapon == SKIRMISH_MISSILE_ARQUEBUS)
				val -= 0.05;
			if (val > bestv) {
				bestv = val;
				best = a;
				kind = 1;
			}
		}
		action_init(&a, SKIRMISH_ACTION_CHARGE, id, them.id);
		val = odds_value(d, &a, &me, &them, &pw);
		if (val > 0 && carries(d, them.id))
			val += 0.5;     /* the carrier of the objective above all */
		/* charge only when the fight favours us */
		if (pw >= 0.5 && val > 0.05 && val + 0.1 > bestv) {
			bestv = val + 0.1;
			best = a;
			kind = 2;
		}
	}
	if (kind == 1 && bestv < 0.12 && me.missile_weapon != SKIRMISH_MISSILE_ARQUEBUS)
		kind = 0;      /* a poor shot: better to move to a better place */
	if (kind && act(d, &best) == 0)
		return;
	reposition(d, id, &me, &v);
}

static int
senso_priority(const struct demo *d, const skirmish_figure_info *fi)
{
	(void)d;
	if (fi->in_melee)
		return 0;
	if (fi->missile_weapon)
		return 1;
	return 2 + (fi->dv >= 12);
}

static void
senso_turn(struct demo *d)
{
	int p = skirmish_game_active_player(d->g), n = skirmish_game_figure_count(d->g);
	int pass, i;
	skirmish_figure_info fi;
	skirmish_result r = SKIRMISH_RESULT_INIT;

	for (pass = 0; pass < 4 && skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING; pass++)
		for (i = 0; i < n && skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING; i++)
			if (alive(d, i, &fi) && fi.player == p && fi.can_act &&
			    senso_priority(d, &fi) == pass)
				senso_figure(d, i);
	if (skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING &&
	    skirmish_end_turn(d->g, &r) == 0)
		tell(d, &r);
}

/* ------------------------------------------------------------------ */
/* Sampson: Move, Missile, Melee (A2)                                  */
/* ------------------------------------------------------------------ */

static void
sampson_move(struct demo *d, int id)
{
	skirmish_figure_info me, them;
	skirmish_action a, best;
	struct side_view v;
	double lng, shrt, bestv = 0.1, edge;
	int i, found = 0, can_shoot = 0;

	if (!alive(d, id, &me) || !me.can_act || me.in_melee || me.suppressed)
		return;
	enemies(d, me.player, &v);
	if (goal(d, &me, &lng, &shrt)) {
		reposition(d, id, &me, &v);
		return;
	}
	ranges(me.missile_weapon, &lng, &shrt);
	for (i = 0; i < v.n; i++) {
		them = v.e[i];
		if (me.missile_weapon && !them.in_melee &&
		    gap(me.x, me.y, them.x, them.y) <= lng - 0.3 &&
		    sees(d, me.x, me.y, them.x, them.y))
			can_shoot = 1;
		action_init(&a, SKIRMISH_ACTION_CHARGE, id, them.id);
		if (skirmish_game_check_action(d->g, &a) != 0)
			continue;
		edge = sampson_charge_edge(d, &me, &them) * worth(&them);
		/* missile troops close only on a sure thing */
		if (me.missile_weapon && !me.mounted)
			edge -= 0.3;
		if (edge > bestv) {
			bestv = edge;
			best = a;
			found = 1;
		}
	}
	if (found && act(d, &best) == 0)
		return;
	if (can_shoot)
		return;         /* stay and shoot */
	reposition(d, id, &me, &v);
}

static void
sampson_shoot(struct demo *d, int id)
{
	skirmish_figure_info me, them;
	skirmish_action a, best;
	struct side_view v;
	double bestv = 0, val;
	int i, found = 0;

	if (!alive(d, id, &me) || !me.missile_weapon)
		return;
	enemies(d, me.player, &v);
	for (i = 0; i < v.n; i++) {
		them = v.e[i];
		action_init(&a, SKIRMISH_ACTION_SHOOT, id, them.id);
		val = odds_value(d, &a, &me, &them, NULL);
		if (val > bestv) {
			bestv = val;
			best = a;
			found = 1;
		}
	}
	if (found)
		act(d, &best);
}

static void
sampson_turn(struct demo *d)
{
	int p = skirmish_game_active_player(d->g), n = skirmish_game_figure_count(d->g);
	int i, guard;
	skirmish_figure_info fi;
	skirmish_action a;

	if (skirmish_game_phase(d->g) == SKIRMISH_PHASE_MOVE) {
		/* fighters first, so that the shooters see where the lines are */
		for (i = 0; i < n; i++)
			if (alive(d, i, &fi) && fi.player == p && !fi.missile_weapon)
				sampson_move(d, i);
		for (i = 0; i < n; i++)
			if (alive(d, i, &fi) && fi.player == p && fi.missile_weapon)
				sampson_move(d, i);
		action_init(&a, SKIRMISH_ACTION_END_PHASE, -1, -1);
		if (skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING)
			act(d, &a);
	}
	if (skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING &&
	    skirmish_game_phase(d->g) == SKIRMISH_PHASE_MISSILE) {
		for (i = 0; i < n && skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING; i++)
			if (alive(d, i, &fi) && fi.player == p)
				sampson_shoot(d, i);
		action_init(&a, SKIRMISH_ACTION_END_PHASE, -1, -1);
		if (skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING)
			act(d, &a);
	}
	/* A26: each figure in contact fights one enemy it touches, once */
	for (guard = 0; guard < MAX_FIGS && skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING &&
	     skirmish_game_phase(d->g) == SKIRMISH_PHASE_MELEE; guard++) {
		int fought = 0, j;

		for (i = 0; i < n && !fought; i++) {
			if (!alive(d, i, &fi) || fi.player != p || !fi.in_melee)
				continue;
			for (j = 0; j < n && !fought; j++) {
				action_init(&a, SKIRMISH_ACTION_FIGHT, i, j);
				if (j != i && skirmish_game_check_action(d->g, &a) == 0 &&
				    act(d, &a) == 0)
					fought = 1;
			}
		}
		if (!fought)
			break;
	}
	if (skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING) {
		action_init(&a, SKIRMISH_ACTION_END_TURN, -1, -1);
		if (act(d, &a) < 0) {
			action_init(&a, SKIRMISH_ACTION_END_PHASE, -1, -1);
			act(d, &a);
		}
	}
}

/* ------------------------------------------------------------------ */
/* --search: the library's search plays the side (skirmish_game_search) */
/* ------------------------------------------------------------------ */

static void
search_turn(struct demo *d)
{
	int who = skirmish_game_active_player(d->g), turn = skirmish_game_turn(d->g), guard;
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_action a;

	o.iterations = d->search;
	for (guard = 0; guard < 1000 && skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING &&
	     skirmish_game_active_player(d->g) == who && skirmish_game_turn(d->g) == turn;
	     guard++) {
		o.seed = d->search_seed++;
		if (skirmish_game_search(d->g, &o, &a, NULL, 0, 0, NULL) < 0 || act(d, &a) < 0)
			break;
	}
}

/* ------------------------------------------------------------------ */
/* the battle                                                          */
/* ------------------------------------------------------------------ */

/* Whether a figure left the table carrying an objective (O4): it did not fall. */
static int
left_with_objective(const struct demo *d, int id)
{
	int i;

	for (i = 0; i < skirmish_game_objective_count(d->g); i++)
		if (scn_objective_carried_off_by(d->scn, i) == id)
			return 1;
	return 0;
}

static void
summary(struct demo *d)
{
	int p, i, n = skirmish_game_figure_count(d->g), np = skirmish_game_player_count(d->g);
	int w = skirmish_game_winner(d->g);
	skirmish_figure_info fi;

	printf("\n=== The battle is over after %d turn%s ===\n", skirmish_game_turn(d->g),
	       skirmish_game_turn(d->g) == 1 ? "" : "s");
	if (skirmish_game_state(d->g) == SKIRMISH_STATE_PLAYING)
		printf("Winner: none (the battle was stopped unfinished)\n");
	else if (w >= 0)
		printf("Winner: %s\n", scn_player_name(d->scn, w));
	else
		printf("Winner: none (a draw)\n");
	if (skirmish_game_state(d->g) == SKIRMISH_STATE_OVER) {
		char why[SCN_TEXT_MAX];

		scn_describe_end(d->scn, why, sizeof(why));
		scn_print_wrapped(stdout, "  ", "  ", why, 74);
	}
	printf("Casualties:\n");
	for (p = 0; p < np; p++) {
		int left = skirmish_game_player_figures(d->g, p), first = 1, gone = 0;

		if (d->start_figs[p] == 0)
			continue;
		for (i = 0; i < n; i++)
			if (info(d, i, &fi) == 0 && fi.player == p && left_with_objective(d, i))
				gone++;
		printf("  %-10s %2d of %2d fell", scn_player_name(d->scn, p),
		       d->start_figs[p] - left - gone, d->start_figs[p]);
		for (i = 0; i < n; i++)
			if (info(d, i, &fi) == 0 && fi.player == p && fi.removed && !fi.is_horse &&
			    !left_with_objective(d, i)) {
				printf("%s%s", first ? " (" : ", ", fi.name);
				first = 0;
			}
		printf("%s; %d still stand%s", first ? "" : ")", left, left == 1 ? "s" : "");
		for (i = 0; i < n; i++)
			if (info(d, i, &fi) == 0 && fi.player == p && left_with_objective(d, i))
				printf("; %s left the table with the objective", fi.name);
		printf("\n");
	}
}

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: skirmish-demo [--sampson] [--seed N] [--svg DIR] [--html FILE] [--scenario FILE]\n"
		"                     [--search N] [-v] [--quiet]\n"
		"  plays a whole battle between two computer sides and tells it turn by turn.\n"
		"  --sampson        a Sampson Ships skirmish instead of the Senso town fight\n"
		"  --senso          the Senso town fight (the default)\n"
		"  --seed N         replay battle N exactly (default: from the clock)\n"
		"  --svg DIR        write DIR/turn-001.svg ... one picture per turn\n"
		"  --html FILE      write a page that steps through the turns (a browser)\n"
		"  --scenario FILE  play a console scenario file (doc/console.md) instead\n"
		"  --search N       both sides are the library's search, N iterations a\n"
		"                   decision (default: the demo's rules of thumb)\n"
		"  -v, --verbose    every die and modifier under each sentence\n"
		"  -q, --quiet      print only the summary\n"
		"  -h, --help       print this help\n"
		"  -V, --version    print the version\n");
}

/* What the command line asks for. */
struct demo_args {
	const char *scenario;           /* the battle's text, unless file */
	const char *file;               /* a console scenario file, or NULL */
	const char *title;
	const char *svg_dir;            /* or NULL */
	const char *html;               /* the turn viewer's page, or NULL */
	unsigned long long seed;
	int quiet, verbose;
	long search;                    /* > 0: the sides are the library's search */
};

/* Fill a from the command line. Returns -1 to play, else the exit status. */
static int
parse_args(int argc, char **argv, struct demo_args *a)
{
	enum { OPT_SAMPSON = CLI_LONG_ONLY, OPT_SENSO, OPT_SEED, OPT_SVG, OPT_SCENARIO,
	       OPT_HTML, OPT_SEARCH };
	static const struct option longopts[] = {
		{ "sampson", no_argument, NULL, OPT_SAMPSON },
		{ "senso", no_argument, NULL, OPT_SENSO },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "svg", required_argument, NULL, OPT_SVG },
		{ "scenario", required_argument, NULL, OPT_SCENARIO },
		{ "html", required_argument, NULL, OPT_HTML },
		{ "search", required_argument, NULL, OPT_SEARCH },
		{ "verbose", no_argument, NULL, 'v' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	a->scenario = demo_senso_town;
	a->file = NULL;
	a->title = "Senso: a town fight";
	a->svg_dir = NULL;
	a->html = NULL;
	a->verbose = 0;
	a->seed = (unsigned long long)time(NULL) % 100000;
	a->quiet = 0;
	a->search = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":vqhV", longopts, NULL)) != -1) {
		char *end;

		switch (c) {
		case OPT_SAMPSON:
			a->scenario = demo_sampson_skirmish;
			a->title = "Sampson Ships: a skirmish";
			break;
		case OPT_SENSO:
			a->scenario = demo_senso_town;
			a->title = "Senso: a town fight";
			break;
		case OPT_SEED:
			errno = 0;
			a->seed = strtoull(optarg, &end, 10);
			if (*end || errno || optarg[0] == '-' || !optarg[0]) {
				fprintf(stderr, "skirmish-demo: bad seed `%s`\n", optarg);
				return 2;
			}
			break;
		case OPT_SVG:
			a->svg_dir = optarg;
			break;
		case OPT_SCENARIO:
			a->file = optarg;
			a->title = optarg;
			break;
		case OPT_HTML:
			a->html = optarg;
			break;
		case OPT_SEARCH:
			errno = 0;
			a->search = strtol(optarg, &end, 10);
			if (*end || errno || a->search < 1 || a->search > 10000000) {
				fprintf(stderr, "skirmish-demo: bad number of iterations `%s`\n",
					optarg);
				return 2;
			}
			break;
		case 'v':
			a->verbose = 1;
			break;
		case 'q':
			a->quiet = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			cli_version("skirmish-demo");
			return 0;
		default:
			return cli_bad_option("skirmish-demo", c, argv, optind, optopt);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "skirmish-demo: unexpected argument `%s`\n", argv[optind]);
		fprintf(stderr, "Try `skirmish-demo --help`.\n");
		return 2;
	}
	return -1;
}

int
main(int argc, char **argv)
{
	struct demo d;
	struct demo_args args;
	const char *scenario, *file, *html;
	unsigned long long seed;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int i, n, rc, quiet, guard, verbose;
	skirmish_figure_info fi;
	FILE *devnull = NULL;

	rc = parse_args(argc, argv, &args);
	if (rc >= 0)
		return rc;
	memset(&d, 0, sizeof(d));
	d.title = args.title;
	d.search = args.search;
	d.search_seed = args.seed * 1000003;
	d.svg_dir = args.svg_dir;
	scenario = args.scenario;
	file = args.file;
	seed = args.seed;
	quiet = args.quiet;
	html = args.html;
	verbose = args.verbose;
	if (d.svg_dir && mkdir(d.svg_dir, 0777) < 0 && errno != EEXIST) {
		fprintf(stderr, "skirmish-demo: cannot make %s: %s\n", d.svg_dir, strerror(errno));
		return 1;
	}
	if (quiet) {
		devnull = fopen("/dev/null", "w");
		if (!devnull)
			return 1;
	}
	d.scn = scn_new(quiet ? devnull : stdout);
	if (!d.scn)
		return 1;
	if (html && !(d.viewer = viewer_new())) {
		fprintf(stderr, "skirmish-demo: out of memory\n");
		scn_free(d.scn);
		return 1;
	}
	scn_set_verbose(d.scn, verbose);
	if (file) {
		/* a battle always ends: a file may set its own limit after this */
		scn_exec_line(d.scn, "turn-limit 30", "skirmish-demo", 0);
		FILE *f = fopen(file, "r");
		if (!f) {
			fprintf(stderr, "skirmish-demo: cannot open %s: %s\n", file, strerror(errno));
			return 1;
		}
		rc = scn_run_stream(d.scn, f, file, NULL);
		fclose(f);
	} else {
		rc = scn_run_text(d.scn, scenario, "scenario");
	}
	d.g = scn_game(d.scn);
	if (rc != 0 || !d.g) {
		fprintf(stderr, "skirmish-demo: the scenario did not load\n");
		scn_free(d.scn);
		return 1;
	}
	d.ruleset = skirmish_game_ruleset(d.g);
	scn_table_size(d.scn, &d.table_w, &d.table_d);
	for (i = 0; i < skirmish_game_terrain_count(d.g) && d.nterr < MAX_TERRAIN; i++) {
		struct piece *t = &d.terr[d.nterr];
		const char *name;
		double h;

		if (skirmish_game_terrain(d.g, i, &t->flags, &name, &h, t->p,
					  SKIRMISH_POLYGON_MAX, &t->n) == 0 && t->n >= 3)
			d.nterr++;
	}
	n = skirmish_game_figure_count(d.g);
	for (i = 0; i < n; i++)
		if (info(&d, i, &fi) == 0 && !fi.is_horse && fi.player <= SKIRMISH_MAX_PLAYERS)
			d.start_figs[fi.player]++;
	printf("%s. Seed %llu (replay with --seed %llu).\n", d.title, seed, seed);
	if (!quiet) {
		char key[SCN_TEXT_MAX];

		scn_describe_key(d.scn, key, sizeof(key));
		printf("\n");
		scn_print_wrapped(stdout, "", "", key, 76);
		printf("\nThe forces:\n");
		for (i = 0; i < n; i++)
			scn_print_figure(d.scn, i);
	}
	skirmish_game_set_seed(d.g, (uint64_t)seed);
	skirmish_game_script_dice(d.g, NULL, 0, 0); /* a file's scripted dice end here */
	if (skirmish_game_state(d.g) == SKIRMISH_STATE_SETUP) {
		if (skirmish_game_start(d.g, &r) < 0) {
			fprintf(stderr, "skirmish-demo: %s\n", skirmish_game_errmsg(d.g));
			scn_free(d.scn);
			return 1;
		}
		if (!quiet)
			printf("\n");
		tell(&d, &r);
	}
	for (guard = 0; guard < 10000 && skirmish_game_state(d.g) == SKIRMISH_STATE_PLAYING; guard++) {
		int before = skirmish_game_turn(d.g), who = skirmish_game_active_player(d.g);

		if (!quiet)
			header(&d);
		else if (before != d.shown_turn) {
			if (d.shown_turn > 0)
				picture(&d, d.shown_turn, 0);
			d.shown_turn = before;
		}
		if (d.search > 0)
			search_turn(&d);
		else if (d.ruleset == SKIRMISH_RULESET_SAMPSON)
			sampson_turn(&d);
		else
			senso_turn(&d);
		if (skirmish_game_state(d.g) == SKIRMISH_STATE_PLAYING &&
		    skirmish_game_turn(d.g) == before && skirmish_game_active_player(d.g) == who) {
			/* the turn did not end: end it by force */
			if (skirmish_end_turn(d.g, &r) < 0) {
				fprintf(stderr, "skirmish-demo: cannot end the turn: %s\n",
					skirmish_game_errmsg(d.g));
				break;
			}
			tell(&d, &r);
		}
	}
	if (d.shown_turn > 0)
		picture(&d, d.shown_turn, 1);
	summary(&d);
	if (d.svg_dir)
		printf("%d picture%s in %s/\n", d.pictures, d.pictures == 1 ? "" : "s", d.svg_dir);
	if (html) {
		char key[SCN_TEXT_MAX];

		scn_describe_key(d.scn, key, sizeof(key));
		if (viewer_failed(d.viewer) || viewer_write(d.viewer, html, d.title, key) < 0) {
			fprintf(stderr, "skirmish-demo: cannot write %s: %s\n", html,
				viewer_failed(d.viewer) ? "out of memory" : strerror(errno));
			d.failed = 1;
		} else {
			printf("%d turn%s in %s (open it in a browser)\n", viewer_turns(d.viewer),
			       viewer_turns(d.viewer) == 1 ? "" : "s", html);
		}
	}
	rc = d.failed || skirmish_game_state(d.g) == SKIRMISH_STATE_PLAYING;
	viewer_free(d.viewer);
	svg_log_free(&d.log);
	scn_free(d.scn);
	if (devnull)
		fclose(devnull);
	return rc;
}

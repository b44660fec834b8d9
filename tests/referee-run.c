/* SPDX-License-Identifier: MIT */
/*
 * The referee's run (doc/TESTING.md): random games on random tables, and
 * after every action the referee (lib/referee.c) and the promises of the
 * game services.
 *
 * Each game comes from one seed: a table with walls (0.2" to 1.2" thick,
 * some giving cover), houses (impassable, blocking sight, cover), water,
 * rough ground and hills; 2 to 4 players (and in Senso sometimes an
 * umpire) with 2 to 40 figures each, placed without overlaps, some in
 * contact with an enemy already, some mounted; night sometimes. Play is
 * mostly random legal actions, and sometimes a random action that is
 * likely illegal: its refusal must leave the hash as it was. After every
 * action taken:
 *   - the referee's local check (the library's own hook ran it already,
 *     inside the action; this runs it again from the history), and every
 *     --full-every actions the full check;
 *   - save, load, save gives the same bytes, and the loaded game the same
 *     hash;
 *   - undo gives the hash from before the action exactly, and taking the
 *     action again gives the hash after it.
 * Prints "referee: senso: 100000 actions, 812 games, 0 violations" per
 * ruleset; on the first violation prints it with the game's seed and the
 * action, and exits 1. --game SEED replays that one game.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/referee.h"

#define MAX_ACTIONS_PER_GAME 600
#define PI 3.14159265358979323846

struct run {
	int ruleset;
	uint64_t game_seed;
	long game_index;
	uint64_t rng;
	long actions, games, refused, full_checks, saves, undos;
	long action_no;              /* in this game */
	int full_every;
	skirmish_action *legal;
	int caplegal;
	unsigned char *buf[2];
	size_t capbuf[2];
};

static uint64_t
splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int
rnd(struct run *r, int n)
{
	return (int)(splitmix(&r->rng) % (uint64_t)n);
}

static double
unif(struct run *r, double lo, double hi)
{
	return lo + (hi - lo) * (double)(splitmix(&r->rng) >> 11) / 9007199254740992.0;
}

static void
describe_action(const skirmish_action *a, char *out, size_t size)
{
	const char *k = skirmish_action_name(a->kind);

	snprintf(out, size, "%s figure %d target %d facing %.0f%s", k ? k : "?", a->figure,
		 a->target, a->facing, a->kind == SKIRMISH_ACTION_MOVE ? " to" : "");
	if (a->kind == SKIRMISH_ACTION_MOVE && a->npoints > 0) {
		size_t n = strlen(out);
		snprintf(out + n, size - n, " (%.3f, %.3f)", a->xy[2 * (a->npoints - 1)],
			 a->xy[2 * (a->npoints - 1) + 1]);
	}
}

static void
violation(const struct run *r, const skirmish_action *a, const char *what)
{
	char act[160] = "none";

	if (a)
		describe_action(a, act, sizeof(act));
	printf("referee: %s: VIOLATION: %s\n", skirmish_ruleset_name(r->ruleset), what);
	printf("referee: game seed %" PRIu64 " (game %ld), action %ld of the game: %s\n",
	       r->game_seed, r->game_index, r->action_no, act);
	printf("referee: again: referee-run --ruleset %s --game %" PRIu64 "\n",
	       skirmish_ruleset_name(r->ruleset), r->game_seed);
	exit(1);
}

static uint64_t
hash_of(const struct run *r, const skirmish_game *g)
{
	uint64_t h = 0;

	if (skirmish_game_hash(g, &h) != 0)
		violation(r, NULL, "skirmish_game_hash failed");
	return h;
}

/* ------------------------------------------------------------------ */
/* the scenario                                                         */
/* ------------------------------------------------------------------ */

/* A rectangle (w by d, turned by angle) or, with d == 0, a circle of
 * radius w; a piece the library refuses (off the table) is left out. */
static void
add_piece(struct run *r, skirmish_game *g, const char *name, unsigned flags, double x,
	  double y, double w, double d, double angle)
{
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;

	t.shape = d > 0 ? SKIRMISH_SHAPE_RECT : SKIRMISH_SHAPE_CIRCLE;
	t.name = name;
	t.flags = flags;
	t.x = x;
	t.y = y;
	t.width = w;
	t.depth = d;
	t.radius = w;
	t.angle = angle;
	if (flags & SKIRMISH_TERRAIN_HILL)
		t.height = unif(r, 0.5, 3.0);
	if (flags & SKIRMISH_TERRAIN_ROUGH)
		t.move_penalty = rnd(r, 2) ? 1.0 : 0.0;
	skirmish_game_add_terrain(g, &t, NULL);
}

/* 3 to 14 pieces. Every draw is a statement of its own, so that a seed
 * gives the same table whatever order a compiler evaluates arguments in. */
static void
make_table(struct run *r, skirmish_game *g, double w, double d)
{
	int n = 3 + rnd(r, 12), i;

	for (i = 0; i < n; i++) {
		double x = unif(r, 0, w), y = unif(r, 0, d), a, b, angle;
		unsigned cover;

		switch (rnd(r, 6)) {
		case 0:
		case 1: /* a wall, hedge or fence */
			cover = rnd(r, 3) == 0 ? SKIRMISH_TERRAIN_COVER : 0u;
			a = unif(r, 0.2, 1.2);
			b = unif(r, 3.0, 14.0);
			angle = rnd(r, 360);
			add_piece(r, g, "wall", SKIRMISH_TERRAIN_OBSTACLE | cover, x, y, a, b, angle);
			break;
		case 2: /* a house */
			a = unif(r, 2.0, 6.0);
			b = unif(r, 2.0, 6.0);
			angle = rnd(r, 4) * 90;
			angle += rnd(r, 20);
			add_piece(r, g, "house",
				  SKIRMISH_TERRAIN_IMPASSABLE | SKIRMISH_TERRAIN_BLOCKS_SIGHT |
					  SKIRMISH_TERRAIN_COVER,
				  x, y, a, b, angle);
			break;
		case 3:
			a = unif(r, 1.0, 4.0);
			add_piece(r, g, "pond", SKIRMISH_TERRAIN_WATER, x, y, a, 0, 0);
			break;
		case 4:
			cover = rnd(r, 2) ? SKIRMISH_TERRAIN_COVER : 0u;
			a = unif(r, 2.0, 10.0);
			b = unif(r, 2.0, 10.0);
			angle = rnd(r, 360);
			add_piece(r, g, cover ? "wood" : "rough", SKIRMISH_TERRAIN_ROUGH | cover, x, y,
				  a, b, angle);
			break;
		default:
			a = unif(r, 2.0, 8.0);
			add_piece(r, g, "hill", SKIRMISH_TERRAIN_HILL, x, y, a, 0, 0);
			break;
		}
	}
}

/* Senso S16: a figure is never set up on a wall (the library does not
 * refuse it; the referee would). */
static int
near_obstacle(const skirmish_game *g, double x, double y)
{
	sk_pt box[4];
	int32_t cx = (int32_t)lround(x * MIL), cy = (int32_t)lround(y * MIL), h = 1300;
	int i;

	box[0].x = cx - h, box[0].y = cy - h;
	box[1].x = cx + h, box[1].y = cy - h;
	box[2].x = cx + h, box[2].y = cy + h;
	box[3].x = cx - h, box[3].y = cy + h;
	for (i = 0; i < g->nterr; i++)
		if ((g->terr[i].flags & SKIRMISH_TERRAIN_OBSTACLE) &&
		    sk_poly_overlap(box, 4, g->terr[i].p, g->terr[i].npts))
			return 1;
	return 0;
}

static void
spec_for(struct run *r, skirmish_figure_spec *s)
{
	static const int sampson_missiles[] = {
		SKIRMISH_MISSILE_NONE, SKIRMISH_MISSILE_NONE, SKIRMISH_MISSILE_LONG_BOW,
		SKIRMISH_MISSILE_SHORT_BOW, SKIRMISH_MISSILE_SLING, SKIRMISH_MISSILE_PELTAST,
		SKIRMISH_MISSILE_JAVELIN,
	};

	if (r->ruleset == SKIRMISH_RULESET_SENSO) {
		skirmish_figure_spec_preset(s, rnd(r, SKIRMISH_PRESET_COUNT));
		if (rnd(r, 4) == 0)
			s->mounted = 1;
		if (s->missile_weapon == SKIRMISH_MISSILE_ARQUEBUS && rnd(r, 3) == 0)
			s->unloaded = 1;
	} else {
		s->melee_weapon = rnd(r, SKIRMISH_MELEE_COUNT);
		s->missile_weapon = sampson_missiles[rnd(r, (int)(sizeof(sampson_missiles) /
							      sizeof(sampson_missiles[0])))];
		s->armour = rnd(r, 2);
		s->shield = rnd(r, 2);
		s->mounted = rnd(r, 5) == 0;
	}
}

/* Armies of 2 to 40 figures a side, placed where they may stand; about a
 * fifth of them next to an enemy, facing it. */
static void
make_armies(struct run *r, skirmish_game *g, int players, int umpire, double w, double d)
{
	int sides = players + (umpire ? 1 : 0), p, k, tries, placed = 0;
	int32_t ids[4 * 40 + 40];
	static const char *const names[] = { "Kenji", "Jiro", "Taro", "Aiko", "Hana",
					     "Ajax", "Brasidas", "Cleon", "Dion", "Eris" };

	for (p = 0; p < sides; p++) {
		int n = p == players ? 1 + rnd(r, 4) : 2 + rnd(r, 39);
		for (k = 0; k < n; k++) {
			skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
			char name[SKIRMISH_NAME_MAX];
			int id = -1;

			spec_for(r, &s);
			s.player = p;
			snprintf(name, sizeof(name), "%s %d.%d", names[rnd(r, 10)], p, k);
			s.name = name;
			for (tries = 0; tries < 30; tries++) {
				if (placed > 0 && rnd(r, 5) == 0) {
					/* in contact with someone placed already */
					skirmish_figure_info e = SKIRMISH_FIGURE_INFO_INIT;
					double a = unif(r, 0, 2 * PI), off;
					skirmish_game_figure(g, ids[rnd(r, placed)], &e);
					off = e.base_depth / 2 + (s.mounted ? 1.0 : 0.5) + 0.03;
					s.x = e.x + off * cos(a);
					s.y = e.y + off * sin(a);
					s.facing = fmod(a * 180 / PI + 180, 360);
				} else {
					s.x = unif(r, 0.5, w - 0.5);
					s.y = unif(r, 0.5, d - 0.5);
					s.facing = rnd(r, 360);
				}
				if (r->ruleset == SKIRMISH_RULESET_SENSO && near_obstacle(g, s.x, s.y))
					continue;
				if (skirmish_game_add_figure(g, &s, &id) == 0)
					break;
			}
			if (id >= 0 && placed < (int)(sizeof(ids) / sizeof(ids[0])))
				ids[placed++] = id;
		}
	}
}

static skirmish_game *
make_game(struct run *r)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g = NULL;
	char err[256];
	double w, d;

	r->rng = r->game_seed;
	o.ruleset = r->ruleset;
	o.players = 2 + rnd(r, 3);
	o.seed = r->game_seed;
	w = o.table_width = 24 + rnd(r, 49);
	d = o.table_depth = 24 + rnd(r, 25);
	if (r->ruleset == SKIRMISH_RULESET_SENSO) {
		o.umpire = rnd(r, 4) == 0;
		o.night = rnd(r, 4) == 0;
		o.ring_removal = rnd(r, 3) == 0 ? SKIRMISH_RINGS_GAME_TURN
						: SKIRMISH_RINGS_PLAYER_TURN;
		o.melee_ties = rnd(r, 2) ? SKIRMISH_TIES_STANDOFF : SKIRMISH_TIES_REROLL;
	} else {
		o.die_sides = rnd(r, 4) == 0 ? 10 : 6;
	}
	o.turn_limit = rnd(r, 3) == 0 ? 0 : 4 + rnd(r, 12);
	if (skirmish_game_new(&g, &o, err, sizeof(err)) != 0) {
		printf("referee: cannot make a game: %s\n", err);
		exit(2);
	}
	/* the library's own check after every action, whatever the
	 * environment says: a broken rule stops the run where it broke */
	if (skirmish_game_set_referee(g, SKIRMISH_REFEREE_ABORT) != 0) {
		printf("referee: %s\n", skirmish_game_errmsg(g));
		exit(2);
	}
	make_table(r, g, w, d);
	make_armies(r, g, o.players, o.umpire, w, d);
	/* a save holds the history: five games in six keep the last 40 actions (the
	 * history's trimming tested too), so that saving after every action
	 * costs what the game costs, not what its past does */
	if (rnd(r, 6))
		skirmish_game_set_history_limit(g, 40);
	return g;
}

/* ------------------------------------------------------------------ */
/* after every action                                                   */
/* ------------------------------------------------------------------ */

static void
referee(struct run *r, const skirmish_game *g, const skirmish_action *a, int full)
{
	char msg[256];

	if (sk_referee_check(g, 0, msg, sizeof(msg)) != 0)
		violation(r, a, msg);
	if (full) {
		r->full_checks++;
		if (sk_referee_check(g, 1, msg, sizeof(msg)) != 0)
			violation(r, a, msg);
	}
}

/* Saves g into buffer k: into the room it has, else into the room the
 * first try said it needs. */
static size_t
save(struct run *r, const skirmish_game *g, int k, const skirmish_action *a)
{
	size_t need = 0;
	int rc = skirmish_game_save(g, r->buf[k], r->capbuf[k], &need);

	if (rc == SKIRMISH_E_LIMIT && need > r->capbuf[k]) {
		free(r->buf[k]);
		r->capbuf[k] = need + need / 2;
		r->buf[k] = malloc(r->capbuf[k]);
		if (!r->buf[k]) {
			printf("referee: out of memory\n");
			exit(2);
		}
		rc = skirmish_game_save(g, r->buf[k], r->capbuf[k], &need);
	}
	if (rc != 0)
		violation(r, a, "save failed");
	return need;
}

static void
round_trip(struct run *r, const skirmish_game *g, const skirmish_action *a)
{
	skirmish_game *l = NULL;
	char err[256];
	size_t n0 = save(r, g, 0, a), n1;

	if (skirmish_game_load(&l, r->buf[0], n0, NULL, err, sizeof(err)) != 0) {
		char msg[320];
		snprintf(msg, sizeof(msg), "a saved game does not load: %s", err);
		violation(r, a, msg);
	}
	n1 = save(r, l, 1, a);
	if (n0 != n1 || memcmp(r->buf[0], r->buf[1], n0) != 0)
		violation(r, a, "save, load, save gives other bytes");
	if (hash_of(r, l) != hash_of(r, g))
		violation(r, a, "a loaded game has another hash");
	skirmish_game_free(l);
	r->saves++;
}

static void
undo_redo(struct run *r, skirmish_game *g, const skirmish_action *a, uint64_t before)
{
	skirmish_action h;
	uint64_t after = hash_of(r, g);
	int n = skirmish_game_history_length(g), rc;

	if (n < 1)
		violation(r, a, "an action taken is not in the history");
	skirmish_action_init(&h, SKIRMISH_ACTION_VERSION);
	if (skirmish_game_history_action(g, n - 1, &h) != 0)
		violation(r, a, "the history does not give the last action");
	if (skirmish_game_undo(g) != 0)
		violation(r, a, "undo failed");
	if (hash_of(r, g) != before)
		violation(r, a, "undo does not restore the hash from before the action");
	rc = skirmish_game_act(g, &h, NULL);
	if (rc != 0) {
		char msg[512];
		snprintf(msg, sizeof(msg), "the action taken again after undo is refused: %s",
			 skirmish_game_errmsg(g));
		violation(r, a, msg);
	}
	if (hash_of(r, g) != after)
		violation(r, a, "the action taken again after undo gives another hash");
	r->undos++;
}

/* ------------------------------------------------------------------ */
/* play                                                                 */
/* ------------------------------------------------------------------ */

/* An action made up at random: mostly refused (wrong figure, phase, range,
 * a figure removed, a path through a wall, ...). */
static void
random_action(struct run *r, const skirmish_game *g, skirmish_action *a)
{
	int n = skirmish_game_figure_count(g), i;

	skirmish_action_init(a, SKIRMISH_ACTION_VERSION);
	a->kind = SKIRMISH_ACTION_MOVE + rnd(r, SKIRMISH_ACTION_CHARGE - SKIRMISH_ACTION_MOVE + 1);
	if (a->kind == SKIRMISH_ACTION_END_TURN && rnd(r, 4))
		a->kind = SKIRMISH_ACTION_SHOOT;
	a->figure = rnd(r, n + 2) - 1;
	a->target = rnd(r, n + 2) - 1;
	a->facing = rnd(r, 3) ? rnd(r, 360) : -1.0;
	a->npoints = 1 + rnd(r, 3);
	for (i = 0; i < a->npoints; i++) {
		a->xy[2 * i] = unif(r, -2, g->table_w / (double)MIL + 2);
		a->xy[2 * i + 1] = unif(r, -2, g->table_d / (double)MIL + 2);
	}
}

/* Whose legal actions to list: mostly one figure of the active player
 * (listing them all probes every candidate of every figure, most of the
 * cost of a step), now and then all of them and the player's own. */
static int
pick_figure(struct run *r, const skirmish_game *g)
{
	int n = skirmish_game_figure_count(g), p = skirmish_game_active_player(g), k;

	if (rnd(r, 5) == 0)
		return -1;
	for (k = 0; k < 8; k++) {
		skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
		int id = rnd(r, n);
		if (skirmish_game_figure(g, id, &f) == 0 && f.player == p && !f.removed &&
		    !f.is_horse && f.can_act)
			return id;
	}
	return -1;
}

static void
taken(struct run *r, skirmish_game *g, const skirmish_action *a, uint64_t before)
{
	r->actions++;
	r->action_no++;
	referee(r, g, a, r->actions % r->full_every == 0);
	round_trip(r, g, a);
	undo_redo(r, g, a, before);
	/* the same again, now from the state undo and redo left */
	referee(r, g, a, 0);
}

static void
play_game(struct run *r)
{
	skirmish_game *g = make_game(r);
	skirmish_action a;
	uint64_t before;
	int count, rc, who;

	r->action_no = 0;
	if (skirmish_game_start(g, NULL) != 0) {
		skirmish_game_free(g);
		return;
	}
	r->games++;
	referee(r, g, NULL, 1);
	while (skirmish_game_state(g) == SKIRMISH_STATE_PLAYING &&
	       r->action_no < MAX_ACTIONS_PER_GAME) {
		before = hash_of(r, g);
		if (rnd(r, 10) == 0) {
			random_action(r, g, &a);
			rc = skirmish_game_act(g, &a, NULL);
			if (rc == 0) {
				taken(r, g, &a, before);
			} else {
				r->refused++;
				if (hash_of(r, g) != before)
					violation(r, &a, "a refused action changed the game (G7)");
			}
			continue;
		}
		who = pick_figure(r, g);
		if (skirmish_game_legal_actions(g, who, r->legal, r->caplegal, &count) != 0)
			violation(r, NULL, "legal_actions failed");
		if (count > r->caplegal) {
			free(r->legal);
			r->caplegal = count * 2;
			r->legal = malloc((size_t)r->caplegal * sizeof(*r->legal));
			if (!r->legal) {
				printf("referee: out of memory\n");
				exit(2);
			}
			continue;
		}
		if (count == 0 && who >= 0)
			continue;
		if (count == 0)
			violation(r, NULL, "a game in play has no legal action");
		a = r->legal[rnd(r, count)];
		/* ending the turn while there is more to do: now and then */
		if ((a.kind == SKIRMISH_ACTION_END_TURN || a.kind == SKIRMISH_ACTION_END_PHASE) &&
		    count > 1 && rnd(r, 3))
			a = r->legal[rnd(r, count)];
		rc = skirmish_game_act(g, &a, NULL);
		if (rc != 0) {
			char msg[512];
			snprintf(msg, sizeof(msg), "a legal action is refused: %s",
				 skirmish_game_errmsg(g));
			violation(r, &a, msg);
		}
		taken(r, g, &a, before);
	}
	referee(r, g, NULL, 1);
	skirmish_game_free(g);
}

static void
usage(void)
{
	fprintf(stderr,
		"usage: referee-run [--ruleset senso|sampson|both] [--actions N] [--seed S]\n"
		"                   [--full-every K] [--game SEED]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	const char *which = "both";
	long want = 2000;
	uint64_t seed = 1, one = 0;
	int have_one = 0, full_every = 50, i, k, ran = 0;

	for (i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--ruleset"))
			which = argv[++i];
		else if (!strcmp(argv[i], "--actions"))
			want = strtol(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--full-every"))
			full_every = (int)strtol(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--game"))
			one = strtoull(argv[++i], NULL, 10), have_one = 1;
		else
			usage();
	}
	if (want < 1 || full_every < 1)
		usage();
	for (k = 0; k < 2; k++) {
		struct run r;
		int rs = k == 0 ? SKIRMISH_RULESET_SENSO : SKIRMISH_RULESET_SAMPSON;
		uint64_t s = seed * 2 + (uint64_t)k;

		if (strcmp(which, "both") && strcmp(which, skirmish_ruleset_name(rs)))
			continue;
		memset(&r, 0, sizeof(r));
		r.ruleset = rs;
		r.full_every = full_every;
		if (have_one) {
			r.game_seed = one;
			play_game(&r);
		} else {
			while (r.actions < want) {
				r.game_seed = splitmix(&s);
				play_game(&r);
				r.game_index++;
			}
		}
		printf("referee: %s: %ld actions, %ld games, 0 violations "
		       "(%ld full checks, %ld save-load-save, %ld undo-redo, %ld illegal "
		       "actions refused)\n",
		       skirmish_ruleset_name(rs), r.actions, r.games, r.full_checks, r.saves,
		       r.undos, r.refused);
		free(r.legal);
		free(r.buf[0]);
		free(r.buf[1]);
		ran++;
	}
	return ran ? 0 : 2; /* no such ruleset */
}

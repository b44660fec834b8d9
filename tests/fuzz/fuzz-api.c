/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the API as a program of calls (doc/TESTING.md).
 *
 * The input is read as a program: the game's options, then setup calls
 * (figures, terrain, objectives, exit edges, scripted dice) until the
 * start, then calls of play: every action with arguments from the input,
 * actions from the legal list and the built-in policies, clone, copy,
 * undo, save and load, replay, odds, check_action, reseeding and scripted
 * dice. Small on purpose, for thousands of inputs a second: at most
 * MAX_FIGS figures and MAX_TERRAIN pieces, SHORT_PLAY_CALLS calls of
 * play (MAX_PLAY_CALLS when the input asks for a LONG_PROGRAM).
 * After every call it checks the invariants the library promises:
 *   - the referee's (lib/referee.c, in a build with the referee): its
 *     local check of what the last action changed after every call, its
 *     full check every FULL_EVERY calls, after a clone, copy or load, and
 *     at the end when the input asks for a save and load there
 *     (FINAL_SAVE_LOAD, one such input in FINAL_SAVE_LOAD_SAMPLE in the
 *     fuzzer; the library's own hook checks each action as it is
 *     committed, too);
 *   - rings are never negative nor above 3 (S5);
 *   - a removed figure never acts: an action by it is refused (every
 *     fourth call);
 *   - a refused call leaves the state hash unchanged (G7);
 *   - every legal action listed is accepted (one at random, on a clone);
 *   - check_action says what the action does; odds sum to one;
 *   - clone, copy and load give a game with the same hash; save, load,
 *     save gives the same bytes; a replay reaches the same hash (G8).
 * A broken invariant aborts, which the fuzzer reports as a crash.
 */
#include <math.h>
#include <string.h>

#include "fuzz-common.h"
#include "../../lib/skirmish-private.h"
#if SK_REFEREE
#include "../../lib/referee.h"
#endif

#define MAX_SETUP_CALLS 32
#define MAX_FIGS 8
#define MAX_TERRAIN 6
#define MAX_PLAY_CALLS 16
/* Calls of play of an input without LONG_PROGRAM (a bit of the turn
 * limit's byte, as FINAL_SAVE_LOAD): shorter programs, more of them. */
#define SHORT_PLAY_CALLS 8
#define LONG_PROGRAM 0x10
#define FULL_EVERY 8
/* A bit of the input's third byte (the turn limit's, of which only the
 * low three bits are the limit): the input ends with a save, load and
 * save and the referee's full check. Not every input pays for them: they
 * took a third of the time of a short program (doc/TESTING.md). */
#define FINAL_SAVE_LOAD 0x08
/* Of the inputs that ask for FINAL_SAVE_LOAD, the fuzzer (not the replay
 * of the corpora, built with FZ_REPLAY: every input there that asks for
 * it gets it) saves and loads at the end of one in FINAL_SAVE_LOAD_SAMPLE,
 * chosen by a hash of the whole input: any mutation of an input chooses
 * again, so the fuzzer cannot keep to inputs that always pay for it (it
 * did with the bit alone: a seventh of its time, doc/TESTING.md). */
#define FINAL_SAVE_LOAD_SAMPLE 4
#ifndef FZ_REPLAY
#define FZ_REPLAY 0
#endif
/* The buffer a save is written into, when it fits (most games here): no
 * allocation of the harness's own an input. */
#define SAVE_BUF 8192
/* The costly calls, each at most so many times an input (beyond, the
 * call is skipped): a legal list probes every candidate action (the
 * longest move in 8 directions by bisection), the greedy policy the
 * exact odds of every legal action, a replay plays the whole history, a
 * save and load writes, parses and writes the whole game and checks it
 * all (a fifth of the time when it was not limited). */
#define MAX_LEGAL_LISTS 1
#define MAX_SAVE_LOADS 1
#define MAX_POLICY_ACTIONS 1
#define MAX_REPLAYS 1
#define MAX_GREEDY_FIGS 2

struct fz {
	struct fz_in in;
	skirmish_game *g;
	skirmish_game *spare;      /* copied into (skirmish_game_copy), made when first needed */
	int exact_replay;          /* no dice script or reseed since the start */
	uint64_t h;                /* the hash of g before the next call, when h_valid */
	int h_valid;               /* (after an accepted call, none until one is needed) */
	int scripted;              /* dice were scripted: an action may fail on them */
	int calls;                 /* calls of play so far: the referee's full check */
	int checks;                /* check_all's so far: the rings through the API */
	int legal_lists, policy_actions, replays, save_loads; /* the costly calls so far */
	int final_save_load;       /* FINAL_SAVE_LOAD: save, load, save at the end */
	int max_play_calls;        /* MAX_PLAY_CALLS with LONG_PROGRAM, else SHORT_PLAY_CALLS */
};

/* ------------------------------------------------------------------ */
/* invariants                                                           */
/* ------------------------------------------------------------------ */

/* The referee's checks (lib/referee.c): the local one, or all of them. */
static void
check_referee(const skirmish_game *g, int full)
{
#if SK_REFEREE
	char msg[256];
	int rc;

	if (g->st.state == SKIRMISH_STATE_SETUP)
		return;
	rc = sk_referee_check(g, full, msg, sizeof(msg));
	FZ_CHECK(rc == 0, "the referee (%s check): %s", full ? "full" : "local", msg);
#else
	(void)g;
	(void)full;
#endif
}

/* Rings in 0..3 (S5); through the API (skirmish_game_figure, which
 * works out every figure's contacts) every eighth check, else from the
 * figure itself. */
static void
check_rings(const skirmish_game *g, int api)
{
	int i;

	for (i = 0; i < g->nfigs; i++) {
		skirmish_figure_info info = SKIRMISH_FIGURE_INFO_INIT;

		if (api)
			FZ_CHECK(skirmish_game_figure(g, i, &info) == 0, "figure %d", i);
		else
			info.rings = g->figs[i].rings;
		FZ_CHECK(info.rings >= 0 && info.rings <= 3, "figure %d has %d rings", i,
			 info.rings);
	}
}

/* An action by a removed figure (the first one after figure `from`), of
 * a kind the input chose, is refused. */
static void
check_removed_never_acts(struct fz *z)
{
	static const int kinds[] = {
		SKIRMISH_ACTION_MOVE, SKIRMISH_ACTION_SHOOT, SKIRMISH_ACTION_RELOAD,
		SKIRMISH_ACTION_FIGHT, SKIRMISH_ACTION_MOUNT, SKIRMISH_ACTION_DISMOUNT,
		SKIRMISH_ACTION_TURN, SKIRMISH_ACTION_CHARGE,
	};
	skirmish_game *g = z->g;
	int n = g->nfigs, from, i, k;

	if (g->st.state != SKIRMISH_STATE_PLAYING || n == 0)
		return;
	from = (int)(z->in.pos % (size_t)n);
	k = (int)(z->calls % (int)(sizeof(kinds) / sizeof(kinds[0])));
	for (i = 0; i < n; i++) {
		int id = (from + i) % n;
		const struct sk_fig *f = &g->figs[id];
		skirmish_action a = SKIRMISH_ACTION_INIT;

		if (!(f->flags & FIG_REMOVED))
			continue;
		a.kind = kinds[k];
		a.figure = id;
		a.target = (id + 1) % n;
		a.facing = 90;
		a.npoints = 1;
		a.xy[0] = sk_to_inches(f->x);
		a.xy[1] = sk_to_inches(f->y);
		FZ_CHECK(skirmish_game_check_action(g, &a) < 0, "removed figure %d may %s", id,
			 skirmish_action_name(a.kind));
		return;
	}
}

static void
check_all(struct fz *z)
{
	check_referee(z->g, 0);
	/* counted by checks, not calls: calls stays 0 through the setup */
	check_rings(z->g, z->checks++ % 8 == 0);
	if (z->calls % 4 == 0)  /* a probe: as costly as an action */
		check_removed_never_acts(z);
}

/* The hash of the game before a call that may be refused (or must change
 * nothing): at most one a call, none before an action that check_action
 * says will be accepted. */
static void
ensure_hash(struct fz *z)
{
	if (!z->h_valid) {
		z->h = hash_of(z->g);
		z->h_valid = 1;
	}
}

/* A call that may change the game: refused, it changed nothing (G7). */
static void
after_call(struct fz *z, int rc, const char *what)
{
	FZ_CHECK(rc <= 0, "%s returned %d", what, rc);
	if (rc < 0) {
		FZ_CHECK(z->h_valid, "%s refused (%d: %s) where check_action foretold it accepted",
			 what, rc, skirmish_game_errmsg(z->g));
		FZ_CHECK(hash_of(z->g) == z->h, "%s refused (%d: %s) but changed the game",
			 what, rc, skirmish_game_errmsg(z->g));
		FZ_CHECK(skirmish_game_errcode(z->g) == rc, "%s: errcode %d, returned %d",
			 what, skirmish_game_errcode(z->g), rc);
		FZ_CHECK(rc != SKIRMISH_E_NOMEM, "%s: out of memory", what);
	} else {
		z->h_valid = 0;
	}
	check_all(z);
}

/* A call that must not change the game did not. */
static void
unchanged(struct fz *z, const char *what)
{
	FZ_CHECK(z->h_valid && hash_of(z->g) == z->h, "%s changed the game", what);
}

/* ------------------------------------------------------------------ */
/* arguments from the input                                             */
/* ------------------------------------------------------------------ */

/* A figure id: mostly a real one, sometimes one that is not. */
static int
pick_fig(struct fz *z)
{
	unsigned int v = fz_u8(&z->in);
	int n = z->g->nfigs;

	if (v >= 250)
		return (int)v - 252 + (v == 255 ? n : 0); /* -2, -1, 0, 1, n + 3 */
	return n > 0 ? (int)(v % (unsigned int)n) : 0;
}

/* A facing: mostly whole degrees, sometimes keep, odd values or NaN. */
static double
pick_facing(struct fz *z)
{
	unsigned int v = fz_u8(&z->in);

	if (v < 180)
		return 2.0 * v;
	switch (v % 8) {
	case 0: return SKIRMISH_FACING_KEEP;
	case 1: return NAN;
	case 2: return 1e12;
	case 3: return 359.6;
	case 4: return 720.25;
	default: return 45.0 * (v % 8);
	}
}

/* A point near a figure (within about 12"), or anywhere on the table. */
static void
pick_point(struct fz *z, int fig, double *x, double *y)
{
	const skirmish_game *g = z->g;
	unsigned int how = fz_u8(&z->in);
	int dx = (int8_t)fz_u8(&z->in), dy = (int8_t)fz_u8(&z->in);

	if (fig >= 0 && fig < g->nfigs && how < 200) {
		*x = sk_to_inches(g->figs[fig].x) + dx / 10.0;
		*y = sk_to_inches(g->figs[fig].y) + dy / 10.0;
	} else if (how < 250) {
		*x = (dx + 128) * sk_to_inches(g->table_w) / 255.0;
		*y = (dy + 128) * sk_to_inches(g->table_d) / 255.0;
	} else {
		*x = how == 255 ? NAN : -dx * 1e3;
		*y = dy * 1e3;
	}
}

/* Where a figure is set up: as pick_point on the table, but a "how" of
 * 200 to 249 places it within 3.2" of the figure set up before it, so
 * that small inputs make contacts, melees and short shots. */
static void
pick_place(struct fz *z, double *x, double *y)
{
	const skirmish_game *g = z->g;
	size_t at = z->in.pos;
	unsigned int how = fz_u8(&z->in);

	if (how >= 200 && how < 250 && g->nfigs > 0) {
		const struct sk_fig *f = &g->figs[g->nfigs - 1];
		int dx = (int8_t)fz_u8(&z->in), dy = (int8_t)fz_u8(&z->in);
		*x = sk_to_inches(f->x) + dx / 40.0;
		*y = sk_to_inches(f->y) + dy / 40.0;
		return;
	}
	z->in.pos = at;
	pick_point(z, -1, x, y);
}

static void
pick_action(struct fz *z, skirmish_action *a)
{
	static const int kinds[] = {
		SKIRMISH_ACTION_MOVE, SKIRMISH_ACTION_SHOOT, SKIRMISH_ACTION_RELOAD,
		SKIRMISH_ACTION_FIGHT, SKIRMISH_ACTION_MOUNT, SKIRMISH_ACTION_DISMOUNT,
		SKIRMISH_ACTION_TURN, SKIRMISH_ACTION_END_PHASE, SKIRMISH_ACTION_END_TURN,
		SKIRMISH_ACTION_CHARGE, SKIRMISH_ACTION_START, SKIRMISH_ACTION_NONE, 99,
	};
	int i;

	skirmish_action_init(a, SKIRMISH_ACTION_VERSION);
	a->kind = kinds[fz_below(&z->in, (int)(sizeof(kinds) / sizeof(kinds[0])))];
	a->figure = pick_fig(z);
	a->target = pick_fig(z);
	a->facing = pick_facing(z);
	a->npoints = fz_below(&z->in, SKIRMISH_PATH_MAX + 2);
	if (a->npoints == 0 && fz_u8(&z->in) < 200)
		a->npoints = 1;
	for (i = 0; i < a->npoints && i < SKIRMISH_PATH_MAX; i++)
		pick_point(z, a->figure, &a->xy[2 * i], &a->xy[2 * i + 1]);
}

/* ------------------------------------------------------------------ */
/* setup                                                                */
/* ------------------------------------------------------------------ */

static int
new_game(struct fz *z)
{
	static const int orders[3][SKIRMISH_MAX_PLAYERS] = {
		{ 0, 1, 2, 3, 4, 5, 6, 7 }, { 1, 0, 2, 3, 4, 5, 6, 7 },
		{ 2, 1, 0, 3, 4, 5, 6, 7 },
	};
	static const double sizes[] = { 72, 48, 24, 2, 1.9, 4000, 30.5, NAN };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	unsigned int flags = fz_u8(&z->in), order, limit;
	char msg[256];
	int rc;

	o.ruleset = flags & 1 ? SKIRMISH_RULESET_SAMPSON : SKIRMISH_RULESET_SENSO;
	if (flags & 0x80)
		o.ruleset = (int)(flags >> 1 & 7) - 1;   /* sometimes none or unknown */
	o.ruleset_name = flags & 0x40 ? "sampson" : "senso";
	o.players = 2 + (int)(fz_u8(&z->in) % 3);
	o.umpire = (flags & 2) != 0;
	o.night = (flags & 4) != 0;
	limit = fz_u8(&z->in);
	o.turn_limit = (int)(limit % 8);
	z->final_save_load = (limit & FINAL_SAVE_LOAD) != 0;
	z->max_play_calls = limit & LONG_PROGRAM ? MAX_PLAY_CALLS : SHORT_PLAY_CALLS;
	o.ring_removal = (flags & 8) != 0;
	o.melee_ties = (flags & 16) != 0;
	o.die_sides = (flags & 32) ? (int)fz_u8(&z->in) % 12 : 0;
	o.table_width = sizes[fz_u8(&z->in) % 8];
	o.table_depth = sizes[fz_u8(&z->in) % 8 / 2];
	order = fz_u8(&z->in) % 4;
	o.player_order = order < 3 && o.players >= 3 - (int)(order == 0) ?
			 orders[order] : NULL;
	if (order == 2 && o.players < 3)
		o.player_order = NULL;
	o.seed = fz_u64(&z->in);
	rc = skirmish_game_new(&z->g, &o, msg, sizeof(msg));
	FZ_CHECK(rc <= 0, "game_new: %d", rc);
	FZ_CHECK((rc == 0) == (z->g != NULL), "game_new: %d and a game %p", rc, (void *)z->g);
	FZ_CHECK(rc == 0 || msg[0] != '\0', "game_new: %d without a message", rc);
	return rc;
}

static int
add_figure(struct fz *z)
{
	static const double base[] = { 0, 0, 0, 1, 0.8, 2, 0.05, -1 };
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	unsigned int flags = fz_u8(&z->in);
	char name[40];
	int id = -1, rc;

	if (z->g->nfigs >= MAX_FIGS)
		return 0;
	skirmish_figure_spec_preset(&s, (int)fz_u8(&z->in) % (SKIRMISH_PRESET_COUNT + 1));
	s.player = (int)fz_u8(&z->in) % (z->g->st.nplayers + 1);
	pick_place(z, &s.x, &s.y);
	s.facing = pick_facing(z);
	s.base_width = base[flags & 7];
	s.base_depth = base[flags >> 3 & 7];
	s.mounted = (flags & 0x40) != 0;
	if (flags & 0x80) {
		/* raw equipment, valid or not */
		s.dv = (int)fz_u8(&z->in) % 14;
		s.melee_weapon = (int)fz_u8(&z->in) % (SKIRMISH_MELEE_COUNT + 1);
		s.missile_weapon = (int)fz_u8(&z->in) % (SKIRMISH_MISSILE_COUNT + 1);
		s.armour = (int)fz_u8(&z->in) % 2;
		s.shield = (int)fz_u8(&z->in) % 2;
		s.martial_arts = (int)fz_u8(&z->in) % 2;
		s.unloaded = (int)fz_u8(&z->in) % 2;
	} else if (z->g->rs->id == SKIRMISH_RULESET_SAMPSON) {
		s.dv = 0;
		s.martial_arts = 0;
		s.unloaded = 0;
		s.missile_weapon = flags & 0x20 ? SKIRMISH_MISSILE_LONG_BOW +
				   (int)fz_u8(&z->in) % 5 : SKIRMISH_MISSILE_NONE;
		s.shield = (int)fz_u8(&z->in) % 2;
	}
	snprintf(name, sizeof(name), "f%u-with-a-long-name-%u", z->g->nfigs, flags);
	s.name = flags % 3 ? name : NULL;
	rc = skirmish_game_add_figure(z->g, &s, &id);
	FZ_CHECK(rc < 0 || id == z->g->nfigs - 1, "add_figure: id %d of %d", id, z->g->nfigs);
	return rc;
}

static int
add_terrain(struct fz *z)
{
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	double pts[2 * (SKIRMISH_POLYGON_MAX + 1)];
	int i, id = -1;

	if (skirmish_game_terrain_count(z->g) >= MAX_TERRAIN)
		return 0;
	t.shape = (int)fz_u8(&z->in) % 4;
	t.flags = fz_u8(&z->in);
	t.name = "piece";
	t.height = (int)fz_u8(&z->in) % 5;
	t.move_penalty = (int)fz_u8(&z->in) % 4;
	pick_point(z, -1, &t.x, &t.y);
	t.width = (int)fz_u8(&z->in) % 16;
	t.depth = (int)fz_u8(&z->in) % 16;
	t.angle = (int)fz_u8(&z->in) * 2;
	t.radius = (int)fz_u8(&z->in) % 10 / 2.0;
	t.npoints = (int)fz_u8(&z->in) % (SKIRMISH_POLYGON_MAX + 2);
	for (i = 0; i < t.npoints && i <= SKIRMISH_POLYGON_MAX; i++)
		pick_point(z, -1, &pts[2 * i], &pts[2 * i + 1]);
	t.points = fz_u8(&z->in) < 250 ? pts : NULL;
	return skirmish_game_add_terrain(z->g, &t, &id);
}

static int
script_dice(struct fz *z)
{
	int v[8], i, n = (int)fz_u8(&z->in) % 9;
	unsigned int flags = fz_u8(&z->in);

	for (i = 0; i < n; i++)
		v[i] = (int)fz_u8(&z->in) % 14;
	if (z->g->st.state != SKIRMISH_STATE_SETUP)
		z->exact_replay = 0;
	z->scripted = 1;
	return skirmish_game_script_dice(z->g, flags & 0x80 ? NULL : v, n, (int)(flags & 1));
}

static int
setup_call(struct fz *z)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const char *what = "";
	double x, y;
	int rc = 0, id;

	ensure_hash(z);
	switch (fz_u8(&z->in) % 10) {
	case 0: case 1: case 2: case 3:
		what = "add_figure";
		rc = add_figure(z);
		break;
	case 4:
		what = "add_terrain";
		rc = add_terrain(z);
		break;
	case 5:
		what = "add_objective";
		pick_point(z, -1, &x, &y);
		rc = skirmish_game_add_objective(z->g, "pig", x, y, &id);
		break;
	case 6:
		what = "set_exit_edge";
		rc = skirmish_game_set_exit_edge(z->g, (int)fz_u8(&z->in) % 10 - 1,
						 (int)fz_u8(&z->in) % 6);
		break;
	case 7:
		what = "script_dice";
		rc = script_dice(z);
		break;
	case 8:
		what = "start";
		rc = skirmish_game_start(z->g, &r);
		break;
	case 9:
		what = "set_seed";
		rc = skirmish_game_set_seed(z->g, fz_u64(&z->in));
		break;
	}
	after_call(z, rc, what);
	return rc;
}

/* ------------------------------------------------------------------ */
/* play                                                                 */
/* ------------------------------------------------------------------ */

/* Replaces the game by another with the same hash. */
static void
replace_game(struct fz *z, skirmish_game *other, const char *what)
{
	FZ_CHECK(hash_of(other) == z->h, "%s: not the same hash", what);
	FZ_CHECK(skirmish_game_history_length(other) == skirmish_game_history_length(z->g),
		 "%s: not the same history", what);
	skirmish_game_free(z->g);
	z->g = other;
	check_referee(z->g, 1);
}

/* A save of g: into `room` (SAVE_BUF bytes) when it fits, else into a
 * block allocated for it (which the caller frees when it is not room). */
static unsigned char *
save_of(const skirmish_game *g, unsigned char *room, size_t *n)
{
	size_t cap = SAVE_BUF, need = 0, got = 0;
	unsigned char *buf = room;
	int rc;

	/* one pass when it fits (most games here), else the size it asked for */
	rc = skirmish_game_save(g, buf, cap, &need);
	if (rc == SKIRMISH_E_LIMIT) {
		FZ_CHECK(need > cap, "save: no room in %zu bytes for %zu", cap, need);
		buf = malloc(need);
		FZ_CHECK(buf != NULL, "malloc");
		rc = skirmish_game_save(g, buf, need, &got);
		FZ_CHECK(got == need, "save: %zu of %zu bytes", got, need);
	}
	FZ_CHECK(rc == 0 && need > 0, "save: %d, %zu bytes", rc, need);
	*n = need;
	return buf;
}

static void
save_load(struct fz *z)
{
	static unsigned char room_a[SAVE_BUF], room_b[SAVE_BUF];
	unsigned char *a, *b;
	size_t na, nb;
	skirmish_game *l = NULL;
	char err[256];
	int rc;

	a = save_of(z->g, room_a, &na);
	rc = skirmish_game_load(&l, a, na, NULL, err, sizeof(err));
	FZ_CHECK(rc == 0, "load of a save: %s", err);
	b = save_of(l, room_b, &nb);
	FZ_CHECK(na == nb && memcmp(a, b, na) == 0, "save, load, save: other bytes");
	if (a != room_a)
		free(a);
	if (b != room_b)
		free(b);
	replace_game(z, l, "load");
}

/* The legal actions: one at random is accepted on a clone. */
static void
legal_one(struct fz *z, int act_here)
{
	skirmish_action list[64];
	skirmish_game *c = NULL;
	int count = -1, fig = pick_fig(z), rc, i;

	/* the whole player's list (every figure's) a time in eight */
	if (fig >= 0 && fz_u8(&z->in) < 32)
		fig = -1;
	rc = skirmish_game_legal_actions(z->g, fig, list, 64, &count);
	unchanged(z, "legal_actions");
	if (rc < 0) {
		FZ_CHECK(rc != SKIRMISH_E_NOMEM, "legal_actions: out of memory");
		return;
	}
	if (count <= 0)
		return;
	i = fz_below(&z->in, count < 64 ? count : 64);
	if (act_here) {
		c = z->g;
	} else {
		rc = skirmish_game_clone(z->g, &c);
		FZ_CHECK(rc == 0, "clone: %d", rc);
	}
	rc = skirmish_game_check_action(c, &list[i]);
	FZ_CHECK(rc == 0, "legal %s of figure %d: check_action says %d (%s)",
		 skirmish_action_name(list[i].kind), list[i].figure, rc,
		 skirmish_game_errmsg(c));
	rc = skirmish_game_act(c, &list[i], NULL);
	FZ_CHECK(rc == 0 || rc == SKIRMISH_E_DICE,
		 "legal %s of figure %d refused: %d (%s)",
		 skirmish_action_name(list[i].kind), list[i].figure, rc,
		 skirmish_game_errmsg(c));
	if (!act_here)
		skirmish_game_free(c);
	else
		after_call(z, rc, "a legal action");
}

/* An action from the input: check_action foretells it; odds agree. */
static void
raw_action(struct fz *z)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_odds odds;
	skirmish_action a;
	int check, rc, i;

	pick_action(z, &a);
	/* the hash before: every fourth call, to see that check_action
	 * changes nothing, and before every action that may be refused */
	if (z->calls % 4 == 0 || z->scripted)
		ensure_hash(z);
	check = skirmish_game_check_action(z->g, &a);
	if (z->h_valid)
		unchanged(z, "check_action");
	else if (check < 0)
		ensure_hash(z);
	if (fz_u8(&z->in) < 16) {
		ensure_hash(z);
		skirmish_odds_init(&odds, SKIRMISH_ODDS_VERSION);
		rc = skirmish_game_odds(z->g, &a, &odds);
		unchanged(z, "odds");
		if (rc == 0) {
			double sum = 0.0;
			FZ_CHECK(odds.noutcomes > 0 && odds.noutcomes <= SKIRMISH_ODDS_MAX,
				 "odds of %s by %d (target %d): %d outcomes",
				 skirmish_action_name(a.kind), a.figure, a.target, odds.noutcomes);
			for (i = 0; i < odds.noutcomes; i++) {
				FZ_CHECK(odds.outcomes[i].denominator > 0 &&
					 odds.outcomes[i].numerator <= odds.outcomes[i].denominator,
					 "outcome %d: %llu/%llu", i,
					 (unsigned long long)odds.outcomes[i].numerator,
					 (unsigned long long)odds.outcomes[i].denominator);
				sum += odds.outcomes[i].probability;
			}
			FZ_CHECK(fabs(sum - 1.0) < 1e-9, "odds sum to %.17g", sum);
		}
		FZ_CHECK(rc == SKIRMISH_E_LIMIT || (rc == 0) == (check == 0),
			 "%s: odds %d, check_action %d", skirmish_action_name(a.kind), rc, check);
	}
	switch (a.kind) {
	/* the calls of each action, as a program calls them */
	case SKIRMISH_ACTION_MOVE:
		rc = skirmish_move(z->g, a.figure, a.xy, a.npoints, a.facing, &r);
		break;
	case SKIRMISH_ACTION_CHARGE:
		rc = skirmish_charge(z->g, a.figure, a.target, a.facing, &r);
		break;
	case SKIRMISH_ACTION_SHOOT:
		rc = skirmish_shoot(z->g, a.figure, a.target, &r);
		break;
	case SKIRMISH_ACTION_RELOAD:
		rc = skirmish_reload(z->g, a.figure, &r);
		break;
	case SKIRMISH_ACTION_FIGHT:
		rc = skirmish_fight_against(z->g, a.figure, a.target, &r);
		break;
	case SKIRMISH_ACTION_MOUNT:
		rc = skirmish_mount(z->g, a.figure, a.target, &r);
		break;
	case SKIRMISH_ACTION_DISMOUNT:
		rc = skirmish_dismount(z->g, a.figure, &r);
		break;
	case SKIRMISH_ACTION_TURN:
		rc = skirmish_turn(z->g, a.figure, a.facing, &r);
		break;
	case SKIRMISH_ACTION_END_PHASE:
		rc = skirmish_end_phase(z->g, &r);
		break;
	case SKIRMISH_ACTION_END_TURN:
		rc = skirmish_end_turn(z->g, &r);
		break;
	default:
		rc = skirmish_game_act(z->g, &a, &r);
		break;
	}
	after_call(z, rc, skirmish_action_name(a.kind));
	if (rc != SKIRMISH_E_DICE)
		FZ_CHECK(rc == check, "%s: check_action said %d, the action %d (%s)",
			 skirmish_action_name(a.kind), check, rc, skirmish_game_errmsg(z->g));
	if (rc == 0) {
		char text[512];
		skirmish_result last = SKIRMISH_RESULT_INIT;
		FZ_CHECK(skirmish_game_last_result(z->g, &last) == 0, "last_result");
		FZ_CHECK(skirmish_game_describe(z->g, &last, text, sizeof(text)) >= 0,
			 "describe");
		FZ_CHECK(r.text != NULL && strlen(r.text) > 0, "a result without a sentence");
	}
}

/* Queries: read-only, never change the hash. */
static void
queries(struct fz *z)
{
	const skirmish_game *g = z->g;
	int a = pick_fig(z), b = pick_fig(z), v, i, n;
	double d, xy[2 * SKIRMISH_PATH_MAX], pts[2 * SKIRMISH_POLYGON_MAX];
	unsigned int flags;
	const char *name;

	skirmish_game_distance(g, a, b, &d);
	skirmish_game_can_see(g, a, b, &v);
	skirmish_game_in_cover(g, a, b, &v);
	n = 1 + fz_below(&z->in, 3);
	for (i = 0; i < n; i++)
		pick_point(z, a, &xy[2 * i], &xy[2 * i + 1]);
	skirmish_game_path_cost(g, a, xy, n, &d);
	for (i = 0; i < skirmish_game_terrain_count(g); i++)
		skirmish_game_terrain(g, i, &flags, &name, &d, pts, SKIRMISH_POLYGON_MAX, &n);
	for (i = 0; i < skirmish_game_objective_count(g); i++) {
		int st, carrier, player;
		double x, y;
		skirmish_game_objective(g, i, &st, &carrier, &player, &x, &y, &name);
	}
	unchanged(z, "a query");
}

static void
play_call(struct fz *z)
{
	skirmish_game *other = NULL;
	char err[256];
	unsigned int op = fz_u8(&z->in) % 16;
	int rc;

	if (op > 5)     /* all but the actions of the input (raw_action) */
		ensure_hash(z);
	switch (op) {
	case 0: case 1: case 2: case 3: case 4: case 5:
		raw_action(z);
		break;
	case 6:
	case 7:
		if (z->legal_lists++ < MAX_LEGAL_LISTS)
			legal_one(z, op == 7);
		break;
	case 8:
		rc = skirmish_game_clone(z->g, &other);
		FZ_CHECK(rc == 0, "clone: %d", rc);
		replace_game(z, other, "clone");
		break;
	case 9:
		if (!z->spare) {
			skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
			o.ruleset = SKIRMISH_RULESET_SENSO;
			FZ_CHECK(skirmish_game_new(&z->spare, &o, NULL, 0) == 0, "spare game");
		}
		rc = skirmish_game_copy(z->spare, z->g);
		FZ_CHECK(rc == 0, "copy: %d", rc);
		other = z->spare;
		z->spare = z->g;
		z->g = other;
		FZ_CHECK(hash_of(z->g) == z->h, "copy: not the same hash");
		check_referee(z->g, 1);
		break;
	case 10:
		rc = skirmish_game_undo(z->g);
		FZ_CHECK(rc == 0 || rc == SKIRMISH_E_STATE, "undo: %d", rc);
		after_call(z, rc, "undo");
		break;
	case 11:
		if (z->save_loads++ < MAX_SAVE_LOADS)
			save_load(z);
		break;
	case 12:
		if (z->replays++ >= MAX_REPLAYS)
			break;
		rc = skirmish_game_replay(&other, z->g, -1, err, sizeof(err));
		FZ_CHECK(rc == 0 || rc == SKIRMISH_E_STATE || !z->exact_replay,
			 "replay: %d (%s)", rc, err);
		if (rc == 0 && z->exact_replay)
			FZ_CHECK(hash_of(other) == z->h, "replay reached another state");
		skirmish_game_free(other);
		break;
	case 13: {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		uint64_t rng = fz_u8(&z->in);
		int policy = (int)fz_u8(&z->in) % 3;
		if (z->policy_actions++ >= MAX_POLICY_ACTIONS ||
		    (policy == SKIRMISH_POLICY_GREEDY && z->g->nfigs > MAX_GREEDY_FIGS))
			break;
		rc = skirmish_game_policy_action(z->g, policy, &rng, &a);
		unchanged(z, "policy_action");
		if (rc == 0) {
			rc = skirmish_game_act(z->g, &a, NULL);
			FZ_CHECK(rc == 0 || rc == SKIRMISH_E_DICE, "policy's %s refused: %s",
				 skirmish_action_name(a.kind), skirmish_game_errmsg(z->g));
			after_call(z, rc, "policy action");
		}
		break;
	}
	case 14:
		switch (fz_u8(&z->in) % 4) {
		case 0:
			rc = script_dice(z);
			break;
		case 1:
			z->exact_replay = 0;
			rc = skirmish_game_set_seed(z->g, fz_u64(&z->in));
			break;
		case 2:
			rc = skirmish_game_set_history_limit(z->g, (int)fz_u8(&z->in) % 6 - 1);
			break;
		default:
			rc = skirmish_game_set_roller(z->g, NULL, NULL);
			break;
		}
		FZ_CHECK(rc == 0 || rc == SKIRMISH_E_INVALID || rc == SKIRMISH_E_LIMIT,
			 "a setting: %d", rc);
		after_call(z, rc, "a setting");
		break;
	case 15:
		queries(z);
		break;
	}
}

/* Whether this input gets the end's save and load it asks for. */
static int
final_save_load_sampled(const uint8_t *data, size_t size)
{
	uint64_t h = 0xcbf29ce484222325u;   /* FNV-1a */
	size_t i;

	if (FZ_REPLAY)
		return 1;
	for (i = 0; i < size; i++)
		h = (h ^ data[i]) * 0x100000001b3u;
	return h % FINAL_SAVE_LOAD_SAMPLE == 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz z;
	int i;

	memset(&z, 0, sizeof(z));
	z.in.p = data;
	z.in.n = size;
	z.exact_replay = 1;
	if (new_game(&z) < 0)
		return 0;
	ensure_hash(&z);
	for (i = 0; i < MAX_SETUP_CALLS && fz_more(&z.in) &&
	     skirmish_game_state(z.g) == SKIRMISH_STATE_SETUP; i++)
		setup_call(&z);
	if (skirmish_game_state(z.g) == SKIRMISH_STATE_SETUP) {
		int rc;
		ensure_hash(&z);
		rc = skirmish_game_start(z.g, NULL);
		after_call(&z, rc, "start");
		if (rc < 0)
			goto out;
	}
	for (i = 0; i < z.max_play_calls && fz_more(&z.in); i++) {
		play_call(&z);
		if (++z.calls % FULL_EVERY == 0)
			check_referee(z.g, 1);
	}
	if (z.final_save_load && final_save_load_sampled(data, size)) {
		ensure_hash(&z);
		save_load(&z);
	}
out:
	skirmish_game_free(z.spare);
	skirmish_game_free(z.g);
	return 0;
}

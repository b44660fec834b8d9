/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the callbacks (doc/TESTING.md, doc/API.md). A small game
 * whose dice roller, event callback and allocator are driven by the input:
 *   - the roller answers what the input says, a die in 1..sides mostly,
 *     sometimes garbage (0, -1, sides + 1, INT_MIN, INT_MAX, ...);
 *   - the event callback and the roller call the library back, on the
 *     game they serve, with a program read from the input: the queries,
 *     which must answer; every call that changes the game (actions, undo,
 *     setup, settings, set_roller, set_event_callback, copy into it),
 *     which must be refused with SKIRMISH_E_STATE and leave its hash as it
 *     was; and the calls that read the game but work through it (legal
 *     actions, odds, check_action, policy, clone, save, replay, describe),
 *     which may work or be refused but change nothing;
 *   - the allocator counts the blocks and may fail one allocation of the
 *     play, chosen by the input.
 * After each call from outside a callback: a garbage die fails it with
 * SKIRMISH_E_DICE, a failed allocation with SKIRMISH_E_NOMEM (and no other
 * call fails so), a refused call leaves the hash unchanged, and the
 * referee's local check holds (a build with the referee). At the end,
 * every block allocated is freed. A broken promise aborts, which the
 * fuzzer reports as a crash.
 */
#include <limits.h>
#include <string.h>

#include "fuzz-common.h"
#include "../../lib/skirmish-private.h"
#if SK_REFEREE
#include "../../lib/referee.h"
#endif

#define MAX_FIGS 6
#define MAX_PLAY_CALLS 24
#define MAX_REENTRY 3         /* calls back into the library, a callback */

/* Where a callback runs: what it may call (doc/API.md, "What a callback
 * may call"). */
enum where { IN_EVENT, IN_ROLLER, IN_ALLOC };
static const char *const where_name[] = { "event callback", "dice roller", "allocator" };

struct fz {
	struct fz_in in;
	skirmish_game *g;
	skirmish_game *spare;     /* a game of its own: copies into and from g */
	long live;                /* blocks of the counting allocator */
	long allocs;              /* allocations so far */
	long fail_at;             /* the allocation that fails (0: none) */
	int outer;                /* inside a call on g from the program */
	int inner;                /* inside a call from a callback: its callbacks answer plainly */
	int garbage;              /* the roller gave garbage in this call */
	int nomem;                /* an allocation failed in this call */
	int rolls;                /* dice rolled: the plain answers */
	int call_rolls;           /* dice rolled in this call */
	int legal_lists;
	enum where where;         /* of the callback calling back in */
	int alloc_reenter;        /* the next allocation of this call calls back in */
	int loading;              /* the call is a load: no game's error */
};

/* ------------------------------------------------------------------ */
/* the callbacks                                                        */
/* ------------------------------------------------------------------ */

static void reenter(struct fz *z, enum where where);

static void *
counting_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	struct fz *z = ud;
	void *p;

	(void)old_size;
	if (z->alloc_reenter && z->outer && !z->inner) {
		z->alloc_reenter = 0;
		reenter(z, IN_ALLOC);
	}
	if (new_size == 0) {
		if (ptr)
			z->live--;
		free(ptr);
		return NULL;
	}
	if (z->fail_at && ++z->allocs == z->fail_at) {
		z->nomem = 1;
		return NULL;
	}
	p = realloc(ptr, new_size);
	if (p && !ptr)
		z->live++;
	return p;
}

static int
roll(void *ud, int sides)
{
	static const int garbage[] = { 0, -1, INT_MIN, INT_MAX, -6, 7, 1000000, -1000000 };
	struct fz *z = ud;
	unsigned int v;

	FZ_CHECK(sides >= 2, "the roller was asked for a d%d", sides);
	z->rolls++;
	z->call_rolls++;
	/* a game made by a call from a callback (a clone, a replay) shares the
	 * callbacks: it gets plain dice, and nothing calls back in */
	if (!z->outer || z->inner)
		return 1 + z->rolls % sides;
	reenter(z, IN_ROLLER);
	/* past the input's end, dice that are not all alike (ties end) */
	if (!fz_more(&z->in))
		return 1 + z->rolls % sides;
	v = fz_u8(&z->in);
	if (v < 232)
		return 1 + (int)(v % (unsigned int)sides);
	z->garbage = 1;
	return garbage[v % 8] == 7 ? sides + 1 : garbage[v % 8];
}

static void
event(void *ud, const skirmish_event *ev)
{
	struct fz *z = ud;

	FZ_CHECK(ev != NULL, "an event NULL");
	switch (ev->kind) {
	case SKIRMISH_EVENT_DIE:
		FZ_CHECK(ev->die && !ev->modifier && !ev->effect && !ev->result, "die event");
		break;
	case SKIRMISH_EVENT_MODIFIER:
		FZ_CHECK(ev->modifier && !ev->die && !ev->effect && !ev->result, "modifier event");
		break;
	case SKIRMISH_EVENT_EFFECT:
		FZ_CHECK(ev->effect && !ev->die && !ev->modifier && !ev->result, "effect event");
		break;
	case SKIRMISH_EVENT_RESULT:
		FZ_CHECK(ev->result && !ev->die && !ev->modifier && !ev->effect, "result event");
		break;
	default:
		FZ_CHECK(0, "an event of kind %d", ev->kind);
	}
	if (z->outer && !z->inner)
		reenter(z, IN_EVENT);
}

/* ------------------------------------------------------------------ */
/* calls back into the library                                          */
/* ------------------------------------------------------------------ */

static int
pick_fig(struct fz *z)
{
	int n = z->g->nfigs;

	return n > 0 ? fz_below(&z->in, n) : 0;
}

static void
pick_action(struct fz *z, skirmish_action *a)
{
	static const int kinds[] = {
		SKIRMISH_ACTION_MOVE, SKIRMISH_ACTION_CHARGE, SKIRMISH_ACTION_SHOOT,
		SKIRMISH_ACTION_FIGHT, SKIRMISH_ACTION_END_PHASE, SKIRMISH_ACTION_END_TURN,
		SKIRMISH_ACTION_TURN, SKIRMISH_ACTION_RELOAD, SKIRMISH_ACTION_MOUNT,
		SKIRMISH_ACTION_DISMOUNT,
	};
	const struct sk_fig *f;

	skirmish_action_init(a, SKIRMISH_ACTION_VERSION);
	a->kind = kinds[fz_below(&z->in, (int)(sizeof(kinds) / sizeof(kinds[0])))];
	a->figure = pick_fig(z);
	a->target = pick_fig(z);
	a->facing = 2.0 * fz_u8(&z->in);
	a->npoints = 1;
	f = &z->g->figs[a->figure < z->g->nfigs ? a->figure : 0];
	a->xy[0] = z->g->nfigs ? sk_to_inches(f->x) + (int8_t)fz_u8(&z->in) / 20.0 : 1;
	a->xy[1] = z->g->nfigs ? sk_to_inches(f->y) + (int8_t)fz_u8(&z->in) / 20.0 : 1;
}

/* A call that changes the game, made from inside a callback. */
static int
mutating_call(struct fz *z, int op, const char **what)
{
	skirmish_game *g = z->g;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	skirmish_action a;
	int v[2] = { 1, 2 }, a1 = pick_fig(z), a2 = pick_fig(z);
	double xy[2] = { 1, 1 };

	switch (op) {
	case 0: *what = "set_roller"; return skirmish_game_set_roller(g, roll, z);
	case 1: *what = "set_roller(NULL)"; return skirmish_game_set_roller(g, NULL, NULL);
	case 2:
		*what = "set_event_callback(NULL)";
		return skirmish_game_set_event_callback(g, NULL, NULL);
	case 3: *what = "set_event_callback"; return skirmish_game_set_event_callback(g, event, z);
	case 4: *what = "set_seed"; return skirmish_game_set_seed(g, fz_u8(&z->in));
	case 5: *what = "script_dice"; return skirmish_game_script_dice(g, v, 2, 0);
	case 6:
		*what = "add_figure";
		s.x = s.y = 1;
		return skirmish_game_add_figure(g, &s, NULL);
	case 7:
		*what = "add_terrain";
		t.x = t.y = 1;
		t.width = t.depth = 1;
		return skirmish_game_add_terrain(g, &t, NULL);
	case 8: *what = "add_objective"; return skirmish_game_add_objective(g, "pig", 1, 1, NULL);
	case 9: *what = "set_exit_edge"; return skirmish_game_set_exit_edge(g, 0, 0);
	case 10: *what = "start"; return skirmish_game_start(g, &r);
	case 11: *what = "act"; pick_action(z, &a); return skirmish_game_act(g, &a, &r);
	case 12: *what = "move"; return skirmish_move(g, a1, xy, 1, -1, &r);
	case 13: *what = "charge"; return skirmish_charge(g, a1, a2, -1, &r);
	case 14: *what = "shoot"; return skirmish_shoot(g, a1, a2, &r);
	case 15: *what = "reload"; return skirmish_reload(g, a1, &r);
	case 16: *what = "fight"; return skirmish_fight(g, a1, &r);
	case 17: *what = "fight_against"; return skirmish_fight_against(g, a1, a2, &r);
	case 18: *what = "mount"; return skirmish_mount(g, a1, a2, &r);
	case 19: *what = "dismount"; return skirmish_dismount(g, a1, &r);
	case 20: *what = "turn"; return skirmish_turn(g, a1, 90, &r);
	case 21: *what = "end_phase"; return skirmish_end_phase(g, &r);
	case 22: *what = "end_turn"; return skirmish_end_turn(g, &r);
	case 23: *what = "undo"; return skirmish_game_undo(g);
	case 24: *what = "set_history_limit"; return skirmish_game_set_history_limit(g, 3);
	default: *what = "copy into the game"; return skirmish_game_copy(g, z->spare);
	}
}
#define MUTATING_CALLS 26


/* A call that borrows the game to probe it: refused from every callback. */
static int
probing_call(struct fz *z, int op, const char **what)
{
	skirmish_game *g = z->g;
	skirmish_action a, list[8];
	skirmish_odds odds;
	uint64_t rng = 1;
	int count = 0;

	switch (op) {
	case 0: *what = "check_action"; pick_action(z, &a); return skirmish_game_check_action(g, &a);
	case 1:
		*what = "legal_actions";
		return skirmish_game_legal_actions(g, pick_fig(z), list, 8, &count);
	case 2:
		*what = "odds";
		pick_action(z, &a);
		skirmish_odds_init(&odds, SKIRMISH_ODDS_VERSION);
		return skirmish_game_odds(g, &a, &odds);
	default:
		*what = "policy_action";
		skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
		return skirmish_game_policy_action(g, SKIRMISH_POLICY_RANDOM, &rng, &a);
	}
}
#define PROBING_CALLS 4

/* A call that keeps the whole game: it works from the event callback (a
 * failed allocation aside), is refused from the roller and the allocator. */
static int
keeping_call(struct fz *z, int op, const char **what)
{
	skirmish_game *g = z->g, *other = NULL;
	unsigned char buf[64];
	char err[64];
	size_t need = 0;
	int rc;

	switch (op) {
	case 0:
		*what = "clone";
		rc = skirmish_game_clone(g, &other);
		FZ_CHECK((rc == 0) == (other != NULL), "clone: %d and a game %p", rc,
			 (void *)other);
		skirmish_game_free(other);
		return rc;
	case 1:
		*what = "save";
		rc = skirmish_game_save(g, buf, sizeof(buf), &need);
		return rc == SKIRMISH_E_LIMIT && need > sizeof(buf) ? 0 : rc;
	case 2:
		*what = "copy from the game";
		return skirmish_game_copy(z->spare, g);
	default:
		*what = "replay";
		rc = skirmish_game_replay(&other, g, -1, err, sizeof(err));
		skirmish_game_free(other);
		/* from the event callback it runs: but a history that no
		 * longer reaches the start is not replayed, nor is one whose
		 * dice (the roller's) come out otherwise (doc/API.md) */
		return rc < 0 && z->where == IN_EVENT ? 0 : rc;
	}
}
#define KEEPING_CALLS 4

/* The queries that read the game's arrays: they answer from the event
 * callback and the roller (the action half done), not from the allocator.
 * *loose: the query may fail for its own reasons too (no result yet). */
static int
array_query(struct fz *z, int op, const char **what, int *loose)
{
	const skirmish_game *g = z->g;
	skirmish_figure_info info = SKIRMISH_FIGURE_INFO_INIT;
	skirmish_result last = SKIRMISH_RESULT_INIT;
	skirmish_action a = SKIRMISH_ACTION_INIT;
	int n = g->nfigs, f = pick_fig(z), v, rc;
	uint64_t h;
	char text[128];
	double d;

	if (n == 0)
		f = 0;
	*loose = op >= 4;
	switch (op) {
	case 0: *what = "figure"; return n ? skirmish_game_figure(g, f, &info) : 0;
	case 1: *what = "distance"; return n ? skirmish_game_distance(g, f, 0, &d) : 0;
	case 2: *what = "can_see"; return n ? skirmish_game_can_see(g, f, 0, &v) : 0;
	case 3: *what = "hash"; return skirmish_game_hash(g, &h);
	case 4:
		*what = "last_result and describe";
		rc = skirmish_game_last_result(g, &last);
		if (rc == 0)
			rc = skirmish_game_describe(g, &last, text, sizeof(text));
		return rc < 0 ? rc : 0;
	default:
		*what = "history_action";
		return skirmish_game_history_action(g, 0, &a);
	}
}
#define ARRAY_QUERIES 6

/* The scalar queries: they answer from inside every callback. */
static void
scalar_queries(struct fz *z)
{
	const skirmish_game *g = z->g;
	const char *where = where_name[z->where];
	int st = skirmish_game_state(g);

	FZ_CHECK(skirmish_game_figure_count(g) == g->nfigs, "%s: figure_count", where);
	FZ_CHECK(st == SKIRMISH_STATE_PLAYING || st == SKIRMISH_STATE_SETUP ||
		 st == SKIRMISH_STATE_OVER, "%s: state %d", where, st);
	FZ_CHECK(skirmish_game_errmsg(g) != NULL, "%s: errmsg NULL", where);
	FZ_CHECK(skirmish_game_history_length(g) >= 0, "%s: history_length %d", where,
		 skirmish_game_history_length(g));
	FZ_CHECK(skirmish_game_player_count(g) >= 2, "%s: player_count", where);
	(void)skirmish_game_errcode(g);
	(void)skirmish_game_turn(g);
	(void)skirmish_game_phase(g);
	(void)skirmish_game_active_player(g);
	(void)skirmish_game_winner(g);
	(void)skirmish_game_script_remaining(g);
}

/* The input's program of calls back into the game, from a callback. */
static void
reenter(struct fz *z, enum where where)
{
	const char *wn = where_name[where];
	int n = (int)fz_u8(&z->in), i;

	if (n < 160)
		return;
	n = 1 + n % MAX_REENTRY;
	z->where = where;
	for (i = 0; i < n; i++) {
		/* the allocator may not read the hash (the arrays may be moving) */
		uint64_t before = where == IN_ALLOC ? 0 : hash_of(z->g);
		unsigned int op = fz_u8(&z->in);
		const char *what = "";
		int rc = 0, expect_refused, loose = 0;

		z->inner = 1;
		if (op < 100) {
			rc = mutating_call(z, (int)(op % MUTATING_CALLS), &what);
			expect_refused = 1;
		} else if (op < 120) {
			rc = probing_call(z, (int)(op % PROBING_CALLS), &what);
			expect_refused = 1;
		} else if (op < 150) {
			rc = keeping_call(z, (int)(op % KEEPING_CALLS), &what);
			expect_refused = where != IN_EVENT;
		} else if (op < 200) {
			rc = array_query(z, (int)(op % ARRAY_QUERIES), &what, &loose);
			expect_refused = where == IN_ALLOC;
			if (loose) {
				FZ_CHECK(rc <= 0 && (where != IN_ALLOC || rc < 0),
					 "%s from the %s: %d", what, where_name[where], rc);
				expect_refused = -1;
			}
		} else if (op < 208) {
			/* freeing the game from inside does nothing */
			what = "free";
			skirmish_game_free(z->g);
			expect_refused = -1;
		} else {
			what = "a scalar query";
			scalar_queries(z);
			expect_refused = -1;
		}
		z->inner = 0;
		if (expect_refused == 1)
			FZ_CHECK(rc == SKIRMISH_E_STATE,
				 "%s from the %s: %d (%s), not SKIRMISH_E_STATE", what, wn, rc,
				 rc < 0 ? skirmish_game_errmsg(z->g) : "accepted");
		else if (expect_refused == 0)
			FZ_CHECK(rc == 0 || (rc == SKIRMISH_E_NOMEM && z->nomem),
				 "%s from the %s: %d (%s)", what, wn, rc, skirmish_game_errmsg(z->g));
		if (where != IN_ALLOC)
			FZ_CHECK(hash_of(z->g) == before, "%s from the %s changed the game", what,
				 wn);
	}
}

/* ------------------------------------------------------------------ */
/* the program                                                          */
/* ------------------------------------------------------------------ */

static void
set_options(struct fz *z, skirmish_game_options *o)
{
	o->roll = roll;
	o->roll_data = z;
	o->event = event;
	o->event_data = z;
	o->alloc = counting_alloc;
	o->alloc_data = z;
}

/* A call on the game from outside: what its callbacks did decides how it
 * may end. */
static void
after_call(struct fz *z, int rc, uint64_t before, const char *what)
{
	z->outer = 0;
	FZ_CHECK(rc <= 0, "%s returned %d", what, rc);
	if (rc < 0) {
		FZ_CHECK(hash_of(z->g) == before, "%s refused (%d: %s) but changed the game", what,
			 rc, skirmish_game_errmsg(z->g));
		/* the errors of the calls from callbacks are put back (a load
		 * fails for no game: its error is its own) */
		FZ_CHECK(z->loading || skirmish_game_errcode(z->g) == rc, "%s returned %d, errcode %d", what,
			 rc, skirmish_game_errcode(z->g));
	}
	if (z->garbage)
		FZ_CHECK(rc == SKIRMISH_E_DICE || (z->nomem && rc == SKIRMISH_E_NOMEM),
			 "%s: the roller gave garbage, the call returned %d", what, rc);
	else	/* (good dice tied too often: a roll-off or Senso's S24 gives up) */
		FZ_CHECK(rc != SKIRMISH_E_DICE || z->call_rolls >= 100,
			 "%s: SKIRMISH_E_DICE from %d good dice", what, z->call_rolls);
	FZ_CHECK(rc != SKIRMISH_E_NOMEM || z->nomem, "%s: out of memory", what);
#if SK_REFEREE
	if (z->g->st.state != SKIRMISH_STATE_SETUP) {
		char msg[256];
		FZ_CHECK(sk_referee_check(z->g, 0, msg, sizeof(msg)) == 0, "%s: the referee: %s",
			 what, msg);
	}
#endif
}

static void
before_call(struct fz *z)
{
	z->outer = 1;
	z->alloc_reenter = fz_u8(&z->in) >= 224;
	z->call_rolls = 0;
	z->garbage = 0;
	z->nomem = 0;
}

static void
replace(struct fz *z, skirmish_game *other, uint64_t h, const char *what)
{
	FZ_CHECK(hash_of(other) == h, "%s: another hash", what);
	skirmish_game_free(z->g);
	z->g = other;
}

static void
play_call(struct fz *z)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_action a, list[32];
	skirmish_game *other = NULL;
	uint64_t before = hash_of(z->g);
	unsigned char *buf;
	size_t need = 0;
	char err[128];
	int rc = 0, count = 0;
	unsigned int op = fz_u8(&z->in) % 12, bits;

	switch (op) {
	default:
		pick_action(z, &a);
		before_call(z);
		rc = skirmish_game_act(z->g, &a, &r);
		after_call(z, rc, before, skirmish_action_name(a.kind));
		break;
	case 6:
		if (z->legal_lists++)
			break;
		rc = skirmish_game_legal_actions(z->g, pick_fig(z), list, 32, &count);
		FZ_CHECK(hash_of(z->g) == before, "legal_actions changed the game");
		if (rc < 0 || count == 0)
			break;
		before_call(z);
		rc = skirmish_game_act(z->g, &list[fz_below(&z->in, count < 32 ? count : 32)], &r);
		after_call(z, rc, before, "a legal action");
		break;
	case 7:
		before_call(z);
		rc = skirmish_game_undo(z->g);
		after_call(z, rc, before, "undo");
		break;
	case 8:
		before_call(z);
		rc = skirmish_game_save(z->g, NULL, 0, &need);
		if (rc == SKIRMISH_E_LIMIT) {
			buf = malloc(need);
			FZ_CHECK(buf != NULL, "malloc");
			rc = skirmish_game_save(z->g, buf, need, &need);
			FZ_CHECK(rc == 0, "save: %d", rc);
			set_options(z, &o);
			/* the new game's callbacks are not the game's: they
			 * answer plainly while it is made */
			z->inner = 1;
			z->loading = 1;
			rc = skirmish_game_load(&other, buf, need, &o, err, sizeof(err));
			z->inner = 0;
			free(buf);
		}
		after_call(z, rc, before, "save and load");
		z->loading = 0;
		if (rc == 0)
			replace(z, other, before, "load");
		break;
	case 9:
		before_call(z);
		rc = skirmish_game_clone(z->g, &other);
		after_call(z, rc, before, "clone");
		if (rc == 0)
			replace(z, other, before, "clone");
		break;
	case 10:
		bits = fz_u8(&z->in);
		before_call(z);
		rc = skirmish_game_set_roller(z->g, bits & 1 ? NULL : roll, z);
		if (rc == 0)
			rc = skirmish_game_set_event_callback(z->g, bits & 2 ? NULL : event, z);
		after_call(z, rc, before, "a callback set");
		break;
	case 11:
		before_call(z);
		rc = skirmish_end_turn(z->g, &r);
		after_call(z, rc, before, "end_turn");
		break;
	}
}

static void
add_figures(struct fz *z)
{
	int n = 2 + fz_below(&z->in, MAX_FIGS - 1), i;
	double x = 12, y = 12;

	for (i = 0; i < n; i++) {
		skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
		unsigned int flags = fz_u8(&z->in);

		skirmish_figure_spec_preset(&s, fz_below(&z->in, SKIRMISH_PRESET_COUNT));
		if (z->g->rs->id == SKIRMISH_RULESET_SAMPSON) {
			s.dv = 0;
			s.martial_arts = 0;
			s.unloaded = 0;
			s.missile_weapon = flags & 1 ? SKIRMISH_MISSILE_LONG_BOW + (int)(flags >> 1) % 5
						     : SKIRMISH_MISSILE_NONE;
		}
		s.mounted = (flags & 0x40) != 0;
		s.player = i % skirmish_game_player_count(z->g);
		/* each near the one before: contacts, melees, short shots */
		x += (int8_t)fz_u8(&z->in) / 40.0;
		y += (int8_t)fz_u8(&z->in) / 40.0;
		s.x = x;
		s.y = y;
		s.facing = 2.0 * fz_u8(&z->in);
		(void)skirmish_game_add_figure(z->g, &s, NULL);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	struct fz z;
	unsigned int flags;
	uint64_t before;
	int rc, i;

	memset(&z, 0, sizeof(z));
	z.in.p = data;
	z.in.n = size;
	flags = fz_u8(&z.in);
	o.ruleset = flags & 1 ? SKIRMISH_RULESET_SAMPSON : SKIRMISH_RULESET_SENSO;
	o.players = 2 + (int)(flags >> 1 & 1);
	o.umpire = !(flags & 1) && (flags & 4);
	o.night = (flags & 8) != 0;
	o.table_width = 24;
	o.table_depth = 24;
	o.seed = fz_u8(&z.in);
	set_options(&z, &o);
	rc = skirmish_game_new(&z.g, &o, NULL, 0);
	FZ_CHECK(rc == 0, "game_new: %d", rc);
	skirmish_game_options_init(&o, SKIRMISH_GAME_OPTIONS_VERSION);
	o.ruleset = SKIRMISH_RULESET_SENSO;
	FZ_CHECK(skirmish_game_new(&z.spare, &o, NULL, 0) == 0, "spare game");
	add_figures(&z);
	/* one allocation of the play fails, an input in four */
	if ((flags & 0x30) == 0x30)
		z.fail_at = 1 + fz_below(&z.in, 400);
	/* the roll-off rolls: a garbage die fails the start, tried twice */
	for (i = 0; i < 2 && skirmish_game_state(z.g) == SKIRMISH_STATE_SETUP; i++) {
		before = hash_of(z.g);
		before_call(&z);
		rc = skirmish_game_start(z.g, &r);
		after_call(&z, rc, before, "start");
	}
	for (i = 0; i < MAX_PLAY_CALLS && fz_more(&z.in) &&
	     skirmish_game_state(z.g) == SKIRMISH_STATE_PLAYING; i++)
		play_call(&z);
	skirmish_game_free(z.g);
	skirmish_game_free(z.spare);
	FZ_CHECK(z.live == 0, "%ld blocks of the game's allocator not freed", z.live);
	return 0;
}

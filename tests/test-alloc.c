/* SPDX-License-Identifier: MIT */
/*
 * Allocation failure (doc/TESTING.md): every public call that allocates,
 * made with its Nth allocation failing for N = 1, 2, ... until it succeeds,
 * returns SKIRMISH_E_NOMEM, leaks nothing and leaves the game exactly as it
 * was (its state hash); made again without failures it then gives the same
 * result as on a game that never saw a failure.
 *
 * The scenarios are the golden games of tests/data/ (every action kind they
 * hold, one legal action of every kind at every step of them, the odds of
 * each legal shot and fight, legal actions, clone, copy, save, load, undo,
 * replay) and a setup (game_new, add_figure, add_terrain, objectives,
 * start).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "test-common.h"

/* ------------------------------------------------------------------ */
/* the allocator hook                                                   */
/* ------------------------------------------------------------------ */

struct alloc_ctl {
	long live;        /* blocks allocated and not freed */
	long countdown;   /* > 0: the countdown-th allocation from now fails */
	long failures;    /* allocations refused */
	long requests;    /* allocations asked for (not frees) */
	long long bytes;  /* bytes allocated and not freed */
};

static struct alloc_ctl ctl;

static void *
hook(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	struct alloc_ctl *c = ud;
	void *p;

	(void)old_size;
	if (new_size == 0) {
		if (ptr) {
			c->live--;
			c->bytes -= (long long)old_size;
		}
		free(ptr);
		return NULL;
	}
	c->requests++;
	if (c->countdown > 0 && --c->countdown == 0) {
		c->failures++;
		return NULL;
	}
	p = realloc(ptr, new_size);
	if (p && !ptr)
		c->live++;
	if (p)
		c->bytes += (long long)new_size - (long long)(ptr ? old_size : 0);
	return p;
}

static void
arm(long n)
{
	ctl.countdown = n;
}

static void
disarm(void)
{
	ctl.countdown = 0;
}

static skirmish_game_options
hook_options(int ruleset)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;

	o.ruleset = ruleset;
	o.seed = 7;
	o.alloc = hook;
	o.alloc_data = &ctl;
	return o;
}

static uint64_t
hash_of(const skirmish_game *g)
{
	uint64_t h = 0;

	ck_assert_ok(skirmish_game_hash(g, &h));
	return h;
}

/* ------------------------------------------------------------------ */
/* one call on a game, with every allocation failing in turn            */
/* ------------------------------------------------------------------ */

/* The calls tried; each takes a clone of the game it is given (g), may make
 * a new game (*made), and returns a status. */
enum op_kind {
	OP_ACT, OP_ODDS, OP_LEGAL, OP_CLONE, OP_COPY, OP_SAVE, OP_LOAD, OP_UNDO,
	OP_REPLAY, OP_CHECK, OP_PLAYOUTS, OP_POLICY, OP_COUNT
};

static const char *const op_names[OP_COUNT] = {
	"act", "odds", "legal_actions", "clone", "copy", "save", "load", "undo",
	"replay", "check_action", "playouts", "policy_action",
};

struct op {
	enum op_kind kind;
	skirmish_action action;      /* OP_ACT, OP_ODDS, OP_CHECK */
	const unsigned char *bytes;  /* OP_LOAD */
	size_t nbytes;
	skirmish_game *dst;          /* OP_COPY: the game copied into */
};

/* What a call did, to compare a run after failures with a clean one. */
struct outcome {
	int rc;
	uint64_t hash;               /* of the game acted on (or of dst, *made) */
	uint64_t made_hash;          /* of the game made, or 0 */
	long extra;                  /* count of legal actions, bytes saved, ... */
};

static long calls_tried[OP_COUNT];
static long failures_seen[OP_COUNT];
static long action_kinds_tried[SKIRMISH_ACTION_CHARGE + 1];

static int
run_op(skirmish_game *g, const struct op *op, skirmish_game **made, long *extra)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_odds odds;
	skirmish_action list[64];
	unsigned char buf[64];
	size_t need = 0;
	int count = 0, rc;

	*made = NULL;
	*extra = 0;
	switch (op->kind) {
	case OP_ACT:
		return skirmish_game_act(g, &op->action, &r);
	case OP_ODDS:
		skirmish_odds_init(&odds, SKIRMISH_ODDS_VERSION);
		rc = skirmish_game_odds(g, &op->action, &odds);
		*extra = odds.noutcomes;
		return rc;
	case OP_CHECK:
		return skirmish_game_check_action(g, &op->action);
	case OP_LEGAL:
		rc = skirmish_game_legal_actions(g, -1, list, 64, &count);
		*extra = count;
		return rc;
	case OP_CLONE:
		return skirmish_game_clone(g, made);
	case OP_COPY:
		return skirmish_game_copy(op->dst, g);
	case OP_SAVE:
		rc = skirmish_game_save(g, buf, sizeof(buf), &need);
		*extra = (long)need;
		return rc == SKIRMISH_E_LIMIT ? 0 : rc;
	case OP_LOAD: {
		skirmish_game_options o = hook_options(SKIRMISH_RULESET_NONE);
		char err[128];
		return skirmish_game_load(made, op->bytes, op->nbytes, &o, err, sizeof(err));
	}
	case OP_UNDO:
		return skirmish_game_undo(g);
	case OP_REPLAY:
		return skirmish_game_replay(made, g, -1, NULL, 0);
	case OP_PLAYOUTS: {
		skirmish_playout_options po = SKIRMISH_PLAYOUT_OPTIONS_INIT;
		skirmish_playout_stats st;
		po.games = 2;
		po.seed = 11;
		po.max_actions = 40;
		po.policy[1] = SKIRMISH_POLICY_GREEDY;
		skirmish_playout_stats_init(&st, SKIRMISH_PLAYOUT_STATS_VERSION);
		rc = skirmish_game_playouts(g, &po, &st);
		*extra = st.actions;
		return rc;
	}
	case OP_POLICY: {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		uint64_t seed = 5;
		rc = skirmish_game_policy_action(g, SKIRMISH_POLICY_GREEDY, &seed, &a);
		*extra = a.kind * 1000 + a.figure;
		return rc;
	}
	case OP_COUNT:
		break;
	}
	return SKIRMISH_E_INVALID;
}

static struct outcome
outcome_of(skirmish_game *g, const struct op *op, int rc, skirmish_game *made, long extra)
{
	struct outcome o;

	o.rc = rc;
	o.hash = hash_of(op->kind == OP_COPY ? op->dst : g);
	o.made_hash = made ? hash_of(made) : 0;
	o.extra = extra;
	return o;
}

/*
 * Runs op on clones of src: once cleanly, then with allocation N failing
 * for N = 1, 2, ... until it succeeds. Each failure must be
 * SKIRMISH_E_NOMEM (also the game's errcode), leave the game's hash as it
 * was, make no game, and free what it allocated (live blocks as before);
 * the same call again without failures must give the clean outcome.
 */
static skirmish_game *
fresh_dst(void)
{
	skirmish_game_options o = hook_options(SKIRMISH_RULESET_SENSO);

	return tc_game_opts(&o);
}

static void
fail_each_allocation(const skirmish_game *src, const struct op *op0, const char *where)
{
	struct outcome clean, again;
	skirmish_game *g, *made;
	struct op op = *op0;
	long base, n, extra;
	const char *what = op_names[op.kind];
	uint64_t h0;
	int rc;

	base = ctl.live;
	ck_assert_ok(skirmish_game_clone(src, &g));
	op.dst = op.kind == OP_COPY ? fresh_dst() : NULL;
	rc = run_op(g, &op, &made, &extra);
	clean = outcome_of(g, &op, rc, made, extra);
	skirmish_game_free(made);
	skirmish_game_free(op.dst);
	skirmish_game_free(g);
	ck_assert_msg(clean.rc != SKIRMISH_E_NOMEM, "%s: %s fails with no failing allocation",
		      where, what);
	ck_assert_msg(ctl.live == base, "%s: %s: %ld blocks leaked", where, what,
		      ctl.live - base);
	calls_tried[op.kind]++;

	for (n = 1;; n++) {
		ck_assert_msg(n < 10000, "%s: %s: no end to its allocations", where, what);
		ck_assert_ok(skirmish_game_clone(src, &g));
		op.dst = op.kind == OP_COPY ? fresh_dst() : NULL;
		h0 = hash_of(op.kind == OP_COPY ? op.dst : g);
		arm(n);
		rc = run_op(g, &op, &made, &extra);
		disarm();
		if (rc != SKIRMISH_E_NOMEM) {
			/* it no longer reaches its Nth allocation: it succeeded */
			again = outcome_of(g, &op, rc, made, extra);
			ck_assert_msg(again.rc == clean.rc && again.hash == clean.hash &&
				      again.made_hash == clean.made_hash &&
				      again.extra == clean.extra,
				      "%s: %s with allocation %ld failing returned %d (%s), "
				      "not what it returns cleanly (%d)", where, what, n, rc,
				      skirmish_game_errmsg(g), clean.rc);
			skirmish_game_free(made);
			skirmish_game_free(op.dst);
			skirmish_game_free(g);
			break;
		}
		failures_seen[op.kind]++;
		ck_assert_msg(made == NULL, "%s: %s failed but made a game", where, what);
		if (op.kind != OP_LOAD && op.kind != OP_REPLAY && op.kind != OP_CLONE)
			ck_assert_int_eq(skirmish_game_errcode(op.kind == OP_COPY ? op.dst : g),
					 SKIRMISH_E_NOMEM);
		ck_assert_msg(hash_of(op.kind == OP_COPY ? op.dst : g) == h0,
			      "%s: %s with allocation %ld failing changed the game", where,
			      what, n);
		/* the same call again, nothing failing: as if no failure had been */
		rc = run_op(g, &op, &made, &extra);
		again = outcome_of(g, &op, rc, made, extra);
		ck_assert_msg(again.rc == clean.rc && again.hash == clean.hash &&
			      again.made_hash == clean.made_hash && again.extra == clean.extra,
			      "%s: %s after a failure at allocation %ld: %d, hash %016llx; "
			      "cleanly %d, %016llx", where, what, n, again.rc,
			      (unsigned long long)again.hash, clean.rc,
			      (unsigned long long)clean.hash);
		skirmish_game_free(made);
		skirmish_game_free(op.dst);
		skirmish_game_free(g);
		ck_assert_msg(ctl.live == base, "%s: %s with allocation %ld failing: "
			      "%ld blocks leaked", where, what, n, ctl.live - base);
	}
	ck_assert_msg(ctl.live == base, "%s: %s: %ld blocks leaked", where, what,
		      ctl.live - base);
}

/* ------------------------------------------------------------------ */
/* the golden games                                                     */
/* ------------------------------------------------------------------ */

static unsigned char *
read_data(const char *name, size_t *n)
{
	const char *dir = getenv("SKIRMISH_TEST_DATA");
	char path[4096];
	unsigned char *buf;
	FILE *f;
	long len;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : "tests/data", name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	ck_assert(fseek(f, 0, SEEK_END) == 0);
	len = ftell(f);
	ck_assert(len > 0);
	ck_assert(fseek(f, 0, SEEK_SET) == 0);
	buf = malloc((size_t)len);
	ck_assert(buf && fread(buf, 1, (size_t)len, f) == (size_t)len);
	fclose(f);
	*n = (size_t)len;
	return buf;
}

static int
is_fight_kind(int kind)
{
	return kind == SKIRMISH_ACTION_SHOOT || kind == SKIRMISH_ACTION_FIGHT ||
	       kind == SKIRMISH_ACTION_CHARGE;
}

/* Every call at one step of a game: the action the game took next, one
 * legal action of each kind, the odds of each shot, fight and charge, and
 * the state services. */
static void
every_call_at(skirmish_game *g, const skirmish_action *next, const char *name,
	      int step)
{
	skirmish_action list[256];
	int seen[SKIRMISH_ACTION_CHARGE + 1] = { 0 };
	int count = 0, i, odds_done = 0;
	unsigned char *bytes;
	size_t n = 0;
	char where[96];
	struct op op;

	snprintf(where, sizeof(where), "%s step %d", name, step);
	memset(&op, 0, sizeof(op));
	if (next) {
		op.kind = OP_ACT;
		op.action = *next;
		fail_each_allocation(g, &op, where);
		action_kinds_tried[next->kind]++;
	}
	if (skirmish_game_state(g) != SKIRMISH_STATE_PLAYING)
		return;

	if (step % 4 != 0)
		return; /* neighbouring steps are much alike */
	ck_assert_ok(skirmish_game_legal_actions(g, -1, list, 256, &count));
	for (i = 0; i < count && i < 256; i++) {
		int k = list[i].kind;
		if (k <= 0 || k > SKIRMISH_ACTION_CHARGE)
			continue;
		if (!seen[k]) {
			seen[k] = 1;
			op.kind = OP_ACT;
			op.action = list[i];
			fail_each_allocation(g, &op, where);
			action_kinds_tried[k]++;
			op.kind = OP_CHECK;
			fail_each_allocation(g, &op, where);
		}
		if (is_fight_kind(k) && odds_done < 3) {
			odds_done++;
			op.kind = OP_ODDS;
			op.action = list[i];
			fail_each_allocation(g, &op, where);
		}
	}
	op.kind = OP_LEGAL;
	fail_each_allocation(g, &op, where);
	if (step % 8 != 0)
		return;
	op.kind = OP_POLICY;
	fail_each_allocation(g, &op, where);
	if (step % 8 != 0)
		return;
	/* the state services: every eighth step is enough to see them all */
	op.kind = OP_CLONE;
	fail_each_allocation(g, &op, where);
	op.kind = OP_COPY;
	fail_each_allocation(g, &op, where);
	op.kind = OP_SAVE;
	fail_each_allocation(g, &op, where);
	op.kind = OP_UNDO;
	fail_each_allocation(g, &op, where);
	op.kind = OP_REPLAY;
	fail_each_allocation(g, &op, where);
	if (step % 16 == 0) {
		op.kind = OP_PLAYOUTS;
		fail_each_allocation(g, &op, where);
	}
	ck_assert_int_eq(skirmish_game_save(g, NULL, 0, &n), SKIRMISH_E_LIMIT);
	bytes = malloc(n);
	ck_assert_ok(skirmish_game_save(g, bytes, n, &n));
	op.kind = OP_LOAD;
	op.bytes = bytes;
	op.nbytes = n;
	fail_each_allocation(g, &op, where);
	free(bytes);
}

static void
golden(const char *name, int ruleset)
{
	skirmish_game_options o = hook_options(SKIRMISH_RULESET_NONE);
	skirmish_game *saved = NULL, *g = NULL;
	unsigned char *bytes;
	char file[64], err[256];
	size_t n;
	int len, i;

	snprintf(file, sizeof(file), "%s.skg", name);
	bytes = read_data(file, &n);
	ck_assert_msg(skirmish_game_load(&saved, bytes, n, &o, err, sizeof(err)) == 0,
		      "%s: %s", file, err);
	free(bytes);
	ck_assert_int_eq(skirmish_game_ruleset(saved), ruleset);
	len = skirmish_game_history_length(saved);
	ck_assert(len > 10);
	ck_assert_ok(skirmish_game_replay(&g, saved, 0, err, sizeof(err)));

	for (i = 0; i <= len; i++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		if (i < len)
			ck_assert_ok(skirmish_game_history_action(saved, i, &a));
		every_call_at(g, i < len ? &a : NULL, name, i);
		if (i < len)
			ck_assert_msg(skirmish_game_act(g, &a, NULL) == 0, "%s: action %d: %s",
				      name, i, skirmish_game_errmsg(g));
	}
	skirmish_game_free(g);
	skirmish_game_free(saved);
	ck_assert_int_eq(ctl.live, 0);
}

/* A close fight: three against three 3" apart, played by taking the first
 * legal action of the most violent kind (fight, charge, shoot, then the
 * end of the phase or turn), every call tried at every step. */
static void
close_fight(int ruleset, const char *name)
{
	static const int prefer[] = {
		SKIRMISH_ACTION_FIGHT, SKIRMISH_ACTION_CHARGE, SKIRMISH_ACTION_SHOOT,
		SKIRMISH_ACTION_END_PHASE, SKIRMISH_ACTION_END_TURN,
	};
	skirmish_game_options o = hook_options(ruleset);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_action list[256];
	skirmish_game *g;
	int i, step, count;
	double y;

	o.player_order = order;
	g = tc_game_opts(&o);
	for (i = 0; i < 6; i++) {
		skirmish_figure_spec_preset(&s, i < 3 ? SKIRMISH_PRESET_SAMURAI :
					    SKIRMISH_PRESET_ASHIGARU_YARI);
		if (ruleset == SKIRMISH_RULESET_SAMPSON) {
			s.missile_weapon = i == 0 ? SKIRMISH_MISSILE_JAVELIN :
					   SKIRMISH_MISSILE_NONE;
			s.melee_weapon = SKIRMISH_MELEE_SPEAR;
			s.shield = 1;
		}
		s.facing = i < 3 ? 90 : 270;
		y = i < 3 ? 20 : 23;
		if (i == 5) /* in base contact with figure 2 from the start */
			y = 20 + tc_info(g, 2).base_depth;
		tc_figure(g, i < 3 ? 0 : 1, NULL, 20 + 2 * (i % 3), y, &s);
	}
	tc_rect(g, SKIRMISH_TERRAIN_COVER, 30, 10, 34, 30);
	tc_start(g);
	for (step = 0; step < 60 && skirmish_game_state(g) == SKIRMISH_STATE_PLAYING;
	     step++) {
		skirmish_action next;
		size_t k;
		int found = 0;

		ck_assert_ok(skirmish_game_legal_actions(g, -1, list, 256, &count));
		for (k = 0; k < sizeof(prefer) / sizeof(prefer[0]) && !found; k++)
			for (i = 0; i < count && i < 256 && !found; i++)
				if (list[i].kind == prefer[k]) {
					next = list[i];
					found = 1;
				}
		ck_assert(found);
		every_call_at(g, &next, name, step);
		ck_assert_msg(skirmish_game_act(g, &next, NULL) == 0, "%s step %d: %s", name,
			      step, skirmish_game_errmsg(g));
	}
	skirmish_game_free(g);
	ck_assert_int_eq(ctl.live, 0);
}

static void
assert_covered(void)
{
	static const int kinds[] = {
		SKIRMISH_ACTION_MOVE, SKIRMISH_ACTION_SHOOT, SKIRMISH_ACTION_FIGHT,
		SKIRMISH_ACTION_CHARGE, SKIRMISH_ACTION_END_TURN,
	};
	size_t i;
	int k;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		ck_assert_msg(action_kinds_tried[kinds[i]] > 0, "no %s tried",
			      skirmish_action_name(kinds[i]));
	for (k = 0; k < OP_COUNT; k++)
		ck_assert_msg(calls_tried[k] > 0, "%s never tried", op_names[k]);
	/* the calls that allocate did see failures */
	ck_assert(failures_seen[OP_ACT] > 0);
	ck_assert(failures_seen[OP_CLONE] > 0);
	ck_assert(failures_seen[OP_LOAD] > 0);
	ck_assert(failures_seen[OP_REPLAY] > 0);
}

START_TEST(nomem_senso_every_call)
{
	memset(&ctl, 0, sizeof(ctl));
	memset(calls_tried, 0, sizeof(calls_tried));
	memset(failures_seen, 0, sizeof(failures_seen));
	memset(action_kinds_tried, 0, sizeof(action_kinds_tried));
	golden("senso-1", SKIRMISH_RULESET_SENSO);
	close_fight(SKIRMISH_RULESET_SENSO, "senso close fight");
	assert_covered();
}
END_TEST

START_TEST(nomem_sampson_every_call)
{
	memset(&ctl, 0, sizeof(ctl));
	memset(calls_tried, 0, sizeof(calls_tried));
	memset(failures_seen, 0, sizeof(failures_seen));
	memset(action_kinds_tried, 0, sizeof(action_kinds_tried));
	golden("sampson-1", SKIRMISH_RULESET_SAMPSON);
	close_fight(SKIRMISH_RULESET_SAMPSON, "sampson close fight");
	assert_covered();
}
END_TEST

/* ------------------------------------------------------------------ */
/* setup: game_new, add_figure, add_terrain, objectives, start          */
/* ------------------------------------------------------------------ */

START_TEST(nomem_game_new)
{
	skirmish_game_options o = hook_options(SKIRMISH_RULESET_SENSO);
	skirmish_game *g;
	char msg[128];
	long n;
	int rc;

	memset(&ctl, 0, sizeof(ctl));
	for (n = 1;; n++) {
		g = (skirmish_game *)&ctl; /* must come back NULL on failure */
		arm(n);
		rc = skirmish_game_new(&g, &o, msg, sizeof(msg));
		disarm();
		if (rc == 0)
			break;
		ck_assert_int_eq(rc, SKIRMISH_E_NOMEM);
		ck_assert(g == NULL);
		ck_assert_str_eq(msg, "out of memory");
		ck_assert_int_eq(ctl.live, 0);
	}
	ck_assert(n > 1);
	skirmish_game_free(g);
	ck_assert_int_eq(ctl.live, 0);
}
END_TEST

/* A setup call on a game, repeated with each allocation failing. */
typedef int (*setup_fn)(skirmish_game *g, int i);

static int
setup_figure(skirmish_game *g, int i)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	int id = -1;

	skirmish_figure_spec_preset(&s, i % SKIRMISH_PRESET_COUNT);
	s.player = i % 2;
	s.x = 4 + 3 * (i % 20);
	s.y = 4 + 4 * (i / 20);
	s.mounted = i % 5 == 0;
	if (skirmish_game_ruleset(g) == SKIRMISH_RULESET_SAMPSON) {
		s.missile_weapon = i % 3 ? SKIRMISH_MISSILE_NONE :
				   SKIRMISH_MISSILE_LONG_BOW + i % 5;
		s.shield = i % 2;
		s.martial_arts = 0;
		s.unloaded = 0;
	}
	return skirmish_game_add_figure(g, &s, &id);
}

static int
setup_terrain(skirmish_game *g, int i)
{
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	static const double tri[] = { 0, 0, 2, 0, 1, 2 };
	double pts[6];
	int id = -1, k;

	t.name = "wood";
	t.flags = SKIRMISH_TERRAIN_COVER | SKIRMISH_TERRAIN_ROUGH;
	t.shape = i % 3;
	t.x = 3 + 3 * (i % 20);
	t.y = 30 + 3 * (i / 20);
	t.width = t.depth = 2;
	t.radius = 1;
	for (k = 0; k < 6; k++)
		pts[k] = tri[k] + (k % 2 ? t.y : t.x);
	t.points = pts;
	t.npoints = 3;
	return skirmish_game_add_terrain(g, &t, &id);
}

static int
setup_objective(skirmish_game *g, int i)
{
	int id = -1;

	return skirmish_game_add_objective(g, "pig", 5 + 3 * i, 45, &id);
}

static int
setup_start(skirmish_game *g, int i)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	(void)i;
	return skirmish_game_start(g, &r);
}

static void
setup_call(skirmish_game *g, setup_fn fn, int i, const char *what)
{
	skirmish_game *c;
	uint64_t h0, clean;
	long n, base;
	int rc;

	base = ctl.live;
	ck_assert_ok(skirmish_game_clone(g, &c));
	rc = fn(c, i);
	ck_assert_msg(rc == 0, "%s %d: %s", what, i, skirmish_game_errmsg(c));
	clean = hash_of(c);
	skirmish_game_free(c);
	for (n = 1;; n++) {
		ck_assert_ok(skirmish_game_clone(g, &c));
		h0 = hash_of(c);
		arm(n);
		rc = fn(c, i);
		disarm();
		if (rc == 0) {
			ck_assert(hash_of(c) == clean);
			skirmish_game_free(c);
			break;
		}
		ck_assert_msg(rc == SKIRMISH_E_NOMEM, "%s %d, allocation %ld failing: %d",
			      what, i, n, rc);
		ck_assert_int_eq(skirmish_game_errcode(c), SKIRMISH_E_NOMEM);
		ck_assert_msg(hash_of(c) == h0, "%s %d: changed by a failure", what, i);
		ck_assert_ok(fn(c, i));
		ck_assert(hash_of(c) == clean);
		skirmish_game_free(c);
		ck_assert_int_eq(ctl.live, base);
	}
	ck_assert_ok(fn(g, i));
}

static void
setup_scenario(int ruleset)
{
	skirmish_game_options o = hook_options(ruleset);
	skirmish_game *g;
	int i;

	memset(&ctl, 0, sizeof(ctl));
	g = tc_game_opts(&o);
	for (i = 0; i < 40; i++)
		setup_call(g, setup_figure, i, "add_figure");
	for (i = 0; i < 20; i++)
		setup_call(g, setup_terrain, i, "add_terrain");
	for (i = 0; i < 4; i++)
		setup_call(g, setup_objective, i, "add_objective");
	ck_assert(ctl.requests > 0);
	setup_call(g, setup_start, 0, "start");
	ck_assert_int_eq(skirmish_game_state(g), SKIRMISH_STATE_PLAYING);
	skirmish_game_free(g);
	ck_assert_int_eq(ctl.live, 0);
}

START_TEST(nomem_senso_setup)
{
	setup_scenario(SKIRMISH_RULESET_SENSO);
}
END_TEST

START_TEST(nomem_sampson_setup)
{
	setup_scenario(SKIRMISH_RULESET_SAMPSON);
}
END_TEST

/* Thousands of calls: more than Check's default 4 s on a slow build
 * (coverage, sanitizers, valgrind). At least 300 s, or CK_DEFAULT_TIMEOUT
 * when it says more; CK_TIMEOUT_MULTIPLIER still applies. */
static double
slow_timeout(void)
{
	const char *env = getenv("CK_DEFAULT_TIMEOUT");
	double t = env ? atof(env) : 0.0;

	return t > 300.0 ? t : 300.0;
}

#define ADD_SLOW_TEST(suite, fn)                                  \
	do {                                                      \
		TCase *tc_ = tcase_create(#fn);                   \
		tcase_add_test(tc_, fn);                          \
		tcase_set_timeout(tc_, slow_timeout());           \
		suite_add_tcase(suite, tc_);                      \
	} while (0)

/* Two games copied into each other in turn (a search that swaps its
 * worker and its root) keep the memory of one copy: found by fuzzing,
 * when each copy grew the other's arrays by half. */
START_TEST(copy_back_and_forth_does_not_grow)
{
	skirmish_game_options o = hook_options(SKIRMISH_RULESET_SENSO);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *a, *b, *t;
	long long after_two = 0;
	int na, nb, i;

	skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED);
	/* games of many sizes, so that one's capacity is a little above the
	 * other's */
	for (na = 2; na <= 12; na++)
		for (nb = 0; nb <= 3; nb++) {
			memset(&ctl, 0, sizeof(ctl));
			a = tc_game_opts(&o);
			b = tc_game_opts(&o);
			for (i = 0; i < na; i++)
				tc_figure(a, i % 2, NULL, 10 + 4 * i, 10, &s);
			for (i = 0; i < nb; i++)
				tc_figure(b, i % 2, NULL, 10 + 4 * i, 30, &s);
			tc_start(a);
			for (i = 0; i < 30; i++) {
				ck_assert_ok(skirmish_game_copy(b, a));
				ck_assert(hash_of(a) == hash_of(b));
				t = a;
				a = b;
				b = t;
				if (i == 3)
					after_two = ctl.bytes;
			}
			ck_assert_msg(ctl.bytes == after_two,
				      "%d and %d figures: %lld bytes after 30 copies, %lld "
				      "after 4", na, nb, ctl.bytes, after_two);
			skirmish_game_free(a);
			skirmish_game_free(b);
			ck_assert_int_eq(ctl.live, 0);
			ck_assert_int_eq(ctl.bytes, 0);
		}
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("alloc");

	ADD_TEST(s, nomem_game_new);
	ADD_TEST(s, copy_back_and_forth_does_not_grow);
	ADD_SLOW_TEST(s, nomem_senso_setup);
	ADD_SLOW_TEST(s, nomem_sampson_setup);
	ADD_SLOW_TEST(s, nomem_senso_every_call);
	ADD_SLOW_TEST(s, nomem_sampson_every_call);
	return s;
}

/* SPDX-License-Identifier: MIT */
/*
 * Clone, copy and replay: a game made equal to another, whole or as its
 * scenario, and a scenario played forward through its recorded actions.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "invariant.h"
#include "state.h"

/*
 * Makes dst's game equal to src's (scenario: to src's game as it was at
 * start, without history; no_history: without history, dst's limit kept
 * at 0). Grows every array first, so that a failure changes nothing;
 * allocates nothing when dst's arrays are large enough. dst keeps its
 * allocator and callbacks.
 */
static int
copy_game(skirmish_game *dst, const skirmish_game *src, int scenario, int no_history)
{
	const struct sk_fig *figs = src->figs;
	const int *script = src->script;
	int nfigs = src->nfigs, nscript = src->nscript, exclusive = src->script_exclusive;
	int nmelees = src->nmelees, nrec = hist_live(src);
	size_t nent = src->nhent - src->hent_first;
	int capfigs = src->capfigs, setup = started(src) && !scenario;
	int i, fits;

	if (scenario && started(src)) {
		figs = src->setup_figs;
		nfigs = src->nsetup_figs;
		script = src->setup_script;
		nscript = src->nsetup_script;
		exclusive = src->setup_script_exclusive;
		capfigs = nfigs;
	}
	if (scenario) {
		nmelees = 0;
		nrec = 0;
		nent = 0;
	}
	if (no_history) {
		nrec = 0;
		nent = 0;
	}
	/* the fast path: dst already holds all of it (a game copied into again
	 * and again, as playouts and searches do): one test, then the copy */
	fits = dst->capfigs >= capfigs && dst->capterr >= src->nterr &&
	       dst->capmelees >= (scenario ? 0 : src->capmelees) &&
	       dst->capscript >= nscript && dst->caphist >= nrec && dst->caphent >= nent &&
	       (!setup || (dst->capsetup_figs >= src->nsetup_figs &&
			   dst->capsetup_script >= src->nsetup_script));
	if (!fits &&
	    (sk_grow_int_exact(dst, (void **)&dst->figs, &dst->capfigs, sizeof(struct sk_fig),
			    capfigs) < 0 ||
	     sk_grow_int(dst, (void **)&dst->terr, &dst->capterr, sizeof(struct sk_terrain),
		      src->nterr) < 0 ||
	     sk_grow_int_exact(dst, (void **)&dst->melees, &dst->capmelees, sizeof(struct sk_melee),
			    scenario ? 0 : src->capmelees) < 0 ||
	     sk_grow_int(dst, (void **)&dst->script, &dst->capscript, sizeof(int), nscript) < 0 ||
	     sk_grow_int(dst, (void **)&dst->hist, &dst->caphist, sizeof(struct sk_undo), nrec) < 0 ||
	     sk_grow(dst, (void **)&dst->hent, &dst->caphent, sizeof(struct sk_journal_entry),
		  nent) < 0 ||
	     (setup && sk_grow_int(dst, (void **)&dst->setup_figs, &dst->capsetup_figs,
				sizeof(struct sk_fig), src->nsetup_figs) < 0) ||
	     (setup && sk_grow_int(dst, (void **)&dst->setup_script, &dst->capsetup_script,
				sizeof(int), src->nsetup_script) < 0)))
		return SKIRMISH_E_NOMEM;
	/* a started copy is ready to act without allocating (PERFORMANCE.md);
	 * both reservations remember the last one that held, so a repeat is
	 * a few comparisons */
	if (setup && (sk_play_reserve(dst) < 0 ||
		      sk_grid_reserve(dst, capfigs) < 0))
		return SKIRMISH_E_NOMEM;

	dst->rs = src->rs;
	dst->opt = src->opt;
	dst->player_order_given = src->player_order_given;
	memcpy(dst->given_order, src->given_order, sizeof(dst->given_order));
	dst->table_w = src->table_w;
	dst->table_d = src->table_d;
	dst->die_sides = src->die_sides;
	/* only the live part: objective slots past nobj are never read */
	sk_state_copy_live(&dst->st, scenario && started(src) ? &src->setup_st : &src->st);

	dst->nfigs = nfigs;
	if (nfigs > 0)
		memcpy(dst->figs, figs, (size_t)nfigs * sizeof(struct sk_fig));
	dst->nterr = src->nterr;
	dst->nobstacles = src->nobstacles;
	dst->first_hill = src->first_hill;
	dst->first_obstacle = src->first_obstacle;
	if (src->nterr > 0)
		memcpy(dst->terr, src->terr, (size_t)src->nterr * sizeof(struct sk_terrain));
	dst->nmelees = nmelees;
	dst->fig_slots = scenario ? 0 : src->fig_slots;
	dst->melee_slots = scenario ? 0 : src->melee_slots;
	if (nmelees > 0)
		memcpy(dst->melees, src->melees, (size_t)nmelees * sizeof(struct sk_melee));
	dst->nscript = nscript;
	if (nscript > 0)
		memcpy(dst->script, script, (size_t)nscript * sizeof(int));
	dst->script_exclusive = exclusive;

	dst->hist_limit = no_history ? 0 : src->hist_limit;
	dst->hist_unproved = scenario || no_history ? 0 : src->hist_unproved;
	dst->hist_first = 0;
	dst->nhist = nrec;
	dst->hent_first = 0;
	dst->nhent = nent;
	if (nrec > 0) {
		memcpy(dst->hist, src->hist + src->hist_first, (size_t)nrec * sizeof(struct sk_undo));
		for (i = 0; i < nrec; i++)
			dst->hist[i].first -= src->hent_first;
	}
	if (nent > 0)
		memcpy(dst->hent, src->hent + src->hent_first,
		       nent * sizeof(struct sk_journal_entry));

	if (setup) {
		sk_state_copy_live(&dst->setup_st, &src->setup_st);
		dst->nsetup_figs = src->nsetup_figs;
		if (src->nsetup_figs > 0)
			memcpy(dst->setup_figs, src->setup_figs,
			       (size_t)src->nsetup_figs * sizeof(struct sk_fig));
		dst->nsetup_script = src->nsetup_script;
		if (src->nsetup_script > 0)
			memcpy(dst->setup_script, src->setup_script,
			       (size_t)src->nsetup_script * sizeof(int));
		dst->setup_script_exclusive = src->setup_script_exclusive;
	} else {
		dst->nsetup_figs = 0;
		dst->nsetup_script = 0;
	}
	dst->grid_ok = 0;
	if (setup)
		sk_grid_copy(dst, src); /* else rebuilt by the next action (act.c) */
	forget_last_result(dst);
	return state_ok(dst);
}

/* A new, empty game sharing src's allocator and callbacks. */
static skirmish_game *
game_like(const skirmish_game *src)
{
	skirmish_game *g = src->alloc(src->alloc_data, NULL, 0, sizeof(*g));

	if (!g)
		return NULL;
	memset(g, 0, sizeof(*g));
	g->rs = src->rs;
	g->alloc = src->alloc;
	g->alloc_data = src->alloc_data;
	g->roll = src->roll;
	g->roll_data = src->roll_data;
	g->event = src->event;
	g->event_data = src->event_data;
	g->after_action = src->after_action;
	g->referee = src->referee;
	g->invariant = src->invariant;
	g->invariant_data = src->invariant_data;
	g->hist_limit = -1;
	return g;
}

SKIRMISH_EXPORT int
skirmish_game_clone(const skirmish_game *src, skirmish_game **out)
{
	skirmish_game *g;

	struct sk_cb_frame lent;
	int rc = 0;

	if (out)
		*out = NULL;
	if (!src)
		return SKIRMISH_E_INVALID;
	if (sk_busy_whole(src, "skirmish_game_clone") < 0)
		return SKIRMISH_E_STATE;
	if (!out)
		return sk_error(src, SKIRMISH_E_INVALID, "clone: out may not be NULL");
	/* its allocator serves the clone: nothing may change src meanwhile */
	sk_cb_enter(src, &lent, "skirmish_game_clone of this game", 1);
	g = game_like(src);
	if (!g || copy_game(g, src, 0, 0) < 0) {
		skirmish_game_free(g);
		rc = SKIRMISH_E_NOMEM;
	}
	sk_cb_leave(src, &lent);
	if (rc < 0)
		return sk_error(src, rc, "clone: out of memory");
	*out = g;
	return SKIRMISH_OK;
}

SKIRMISH_EXPORT int
skirmish_game_copy(skirmish_game *dst, const skirmish_game *src)
{
	struct sk_cb_frame lent;
	int rc;

	if (!dst)
		return SKIRMISH_E_INVALID;
	if (!src)
		return sk_error(dst, SKIRMISH_E_INVALID, "copy: src may not be NULL");
	if (sk_busy(dst, "skirmish_game_copy (into it)") < 0)
		return SKIRMISH_E_STATE;
	if (sk_busy_whole(src, "skirmish_game_copy (from it)") < 0)
		return sk_error(dst, SKIRMISH_E_STATE, "copy: %s", src->errmsg);
	if (dst == src)
		return state_ok(dst);
	if (dst->in_action)
		return sk_error(dst, SKIRMISH_E_STATE, "copy: not into a game inside an action");
	/* dst's allocator runs: nothing may change src meanwhile */
	sk_cb_enter(src, &lent, "skirmish_game_copy from this game", 1);
	/* a game kept for rollouts (history limit 0) stays without history */
	rc = copy_game(dst, src, 0, dst->hist_limit == 0);
	sk_cb_leave(src, &lent);
	return rc;
}

/* ------------------------------------------------------------------ */
/* replays                                                              */
/* ------------------------------------------------------------------ */

/* A replay's refusal: its message in err and in src's error. */
static int
replay_error(const skirmish_game *src, char *err, size_t errsize, int code)
{
	put_error(err, errsize, src->errmsg);
	return code;
}

SKIRMISH_EXPORT int
skirmish_game_replay(skirmish_game **out, const skirmish_game *src, int nactions,
		     char *err, size_t errsize)
{
	struct sk_cb_frame lent;
	skirmish_action a;
	skirmish_game *g;
	int i, rc, live;

	if (out)
		*out = NULL;
	put_error(err, errsize, "");
	if (!src) {
		put_error(err, errsize, "replay: out and src may not be NULL");
		return SKIRMISH_E_INVALID;
	}
	if (sk_busy_whole(src, "skirmish_game_replay") < 0)
		return replay_error(src, err, errsize, SKIRMISH_E_STATE);
	if (!out) {
		sk_error(src, SKIRMISH_E_INVALID, "replay: out and src may not be NULL");
		return replay_error(src, err, errsize, SKIRMISH_E_INVALID);
	}
	live = hist_live(src);
	if (nactions < 0)
		nactions = live;
	if (nactions > live) {
		sk_error(src, SKIRMISH_E_INVALID, "replay: %d actions asked for, %d recorded",
			 nactions, live);
		return replay_error(src, err, errsize, SKIRMISH_E_INVALID);
	}
	if (started(src) && (live == 0 || src->hist[src->hist_first].kind !=
			     SKIRMISH_ACTION_START)) {
		sk_error(src, SKIRMISH_E_STATE, "replay: the history no longer reaches back "
			 "to the start of the game (history limit)");
		return replay_error(src, err, errsize, SKIRMISH_E_STATE);
	}
	/* the replay runs src's callbacks: nothing may change src meanwhile */
	sk_cb_enter(src, &lent, "skirmish_game_replay of this game", 0);
	g = game_like(src);
	if (!g || copy_game(g, src, 1, 0) < 0) {
		skirmish_game_free(g);
		sk_cb_leave(src, &lent);
		sk_error(src, SKIRMISH_E_NOMEM, "replay: out of memory");
		return replay_error(src, err, errsize, SKIRMISH_E_NOMEM);
	}
	for (i = 0; i < nactions; i++) {
		struct sk_act_rec rec;
		sk_hist_record(src, src->hist_first + i, &rec, NULL);
		sk_rec_to_action(&rec, &a);
		rc = skirmish_game_act(g, &a, NULL);
		if (rc < 0) {
			sk_cb_leave(src, &lent);
			sk_error(src, rc, "replay: action %d (%s) refused: %s", i,
				 skirmish_action_name(a.kind), g->errmsg);
			skirmish_game_free(g);
			return replay_error(src, err, errsize, rc);
		}
	}
	sk_cb_leave(src, &lent);
	*out = g;
	return SKIRMISH_OK;
}

/* ------------------------------------------------------------------ */
/* the loader's proof (H10)                                              */
/* ------------------------------------------------------------------ */

/* The first disagreement found: the record it starts at (the earliest
 * over all those found), and why. */
struct proof {
	int record;                   /* -1: none yet */
	char why[256];
};

static void SK_PRINTF(3, 4)
disagree(struct proof *p, int record, const char *fmt, ...)
{
	va_list ap;

	if (p->record >= 0 && p->record <= record)
		return;
	p->record = record;
	va_start(ap, fmt);
	vsnprintf(p->why, sizeof(p->why), fmt, ap);
	va_end(ap);
}

static int
same_bytes(enum sk_enc what, const void *a, const void *b)
{
	uint8_t x[SK_ENC_MAX], y[SK_ENC_MAX];
	size_t n = sk_encode(what, a, x);

	return n == sk_encode(what, b, y) && memcmp(x, y, n) == 0;
}

/* H4: a melee that is over is only "over"; its old contents are never
 * read again, and a loaded game holds them as zeros */
static int
same_melee(const struct sk_melee *a, const struct sk_melee *b)
{
	return (!a->live && !b->live) || same_bytes(SK_ENC_MELEE, a, b);
}

/* Record k of the replay r against record k of src: the action, the
 * state and counts before it (which the action before made), the
 * figures and melees it changed and their old values (which the last
 * record that changed each made). last[] and lastm[] name those. */
static void
prove_record(const skirmish_game *src, const skirmish_game *r, int k, const int *last,
	     const int *lastm, struct proof *p)
{
	const struct sk_undo *su = &src->hist[src->hist_first + k], *ru = &r->hist[k];
	const struct sk_journal_entry *se = sk_hent_at(src, su->first);
	const struct sk_journal_entry *re = sk_hent_at(r, ru->first);
	struct sk_act_rec sa, ra;
	struct sk_state sst, rst;
	int i, before = k > 0 ? k - 1 : 0;

	sk_hist_record(src, src->hist_first + k, &sa, &sst);
	sk_hist_record(r, k, &ra, &rst);
	if (!same_bytes(SK_ENC_ACTION, &sa, &ra))
		disagree(p, k, "its action is not the one the replay records "
			 "(figure %d, target %d, facing %d, %d points)", ra.figure, ra.target,
			 ra.facing, ra.npoints);
	if (su->nfigs != ru->nfigs || su->nmelees != ru->nmelees)
		disagree(p, before, "the replay reaches record %d with %d figures and %d melees; "
			 "the save has %d and %d", k, ru->nfigs, ru->nmelees, su->nfigs, su->nmelees);
	if (!same_bytes(SK_ENC_STATE, &sst, &rst))
		disagree(p, before, "the replay reaches record %d in another turn, phase, "
			 "order, generator or objectives", k);
	if (su->n != ru->n) {
		disagree(p, k, "its action changes %d figures and melees; the replay's, %d",
			 su->n, ru->n);
		return;
	}
	for (i = 0; i < su->n; i++) {
		int id = re[i].id, fig = re[i].kind == SK_ENTRY_FIG;

		if (se[i].kind != re[i].kind || se[i].id != id) {
			disagree(p, k, "its action changes %s %d where the replay's changes %s %d",
				 se[i].kind == SK_ENTRY_FIG ? "figure" : "melee", se[i].id,
				 fig ? "figure" : "melee", id);
			return;
		}
		/* a slot the action made held nothing of the game before */
		if (id >= (fig ? ru->nfigs : ru->nmelees))
			continue;
		if (fig ? !same_bytes(SK_ENC_FIG, &se[i].old.fig, &re[i].old.fig) :
			  !same_melee(&se[i].old.melee, &re[i].old.melee)) {
			int from = fig ? last[id] : lastm[id];
			disagree(p, from >= 0 ? from : k, "%s %d%s%s is not what the replay has%s",
				 fig ? "figure" : "melee", id, fig ? " " : "",
				 fig ? re[i].old.fig.name : "", from >= 0 ? " after it" :
				 " at the start");
		}
	}
}

/* r, src's game with its start undone, is src's scenario: its state,
 * figures and (when the history is proven) the dice scripted before it */
static int
scenario_is(const skirmish_game *src, const skirmish_game *r, char *why, size_t n)
{
	int i;

	if (!same_bytes(SK_ENC_STATE, &src->setup_st, &r->st)) {
		snprintf(why, n, "the turn, order, generator or objectives differ");
		return 0;
	}
	if (r->nfigs != src->nsetup_figs) {
		snprintf(why, n, "%d figures, not %d", r->nfigs, src->nsetup_figs);
		return 0;
	}
	for (i = 0; i < r->nfigs; i++)
		if (!same_bytes(SK_ENC_FIG, &r->figs[i], &src->setup_figs[i])) {
			snprintf(why, n, "figure %d differs", i);
			return 0;
		}
	if (!src->hist_unproved &&
	    (r->nscript != src->nsetup_script || r->script_exclusive != src->setup_script_exclusive ||
	     (r->nscript > 0 &&
	      memcmp(r->script, src->setup_script, (size_t)r->nscript * sizeof(int)) != 0))) {
		snprintf(why, n, "the dice scripted differ");
		return 0;
	}
	return 1;
}

int
sk_replay_check(const skirmish_game *src, char *why, size_t n)
{
	skirmish_game *r;
	struct proof p;
	skirmish_action a;
	const char *sec = NULL;
	int *last = NULL, *lastm = NULL;
	size_t nlast, nlastm;
	int live = hist_live(src), k, i, rc = 0;
	uint64_t h1 = 0, h2 = 0;

	if (why && n > 0)
		why[0] = '\0';
	if (!started(src) || live == 0)
		return 0;
	p.record = -1;
	p.why[0] = '\0';
	r = game_like(src);
	if (!r)
		return SKIRMISH_E_NOMEM;
	/* the dice are the built-in generator's and the script's, as the save
	 * holds them; the caller's callbacks are not run */
	r->roll = NULL;
	r->roll_data = NULL;
	r->event = NULL;
	r->event_data = NULL;
	nlast = (size_t)src->capfigs;
	nlastm = (size_t)src->capmelees;
	if (copy_game(r, src, 0, 0) < 0 ||
	    !(last = sk_alloc(r, NULL, 0, (nlast + 1) * sizeof(int))) ||
	    !(lastm = sk_alloc(r, NULL, 0, (nlastm + 1) * sizeof(int)))) {
		rc = SKIRMISH_E_NOMEM;
		goto out;
	}
	/* the game before the oldest record (the scenario, when the history
	 * reaches the start; H2: else as far back as it reaches), which must
	 * be one the API can make, as a loaded game must */
	while (rc == 0 && hist_live(r) > 0)
		rc = skirmish_game_undo(r);
	if (rc == 0)
		rc = sk_invariants_check(r, &sec, p.why, sizeof(p.why));
	if (rc == SKIRMISH_E_NOMEM)
		goto out;
	if (rc < 0) {
		if (why && n > 0)
			snprintf(why, n, "H1: undone to its oldest record, the game breaks a rule "
				 "(%s section): %s", sec ? sec : "STAT", p.why);
		rc = SKIRMISH_E_STATE;
		goto out;
	}
	/* H1, H10: the start undone gives the scenario the save holds */
	if (!started(r) && !scenario_is(src, r, p.why, sizeof(p.why))) {
		if (why && n > 0)
			snprintf(why, n, "H10: record 0 (start) does not replay: undone, it gives "
				 "another game than the scenario: %s", p.why);
		rc = SKIRMISH_E_STATE;
		goto out;
	}
	if (src->hist_unproved)
		goto out;
	r->hist_limit = -1;
	for (i = 0; i < (int)nlast; i++)
		last[i] = -1;
	for (i = 0; i < (int)nlastm; i++)
		lastm[i] = -1;
	for (k = 0; k < live; k++) {
		struct sk_act_rec rec;
		const struct sk_undo *ru;
		const struct sk_journal_entry *re;

		sk_hist_record(src, src->hist_first + k, &rec, NULL);
		sk_rec_to_action(&rec, &a);
		rc = skirmish_game_act(r, &a, NULL);
		if (rc == SKIRMISH_E_NOMEM)
			goto out;
		if (rc < 0) {
			disagree(&p, k, "the replay refuses its action: %s", r->errmsg);
			break;
		}
		rc = 0;
		if (r->nhist != k + 1) {
			disagree(&p, k, "the replay records no action for it");
			break;
		}
		prove_record(src, r, k, last, lastm, &p);
		ru = &r->hist[k];
		re = sk_hent_at(r, ru->first);
		for (i = 0; i < ru->n; i++) {
			if (re[i].kind == SK_ENTRY_FIG && re[i].id >= 0 && (size_t)re[i].id < nlast)
				last[re[i].id] = k;
			else if (re[i].kind == SK_ENTRY_MELEE && re[i].id >= 0 &&
				 (size_t)re[i].id < nlastm)
				lastm[re[i].id] = k;
		}
	}
	if (k == live) {
		/* then the state the save holds: everything, then the hash */
		if (!same_bytes(SK_ENC_STATE, &src->st, &r->st))
			disagree(&p, live - 1, "the replay ends in another turn, phase, order, "
				 "generator or objectives than the save's state");
		if (src->nfigs != r->nfigs || src->nmelees != r->nmelees)
			disagree(&p, live - 1, "the replay ends with %d figures and %d melees; the "
				 "save's state has %d and %d", r->nfigs, r->nmelees, src->nfigs,
				 src->nmelees);
		for (i = 0; i < src->nfigs && i < r->nfigs; i++)
			if (!same_bytes(SK_ENC_FIG, &src->figs[i], &r->figs[i]))
				disagree(&p, (size_t)i < nlast && last[i] >= 0 ? last[i] : live - 1,
					 "figure %d %s is not what the replay has after it", i,
					 r->figs[i].name);
		for (i = 0; i < src->nmelees && i < r->nmelees; i++)
			if (!same_melee(&src->melees[i], &r->melees[i]))
				disagree(&p, (size_t)i < nlastm && lastm[i] >= 0 ? lastm[i] : live - 1,
					 "melee %d is not what the replay has after it", i);
		if (p.record < 0 && (skirmish_game_hash(src, &h1) < 0 ||
				     skirmish_game_hash(r, &h2) < 0 || h1 != h2))
			disagree(&p, live - 1, "the replay ends with another hash than the save's "
				 "state (the dice still scripted)");
	}
	if (p.record >= 0) {
		struct sk_act_rec rec;

		sk_hist_record(src, src->hist_first + p.record, &rec, NULL);
		if (why && n > 0)
			snprintf(why, n, "H10: record %d (%s, figure %d) does not replay: %s",
				 p.record, skirmish_action_name(rec.kind), rec.figure, p.why);
		rc = SKIRMISH_E_STATE;
	}
out:
	if (last)
		sk_alloc(r, last, (nlast + 1) * sizeof(int), 0);
	if (lastm)
		sk_alloc(r, lastm, (nlastm + 1) * sizeof(int), 0);
	skirmish_game_free(r);
	return rc;
}

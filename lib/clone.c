/*
 * Clone, copy and replay: a game made equal to another, whole or as its
 * scenario, and a scenario played forward through its recorded actions.
 */
#include <stdio.h>
#include <string.h>

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

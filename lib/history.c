/* SPDX-License-Identifier: MIT */
/*
 * The history of a game (H1-H3): the scenario as it was at the start, and
 * one record per action taken, which undo puts back.
 *
 * The journal (journal.c) keeps the old value of every figure and melee an
 * action changes, and act.c the scalar state before it. When the action
 * succeeds, sk_hist_push() keeps that journal as one history record; undo
 * puts the record back in reverse, exactly as a failed action is rolled
 * back (G7).
 *
 * A record keeps only what is live (struct sk_undo, core.h): the state's
 * scalars and exit edges in the record, its objectives (only as many as
 * the game has) and the path's points past the first in entries after
 * the journal's, so that a record of an action without objectives is a
 * few cache lines, not a whole struct sk_state and path.
 */
#include <string.h>

#include "act.h"

#define HIST_MIN_RECORDS 16
#define HIST_MIN_ENTRIES 64

/* the path's points fit an entry without growing it */
typedef char sk_hist_pts_fit[SK_HIST_PTS * sizeof(sk_pt) <= sizeof(struct sk_fig) ? 1 : -1];

static int
live_objectives(const struct sk_state *st)
{
	return st->nobj < 0 ? 0 : st->nobj < SKIRMISH_MAX_OBJECTIVES ? st->nobj :
	       SKIRMISH_MAX_OBJECTIVES;
}

/* The entries a record keeps past its journal's. */
static int
rec_extra(const struct sk_state *st, int npoints)
{
	return live_objectives(st) +
	       (npoints > 1 ? (npoints - 1 + SK_HIST_PTS - 1) / SK_HIST_PTS : 0);
}

/* Packs an action and the state before it into u, and its objectives and
 * path past the first point into the entries at ext. */
static void
rec_pack(struct sk_undo *u, struct sk_journal_entry *ext, const struct sk_act_rec *a,
	 const struct sk_state *st)
{
	int nobj = live_objectives(st), i, k;

	u->kind = a->kind;
	u->figure = a->figure;
	u->target = a->target;
	u->facing = a->facing;
	u->npoints = a->npoints;
	u->xy0 = a->xy[0];
	memcpy(u->head, st, sizeof(u->head));
	memcpy(u->exit_edge, st->exit_edge, sizeof(u->exit_edge));
	u->nextra = rec_extra(st, a->npoints);
	for (i = 0; i < nobj; i++, ext++) {
		ext->kind = SK_ENTRY_OBJ;
		ext->id = i;
		ext->old.obj = st->obj[i];
	}
	for (k = 1; k < a->npoints; k += SK_HIST_PTS, ext++) {
		int m = a->npoints - k < SK_HIST_PTS ? a->npoints - k : SK_HIST_PTS;
		ext->kind = SK_ENTRY_PTS;
		ext->id = k;
		memcpy(ext->old.pts, a->xy + k, (size_t)m * sizeof(sk_pt));
	}
}

/* Puts the record's state back into st as sk_state_copy_live() would:
 * the scalars, the objectives it has and the exit edges. */
static void
rec_state(const skirmish_game *g, const struct sk_undo *u, struct sk_state *st)
{
	const struct sk_journal_entry *e = sk_hent_at(g, u->first + (size_t)u->n);
	int i;

	memcpy(st, u->head, sizeof(u->head));
	memcpy(st->exit_edge, u->exit_edge, sizeof(st->exit_edge));
	for (i = 0; i < u->nextra; i++, e++)
		if (e->kind == SK_ENTRY_OBJ && e->id >= 0 && e->id < SKIRMISH_MAX_OBJECTIVES)
			st->obj[e->id] = e->old.obj;
}

void
sk_hist_record(const skirmish_game *g, int index, struct sk_act_rec *a, struct sk_state *st)
{
	const struct sk_undo *u = &g->hist[index];
	const struct sk_journal_entry *e = sk_hent_at(g, u->first + (size_t)u->n);
	int i;

	if (st) {
		memset(st, 0, sizeof(*st));
		rec_state(g, u, st);
	}
	if (!a)
		return;
	memset(a, 0, sizeof(*a));
	a->kind = u->kind;
	a->figure = u->figure;
	a->target = u->target;
	a->facing = u->facing;
	a->npoints = u->npoints;
	a->xy[0] = u->xy0;
	for (i = 0; i < u->nextra; i++, e++)
		if (e->kind == SK_ENTRY_PTS && e->id >= 1 && e->id < u->npoints && u->npoints <= SKIRMISH_PATH_MAX) {
			int m = u->npoints - e->id < SK_HIST_PTS ? u->npoints - e->id : SK_HIST_PTS;
			memcpy(a->xy + e->id, e->old.pts, (size_t)m * sizeof(sk_pt));
		}
}

int
sk_hist_append(skirmish_game *g, const struct sk_act_rec *a, const struct sk_state *st,
	       int nfigs, int nmelees, size_t first, int n)
{
	size_t extra = (size_t)rec_extra(st, a->npoints);
	struct sk_undo *u;

	if (g->nhist + 1 > g->caphist &&
	    sk_grow_int(g, (void **)&g->hist, &g->caphist, sizeof(struct sk_undo), g->nhist + 1) < 0)
		return SKIRMISH_E_NOMEM;
	if (g->nhent + extra > g->caphent &&
	    sk_grow(g, (void **)&g->hent, &g->caphent, sizeof(struct sk_journal_entry),
		    g->nhent + extra) < 0)
		return SKIRMISH_E_NOMEM;
	u = &g->hist[g->nhist++];
	u->nfigs = nfigs;
	u->nmelees = nmelees;
	u->first = first;
	u->n = n;
	rec_pack(u, sk_hent_at(g, g->nhent), a, st);
	g->nhent += extra;
	return 0;
}

void
sk_state_free(skirmish_game *g)
{
	sk_alloc(g, g->hist, (size_t)g->caphist * sizeof(struct sk_undo), 0);
	sk_alloc(g, g->hent, g->caphent * sizeof(struct sk_journal_entry), 0);
	sk_alloc(g, g->setup_figs, (size_t)g->capsetup_figs * sizeof(struct sk_fig), 0);
	sk_alloc(g, g->setup_script, (size_t)g->capsetup_script * sizeof(int), 0);
	g->hist = NULL;
	g->hent = NULL;
	g->setup_figs = NULL;
	g->setup_script = NULL;
}

static void
hist_clear(skirmish_game *g)
{
	g->hist_first = g->nhist = 0;
	g->hent_first = g->nhent = 0;
	g->hist_unproved = 0;         /* H10: nothing left to prove */
}

static void
hist_drop_oldest(skirmish_game *g)
{
	g->hist_first++;
	if (g->hist_first >= g->nhist)
		hist_clear(g);
	else
		g->hent_first = g->hist[g->hist_first].first;
}

/* H2: the limit drops the oldest records. */
static void
hist_trim(skirmish_game *g)
{
	while (g->hist_limit >= 0 && hist_live(g) > g->hist_limit)
		hist_drop_oldest(g);
}

/* Moves the live records and entries to the front of their arrays. */
static void
hist_compact(skirmish_game *g)
{
	size_t k = g->hent_first;
	int i;

	if (g->hist_first > 0) {
		memmove(g->hist, g->hist + g->hist_first,
			(size_t)hist_live(g) * sizeof(struct sk_undo));
		g->nhist -= g->hist_first;
		g->hist_first = 0;
	}
	if (k > 0) {
		memmove(g->hent, g->hent + k, (g->nhent - k) * sizeof(struct sk_journal_entry));
		g->nhent -= k;
		g->hent_first = 0;
		for (i = 0; i < g->nhist; i++)
			g->hist[i].first -= k;
	}
}

void
sk_hist_note(skirmish_game *g, int kind, int fig, int target, int facing,
	     const sk_pt *xy, int npoints)
{
	struct sk_act_rec *a = &g->act_rec;

	if (g->probe.active) /* a probe is rolled back and never recorded */
		return;
	a->kind = kind;
	a->figure = fig;
	a->target = target;
	a->facing = facing;
	if (npoints > SKIRMISH_PATH_MAX)
		npoints = SKIRMISH_PATH_MAX;
	a->npoints = npoints;
	/* the points past npoints are never read but for the first, which a
	 * record keeps (rec_pack): 0 when there are none, as it always was */
	if (npoints > 0) {
		memcpy(a->xy, xy, (size_t)npoints * sizeof(sk_pt));
	} else {
		a->xy[0].x = 0;
		a->xy[0].y = 0;
	}
}

int
sk_hist_push(skirmish_game *g)
{
	size_t nj, n;
	struct sk_undo *u;

	if (g->hist_limit == 0)
		return 0;
	nj = (size_t)g->njournal;
	n = nj + (size_t)rec_extra(&g->saved, g->act_rec.npoints);
	if (g->nhist + 1 > g->caphist || g->nhent + n > g->caphent) {
		size_t live, want;

		hist_compact(g);
		/* room for half as much again, so that compaction is rare */
		live = (size_t)hist_live(g) + 1;
		want = live + live / 2;
		if (want < HIST_MIN_RECORDS)
			want = HIST_MIN_RECORDS;
		if ((size_t)g->nhist + 1 > (size_t)g->caphist &&
		    sk_grow_int(g, (void **)&g->hist, &g->caphist, sizeof(struct sk_undo),
			     (int)want) < 0)
			return SKIRMISH_E_NOMEM;
		live = g->nhent + n;
		want = live + live / 2;
		if (want < HIST_MIN_ENTRIES)
			want = HIST_MIN_ENTRIES;
		if (g->nhent + n > g->caphent &&
		    sk_grow(g, (void **)&g->hent, &g->caphent, sizeof(struct sk_journal_entry),
			 want) < 0)
			return SKIRMISH_E_NOMEM;
	}
	u = &g->hist[g->nhist++];
	u->nfigs = g->saved_nfigs;
	u->nmelees = g->saved_nmelees;
	u->first = g->nhent;
	u->n = (int)nj;
	if (nj > 0)
		memcpy(g->hent + g->nhent, g->journal, nj * sizeof(struct sk_journal_entry));
	rec_pack(u, sk_hent_at(g, g->nhent + nj), &g->act_rec, &g->saved);
	g->nhent += n;
	hist_trim(g);
	return 0;
}

/* H1: undo puts back the newest record, as rollback() does. */
SKIRMISH_EXPORT int
skirmish_game_undo(skirmish_game *g)
{
	const struct sk_undo *u;
	int i;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_undo") < 0)
		return SKIRMISH_E_STATE;
	if (g->in_action)
		return sk_error(g, SKIRMISH_E_STATE, "undo: not from inside an action");
	if (hist_live(g) == 0)
		return sk_error(g, SKIRMISH_E_STATE, "undo: no action to undo%s",
				g->hist_limit == 0 ? " (the history limit is 0)" :
				g->st.state == SKIRMISH_STATE_SETUP ? " (the game has not started)" :
				" (the history is empty)");
	u = &g->hist[g->nhist - 1];
	for (i = u->n - 1; i >= 0; i--) {
		const struct sk_journal_entry *e = &g->hent[u->first + (size_t)i];
		if (e->kind == SK_ENTRY_FIG) {
			if (e->id < u->nfigs)
				g->figs[e->id] = e->old.fig;
		} else if (e->id < u->nmelees) {
			g->melees[e->id] = e->old.melee;
		}
	}
	rec_state(g, u, &g->st);
	/* H3: the script's values are an input; a new script keeps its place */
	if (g->st.script_pos > g->nscript)
		g->st.script_pos = g->nscript;
	/* the spatial index follows (geometry.c); ids past the count leave it */
	for (i = u->n - 1; i >= 0; i--)
		if (g->hent[u->first + (size_t)i].kind == SK_ENTRY_FIG)
			sk_grid_refile(g, g->hent[u->first + (size_t)i].id);
	{
		int was = g->nfigs;
		g->nfigs = u->nfigs;
		for (i = u->nfigs; i < was; i++)
			sk_grid_refile(g, i);
	}
	g->nmelees = u->nmelees;
	g->nhent = u->first;
	g->nhist--;
	if (g->nhist <= g->hist_first)
		hist_clear(g);
	forget_last_result(g);
	return state_ok(g);
}

SKIRMISH_EXPORT int
skirmish_game_history_length(const skirmish_game *g)
{
	return g ? hist_live(g) : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT int
skirmish_game_set_history_limit(skirmish_game *g, int limit)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_set_history_limit") < 0)
		return SKIRMISH_E_STATE;
	g->hist_limit = limit < 0 ? -1 : limit;
	hist_trim(g);
	return state_ok(g);
}

SKIRMISH_EXPORT int
skirmish_game_history_limit(const skirmish_game *g)
{
	return g ? g->hist_limit : SKIRMISH_E_INVALID;
}

void
sk_rec_to_action(const struct sk_act_rec *r, skirmish_action *a)
{
	int i;

	memset(a, 0, sizeof(*a));
	a->version = SKIRMISH_ACTION_VERSION;
	a->kind = r->kind;
	a->figure = r->figure;
	a->target = r->target;
	a->facing = r->facing < 0 ? SKIRMISH_FACING_KEEP : (double)r->facing;
	a->npoints = r->npoints;
	for (i = 0; i < r->npoints && i < SKIRMISH_PATH_MAX; i++) {
		a->xy[2 * i] = sk_to_inches(r->xy[i].x);
		a->xy[2 * i + 1] = sk_to_inches(r->xy[i].y);
	}
}

SKIRMISH_EXPORT int
skirmish_game_history_action(const skirmish_game *g, int index, skirmish_action *out)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_history_action") < 0)
		return SKIRMISH_E_STATE;
	if (!out)
		return sk_error(g, SKIRMISH_E_INVALID, "history_action: out may not be NULL");
	if (out->version != SKIRMISH_ACTION_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "history_action: unknown action version %u",
				out->version);
	if (index < 0 || index >= hist_live(g))
		return sk_error(g, SKIRMISH_E_INVALID,
				"history_action: no action %d (the history holds %d)", index,
				hist_live(g));
	{
		struct sk_act_rec a;
		sk_hist_record(g, g->hist_first + index, &a, NULL);
		sk_rec_to_action(&a, out);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* the scenario                                                         */
/* ------------------------------------------------------------------ */

int
sk_setup_keep(skirmish_game *g)
{
	if (sk_grow_int(g, (void **)&g->setup_figs, &g->capsetup_figs, sizeof(struct sk_fig),
		     g->nfigs) < 0 ||
	    sk_grow_int(g, (void **)&g->setup_script, &g->capsetup_script, sizeof(int),
		     g->nscript) < 0)
		return SKIRMISH_E_NOMEM;
	if (g->nfigs > 0)
		memcpy(g->setup_figs, g->figs, (size_t)g->nfigs * sizeof(struct sk_fig));
	g->nsetup_figs = g->nfigs;
	if (g->nscript > 0)
		memcpy(g->setup_script, g->script, (size_t)g->nscript * sizeof(int));
	g->nsetup_script = g->nscript;
	g->setup_script_exclusive = g->script_exclusive;
	g->setup_st = g->st;
	return 0;
}

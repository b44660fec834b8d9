/*
 * Game state services: the undo history, clone and copy, the state hash,
 * save and load, and replays. The formats and the hash are specified in
 * doc/FORMAT.md; this file is their reference implementation.
 *
 * The game is flat arrays (figures, terrain, melees, the dice script) and
 * one scalar struct (struct sk_state), so every service here is a walk over
 * those arrays; none of it knows a ruleset.
 *
 * Undo (H1): act.c journals the old value of every figure and melee an
 * action changes, with the scalar state before it. When the action
 * succeeds, sk_hist_push() keeps that journal as one history record; undo
 * puts the record back in reverse, exactly as a failed action is rolled
 * back (G7).
 */
#include <stdio.h>
#include <string.h>

#include "skirmish-private.h"

#define FORMAT_VERSION 2u          /* the newest read; 1 is written when ids fit (H8) */
static const char save_magic[8] = { 'S', 'K', 'I', 'R', 'M', 'I', 'S', 'H' };

#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV_PRIME UINT64_C(0x100000001b3)

/* the largest figure count a game can reach: the figures added, plus one
 * horse marker per mounted figure (act.c reserves them at start) */
#define MAX_FIG_SLOTS (2 * SK_MAX_FIGURES)
#define MAX_MELEES (MAX_FIG_SLOTS + 1)
#define HIST_MIN_RECORDS 16
#define HIST_MIN_ENTRIES 64

static int
state_ok(skirmish_game *g)
{
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return SKIRMISH_OK;
}

static void
put_error(char *buf, size_t size, const char *msg)
{
	if (buf && size > 0)
		snprintf(buf, size, "%s", msg);
}

/* Grows an array to hold want elements (at least 1.5 times the old size);
 * keeps its contents. */
static int
grow(skirmish_game *g, void **p, size_t *cap, size_t elem, size_t want)
{
	size_t ncap;
	void *np;

	if (want <= *cap)
		return 0;
	ncap = *cap + *cap / 2;
	if (ncap < want)
		ncap = want;
	if (ncap > SIZE_MAX / elem)
		return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	np = sk_alloc(g, *p, *cap * elem, ncap * elem);
	if (!np)
		return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	*p = np;
	*cap = ncap;
	return 0;
}

static int
grow_int(skirmish_game *g, void **p, int *cap, size_t elem, int want)
{
	size_t c = (size_t)*cap;
	int rc;

	if (want <= *cap)
		return 0;
	rc = grow(g, p, &c, elem, (size_t)want);
	if (rc == 0)
		*cap = (int)c;
	return rc;
}

/* Grows an array to exactly want elements: a copy takes its source's
 * capacity and no more, so that games copied into each other in turn do
 * not grow by half each time (found by fuzzing: 13 million figure slots
 * after 270 copies back and forth). */
static int
grow_int_exact(skirmish_game *g, void **p, int *cap, size_t elem, int want)
{
	void *np;

	if (want <= *cap)
		return 0;
	if ((size_t)want > SIZE_MAX / elem)
		return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	np = sk_alloc(g, *p, (size_t)*cap * elem, (size_t)want * elem);
	if (!np)
		return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	*p = np;
	*cap = want;
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

/* ------------------------------------------------------------------ */
/* the undo history (H1-H3)                                             */
/* ------------------------------------------------------------------ */

static int
hist_live(const skirmish_game *g)
{
	return g->nhist - g->hist_first;
}

static void
hist_clear(skirmish_game *g)
{
	g->hist_first = g->nhist = 0;
	g->hent_first = g->nhent = 0;
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

	memset(a, 0, sizeof(*a));
	a->kind = kind;
	a->figure = fig;
	a->target = target;
	a->facing = facing;
	if (npoints > SKIRMISH_PATH_MAX)
		npoints = SKIRMISH_PATH_MAX;
	a->npoints = npoints;
	if (npoints > 0)
		memcpy(a->xy, xy, (size_t)npoints * sizeof(sk_pt));
}

int
sk_hist_push(skirmish_game *g)
{
	size_t n = (size_t)g->njournal;
	struct sk_undo *u;

	if (g->hist_limit == 0)
		return 0;
	if (g->nhist + 1 > g->caphist || g->nhent + n > g->caphent) {
		size_t live, want;

		hist_compact(g);
		/* room for half as much again, so that compaction is rare */
		live = (size_t)hist_live(g) + 1;
		want = live + live / 2;
		if (want < HIST_MIN_RECORDS)
			want = HIST_MIN_RECORDS;
		if ((size_t)g->nhist + 1 > (size_t)g->caphist &&
		    grow_int(g, (void **)&g->hist, &g->caphist, sizeof(struct sk_undo),
			     (int)want) < 0)
			return SKIRMISH_E_NOMEM;
		live = g->nhent + n;
		want = live + live / 2;
		if (want < HIST_MIN_ENTRIES)
			want = HIST_MIN_ENTRIES;
		if (g->nhent + n > g->caphent &&
		    grow(g, (void **)&g->hent, &g->caphent, sizeof(struct sk_journal_entry),
			 want) < 0)
			return SKIRMISH_E_NOMEM;
	}
	u = &g->hist[g->nhist++];
	u->act = g->act_rec;
	u->saved = g->saved;
	u->nfigs = g->saved_nfigs;
	u->nmelees = g->saved_nmelees;
	u->first = g->nhent;
	u->n = (int)n;
	if (n > 0)
		memcpy(g->hent + g->nhent, g->journal, n * sizeof(struct sk_journal_entry));
	g->nhent += n;
	hist_trim(g);
	return 0;
}

/* The last result described an action that is no more (undo, copy, load). */
static void
forget_last_result(skirmish_game *g)
{
	g->res[!g->cur].r.version = 0;
}

/* H1: undo puts back the newest record, as rollback() does. */
SKIRMISH_EXPORT int
skirmish_game_undo(skirmish_game *g)
{
	const struct sk_undo *u;
	int i;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (g->in_action || g->in_event)
		return sk_error(g, SKIRMISH_E_STATE,
				"undo: not from inside an action or the event callback");
	if (hist_live(g) == 0)
		return sk_error(g, SKIRMISH_E_STATE, "undo: no action to undo%s",
				g->hist_limit == 0 ? " (the history limit is 0)" :
				g->st.state == SKIRMISH_STATE_SETUP ? " (the game has not started)" :
				" (the history is empty)");
	u = &g->hist[g->nhist - 1];
	for (i = u->n - 1; i >= 0; i--) {
		const struct sk_journal_entry *e = &g->hent[u->first + (size_t)i];
		if (e->kind == 0) {
			if (e->id < u->nfigs)
				g->figs[e->id] = e->old.fig;
		} else if (e->id < u->nmelees) {
			g->melees[e->id] = e->old.melee;
		}
	}
	sk_state_copy_live(&g->st, &u->saved);
	/* H3: the script's values are an input; a new script keeps its place */
	if (g->st.script_pos > g->nscript)
		g->st.script_pos = g->nscript;
	/* the spatial index follows (geometry.c); ids past the count leave it */
	for (i = u->n - 1; i >= 0; i--)
		if (g->hent[u->first + (size_t)i].kind == 0)
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
	g->hist_limit = limit < 0 ? -1 : limit;
	hist_trim(g);
	return state_ok(g);
}

SKIRMISH_EXPORT int
skirmish_game_history_limit(const skirmish_game *g)
{
	return g ? g->hist_limit : SKIRMISH_E_INVALID;
}

static void
rec_to_action(const struct sk_act_rec *r, skirmish_action *a)
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
	if (!g || !out)
		return SKIRMISH_E_INVALID;
	if (out->version != SKIRMISH_ACTION_VERSION)
		return SKIRMISH_E_VERSION;
	if (index < 0 || index >= hist_live(g))
		return SKIRMISH_E_INVALID;
	rec_to_action(&g->hist[g->hist_first + index].act, out);
	return 0;
}

/* ------------------------------------------------------------------ */
/* the scenario, clone and copy                                         */
/* ------------------------------------------------------------------ */

int
sk_setup_keep(skirmish_game *g)
{
	if (grow_int(g, (void **)&g->setup_figs, &g->capsetup_figs, sizeof(struct sk_fig),
		     g->nfigs) < 0 ||
	    grow_int(g, (void **)&g->setup_script, &g->capsetup_script, sizeof(int),
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

static int
started(const skirmish_game *g)
{
	return g->st.state != SKIRMISH_STATE_SETUP;
}

/*
 * Makes dst's game equal to src's (scenario: to src's game as it was at
 * start, without history). Grows every array first, so that a failure
 * changes nothing; allocates nothing when dst's arrays are large enough.
 * dst keeps its allocator and callbacks.
 */
static int
copy_game(skirmish_game *dst, const skirmish_game *src, int scenario)
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
	/* the fast path: dst already holds all of it (a game copied into again
	 * and again, as playouts and searches do): one test, then the copy */
	fits = dst->capfigs >= capfigs && dst->capterr >= src->nterr &&
	       dst->capmelees >= (scenario ? 0 : src->capmelees) &&
	       dst->capscript >= nscript && dst->caphist >= nrec && dst->caphent >= nent &&
	       (!setup || (dst->capsetup_figs >= src->nsetup_figs &&
			   dst->capsetup_script >= src->nsetup_script));
	if (!fits &&
	    (grow_int_exact(dst, (void **)&dst->figs, &dst->capfigs, sizeof(struct sk_fig),
			    capfigs) < 0 ||
	     grow_int(dst, (void **)&dst->terr, &dst->capterr, sizeof(struct sk_terrain),
		      src->nterr) < 0 ||
	     grow_int_exact(dst, (void **)&dst->melees, &dst->capmelees, sizeof(struct sk_melee),
			    scenario ? 0 : src->capmelees) < 0 ||
	     grow_int(dst, (void **)&dst->script, &dst->capscript, sizeof(int), nscript) < 0 ||
	     grow_int(dst, (void **)&dst->hist, &dst->caphist, sizeof(struct sk_undo), nrec) < 0 ||
	     grow(dst, (void **)&dst->hent, &dst->caphent, sizeof(struct sk_journal_entry),
		  nent) < 0 ||
	     (setup && grow_int(dst, (void **)&dst->setup_figs, &dst->capsetup_figs,
				sizeof(struct sk_fig), src->nsetup_figs) < 0) ||
	     (setup && grow_int(dst, (void **)&dst->setup_script, &dst->capsetup_script,
				sizeof(int), src->nsetup_script) < 0)))
		return SKIRMISH_E_NOMEM;
	/* a started copy is ready to act without allocating (PERFORMANCE.md);
	 * both reservations remember the last one that held, so a repeat is
	 * a few comparisons */
	if (setup && (sk_play_reserve(dst) < 0 ||
		      sk_grid_reserve(dst, capfigs, src->table_w, src->table_d) < 0))
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

	dst->hist_limit = src->hist_limit;
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
	g->hist_limit = -1;
	return g;
}

SKIRMISH_EXPORT int
skirmish_game_clone(const skirmish_game *src, skirmish_game **out)
{
	skirmish_game *g;

	if (out)
		*out = NULL;
	if (!src || !out)
		return SKIRMISH_E_INVALID;
	g = game_like(src);
	if (!g)
		return SKIRMISH_E_NOMEM;
	if (copy_game(g, src, 0) < 0) {
		skirmish_game_free(g);
		return SKIRMISH_E_NOMEM;
	}
	*out = g;
	return SKIRMISH_OK;
}

SKIRMISH_EXPORT int
skirmish_game_copy(skirmish_game *dst, const skirmish_game *src)
{
	if (!dst || !src)
		return SKIRMISH_E_INVALID;
	if (dst == src)
		return state_ok(dst);
	if (dst->in_action || dst->in_event)
		return sk_error(dst, SKIRMISH_E_STATE,
				"copy: not into a game inside an action or its event callback");
	return copy_game(dst, src, 0);
}

/* ------------------------------------------------------------------ */
/* the canonical serialization: save and hash (doc/FORMAT.md)           */
/* ------------------------------------------------------------------ */

struct wr {
	uint8_t *buf;                 /* NULL: count only */
	size_t size, len;
	int hashing;                  /* feed FNV-1a instead of the buffer */
	uint64_t h;
	int wide;                     /* H8: 32-bit figure and melee ids */
};

static void
w_bytes(struct wr *w, const void *p, size_t n)
{
	const uint8_t *b = p;
	size_t i;

	if (w->hashing) {
		for (i = 0; i < n; i++) {
			w->h ^= b[i];
			w->h *= FNV_PRIME;
		}
	} else if (w->buf && n <= w->size && w->len <= w->size - n) {
		memcpy(w->buf + w->len, p, n);
	}
	w->len += n;
}

/* n bytes of v, least significant first (doc/FORMAT.md: little-endian) */
static void
w_le(struct wr *w, uint64_t v, int n)
{
	uint8_t b[8];
	int i;

	for (i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	w_bytes(w, b, (size_t)n);
}

static void
w_u8(struct wr *w, unsigned v)
{
	w_le(w, v, 1);
}

static void
w_u16(struct wr *w, unsigned v)
{
	w_le(w, v, 2);
}

static void
w_u32(struct wr *w, uint32_t v)
{
	w_le(w, v, 4);
}

static void
w_i32(struct wr *w, int32_t v)
{
	w_le(w, (uint32_t)v, 4);
}

static void
w_u64(struct wr *w, uint64_t v)
{
	w_le(w, v, 8);
}

static void
w_name(struct wr *w, const char *name)
{
	const char *z = memchr(name, '\0', SKIRMISH_NAME_MAX);
	size_t n = z ? (size_t)(z - name) : SKIRMISH_NAME_MAX - 1;

	w_u8(w, (unsigned)n);
	w_bytes(w, name, n);
}

/* A section: tag, u64 payload length (patched at its end), payload. The
 * hash sees payloads only. */
static size_t
w_sec_begin(struct wr *w, const char *tag)
{
	size_t at;

	if (w->hashing)
		return 0;
	w_bytes(w, tag, 4);
	at = w->len;
	w_u64(w, 0);
	return at;
}

static void
w_sec_end(struct wr *w, size_t at)
{
	uint64_t n;
	int i;

	if (w->hashing || !w->buf || w->len > w->size)
		return;
	n = (uint64_t)(w->len - at - 8);
	for (i = 0; i < 8; i++)
		w->buf[at + (size_t)i] = (uint8_t)(n >> (8 * i));
}

static void
w_opts(struct wr *w, const skirmish_game *g)
{
	int i;

	w_u8(w, (unsigned)g->rs->id);
	w_u8(w, (unsigned)g->opt.players);
	w_u8(w, g->opt.umpire ? 1 : 0);
	w_u8(w, g->opt.night ? 1 : 0);
	w_i32(w, g->table_w);
	w_i32(w, g->table_d);
	w_i32(w, g->opt.turn_limit);
	w_u8(w, (unsigned)g->opt.ring_removal);
	w_u8(w, (unsigned)g->opt.melee_ties);
	w_u8(w, (unsigned)g->die_sides);
	w_u8(w, g->player_order_given ? 1 : 0);
	for (i = 0; i < SKIRMISH_MAX_PLAYERS; i++)
		w_u8(w, g->player_order_given && i < g->opt.players ?
		     (unsigned)g->given_order[i] : 0);
}

static void
w_terrain(struct wr *w, const struct sk_terrain *t)
{
	int i;

	w_u32(w, t->flags);
	w_i32(w, t->height);
	w_i32(w, t->move_penalty);
	w_u8(w, (unsigned)t->npts);
	for (i = 0; i < t->npts; i++) {
		w_i32(w, t->p[i].x);
		w_i32(w, t->p[i].y);
	}
	w_name(w, t->name);
}

/* A figure or melee id (or -1): 16 bits in format 1, 32 in format 2 (H8). */
static void
w_id(struct wr *w, int32_t id)
{
	w_le(w, (uint32_t)id, w->wide ? 4 : 2);
}

/* H8: format 2 only for a game whose ids do not fit 16 bits, so that every
 * game format 1 can hold is saved, and hashed, as format 1 had it. */
static int
ids_wide(const skirmish_game *g)
{
	return g->nfigs > INT16_MAX || g->nsetup_figs > INT16_MAX ||
	       g->fig_slots > INT16_MAX || g->nmelees > INT16_MAX ||
	       g->melee_slots > INT16_MAX;
}

static void
w_fig(struct wr *w, const struct sk_fig *f)
{
	w_i32(w, f->x);
	w_i32(w, f->y);
	w_i32(w, f->w);
	w_i32(w, f->d);
	w_i32(w, f->move_left);
	w_u32(w, f->flags);
	w_u32(w, f->stamp);
	w_u16(w, (uint16_t)f->facing);
	w_id(w, f->melee);
	w_id(w, f->horse_of);
	w_u8(w, f->player);
	w_u8(w, f->dv);
	w_u8(w, f->melee_weapon);
	w_u8(w, f->missile_weapon);
	w_u8(w, f->rings);
	w_u8(w, f->melee_side);
	w_name(w, f->name);
}

/* A melee that is not live is written as zeros where the game's melees are
 * written (its old contents are never seen again). */
static void
w_melee(struct wr *w, const struct sk_melee *m, int canonical)
{
	static const struct sk_melee dead;

	if (canonical && !m->live)
		m = &dead;
	w_i32(w, m->rounds);
	w_i32(w, m->initiator);
	w_u8(w, m->live);
	w_u8(w, m->fought);
}

static void
w_st(struct wr *w, const struct sk_state *st, int hashing)
{
	int i;

	w_i32(w, st->state);
	w_i32(w, st->turn);
	w_i32(w, st->active);
	w_i32(w, st->phase);
	w_i32(w, st->winner);
	w_i32(w, st->nplayers);
	w_i32(w, st->umpire);
	for (i = 0; i < SKIRMISH_MAX_PLAYERS + 1; i++)
		w_i32(w, st->order[i]);
	w_u32(w, st->stamp);
	for (i = 0; i < 4; i++)
		w_u64(w, st->rng[i]);
	w_i32(w, hashing ? 0 : st->script_pos);
	w_u8(w, (unsigned)st->nobj);
	for (i = 0; i < st->nobj && i < SKIRMISH_MAX_OBJECTIVES; i++) {
		const struct sk_objective *o = &st->obj[i];
		w_i32(w, o->x);
		w_i32(w, o->y);
		w_id(w, o->carrier);
		w_u8(w, (uint8_t)o->state);
		w_u8(w, (uint8_t)o->player);
		w_name(w, o->name);
	}
	for (i = 0; i < SKIRMISH_MAX_PLAYERS + 1; i++)
		w_u8(w, (uint8_t)st->exit_edge[i]);
}

/* The hash sees only the dice still to come (H4). */
static void
w_script(struct wr *w, const int *v, int n, int pos, int exclusive, int hashing)
{
	int i, from = hashing ? pos : 0;

	if (from > n)
		from = n;
	w_u32(w, (uint32_t)(n - from));
	w_u8(w, hashing ? (exclusive && n > 0) : (exclusive ? 1 : 0));
	for (i = from; i < n; i++)
		w_u16(w, (unsigned)v[i]);
}

static void
w_figs(struct wr *w, const struct sk_fig *f, int n)
{
	int i;

	w_u32(w, (uint32_t)n);
	for (i = 0; i < n; i++)
		w_fig(w, &f[i]);
}

static void
w_terr_payload(struct wr *w, const skirmish_game *g)
{
	int i;

	w_u32(w, (uint32_t)g->nterr);
	for (i = 0; i < g->nterr; i++)
		w_terrain(w, &g->terr[i]);
}

static void
w_stat_payload(struct wr *w, const skirmish_game *g, int hashing)
{
	int i;

	w_st(w, &g->st, hashing);
	w_figs(w, g->figs, g->nfigs);
	w_u32(w, (uint32_t)g->nmelees);
	for (i = 0; i < g->nmelees; i++)
		w_melee(w, &g->melees[i], 1);
	w_script(w, g->script, g->nscript, g->st.script_pos, g->script_exclusive, hashing);
}

static void
w_action(struct wr *w, const struct sk_act_rec *a)
{
	int i;

	w_u8(w, (unsigned)a->kind);
	w_i32(w, a->figure);
	w_i32(w, a->target);
	w_u16(w, (uint16_t)(int16_t)a->facing);
	w_u8(w, (unsigned)a->npoints);
	for (i = 0; i < a->npoints; i++) {
		w_i32(w, a->xy[i].x);
		w_i32(w, a->xy[i].y);
	}
}

static void
w_game(struct wr *w, const skirmish_game *g)
{
	size_t at;
	int i, j;

	w_bytes(w, save_magic, sizeof(save_magic));
	w_u32(w, w->wide ? 2u : 1u);
	w_u32(w, 0); /* flags */

	at = w_sec_begin(w, "OPTS");
	w_opts(w, g);
	w_sec_end(w, at);

	at = w_sec_begin(w, "TERR");
	w_terr_payload(w, g);
	w_sec_end(w, at);

	at = w_sec_begin(w, "STAT");
	w_stat_payload(w, g, 0);
	w_sec_end(w, at);

	at = w_sec_begin(w, "SETP");
	w_u64(w, g->opt.seed);
	w_u8(w, started(g) ? 1 : 0);
	if (started(g)) {
		w_st(w, &g->setup_st, 0);
		w_figs(w, g->setup_figs, g->nsetup_figs);
		w_script(w, g->setup_script, g->nsetup_script, 0, g->setup_script_exclusive, 0);
	}
	w_sec_end(w, at);

	at = w_sec_begin(w, "HIST");
	w_i32(w, g->hist_limit);
	w_u32(w, (uint32_t)hist_live(g));
	for (i = g->hist_first; i < g->nhist; i++) {
		const struct sk_undo *u = &g->hist[i];
		w_action(w, &u->act);
		w_st(w, &u->saved, 0);
		w_u32(w, (uint32_t)u->nfigs);
		w_u32(w, (uint32_t)u->nmelees);
		w_u32(w, (uint32_t)u->n);
		for (j = 0; j < u->n; j++) {
			const struct sk_journal_entry *e = &g->hent[u->first + (size_t)j];
			w_u8(w, (unsigned)e->kind);
			w_u32(w, (uint32_t)e->id);
			if (e->kind == 0)
				w_fig(w, &e->old.fig);
			else
				w_melee(w, &e->old.melee, 0);
		}
	}
	w_sec_end(w, at);
}

static uint64_t
fnv1a(uint64_t h, const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= p[i];
		h *= FNV_PRIME;
	}
	return h;
}

SKIRMISH_EXPORT int
skirmish_game_save(const skirmish_game *g, void *buf, size_t size, size_t *needed)
{
	struct wr w;
	size_t at;

	if (!g || (size > 0 && !buf))
		return SKIRMISH_E_INVALID;
	memset(&w, 0, sizeof(w));
	w.buf = buf;
	w.size = size;
	w.wide = ids_wide(g);
	w_game(&w, g);
	at = w_sec_begin(&w, "END ");
	if (w.buf && w.len + 8 <= w.size)
		w_u64(&w, fnv1a(FNV_OFFSET, w.buf, w.len - 12));
	else
		w_u64(&w, 0);
	w_sec_end(&w, at);
	if (needed)
		*needed = w.len;
	if (w.len > size)
		return SKIRMISH_E_LIMIT;
	return SKIRMISH_OK;
}

SKIRMISH_EXPORT int
skirmish_game_hash(const skirmish_game *g, uint64_t *out)
{
	struct wr w;

	if (!g || !out)
		return SKIRMISH_E_INVALID;
	memset(&w, 0, sizeof(w));
	w.hashing = 1;
	w.h = FNV_OFFSET;
	w.wide = ids_wide(g);
	w_opts(&w, g);
	w_terr_payload(&w, g);
	w_stat_payload(&w, g, 1);
	*out = w.h;
	return SKIRMISH_OK;
}

/* ------------------------------------------------------------------ */
/* load: the input is hostile (doc/FORMAT.md, "Loading")                */
/* ------------------------------------------------------------------ */

struct rd {
	const uint8_t *p;
	size_t pos, end;              /* absolute offsets; end of the section */
	size_t at;                    /* where the field being read starts */
	const char *sec;
	char *err;
	size_t errsize;
	int bad;
	/* ids that name figures and melees, checked once the counts are known */
	int32_t fig_ref, melee_ref;
	int wide;                     /* H8: format 2, 32-bit figure and melee ids */
	size_t fig_ref_at, melee_ref_at;
	int nplayers, umpire;
	int nomem;                    /* the failure was an allocation */
};

static int rd_fail(struct rd *r, const char *fmt, ...) SK_PRINTF(2, 3);

static int
rd_fail(struct rd *r, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	if (r->bad)
		return -1;
	r->bad = 1;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (r->err && r->errsize > 0)
		snprintf(r->err, r->errsize, "load: %s section, byte %zu: %s", r->sec, r->at, msg);
	return -1;
}

/* An allocation failed while loading: SKIRMISH_E_NOMEM, not a bad format. */
static int
rd_nomem(struct rd *r)
{
	r->nomem = 1;
	return rd_fail(r, "out of memory");
}

static int
rd_need(struct rd *r, size_t n)
{
	if (r->bad)
		return -1;
	r->at = r->pos;
	if (r->end - r->pos < n)
		return rd_fail(r, "truncated (%zu bytes needed, %zu left)", n, r->end - r->pos);
	return 0;
}

static uint64_t
rd_le(struct rd *r, int n)
{
	uint64_t v = 0;
	int i;

	if (rd_need(r, (size_t)n) < 0)
		return 0;
	for (i = 0; i < n; i++)
		v |= (uint64_t)r->p[r->pos + (size_t)i] << (8 * i);
	r->pos += (size_t)n;
	return v;
}

static unsigned rd_u8(struct rd *r) { return (unsigned)rd_le(r, 1); }
static int16_t rd_i16(struct rd *r) { return (int16_t)(uint16_t)rd_le(r, 2); }
static int32_t rd_id(struct rd *r)
{
	return r->wide ? (int32_t)(uint32_t)rd_le(r, 4) : (int32_t)rd_i16(r);
}
static uint32_t rd_u32(struct rd *r) { return (uint32_t)rd_le(r, 4); }
static int32_t rd_i32(struct rd *r) { return (int32_t)(uint32_t)rd_le(r, 4); }
static uint64_t rd_u64(struct rd *r) { return rd_le(r, 8); }

/* a check of the field just read */
#define CHECK(r, cond, ...)                                     \
	do {                                                    \
		if (!(r)->bad && !(cond))                       \
			return rd_fail((r), __VA_ARGS__);       \
	} while (0)

static int
rd_coord(struct rd *r, int32_t *out, const char *what)
{
	*out = rd_i32(r);
	CHECK(r, *out >= -SK_COORD_MAX && *out <= SK_COORD_MAX,
	      "%s %ld is off any table", what, (long)*out);
	return r->bad ? -1 : 0;
}

static int
rd_name(struct rd *r, char *name)
{
	size_t n = rd_u8(r);

	memset(name, 0, SKIRMISH_NAME_MAX);
	CHECK(r, n < SKIRMISH_NAME_MAX, "a name of %zu bytes (at most %d)", n,
	      SKIRMISH_NAME_MAX - 1);
	if (rd_need(r, n) < 0)
		return -1;
	memcpy(name, r->p + r->pos, n);
	r->pos += n;
	CHECK(r, strlen(name) == n, "a name with a zero byte in it");
	return r->bad ? -1 : 0;
}

static void
note_fig_ref(struct rd *r, int32_t id)
{
	if (id > r->fig_ref) {
		r->fig_ref = id;
		r->fig_ref_at = r->at;
	}
}

static void
note_melee_ref(struct rd *r, int32_t id)
{
	if (id > r->melee_ref) {
		r->melee_ref = id;
		r->melee_ref_at = r->at;
	}
}

/* the smallest encodings, to check counts against the bytes left */
#define FIG_BYTES 41
#define MELEE_BYTES 10
#define TERR_BYTES 38
#define ST_BYTES 114
#define REC_BYTES (12 + ST_BYTES + 12)
#define ENTRY_BYTES (5 + MELEE_BYTES)

static int
rd_count(struct rd *r, uint32_t *n, uint32_t max, size_t each, const char *what)
{
	*n = rd_u32(r);
	CHECK(r, *n <= max, "%lu %s (at most %lu)", (unsigned long)*n, what, (unsigned long)max);
	CHECK(r, (uint64_t)*n * each <= r->end - r->pos,
	      "%lu %s cannot fit in the %zu bytes left", (unsigned long)*n, what,
	      r->end - r->pos);
	return r->bad ? -1 : 0;
}

static int
rd_fig(struct rd *r, struct sk_fig *f)
{
	memset(f, 0, sizeof(*f));
	rd_coord(r, &f->x, "x");
	rd_coord(r, &f->y, "y");
	f->w = rd_i32(r);
	CHECK(r, f->w >= 1 && f->w <= SK_COORD_MAX, "base width %ld", (long)f->w);
	f->d = rd_i32(r);
	CHECK(r, f->d >= 1 && f->d <= SK_COORD_MAX, "base depth %ld", (long)f->d);
	f->move_left = rd_i32(r);
	f->flags = rd_u32(r);
	f->stamp = rd_u32(r);
	f->facing = rd_i16(r);
	CHECK(r, f->facing >= 0 && f->facing < 360, "facing %d is not 0..359", f->facing);
	f->melee = rd_id(r);
	CHECK(r, f->melee >= -1, "melee id %ld", (long)f->melee);
	note_melee_ref(r, f->melee);
	f->horse_of = rd_id(r);
	CHECK(r, f->horse_of >= -1, "figure id %ld", (long)f->horse_of);
	note_fig_ref(r, f->horse_of);
	f->player = (uint8_t)rd_u8(r);
	CHECK(r, f->player < r->nplayers, "no player %d", f->player);
	f->dv = (uint8_t)rd_u8(r);
	CHECK(r, f->dv <= 100, "die value %d", f->dv);
	f->melee_weapon = (uint8_t)rd_u8(r);
	CHECK(r, f->melee_weapon < SKIRMISH_MELEE_COUNT, "unknown melee weapon %d",
	      f->melee_weapon);
	f->missile_weapon = (uint8_t)rd_u8(r);
	CHECK(r, f->missile_weapon < SKIRMISH_MISSILE_COUNT, "unknown missile weapon %d",
	      f->missile_weapon);
	f->rings = (uint8_t)rd_u8(r);
	f->melee_side = (uint8_t)rd_u8(r);
	CHECK(r, f->melee_side <= 1, "melee side %d", f->melee_side);
	rd_name(r, f->name);
	return r->bad ? -1 : 0;
}

static int
rd_melee(struct rd *r, struct sk_melee *m, int canonical)
{
	memset(m, 0, sizeof(*m));
	m->rounds = rd_i32(r);
	CHECK(r, m->rounds >= 0, "melee rounds %ld", (long)m->rounds);
	m->initiator = rd_i32(r);
	CHECK(r, m->initiator >= -1 && m->initiator < MAX_FIG_SLOTS, "figure id %ld",
	      (long)m->initiator);
	note_fig_ref(r, m->initiator);
	m->live = (uint8_t)rd_u8(r);
	CHECK(r, m->live <= 1, "melee live flag %d", m->live);
	m->fought = (uint8_t)rd_u8(r);
	CHECK(r, m->fought <= 1, "melee fought flag %d", m->fought);
	CHECK(r, !canonical || m->live || (m->rounds == 0 && m->initiator == 0 && !m->fought),
	      "a melee that is over is written as zeros");
	return r->bad ? -1 : 0;
}

static int
rd_st(struct rd *r, struct sk_state *st)
{
	int i, n = r->nplayers;

	memset(st, 0, sizeof(*st));
	st->state = rd_i32(r);
	CHECK(r, st->state >= SKIRMISH_STATE_SETUP && st->state <= SKIRMISH_STATE_OVER,
	      "game state %d", st->state);
	st->turn = rd_i32(r);
	CHECK(r, st->turn >= 0, "turn %d", st->turn);
	st->active = rd_i32(r);
	CHECK(r, st->active >= 0 && st->active < n, "active player index %d", st->active);
	st->phase = rd_i32(r);
	CHECK(r, st->phase >= SKIRMISH_PHASE_NONE && st->phase <= SKIRMISH_PHASE_MELEE,
	      "phase %d", st->phase);
	st->winner = rd_i32(r);
	CHECK(r, st->winner >= -1 && st->winner < n, "winner %d", st->winner);
	st->nplayers = rd_i32(r);
	CHECK(r, st->nplayers == n, "%d players (the options say %d)", st->nplayers, n);
	st->umpire = rd_i32(r);
	CHECK(r, st->umpire == r->umpire, "umpire %d (the options say %d)", st->umpire,
	      r->umpire);
	for (i = 0; i < SKIRMISH_MAX_PLAYERS + 1; i++) {
		st->order[i] = rd_i32(r);
		CHECK(r, st->order[i] >= 0 && st->order[i] < n, "player %d in the order",
		      st->order[i]);
	}
	st->stamp = rd_u32(r);
	for (i = 0; i < 4; i++)
		st->rng[i] = rd_u64(r);
	st->script_pos = rd_i32(r);
	CHECK(r, st->script_pos >= 0 && st->script_pos <= SK_MAX_SCRIPT,
	      "script position %d", st->script_pos);
	st->nobj = (int)rd_u8(r);
	CHECK(r, st->nobj <= SKIRMISH_MAX_OBJECTIVES, "%d objectives (at most %d)", st->nobj,
	      SKIRMISH_MAX_OBJECTIVES);
	for (i = 0; i < st->nobj && !r->bad; i++) {
		struct sk_objective *o = &st->obj[i];
		rd_coord(r, &o->x, "objective x");
		rd_coord(r, &o->y, "objective y");
		o->carrier = rd_id(r);
		CHECK(r, o->carrier >= -1, "figure id %ld", (long)o->carrier);
		note_fig_ref(r, o->carrier);
		o->state = (int8_t)rd_u8(r);
		CHECK(r, o->state >= SKIRMISH_OBJECTIVE_ON_TABLE &&
		      o->state <= SKIRMISH_OBJECTIVE_OFF_TABLE, "objective state %d", o->state);
		o->player = (int8_t)rd_u8(r);
		CHECK(r, o->player >= -1 && o->player < n, "no player %d", o->player);
		/* O1-O4: carried by a figure exactly while carried; scored by a
		 * player exactly once off the table (found by fuzzing: a carried
		 * objective without its carrier read figure -1) */
		CHECK(r, (o->state == SKIRMISH_OBJECTIVE_CARRIED) == (o->carrier >= 0),
		      "objective %d in state %d with carrier %ld", i, o->state, (long)o->carrier);
		CHECK(r, (o->state == SKIRMISH_OBJECTIVE_OFF_TABLE) == (o->player >= 0),
		      "objective %d in state %d scored by player %d", i, o->state, o->player);
		rd_name(r, o->name);
	}
	for (i = 0; i < SKIRMISH_MAX_PLAYERS + 1; i++) {
		st->exit_edge[i] = (int8_t)rd_u8(r);
		CHECK(r, st->exit_edge[i] >= SKIRMISH_EDGE_NONE &&
		      st->exit_edge[i] <= SKIRMISH_EDGE_EAST, "table edge %d", st->exit_edge[i]);
	}
	return r->bad ? -1 : 0;
}

/* A figure's equipment is what the ruleset accepts of a new figure (S1,
 * A10): a saved Senso figure with a d1, say, would fail its first roll.
 * Horse markers (S9) carry none. */
static int
rd_check_equipment(struct rd *r, skirmish_game *g, const struct sk_fig *figs, int n)
{
	int i;

	for (i = 0; i < n && !r->bad; i++) {
		const struct sk_fig *f = &figs[i];
		skirmish_figure_spec spec = SKIRMISH_FIGURE_SPEC_INIT;
		struct sk_fig tmp = *f;

		if ((f->flags & FIG_HORSE) || !g->rs->add_figure)
			continue;
		spec.dv = f->dv;
		spec.mounted = (f->flags & FIG_MOUNTED) != 0;
		spec.melee_weapon = f->melee_weapon;
		spec.missile_weapon = f->missile_weapon;
		spec.armour = (f->flags & FIG_ARMOUR) != 0;
		spec.shield = (f->flags & FIG_SHIELD) != 0;
		spec.martial_arts = (f->flags & FIG_MARTIAL) != 0;
		if (g->rs->add_figure(g, &tmp, &spec) < 0)
			return rd_fail(r, "figure %d: %s", i, g->errmsg);
	}
	return r->bad ? -1 : 0;
}

static int
rd_figs(struct rd *r, skirmish_game *g, struct sk_fig **figs, int *n, int *cap)
{
	uint32_t count, i;

	if (rd_count(r, &count, MAX_FIG_SLOTS, FIG_BYTES, "figures") < 0)
		return -1;
	if (grow_int(g, (void **)figs, cap, sizeof(struct sk_fig), (int)count) < 0)
		return rd_nomem(r);
	for (i = 0; i < count; i++)
		if (rd_fig(r, &(*figs)[i]) < 0)
			return -1;
	*n = (int)count;
	return 0;
}

static int
rd_script(struct rd *r, skirmish_game *g, int **v, int *n, int *cap, int *exclusive)
{
	uint32_t count, i;

	if (rd_count(r, &count, SK_MAX_SCRIPT, 2, "scripted dice") < 0)
		return -1;
	*exclusive = (int)rd_u8(r);
	CHECK(r, *exclusive <= 1, "script exclusive flag %d", *exclusive);
	if (grow_int(g, (void **)v, cap, sizeof(int), (int)count) < 0)
		return rd_nomem(r);
	for (i = 0; i < count && !r->bad; i++) {
		(*v)[i] = (int)(uint16_t)rd_le(r, 2);
		CHECK(r, (*v)[i] >= 1 && (*v)[i] <= 1000, "scripted die %d", (*v)[i]);
	}
	*n = (int)count;
	return r->bad ? -1 : 0;
}

static int
rd_action(struct rd *r, struct sk_act_rec *a)
{
	int i;

	memset(a, 0, sizeof(*a));
	a->kind = (int)rd_u8(r);
	CHECK(r, a->kind >= SKIRMISH_ACTION_START && a->kind <= SKIRMISH_ACTION_END_TURN,
	      "action kind %d", a->kind);
	a->figure = rd_i32(r);
	CHECK(r, a->figure >= -1 && a->figure < MAX_FIG_SLOTS, "figure id %d", a->figure);
	note_fig_ref(r, a->figure);
	a->target = rd_i32(r);
	CHECK(r, a->target >= -1 && a->target < MAX_FIG_SLOTS, "figure id %d", a->target);
	note_fig_ref(r, a->target);
	a->facing = rd_i16(r);
	CHECK(r, a->facing >= -1 && a->facing < 360, "facing %d", a->facing);
	a->npoints = (int)rd_u8(r);
	CHECK(r, a->kind == SKIRMISH_ACTION_MOVE ?
	      a->npoints >= 1 && a->npoints <= SKIRMISH_PATH_MAX : a->npoints == 0,
	      "%d path points for a %s", a->npoints, skirmish_action_name(a->kind));
	for (i = 0; i < a->npoints && !r->bad; i++) {
		rd_coord(r, &a->xy[i].x, "path x");
		rd_coord(r, &a->xy[i].y, "path y");
	}
	return r->bad ? -1 : 0;
}

static int
rd_section(struct rd *r, size_t size, const char *tag)
{
	uint64_t len;

	r->sec = tag;
	r->end = size;
	if (rd_need(r, 4) < 0)
		return -1;
	if (memcmp(r->p + r->pos, tag, 4) != 0) {
		char got[5];
		int i;
		for (i = 0; i < 4; i++) {
			uint8_t c = r->p[r->pos + (size_t)i];
			got[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
		}
		got[4] = '\0';
		return rd_fail(r, "section \"%s\" found where \"%s\" belongs", got, tag);
	}
	r->pos += 4;
	len = rd_u64(r);
	CHECK(r, len <= r->end - r->pos, "a length of %llu bytes, with %zu left",
	      (unsigned long long)len, r->end - r->pos);
	if (r->bad)
		return -1;
	r->end = r->pos + (size_t)len;
	return 0;
}

static int
rd_section_end(struct rd *r)
{
	r->at = r->pos;
	CHECK(r, r->pos == r->end, "%zu bytes left over at the end of the section",
	      r->end - r->pos);
	return r->bad ? -1 : 0;
}

static int
rd_terrain(struct rd *r, struct sk_terrain *t)
{
	int i;

	memset(t, 0, sizeof(*t));
	t->flags = rd_u32(r);
	CHECK(r, (t->flags & ~0xffu) == 0, "unknown terrain flags 0x%x", t->flags);
	t->height = rd_i32(r);
	CHECK(r, t->height >= 0 && t->height <= SK_COORD_MAX, "height %ld", (long)t->height);
	t->move_penalty = rd_i32(r);
	CHECK(r, t->move_penalty >= 0 && t->move_penalty <= SK_COORD_MAX,
	      "move penalty %ld", (long)t->move_penalty);
	t->npts = (int32_t)rd_u8(r);
	CHECK(r, t->npts >= 3 && t->npts <= SKIRMISH_POLYGON_MAX, "%ld outline points",
	      (long)t->npts);
	for (i = 0; i < t->npts && !r->bad; i++) {
		rd_coord(r, &t->p[i].x, "outline x");
		rd_coord(r, &t->p[i].y, "outline y");
	}
	if (r->bad)
		return -1;
	CHECK(r, sk_poly_area2(t->p, t->npts) > 0,
	      "an outline without area or not counter-clockwise");
	sk_terrain_bbox(t);
	return rd_name(r, t->name);
}

static int
mounted_count(const struct sk_fig *f, int n)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		if (f[i].flags & FIG_MOUNTED)
			k++;
	return k;
}

static int
rd_history(struct rd *r, skirmish_game *g, int *max_figs, int *max_melees)
{
	uint32_t count, i, j, n;
	int limit;

	limit = rd_i32(r);
	CHECK(r, limit >= -1, "history limit %d", limit);
	if (rd_count(r, &count, INT32_MAX / 2, REC_BYTES, "history records") < 0)
		return -1;
	CHECK(r, limit < 0 || count <= (uint32_t)limit,
	      "%lu history records beyond the limit of %d", (unsigned long)count, limit);
	g->hist_limit = limit;
	if (grow_int(g, (void **)&g->hist, &g->caphist, sizeof(struct sk_undo), (int)count) < 0)
		return rd_nomem(r);
	for (i = 0; i < count; i++) {
		struct sk_undo *u = &g->hist[i];
		uint32_t nf, nm;

		if (rd_action(r, &u->act) < 0 || rd_st(r, &u->saved) < 0)
			return -1;
		nf = rd_u32(r);
		CHECK(r, nf <= MAX_FIG_SLOTS, "%lu figures", (unsigned long)nf);
		nm = rd_u32(r);
		CHECK(r, nm <= MAX_MELEES, "%lu melees", (unsigned long)nm);
		u->nfigs = (int)nf;
		u->nmelees = (int)nm;
		if (u->nfigs > *max_figs)
			*max_figs = u->nfigs;
		if (u->nmelees > *max_melees)
			*max_melees = u->nmelees;
		/* H1: an action only adds figures and melees */
		CHECK(r, i == 0 || (u->nfigs >= g->hist[i - 1].nfigs &&
				    u->nmelees >= g->hist[i - 1].nmelees),
		      "the counts of figures and melees go down in the history");
		if (rd_count(r, &n, UINT32_MAX, ENTRY_BYTES, "journal entries") < 0)
			return -1;
		if (grow(g, (void **)&g->hent, &g->caphent, sizeof(struct sk_journal_entry),
			 g->nhent + n) < 0)
			return rd_nomem(r);
		u->first = g->nhent;
		u->n = (int)n;
		for (j = 0; j < n; j++) {
			struct sk_journal_entry *e = &g->hent[g->nhent];
			memset(e, 0, sizeof(*e));
			e->kind = (int)rd_u8(r);
			CHECK(r, e->kind == 0 || e->kind == 1, "journal entry kind %d", e->kind);
			e->id = (int)rd_u32(r);
			CHECK(r, e->id >= 0 && e->id < (e->kind == 0 ? u->nfigs : u->nmelees),
			      "journal entry for %s %d, of %d before the action",
			      e->kind == 0 ? "figure" : "melee", e->id,
			      e->kind == 0 ? u->nfigs : u->nmelees);
			if (r->bad)
				return -1;
			if (e->kind == 0 ? rd_fig(r, &e->old.fig) < 0 :
			    rd_melee(r, &e->old.melee, 0) < 0)
				return -1;
			g->nhent++;
		}
		g->nhist = (int)i + 1;
	}
	return r->bad ? -1 : 0;
}

SKIRMISH_EXPORT int
skirmish_game_load(skirmish_game **out, const void *data, size_t size,
		   const skirmish_game_options *callbacks, char *err, size_t errsize)
{
	static const struct sk_fig empty_fig = { .w = MIL, .d = MIL, .melee = -1,
						 .horse_of = -1, .flags = FIG_REMOVED };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	int order[SKIRMISH_MAX_PLAYERS];
	skirmish_game *g = NULL;
	struct rd r;
	char msg[512];
	unsigned version, flags, present;
	int i, rc, max_figs, max_melees, capfigs, capmelees;
	uint64_t seed, sum;

	if (out)
		*out = NULL;
	put_error(err, errsize, "");
	if (!out || (size > 0 && !data)) {
		put_error(err, errsize, "load: out and data may not be NULL");
		return SKIRMISH_E_INVALID;
	}
	if (callbacks && callbacks->version != SKIRMISH_GAME_OPTIONS_VERSION) {
		put_error(err, errsize, "load: unknown options version");
		return SKIRMISH_E_VERSION;
	}
	memset(&r, 0, sizeof(r));
	r.p = data;
	r.err = err;
	r.errsize = errsize;
	r.sec = "header";
	r.end = size;
	r.fig_ref = r.melee_ref = -1;

	if (rd_need(&r, sizeof(save_magic)) < 0)
		return SKIRMISH_E_FORMAT;
	if (memcmp(r.p, save_magic, sizeof(save_magic)) != 0) {
		rd_fail(&r, "not a libskirmish saved game (no \"SKIRMISH\" magic)");
		return SKIRMISH_E_FORMAT;
	}
	r.pos += sizeof(save_magic);
	version = rd_u32(&r);
	if (!r.bad && version > FORMAT_VERSION) {
		rd_fail(&r, "format version %u is newer than this library reads (%u): "
			"load it with a newer libskirmish", version, FORMAT_VERSION);
		return SKIRMISH_E_FORMAT;
	}
	if (!r.bad && version < 1)
		rd_fail(&r, "format version %u", version);
	r.wide = version >= 2;
	flags = rd_u32(&r);
	if (!r.bad && flags != 0)
		rd_fail(&r, "unknown header flags 0x%x", flags);
	if (r.bad)
		return SKIRMISH_E_FORMAT;

	/* OPTS: the options decide the rest (players, ruleset) */
	if (rd_section(&r, size, "OPTS") < 0)
		return SKIRMISH_E_FORMAT;
	o.ruleset = (int)rd_u8(&r);
	if (!r.bad && !skirmish_ruleset_name(o.ruleset))
		rd_fail(&r, "unknown ruleset %d", o.ruleset);
	o.players = (int)rd_u8(&r);
	if (!r.bad && (o.players < 2 || o.players > SKIRMISH_MAX_PLAYERS))
		rd_fail(&r, "%d players", o.players);
	o.umpire = (int)rd_u8(&r);
	o.night = (int)rd_u8(&r);
	if (!r.bad && (o.umpire > 1 || o.night > 1))
		rd_fail(&r, "a flag that is not 0 or 1");
	o.table_width = sk_to_inches(rd_i32(&r));
	o.table_depth = sk_to_inches(rd_i32(&r));
	o.turn_limit = rd_i32(&r);
	o.ring_removal = (int)rd_u8(&r);
	o.melee_ties = (int)rd_u8(&r);
	o.die_sides = (int)rd_u8(&r);
	if (!r.bad && o.die_sides < 2)
		rd_fail(&r, "a die of %d sides", o.die_sides);
	present = rd_u8(&r);
	if (!r.bad && present > 1)
		rd_fail(&r, "player order flag %u", present);
	for (i = 0; i < SKIRMISH_MAX_PLAYERS; i++) {
		order[i] = (int)rd_u8(&r);
		if (!r.bad && (i >= o.players || !present) && order[i] != 0)
			rd_fail(&r, "player order entry %d is %d for no player", i, order[i]);
	}
	if (r.bad || rd_section_end(&r) < 0)
		return SKIRMISH_E_FORMAT;
	if (present)
		o.player_order = order;
	if (callbacks) {
		o.roll = callbacks->roll;
		o.roll_data = callbacks->roll_data;
		o.alloc = callbacks->alloc;
		o.alloc_data = callbacks->alloc_data;
		o.event = callbacks->event;
		o.event_data = callbacks->event_data;
	}
	rc = skirmish_game_new(&g, &o, msg, sizeof(msg));
	if (rc == SKIRMISH_E_NOMEM) {
		put_error(err, errsize, "load: out of memory");
		return rc;
	}
	if (rc < 0) {
		r.at = r.end;
		rd_fail(&r, "options refused: %s", msg);
		return SKIRMISH_E_FORMAT;
	}
	r.nplayers = g->st.nplayers;
	r.umpire = g->st.umpire;

	/* TERR */
	if (rd_section(&r, size, "TERR") < 0)
		goto fail;
	{
		uint32_t n, k;
		if (rd_count(&r, &n, SK_MAX_TERRAIN, TERR_BYTES, "terrain pieces") < 0)
			goto fail;
		if (grow_int(g, (void **)&g->terr, &g->capterr, sizeof(struct sk_terrain),
			     (int)n) < 0) {
			rd_nomem(&r);
			goto fail;
		}
		for (k = 0; k < n; k++)
			if (rd_terrain(&r, &g->terr[k]) < 0)
				goto fail;
		g->nterr = (int)n;
	}
	if (rd_section_end(&r) < 0)
		goto fail;

	/* STAT */
	if (rd_section(&r, size, "STAT") < 0 || rd_st(&r, &g->st) < 0 ||
	    rd_figs(&r, g, &g->figs, &g->nfigs, &g->capfigs) < 0)
		goto fail;
	{
		uint32_t n, k;
		if (rd_count(&r, &n, MAX_MELEES, MELEE_BYTES, "melees") < 0)
			goto fail;
		if (grow_int(g, (void **)&g->melees, &g->capmelees, sizeof(struct sk_melee),
			     (int)n) < 0) {
			rd_nomem(&r);
			goto fail;
		}
		for (k = 0; k < n; k++)
			if (rd_melee(&r, &g->melees[k], 1) < 0)
				goto fail;
		g->nmelees = (int)n;
	}
	if (rd_script(&r, g, &g->script, &g->nscript, &g->capscript, &g->script_exclusive) < 0)
		goto fail;
	r.at = r.pos;
	if (g->st.script_pos > g->nscript) {
		rd_fail(&r, "script position %d beyond its %d dice", g->st.script_pos, g->nscript);
		goto fail;
	}
	if (rd_section_end(&r) < 0)
		goto fail;

	/* SETP */
	if (rd_section(&r, size, "SETP") < 0)
		goto fail;
	seed = rd_u64(&r);
	present = rd_u8(&r);
	if (!r.bad && present != (started(g) ? 1u : 0u)) {
		rd_fail(&r, "the scenario is %s for a game %s", present ? "present" : "missing",
			started(g) ? "that has started" : "in setup");
		goto fail;
	}
	g->opt.seed = seed;
	if (present) {
		if (rd_st(&r, &g->setup_st) < 0)
			goto fail;
		if (g->setup_st.state != SKIRMISH_STATE_SETUP) {
			rd_fail(&r, "the scenario's game state is %d, not setup", g->setup_st.state);
			goto fail;
		}
		if (rd_figs(&r, g, &g->setup_figs, &g->nsetup_figs, &g->capsetup_figs) < 0 ||
		    rd_script(&r, g, &g->setup_script, &g->nsetup_script, &g->capsetup_script,
			      &g->setup_script_exclusive) < 0)
			goto fail;
		if (g->setup_st.script_pos > g->nsetup_script) {
			rd_fail(&r, "script position %d beyond its %d dice", g->setup_st.script_pos,
				g->nsetup_script);
			goto fail;
		}
	}
	if (rd_section_end(&r) < 0)
		goto fail;

	/* HIST */
	max_figs = g->nfigs > g->nsetup_figs ? g->nfigs : g->nsetup_figs;
	max_melees = g->nmelees;
	if (rd_section(&r, size, "HIST") < 0 || rd_history(&r, g, &max_figs, &max_melees) < 0)
		goto fail;
	r.at = r.pos;
	if (g->nhist > 0 && (g->hist[g->nhist - 1].nfigs > g->nfigs ||
			     g->hist[g->nhist - 1].nmelees > g->nmelees)) {
		rd_fail(&r, "the history has more figures or melees than the game");
		goto fail;
	}
	if (g->nhist > 0 && g->hist[0].nfigs < g->nsetup_figs) {
		rd_fail(&r, "the history has fewer figures than the scenario");
		goto fail;
	}
	if (rd_section_end(&r) < 0)
		goto fail;

	/* END: the checksum of everything before it */
	if (rd_section(&r, size, "END ") < 0)
		goto fail;
	sum = fnv1a(FNV_OFFSET, r.p, r.pos - 12);
	if (rd_u64(&r) != sum && !r.bad) {
		rd_fail(&r, "checksum mismatch: the data is corrupted");
		goto fail;
	}
	if (rd_section_end(&r) < 0)
		goto fail;
	r.at = r.pos;
	if (r.pos != size) {
		rd_fail(&r, "%zu bytes after the end", size - r.pos);
		goto fail;
	}

	r.sec = "STAT";
	if (rd_check_equipment(&r, g, g->figs, g->nfigs) < 0)
		goto fail;
	r.sec = "SETP";
	if (rd_check_equipment(&r, g, g->setup_figs, g->nsetup_figs) < 0)
		goto fail;

	/* the capacities a game with this history has (turn.c sk_grow_for_play) */
	capfigs = max_figs;
	capmelees = max_melees;
	if (started(g)) {
		int k = g->nsetup_figs + mounted_count(g->setup_figs, g->nsetup_figs);
		if (k > capfigs)
			capfigs = k;
		if (g->nsetup_figs + 1 > capmelees)
			capmelees = g->nsetup_figs + 1;
	}
	r.sec = "STAT";
	if (r.fig_ref >= capfigs) {
		r.at = r.fig_ref_at;
		rd_fail(&r, "figure id %ld, of %d", (long)r.fig_ref, capfigs);
		goto fail;
	}
	if (r.melee_ref >= capmelees) {
		r.at = r.melee_ref_at;
		rd_fail(&r, "melee id %ld, of %d", (long)r.melee_ref, capmelees);
		goto fail;
	}
	if (grow_int(g, (void **)&g->figs, &g->capfigs, sizeof(struct sk_fig), capfigs) < 0 ||
	    grow_int(g, (void **)&g->melees, &g->capmelees, sizeof(struct sk_melee),
		     capmelees) < 0) {
		put_error(err, errsize, "load: out of memory");
		skirmish_game_free(g);
		return SKIRMISH_E_NOMEM;
	}
	g->fig_slots = capfigs;
	g->melee_slots = capmelees;
	/* slots past the counts, which an undo may bring back, hold harmless
	 * values */
	for (i = g->nfigs; i < g->capfigs; i++)
		g->figs[i] = empty_fig;
	for (i = g->nmelees; i < g->capmelees; i++) {
		memset(&g->melees[i], 0, sizeof(g->melees[i]));
		g->melees[i].initiator = -1;
	}
	state_ok(g);
	*out = g;
	return SKIRMISH_OK;

fail:
	skirmish_game_free(g);
	return r.nomem ? SKIRMISH_E_NOMEM : SKIRMISH_E_FORMAT;
}

/* ------------------------------------------------------------------ */
/* replays                                                              */
/* ------------------------------------------------------------------ */

SKIRMISH_EXPORT int
skirmish_game_replay(skirmish_game **out, const skirmish_game *src, int nactions,
		     char *err, size_t errsize)
{
	skirmish_action a;
	skirmish_game *g;
	int i, rc, live;

	if (out)
		*out = NULL;
	put_error(err, errsize, "");
	if (!out || !src) {
		put_error(err, errsize, "replay: out and src may not be NULL");
		return SKIRMISH_E_INVALID;
	}
	live = hist_live(src);
	if (nactions < 0)
		nactions = live;
	if (nactions > live) {
		if (err && errsize > 0)
			snprintf(err, errsize, "replay: %d actions asked for, %d recorded",
				 nactions, live);
		return SKIRMISH_E_INVALID;
	}
	if (started(src) && (live == 0 || src->hist[src->hist_first].act.kind !=
			     SKIRMISH_ACTION_START)) {
		put_error(err, errsize, "replay: the history no longer reaches back to the "
			  "start of the game (history limit)");
		return SKIRMISH_E_STATE;
	}
	g = game_like(src);
	if (!g) {
		put_error(err, errsize, "replay: out of memory");
		return SKIRMISH_E_NOMEM;
	}
	if (copy_game(g, src, 1) < 0) {
		skirmish_game_free(g);
		put_error(err, errsize, "replay: out of memory");
		return SKIRMISH_E_NOMEM;
	}
	for (i = 0; i < nactions; i++) {
		rec_to_action(&src->hist[src->hist_first + i].act, &a);
		rc = skirmish_game_act(g, &a, NULL);
		if (rc < 0) {
			if (err && errsize > 0)
				snprintf(err, errsize, "replay: action %d (%s) refused: %s", i,
					 skirmish_action_name(a.kind), g->errmsg);
			skirmish_game_free(g);
			return rc;
		}
	}
	*out = g;
	return SKIRMISH_OK;
}

/* SPDX-License-Identifier: MIT */
/*
 * The canonical serialization (doc/FORMAT.md): a game written as a saved
 * game, and the state hash, which is FNV-1a over the same writer's
 * payloads. This file is the format's reference writer.
 */
#include <string.h>

#include "state.h"

struct wr {
	uint8_t *buf;                 /* NULL: count only */
	size_t size, len;
	int hashing;                  /* feed FNV-1a instead of the buffer */
	uint64_t h;
	int wide;                     /* H8: 32-bit figure and melee ids */
	int pairs;                    /* H9: format 3, melees are pairs (A26) */
};

static void
w_bytes(struct wr *w, const void *p, size_t n)
{
	const uint8_t *b = p;
	size_t i;

	if (w->hashing) {
		uint64_t h = w->h;  /* in a register: no load and store a byte */

		for (i = 0; i < n; i++)
			h = (h ^ b[i]) * FNV_PRIME;
		w->h = h;
	} else if (w->buf && n <= w->size && w->len <= w->size - n) {
		memcpy(w->buf + w->len, p, n);
	}
	w->len += n;
}

/* n bytes of v, least significant first (doc/FORMAT.md: little-endian) */
static void
w_le(struct wr *w, uint64_t v, int n)
{
	int i;

	if (w->hashing) {
		/* the same bytes into FNV-1a, without the copy: the hash runs
		 * after most calls of fuzz-api (doc/TESTING.md) */
		uint64_t h = w->h;

		for (i = 0; i < n; i++, v >>= 8)
			h = (h ^ (v & 0xff)) * FNV_PRIME;
		w->h = h;
		w->len += (size_t)n;
		return;
	}
	/* straight into the buffer: no array on the stack (which ASan
	 * poisons and unpoisons at every call) nor a memcpy a number */
	if (w->buf && (size_t)n <= w->size && w->len <= w->size - (size_t)n) {
		uint8_t *out = w->buf + w->len;

		for (i = 0; i < n; i++, v >>= 8)
			out[i] = (uint8_t)v;
	}
	w->len += (size_t)n;
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
	if (w->pairs) {
		/* H9: the two figures of the pair */
		w_id(w, m->a);
		w_id(w, m->b);
	}
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
	w_u32(w, w->pairs ? 3u : w->wide ? 2u : 1u);
	w_u32(w, g->hist_unproved ? SAVE_FLAG_UNPROVED : 0); /* flags (H10) */

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
		struct sk_act_rec act;
		struct sk_state saved;
		sk_hist_record(g, i, &act, &saved);
		w_action(w, &act);
		w_st(w, &saved, 0);
		w_u32(w, (uint32_t)u->nfigs);
		w_u32(w, (uint32_t)u->nmelees);
		w_u32(w, (uint32_t)u->n);
		for (j = 0; j < u->n; j++) {
			const struct sk_journal_entry *e = &g->hent[u->first + (size_t)j];
			w_u8(w, (unsigned)e->kind);
			w_u32(w, (uint32_t)e->id);
			if (e->kind == SK_ENTRY_FIG)
				w_fig(w, &e->old.fig);
			else
				w_melee(w, &e->old.melee, 0);
		}
	}
	w_sec_end(w, at);
}

SKIRMISH_EXPORT int
skirmish_game_save(const skirmish_game *g, void *buf, size_t size, size_t *needed)
{
	struct wr w;
	size_t at;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_whole(g, "skirmish_game_save") < 0)
		return SKIRMISH_E_STATE;
	if (size > 0 && !buf)
		return sk_error(g, SKIRMISH_E_INVALID, "save: buf may be NULL only with size 0");
	memset(&w, 0, sizeof(w));
	w.buf = buf;
	w.size = size;
	w.pairs = g->rs->melee_pairs;
	w.wide = w.pairs || ids_wide(g);
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
		return sk_error(g, SKIRMISH_E_LIMIT, "save: the save takes %zu bytes, the buffer "
				"has %zu", w.len, size);
	return SKIRMISH_OK;
}

SKIRMISH_EXPORT int
skirmish_game_hash(const skirmish_game *g, uint64_t *out)
{
	struct wr w;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_hash") < 0)
		return SKIRMISH_E_STATE;
	if (!out)
		return sk_error(g, SKIRMISH_E_INVALID, "hash: out may not be NULL");
	memset(&w, 0, sizeof(w));
	w.hashing = 1;
	w.h = FNV_OFFSET;
	w.pairs = g->rs->melee_pairs;
	w.wide = w.pairs || ids_wide(g);
	w_opts(&w, g);
	w_terr_payload(&w, g);
	w_stat_payload(&w, g, 1);
	*out = w.h;
	return SKIRMISH_OK;
}

/* H10: the canonical bytes of one figure, melee (as it is, dead or live),
 * scalar state or action, with wide ids so that nothing is cut, for the
 * loader's replay check (clone.c) to compare exactly what a save would
 * hold. buf holds SK_ENC_MAX bytes; the length written. */
size_t
sk_encode(enum sk_enc what, const void *p, uint8_t *buf)
{
	struct wr w;

	memset(&w, 0, sizeof(w));
	w.buf = buf;
	w.size = SK_ENC_MAX;
	w.wide = 1;
	w.pairs = 1;
	switch (what) {
	case SK_ENC_FIG: w_fig(&w, p); break;
	case SK_ENC_MELEE: w_melee(&w, p, 0); break;
	case SK_ENC_STATE: w_st(&w, p, 0); break;
	case SK_ENC_ACTION: w_action(&w, p); break;
	}
	return w.len;
}

/* SPDX-License-Identifier: MIT */
/*
 * Load (doc/FORMAT.md, "Loading"): a saved game read back, section by
 * section. The input is hostile: every count, id and value is checked
 * before it is used, and a refused load changes nothing and leaks nothing.
 */
#include <stdio.h>
#include <string.h>

#include "invariant.h"
#include "state.h"

/* the largest figure count a game can reach: the figures added, plus one
 * horse marker per mounted figure (turn.c reserves them at start) */
#define MAX_FIG_SLOTS (2 * SK_MAX_FIGURES)
#define MAX_MELEES (MAX_FIG_SLOTS + 1)

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
	int pairs;                    /* H9: format 3, melees are pairs (A26) */
	int legacy;                   /* H9: old groups to be made pairs */
	int unproved;                 /* H10: a history no replay need reach */
	size_t fig_ref_at, melee_ref_at;
	int nplayers, umpire;
	int nomem;                    /* the failure was an allocation */
	size_t sec_at[4];             /* where TERR, STAT, SETP and HIST begin */
};

static const char *const sec_tags[4] = { "TERR", "STAT", "SETP", "HIST" };

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
	sk_fig_reshape(f);
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
	if (r->pairs) {
		/* H9: the two figures of a pair (A26) */
		m->a = rd_id(r);
		m->b = rd_id(r);
		CHECK(r, m->a >= 0 && m->a < MAX_FIG_SLOTS && m->b >= 0 && m->b < MAX_FIG_SLOTS,
		      "melee of figures %ld and %ld", (long)m->a, (long)m->b);
		CHECK(r, !m->live || (m->a != m->b && (m->initiator < 0 || m->initiator == m->a ||
						       m->initiator == m->b)),
		      "melee of figures %ld and %ld, made by %ld", (long)m->a, (long)m->b,
		      (long)m->initiator);
		note_fig_ref(r, m->a);
		note_fig_ref(r, m->b);
	}
	CHECK(r, !canonical || m->live || (m->rounds == 0 && m->initiator == 0 && !m->fought &&
					   m->a == 0 && m->b == 0),
	      "a melee that is over is written as zeros");
	if (r->legacy) {
		/* H9: a melee of 0.1 was a group of figures; the pairs of A26
		 * that replace it are made after loading */
		m->a = m->b = 0;
		m->live = 0;
	}
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
 * Horse markers (S9) carry none. A figure in setup (setup: the scenario's,
 * or a game's not started) is as the ruleset made it: its move and its
 * flags. */
static int
rd_check_equipment(struct rd *r, skirmish_game *g, const struct sk_fig *figs, int n,
		   int setup)
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
		spec.unloaded = setup && f->missile_weapon != SKIRMISH_MISSILE_NONE &&
				!(f->flags & FIG_LOADED);
		if (g->rs->add_figure(g, &tmp, &spec) < 0)
			return rd_fail(r, "figure %d: %s", i, g->errmsg);
		if (setup && (tmp.move_left != f->move_left || tmp.flags != f->flags))
			return rd_fail(r, "figure %d is set up with %ld mils of move and flags 0x%x; "
				       "the ruleset gives %ld and 0x%x", i, (long)f->move_left,
				       f->flags, (long)tmp.move_left, tmp.flags);
	}
	return r->bad ? -1 : 0;
}

static int
rd_figs(struct rd *r, skirmish_game *g, struct sk_fig **figs, int *n, int *cap)
{
	uint32_t count, i;

	if (rd_count(r, &count, MAX_FIG_SLOTS, FIG_BYTES, "figures") < 0)
		return -1;
	if (sk_grow_int(g, (void **)figs, cap, sizeof(struct sk_fig), (int)count) < 0)
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
	if (sk_grow_int(g, (void **)v, cap, sizeof(int), (int)count) < 0)
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
	      "%d path points for %s %s", a->npoints, sk_a(skirmish_action_name(a->kind)),
	      skirmish_action_name(a->kind));
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
	int i;

	r->sec = tag;
	r->end = size;
	if (rd_need(r, 4) < 0)
		return -1;
	if (memcmp(r->p + r->pos, tag, 4) != 0) {
		char got[5];
		for (i = 0; i < 4; i++) {
			uint8_t c = r->p[r->pos + (size_t)i];
			got[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
		}
		got[4] = '\0';
		return rd_fail(r, "section \"%s\" found where \"%s\" belongs", got, tag);
	}
	r->pos += 4;
	for (i = 0; i < 4; i++)
		if (strcmp(tag, sec_tags[i]) == 0)
			r->sec_at[i] = r->pos - 4;
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
	if (sk_grow_int(g, (void **)&g->hist, &g->caphist, sizeof(struct sk_undo), (int)count) < 0)
		return rd_nomem(r);
	for (i = 0; i < count; i++) {
		struct sk_act_rec act;
		struct sk_state saved;
		uint32_t nf, nm;
		size_t first;
		int nfigs, nmelees;

		if (rd_action(r, &act) < 0 || rd_st(r, &saved) < 0)
			return -1;
		nf = rd_u32(r);
		CHECK(r, nf <= MAX_FIG_SLOTS, "%lu figures", (unsigned long)nf);
		nm = rd_u32(r);
		CHECK(r, nm <= MAX_MELEES, "%lu melees", (unsigned long)nm);
		nfigs = (int)nf;
		nmelees = (int)nm;
		if (nfigs > *max_figs)
			*max_figs = nfigs;
		if (nmelees > *max_melees)
			*max_melees = nmelees;
		/* H1: an action only adds figures and melees */
		CHECK(r, i == 0 || (nfigs >= g->hist[i - 1].nfigs &&
				    nmelees >= g->hist[i - 1].nmelees),
		      "the counts of figures and melees go down in the history");
		if (rd_count(r, &n, UINT32_MAX, ENTRY_BYTES, "journal entries") < 0)
			return -1;
		if (sk_grow(g, (void **)&g->hent, &g->caphent, sizeof(struct sk_journal_entry),
			 g->nhent + n) < 0)
			return rd_nomem(r);
		first = g->nhent;
		for (j = 0; j < n; j++) {
			struct sk_journal_entry *e = &g->hent[g->nhent];
			memset(e, 0, sizeof(*e));
			e->kind = (int)rd_u8(r);
			CHECK(r, e->kind == SK_ENTRY_FIG || e->kind == SK_ENTRY_MELEE,
			      "journal entry kind %d", e->kind);
			e->id = (int)rd_u32(r);
			CHECK(r, e->id >= 0 && e->id < (e->kind == SK_ENTRY_FIG ? nfigs : nmelees),
			      "journal entry for %s %d, of %d before the action",
			      e->kind == SK_ENTRY_FIG ? "figure" : "melee", e->id,
			      e->kind == SK_ENTRY_FIG ? nfigs : nmelees);
			if (r->bad)
				return -1;
			if (e->kind == SK_ENTRY_FIG ? rd_fig(r, &e->old.fig) < 0 :
			    rd_melee(r, &e->old.melee, 0) < 0)
				return -1;
			g->nhent++;
		}
		/* the record keeps the live part (history.c) */
		if (sk_hist_append(g, &act, &saved, nfigs, nmelees, first, (int)n) < 0)
			return rd_nomem(r);
	}
	return r->bad ? -1 : 0;
}

/* The header: magic, format version (H8: 2 has 32-bit ids), flags. */
static int
load_header(struct rd *r)
{
	unsigned version, flags;

	if (rd_need(r, sizeof(save_magic)) < 0)
		return -1;
	if (memcmp(r->p, save_magic, sizeof(save_magic)) != 0)
		return rd_fail(r, "not a libskirmish saved game (no \"SKIRMISH\" magic)");
	r->pos += sizeof(save_magic);
	version = rd_u32(r);
	if (!r->bad && version > FORMAT_VERSION)
		return rd_fail(r, "format version %u is newer than this library reads (%u): "
			       "load it with a newer libskirmish", version, FORMAT_VERSION);
	if (!r->bad && version < 1)
		rd_fail(r, "format version %u", version);
	r->wide = version >= 2;
	r->pairs = version >= 3;
	flags = rd_u32(r);
	if (!r->bad && (flags & ~SAVE_FLAG_UNPROVED) != 0)
		rd_fail(r, "unknown header flags 0x%x", flags & ~SAVE_FLAG_UNPROVED);
	r->unproved = (flags & SAVE_FLAG_UNPROVED) != 0;
	return r->bad ? -1 : 0;
}

/* OPTS: the options decide the rest (players, ruleset); order[] holds the
 * player order, which o->player_order points at when it is given. */
static int
load_opts(struct rd *r, size_t size, skirmish_game_options *o, int *order)
{
	unsigned present;
	int i;

	if (rd_section(r, size, "OPTS") < 0)
		return -1;
	o->ruleset = (int)rd_u8(r);
	if (!r->bad && !skirmish_ruleset_name(o->ruleset))
		rd_fail(r, "unknown ruleset %d", o->ruleset);
	o->players = (int)rd_u8(r);
	if (!r->bad && (o->players < 2 || o->players > SKIRMISH_MAX_PLAYERS))
		rd_fail(r, "%d players", o->players);
	o->umpire = (int)rd_u8(r);
	o->night = (int)rd_u8(r);
	if (!r->bad && (o->umpire > 1 || o->night > 1))
		rd_fail(r, "a flag that is not 0 or 1");
	o->table_width = sk_to_inches(rd_i32(r));
	o->table_depth = sk_to_inches(rd_i32(r));
	o->turn_limit = rd_i32(r);
	o->ring_removal = (int)rd_u8(r);
	o->melee_ties = (int)rd_u8(r);
	o->die_sides = (int)rd_u8(r);
	if (!r->bad && o->die_sides < 2)
		rd_fail(r, "a die of %d sides", o->die_sides);
	present = rd_u8(r);
	if (!r->bad && present > 1)
		rd_fail(r, "player order flag %u", present);
	for (i = 0; i < SKIRMISH_MAX_PLAYERS; i++) {
		order[i] = (int)rd_u8(r);
		if (!r->bad && (i >= o->players || !present) && order[i] != 0)
			rd_fail(r, "player order entry %d is %d for no player", i, order[i]);
	}
	if (r->bad || rd_section_end(r) < 0)
		return -1;
	if (present)
		o->player_order = order;
	return 0;
}

/* TERR: the terrain pieces. */
static int
load_terrain(struct rd *r, skirmish_game *g, size_t size)
{
	uint32_t n, k;

	if (rd_section(r, size, "TERR") < 0 ||
	    rd_count(r, &n, SK_MAX_TERRAIN, TERR_BYTES, "terrain pieces") < 0)
		return -1;
	if (sk_grow_int(g, (void **)&g->terr, &g->capterr, sizeof(struct sk_terrain), (int)n) < 0)
		return rd_nomem(r);
	for (k = 0; k < n; k++) {
		if (rd_terrain(r, &g->terr[k]) < 0)
			return -1;
		if (g->terr[k].flags & SKIRMISH_TERRAIN_OBSTACLE)
			g->nobstacles++;
	}
	g->nterr = (int)n;
	for (k = 0; k < n; k++)
		sk_group_obstacle(g, (int)k);   /* G17 */
	sk_terrain_relink(g);
	return rd_section_end(r);
}

/* STAT: the scalar state, the figures, the melees and the dice script. */
static int
load_stat(struct rd *r, skirmish_game *g, size_t size)
{
	uint32_t n, k;

	if (rd_section(r, size, "STAT") < 0 || rd_st(r, &g->st) < 0 ||
	    rd_figs(r, g, &g->figs, &g->nfigs, &g->capfigs) < 0)
		return -1;
	if (rd_count(r, &n, MAX_MELEES, MELEE_BYTES, "melees") < 0)
		return -1;
	if (sk_grow_int(g, (void **)&g->melees, &g->capmelees, sizeof(struct sk_melee),
			(int)n) < 0)
		return rd_nomem(r);
	for (k = 0; k < n; k++)
		if (rd_melee(r, &g->melees[k], 1) < 0)
			return -1;
	g->nmelees = (int)n;
	if (rd_script(r, g, &g->script, &g->nscript, &g->capscript, &g->script_exclusive) < 0)
		return -1;
	r->at = r->pos;
	if (g->st.script_pos > g->nscript)
		return rd_fail(r, "script position %d beyond its %d dice", g->st.script_pos,
			       g->nscript);
	return rd_section_end(r);
}

/* SETP: the seed, and for a started game the scenario it started from. */
static int
load_setup(struct rd *r, skirmish_game *g, size_t size)
{
	uint64_t seed;
	unsigned present;

	if (rd_section(r, size, "SETP") < 0)
		return -1;
	seed = rd_u64(r);
	present = rd_u8(r);
	if (!r->bad && present != (started(g) ? 1u : 0u))
		return rd_fail(r, "the scenario is %s for a game %s",
			       present ? "present" : "missing",
			       started(g) ? "that has started" : "in setup");
	g->opt.seed = seed;
	if (present) {
		if (rd_st(r, &g->setup_st) < 0)
			return -1;
		if (g->setup_st.state != SKIRMISH_STATE_SETUP)
			return rd_fail(r, "the scenario's game state is %d, not setup",
				       g->setup_st.state);
		if (rd_figs(r, g, &g->setup_figs, &g->nsetup_figs, &g->capsetup_figs) < 0 ||
		    rd_script(r, g, &g->setup_script, &g->nsetup_script, &g->capsetup_script,
			      &g->setup_script_exclusive) < 0)
			return -1;
		if (g->setup_st.script_pos > g->nsetup_script)
			return rd_fail(r, "script position %d beyond its %d dice",
				       g->setup_st.script_pos, g->nsetup_script);
	}
	return rd_section_end(r);
}

/* HIST: the history, which must fit between the scenario and the game;
 * *max_figs and *max_melees grow to the most any record had. */
static int
load_history(struct rd *r, skirmish_game *g, size_t size, int *max_figs, int *max_melees)
{
	if (rd_section(r, size, "HIST") < 0 || rd_history(r, g, max_figs, max_melees) < 0)
		return -1;
	r->at = r->pos;
	if (g->nhist > 0 && (g->hist[g->nhist - 1].nfigs > g->nfigs ||
			     g->hist[g->nhist - 1].nmelees > g->nmelees))
		return rd_fail(r, "the history has more figures or melees than the game");
	if (g->nhist > 0 && g->hist[0].nfigs < g->nsetup_figs)
		return rd_fail(r, "the history has fewer figures than the scenario");
	return rd_section_end(r);
}

/* END: the checksum of everything before it, and nothing after. */
static int
load_end(struct rd *r, size_t size)
{
	uint64_t sum;

	if (rd_section(r, size, "END ") < 0)
		return -1;
	sum = fnv1a(FNV_OFFSET, r->p, r->pos - 12);
	if (rd_u64(r) != sum && !r->bad)
		return rd_fail(r, "checksum mismatch: the data is corrupted");
	if (rd_section_end(r) < 0)
		return -1;
	r->at = r->pos;
	if (r->pos != size)
		return rd_fail(r, "%zu bytes after the end", size - r->pos);
	return 0;
}

/* What the sections say only together: the equipment for the ruleset, and
 * the ids against the capacities a game with this history has (turn.c
 * sk_grow_for_play), which it then gets. -1: refused (r says why);
 * SKIRMISH_E_NOMEM: the capacities could not be allocated. */
static int
load_capacities(struct rd *r, skirmish_game *g, int max_figs, int max_melees)
{
	static const struct sk_fig empty_fig = { .w = MIL, .d = MIL, .melee = -1,
						 .horse_of = -1, .flags = FIG_REMOVED };
	int i, capfigs = max_figs, capmelees = max_melees;

	r->sec = "STAT";
	r->at = r->sec_at[1];
	if (rd_check_equipment(r, g, g->figs, g->nfigs, !started(g)) < 0)
		return -1;
	r->sec = "SETP";
	r->at = r->sec_at[2];
	if (rd_check_equipment(r, g, g->setup_figs, g->nsetup_figs, 1) < 0)
		return -1;
	if (started(g)) {
		int k = g->nsetup_figs + mounted_count(g->setup_figs, g->nsetup_figs);
		if (k > capfigs)
			capfigs = k;
		if (sk_melee_slots(g, g->nsetup_figs) > capmelees)
			capmelees = sk_melee_slots(g, g->nsetup_figs);
	}
	r->sec = "STAT";
	if (r->fig_ref >= capfigs) {
		r->at = r->fig_ref_at;
		return rd_fail(r, "figure id %ld, of %d", (long)r->fig_ref, capfigs);
	}
	if (r->melee_ref >= capmelees) {
		r->at = r->melee_ref_at;
		return rd_fail(r, "melee id %ld, of %d", (long)r->melee_ref, capmelees);
	}
	if (sk_grow_int(g, (void **)&g->figs, &g->capfigs, sizeof(struct sk_fig), capfigs) < 0 ||
	    sk_grow_int(g, (void **)&g->melees, &g->capmelees, sizeof(struct sk_melee),
			capmelees) < 0)
		return SKIRMISH_E_NOMEM;
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
	return 0;
}

/* HIST: every record undone, on a clone with its spatial index, leaves a
 * game the API can make (sk_invariants_check_undo). */
static int
check_undo(const skirmish_game *g, const char **sec, char *why, size_t n)
{
	skirmish_game *c = NULL;
	int rc = skirmish_game_clone(g, &c);

	if (rc < 0)
		return rc;
	rc = sk_grid_build(c);
	if (rc == 0 && sk_invariants_check_undo(c, why, n) < 0) {
		*sec = "HIST";
		rc = SKIRMISH_E_STATE;
	}
	skirmish_game_free(c);
	return rc;
}

SKIRMISH_EXPORT int
skirmish_game_load(skirmish_game **out, const void *data, size_t size,
		   const skirmish_game_options *callbacks, char *err, size_t errsize)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	int order[SKIRMISH_MAX_PLAYERS];
	skirmish_game *g = NULL;
	struct rd r;
	char msg[512], why[256];
	const char *sec = NULL;
	int rc, max_figs, max_melees;

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

	if (load_header(&r) < 0 || load_opts(&r, size, &o, order) < 0)
		return SKIRMISH_E_FORMAT;
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
	/* H9: a save made before melees were pairs, of a ruleset whose are */
	r.legacy = !r.pairs && g->rs->melee_pairs;

	if (load_terrain(&r, g, size) < 0 || load_stat(&r, g, size) < 0 ||
	    load_setup(&r, g, size) < 0)
		goto fail;
	max_figs = g->nfigs > g->nsetup_figs ? g->nfigs : g->nsetup_figs;
	max_melees = g->nmelees;
	if (load_history(&r, g, size, &max_figs, &max_melees) < 0 || load_end(&r, size) < 0)
		goto fail;
	rc = load_capacities(&r, g, max_figs, max_melees);
	if (rc == SKIRMISH_E_NOMEM) {
		put_error(err, errsize, "load: out of memory");
		skirmish_game_free(g);
		return SKIRMISH_E_NOMEM;
	}
	if (rc < 0)
		goto fail;
	/* H9: the melees of a 0.1 save were groups; they become pairs */
	if (r.legacy && g->rs->after_legacy_load) {
		/* through the spatial index, which play builds again: without
		 * it each figure's contacts were a scan, n^2 for a big army */
		(void)sk_grid_build(g);
		g->rs->after_legacy_load(g);
		sk_grid_free(g);
	}
	/* the game is one the API can make (invariant.c), or refused */
	rc = sk_invariants_check(g, &sec, why, sizeof(why));
	if (rc == 0 && g->nhist > 0)
		rc = check_undo(g, &sec, why, sizeof(why));
	/* H10: a history is believed only when it replays to the state saved,
	 * unless the save says that it cannot: dice from outside it, or a 0.1
	 * Sampson history played under 0.1's melees (H9) */
	g->hist_unproved = r.unproved || (r.legacy && g->nhist > 0);
	if (rc == 0 && g->nhist > 0) {
		rc = sk_replay_check(g, why, sizeof(why));
		if (rc == SKIRMISH_E_STATE)
			sec = "HIST";
	}
	if (rc == SKIRMISH_E_NOMEM) {
		put_error(err, errsize, "load: out of memory");
		skirmish_game_free(g);
		return SKIRMISH_E_NOMEM;
	}
	if (rc < 0) {
		int k;
		r.sec = sec ? sec : "STAT";
		for (k = 0; k < 4; k++)
			if (strcmp(r.sec, sec_tags[k]) == 0)
				r.at = r.sec_at[k];
		rd_fail(&r, "%s", why);
		goto fail;
	}
	state_ok(g);
	*out = g;
	return SKIRMISH_OK;

fail:
	skirmish_game_free(g);
	return r.nomem ? SKIRMISH_E_NOMEM : SKIRMISH_E_FORMAT;
}

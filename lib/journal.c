/* SPDX-License-Identifier: MIT */
/*
 * The journal of the action under way (G7): every change an action makes
 * to a figure or a melee goes through sk_fig_mut() or sk_melee_mut(),
 * which keep the old value once, so that act.c can put the game back
 * exactly as it was; and the common effects, which change the game
 * through the journal and record what they did in the result.
 */
#include <string.h>

#include "act.h"

int
sk_journal_reserve(skirmish_game *g)
{
	int want = g->capfigs + g->capmelees + 8;
	void *p;

	if (g->capjournal < want) {
		p = sk_alloc(g, g->journal, (size_t)g->capjournal * sizeof(struct sk_journal_entry),
			     (size_t)want * sizeof(struct sk_journal_entry));
		if (!p)
			return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
		g->journal = p;
		g->capjournal = want;
	}
	if (g->capfig_mark < g->capfigs) {
		p = sk_alloc(g, g->fig_mark, (size_t)g->capfig_mark * sizeof(uint32_t),
			     (size_t)g->capfigs * sizeof(uint32_t));
		if (!p)
			return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
		memset((uint32_t *)p + g->capfig_mark, 0,
		       (size_t)(g->capfigs - g->capfig_mark) * sizeof(uint32_t));
		g->fig_mark = p;
		g->capfig_mark = g->capfigs;
	}
	if (g->capmelee_mark < g->capmelees) {
		p = sk_alloc(g, g->melee_mark, (size_t)g->capmelee_mark * sizeof(uint32_t),
			     (size_t)g->capmelees * sizeof(uint32_t));
		if (!p)
			return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
		memset((uint32_t *)p + g->capmelee_mark, 0,
		       (size_t)(g->capmelees - g->capmelee_mark) * sizeof(uint32_t));
		g->melee_mark = p;
		g->capmelee_mark = g->capmelees;
	}
	return 0;
}

struct sk_fig *
sk_fig_mut(skirmish_game *g, int id)
{
	if (g->in_action && g->fig_mark[id] != g->serial) {
		struct sk_journal_entry *e = &g->journal[g->njournal++];
		e->kind = SK_ENTRY_FIG;
		e->id = id;
		e->old.fig = g->figs[id];
		g->fig_mark[id] = g->serial;
	}
	return &g->figs[id];
}

struct sk_melee *
sk_melee_mut(skirmish_game *g, int id)
{
	if (g->in_action && g->melee_mark[id] != g->serial) {
		struct sk_journal_entry *e = &g->journal[g->njournal++];
		e->kind = SK_ENTRY_MELEE;
		e->id = id;
		e->old.melee = g->melees[id];
		g->melee_mark[id] = g->serial;
	}
	return &g->melees[id];
}

int
sk_melee_new(skirmish_game *g)
{
	struct sk_melee *m;
	int i;

	for (i = 0; i < g->nmelees; i++)
		if (!g->melees[i].live)
			break;
	if (i == g->nmelees) {
		if (g->nmelees >= g->melee_slots || g->nmelees >= g->capmelees)
			return sk_error(g, SKIRMISH_E_LIMIT, "too many melees");
		g->nmelees++;
		g->melee_mark[i] = g->serial; /* new: undone by the count */
	}
	m = sk_melee_mut(g, i);
	memset(m, 0, sizeof(*m));
	m->live = 1;
	m->initiator = -1;
	return i;
}

int
sk_fig_new(skirmish_game *g)
{
	struct sk_fig *f;
	int i;

	for (i = 0; i < g->nfigs; i++)
		if ((g->figs[i].flags & (FIG_HORSE | FIG_REMOVED)) == (FIG_HORSE | FIG_REMOVED))
			break;
	if (i == g->nfigs) {
		if (g->nfigs >= g->fig_slots || g->nfigs >= g->capfigs ||
		    g->nfigs >= g->capfig_mark)
			return sk_error(g, SKIRMISH_E_LIMIT, "no room for another figure");
		g->nfigs++;
		g->fig_mark[i] = g->serial; /* new: undone by the count */
	}
	f = sk_fig_mut(g, i);
	memset(f, 0, sizeof(*f));
	f->melee = -1;
	f->horse_of = -1;
	return i;
}

/* Everything an action may need, reserved before the first one so that
 * the action path allocates nothing (doc/PERFORMANCE.md): the journal and
 * its marks, and both result buffers (dice, modifiers, effects). An
 * action with more effects than reserved grows them then; the sentence's
 * buffer grows to the longest sentence asked for (act_end). */
#define RESERVE_DICE 64
#define RESERVE_MODS 64
#define RESERVE_EFFECTS_MAX 4096

int
sk_play_reserve(skirmish_game *g)
{
	size_t effects = (size_t)g->capfigs * 2 + 64;
	int k;

	/* what every copy of the same game asks again (PERFORMANCE.md) */
	if (g->rsv_ok && g->rsv_figs == g->capfigs && g->rsv_melees == g->capmelees &&
	    g->rsv_n == g->nfigs && g->rsv_w == g->table_w && g->rsv_d == g->table_d)
		return 0;
	if (effects > RESERVE_EFFECTS_MAX)
		effects = RESERVE_EFFECTS_MAX;
	if (sk_journal_reserve(g) < 0 ||
	    sk_grid_reserve(g, g->capfigs > g->nfigs ? g->capfigs : g->nfigs) < 0)
		return SKIRMISH_E_NOMEM;
	for (k = 0; k < 2; k++) {
		struct sk_result_bufs *b = &g->res[k];
		if (sk_buf_reserve(g, &b->dice, sizeof(skirmish_die), RESERVE_DICE) < 0 ||
		    sk_buf_reserve(g, &b->mods, sizeof(skirmish_modifier), RESERVE_MODS) < 0 ||
		    sk_buf_reserve(g, &b->effects, sizeof(skirmish_effect), effects) < 0)
			return SKIRMISH_E_NOMEM;
	}
	g->rsv_ok = 1;
	g->rsv_figs = g->capfigs;
	g->rsv_melees = g->capmelees;
	g->rsv_n = g->nfigs;
	g->rsv_w = g->table_w;
	g->rsv_d = g->table_d;
	return 0;
}

void
sk_fx_move(skirmish_game *g, int id, sk_pt to, int facing, int kind, const char *rule)
{
	skirmish_effect *e = sk_add_effect(g, kind, id, rule);
	struct sk_fig *f = sk_fig_mut(g, id);

	f->x = to.x;
	f->y = to.y;
	f->facing = (int16_t)sk_deg_norm(facing);
	sk_fig_reshape(f);
	e->x1 = sk_to_inches(f->x);
	e->y1 = sk_to_inches(f->y);
	e->facing1 = f->facing;
}

void
sk_fx_turn(skirmish_game *g, int id, int facing, const char *rule)
{
	skirmish_effect *e = sk_add_effect(g, SKIRMISH_EFFECT_TURNED, id, rule);
	struct sk_fig *f = sk_fig_mut(g, id);

	f->facing = (int16_t)sk_deg_norm(facing);
	sk_fig_reshape(f);
	e->facing1 = f->facing;
}

void
sk_fx_rings(skirmish_game *g, int id, int delta, const char *rule)
{
	skirmish_effect *e = sk_add_effect(g, SKIRMISH_EFFECT_RINGS, id, rule);
	struct sk_fig *f = sk_fig_mut(g, id);
	int r = f->rings + delta;

	if (r < 0)
		r = 0;
	if (r > 255)
		r = 255;
	e->value = r - f->rings;
	f->rings = (uint8_t)r;
}

void
sk_fx_kill(skirmish_game *g, int id, int kind, const char *rule)
{
	struct sk_fig *f;

	sk_add_effect(g, kind, id, rule);
	f = sk_fig_mut(g, id);
	f->flags |= FIG_REMOVED;
	f->melee = -1;
}

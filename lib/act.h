/* SPDX-License-Identifier: MIT */
/*
 * Layer 4, the action framework (doc/DESIGN.md): the journal that makes
 * every action all-or-nothing and the common effects (journal.c), the
 * objectives every ruleset shares (objective.c), the history of actions
 * and the scenario (history.c), the turn sequence (turn.c), and the
 * actions themselves, checked, run by the ruleset and committed or rolled
 * back (act.c). It calls the ruleset of a game through g->rs (struct
 * sk_ruleset, core.h), which layer 5 implements; it never names one.
 */
#ifndef SKIRMISH_ACT_H
#define SKIRMISH_ACT_H

#include "dice.h"
#include "result.h"

/* Objectives are placed only in setup, so obj[nobj..] never changes once
 * play starts (and is never read, saved or hashed): an action saves and
 * restores only the live part (act.c, history.c undo), a few cache lines
 * instead of the whole struct. */
static inline void
sk_state_copy_live(struct sk_state *dst, const struct sk_state *src)
{
	int n = src->nobj < SKIRMISH_MAX_OBJECTIVES ? src->nobj : SKIRMISH_MAX_OBJECTIVES;

	memcpy(dst, src, offsetof(struct sk_state, obj));
	if (n > 0)
		memcpy(dst->obj, src->obj, (size_t)n * sizeof(src->obj[0]));
	memcpy(dst->exit_edge, src->exit_edge, sizeof(dst->exit_edge));
}

/* journal.c */
int sk_journal_reserve(skirmish_game *g);     /* the journal and its marks */
/* Reserves what actions use (journal, result buffers): start, clone and
 * copy call it, so that actions allocate nothing; 0 or SKIRMISH_E_NOMEM. */
int sk_play_reserve(skirmish_game *g);
/* state changes under the action journal */
struct sk_fig *sk_fig_mut(skirmish_game *g, int id);
struct sk_melee *sk_melee_mut(skirmish_game *g, int id);
int sk_melee_new(skirmish_game *g);      /* returns id or negative error */
/* A new figure slot during an action (a horse marker, S9): reuses a removed
 * horse marker's slot, else appends (capacity for one per mounted figure is
 * reserved at start). Returns its id (zeroed, melee -1) or an error. */
int sk_fig_new(skirmish_game *g);

/* common effects: change state and record the effect */
void sk_fx_move(skirmish_game *g, int id, sk_pt to, int facing, int kind,
		const char *rule);
void sk_fx_turn(skirmish_game *g, int id, int facing, const char *rule);
void sk_fx_rings(skirmish_game *g, int id, int delta, const char *rule);
void sk_fx_kill(skirmish_game *g, int id, int kind, const char *rule);

/* objective.c (O1-O5) */
void sk_objectives_after_move(skirmish_game *g, int fig);
void sk_objectives_update(skirmish_game *g);
int sk_objectives_check_over(skirmish_game *g);      /* O4: 1 when won */
int sk_objectives_turn_limit_winner(const skirmish_game *g, int *winner); /* O5 */
/* The player holding objective i (O2, O4: carried by a figure of theirs,
 * or carried off by them), or -1 while it lies on the table. */
int sk_objective_holder(const skirmish_game *g, int i);

/* history.c (H1-H3) */
/* Notes the action under way (act.c, after act_begin). */
void sk_hist_note(skirmish_game *g, int kind, int fig, int target, int facing,
		  const sk_pt *xy, int npoints);
/* Moves the journal of a successful action into the history; 0 or
 * SKIRMISH_E_NOMEM (error set, nothing recorded). */
int sk_hist_push(skirmish_game *g);
/* The index-th record (of hist[], not of the live ones): its action and
 * the state before it, whole; either may be NULL. */
void sk_hist_record(const skirmish_game *g, int index, struct sk_act_rec *a,
		    struct sk_state *st);
/* Appends a record whose journal entries are hent[first..first+n) (the
 * last entries, load.c): the action, the state before it and the counts;
 * 0 or SKIRMISH_E_NOMEM. */
int sk_hist_append(skirmish_game *g, const struct sk_act_rec *a, const struct sk_state *st,
		   int nfigs, int nmelees, size_t first, int n);
/* Keeps the setup state for replays (skirmish_game_start). */
int sk_setup_keep(skirmish_game *g);
/* The history's entries from the i-th: NULL while it has none, for a
 * history of records without entries (the start) has no array, and
 * NULL + 0 is undefined (UBSan in the fuzzers). */
static inline struct sk_journal_entry *
sk_hent_at(const skirmish_game *g, size_t i)
{
	return g->hent ? g->hent + i : NULL;
}
void sk_state_free(skirmish_game *g);         /* the history's arrays */
void sk_rec_to_action(const struct sk_act_rec *r, skirmish_action *a);

/* the records kept: hist[hist_first..nhist) */
static inline int
hist_live(const skirmish_game *g)
{
	return g->nhist - g->hist_first;
}

static inline int
started(const skirmish_game *g)
{
	return g->st.state != SKIRMISH_STATE_SETUP;
}

/* turn.c (S2, A2, G9) */
/* G9: a game without a turn limit, or with one beyond this, ends as at a
 * limit of this many game turns, so that the turn and every count of play
 * bounded by it (a melee pair's rounds: at most one a player turn, so the
 * turn times the players) stay far inside 32 bits. */
#define SK_MAX_TURN 100000000
static inline int
sk_last_turn(const skirmish_game *g)
{
	return g->opt.turn_limit > 0 && g->opt.turn_limit < SK_MAX_TURN ? g->opt.turn_limit
									  : SK_MAX_TURN;
}
/* Ends the active player's turn: next player with figures in play; a new
 * game turn after the last; the turn limit; the ruleset's start_turn. */
int sk_next_player(skirmish_game *g);
int sk_is_last_in_order(const skirmish_game *g);
/* G9: one side left (then 1, the winner set), else 0 */
int sk_common_check_over(skirmish_game *g);
void sk_game_over(skirmish_game *g, const char *rule); /* and its effect */
/* The start (S2, A2): the order of play rolled off or given, then the
 * first player's turn. */
int sk_do_start(skirmish_game *g);
/* Before the start: room for the figures and melees play may add (a horse
 * marker per mounted figure); 0 or SKIRMISH_E_NOMEM. */
int sk_grow_for_play(skirmish_game *g);
/* The melees play may reach with nfigs figures (turn.c) */
int sk_melee_slots(const skirmish_game *g, int nfigs);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Layer 6, decision support: exact odds and the probe (odds.c), legal
 * actions and their candidates (legal.c), the policies and playouts
 * (playout.c).
 */
#ifndef SKIRMISH_ODDS_H
#define SKIRMISH_ODDS_H

#include "act.h"

/* odds.c and legal.c */
#define SK_DIRECTION_MOVE (-2)        /* a candidate move: facing is the direction */
/* A candidate action, small (a skirmish_action is 288 bytes and a turn has
 * hundreds of candidates): sk_cand_action makes the action of it. */
struct sk_cand {
	int kind, figure, target;
	int facing;                   /* TURN: the facing; a direction move: the direction */
	int npoints;                  /* 0; 1: a move to x, y; SK_DIRECTION_MOVE */
	int32_t x, y;                 /* mils */
};
void sk_cand_action(const struct sk_cand *c, skirmish_action *a);
int sk_action_legal(skirmish_game *g, const skirmish_action *a);
int sk_candidates(skirmish_game *g, int figure);  /* into g->cand, struct sk_cand */
/* The random and greedy policies' candidates: those of every figure, with
 * a turn on the spot only towards an enemy it could shoot or charge. */
int sk_policy_candidates(skirmish_game *g);
/* The random policy's: the policies', with a figure's straight moves only
 * in the three directions of the eight that close on the enemy (towards
 * the nearest enemy near it, else the box of the enemies' centres). */
int sk_random_candidates(skirmish_game *g);
/* Whether a refusal (SKIRMISH_E_*) holds for every action of its kind by
 * the figure now, whatever its target (has_target) or destination. */
int sk_refusal_kind_wide(int code, int has_target);
/* The kinds of action found refused for one figure (sk_refusal_kind_wide):
 * start at { -1, 0 }; sk_cand_skip says whether a candidate may be skipped,
 * sk_cand_refused notes the refusal of the probe just run. */
struct sk_cand_dead {
	int figure;
	unsigned kinds;
};
int sk_cand_skip(struct sk_cand_dead *d, const struct sk_cand *c);
void sk_cand_refused(skirmish_game *g, struct sk_cand_dead *d, const struct sk_cand *c);
int sk_candidate_resolve(skirmish_game *g, skirmish_action *a); /* 1: legal; <0: error */
/* The candidates of the last sk_candidates(), for the policies: how many,
 * the action of the i-th (a direction move unresolved), and dropping the
 * i-th (the last takes its place). */
size_t sk_cand_count(const skirmish_game *g);
void sk_cand_get(const skirmish_game *g, size_t i, skirmish_action *a);
void sk_cand_drop(skirmish_game *g, size_t i);
const struct sk_cand *sk_cand_at(const skirmish_game *g, size_t i);
/* Drops the i-th after its refusal, and with it the figure's other
 * candidates of the kind when the refusal holds for them all. */
void sk_cand_drop_refused(skirmish_game *g, size_t i);

/* playout.c: the gap from fig's base, were it centred at c, to the nearest
 * enemy (INT64_MAX for none); through the spatial index in a big game */
int64_t sk_nearest_enemy_gap(const skirmish_game *g, int fig, sk_pt c);

#endif

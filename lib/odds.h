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
/* The search's: the policies', and for each figure that may pick one up
 * (G16) a straight move onto each objective on the table, or as far
 * towards it as its allowance goes. */
int sk_search_candidates(skirmish_game *g);
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
/* What a run of candidates of one game state (a list, a choice) keeps of
 * the figure whose direction moves it resolves (legal.c): whether they are
 * plain (the ruleset's plain_move, no terrain and no enemy near), and then
 * the corners of its base, and the bases near it (their corners once a
 * move comes near them). fig -1: nothing yet. */
#define SK_PLAIN_NEAR 32
struct sk_move_ctx {
	int fig;
	int plain;                    /* 1: sk_plain_move decides its moves */
	int near;                     /* 1: r0, box, in, the bases and the impassable
				       * pieces near it are kept, terrain or not;
				       * -1: not yet (it may move) */
	int64_t reach;                /* how far its base may reach in a move, mils */
	int may;                      /* 1: a move of it was legal, or refused for a
				       * reason that is not kind-wide (sk_move_blocked) */
	int every;                    /* 1: most of its moves will be asked */
	int32_t budget;               /* mils, the most a move may cost */
	sk_pt r0[4];                  /* its base's corners */
	int32_t box[4];               /* their box: minx, miny, maxx, maxy */
	int32_t in;                   /* the radius of a disc inside it, mils */
	int n;                        /* the other bases near it */
	int ids[SK_PLAIN_NEAR];
	int32_t hbox[SK_PLAIN_NEAR][4]; /* a box each base lies in */
	unsigned char have[SK_PLAIN_NEAR]; /* 1: r, rbox and rin are set */
	sk_pt r[SK_PLAIN_NEAR][4];    /* their corners, when needed */
	int32_t rbox[SK_PLAIN_NEAR][4];
	int32_t rin[SK_PLAIN_NEAR];
	int nimp;                     /* the impassable pieces near it (at most */
	int imp[SK_PLAIN_NEAR];       /* SK_PLAIN_NEAR of them kept), in id order */
};
/* every: 1 when most of a figure's moves will be asked (a list: the
 * corners near it are found at once), 0 when a few (a random choice) */
void sk_move_ctx_init(struct sk_move_ctx *c, int every);
/* The straight move of fig by steps 0.1" in direction deg, decided without
 * acting when c finds fig's moves plain: 1 legal, 0 refused (a refusal
 * that is not kind-wide), -1 not decided here (probe it). fits: a cost
 * the caller found the move's path_cost no more than, or -1. */
int sk_plain_move(skirmish_game *g, struct sk_move_ctx *c, int fig, int deg, int32_t steps,
		  int32_t fits);
/* Whether the same move, plain or not, is refused by sk_path_check's G3
 * and G4 (it leaves the table, or its base swept along it overlaps another
 * base or an impassable piece): 1 it is, 0 not known. A probe of it is
 * refused then, once the figure is known to pass the checks that come
 * before the path's (c->may: an earlier answer for a move of it was legal,
 * or a refusal that is not kind-wide). */
int sk_move_blocked(skirmish_game *g, struct sk_move_ctx *c, int fig, int deg, int32_t steps);
/* fig's turn on the spot to facing (a multiple of 45 degrees), the same
 * way: 1 legal, -1 not decided here */
int sk_plain_turn(skirmish_game *g, struct sk_move_ctx *c, int fig, int facing);
/* 1: legal; <0: error. ctx: the state's figure context, or NULL to probe
 * every step (the plain search, which the tests compare with). */
int sk_candidate_resolve(skirmish_game *g, skirmish_action *a, struct sk_move_ctx *ctx);
/* A walk over the legal ones among the last sk_candidates(), in their
 * order: a refused candidate is passed over, and with it the figure's
 * others of the kind when the refusal holds for them all (sk_cand_dead);
 * ctx keeps the figure's moves' context (every: sk_move_ctx_init's). */
struct sk_cand_walk {
	size_t i;                     /* the next candidate to try */
	struct sk_cand_dead dead;
	struct sk_move_ctx ctx;
};
void sk_cand_walk_init(struct sk_cand_walk *w, int every);
/* The next legal candidate into *a (a direction move resolved to its
 * longest legal length): 1; 0 past the last; <0 an error. */
int sk_cand_next(skirmish_game *g, struct sk_cand_walk *w, skirmish_action *a);
/* The candidates of the last sk_candidates(), for the policies: how many,
 * the action of the i-th (a direction move unresolved), and dropping the
 * i-th (the last takes its place). */
static inline size_t
sk_cand_count(const skirmish_game *g)
{
	return g->cand.n;
}
void sk_cand_get(const skirmish_game *g, size_t i, skirmish_action *a);
void sk_cand_drop(skirmish_game *g, size_t i);
/* inline: the policies scan the list with it, a call a candidate */
static inline const struct sk_cand *
sk_cand_at(const skirmish_game *g, size_t i)
{
	return (const struct sk_cand *)g->cand.p + i;
}
/* Drops the i-th after its refusal, and with it the figure's other
 * candidates of the kind when the refusal holds for them all. */
void sk_cand_drop_refused(skirmish_game *g, size_t i);

/* playout.c: the gap from fig's base, were it centred at c, to the nearest
 * enemy (INT64_MAX for none); through the spatial index in a big game */
int64_t sk_nearest_enemy_gap(const skirmish_game *g, int fig, sk_pt c);

#endif

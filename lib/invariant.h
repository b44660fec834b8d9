/* SPDX-License-Identifier: MIT */
/*
 * What holds of every game the API can make (invariant.c): one definition,
 * read by the loader (load.c: a save that breaks it is refused) and by the
 * referee of test builds (referee.c: an action that breaks it is blamed).
 * Every check reads the game and changes nothing; a broken invariant is
 * SKIRMISH_E_STATE with a sentence that names the rule and the figures
 * ("G3: Kenji's base (figure 0) overlaps Jiro's (figure 3)") copied into
 * why (n bytes, may be 0).
 */
#ifndef SKIRMISH_INVARIANT_H
#define SKIRMISH_INVARIANT_H

#include "state.h"
#include "ruleset.h"

/* the flags a figure may carry (core.h), and those it is set up with */
#define SK_FIG_FLAGS_KNOWN (((uint32_t)FIG_CHARGED << 1) - 1)
#define SK_FIG_FLAGS_SETUP \
	((uint32_t)(FIG_MOUNTED | FIG_ARMOUR | FIG_SHIELD | FIG_MARTIAL | FIG_LOADED))
/* G2: the bases skirmish_game_add_figure accepts, 0.1" to 20" a side */
#define SK_BASE_MIN 100
#define SK_BASE_MAX (20 * MIL)

/* The two real rulesets; a ruleset of the engine's own tests
 * (tests/test-stub.h) borrows an id, so the tables are compared. The
 * rules of a ruleset are checked only for these. */
int sk_inv_senso(const skirmish_game *g);
int sk_inv_sampson(const skirmish_game *g);

/* A scalar state of g (its own, the scenario's or a history record's):
 * the game state, turn, phase, winner and order of play (S2, A2, G9),
 * the generator (G8), the objectives and exit edges (O1-O4). */
int sk_inv_state(const skirmish_game *g, const struct sk_state *st, char *why, size_t n);

/* O2: every objective carried is carried by a figure in play. */
int sk_inv_objectives(const skirmish_game *g, char *why, size_t n);

/* One figure's own fields, wherever it stands: f is figure id of g as it
 * is, or as it was before the last action (G1, G2, G9, G10, S1, S9, S20,
 * S4, A1, A3, A6; known flags, no melee where there are none). */
int sk_inv_figure(const skirmish_game *g, int id, const struct sk_fig *f, char *why,
		  size_t n);

/* Where a base in play may not stand: 0, or the rule it breaks (G10 off
 * the table, G4 on impassable ground, S16 or S28 over an obstacle where
 * the ruleset keeps figures off them) with *piece the terrain piece. */
enum { SK_PLACE_OK, SK_PLACE_OFF_TABLE, SK_PLACE_IMPASSABLE, SK_PLACE_OBSTACLE };
int sk_inv_place(const skirmish_game *g, const struct sk_fig *f, int *piece);
/* ... as a sentence for figure id */
int sk_inv_place_why(const skirmish_game *g, int id, const struct sk_fig *f, int broken,
		     int piece, char *why, size_t n);

/* Bases, exactly: centres further apart than a and b, margin apart,
 * could be; G3 overlap; the gap; enemies across an obstacle at most 1"
 * thick, each within 0.1" of it (G13); enemies in contact (G3, G13). */
#define SK_G13_REACH SK_CONTACT_MILS   /* each base within 0.1" of the obstacle */
#define SK_G13_THICK (1 * MIL)         /* an obstacle at most 1" thick */
int sk_inv_apart(const struct sk_fig *a, const struct sk_fig *b, int64_t margin);
int sk_inv_overlap(const struct sk_fig *a, const struct sk_fig *b);
int64_t sk_inv_gap(const struct sk_fig *a, const struct sk_fig *b);
int sk_inv_across(const skirmish_game *g, const struct sk_fig *a, const struct sk_fig *b);
int sk_inv_contact(const skirmish_game *g, int a, int b);

/* Sampson: the live melee pair of figures a and b, or -1 (a scan). */
int sk_inv_pair_of(const skirmish_game *g, int a, int b);
/* Sampson: live pair m is two enemies in play that touch, made by one of
 * them or by nobody, and made this turn only by the player whose turn it
 * is (A20, A26). */
int sk_inv_melee(const skirmish_game *g, int m, char *why, size_t n);
/* Sampson: figure id names one of its live pairs, or -1 when it has none
 * (A26); mine is its number of pairs, or -1 to count them here. */
int sk_inv_member(const skirmish_game *g, int id, int mine, char *why, size_t n);

/*
 * Everything above of the whole game, its scenario and its history, plus
 * what only the whole says: no two bases in play overlap (G3); in Sampson
 * Ships every two enemies in contact are one melee pair, no two pairs are
 * the same and a pair's rounds fit the turns played (A26); a Senso
 * figure's rings are what the shots of a round can give (S5-S8); terrain
 * outlines are convex (G11); the figures of a started game are the
 * scenario's and the horse markers they left (S9); set-up figures carry
 * no marks of play. Near-linear: bases are compared through a grid. 0;
 * SKIRMISH_E_STATE with *section (may be NULL) the saved game's section
 * that holds the defect ("TERR", "STAT", "SETP", "HIST"); SKIRMISH_E_NOMEM
 * (the grid is allocated through the game's allocator, and freed).
 */
int sk_invariants_check(const skirmish_game *g, const char **section, char *why, size_t n);

/*
 * HIST, undone: c (a clone, which this undoes to the oldest record)
 * stays one the API can make as far as its figures go: each figure a
 * record puts back has its fields and its place (G2, G10, G4, S16, S28)
 * and overlaps no base (G3: its neighbours, through the spatial index the
 * caller built), so the cost is that of the records; undone to the
 * start, the figures are the scenario's (H1, H7). Melees are not checked
 * (a 0.1 game saved again undoes into its old groups, H9). 0, or
 * SKIRMISH_E_STATE naming the record.
 */
int sk_invariants_check_undo(skirmish_game *c, char *why, size_t n);

#endif

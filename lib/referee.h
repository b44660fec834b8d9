/* SPDX-License-Identifier: MIT */
/*
 * The referee (doc/TESTING.md): what must hold after every action, checked
 * by reading the game. Internal; compiled when SK_REFEREE is 1 (the meson
 * option `referee`: on unless disabled), and run only while a game's mode
 * (skirmish_game_set_referee) is not off.
 */
#ifndef SKIRMISH_REFEREE_H
#define SKIRMISH_REFEREE_H

#include "state.h"
#include "ruleset.h"

#if SK_REFEREE
/*
 * Checks the game's invariants: 0, or SKIRMISH_E_STATE with a sentence
 * naming the rule and the figures ("G3: Kenji's base (figure 0) overlaps
 * Jiro's (figure 3)") copied into msg (size bytes, may be 0). full == 0:
 * only what the last action could have changed (the figures and melees of
 * its journal, during the action's commit, or of its history record, and
 * their neighbours through the spatial index), allocating nothing; with no
 * action known, only the game's scalar state. full != 0: everything, by
 * brute force, the spatial index against a scan included, then
 * sk_invariants_check (invariant.c), which allocates through the game's
 * allocator (SKIRMISH_E_NOMEM when it fails). Never prints, aborts or
 * changes the game.
 * SKIRMISH_E_INVALID for a NULL game.
 */
int sk_referee_check(const skirmish_game *g, int full, char *msg, size_t size);

/* act.c, before each action is committed while the game's referee is on:
 * the local check, then the caller's invariant. 0, or (SKIRMISH_REFEREE_
 * ROLLBACK) SKIRMISH_E_REFEREE with the game's message naming the rule:
 * act.c then rolls the action back; SKIRMISH_REFEREE_ABORT writes one line
 * to stderr and aborts instead. */
int sk_referee_hook(const skirmish_game *g);
#endif

#endif

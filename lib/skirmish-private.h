/* SPDX-License-Identifier: MIT */
/*
 * The whole internal interface of libskirmish, for the test suites and
 * fuzzers that reach beneath the API. Nothing here is API. No file of
 * lib/ includes this header: each includes the header of its own layer
 * (doc/DESIGN.md, "Layers"), and tests/check-layers.py keeps it so.
 */
#ifndef SKIRMISH_PRIVATE_H
#define SKIRMISH_PRIVATE_H

#include "geom.h"     /* 1: pure geometry */
#include "core.h"     /*    the game's data, the spine */
#include "table.h"    /* 2: the table */
#include "dice.h"     /* 3: dice */
#include "result.h"   /* 3: results */
#include "act.h"      /* 4: the action framework */
#include "ruleset.h"  /* 5: the rulesets */
#include "odds.h"     /* 6: odds, legal actions, policies */
#include "state.h"    /* 6: clone, save, load */

#endif

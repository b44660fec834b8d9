/* SPDX-License-Identifier: MIT */
/*
 * Layer 5, the rulesets (doc/DESIGN.md, "Adding a ruleset"): each one file
 * that defines one const struct sk_ruleset sk_ruleset_NAME (core.h) on
 * layers 1 to 4, and ruleset.c, the table of them, one line each.
 */
#ifndef SKIRMISH_RULESET_H
#define SKIRMISH_RULESET_H

#include "act.h"

/* ruleset.c: the ruleset of that id, or NULL; the names of all of them,
 * quoted and separated by commas */
const struct sk_ruleset *sk_ruleset_find(int id);
void sk_ruleset_names(char *buf, size_t size);

#endif

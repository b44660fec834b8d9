/*
 * Layer 5, the rulesets (doc/DESIGN.md, "Adding a ruleset"): each one file
 * defining one struct sk_ruleset (act.h) on layers 1 to 4, and ruleset.c,
 * the table of them.
 */
#ifndef SKIRMISH_RULESET_H
#define SKIRMISH_RULESET_H

#include "act.h"

extern const struct sk_ruleset sk_ruleset_senso;
extern const struct sk_ruleset sk_ruleset_sampson;
/* ruleset.c: the ruleset of that id, or NULL; the names of all of them,
 * quoted and separated by commas */
const struct sk_ruleset *sk_ruleset_find(int id);
void sk_ruleset_names(char *buf, size_t size);

#endif

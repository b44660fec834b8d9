/* SPDX-License-Identifier: MIT */
/*
 * The table of rulesets (doc/DESIGN.md, "Adding a ruleset"): every ruleset
 * the library plays, each one struct sk_ruleset of procedures defined in
 * its own file, and the public calls that list them.
 */
#include <stdio.h>
#include <string.h>

#include "ruleset.h"

/* The table: one line per ruleset, in the order of skirmish_ruleset_id().
 * A build may append more through SK_EXTRA_RULESETS, as the test suite
 * does for its duel ruleset (tests/ruleset-duel.c). */
#define SK_RULESETS(X) \
	X(senso) \
	X(sampson) \
	SK_EXTRA_RULESETS(X)

#ifndef SK_EXTRA_RULESETS
#define SK_EXTRA_RULESETS(X)
#endif
#define SK_RULESET_DECLARE(name) extern const struct sk_ruleset sk_ruleset_##name;
#define SK_RULESET_ENTRY(name) &sk_ruleset_##name,

SK_RULESETS(SK_RULESET_DECLARE)

static const struct sk_ruleset *const rulesets[] = {
	SK_RULESETS(SK_RULESET_ENTRY)
};
#define NRULESETS ((int)(sizeof(rulesets) / sizeof(rulesets[0])))

SKIRMISH_EXPORT int
skirmish_ruleset_count(void)
{
	return NRULESETS;
}

SKIRMISH_EXPORT int
skirmish_ruleset_id(int index)
{
	if (index < 0 || index >= NRULESETS)
		return SKIRMISH_E_INVALID;
	return rulesets[index]->id;
}

const struct sk_ruleset *
sk_ruleset_find(int id)
{
	int i;

	for (i = 0; i < NRULESETS; i++)
		if (rulesets[i]->id == id)
			return rulesets[i];
	return NULL;
}

SKIRMISH_EXPORT const char *
skirmish_ruleset_name(int ruleset)
{
	const struct sk_ruleset *rs = sk_ruleset_find(ruleset);
	return rs ? rs->name : NULL;
}

SKIRMISH_EXPORT int
skirmish_ruleset_from_name(const char *name)
{
	int i;

	if (!name)
		return SKIRMISH_E_INVALID;
	for (i = 0; i < NRULESETS; i++)
		if (strcmp(rulesets[i]->name, name) == 0)
			return rulesets[i]->id;
	return SKIRMISH_E_UNKNOWN_RULESET;
}

void
sk_ruleset_names(char *buf, size_t size)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < NRULESETS && len < size; i++) {
		int n = snprintf(buf + len, size - len, "%s\"%s\"", i ? ", " : "",
				 rulesets[i]->name);
		if (n < 0)
			break;
		len += (size_t)n;
	}
}

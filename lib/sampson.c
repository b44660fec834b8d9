#include "skirmish-private.h"
const struct sk_ruleset sk_ruleset_sampson = { .id = 2, .name = "sampson", .first_phase = SKIRMISH_PHASE_MOVE };

#include "skirmish-private.h"
const struct sk_ruleset sk_ruleset_senso = { .id = 1, .name = "senso", .first_phase = SKIRMISH_PHASE_ACTIONS };
SKIRMISH_EXPORT int skirmish_figure_spec_preset(skirmish_figure_spec *spec, int preset) { (void)spec; (void)preset; return SKIRMISH_E_INVALID; }
SKIRMISH_EXPORT const char *skirmish_preset_name(int preset) { (void)preset; return NULL; }

/* SPDX-License-Identifier: MIT */
/* The demo's battles, compiled in from examples/scenarios/ (see
 * embed-scenarios.py), so the demo runs from any directory. */
#ifndef SKIRMISH_DEMO_SCENARIOS_H
#define SKIRMISH_DEMO_SCENARIOS_H

extern const char demo_senso_town[];
extern const char demo_sampson_skirmish[];

#endif

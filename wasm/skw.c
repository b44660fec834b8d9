/* SPDX-License-Identifier: MIT */
/*
 * What the JavaScript object API (wasm/skirmish.mjs) needs of the C side
 * besides the public API itself, which is exported as it is: the layout
 * of the public structs as this compiler lays them out (so that no offset
 * is written by hand in JavaScript), and the console's scenario language
 * (examples/scenario.h), so that a page sets a table up from the same
 * scenario files as the console. No rule lives here.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <skirmish/skirmish.h>

#include "scenario.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define SKW_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define SKW_EXPORT
#endif

const char *skw_layout(void);
struct scn *skw_scenario_run(const char *text, char *msg, size_t size);

/* "struct.member": its offset, and "struct": its size */
struct skw_field {
	const char *name;
	size_t value;
};
#define F(t, m) { #t "." #m, offsetof(t, m) }
#define Z(t) { #t, sizeof(t) }

static const struct skw_field fields[] = {
	Z(skirmish_search_options), F(skirmish_search_options, iterations),
	F(skirmish_search_options, milliseconds), F(skirmish_search_options, seed),
	Z(skirmish_search_candidate), F(skirmish_search_candidate, visits),
	F(skirmish_search_candidate, value), F(skirmish_search_candidate, prior),
	F(skirmish_search_candidate, action),
	Z(skirmish_game_options), F(skirmish_game_options, ruleset),
	F(skirmish_game_options, ruleset_name), F(skirmish_game_options, player_order),
	F(skirmish_game_options, players), F(skirmish_game_options, umpire),
	F(skirmish_game_options, table_width),
	F(skirmish_game_options, table_depth), F(skirmish_game_options, night),
	F(skirmish_game_options, turn_limit),
	F(skirmish_game_options, ring_removal),
	F(skirmish_game_options, melee_ties),
	F(skirmish_game_options, die_sides), F(skirmish_game_options, seed),
	Z(skirmish_figure_spec), F(skirmish_figure_spec, player),
	F(skirmish_figure_spec, name), F(skirmish_figure_spec, x),
	F(skirmish_figure_spec, y), F(skirmish_figure_spec, facing),
	F(skirmish_figure_spec, base_width),
	F(skirmish_figure_spec, base_depth), F(skirmish_figure_spec, mounted),
	F(skirmish_figure_spec, dv), F(skirmish_figure_spec, melee_weapon),
	F(skirmish_figure_spec, missile_weapon),
	F(skirmish_figure_spec, armour), F(skirmish_figure_spec, shield),
	F(skirmish_figure_spec, martial_arts),
	F(skirmish_figure_spec, unloaded), Z(skirmish_figure_info),
	F(skirmish_figure_info, id), F(skirmish_figure_info, player),
	F(skirmish_figure_info, name), F(skirmish_figure_info, x),
	F(skirmish_figure_info, y), F(skirmish_figure_info, facing),
	F(skirmish_figure_info, base_width),
	F(skirmish_figure_info, base_depth), F(skirmish_figure_info, mounted),
	F(skirmish_figure_info, dv), F(skirmish_figure_info, melee_weapon),
	F(skirmish_figure_info, missile_weapon),
	F(skirmish_figure_info, armour), F(skirmish_figure_info, shield),
	F(skirmish_figure_info, martial_arts), F(skirmish_figure_info, loaded),
	F(skirmish_figure_info, is_horse), F(skirmish_figure_info, removed),
	F(skirmish_figure_info, rings), F(skirmish_figure_info, suppressed),
	F(skirmish_figure_info, in_melee), F(skirmish_figure_info, melee_id),
	F(skirmish_figure_info, acted), F(skirmish_figure_info, shot),
	F(skirmish_figure_info, can_act), F(skirmish_figure_info, move_left),
	F(skirmish_figure_info, elevation), Z(skirmish_terrain_spec),
	F(skirmish_terrain_spec, shape), F(skirmish_terrain_spec, name),
	F(skirmish_terrain_spec, flags), F(skirmish_terrain_spec, height),
	F(skirmish_terrain_spec, move_penalty), F(skirmish_terrain_spec, x),
	F(skirmish_terrain_spec, y), F(skirmish_terrain_spec, width),
	F(skirmish_terrain_spec, depth), F(skirmish_terrain_spec, angle),
	F(skirmish_terrain_spec, radius), F(skirmish_terrain_spec, npoints),
	F(skirmish_terrain_spec, points), Z(skirmish_result),
	F(skirmish_result, action), F(skirmish_result, figure),
	F(skirmish_result, target), F(skirmish_result, outcome),
	F(skirmish_result, player), F(skirmish_result, distance),
	F(skirmish_result, score), F(skirmish_result, ndice),
	F(skirmish_result, dice), F(skirmish_result, nmodifiers),
	F(skirmish_result, modifiers), F(skirmish_result, neffects),
	F(skirmish_result, effects), F(skirmish_result, text), Z(skirmish_die),
	F(skirmish_die, figure), F(skirmish_die, player),
	F(skirmish_die, sides), F(skirmish_die, value),
	F(skirmish_die, purpose), F(skirmish_die, side),
	F(skirmish_die, round), Z(skirmish_modifier),
	F(skirmish_modifier, figure), F(skirmish_modifier, side),
	F(skirmish_modifier, value), F(skirmish_modifier, source),
	F(skirmish_modifier, rule), Z(skirmish_effect),
	F(skirmish_effect, kind), F(skirmish_effect, figure),
	F(skirmish_effect, other), F(skirmish_effect, player),
	F(skirmish_effect, value), F(skirmish_effect, x0),
	F(skirmish_effect, y0), F(skirmish_effect, facing0),
	F(skirmish_effect, x1), F(skirmish_effect, y1),
	F(skirmish_effect, facing1), F(skirmish_effect, rule),
	Z(skirmish_action), F(skirmish_action, kind),
	F(skirmish_action, figure), F(skirmish_action, target),
	F(skirmish_action, facing), F(skirmish_action, npoints),
	F(skirmish_action, xy), Z(skirmish_odds_outcome),
	F(skirmish_odds_outcome, outcome), F(skirmish_odds_outcome, value),
	F(skirmish_odds_outcome, side), F(skirmish_odds_outcome, numerator),
	F(skirmish_odds_outcome, denominator),
	F(skirmish_odds_outcome, probability), Z(skirmish_odds),
	F(skirmish_odds, noutcomes), F(skirmish_odds, outcomes),
	F(skirmish_odds, nmodifiers), F(skirmish_odds, modifiers),
	F(skirmish_odds, sequences), F(skirmish_odds, rerolls),
	Z(skirmish_sight), F(skirmish_sight, visible),
	F(skirmish_sight, reason), F(skirmish_sight, terrain),
	F(skirmish_sight, cover), F(skirmish_sight, distance),
	Z(skirmish_threat), F(skirmish_threat, figure),
	F(skirmish_threat, kind), F(skirmish_threat, cover),
	F(skirmish_threat, short_range), F(skirmish_threat, distance),
};

static char layout[8192];

/* The layout as one JSON object of numbers, read once by the object API. */
SKW_EXPORT const char *
skw_layout(void)
{
	size_t at = 0, i;

	layout[at++] = '{';
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		int n = snprintf(layout + at, sizeof(layout) - at, "\"%s\":%lu,",
				 fields[i].name, (unsigned long)fields[i].value);
		if (n < 0 || (size_t)n >= sizeof(layout) - at)
			return "{}";
		at += (size_t)n;
	}
	snprintf(layout + at, sizeof(layout) - at, "\"version\":%d}", SKIRMISH_RESULT_VERSION);
	return layout;
}

/*
 * Runs a scenario text (doc/console.md) in a console session whose
 * printing goes into msg (truncated to size, terminated). The caller
 * reads the session (scn_game, scn_failures, scn_player_name, ...) and
 * frees it with scn_free. NULL when out of memory.
 */
SKW_EXPORT struct scn *
skw_scenario_run(const char *text, char *msg, size_t size)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct scn *s;

	if (!out)
		return NULL;
	s = scn_new(out);
	if (s) {
		scn_set_write_files(s, 0);
		scn_run_text(s, text, "scenario");
	}
	fclose(out);
	if (size) {
		size_t n = buf ? (len < size - 1 ? len : size - 1) : 0;
		if (n)
			memcpy(msg, buf, n);
		msg[n] = '\0';
	}
	free(buf);
	return s;
}

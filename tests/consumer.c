/* SPDX-License-Identifier: MIT */
/*
 * A program that uses an installed libskirmish, built outside its tree by
 * tests/check-install.sh (through pkg-config) and by
 * tests/check-subproject.py (as a meson subproject). It plays a first
 * turn and prints the library's sentence for its end.
 */
#include <stdio.h>
#include <string.h>
#include <skirmish/skirmish.h>

int
main(void)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_game *g;
	char msg[256];
	int a, b;

	if (strcmp(skirmish_version(), SKIRMISH_VERSION_STRING) != 0)
		return 1;
	o.ruleset_name = "senso";
	o.player_order = order;
	if (skirmish_game_new(&g, &o, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "%s\n", msg);
		return 2;
	}
	skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI);
	s.x = 10;
	s.y = 10;
	s.name = "Kenji";
	if (skirmish_game_add_figure(g, &s, &a) != 0)
		return 3;
	s.player = 1;
	s.x = 30;
	s.name = "Goro";
	if (skirmish_game_add_figure(g, &s, &b) != 0)
		return 4;
	if (skirmish_game_start(g, &r) != 0)
		return 5;
	if (skirmish_end_turn(g, &r) != 0) {
		fprintf(stderr, "end turn: %s\n", skirmish_game_errmsg(g));
		return 6;
	}
	if (r.action != SKIRMISH_ACTION_END_TURN || !r.text || skirmish_game_active_player(g) != 1)
		return 7;
	printf("%s\n", r.text);
	skirmish_game_free(g);
	return 0;
}

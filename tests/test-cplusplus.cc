/* SPDX-License-Identifier: MIT */
// The C API from C++: the header's extern "C" block, the INIT macros in
// C++ initialisers, and a real call sequence linked against the shared
// library.
#include <cstdio>
#include <cstring>

#include <skirmish/skirmish.h>

int
main()
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
	skirmish_odds odds = SKIRMISH_ODDS_INIT;
	skirmish_playout_stats stats = SKIRMISH_PLAYOUT_STATS_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_game *g = nullptr;
	char msg[256];
	int id = -1;

	if (odds.version != SKIRMISH_ODDS_VERSION ||
	    stats.version != SKIRMISH_PLAYOUT_STATS_VERSION)
		return 20;
	o.ruleset_name = "senso";
	o.player_order = order;
	if (skirmish_game_new(&g, &o, msg, sizeof(msg)) != SKIRMISH_OK) {
		std::fprintf(stderr, "skirmish_game_new: %s\n", msg);
		return 1;
	}
	skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI);
	s.name = "Kenji";
	s.x = 10.0;
	s.y = 10.0;
	if (skirmish_game_add_figure(g, &s, &id) != SKIRMISH_OK || id != 0)
		return 2;
	s.player = 1;
	s.name = "Goro";
	s.x = 20.0;
	if (skirmish_game_add_figure(g, &s, &id) != SKIRMISH_OK || id != 1)
		return 3;
	if (skirmish_game_start(g, &r) != SKIRMISH_OK) {
		std::fprintf(stderr, "start: %s\n", skirmish_game_errmsg(g));
		return 4;
	}
	if (skirmish_game_figure(g, 1, &f) != SKIRMISH_OK || std::strcmp(f.name, "Goro") != 0)
		return 5;
	if (skirmish_game_active_player(g) != 0 || r.text == nullptr)
		return 6;
	std::printf("%s\n", r.text);
	skirmish_game_free(g);
	skirmish_game_free(nullptr);
	return 0;
}

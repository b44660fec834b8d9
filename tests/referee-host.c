/* SPDX-License-Identifier: MIT */
/*
 * A host program, as a game that embeds libskirmish is: linked against the
 * installed library by tests/check-install.sh (pkg-config), and against the
 * build tree's by the test `referee-host`. A library never aborts the
 * program that embeds it (doc/TESTING.md, "The referee"):
 *
 *   - a new game's referee is off (SKIRMISH_REFEREE unset): an action is
 *     committed without a check, even one that the caller's invariant
 *     would refuse;
 *   - switched on (rollback), an action that breaks an invariant (here the
 *     caller's own, planted: "Kenji stays west of 12 inches") fails with
 *     SKIRMISH_E_REFEREE naming what broke, the game is as it was (its
 *     hash), and the host plays on: the next action is committed;
 *   - in a build without the referee (-Dreferee=disabled), switching it on
 *     is refused with SKIRMISH_E_UNSUPPORTED, and the game plays on.
 *
 * Prints one line saying what it saw; exits 0 only when all of it held.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <skirmish/skirmish.h>

static int
west_of_12(void *data, const skirmish_game *g, char *msg, size_t size)
{
	skirmish_figure_info info = SKIRMISH_FIGURE_INFO_INIT;
	int *calls = data;

	(*calls)++;
	if (skirmish_game_figure(g, 0, &info) != SKIRMISH_OK)
		return 1;
	if (info.x < 12.0)
		return 0;
	snprintf(msg, size, "planted: %s went east of 12 inches", info.name);
	return 1;
}

static skirmish_game *
new_game(void)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_game *g;
	char msg[256];

	o.ruleset_name = "senso";
	o.player_order = order;
	if (skirmish_game_new(&g, &o, msg, sizeof(msg)) != SKIRMISH_OK) {
		fprintf(stderr, "referee-host: %s\n", msg);
		exit(2);
	}
	skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI);
	s.x = 10;
	s.y = 10;
	s.name = "Kenji";
	if (skirmish_game_add_figure(g, &s, NULL) != SKIRMISH_OK)
		exit(3);
	s.player = 1;
	s.x = 40;
	s.name = "Goro";
	if (skirmish_game_add_figure(g, &s, NULL) != SKIRMISH_OK ||
	    skirmish_game_start(g, NULL) != SKIRMISH_OK)
		exit(4);
	return g;
}

#define CHECK(cond, ...)                                                        \
	do {                                                                    \
		if (!(cond)) {                                                  \
			fprintf(stderr, "referee-host: " __VA_ARGS__);          \
			fprintf(stderr, " (%s)\n", skirmish_game_errmsg(g));    \
			return 1;                                               \
		}                                                               \
	} while (0)

int
main(void)
{
	double east[2] = { 14, 10 }, west[2] = { 11, 12 };
	uint64_t h0 = 0, h1 = 1;
	skirmish_game *g;
	int calls = 0, rc;

	/* off by default: no check at all */
	g = new_game();
	CHECK(skirmish_game_get_referee(g) == SKIRMISH_REFEREE_OFF, "the referee is not off by default");
	CHECK(skirmish_game_set_invariant(g, west_of_12, &calls) == SKIRMISH_OK ||
	      !skirmish_referee_is_available(), "set_invariant failed");
	CHECK(skirmish_move(g, 0, east, 1, -1, NULL) == SKIRMISH_OK, "a move failed with the referee off");
	CHECK(calls == 0, "the invariant was asked with the referee off");
	skirmish_game_free(g);

	g = new_game();
	rc = skirmish_game_set_referee(g, SKIRMISH_REFEREE_ROLLBACK);
	if (!skirmish_referee_is_available()) {
		CHECK(rc == SKIRMISH_E_UNSUPPORTED, "set_referee without a referee returned %d", rc);
		CHECK(skirmish_move(g, 0, east, 1, -1, NULL) == SKIRMISH_OK, "a move failed");
		printf("referee-host: no referee in this build (refused: SKIRMISH_E_UNSUPPORTED); "
		       "the game played on\n");
		skirmish_game_free(g);
		return 0;
	}
	CHECK(rc == SKIRMISH_OK, "set_referee returned %d", rc);
	CHECK(skirmish_game_set_invariant(g, west_of_12, &calls) == SKIRMISH_OK, "set_invariant failed");
	CHECK(skirmish_game_hash(g, &h0) == SKIRMISH_OK, "hash failed");
	rc = skirmish_move(g, 0, east, 1, -1, NULL);
	CHECK(rc == SKIRMISH_E_REFEREE, "the planted breach returned %d, not SKIRMISH_E_REFEREE", rc);
	CHECK(strstr(skirmish_game_errmsg(g), "planted: Kenji went east of 12 inches") != NULL,
	      "the error does not name the invariant");
	CHECK(skirmish_game_hash(g, &h1) == SKIRMISH_OK && h0 == h1, "the game changed");
	printf("referee-host: %s: %s; ", skirmish_strerror(rc), skirmish_game_errmsg(g));
	CHECK(skirmish_move(g, 0, west, 1, -1, NULL) == SKIRMISH_OK, "the next move failed");
	CHECK(skirmish_end_turn(g, NULL) == SKIRMISH_OK, "the end of the turn failed");
	CHECK(skirmish_game_active_player(g) == 1, "the turn did not pass");
	printf("the host played on\n");
	skirmish_game_free(g);
	return 0;
}

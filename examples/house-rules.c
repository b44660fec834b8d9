/* SPDX-License-Identifier: MIT */
/*
 * House rules: the options a game can be created with, and what each
 * changes. Every option is a field of skirmish_game_options; the defaults
 * (SKIRMISH_GAME_OPTIONS_INIT) are the rules as doc/rules/ reads them.
 *
 *   melee_ties     S10  re-roll (default) or stand-off
 *   ring_removal   S5   at the end of the owner's turn (default) or of the
 *                       game turn
 *   night          S12  sight limited to 12"
 *   die_sides      A1   Sampson Ships with another die than the d6
 *
 * Each lesson plays the same scripted dice under the default and under the
 * option, and prints the library's sentences and a line of commentary
 * with the rule id. `meson test` compares the output with
 * tests/examples/house-rules.out.
 */
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

#include "lesson.h"

/* ---- helpers of this example (the shared ones are in lesson.c) ---- */

/* A game of one of the variants a lesson compares, under its options. */
static skirmish_game *
new_game(skirmish_game_options opt, const char *title)
{
	skirmish_game *g = lesson_new_game(opt);

	printf("-- %s\n", title);
	return g;
}

/* ---- the lessons ----------------------------------------------------- */

/* The same fight under both tie rules: Kenji charges Saburo, both d6. */
static void
ties_game(int ties)
{
	skirmish_game_options opt = lesson_options(SKIRMISH_RULESET_SENSO);
	skirmish_game *g;
	int kenji, saburo;

	opt.melee_ties = ties;
	g = new_game(opt, ties == SKIRMISH_TIES_REROLL ? "melee_ties = SKIRMISH_TIES_REROLL (default)"
						       : "melee_ties = SKIRMISH_TIES_STANDOFF");
	kenji = lesson_add(g, lesson_figure(0, "Kenji", SKIRMISH_PRESET_SAMURAI, 10, 10));
	saburo = lesson_add(g, lesson_figure(1, "Saburo", SKIRMISH_PRESET_SAMURAI, 14, 10));
	lesson_start(g);
	if (ties == SKIRMISH_TIES_REROLL) {
		lesson_dice(g, 4, 3, 3, 5, 2);
		lesson_charge(g, kenji, saburo);
		lesson_why("S10: equal totals roll again, with the same modifiers, "
		           "until one side wins: 5 against 2, and the lower, "
		           "Saburo, wins.");
	} else {
		lesson_dice(g, 2, 3, 3);
		lesson_charge(g, kenji, saburo);
		lesson_why("S10 option: equal totals are a stand-off; both live, "
		           "still in contact.");
		lesson_end_turn(g);
		lesson_dice(g, 2, 2, 4);
		{
			skirmish_result r = SKIRMISH_RESULT_INIT;
			lesson_show(g, skirmish_fight(g, saburo, &r), &r);
		}
		lesson_why("S14: in his own turn Saburo, still in contact, fights "
		           "as his action.");
	}
	lesson_done(g);
}

static void
ties(void)
{
	lesson_title("1. Ties in a Sensō fight (S10)",
		"Kenji charges Saburo; both are d6 samurai with swords, and both roll 3.");
	ties_game(SKIRMISH_TIES_REROLL);
	ties_game(SKIRMISH_TIES_STANDOFF);
}

/* Player 1's archer hits Taro in player 1's turn; when does the ring go? */
static void
rings_game(int removal)
{
	skirmish_game_options opt = lesson_options(SKIRMISH_RULESET_SENSO);
	skirmish_game *g;
	int taro, ume;

	opt.ring_removal = removal;
	g = new_game(opt, removal == SKIRMISH_RINGS_PLAYER_TURN
			  ? "ring_removal = SKIRMISH_RINGS_PLAYER_TURN (default)"
			  : "ring_removal = SKIRMISH_RINGS_GAME_TURN");
	taro = lesson_add(g, lesson_figure(0, "Taro", SKIRMISH_PRESET_SAMURAI, 10, 10));
	ume = lesson_add(g, lesson_figure(1, "Ume", SKIRMISH_PRESET_ASHIGARU_BOW, 31, 10));
	lesson_start(g);
	lesson_end_turn(g);
	lesson_dice(g, 1, 1);
	lesson_shoot(g, ume, taro);
	lesson_end_turn(g);
	if (removal == SKIRMISH_RINGS_PLAYER_TURN)
		lesson_why("S5: Taro's ring comes off at the end of his own "
		           "player's turn, so he spends turn 2 unable to act:");
	else
		lesson_why("S5 option, S22: one ring comes off every figure after "
		           "the last player of the game turn, so Taro is free "
		           "again in turn 2:");
	if (removal == SKIRMISH_RINGS_GAME_TURN)
		lesson_dice(g, 1, 6);
	lesson_shoot(g, taro, ume);
	lesson_done(g);
}

static void
rings(void)
{
	lesson_title("2. When rings come off (S5)",
		"Ume (archer, d8) hits Taro 20\" away in player 1's turn: 1, a hit.");
	rings_game(SKIRMISH_RINGS_PLAYER_TURN);
	rings_game(SKIRMISH_RINGS_GAME_TURN);
}

static void
night(void)
{
	skirmish_game_options opt = lesson_options(SKIRMISH_RULESET_SENSO);
	skirmish_game *g;
	int taro, a, b, seen;

	lesson_title("3. Night (S12)",
		"Taro (bow) looks at two peasants, 12\" and 13\" away.");
	opt.night = 1;
	g = new_game(opt, "night = 1");
	taro = lesson_add(g, lesson_figure(0, "Taro", SKIRMISH_PRESET_SAMURAI, 10, 10));
	a = lesson_add(g, lesson_figure(1, "Gonbei", SKIRMISH_PRESET_PEASANT, 24, 10));
	b = lesson_add(g, lesson_figure(1, "Heita", SKIRMISH_PRESET_PEASANT, 10, 23));
	lesson_start(g);
	skirmish_game_can_see(g, taro, a, &seen);
	printf("  can Taro see Gonbei (13\")? %s\n", seen ? "yes" : "no");
	skirmish_game_can_see(g, taro, b, &seen);
	printf("  can Taro see Heita (12\")? %s\n", seen ? "yes" : "no");
	lesson_shoot(g, taro, a);
	lesson_why("S12: at night sight reaches 12\"; by day a bow reaches Gonbei "
	           "(30\").");
	lesson_dice(g, 1, 3);
	lesson_shoot(g, taro, b);
	lesson_why("S6: 3 - 1 short range - 1 unarmoured = 1, a hit.");
	lesson_done(g);
}

static void
dice_game(int sides)
{
	skirmish_game_options opt = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;
	char title[64];
	int lucius, brennus, rc;

	opt.ruleset = SKIRMISH_RULESET_SAMPSON;
	opt.die_sides = sides;
	snprintf(title, sizeof(title), "die_sides = %d%s", sides,
		 sides == 0 ? " (default: a d6)" : "");
	g = new_game(opt, title);
	s.name = "Lucius";
	s.x = 10;
	s.y = 10;
	s.melee_weapon = SKIRMISH_MELEE_SWORD;
	s.missile_weapon = SKIRMISH_MISSILE_LONG_BOW;
	lucius = lesson_add(g, s);
	s.player = 1;
	s.name = "Brennus";
	s.x = 31;
	s.missile_weapon = SKIRMISH_MISSILE_NONE;
	s.shield = 1;
	brennus = lesson_add(g, s);
	lesson_start(g);
	if (skirmish_end_phase(g, &r) < 0)
		lesson_fail(g, "end phase");
	lesson_dice(g, 2, 8, 3);
	rc = skirmish_shoot(g, lucius, brennus, &r);
	lesson_show(g, rc, &r);
	if (rc == 0)
		printf("    the dice: d%d %d, d%d %d\n", r.dice[0].sides, r.dice[0].value,
		       r.dice[1].sides, r.dice[1].value);
	if (sides == 0) {
		lesson_why("A1, G6: every Sampson roll is a d6, and a die of 8 "
		           "cannot come up: the shot fails and nothing changes.");
		skirmish_game_script_dice(g, NULL, 0, 0);
	} else {
		lesson_why("A1 option: with d10s, 8 against 3 + 1 shield = 4 is "
		           "double: a kill.");
	}
	lesson_done(g);
}

static void
die_size(void)
{
	lesson_title("4. Sampson Ships with another die (A1)",
		"Lucius (long bow) shoots at Brennus (shield) 20\" away; the dice "
		"are 8 and 3.");
	dice_game(0);
	dice_game(10);
}

int
main(void)
{
	lesson_init("house-rules");
	printf("House rules: the options of a game\n");
	ties();
	rings();
	night();
	die_size();
	return 0;
}

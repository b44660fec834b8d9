/* SPDX-License-Identifier: MIT */
/*
 * Sensō shooting and rings, one rule at a time.
 *
 * Each lesson sets up a small table, scripts the dice it needs
 * (skirmish_game_script_dice) and takes a few actions. For each action it
 * prints the library's own sentence, then a line of commentary that names
 * the rule (doc/rules/senso.md) that made it come out so.
 *
 * The dice are scripted, so the output never changes: `meson test` runs
 * this program and compares what it prints with
 * tests/examples/senso-shooting.out.
 *
 * Distances are edge to edge (G1); every foot base is 1" square (G2), so a
 * target whose centre is 11" to the right of the shooter's is 10" away.
 */
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

#include "lesson.h"

/* ---- the lessons ----------------------------------------------------- */

static void
range(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"1. Range",
		"Taro, a samurai (d6, bow), shoots at two armoured ashigaru.");
	int taro = lesson_add(g, lesson_figure(0, "Taro", SKIRMISH_PRESET_SAMURAI, 10, 4));
	int goro = lesson_add(g, lesson_figure(1, "Goro", SKIRMISH_PRESET_ASHIGARU_YARI, 10, 45));
	int hachi = lesson_add(g, lesson_figure(1, "Hachi", SKIRMISH_PRESET_ASHIGARU_YARI, 31, 4));

	lesson_start(g);
	lesson_shoot(g, taro, goro);
	lesson_why("S6: a bow reaches 30\"; Goro is 40\" away. No die is rolled "
	           "and nothing changes (G7), so Taro may still shoot.");
	lesson_dice(g, 1, 2);
	lesson_shoot(g, taro, hachi);
	lesson_why("S6: Hachi is beyond the bow's short range of 15\" and "
	           "armoured, so no modifier applies; a total of 2 or more misses.");
	lesson_done(g);
}

static void
modifiers(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"2. Short range, unarmoured targets and cover",
		"Three samurai shoot at 10\", well inside the bow's short range: an "
		"ashigaru in armour, a peasant in the open, a peasant in a bamboo thicket.");
	int taro = lesson_add(g, lesson_figure(0, "Taro", SKIRMISH_PRESET_SAMURAI, 10, 10));
	int jiro = lesson_add(g, lesson_figure(0, "Jiro", SKIRMISH_PRESET_SAMURAI, 10, 20));
	int saburo = lesson_add(g, lesson_figure(0, "Saburo", SKIRMISH_PRESET_SAMURAI, 10, 30));
	int goro = lesson_add(g, lesson_figure(1, "Goro", SKIRMISH_PRESET_ASHIGARU_YARI, 21, 10));
	int gonbei = lesson_add(g, lesson_figure(1, "Gonbei", SKIRMISH_PRESET_PEASANT, 21, 20));
	int heita = lesson_add(g, lesson_figure(1, "Heita", SKIRMISH_PRESET_PEASANT, 21, 30));

	lesson_terrain(g, "bamboo thicket", SKIRMISH_TERRAIN_COVER, 0, 21, 30, 3, 3);
	lesson_start(g);

	lesson_dice(g, 1, 2);
	lesson_shoot(g, taro, goro);
	lesson_why("S6: short range -1, so a 2 becomes 1: a hit, and the hit puts "
	           "one ring on Goro (S5).");
	lesson_dice(g, 1, 2);
	lesson_shoot(g, jiro, gonbei);
	lesson_why("S6: short range -1 and unarmoured target -1: the same 2 is now "
	           "0, and 0 or less kills.");
	lesson_dice(g, 1, 2);
	lesson_shoot(g, saburo, heita);
	lesson_why("S6: Heita's base stands in the thicket, so he is in cover: +1. "
	           "The same 2 makes 1, a hit instead of a kill.");
	lesson_done(g);
}

static void
mounted(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"3. Mounted targets",
		"Two samurai shoot at two mounted veterans (armoured) 20\" away.");
	skirmish_figure_spec rider;
	int taro = lesson_add(g, lesson_figure(0, "Taro", SKIRMISH_PRESET_SAMURAI, 10, 10));
	int jiro = lesson_add(g, lesson_figure(0, "Jiro", SKIRMISH_PRESET_SAMURAI, 10, 30));
	int kage, masa;

	/* a mounted base is 1" wide and 2" deep along its facing (G2): facing
	 * up the table (90 degrees), its near edge is 0.5" from its centre */
	rider = lesson_figure(1, "Kagetora", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED, 31, 10);
	rider.facing = 90;
	kage = lesson_add(g, rider);
	rider = lesson_figure(1, "Masakado", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED, 31, 30);
	rider.facing = 90;
	masa = lesson_add(g, rider);
	lesson_start(g);

	lesson_dice(g, 2, 2, 3);
	lesson_shoot(g, taro, kage);
	lesson_why("S6: target mounted -1: 2 - 1 = 1, a hit. S7: a hit on a "
	           "mounted target makes the shooter roll again; 3 is odd, so the "
	           "horse dies instead, and Kagetora falls: on foot on a 1\" base, "
	           "with one ring.");
	lesson_dice(g, 2, 1, 4);
	lesson_shoot(g, jiro, masa);
	lesson_why("S6: 1 - 1 = 0, a kill. S7: the second roll, 4, is even, so the "
	           "kill applies to the rider.");
	lesson_done(g);
}

static void
arquebus(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"4. The arquebus",
		"Ichiro (ashigaru, d10, arquebus) fires at Kenji, an armoured samurai "
		"20\" away; Shiro's arquebus starts the game unloaded.");
	skirmish_figure_spec s;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int ichiro = lesson_add(g, lesson_figure(0, "Ichiro", SKIRMISH_PRESET_ASHIGARU_ARQUEBUS, 10, 10));
	int kenji = lesson_add(g, lesson_figure(1, "Kenji", SKIRMISH_PRESET_SAMURAI, 31, 10));
	int shiro;

	s = lesson_figure(0, "Shiro", SKIRMISH_PRESET_ASHIGARU_ARQUEBUS, 10, 12);
	s.unloaded = 1;
	shiro = lesson_add(g, s);
	lesson_start(g);

	printf("Turn 1, player 0:\n");
	lesson_dice(g, 1, 1);
	lesson_shoot(g, ichiro, kenji);
	lesson_why("S6: arquebus +1, and an arquebus treats every target as "
	           "unarmoured: -1. 1 + 1 - 1 = 1, a hit. S8: firing puts two "
	           "rings on Ichiro.");
	lesson_shoot(g, shiro, kenji);
	lesson_why("S8: an arquebus that starts unloaded must use the Reload "
	           "action first.");
	lesson_show(g, skirmish_reload(g, shiro, &r), &r);
	lesson_why("S8: reloading is Shiro's action for this turn (S3).");
	lesson_end_turn(g);
	lesson_why("S5: at the end of player 0's turn each of its figures loses "
	           "one ring: Ichiro keeps one. Kenji's ring stays until his own "
	           "player's turn ends.");

	printf("Turn 1, player 1:\n");
	lesson_shoot(g, kenji, ichiro);
	lesson_why("S3: a figure with a ring can do nothing.");
	lesson_end_turn(g);

	printf("Turn 2, player 0:\n");
	lesson_shoot(g, ichiro, kenji);
	lesson_why("S8: this turn Ichiro still has a ring: it is the turn he "
	           "spends reloading.");
	lesson_dice(g, 1, 7);
	lesson_shoot(g, shiro, kenji);
	lesson_why("S6: 7 + 1 arquebus - 1 unarmoured = 7: a miss; the two rings "
	           "come all the same (S8).");
	lesson_end_turn(g);
	printf("Turn 2, player 1:\n");
	lesson_end_turn(g);

	printf("Turn 3, player 0:\n");
	lesson_dice(g, 1, 2);
	lesson_shoot(g, ichiro, kenji);
	lesson_why("S8: Ichiro has lost his last ring and his arquebus is loaded "
	           "again: 2 + 1 - 1 = 2, a miss.");
	lesson_done(g);
}

static void
rings(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"5. Rings and removal from play",
		"Five archers shoot at two peasants about 10\" away: three hit Gonbei, two "
		"hit Heita. Each die is a 3: 3 - 1 short range - 1 unarmoured = 1, a hit.");
	int archer[5], gonbei, heita, i;
	static const char *const names[] = { "Ume", "Matsu", "Take", "Kiku", "Sakura" };

	for (i = 0; i < 5; i++)
		archer[i] = lesson_add(g, lesson_figure(0, names[i],
			SKIRMISH_PRESET_ASHIGARU_BOW, 10, 10 + 2 * i));
	gonbei = lesson_add(g, lesson_figure(1, "Gonbei", SKIRMISH_PRESET_PEASANT, 21, 12));
	heita = lesson_add(g, lesson_figure(1, "Heita", SKIRMISH_PRESET_PEASANT, 21, 16));
	lesson_start(g);

	printf("Turn 1, player 0:\n");
	lesson_dice(g, 5, 3, 3, 3, 3, 3);
	for (i = 0; i < 5; i++)
		lesson_shoot(g, archer[i], i < 3 ? gonbei : heita);
	lesson_why("S5: every hit is one more ring: Gonbei has three, Heita two.");
	lesson_end_turn(g);
	lesson_why("S5: rings come off at the end of their owner's turn, so the "
	           "peasants keep theirs for now.");

	printf("Turn 1, player 1:\n");
	lesson_end_turn(g);
	lesson_why("S5: each of player 1's figures loses one ring; then a figure "
	           "that still has two or more is removed from play: Gonbei (3 - 1 "
	           "= 2) goes, Heita (2 - 1 = 1) stays, unable to act through his "
	           "next turn (S3).");
	printf("Turn 2, player 0:\n");
	lesson_end_turn(g);
	printf("Turn 2, player 1:\n");
	lesson_end_turn(g);
	lesson_why("S5: Heita's last ring comes off; he may act again from his "
	           "next turn.");
	lesson_done(g);
}

int
main(void)
{
	lesson_init("senso-shooting");
	printf("Sensō shooting and rings\n");
	range();
	modifiers();
	mounted();
	arquebus();
	rings();
	return 0;
}

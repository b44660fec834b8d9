/* SPDX-License-Identifier: MIT */
/*
 * Sampson Ships missiles and suppression, one rule at a time.
 *
 * Each lesson sets up a small table, scripts the dice it needs
 * (skirmish_game_script_dice) and takes a few actions. For each action it
 * prints the library's own sentence, then a line of commentary that names
 * the rule (doc/rules/sampson.md) that made it
 * come out so.
 *
 * A shot is two dice (A1: d6): the shooter's, plus its weapon's modifier,
 * against the target's, plus its shield, armour and an obstacle in the
 * way. Double the target's score kills; higher suppresses; else nothing.
 *
 * The dice are scripted, so the output never changes: `meson test` runs
 * this program and compares what it prints with
 * tests/examples/sampson-missiles.out.
 */
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

#include "lesson.h"

/* ---- helpers of this example (the shared ones are in lesson.c) ---- */

/* An infantry figure on a 1" base (G2), facing up the table (90 degrees). */
static skirmish_figure_spec
figure(int player, const char *name, int missile, double x, double y)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.player = player;
	s.name = name;
	s.x = x;
	s.y = y;
	s.facing = 90;
	s.melee_weapon = SKIRMISH_MELEE_SWORD;
	s.missile_weapon = missile;
	return s;
}

/* ---- the lessons ----------------------------------------------------- */

static void
phases(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SAMPSON,
		"1. Shooting has its phase",
		"Lucius (short bow) and Brennus (sword only) stand 12\" apart.");
	int lucius = lesson_add(g, figure(0, "Lucius", SKIRMISH_MISSILE_SHORT_BOW, 10, 10));
	int brennus = lesson_add(g, figure(1, "Brennus", SKIRMISH_MISSILE_NONE, 23, 10));

	lesson_start(g);
	lesson_shoot(g, lucius, brennus);
	lesson_why("A2: a turn is Move, then Missile, then Melee, in that order; "
	           "the game starts in the Move phase.");
	lesson_end_phase(g);
	lesson_dice(g, 2, 4, 2);
	lesson_shoot(g, lucius, brennus);
	lesson_why("A5: the shooter rolls 4, the target 2. A score at least double "
	           "the target's kills. Brennus was player 1's only figure: the "
	           "game is over.");
	lesson_done(g);
}

static void
weapons(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SAMPSON,
		"2. Ranges and weapon modifiers",
		"A javelin man, a slinger and a long bowman shoot at three Gauls.");
	int marcus = lesson_add(g, figure(0, "Marcus", SKIRMISH_MISSILE_JAVELIN, 10, 10));
	int titus = lesson_add(g, figure(0, "Titus", SKIRMISH_MISSILE_SLING, 10, 20));
	int gaius = lesson_add(g, figure(0, "Gaius", SKIRMISH_MISSILE_LONG_BOW, 10, 30));
	int g1 = lesson_add(g, figure(1, "Orgetorix", SKIRMISH_MISSILE_NONE, 19, 10));
	int g2 = lesson_add(g, figure(1, "Dumnorix", SKIRMISH_MISSILE_NONE, 27, 20));
	int g3 = lesson_add(g, figure(1, "Vercassius", SKIRMISH_MISSILE_NONE, 36, 30));

	lesson_start(g);
	lesson_end_phase(g);
	lesson_dice(g, 2, 3, 2);
	lesson_shoot(g, marcus, g1);
	lesson_why("A5: a javelin reaches 10\" and adds +1: 3 + 1 = 4 is double 2, "
	           "a kill.");
	lesson_dice(g, 2, 4, 2);
	lesson_shoot(g, titus, g2);
	lesson_why("A5: a sling reaches 16\" but takes -1: 4 - 1 = 3 is higher "
	           "than 2 but not double: Dumnorix is suppressed (A6).");
	lesson_shoot(g, gaius, g3);
	lesson_why("A5: a long bow reaches 24\"; Vercassius is 25\" away. Nothing "
	           "is rolled (G7).");
	lesson_done(g);
}

static void
saves(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SAMPSON,
		"3. The target's roll",
		"Three archers each roll 5 against a target who rolls 2: a Gaul in "
		"the open, one with a shield, and one with shield and armour behind a "
		"wall.");
	skirmish_figure_spec s;
	int a1 = lesson_add(g, figure(0, "Quintus", SKIRMISH_MISSILE_SHORT_BOW, 10, 10));
	int a2 = lesson_add(g, figure(0, "Sextus", SKIRMISH_MISSILE_SHORT_BOW, 10, 20));
	int a3 = lesson_add(g, figure(0, "Septimus", SKIRMISH_MISSILE_SHORT_BOW, 10, 30));
	int t1, t2, t3;

	t1 = lesson_add(g, figure(1, "Ambiorix", SKIRMISH_MISSILE_NONE, 21, 10));
	s = figure(1, "Catuvolcus", SKIRMISH_MISSILE_NONE, 21, 20);
	s.shield = 1;
	t2 = lesson_add(g, s);
	s = figure(1, "Indutiomarus", SKIRMISH_MISSILE_NONE, 21, 30);
	s.shield = 1;
	s.armour = 1;
	t3 = lesson_add(g, s);
	lesson_terrain(g, "wall", SKIRMISH_TERRAIN_OBSTACLE, 0, 19, 30, 0.5, 4);
	lesson_start(g);
	lesson_end_phase(g);
	lesson_dice(g, 2, 5, 2);
	lesson_shoot(g, a1, t1);
	lesson_why("A5: 5 against 2: double, a kill.");
	lesson_dice(g, 2, 5, 2);
	lesson_shoot(g, a2, t2);
	lesson_why("A5: the target adds +1 for a shield: 5 against 3 is higher but "
	           "not double: suppressed.");
	lesson_dice(g, 2, 5, 2);
	lesson_shoot(g, a3, t3);
	lesson_why("A5: +1 shield, +1 armour, +1 for the wall on the line of "
	           "sight: 5 against 5 is not higher, and nothing happens.");
	lesson_done(g);
}

static void
suppression(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SAMPSON,
		"4. Suppression",
		"Lucius (short bow) suppresses Brennus (javelin); then it is Brennus' "
		"turn.");
	int lucius = lesson_add(g, figure(0, "Lucius", SKIRMISH_MISSILE_SHORT_BOW, 10, 10));
	int brennus = lesson_add(g, figure(1, "Brennus", SKIRMISH_MISSILE_JAVELIN, 19, 10));

	lesson_start(g);
	printf("Turn 1, player 0:\n");
	lesson_end_phase(g);
	lesson_dice(g, 2, 3, 2);
	lesson_shoot(g, lucius, brennus);
	lesson_why("A5: 3 against 2: higher, not double.");
	lesson_end_phase(g);
	lesson_end_phase(g);
	lesson_why("A2: ending the Melee phase ends the turn; the next player "
	           "starts with the Move phase.");
	printf("Turn 1, player 1:\n");
	lesson_move(g, brennus, 17, 10);
	lesson_why("A6: a suppressed figure may not move in its owner's next turn.");
	lesson_end_phase(g);
	lesson_dice(g, 2, 4, 4);
	lesson_shoot(g, brennus, lucius);
	lesson_why("A6: but it may shoot (and fight): 4 + 1 javelin = 5 against 4 "
	           "is higher: now Lucius is suppressed.");
	lesson_end_phase(g);
	lesson_end_phase(g);
	lesson_why("A6, A25: the suppression ends at the end of Brennus' own turn.");
	lesson_done(g);
}

static void
melee_blocks_shots(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SAMPSON,
		"5. No shooting into or out of a melee",
		"Aulus (javelin) is in base contact with Vercingetorix; Lucius (short "
		"bow) and Cotus (sling) look on.");
	int lucius = lesson_add(g, figure(0, "Lucius", SKIRMISH_MISSILE_SHORT_BOW, 10, 10));
	int aulus = lesson_add(g, figure(0, "Aulus", SKIRMISH_MISSILE_JAVELIN, 20, 10));
	int verc = lesson_add(g, figure(1, "Vercingetorix", SKIRMISH_MISSILE_NONE, 21, 10));
	int cotus = lesson_add(g, figure(1, "Cotus", SKIRMISH_MISSILE_SLING, 21, 16));

	lesson_start(g);
	lesson_end_phase(g);
	lesson_shoot(g, lucius, verc);
	lesson_why("A5: a figure in melee may not be fired at.");
	lesson_dice(g, 2, 2, 6);
	lesson_shoot(g, lucius, cotus);
	lesson_why("A5: Cotus is not in the melee: 2 against 6, nothing.");
	lesson_shoot(g, aulus, cotus);
	lesson_why("A5: and a figure in melee may not fire.");
	lesson_done(g);
}

int
main(void)
{
	lesson_init("sampson-missiles");
	printf("Sampson Ships missiles and suppression\n");
	phases();
	weapons();
	saves();
	suppression();
	melee_blocks_shots();
	return 0;
}

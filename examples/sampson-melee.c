/* SPDX-License-Identifier: MIT */
/*
 * Sampson Ships melee and push-back, one rule at a time.
 *
 * Each lesson sets up a small table, scripts the dice it needs
 * (skirmish_game_script_dice) and takes a few actions. For each action it
 * prints the library's own sentence, then a line of commentary that names
 * the rule (doc/rules/sampson.md) that made it come out so.
 *
 * Melees are fought pair by pair (A26): in the Melee phase of the player
 * whose turn it is, each of its figures in contact with an enemy fights
 * one enemy it touches, once: both roll a d6 and add their modifiers, +1
 * for each friend that touches the other and has not fought yet. Double
 * the other's score kills; higher pushes the other back by the difference
 * in inches; equal, nothing happens and the melee goes on.
 *
 * The dice are scripted, so the output never changes: `meson test` runs
 * this program and compares what it prints with
 * tests/examples/sampson-melee.out.
 */
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

#include "lesson.h"

/* ---- helpers of this example (the shared ones are in lesson.c) ---- */

/* An infantry figure on a 1" base (G2) with a melee weapon and a shield;
 * facing in degrees (0: towards +x, 90: up the table). */
static skirmish_figure_spec
figure(int player, const char *name, int weapon, double x, double y, double facing)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.player = player;
	s.name = name;
	s.x = x;
	s.y = y;
	s.facing = facing;
	s.melee_weapon = weapon;
	s.shield = 1;
	return s;
}

/* From the Move phase to the Melee phase. */
static void
to_melee_phase(skirmish_game *g)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	if (skirmish_end_phase(g, &r) < 0 || skirmish_end_phase(g, &r) < 0)
		lesson_fail(g, "end phase");
	printf("  (Missile phase: nobody shoots. Melee phase.)\n");
}

/* ---- the lessons ----------------------------------------------------- */

static void
contact(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SAMPSON,
		"1. Moving into contact, and a push-back",
		"Marcus (spear, shield, armour) advances on Brennus (sword, shield, "
		"armour), who faces up the table, 3\" away.");
	skirmish_figure_spec s;
	int marcus;

	s = figure(0, "Marcus", SKIRMISH_MELEE_SPEAR, 10, 10, 0);
	s.armour = 1;
	marcus = lesson_add(g, s);
	s = figure(1, "Brennus", SKIRMISH_MELEE_SWORD, 14, 10, 90);
	s.armour = 1;
	lesson_add(g, s);
	lesson_start(g);
	lesson_move(g, marcus, 13, 10);
	lesson_why("A3: shield and armour each cost infantry 1/2\" of its 4\": "
	           "Marcus has 3\". A4: a figure moved into contact turns to face "
	           "the new arrival (0 is towards +x, so 180 faces Marcus); A26: "
	           "the two are now a pair in melee.");
	to_melee_phase(g);
	lesson_dice(g, 2, 4, 3);
	lesson_fight(g, marcus);
	lesson_why("A7: shield +1, armour +1 each; a spear is longer than a sword "
	           "+1 (first round only, A19); moved into contact this turn +1 "
	           "(A20): 4 + 4 = 8 against 3 + 2 = 5. Higher but not double: "
	           "Brennus is pushed back 8 - 5 = 3\", straight away from Marcus, "
	           "and turns through 180 degrees (A9). Out of contact, the two "
	           "are no longer in melee (A22).");
	lesson_end_phase(g);
	lesson_done(g);
}

static void
rounds(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SAMPSON,
		"2. Equal scores, and the next round",
		"Aulus (spear, shield) and Cotus (sword, shield) start the game in base "
		"contact, face to face.");
	int aulus = lesson_add(g, figure(0, "Aulus", SKIRMISH_MELEE_SPEAR, 10, 10, 0));
	int cotus = lesson_add(g, figure(1, "Cotus", SKIRMISH_MELEE_SWORD, 11, 10, 180));

	lesson_start(g);
	printf("Turn 1, player 0:\n");
	lesson_move(g, aulus, 8, 10);
	lesson_why("A26, A29: figures set up in contact are in melee, and a figure "
	           "in base contact with an enemy does not move.");
	to_melee_phase(g);
	lesson_dice(g, 2, 4, 5);
	lesson_fight(g, aulus);
	lesson_why("A7: shield +1 each, and Aulus' spear is the longer weapon in "
	           "this first round (A19): 4 + 2 = 6 against 5 + 1 = 6. Equal: "
	           "nothing happens, and the melee goes on.");
	lesson_end_phase(g);
	printf("Turn 1, player 1:\n");
	to_melee_phase(g);
	lesson_dice(g, 2, 4, 1);
	lesson_fight(g, cotus);
	lesson_why("A19: the longer weapon counts in the first round only. Cotus 4 "
	           "+ 1 = 5 against Aulus 1 + 1 = 2: 5 is more than double 2, and "
	           "Aulus is killed.");
	lesson_done(g);
}

static void
rear(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SAMPSON,
		"3. A friend to the rear",
		"Brennus (sword, shield) has Dumnorix right behind him when Marcus "
		"(spear, shield) wins their fight.");
	int marcus = lesson_add(g, figure(0, "Marcus", SKIRMISH_MELEE_SPEAR, 10, 10, 0));
	int brennus = lesson_add(g, figure(1, "Brennus", SKIRMISH_MELEE_SWORD, 11, 10, 180));
	int dumnorix = lesson_add(g, figure(1, "Dumnorix", SKIRMISH_MELEE_SWORD, 12.3, 10, 180));

	lesson_start(g);
	to_melee_phase(g);
	lesson_dice(g, 2, 5, 3);
	lesson_fight(g, marcus);
	lesson_why("A7: Marcus 5 + 1 shield + 1 longer weapon = 7 against Brennus "
	           "3 + 1 = 4: pushed back 3\". A27: a friend within 0.5\" "
	           "behind absorbs 1\" of it, and Brennus does not turn; the "
	           "file gives ground together: Brennus and Dumnorix both go back "
	           "2\", each keeping his facing.");
	(void)brennus;
	(void)dumnorix;
	lesson_done(g);
}

static void
several(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SAMPSON,
		"4. Several against one",
		"Marcus, then Aulus (swords, shields) move into contact with "
		"Vercingetorix (sword, shield, armour).");
	skirmish_figure_spec s;
	int marcus = lesson_add(g, figure(0, "Marcus", SKIRMISH_MELEE_SWORD, 10, 10, 0));
	int aulus = lesson_add(g, figure(0, "Aulus", SKIRMISH_MELEE_SWORD, 13, 7, 90));
	int verc;

	s = figure(1, "Vercingetorix", SKIRMISH_MELEE_SWORD, 13, 10, 180);
	s.armour = 1;
	verc = lesson_add(g, s);
	lesson_start(g);
	lesson_move(g, marcus, 12, 10);
	lesson_move(g, aulus, 13, 9);
	lesson_why("A4: Vercingetorix already faces Marcus and is in melee, so he "
	           "does not turn to Aulus. A26: each is now a pair with "
	           "Vercingetorix.");
	to_melee_phase(g);
	lesson_dice(g, 2, 1, 5);
	lesson_fight(g, marcus);
	lesson_why("A26: Marcus, the attacker the player names, rolls; Aulus "
	           "touches Vercingetorix and has not fought, so he assists, +1, "
	           "and has fought for this phase. A20: +1 moved into contact. 1 + "
	           "3 = 4 against 5 + 2 = 7: higher, not double. Only the "
	           "protagonist is pushed back (7 - 4 = 3\").");
	lesson_why("A26: Aulus still touches Vercingetorix: their melee goes on in "
	           "the next Melee phase.");
	(void)verc;
	lesson_done(g);
}

static void
ground(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SAMPSON,
		"5. Uphill, and defending an obstacle",
		"Marcus (sword, shield) attacks Ambiorix, who stands on a low hill; "
		"Aulus (sword, shield) attacks Catuvolcus across a wall.");
	int marcus = lesson_add(g, figure(0, "Marcus", SKIRMISH_MELEE_SWORD, 10, 10, 0));
	int aulus = lesson_add(g, figure(0, "Aulus", SKIRMISH_MELEE_SWORD, 10, 30, 0));
	int amb = lesson_add(g, figure(1, "Ambiorix", SKIRMISH_MELEE_SWORD, 14, 10, 180));
	int catu = lesson_add(g, figure(1, "Catuvolcus", SKIRMISH_MELEE_SWORD, 13.05, 30, 180));

	lesson_terrain(g, "hill", SKIRMISH_TERRAIN_HILL, 1, 16, 10, 5, 5);
	lesson_terrain(g, "wall", SKIRMISH_TERRAIN_OBSTACLE, 0, 12.525, 30, 0.05, 4);
	lesson_start(g);
	lesson_move(g, marcus, 13, 10);
	lesson_move(g, aulus, 12, 30);
	to_melee_phase(g);
	lesson_dice(g, 2, 4, 3);
	lesson_fight(g, marcus);
	lesson_why("A17: Ambiorix stands higher than Marcus: +1 uphill. Marcus 4 + "
	           "1 shield + 1 moved into contact = 6 against 3 + 1 + 1 = 5: "
	           "Ambiorix is pushed back 1\".");
	lesson_dice(g, 2, 4, 3);
	lesson_fight(g, aulus);
	lesson_why("A26: Catuvolcus defends the wall (it lies between them and he "
	           "did not move into contact across it): +1. The same dice: 6 "
	           "against 5.");
	(void)amb;
	(void)catu;
	lesson_done(g);
}

int
main(void)
{
	lesson_init("sampson-melee");
	printf("Sampson Ships melee and push-back\n");
	contact();
	rounds();
	rear();
	several();
	ground();
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * Sensō melee and outnumbering, one rule at a time.
 *
 * Each lesson sets up a small table, scripts the dice it needs
 * (skirmish_game_script_dice) and takes a few actions. For each action it
 * prints the library's own sentence, then a line of commentary that names
 * the rule (doc/rules/senso.md)
 * that made it come out so.
 *
 * In a Sensō fight each side rolls its DV and adds its modifiers, and the
 * LOWEST total wins; the loser is killed. The side that moved rolls first.
 *
 * The dice are scripted, so the output never changes: `meson test` runs
 * this program and compares what it prints with
 * tests/examples/senso-melee.out.
 */
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

#include "lesson.h"

/* ---- the lessons ----------------------------------------------------- */

static void
a_charge(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"1. A charge",
		"Kenji, a samurai (d6, sword), charges Gonbei, a peasant (d12, wooden "
		"club), 4\" away.");
	int kenji = lesson_add(g, lesson_figure(0, "Kenji", SKIRMISH_PRESET_SAMURAI, 10, 10));
	int gonbei = lesson_add(g, lesson_figure(1, "Gonbei", SKIRMISH_PRESET_PEASANT, 15, 10));

	lesson_start(g);
	lesson_dice(g, 2, 4, 5);
	lesson_charge(g, kenji, gonbei);
	lesson_why("S4: a move that ends in base contact is a charge, fought at "
	           "once as part of the move. S10: a sword adds nothing, a wooden "
	           "weapon +1: Kenji 4, Gonbei 5 + 1 = 6. The lowest total wins; "
	           "the loser dies. Gonbei was player 1's last figure, so the game "
	           "ends.");
	lesson_done(g);
}

static void
weapons(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"2. Weapons and martial arts",
		"Two fights. A ninja (d4, unarmed, trained in martial arts) against an "
		"archer with a short sword (d8); a fencing instructor (d4, sword) "
		"against a monk with a naginata (d8).");
	int hanzo = lesson_add(g, lesson_figure(0, "Hanzo", SKIRMISH_PRESET_NINJA, 10, 10));
	int musashi = lesson_add(g, lesson_figure(0, "Musashi",
		SKIRMISH_PRESET_FENCING_INSTRUCTOR, 10, 20));
	int ume = lesson_add(g, lesson_figure(1, "Ume", SKIRMISH_PRESET_ASHIGARU_BOW, 14, 10));
	int eko = lesson_add(g, lesson_figure(1, "Ekei", SKIRMISH_PRESET_MONK, 14, 20));

	lesson_start(g);
	lesson_dice(g, 2, 3, 2);
	lesson_charge(g, hanzo, ume);
	lesson_why("S10: martial arts +1 and a short sword +1 cancel out: 3 + 1 = "
	           "4 against 2 + 1 = 3, so the archer wins, and the ninja is "
	           "killed.");
	lesson_dice(g, 2, 2, 4);
	lesson_charge(g, musashi, eko);
	lesson_why("S10: neither a sword nor a naginata has a modifier: 2 against "
	           "4.");
	lesson_done(g);
}

static void
horses(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"3. On foot against a rider",
		"A peasant with a club and a monk with a naginata each face a mounted "
		"samurai veteran (d6, yari).");
	skirmish_figure_spec s;
	int gonbei = lesson_add(g, lesson_figure(0, "Gonbei", SKIRMISH_PRESET_PEASANT, 10, 10));
	int eko = lesson_add(g, lesson_figure(0, "Ekei", SKIRMISH_PRESET_MONK, 10, 30));
	int r1, r2;

	/* a rider's base is 1" x 2", its long side along its facing (G2) */
	s = lesson_figure(1, "Kagetora", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED, 14, 10);
	s.facing = 90;
	r1 = lesson_add(g, s);
	s = lesson_figure(1, "Masakado", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED, 14, 30);
	s.facing = 90;
	r2 = lesson_add(g, s);
	lesson_start(g);
	lesson_dice(g, 2, 3, 4);
	lesson_charge(g, gonbei, r1);
	lesson_why("S10: on foot against a mounted opponent +1, wooden weapon +1: "
	           "3 + 2 = 5 against 4. The rider wins.");
	lesson_dice(g, 2, 3, 4);
	lesson_charge(g, eko, r2);
	lesson_why("S10: the +1 on foot against a rider does not apply to a figure "
	           "armed with a naginata or a yari: the same dice, 3 against 4, "
	           "and the monk wins.");
	lesson_done(g);
}

static void
cover(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"4. Defending cover",
		"Ashigaru Goro (d10, yari) charges Kenji, a samurai whose base stands in "
		"a hedge that gives cover.");
	int goro = lesson_add(g, lesson_figure(0, "Goro", SKIRMISH_PRESET_ASHIGARU_YARI, 10, 10));
	int kenji = lesson_add(g, lesson_figure(1, "Kenji", SKIRMISH_PRESET_SAMURAI, 15, 10));

	lesson_terrain(g, "hedge", SKIRMISH_TERRAIN_COVER, 0, 15.5, 10, 2, 4);
	lesson_start(g);
	lesson_dice(g, 4, 3, 4, 2, 5);
	lesson_charge(g, goro, kenji);
	lesson_why("S10: the figure moved against stands in cover, so he defends "
	           "it: -1. 3 against 4 - 1 = 3 is a tie, and by default a tie is "
	           "fought again with the same modifiers (see house-rules for the "
	           "stand-off): 2 against 5 - 1 = 4, and Goro wins.");
	lesson_done(g);
}

static void
ringed(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"5. A ringed figure still fights",
		"An archer hits Heita, a peasant; then Kenji charges him.");
	int ume = lesson_add(g, lesson_figure(0, "Ume", SKIRMISH_PRESET_ASHIGARU_BOW, 5, 20));
	int kenji = lesson_add(g, lesson_figure(0, "Kenji", SKIRMISH_PRESET_SAMURAI, 10, 10));
	int heita = lesson_add(g, lesson_figure(1, "Heita", SKIRMISH_PRESET_PEASANT, 15, 10));

	lesson_start(g);
	lesson_dice(g, 1, 3);
	{
		skirmish_result r = SKIRMISH_RESULT_INIT;
		lesson_show(g, skirmish_shoot(g, ume, heita, &r), &r);
	}
	lesson_why("S6: 3 - 1 short range - 1 unarmoured = 1, a hit: one ring.");
	lesson_dice(g, 2, 5, 2);
	lesson_charge(g, kenji, heita);
	lesson_why("S3: a ringed figure can take no action, but it fights normally "
	           "when an enemy moves into contact: 5 against 2 + 1 = 3, and "
	           "Heita wins.");
	lesson_done(g);
}

static void
in_contact(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"6. Fighting as an action",
		"Two samurai start the game in base contact.");
	int kenji = lesson_add(g, lesson_figure(0, "Kenji", SKIRMISH_PRESET_SAMURAI, 10, 10));
	int saburo = lesson_add(g, lesson_figure(1, "Saburo", SKIRMISH_PRESET_SAMURAI, 11, 10));

	lesson_start(g);
	lesson_dice(g, 2, 1, 6);
	lesson_fight(g, kenji);
	lesson_why("S14: a figure already in contact with an enemy at the start of "
	           "its action may fight as its action; Kenji's 1 beats Saburo's 6.");
	(void)saburo;
	lesson_done(g);
}

static void
outnumbered(void)
{
	skirmish_game *g = lesson_game(SKIRMISH_RULESET_SENSO,
		"7. Outnumbering",
		"Goro (d10, yari) is already in contact with Kenji, a samurai (d6, "
		"sword). Ume, an archer (d8, short sword), charges Kenji from the other "
		"side.");
	int goro = lesson_add(g, lesson_figure(0, "Goro", SKIRMISH_PRESET_ASHIGARU_YARI, 9, 10));
	int ume = lesson_add(g, lesson_figure(0, "Ume", SKIRMISH_PRESET_ASHIGARU_BOW, 16, 10));
	int kenji = lesson_add(g, lesson_figure(1, "Kenji", SKIRMISH_PRESET_SAMURAI, 10, 10));

	lesson_start(g);
	lesson_dice(g, 4, 2, 1, 5, 2);
	lesson_charge(g, ume, kenji);
	lesson_why("S11: the sides are Ume with Goro, who touches the enemy Ume "
	           "now touches, against Kenji alone. Kenji is outnumbered: +2. "
	           "The pair rolls one die, the lowest DV among them (Ume's d8) "
	           "with Ume's own modifiers (short sword +1). 2 + 1 = 3 against 1 "
	           "+ 2 = 3 is a tie; again: 5 + 1 = 6 against 2 + 2 = 4. Kenji "
	           "wins, and the enemy with the lowest DV, Ume, is killed.");
	(void)goro;
	lesson_why("S29: Goro fought on Ume's side, so he has taken his action: "
	           "still in contact, he may fight Kenji as his action (S14) only "
	           "in his next turn.");
	lesson_done(g);
}

int
main(void)
{
	lesson_init("senso-melee");
	printf("Sensō melee and outnumbering\n");
	a_charge();
	weapons();
	horses();
	cover();
	ringed();
	in_contact();
	outnumbered();
	return 0;
}

/*
 * Sampson Ships melee and push-back, one rule at a time.
 *
 * Each lesson sets up a small table, scripts the dice it needs
 * (skirmish_game_script_dice) and takes a few actions. For each action it
 * prints the library's own sentence, then a line of commentary that names
 * the rule (RULINGS.md A4, A7-A9; doc/rules/sampson.md A15 and up) that
 * made it come out so.
 *
 * A melee is fought once in each Melee phase of the player whose turn it
 * is: both sides roll a d6 and add their modifiers. Double the other's
 * score kills; higher pushes the other back by the difference in inches;
 * equal, nothing happens and the melee goes on.
 *
 * The dice are scripted, so the output never changes: `meson test` runs
 * this program and compares what it prints with
 * tests/examples/sampson-melee.out.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

/* ---- a few helpers, so that the lessons read like the rules -------- */

static void
fail(skirmish_game *g, const char *what)
{
	fprintf(stderr, "sampson-melee: %s: %s\n", what,
		g ? skirmish_game_errmsg(g) : "failed");
	exit(EXIT_FAILURE);
}

/* A two-player Sampson Ships game; player 0 plays first (no roll-off). */
static skirmish_game *
new_game(const char *title, const char *intro)
{
	static const int order[] = { 0, 1 };
	skirmish_game_options opt = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g;
	char err[256];

	opt.ruleset = SKIRMISH_RULESET_SAMPSON;
	opt.player_order = order;
	if (skirmish_game_new(&g, &opt, err, sizeof(err)) < 0) {
		fprintf(stderr, "sampson-melee: %s\n", err);
		exit(EXIT_FAILURE);
	}
	printf("\n== %s ==\n%s\n", title, intro);
	return g;
}

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

static int
add(skirmish_game *g, skirmish_figure_spec spec)
{
	int id;

	if (skirmish_game_add_figure(g, &spec, &id) < 0)
		fail(g, spec.name);
	return id;
}

static void
start(skirmish_game *g)
{
	if (skirmish_game_start(g, NULL) < 0)
		fail(g, "start");
}

/* The next dice, in order; asking for one more is an error. */
static void
dice(skirmish_game *g, int n, ...)
{
	int v[16], i;
	va_list ap;

	va_start(ap, n);
	for (i = 0; i < n; i++)
		v[i] = va_arg(ap, int);
	va_end(ap);
	if (skirmish_game_script_dice(g, v, n, 1) < 0)
		fail(g, "dice");
}

/* Prints the sentence of an action, or why the game refused it. */
static void
show(skirmish_game *g, int rc, const skirmish_result *r)
{
	if (rc < 0)
		printf("  refused: %s\n", skirmish_game_errmsg(g));
	else
		printf("  %s\n", r->text);
}

static void
why(const char *fmt, ...)
{
	va_list ap;

	printf("    why: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static void
fight(skirmish_game *g, int fig)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	show(g, skirmish_fight(g, fig, &r), &r);
}

/* From the Move phase to the Melee phase. */
static void
to_melee_phase(skirmish_game *g)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	if (skirmish_end_phase(g, &r) < 0 || skirmish_end_phase(g, &r) < 0)
		fail(g, "end phase");
	printf("  (Missile phase: nobody shoots. Melee phase.)\n");
}

/* A2: Move, then Missile, then Melee; ending the Melee phase ends the turn. */
static void
end_phase(skirmish_game *g)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	show(g, skirmish_end_phase(g, &r), &r);
}

static void
move(skirmish_game *g, int fig, double x, double y)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double xy[2];

	xy[0] = x;
	xy[1] = y;
	show(g, skirmish_move(g, fig, xy, 1, SKIRMISH_FACING_KEEP, &r), &r);
}

/* Every scripted die was used: the lesson rolled exactly what it says. */
static void
done(skirmish_game *g)
{
	if (skirmish_game_script_remaining(g) != 0)
		fail(g, "unused scripted dice");
	skirmish_game_free(g);
}

static void
terrain(skirmish_game *g, const char *name, unsigned int flags, double height,
	double x, double y, double width, double depth)
{
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	int id;

	t.name = name;
	t.flags = flags;
	t.height = height;
	t.x = x;
	t.y = y;
	t.width = width;
	t.depth = depth;
	if (skirmish_game_add_terrain(g, &t, &id) < 0)
		fail(g, "terrain");
}

/* ---- the lessons ----------------------------------------------------- */

static void
contact(void)
{
	skirmish_game *g = new_game("1. Moving into contact, and a push-back",
		"Marcus (spear, shield, armour) advances on Brennus (sword, shield, "
		"armour), who faces up the table, 3\" away.");
	skirmish_figure_spec s;
	int marcus;

	s = figure(0, "Marcus", SKIRMISH_MELEE_SPEAR, 10, 10, 0);
	s.armour = 1;
	marcus = add(g, s);
	s = figure(1, "Brennus", SKIRMISH_MELEE_SWORD, 14, 10, 90);
	s.armour = 1;
	add(g, s);
	start(g);
	move(g, marcus, 13, 10);
	why("A3: shield and armour each cost infantry 1/2\" of its 4\": Marcus has 3\". "
	    "A4: a figure moved into contact turns to face the new arrival (0 is "
	    "towards +x, so 180 faces Marcus); A15: the two are now in melee.");
	to_melee_phase(g);
	dice(g, 2, 4, 3);
	fight(g, marcus);
	why("A7: shield +1, armour +1 each; a spear is longer than a sword +1 (first "
	    "round only, A19); moved into contact this turn +1 (A20): 4 + 4 = 8 "
	    "against 3 + 2 = 5. Higher but not double: Brennus is pushed back 8 - 5 "
	    "= 3\", straight away from Marcus, and turns through 180 degrees (A9). "
	    "Out of contact, the two are no longer in melee (A22).");
	end_phase(g);
	done(g);
}

static void
rounds(void)
{
	skirmish_game *g = new_game("2. Equal scores, and the next round",
		"Aulus (spear, shield) and Cotus (sword, shield) start the game in base "
		"contact, face to face.");
	int aulus = add(g, figure(0, "Aulus", SKIRMISH_MELEE_SPEAR, 10, 10, 0));
	int cotus = add(g, figure(1, "Cotus", SKIRMISH_MELEE_SWORD, 11, 10, 180));

	start(g);
	printf("Turn 1, player 0:\n");
	move(g, aulus, 8, 10);
	why("A3, A15: figures set up in contact are in melee, and a figure in melee "
	    "may not move out of contact.");
	to_melee_phase(g);
	dice(g, 2, 4, 5);
	fight(g, aulus);
	why("A7: shield +1 each, and Aulus' spear is the longer weapon in this first "
	    "round (A19): 4 + 2 = 6 against 5 + 1 = 6. Equal: nothing happens, and "
	    "the melee goes on.");
	end_phase(g);
	printf("Turn 1, player 1:\n");
	to_melee_phase(g);
	dice(g, 2, 4, 1);
	fight(g, cotus);
	why("A19: the longer weapon counts in the first round only. Cotus 4 + 1 = 5 "
	    "against Aulus 1 + 1 = 2: 5 is more than double 2, and Aulus is killed.");
	done(g);
}

static void
rear(void)
{
	skirmish_game *g = new_game("3. A friend to the rear",
		"Brennus (sword, shield) has Dumnorix right behind him when Marcus "
		"(spear, shield) wins their fight.");
	int marcus = add(g, figure(0, "Marcus", SKIRMISH_MELEE_SPEAR, 10, 10, 0));
	int brennus = add(g, figure(1, "Brennus", SKIRMISH_MELEE_SWORD, 11, 10, 180));
	int dumnorix = add(g, figure(1, "Dumnorix", SKIRMISH_MELEE_SWORD, 12.3, 10, 180));

	start(g);
	to_melee_phase(g);
	dice(g, 2, 5, 3);
	fight(g, marcus);
	why("A7: Marcus 5 + 1 shield + 1 longer weapon = 7 against Brennus 3 + 1 = 4: "
	    "pushed back 3\". A9, A21: a friend within 0.5\" behind absorbs 1\" of "
	    "it, and Brennus does not turn; the push stops where Dumnorix's base "
	    "is in the way (0.3\").");
	(void)brennus;
	(void)dumnorix;
	done(g);
}

static void
several(void)
{
	skirmish_game *g = new_game("4. Several against one",
		"Marcus, then Aulus (swords, shields) move into contact with "
		"Vercingetorix (sword, shield, armour).");
	skirmish_figure_spec s;
	int marcus = add(g, figure(0, "Marcus", SKIRMISH_MELEE_SWORD, 10, 10, 0));
	int aulus = add(g, figure(0, "Aulus", SKIRMISH_MELEE_SWORD, 13, 7, 90));
	int verc;

	s = figure(1, "Vercingetorix", SKIRMISH_MELEE_SWORD, 13, 10, 180);
	s.armour = 1;
	verc = add(g, s);
	start(g);
	move(g, marcus, 12, 10);
	move(g, aulus, 13, 9);
	why("A4: Vercingetorix already faces Marcus and is in melee, so he does not "
	    "turn to Aulus. A8: Marcus, first into contact, is the main protagonist.");
	to_melee_phase(g);
	dice(g, 2, 1, 5);
	fight(g, marcus);
	why("A8: the main protagonist rolls for the side, +1 for each comrade; A20: "
	    "+1 moved into contact. 1 + 3 = 4 against 5 + 2 = 7: higher, not double. "
	    "Only the main protagonist is pushed back (7 - 4 = 3\").");
	why("A15: Aulus still touches Vercingetorix: the melee goes on, and he is "
	    "its main protagonist now.");
	(void)verc;
	done(g);
}

static void
ground(void)
{
	skirmish_game *g = new_game("5. Uphill, and defending an obstacle",
		"Marcus (sword, shield) attacks Ambiorix, who stands on a low hill; "
		"Aulus (sword, shield) attacks Catuvolcus across a wall.");
	int marcus = add(g, figure(0, "Marcus", SKIRMISH_MELEE_SWORD, 10, 10, 0));
	int aulus = add(g, figure(0, "Aulus", SKIRMISH_MELEE_SWORD, 10, 30, 0));
	int amb = add(g, figure(1, "Ambiorix", SKIRMISH_MELEE_SWORD, 14, 10, 180));
	int catu = add(g, figure(1, "Catuvolcus", SKIRMISH_MELEE_SWORD, 13.05, 30, 180));

	terrain(g, "hill", SKIRMISH_TERRAIN_HILL, 1, 16, 10, 5, 5);
	terrain(g, "wall", SKIRMISH_TERRAIN_OBSTACLE, 0, 12.525, 30, 0.05, 4);
	start(g);
	move(g, marcus, 13, 10);
	move(g, aulus, 12, 30);
	to_melee_phase(g);
	dice(g, 2, 4, 3);
	fight(g, marcus);
	why("A17: Ambiorix stands higher than Marcus: +1 uphill. Marcus 4 + 1 shield "
	    "+ 1 moved into contact = 6 against 3 + 1 + 1 = 5: Ambiorix is pushed "
	    "back 1\".");
	dice(g, 2, 4, 3);
	fight(g, aulus);
	why("A18: Catuvolcus defends the wall (it lies between them and he is not "
	    "the one crossing it): +1. The same dice: 6 against 5.");
	(void)amb;
	(void)catu;
	done(g);
}

int
main(void)
{
	printf("Sampson Ships melee and push-back\n");
	contact();
	rounds();
	rear();
	several();
	ground();
	return 0;
}

/*
 * Sampson Ships missiles and suppression, one rule at a time.
 *
 * Each lesson sets up a small table, scripts the dice it needs
 * (skirmish_game_script_dice) and takes a few actions. For each action it
 * prints the library's own sentence, then a line of commentary that names
 * the rule (RULINGS.md A1-A6; doc/rules/sampson.md A10 and up) that made it
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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

/* ---- a few helpers, so that the lessons read like the rules -------- */

static void
fail(skirmish_game *g, const char *what)
{
	fprintf(stderr, "sampson-missiles: %s: %s\n", what,
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
		fprintf(stderr, "sampson-missiles: %s\n", err);
		exit(EXIT_FAILURE);
	}
	printf("\n== %s ==\n%s\n", title, intro);
	return g;
}

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
shoot(skirmish_game *g, int shooter, int target)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	show(g, skirmish_shoot(g, shooter, target, &r), &r);
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
wall(skirmish_game *g, double x, double y, double width, double depth)
{
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	int id;

	t.name = "wall";
	t.flags = SKIRMISH_TERRAIN_OBSTACLE;
	t.x = x;
	t.y = y;
	t.width = width;
	t.depth = depth;
	if (skirmish_game_add_terrain(g, &t, &id) < 0)
		fail(g, "terrain");
}

/* ---- the lessons ----------------------------------------------------- */

static void
phases(void)
{
	skirmish_game *g = new_game("1. Shooting has its phase",
		"Lucius (short bow) and Brennus (sword only) stand 12\" apart.");
	int lucius = add(g, figure(0, "Lucius", SKIRMISH_MISSILE_SHORT_BOW, 10, 10));
	int brennus = add(g, figure(1, "Brennus", SKIRMISH_MISSILE_NONE, 23, 10));

	start(g);
	shoot(g, lucius, brennus);
	why("A2: a turn is Move, then Missile, then Melee, in that order; the game "
	    "starts in the Move phase.");
	end_phase(g);
	dice(g, 2, 4, 2);
	shoot(g, lucius, brennus);
	why("A5: the shooter rolls 4, the target 2. A score at least double the "
	    "target's kills. Brennus was player 1's only figure: the game is over.");
	done(g);
}

static void
weapons(void)
{
	skirmish_game *g = new_game("2. Ranges and weapon modifiers",
		"A javelin man, a slinger and a long bowman shoot at three Gauls.");
	int marcus = add(g, figure(0, "Marcus", SKIRMISH_MISSILE_JAVELIN, 10, 10));
	int titus = add(g, figure(0, "Titus", SKIRMISH_MISSILE_SLING, 10, 20));
	int gaius = add(g, figure(0, "Gaius", SKIRMISH_MISSILE_LONG_BOW, 10, 30));
	int g1 = add(g, figure(1, "Orgetorix", SKIRMISH_MISSILE_NONE, 19, 10));
	int g2 = add(g, figure(1, "Dumnorix", SKIRMISH_MISSILE_NONE, 27, 20));
	int g3 = add(g, figure(1, "Vercassius", SKIRMISH_MISSILE_NONE, 36, 30));

	start(g);
	end_phase(g);
	dice(g, 2, 3, 2);
	shoot(g, marcus, g1);
	why("A5: a javelin reaches 10\" and adds +1: 3 + 1 = 4 is double 2, a kill.");
	dice(g, 2, 4, 2);
	shoot(g, titus, g2);
	why("A5: a sling reaches 16\" but takes -1: 4 - 1 = 3 is higher than 2 but "
	    "not double: Dumnorix is suppressed (A6).");
	shoot(g, gaius, g3);
	why("A5: a long bow reaches 24\"; Vercassius is 25\" away. Nothing is rolled "
	    "(G7).");
	done(g);
}

static void
saves(void)
{
	skirmish_game *g = new_game("3. The target's roll",
		"Three archers each roll 5 against a target who rolls 2: a Gaul in "
		"the open, one with a shield, and one with shield and armour behind a "
		"wall.");
	skirmish_figure_spec s;
	int a1 = add(g, figure(0, "Quintus", SKIRMISH_MISSILE_SHORT_BOW, 10, 10));
	int a2 = add(g, figure(0, "Sextus", SKIRMISH_MISSILE_SHORT_BOW, 10, 20));
	int a3 = add(g, figure(0, "Septimus", SKIRMISH_MISSILE_SHORT_BOW, 10, 30));
	int t1, t2, t3;

	t1 = add(g, figure(1, "Ambiorix", SKIRMISH_MISSILE_NONE, 21, 10));
	s = figure(1, "Catuvolcus", SKIRMISH_MISSILE_NONE, 21, 20);
	s.shield = 1;
	t2 = add(g, s);
	s = figure(1, "Indutiomarus", SKIRMISH_MISSILE_NONE, 21, 30);
	s.shield = 1;
	s.armour = 1;
	t3 = add(g, s);
	wall(g, 19, 30, 0.5, 4);
	start(g);
	end_phase(g);
	dice(g, 2, 5, 2);
	shoot(g, a1, t1);
	why("A5: 5 against 2: double, a kill.");
	dice(g, 2, 5, 2);
	shoot(g, a2, t2);
	why("A5: the target adds +1 for a shield: 5 against 3 is higher but not "
	    "double: suppressed.");
	dice(g, 2, 5, 2);
	shoot(g, a3, t3);
	why("A5: +1 shield, +1 armour, +1 for the wall on the line of sight: 5 "
	    "against 5 is not higher, and nothing happens.");
	done(g);
}

static void
suppression(void)
{
	skirmish_game *g = new_game("4. Suppression",
		"Lucius (short bow) suppresses Brennus (javelin); then it is Brennus' "
		"turn.");
	int lucius = add(g, figure(0, "Lucius", SKIRMISH_MISSILE_SHORT_BOW, 10, 10));
	int brennus = add(g, figure(1, "Brennus", SKIRMISH_MISSILE_JAVELIN, 19, 10));

	start(g);
	printf("Turn 1, player 0:\n");
	end_phase(g);
	dice(g, 2, 3, 2);
	shoot(g, lucius, brennus);
	why("A5: 3 against 2: higher, not double.");
	end_phase(g);
	end_phase(g);
	why("A2: ending the Melee phase ends the turn; the next player starts with "
	    "the Move phase.");
	printf("Turn 1, player 1:\n");
	move(g, brennus, 17, 10);
	why("A6: a suppressed figure may not move in its owner's next turn.");
	end_phase(g);
	dice(g, 2, 4, 4);
	shoot(g, brennus, lucius);
	why("A6: but it may shoot (and fight): 4 + 1 javelin = 5 against 4 is "
	    "higher: now Lucius is suppressed.");
	end_phase(g);
	end_phase(g);
	why("A6, A25: the suppression ends at the end of Brennus' own turn.");
	done(g);
}

static void
melee_blocks_shots(void)
{
	skirmish_game *g = new_game("5. No shooting into or out of a melee",
		"Aulus (javelin) is in base contact with Vercingetorix; Lucius (short "
		"bow) and Cotus (sling) look on.");
	int lucius = add(g, figure(0, "Lucius", SKIRMISH_MISSILE_SHORT_BOW, 10, 10));
	int aulus = add(g, figure(0, "Aulus", SKIRMISH_MISSILE_JAVELIN, 20, 10));
	int verc = add(g, figure(1, "Vercingetorix", SKIRMISH_MISSILE_NONE, 21, 10));
	int cotus = add(g, figure(1, "Cotus", SKIRMISH_MISSILE_SLING, 21, 16));

	start(g);
	end_phase(g);
	shoot(g, lucius, verc);
	why("A5: a figure in melee may not be fired at.");
	dice(g, 2, 2, 6);
	shoot(g, lucius, cotus);
	why("A5: Cotus is not in the melee: 2 against 6, nothing.");
	shoot(g, aulus, cotus);
	why("A5: and a figure in melee may not fire.");
	done(g);
}

int
main(void)
{
	printf("Sampson Ships missiles and suppression\n");
	phases();
	weapons();
	saves();
	suppression();
	melee_blocks_shots();
	return 0;
}

/*
 * Sensō shooting and rings, one rule at a time.
 *
 * Each lesson sets up a small table, scripts the dice it needs
 * (skirmish_game_script_dice) and takes a few actions. For each action it
 * prints the library's own sentence, then a line of commentary that names
 * the rule (RULINGS.md S3-S8, doc/rules/senso.md) that made it come out so.
 *
 * The dice are scripted, so the output never changes: `meson test` runs
 * this program and compares what it prints with
 * tests/examples/senso-shooting.out.
 *
 * Distances are edge to edge (G1); every foot base is 1" square (G2), so a
 * target whose centre is 11" to the right of the shooter's is 10" away.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

/* ---- a few helpers, so that the lessons read like the rules -------- */

static void
fail(skirmish_game *g, const char *what)
{
	fprintf(stderr, "senso-shooting: %s: %s\n", what,
		g ? skirmish_game_errmsg(g) : "failed");
	exit(EXIT_FAILURE);
}

/* A two-player Sensō game; player 0 plays first (no roll-off). */
static skirmish_game *
new_game(const char *title, const char *intro)
{
	static const int order[] = { 0, 1 };
	skirmish_game_options opt = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g;
	char err[256];

	opt.ruleset = SKIRMISH_RULESET_SENSO;
	opt.player_order = order;
	if (skirmish_game_new(&g, &opt, err, sizeof(err)) < 0) {
		fprintf(stderr, "senso-shooting: %s\n", err);
		exit(EXIT_FAILURE);
	}
	printf("\n== %s ==\n%s\n", title, intro);
	return g;
}

/* A figure from one of the rules' example skill levels (S1). */
static skirmish_figure_spec
figure(int player, const char *name, int preset, double x, double y)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	skirmish_figure_spec_preset(&s, preset);
	s.player = player;
	s.name = name;
	s.x = x;
	s.y = y;
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

static void
end_turn(skirmish_game *g)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	show(g, skirmish_end_turn(g, &r), &r);
}

/* Every scripted die was used: the lesson rolled exactly what it says. */
static void
done(skirmish_game *g)
{
	if (skirmish_game_script_remaining(g) != 0)
		fail(g, "unused scripted dice");
	skirmish_game_free(g);
}

/* ---- the lessons ----------------------------------------------------- */

static void
range(void)
{
	skirmish_game *g = new_game("1. Range",
		"Taro, a samurai (d6, bow), shoots at two armoured ashigaru.");
	int taro = add(g, figure(0, "Taro", SKIRMISH_PRESET_SAMURAI, 10, 4));
	int goro = add(g, figure(1, "Goro", SKIRMISH_PRESET_ASHIGARU_YARI, 10, 45));
	int hachi = add(g, figure(1, "Hachi", SKIRMISH_PRESET_ASHIGARU_YARI, 31, 4));

	start(g);
	shoot(g, taro, goro);
	why("S6: a bow reaches 30\"; Goro is 40\" away. No die is rolled and nothing "
	    "changes (G7), so Taro may still shoot.");
	dice(g, 1, 2);
	shoot(g, taro, hachi);
	why("S6: Hachi is beyond the bow's short range of 15\" and armoured, so no "
	    "modifier applies; a total of 2 or more misses.");
	done(g);
}

static void
modifiers(void)
{
	skirmish_game *g = new_game("2. Short range, unarmoured targets and cover",
		"Three samurai shoot at 10\", well inside the bow's short range: an "
		"ashigaru in armour, a peasant in the open, a peasant in a bamboo thicket.");
	skirmish_terrain_spec bamboo = SKIRMISH_TERRAIN_SPEC_INIT;
	int taro = add(g, figure(0, "Taro", SKIRMISH_PRESET_SAMURAI, 10, 10));
	int jiro = add(g, figure(0, "Jiro", SKIRMISH_PRESET_SAMURAI, 10, 20));
	int saburo = add(g, figure(0, "Saburo", SKIRMISH_PRESET_SAMURAI, 10, 30));
	int goro = add(g, figure(1, "Goro", SKIRMISH_PRESET_ASHIGARU_YARI, 21, 10));
	int gonbei = add(g, figure(1, "Gonbei", SKIRMISH_PRESET_PEASANT, 21, 20));
	int heita = add(g, figure(1, "Heita", SKIRMISH_PRESET_PEASANT, 21, 30));
	int id;

	bamboo.name = "bamboo thicket";
	bamboo.flags = SKIRMISH_TERRAIN_COVER;
	bamboo.x = 21;
	bamboo.y = 30;
	bamboo.width = 3;
	bamboo.depth = 3;
	if (skirmish_game_add_terrain(g, &bamboo, &id) < 0)
		fail(g, "terrain");
	start(g);

	dice(g, 1, 2);
	shoot(g, taro, goro);
	why("S6: short range -1, so a 2 becomes 1: a hit, and the hit puts one ring "
	    "on Goro (S5).");
	dice(g, 1, 2);
	shoot(g, jiro, gonbei);
	why("S6: short range -1 and unarmoured target -1: the same 2 is now 0, and 0 "
	    "or less kills.");
	dice(g, 1, 2);
	shoot(g, saburo, heita);
	why("S6: Heita's base stands in the thicket, so he is in cover: +1. The same "
	    "2 makes 1, a hit instead of a kill.");
	done(g);
}

static void
mounted(void)
{
	skirmish_game *g = new_game("3. Mounted targets",
		"Two samurai shoot at two mounted veterans (armoured) 20\" away.");
	skirmish_figure_spec rider;
	int taro = add(g, figure(0, "Taro", SKIRMISH_PRESET_SAMURAI, 10, 10));
	int jiro = add(g, figure(0, "Jiro", SKIRMISH_PRESET_SAMURAI, 10, 30));
	int kage, masa;

	/* a mounted base is 1" wide and 2" deep along its facing (G2): facing
	 * up the table (90 degrees), its near edge is 0.5" from its centre */
	rider = figure(1, "Kagetora", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED, 31, 10);
	rider.facing = 90;
	kage = add(g, rider);
	rider = figure(1, "Masakado", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED, 31, 30);
	rider.facing = 90;
	masa = add(g, rider);
	start(g);

	dice(g, 2, 2, 3);
	shoot(g, taro, kage);
	why("S6: target mounted -1: 2 - 1 = 1, a hit. S7: a hit on a mounted target "
	    "makes the shooter roll again; 3 is odd, so the horse dies instead, and "
	    "Kagetora falls: on foot on a 1\" base, with one ring.");
	dice(g, 2, 1, 4);
	shoot(g, jiro, masa);
	why("S6: 1 - 1 = 0, a kill. S7: the second roll, 4, is even, so the kill "
	    "applies to the rider.");
	done(g);
}

static void
arquebus(void)
{
	skirmish_game *g = new_game("4. The arquebus",
		"Ichiro (ashigaru, d10, arquebus) fires at Kenji, an armoured samurai "
		"20\" away; Shiro's arquebus starts the game unloaded.");
	skirmish_figure_spec s;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int ichiro = add(g, figure(0, "Ichiro", SKIRMISH_PRESET_ASHIGARU_ARQUEBUS, 10, 10));
	int kenji = add(g, figure(1, "Kenji", SKIRMISH_PRESET_SAMURAI, 31, 10));
	int shiro;

	s = figure(0, "Shiro", SKIRMISH_PRESET_ASHIGARU_ARQUEBUS, 10, 12);
	s.unloaded = 1;
	shiro = add(g, s);
	start(g);

	printf("Turn 1, player 0:\n");
	dice(g, 1, 1);
	shoot(g, ichiro, kenji);
	why("S6: arquebus +1, and an arquebus treats every target as unarmoured: -1. "
	    "1 + 1 - 1 = 1, a hit. S8: firing puts two rings on Ichiro.");
	shoot(g, shiro, kenji);
	why("S8: an arquebus that starts unloaded must use the Reload action first.");
	show(g, skirmish_reload(g, shiro, &r), &r);
	why("S8: reloading is Shiro's action for this turn (S3).");
	end_turn(g);
	why("S5: at the end of player 0's turn each of its figures loses one ring: "
	    "Ichiro keeps one. Kenji's ring stays until his own player's turn ends.");

	printf("Turn 1, player 1:\n");
	shoot(g, kenji, ichiro);
	why("S3: a figure with a ring can do nothing.");
	end_turn(g);

	printf("Turn 2, player 0:\n");
	shoot(g, ichiro, kenji);
	why("S8: this turn Ichiro still has a ring: it is the turn he spends "
	    "reloading.");
	dice(g, 1, 7);
	shoot(g, shiro, kenji);
	why("S6: 7 + 1 arquebus - 1 unarmoured = 7: a miss; the two rings come all "
	    "the same (S8).");
	end_turn(g);
	printf("Turn 2, player 1:\n");
	end_turn(g);

	printf("Turn 3, player 0:\n");
	dice(g, 1, 2);
	shoot(g, ichiro, kenji);
	why("S8: Ichiro has lost his last ring and his arquebus is loaded again: "
	    "2 + 1 - 1 = 2, a miss.");
	done(g);
}

static void
rings(void)
{
	skirmish_game *g = new_game("5. Rings and removal from play",
		"Five archers shoot at two peasants about 10\" away: three hit Gonbei, two "
		"hit Heita. Each die is a 3: 3 - 1 short range - 1 unarmoured = 1, a hit.");
	int archer[5], gonbei, heita, i;
	static const char *const names[] = { "Ume", "Matsu", "Take", "Kiku", "Sakura" };

	for (i = 0; i < 5; i++)
		archer[i] = add(g, figure(0, names[i], SKIRMISH_PRESET_ASHIGARU_BOW,
					   10, 10 + 2 * i));
	gonbei = add(g, figure(1, "Gonbei", SKIRMISH_PRESET_PEASANT, 21, 12));
	heita = add(g, figure(1, "Heita", SKIRMISH_PRESET_PEASANT, 21, 16));
	start(g);

	printf("Turn 1, player 0:\n");
	dice(g, 5, 3, 3, 3, 3, 3);
	for (i = 0; i < 5; i++)
		shoot(g, archer[i], i < 3 ? gonbei : heita);
	why("S5: every hit is one more ring: Gonbei has three, Heita two.");
	end_turn(g);
	why("S5: rings come off at the end of their owner's turn, so the peasants "
	    "keep theirs for now.");

	printf("Turn 1, player 1:\n");
	end_turn(g);
	why("S5: each of player 1's figures loses one ring; then a figure that still "
	    "has two or more is removed from play: Gonbei (3 - 1 = 2) goes, Heita "
	    "(2 - 1 = 1) stays, unable to act through his next turn (S3).");
	printf("Turn 2, player 0:\n");
	end_turn(g);
	printf("Turn 2, player 1:\n");
	end_turn(g);
	why("S5: Heita's last ring comes off; he may act again from his next turn.");
	done(g);
}

int
main(void)
{
	printf("Sensō shooting and rings\n");
	range();
	modifiers();
	mounted();
	arquebus();
	rings();
	return 0;
}

/*
 * Sensō melee and outnumbering, one rule at a time.
 *
 * Each lesson sets up a small table, scripts the dice it needs
 * (skirmish_game_script_dice) and takes a few actions. For each action it
 * prints the library's own sentence, then a line of commentary that names
 * the rule (RULINGS.md S3, S4, S10, S11; doc/rules/senso.md S14 and up)
 * that made it come out so.
 *
 * In a Sensō fight each side rolls its DV and adds its modifiers, and the
 * LOWEST total wins; the loser is killed. The side that moved rolls first.
 *
 * The dice are scripted, so the output never changes: `meson test` runs
 * this program and compares what it prints with
 * tests/examples/senso-melee.out.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

/* ---- a few helpers, so that the lessons read like the rules -------- */

static void
fail(skirmish_game *g, const char *what)
{
	fprintf(stderr, "senso-melee: %s: %s\n", what,
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
		fprintf(stderr, "senso-melee: %s\n", err);
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

/* Every scripted die was used: the lesson rolled exactly what it says. */
static void
done(skirmish_game *g)
{
	if (skirmish_game_script_remaining(g) != 0)
		fail(g, "unused scripted dice");
	skirmish_game_free(g);
}

static void
charge(skirmish_game *g, int fig, int target)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	show(g, skirmish_charge(g, fig, target, SKIRMISH_FACING_KEEP, &r), &r);
}

static void
fight(skirmish_game *g, int fig)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	show(g, skirmish_fight(g, fig, &r), &r);
}

/* ---- the lessons ----------------------------------------------------- */

static void
a_charge(void)
{
	skirmish_game *g = new_game("1. A charge",
		"Kenji, a samurai (d6, sword), charges Gonbei, a peasant (d12, wooden "
		"club), 4\" away.");
	int kenji = add(g, figure(0, "Kenji", SKIRMISH_PRESET_SAMURAI, 10, 10));
	int gonbei = add(g, figure(1, "Gonbei", SKIRMISH_PRESET_PEASANT, 15, 10));

	start(g);
	dice(g, 2, 4, 5);
	charge(g, kenji, gonbei);
	why("S4: a move that ends in base contact is a charge, fought at once as "
	    "part of the move. S10: a sword adds nothing, a wooden weapon +1: Kenji "
	    "4, Gonbei 5 + 1 = 6. The lowest total wins; the loser dies. Gonbei was "
	    "player 1's last figure, so the game ends.");
	done(g);
}

static void
weapons(void)
{
	skirmish_game *g = new_game("2. Weapons and martial arts",
		"Two fights. A ninja (d4, unarmed, trained in martial arts) against an "
		"archer with a short sword (d8); a fencing instructor (d4, sword) "
		"against a monk with a naginata (d8).");
	int hanzo = add(g, figure(0, "Hanzo", SKIRMISH_PRESET_NINJA, 10, 10));
	int musashi = add(g, figure(0, "Musashi", SKIRMISH_PRESET_FENCING_INSTRUCTOR,
				    10, 20));
	int ume = add(g, figure(1, "Ume", SKIRMISH_PRESET_ASHIGARU_BOW, 14, 10));
	int eko = add(g, figure(1, "Ekei", SKIRMISH_PRESET_MONK, 14, 20));

	start(g);
	dice(g, 2, 3, 2);
	charge(g, hanzo, ume);
	why("S10: martial arts +1 and a short sword +1 cancel out: 3 + 1 = 4 against "
	    "2 + 1 = 3, so the archer wins, and the ninja is killed.");
	dice(g, 2, 2, 4);
	charge(g, musashi, eko);
	why("S10: neither a sword nor a naginata has a modifier: 2 against 4.");
	done(g);
}

static void
horses(void)
{
	skirmish_game *g = new_game("3. On foot against a rider",
		"A peasant with a club and a monk with a naginata each face a mounted "
		"samurai veteran (d6, yari).");
	skirmish_figure_spec s;
	int gonbei = add(g, figure(0, "Gonbei", SKIRMISH_PRESET_PEASANT, 10, 10));
	int eko = add(g, figure(0, "Ekei", SKIRMISH_PRESET_MONK, 10, 30));
	int r1, r2;

	/* a rider's base is 1" x 2", its long side along its facing (G2) */
	s = figure(1, "Kagetora", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED, 14, 10);
	s.facing = 90;
	r1 = add(g, s);
	s = figure(1, "Masakado", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED, 14, 30);
	s.facing = 90;
	r2 = add(g, s);
	start(g);
	dice(g, 2, 3, 4);
	charge(g, gonbei, r1);
	why("S10: on foot against a mounted opponent +1, wooden weapon +1: 3 + 2 = 5 "
	    "against 4. The rider wins.");
	dice(g, 2, 3, 4);
	charge(g, eko, r2);
	why("S10: the +1 on foot against a rider does not apply to a figure armed "
	    "with a naginata or a yari: the same dice, 3 against 4, and the monk "
	    "wins.");
	done(g);
}

static void
cover(void)
{
	skirmish_game *g = new_game("4. Defending cover",
		"Ashigaru Goro (d10, yari) charges Kenji, a samurai whose base stands in "
		"a hedge that gives cover.");
	skirmish_terrain_spec hedge = SKIRMISH_TERRAIN_SPEC_INIT;
	int goro = add(g, figure(0, "Goro", SKIRMISH_PRESET_ASHIGARU_YARI, 10, 10));
	int kenji = add(g, figure(1, "Kenji", SKIRMISH_PRESET_SAMURAI, 15, 10));
	int id;

	hedge.name = "hedge";
	hedge.flags = SKIRMISH_TERRAIN_COVER;
	hedge.x = 15.5;
	hedge.y = 10;
	hedge.width = 2;
	hedge.depth = 4;
	if (skirmish_game_add_terrain(g, &hedge, &id) < 0)
		fail(g, "terrain");
	start(g);
	dice(g, 4, 3, 4, 2, 5);
	charge(g, goro, kenji);
	why("S10: the figure moved against stands in cover, so he defends it: -1. "
	    "3 against 4 - 1 = 3 is a tie, and by default a tie is fought again "
	    "with the same modifiers (see house-rules for the stand-off): 2 against "
	    "5 - 1 = 4, and Goro wins.");
	done(g);
}

static void
ringed(void)
{
	skirmish_game *g = new_game("5. A ringed figure still fights",
		"An archer hits Heita, a peasant; then Kenji charges him.");
	int ume = add(g, figure(0, "Ume", SKIRMISH_PRESET_ASHIGARU_BOW, 5, 20));
	int kenji = add(g, figure(0, "Kenji", SKIRMISH_PRESET_SAMURAI, 10, 10));
	int heita = add(g, figure(1, "Heita", SKIRMISH_PRESET_PEASANT, 15, 10));

	start(g);
	dice(g, 1, 3);
	{
		skirmish_result r = SKIRMISH_RESULT_INIT;
		show(g, skirmish_shoot(g, ume, heita, &r), &r);
	}
	why("S6: 3 - 1 short range - 1 unarmoured = 1, a hit: one ring.");
	dice(g, 2, 5, 2);
	charge(g, kenji, heita);
	why("S3: a ringed figure can take no action, but it fights normally when an "
	    "enemy moves into contact: 5 against 2 + 1 = 3, and Heita wins.");
	done(g);
}

static void
in_contact(void)
{
	skirmish_game *g = new_game("6. Fighting as an action",
		"Two samurai start the game in base contact.");
	int kenji = add(g, figure(0, "Kenji", SKIRMISH_PRESET_SAMURAI, 10, 10));
	int saburo = add(g, figure(1, "Saburo", SKIRMISH_PRESET_SAMURAI, 11, 10));

	start(g);
	dice(g, 2, 1, 6);
	fight(g, kenji);
	why("S14: a figure already in contact with an enemy at the start of its "
	    "action may fight as its action; Kenji's 1 beats Saburo's 6.");
	(void)saburo;
	done(g);
}

static void
outnumbered(void)
{
	skirmish_game *g = new_game("7. Outnumbering",
		"Goro (d10, yari) is already in contact with Kenji, a samurai (d6, "
		"sword). Ume, an archer (d8, short sword), charges Kenji from the other "
		"side.");
	int goro = add(g, figure(0, "Goro", SKIRMISH_PRESET_ASHIGARU_YARI, 9, 10));
	int ume = add(g, figure(0, "Ume", SKIRMISH_PRESET_ASHIGARU_BOW, 16, 10));
	int kenji = add(g, figure(1, "Kenji", SKIRMISH_PRESET_SAMURAI, 10, 10));

	start(g);
	dice(g, 4, 2, 1, 5, 2);
	charge(g, ume, kenji);
	why("S11: the sides are Ume with Goro, who touches the enemy Ume now "
	    "touches, against Kenji alone. Kenji is outnumbered: +2. The pair rolls "
	    "one die, the lowest DV among them (Ume's d8) with Ume's own modifiers "
	    "(short sword +1). 2 + 1 = 3 against 1 + 2 = 3 is a tie; again: "
	    "5 + 1 = 6 against 2 + 2 = 4. Kenji wins, and the enemy with the lowest "
	    "DV, Ume, is killed.");
	dice(g, 2, 3, 6);
	fight(g, goro);
	why("S14: Goro, still in contact, fights as his action: one against one now, "
	    "3 against 6, and Kenji falls.");
	done(g);
}

int
main(void)
{
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

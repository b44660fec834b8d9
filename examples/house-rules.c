/*
 * House rules: the options a game can be created with, and what each
 * changes. Every option is a field of skirmish_game_options; the defaults
 * (SKIRMISH_GAME_OPTIONS_INIT) are the rules as RULINGS.md reads them.
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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

/* ---- a few helpers, so that the lessons read like the rules -------- */

static void
fail(skirmish_game *g, const char *what)
{
	fprintf(stderr, "house-rules: %s: %s\n", what,
		g ? skirmish_game_errmsg(g) : "failed");
	exit(EXIT_FAILURE);
}

/* A two-player game with the given options; player 0 plays first. */
static skirmish_game *
new_game(skirmish_game_options opt, const char *title)
{
	static const int order[] = { 0, 1 };
	skirmish_game *g;
	char err[256];

	opt.player_order = order;
	if (skirmish_game_new(&g, &opt, err, sizeof(err)) < 0) {
		fprintf(stderr, "house-rules: %s\n", err);
		exit(EXIT_FAILURE);
	}
	printf("-- %s\n", title);
	return g;
}

static skirmish_game_options
senso(void)
{
	skirmish_game_options opt = SKIRMISH_GAME_OPTIONS_INIT;

	opt.ruleset = SKIRMISH_RULESET_SENSO;
	return opt;
}

static void
lesson(const char *title, const char *intro)
{
	printf("\n== %s ==\n%s\n", title, intro);
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
charge(skirmish_game *g, int fig, int target)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;

	show(g, skirmish_charge(g, fig, target, SKIRMISH_FACING_KEEP, &r), &r);
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

/* The same fight under both tie rules: Kenji charges Saburo, both d6. */
static void
ties_game(int ties)
{
	skirmish_game_options opt = senso();
	skirmish_game *g;
	int kenji, saburo;

	opt.melee_ties = ties;
	g = new_game(opt, ties == SKIRMISH_TIES_REROLL ? "melee_ties = SKIRMISH_TIES_REROLL (default)"
						       : "melee_ties = SKIRMISH_TIES_STANDOFF");
	kenji = add(g, figure(0, "Kenji", SKIRMISH_PRESET_SAMURAI, 10, 10));
	saburo = add(g, figure(1, "Saburo", SKIRMISH_PRESET_SAMURAI, 14, 10));
	start(g);
	if (ties == SKIRMISH_TIES_REROLL) {
		dice(g, 4, 3, 3, 5, 2);
		charge(g, kenji, saburo);
		why("S10: equal totals roll again, with the same modifiers, until one "
		    "side wins: 5 against 2, and the lower, Saburo, wins.");
	} else {
		dice(g, 2, 3, 3);
		charge(g, kenji, saburo);
		why("S10 option: equal totals are a stand-off; both live, still in "
		    "contact.");
		end_turn(g);
		dice(g, 2, 2, 4);
		{
			skirmish_result r = SKIRMISH_RESULT_INIT;
			show(g, skirmish_fight(g, saburo, &r), &r);
		}
		why("S14: in his own turn Saburo, still in contact, fights as his "
		    "action.");
	}
	done(g);
}

static void
ties(void)
{
	lesson("1. Ties in a Sensō fight (S10)",
	       "Kenji charges Saburo; both are d6 samurai with swords, and both roll 3.");
	ties_game(SKIRMISH_TIES_REROLL);
	ties_game(SKIRMISH_TIES_STANDOFF);
}

/* Player 1's archer hits Taro in player 1's turn; when does the ring go? */
static void
rings_game(int removal)
{
	skirmish_game_options opt = senso();
	skirmish_game *g;
	int taro, ume;

	opt.ring_removal = removal;
	g = new_game(opt, removal == SKIRMISH_RINGS_PLAYER_TURN
			  ? "ring_removal = SKIRMISH_RINGS_PLAYER_TURN (default)"
			  : "ring_removal = SKIRMISH_RINGS_GAME_TURN");
	taro = add(g, figure(0, "Taro", SKIRMISH_PRESET_SAMURAI, 10, 10));
	ume = add(g, figure(1, "Ume", SKIRMISH_PRESET_ASHIGARU_BOW, 31, 10));
	start(g);
	end_turn(g);
	dice(g, 1, 1);
	shoot(g, ume, taro);
	end_turn(g);
	if (removal == SKIRMISH_RINGS_PLAYER_TURN)
		why("S5: Taro's ring comes off at the end of his own player's turn, so "
		    "he spends turn 2 unable to act:");
	else
		why("S5 option, S22: one ring comes off every figure after the last "
		    "player of the game turn, so Taro is free again in turn 2:");
	if (removal == SKIRMISH_RINGS_GAME_TURN)
		dice(g, 1, 6);
	shoot(g, taro, ume);
	done(g);
}

static void
rings(void)
{
	lesson("2. When rings come off (S5)",
	       "Ume (archer, d8) hits Taro 20\" away in player 1's turn: 1, a hit.");
	rings_game(SKIRMISH_RINGS_PLAYER_TURN);
	rings_game(SKIRMISH_RINGS_GAME_TURN);
}

static void
night(void)
{
	skirmish_game_options opt = senso();
	skirmish_game *g;
	int taro, a, b, seen;

	lesson("3. Night (S12)",
	       "Taro (bow) looks at two peasants, 12\" and 13\" away.");
	opt.night = 1;
	g = new_game(opt, "night = 1");
	taro = add(g, figure(0, "Taro", SKIRMISH_PRESET_SAMURAI, 10, 10));
	a = add(g, figure(1, "Gonbei", SKIRMISH_PRESET_PEASANT, 24, 10));
	b = add(g, figure(1, "Heita", SKIRMISH_PRESET_PEASANT, 10, 23));
	start(g);
	skirmish_game_can_see(g, taro, a, &seen);
	printf("  can Taro see Gonbei (13\")? %s\n", seen ? "yes" : "no");
	skirmish_game_can_see(g, taro, b, &seen);
	printf("  can Taro see Heita (12\")? %s\n", seen ? "yes" : "no");
	shoot(g, taro, a);
	why("S12: at night sight reaches 12\"; by day a bow reaches Gonbei (30\").");
	dice(g, 1, 3);
	shoot(g, taro, b);
	why("S6: 3 - 1 short range - 1 unarmoured = 1, a hit.");
	done(g);
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
	lucius = add(g, s);
	s.player = 1;
	s.name = "Brennus";
	s.x = 31;
	s.missile_weapon = SKIRMISH_MISSILE_NONE;
	s.shield = 1;
	brennus = add(g, s);
	start(g);
	if (skirmish_end_phase(g, &r) < 0)
		fail(g, "end phase");
	dice(g, 2, 8, 3);
	rc = skirmish_shoot(g, lucius, brennus, &r);
	show(g, rc, &r);
	if (rc == 0)
		printf("    the dice: d%d %d, d%d %d\n", r.dice[0].sides, r.dice[0].value,
		       r.dice[1].sides, r.dice[1].value);
	if (sides == 0) {
		why("A1, G6: every Sampson roll is a d6, and a die of 8 cannot come up: "
		    "the shot fails and nothing changes.");
		skirmish_game_script_dice(g, NULL, 0, 0);
	} else {
		why("A1 option: with d10s, 8 against 3 + 1 shield = 4 is double: a kill.");
	}
	done(g);
}

static void
die_size(void)
{
	lesson("4. Sampson Ships with another die (A1)",
	       "Lucius (long bow) shoots at Brennus (shield) 20\" away; the dice "
	       "are 8 and 3.");
	dice_game(0);
	dice_game(10);
}

int
main(void)
{
	printf("House rules: the options of a game\n");
	ties();
	rings();
	night();
	die_size();
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * The odds of every Sensō shot (rules S6): for each skill die (DV) and each
 * total of the shooting modifiers, the exact chance of a kill (total 0 or
 * less), a hit (exactly 1: one ring) and a miss (2 or more).
 *
 * The numbers are not computed here: each line sets up a real shot with
 * the modifiers of that total and asks the library for its exact odds
 * (skirmish_game_odds), which it finds by walking every face of the die.
 *
 *   modifiers (S6): target in cover +1, target mounted -1, arquebus +1,
 *   short range -1, unarmoured target -1
 *
 * So totals run from -3 to +1: an arquebus's +1 always comes with the -1 of
 * a target it treats as unarmoured.
 */
#include <stdio.h>
#include <stdlib.h>

#include <skirmish/skirmish.h>

struct setup {
	int total;
	const char *how;
	int arquebus, cover, mounted, short_range, armour;
};

/* One way to reach each total (others give the same odds). */
static const struct setup setups[] = {
	{ -3, "short range, unarmoured, mounted", 0, 0, 1, 1, 0 },
	{ -2, "short range, unarmoured", 0, 0, 0, 1, 0 },
	{ -1, "short range", 0, 0, 0, 1, 1 },
	{ 0, "long range, armoured", 0, 0, 0, 0, 1 },
	{ +1, "long range, armoured, in cover", 0, 1, 0, 0, 1 },
	{ +1, "arquebus +1, long range, in cover +1, always unarmoured -1", 1, 1, 0, 0, 1 },
};

static void
die(skirmish_game *g, const char *what)
{
	fprintf(stderr, "%s: %s\n", what, g ? skirmish_game_errmsg(g) : "no game");
	exit(1);
}

static void
odds_of(int dv, const struct setup *s)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec f = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	skirmish_action a = SKIRMISH_ACTION_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_odds odds;
	skirmish_game *g;
	double gap = s->short_range ? 8.0 : 18.0;
	int i, total = 0;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.player_order = order;
	if (skirmish_game_new(&g, &o, NULL, 0) < 0)
		die(NULL, "new");
	f.dv = dv;
	f.name = "Shooter";
	f.missile_weapon = s->arquebus ? SKIRMISH_MISSILE_ARQUEBUS : SKIRMISH_MISSILE_BOW;
	f.x = 20;
	f.y = 5;
	if (skirmish_game_add_figure(g, &f, NULL) < 0)
		die(g, "shooter");
	skirmish_figure_spec_init(&f, SKIRMISH_FIGURE_SPEC_VERSION);
	f.player = 1;
	f.name = "Target";
	f.dv = 8;
	f.armour = s->armour;
	f.mounted = s->mounted;
	f.facing = 90;
	f.x = 20;
	/* edge to edge: the target's near edge is gap inches from the shooter's */
	f.y = 5 + 0.5 + gap + (s->mounted ? 1.0 : 0.5);
	if (skirmish_game_add_figure(g, &f, NULL) < 0)
		die(g, "target");
	if (s->cover) {
		t.flags = SKIRMISH_TERRAIN_COVER;
		t.x = 20;
		t.y = f.y;
		t.width = 3;
		t.depth = 3;
		if (skirmish_game_add_terrain(g, &t, NULL) < 0)
			die(g, "cover");
	}
	if (skirmish_game_start(g, NULL) < 0)
		die(g, "start");
	skirmish_odds_init(&odds, SKIRMISH_ODDS_VERSION);
	a.kind = SKIRMISH_ACTION_SHOOT;
	a.figure = 0;
	a.target = 1;
	if (skirmish_game_odds(g, &a, &odds) < 0)
		die(g, "odds");
	for (i = 0; i < odds.nmodifiers; i++)
		total += odds.modifiers[i].value;
	if (total != s->total)
		die(g, "the modifiers do not add up to the line's total");
	printf("  d%-2d %+d ", dv, s->total);
	{
		static const int shown[3] = { SKIRMISH_OUTCOME_KILL, SKIRMISH_OUTCOME_HIT,
					       SKIRMISH_OUTCOME_MISS };
		int k;
		for (k = 0; k < 3; k++) {
			double p = 0;
			unsigned long long n = 0, d = 1;
			/* a mounted target can lose its horse instead (S7): count
			 * that as what happened to the rider's horse, apart */
			for (i = 0; i < odds.noutcomes; i++)
				if (odds.outcomes[i].outcome == shown[k]) {
					p = odds.outcomes[i].probability;
					n = odds.outcomes[i].numerator;
					d = odds.outcomes[i].denominator;
				}
			printf("  %6.1f%% (%llu/%llu)", 100 * p, n, d);
		}
		for (i = 0; i < odds.noutcomes; i++)
			if (odds.outcomes[i].outcome == SKIRMISH_OUTCOME_HORSE_KILLED)
				printf("  horse %.1f%%", 100 * odds.outcomes[i].probability);
	}
	printf("\n");
	skirmish_game_free(g);
}

int
main(void)
{
	static const int dvs[] = { 4, 6, 8, 10, 12 };
	size_t s;
	int i;

	printf("Sensō shooting odds (S6, S7): kill at 0 or less, hit (a ring) at 1, miss at 2+\n");
	printf("  DV  mod       kill               hit                miss\n");
	for (s = 0; s < sizeof(setups) / sizeof(setups[0]); s++) {
		printf("modifiers %+d: %s\n", setups[s].total, setups[s].how);
		for (i = 0; i < 5; i++)
			odds_of(dvs[i], &setups[s]);
	}
	return 0;
}

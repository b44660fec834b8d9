/* SPDX-License-Identifier: MIT */
/*
 * A caller of 0.2.0 against the library of today (doc/ABI.md): compiled
 * with the header 0.2.0 shipped (tests/abi/skirmish-0.2.0.h, a frozen
 * copy), linked with the library just built, as a program built years ago
 * runs against the new libskirmish.so.1. It uses every versioned struct
 * the way 0.2.0 documented, each output one followed by guard bytes the
 * library must never touch, and lists legal actions through the 0.1 entry
 * point and the sized one with the old header's stride.
 *
 * Prints what it checked; exits 1 on the first broken promise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skirmish-0.2.0.h"

#define GUARD 0xc5
#define GUARD_BYTES 64

static int checks;

#define CHECK(cond) check((cond), #cond, __LINE__)

static void
check(int ok, const char *what, int line)
{
	checks++;
	if (!ok) {
		printf("old-caller.c:%d: FAILED: %s\n", line, what);
		exit(1);
	}
}

/* An output struct with guard bytes after it, as a caller's stack or heap
 * has other data there. */
#define GUARDED(type) struct { type v; unsigned char guard[GUARD_BYTES]; }

static void
guard(unsigned char *g)
{
	memset(g, GUARD, GUARD_BYTES);
}

static int
guard_intact(const unsigned char *g)
{
	int i;

	for (i = 0; i < GUARD_BYTES; i++)
		if (g[i] != GUARD)
			return 0;
	return 1;
}

static skirmish_game *
new_game(void)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	skirmish_game *g = NULL;
	char err[200];
	int id = -1;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.seed = 7;
	CHECK(skirmish_game_new(&g, &o, err, sizeof(err)) == 0);
	CHECK(skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI) == 0);
	s.x = 10;
	s.y = 10;
	s.name = "Taro";
	CHECK(skirmish_game_add_figure(g, &s, &id) == 0 && id == 0);
	s.x = 10;
	s.y = 30;
	s.facing = 270;
	s.player = 1;
	s.name = "Jiro";
	CHECK(skirmish_game_add_figure(g, &s, &id) == 0 && id == 1);
	CHECK(skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_ASHIGARU_YARI) == 0);
	s.x = 30;
	s.y = 30;
	s.name = "Saburo";
	CHECK(skirmish_game_add_figure(g, &s, &id) == 0 && id == 2);
	t.shape = SKIRMISH_SHAPE_RECT;
	t.flags = SKIRMISH_TERRAIN_ROUGH | SKIRMISH_TERRAIN_COVER;
	t.x = 40;
	t.y = 12;
	t.width = 4;
	t.depth = 6;
	CHECK(skirmish_game_add_terrain(g, &t, &id) == 0 && id == 0);
	return g;
}

/* The legal actions through the 0.1 entry point with 0.2.0's stride: the
 * count, then the list with a guard element after max of them; every one
 * listed is accepted; the lists of each figure make the same list. */
static int
legal_actions(skirmish_game *g, skirmish_action *first_shot)
{
	skirmish_action *list, *again;
	int n = -1, m = -1, i, f, shots = 0;

	CHECK(skirmish_game_legal_actions(g, -1, NULL, 0, &n) == 0 && n > 3);
	list = malloc((size_t)(n + 1) * sizeof(*list));
	again = malloc((size_t)(n + 1) * sizeof(*again));
	CHECK(list != NULL && again != NULL);
	memset(list, GUARD, (size_t)(n + 1) * sizeof(*list));
	CHECK(skirmish_game_legal_actions(g, -1, list, 3, &m) == 0 && m == n);
	CHECK(guard_intact((const unsigned char *)&list[3]));
	CHECK(skirmish_game_legal_actions(g, -1, list, n, &m) == 0 && m == n);
	CHECK(guard_intact((const unsigned char *)&list[n]));
	for (i = 0; i < n; i++) {
		CHECK(list[i].version == SKIRMISH_ACTION_VERSION);
		CHECK(list[i].kind > SKIRMISH_ACTION_START &&
		      list[i].kind <= SKIRMISH_ACTION_CHARGE);
		CHECK(skirmish_game_check_action(g, &list[i]) == 0);
		if (list[i].kind == SKIRMISH_ACTION_SHOOT && !shots++)
			*first_shot = list[i];
	}
	/* the list again, a figure at a time: the same actions */
	memset(again, GUARD, (size_t)(n + 1) * sizeof(*again));
	for (f = 0, m = 0; f < skirmish_game_figure_count(g); f++) {
		int k = -1;
		CHECK(skirmish_game_legal_actions(g, f, again + m, n - m, &k) == 0);
		CHECK(k >= 0 && k <= n - m);
		m += k;
	}
	/* the player's own actions (end of phase, of turn) come last */
	for (i = m; i < n; i++)
		CHECK(list[i].figure == -1);
	CHECK(m < n && m > 0 && guard_intact((const unsigned char *)&again[n]));
	CHECK(memcmp(again, list, (size_t)m * sizeof(*list)) == 0);
	free(again);
	free(list);
	return shots;
}

int
main(void)
{
	skirmish_game *g = new_game(), *c = NULL;
	skirmish_action shot = SKIRMISH_ACTION_INIT, other = SKIRMISH_ACTION_INIT;
	GUARDED(skirmish_figure_info) info;
	GUARDED(skirmish_result) res;
	GUARDED(skirmish_odds) odds;
	GUARDED(skirmish_action) hist;
	GUARDED(skirmish_playout_stats) stats;
	skirmish_playout_options po = SKIRMISH_PLAYOUT_OPTIONS_INIT;
	uint64_t num = 0, den = 1, h0, h1;
	int i;

	printf("compiled against libskirmish %s, running %s\n", SKIRMISH_VERSION_STRING,
	       skirmish_version());
	/* a later library of the same SONAME, never an older one */
	CHECK(skirmish_version_number() >= SKIRMISH_VERSION_NUMBER);
	CHECK(skirmish_version_number() / 10000 == SKIRMISH_VERSION_MAJOR);
	CHECK(strcmp(skirmish_strerror(SKIRMISH_E_LIMIT),
		     skirmish_strerror(SKIRMISH_E_FORMAT)) != 0);

	memset(&res, 0, sizeof(res));
	res.v.version = SKIRMISH_RESULT_VERSION;
	guard(res.guard);
	CHECK(skirmish_game_start(g, &res.v) == 0);
	CHECK(guard_intact(res.guard) && res.v.action == SKIRMISH_ACTION_START);

	info.v.version = SKIRMISH_FIGURE_INFO_VERSION;
	guard(info.guard);
	CHECK(skirmish_game_figure(g, 1, &info.v) == 0);
	CHECK(guard_intact(info.guard));
	CHECK(info.v.id == 1 && info.v.x == 10 && info.v.y == 30 && info.v.facing == 270);
	CHECK(info.v.dv == 6 && info.v.armour && strcmp(info.v.name, "Jiro") == 0);
	CHECK(info.v.melee_id == -1 && info.v.elevation == 0);

	/* the active player's turn: one of them has a bow and a target */
	CHECK(legal_actions(g, &shot) > 0);
	/* and the other player's, in a clone whose turn is ended */
	CHECK(skirmish_game_clone(g, &c) == 0);
	CHECK(skirmish_end_turn(c, NULL) == 0);
	CHECK(skirmish_game_active_player(c) != skirmish_game_active_player(g));
	CHECK(legal_actions(c, &other) > 0);
	skirmish_game_free(c);

	memset(&odds, 0, sizeof(odds));
	guard(odds.guard);
	CHECK(skirmish_odds_init(&odds.v, SKIRMISH_ODDS_VERSION) == 0);
	CHECK(skirmish_game_odds(g, &shot, &odds.v) == 0);
	CHECK(guard_intact(odds.guard));
	CHECK(odds.v.noutcomes > 1 && odds.v.noutcomes <= SKIRMISH_ODDS_MAX);
	for (i = 0; i < odds.v.noutcomes; i++) {
		/* sum the exact fractions: they make 1 */
		uint64_t n = odds.v.outcomes[i].numerator, d = odds.v.outcomes[i].denominator;
		CHECK(d > 0 && n <= d && 720720 % d == 0);
		num = num * (720720 / den) + n * (720720 / d);
		den = 720720;
	}
	CHECK(num == den);

	memset(&res, 0, sizeof(res));
	res.v.version = SKIRMISH_RESULT_VERSION;
	guard(res.guard);
	CHECK(skirmish_game_act(g, &shot, &res.v) == 0);
	CHECK(guard_intact(res.guard));
	CHECK(res.v.action == SKIRMISH_ACTION_SHOOT && res.v.figure == shot.figure);
	CHECK(res.v.ndice >= 1 && res.v.dice[0].sides == 6 && res.v.text != NULL);
	for (i = 0; i < res.v.neffects; i++)
		CHECK(res.v.effects[i].kind >= SKIRMISH_EFFECT_MOVED &&
		      res.v.effects[i].kind <= SKIRMISH_EFFECT_ASSISTS);

	memset(&hist, 0, sizeof(hist));
	hist.v.version = SKIRMISH_ACTION_VERSION;
	guard(hist.guard);
	CHECK(skirmish_game_history_length(g) == 2);
	CHECK(skirmish_game_history_action(g, 1, &hist.v) == 0);
	CHECK(guard_intact(hist.guard));
	CHECK(hist.v.kind == SKIRMISH_ACTION_SHOOT && hist.v.target == shot.target);

	/* playouts with version 1 of the options and the statistics */
	CHECK(skirmish_game_hash(g, &h0) == 0);
	po.games = 4;
	po.seed = 3;
	po.max_actions = 400;
	memset(&stats, 0, sizeof(stats));
	guard(stats.guard);
	CHECK(skirmish_playout_stats_init(&stats.v, SKIRMISH_PLAYOUT_STATS_VERSION) == 0);
	CHECK(skirmish_game_playouts(g, &po, &stats.v) == 0);
	CHECK(guard_intact(stats.guard));
	CHECK(stats.v.games == 4 && stats.v.actions > 0);
	CHECK(stats.v.wins[0] + stats.v.wins[1] + stats.v.draws + stats.v.unfinished == 4);
	CHECK(skirmish_game_hash(g, &h1) == 0 && h0 == h1);

	skirmish_game_free(g);
	printf("%d checks of a 0.2.0 caller passed\n", checks);
	return 0;
}

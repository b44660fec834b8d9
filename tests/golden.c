/* SPDX-License-Identifier: MIT */
/*
 * The wide golden replays (golden.h, doc/TESTING.md): games of three and
 * four players, Senso with an umpire, at night and with objectives,
 * Sampson Ships with files of spearmen that give ground together, played
 * by a policy that picks a kind of action first and then one action of
 * that kind, so that rare kinds (reload, mount, a fight, a shot of each
 * weapon) come up as often as moves. The writer tries seeds until a game
 * shows what it is meant to show; the checker replays a file and compares
 * every hash. Only the public API: the hashes are the library's promise
 * across compilers, word sizes and optimisation levels.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <skirmish/skirmish.h>

#include "golden.h"

#define BIT(f) (1UL << (f))
#define MAX_LEGAL 2048
#define GOLDEN_ACTIONS 160
#define GOLDEN_SEEDS 200

const char *const golden_names[] = {
	"senso-1", "sampson-1", "senso-night-3", "senso-4", "sampson-3", "sampson-4", NULL
};

int
golden_is_wide(const char *name)
{
	/* the first two, of 0.1: eight figures, random actions (test-state.c) */
	return strcmp(name, "senso-1") != 0 && strcmp(name, "sampson-1") != 0;
}

static const char *const feature_names[GF_SHOT] = {
	"senso", "sampson", "3 players", "4 players", "umpire", "night",
	"move", "waypoints", "charge", "turn", "reload", "mount",
	"dismount", "fight", "push-back", "shock absorber", "objective",
	"kill", "end phase", "end turn"
};

const char *
golden_feature_name(int feature, char *buf, size_t size)
{
	if (feature >= 0 && feature < GF_SHOT)
		return feature_names[feature];
	snprintf(buf, size, "shot %s", skirmish_missile_weapon_name(feature - GF_SHOT) ?
		 skirmish_missile_weapon_name(feature - GF_SHOT) : "?");
	return buf;
}

static int
fail(char *err, size_t size, const char *what, const char *name, const char *why)
{
	snprintf(err, size, "%s: %s: %s", name, what, why);
	return -1;
}

/* ------------------------------------------------------------------ */
/* what a game shows                                                    */
/* ------------------------------------------------------------------ */

static unsigned long
game_features(const skirmish_game *g)
{
	unsigned long f = 0;
	int players = skirmish_game_player_count(g) - (skirmish_game_umpire(g) >= 0);

	f |= BIT(skirmish_game_ruleset(g) == SKIRMISH_RULESET_SENSO ? GF_SENSO : GF_SAMPSON);
	if (players == 3)
		f |= BIT(GF_PLAYERS_3);
	if (players == 4)
		f |= BIT(GF_PLAYERS_4);
	if (skirmish_game_umpire(g) >= 0)
		f |= BIT(GF_UMPIRE);
	return f;
}

/* What one action, taken on g, showed; a is the action as given (a
 * charge) or as the history has it (a move into contact). */
static unsigned long
action_features(const skirmish_game *g, const skirmish_action *a)
{
	static const int kinds[][2] = {
		{ SKIRMISH_ACTION_MOVE, GF_MOVE }, { SKIRMISH_ACTION_CHARGE, GF_CHARGE },
		{ SKIRMISH_ACTION_TURN, GF_TURN }, { SKIRMISH_ACTION_RELOAD, GF_RELOAD },
		{ SKIRMISH_ACTION_MOUNT, GF_MOUNT }, { SKIRMISH_ACTION_DISMOUNT, GF_DISMOUNT },
		{ SKIRMISH_ACTION_FIGHT, GF_FIGHT }, { SKIRMISH_ACTION_END_PHASE, GF_END_PHASE },
		{ SKIRMISH_ACTION_END_TURN, GF_END_TURN }
	};
	skirmish_result r = SKIRMISH_RESULT_INIT;
	unsigned long f = 0;
	size_t k;
	int i;

	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		if (a->kind == kinds[k][0])
			f |= BIT(kinds[k][1]);
	if (a->kind == SKIRMISH_ACTION_MOVE && a->npoints >= 2)
		f |= BIT(GF_WAYPOINTS);
	if (a->kind == SKIRMISH_ACTION_SHOOT) {
		skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
		if (skirmish_game_figure(g, a->figure, &fi) == 0 && fi.missile_weapon > 0 &&
		    fi.missile_weapon < SKIRMISH_MISSILE_COUNT)
			f |= BIT(GF_SHOT + fi.missile_weapon);
	}
	if (skirmish_game_last_result(g, &r) < 0)
		return f;
	for (i = 0; i < r.neffects; i++) {
		const skirmish_effect *e = &r.effects[i];
		int moving = a->kind == SKIRMISH_ACTION_MOVE || a->kind == SKIRMISH_ACTION_CHARGE;

		if (moving && (e->kind == SKIRMISH_EFFECT_FIGHT ||
			       e->kind == SKIRMISH_EFFECT_MELEE_JOINED))
			f |= BIT(GF_CHARGE);
		if (e->kind == SKIRMISH_EFFECT_PUSHED_BACK) {
			f |= BIT(GF_PUSH_BACK);
			/* Sampson A27: the friends behind give ground with it */
			if (e->rule && !strcmp(e->rule, "A27"))
				f |= BIT(GF_SHOCK_ABSORBER);
		}
		if (e->kind == SKIRMISH_EFFECT_OBJECTIVE_TAKEN)
			f |= BIT(GF_OBJECTIVE);
		if (e->kind == SKIRMISH_EFFECT_KILLED)
			f |= BIT(GF_KILL);
	}
	return f;
}

static int
night_of(const char *name)
{
	return strstr(name, "night") != NULL;
}

/* What each golden game is meant to show */
static unsigned long
wanted(const char *name)
{
	if (!golden_is_wide(name))
		return 0;
	/* Senso has no turn on the spot: a move sets the facing */
	unsigned long common = BIT(GF_MOVE) | BIT(GF_WAYPOINTS) | BIT(GF_CHARGE) |
			       BIT(GF_KILL) | BIT(GF_END_TURN);

	if (!strncmp(name, "senso", 5)) {
		unsigned long f = common | BIT(GF_UMPIRE) | BIT(GF_RELOAD) | BIT(GF_MOUNT) |
				  BIT(GF_DISMOUNT) | BIT(GF_OBJECTIVE) |
				  BIT(GF_SHOT + SKIRMISH_MISSILE_BOW) |
				  BIT(GF_SHOT + SKIRMISH_MISSILE_BLOWPIPE) |
				  BIT(GF_SHOT + SKIRMISH_MISSILE_SHURIKEN) |
				  BIT(GF_SHOT + SKIRMISH_MISSILE_ARQUEBUS);
		/* ties are standoffs in the day game: a fight as an action (S14) */
		return night_of(name) ? f | BIT(GF_NIGHT) : f | BIT(GF_FIGHT);
	}
	return common | BIT(GF_TURN) | BIT(GF_FIGHT) | BIT(GF_PUSH_BACK) | BIT(GF_SHOCK_ABSORBER) |
	       BIT(GF_END_PHASE) | BIT(GF_SHOT + SKIRMISH_MISSILE_LONG_BOW) |
	       BIT(GF_SHOT + SKIRMISH_MISSILE_SHORT_BOW) | BIT(GF_SHOT + SKIRMISH_MISSILE_SLING) |
	       BIT(GF_SHOT + SKIRMISH_MISSILE_PELTAST) | BIT(GF_SHOT + SKIRMISH_MISSILE_JAVELIN);
}

int
golden_covered(const unsigned long features[2], char *err, size_t size)
{
	static const char *const rulesets[2] = { "senso", "sampson" };
	unsigned long want[2];
	int r, k;
	char buf[64];

	want[0] = wanted("senso-night") | wanted("senso") | BIT(GF_SENSO) | BIT(GF_PLAYERS_3) |
		  BIT(GF_PLAYERS_4);
	want[1] = wanted("sampson") | BIT(GF_SAMPSON) | BIT(GF_PLAYERS_3) | BIT(GF_PLAYERS_4);
	for (r = 0; r < 2; r++)
		for (k = 0; k < GF_COUNT; k++)
			if ((want[r] & BIT(k)) && !(features[r] & BIT(k))) {
				snprintf(err, size, "the %s golden games show no %s", rulesets[r],
					 golden_feature_name(k, buf, sizeof(buf)));
				return -1;
			}
	return 0;
}

/* ------------------------------------------------------------------ */
/* the scenarios                                                        */
/* ------------------------------------------------------------------ */

static int
add(skirmish_game *g, skirmish_figure_spec *s, int player, double cx, double cy,
    double along, double back, double toward)
{
	/* a place in a group's frame: `along` across its front, `back`
	 * behind it, the front facing `toward` degrees */
	double t = toward * 3.14159265358979323846 / 180.0;

	s->player = player;
	s->facing = toward;
	s->x = floor((cx - back * cos(t) - along * sin(t)) * 1000 + 0.5) / 1000;
	s->y = floor((cy - back * sin(t) + along * cos(t)) * 1000 + 0.5) / 1000;
	return skirmish_game_add_figure(g, s, NULL);
}

static int
add_senso_group(skirmish_game *g, int player, double cx, double cy, double toward)
{
	static const int presets[6] = {
		SKIRMISH_PRESET_SAMURAI, SKIRMISH_PRESET_ASHIGARU_ARQUEBUS, SKIRMISH_PRESET_NINJA,
		-1, SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED, SKIRMISH_PRESET_MONK
	};
	int i, rc = 0;

	for (i = 0; i < 6 && rc == 0; i++) {
		skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

		if (presets[i] >= 0) {
			skirmish_figure_spec_preset(&s, presets[i]);
		} else {
			s.dv = 8;
			s.melee_weapon = SKIRMISH_MELEE_DAGGER;
			s.missile_weapon = SKIRMISH_MISSILE_BLOWPIPE;
		}
		/* every other arquebus starts unloaded: a reload at once */
		s.unloaded = presets[i] == SKIRMISH_PRESET_ASHIGARU_ARQUEBUS && player % 2 == 0;
		rc = add(g, &s, player, cx, cy, -5.0 + 2.0 * i, (i % 2) * 1.5, toward);
	}
	return rc;
}

static int
add_sampson_group(skirmish_game *g, int player, double cx, double cy, double toward)
{
	static const int missiles[5] = {
		SKIRMISH_MISSILE_LONG_BOW, SKIRMISH_MISSILE_SHORT_BOW, SKIRMISH_MISSILE_SLING,
		SKIRMISH_MISSILE_PELTAST, SKIRMISH_MISSILE_JAVELIN
	};
	int i, rc = 0;

	/* two files of three spearmen, base to base: the shock absorbers */
	for (i = 0; i < 6 && rc == 0; i++) {
		skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

		s.melee_weapon = SKIRMISH_MELEE_SPEAR;
		s.shield = 1;
		s.armour = i < 3;
		rc = add(g, &s, player, cx, cy, i < 3 ? -1.0 : 1.0, (double)(i % 3), toward);
	}
	for (i = 0; i < 5 && rc == 0; i++) {
		skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

		s.melee_weapon = SKIRMISH_MELEE_SWORD;
		s.missile_weapon = missiles[i];
		rc = add(g, &s, player, cx, cy, (i % 2 ? 1 : -1) * (3.0 + 2.0 * (i / 2)), 1.0,
			 toward);
	}
	if (rc == 0) {
		skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

		s.melee_weapon = SKIRMISH_MELEE_LONG_SPEAR;
		s.mounted = 1;
		rc = add(g, &s, player, cx, cy, 0.0, 4.5, toward);
	}
	return rc;
}

static int
add_cover(skirmish_game *g, unsigned int flags, double x, double y, double w, double d)
{
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;

	t.shape = SKIRMISH_SHAPE_RECT;
	t.flags = flags;
	t.x = x;
	t.y = y;
	t.width = w;
	t.depth = d;
	t.move_penalty = flags & SKIRMISH_TERRAIN_ROUGH ? 1.0 : 0.0;
	return skirmish_game_add_terrain(g, &t, NULL);
}

/* The scenario of a golden game: its players in groups facing the middle
 * of a 48" x 36" table, terrain between them; Senso's umpire has two
 * peasants in the middle, beside two objectives. */
static skirmish_game *
golden_scenario(const char *name, uint64_t seed, char *err, size_t size)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g = NULL;
	int senso = !strncmp(name, "senso", 5), p, rc = 0;
	double radius;

	o.ruleset = senso ? SKIRMISH_RULESET_SENSO : SKIRMISH_RULESET_SAMPSON;
	o.players = strstr(name, "-3") ? 3 : 4;
	o.umpire = senso;
	o.night = night_of(name);
	o.melee_ties = senso && !o.night ? SKIRMISH_TIES_STANDOFF : SKIRMISH_TIES_REROLL;
	o.table_width = 48;
	o.table_depth = 36;
	o.seed = seed;
	if (skirmish_game_new(&g, &o, err, size) < 0)
		return NULL;
	/* close enough to see each other at night (S12: 12") */
	radius = senso ? 6.5 : 8.0;
	rc |= add_cover(g, SKIRMISH_TERRAIN_COVER, 24 + radius / 2, 18 - radius / 2, 2, 3);
	rc |= add_cover(g, SKIRMISH_TERRAIN_COVER | SKIRMISH_TERRAIN_ROUGH, 24 - radius / 2,
			18 + radius / 2 + 1, 3, 2);
	for (p = 0; p < o.players && rc == 0; p++) {
		double toward = 90.0 + 360.0 * p / o.players, t = toward * 3.14159265358979323846 / 180;
		double cx = 24 - radius * cos(t), cy = 18 - radius * sin(t);

		cx = floor(cx * 1000 + 0.5) / 1000;
		cy = floor(cy * 1000 + 0.5) / 1000;
		rc = senso ? add_senso_group(g, p, cx, cy, toward)
			   : add_sampson_group(g, p, cx, cy, toward);
	}
	if (senso && rc == 0) {
		skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

		skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_PEASANT);
		rc = add(g, &s, o.players, 23, 18, 0, 0, 0);
		if (rc == 0)
			rc = add(g, &s, o.players, 25, 18, 0, 0, 180);
		if (rc == 0)
			rc = skirmish_game_add_objective(g, "gunpowder", 24, 16, NULL);
		if (rc == 0)
			rc = skirmish_game_add_objective(g, "wine", 24, 20.5, NULL);
	}
	if (rc < 0) {
		snprintf(err, size, "%s: setup: %s", name, skirmish_game_errmsg(g));
		skirmish_game_free(g);
		return NULL;
	}
	return g;
}

/* ------------------------------------------------------------------ */
/* the policy                                                           */
/* ------------------------------------------------------------------ */

uint64_t
golden_next(uint64_t *s)
{
	/* splitmix64: the policy's own dice, apart from the game's */
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

int
golden_below(uint64_t *s, int n)
{
	return (int)(golden_next(s) % (uint64_t)n);
}

#define below golden_below

/* A move made a path of two legs: through a point beside the middle. */
static void
with_waypoint(skirmish_game *g, skirmish_action *a, uint64_t *rs)
{
	skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;
	skirmish_action w = *a;
	double dx, dy, side = below(rs, 2) ? 0.6 : -0.6;

	if (a->npoints != 1 || skirmish_game_figure(g, a->figure, &f) < 0)
		return;
	dx = a->xy[0] - f.x;
	dy = a->xy[1] - f.y;
	w.npoints = 2;
	w.xy[2] = a->xy[0];
	w.xy[3] = a->xy[1];
	w.xy[0] = floor((f.x + dx / 2 - dy * side / 2) * 100 + 0.5) / 100;
	w.xy[1] = floor((f.y + dy / 2 + dx * side / 2) * 100 + 0.5) / 100;
	if (skirmish_game_check_action(g, &w) == 0)
		*a = w;
}

/* A move of one of the active player's figures onto an objective. */
static int
to_objective(skirmish_game *g, const skirmish_action *list, int count, uint64_t *rs,
	     skirmish_action *a)
{
	int n = skirmish_game_objective_count(g), o, i, state;
	double x, y;

	if (n <= 0 || count <= 0)
		return 0;
	o = below(rs, n);
	if (skirmish_game_objective(g, o, &state, NULL, NULL, &x, &y, NULL) < 0 ||
	    state != SKIRMISH_OBJECTIVE_ON_TABLE)
		return 0;
	for (i = 0; i < count; i++) {
		skirmish_action m = list[(i + below(rs, count)) % count];
		if (m.kind != SKIRMISH_ACTION_MOVE)
			continue;
		m.npoints = 1;
		m.xy[0] = x;
		m.xy[1] = y;
		m.facing = SKIRMISH_FACING_KEEP;
		if (skirmish_game_check_action(g, &m) == 0) {
			*a = m;
			return 1;
		}
	}
	return 0;
}

/* A kind of action first, uniformly among the kinds on offer (ending the
 * turn or phase one time in ten), then one action of that kind. */
static int
pick(skirmish_game *g, uint64_t *rs, skirmish_action *list, skirmish_action *a)
{
	int count = 0, n, i, k, kinds[16], nkinds = 0, end[2], nend = 0;

	if (skirmish_game_legal_actions(g, -1, list, MAX_LEGAL, &count) < 0 || count == 0)
		return -1;
	n = count < MAX_LEGAL ? count : MAX_LEGAL;
	for (i = 0; i < n; i++) {
		int kind = list[i].kind;
		if (kind == SKIRMISH_ACTION_END_TURN || kind == SKIRMISH_ACTION_END_PHASE) {
			if (nend < 2)
				end[nend++] = i;
			continue;
		}
		for (k = 0; k < nkinds && kinds[k] != kind; k++)
			;
		if (k == nkinds && nkinds < 16)
			kinds[nkinds++] = kind;
	}
	if (nkinds == 0 || (nend > 0 && below(rs, 10) == 0)) {
		if (nend == 0)
			return -1;
		/* Sampson: the end of a phase mostly, the end of the turn at times */
		*a = list[end[nend == 2 && below(rs, 4) == 0 ? 1 : 0]];
		return 0;
	}
	if (below(rs, 6) == 0 && to_objective(g, list, n, rs, a))
		return 0;
	k = kinds[below(rs, nkinds)];
	for (;;) {
		i = below(rs, n);
		if (list[i].kind == k)
			break;
	}
	*a = list[i];
	if (a->kind == SKIRMISH_ACTION_MOVE && below(rs, 2))
		with_waypoint(g, a, rs);
	return 0;
}

/* ------------------------------------------------------------------ */
/* files                                                                */
/* ------------------------------------------------------------------ */

static char *
path_of(const char *dir, const char *name, const char *ext)
{
	size_t n = strlen(dir) + strlen(name) + strlen(ext) + 2;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s/%s%s", dir, name, ext);
	return p;
}

static unsigned char *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, len = 0, got;

	if (!f)
		return NULL;
	do {
		if (len == cap) {
			unsigned char *b = realloc(buf, cap ? 2 * cap : 65536);
			if (!b) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = b;
			cap = cap ? 2 * cap : 65536;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	fclose(f);
	*n = len;
	return buf;
}

static uint64_t
hash_of(const skirmish_game *g)
{
	uint64_t h = 0;

	skirmish_game_hash(g, &h);
	return h;
}

static int
write_files(const char *dir, const char *name, skirmish_game *g, char *err, size_t size)
{
	char *p = path_of(dir, name, ".skg"), *q = path_of(dir, name, ".hashes");
	unsigned char *buf = NULL;
	size_t need = 0;
	skirmish_game *r = NULL;
	FILE *f = NULL;
	int rc = -1, i;

	skirmish_game_save(g, NULL, 0, &need);
	buf = need ? malloc(need) : NULL;
	if (!p || !q || !buf || skirmish_game_save(g, buf, need, &need) < 0)
		goto out;
	f = fopen(p, "wb");
	if (!f || fwrite(buf, 1, need, f) != need || fclose(f) != 0)
		goto out;
	f = fopen(q, "w");
	if (!f || skirmish_game_replay(&r, g, 0, err, size) < 0)
		goto out;
	fprintf(f, "%016llx\n", (unsigned long long)hash_of(r));
	for (i = 0; i < skirmish_game_history_length(g); i++) {
		skirmish_action a = SKIRMISH_ACTION_INIT;
		if (skirmish_game_history_action(g, i, &a) < 0 || skirmish_game_act(r, &a, NULL) < 0)
			goto out;
		fprintf(f, "%016llx\n", (unsigned long long)hash_of(r));
	}
	rc = fclose(f) == 0 ? 0 : -1;
	f = NULL;
out:
	if (f)
		fclose(f);
	if (rc < 0)
		fail(err, size, "write", name, "could not write the files");
	skirmish_game_free(r);
	free(buf);
	free(p);
	free(q);
	return rc;
}

/* Names in err what the best seed so far (or the file, seed 0) has not
 * shown. */
static int
missing(const char *name, uint64_t seed, unsigned long lack, int best, char *err, size_t size)
{
	int k, n = 0;
	size_t at;
	char buf[64];

	for (k = 0; k < GF_COUNT; k++)
		n += (lack & BIT(k)) != 0;
	if (n >= best)
		return best;
	if (seed)
		snprintf(err, size, "%s: write: no seed shows all it should; seed %d lacks",
			 name, (int)seed);
	else
		snprintf(err, size, "%s: the game lacks", name);
	for (k = 0; k < GF_COUNT; k++) {
		at = strlen(err);
		if ((lack & BIT(k)) && at < size)
			snprintf(err + at, size - at, " %s,", golden_feature_name(k, buf, sizeof(buf)));
	}
	return n;
}

int
golden_write(const char *dir, const char *name, char *err, size_t size)
{
	skirmish_action *list = malloc(MAX_LEGAL * sizeof(*list));
	uint64_t seed;
	int rc = -1, best = GF_COUNT + 1;

	if (!list)
		return fail(err, size, "write", name, "out of memory");
	for (seed = 1; seed <= GOLDEN_SEEDS && rc < 0; seed++) {
		skirmish_game *g = golden_scenario(name, seed, err, size);
		uint64_t rs = seed;
		unsigned long f;
		int done = 0, tries;

		if (!g)
			break;
		f = game_features(g) | (night_of(name) ? BIT(GF_NIGHT) : 0);
		skirmish_game_start(g, NULL);
		for (tries = 0; tries < 4 * GOLDEN_ACTIONS && done < GOLDEN_ACTIONS &&
		     skirmish_game_state(g) == SKIRMISH_STATE_PLAYING; tries++) {
			skirmish_action a;
			if (pick(g, &rs, list, &a) < 0)
				break;
			if (skirmish_game_act(g, &a, NULL) == 0) {
				done++;
				f |= action_features(g, &a);
			}
		}
		if ((f & wanted(name)) == wanted(name))
			rc = write_files(dir, name, g, err, size);
		else
			best = missing(name, seed, wanted(name) & ~f, best, err, size);
		skirmish_game_free(g);
	}
	free(list);
	return rc;
}

int
golden_check(const char *dir, const char *name, unsigned long features[2], int *actions,
	     char *err, size_t size)
{
	char *p = path_of(dir, name, ".skg"), *q = path_of(dir, name, ".hashes"), why[256];
	size_t n = 0, hn = 0, at = 0;
	unsigned char *buf = p ? slurp(p, &n) : NULL, *hashes = q ? slurp(q, &hn) : NULL;
	skirmish_game *g = NULL, *r = NULL;
	unsigned long f = 0;
	int i, len, rc = -1;

	*actions = 0;
	if (!buf || !hashes) {
		fail(err, size, "read", name, "no .skg or .hashes file");
		goto out;
	}
	if (skirmish_game_load(&g, buf, n, NULL, why, sizeof(why)) < 0 ||
	    skirmish_game_replay(&r, g, 0, why, sizeof(why)) < 0) {
		fail(err, size, "load", name, why);
		goto out;
	}
	f = game_features(g);
	len = skirmish_game_history_length(g);
	for (i = 0; i <= len; i++) {
		unsigned long long want;
		char line[17];

		if (at + 17 > hn || hashes[at + 16] != '\n') {
			snprintf(err, size, "%s: %d hash lines for %d actions", name, i, len);
			goto out;
		}
		memcpy(line, hashes + at, 16);
		line[16] = '\0';
		at += 17;
		want = strtoull(line, NULL, 16);
		if (i > 0) {
			skirmish_action a = SKIRMISH_ACTION_INIT;
			if (skirmish_game_history_action(g, i - 1, &a) < 0 ||
			    skirmish_game_act(r, &a, NULL) < 0) {
				snprintf(err, size, "%s: action %d (%s): %s", name, i - 1,
					 skirmish_action_name(a.kind), skirmish_game_errmsg(r));
				goto out;
			}
			f |= action_features(r, &a);
		}
		if (hash_of(r) != want) {
			snprintf(err, size, "%s: after action %d: %016llx, expected %s", name, i - 1,
				 (unsigned long long)hash_of(r), line);
			goto out;
		}
	}
	if (at != hn || hash_of(r) != hash_of(g)) {
		snprintf(err, size, "%s: more hash lines than actions, or a replay that ends "
			 "elsewhere than the game", name);
		goto out;
	}
	/* night is an option of the game, not something an action shows */
	if (night_of(name))
		f |= BIT(GF_NIGHT);
	if ((f & wanted(name)) != wanted(name)) {
		missing(name, 0, wanted(name) & ~f, GF_COUNT + 1, err, size);
		goto out;
	}
	features[(f & BIT(GF_SENSO)) ? 0 : 1] |= f;
	*actions = len;
	rc = 0;
out:
	skirmish_game_free(r);
	skirmish_game_free(g);
	free(buf);
	free(hashes);
	free(p);
	free(q);
	return rc;
}

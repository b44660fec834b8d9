/* SPDX-License-Identifier: MIT */
/*
 * The setup commands of the console language: options, terrain, figures,
 * objectives, and the dice.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "scn-private.h"

/* ------------------------------------------------------------------ */
/* setup                                                               */
/* ------------------------------------------------------------------ */

/* Creates the game from the options given so far. */
int
scn_ensure_game(struct scn *s)
{
	char msg[256];
	int rc;

	if (s->game)
		return 0;
	s->opt.ruleset = SKIRMISH_RULESET_NONE;
	s->opt.ruleset_name = s->ruleset;
	s->opt.player_order = s->norder ? s->order : NULL;
	if (s->norder && s->norder != s->opt.players)
		return scn_fail(s, SKIRMISH_E_INVALID, "order names %d players but there are %d",
			    s->norder, s->opt.players);
	scn_names_forget(s);
	rc = skirmish_game_new(&s->game, &s->opt, msg, sizeof(msg));
	if (rc < 0) {
		size_t n = strcspn(skirmish_strerror(rc), ":");
		return scn_fail(s, rc, "%.*s: %s", (int)n, skirmish_strerror(rc), msg);
	}
	snprintf(s->made_at, sizeof(s->made_at), "%s:%d", s->origin ? s->origin : "-",
		 s->lineno);
	return 0;
}

/* Options may change only before the game is made. */
int
scn_setup_only(struct scn *s, const char *what)
{
	if (s->game)
		return scn_fail(s, SKIRMISH_E_STATE,
			    "`%s` must come before the first terrain, figure, objective, dice or "
			    "start; the game was made at %s (type `reset` to start over)",
			    what, s->made_at);
	return 0;
}

int
scn_cmd_option(struct scn *s, struct words *t)
{
	const char *c = t->w[0];
	long v;
	double a, b;
	int on;

	if (scn_setup_only(s, c))
		return 1;
	if (!strcmp(c, "ruleset")) {
		if (scn_need(s, t, 2, 2, "ruleset senso|sampson"))
			return 1;
		if (skirmish_ruleset_from_name(t->w[1]) < 0)
			return scn_fail(s, SKIRMISH_E_UNKNOWN_RULESET, "unknown ruleset `%s`", t->w[1]);
		snprintf(s->ruleset, sizeof(s->ruleset), "%s", t->w[1]);
	} else if (!strcmp(c, "players")) {
		if (scn_need(s, t, 2, 2, "players N (2..8)"))
			return 1;
		if (scn_integer(t->w[1], 2, SKIRMISH_MAX_PLAYERS, &v) < 0)
			return scn_bad_number(s, t->w[1], "number of players (2..8)");
		s->opt.players = (int)v;
	} else if (!strcmp(c, "umpire") || !strcmp(c, "night")) {
		if (scn_need(s, t, 1, 2, "umpire|night [on|off]"))
			return 1;
		if (scn_on_off(t->n > 1 ? t->w[1] : NULL, &on) < 0)
			return scn_fail(s, SKIRMISH_E_INVALID, "say on or off, not `%s`", t->w[1]);
		if (c[0] == 'u')
			s->opt.umpire = on;
		else
			s->opt.night = on;
	} else if (!strcmp(c, "ties")) {
		if (scn_need(s, t, 2, 2, "ties reroll|standoff"))
			return 1;
		if (!strcmp(t->w[1], "reroll"))
			s->opt.melee_ties = SKIRMISH_TIES_REROLL;
		else if (!strcmp(t->w[1], "standoff") || !strcmp(t->w[1], "stand-off"))
			s->opt.melee_ties = SKIRMISH_TIES_STANDOFF;
		else
			return scn_fail(s, SKIRMISH_E_INVALID, "ties: reroll or standoff, not `%s`", t->w[1]);
	} else if (!strcmp(c, "rings")) {
		if (scn_need(s, t, 2, 2, "rings player-turn|game-turn"))
			return 1;
		if (!strcmp(t->w[1], "player-turn"))
			s->opt.ring_removal = SKIRMISH_RINGS_PLAYER_TURN;
		else if (!strcmp(t->w[1], "game-turn"))
			s->opt.ring_removal = SKIRMISH_RINGS_GAME_TURN;
		else
			return scn_fail(s, SKIRMISH_E_INVALID, "rings: player-turn or game-turn, not `%s`",
				    t->w[1]);
	} else if (!strcmp(c, "turn-limit")) {
		if (scn_need(s, t, 2, 2, "turn-limit N (0: none)"))
			return 1;
		if (scn_integer(t->w[1], 0, 100000, &v) < 0)
			return scn_bad_number(s, t->w[1], "turn limit (0..100000)");
		s->opt.turn_limit = (int)v;
	} else if (!strcmp(c, "die-sides")) {
		if (scn_need(s, t, 2, 2, "die-sides N"))
			return 1;
		if (scn_integer(t->w[1], 0, 1000, &v) < 0)
			return scn_bad_number(s, t->w[1], "number of sides (0..1000)");
		s->opt.die_sides = (int)v;
	} else if (!strcmp(c, "table")) {
		if (scn_need(s, t, 3, 3, "table WIDTH DEPTH (inches)"))
			return 1;
		if (scn_num(t->w[1], &a) < 0 || a <= 0)
			return scn_bad_number(s, t->w[1], "table width");
		if (scn_num(t->w[2], &b) < 0 || b <= 0)
			return scn_bad_number(s, t->w[2], "table depth");
		s->opt.table_width = a;
		s->opt.table_depth = b;
	} else if (!strcmp(c, "order")) {
		int i;

		if (scn_need(s, t, 3, SKIRMISH_MAX_PLAYERS + 1, "order P P ... (first to last)"))
			return 1;
		for (i = 1; i < t->n; i++) {
			if (scn_integer(t->w[i], 0, SKIRMISH_MAX_PLAYERS - 1, &v) < 0)
				return scn_bad_number(s, t->w[i], "player id");
			s->order[i - 1] = (int)v;
		}
		s->norder = t->n - 1;
	}
	return 0;
}

const struct scn_terrain_flag scn_terrain_flags[] = {
	{ "rough", SKIRMISH_TERRAIN_ROUGH },
	{ "bad-going", SKIRMISH_TERRAIN_ROUGH },
	{ "cover", SKIRMISH_TERRAIN_COVER },
	{ "blocks-sight", SKIRMISH_TERRAIN_BLOCKS_SIGHT },
	{ "obstacle", SKIRMISH_TERRAIN_OBSTACLE },
	{ "water", SKIRMISH_TERRAIN_WATER },
	{ "climb", SKIRMISH_TERRAIN_CLIMB },
	{ "impassable", SKIRMISH_TERRAIN_IMPASSABLE },
};
const int scn_terrain_flag_count =
	(int)(sizeof(scn_terrain_flags) / sizeof(scn_terrain_flags[0]));

/* terrain rect|circle|polygon NAME numbers... flags... */
int
scn_cmd_terrain(struct scn *s, struct words *t)
{
	skirmish_terrain_spec ts = SKIRMISH_TERRAIN_SPEC_INIT;
	double v[2 * SKIRMISH_POLYGON_MAX];
	int nv = 0, i, k, rc, id;
	static const char usage[] =
		"terrain rect NAME X Y WIDTH DEPTH [angle A] FLAGS... | "
		"terrain circle NAME X Y RADIUS FLAGS... | terrain polygon NAME X1 Y1 X2 Y2 X3 Y3 ... FLAGS...";

	if (scn_need(s, t, 3, -1, usage))
		return 1;
	if (!strcmp(t->w[1], "rect"))
		ts.shape = SKIRMISH_SHAPE_RECT;
	else if (!strcmp(t->w[1], "circle"))
		ts.shape = SKIRMISH_SHAPE_CIRCLE;
	else if (!strcmp(t->w[1], "polygon"))
		ts.shape = SKIRMISH_SHAPE_POLYGON;
	else
		return scn_fail(s, SKIRMISH_E_INVALID, "usage: %s", usage);
	ts.name = t->w[2];
	for (i = 3; i < t->n && nv < 2 * SKIRMISH_POLYGON_MAX && scn_num(t->w[i], &v[nv]) == 0; i++)
		nv++;
	if (i < t->n && nv == 2 * SKIRMISH_POLYGON_MAX && scn_num(t->w[i], &v[0]) == 0)
		return scn_fail(s, SKIRMISH_E_LIMIT, "a polygon has at most %d points",
			    SKIRMISH_POLYGON_MAX);
	switch (ts.shape) {
	case SKIRMISH_SHAPE_RECT:
		if (nv != 4)
			return scn_fail(s, SKIRMISH_E_INVALID, "a rect needs X Y WIDTH DEPTH (4 numbers, got %d)", nv);
		ts.x = v[0];
		ts.y = v[1];
		ts.width = v[2];
		ts.depth = v[3];
		break;
	case SKIRMISH_SHAPE_CIRCLE:
		if (nv != 3)
			return scn_fail(s, SKIRMISH_E_INVALID, "a circle needs X Y RADIUS (3 numbers, got %d)", nv);
		ts.x = v[0];
		ts.y = v[1];
		ts.radius = v[2];
		break;
	default:
		if (nv < 6 || nv % 2)
			return scn_fail(s, SKIRMISH_E_INVALID,
				    "a polygon needs at least 3 points as X Y pairs (got %d numbers)", nv);
		ts.npoints = nv / 2;
		ts.points = v;
		break;
	}
	for (; i < t->n; i++) {
		const char *w = t->w[i];
		double a;

		for (k = 0; k < scn_terrain_flag_count; k++)
			if (!strcmp(w, scn_terrain_flags[k].word))
				break;
		if (k < scn_terrain_flag_count) {
			ts.flags |= scn_terrain_flags[k].flag;
			continue;
		}
		if (!strcmp(w, "hill") || !strcmp(w, "penalty") || !strcmp(w, "angle")) {
			if (i + 1 >= t->n || scn_num(t->w[i + 1], &a) < 0)
				return scn_fail(s, SKIRMISH_E_INVALID, "`%s` needs a number after it", w);
			i++;
			if (w[0] == 'h') {
				ts.flags |= SKIRMISH_TERRAIN_HILL;
				ts.height = a;
			} else if (w[0] == 'p') {
				ts.move_penalty = a;
			} else if (ts.shape == SKIRMISH_SHAPE_RECT) {
				ts.angle = a;
			} else {
				return scn_fail(s, SKIRMISH_E_INVALID, "only a rect has an angle");
			}
			continue;
		}
		return scn_fail(s, SKIRMISH_E_INVALID,
			    "unknown terrain word `%s` (flags: rough bad-going cover blocks-sight "
			    "obstacle water climb impassable hill H penalty P angle A)", w);
	}
	if (scn_ensure_game(s))
		return 1;
	rc = skirmish_game_add_terrain(s->game, &ts, &id);
	if (rc < 0)
		return scn_lib_fail(s, rc);
	return 0;
}

const struct scn_preset scn_presets[] = {
	{ "fencing-instructor", SKIRMISH_PRESET_FENCING_INSTRUCTOR },
	{ "ninja", SKIRMISH_PRESET_NINJA },
	{ "samurai", SKIRMISH_PRESET_SAMURAI },
	{ "samurai-veteran-mounted", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED },
	{ "mounted-samurai", SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED },
	{ "monk", SKIRMISH_PRESET_MONK },
	{ "ashigaru-bow", SKIRMISH_PRESET_ASHIGARU_BOW },
	{ "ashigaru-arquebus", SKIRMISH_PRESET_ASHIGARU_ARQUEBUS },
	{ "ashigaru-yari", SKIRMISH_PRESET_ASHIGARU_YARI },
	{ "peasant", SKIRMISH_PRESET_PEASANT },
};
const int scn_preset_count = (int)(sizeof(scn_presets) / sizeof(scn_presets[0]));

static int
find_weapon(const char *w, const char *(*name)(int), int count)
{
	int i;

	for (i = 0; i < count; i++)
		if (scn_same_name(w, name(i)))
			return i;
	if (name == skirmish_missile_weapon_name && !strcmp(w, "peltast"))
		return SKIRMISH_MISSILE_PELTAST;
	return -1;
}

/* figure NAME player P at X Y [facing F] [preset P] [dv N] ... */
int
scn_cmd_figure(struct scn *s, struct words *t)
{
	skirmish_figure_spec fs = SKIRMISH_FIGURE_SPEC_INIT;
	int i, k, rc, id, have_player = 0, have_at = 0, preset = -1, dummy;
	int set_dv = -1, set_melee = -1, set_missile = -1;
	int set_armour = -1, set_mounted = -1, set_unloaded = 0, pk = 0;
	long v;
	double a, b;
	static const char usage[] =
		"figure NAME player P at X Y [facing F] [preset NAME] [dv N] [melee WEAPON] "
		"[missile WEAPON] [armour|no-armour] [shield] [martial-arts] [mounted|on-foot] "
		"[unloaded] [base WIDTH DEPTH]";

	if (scn_need(s, t, 2, -1, usage))
		return 1;
	fs.name = t->w[1];
	if (strlen(fs.name) >= SKIRMISH_NAME_MAX)
		return scn_fail(s, SKIRMISH_E_INVALID, "a name has at most %d bytes",
			    SKIRMISH_NAME_MAX - 1);
	if (fs.name[0] == '#' || !fs.name[0])
		return scn_fail(s, SKIRMISH_E_INVALID, "a name may not be empty or start with #");
	for (i = 2; i < t->n; i++) {
		const char *w = t->w[i];
		int more = t->n - i - 1;

		if (!strcmp(w, "player")) {
			if (!more || scn_integer(t->w[i + 1], 0, SKIRMISH_MAX_PLAYERS, &v) < 0)
				return scn_fail(s, SKIRMISH_E_INVALID, "`player` needs a player id");
			fs.player = (int)v;
			have_player = 1;
			i++;
		} else if (!strcmp(w, "at") || !strcmp(w, "base")) {
			if (more < 2 || scn_num(t->w[i + 1], &a) < 0 || scn_num(t->w[i + 2], &b) < 0)
				return scn_fail(s, SKIRMISH_E_INVALID, "`%s` needs two numbers", w);
			if (w[0] == 'a') {
				fs.x = a;
				fs.y = b;
				have_at = 1;
			} else {
				fs.base_width = a;
				fs.base_depth = b;
			}
			i += 2;
		} else if (!strcmp(w, "facing")) {
			if (!more || scn_facing(t->w[i + 1], &a) < 0)
				return scn_fail(s, SKIRMISH_E_INVALID,
						"`facing` needs degrees (0 or more; 0 is east, 90 north) "
						"or a compass word (north, north-east, ne, ...)");
			fs.facing = a;
			i++;
		} else if (!strcmp(w, "dv")) {
			if (!more || scn_integer(t->w[i + 1], 0, 1000, &v) < 0)
				return scn_fail(s, SKIRMISH_E_INVALID, "`dv` needs a number (4, 6, 8, 10 or 12)");
			set_dv = (int)v;
			i++;
		} else if (!strcmp(w, "preset")) {
			if (!more)
				return scn_fail(s, SKIRMISH_E_INVALID, "`preset` needs a name");
			for (k = 0; k < scn_preset_count; k++)
				if (!strcmp(t->w[i + 1], scn_presets[k].word) ||
				    scn_same_name(t->w[i + 1], skirmish_preset_name(scn_presets[k].preset)))
					break;
			if (k == scn_preset_count)
				return scn_fail(s, SKIRMISH_E_INVALID,
						"unknown preset `%s` (presets: fencing-instructor ninja "
						"samurai samurai-veteran-mounted monk ashigaru-bow "
						"ashigaru-arquebus ashigaru-yari peasant)", t->w[i + 1]);
			preset = scn_presets[k].preset;
			pk = k;
			i++;
		} else if (!strcmp(w, "melee") || !strcmp(w, "missile")) {
			int m = w[1] == 'e';
			if (!more)
				return scn_fail(s, SKIRMISH_E_INVALID, "`%s` needs a weapon", w);
			k = m ? find_weapon(t->w[i + 1], skirmish_melee_weapon_name, SKIRMISH_MELEE_COUNT)
			      : find_weapon(t->w[i + 1], skirmish_missile_weapon_name, SKIRMISH_MISSILE_COUNT);
			if (k < 0)
				return scn_fail(s, SKIRMISH_E_INVALID,
						"unknown %s weapon `%s` (`help figure` lists them)",
						w, t->w[i + 1]);
			if (m)
				set_melee = k;
			else
				set_missile = k;
			i++;
		} else if (!strcmp(w, "armour") || !strcmp(w, "armor")) {
			set_armour = 1;
		} else if (!strcmp(w, "no-armour") || !strcmp(w, "no-armor")) {
			set_armour = 0;
		} else if (!strcmp(w, "shield")) {
			fs.shield = 1;
		} else if (!strcmp(w, "martial-arts")) {
			fs.martial_arts = 1;
		} else if (!strcmp(w, "mounted")) {
			set_mounted = 1;
		} else if (!strcmp(w, "on-foot")) {
			set_mounted = 0;
		} else if (!strcmp(w, "unloaded")) {
			set_unloaded = 1;
		} else {
			return scn_fail(s, SKIRMISH_E_INVALID, "unknown figure word `%s`; usage: %s", w, usage);
		}
	}
	if (!have_player || !have_at)
		return scn_fail(s, SKIRMISH_E_INVALID, "a figure needs %s%s%s: add %s%s%s",
				have_player ? "" : "an owner",
				!have_player && !have_at ? " and " : "",
				have_at ? "" : "a place", have_player ? "" : "`player P`",
				!have_player && !have_at ? " and " : "", have_at ? "" : "`at X Y`");
	if (preset >= 0) {
		int ma = fs.martial_arts, sh = fs.shield;

		rc = skirmish_figure_spec_preset(&fs, preset);
		if (rc < 0)
			return scn_fail(s, rc, "preset `%s` is not available in this build",
				    scn_presets[pk].word);
		fs.martial_arts |= ma;
		fs.shield |= sh;
	}
	if (set_dv >= 0)
		fs.dv = set_dv;
	if (set_melee >= 0)
		fs.melee_weapon = set_melee;
	if (set_missile >= 0)
		fs.missile_weapon = set_missile;
	if (set_armour >= 0)
		fs.armour = set_armour;
	if (set_mounted >= 0)
		fs.mounted = set_mounted;
	/* after the preset, which fills the whole spec: `preset
	 * ashigaru-arquebus unloaded` starts unloaded (S8) */
	if (set_unloaded)
		fs.unloaded = 1;
	if (scn_ensure_game(s))
		return 1;
	if (s->game && scn_figure_ref_quiet(s, fs.name, &dummy)) {
		skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

		skirmish_game_figure(s->game, dummy, &fi);
		return scn_fail(s, SKIRMISH_E_INVALID,
				"there is already a figure named `%s` (names are told apart without "
				"regard to case)", fi.name);
	}
	rc = skirmish_game_add_figure(s->game, &fs, &id);
	if (rc == SKIRMISH_E_INVALID && !fs.dv && preset < 0 &&
	    skirmish_game_ruleset(s->game) == SKIRMISH_RULESET_SENSO) {
		char msg[SCN_TEXT_MAX];

		scn_describe_message(s, skirmish_game_errmsg(s->game), msg, sizeof(msg));
		return scn_fail(s, rc, "%s: add `dv N` (4, 6, 8, 10 or 12; low is better) or a "
				"`preset` (samurai, ninja, ashigaru-bow, peasant, ...; `help figure`)",
				msg);
	}
	if (rc < 0)
		return scn_lib_fail(s, rc);
	return 0;
}

/* objective NAME X Y (rulings O1-O5, doc/rules/objectives.md) */
int
scn_cmd_objective(struct scn *s, struct words *t)
{
	double x, y;
	int rc, id;

	if (scn_need(s, t, 4, 4, "objective NAME X Y"))
		return 1;
	if (scn_num(t->w[2], &x) < 0)
		return scn_bad_number(s, t->w[2], "coordinate");
	if (scn_num(t->w[3], &y) < 0)
		return scn_bad_number(s, t->w[3], "coordinate");
	if (scn_ensure_game(s))
		return 1;
	rc = skirmish_game_add_objective(s->game, t->w[1], x, y, &id);
	if (rc < 0)
		return scn_lib_fail(s, rc);
	return 0;
}

/* exit-edge P north|south|east|west|none (O4) */
int
scn_cmd_exit_edge(struct scn *s, struct words *t)
{
	static const char *const edges[] = { "none", "south", "north", "west", "east" };
	long p;
	int e, rc;

	if (scn_need(s, t, 3, 3, "exit-edge P north|south|east|west|none"))
		return 1;
	if (scn_integer(t->w[1], 0, SKIRMISH_MAX_PLAYERS, &p) < 0)
		return scn_bad_number(s, t->w[1], "player id");
	for (e = 0; e < 5; e++)
		if (!strcmp(t->w[2], edges[e]))
			break;
	if (e == 5)
		return scn_fail(s, SKIRMISH_E_INVALID, "an edge is north, south, east, west or none");
	if (scn_ensure_game(s))
		return 1;
	rc = skirmish_game_set_exit_edge(s->game, (int)p, e);
	if (rc < 0)
		return scn_lib_fail(s, rc);
	s->exit_edge[p] = e;
	return 0;
}

/* ------------------------------------------------------------------ */
/* dice                                                                */
/* ------------------------------------------------------------------ */

int
scn_cmd_seed(struct scn *s, struct words *t)
{
	unsigned long long v;
	char *end;
	const char *w;

	if (scn_need(s, t, 2, 2, "seed N (0..18446744073709551615)"))
		return 1;
	w = t->w[1];
	if (!isdigit((unsigned char)w[0]))
		return scn_bad_number(s, w, "seed");
	errno = 0;
	v = strtoull(w, &end, 10);
	if (*end || errno)
		return scn_bad_number(s, w, "seed");
	s->opt.seed = (uint64_t)v;
	if (s->game) {
		skirmish_game_set_seed(s->game, (uint64_t)v);
		skirmish_game_script_dice(s->game, NULL, 0, 0);
	}
	return 0;
}

/* dice V... : the next dice, and no others (a die asked for after them
 * fails the action); dice off: back to the generator. */
int
scn_cmd_dice(struct scn *s, struct words *t)
{
	int vals[SCN_TOKENS_MAX], i, rc;
	long v;

	if (scn_need(s, t, 2, -1, "dice V V ... | dice off"))
		return 1;
	if (scn_ensure_game(s))
		return 1;
	if (t->n == 2 && !strcmp(t->w[1], "off")) {
		skirmish_game_script_dice(s->game, NULL, 0, 0);
		return 0;
	}
	for (i = 1; i < t->n; i++) {
		if (scn_integer(t->w[i], -1000, 1000, &v) < 0)
			return scn_bad_number(s, t->w[i], "die value");
		vals[i - 1] = (int)v;
	}
	rc = skirmish_game_script_dice(s->game, vals, t->n - 1, 1);
	if (rc < 0)
		return scn_lib_fail(s, rc);
	return 0;
}

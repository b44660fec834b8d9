/* SPDX-License-Identifier: MIT */
/*
 * The commands of the console language that play, inspect and check a
 * game: actions, questions about the table, expectations.
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <math.h>
#include <string.h>

#include "scn-private.h"

/* ------------------------------------------------------------------ */
/* actions                                                             */
/* ------------------------------------------------------------------ */

/* Parses "X Y [X Y ...] [facing F]" from word i on. */
int
scn_path_words(struct scn *s, struct words *t, int i, double *xy, int *np, double *facing)
{
	int n = 0;

	*facing = SKIRMISH_FACING_KEEP;
	for (; i < t->n; i++) {
		if (!strcmp(t->w[i], "facing")) {
			if (i + 2 != t->n || scn_facing(t->w[i + 1], facing) < 0)
				return scn_fail(s, SKIRMISH_E_INVALID,
					    "`facing` needs degrees (0 or more; 0 is east, 90 north) or a "
					    "compass word (north, north-east, ne, ...) and ends the command");
			break;
		}
		if (!strcmp(t->w[i], "via") || !strcmp(t->w[i], "to"))
			continue;
		if (n == 2 * SKIRMISH_PATH_MAX)
			return scn_fail(s, SKIRMISH_E_LIMIT, "a path has at most %d points", SKIRMISH_PATH_MAX);
		if (scn_num(t->w[i], &xy[n]) < 0)
			return scn_bad_number(s, t->w[i], "coordinate");
		n++;
	}
	if (n < 2 || n % 2)
		return scn_fail(s, SKIRMISH_E_INVALID, "a path needs X Y pairs (got %d numbers)", n);
	*np = n / 2;
	return 0;
}

int
scn_need_game(struct scn *s)
{
	if (!s->game)
		return scn_fail(s, SKIRMISH_E_STATE, "no game yet: add terrain and figures, then `start`");
	return 0;
}

int
scn_cmd_action(struct scn *s, struct words *t)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const char *c = t->w[0];
	int a = -1, b = -1, rc, np;
	double xy[2 * SKIRMISH_PATH_MAX], f;

	if (!strcmp(c, "start")) {
		if (scn_need(s, t, 1, 1, "start") || scn_ensure_game(s))
			return 1;
		rc = skirmish_game_start(s->game, &r);
	} else if (!strcmp(c, "end-turn") || !strcmp(c, "end-phase")) {
		if (scn_need(s, t, 1, 1, c) || scn_need_game(s))
			return 1;
		rc = c[4] == 't' ? skirmish_end_turn(s->game, &r) : skirmish_end_phase(s->game, &r);
	} else {
		if (scn_need_game(s))
			return 1;
		if (!strcmp(c, "move")) {
			if (scn_need(s, t, 4, -1, "move FIG X Y [X Y ...] [facing F]") ||
			    scn_figure_ref(s, t->w[1], &a) || scn_path_words(s, t, 2, xy, &np, &f))
				return 1;
			rc = skirmish_move(s->game, a, xy, np, f, &r);
		} else if (!strcmp(c, "charge")) {
			f = SKIRMISH_FACING_KEEP;
			if (scn_need(s, t, 3, 5, "charge FIG TARGET [facing F]") ||
			    scn_figure_ref(s, t->w[1], &a) || scn_figure_ref(s, t->w[2], &b))
				return 1;
			if (t->n > 3 && (t->n != 5 || strcmp(t->w[3], "facing") ||
					 scn_facing(t->w[4], &f) < 0))
				return scn_fail(s, SKIRMISH_E_INVALID, "usage: charge FIG TARGET [facing F]");
			rc = skirmish_charge(s->game, a, b, f, &r);
		} else if (!strcmp(c, "shoot") || !strcmp(c, "mount")) {
			if (scn_need(s, t, 3, 3, c[0] == 's' ? "shoot FIG TARGET" : "mount FIG HORSE") ||
			    scn_figure_ref(s, t->w[1], &a) || scn_figure_ref(s, t->w[2], &b))
				return 1;
			rc = c[0] == 's' ? skirmish_shoot(s->game, a, b, &r)
					 : skirmish_mount(s->game, a, b, &r);
		} else if (!strcmp(c, "fight")) {
			/* Sampson A26: the defender is named when the attacker
			 * touches several enemies that have not fought */
			if (scn_need(s, t, 2, 3, "fight FIG [DEFENDER]") ||
			    scn_figure_ref(s, t->w[1], &a) ||
			    (t->n == 3 && scn_figure_ref(s, t->w[2], &b)))
				return 1;
			rc = t->n == 3 ? skirmish_fight_against(s->game, a, b, &r)
				       : skirmish_fight(s->game, a, &r);
		} else if (!strcmp(c, "turn")) {
			if (scn_need(s, t, 3, 3, "turn FIG FACING") || scn_figure_ref(s, t->w[1], &a))
				return 1;
			if (scn_facing(t->w[2], &f) < 0)
				return scn_bad_number(s, t->w[2],
						      "facing (degrees, 0 or more, or a compass word: "
						      "north, north-east, ne, ...)");
			rc = skirmish_turn(s->game, a, f, &r);
		} else {
			/* reload, dismount */
			if (scn_need(s, t, 2, 2, "reload|dismount FIG") || scn_figure_ref(s, t->w[1], &a))
				return 1;
			if (!strcmp(c, "reload"))
				rc = skirmish_reload(s->game, a, &r);
			else
				rc = skirmish_dismount(s->game, a, &r);
		}
	}
	if (rc < 0)
		return scn_lib_fail(s, rc);
	scn_after_action(s, &r);
	return 0;
}

/* ------------------------------------------------------------------ */
/* inspection                                                          */
/* ------------------------------------------------------------------ */

int
scn_cmd_inspect(struct scn *s, struct words *t)
{
	const char *c = t->w[0];
	int a, b, rc, i, n, v;
	double d, xy[2 * SKIRMISH_PATH_MAX], f;
	skirmish_figure_info fa = SKIRMISH_FIGURE_INFO_INIT, fb = SKIRMISH_FIGURE_INFO_INIT;

	if (!strcmp(c, "status")) {
		scn_print_status(s);
		return 0;
	}
	if (scn_need_game(s))
		return 1;
	if (!strcmp(c, "hash")) {
		uint64_t h = 0;

		/* the form the page, the Python binding and web-native print
		 * (doc/FORMAT.md): a game moved between them is checked by it */
		if (scn_need(s, t, 1, 1, "hash"))
			return 1;
		rc = skirmish_game_hash(s->game, &h);
		if (rc < 0)
			return scn_lib_fail(s, rc);
		fprintf(s->out, "%016llx\n", (unsigned long long)h);
		return 0;
	}
	if (!strcmp(c, "figures")) {
		int all = t->n > 1 && !strcmp(t->w[1], "all");

		if (scn_need(s, t, 1, 2, "figures [all]"))
			return 1;
		n = skirmish_game_figure_count(s->game);
		for (i = 0; i < n; i++)
			if (skirmish_game_figure(s->game, i, &fa) == 0 &&
			    (all || !fa.removed))
				scn_print_figure(s, i);
		return 0;
	}
	if (!strcmp(c, "terrains"))
		return scn_need(s, t, 1, 1, "terrains") || scn_cmd_terrains(s);
	if (!strcmp(c, "objectives")) {
		static const char *const states[] = { "on the table", "carried", "carried off" };

		n = skirmish_game_objective_count(s->game);
		for (i = 0; i < n; i++) {
			int st, carrier, player;
			double x, y;
			const char *name;

			if (skirmish_game_objective(s->game, i, &st, &carrier, &player, &x, &y,
						    &name) < 0)
				continue;
			fprintf(s->out, "objective %d %s: %s at (%.2f, %.2f)", i, name,
				st >= 0 && st < 3 ? states[st] : "?", x, y);
			if (carrier >= 0 && skirmish_game_figure(s->game, carrier, &fa) == 0)
				fprintf(s->out, " by %s", fa.name);
			if (st == SKIRMISH_OBJECTIVE_OFF_TABLE)
				fprintf(s->out, ", scored by %s", scn_player_name(s, player));
			fputc('\n', s->out);
		}
		return 0;
	}
	if (!strcmp(c, "show") || !strcmp(c, "contacts")) {
		if (scn_need(s, t, 2, 2, "show|contacts FIG") || scn_figure_ref(s, t->w[1], &a))
			return 1;
		if (c[0] == 's') {
			scn_print_figure(s, a);
			return 0;
		}
		{
			int ids[32];

			rc = skirmish_game_figure_contacts(s->game, a, ids, 32, &n);
			if (rc < 0)
				return scn_lib_fail(s, rc);
			skirmish_game_figure(s->game, a, &fa);
			fprintf(s->out, "%s touches %d enem%s", fa.name, n, n == 1 ? "y" : "ies");
			for (i = 0; i < n && i < 32; i++)
				if (skirmish_game_figure(s->game, ids[i], &fb) == 0)
					fprintf(s->out, "%s %s", i ? "," : ":", fb.name);
			fputc('\n', s->out);
		}
		return 0;
	}
	if (!strcmp(c, "cost")) {
		if (scn_need(s, t, 4, -1, "cost FIG X Y [X Y ...]") || scn_figure_ref(s, t->w[1], &a) ||
		    scn_path_words(s, t, 2, xy, &n, &f))
			return 1;
		rc = skirmish_game_path_cost(s->game, a, xy, n, &d);
		if (rc < 0)
			return scn_lib_fail(s, rc);
		skirmish_game_figure(s->game, a, &fa);
		/* in thousandths, the library's unit (W1): 6.001" is not 6.00" */
		fprintf(s->out, "the path costs %s %.3f\"", fa.name, d);
		/* the same move as an action: legal now, or the rule against it */
		{
			skirmish_action mv;

			skirmish_action_init(&mv, SKIRMISH_ACTION_VERSION);
			mv.kind = SKIRMISH_ACTION_MOVE;
			mv.figure = a;
			mv.npoints = n;
			mv.facing = f;
			memcpy(mv.xy, xy, (size_t)(2 * n) * sizeof(xy[0]));
			rc = skirmish_game_check_action(s->game, &mv);
		}
		if (rc == 0) {
			fprintf(s->out, " of the %.3f\" it has left; the move is allowed now\n",
				fa.move_left);
		} else {
			char why[SCN_TEXT_MAX];

			scn_describe_message(s, skirmish_game_errmsg(s->game), why, sizeof(why));
			fprintf(s->out, "; the move is not allowed now: %s\n", why);
		}
		return 0;
	}
	/* distance, sight, cover */
	if (scn_need(s, t, 3, 3, "distance|sight|cover A B") || scn_figure_ref(s, t->w[1], &a) ||
	    scn_figure_ref(s, t->w[2], &b))
		return 1;
	skirmish_game_figure(s->game, a, &fa);
	skirmish_game_figure(s->game, b, &fb);
	if (!strcmp(c, "distance")) {
		rc = skirmish_game_distance(s->game, a, b, &d);
		if (rc < 0)
			return scn_lib_fail(s, rc);
		/* in thousandths, the library's unit (W1): 12.001" is not 12.00" */
		fprintf(s->out, "%s to %s: %.3f\" edge to edge\n", fa.name, fb.name, d);
	} else if (!strcmp(c, "sight")) {
		rc = skirmish_game_can_see(s->game, a, b, &v);
		if (rc < 0)
			return scn_lib_fail(s, rc);
		fprintf(s->out, "%s %s %s\n", fa.name, v ? "sees" : "does not see", fb.name);
	} else {
		rc = skirmish_game_in_cover(s->game, a, b, &v);
		if (rc < 0)
			return scn_lib_fail(s, rc);
		fprintf(s->out, "%s is %sin cover from %s\n", fb.name, v ? "" : "not ", fa.name);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* expectations                                                        */
/* ------------------------------------------------------------------ */

static int
expect_failed(struct scn *s, const char *what, const char *got, const char *want)
{
	return scn_fail(s, SKIRMISH_E_INVALID, "expectation failed: %s is %s, expected %s", what,
		    got, want);
}

static int
expect_int(struct scn *s, const char *what, long got, const char *want)
{
	char g[32];
	long w;

	snprintf(g, sizeof(g), "%ld", got);
	if (scn_integer(want, LONG_MIN, LONG_MAX, &w) < 0)
		return scn_bad_number(s, want, "whole number");
	return got == w ? 0 : expect_failed(s, what, g, want);
}

static int
expect_bool(struct scn *s, const char *what, int got, const char *want)
{
	int w;

	if (scn_on_off(want, &w) < 0)
		return scn_fail(s, SKIRMISH_E_INVALID, "say yes or no, not `%s`", want);
	return !!got == w ? 0 : expect_failed(s, what, got ? "yes" : "no", want);
}

int
scn_cmd_expect(struct scn *s, struct words *t)
{
	const char *k, *want;
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
	int a;
	double d, w;
	char g[64];
	static const char usage[] =
		"expect winner P|none | expect state setup|playing|over | expect turn N | "
		"expect active P | expect phase NAME | expect dice-left N | expect FIG FIELD VALUE";

	if (scn_need(s, t, 3, 4, usage))
		return 1;
	k = t->w[1];
	want = t->w[t->n - 1];
	if (t->n == 3) {
		if (!strcmp(k, "state")) {
			static const char *const names[] = { "setup", "playing", "over" };
			int st = s->game ? skirmish_game_state(s->game) : 0;
			return strcmp(names[st], want) ? expect_failed(s, "the state", names[st], want) : 0;
		}
		if (scn_need_game(s))
			return 1;
		if (!strcmp(k, "winner")) {
			int wn = skirmish_game_winner(s->game);
			if (!strcmp(want, "none"))
				return wn < 0 ? 0 : expect_failed(s, "the winner",
								  scn_player_name(s, wn), "none");
			if (wn < 0)
				return expect_failed(s, "the winner", "none", want);
			return expect_int(s, "the winner", wn, want);
		}
		if (!strcmp(k, "turn"))
			return expect_int(s, "the turn", skirmish_game_turn(s->game), want);
		if (!strcmp(k, "active"))
			return expect_int(s, "the active player",
					  skirmish_game_active_player(s->game), want);
		if (!strcmp(k, "dice-left"))
			return expect_int(s, "the number of scripted dice left",
					  skirmish_game_script_remaining(s->game), want);
		if (!strcmp(k, "phase")) {
			const char *p = skirmish_phase_name(skirmish_game_phase(s->game));
			return scn_same_name(want, p) ? 0 : expect_failed(s, "the phase", p, want);
		}
		return scn_fail(s, SKIRMISH_E_INVALID, "usage: %s", usage);
	}
	if (scn_need_game(s) || scn_figure_ref(s, k, &a))
		return 1;
	skirmish_game_figure(s->game, a, &fi);
	k = t->w[2];
	snprintf(g, sizeof(g), "%s's %s", fi.name, k);
	if (!strcmp(k, "rings"))
		return expect_int(s, g, fi.rings, want);
	if (!strcmp(k, "dv"))
		return expect_int(s, g, fi.dv, want);
	if (!strcmp(k, "player"))
		return expect_int(s, g, fi.player, want);
	if (!strcmp(k, "removed"))
		return expect_bool(s, g, fi.removed, want);
	if (!strcmp(k, "suppressed"))
		return expect_bool(s, g, fi.suppressed, want);
	if (!strcmp(k, "loaded"))
		return expect_bool(s, g, fi.loaded, want);
	if (!strcmp(k, "mounted"))
		return expect_bool(s, g, fi.mounted, want);
	if (!strcmp(k, "in-melee"))
		return expect_bool(s, g, fi.in_melee, want);
	if (!strcmp(k, "can-act"))
		return expect_bool(s, g, fi.can_act, want);
	if (!strcmp(k, "x") || !strcmp(k, "y") || !strcmp(k, "facing") ||
	    !strcmp(k, "move-left")) {
		char gv[32];

		d = k[0] == 'x' ? fi.x : k[0] == 'y' ? fi.y : k[0] == 'f' ? fi.facing : fi.move_left;
		if (scn_num(want, &w) < 0)
			return scn_bad_number(s, want, "number");
		snprintf(gv, sizeof(gv), "%.3f", d);
		return fabs(d - w) <= 0.0005 ? 0 : expect_failed(s, g, gv, want);
	}
	return scn_fail(s, SKIRMISH_E_INVALID,
		    "unknown field `%s` (rings dv player removed suppressed loaded mounted "
		    "in-melee can-act x y facing move-left)", k);
}

/* SPDX-License-Identifier: MIT */
/*
 * `ai PLAYER [N | Nms]` (doc/console.md): the library's search
 * (skirmish_game_search) plays the player's next action. It tells what it
 * thinks of its most visited candidates, then runs the command of the
 * action it chose, as if it had been typed. Its seed is the position's
 * hash: the same position, the same answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scn-private.h"

#define AI_SHOWN 3                 /* candidates told, most visited first */
#define AI_CANDIDATES 512

/* The figure's name, for a command line. */
static const char *
fig_name(const skirmish_game *g, int id)
{
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	return id >= 0 && skirmish_game_figure(g, id, &fi) == 0 && fi.name ? fi.name : "?";
}

/* The console command that takes action a. */
static void
command_line(const skirmish_game *g, const skirmish_action *a, char *buf, size_t size)
{
	const char *f = fig_name(g, a->figure), *t = fig_name(g, a->target);

	switch (a->kind) {
	case SKIRMISH_ACTION_MOVE:
		snprintf(buf, size, "move %s %.3f %.3f", f, a->xy[0], a->xy[1]);
		break;
	case SKIRMISH_ACTION_CHARGE: snprintf(buf, size, "charge %s %s", f, t); break;
	case SKIRMISH_ACTION_SHOOT: snprintf(buf, size, "shoot %s %s", f, t); break;
	case SKIRMISH_ACTION_RELOAD: snprintf(buf, size, "reload %s", f); break;
	case SKIRMISH_ACTION_FIGHT:
		snprintf(buf, size, "fight %s%s%s", f, a->target >= 0 ? " " : "",
			 a->target >= 0 ? t : "");
		break;
	case SKIRMISH_ACTION_MOUNT: snprintf(buf, size, "mount %s %s", f, t); break;
	case SKIRMISH_ACTION_DISMOUNT: snprintf(buf, size, "dismount %s", f); break;
	case SKIRMISH_ACTION_TURN: snprintf(buf, size, "turn %s %.0f", f, a->facing); break;
	case SKIRMISH_ACTION_END_PHASE: snprintf(buf, size, "end-phase"); break;
	default: snprintf(buf, size, "end-turn"); break;
	}
}

/* The player a word names: a player's name (any case) or number. */
static int
player_ref(struct scn *s, const char *w)
{
	int p, n = skirmish_game_player_count(s->game);
	char *end;
	long v;

	for (p = 0; p < n; p++)
		if (scn_same_name(w, scn_player_name(s, p)))
			return p;
	v = strtol(w, &end, 10);
	if (*end || end == w || v < 0 || v >= n)
		return -1;
	return (int)v;
}

int
scn_cmd_ai(struct scn *s, struct words *t)
{
	skirmish_search_options o = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_search_candidate *c;
	skirmish_action a = SKIRMISH_ACTION_INIT;
	char cmd[SCN_LINE_MAX];
	struct words *w;
	int player, n = 0, k, shown[AI_SHOWN], rc;
	uint64_t hash = 0;

	if (scn_need(s, t, 2, 3, "ai PLAYER [ITERATIONS | Nms]"))
		return 1;
	if (s->game && skirmish_game_state(s->game) == SKIRMISH_STATE_OVER)
		return scn_fail(s, SKIRMISH_E_STATE, "ai: the game is over");
	if (!s->game || skirmish_game_state(s->game) != SKIRMISH_STATE_PLAYING)
		return scn_fail(s, SKIRMISH_E_STATE, "ai: the game has not started (`start` first)");
	player = player_ref(s, t->w[1]);
	if (player < 0)
		return scn_fail(s, SKIRMISH_E_NO_PLAYER, "ai: no such player (a number or a name)");
	if (player != skirmish_game_active_player(s->game))
		return scn_fail(s, SKIRMISH_E_NOT_YOUR_TURN, "ai: it is %s's turn, not %s's",
				scn_player_name(s, skirmish_game_active_player(s->game)),
				scn_player_name(s, player));
	if (t->n == 3) {
		char *end;
		double v = strtod(t->w[2], &end);

		if (end == t->w[2] || !(v >= 1) || v > 1e7 || (*end && strcmp(end, "ms")))
			return scn_fail(s, SKIRMISH_E_INVALID,
					"ai: a budget is ITERATIONS or Nms, 1 or more");
		if (*end) {
			o.iterations = 0;
			o.milliseconds = v;
		} else {
			o.iterations = (long)v;
		}
	}
	skirmish_game_hash(s->game, &hash);
	o.seed = hash;
	c = malloc(AI_CANDIDATES * sizeof(*c));
	w = malloc(sizeof(*w));
	if (!c || !w) {
		free(c);
		free(w);
		return scn_fail(s, SKIRMISH_E_NOMEM, "ai: out of memory");
	}
	rc = SKIRMISH_GAME_SEARCH(s->game, &o, &a, c, AI_CANDIDATES, &n);
	if (rc < 0) {
		free(c);
		free(w);
		return scn_lib_fail(s, rc);
	}
	if (n > AI_CANDIDATES)
		n = AI_CANDIDATES;
	fprintf(s->out, "ai: %s thinks over %d candidates:", scn_player_name(s, player), n);
	for (k = 0; k < AI_SHOWN && k < n; k++) {
		int i, j, best = -1;

		for (i = 0; i < n; i++) {
			for (j = 0; j < k && shown[j] != i; j++)
				;
			if (j == k && (best < 0 || c[i].visits > c[best].visits))
				best = i;
		}
		shown[k] = best;
		command_line(s->game, &c[best].action, cmd, sizeof(cmd));
		fprintf(s->out, "%s `%s` %ld visits, value %.3f", k ? ";" : "", cmd,
			c[best].visits, c[best].value);
	}
	fputc('\n', s->out);
	free(c);
	/* the chosen action as its command, as if typed */
	command_line(s->game, &a, cmd, sizeof(cmd));
	if (scn_split(w, cmd)) {
		free(w);
		return scn_fail(s, SKIRMISH_E_INVALID, "ai: cannot say `%s` as a command", cmd);
	}
	if (s->echo)
		fprintf(s->out, "> %s\n", cmd);
	rc = scn_cmd_action(s, w);
	free(w);
	return rc;
}

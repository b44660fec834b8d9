/* SPDX-License-Identifier: MIT */
/*
 * The console's commands over the game's history and files: `undo`,
 * `redo`, `save FILE` and `open FILE`, on the library's undo history and
 * its saved-game format (doc/FORMAT.md), and the record of the game for
 * `html FILE` kept true to what was taken back.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scn-private.h"

#define SAVE_MAX (256u << 20)   /* the largest file `open` reads */

/* ------------------------------------------------------------------ */
/* the dice of each action, so that the record can be made again       */
/* ------------------------------------------------------------------ */

static void
scn_rolls_forget(struct scn *s)
{
	int i;

	for (i = 0; i < s->nrolls; i++)
		free(s->rolls[i].v);
	free(s->rolls);
	s->rolls = NULL;
	s->nrolls = s->caprolls = 0;
}

/* Keeps the dice of the action just taken (the newest of the history),
 * whatever gave them: the generator, a script, a `seed` changed since. */
static void
scn_rolls_keep(struct scn *s, const skirmish_result *r)
{
	int h = skirmish_game_history_length(s->game), i;

	if (h <= 0)
		return;
	while (s->nrolls > h - 1)
		free(s->rolls[--s->nrolls].v);
	if (s->nrolls < h - 1)
		return;                 /* the history began before we kept it */
	if (s->nrolls == s->caprolls) {
		int cap = s->caprolls ? 2 * s->caprolls : 64;
		void *p = realloc(s->rolls, (size_t)cap * sizeof(s->rolls[0]));

		if (!p)
			return;
		s->rolls = p;
		s->caprolls = cap;
	}
	s->rolls[s->nrolls].n = r->ndice;
	s->rolls[s->nrolls].v = r->ndice ? malloc((size_t)r->ndice * sizeof(int)) : NULL;
	if (r->ndice && !s->rolls[s->nrolls].v)
		return;
	for (i = 0; i < r->ndice; i++)
		s->rolls[s->nrolls].v[i] = r->dice[i].value;
	s->nrolls++;
}

/*
 * Makes the record for `html FILE` again from the history, after an undo
 * or an open: the game replayed from its scenario, each action with the
 * dice it rolled (kept as it was taken; for a game opened from a file,
 * the generator's, which a game played with the generator rolls again).
 * An action that the replay refuses ends the record there.
 */
static void
record_again(struct scn *s)
{
	skirmish_game *now = s->game, *g = NULL;
	skirmish_action a;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	char err[256];
	int i, n = skirmish_game_history_length(now);

	viewer_free(s->rec);
	s->rec = NULL;
	s->rec_turn = 0;
	svg_log_clear(&s->rec_log);
	if (skirmish_game_state(now) == SKIRMISH_STATE_SETUP || n <= 0 ||
	    skirmish_game_replay(&g, now, 0, err, sizeof(err)) < 0)
		return;
	s->game = g;            /* scn_record describes the game it records */
	scn_names_forget(s);
	skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
	for (i = 0; i < n; i++) {
		if (skirmish_game_history_action(now, i, &a) < 0)
			break;
		if (i < s->nrolls)
			skirmish_game_script_dice(g, s->rolls[i].v, s->rolls[i].n, 1);
		else
			skirmish_game_script_dice(g, NULL, 0, 0);
		if (skirmish_game_act(g, &a, &r) < 0)
			break;
		scn_record(s, &r);
	}
	s->game = now;
	scn_names_forget(s);
	skirmish_game_free(g);
}

/* ------------------------------------------------------------------ */
/* undo and redo                                                       */
/* ------------------------------------------------------------------ */

static void
forget_redo(struct scn *s)
{
	s->nredo = 0;
}

/* "shoot by Kenji at Taro", "the start", "end turn by Red" */
static void
print_action(struct scn *s, const char *what, const skirmish_action *a, int player)
{
	skirmish_figure_info fa = SKIRMISH_FIGURE_INFO_INIT, fb = SKIRMISH_FIGURE_INFO_INIT;
	const char *name = skirmish_action_name(a->kind);

	fprintf(s->out, "%s ", what);
	if (a->kind == SKIRMISH_ACTION_START) {
		fprintf(s->out, "the start of the game");
	} else {
		fprintf(s->out, "%s", name ? name : "an action");
		if (a->figure >= 0 && skirmish_game_figure(s->game, a->figure, &fa) == 0)
			fprintf(s->out, " by %s", fa.name);
		else if (player >= 0)
			fprintf(s->out, " by %s", scn_player_name(s, player));
		if (a->target >= 0 && skirmish_game_figure(s->game, a->target, &fb) == 0)
			fprintf(s->out, " %s %s", a->kind == SKIRMISH_ACTION_MOUNT ? "on" : "at",
				fb.name);
	}
	fprintf(s->out, "; ");
}

static int scn_redo(struct scn *s);

int
scn_cmd_undo(struct scn *s, struct words *t)
{
	skirmish_action a;
	int h, rc, player;
	uint64_t hash;

	if (scn_need(s, t, 1, 1, t->w[0][0] == 'u' ? "undo" : "redo") || scn_need_game(s))
		return 1;
	if (t->w[0][0] == 'r')
		return scn_redo(s);
	h = skirmish_game_history_length(s->game);
	if (h <= 0)
		return scn_fail(s, SKIRMISH_E_STATE, "nothing to undo: no action has been taken%s",
				skirmish_game_state(s->game) == SKIRMISH_STATE_SETUP
				? " (setup commands are not actions: `reset` starts over)" : "");
	skirmish_action_init(&a, SKIRMISH_ACTION_VERSION);
	if (skirmish_game_history_action(s->game, h - 1, &a) < 0)
		return scn_lib_fail(s, skirmish_game_errcode(s->game));
	/* undos in a row stack their actions; anything between forgets them */
	if (s->nredo && (skirmish_game_hash(s->game, &hash) < 0 || hash != s->redo_hash_after))
		forget_redo(s);
	rc = skirmish_game_undo(s->game);
	if (rc < 0)
		return scn_lib_fail(s, rc);
	/* whose action it was: the player to play again now */
	player = skirmish_game_state(s->game) == SKIRMISH_STATE_SETUP ? -1
		 : skirmish_game_active_player(s->game);
	/* the redo stack holds what undo took back, while the game stays as
	 * the last undo left it (its hash) */
	if (skirmish_game_hash(s->game, &hash) == 0) {
		if (s->nredo == s->capredo) {
			int cap = s->capredo ? 2 * s->capredo : 16;
			void *p = realloc(s->redo, (size_t)cap * sizeof(s->redo[0]));

			if (p) {
				s->redo = p;
				s->capredo = cap;
			}
		}
		if (s->nredo < s->capredo) {
			s->redo[s->nredo++] = a;
			s->redo_hash_after = hash;
		}
	}
	while (s->nrolls > h - 1)
		free(s->rolls[--s->nrolls].v);
	record_again(s);
	print_action(s, "undid", &a, player);
	scn_print_status(s);
	return 0;
}

static int
scn_redo(struct scn *s)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_action a;
	uint64_t hash;
	int rc;

	if (!s->nredo)
		return scn_fail(s, SKIRMISH_E_STATE, "nothing to redo: `redo` takes again what "
				"`undo` took back, until another action is taken");
	if (skirmish_game_hash(s->game, &hash) < 0 || hash != s->redo_hash_after) {
		forget_redo(s);
		return scn_fail(s, SKIRMISH_E_STATE, "nothing to redo: the game has changed since "
				"the last `undo`");
	}
	a = s->redo[s->nredo - 1];
	rc = skirmish_game_act(s->game, &a, &r);
	if (rc < 0)
		return scn_lib_fail(s, rc);
	s->nredo--;
	s->redoing = 1;
	scn_after_action(s, &r);
	s->redoing = 0;
	if (s->nredo && skirmish_game_hash(s->game, &hash) == 0)
		s->redo_hash_after = hash;
	return 0;
}

/* After every action the console takes: its dice are kept, and a new
 * action forgets what could be redone (the redo of one keeps the rest). */
void
scn_state_after_action(struct scn *s, const skirmish_result *r)
{
	scn_rolls_keep(s, r);
	if (!s->redoing)
		forget_redo(s);
}

void
scn_state_forget(struct scn *s)
{
	scn_rolls_forget(s);
	free(s->redo);
	s->redo = NULL;
	s->nredo = s->capredo = 0;
}

/* ------------------------------------------------------------------ */
/* save and open                                                       */
/* ------------------------------------------------------------------ */

int
scn_cmd_save(struct scn *s, struct words *t)
{
	size_t need = 0;
	void *buf;
	FILE *f;
	int rc, bad;

	if (scn_need(s, t, 2, 2, "save FILE") || scn_need_game(s))
		return 1;
	if (s->no_writes)
		return scn_fail(s, SKIRMISH_E_INVALID, "this session writes no files");
	rc = skirmish_game_save(s->game, NULL, 0, &need);
	if (rc < 0 && rc != SKIRMISH_E_LIMIT)
		return scn_lib_fail(s, rc);
	buf = malloc(need ? need : 1);
	if (!buf)
		return scn_fail(s, SKIRMISH_E_NOMEM, "out of memory");
	rc = skirmish_game_save(s->game, buf, need, &need);
	if (rc < 0) {
		free(buf);
		return scn_lib_fail(s, rc);
	}
	f = fopen(t->w[1], "wb");
	if (!f) {
		free(buf);
		return scn_fail(s, SKIRMISH_E_INVALID, "cannot write `%s`: %s", t->w[1],
				strerror(errno));
	}
	bad = fwrite(buf, 1, need, f) != need;
	bad |= fclose(f) != 0;
	free(buf);
	if (bad)
		return scn_fail(s, SKIRMISH_E_INVALID, "cannot write `%s`: %s", t->w[1],
				strerror(errno));
	fprintf(s->out, "saved %s, %s, in %s (%zu bytes; `open %s` brings it back)\n",
		skirmish_ruleset_name(skirmish_game_ruleset(s->game)),
		skirmish_game_state(s->game) == SKIRMISH_STATE_SETUP ? "in setup"
		: skirmish_game_state(s->game) == SKIRMISH_STATE_OVER ? "over" : "being played",
		t->w[1], need, t->w[1]);
	return 0;
}

/*
 * What the console keeps beside the game: the options it was made with
 * (the table, the turn limit, ...) and the exit edges, asked of the game
 * opened (skirmish_game_get_options(), skirmish_game_get_exit_edge()).
 * The console's own pointers (the ruleset's name, its callbacks) stay its
 * own; the order given is copied, never pointed into the game.
 */
static void
session_from_game(struct scn *s, const skirmish_game *g)
{
	skirmish_game_options o;
	int k, n = skirmish_game_player_count(g);

	o.version = SKIRMISH_GAME_OPTIONS_VERSION;
	if (skirmish_game_get_options(g, &o) == 0) {
		s->opt.players = o.players;
		s->opt.umpire = o.umpire;
		s->opt.night = o.night;
		s->opt.table_width = o.table_width;
		s->opt.table_depth = o.table_depth;
		s->opt.turn_limit = o.turn_limit;
		s->opt.ring_removal = o.ring_removal;
		s->opt.melee_ties = o.melee_ties;
		s->opt.die_sides = o.die_sides;
		s->opt.seed = o.seed;
		s->norder = 0;
		for (k = 0; o.player_order && k < o.players; k++)
			s->order[s->norder++] = o.player_order[k];
	}
	for (k = 0; k < n && k <= SKIRMISH_MAX_PLAYERS; k++)
		if (skirmish_game_get_exit_edge(g, k, &s->exit_edge[k]) < 0)
			s->exit_edge[k] = SKIRMISH_EDGE_NONE;
}

int
scn_cmd_open(struct scn *s, struct words *t)
{
	skirmish_game *g = NULL;
	unsigned char *data;
	char err[256];
	struct stat st;
	size_t got = 0;
	ssize_t r;
	int fd, rc;

	if (scn_need(s, t, 2, 2, "open FILE"))
		return 1;
	fd = open(t->w[1], O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return scn_fail(s, SKIRMISH_E_INVALID, "cannot open `%s`: %s", t->w[1],
				strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > (off_t)SAVE_MAX) {
		close(fd);
		return scn_fail(s, SKIRMISH_E_INVALID, "`%s` is not a saved game (%s)", t->w[1],
				S_ISREG(st.st_mode) ? "too large" : "not a regular file");
	}
	data = malloc((size_t)st.st_size + 1);
	if (!data) {
		close(fd);
		return scn_fail(s, SKIRMISH_E_NOMEM, "out of memory");
	}
	while (got < (size_t)st.st_size && (r = read(fd, data + got, (size_t)st.st_size - got)) > 0)
		got += (size_t)r;
	close(fd);
	rc = skirmish_game_load(&g, data, got, NULL, err, sizeof(err));
	if (rc < 0) {
		int scenario = got < 8 || memcmp(data, "SKIRMISH", 8);

		free(data);
		if (rc == SKIRMISH_E_FORMAT && scenario)
			return scn_fail(s, rc, "`%s` is not a saved game (a scenario is run with "
					"`load`)", t->w[1]);
		return scn_fail(s, rc, "cannot open `%s`: %s", t->w[1], err);
	}
	/* the game opened replaces this one, whole: never merged */
	skirmish_game_free(s->game);
	s->game = g;
	scn_names_forget(s);
	scn_rolls_forget(s);
	forget_redo(s);
	memset(s->exit_edge, 0, sizeof(s->exit_edge));
	session_from_game(s, g);
	free(data);
	snprintf(s->ruleset, sizeof(s->ruleset), "%s",
		 skirmish_ruleset_name(skirmish_game_ruleset(g)));
	snprintf(s->made_at, sizeof(s->made_at), "%.60s (opened)", t->w[1]);
	record_again(s);
	fprintf(s->out, "opened %s: ", t->w[1]);
	scn_print_status(s);
	return 0;
}

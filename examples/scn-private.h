/* SPDX-License-Identifier: MIT */
/*
 * Inside the console language (scenario.h is its interface): the session,
 * the words of a line and the helpers the command files share. Not API.
 *
 *   scenario.c      the session, the command table, running lines and files
 *   scn-words.c     splitting a line into words; numbers, names, figures
 *   scn-setup.c     the setup commands: options, terrain, figures, dice
 *   scn-play.c      actions, questions about the table, expectations
 *   scn-describe.c  results, figures and the game told for people
 *   scn-complete.c  the words that may come next (a terminal's Tab)
 *   scn-state.c     undo, redo, save and open: the history and files
 *   scn-board.c     the table in a terminal: `board`, `terrains`
 *   scn-ai.c        `ai`: the library's search plays a player's action
 */
#ifndef SKIRMISH_SCN_PRIVATE_H
#define SKIRMISH_SCN_PRIVATE_H

#include "scenario.h"
#include "svg.h"
#include "viewer.h"

#define NUM_MAX 100000.0       /* largest |number| the language accepts */

/* The figures' names, hashed (scn-words.c): so that a `figure` line, which
 * checks its name against every figure, costs O(1) and not O(figures).
 * Built lazily from the game; rebuilt when the game, its history or its
 * figure count went back. */
struct scn_names {
	const skirmish_game *game;
	int indexed;             /* figures 0..indexed-1 are in it */
	int history;             /* the game's history length then */
	int cap;                 /* slots: a power of two, or 0 */
	int *slot;               /* figure id + 1, or 0 for none */
	char (*name)[SKIRMISH_NAME_MAX]; /* per figure id; room for cap / 2 */
};

struct scn {
	FILE *out;
	int echo, verbose;
	int no_writes;           /* `html FILE` refused (a fuzzer's session) */
	skirmish_game_options opt;
	char ruleset[16];
	int order[SKIRMISH_MAX_PLAYERS + 1];
	int norder;
	skirmish_game *game;
	char pname[SKIRMISH_MAX_PLAYERS + 1][SKIRMISH_NAME_MAX];
	char plabel[SKIRMISH_MAX_PLAYERS + 1][16];  /* "player N" */
	int exit_edge[SKIRMISH_MAX_PLAYERS + 1];  /* enum skirmish_edge, O4 */
	char made_at[80];        /* FILE:LINE of the command that made the game */
	int failures;
	scn_result_fn hook;
	void *hook_data;
	/* the line being run */
	const char *origin;
	int lineno;
	int expect_error;        /* the line began with expect-error */
	int expect_code;         /* 0: any error */
	int failed;              /* an error was reported for this line */
	int errcode;
	int depth;               /* files being loaded */
	/* the game since `start`, turn by turn, for `html FILE` */
	struct viewer *rec;
	struct svg_log rec_log;
	int rec_turn;            /* the game turn being recorded; 0: none */
	struct scn_names names;
	/* scn-state.c: the dice of each action of the history (to make the
	 * record again after an undo), and what undo took back */
	struct scn_rolls {
		int n;
		int *v;
	} *rolls;
	int nrolls, caprolls;
	skirmish_action *redo;
	int nredo, capredo;
	uint64_t redo_hash_after; /* the game's hash that the redo stack fits */
	int redoing;
};

struct words {
	int n;
	char *w[SCN_TOKENS_MAX];
	char buf[SCN_LINE_MAX + 1];
};

/* scenario.c: the i-th command's name, NULL after the last */
const char *scn_command_name(size_t i);
/* scenario.c: errors of the current line; both return 1 (failed) */
#if defined(__GNUC__)
#define SCN_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SCN_PRINTF(f, a)
#endif
int scn_fail(struct scn *s, int code, const char *fmt, ...) SCN_PRINTF(3, 4);
int scn_lib_fail(struct scn *s, int rc);

/* scn-words.c */
const char *scn_split(struct words *t, const char *line);
int scn_num(const char *w, double *out);
int scn_integer(const char *w, long lo, long hi, long *out);
int scn_same_name(const char *w, const char *name);
int scn_on_off(const char *w, int *out);
extern const char *const scn_compass_words[8];
int scn_facing(const char *w, double *out);
int scn_edit_distance(const char *a, const char *b, int max);
int scn_figure_ref(struct scn *s, const char *w, int *out);
int scn_figure_ref_quiet(struct scn *s, const char *w, int *out);
void scn_names_forget(struct scn *s);   /* the game was freed or replaced */
int scn_need(struct scn *s, const struct words *t, int min, int max, const char *usage);
int scn_bad_number(struct scn *s, const char *w, const char *what);

/* scn-setup.c */
struct scn_terrain_flag {
	const char *word;
	unsigned int flag;
};
extern const struct scn_terrain_flag scn_terrain_flags[];
extern const int scn_terrain_flag_count;
struct scn_preset {
	const char *word;
	int preset;
};
extern const struct scn_preset scn_presets[];
extern const int scn_preset_count;
int scn_ensure_game(struct scn *s);
int scn_setup_only(struct scn *s, const char *what);
int scn_cmd_option(struct scn *s, struct words *t);
int scn_cmd_terrain(struct scn *s, struct words *t);
int scn_cmd_figure(struct scn *s, struct words *t);
int scn_cmd_objective(struct scn *s, struct words *t);
int scn_cmd_exit_edge(struct scn *s, struct words *t);
int scn_cmd_seed(struct scn *s, struct words *t);
int scn_cmd_dice(struct scn *s, struct words *t);

/* scn-play.c */
int scn_path_words(struct scn *s, struct words *t, int i, double *xy, int *np,
		   double *facing);
int scn_need_game(struct scn *s);
int scn_cmd_action(struct scn *s, struct words *t);
int scn_cmd_inspect(struct scn *s, struct words *t);
int scn_cmd_expect(struct scn *s, struct words *t);

/* scenario.c: adds a result to the record (a new one at `start`) */
void scn_record(struct scn *s, const skirmish_result *r);

/* scn-state.c */
int scn_cmd_undo(struct scn *s, struct words *t);       /* undo, redo */
int scn_cmd_save(struct scn *s, struct words *t);
int scn_cmd_open(struct scn *s, struct words *t);
void scn_state_after_action(struct scn *s, const skirmish_result *r);
void scn_state_forget(struct scn *s);

/* scn-board.c */
int scn_cmd_board(struct scn *s, struct words *t);

/* scn-ai.c */
int scn_cmd_ai(struct scn *s, struct words *t);
int scn_cmd_terrains(struct scn *s);

/* scn-describe.c */
void scn_after_action(struct scn *s, const skirmish_result *r);
void scn_print_status(struct scn *s);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The skirmish console language (doc/console.md): one command per line,
 * words separated by blanks, "double quotes" around a word with blanks,
 * # starts a comment. These files parse and run it against the public API
 * only (scn-private.h lists them); they are shared by the console and the
 * demo. This one holds the session, the command table and the line runner.
 *
 * Players feed it anything, so every line is bounded (SCN_LINE_MAX), every
 * number is checked whole (no trailing junk, finite, in range) and every
 * error is a message, never a crash.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scn-private.h"

/* ------------------------------------------------------------------ */
/* session                                                             */
/* ------------------------------------------------------------------ */

static void
reset_options(struct scn *s)
{
	skirmish_game_options_init(&s->opt, SKIRMISH_GAME_OPTIONS_VERSION);
	strcpy(s->ruleset, "senso");
	s->norder = 0;
	memset(s->pname, 0, sizeof(s->pname));
	memset(s->exit_edge, 0, sizeof(s->exit_edge));
}

struct scn *
scn_new(FILE *out)
{
	struct scn *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->out = out;
	for (int i = 0; i <= SKIRMISH_MAX_PLAYERS; i++)
		snprintf(s->plabel[i], sizeof(s->plabel[i]), "player %d", i);
	reset_options(s);
	return s;
}

void
scn_free(struct scn *s)
{
	if (!s)
		return;
	viewer_free(s->rec);
	svg_log_free(&s->rec_log);
	skirmish_game_free(s->game);
	scn_names_forget(s);
	scn_state_forget(s);
	free(s);
}

void scn_set_echo(struct scn *s, int on) { s->echo = on; }
void scn_set_write_files(struct scn *s, int on) { s->no_writes = !on; }
void scn_set_verbose(struct scn *s, int on) { s->verbose = on; }
skirmish_game *scn_game(const struct scn *s) { return s->game; }
int scn_failures(const struct scn *s) { return s->failures; }

void
scn_set_result_hook(struct scn *s, scn_result_fn fn, void *data)
{
	s->hook = fn;
	s->hook_data = data;
}

void
scn_table_size(const struct scn *s, double *width, double *depth)
{
	*width = s->opt.table_width;
	*depth = s->opt.table_depth;
}

int
scn_exit_edge(const struct scn *s, int player)
{
	return player >= 0 && player <= SKIRMISH_MAX_PLAYERS ? s->exit_edge[player] : 0;
}

const char *
scn_player_name(const struct scn *s, int player)
{
	if (player >= 0 && player <= SKIRMISH_MAX_PLAYERS) {
		if (s->pname[player][0])
			return s->pname[player];
		if (s->game && player == skirmish_game_umpire(s->game))
			return "the umpire";
		return s->plabel[player];
	}
	return "nobody";
}

/* ------------------------------------------------------------------ */
/* the record of the game, for `html FILE`                             */
/* ------------------------------------------------------------------ */

static void
turn_title(const struct scn *s, int turn, char *buf, size_t size)
{
	snprintf(buf, size, "%s, turn %d", skirmish_ruleset_name(skirmish_game_ruleset(s->game)),
		 turn);
}

void
scn_record(struct scn *s, const skirmish_result *r)
{
	char title[64], result[SCN_TEXT_MAX];
	int over;

	if (!s->game)
		return;
	if (r->action == SKIRMISH_ACTION_START) {
		viewer_free(s->rec);
		svg_log_clear(&s->rec_log);
		s->rec = viewer_new();
		s->rec_turn = 1;
	}
	if (!s->rec || !s->rec_turn)
		return;
	viewer_add(s->rec, s, r);
	svg_log_result(&s->rec_log, s, r);
	over = skirmish_game_state(s->game) == SKIRMISH_STATE_OVER;
	if (!over && skirmish_game_turn(s->game) == s->rec_turn)
		return;
	/* the game turn has ended: its picture is the table now */
	turn_title(s, s->rec_turn, title, sizeof(title));
	if (over)
		scn_describe_outcome(s, result, sizeof(result));
	viewer_end_turn(s->rec, s, &s->rec_log, title, s->rec_turn, over ? result : NULL);
	svg_log_clear(&s->rec_log);
	s->rec_turn = over ? 0 : skirmish_game_turn(s->game);
}

/* html FILE: the game so far as a page that steps through the turns */
static int
write_html(struct scn *s, const char *path)
{
	char title[64], key[SCN_TEXT_MAX];
	int rc;

	if (s->no_writes)
		return scn_fail(s, SKIRMISH_E_INVALID, "this session writes no files");
	if (!s->rec)
		return scn_fail(s, SKIRMISH_E_STATE, "no game has started yet: `start` first");
	scn_describe_key(s, key, sizeof(key));
	turn_title(s, s->rec_turn, title, sizeof(title));
	rc = viewer_write_now(s->rec, path, skirmish_ruleset_name(skirmish_game_ruleset(s->game)),
			      key, s, &s->rec_log, title, s->rec_turn, NULL);
	if (rc < 0 || viewer_failed(s->rec))
		return scn_fail(s, SKIRMISH_E_INVALID, "cannot write `%s`: %s", path,
				viewer_failed(s->rec) ? "out of memory" : strerror(errno));
	fprintf(s->out, "%d turn%s in %s (open it in a browser)\n",
		viewer_turns(s->rec) + (s->rec_turn > 0),
		viewer_turns(s->rec) + (s->rec_turn > 0) == 1 ? "" : "s", path);
	return 0;
}

/* Reports an error of the current line; the return value is 1 (failed). */
int
scn_fail(struct scn *s, int code, const char *fmt, ...)
{
	va_list ap;

	s->failed = 1;
	s->errcode = code;
	fprintf(s->out, "%s%s:%d: ", s->expect_error ? "expected error: " : "error: ",
		s->origin, s->lineno);
	va_start(ap, fmt);
	vfprintf(s->out, fmt, ap);
	va_end(ap);
	fputc('\n', s->out);
	return 1;
}

/* Reports a library error code with the game's message. */
int
scn_lib_fail(struct scn *s, int rc)
{
	char msg[SCN_TEXT_MAX];
	const char *name = skirmish_strerror(rc);
	size_t n = strcspn(name, ":");

	scn_describe_message(s, s->game ? skirmish_game_errmsg(s->game) : "", msg, sizeof(msg));
	if (!msg[0])
		return scn_fail(s, rc, "%s", name);
	return scn_fail(s, rc, "%.*s: %s", (int)n, name, msg);
}
/* ------------------------------------------------------------------ */
/* the command table                                                   */
/* ------------------------------------------------------------------ */

static int cmd_help(struct scn *s, struct words *t);
static int run_file(struct scn *s, const char *path);

static int
cmd_misc(struct scn *s, struct words *t)
{
	const char *c = t->w[0];
	long v;
	int on, i;

	if (!strcmp(c, "player")) {
		if (scn_need(s, t, 3, 3, "player N NAME"))
			return 1;
		if (scn_integer(t->w[1], 0, SKIRMISH_MAX_PLAYERS, &v) < 0)
			return scn_bad_number(s, t->w[1], "player id");
		if (strlen(t->w[2]) >= SKIRMISH_NAME_MAX)
			return scn_fail(s, SKIRMISH_E_INVALID, "a name has at most %d bytes",
				    SKIRMISH_NAME_MAX - 1);
		strcpy(s->pname[v], t->w[2]);
		return 0;
	}
	if (!strcmp(c, "verbose")) {
		if (scn_need(s, t, 1, 2, "verbose [on|off]"))
			return 1;
		if (scn_on_off(t->n > 1 ? t->w[1] : NULL, &on) < 0)
			return scn_fail(s, SKIRMISH_E_INVALID, "say on or off, not `%s`", t->w[1]);
		s->verbose = on;
		return 0;
	}
	if (!strcmp(c, "print")) {
		for (i = 1; i < t->n; i++)
			fprintf(s->out, "%s%s", i > 1 ? " " : "", t->w[i]);
		fputc('\n', s->out);
		return 0;
	}
	if (!strcmp(c, "reset")) {
		if (scn_need(s, t, 1, 1, "reset"))
			return 1;
		skirmish_game_free(s->game);
		s->game = NULL;
		scn_names_forget(s);
		scn_state_forget(s);
		viewer_free(s->rec);
		s->rec = NULL;
		s->rec_turn = 0;
		svg_log_clear(&s->rec_log);
		reset_options(s);
		return 0;
	}
	if (!strcmp(c, "load")) {
		if (scn_need(s, t, 2, 2, "load FILE"))
			return 1;
		return run_file(s, t->w[1]);
	}
	if (!strcmp(c, "html")) {
		if (scn_need(s, t, 2, 2, "html FILE"))
			return 1;
		return write_html(s, t->w[1]);
	}
	return cmd_help(s, t);
}

typedef int (*cmd_fn)(struct scn *s, struct words *t);

/* Each command: its syntax, what it does and an example (`help COMMAND`). */
static const struct command {
	const char *name;
	cmd_fn fn;
	const char *usage;
	const char *about;
	const char *example;
} commands[] = {
	{ "ruleset", scn_cmd_option, "ruleset senso|sampson",
	  "the rules to play (setup; default senso)", "ruleset sampson" },
	{ "players", scn_cmd_option, "players N",
	  "the number of players, 2..8, not counting an umpire (setup; default 2)", "players 3" },
	{ "umpire", scn_cmd_option, "umpire [on|off]",
	  "one more player, the umpire, who always plays last (setup; Senso S2)", "umpire on" },
	{ "night", scn_cmd_option, "night [on|off]",
	  "sight is limited to 12\" (setup; Senso S12)", "night on" },
	{ "ties", scn_cmd_option, "ties reroll|standoff",
	  "equal melee totals roll again, or nobody dies (setup; Senso S10)", "ties standoff" },
	{ "rings", scn_cmd_option, "rings player-turn|game-turn",
	  "when rings come off (setup; Senso S5)", "rings game-turn" },
	{ "turn-limit", scn_cmd_option, "turn-limit N",
	  "the game ends after game turn N; 0: no limit (setup; G9, O5)", "turn-limit 12" },
	{ "die-sides", scn_cmd_option, "die-sides N",
	  "the sides of Sampson's die; 0 means 6 (setup; A1)", "die-sides 8" },
	{ "table", scn_cmd_option, "table WIDTH DEPTH",
	  "the table in inches (setup; default 72 48)", "table 48 36" },
	{ "order", scn_cmd_option, "order P P ...",
	  "the order of play, first to last; without it the players roll off (setup)",
	  "order 1 0" },
	{ "player", cmd_misc, "player N NAME",
	  "a name for player N in every sentence", "player 0 Takeda" },
	{ "seed", scn_cmd_seed, "seed N",
	  "the dice generator's seed: the same seed and commands give the same game (G8)",
	  "seed 7" },
	{ "dice", scn_cmd_dice, "dice V V ... | dice off",
	  "the next dice show these values, and no others; off: back to the generator",
	  "dice 3 5" },
	{ "terrain", scn_cmd_terrain, "terrain rect|circle|polygon NAME NUMBERS... FLAGS...",
	  "a piece of terrain: rect X Y WIDTH DEPTH [angle A], circle X Y RADIUS or polygon "
	  "X1 Y1 X2 Y2 X3 Y3 ...; flags: rough bad-going cover blocks-sight obstacle water "
	  "climb impassable hill H penalty P", "terrain circle grove 9 30 3.5 rough cover" },
	{ "figure", scn_cmd_figure,
	  "figure NAME player P at X Y [facing F] [preset NAME] [dv N] [melee WEAPON] "
	  "[missile WEAPON] [armour|no-armour] [shield] [martial-arts] [mounted|on-foot] "
	  "[unloaded] [base WIDTH DEPTH]",
	  "a figure (setup). Senso needs a DV or a preset: fencing-instructor ninja samurai "
	  "samurai-veteran-mounted monk ashigaru-bow ashigaru-arquebus ashigaru-yari "
	  "peasant. Melee weapons: unarmed dagger short-sword wooden-weapon sword axe "
	  "naginata yari spear long-spear; missile: bow blowpipe shuriken arquebus long-bow "
	  "short-bow sling peltast javelin",
	  "figure Kenji player 0 at 10 10 facing 90 preset samurai" },
	{ "objective", scn_cmd_objective, "objective NAME X Y",
	  "a 1\" counter to pick up by ending a move touching it, and to carry off (O1-O3)",
	  "objective rice-wine 24 22" },
	{ "exit-edge", scn_cmd_exit_edge, "exit-edge P north|south|east|west|none",
	  "carrying an objective off this edge wins for player P at once (O4)",
	  "exit-edge 0 west" },
	{ "start", scn_cmd_action, "start",
	  "ends setup: the players roll off for the order unless `order` was given",
	  "start" },
	{ "move", scn_cmd_action, "move FIG X Y [X Y ...] [facing F]",
	  "moves a figure along waypoints (G4); ending in contact with an enemy is a charge",
	  "move Kenji 12 10 14 12 facing 90" },
	{ "charge", scn_cmd_action, "charge FIG TARGET [facing F]",
	  "straight at an enemy until the bases touch (a Senso charge fights at once, S4)",
	  "charge Kenji Taro" },
	{ "shoot", scn_cmd_action, "shoot FIG TARGET", "shoots at a figure it can see",
	  "shoot Kenji Taro" },
	{ "reload", scn_cmd_action, "reload FIG", "reloads an arquebus (Senso S8)",
	  "reload Goro" },
	{ "fight", scn_cmd_action, "fight FIG [DEFENDER]",
	  "a figure in contact fights (Senso: as its action, every enemy it touches; "
	  "Sampson: in the Melee phase, one enemy it touches, named when it touches "
	  "several, A26)",
	  "fight Kenji" },
	{ "mount", scn_cmd_action, "mount FIG HORSE", "gets on a riderless horse (Senso S9)",
	  "mount Kenji #5" },
	{ "dismount", scn_cmd_action, "dismount FIG", "gets off, leaving the horse (Senso S9)",
	  "dismount Katsuyori" },
	{ "turn", scn_cmd_action, "turn FIG FACING",
	  "turns on the spot, 1\" of move a quarter turn (Sampson A3)", "turn Leon 90" },
	{ "end-phase", scn_cmd_action, "end-phase | end phase",
	  "on to the next phase (Sampson: move, missile, melee)", "end phase" },
	{ "end-turn", scn_cmd_action, "end-turn | end turn",
	  "ends the turn: rings come off, the next player plays", "end turn" },
	{ "status", scn_cmd_inspect, "status",
	  "the turn, whose turn and the phase, or who won and why", "status" },
	{ "hash", scn_cmd_inspect, "hash",
	  "the game's state hash, 16 hex digits (skirmish_game_hash): the same in the page, "
	  "Python and here for the same game", "hash" },
	{ "figures", scn_cmd_inspect, "figures [all]",
	  "every figure in play (all: the removed too)", "figures" },
	{ "show", scn_cmd_inspect, "show FIG", "one figure: place, facing, DV, equipment, rings",
	  "show Kenji" },
	{ "contacts", scn_cmd_inspect, "contacts FIG", "the enemies touching a figure",
	  "contacts Kenji" },
	{ "board", scn_cmd_board, "board [X Y WIDTH DEPTH]",
	  "a map of the table (or of a part of it, larger): each figure a letter with a mark "
	  "for its facing, the terrain by its kind, the objectives (*), a scale; then who and "
	  "what is where", "board 0 0 24 24" },
	{ "terrains", scn_cmd_inspect, "terrains",
	  "every piece of terrain: its kind, extents and outline, in inches", "terrains" },
	{ "objectives", scn_cmd_inspect, "objectives", "where the objectives are, who carries them",
	  "objectives" },
	{ "distance", scn_cmd_inspect, "distance A B", "edge to edge, inches (G1)",
	  "distance Kenji Taro" },
	{ "sight", scn_cmd_inspect, "sight A B", "whether A sees B (G5)", "sight Kenji Taro" },
	{ "cover", scn_cmd_inspect, "cover A B",
	  "whether B is in cover from A (Senso S6) or behind an obstacle (Sampson A5)",
	  "cover Kenji Taro" },
	{ "cost", scn_cmd_inspect, "cost FIG X Y [X Y ...]",
	  "what a move would cost, and whether it may be made now or the rule against it",
	  "cost Kenji 16 10" },
	{ "expect", scn_cmd_expect,
	  "expect winner|state|turn|active|phase|dice-left VALUE | expect FIG FIELD VALUE",
	  "checks the game (scenario files as tests); fields: rings dv player removed "
	  "suppressed loaded mounted in-melee can-act x y facing move-left",
	  "expect Taro rings 1" },
	{ "verbose", cmd_misc, "verbose [on|off]",
	  "prints every die and modifier under each result", "verbose on" },
	{ "print", cmd_misc, "print TEXT...", "prints the words (narration in a file)",
	  "print The Takeda arrive." },
	{ "ai", scn_cmd_ai, "ai PLAYER [ITERATIONS | Nms]",
	  "the library's search (skirmish_game_search) plays the player's next action: it "
	  "tells its most visited candidates, then runs the chosen command (default 1000 "
	  "iterations; seeded by the position, so the same every run)", "ai Takeda 300" },
	{ "undo", scn_cmd_undo, "undo",
	  "takes back the last action (the start included): the game is exactly as it was "
	  "before it, dice included", "undo" },
	{ "redo", scn_cmd_undo, "redo",
	  "takes again what `undo` took back, with the same dice, until another action is "
	  "taken", "redo" },
	{ "save", scn_cmd_save, "save FILE",
	  "writes the whole game (setup, state, dice, history) in the library's save format",
	  "save game.skg" },
	{ "open", scn_cmd_open, "open FILE",
	  "replaces the game with one saved by `save` (its history too: `undo` goes on)",
	  "open game.skg" },
	{ "load", cmd_misc, "load FILE",
	  "runs a scenario file here; refused once a game is made (`reset` first)",
	  "load town.skirmish" },
	{ "html", cmd_misc, "html FILE",
	  "writes the game so far as one page that steps through the turns, each turn's "
	  "narration beside its picture (open it in a browser)", "html game.html" },
	{ "reset", cmd_misc, "reset", "forgets the game and the options", "reset" },
	{ "help", cmd_misc, "help [COMMAND]",
	  "the commands, or one command's syntax, what it does and an example",
	  "help move" },
	{ "quit", NULL, "quit | exit", "leaves the console", "quit" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

const char *
scn_command_name(size_t i)
{
	return i < NCOMMANDS ? commands[i].name : NULL;
}

static const struct command *
find_command(const char *name)
{
	size_t i;

	if (!strcmp(name, "exit"))
		name = "quit";
	for (i = 0; i < NCOMMANDS; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

/* The command a mistyped word most likely meant: one edit away (a letter
 * wrong, missing, extra, or two swapped), else one it begins; NULL if none. */
static const char *
guess_command(const char *w)
{
	size_t i, n = strlen(w);

	for (i = 0; i < NCOMMANDS; i++)
		if (scn_edit_distance(w, commands[i].name, 1) == 1)
			return commands[i].name;
	for (i = 0; i < NCOMMANDS && n >= 2; i++)
		if (!strncmp(commands[i].name, w, n))
			return commands[i].name;
	return NULL;
}

/* `help`'s groups, in the order a game is played: each a heading and the
 * commands under it. A command in none (one added to the table later) is
 * listed under "Other". */
static const struct {
	const char *heading, *names;
} help_groups[] = {
	{ "Setting up (before the first terrain, figure, objective, dice or start)",
	  "ruleset players umpire night ties rings turn-limit die-sides table order" },
	{ "The table", "terrain figure objective exit-edge" },
	{ "Dice", "seed dice" },
	{ "Playing", "start move charge shoot reload fight mount dismount turn end-phase "
		     "end-turn ai" },
	{ "Taking back, saving, opening", "undo redo save open" },
	{ "Looking", "board status hash figures show contacts terrains objectives distance sight "
		     "cover cost" },
	{ "Checking (scenario files as tests)", "expect" },
	{ "The session", "player verbose print load html reset help quit" },
};

static int
in_group(const char *names, const char *name)
{
	size_t n = strlen(name);

	for (;;) {
		if (!strncmp(names, name, n) && (names[n] == ' ' || !names[n]))
			return 1;
		names = strchr(names, ' ');
		if (!names)
			return 0;
		names++;
	}
}

/* What `help COMMAND` adds for the actions whose numbers a player needs:
 * the ranges and modifiers of the ruleset being played (Senso S6, S10;
 * Sampson A3, A5, A7), as the rules state them. */
static void
help_rules(struct scn *s, const char *name)
{
	int sampson = s->game ? skirmish_game_ruleset(s->game) == SKIRMISH_RULESET_SAMPSON
			      : !strcmp(s->ruleset, "sampson");
	const char *text = NULL;

	if (!strcmp(name, "shoot"))
		text = sampson
		       ? "Sampson Ships (A5), in the Missile phase, once per figure, at a visible "
			 "enemy in range, neither in melee. Ranges: long bow 24\", short bow 16\", "
			 "sling 16\" (-1), peltast 18\", javelin 10\" (+1). The shooter rolls and "
			 "adds its weapon's modifier; the target rolls, +1 shield, +1 armour, +1 when "
			 "an obstacle lies on the line of sight (not one the shooter lines, G14). "
			 "Shooter's score at least double the target's: killed; higher: suppressed "
			 "(may not move next turn, A6); else no effect."
		       : "Senso (S6): the target must be visible and within long range (at "
			 "night within 12\", S12). Ranges, short/long: bow 15\"/30\", blowpipe "
			 "3\"/6\", shuriken 2\"/4\", arquebus 12\"/24\" (loaded). Roll the shooter's "
			 "DV and add: target in cover +1, target mounted -1, arquebus +1, target "
			 "within short range -1, target unarmoured -1 (an arquebus treats every "
			 "target as unarmoured). 0 or less kills; exactly 1 is a hit (a ring); 2 or "
			 "more misses. A hit or kill on a rider: roll again, odd kills the horse "
			 "instead (S7). Firing an arquebus puts two rings on the firer (S8).";
	else if (!strcmp(name, "fight") || !strcmp(name, "charge"))
		text = sampson
		       ? "Sampson Ships (A7, A26), in the active player's Melee phase: both roll "
			 "and add: shield +1, armour +1, uphill +1, defending an obstacle +1, longer "
			 "weapon +1 (first round), moved into contact this turn +1, each comrade "
			 "assisting +1. At least double: the opponent is killed; higher: pushed back "
			 "by the difference (A9); equal: nothing."
		       : "Senso (S10, S11): a move into contact fights at once (S4). Both roll "
			 "their DV and add: unarmed +0, martial arts +1, dagger, short sword or "
			 "wooden weapon +1, outnumbered +2, on foot against a rider +1 (not with "
			 "naginata or yari), defending cover -1. The LOWER total wins and the loser "
			 "is killed; equal totals roll again (or stand off, `ties standoff`).";
	else if (!strcmp(name, "move"))
		text = sampson
		       ? "Sampson Ships (A3): infantry 4\", riders 8\"; -1/2\" for a shield and for "
			 "armour; entering bad going -2\" (riders -4\"); a figure in contact does "
			 "not move (A29); turning on the spot costs 1\" per 90 degrees (`turn`)."
		       : "Senso (S9): foot 6\", mounted 12\"; rough ground costs double; a move "
			 "that swims or climbs is at most 2\"; crossing an obstacle takes the whole "
			 "move and ends within 1\" of its far side (S25).";
	if (text) {
		fprintf(s->out, "  the rules:\n");
		scn_print_wrapped(s->out, "    ", "    ", text, 74);
	}
}

static int
cmd_help(struct scn *s, struct words *t)
{
	const struct command *c;
	size_t i, g;

	if (t->n > 2)
		return scn_fail(s, SKIRMISH_E_INVALID, "usage: help [COMMAND]");
	if (t->n == 2) {
		const char *guess;
		char *p;

		for (p = t->w[1]; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		if (!strcmp(t->w[1], "expect-error")) {
			fprintf(s->out, "expect-error [CODE] COMMAND...\n"
				"  runs COMMAND, which must fail (with the error CODE, when given)\n"
				"  example: expect-error NO_SIGHT shoot Goro Hanzo\n");
			return 0;
		}
		if (!strcmp(t->w[1], "end"))
			t->w[1] = "end-turn";
		c = find_command(t->w[1]);
		if (c) {
			scn_print_wrapped(s->out, "", "    ", c->usage, 78);
			scn_print_wrapped(s->out, "  ", "  ", c->about, 76);
			help_rules(s, c->name);
			fprintf(s->out, "  example: %s\n", c->example);
			return 0;
		}
		guess = guess_command(t->w[1]);
		if (guess)
			return scn_fail(s, SKIRMISH_E_INVALID,
					"no command `%.40s`; did you mean `%s`? (`help` lists them)",
					t->w[1], guess);
		return scn_fail(s, SKIRMISH_E_INVALID, "no command `%.40s` (`help` lists them)",
				t->w[1]);
	}
	fprintf(s->out, "Commands, one a line (FIG is a figure's name or #id; `help COMMAND` "
		"tells more;\n`help shoot`, `help fight`, `help move`: the ranges and modifiers):\n");
	for (g = 0; g <= sizeof(help_groups) / sizeof(help_groups[0]); g++) {
		int any = 0;

		for (i = 0; i < NCOMMANDS; i++) {
			size_t k;
			int grouped = 0;

			if (g < sizeof(help_groups) / sizeof(help_groups[0])) {
				if (!in_group(help_groups[g].names, commands[i].name))
					continue;
			} else {
				for (k = 0; k < sizeof(help_groups) / sizeof(help_groups[0]); k++)
					grouped |= in_group(help_groups[k].names, commands[i].name);
				if (grouped)
					continue;
			}
			if (!any)
				fprintf(s->out, "%s:\n", g < sizeof(help_groups) / sizeof(help_groups[0])
					? help_groups[g].heading : "Other");
			any = 1;
			scn_print_wrapped(s->out, "  ", "      ", commands[i].usage, 76);
		}
		if (g + 1 == sizeof(help_groups) / sizeof(help_groups[0]) - 1)
			fprintf(s->out, "  expect-error [CODE] COMMAND...\n");
	}
	return 0;
}

/* The code named by a word such as NO_SIGHT or SKIRMISH_E_NO_SIGHT, or 0. */
static int
code_word(const char *w)
{
	int c;
	size_t n;

	if (!strncmp(w, "SKIRMISH_E_", 11))
		w += 11;
	n = strlen(w);
	for (c = -1; c >= -64; c--) {
		const char *name = skirmish_strerror(c);
		if (strncmp(name, "SKIRMISH_E_", 11))
			break;
		if (!strncmp(name + 11, w, n) && name[11 + n] == ':')
			return c;
	}
	return 0;
}

static int
is_code_word(const char *w)
{
	for (; *w; w++)
		if (!isupper((unsigned char)*w) && *w != '_')
			return 0;
	return 1;
}

/* `end` alone, or `end` of something else: what may be ended now, in
 * this ruleset (Senso has one phase, Sampson three, A2). */
static int
end_what(struct scn *s, const char *what)
{
	int phase = s->game ? skirmish_game_phase(s->game) : SKIRMISH_PHASE_NONE;
	char bad[64] = "";

	if (what)
		snprintf(bad, sizeof(bad), "cannot end `%.40s`; ", what);
	if (s->game && skirmish_game_ruleset(s->game) == SKIRMISH_RULESET_SAMPSON &&
	    (phase == SKIRMISH_PHASE_MOVE || phase == SKIRMISH_PHASE_MISSILE))
		return scn_fail(s, SKIRMISH_E_INVALID,
				"%send what? `end phase` (the %s phase, on to the %s phase) or `end "
				"turn` (the whole turn, to the next player)", bad,
				skirmish_phase_name(phase), skirmish_phase_name(phase + 1));
	if (s->game && skirmish_game_ruleset(s->game) == SKIRMISH_RULESET_SAMPSON &&
	    phase == SKIRMISH_PHASE_MELEE)
		return scn_fail(s, SKIRMISH_E_INVALID,
				"%send what? `end turn` (the melee phase is the last: the next player "
				"plays; `end phase` does the same)", bad);
	if (s->game && skirmish_game_state(s->game) == SKIRMISH_STATE_PLAYING)
		return scn_fail(s, SKIRMISH_E_INVALID,
				"%send what? `end turn` (the next player plays; Senso has no phases "
				"to end)", bad);
	return scn_fail(s, SKIRMISH_E_INVALID,
			"%send what? `end turn`, or in Sampson Ships `end phase`, once the game "
			"has started", bad);
}

static int
dispatch(struct scn *s, struct words *t)
{
	const struct command *c;
	const char *guess;
	char *p;

	/* commands and their keywords in any case: `END TURN`, `Show` */
	for (p = t->w[0]; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	/* two-word forms: end turn, end phase */
	if (!strcmp(t->w[0], "end")) {
		if (t->n >= 2)
			for (p = t->w[1]; *p; p++)
				*p = (char)tolower((unsigned char)*p);
		if (t->n != 2 || (strcmp(t->w[1], "turn") && strcmp(t->w[1], "phase")))
			return end_what(s, t->n >= 2 ? t->w[1] : NULL);
		t->w[1] = !strcmp(t->w[1], "turn") ? "end-turn" : "end-phase";
		memmove(t->w, t->w + 1, (size_t)(t->n - 1) * sizeof(t->w[0]));
		t->n--;
	}
	if (!strcmp(t->w[0], "quit") || !strcmp(t->w[0], "exit"))
		return 2;
	c = find_command(t->w[0]);
	if (c)
		return c->fn(s, t);
	guess = guess_command(t->w[0]);
	if (guess)
		return scn_fail(s, SKIRMISH_E_INVALID,
				"unknown command `%.40s`; did you mean `%s`? (`help` lists the commands)",
				t->w[0], guess);
	return scn_fail(s, SKIRMISH_E_INVALID, "unknown command `%.40s` (`help` lists the commands)",
			t->w[0]);
}

int
scn_exec_line(struct scn *s, const char *line, const char *origin, int lineno)
{
	struct words *t = malloc(sizeof(*t));
	const char *err;
	int rc, code = 0;

	s->origin = origin ? origin : "-";
	s->lineno = lineno;
	s->expect_error = 0;
	s->failed = 0;
	s->errcode = 0;
	if (!t) {
		s->failures++;
		fprintf(s->out, "error: out of memory\n");
		return 1;
	}
	err = scn_split(t, line);
	if (s->echo && t->n > 0 && !err) {
		const char *p = line + strspn(line, " \t");
		fprintf(s->out, "> %.*s\n", (int)strcspn(p, "\r\n"), p);
	}
	if (err) {
		const char *p = line + strspn(line, " \t");

		/* a line that expects an error may fail to split, too */
		s->expect_error = !strncmp(p, "expect-error", 12) &&
				  (p[12] == ' ' || p[12] == '\t');
		if (s->echo && s->expect_error)
			fprintf(s->out, "> %.*s\n", (int)strcspn(p, "\r\n"), p);
		scn_fail(s, SKIRMISH_E_INVALID, "%s", err);
		if (s->expect_error) {
			s->expect_error = 0;
			free(t);
			return 0;
		}
		s->failures++;
		free(t);
		return 1;
	}
	if (t->n == 0) {
		free(t);
		return 0;
	}
	if (!strcmp(t->w[0], "expect-error")) {
		memmove(t->w, t->w + 1, (size_t)(t->n - 1) * sizeof(t->w[0]));
		t->n--;
		if (t->n && is_code_word(t->w[0])) {
			code = code_word(t->w[0]);
			if (!code) {
				scn_fail(s, SKIRMISH_E_INVALID, "unknown error code `%.40s`", t->w[0]);
				s->failures++;
				free(t);
				return 1;
			}
			memmove(t->w, t->w + 1, (size_t)(t->n - 1) * sizeof(t->w[0]));
			t->n--;
		}
		if (!t->n) {
			scn_fail(s, SKIRMISH_E_INVALID, "usage: expect-error [CODE] COMMAND...");
			s->failures++;
			free(t);
			return 1;
		}
		s->expect_error = 1;
	}
	rc = dispatch(s, t);
	free(t);
	if (rc == 2)
		return 2;
	if (s->expect_error) {
		s->expect_error = 0;
		if (!s->failed) {
			scn_fail(s, SKIRMISH_E_INVALID, "expected an error, but the command succeeded");
			s->failures++;
			return 1;
		}
		if (code && s->errcode != code) {
			size_t n = strcspn(skirmish_strerror(code), ":");
			scn_fail(s, SKIRMISH_E_INVALID, "expected the error %.*s", (int)n,
			     skirmish_strerror(code));
			s->failures++;
			return 1;
		}
		return 0;
	}
	if (rc) {
		s->failures++;
		return 1;
	}
	return 0;
}

int
scn_run_text(struct scn *s, const char *text, const char *origin)
{
	char line[SCN_LINE_MAX + 1];
	int lineno = 0, failed = 0;

	while (*text) {
		size_t n = strcspn(text, "\n"), len = n;

		lineno++;
		/* the line's end is not part of it, "\r\n" included, as in a
		 * stream (read_line) */
		if (len > 0 && text[len - 1] == '\r')
			len--;
		if (len > SCN_LINE_MAX) {
			s->origin = origin;
			s->lineno = lineno;
			scn_fail(s, SKIRMISH_E_INVALID, "line too long (at most %d bytes)", SCN_LINE_MAX);
			s->failures++;
			failed++;
		} else {
			int rc;

			memcpy(line, text, len);
			line[len] = '\0';
			rc = scn_exec_line(s, line, origin, lineno);
			if (rc == 2)
				return -1 - failed;
			failed += rc;
		}
		text += n;
		if (*text == '\n')
			text++;
	}
	return failed;
}

/* Reads a line and its end into line (size SCN_LINE_MAX + 3) and cuts the
 * end off ("\n" or "\r\n"): its length, 0 at the end of the input, or -1
 * when the line without its end is longer than SCN_LINE_MAX (the rest is
 * read and dropped). The limit is the same wherever a line comes from: a
 * file's last line without a newline, a line typed at a terminal, a text
 * (scn_run_text). *nul is set when it held a NUL byte, which fgets would
 * have cut the line at without a word; *eof when nothing at all was read. */
static long
read_line(FILE *in, char *line, size_t size, int *nul, int *eof)
{
	size_t n = 0;
	int ch, long_line = 0, any = 0;

	*nul = 0;
	while ((ch = getc(in)) != EOF) {
		any = 1;
		if (ch == '\n')
			break;
		if (ch == '\0')
			*nul = 1;
		if (n < size - 1)
			line[n++] = (char)ch;
		else
			long_line = 1;
	}
	*eof = !any;
	if (n > 0 && line[n - 1] == '\r')
		n--;
	line[n] = '\0';
	if (long_line || n > SCN_LINE_MAX)
		return -1;
	return (long)n;
}

static int
run_stream(struct scn *s, FILE *in, const char *origin, const char *prompt, int *quit)
{
	char line[SCN_LINE_MAX + 3];
	int lineno = 0, failed = 0;

	*quit = 0;
	for (;;) {
		long n;
		int rc, nul, eof;

		if (prompt) {
			fputs(prompt, s->out);
			fflush(s->out);
		}
		n = read_line(in, line, sizeof(line), &nul, &eof);
		if (eof)
			break;
		lineno++;
		if (n < 0 || nul) {
			s->origin = origin;
			s->lineno = lineno;
			if (n < 0)
				scn_fail(s, SKIRMISH_E_INVALID, "line too long (at most %d bytes)",
					 SCN_LINE_MAX);
			else
				scn_fail(s, SKIRMISH_E_INVALID,
					 "control characters are not allowed (a NUL byte)");
			s->failures++;
			failed++;
			continue;
		}
		rc = scn_exec_line(s, line, origin, lineno);
		if (rc == 2) {
			*quit = 1;
			break;
		}
		failed += rc;
		fflush(s->out);
	}
	if (prompt && !*quit)
		fputc('\n', s->out);
	return failed;
}

int
scn_run_stream_quit(struct scn *s, FILE *in, const char *origin, const char *prompt, int *quit)
{
	return run_stream(s, in, origin, prompt, quit);
}

int
scn_run_stream(struct scn *s, FILE *in, const char *origin, const char *prompt)
{
	int quit;

	return run_stream(s, in, origin, prompt, &quit);
}

/* load FILE: nesting is bounded so that a file cannot load itself for
 * ever. Failures inside the file count on their own lines. */
static int
run_file(struct scn *s, const char *path)
{
	const char *origin = s->origin;
	int lineno = s->lineno, quit;
	struct stat st;
	FILE *f;
	int fd, flags;

	/* a scenario loaded after a game was made would merge the two (its
	 * figures, names and options into that game): refused, whoever asks.
	 * A scenario may load its parts before its first terrain or figure. */
	if (s->game)
		return scn_fail(s, SKIRMISH_E_STATE,
				"a game is already set up here (made at %s): `reset` first to load "
				"another scenario, or `open FILE` for a saved game", s->made_at);
	if (s->expect_error)
		return scn_fail(s, SKIRMISH_E_INVALID, "`load` cannot be expected to fail");
	if (s->depth >= 8)
		return scn_fail(s, SKIRMISH_E_LIMIT, "files loaded too deep (more than 8)");
	/* without blocking, so that a FIFO (or a device) with no writer does
	 * not hang the open: it is refused below, as everything but a
	 * regular file is */
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return scn_fail(s, SKIRMISH_E_INVALID, "cannot open `%s`: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return scn_fail(s, SKIRMISH_E_INVALID, "`%s` is not a regular file", path);
	}
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0 ||
	    (f = fdopen(fd, "r")) == NULL) {
		close(fd);
		return scn_fail(s, SKIRMISH_E_INVALID, "cannot open `%s`: %s", path, strerror(errno));
	}
	s->depth++;
	run_stream(s, f, path, NULL, &quit);
	s->depth--;
	fclose(f);
	s->origin = origin;
	s->lineno = lineno;
	s->failed = 0;
	return 0;
}

/* SPDX-License-Identifier: MIT */
/**
 * @file skirmish.h
 * @brief libskirmish: a rules engine for tabletop skirmish wargames.
 *
 * This header is the whole public API. What is not declared here is not
 * API. It compiles as C89, C99, C11 and C++ with -pedantic.
 *
 * Conventions (see doc/API.md):
 *  - Every call that can fail returns 0 (SKIRMISH_OK) or a negative
 *    SKIRMISH_E_* code; the game keeps the message of its last error
 *    (skirmish_game_errmsg()). A rejected call changes nothing.
 *  - Figures, players and terrain pieces are small integer ids.
 *  - Distances are inches (double) at the API; inside they are whole
 *    thousandths of an inch, rounded to nearest (halves away from zero).
 *    Facings are degrees, 0 = towards +x, counter-clockwise positive, kept
 *    inside as whole degrees (rounded to nearest).
 *  - Versioned structs: set their first member with the *_INIT macro or the
 *    *_init() function before use.
 *  - Ownership: "borrowed" pointers belong to the game and stay valid until
 *    the next call that changes the game; nothing returned needs freeing
 *    except a game (skirmish_game_free()).
 */
#ifndef SKIRMISH_SKIRMISH_H
#define SKIRMISH_SKIRMISH_H

#include <stddef.h>
#include <stdint.h>

#include <skirmish/version.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Status codes                                                        */
/* ------------------------------------------------------------------ */
/** @addtogroup basics
 * @{
 */

/** What a call returns: 0, or a negative code; the game's message says more. */
enum skirmish_status {
	SKIRMISH_OK = 0,                /**< success */
	SKIRMISH_E_INVALID = -1,        /**< bad argument: NULL, NaN, out of bounds */
	SKIRMISH_E_NOMEM = -2,          /**< an allocation failed */
	SKIRMISH_E_VERSION = -3,        /**< a struct version this library does not know */
	SKIRMISH_E_UNKNOWN_RULESET = -4, /**< no ruleset of that id or name */
	SKIRMISH_E_NO_FIGURE = -5,      /**< no figure with that id (or it is removed) */
	SKIRMISH_E_NO_PLAYER = -6,      /**< no player with that id */
	SKIRMISH_E_STATE = -7,          /**< not allowed in this state of the game (setup, over) */
	SKIRMISH_E_NOT_YOUR_TURN = -8,  /**< the figure's player is not the active player */
	SKIRMISH_E_WRONG_PHASE = -9,    /**< not allowed in this phase of the turn (Sampson A2) */
	SKIRMISH_E_CANNOT_ACT = -10,    /**< ringed, suppressed, already acted, ... */
	SKIRMISH_E_OUT_OF_RANGE = -11,  /**< the target is beyond the weapon's range */
	SKIRMISH_E_NO_SIGHT = -12,      /**< the figure cannot see the target (G5) */
	SKIRMISH_E_TOO_FAR = -13,       /**< a move longer than the allowance */
	SKIRMISH_E_BLOCKED = -14,       /**< a path through a base or impassable terrain */
	SKIRMISH_E_NO_WEAPON = -15,     /**< no (loaded) weapon for that action */
	SKIRMISH_E_IN_MELEE = -16,      /**< not allowed while in base contact with an enemy */
	SKIRMISH_E_NOT_IN_CONTACT = -17, /**< needs base contact (a fight, a horse to mount) */
	SKIRMISH_E_TARGET = -18,        /**< not a valid target: a friend, itself, ... */
	SKIRMISH_E_DICE = -19,          /**< the roller answered outside 1..sides, or the script ran out */
	SKIRMISH_E_UNSUPPORTED = -20,   /**< not part of this ruleset */
	SKIRMISH_E_PENDING = -21,       /**< something must be done first (an unfought melee) */
	SKIRMISH_E_FORMAT = -22,        /**< a saved game or replay is malformed */
	SKIRMISH_E_LIMIT = -23,         /**< a size limit of the library was reached */
	SKIRMISH_E_REFEREE = -24        /**< the referee found a broken invariant: the action
					     was rolled back (skirmish_game_set_referee(), 0.4.0) */
};

/**
 * The name and meaning of a status code ("SKIRMISH_E_NO_SIGHT: ...").
 * @return a static string, never NULL (an unknown code has a string too).
 */
const char *skirmish_strerror(int status);

/** The run-time version, "0.1.0" (a static string): compare with SKIRMISH_VERSION_STRING. */
const char *skirmish_version(void);
/** The run-time version as 100 * (100 * major + minor) + micro (SKIRMISH_VERSION_NUMBER). */
int skirmish_version_number(void);

/* ------------------------------------------------------------------ */
/* Rulesets and enumerations                                           */
/* ------------------------------------------------------------------ */

/** The rulesets, for skirmish_game_options.ruleset. */
enum skirmish_ruleset {
	SKIRMISH_RULESET_NONE = 0,      /**< choose by name */
	SKIRMISH_RULESET_SENSO = 1,     /**< Senso, one-page samurai skirmish */
	SKIRMISH_RULESET_SAMPSON = 2    /**< Sampson Ships ancient skirmish */
};

/** The number of rulesets compiled in. */
int skirmish_ruleset_count(void);
/** The enum skirmish_ruleset of the index-th ruleset (0 to count - 1), or SKIRMISH_E_INVALID. */
int skirmish_ruleset_id(int index);
/** "senso" or "sampson" (static strings); NULL for an unknown id. */
const char *skirmish_ruleset_name(int ruleset);
/** The id of a ruleset name, or SKIRMISH_E_UNKNOWN_RULESET (NULL included). */
int skirmish_ruleset_from_name(const char *name);

/** Hand-to-hand weapons, for skirmish_figure_spec.melee_weapon. */
enum skirmish_melee_weapon {
	SKIRMISH_MELEE_UNARMED = 0,     /**< no weapon */
	SKIRMISH_MELEE_DAGGER = 1,      /**< dagger, knife */
	SKIRMISH_MELEE_SHORT_SWORD = 2, /**< wakizashi, short sword */
	SKIRMISH_MELEE_WOODEN = 3,      /**< club, staff, bokken */
	SKIRMISH_MELEE_SWORD = 4,       /**< katana, hand weapon */
	SKIRMISH_MELEE_AXE = 5,         /**< axe */
	SKIRMISH_MELEE_NAGINATA = 6,    /**< naginata (Senso) */
	SKIRMISH_MELEE_YARI = 7,        /**< yari (Senso) */
	SKIRMISH_MELEE_SPEAR = 8,       /**< spear (Sampson) */
	SKIRMISH_MELEE_LONG_SPEAR = 9   /**< pike, sarissa, kontos */
};
/** The number of enum skirmish_melee_weapon values. */
#define SKIRMISH_MELEE_COUNT 10

/** Missile weapons, for skirmish_figure_spec.missile_weapon. */
enum skirmish_missile_weapon {
	SKIRMISH_MISSILE_NONE = 0,      /**< no missile weapon */
	/* Senso */
	SKIRMISH_MISSILE_BOW = 1,       /**< bow (Senso) */
	SKIRMISH_MISSILE_BLOWPIPE = 2,  /**< blowpipe (Senso) */
	SKIRMISH_MISSILE_SHURIKEN = 3,  /**< shuriken (Senso) */
	SKIRMISH_MISSILE_ARQUEBUS = 4,  /**< arquebus: reloads (Senso S8) */
	/* Sampson Ships */
	SKIRMISH_MISSILE_LONG_BOW = 5,  /**< long bow (Sampson) */
	SKIRMISH_MISSILE_SHORT_BOW = 6, /**< short bow (Sampson) */
	SKIRMISH_MISSILE_SLING = 7,     /**< sling (Sampson) */
	SKIRMISH_MISSILE_PELTAST = 8,   /**< peltast javelins */
	SKIRMISH_MISSILE_JAVELIN = 9    /**< javelin (Sampson) */
};
/** The number of enum skirmish_missile_weapon values. */
#define SKIRMISH_MISSILE_COUNT 10

/** A melee weapon's name, such as "short sword" (static); NULL for an unknown value. */
const char *skirmish_melee_weapon_name(int weapon);
/** A missile weapon's name, such as "long bow" (static); NULL for an unknown value. */
const char *skirmish_missile_weapon_name(int weapon);

/** When rings come off (Senso S5), for skirmish_game_options.ring_removal. */
enum skirmish_ring_removal {
	SKIRMISH_RINGS_PLAYER_TURN = 0, /**< S5 default: at the end of the owner's turn */
	SKIRMISH_RINGS_GAME_TURN = 1    /**< S5 option: every figure, after the last player */
};
/** What a tied melee does (Senso S10), for skirmish_game_options.melee_ties. */
enum skirmish_melee_ties {
	SKIRMISH_TIES_REROLL = 0,       /**< S10 default: roll again until one wins */
	SKIRMISH_TIES_STANDOFF = 1      /**< S10 option: nobody dies */
};

/** The state of a game (skirmish_game_state()). */
enum skirmish_game_state {
	SKIRMISH_STATE_SETUP = 0,       /**< adding figures and terrain */
	SKIRMISH_STATE_PLAYING = 1,     /**< started: turns are played */
	SKIRMISH_STATE_OVER = 2         /**< a side won, or the turn limit was reached */
};

/** The phase of a turn (skirmish_game_phase()). */
enum skirmish_phase {
	SKIRMISH_PHASE_NONE = 0,        /**< setup or game over */
	SKIRMISH_PHASE_ACTIONS = 1,     /**< Senso: one phase, each figure acts once */
	SKIRMISH_PHASE_MOVE = 2,        /**< Sampson Ships (A2) */
	SKIRMISH_PHASE_MISSILE = 3,     /**< Sampson Ships: shooting (A2) */
	SKIRMISH_PHASE_MELEE = 4        /**< Sampson Ships: melees are fought (A2) */
};
/** "move", "missile", ...; NULL for an unknown phase (static strings). */
const char *skirmish_phase_name(int phase);

/** @} */

/* ------------------------------------------------------------------ */
/* Callbacks                                                           */
/* ------------------------------------------------------------------ */
/** @addtogroup game
 * @{
 */

/*
 * What a callback may call (since 0.3; doc/API.md has the table): while
 * the library runs a callback of a game, and while a clone, copy, replay
 * or playouts of the game runs the callbacks of the game made from it,
 * every call that would change the game (its state, its callbacks, its
 * memory) is refused with SKIRMISH_E_STATE and changes nothing;
 * skirmish_game_free() of it does nothing. The callback's own failed
 * calls set the game's error for it to read; when it returns, the game's
 * error is put back.
 */

/**
 * The dice roller: return a value in 1..sides. Any other answer (0, a
 * negative value, more than sides) fails the action with SKIRMISH_E_DICE
 * and leaves the game as it was (G6). user_data is the pointer given with
 * the roller.
 *
 * It runs in the middle of an action: it may read the game (figures,
 * distances, the hash, ...; they show the action half done), but not
 * change it nor keep it (save, clone, copy from it and replay are refused
 * too, with SKIRMISH_E_STATE).
 */
typedef int (*skirmish_roll_fn)(void *user_data, int sides);

/**
 * The allocator, as Lua's: new_size == 0 frees ptr and returns NULL;
 * otherwise it works as realloc(ptr, new_size) (ptr may be NULL) and returns
 * NULL on failure (the call that asked fails with SKIRMISH_E_NOMEM and
 * changes nothing). old_size is the size of ptr's block (0 when ptr is
 * NULL). It is called by every call that allocates or frees, the making
 * of a game (skirmish_game_new(), skirmish_game_load(), clone, replay)
 * and skirmish_game_free() included.
 *
 * The game's memory may be moving while it runs: of its game it may call
 * only what reads no array (skirmish_game_errcode(), skirmish_game_errmsg(),
 * skirmish_game_state(), the turn, phase, counts and limits); every other
 * call on that game is refused with SKIRMISH_E_STATE.
 */
typedef void *(*skirmish_alloc_fn)(void *user_data, void *ptr,
				   size_t old_size, size_t new_size);

struct skirmish_event;
/** The event callback. Receives every change, in order, after an action
 * has been applied and committed; the event and what it points to are
 * borrowed for the call. It may read the game (every query, the hash,
 * save, clone, copy from it, replay), but not change it: actions, undo,
 * setters (skirmish_game_set_event_callback() included), odds, legal
 * actions and playouts are refused with SKIRMISH_E_STATE. */
typedef void (*skirmish_event_fn)(void *user_data,
				  const struct skirmish_event *event);

/* ------------------------------------------------------------------ */
/* Game options                                                        */
/* ------------------------------------------------------------------ */

/** The most players a game has, the umpire not counted. */
#define SKIRMISH_MAX_PLAYERS 8

/**
 * How to make a game (skirmish_game_new()). Versioned: start from
 * SKIRMISH_GAME_OPTIONS_INIT or skirmish_game_options_init(). Read during
 * the call only; the game copies what it keeps.
 */
typedef struct skirmish_game_options {
	unsigned int version;     /**< SKIRMISH_GAME_OPTIONS_VERSION */
	int ruleset;              /**< enum skirmish_ruleset; NONE: use ruleset_name */
	const char *ruleset_name; /**< "senso", "sampson" (used when ruleset is NONE) */
	int players;              /**< 2..8, not counting the umpire */
	int umpire;               /**< nonzero: one more player, the umpire (Senso S2) */
	double table_width;       /**< inches, x from 0 to width (2 to 100,000); default 72 */
	double table_depth;       /**< inches, y from 0 to depth (2 to 100,000); default 48 */
	int night;                /**< Senso S12: sight limited to 12" */
	int turn_limit;           /**< 0: none; else the game ends after this game turn;
				   no game goes past game turn 100,000,000 (G9) */
	int ring_removal;         /**< enum skirmish_ring_removal (Senso S5) */
	int melee_ties;           /**< enum skirmish_melee_ties (Senso S10) */
	int die_sides;            /**< Sampson A1: 0 means 6 */
	const int *player_order;  /**< NULL: roll off at start; else `players` ids (copied) */
	uint64_t seed;            /**< seed of the built-in generator */
	skirmish_roll_fn roll;    /**< NULL: the built-in generator */
	void *roll_data;          /**< passed to roll */
	skirmish_alloc_fn alloc;  /**< NULL: malloc/realloc/free */
	void *alloc_data;         /**< passed to alloc */
	skirmish_event_fn event;  /**< NULL: no events */
	void *event_data;         /**< passed to event */
} skirmish_game_options;

/** The version of skirmish_game_options this header describes. */
#define SKIRMISH_GAME_OPTIONS_VERSION 1
/** An initializer for skirmish_game_options with the defaults. */
#define SKIRMISH_GAME_OPTIONS_INIT \
	{ SKIRMISH_GAME_OPTIONS_VERSION, 0, NULL, 2, 0, 72.0, 48.0, 0, 0, 0, 0, 0, \
	  NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL }
/** Fills *options with the defaults of that version (the same as the INIT
 * macro). SKIRMISH_E_INVALID for NULL, SKIRMISH_E_VERSION for a version
 * this library does not know. */
int skirmish_game_options_init(skirmish_game_options *options,
			       unsigned int version);

/* ------------------------------------------------------------------ */
/* The game                                                            */
/* ------------------------------------------------------------------ */

/** A game: opaque, made by skirmish_game_new(), freed by skirmish_game_free(). */
typedef struct skirmish_game skirmish_game;

/**
 * Creates a game in the setup state. On success *out is a new game the
 * caller frees with skirmish_game_free(). On failure *out is NULL and, when
 * error_message is not NULL, the reason is copied into that buffer of
 * error_size bytes (an unknown ruleset name lists the known ones).
 * options is read during the call only (player_order is copied).
 * @return 0, SKIRMISH_E_INVALID (NULL out or options, a value out of
 * range), SKIRMISH_E_VERSION, SKIRMISH_E_UNKNOWN_RULESET or
 * SKIRMISH_E_NOMEM.
 */
int skirmish_game_new(skirmish_game **out, const skirmish_game_options *options,
		      char *error_message, size_t error_size);
/** Frees a game; NULL is a no-op. From inside a callback of the game (or
 * while a clone, copy, replay or playouts of it runs) it does nothing but
 * set the game's error: the game stays valid and a call after the one
 * running the callback frees it. */
void skirmish_game_free(skirmish_game *game);

/** The code of this game's last error (0 when none); SKIRMISH_E_INVALID for
 * NULL. Every call that fails on a game sets it, queries on a const game
 * included; a call on a non-const game that succeeds clears it. */
int skirmish_game_errcode(const skirmish_game *game);
/** The message of this game's last error: borrowed, never NULL ("" when none). */
const char *skirmish_game_errmsg(const skirmish_game *game);

/** The game's enum skirmish_ruleset; SKIRMISH_E_INVALID for NULL. */
int skirmish_game_ruleset(const skirmish_game *game);
/**
 * The game's options as it has them now, into *out (since 0.4): what a
 * game opened with skirmish_game_load() was made with, and what the
 * console and the page show. The caller sets out->version; the library
 * writes only the members of that version (version 1: all of them), so a
 * struct of an older header is safe. The values are the ones the game
 * uses, which may differ from what skirmish_game_new() was given:
 * - ruleset is the enum value and ruleset_name the ruleset's name
 *   (static strings of the library, as skirmish_ruleset_name());
 * - players does not count the umpire; umpire and night are 0 or 1;
 * - table_width and table_depth are the table the game plays on, in
 *   inches as the library keeps them (to the thousandth, G2's rounding);
 * - die_sides is the die the game rolls (6 for a 0 given);
 * - player_order points at the order given at creation, inside the game
 *   (valid until the game is freed or changed by a load or copy into
 *   it), or is NULL when the order is rolled off at the start; it stays
 *   NULL after the start, so that the options make again the game they
 *   made: the order rolled is skirmish_game_player_order()'s;
 * - seed is the seed the game was made with (kept by a save and a load);
 *   skirmish_game_set_seed() reseeds the generator but does not change it;
 * - roll, alloc and event with their user data are the game's callbacks
 *   as set now (NULL for the built-in generator, malloc and no events).
 * A query on a const game: it may be called from inside every callback
 * (doc/API.md). On failure *out is unchanged and the game's error is set.
 * @return 0, SKIRMISH_E_INVALID (NULL game or out) or SKIRMISH_E_VERSION
 * (an out->version this library does not know).
 */
int skirmish_game_get_options(const skirmish_game *game, skirmish_game_options *out);
/** Changes the dice roller (NULL: the built-in generator); 0, SKIRMISH_E_INVALID or
 * SKIRMISH_E_STATE (from inside a callback of the game, as every change). */
int skirmish_game_set_roller(skirmish_game *game, skirmish_roll_fn roll,
			     void *user_data);
/** Changes the event callback (NULL: no events); 0, SKIRMISH_E_INVALID or
 * SKIRMISH_E_STATE (from inside a callback of the game, the event callback
 * itself included). */
int skirmish_game_set_event_callback(skirmish_game *game, skirmish_event_fn event,
				     void *user_data);
/** Reseeds the built-in generator; 0, SKIRMISH_E_INVALID or SKIRMISH_E_STATE
 * (from inside a callback of the game). */
int skirmish_game_set_seed(skirmish_game *game, uint64_t seed);
/**
 * Scripted dice: the next dice come from these values (copied), in order,
 * before the roller is asked again; n == 0 clears the script. While
 * `exclusive` is nonzero, a die asked for after the script has run out fails
 * the action with SKIRMISH_E_DICE (tests and tutorials).
 * @return 0, SKIRMISH_E_INVALID (NULL values with n > 0, a value below 1,
 * n < 0) or SKIRMISH_E_NOMEM.
 */
int skirmish_game_script_dice(skirmish_game *game, const int *values, int n,
			      int exclusive);
/** How many scripted values are still unused; SKIRMISH_E_INVALID for NULL. */
int skirmish_game_script_remaining(const skirmish_game *game);

/*
 * The referee: what must hold after every action (no two bases overlap,
 * G3; contact lists and melee pairs agree with the bases; rings,
 * suppression and phases within their rules; ...), checked by reading the
 * game after each action's effects, before it is committed. Off by
 * default: then it costs one branch an action (doc/PERFORMANCE.md).
 * Since 0.4.0.
 */
/** The referee's modes (skirmish_game_set_referee()). */
enum skirmish_referee_mode {
	SKIRMISH_REFEREE_OFF = 0,      /**< no check (the default) */
	/** an action that breaks an invariant is rolled back whole and fails
	 * with SKIRMISH_E_REFEREE, its message naming the rule broken */
	SKIRMISH_REFEREE_ROLLBACK = 1,
	/** for tests and fuzzers only: a broken invariant writes one line to
	 * stderr and aborts the program, so that a fuzzer sees a crash */
	SKIRMISH_REFEREE_ABORT = 2
};
/**
 * A caller's own invariant, checked with the library's while the referee
 * is on: 0 when it holds; otherwise nonzero, with a sentence saying what
 * broke written into msg (size bytes, NUL-terminated). It reads the game
 * as the action left it, before the action is committed, and may call
 * only what a callback may call (doc/API.md): it may not change the game.
 */
typedef int (*skirmish_invariant_fn)(void *user_data, const skirmish_game *game,
				     char *msg, size_t size);
/** 1 when this build of the library has the referee (the meson option
 * `referee`, on unless disabled), else 0. */
int skirmish_referee_is_available(void);
/**
 * Switches the game's referee (an enum skirmish_referee_mode). A new or
 * loaded game starts with the mode that the environment variable
 * SKIRMISH_REFEREE names ("off", "rollback" or "abort"; absent or anything
 * else: off); a clone keeps its source's. The caller's invariant is kept.
 * @return 0; SKIRMISH_E_INVALID (NULL, an unknown mode), SKIRMISH_E_UNSUPPORTED
 * (a mode other than off, in a build without the referee), SKIRMISH_E_STATE
 * (from inside a callback of the game).
 */
int skirmish_game_set_referee(skirmish_game *game, int mode);
/** The game's referee mode (enum skirmish_referee_mode); SKIRMISH_E_INVALID for NULL. */
int skirmish_game_get_referee(const skirmish_game *game);
/**
 * Adds the caller's own invariant to the referee's (NULL: none); a clone
 * keeps it. It runs only while the referee is on.
 * @return 0; SKIRMISH_E_INVALID (NULL game), SKIRMISH_E_UNSUPPORTED (fn not
 * NULL, in a build without the referee), SKIRMISH_E_STATE (from inside a
 * callback of the game).
 */
int skirmish_game_set_invariant(skirmish_game *game, skirmish_invariant_fn fn,
				void *user_data);
/** @} */

/* ------------------------------------------------------------------ */
/* Figures                                                             */
/* ------------------------------------------------------------------ */
/** @addtogroup setup
 * @{
 */

/** Bytes of a figure's or objective's name, with its terminator (longer: SKIRMISH_E_INVALID). */
#define SKIRMISH_NAME_MAX 24

/**
 * A figure to add (skirmish_game_add_figure()). Versioned: start from
 * SKIRMISH_FIGURE_SPEC_INIT or skirmish_figure_spec_init(). Read during
 * the call only.
 */
typedef struct skirmish_figure_spec {
	unsigned int version;     /**< SKIRMISH_FIGURE_SPEC_VERSION */
	int player;               /**< 0..players-1, or `players` for the umpire */
	const char *name;         /**< copied; NULL or "": "#<id>" */
	/** centre of the base, inches @{ */
	double x, y;
	/** @} */
	double facing;            /**< degrees */
	double base_width;        /**< 0: the default (G2), whatever base_depth is */
	double base_depth;        /**< along the facing; 0: the default, whatever base_width is */
	int mounted;              /**< a rider (Senso mounted, Sampson rider) */
	int dv;                   /**< Senso S1: 4, 6, 8, 10 or 12 */
	int melee_weapon;         /**< enum skirmish_melee_weapon */
	int missile_weapon;       /**< enum skirmish_missile_weapon */
	int armour;               /**< armoured */
	int shield;               /**< Sampson: carries a shield */
	int martial_arts;         /**< Senso: trained in martial arts */
	int unloaded;             /**< Senso S8: the arquebus starts unloaded */
} skirmish_figure_spec;

/** The version of skirmish_figure_spec this header describes. */
#define SKIRMISH_FIGURE_SPEC_VERSION 1
/** An initializer for skirmish_figure_spec with the defaults. */
#define SKIRMISH_FIGURE_SPEC_INIT \
	{ SKIRMISH_FIGURE_SPEC_VERSION, 0, NULL, 0.0, 0.0, 0.0, 0.0, 0.0, \
	  0, 0, 0, 0, 0, 0, 0, 0 }
/** Fills *spec with the defaults of that version (the same as the INIT
 * macro). SKIRMISH_E_INVALID for NULL, SKIRMISH_E_VERSION for a version
 * this library does not know. */
int skirmish_figure_spec_init(skirmish_figure_spec *spec, unsigned int version);

/** Senso "example skill levels" as presets (S1). */
enum skirmish_preset {
	SKIRMISH_PRESET_FENCING_INSTRUCTOR = 0, /**< d4, sword */
	SKIRMISH_PRESET_NINJA = 1,              /**< d4, martial arts, shuriken */
	SKIRMISH_PRESET_SAMURAI = 2,            /**< d6, sword, bow, armoured */
	SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED = 3, /**< d6, mounted, yari, armoured */
	SKIRMISH_PRESET_MONK = 4,               /**< d8, naginata */
	SKIRMISH_PRESET_ASHIGARU_BOW = 5,       /**< d8, short sword, bow, armoured */
	SKIRMISH_PRESET_ASHIGARU_ARQUEBUS = 6,  /**< d10, short sword, arquebus, armoured */
	SKIRMISH_PRESET_ASHIGARU_YARI = 7,      /**< d10, yari, armoured */
	SKIRMISH_PRESET_PEASANT = 8             /**< d12, wooden weapon, unarmoured */
};
/** The number of enum skirmish_preset values. */
#define SKIRMISH_PRESET_COUNT 9
/** Fills the equipment and DV of a spec from a preset; keeps the rest.
 * SKIRMISH_E_INVALID for a NULL spec or an unknown preset. */
int skirmish_figure_spec_preset(skirmish_figure_spec *spec, int preset);
/** A preset's name, such as "ashigaru bow" (static); NULL for an unknown preset. */
const char *skirmish_preset_name(int preset);

/**
 * Adds a figure (setup state only). *out_id receives its id; ids count
 * from 0 in the order figures are added. A game holds up to 10,000,000
 * figures (SKIRMISH_E_LIMIT past that). spec is read during the call only
 * (the name is copied); out_id may be NULL.
 * @return 0, SKIRMISH_E_INVALID (a NULL game or spec, a value out of
 * range, a name too long, a base where it may not stand),
 * SKIRMISH_E_VERSION, SKIRMISH_E_NO_PLAYER, SKIRMISH_E_STATE (after the
 * start), SKIRMISH_E_LIMIT or SKIRMISH_E_NOMEM.
 */
int skirmish_game_add_figure(skirmish_game *game, const skirmish_figure_spec *spec,
			     int *out_id);

/**
 * A figure as it is now (skirmish_game_figure()). Versioned: set version
 * (SKIRMISH_FIGURE_INFO_INIT) before the call.
 */
typedef struct skirmish_figure_info {
	unsigned int version;     /**< SKIRMISH_FIGURE_INFO_VERSION */
	int id;                   /**< the figure's id */
	int player;               /**< its player's id */
	const char *name;         /**< borrowed */
	/** the centre of the base (inches) and the facing (degrees) @{ */
	double x, y, facing;
	/** @} */
	/** the base's size, inches (depth along the facing) @{ */
	double base_width, base_depth;
	/** @} */
	int mounted;              /**< a rider */
	int dv;                   /**< Senso S1: the die it rolls */
	/** enum skirmish_melee_weapon and enum skirmish_missile_weapon @{ */
	int melee_weapon, missile_weapon;
	/** @} */
	/** nonzero: armoured, carries a shield, trained in martial arts @{ */
	int armour, shield, martial_arts;
	/** @} */
	int loaded;               /**< missile weapon ready (an arquebus may not be) */
	int is_horse;             /**< a riderless horse left by dismounting (S9) */
	int removed;              /**< killed or removed from play */
	int rings;                /**< Senso */
	int suppressed;           /**< Sampson: may not move in its next turn */
	int in_melee;             /**< in base contact with an enemy */
	int melee_id;             /**< Sampson: the melee it belongs to, or -1 */
	int acted;                /**< has used its action (Senso) / moved (Sampson) */
	int shot;                 /**< has shot this turn */
	int can_act;              /**< may still take an action now */
	double move_left;         /**< inches of movement left this turn */
	double elevation;         /**< height of the hill it stands on */
} skirmish_figure_info;

/** The version of skirmish_figure_info this header describes. */
#define SKIRMISH_FIGURE_INFO_VERSION 1
/** An initializer for skirmish_figure_info. */
#define SKIRMISH_FIGURE_INFO_INIT { SKIRMISH_FIGURE_INFO_VERSION, 0, 0, NULL, \
	0.0, 0.0, 0.0, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, \
	0.0, 0.0 }

/** Number of figures ever added (ids are 0..count-1, removed ones included);
 * SKIRMISH_E_INVALID for NULL. */
int skirmish_game_figure_count(const skirmish_game *game);
/** Reads a figure (removed figures too) into *out, whose version must be set.
 * The name is borrowed. SKIRMISH_E_INVALID, SKIRMISH_E_VERSION or
 * SKIRMISH_E_NO_FIGURE. */
int skirmish_game_figure(const skirmish_game *game, int figure,
			 skirmish_figure_info *out);
/** Ids of the enemies in base contact with a figure, up to max into ids;
 * *count gets how many there are (possibly more than max).
 * SKIRMISH_E_INVALID or SKIRMISH_E_NO_FIGURE. */
int skirmish_game_figure_contacts(const skirmish_game *game, int figure,
				  int *ids, int max, int *count);
/** The number of a player's figures still in play; SKIRMISH_E_INVALID for
 * NULL, SKIRMISH_E_NO_PLAYER for an unknown player. */
int skirmish_game_player_figures(const skirmish_game *game, int player);

/* ------------------------------------------------------------------ */
/* Terrain                                                             */
/* ------------------------------------------------------------------ */

/** What a terrain piece is, as bits of skirmish_terrain_spec.flags. */
enum skirmish_terrain_flag {
	SKIRMISH_TERRAIN_ROUGH = 1 << 0,        /**< Senso rough, Sampson bad going */
	SKIRMISH_TERRAIN_COVER = 1 << 1,        /**< gives cover (Senso S6) */
	SKIRMISH_TERRAIN_BLOCKS_SIGHT = 1 << 2, /**< blocks sight through it (G5) */
	SKIRMISH_TERRAIN_OBSTACLE = 1 << 3,     /**< wall, fence, window */
	SKIRMISH_TERRAIN_WATER = 1 << 4,        /**< water */
	SKIRMISH_TERRAIN_CLIMB = 1 << 5,        /**< must be climbed */
	SKIRMISH_TERRAIN_IMPASSABLE = 1 << 6,   /**< no move may enter it */
	SKIRMISH_TERRAIN_HILL = 1 << 7          /**< with a height */
};

/** The outline of a terrain piece, for skirmish_terrain_spec.shape. */
enum skirmish_shape {
	SKIRMISH_SHAPE_RECT = 0,      /**< centre x, y; width, depth; angle */
	SKIRMISH_SHAPE_POLYGON = 1,   /**< convex, 3..SKIRMISH_POLYGON_MAX points */
	SKIRMISH_SHAPE_CIRCLE = 2     /**< centre x, y; radius (a 32-gon inside) */
};

/** The most points of a polygon piece (and of a piece's outline). */
#define SKIRMISH_POLYGON_MAX 32

/**
 * A terrain piece to place (skirmish_game_add_terrain()). Versioned: start
 * from SKIRMISH_TERRAIN_SPEC_INIT or skirmish_terrain_spec_init(). Read
 * during the call only.
 */
typedef struct skirmish_terrain_spec {
	unsigned int version;     /**< SKIRMISH_TERRAIN_SPEC_VERSION */
	int shape;                /**< enum skirmish_shape */
	const char *name;         /**< copied */
	unsigned int flags;       /**< enum skirmish_terrain_flag */
	double height;            /**< hills: inches */
	double move_penalty;      /**< Sampson A3: inches lost by a move entering it */
	/** rect and circle centre @{ */
	double x, y;
	/** @} */
	/** rect size, as a figure's base: depth runs along the angle, width
	 * across it (at angle 0, depth along x, width along y) @{ */
	double width, depth;
	/** @} */
	double angle;             /**< rect rotation, degrees */
	double radius;            /**< circle */
	int npoints;              /**< polygon */
	const double *points;     /**< polygon: x0, y0, x1, y1, ... (copied) */
} skirmish_terrain_spec;

/** The version of skirmish_terrain_spec this header describes. */
#define SKIRMISH_TERRAIN_SPEC_VERSION 1
/** An initializer for skirmish_terrain_spec with the defaults. */
#define SKIRMISH_TERRAIN_SPEC_INIT { SKIRMISH_TERRAIN_SPEC_VERSION, 0, NULL, 0u, \
	0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0, NULL }
/** Fills *spec with the defaults of that version (the same as the INIT
 * macro). SKIRMISH_E_INVALID for NULL, SKIRMISH_E_VERSION for a version
 * this library does not know. */
int skirmish_terrain_spec_init(skirmish_terrain_spec *spec, unsigned int version);

/** Places a terrain piece (setup only); *out_id receives its id, counting
 * from 0. SKIRMISH_E_INVALID for a bad shape (not convex, no area, off the
 * 100,000" limit, unknown flags), SKIRMISH_E_STATE after the start,
 * SKIRMISH_E_LIMIT past the library's limit of pieces, SKIRMISH_E_NOMEM;
 * SKIRMISH_E_BLOCKED (since 0.2) for a Senso obstacle over a figure set up
 * already (S16). */
int skirmish_game_add_terrain(skirmish_game *game,
			      const skirmish_terrain_spec *spec, int *out_id);
/** Number of terrain pieces (ids 0..count-1); SKIRMISH_E_INVALID for NULL. */
int skirmish_game_terrain_count(const skirmish_game *game);
/** A piece's flags, name (borrowed), height and outline: up to max points as
 * x, y pairs into xy (2 * max doubles); *npoints gets the number of points.
 * SKIRMISH_E_INVALID for a NULL game, an unknown piece or bad buffers. */
int skirmish_game_terrain(const skirmish_game *game, int terrain,
			  unsigned int *flags, const char **name, double *height,
			  double *xy, int max, int *npoints);
/** Since 0.4. The obstacle a terrain piece is part of, named by its lowest
 * piece id (G17: obstacle pieces that touch or overlap are one obstacle,
 * for crossing, contact across and the shooter's lines): that id, which is
 * the piece's own when it touches no lower obstacle piece, or is no
 * obstacle. SKIRMISH_E_INVALID for a NULL game or an unknown piece. */
int skirmish_game_terrain_obstacle(const skirmish_game *game, int terrain);

/* ------------------------------------------------------------------ */
/* Objectives (scenarios: the Senso preface's pigs, wine and gunpowder) */
/* ------------------------------------------------------------------ */

/** The most objectives a game has. */
#define SKIRMISH_MAX_OBJECTIVES 16

/** A table edge (skirmish_game_set_exit_edge()). */
enum skirmish_edge {
	SKIRMISH_EDGE_NONE = 0,         /**< no edge */
	SKIRMISH_EDGE_SOUTH = 1,        /**< y = 0 */
	SKIRMISH_EDGE_NORTH = 2,        /**< y = table depth */
	SKIRMISH_EDGE_WEST = 3,         /**< x = 0 */
	SKIRMISH_EDGE_EAST = 4          /**< x = table width */
};

/** Where an objective is (skirmish_game_objective()). */
enum skirmish_objective_state {
	SKIRMISH_OBJECTIVE_ON_TABLE = 0,  /**< lying on the table */
	SKIRMISH_OBJECTIVE_CARRIED = 1,   /**< carried by a figure */
	SKIRMISH_OBJECTIVE_OFF_TABLE = 2  /**< carried off: scored by `player` */
};

/**
 * Places an objective marker, a 1" counter centred at (x, y) (setup only).
 * A figure picks it up by ending a move in base contact with it, carries
 * it, and drops it where it is removed from play (rulings O1-O3,
 * doc/rules/objectives.md). The name is copied; out_id may be NULL.
 * @return 0, SKIRMISH_E_INVALID, SKIRMISH_E_STATE (after the start),
 * SKIRMISH_E_LIMIT (past SKIRMISH_MAX_OBJECTIVES) or SKIRMISH_E_NOMEM.
 */
int skirmish_game_add_objective(skirmish_game *game, const char *name, double x,
				double y, int *out_id);
/**
 * Victory by carrying an objective off a table edge (O4): a figure of the
 * player that ends a move carrying an objective with its base touching
 * that edge leaves the table with it, and the player wins, unless after
 * the move and any fight it caused it still touches an enemy (O7). Setup
 * only; SKIRMISH_EDGE_NONE clears it. The umpire never wins (G16): giving
 * it an edge is SKIRMISH_E_INVALID with a message naming G16, and its
 * figures never pick up an objective. SKIRMISH_E_INVALID,
 * SKIRMISH_E_NO_PLAYER or SKIRMISH_E_STATE.
 */
int skirmish_game_set_exit_edge(skirmish_game *game, int player, int edge);
/** The player's exit edge (enum skirmish_edge; SKIRMISH_EDGE_NONE when it
 * has none, the umpire always) into *edge, as skirmish_game_set_exit_edge()
 * left it (since 0.4). A query on a const game, allowed from inside every
 * callback. SKIRMISH_E_INVALID (NULL game or edge) or SKIRMISH_E_NO_PLAYER
 * (a player the game does not have, the umpire counted); on failure *edge
 * is unchanged. */
int skirmish_game_get_exit_edge(const skirmish_game *game, int player, int *edge);
/** The number of objectives (ids 0..count-1); SKIRMISH_E_INVALID for NULL. */
int skirmish_game_objective_count(const skirmish_game *game);
/** An objective's state (enum skirmish_objective_state), carrier (or -1),
 * scoring player (or -1), position (the carrier's while carried) and name
 * (borrowed); any output pointer may be NULL. SKIRMISH_E_INVALID for a NULL
 * game or an unknown objective. */
int skirmish_game_objective(const skirmish_game *game, int objective, int *state,
			    int *carrier, int *player, double *x, double *y,
			    const char **name);

/** @} */

/* ------------------------------------------------------------------ */
/* Geometry queries (G1-G5)                                            */
/* ------------------------------------------------------------------ */
/** @addtogroup queries
 * @{
 */

/** Edge-to-edge distance between two figures' bases, inches, into *out.
 * Like every query below: 0, SKIRMISH_E_INVALID (NULL game or out) or
 * SKIRMISH_E_NO_FIGURE. */
int skirmish_game_distance(const skirmish_game *game, int a, int b, double *out);
/** Whether a sees b (G5; Senso night: within 12"), 0 or 1 into *out. */
int skirmish_game_can_see(const skirmish_game *game, int a, int b, int *out);
/** Whether b is in cover from a (Senso S6) / behind an obstacle (Sampson A5),
 * 0 or 1 into *out. */
int skirmish_game_in_cover(const skirmish_game *game, int a, int b, int *out);
/** Why one figure does not see another (skirmish_sight.reason, since 0.4). */
enum skirmish_sight_reason {
	SKIRMISH_SIGHT_SEEN = 0,        /**< it sees */
	SKIRMISH_SIGHT_TERRAIN = 1,     /**< terrain that blocks sight lies between (G5);
					     figures never block sight */
	SKIRMISH_SIGHT_NIGHT = 2        /**< at night, further than 12" (Senso S12) */
};

/** What one figure sees of another, and why not (since 0.4). */
typedef struct skirmish_sight {
	unsigned int version;     /**< SKIRMISH_SIGHT_VERSION */
	int visible;              /**< 1: a sees b, as skirmish_game_can_see() says */
	int reason;               /**< enum skirmish_sight_reason */
	int terrain;              /**< SKIRMISH_SIGHT_TERRAIN: the blocking piece of
				     lowest id; else -1 */
	int cover;                /**< as skirmish_game_in_cover() says */
	double distance;          /**< edge to edge, inches (G1) */
} skirmish_sight;

/** The version of skirmish_sight this header describes. */
#define SKIRMISH_SIGHT_VERSION 1
/** An initializer for skirmish_sight. */
#define SKIRMISH_SIGHT_INIT { SKIRMISH_SIGHT_VERSION, 0, 0, -1, 0, 0.0 }

/**
 * Whether a sees b and, when it does not, why: the piece of terrain that
 * blocks the line of sight (G5), or the night (Senso S12); with the
 * distance and whether b is in cover from a, so that a front end answers
 * "can he shoot that man, and if not why" in one call (since 0.4). The
 * caller sets out->version; the figures may be removed from play, as for
 * skirmish_game_can_see(). 0, SKIRMISH_E_INVALID (NULL game or out),
 * SKIRMISH_E_VERSION or SKIRMISH_E_NO_FIGURE; nothing changes.
 */
int skirmish_game_sight(const skirmish_game *game, int a, int b,
			skirmish_sight *out);
/**
 * A figure's missile weapon's ranges, inches, edge to edge (G1), from the
 * ruleset's own table (Senso S6: short and long; Sampson A5: one range,
 * given as long, short 0): 0 and 0 for a figure with no missile weapon
 * (since 0.4). Whether it is loaded or may shoot now is not asked. 0,
 * SKIRMISH_E_INVALID (NULL game or out) or SKIRMISH_E_NO_FIGURE.
 */
int skirmish_game_weapon_ranges(const skirmish_game *game, int figure,
				double *short_range, double *long_range);
/** The cost of moving a figure along a path now, inches of allowance
 * (rough terrain counted per the ruleset). It does not say whether the
 * move is allowed: skirmish_game_check_action() does. */
int skirmish_game_path_cost(const skirmish_game *game, int figure,
			    const double *xy, int npoints, double *out);

/* ------------------------------------------------------------------ */
/* Turns                                                               */
/* ------------------------------------------------------------------ */

/** What an action did (struct skirmish_result). */
typedef struct skirmish_result skirmish_result;

/** Ends setup: decides the player order (rolling off if none was given,
 * S2/A2; the dice are in the result) and starts turn 1. out may be NULL.
 * SKIRMISH_E_INVALID, SKIRMISH_E_VERSION, SKIRMISH_E_STATE (not in setup),
 * SKIRMISH_E_DICE or SKIRMISH_E_NOMEM. */
int skirmish_game_start(skirmish_game *game, skirmish_result *out);

/** The enum skirmish_game_state. Each of the getters below returns
 * SKIRMISH_E_INVALID for a NULL game. */
int skirmish_game_state(const skirmish_game *game);
/** The game turn, from 1. */
int skirmish_game_turn(const skirmish_game *game);
/** The player whose turn it is; -1 unless playing. */
int skirmish_game_active_player(const skirmish_game *game);
/** The enum skirmish_phase. */
int skirmish_game_phase(const skirmish_game *game);
/** The number of players, the umpire included. */
int skirmish_game_player_count(const skirmish_game *game);
/** The umpire's player id, or -1. */
int skirmish_game_umpire(const skirmish_game *game);
/** The order of play: up to max player ids into out; returns how many players,
 * or SKIRMISH_E_INVALID. */
int skirmish_game_player_order(const skirmish_game *game, int *out, int max);
/** The winner: -1 while playing or when the game ended without a single winner. */
int skirmish_game_winner(const skirmish_game *game);

/** @} */

/* ------------------------------------------------------------------ */
/* Results                                                             */
/* ------------------------------------------------------------------ */
/** @addtogroup results
 * @{
 */

/** The kinds of action (skirmish_result.action, skirmish_action.kind). */
enum skirmish_action_kind {
	SKIRMISH_ACTION_NONE = 0,       /**< no action */
	SKIRMISH_ACTION_START = 1,      /**< skirmish_game_start() */
	SKIRMISH_ACTION_MOVE = 2,       /**< skirmish_move() */
	SKIRMISH_ACTION_SHOOT = 3,      /**< skirmish_shoot() */
	SKIRMISH_ACTION_RELOAD = 4,     /**< skirmish_reload() */
	SKIRMISH_ACTION_FIGHT = 5,      /**< skirmish_fight() */
	SKIRMISH_ACTION_MOUNT = 6,      /**< skirmish_mount() */
	SKIRMISH_ACTION_DISMOUNT = 7,   /**< skirmish_dismount() */
	SKIRMISH_ACTION_TURN = 8,       /**< skirmish_turn() */
	SKIRMISH_ACTION_END_PHASE = 9,  /**< skirmish_end_phase() */
	SKIRMISH_ACTION_END_TURN = 10,  /**< skirmish_end_turn() */
	SKIRMISH_ACTION_CHARGE = 11     /**< only in skirmish_action: a move into contact */
};
/** An action kind's name, such as "shoot" (static); NULL for an unknown kind. */
const char *skirmish_action_name(int action);

/** What an action decided (skirmish_result.outcome). */
enum skirmish_outcome {
	SKIRMISH_OUTCOME_NONE = 0,      /**< nothing to decide (a move, a reload) */
	SKIRMISH_OUTCOME_MISS = 1,      /**< a shot with no effect */
	SKIRMISH_OUTCOME_HIT = 2,       /**< Senso: one ring */
	SKIRMISH_OUTCOME_KILL = 3,      /**< the target (or the loser of a melee) is killed */
	SKIRMISH_OUTCOME_HORSE_KILLED = 4, /**< Senso S7 */
	SKIRMISH_OUTCOME_SUPPRESSED = 5,   /**< Sampson A5 */
	SKIRMISH_OUTCOME_ATTACKER_WINS = 6, /**< melee: the acting side won */
	SKIRMISH_OUTCOME_DEFENDER_WINS = 7, /**< melee: the other side won */
	SKIRMISH_OUTCOME_PUSHED_BACK = 8,  /**< Sampson: the loser was pushed */
	SKIRMISH_OUTCOME_STANDOFF = 9      /**< equal scores, nobody harmed */
};
/** An outcome's name, such as "kill" (static); NULL for an unknown outcome. */
const char *skirmish_outcome_name(int outcome);

/** What a die was rolled for (skirmish_die.purpose). */
enum skirmish_roll_purpose {
	SKIRMISH_ROLL_ORDER = 0,        /**< rolling off for the order of play */
	SKIRMISH_ROLL_SHOOT = 1,        /**< the shooter's roll */
	SKIRMISH_ROLL_SAVE = 2,         /**< Sampson: the target's roll against a missile */
	SKIRMISH_ROLL_HORSE = 3,        /**< Senso S7: odd kills the horse */
	SKIRMISH_ROLL_MELEE = 4         /**< a side's roll in a melee */
};

/** One die rolled by an action (skirmish_result.dice). */
typedef struct skirmish_die {
	int figure;               /**< who rolled (-1 for a player) */
	int player;               /**< the player of who rolled */
	int sides;                /**< the die's sides: 6 for a d6 */
	int value;                /**< what it showed, 1..sides */
	int purpose;              /**< enum skirmish_roll_purpose */
	int side;                 /**< 0: the acting side, 1: the other side */
	int round;                /**< melee: 0 and up with re-rolls */
} skirmish_die;

/** Why a score was modified (skirmish_modifier.source); the rule is in
 * skirmish_modifier.rule. */
enum skirmish_modifier_source {
	SKIRMISH_MOD_COVER = 1,          /**< the target is in cover */
	SKIRMISH_MOD_MOUNTED_TARGET = 2, /**< the target is mounted */
	SKIRMISH_MOD_ARQUEBUS = 3,       /**< shooting an arquebus */
	SKIRMISH_MOD_SHORT_RANGE = 4,    /**< the target is at short range */
	SKIRMISH_MOD_UNARMOURED = 5,     /**< an unarmoured target */
	SKIRMISH_MOD_UNARMED = 6,        /**< fighting unarmed */
	SKIRMISH_MOD_MARTIAL_ARTS = 7,   /**< trained in martial arts */
	SKIRMISH_MOD_LIGHT_WEAPON = 8,   /**< dagger, short sword, wooden weapon */
	SKIRMISH_MOD_OUTNUMBERED = 9,    /**< outnumbered */
	SKIRMISH_MOD_FOOT_VS_MOUNTED = 10, /**< on foot against a rider */
	SKIRMISH_MOD_DEFENDING_COVER = 11, /**< defending from cover */
	SKIRMISH_MOD_WEAPON = 12,        /**< Sampson weapon die modifier */
	SKIRMISH_MOD_SHIELD = 13,        /**< carries a shield */
	SKIRMISH_MOD_ARMOUR = 14,        /**< wears armour */
	SKIRMISH_MOD_OBSTACLE = 15,      /**< intervening obstacle */
	SKIRMISH_MOD_UPHILL = 16,        /**< uphill */
	SKIRMISH_MOD_DEFENDING_OBSTACLE = 17, /**< defending an obstacle */
	SKIRMISH_MOD_LONGER_WEAPON = 18, /**< the longer weapon */
	SKIRMISH_MOD_MOVED_INTO_CONTACT = 19, /**< moved into contact this turn */
	SKIRMISH_MOD_COMRADE = 20        /**< a comrade assisting */
};
/** "target in cover", ...; NULL for an unknown source (static strings). */
const char *skirmish_modifier_name(int source);

/** One modifier applied to a score (skirmish_result.modifiers). */
typedef struct skirmish_modifier {
	int figure;               /**< whose score it modifies */
	int side;                 /**< 0: acting side, 1: other side */
	int value;                /**< what it adds to the score (negative: takes away) */
	int source;               /**< enum skirmish_modifier_source */
	const char *rule;         /**< static rule id, e.g. "S6" */
} skirmish_modifier;

/** What happened to a figure, a player or the game (skirmish_effect.kind). */
enum skirmish_effect_kind {
	SKIRMISH_EFFECT_MOVED = 1,        /**< from (x0,y0,facing0) to (x1,y1,facing1) */
	SKIRMISH_EFFECT_TURNED = 2,       /**< turned on the spot: facing0 to facing1 */
	SKIRMISH_EFFECT_RINGS = 3,        /**< value: rings added (+) or removed (-) */
	SKIRMISH_EFFECT_KILLED = 4,       /**< killed: out of play */
	SKIRMISH_EFFECT_REMOVED = 5,      /**< removed from play (two rings, S5) */
	SKIRMISH_EFFECT_HORSE_KILLED = 6, /**< its horse is killed (Senso S7) */
	SKIRMISH_EFFECT_DISMOUNTED = 7,   /**< other: the horse marker, or -1; of a figure
					       out of play: its horse stays (Senso S28) */
	SKIRMISH_EFFECT_MOUNTED = 8,      /**< other: the horse marker taken */
	SKIRMISH_EFFECT_SUPPRESSED = 9,   /**< suppressed (Sampson A5) */
	SKIRMISH_EFFECT_SUPPRESSION_ENDS = 10, /**< no longer suppressed (Sampson A6) */
	SKIRMISH_EFFECT_PUSHED_BACK = 11, /**< value: thousandths of an inch moved (since
					       0.2; 0.1: asked); from/to; other: -1, or the
					       friend ahead whose push it gives ground with
					       (Sampson A27) */
	SKIRMISH_EFFECT_RELOADED = 12,    /**< the arquebus is loaded (Senso S8) */
	SKIRMISH_EFFECT_UNLOADED = 13,    /**< the arquebus was fired (Senso S8) */
	SKIRMISH_EFFECT_MELEE_JOINED = 14, /**< other: the enemy engaged; value: the melee
					       (Sampson A26: the pair of the two) */
	SKIRMISH_EFFECT_MELEE_LEFT = 15,  /**< no longer in a melee; other: the enemy of the
					       pair that ended (A26), or -1 */
	SKIRMISH_EFFECT_TURN_STARTS = 16, /**< player: whose turn; value: game turn */
	SKIRMISH_EFFECT_PHASE_STARTS = 17, /**< value: enum skirmish_phase */
	SKIRMISH_EFFECT_GAME_OVER = 18,   /**< player: winner or -1 */
	SKIRMISH_EFFECT_ORDER = 19,       /**< player: value-th in the order of play */
	SKIRMISH_EFFECT_OBJECTIVE_TAKEN = 20,   /**< other: the objective */
	SKIRMISH_EFFECT_OBJECTIVE_DROPPED = 21, /**< other: the objective; at (x1, y1) */
	SKIRMISH_EFFECT_OBJECTIVE_OFF = 22,     /**< carried off the table: figure leaves play */
	/** Since 0.2. A fight begins (Senso S27: a move touching figures of
	 * several enemy players fights each in turn): figure and other roll
	 * for the acting and the other side; player: the player fought;
	 * value: the index in skirmish_result.modifiers of the fight's first
	 * modifier. */
	SKIRMISH_EFFECT_FIGHT = 23,
	/** Since 0.2. Sampson A26: figure fights as a comrade assisting other
	 * (a protagonist), +1 to its side, and has fought for the phase. */
	SKIRMISH_EFFECT_ASSISTS = 24,
	/** Since 0.4. Sampson A9, A21, A31, A32: figure's push (with its file's,
	 * A27) went less far than the distance asked, and this says why:
	 * value, what stopped it (enum skirmish_push_stop); other, the figure
	 * whose base, or the terrain piece that, stopped it (-1 for the
	 * table's edge); (x0, y0), where the push would have taken it;
	 * (x1, y1), where it stopped. It follows the figure's
	 * SKIRMISH_EFFECT_PUSHED_BACK. */
	SKIRMISH_EFFECT_PUSH_STOPPED = 25
};

/** Since 0.4. What stopped a push short (SKIRMISH_EFFECT_PUSH_STOPPED's
 * value; Sampson A9, A21, A31, A32). */
enum skirmish_push_stop {
	SKIRMISH_STOP_BASE = 1,       /**< another base: other is the figure */
	SKIRMISH_STOP_IMPASSABLE = 2, /**< impassable ground: other is the piece */
	SKIRMISH_STOP_OBSTACLE = 3,   /**< an obstacle, never crossed (A31): other is the piece */
	SKIRMISH_STOP_TABLE_EDGE = 4, /**< the table's edge: other is -1 */
	SKIRMISH_STOP_HOLDS = 5       /**< a friend of the file in base contact with an
				           enemy holds its ground (A32): other is it */
};
/** An effect kind's name, such as "killed" (static); NULL for an unknown kind. */
const char *skirmish_effect_name(int kind);

/** One effect of an action (skirmish_result.effects); what each member means
 * depends on the kind (enum skirmish_effect_kind). */
typedef struct skirmish_effect {
	int kind;                 /**< enum skirmish_effect_kind */
	int figure;               /**< -1 when about a player or the game */
	int other;                /**< a second figure, or -1 */
	int player;               /**< the player it is about, or the figure's */
	int value;                /**< a number, by kind */
	/** where and how the figure stood before (inches, degrees) @{ */
	double x0, y0, facing0;
	/** @} */
	/** where and how it stands after @{ */
	double x1, y1, facing1;
	/** @} */
	const char *rule;         /**< static rule id */
} skirmish_effect;

/**
 * What an action did. The arrays are borrowed from the game and valid until
 * its next action. version must be set (SKIRMISH_RESULT_INIT) before a call
 * that fills it; a NULL result is allowed wherever one is asked for.
 */
struct skirmish_result {
	unsigned int version;     /**< SKIRMISH_RESULT_VERSION */
	int action;               /**< enum skirmish_action_kind */
	int figure;               /**< the acting figure, or -1 */
	int target;               /**< the target, or -1 */
	int outcome;              /**< enum skirmish_outcome */
	int player;               /**< the active player when it was taken */
	double distance;          /**< shots: edge-to-edge inches; else 0 */
	int score[2];             /**< final totals of side 0 and side 1 */
	int ndice;                /**< the number of dice */
	const skirmish_die *dice; /**< every die rolled, in order (borrowed) */
	int nmodifiers;           /**< the number of modifiers */
	const skirmish_modifier *modifiers; /**< every modifier applied (borrowed) */
	int neffects;             /**< the number of effects */
	const skirmish_effect *effects; /**< every effect, in order (borrowed) */
	const char *text;         /**< the English sentence (borrowed) */
};

/** The version of skirmish_result this header describes. */
#define SKIRMISH_RESULT_VERSION 1
/** An initializer for skirmish_result. */
#define SKIRMISH_RESULT_INIT { SKIRMISH_RESULT_VERSION, 0, -1, -1, 0, -1, 0.0, \
	{ 0, 0 }, 0, NULL, 0, NULL, 0, NULL, NULL }
/** Fills *result with the defaults of that version (the same as the INIT
 * macro). SKIRMISH_E_INVALID for NULL, SKIRMISH_E_VERSION for a version
 * this library does not know. */
int skirmish_result_init(skirmish_result *result, unsigned int version);

/** The last successful action's result, again, into *out (borrowed arrays).
 * SKIRMISH_E_INVALID, SKIRMISH_E_VERSION, or SKIRMISH_E_STATE when there
 * is none. */
int skirmish_game_last_result(const skirmish_game *game, skirmish_result *out);
/**
 * Writes the English sentence of a result of this game into buf (always
 * terminated when size > 0); returns the length it needed, as snprintf,
 * or a negative status: SKIRMISH_E_INVALID (NULL game or result, NULL buf
 * with size > 0, counts and arrays that disagree, or an index the sentence
 * would read that is not this game's: the figure, the target, a die's or
 * modifier's figure or side, an effect's figure or other, an objective
 * effect's objective, a fight's first modifier; since 0.4, a figure of -1
 * in a result of an action a figure takes: a move, shot, reload, fight,
 * mount, dismount or turn), SKIRMISH_E_VERSION or
 * SKIRMISH_E_STATE (from inside the game's allocator).
 */
int skirmish_game_describe(const skirmish_game *game, const skirmish_result *result,
			   char *buf, size_t size);

/* ------------------------------------------------------------------ */
/* Events                                                              */
/* ------------------------------------------------------------------ */

/** What an event carries (skirmish_event.kind). */
enum skirmish_event_kind {
	SKIRMISH_EVENT_DIE = 1,           /**< a die rolled: skirmish_event.die */
	SKIRMISH_EVENT_MODIFIER = 2,      /**< a modifier applied: skirmish_event.modifier */
	SKIRMISH_EVENT_EFFECT = 3,        /**< an effect: skirmish_event.effect */
	SKIRMISH_EVENT_RESULT = 4         /**< last: the whole result */
};

/** One event, given to the event callback; every pointer is borrowed for
 * the call only, the one of its kind set and the others NULL. */
typedef struct skirmish_event {
	int kind;                         /**< enum skirmish_event_kind */
	const skirmish_die *die;          /**< SKIRMISH_EVENT_DIE */
	const skirmish_modifier *modifier;/**< SKIRMISH_EVENT_MODIFIER */
	const skirmish_effect *effect;    /**< SKIRMISH_EVENT_EFFECT */
	const skirmish_result *result;    /**< SKIRMISH_EVENT_RESULT */
} skirmish_event;

/** @} */

/* ------------------------------------------------------------------ */
/* Actions                                                             */
/* ------------------------------------------------------------------ */

/** A facing that means "keep the figure's facing" (any negative value does). */
#define SKIRMISH_FACING_KEEP (-1.0)

/**
 * @defgroup actions Actions
 * Moving, shooting, fighting and ending turns.
 *
 * Errors of every action below: SKIRMISH_E_INVALID (NULL game or bad
 * argument), SKIRMISH_E_VERSION (out's version), SKIRMISH_E_STATE (not
 * playing), SKIRMISH_E_NO_FIGURE, SKIRMISH_E_NOT_YOUR_TURN,
 * SKIRMISH_E_CANNOT_ACT, the rules' own (SKIRMISH_E_WRONG_PHASE,
 * SKIRMISH_E_TOO_FAR, SKIRMISH_E_BLOCKED, SKIRMISH_E_OUT_OF_RANGE, ...),
 * SKIRMISH_E_DICE and SKIRMISH_E_NOMEM; the message names the rule. After
 * any error the game is as it was and no die was rolled (G6, G7). out may
 * be NULL; when given, it is filled on success only, and its arrays are
 * borrowed from the game until its next action.
 * @{
 */

/**
 * Moves a figure along a path (G4): npoints points as x, y pairs, the last
 * one the destination. facing: the facing at the end in degrees (Sampson A3;
 * a Senso mounted base turns too), or SKIRMISH_FACING_KEEP (any negative).
 * A move that ends in contact with an enemy is a charge (Senso S4: the fight
 * is resolved at once and is in the result).
 */
int skirmish_move(skirmish_game *game, int figure, const double *xy, int npoints,
		  double facing, skirmish_result *out);
/**
 * Moves a figure straight towards an enemy until the bases touch (the
 * charge most callers want): the destination is computed, then it is a
 * skirmish_move().
 */
int skirmish_charge(skirmish_game *game, int figure, int target,
		    double facing, skirmish_result *out);
/** A figure shoots its missile weapon at an enemy it sees, in range. */
int skirmish_shoot(skirmish_game *game, int figure, int target,
		   skirmish_result *out);
/** Senso S8: reloads an arquebus that started unloaded (its action). */
int skirmish_reload(skirmish_game *game, int figure, skirmish_result *out);
/** Senso S14: a figure already in contact fights as its action (every enemy
 * in contact, one fight per enemy player, S27). Sampson A26: in the Melee
 * phase, the figure (the attacker, of the active player) fights the one
 * enemy it touches that has not fought this phase; SKIRMISH_E_TARGET when
 * it touches several (name one with skirmish_fight_against()),
 * SKIRMISH_E_CANNOT_ACT when it or every enemy it touches has fought,
 * SKIRMISH_E_NOT_IN_CONTACT when it touches none. */
int skirmish_fight(skirmish_game *game, int figure, skirmish_result *out);
/**
 * Since 0.2. Sampson A26: the attacker fights the defender, an enemy it
 * touches (G3, or across an obstacle, G13) that has not fought this Melee
 * phase; each friend of either protagonist that touches the other and has
 * not fought assists it (+1, SKIRMISH_EFFECT_ASSISTS) and has then fought
 * too. defender -1: as skirmish_fight(). Errors as skirmish_fight(), and
 * SKIRMISH_E_TARGET for a defender that is no enemy in play,
 * SKIRMISH_E_NOT_IN_CONTACT for one it does not touch. Senso: defender
 * must be -1 (SKIRMISH_E_INVALID otherwise).
 */
int skirmish_fight_against(skirmish_game *game, int attacker, int defender,
			   skirmish_result *out);
/** Senso S9: mount a riderless horse in contact (horse: its marker id). */
int skirmish_mount(skirmish_game *game, int figure, int horse,
		   skirmish_result *out);
/** Senso S9: a rider dismounts, leaving a riderless horse marker. */
int skirmish_dismount(skirmish_game *game, int figure, skirmish_result *out);
/** Sampson A3: turn on the spot to a facing (1" per 90 degrees). */
int skirmish_turn(skirmish_game *game, int figure, double facing,
		  skirmish_result *out);
/** Sampson A2: ends the active player's phase (the last one ends the turn). */
int skirmish_end_phase(skirmish_game *game, skirmish_result *out);
/** Ends the phase (Sampson A2) or the player's turn, with the ruleset's
 * end-of-turn steps (Senso S5 rings, Sampson A6 suppression); the result
 * lists them and the next player's turn. */
int skirmish_end_turn(skirmish_game *game, skirmish_result *out);
/** @} */

/* ------------------------------------------------------------------ */
/* Actions as data                                                     */
/* ------------------------------------------------------------------ */
/** @addtogroup actions
 * @{
 */

/** The most points of a move's path in a skirmish_action. */
#define SKIRMISH_PATH_MAX 16

/**
 * One action as a value: what skirmish_game_act() takes, what histories,
 * replays and legal-action lists hold. Unused members are ignored.
 */
typedef struct skirmish_action {
	unsigned int version;     /**< SKIRMISH_ACTION_VERSION */
	int kind;                 /**< enum skirmish_action_kind (not NONE; START starts) */
	int figure;               /**< the acting figure, or -1 */
	int target;               /**< SHOOT, CHARGE: the enemy; MOUNT: the horse;
				     FIGHT (since 0.2): the defender, or -1 */
	double facing;            /**< MOVE, CHARGE, TURN; SKIRMISH_FACING_KEEP */
	int npoints;              /**< MOVE: 1..SKIRMISH_PATH_MAX */
	double xy[2 * SKIRMISH_PATH_MAX]; /**< MOVE: the path, x, y pairs (inches) */
} skirmish_action;

/** The version of skirmish_action this header describes. */
#define SKIRMISH_ACTION_VERSION 1
/** An initializer for skirmish_action. */
#define SKIRMISH_ACTION_INIT { SKIRMISH_ACTION_VERSION, 0, -1, -1, -1.0, 0, \
	{ 0.0 } }
/** Fills *action with the defaults of that version (the same as the INIT
 * macro). SKIRMISH_E_INVALID for NULL, SKIRMISH_E_VERSION for a version
 * this library does not know. */
int skirmish_action_init(skirmish_action *action, unsigned int version);

/** Carries out an action given as data: the matching call above, with its
 * errors; SKIRMISH_E_INVALID for an unknown kind. */
int skirmish_game_act(skirmish_game *game, const skirmish_action *action,
		      skirmish_result *out);

/** @} */

/* ------------------------------------------------------------------ */
/* Decision support: exact odds and legal actions                      */
/* ------------------------------------------------------------------ */
/** @addtogroup decision
 * @{
 */

/** The most distinct outcomes in a skirmish_odds. */
#define SKIRMISH_ODDS_MAX 64
/** The most modifiers in a skirmish_odds. */
#define SKIRMISH_ODDS_MODIFIERS 32

/** One outcome of an action and its exact probability. */
typedef struct skirmish_odds_outcome {
	int outcome;              /**< enum skirmish_outcome */
	int value;                /**< Sampson push-back: thousandths of an inch; else 0 */
	int side;                 /**< who is killed or pushed: 0 the acting side,
				     1 the other side, -1 nobody */
	uint64_t numerator;       /**< exact probability numerator / denominator, */
	uint64_t denominator;     /**< in lowest terms */
	double probability;       /**< numerator / denominator as a double */
} skirmish_odds_outcome;

/** The odds of an action (skirmish_game_odds()). Versioned: start from
 * SKIRMISH_ODDS_INIT or skirmish_odds_init(). */
typedef struct skirmish_odds {
	unsigned int version;     /**< SKIRMISH_ODDS_VERSION */
	int noutcomes;            /**< outcomes with a probability above 0, by outcome */
	skirmish_odds_outcome outcomes[SKIRMISH_ODDS_MAX]; /**< the first noutcomes are set */
	int nmodifiers;           /**< the modifiers that apply (as in a result) */
	skirmish_modifier modifiers[SKIRMISH_ODDS_MODIFIERS]; /**< the first nmodifiers are set */
	long sequences;           /**< dice sequences enumerated */
	int rerolls;              /**< nonzero: ties are rolled again (Senso S10) */
} skirmish_odds;

/** The version of skirmish_odds this header describes. */
#define SKIRMISH_ODDS_VERSION 1
/** An initializer for skirmish_odds: the version, everything else 0 (since 0.3). */
#define SKIRMISH_ODDS_INIT { SKIRMISH_ODDS_VERSION, 0, { { 0, 0, 0, 0, 0, 0.0 } }, 0, \
	{ { 0, 0, 0, 0, NULL } }, 0, 0 }
/** Fills *odds with the defaults of that version (the same as the INIT
 * macro). SKIRMISH_E_INVALID for NULL, SKIRMISH_E_VERSION for a version
 * this library does not know. */
int skirmish_odds_init(skirmish_odds *odds, unsigned int version);

/**
 * The exact probability of each outcome of an action that is legal now,
 * computed by enumerating every sequence of dice it can roll (ties that are
 * rolled again are summed as a geometric series). Rolls no die and changes
 * nothing observable (the game is only borrowed for the computation). An
 * illegal action returns the error the action itself would; out's version
 * must be set (SKIRMISH_E_VERSION).
 */
int skirmish_game_odds(skirmish_game *game, const skirmish_action *action,
		       skirmish_odds *out);

/**
 * Whether an action would be accepted now (0) or the error it would return;
 * rolls no die, changes nothing. Also SKIRMISH_E_INVALID for a NULL game
 * or action, SKIRMISH_E_STATE from inside a callback.
 */
int skirmish_game_check_action(skirmish_game *game, const skirmish_action *action);

/**
 * Where a figure can move now, on a grid: the cell (i, j), 0 <= i < cols,
 * 0 <= j < rows, stands for the point (x0 + i * step, y0 + j * step), and
 * out[j * cols + i] is set to 1 when a straight move of the figure's base
 * centre to that point, keeping its facing, would be accepted now (as
 * skirmish_game_check_action() says of it: rough ground, bad going,
 * obstacles, water, bases and the allowance counted as the rules count
 * them), else 0; *count (may be NULL) gets the number of 1s. A figure that
 * cannot move now has none. For a front end's shading of the ground a
 * figure can reach this action (since 0.4). Rolls no die and changes
 * nothing. SKIRMISH_E_INVALID for a NULL game or out, a step not above 0,
 * cols or rows below 1 or a grid of more than 1,000,000 cells;
 * SKIRMISH_E_NO_FIGURE; SKIRMISH_E_STATE from inside a callback.
 */
int skirmish_game_reach(skirmish_game *game, int figure, double x0, double y0,
			double step, int cols, int rows, unsigned char *out,
			int *count);

/** How an enemy threatens a point (skirmish_threat.kind, since 0.4). */
enum skirmish_threat_kind {
	SKIRMISH_THREAT_SHOOT = 1,      /**< it could shoot a figure standing there */
	SKIRMISH_THREAT_CHARGE = 2      /**< it could charge one standing there */
};

/** One enemy that threatens a point, and how (since 0.4). */
typedef struct skirmish_threat {
	unsigned int version;     /**< SKIRMISH_THREAT_VERSION: the caller sets
				     it in out[0], which names the layout of
				     every element */
	int figure;               /**< the enemy */
	int kind;                 /**< enum skirmish_threat_kind */
	int cover;                /**< SHOOT: the point is in cover from it, as
				     skirmish_game_in_cover() would say (Senso
				     S6; Sampson A5: an intervening obstacle);
				     CHARGE: 0 */
	int short_range;          /**< SHOOT: within its weapon's short range
				     (Senso S6); else 0 */
	double distance;          /**< edge to edge, inches, from its base to
				     the figure's base at the point (G1) */
} skirmish_threat;

/** The version of skirmish_threat this header describes. */
#define SKIRMISH_THREAT_VERSION 1
/** An initializer for skirmish_threat. */
#define SKIRMISH_THREAT_INIT { SKIRMISH_THREAT_VERSION, -1, 0, 0, 0, 0.0 }

/**
 * Who threatens a point: the enemies of a figure that could shoot it or
 * charge it in their own player's next turn if it stood at (x, y), facing
 * as it faces now, for a front end's "if I move him here, who can get at
 * him?" (since 0.4). Each enemy is asked as if its player's turn began
 * with the table as it stands and that figure stood there: it has its
 * full allowance and no action taken (S3, A3), and keeps its rings (S3:
 * a ringed figure does nothing), its suppression (A6), its melee (A5,
 * A29) and its arquebus's load (S8: an unloaded one must reload first).
 * SKIRMISH_THREAT_SHOOT: the shot from where it stands, as
 * skirmish_shoot() checks it (a missile weapon, G5 sight, S12 night, S6
 * and A5 range edge to edge; Sampson A5: never at a figure whose base
 * would touch an enemy's there). SKIRMISH_THREAT_CHARGE: the straight
 * charge of skirmish_charge() into base contact, as its move is checked
 * (the allowance, rough ground, bad going, obstacles, water, bases; G12,
 * S31); a way round by waypoints is not searched. Every player's figures
 * but the figure's own are enemies, the umpire's included (S2). Writes up
 * to max threats into out, by enemy id and then kind, and their total
 * number into *count. Rolls no die and changes nothing (the figure is
 * only borrowed to the point for the computation).
 * @return 0, SKIRMISH_E_INVALID (NULL game or count, out and max
 * disagree, a point that is not finite or off the table, G10),
 * SKIRMISH_E_VERSION (out[0]'s version), SKIRMISH_E_NO_FIGURE,
 * SKIRMISH_E_STATE (not playing, or from inside a callback) or
 * SKIRMISH_E_NOMEM.
 */
int skirmish_game_threats(skirmish_game *game, int figure, double x, double y,
			  skirmish_threat *out, int max, int *count);

/**
 * The legal actions of one figure (figure >= 0) or of every figure of the
 * active player and the player's own actions (figure == -1): every shot,
 * charge and fight, reload, mount, dismount, turns to each of 8 facings,
 * moves to a finite set of useful destinations (into contact with each
 * enemy it can reach; the centre of each cover piece it can reach; the
 * longest legal move in each of 8 directions), end phase and end turn.
 * Every listed action is accepted by skirmish_game_act(). Writes up to max
 * actions into out and their total number into *count. out is an array
 * of version 1 of skirmish_action (0.1's stride, kept by this entry point
 * for ever): new code calls skirmish_game_legal_actions_sized() through
 * SKIRMISH_LEGAL_ACTIONS().
 * @return 0, SKIRMISH_E_INVALID (NULL game or count, out and max
 * disagree), SKIRMISH_E_NO_FIGURE, SKIRMISH_E_STATE (from inside a
 * callback) or SKIRMISH_E_NOMEM.
 */
int skirmish_game_legal_actions(skirmish_game *game, int figure,
				skirmish_action *out, int max, int *count);

/**
 * Since 0.3. skirmish_game_legal_actions() into an array whose elements
 * are action_size bytes apart: the caller's sizeof(skirmish_action), which
 * the SKIRMISH_LEGAL_ACTIONS() macro passes. An array's stride cannot be
 * told by a version member, and skirmish_action may grow in a later
 * release (a new SKIRMISH_ACTION_VERSION): a caller compiled with this
 * header keeps its stride, and a later library writes each element as the
 * newest version that fits in action_size bytes (its version member says
 * which) and zeros the rest of it. skirmish_game_legal_actions() is this
 * call with the size of version 1, for ever: new code calls this one.
 * @return as skirmish_game_legal_actions(), and SKIRMISH_E_INVALID for an
 * action_size smaller than version 1 of skirmish_action or max elements
 * of it that overflow a size_t.
 */
int skirmish_game_legal_actions_sized(skirmish_game *game, int figure, void *out,
				      size_t action_size, int max, int *count);
/** skirmish_game_legal_actions_sized() with this header's
 * sizeof(skirmish_action): out is a skirmish_action array of max elements. */
#define SKIRMISH_LEGAL_ACTIONS(game, figure, out, max, count) \
	skirmish_game_legal_actions_sized((game), (figure), (out), \
					  sizeof(skirmish_action), (max), (count))

/* ------------------------------------------------------------------ */
/* Batch playouts                                                      */
/* ------------------------------------------------------------------ */

/** The built-in policies of playouts and skirmish_game_policy_action(). */
enum skirmish_policy {
	/** uniform over the legal actions, except that a turn on the spot is
	 * one only towards an enemy the figure could shoot or charge (the
	 * nearest of 8 facings): a turn that faces nothing changes nothing;
	 * and (since 0.4) a straight move is one only in the 3 of 8
	 * directions that close on the enemy (doc/API.md, "The random
	 * policy"): figures that wandered at random made games that never
	 * ended */
	SKIRMISH_POLICY_RANDOM = 0,
	SKIRMISH_POLICY_GREEDY = 1,     /**< best expected result by exact odds */
	/** cheap, for rollouts: a figure that can act fights, else (since
	 * 0.4) carries an objective it holds towards its exit edge or moves
	 * onto one within its move, else shoots, else charges or reloads,
	 * else takes the straight move that closes most on the nearest enemy;
	 * the figures in random order, no odds; when none of them does any of
	 * that, the phase or the turn ends */
	SKIRMISH_POLICY_ROLLOUT = 2
};

/** Told after each playout game: done of total games are played. It runs
 * between two games, the game as it was: it may read it (every query, the
 * hash, save, clone, copy from it), but not change it (refused with
 * SKIRMISH_E_STATE, as from every callback). */
typedef void (*skirmish_progress_fn)(void *user_data, int done, int total);

/** How to play playouts (skirmish_game_playouts()). Versioned: start from
 * SKIRMISH_PLAYOUT_OPTIONS_INIT or skirmish_playout_options_init(). */
typedef struct skirmish_playout_options {
	unsigned int version;     /**< SKIRMISH_PLAYOUT_OPTIONS_VERSION */
	int games;                /**< how many games to play, 1 to 100,000,000 */
	uint64_t seed;            /**< game i uses dice and choices from seed and i */
	int max_actions;          /**< per game, then it counts as unfinished; 0: 5000 */
	int policy[SKIRMISH_MAX_PLAYERS + 1]; /**< per player id */
	skirmish_progress_fn progress;  /**< NULL, or called after each game */
	void *progress_data;      /**< passed to progress */
	/** Version 2: game turns each game plays from the present one, 0: to
	 * the end. A game still playing when the game turn reaches the
	 * present turn + horizon stops there; it counts in
	 * skirmish_playout_stats.horizon_stopped and is valued by
	 * skirmish_game_value() */
	int horizon;
} skirmish_playout_options;

/** The version of skirmish_playout_options this header describes (1: without
 * horizon; still accepted). */
#define SKIRMISH_PLAYOUT_OPTIONS_VERSION 2
/** An initializer for skirmish_playout_options with the defaults. */
#define SKIRMISH_PLAYOUT_OPTIONS_INIT { SKIRMISH_PLAYOUT_OPTIONS_VERSION, 100, 0, 0, \
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0 }, NULL, NULL, 0 }
/** Fills *options with the defaults of that version (the same as the INIT
 * macro). SKIRMISH_E_INVALID for NULL, SKIRMISH_E_VERSION for a version
 * this library does not know. */
int skirmish_playout_options_init(skirmish_playout_options *options,
				  unsigned int version);

/** What playouts found (skirmish_game_playouts()). Versioned: start from
 * SKIRMISH_PLAYOUT_STATS_INIT or skirmish_playout_stats_init(). */
typedef struct skirmish_playout_stats {
	unsigned int version;     /**< SKIRMISH_PLAYOUT_STATS_VERSION */
	int games;                /**< games played */
	int wins[SKIRMISH_MAX_PLAYERS + 1]; /**< per player id */
	int draws;                /**< over without a single winner */
	int unfinished;           /**< stopped at max_actions */
	long actions;             /**< actions taken in all games */
	double average_actions;   /**< per game */
	double average_turns;     /**< game turns per game */
	int horizon_stopped;      /**< version 2: stopped at the horizon */
	/** version 2: per player id, the sum over all games of
	 * skirmish_game_value() where each game ended or stopped (divide by
	 * games for the mean) */
	double value[SKIRMISH_MAX_PLAYERS + 1];
} skirmish_playout_stats;

/** The version of skirmish_playout_stats this header describes (1: without
 * horizon_stopped and value; still accepted, and nothing past its end is
 * written). */
#define SKIRMISH_PLAYOUT_STATS_VERSION 2
/** An initializer for skirmish_playout_stats: the version, everything else 0 (since 0.3). */
#define SKIRMISH_PLAYOUT_STATS_INIT { SKIRMISH_PLAYOUT_STATS_VERSION, 0, \
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 0, 0, 0, 0.0, 0.0, 0, \
	{ 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 } }
/** Fills *stats with the defaults of that version (the same as the INIT
 * macro). SKIRMISH_E_INVALID for NULL, SKIRMISH_E_VERSION for a version
 * this library does not know. */
int skirmish_playout_stats_init(skirmish_playout_stats *stats, unsigned int version);

/**
 * Plays games to the end (or to the horizon) from the game's present state
 * (a game still in setup is started first) with built-in policies, on
 * copies: the game is not changed. Each copy rolls the built-in dice (not the game's roller or
 * script) and sends no events; the same options give the same statistics
 * (G8). The tool for balance studies and Monte-Carlo tree search.
 * @return 0, SKIRMISH_E_INVALID (NULL, games < 1 or above 100,000,000,
 * max_actions < 0, an unknown policy, a negative horizon),
 * SKIRMISH_E_VERSION, SKIRMISH_E_STATE (the game is over) or
 * SKIRMISH_E_NOMEM.
 */
int skirmish_game_playouts(skirmish_game *game, const skirmish_playout_options *options,
			   skirmish_playout_stats *out);

/**
 * The action a built-in policy would take now (for bots and tree search);
 * choices that are random draw from *rng_state, which the caller seeds with
 * any value and keeps between calls. Changes nothing else.
 * @return 0, SKIRMISH_E_INVALID (NULL rng_state or out, an unknown
 * policy), SKIRMISH_E_VERSION, SKIRMISH_E_STATE (not playing, or from
 * inside a callback) or SKIRMISH_E_NOMEM.
 */
int skirmish_game_policy_action(skirmish_game *game, int policy,
				uint64_t *rng_state, skirmish_action *out);

/**
 * Since 0.3. What the game is worth to a player, in [0, 1], the same for the same
 * state on every platform; the values of all players add up to 1. A game
 * over is worth 1 to its winner and 0 to the others; one over without a
 * single winner is shared equally by the players (the umpire aside). Any
 * other is shared in proportion to what each player still has: the worth
 * of each of its figures in play (riderless horses aside), 2 + 1 for
 * armour + 1 for a shield + 1 mounted + 1 for a missile weapon + 1 for
 * martial arts + (12 - DV) / 2 in Sensō (a better figure rolls a lower
 * die, S1), and 2 for each objective one of
 * its figures carries or it has carried off; with nothing left on any
 * side, equally. The umpire's value is 0. For rollouts that stop at a
 * horizon (skirmish_playout_options.horizon, doc/API.md).
 * Writes *out only on success; changes nothing of the game but its error.
 * @return 0, SKIRMISH_E_INVALID (NULL game or out, an unknown player) or
 * SKIRMISH_E_STATE (from inside the game's allocator).
 */
int skirmish_game_value(const skirmish_game *game, int player, double *out);

/** @} */

/* ------------------------------------------------------------------ */
/* Search: what the computer would play (since 0.4)                    */
/* ------------------------------------------------------------------ */
/** @addtogroup decision
 * @{
 */

/** How skirmish_game_search() thinks. Versioned: start from
 * SKIRMISH_SEARCH_OPTIONS_INIT or skirmish_search_options_init(). */
typedef struct skirmish_search_options {
	unsigned int version;     /**< SKIRMISH_SEARCH_OPTIONS_VERSION */
	/** descents of the tree in all (shared out among the threads); 0: no
	 * limit by count. The same seed, iterations and threads give the
	 * same answer, whatever the machine */
	long iterations;
	/** a limit in wall-clock milliseconds, checked between descents;
	 * 0: none. At least one of iterations and milliseconds is above 0;
	 * when both are, the first reached stops the search. A limit by time
	 * is not reproducible: how far the search gets depends on the machine */
	double milliseconds;
	uint64_t seed;            /**< the dice and choices of every descent */
	int threads;              /**< 1 to 64 trees searched at once, one a thread */
	/** game turns each rollout plays from where the tree leaves it, 1 to
	 * 1000, or 0: to the end of the game */
	int horizon;
	/** the most positions each thread's tree keeps, which bounds its
	 * memory (doc/SEARCH.md); 0: iterations / threads + 1, or with a limit
	 * by time only, 100 a millisecond */
	long max_nodes;
	/** the weight c of exploration in PUCT (mean value + c * prior *
	 * sqrt(visits of the node) / (1 + visits of the edge); values are in
	 * [0, 1]); 0: the default, 0.3 (1 before 0.4's last
	 * measurements, doc/SEARCH.md) */
	double exploration;
} skirmish_search_options;

/** The version of skirmish_search_options this header describes. */
#define SKIRMISH_SEARCH_OPTIONS_VERSION 1
/** An initializer for skirmish_search_options with the defaults: 1000
 * iterations, no time limit, seed 0, one thread, a horizon of 2. */
#define SKIRMISH_SEARCH_OPTIONS_INIT { SKIRMISH_SEARCH_OPTIONS_VERSION, 1000, 0.0, 0, 1, 2, \
	0, 0.0 }
/** Fills *options with the defaults of that version (the same as the INIT
 * macro). SKIRMISH_E_INVALID for NULL, SKIRMISH_E_VERSION for a version
 * this library does not know. */
int skirmish_search_options_init(skirmish_search_options *options, unsigned int version);

/** What the search found of one candidate action of the position
 * (skirmish_game_search()). The action is the last member, so that the
 * struct grows at its end when skirmish_action does. */
typedef struct skirmish_search_candidate {
	unsigned int version;     /**< written: SKIRMISH_SEARCH_CANDIDATE_VERSION */
	long visits;              /**< descents that tried it (summed over threads) */
	/** the mean value to the player to move (skirmish_game_value() where
	 * its descents' rollouts stopped, the objectives held weighed as
	 * skirmish_game_search() says), in [0, 1]; 0 when never visited */
	double value;
	/** the search's first estimate of it, in [0, 1]: what it tries first */
	double prior;
	skirmish_action action;   /**< the action, version 1 */
} skirmish_search_candidate;

/** The version of skirmish_search_candidate this header describes. */
#define SKIRMISH_SEARCH_CANDIDATE_VERSION 1

/**
 * Since 0.4. The action the computer would take now for the player to
 * move, found by Monte Carlo tree search, and what it thinks of each
 * candidate. The candidates are those a player would consider: every
 * legal shot, charge, fight, reload, mount and dismount, the longest move
 * in each of 8 directions and to each piece of cover in reach, a straight
 * move onto each objective on the table or along the line to it (not for
 * the umpire's figures, G16), a turn on the spot only towards an enemy
 * the figure could shoot or charge, end phase and end turn. Each descent
 * plays the game on a copy: the dice are chance (an action's outcomes,
 * told apart by the dice its result lists, are separate positions of the
 * tree), a position is scored by the rollout policy played for
 * options->horizon game turns and skirmish_game_value() (where objectives
 * are held, up to 0.9 of the whole is theirs instead, more as the
 * turn limit nears and for a carrier nearer its exit edge: doc/SEARCH.md),
 * and each thread's tree is searched on its own copies (root parallel:
 * they share nothing) and their counts added up. The action chosen is
 * the one most visited, ties going to the higher mean value. The game
 * itself is not changed (its hash is the same after); the search rolls
 * none of its dice and runs none of its callbacks but the allocator,
 * which with threads above 1 may be called from the search's threads at
 * once. Its memory is allocated before the first descent, bounded by
 * max_nodes; a descent allocates nothing.
 *
 * Writes the chosen action into *out; when candidates is not NULL, up to
 * max candidates, in the order they were listed, into the array whose
 * elements are candidate_size bytes apart (the caller's
 * sizeof(skirmish_search_candidate), which SKIRMISH_GAME_SEARCH()
 * passes), and their number into *count (if not NULL).
 * @return 0, SKIRMISH_E_INVALID (NULL game, options or out; no budget, a
 * negative one, milliseconds that are no number or above 1e9, threads
 * outside 1..64, a horizon outside 0..1000, max_nodes outside
 * 0..100,000,000, exploration that is no number or outside 0..100;
 * candidates and max disagree, or
 * candidate_size below version 1's), SKIRMISH_E_VERSION (options), SKIRMISH_E_STATE
 * (the game is not being played, or from inside a callback of the game)
 * or SKIRMISH_E_NOMEM.
 */
int skirmish_game_search(skirmish_game *game, const skirmish_search_options *options,
			 skirmish_action *out, void *candidates, size_t candidate_size,
			 int max, int *count);
/** skirmish_game_search() with this header's sizeof(skirmish_search_candidate):
 * candidates is a skirmish_search_candidate array of max elements. */
#define SKIRMISH_GAME_SEARCH(game, options, out, candidates, max, count) \
	skirmish_game_search((game), (options), (out), (candidates), \
			     sizeof(skirmish_search_candidate), (max), (count))

/** A search that keeps its trees from one decision to the next: the
 * computer side of a game, made once and asked at each of its decisions
 * (since 0.4). Opaque; one thread at a time. */
typedef struct skirmish_searcher skirmish_searcher;

/**
 * Since 0.4. A searcher for the positions of game (or of games of its
 * size: its memory is reserved for game's figures and terrain), which
 * searches as skirmish_game_search() does with these options at every
 * call of skirmish_searcher_search(), and keeps what it found. Its memory
 * is allocated now, with game's allocator, and bounded by max_nodes (0:
 * twice what skirmish_game_search() takes by default, room for the tree
 * kept and a search's new positions). The caller owns the searcher and
 * frees it with skirmish_searcher_free(); it outlives game, but it keeps
 * game's allocator and its data, which must stay valid until then, and
 * holds no pointer to game itself. On failure *out is NULL.
 * @return 0, SKIRMISH_E_INVALID (NULL game, out or options; options that
 * skirmish_game_search() refuses), SKIRMISH_E_VERSION (options),
 * SKIRMISH_E_STATE (from inside a callback of game) or SKIRMISH_E_NOMEM.
 */
int skirmish_searcher_new(skirmish_searcher **out, skirmish_game *game,
			  const skirmish_search_options *options);
/**
 * Since 0.4. skirmish_game_search() of game's position with the searcher's
 * options and memory, going on from its last search: when its trees hold
 * the position (after the action it chose, its dice and the other
 * players' answers, as long as each was among the positions its descents
 * had opened), the subtree below it is kept, its visits and values with
 * it, and the budget's descents are added to them; otherwise a new tree
 * is grown. So a computer side that asks at each of its decisions
 * searches deeper at the same budget (doc/SEARCH.md measures its
 * strength: as a fresh search's at 25 and 100 ms a decision, below it
 * at 400 ms). The candidates' visits and values
 * count the kept descents too (skirmish_searcher_descents() tells them
 * apart). The same seed, options and positions searched in the same
 * order give the same answers. A refused call changes nothing; a search
 * that fails once started keeps no tree. The errors are
 * skirmish_game_search()'s (set on game; SKIRMISH_E_INVALID also for a
 * NULL searcher).
 */
int skirmish_searcher_search(skirmish_searcher *searcher, skirmish_game *game,
			     skirmish_action *out, void *candidates, size_t candidate_size,
			     int max, int *count);
/** skirmish_searcher_search() with this header's
 * sizeof(skirmish_search_candidate). */
#define SKIRMISH_SEARCHER_SEARCH(searcher, game, out, candidates, max, count) \
	skirmish_searcher_search((searcher), (game), (out), (candidates), \
				 sizeof(skirmish_search_candidate), (max), (count))
/** Since 0.4. The descents the last skirmish_searcher_search() made into
 * *made and the visits of its root it had kept from the searches before
 * into *kept: the visits its candidates had when it started (either may
 * be NULL; both 0 before the first search and after one that failed). 0,
 * or SKIRMISH_E_INVALID for a NULL searcher. */
int skirmish_searcher_descents(const skirmish_searcher *searcher, long *made, long *kept);
/** Since 0.4. Frees the searcher and everything it keeps; NULL is
 * ignored. */
void skirmish_searcher_free(skirmish_searcher *searcher);
/** @} */

/* ------------------------------------------------------------------ */
/* Game state services: clone, undo, hash, save and load, replay       */
/* (doc/FORMAT.md)                                                     */
/* ------------------------------------------------------------------ */
/** @addtogroup state
 * @{
 */

/**
 * A new game equal to src in everything: options, terrain, figures, melees,
 * the generator's state, the dice script, the scenario and the undo
 * history. The two are independent: acting on one never changes the
 * other. The clone shares src's allocator and callbacks (the same function
 * pointers and user data). On success *out is a new game the caller frees
 * with skirmish_game_free(); on failure *out is NULL.
 * @return 0, SKIRMISH_E_INVALID (NULL src or out), SKIRMISH_E_STATE (from
 * inside src's dice roller or allocator) or SKIRMISH_E_NOMEM.
 */
int skirmish_game_clone(const skirmish_game *src, skirmish_game **out);
/**
 * Makes dst equal to src as a clone would be, into an existing game (any
 * ruleset); dst keeps its own allocator and callbacks. Allocates nothing
 * when dst's arrays are already large enough, e.g. when dst was cloned from
 * src or from a game of the same size (search loops: copy the root into a
 * worker, act on the worker, copy again). dst's last result is forgotten.
 * A dst whose history limit is 0 (skirmish_game_set_history_limit(), a
 * game for rollouts) keeps its limit and gets none of src's history, so
 * that the copy costs the same however long src's history is; any other
 * dst takes src's history and limit. On failure (SKIRMISH_E_NOMEM;
 * SKIRMISH_E_STATE from inside a callback of dst, or src's dice roller or
 * allocator) dst is unchanged.
 */
int skirmish_game_copy(skirmish_game *dst, const skirmish_game *src);

/**
 * Takes back the last action recorded in the history (starting the game
 * included): the game is again exactly as it was before it, the built-in
 * generator's state and the script position included. The dice script's
 * values and the callbacks are not part of the history. The last result is
 * forgotten. SKIRMISH_E_STATE when there is nothing to undo.
 */
int skirmish_game_undo(skirmish_game *game);
/** Number of actions recorded in the history (what undo can take back);
 * SKIRMISH_E_INVALID for NULL. */
int skirmish_game_history_length(const skirmish_game *game);
/** Keeps at most limit actions in the history, dropping the oldest first;
 * limit < 0: unlimited (the default); 0: no history (and no undo).
 * 0, SKIRMISH_E_INVALID or SKIRMISH_E_STATE (from inside a callback). */
int skirmish_game_set_history_limit(skirmish_game *game, int limit);
/** The history limit (negative: unlimited); SKIRMISH_E_INVALID for NULL. */
int skirmish_game_history_limit(const skirmish_game *game);
/**
 * The index-th recorded action, 0 the oldest kept, as it can be given to
 * skirmish_game_act() again: a charge is recorded as the move it became,
 * facings as whole degrees, paths in thousandths of an inch; the start of
 * the game is SKIRMISH_ACTION_START. out->version must be set.
 * SKIRMISH_E_INVALID (NULL, an index out of range) or SKIRMISH_E_VERSION.
 */
int skirmish_game_history_action(const skirmish_game *game, int index,
				 skirmish_action *out);

/**
 * A 64-bit hash of the game's observable state: options, terrain, figures,
 * melees, turn, phase, order, the generator's state and the dice still
 * scripted; not the history, the callbacks or the memory layout. Equal
 * states have equal hashes on every platform; the algorithm is specified in
 * doc/FORMAT.md (FNV-1a over a canonical little-endian encoding).
 * 0, SKIRMISH_E_INVALID or SKIRMISH_E_STATE (from inside the game's
 * allocator).
 */
int skirmish_game_hash(const skirmish_game *game, uint64_t *out);

/**
 * Saves the whole game (scenario, options, state, generator, script,
 * history) in the format of doc/FORMAT.md into buf of size bytes. *needed
 * (if not NULL) receives the size the save takes; call with size 0 (buf
 * may then be NULL) to learn it. Returns 0, or SKIRMISH_E_LIMIT when size
 * is too small (buf then holds nothing useful). The bytes depend only on
 * the game: save, load, save gives the same bytes.
 */
int skirmish_game_save(const skirmish_game *game, void *buf, size_t size,
		       size_t *needed);
/**
 * Loads a saved game. The data is checked as hostile input: anything
 * malformed, truncated, corrupted, out of range or from a newer format
 * version returns SKIRMISH_E_FORMAT, with a message saying which section
 * and byte offset (copied into err of errsize bytes when err is not NULL).
 * The dice roller, event callback and allocator come from callbacks (its
 * roll, event and alloc members and their user data; NULL: the defaults),
 * never from the data. On success *out is a new game the caller frees
 * with skirmish_game_free(); on failure *out is NULL.
 * @return 0, SKIRMISH_E_INVALID (NULL out, NULL data with size > 0),
 * SKIRMISH_E_VERSION (callbacks' version), SKIRMISH_E_FORMAT or
 * SKIRMISH_E_NOMEM.
 */
int skirmish_game_load(skirmish_game **out, const void *data, size_t size,
		       const skirmish_game_options *callbacks, char *err,
		       size_t errsize);

/**
 * Replays a game: a new game made from src's scenario (its figures,
 * terrain, options, generator state and dice script as they were when it
 * started), then the first nactions actions of src's history (all of them
 * when nactions < 0) taken again. With the built-in generator (and any
 * script set before the start) the replay reaches src's state exactly
 * (G8). The new game shares src's allocator and callbacks; the caller
 * frees it. SKIRMISH_E_STATE when the history no longer reaches back to
 * the start (history limit); an action refused during the replay returns
 * its error, with the reason in err.
 */
int skirmish_game_replay(skirmish_game **out, const skirmish_game *src,
			 int nactions, char *err, size_t errsize);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* SKIRMISH_SKIRMISH_H */

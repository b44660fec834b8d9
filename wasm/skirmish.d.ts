// SPDX-License-Identifier: MIT
// The object API of libskirmish's WebAssembly build (skirmish.mjs).
// Units as in the C API: inches and degrees (0 = +x, counter-clockwise).
// Every call that the library refuses throws a SkirmishError; nothing
// changes then. Memory is the library's: a Game holds C memory until
// free() is called.

export declare const ACTION: {
	readonly NONE: 0; readonly START: 1; readonly MOVE: 2; readonly SHOOT: 3;
	readonly RELOAD: 4; readonly FIGHT: 5; readonly MOUNT: 6; readonly DISMOUNT: 7;
	readonly TURN: 8; readonly END_PHASE: 9; readonly END_TURN: 10; readonly CHARGE: 11;
};
export declare const RULESET: { readonly SENSO: 1; readonly SAMPSON: 2 };
export declare const STATE: { readonly SETUP: 0; readonly PLAYING: 1; readonly OVER: 2 };
export declare const PHASE: {
	readonly NONE: 0; readonly ACTIONS: 1; readonly MOVE: 2; readonly MISSILE: 3; readonly MELEE: 4;
};
/** Terrain flags (enum skirmish_terrain_flag). */
export declare const TERRAIN: {
	readonly ROUGH: 1; readonly COVER: 2; readonly BLOCKS_SIGHT: 4; readonly OBSTACLE: 8;
	readonly WATER: 16; readonly CLIMB: 32; readonly IMPASSABLE: 64; readonly HILL: 128;
};
export declare const SIGHT: { readonly SEEN: 0; readonly TERRAIN: 1; readonly NIGHT: 2 };
export declare const THREAT: { readonly SHOOT: 1; readonly CHARGE: 2 };
export declare const POLICY: { readonly RANDOM: 0; readonly GREEDY: 1; readonly ROLLOUT: 2 };
/** A facing that keeps the figure's own. */
export declare const FACING_KEEP: -1;

/** A refused call. */
export declare class SkirmishError extends Error {
	/** the library's status, a negative SKIRMISH_E_* */
	readonly code: number;
	/** skirmish_strerror(code) */
	readonly codeName: string;
}

/** Loads the WebAssembly module. */
export declare function loadSkirmish(moduleOptions?: object): Promise<Skirmish>;

export type Point = [number, number];

/** An action as data (skirmish_action). kind: a number of ACTION or its name. */
export interface Action {
	kind: number | string;
	/** set by the library when it gives an action: skirmish_action_name */
	name?: string;
	figure?: number;
	/** SHOOT, CHARGE: the enemy; MOUNT: the horse; FIGHT: the defender or -1 */
	target?: number;
	/** MOVE, CHARGE, TURN: degrees, or FACING_KEEP */
	facing?: number;
	/** MOVE: 1 to 16 points, the last the destination */
	path?: Point[];
}

export interface GameOptions {
	ruleset?: 'senso' | 'sampson' | number;
	players?: number;
	umpire?: boolean;
	width?: number;
	depth?: number;
	night?: boolean;
	turnLimit?: number;
	ringRemoval?: number;
	meleeTies?: number;
	dieSides?: number;
	/** the order of play, by player id (the umpire not in it); none: rolled off */
	playerOrder?: number[] | null;
	seed?: number | bigint;
}

/** What a game was made with (Game.options(), skirmish_game_get_options). */
export interface GameOptionsRead extends GameOptions {
	ruleset: 'senso' | 'sampson';
	players: number;
	umpire: boolean;
	/** the table, inches */
	width: number;
	depth: number;
	night: boolean;
	turnLimit: number;
	ringRemoval: number;
	meleeTies: number;
	/** the die rolled: 6 for the 0 given */
	dieSides: number;
	/** the order given, or null when it is rolled off (also after the start) */
	playerOrder: number[] | null;
	/** the seed the game was made with */
	seed: bigint;
}

export interface FigureSpec {
	player: number;
	name?: string;
	x: number;
	y: number;
	facing?: number;
	baseWidth?: number;
	baseDepth?: number;
	/** enum skirmish_preset, applied before the other fields */
	preset?: number;
	mounted?: boolean;
	dv?: number;
	meleeWeapon?: number;
	missileWeapon?: number;
	armour?: boolean;
	shield?: boolean;
	martialArts?: boolean;
	unloaded?: boolean;
}

export interface TerrainSpec {
	shape?: 'rect' | 'polygon' | 'circle';
	name?: string;
	flags?: number;
	height?: number;
	movePenalty?: number;
	x?: number; y?: number;
	width?: number; depth?: number; angle?: number;
	radius?: number;
	points?: Point[];
}

export interface Figure {
	id: number; player: number; name: string;
	x: number; y: number; facing: number; baseWidth: number; baseDepth: number;
	mounted: boolean; dv: number;
	meleeWeapon: number; meleeWeaponName: string;
	missileWeapon: number; missileWeaponName: string | null;
	armour: boolean; shield: boolean; martialArts: boolean; loaded: boolean;
	isHorse: boolean; removed: boolean; rings: number; suppressed: boolean;
	inMelee: boolean; meleeId: number; acted: boolean; shot: boolean; canAct: boolean;
	moveLeft: number; elevation: number;
}

export interface Terrain {
	id: number; flags: number; name: string; height: number; points: Point[];
	/** G17: the obstacle it is part of, named by its lowest piece id (its own
	 * when it touches no lower obstacle piece, or is no obstacle) */
	obstacle: number;
}

export interface Objective {
	id: number; state: number; carrier: number; player: number; x: number; y: number; name: string;
}

export interface Die {
	figure: number; player: number; sides: number; value: number; purpose: number;
	side: number; round: number;
}

export interface Modifier {
	figure: number; side: number; value: number; source: number;
	/** skirmish_modifier_name */
	name: string;
	/** the rule id, e.g. "S6" */
	rule: string;
}

export interface Effect {
	kind: number; name: string; figure: number; other: number; player: number; value: number;
	from: { x: number; y: number; facing: number };
	to: { x: number; y: number; facing: number };
	rule: string;
}

/** What an action did (skirmish_result). */
export interface Result {
	action: number; actionName: string; figure: number; target: number;
	outcome: number; outcomeName: string; player: number; distance: number;
	score: [number, number];
	dice: Die[]; modifiers: Modifier[]; effects: Effect[];
	/** the library's English sentence */
	text: string;
}

export interface OddsOutcome {
	outcome: number; name: string; value: number; side: number;
	numerator: bigint; denominator: bigint; probability: number;
}

export interface Odds { outcomes: OddsOutcome[]; modifiers: Modifier[]; rerolls: boolean }

export interface Sight {
	visible: boolean;
	reason: number;
	reasonName: 'seen' | 'terrain' | 'night';
	/** the blocking terrain piece, or -1 */
	terrain: number;
	cover: boolean;
	distance: number;
}

/** An enemy that could get at a figure standing at a point (skirmish_game_threats). */
export interface Threat {
	/** the enemy */
	figure: number;
	kind: number;
	kindName: 'shoot' | 'charge';
	/** a shot: the point is in cover from it */
	cover: boolean;
	/** a shot: within its weapon's short range (Senso S6) */
	shortRange: boolean;
	/** edge to edge, inches */
	distance: number;
}

/** Cell (i, j) is the point (x0 + i step, y0 + j step); cells[j * cols + i] is 1 when reachable. */
export interface Reach {
	x0: number; y0: number; step: number; cols: number; rows: number;
	count: number; cells: Uint8Array;
}

export interface Scenario {
	game: Game;
	/** the players' names, by id (the umpire last) */
	players: string[];
	exitEdges: number[];
	width: number;
	depth: number;
	/** what the console printed while setting it up */
	messages: string;
}

/** The library. */
export declare class Skirmish {
	readonly version: string;
	newGame(options?: GameOptions): Game;
	/** A game from the library's file format (doc/FORMAT.md). */
	loadGame(bytes: Uint8Array | ArrayBuffer): Game;
	/** A table set up by a scenario in the console's language (doc/console.md). */
	scenario(text: string): Scenario;
	strerror(code: number): string;
	actionName(kind: number): string;
	outcomeName(outcome: number): string;
	modifierName(source: number): string;
	effectName(kind: number): string;
	phaseName(phase: number): string;
	meleeWeaponName(weapon: number): string;
	missileWeaponName(weapon: number): string;
	rulesetName(ruleset: number): string;
}

/** A computer side that keeps its search's trees from one decision to
 * the next (skirmish_searcher_new); it outlives the game it was made for. */
export declare class Searcher {
	free(): void;
	/** What the search would play in game's position, as Game.search()
	 * answers, going on from the trees it kept when they hold it. */
	search(game: Game, max?: number): {
		action: Action;
		candidates: { action: Action; visits: number; value: number; prior: number }[];
	};
	/** The descents the last search made, and the visits it kept. */
	readonly descents: { made: number; kept: number };
}

/** One game. */
export declare class Game {
	readonly ruleset: string;
	readonly state: number;
	readonly turn: number;
	readonly phase: number;
	readonly phaseName: string;
	readonly activePlayer: number;
	readonly playerCount: number;
	readonly umpire: number;
	readonly winner: number;
	readonly figureCount: number;
	readonly terrainCount: number;
	readonly objectiveCount: number;
	readonly historyLength: number;
	readonly errorMessage: string;
	free(): void;
	playerOrder(): number[];
	/** what the game was made with; a loaded game, what it was saved with */
	options(): GameOptionsRead;
	/** a player's exit edge (O4): 0 none, 1 south, 2 north, 3 west, 4 east */
	exitEdge(player: number): number;
	/** skirmish_game_hash as 16 lowercase hex digits */
	hash(): string;

	addFigure(spec: FigureSpec): number;
	addTerrain(spec: TerrainSpec): number;
	addObjective(name: string, x: number, y: number): number;
	setExitEdge(player: number, edge: number): void;

	figure(id: number): Figure;
	figures(): Figure[];
	contacts(id: number): number[];
	terrain(id: number): Terrain;
	terrains(): Terrain[];
	objective(id: number): Objective;
	objectives(): Objective[];
	distance(a: number, b: number): number;
	sight(a: number, b: number): Sight;
	reach(figure: number, x0: number, y0: number, step: number, cols: number, rows: number): Reach;
	/** the enemies that could shoot or charge figure next turn were it at (x, y), by id then kind */
	threats(figure: number, x: number, y: number): Threat[];
	/** inches; Sampson's one range is long, short 0; no weapon: 0 and 0 */
	weaponRanges(figure: number): { short: number; long: number };
	pathCost(figure: number, path: Point[]): number;

	act(action: Action): Result;
	start(): Result;
	move(figure: number, path: Point[], facing?: number): Result;
	charge(figure: number, target: number, facing?: number): Result;
	shoot(figure: number, target: number): Result;
	reload(figure: number): Result;
	fight(figure: number, defender?: number): Result;
	mount(figure: number, horse: number): Result;
	dismount(figure: number): Result;
	turnTo(figure: number, facing: number): Result;
	endPhase(): Result;
	endTurn(): Result;
	lastResult(): Result;

	checkAction(action: Action): { ok: boolean; code: number; message: string };
	odds(action: Action): Odds;
	legalActions(figure?: number): Action[];
	policyAction(policy: number, rng: bigint | number): { action: Action; rng: bigint };
	/** What the library's search would play (skirmish_game_search): the
	 * action, and what it thinks of each candidate. Deterministic for the
	 * position, the seed and the iterations. */
	search(iterations: number, seed: bigint | number, max?: number): {
		action: Action;
		candidates: { action: Action; visits: number; value: number; prior: number }[];
	};

	/** A Searcher for this game's positions (skirmish_searcher_new), with
	 * search()'s iterations and seed, keeping its trees from one
	 * decision to the next. */
	searcher(iterations: number, seed: bigint | number): Searcher;

	undo(): void;
	historyAction(index: number): Action;
	save(): Uint8Array;
	clone(): Game;
	replay(nactions: number): Game;
}

// SPDX-License-Identifier: MIT
// libskirmish's object API for JavaScript (wasm/README.md, skirmish.d.ts).
//
// The C library compiled to WebAssembly as it is (skirmish-wasm.mjs), and
// over it this thin layer: it owns every byte it lends the C side (freed
// before a call returns), turns a negative SKIRMISH_E_* status into a
// SkirmishError carrying the game's message, and reads the library's
// structs by the offsets the C compiler gave them (skw_layout), never by
// offsets written here. It keeps no state of a game: every answer is read
// from the library when asked.
import createSkirmishWasm from './skirmish-wasm.mjs';

export const ACTION = Object.freeze({
	NONE: 0, START: 1, MOVE: 2, SHOOT: 3, RELOAD: 4, FIGHT: 5, MOUNT: 6,
	DISMOUNT: 7, TURN: 8, END_PHASE: 9, END_TURN: 10, CHARGE: 11,
});
export const RULESET = Object.freeze({ SENSO: 1, SAMPSON: 2 });
export const STATE = Object.freeze({ SETUP: 0, PLAYING: 1, OVER: 2 });
export const PHASE = Object.freeze({ NONE: 0, ACTIONS: 1, MOVE: 2, MISSILE: 3, MELEE: 4 });
export const TERRAIN = Object.freeze({
	ROUGH: 1, COVER: 2, BLOCKS_SIGHT: 4, OBSTACLE: 8, WATER: 16, CLIMB: 32,
	IMPASSABLE: 64, HILL: 128,
});
export const SIGHT = Object.freeze({ SEEN: 0, TERRAIN: 1, NIGHT: 2 });
export const THREAT = Object.freeze({ SHOOT: 1, CHARGE: 2 });
export const POLICY = Object.freeze({ RANDOM: 0, GREEDY: 1, ROLLOUT: 2 });
export const FACING_KEEP = -1;
const PATH_MAX = 16;

/** A refused call: code is the library's SKIRMISH_E_* status. */
export class SkirmishError extends Error {
	constructor(code, message, codeName) {
		super(message || codeName);
		this.name = 'SkirmishError';
		this.code = code;
		this.codeName = codeName;
	}
}

/** Loads the WebAssembly module: resolves to a Skirmish. */
export async function loadSkirmish(moduleOptions) {
	return new Skirmish(await createSkirmishWasm(moduleOptions || {}));
}

// A scratch area of C memory, freed all at once.
class Scratch {
	constructor(lib) {
		this.lib = lib;
		this.blocks = [];
	}
	alloc(size) {
		const p = this.lib.m._malloc(Math.max(8, size));
		if (!p)
			throw new SkirmishError(-2, 'out of memory', 'SKIRMISH_E_NOMEM');
		this.lib.m.HEAPU8.fill(0, p, p + Math.max(8, size));
		this.blocks.push(p);
		return p;
	}
	string(s) {
		const n = this.lib.m.lengthBytesUTF8(s) + 1;
		const p = this.alloc(n);
		this.lib.m.stringToUTF8(s, p, n);
		return p;
	}
	bytes(u8) {
		const p = this.alloc(u8.length);
		this.lib.m.HEAPU8.set(u8, p);
		return p;
	}
	doubles(arr) {
		const p = this.alloc(8 * arr.length);
		arr.forEach((v, i) => this.lib.setF64(p + 8 * i, v));
		return p;
	}
	free() {
		for (const p of this.blocks)
			this.lib.m._free(p);
		this.blocks = [];
	}
}

/** The library: names, and games made from options, scenarios or files. */
export class Skirmish {
	constructor(m) {
		this.m = m;
		this.L = JSON.parse(m.UTF8ToString(m._skw_layout()));
		this.version = m.UTF8ToString(m._skirmish_version());
	}
	// memory views are read afresh each time: the memory may grow
	i32(p) { return this.m.HEAP32[p >> 2]; }
	u32(p) { return this.m.HEAPU32[p >> 2]; }
	f64(p) { return this.m.HEAPF64[p >> 3]; }
	u64(p) { return (BigInt(this.u32(p + 4)) << 32n) | BigInt(this.u32(p)); }
	setI32(p, v) { this.m.HEAP32[p >> 2] = v; }
	setF64(p, v) { this.m.HEAPF64[p >> 3] = v; }
	setU64(p, v) {
		const b = BigInt.asUintN(64, BigInt(v));
		this.m.HEAPU32[p >> 2] = Number(b & 0xffffffffn);
		this.m.HEAPU32[(p + 4) >> 2] = Number(b >> 32n);
	}
	str(p) { return p ? this.m.UTF8ToString(p) : null; }
	off(name) {
		const v = this.L[name];
		if (v === undefined)
			throw new Error('skirmish.mjs: no layout for ' + name);
		return v;
	}
	scratch() { return new Scratch(this); }

	strerror(code) { return this.str(this.m._skirmish_strerror(code)); }
	actionName(kind) { return this.str(this.m._skirmish_action_name(kind)); }
	outcomeName(o) { return this.str(this.m._skirmish_outcome_name(o)); }
	modifierName(s) { return this.str(this.m._skirmish_modifier_name(s)); }
	effectName(k) { return this.str(this.m._skirmish_effect_name(k)); }
	phaseName(p) { return this.str(this.m._skirmish_phase_name(p)); }
	meleeWeaponName(w) { return this.str(this.m._skirmish_melee_weapon_name(w)); }
	missileWeaponName(w) { return this.str(this.m._skirmish_missile_weapon_name(w)); }
	rulesetName(r) { return this.str(this.m._skirmish_ruleset_name(r)); }

	// a status of a call that takes no game, with the message it wrote
	check(rc, msg) {
		if (rc < 0)
			throw new SkirmishError(rc, msg || this.strerror(rc), this.strerror(rc));
		return rc;
	}

	/** A new game in setup (skirmish_game_new). */
	newGame(o = {}) {
		const s = this.scratch();
		try {
			const L = 'skirmish_game_options';
			const p = s.alloc(this.off(L));
			this.check(this.m._skirmish_game_options_init(p, 1));
			let rs = o.ruleset || 'senso';
			if (typeof rs === 'string') {
				rs = this.m._skirmish_ruleset_from_name(s.string(rs));
				this.check(rs);
			}
			this.setI32(p + this.off(L + '.ruleset'), rs);
			const ints = { players: o.players, umpire: o.umpire ? 1 : undefined,
				night: o.night ? 1 : undefined, turn_limit: o.turnLimit,
				ring_removal: o.ringRemoval, melee_ties: o.meleeTies,
				die_sides: o.dieSides };
			for (const [k, v] of Object.entries(ints))
				if (v !== undefined)
					this.setI32(p + this.off(L + '.' + k), v);
			if (o.width !== undefined)
				this.setF64(p + this.off(L + '.table_width'), o.width);
			if (o.depth !== undefined)
				this.setF64(p + this.off(L + '.table_depth'), o.depth);
			this.setU64(p + this.off(L + '.seed'), o.seed || 0);
			if (o.playerOrder) {
				const order = s.alloc(4 * o.playerOrder.length);
				o.playerOrder.forEach((v, i) => this.setI32(order + 4 * i, v));
				this.setI32(p + this.off(L + '.player_order'), order);
			}
			const out = s.alloc(4), err = s.alloc(256);
			const rc = this.m._skirmish_game_new(out, p, err, 256);
			this.check(rc, this.str(err));
			return new Game(this, this.i32(out));
		} finally {
			s.free();
		}
	}

	/** A game read from the library's file format (skirmish_game_load). */
	loadGame(bytes) {
		const s = this.scratch();
		try {
			const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
			const data = s.bytes(u8), out = s.alloc(4), err = s.alloc(256);
			const rc = this.m._skirmish_game_load(out, data, u8.length, 0, err, 256);
			this.check(rc, this.str(err));
			return new Game(this, this.i32(out));
		} finally {
			s.free();
		}
	}

	/**
	 * A table set up by a scenario in the console's language (doc/console.md):
	 * { game, players: [names], exitEdges: [edges], width, depth, messages }.
	 * A scenario with a failed line is refused with the console's messages.
	 */
	scenario(text) {
		const s = this.scratch();
		let scn = 0;
		try {
			const msg = s.alloc(8192);
			scn = this.m._skw_scenario_run(s.string(text), msg, 8192);
			if (!scn)
				throw new SkirmishError(-2, 'out of memory', 'SKIRMISH_E_NOMEM');
			const messages = this.str(msg);
			const g = this.m._scn_game(scn);
			if (this.m._scn_failures(scn) > 0 || !g)
				throw new SkirmishError(-22, messages || 'the scenario sets no game up',
					'SKIRMISH_E_FORMAT');
			const out = s.alloc(4);
			const rc = this.m._skirmish_game_clone(g, out);
			this.check(rc);
			const game = new Game(this, this.i32(out));
			const n = game.playerCount + (game.umpire >= 0 ? 1 : 0);
			const players = [], exitEdges = [];
			for (let i = 0; i < n; i++) {
				players.push(this.str(this.m._scn_player_name(scn, i)));
				exitEdges.push(this.m._scn_exit_edge(scn, i));
			}
			const wd = s.alloc(16);
			this.m._scn_table_size(scn, wd, wd + 8);
			return { game, players, exitEdges, width: this.f64(wd), depth: this.f64(wd + 8),
				messages };
		} finally {
			if (scn)
				this.m._scn_free(scn);
			s.free();
		}
	}

	// --- reading the library's structs -------------------------------
	readAction(p) {
		const L = 'skirmish_action';
		const n = this.i32(p + this.off(L + '.npoints'));
		const xy = p + this.off(L + '.xy'), path = [];
		for (let i = 0; i < n && i < PATH_MAX; i++)
			path.push([this.f64(xy + 16 * i), this.f64(xy + 16 * i + 8)]);
		const kind = this.i32(p + this.off(L + '.kind'));
		return { kind, name: this.actionName(kind),
			figure: this.i32(p + this.off(L + '.figure')),
			target: this.i32(p + this.off(L + '.target')),
			facing: this.f64(p + this.off(L + '.facing')), path };
	}
	writeAction(s, a) {
		const L = 'skirmish_action';
		const p = s.alloc(this.off(L));
		this.check(this.m._skirmish_action_init(p, 1));
		const kind = typeof a.kind === 'string' ? ACTION[a.kind.toUpperCase().replace(' ', '_')]
			: a.kind;
		if (kind === undefined)
			throw new SkirmishError(-1, 'no action kind ' + a.kind, 'SKIRMISH_E_INVALID');
		this.setI32(p + this.off(L + '.kind'), kind);
		this.setI32(p + this.off(L + '.figure'), a.figure ?? -1);
		this.setI32(p + this.off(L + '.target'), a.target ?? -1);
		this.setF64(p + this.off(L + '.facing'), a.facing ?? FACING_KEEP);
		const path = a.path || [];
		if (path.length > PATH_MAX)
			throw new SkirmishError(-1, 'a path of at most 16 points', 'SKIRMISH_E_INVALID');
		this.setI32(p + this.off(L + '.npoints'), path.length);
		const xy = p + this.off(L + '.xy');
		path.forEach(([x, y], i) => {
			this.setF64(xy + 16 * i, x);
			this.setF64(xy + 16 * i + 8, y);
		});
		return p;
	}
	readModifier(p) {
		const L = 'skirmish_modifier';
		const source = this.i32(p + this.off(L + '.source'));
		return { figure: this.i32(p + this.off(L + '.figure')),
			side: this.i32(p + this.off(L + '.side')),
			value: this.i32(p + this.off(L + '.value')), source,
			name: this.modifierName(source), rule: this.str(this.u32(p + this.off(L + '.rule'))) };
	}
	readResult(p) {
		const L = 'skirmish_result', o = (k) => p + this.off(L + '.' + k);
		const list = (n, at, size, read) => {
			const out = [];
			for (let i = 0; i < n; i++)
				out.push(read(at + i * size));
			return out;
		};
		const D = 'skirmish_die', E = 'skirmish_effect';
		const dice = list(this.i32(o('ndice')), this.u32(o('dice')), this.off(D), (d) => ({
			figure: this.i32(d + this.off(D + '.figure')), player: this.i32(d + this.off(D + '.player')),
			sides: this.i32(d + this.off(D + '.sides')), value: this.i32(d + this.off(D + '.value')),
			purpose: this.i32(d + this.off(D + '.purpose')), side: this.i32(d + this.off(D + '.side')),
			round: this.i32(d + this.off(D + '.round')) }));
		const modifiers = list(this.i32(o('nmodifiers')), this.u32(o('modifiers')),
			this.off('skirmish_modifier'), (m) => this.readModifier(m));
		const effects = list(this.i32(o('neffects')), this.u32(o('effects')), this.off(E), (e) => {
			const kind = this.i32(e + this.off(E + '.kind'));
			const f = (k) => this.f64(e + this.off(E + '.' + k));
			return { kind, name: this.effectName(kind), figure: this.i32(e + this.off(E + '.figure')),
				other: this.i32(e + this.off(E + '.other')), player: this.i32(e + this.off(E + '.player')),
				value: this.i32(e + this.off(E + '.value')),
				from: { x: f('x0'), y: f('y0'), facing: f('facing0') },
				to: { x: f('x1'), y: f('y1'), facing: f('facing1') },
				rule: this.str(this.u32(e + this.off(E + '.rule'))) };
		});
		const action = this.i32(o('action')), outcome = this.i32(o('outcome'));
		return { action, actionName: this.actionName(action),
			figure: this.i32(o('figure')), target: this.i32(o('target')),
			outcome, outcomeName: this.outcomeName(outcome), player: this.i32(o('player')),
			distance: this.f64(o('distance')), score: [this.i32(o('score')), this.i32(o('score') + 4)],
			dice, modifiers, effects, text: this.str(this.u32(o('text'))) };
	}
}

// skirmish_search_options of a budget of iterations and a seed, in s
function searchOptions(game, s, iterations, seed) {
	const L = 'skirmish_search_options', o = s.alloc(game.lib.off(L));
	game.check(game.m._skirmish_search_options_init(o, 1));
	// long is 32 bits in wasm32
	game.lib.setI32(o + game.lib.off(L + '.iterations'), iterations);
	game.lib.setF64(o + game.lib.off(L + '.milliseconds'), 0);
	game.lib.setU64(o + game.lib.off(L + '.seed'), seed);
	return o;
}

// A search's answer: call(out, candidates, size, count) runs it on
// scratch memory of s for max candidates; its status is game's
function readSearch(game, s, max, call) {
	const C = 'skirmish_search_candidate', lib = game.lib;
	const a = s.alloc(lib.off('skirmish_action'));
	const size = lib.off(C), c = s.alloc(size * max), n = s.alloc(4);
	game.check(game.m._skirmish_action_init(a, 1));
	game.check(call(a, c, size, n));
	const count = Math.min(lib.i32(n), max);
	const candidates = Array.from({ length: count }, (_, i) => {
		const p = c + i * size;
		return { action: lib.readAction(p + lib.off(C + '.action')),
			 visits: lib.i32(p + lib.off(C + '.visits')),
			 value: lib.f64(p + lib.off(C + '.value')),
			 prior: lib.f64(p + lib.off(C + '.prior')) };
	});
	return { action: lib.readAction(a), candidates };
}

/**
 * A computer side that keeps its search's trees from one decision to the
 * next (skirmish_searcher_new, doc/SEARCH.md), made by game.searcher() and
 * freed by free(). It outlives the game it was made for.
 */
export class Searcher {
	constructor(lib, ptr) {
		this.lib = lib;
		this.ptr = ptr;
	}
	/** Frees the searcher; a freed searcher refuses every call. */
	free() {
		if (this.ptr)
			this.lib.m._skirmish_searcher_free(this.ptr);
		this.ptr = 0;
	}
	/**
	 * What the search would play in game's position (skirmish_searcher_search),
	 * as Game.search() answers; when its trees hold the position (after its
	 * last choice and the answers to it), it goes on from them, and the
	 * candidates' visits count the kept ones too.
	 */
	search(game, max = 512) {
		if (!this.ptr)
			throw new SkirmishError(-1, 'the searcher was freed', 'SKIRMISH_E_INVALID');
		return game.with((s) => readSearch(game, s, max, (a, c, size, n) =>
			game.m._skirmish_searcher_search(this.ptr, game.ptr, a, c, size, max, n)));
	}
	/** { made, kept }: the descents the last search made, and the visits
	 * it kept from the searches before (skirmish_searcher_descents). */
	get descents() {
		if (!this.ptr)
			throw new SkirmishError(-1, 'the searcher was freed', 'SKIRMISH_E_INVALID');
		const s = this.lib.scratch();
		try {
			const made = s.alloc(4), kept = s.alloc(4);
			this.lib.m._skirmish_searcher_descents(this.ptr, made, kept);
			return { made: this.lib.i32(made), kept: this.lib.i32(kept) };
		} finally {
			s.free();
		}
	}
}

/** One game: a handle on the library's game, freed by free(). */
export class Game {
	constructor(lib, ptr) {
		this.lib = lib;
		this.ptr = ptr;
	}
	get m() {
		if (!this.ptr)
			throw new SkirmishError(-1, 'the game was freed', 'SKIRMISH_E_INVALID');
		return this.lib.m;
	}
	/** Frees the game; a freed game refuses every call. */
	free() {
		if (this.ptr)
			this.lib.m._skirmish_game_free(this.ptr);
		this.ptr = 0;
	}
	// a status of this game's call: a SkirmishError with its message
	check(rc) {
		if (rc < 0) {
			const msg = this.lib.str(this.m._skirmish_game_errmsg(this.ptr));
			throw new SkirmishError(rc, msg || this.lib.strerror(rc), this.lib.strerror(rc));
		}
		return rc;
	}
	with(fn) {
		const s = this.lib.scratch();
		try {
			return fn(s);
		} finally {
			s.free();
		}
	}

	// --- scalars --------------------------------------------------------
	get ruleset() { return this.lib.rulesetName(this.check(this.m._skirmish_game_ruleset(this.ptr))); }
	get state() { return this.check(this.m._skirmish_game_state(this.ptr)); }
	get turn() { return this.check(this.m._skirmish_game_turn(this.ptr)); }
	get phase() { return this.check(this.m._skirmish_game_phase(this.ptr)); }
	get phaseName() { return this.lib.phaseName(this.phase); }
	get activePlayer() { return this.m._skirmish_game_active_player(this.ptr); }
	get playerCount() { return this.check(this.m._skirmish_game_player_count(this.ptr)); }
	get umpire() { return this.m._skirmish_game_umpire(this.ptr); }
	get winner() { return this.m._skirmish_game_winner(this.ptr); }
	get figureCount() { return this.check(this.m._skirmish_game_figure_count(this.ptr)); }
	get terrainCount() { return this.check(this.m._skirmish_game_terrain_count(this.ptr)); }
	get objectiveCount() { return this.check(this.m._skirmish_game_objective_count(this.ptr)); }
	get historyLength() { return this.check(this.m._skirmish_game_history_length(this.ptr)); }
	get errorMessage() { return this.lib.str(this.m._skirmish_game_errmsg(this.ptr)); }
	/**
	 * What the game was made with (skirmish_game_get_options), in newGame's
	 * keys, so that sk.newGame(game.options()) makes the same game again: a
	 * loaded game tells the options it was saved with. dieSides is the die
	 * rolled (6 for the 0 given); playerOrder the order given, or null when
	 * it is rolled off (also after the start: playerOrder() tells the
	 * order rolled); seed (a BigInt) the seed it was made with.
	 */
	options() {
		return this.with((s) => {
			const L = 'skirmish_game_options', lib = this.lib;
			const p = s.alloc(lib.off(L));
			lib.setI32(p, 1);
			this.check(this.m._skirmish_game_get_options(this.ptr, p));
			const i32 = (k) => lib.i32(p + lib.off(L + '.' + k));
			const players = i32('players'), order = lib.u32(p + lib.off(L + '.player_order'));
			return { ruleset: lib.str(i32('ruleset_name')), players,
				umpire: !!i32('umpire'),
				width: lib.f64(p + lib.off(L + '.table_width')),
				depth: lib.f64(p + lib.off(L + '.table_depth')),
				night: !!i32('night'), turnLimit: i32('turn_limit'),
				ringRemoval: i32('ring_removal'), meleeTies: i32('melee_ties'),
				dieSides: i32('die_sides'),
				playerOrder: order ? Array.from({ length: players },
					(_, k) => lib.i32(order + 4 * k)) : null,
				seed: lib.u64(p + lib.off(L + '.seed')) };
		});
	}
	/** A player's exit edge (skirmish_game_get_exit_edge): 0 none, 1 south,
	 * 2 north, 3 west, 4 east. */
	exitEdge(player) {
		return this.with((s) => {
			const p = s.alloc(4);
			this.check(this.m._skirmish_game_get_exit_edge(this.ptr, player, p));
			return this.lib.i32(p);
		});
	}
	playerOrder() {
		return this.with((s) => {
			const p = s.alloc(4 * 9);
			const n = this.check(this.m._skirmish_game_player_order(this.ptr, p, 9));
			return Array.from({ length: n }, (_, i) => this.lib.i32(p + 4 * i));
		});
	}

	/** The state hash (skirmish_game_hash), 16 lowercase hex digits. */
	hash() {
		return this.with((s) => {
			const p = s.alloc(8);
			this.check(this.m._skirmish_game_hash(this.ptr, p));
			return this.lib.u64(p).toString(16).padStart(16, '0');
		});
	}

	// --- setup ----------------------------------------------------------
	addFigure(spec) {
		return this.with((s) => {
			const L = 'skirmish_figure_spec', lib = this.lib;
			const p = s.alloc(lib.off(L));
			this.check(this.m._skirmish_figure_spec_init(p, 1));
			if (spec.preset !== undefined)
				this.check(this.m._skirmish_figure_spec_preset(p, spec.preset));
			const ints = ['player', 'mounted', 'dv', 'armour', 'shield', 'unloaded'];
			for (const k of ints)
				if (spec[k] !== undefined)
					lib.setI32(p + lib.off(L + '.' + k), Number(spec[k]));
			const named = { melee_weapon: spec.meleeWeapon, missile_weapon: spec.missileWeapon,
				martial_arts: spec.martialArts };
			for (const [k, v] of Object.entries(named))
				if (v !== undefined)
					lib.setI32(p + lib.off(L + '.' + k), Number(v));
			const dbl = { x: spec.x, y: spec.y, facing: spec.facing, base_width: spec.baseWidth,
				base_depth: spec.baseDepth };
			for (const [k, v] of Object.entries(dbl))
				if (v !== undefined)
					lib.setF64(p + lib.off(L + '.' + k), v);
			if (spec.name)
				lib.setI32(p + lib.off(L + '.name'), s.string(spec.name));
			const out = s.alloc(4);
			this.check(this.m._skirmish_game_add_figure(this.ptr, p, out));
			return lib.i32(out);
		});
	}
	addTerrain(spec) {
		return this.with((s) => {
			const L = 'skirmish_terrain_spec', lib = this.lib;
			const p = s.alloc(lib.off(L));
			this.check(this.m._skirmish_terrain_spec_init(p, 1));
			const shape = { rect: 0, polygon: 1, circle: 2 }[spec.shape || 'rect'];
			lib.setI32(p + lib.off(L + '.shape'), shape);
			lib.m.HEAPU32[(p + lib.off(L + '.flags')) >> 2] = spec.flags || 0;
			for (const k of ['height', 'x', 'y', 'width', 'depth', 'angle', 'radius'])
				if (spec[k] !== undefined)
					lib.setF64(p + lib.off(L + '.' + k), spec[k]);
			if (spec.movePenalty !== undefined)
				lib.setF64(p + lib.off(L + '.move_penalty'), spec.movePenalty);
			if (spec.name)
				lib.setI32(p + lib.off(L + '.name'), s.string(spec.name));
			if (spec.points) {
				lib.setI32(p + lib.off(L + '.npoints'), spec.points.length);
				lib.setI32(p + lib.off(L + '.points'), s.doubles(spec.points.flat()));
			}
			const out = s.alloc(4);
			this.check(this.m._skirmish_game_add_terrain(this.ptr, p, out));
			return lib.i32(out);
		});
	}
	addObjective(name, x, y) {
		return this.with((s) => {
			const out = s.alloc(4);
			this.check(this.m._skirmish_game_add_objective(this.ptr, s.string(name), x, y, out));
			return this.lib.i32(out);
		});
	}
	setExitEdge(player, edge) { this.check(this.m._skirmish_game_set_exit_edge(this.ptr, player, edge)); }

	// --- reading the table -------------------------------------------------
	figure(id) {
		return this.with((s) => {
			const L = 'skirmish_figure_info', lib = this.lib;
			const p = s.alloc(lib.off(L));
			lib.setI32(p, 1);
			this.check(this.m._skirmish_game_figure(this.ptr, id, p));
			const i = (k) => lib.i32(p + lib.off(L + '.' + k));
			const f = (k) => lib.f64(p + lib.off(L + '.' + k));
			const melee = i('melee_weapon'), missile = i('missile_weapon');
			return { id: i('id'), player: i('player'), name: lib.str(lib.u32(p + lib.off(L + '.name'))),
				x: f('x'), y: f('y'), facing: f('facing'), baseWidth: f('base_width'),
				baseDepth: f('base_depth'), mounted: !!i('mounted'), dv: i('dv'),
				meleeWeapon: melee, meleeWeaponName: lib.meleeWeaponName(melee),
				missileWeapon: missile, missileWeaponName: missile ? lib.missileWeaponName(missile) : null,
				armour: !!i('armour'), shield: !!i('shield'), martialArts: !!i('martial_arts'),
				loaded: !!i('loaded'), isHorse: !!i('is_horse'), removed: !!i('removed'),
				rings: i('rings'), suppressed: !!i('suppressed'), inMelee: !!i('in_melee'),
				meleeId: i('melee_id'), acted: !!i('acted'), shot: !!i('shot'),
				canAct: !!i('can_act'), moveLeft: f('move_left'), elevation: f('elevation') };
		});
	}
	figures() {
		return Array.from({ length: this.figureCount }, (_, id) => this.figure(id));
	}
	contacts(id) {
		return this.with((s) => {
			const max = 64, p = s.alloc(4 * max), n = s.alloc(4);
			this.check(this.m._skirmish_game_figure_contacts(this.ptr, id, p, max, n));
			const count = Math.min(this.lib.i32(n), max);
			return Array.from({ length: count }, (_, i) => this.lib.i32(p + 4 * i));
		});
	}
	terrain(id) {
		return this.with((s) => {
			const lib = this.lib, fl = s.alloc(4), nm = s.alloc(4), h = s.alloc(8);
			const xy = s.alloc(8 * 2 * 64), n = s.alloc(4);
			this.check(this.m._skirmish_game_terrain(this.ptr, id, fl, nm, h, xy, 64, n));
			const count = Math.min(lib.i32(n), 64), points = [];
			for (let i = 0; i < count; i++)
				points.push([lib.f64(xy + 16 * i), lib.f64(xy + 16 * i + 8)]);
			const obstacle = this.check(this.m._skirmish_game_terrain_obstacle(this.ptr, id));
			return { id, flags: lib.u32(fl), name: lib.str(lib.u32(nm)), height: lib.f64(h), points,
				 obstacle };
		});
	}
	terrains() {
		return Array.from({ length: this.terrainCount }, (_, id) => this.terrain(id));
	}
	objective(id) {
		return this.with((s) => {
			const lib = this.lib, st = s.alloc(4), c = s.alloc(4), pl = s.alloc(4);
			const x = s.alloc(8), y = s.alloc(8), nm = s.alloc(4);
			this.check(this.m._skirmish_game_objective(this.ptr, id, st, c, pl, x, y, nm));
			return { id, state: lib.i32(st), carrier: lib.i32(c), player: lib.i32(pl),
				x: lib.f64(x), y: lib.f64(y), name: lib.str(lib.u32(nm)) };
		});
	}
	objectives() {
		return Array.from({ length: this.objectiveCount }, (_, id) => this.objective(id));
	}
	distance(a, b) {
		return this.with((s) => {
			const p = s.alloc(8);
			this.check(this.m._skirmish_game_distance(this.ptr, a, b, p));
			return this.lib.f64(p);
		});
	}
	/** What a sees of b and why not (skirmish_game_sight). */
	sight(a, b) {
		return this.with((s) => {
			const L = 'skirmish_sight', lib = this.lib;
			const p = s.alloc(lib.off(L));
			lib.setI32(p, 1);
			this.check(this.m._skirmish_game_sight(this.ptr, a, b, p));
			const reason = lib.i32(p + lib.off(L + '.reason'));
			return { visible: !!lib.i32(p + lib.off(L + '.visible')), reason,
				reasonName: ['seen', 'terrain', 'night'][reason],
				terrain: lib.i32(p + lib.off(L + '.terrain')),
				cover: !!lib.i32(p + lib.off(L + '.cover')),
				distance: lib.f64(p + lib.off(L + '.distance')) };
		});
	}
	/** Where a figure can move now on a grid (skirmish_game_reach). */
	reach(figure, x0, y0, step, cols, rows) {
		return this.with((s) => {
			const p = s.alloc(cols * rows), n = s.alloc(4);
			this.check(this.m._skirmish_game_reach(this.ptr, figure, x0, y0, step, cols, rows, p, n));
			return { x0, y0, step, cols, rows, count: this.lib.i32(n),
				cells: this.lib.m.HEAPU8.slice(p, p + cols * rows) };
		});
	}
	/** The enemies that could shoot or charge figure next turn were it at
	 * (x, y) (skirmish_game_threats): by enemy id, then kind. */
	threats(figure, x, y) {
		return this.with((s) => {
			const L = 'skirmish_threat', lib = this.lib, size = lib.off(L), n = s.alloc(4);
			for (let max = 16; ; ) {
				const p = s.alloc(size * max);
				lib.setI32(p, 1);
				this.check(this.m._skirmish_game_threats(this.ptr, figure, x, y, p, max, n));
				const count = lib.i32(n);
				if (count > max) {
					max = count;
					continue;
				}
				return Array.from({ length: count }, (_, i) => {
					const q = p + i * size, kind = lib.i32(q + lib.off(L + '.kind'));
					return { figure: lib.i32(q + lib.off(L + '.figure')), kind,
						kindName: kind === THREAT.SHOOT ? 'shoot' : 'charge',
						cover: !!lib.i32(q + lib.off(L + '.cover')),
						shortRange: !!lib.i32(q + lib.off(L + '.short_range')),
						distance: lib.f64(q + lib.off(L + '.distance')) };
				});
			}
		});
	}
	/** A figure's missile ranges (skirmish_game_weapon_ranges): { short, long }. */
	weaponRanges(figure) {
		return this.with((s) => {
			const p = s.alloc(16);
			this.check(this.m._skirmish_game_weapon_ranges(this.ptr, figure, p, p + 8));
			return { short: this.lib.f64(p), long: this.lib.f64(p + 8) };
		});
	}
	pathCost(figure, path) {
		return this.with((s) => {
			const out = s.alloc(8);
			this.check(this.m._skirmish_game_path_cost(this.ptr, figure, s.doubles(path.flat()),
				path.length, out));
			return this.lib.f64(out);
		});
	}

	// --- actions ----------------------------------------------------------
	/** Any action as data ({ kind, figure, target, facing, path }): its result. */
	act(action) {
		return this.with((s) => {
			const a = this.lib.writeAction(s, action);
			const r = s.alloc(this.lib.off('skirmish_result'));
			this.check(this.m._skirmish_result_init(r, 1));
			if ((typeof action.kind === 'string' ? action.kind : this.lib.actionName(action.kind)) === 'start')
				this.check(this.m._skirmish_game_start(this.ptr, r));
			else
				this.check(this.m._skirmish_game_act(this.ptr, a, r));
			return this.lib.readResult(r);
		});
	}
	start() { return this.act({ kind: ACTION.START }); }
	move(figure, path, facing = FACING_KEEP) { return this.act({ kind: ACTION.MOVE, figure, path, facing }); }
	charge(figure, target, facing = FACING_KEEP) {
		return this.act({ kind: ACTION.CHARGE, figure, target, facing });
	}
	shoot(figure, target) { return this.act({ kind: ACTION.SHOOT, figure, target }); }
	reload(figure) { return this.act({ kind: ACTION.RELOAD, figure }); }
	fight(figure, defender = -1) { return this.act({ kind: ACTION.FIGHT, figure, target: defender }); }
	mount(figure, horse) { return this.act({ kind: ACTION.MOUNT, figure, target: horse }); }
	dismount(figure) { return this.act({ kind: ACTION.DISMOUNT, figure }); }
	turnTo(figure, facing) { return this.act({ kind: ACTION.TURN, figure, facing }); }
	endPhase() { return this.act({ kind: ACTION.END_PHASE }); }
	endTurn() { return this.act({ kind: ACTION.END_TURN }); }
	lastResult() {
		return this.with((s) => {
			const r = s.alloc(this.lib.off('skirmish_result'));
			this.check(this.m._skirmish_result_init(r, 1));
			this.check(this.m._skirmish_game_last_result(this.ptr, r));
			return this.lib.readResult(r);
		});
	}

	// --- decision support ---------------------------------------------------
	/** Whether an action would be accepted now: { ok, code, message }. */
	checkAction(action) {
		return this.with((s) => {
			const rc = this.m._skirmish_game_check_action(this.ptr, this.lib.writeAction(s, action));
			return { ok: rc === 0, code: rc, message: rc === 0 ? '' : this.errorMessage };
		});
	}
	/** The exact odds of each outcome of a legal action (skirmish_game_odds). */
	odds(action) {
		return this.with((s) => {
			const L = 'skirmish_odds', lib = this.lib;
			const a = lib.writeAction(s, action), p = s.alloc(lib.off(L));
			this.check(this.m._skirmish_odds_init(p, 1));
			this.check(this.m._skirmish_game_odds(this.ptr, a, p));
			const O = 'skirmish_odds_outcome', outcomes = [], modifiers = [];
			const n = lib.i32(p + lib.off(L + '.noutcomes'));
			for (let i = 0; i < n; i++) {
				const q = p + lib.off(L + '.outcomes') + i * lib.off(O);
				const outcome = lib.i32(q + lib.off(O + '.outcome'));
				outcomes.push({ outcome, name: lib.outcomeName(outcome),
					value: lib.i32(q + lib.off(O + '.value')), side: lib.i32(q + lib.off(O + '.side')),
					numerator: lib.u64(q + lib.off(O + '.numerator')),
					denominator: lib.u64(q + lib.off(O + '.denominator')),
					probability: lib.f64(q + lib.off(O + '.probability')) });
			}
			const nm = lib.i32(p + lib.off(L + '.nmodifiers'));
			for (let i = 0; i < nm; i++)
				modifiers.push(lib.readModifier(p + lib.off(L + '.modifiers') +
					i * lib.off('skirmish_modifier')));
			return { outcomes, modifiers, rerolls: !!lib.i32(p + lib.off(L + '.rerolls')) };
		});
	}
	/** The library's list of useful legal actions of a figure (-1: all). */
	legalActions(figure = -1) {
		return this.with((s) => {
			const size = this.lib.off('skirmish_action'), max = 1024;
			const p = s.alloc(size * max), n = s.alloc(4);
			this.check(this.m._skirmish_game_legal_actions_sized(this.ptr, figure, p, size, max, n));
			const count = Math.min(this.lib.i32(n), max);
			return Array.from({ length: count }, (_, i) => this.lib.readAction(p + i * size));
		});
	}
	/**
	 * What the library's search would play (skirmish_game_search, doc/SEARCH.md):
	 * { action, candidates: [{ action, visits, value, prior }] }, iterations
	 * descents from the seed, the same answer for the same position and seed.
	 */
	search(iterations, seed, max = 512) {
		return this.with((s) => {
			const o = searchOptions(this, s, iterations, seed);
			return readSearch(this, s, max, (a, c, size, n) =>
				this.m._skirmish_game_search(this.ptr, o, a, c, size, max, n));
		});
	}
	/**
	 * A Searcher for this game's positions (skirmish_searcher_new): the
	 * search of search() with these iterations and seed, which keeps its
	 * trees from one decision to the next.
	 */
	searcher(iterations, seed) {
		return this.with((s) => {
			const o = searchOptions(this, s, iterations, seed), out = s.alloc(4);
			this.check(this.m._skirmish_searcher_new(out, this.ptr, o));
			return new Searcher(this.lib, this.lib.i32(out));
		});
	}
	/** One action of a policy (skirmish_game_policy_action): { action, rng }. */
	policyAction(policy, rng) {
		return this.with((s) => {
			const st = s.alloc(8), a = s.alloc(this.lib.off('skirmish_action'));
			this.lib.setU64(st, rng);
			this.check(this.m._skirmish_action_init(a, 1));
			this.check(this.m._skirmish_game_policy_action(this.ptr, policy, st, a));
			return { action: this.lib.readAction(a), rng: this.lib.u64(st) };
		});
	}

	// --- state services --------------------------------------------------
	undo() { this.check(this.m._skirmish_game_undo(this.ptr)); }
	historyAction(i) {
		return this.with((s) => {
			const a = s.alloc(this.lib.off('skirmish_action'));
			this.check(this.m._skirmish_action_init(a, 1));
			this.check(this.m._skirmish_game_history_action(this.ptr, i, a));
			return this.lib.readAction(a);
		});
	}
	/** The whole game in the library's file format (doc/FORMAT.md). */
	save() {
		return this.with((s) => {
			const need = s.alloc(4);
			const rc = this.m._skirmish_game_save(this.ptr, 0, 0, need);
			if (rc < 0 && rc !== -23)
				this.check(rc);
			const n = this.lib.u32(need), buf = s.alloc(n);
			this.check(this.m._skirmish_game_save(this.ptr, buf, n, need));
			return this.lib.m.HEAPU8.slice(buf, buf + n);
		});
	}
	clone() {
		return this.with((s) => {
			const out = s.alloc(4);
			this.check(this.m._skirmish_game_clone(this.ptr, out));
			return new Game(this.lib, this.lib.i32(out));
		});
	}
	/** The game's scenario with its first n recorded actions played again. */
	replay(n) {
		return this.with((s) => {
			const out = s.alloc(4), err = s.alloc(256);
			const rc = this.m._skirmish_game_replay(out, this.ptr, n, err, 256);
			this.lib.check(rc, this.lib.str(err));
			return new Game(this.lib, this.lib.i32(out));
		});
	}
}

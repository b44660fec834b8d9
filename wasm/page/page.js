// SPDX-License-Identifier: MIT
// The table to play on (wasm/page/README in wasm/README.md). It knows
// only the object API (SkirmishAPI: skirmish.mjs): every figure, ring,
// reach, sight, odds and sentence drawn here is read from the library
// when drawn; the page keeps no copy of the game's state. What it keeps
// is the user's: the selection, the waypoints, the actions undone (redo).
'use strict';

(async function () {
	const API = SkirmishAPI;
	const { ACTION, TERRAIN, STATE, PHASE } = API;
	const sk = await API.loadSkirmish();
	const SCENARIOS = JSON.parse(document.getElementById('scenarios').textContent);
	const $ = (id) => document.getElementById(id);
	const NS = 'http://www.w3.org/2000/svg';
	const COLOURS = ['#1f5fbf', '#c0392b', '#2e8b57', '#8e44ad', '#d35400', '#16a085',
		'#7f8c8d', '#b7950b', '#555'];
	const S = 20;                    // pixels per inch
	const REACH_STEP = 0.5;          // inches between shaded points

	let game = null, names = [], edges = [], computer = -1;
	let selected = -1, waypoints = [], redo = [], hover = null;
	let worker = null, thinking = false;
	const log = [];

	// --- the bot: a Web Worker from a Blob URL (works from file://) ----
	function startWorker() {
		const src = document.getElementById('worker-src').textContent;
		worker = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
		worker.onmessage = (e) => {
			thinking = false;
			if (e.data.error) {
				say('The computer: ' + e.data.error);
				return draw();
			}
			take(e.data.action, true);
		};
	}

	function say(text) {
		log.push(text);
		const li = document.createElement('li');
		li.textContent = text;
		$('log').appendChild(li);
		$('log').scrollTop = $('log').scrollHeight;
	}

	// --- games ------------------------------------------------------------
	function newGame() {
		const sc = SCENARIOS.find((s) => s.name === $('scenario').value);
		const made = sk.scenario(sc.text);
		setGame(made.game, made.players);
		edges = made.exitEdges;
		const r = game.start();
		say(r.text);
		showDice(r);
		afterAction();
	}

	function setGame(g, playerNames) {
		if (game)
			game.free();
		game = g;
		names = playerNames;
		edges = [];
		computer = $('mode').value === 'computer' ? 1 : -1;
		selected = -1;
		waypoints = [];
		redo = [];
		$('log').textContent = '';
		log.length = 0;
	}

	function playerName(p) {
		return names[p] || 'player ' + p;
	}

	// every action goes through here: from clicks, keys and the bot
	function take(action, byComputer) {
		try {
			const r = game.act(action);
			say(r.text);
			showDice(r);
			redo = [];
			waypoints = [];
			if (selected >= 0 && !game.figure(selected).canAct)
				selected = -1;
			afterAction();
			return r;
		} catch (e) {
			if (!(e instanceof API.SkirmishError))
				throw e;
			$('status').textContent = e.message;
			$('status').className = 'refused';
			draw();
			return null;
		}
	}

	function afterAction() {
		draw();
		if (game.state === STATE.PLAYING && game.activePlayer === computer && !thinking) {
			thinking = true;
			draw();
			worker.postMessage({ game: game.save(), budget: Number($('budget').value) });
		}
	}

	// --- drawing ------------------------------------------------------------
	function el(name, attrs, parent) {
		const e = document.createElementNS(NS, name);
		for (const [k, v] of Object.entries(attrs))
			e.setAttribute(k, v);
		if (parent)
			parent.appendChild(e);
		return e;
	}
	const px = (x) => x * S;
	const py = (y) => (height() - y) * S;    // the table's y runs north, up
	let tableW = 48, tableD = 36;
	function height() { return tableD; }

	function terrainStyle(flags) {
		if (flags & TERRAIN.IMPASSABLE)
			return ['#8d6e63', '#4e342e'];
		if (flags & TERRAIN.WATER)
			return ['#81d4fa', '#0277bd'];
		if (flags & TERRAIN.OBSTACLE)
			return ['#a1887f', '#3e2723'];
		if (flags & TERRAIN.HILL)
			return ['#dcedc8', '#689f38'];
		if (flags & TERRAIN.ROUGH)
			return ['#c5e1a5', '#558b2f'];
		if (flags & TERRAIN.COVER)
			return ['#aed581', '#33691e'];
		return ['#eeeeee', '#999'];
	}

	function draw() {
		const svg = $('table');
		svg.textContent = '';
		if (!game)
			return;
		const figs = game.figures();
		// the table's size: the scenario's, or the opened game's (setTableSize)
		tableW = Number(svg.dataset.width);
		tableD = Number(svg.dataset.depth);
		// a margin of an inch: a figure at the edge is drawn whole
		svg.setAttribute('viewBox', `${-S} ${-S} ${px(tableW) + 2 * S} ${(tableD + 2) * S}`);
		svg.setAttribute('width', px(tableW) + 2 * S);
		svg.setAttribute('height', (tableD + 2) * S);
		el('rect', { x: 0, y: 0, width: px(tableW), height: tableD * S, fill: '#f5f0e1' }, svg);
		for (const t of game.terrains()) {
			const [fill, stroke] = terrainStyle(t.flags);
			const poly = el('polygon', { points: t.points.map(([x, y]) => `${px(x)},${py(y)}`).join(' '),
				fill, stroke, 'stroke-width': 1.5, 'fill-opacity': 0.85 }, svg);
			el('title', {}, poly).textContent = t.name;
			const cx = t.points.reduce((a, p) => a + p[0], 0) / t.points.length;
			const cy = t.points.reduce((a, p) => a + p[1], 0) / t.points.length;
			el('text', { x: px(cx), y: py(cy), class: 'terrain-name' }, svg).textContent =
				t.name.replace(/-/g, ' ');
		}
		// each player's exit edge (O4), in its colour
		edges.forEach((edge, p) => {
			const line = { 1: [0, 0, tableW, 0], 2: [0, tableD, tableW, tableD],
				3: [0, 0, 0, tableD], 4: [tableW, 0, tableW, tableD] }[edge];
			if (line)
				el('line', { x1: px(line[0]), y1: py(line[1]), x2: px(line[2]), y2: py(line[3]),
					stroke: COLOURS[p % COLOURS.length], 'stroke-width': 8, opacity: 0.6 }, svg)
					.appendChild(document.createElementNS(NS, 'title')).textContent =
						playerName(p) + ' carries objectives off here';
		});
		const sel = selected >= 0 ? figs[selected] : null;
		if (sel)
			drawSelection(svg, sel, figs);
		// melee pairs: a thick line between figures in contact with enemies
		for (const f of figs) {
			if (f.removed || !f.inMelee)
				continue;
			for (const o of game.contacts(f.id))
				if (o > f.id && figs[o].player !== f.player && !figs[o].removed)
					el('line', { x1: px(f.x), y1: py(f.y), x2: px(figs[o].x), y2: py(figs[o].y),
						class: 'melee' }, svg);
		}
		for (const o of game.objectives()) {
			if (o.state === 2)
				continue;
			const g = el('g', { class: 'objective' }, svg);
			el('circle', { cx: px(o.x), cy: py(o.y), r: 7, fill: '#ffd600', stroke: '#6d4c00',
				'stroke-width': 2 }, g);
			el('title', {}, g).textContent = o.name + (o.carrier >= 0 ? ' (carried)' : '');
		}
		for (const f of figs)
			if (!f.removed)
				drawFigure(svg, f, f.id === selected);
		for (const [x, y] of waypoints)
			el('circle', { cx: px(x), cy: py(y), r: 4, class: 'waypoint' }, svg);
		if (sel && waypoints.length)
			el('polyline', { points: [[sel.x, sel.y], ...waypoints].map(([x, y]) => `${px(x)},${py(y)}`)
				.join(' '), class: 'path' }, svg);
		drawPanel(figs);
	}

	function drawFigure(svg, f, isSel) {
		const g = el('g', { class: 'figure', 'data-id': f.id,
			transform: `translate(${px(f.x)},${py(f.y)}) rotate(${-f.facing})` }, svg);
		const colour = f.isHorse ? '#795548' : COLOURS[f.player % COLOURS.length];
		// the base: depth along the facing (x after the rotation)
		el('rect', { x: -px(f.baseDepth) / 2, y: -px(f.baseWidth) / 2, width: px(f.baseDepth),
			height: px(f.baseWidth), fill: colour, 'fill-opacity': f.canAct ? 1 : 0.55,
			stroke: isSel ? '#ffeb3b' : '#222', 'stroke-width': isSel ? 3 : 1 }, g);
		// the facing: a notch on the front edge
		el('polygon', { points: `${px(f.baseDepth) / 2},0 ${px(f.baseDepth) / 2 - 7},-5 ${px(f.baseDepth) / 2 - 7},5`,
			fill: '#fff' }, g);
		const label = el('g', { transform: `rotate(${f.facing})` }, g);
		for (let i = 0; i < f.rings; i++)
			el('circle', { cx: -8 + 8 * i, cy: -px(f.baseWidth) / 2 - 6, r: 3.5, class: 'ring' }, label);
		if (f.suppressed)
			el('text', { x: 0, y: 5, class: 'suppressed' }, label).textContent = 'S';
		el('text', { x: 0, y: px(f.baseWidth) / 2 + 11, class: 'name' }, label).textContent = f.name;
		el('title', {}, g).textContent = describe(f);
	}

	function describe(f) {
		const bits = [f.name, playerName(f.player)];
		if (f.dv)
			bits.push('d' + f.dv);
		bits.push(f.meleeWeaponName);
		if (f.missileWeaponName)
			bits.push(f.missileWeaponName + (f.loaded ? '' : ' (unloaded)'));
		if (f.armour) bits.push('armour');
		if (f.shield) bits.push('shield');
		if (f.mounted) bits.push('mounted');
		if (f.rings) bits.push(f.rings + ' ring' + (f.rings > 1 ? 's' : ''));
		if (f.suppressed) bits.push('suppressed');
		if (f.inMelee) bits.push('in melee');
		bits.push(f.canAct ? `can act, ${f.moveLeft.toFixed(1)}" to move` : 'cannot act');
		return bits.join(', ');
	}

	// the ground it reaches, its ranges, and what it sees of each enemy
	function drawSelection(svg, sel, figs) {
		const r = sel.moveLeft + 0.5;
		const x0 = Math.max(REACH_STEP, Math.ceil((sel.x - r) / REACH_STEP) * REACH_STEP);
		const y0 = Math.max(REACH_STEP, Math.ceil((sel.y - r) / REACH_STEP) * REACH_STEP);
		const cols = Math.max(1, Math.floor((Math.min(tableW, sel.x + r) - x0) / REACH_STEP) + 1);
		const rows = Math.max(1, Math.floor((Math.min(tableD, sel.y + r) - y0) / REACH_STEP) + 1);
		if (sel.canAct && sel.moveLeft > 0) {
			const reach = game.reach(sel.id, x0, y0, REACH_STEP, cols, rows);
			const g = el('g', { class: 'reach' }, svg);
			for (let j = 0; j < rows; j++)
				for (let i = 0; i < cols; i++)
					if (reach.cells[j * cols + i])
						el('rect', { x: px(x0 + i * REACH_STEP - REACH_STEP / 2),
							y: py(y0 + j * REACH_STEP + REACH_STEP / 2),
							width: REACH_STEP * S, height: REACH_STEP * S }, g);
			$('reach-count').textContent = reach.count;
		}
		const ranges = game.weaponRanges(sel.id);
		for (const [kind, inches] of [['short', ranges.short], ['long', ranges.long]])
			if (inches > 0)
				el('circle', { cx: px(sel.x), cy: py(sel.y),
					r: px(inches + Math.max(sel.baseWidth, sel.baseDepth) / 2),
					class: 'range ' + kind }, svg);
	}

	function enemyLines(sel, figs) {
		const out = [];
		for (const e of figs) {
			if (e.removed || e.isHorse || e.player === sel.player)
				continue;
			const sight = game.sight(sel.id, e.id);
			const line = { enemy: e, sight, odds: null, why: '' };
			if (!sight.visible)
				line.why = sight.reason === API.SIGHT.NIGHT ? 'not seen: night, further than 12"'
					: 'not seen: blocked by ' + game.terrain(sight.terrain).name.replace(/-/g, ' ');
			else if (sel.missileWeapon && sel.canAct) {
				const shot = { kind: ACTION.SHOOT, figure: sel.id, target: e.id };
				const ok = game.checkAction(shot);
				if (ok.ok)
					line.odds = game.odds(shot);
				else
					line.why = ok.message;
			}
			out.push(line);
		}
		return out;
	}

	// who could shoot (S6, A5) or charge the selected figure next turn
	// were it under the pointer: rings round those enemies, asked of the
	// library each frame the pointer moves (skirmish_game_threats)
	let threatFrame = 0;
	function drawThreats() {
		threatFrame = 0;
		const svg = $('table'), old = svg.querySelector('g.threats');
		if (old)
			old.remove();
		$('threat-count').textContent = '';
		if (!game || selected < 0 || !hover || game.state !== STATE.PLAYING ||
		    hover[0] < 0 || hover[1] < 0 || hover[0] > tableW || hover[1] > tableD)
			return;
		const list = game.threats(selected, hover[0], hover[1]);
		const g = el('g', { class: 'threats' }, svg);
		for (const t of list) {
			const f = game.figure(t.figure);
			el('circle', { cx: px(f.x), cy: py(f.y), r: px(Math.max(f.baseWidth, f.baseDepth)) / 2 + 6,
				class: 'threat ' + t.kindName }, g);
		}
		$('threat-count').textContent = list.length ? ` · threatened there by ${list.map((t) =>
			game.figure(t.figure).name + ' (' + t.kindName + ')').join(', ')}` : '';
	}

	function pct(p) {
		return (100 * p).toFixed(1) + '%';
	}

	function drawPanel(figs) {
		const over = game.state === STATE.OVER;
		$('turn').textContent = over ? 'Game over: ' + (game.winner >= 0 ? playerName(game.winner) + ' wins'
			: 'no winner') : `Turn ${game.turn}, ${playerName(game.activePlayer)}` +
			(game.phase !== PHASE.ACTIONS ? ', ' + game.phaseName + ' phase' : '') +
			(thinking ? ' (the computer is thinking)' : '');
		$('hash').textContent = game.hash();
		$('undo').disabled = game.historyLength <= 1;
		$('redo').disabled = redo.length === 0;
		const info = $('selection');
		info.textContent = '';
		if (selected < 0) {
			$('reach-count').textContent = '';
			return;
		}
		const sel = figs[selected];
		const head = document.createElement('p');
		head.textContent = describe(sel);
		info.appendChild(head);
		const table = document.createElement('table');
		table.id = 'enemies';
		for (const line of enemyLines(sel, figs)) {
			const tr = table.insertRow();
			tr.dataset.enemy = line.enemy.id;
			tr.insertCell().textContent = line.enemy.name;
			tr.insertCell().textContent = line.sight.distance.toFixed(2) + '"' +
				(line.sight.cover ? ', in cover' : '');
			const cell = tr.insertCell();
			if (line.odds) {
				cell.className = 'odds';
				cell.textContent = line.odds.outcomes.map((o) =>
					`${o.name} ${o.numerator}/${o.denominator} (${pct(o.probability)})`).join('; ');
				const mods = tr.insertCell();
				mods.textContent = line.odds.modifiers.map((m) =>
					`${m.value > 0 ? '+' : ''}${m.value} ${m.name} [${m.rule}]`).join(', ') || 'no modifier';
			} else {
				cell.textContent = line.why || (line.sight.visible ? 'seen' : '');
				cell.className = line.sight.visible ? 'seen' : 'unseen';
			}
		}
		info.appendChild(table);
	}

	function showDice(r) {
		const tray = $('dice');
		tray.textContent = '';
		for (const d of r.dice) {
			const die = document.createElement('span');
			die.className = 'die rolling';
			die.title = `d${d.sides}`;
			die.textContent = d.value;
			tray.appendChild(die);
		}
		$('status').textContent = '';
		$('status').className = '';
	}

	// --- input ------------------------------------------------------------
	function tableXY(ev) {
		const box = $('table').getBoundingClientRect();
		return [Math.round(((ev.clientX - box.left) / S - 1) * 100) / 100,
			Math.round((tableD + 1 - (ev.clientY - box.top) / S) * 100) / 100];
	}

	function clickTable(ev) {
		if (!game || game.state !== STATE.PLAYING || thinking || game.activePlayer === computer)
			return;
		const g = ev.target.closest('.figure');
		if (g) {
			const id = Number(g.dataset.id), f = game.figure(id);
			if (f.player === game.activePlayer && !f.isHorse) {
				selected = id === selected ? -1 : id;
				waypoints = [];
				return draw();
			}
			if (selected >= 0)
				return attack(id, ev.shiftKey || ev.altKey);
			return;
		}
		if (selected < 0)
			return;
		const p = tableXY(ev);
		if (ev.shiftKey) {          // a waypoint
			waypoints.push(p);
			return draw();
		}
		take({ kind: ACTION.MOVE, figure: selected, path: [...waypoints, p] });
	}

	// a click on an enemy: fight it when touching, else shoot, else charge
	// (shift-click charges even when a shot is possible)
	function attack(target, charge) {
		const tries = [];
		if (game.contacts(selected).includes(target))
			tries.push({ kind: ACTION.FIGHT, figure: selected, target });
		if (!charge)
			tries.push({ kind: ACTION.SHOOT, figure: selected, target });
		tries.push({ kind: ACTION.CHARGE, figure: selected, target });
		for (const a of tries)
			if (game.checkAction(a).ok)
				return take(a);
		take(tries[tries.length - 1]);    // refused: its message is shown
	}

	function key(ev) {
		if (!game || ev.target.tagName === 'SELECT' || ev.target.tagName === 'INPUT')
			return;
		const k = ev.key;
		if (k === 'z' || k === 'u')
			return undo();
		if (k === 'y' || k === 'r')
			return redoOne();
		if (thinking || game.activePlayer === computer)
			return;
		if (k === 'Escape') {
			selected = -1;
			waypoints = [];
			return draw();
		}
		if (k === 'e')
			return take({ kind: ACTION.END_TURN });
		if (k === 'p')
			return take({ kind: ACTION.END_PHASE });
		if (k === 'Tab') {
			ev.preventDefault();
			const mine = game.figures().filter((f) => f.player === game.activePlayer && f.canAct
				&& !f.removed && !f.isHorse);
			if (mine.length) {
				const i = mine.findIndex((f) => f.id === selected);
				selected = mine[(i + 1) % mine.length].id;
				waypoints = [];
			}
			return draw();
		}
		if (selected < 0)
			return;
		if (k === 'f')
			return take({ kind: ACTION.FIGHT, figure: selected, target: -1 });
		if (k === 'l')
			return take({ kind: ACTION.RELOAD, figure: selected });
		if (k === 'd')
			return take({ kind: ACTION.DISMOUNT, figure: selected });
		if (k === 'Backspace') {
			waypoints.pop();
			return draw();
		}
		const turns = { ArrowRight: 0, ArrowUp: 90, ArrowLeft: 180, ArrowDown: 270 };
		if (k in turns) {
			ev.preventDefault();
			take({ kind: ACTION.TURN, figure: selected, facing: turns[k] });
		}
	}

	// undo is the library's; redo takes again the actions undone, which
	// the library's history names (the same dice: the generator is undone)
	function undo() {
		if (!game || game.historyLength <= 1 || thinking)
			return;
		redo.push(game.historyAction(game.historyLength - 1));
		game.undo();
		say('(undone)');
		selected = -1;
		waypoints = [];
		draw();
	}
	function redoOne() {
		if (!redo.length || thinking)
			return;
		const a = redo.pop(), keep = redo.slice();
		take(a);
		redo = keep;
		draw();
	}

	// --- files --------------------------------------------------------------
	function save() {
		const blob = new Blob([game.save()], { type: 'application/octet-stream' });
		const a = document.createElement('a');
		a.href = URL.createObjectURL(blob);
		a.download = 'skirmish-game.skg';
		a.click();
	}
	async function open(file) {
		const bytes = new Uint8Array(await file.arrayBuffer());
		try {
			const g = sk.loadGame(bytes);
			setTableSize(g);
			setGame(g, []);
			// every player's, the umpire's (none, G16) included
			edges = Array.from({ length: g.playerCount }, (_, p) => g.exitEdge(p));
			say(`Opened ${file.name}: ${g.ruleset}, turn ${g.turn}, ${g.historyLength} actions.`);
			afterAction();
		} catch (e) {
			$('status').textContent = e.message;
		}
	}
	// the table the game plays on, as the file has it (skirmish_game_get_options)
	function setTableSize(g) {
		const o = g.options();
		$('table').dataset.width = o.width;
		$('table').dataset.depth = o.depth;
	}

	function fillScenarios() {
		const rs = $('ruleset').value, sel = $('scenario');
		sel.textContent = '';
		for (const s of SCENARIOS.filter((x) => x.ruleset === rs)) {
			const o = document.createElement('option');
			o.value = s.name;
			o.textContent = s.title;
			sel.appendChild(o);
		}
	}

	$('ruleset').addEventListener('change', fillScenarios);
	$('new').addEventListener('click', () => {
		const sc = SCENARIOS.find((s) => s.name === $('scenario').value);
		$('table').dataset.width = sc.width;
		$('table').dataset.depth = sc.depth;
		newGame();
	});
	$('undo').addEventListener('click', undo);
	$('redo').addEventListener('click', redoOne);
	$('end-turn').addEventListener('click', () => take({ kind: ACTION.END_TURN }));
	$('end-phase').addEventListener('click', () => take({ kind: ACTION.END_PHASE }));
	$('save').addEventListener('click', save);
	$('open').addEventListener('change', (e) => e.target.files[0] && open(e.target.files[0]));
	$('table').addEventListener('click', clickTable);
	$('table').addEventListener('mousemove', (ev) => {
		hover = tableXY(ev);
		$('pointer').textContent = `${hover[0].toFixed(2)}", ${hover[1].toFixed(2)}"`;
		if (!threatFrame)
			threatFrame = requestAnimationFrame(drawThreats);
	});
	document.addEventListener('keydown', key);
	fillScenarios();
	startWorker();

	// For the browser test and the curious: what the library says now.
	window.skirmishPage = {
		ready: true,
		hash: () => game.hash(),
		save: () => Array.from(game.save()),
		historyLength: () => game.historyLength,
		historyPath: (i) => game.historyAction(i).path.length,
		state: () => game.state,
		activePlayer: () => game.activePlayer,
		thinking: () => thinking,
		figures: () => game.figures(),
		legal: (fig) => game.legalActions(fig === undefined ? -1 : fig),
		threats: (fig, x, y) => game.threats(fig, x, y),
		hover: () => hover,
		screen: (x, y) => {
			const box = $('table').getBoundingClientRect();
			return [box.left + px(x) + S, box.top + py(y) + S];
		},
		log: () => log.slice(),
	};
})();

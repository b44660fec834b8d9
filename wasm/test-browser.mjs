// SPDX-License-Identifier: MIT
// The page in a real browser (tests/web-check.py runs it): headless
// Chromium, driven by puppeteer-core, plays a whole game of each ruleset
// by clicks and keys. After every action the page's state hash is kept;
// at the end the page saves its game, and the native library (web-native)
// replays that file and must give the same hash after every action. The
// odds the page shows for a shot are compared with the native odds of the
// same position; undo and redo are checked by hash; the file saved is
// opened again in the page. The same file is opened in the console
// (`open`, `hash`) and in Python (Game.load, hash()), each of which must
// give the page's hash, then the hash before the last action after an
// undo; each then plays on (an action other than the one undone) and
// saves, and the page opens the console's file and Python's and must show
// the hash each gave. Screenshots go to the native build directory.
//
//   node test-browser.mjs PAGE.html CHROMIUM WEB-NATIVE OUTDIR CONSOLE PYTHON
//
// PYTHON imports the binding that PYTHONPATH finds (tests/web-check.py).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';

const [pagePath, chromium, native, outDir, consoleBin, python] = process.argv.slice(2);
const ACT = { MOVE: 2, SHOOT: 3, RELOAD: 4, FIGHT: 5, MOUNT: 6, DISMOUNT: 7, TURN: 8,
	END_PHASE: 9, END_TURN: 10, CHARGE: 11 };
const PER_TURN = 3;        // actions of figures a player takes before ending its turn
const ODDS_CHECKS = 6;     // shots per game whose shown odds are checked natively
let failures = 0;

function fail(msg) {
	console.log('FAIL ' + msg);
	failures++;
}

// An action of the page's legal list as the console types it
// (doc/console.md), its figures by #id.
function consoleCommand(a) {
	const f = '#' + a.figure, t = '#' + a.target;
	const facing = a.facing >= 0 ? ` facing ${a.facing}` : '';
	switch (a.kind) {
	case ACT.END_TURN: return 'end turn';
	case ACT.END_PHASE: return 'end phase';
	case ACT.MOVE: return `move ${f} ${a.path.map(([x, y]) => `${x} ${y}`).join(' ')}${facing}`;
	case ACT.CHARGE: return `charge ${f} ${t}${facing}`;
	case ACT.SHOOT: return `shoot ${f} ${t}`;
	case ACT.FIGHT: return a.target >= 0 ? `fight ${f} ${t}` : `fight ${f}`;
	case ACT.RELOAD: return `reload ${f}`;
	case ACT.MOUNT: return `mount ${f} ${t}`;
	case ACT.DISMOUNT: return `dismount ${f}`;
	case ACT.TURN: return `turn ${f} ${a.facing}`;
	}
	throw new Error('no console command for ' + JSON.stringify(a));
}

// The console opens FILE, gives its hash, undoes the last action, gives
// the hash, runs COMMAND, gives the hash and saves to OUT: the three
// hashes, or null having said what went wrong.
function inConsole(ruleset, file, command, out) {
	const script = `open "${file}"\nhash\nundo\nhash\n${command}\nhash\nsave "${out}"\n`;
	const p = spawnSync(consoleBin, ['-q', '-'], { input: script, encoding: 'utf8', timeout: 60000 });
	const h = (p.stdout || '').split('\n').filter((l) => /^[0-9a-f]{16}$/.test(l));
	if (p.status !== 0 || h.length !== 3 || !existsSync(out)) {
		fail(`${ruleset}: the console (open, hash, undo, hash, ${command}, hash, save) ` +
			`exited ${p.status}: ${(p.stdout || '') + (p.stderr || '') || p.error}`);
		return null;
	}
	return h;
}

// The same in Python: Game.load, hash(), undo(), hash(), the last legal
// action other than the one undone, hash(), save().
const PY = `import sys
import skirmish
with open(sys.argv[1], 'rb') as f:
    g = skirmish.Game.load(f.read())
print('%016x' % g.hash())
undone = g.history_action(g.history_length - 1)
g.undo()
print('%016x' % g.hash())
g.act([a for a in g.legal_actions() if a != undone][-1])
print('%016x' % g.hash())
with open(sys.argv[2], 'wb') as f:
    f.write(g.save())
`;
function inPython(ruleset, file, out) {
	const p = spawnSync(python, ['-c', PY, file, out], { encoding: 'utf8', timeout: 60000 });
	const h = (p.stdout || '').split('\n').filter((l) => /^[0-9a-f]{16}$/.test(l));
	if (p.status !== 0 || h.length !== 3) {
		fail(`${ruleset}: Python (Game.load, hash, undo, hash, act, hash, save) exited ` +
			`${p.status}: ${(p.stdout || '') + (p.stderr || '') || p.error}`);
		return null;
	}
	return h;
}

// splitmix64: the test's own choices, the same every run
function rng(seed) {
	let s = BigInt(seed);
	return (n) => {
		s = (s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
		let z = s;
		z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
		z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
		z ^= z >> 31n;
		return Number(z % BigInt(n));
	};
}

const tmp = mkdtempSync(join(tmpdir(), 'skirmish-web-'));
const browser = await puppeteer.launch({
	executablePath: chromium,
	headless: 'new',
	args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
		'--disable-background-networking', '--disable-component-update', '--disable-sync',
		'--user-data-dir=' + join(tmp, 'profile')],
});

async function playOne(ruleset, scenario, seed) {
	const page = await browser.newPage();
	const errors = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await page.setViewport({ width: 1450, height: 820 });
	const downloads = join(tmp, ruleset);
	const cdp = await page.createCDPSession();
	await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
	await page.goto(pathToFileURL(pagePath).href);
	await page.waitForFunction(() => window.skirmishPage && window.skirmishPage.ready,
		{ timeout: 60000 });
	await page.select('#ruleset', ruleset);
	await page.select('#scenario', scenario);
	await page.select('#mode', 'hotseat');
	await page.click('#new');
	await page.waitForFunction(() => window.skirmishPage.historyLength() === 1);
	const P = (fn, ...args) => page.evaluate(fn, ...args);
	const hashes = [await P(() => skirmishPage.hash())];
	const choose = rng(seed);
	let inTurn = 0, lastTurnKey = '', oddsChecked = 0, undoChecked = false, shot = false;
	let waypointed = false;
	let lastLegal = null, lastAction = null;   // the legal list before the last action, that action

	const at = (x, y) => P((x, y) => skirmishPage.screen(x, y), x, y);
	async function select(fig) {
		await page.keyboard.press('Escape');
		const f = (await P(() => skirmishPage.figures()))[fig];
		const [x, y] = await at(f.x, f.y);
		await page.mouse.click(x, y);
		return f;
	}
	async function clickFigure(id, shift) {
		const f = (await P(() => skirmishPage.figures()))[id];
		const [x, y] = await at(f.x, f.y);
		if (shift)
			await page.keyboard.down('Shift');
		await page.mouse.click(x, y);
		if (shift)
			await page.keyboard.up('Shift');
	}
	// the odds the page shows for this shot against the native library's
	async function checkOdds(a) {
		const shown = await P((t) => {
			const cell = document.querySelector(`#enemies tr[data-enemy="${t}"] td.odds`);
			return cell ? cell.textContent : null;
		}, a.target);
		if (shown === null)
			return fail(`${ruleset}: no odds shown for a shot at ${a.target}`);
		const file = join(tmp, 'odds.skg');
		writeFileSync(file, Buffer.from(await P(() => skirmishPage.save())));
		const lines = execFileSync(native, ['odds', file, String(ACT.SHOOT), String(a.figure),
			String(a.target)], { encoding: 'utf8' }).trim().split('\n');
		for (const line of lines) {
			const m = line.match(/^(.*) (-?\d+) (\d+\/\d+)$/);
			if (!shown.includes(`${m[1]} ${m[3]}`))
				return fail(`${ruleset}: the page shows "${shown}", the library says ${line}`);
		}
		oddsChecked++;
	}

	async function perform(a) {
		switch (a.kind) {
		case ACT.END_TURN:
			return page.keyboard.press('e');
		case ACT.END_PHASE:
			return page.keyboard.press('p');
		case ACT.MOVE: {
			const f = await select(a.figure);
			// a point a little short of the library's, on the page's grid of
			// 1/20" (a click lands on a pixel)
			const [tx, ty] = a.path[a.path.length - 1];
			const x = Math.round((f.x + 0.95 * (tx - f.x)) * 20) / 20;
			const y = Math.round((f.y + 0.95 * (ty - f.y)) * 20) / 20;
			const [sx, sy] = await at(x, y);
			if (!waypointed) {
				// the first move goes through a waypoint halfway (shift-click)
				waypointed = true;
				const [wx, wy] = await at(Math.round((f.x + x) * 10) / 20,
					Math.round((f.y + y) * 10) / 20);
				await page.keyboard.down('Shift');
				await page.mouse.click(wx, wy);
				await page.keyboard.up('Shift');
			}
			return page.mouse.click(sx, sy);
		}
		case ACT.SHOOT:
			await select(a.figure);
			if (oddsChecked < ODDS_CHECKS)
				await checkOdds(a);
			if (!shot) {
				await page.screenshot({ path: join(outDir, `web-${ruleset}-shot.png`) });
				shot = true;
			}
			return clickFigure(a.target, false);
		case ACT.CHARGE:
			await select(a.figure);
			return clickFigure(a.target, true);
		case ACT.FIGHT:
			await select(a.figure);
			if (a.target >= 0)
				return clickFigure(a.target, false);
			return page.keyboard.press('f');
		case ACT.RELOAD:
			await select(a.figure);
			return page.keyboard.press('l');
		case ACT.DISMOUNT:
			await select(a.figure);
			return page.keyboard.press('d');
		case ACT.TURN: {
			await select(a.figure);
			const keys = { 0: 'ArrowRight', 90: 'ArrowUp', 180: 'ArrowLeft', 270: 'ArrowDown' };
			return page.keyboard.press(keys[Math.round(a.facing)]);
		}
		}
		throw new Error('no way to click ' + a.kind);
	}

	// hovering a point with a figure selected rings the enemies that
	// threaten it there: those skirmish_game_threats names, and the hover
	// changes nothing
	{
		const figs = await P(() => skirmishPage.figures());
		const me = figs.find((f) => !f.removed && !f.isHorse && f.canAct);
		const foe = figs.find((f) => !f.removed && !f.isHorse && f.player !== me.player);
		const hx = foe.x + (foe.x > me.x ? -3 : 3), hy = foe.y;
		await select(me.id);
		const [sx, sy] = await at(hx, hy);
		await page.mouse.move(sx, sy);
		await page.waitForFunction(() => document.querySelector('#table g.threats'),
			{ timeout: 10000 });
		const drawn = await P(() => document.querySelectorAll('#table g.threats circle').length);
		const want = await P((id) => skirmishPage.threats(id, ...skirmishPage.hover()).length, me.id);
		if (drawn !== want)
			fail(`${ruleset}: ${drawn} threats ringed near (${hx}, ${hy}), the library names ${want}`);
		if (await P(() => skirmishPage.hash()) !== hashes[0])
			fail(`${ruleset}: hovering to see the threats changed the game`);
		await page.keyboard.press('Escape');
	}

	for (let steps = 0; steps < 2000; steps++) {
		const st = await P(() => [skirmishPage.state(), skirmishPage.activePlayer()]);
		if (st[0] === 2)
			break;
		const turnKey = (await P(() => skirmishPage.historyLength())) && st[1];
		const legal = await P(() => skirmishPage.legal());
		const key = String(turnKey) + ':' + (await P(() => document.getElementById('turn').textContent));
		if (key !== lastTurnKey) {
			lastTurnKey = key;
			inTurn = 0;
		}
		const ends = legal.filter((a) => a.kind === ACT.END_TURN || a.kind === ACT.END_PHASE);
		const clickable = legal.filter((a) => a.kind !== ACT.MOUNT && a.kind !== ACT.END_TURN &&
			a.kind !== ACT.END_PHASE && (a.kind !== ACT.TURN || Math.round(a.facing) % 90 === 0));
		let a;
		const attacks = clickable.filter((x) => [ACT.SHOOT, ACT.FIGHT, ACT.CHARGE].includes(x.kind));
		if (inTurn < PER_TURN && clickable.length)
			a = attacks.length && choose(3) ? attacks[choose(attacks.length)] : clickable[choose(clickable.length)];
		else
			a = ends.find((x) => x.kind === ACT.END_PHASE) || ends[0];
		if (!a)
			return fail(`${ruleset}: nothing to do at step ${steps}`);
		const before = await P(() => skirmishPage.historyLength());
		await perform(a);
		const after = await P(() => skirmishPage.historyLength());
		inTurn++;
		if (after !== before + 1) {
			// a move short of the library's point may still be refused
			// (it would end on a base): the page said why, nothing changed
			if (a.kind !== ACT.MOVE)
				fail(`${ruleset}: ${JSON.stringify(a)} by clicks took no action: ` +
					await P(() => document.getElementById('status').textContent));
			if (await P(() => skirmishPage.hash()) !== hashes[hashes.length - 1])
				fail(`${ruleset}: a refused action changed the state`);
			continue;
		}
		hashes.push(await P(() => skirmishPage.hash()));
		lastLegal = legal;
		lastAction = a;
		if (!undoChecked && hashes.length > 6) {
			await page.keyboard.press('Escape');
			await page.keyboard.press('z');
			if (await P(() => skirmishPage.hash()) !== hashes[hashes.length - 2])
				fail(`${ruleset}: undo did not give the state before`);
			await page.keyboard.press('y');
			if (await P(() => skirmishPage.hash()) !== hashes[hashes.length - 1])
				fail(`${ruleset}: redo did not give the state after`);
			undoChecked = true;
		}
		if (hashes.length === 12)
			await page.screenshot({ path: join(outDir, `web-${ruleset}-play.png`) });
	}
	if (await P(() => skirmishPage.state()) !== 2)
		fail(`${ruleset}: the game did not end`);
	await page.screenshot({ path: join(outDir, `web-${ruleset}-end.png`) });

	// save in the page, replay the file natively, hash by hash
	await page.click('#save');
	let file = null;
	for (let i = 0; i < 100 && !file; i++) {
		await new Promise((r) => setTimeout(r, 100));
		const done = existsSync(downloads) && readdirSync(downloads).filter((n) => n.endsWith('.skg'));
		file = done && done.length ? join(downloads, done[0]) : null;
	}
	if (!file)
		return fail(`${ruleset}: the page saved no file`);
	// web-native's first hash is the scenario's, before the start; the
	// page's first is after the start (the first recorded action)
	const nat = execFileSync(native, ['hashes', file], { encoding: 'utf8' }).trim().split('\n').slice(1);
	const failed = failures;
	if (nat.length !== hashes.length)
		fail(`${ruleset}: the page took ${hashes.length} actions, the file replays ${nat.length}`);
	for (let i = 0; i < Math.min(nat.length, hashes.length); i++)
		if (nat[i] !== hashes[i]) {
			fail(`${ruleset}: after action ${i + 1} the page's hash is ${hashes[i]}, the native replay's ${nat[i]}`);
			break;
		}
	// and the file opens in the page again to the same state
	const input = await page.$('#open');
	await input.uploadFile(file);
	await page.waitForFunction((h) => window.skirmishPage.hash() === h, { timeout: 10000 },
		hashes[hashes.length - 1]).catch(() => fail(`${ruleset}: the file opened in the page differs`));

	// the page's file in the console and in Python: the page's hash, and
	// after an undo the page's hash before its last action; then theirs,
	// played on, in the page
	const last = hashes[hashes.length - 1], before = hashes[hashes.length - 2];
	const same = (x) => x.kind === lastAction.kind && x.figure === lastAction.figure &&
		x.target === lastAction.target;
	const order = [ACT.SHOOT, ACT.RELOAD, ACT.END_PHASE, ACT.END_TURN, ACT.TURN, ACT.DISMOUNT,
		ACT.FIGHT, ACT.CHARGE, ACT.MOUNT, ACT.MOVE];
	const next = order.map((k) => lastLegal.find((x) => x.kind === k && !same(x))).find((x) => x);
	if (!next)
		return fail(`${ruleset}: no legal action but the last one before it to play on with`);
	const command = consoleCommand(next);
	const files = { console: join(tmp, `${ruleset}-console.skg`), Python: join(tmp, `${ruleset}-python.skg`) };
	const other = {
		console: inConsole(ruleset, file, command, files.console),
		Python: inPython(ruleset, file, files.Python),
	};
	for (const [who, h] of Object.entries(other)) {
		if (!h)
			continue;
		if (h[0] !== last)
			fail(`${ruleset}: the page's file opened in ${who} gives ${h[0]}, the page's hash is ${last}`);
		if (h[1] !== before)
			fail(`${ruleset}: undone in ${who}, the page's file gives ${h[1]}, the page's hash before ` +
				`its last action is ${before}`);
		if (h[2] === h[1])
			fail(`${ruleset}: ${who} played on (${who === 'console' ? command : 'an action'}) ` +
				'without changing the hash');
		const name = basename(files[who]);
		await input.uploadFile(files[who]);
		const opened = await page.waitForFunction((n) => skirmishPage.log().some((l) =>
			l.startsWith(`Opened ${n}:`)), { timeout: 10000 }, name).catch(() => null);
		if (!opened) {
			fail(`${ruleset}: the page did not open ${who}'s file: ` +
				await P(() => document.getElementById('status').textContent));
			continue;
		}
		const shown = await P(() => skirmishPage.hash());
		if (shown !== h[2])
			fail(`${ruleset}: ${who}'s file opened in the page gives ${shown}, ${who}'s hash is ${h[2]}`);
	}
	if (errors.length)
		fail(`${ruleset}: page errors: ${errors.join('; ')}`);
	if (oddsChecked === 0)
		fail(`${ruleset}: no shot's odds were checked`);
	const paths = await P(() => {
		const n = skirmishPage.historyLength(), out = [];
		for (let i = 0; i < n; i++)
			out.push(skirmishPage.historyPath(i));
		return out;
	});
	if (!paths.some((k) => k === 2))
		fail(`${ruleset}: no move through a waypoint was taken`);
	console.log(`${ruleset}: ${hashes.length} actions by clicks and keys (the start with them), ` +
		`${oddsChecked} shots' odds checked against the native library, ` +
		(failures === failed ? 'every hash the native replay\'s; its file opened in the console ' +
			`and Python with the page's hash, theirs played on (the console: undo, ${command}) ` +
			'in the page with theirs' : 'FAILED'));
	await page.close();
}

// Against the computer: its turns are played in the Web Worker (a Blob
// URL, from file://) while the page answers; the game it leaves replays
// natively to the same hash.
async function againstComputer(ruleset, scenario) {
	const page = await browser.newPage();
	const errors = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await page.goto(pathToFileURL(pagePath).href);
	await page.waitForFunction(() => window.skirmishPage && window.skirmishPage.ready,
		{ timeout: 60000 });
	await page.select('#ruleset', ruleset);
	await page.select('#scenario', scenario);
	await page.select('#mode', 'computer');
	await page.click('#new');
	const P = (fn) => page.evaluate(fn);
	const idle = () => page.waitForFunction(() => skirmishPage.state() === 2 ||
		(skirmishPage.activePlayer() === 0 && !skirmishPage.thinking()), { timeout: 300000 });
	let answered = 0, computerActions = 0;
	for (let turn = 0; turn < 2; turn++) {
		await idle();
		const before = await P(() => skirmishPage.historyLength());
		await page.keyboard.press('e');          // the human ends its turn
		// the page answers while the worker thinks
		const t0 = Date.now();
		while (await P(() => skirmishPage.thinking()) && Date.now() - t0 < 300000) {
			answered++;
			await new Promise((r) => setTimeout(r, 20));
		}
		await idle();
		computerActions += await P(() => skirmishPage.historyLength()) - before - 1;
	}
	const log = await P(() => skirmishPage.log());
	const file = join(tmp, 'computer.skg');
	writeFileSync(file, Buffer.from(await P(() => skirmishPage.save())));
	const nat = execFileSync(native, ['hashes', file], { encoding: 'utf8' }).trim().split('\n');
	if (nat[nat.length - 1] !== await P(() => skirmishPage.hash()))
		fail(`${ruleset} against the computer: the native replay differs`);
	if (computerActions < 2)
		fail(`${ruleset} against the computer: it took ${computerActions} actions in two turns`);
	if (errors.length || log.some((l) => l.startsWith('The computer:')))
		fail(`${ruleset} against the computer: ${errors.concat(log).join('; ')}`);
	await page.screenshot({ path: join(outDir, `web-${ruleset}-computer.png`) });
	console.log(`${ruleset} against the computer: ${computerActions} actions of the worker in two turns, ` +
		`the page answered ${answered} times while it thought`);
	await page.close();
}

try {
	await playOne('senso', 'senso-town', 1);
	await playOne('sampson', 'sampson-skirmish', 2);
	await againstComputer('senso', 'senso-town');
	await againstComputer('sampson', 'sampson-skirmish');
} catch (e) {
	fail(e.stack || String(e));
} finally {
	await browser.close();
	rmSync(tmp, { recursive: true, force: true });
}
console.log(failures ? `${failures} failures` : 'ok');
process.exit(failures ? 1 : 0);

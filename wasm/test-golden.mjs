// SPDX-License-Identifier: MIT
// The golden games (tests/data/*.skg with *.hashes) replayed through the
// WebAssembly build under Node.js, hash by hash, as golden-check does
// natively (tests/data/README.md): the same seeds and actions give the
// same states in both; and a Searcher through the binding, on the first
// game's first position in play.  node test-golden.mjs PACKAGE_DIR DATA_DIR
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [pkg, data] = process.argv.slice(2);
const { loadSkirmish } = await import(pathToFileURL(join(pkg, 'skirmish.mjs')).href);
const sk = await loadSkirmish();
let failures = 0, games = 0, actions = 0;

// game.options() and exitEdge(): the loaded game's, its replay's and a
// new game's made from them agree (skirmish_game_get_options)
function sameOptions(game, replay) {
	const o = game.options(), text = (x) => JSON.stringify(x, (k, v) =>
		typeof v === 'bigint' ? v.toString() : v);
	if (o.ruleset !== game.ruleset || o.players + (o.umpire ? 1 : 0) !== game.playerCount ||
	    o.umpire !== (game.umpire >= 0) || !(o.width >= 2 && o.depth >= 2))
		return 'options() disagree with the game: ' + text(o);
	if (text(replay.options()) !== text(o))
		return 'the replay has other options: ' + text(replay.options());
	const again = sk.newGame(o), a = again.options();
	again.free();
	if (text(a) !== text(o))
		return `newGame(options()) has ${text(a)}, not ${text(o)}`;
	for (let p = 0; p < game.playerCount; p++)      // the umpire included
		if (game.exitEdge(p) !== replay.exitEdge(p) || !(game.exitEdge(p) >= 0))
			return `player ${p}'s exit edge: ${game.exitEdge(p)}, replayed ${replay.exitEdge(p)}`;
	return null;
}
for (const file of readdirSync(data).filter((f) => f.endsWith('.skg')).sort()) {
	const name = file.slice(0, -4);
	const want = readFileSync(join(data, name + '.hashes'), 'utf8').trim().split('\n');
	const game = sk.loadGame(readFileSync(join(data, file)));
	const replay = game.replay(0);
	const n = game.historyLength;
	let bad = replay.hash() !== want[0] ? 'the scenario' : null;
	for (let i = 0; i < n && !bad; i++) {
		replay.act(game.historyAction(i));
		if (replay.hash() !== want[i + 1])
			bad = `action ${i + 1} (${game.historyAction(i).name}): ${replay.hash()}, wants ${want[i + 1]}`;
	}
	if (!bad && n + 1 !== want.length)
		bad = `${n} actions, ${want.length - 1} hashes`;
	if (!bad && game.hash() !== replay.hash())
		bad = 'the loaded game and its replay differ';
	if (!bad)
		bad = sameOptions(game, replay);
	console.log(`${name}: ${bad ? 'FAIL ' + bad : 'ok, ' + n + ' actions'}`);
	failures += bad ? 1 : 0;
	games++;
	actions += n;
	replay.free();
	game.free();
}
// The search through the binding (skirmish_searcher_*): a Searcher makes
// its descents, keeps them when asked the same position again, and two of
// the same seed give the same answers
function searcherCheck(game) {
	const text = (x) => JSON.stringify(x, (k, v) => typeof v === 'bigint' ? v.toString() : v);
	const visits = (r) => r.candidates.reduce((n, c) => n + c.visits, 0);
	const s = game.searcher(200, 5), twin = game.searcher(200, 5);
	try {
		const first = s.search(game), d1 = s.descents;
		if (d1.made !== 200 || d1.kept !== 0 || visits(first) !== 200)
			return `first search: ${d1.made} descents, ${d1.kept} kept, ${visits(first)} visits`;
		if (!game.checkAction(first.action).ok)
			return 'the action it chose is not legal';
		if (text(twin.search(game)) !== text(first))
			return 'two searchers of the same seed answer differently';
		const again = s.search(game), d2 = s.descents;
		if (d2.made !== 200 || d2.kept !== 200 || visits(again) !== 400)
			return `asked again: ${d2.made} descents, ${d2.kept} kept, ${visits(again)} visits`;
		return null;
	} finally {
		s.free();
		twin.free();
	}
}
{
	const file = readdirSync(data).filter((f) => f.endsWith('.skg')).sort()[0];
	const game = sk.loadGame(readFileSync(join(data, file)));
	// its first position in play (the replay of no action is still being set up)
	let start = game.replay(0), k = 0;
	while (start.state !== 1 && k < game.historyLength) {
		start.free();
		start = game.replay(++k);
	}
	const bad = start.state === 1 ? searcherCheck(start) : 'the first golden game is never played';
	console.log(`searcher (${file} after ${k} actions): ${bad ? 'FAIL ' + bad : 'ok'}`);
	failures += bad ? 1 : 0;
	start.free();
	game.free();
}
console.log(`${games} golden games, ${actions} actions, ${failures} failed`);
process.exit(failures || games === 0 ? 1 : 0);

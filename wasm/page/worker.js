// SPDX-License-Identifier: MIT
// The computer opponent, in a Web Worker so that the page never freezes.
// It knows only the object API (SkirmishAPI). Each message is a game file
// and a budget; the answer is one action for the player to move.
'use strict';

const ready = SkirmishAPI.loadSkirmish();

// The one place the computer decides: the library's search
// (skirmish_game_search, doc/SEARCH.md), the budget in iterations, seeded
// by the position so that the same game and budget give the same action.
function choose(sk, gameBytes, budget) {
	const game = sk.loadGame(gameBytes);
	try {
		// the choice's own dice: from the position, so the same game and
		// budget give the same action
		const seed = BigInt('0x' + game.hash());
		return game.search(budget > 0 ? budget : 300, seed).action;
	} finally {
		game.free();
	}
}

self.onmessage = async (e) => {
	try {
		const sk = await ready;
		self.postMessage({ action: choose(sk, e.data.game, e.data.budget) });
	} catch (err) {
		self.postMessage({ error: String(err && err.message || err) });
	}
};

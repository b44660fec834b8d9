// The computer opponent, in a Web Worker so that the page never freezes.
// It knows only the object API (SkirmishAPI). Each message is a game file
// and a budget; the answer is one action for the player to move.
'use strict';

const ready = SkirmishAPI.loadSkirmish();

// THE SEAM: the one place the computer decides. Today the library's greedy
// policy (skirmish_game_policy_action, best expected result by exact odds;
// the budget is not used); a tree search service takes its place here,
// called with the same game and budget.
function choose(sk, gameBytes, budget) {
	const game = sk.loadGame(gameBytes);
	try {
		// the choice's own dice: from the position, so the same game and
		// budget give the same action
		const rng = BigInt('0x' + game.hash());
		return game.policyAction(SkirmishAPI.POLICY.GREEDY, rng).action;
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

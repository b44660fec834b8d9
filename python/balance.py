#!/usr/bin/env python3
"""Sensō clan balance: two clans fight thousands of games; who wins more?

Each clan is a list of the Sensō example figures (rule S1 presets). The
clans deploy along opposite long edges of a 72" x 48" town table and play
to the end (last clan standing, or the turn limit, G9: most figures in play
wins) with a built-in policy of the library: "greedy" (the best expected
result by exact odds) or "random" (uniform over the legal actions).

The games are played in C by skirmish_game_playouts(), one call per batch;
there is no Python loop over actions. By default there are two batches of
--games / 2 games: clan A deploys on the south edge in the first, on the
north edge in the second, so the table's sides do not favour either clan.
The order of play is rolled off in every game (S2). A progress bar on
stderr follows each batch (the call's progress callback).

It prints a table of wins, draws, unfinished games and the average length,
and with --png FILE draws the win rates as a bar chart (needs matplotlib).

    python3 python/balance.py --games 2000
    python3 python/balance.py --clan-a ninja --clan-b ikko --png balance.png
    python3 python/balance.py --clan-a "samurai*4" --policy-b random

Clans: a named clan (see --list) or presets with counts, e.g.
"samurai*2,ashigaru_bow*3".
"""
import argparse
import math
import sys
import time

from _find_build import import_skirmish

skirmish = import_skirmish("balance")
from skirmish import Preset  # noqa: E402
from skirmish.studies import CLANS, describe, parse_clan, scenario  # noqa: E402

class ProgressBar:
    """Draws a bar on stderr from the playouts' progress callback (at most
    about 200 redraws per batch, so drawing costs nothing noticeable)."""

    def __init__(self, label, out=sys.stderr, quiet=False):
        self.label = label
        self.out = out
        self.quiet = quiet
        self.started = time.monotonic()
        self.calls = 0
        self.last = (0, 0)
        self.step = 1

    def __call__(self, done, total):
        self.calls += 1
        self.last = (done, total)
        if self.quiet:
            return
        if self.calls == 1:
            self.step = max(1, total // 200)
        if done % self.step and done != total:
            return
        width = 32
        filled = width * done // total
        rate = done / max(time.monotonic() - self.started, 1e-9)
        self.out.write("\r%-20s [%s%s] %3d%% %d/%d games, %.0f/s" % (
            self.label[:20], "#" * filled, "." * (width - filled),
            100 * done // total, done, total, rate))
        if done == total:
            self.out.write("\n")
        self.out.flush()


def run_batch(label, south, north, games, args, seed, quiet, a_is_south):
    """One C call: `games` games, clan A as player 0 when a_is_south. Returns
    the stats as seen from the clans: (a_wins, b_wins, stats, bar)."""
    bar = ProgressBar(label, quiet=quiet)
    policies = [args.policy_a, args.policy_b] if a_is_south else [args.policy_b, args.policy_a]
    with scenario(south, north, args.turn_limit, not args.open_table, seed) as g:
        stats = g.playouts(games, seed=seed, max_actions=args.max_actions,
                           policy=policies, progress=bar)
    a_wins, b_wins = (stats.wins[0], stats.wins[1]) if a_is_south else \
        (stats.wins[1], stats.wins[0])
    return a_wins, b_wins, stats, bar


def interval(k, n):
    """A 95% normal-approximation half-width of a rate k / n."""
    if n == 0:
        return 0.0
    p = k / n
    return 1.96 * math.sqrt(p * (1 - p) / n)


def table(title_a, title_b, batches):
    """The text table: one column per batch and the total."""
    cols = [b["label"] for b in batches] + ["total"]
    tot = {k: sum(b[k] for b in batches) for k in
           ("games", "a", "b", "draws", "unfinished", "actions")}
    tot["turns"] = sum(b["turns"] * b["games"] for b in batches)
    rows = [("%s wins" % "A", "a"), ("%s wins" % "B", "b"), ("draws", "draws"),
            ("unfinished", "unfinished")]
    w = max(14, max(len(c) for c in cols) + 2)
    out = ["A: %s" % title_a, "B: %s" % title_b, ""]
    out.append("%-16s" % "" + "".join("%*s" % (w, c) for c in cols) + "%*s" % (w, "share"))
    for name, key in rows:
        line = "%-16s" % name + "".join("%*d" % (w, b[key]) for b in batches)
        line += "%*d" % (w, tot[key])
        share = tot[key] / tot["games"]
        ci = interval(tot[key], tot["games"])
        line += "%*s" % (w, "%.1f%% ±%.1f" % (100 * share, 100 * ci))
        out.append(line)
    out.append("%-16s" % "games" + "".join("%*d" % (w, b["games"]) for b in batches)
               + "%*d" % (w, tot["games"]))
    out.append("%-16s" % "avg actions" + "".join("%*.1f" % (w, b["actions"] / b["games"])
                                               for b in batches)
               + "%*.1f" % (w, tot["actions"] / tot["games"]))
    out.append("%-16s" % "avg game turns" + "".join("%*.2f" % (w, b["turns"]) for b in batches)
               + "%*.2f" % (w, tot["turns"] / tot["games"]))
    return "\n".join(out), tot


def chart(path, title_a, title_b, batches, tot, subtitle):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.stderr.write("balance: matplotlib is not installed; no chart written\n")
        return False
    groups = [b["label"] for b in batches] + ["total"]
    data = batches + [dict(tot, label="total")]
    series = [("A: " + title_a, "a"), ("B: " + title_b, "b"), ("draws", "draws"),
              ("unfinished", "unfinished")]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.8 / len(series)
    for j, (name, key) in enumerate(series):
        xs = [i + (j - (len(series) - 1) / 2) * width for i in range(len(groups))]
        ys = [d[key] / d["games"] for d in data]
        err = [interval(d[key], d["games"]) for d in data]
        ax.bar(xs, ys, width=width, yerr=err, capsize=3, label=name)
    ax.set_xticks(list(range(len(groups))))
    ax.set_xticklabels(groups)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games (95% interval)")
    ax.set_title("Sensō: %s against %s\n%s" % (title_a, title_b, subtitle), fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="Clans: " + "; ".join(
                                     "%s (%s)" % (k, v[0]) for k, v in CLANS.items()))
    ap.add_argument("--clan-a", default="takeda", help="clan A (default: takeda)")
    ap.add_argument("--clan-b", default="ashigaru", help="clan B (default: ashigaru)")
    ap.add_argument("--games", type=int, default=2000, help="games in all (default 2000)")
    ap.add_argument("--seed", type=int, default=1)
    policies = [p.name.lower() for p in skirmish.Policy]
    ap.add_argument("--policy", choices=policies, default="greedy",
                    help="both clans' policy (default greedy)")
    ap.add_argument("--policy-a", choices=policies, help="clan A's policy")
    ap.add_argument("--policy-b", choices=policies, help="clan B's policy")
    ap.add_argument("--turn-limit", type=int, default=10,
                    help="game turns; then G9 decides (default 10)")
    ap.add_argument("--max-actions", type=int, default=0,
                    help="per game, then it is unfinished (0: the library's default)")
    ap.add_argument("--no-swap", action="store_true",
                    help="one batch, clan A always on the south edge")
    ap.add_argument("--open-table", action="store_true", help="no terrain")
    ap.add_argument("--png", metavar="FILE", help="bar chart of the win rates (matplotlib)")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    ap.add_argument("--list", action="store_true", help="list the named clans and presets")
    ap.add_argument("--check", action="store_true",
                    help="self-check (for meson test): counts add up, progress called "
                         "once per game, the first batch is reproducible by seed")
    args = ap.parse_args(argv)
    if args.list:
        for k, (title, members) in CLANS.items():
            print("%-9s %s: %s" % (k, title, describe(
                [skirmish._member(Preset, m, "preset") for m in members])))
        print("presets:", ", ".join(p.name.lower() for p in Preset))
        return 0
    if args.games < (1 if args.no_swap else 2):
        ap.error("--games must be at least %d" % (1 if args.no_swap else 2))
    if args.turn_limit < 0 or args.max_actions < 0:
        ap.error("--turn-limit and --max-actions are 0 or more")
    try:
        args.a = parse_clan(args.clan_a)
        args.b = parse_clan(args.clan_b)
    except ValueError as exc:
        ap.error(str(exc))
    args.policy_a = args.policy_a or args.policy
    args.policy_b = args.policy_b or args.policy
    (title_a, clan_a), (title_b, clan_b) = args.a, args.b
    if title_a == title_b:
        title_a, title_b = title_a + " (A)", title_b + " (B)"
    for clan in (clan_a, clan_b):
        if len(clan) > 15:
            ap.error("at most 15 figures a clan (they deploy in one line)")

    subtitle = "%d games, policies %s/%s, turn limit %s%s" % (
        args.games, args.policy_a, args.policy_b, args.turn_limit or "none",
        ", open table" if args.open_table else ", town")
    print("Sensō balance: %s against %s" % (title_a, title_b))
    print(subtitle)
    sys.stdout.flush()

    if args.no_swap:
        plan = [("A south", clan_a, clan_b, args.games, True)]
    else:
        half = args.games // 2
        plan = [("A south", clan_a, clan_b, half, True),
                ("A north", clan_b, clan_a, args.games - half, False)]
    batches = []
    started = time.monotonic()
    for i, (label, south, north, n, a_south) in enumerate(plan):
        seed = args.seed + 1000003 * i
        a, b, st, bar = run_batch(label, south, north, n, args, seed, args.quiet, a_south)
        batches.append({"label": label, "games": st.games, "a": a, "b": b,
                        "draws": st.draws, "unfinished": st.unfinished,
                        "actions": st.actions, "turns": st.average_turns,
                        "stats": st, "bar": bar, "seed": seed, "plan": plan[i]})
    elapsed = time.monotonic() - started
    text, tot = table(title_a, title_b, batches)
    print(text)
    print("%d games in %.1f s (%.0f games/s)" % (tot["games"], elapsed,
                                                   tot["games"] / max(elapsed, 1e-9)))

    if args.png:
        if chart(args.png, title_a, title_b, batches, tot, subtitle):
            print("chart written to %s" % args.png)

    if args.check:
        for bt in batches:
            st = bt["stats"]
            assert st.games == bt["plan"][3], (st.games, bt["plan"][3])
            assert sum(st.wins) + st.draws + st.unfinished == st.games, st
            assert bt["bar"].calls == st.games, (bt["bar"].calls, st.games)
            assert bt["bar"].last == (st.games, st.games), bt["bar"].last
            assert st.average_actions > 0, st
        first = batches[0]
        label, south, north, n, a_south = first["plan"]
        again = run_batch(label, south, north, n, args, first["seed"], True, a_south)[2]
        assert again == first["stats"], (again, first["stats"])
        print("check: counts add up, one progress call per game, reproducible by seed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

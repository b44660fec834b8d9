#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Sensō clan balance: two clans fight thousands of games; who wins more?

Each clan is a list of the Sensō example figures (rule S1 presets). The
clans deploy along opposite long edges of a 72" x 48" town table and play
to the end (last clan standing, or the turn limit, G9: most figures in play
wins) with a built-in policy of the library: "greedy" (the best expected
result by exact odds), "random" (uniform over the legal actions, moves only
those that close on the enemy, doc/API.md) or
"rollout" (the cheap one for tree search: fight, shoot, close; no odds).

The games are played in C by skirmish_game_playouts(), in tasks of at
most --chunk games (skirmish.studies). By default there are two batches of
--games / 2 games: clan A deploys on the south edge in the first, on the
north edge in the second, so the table's sides do not favour either clan.
The order of play is rolled off in every game (S2).

Where the tasks run: in this process (the default), on a local Dask
cluster of --workers N processes, or on the Dask cluster whose scheduler
is at --scheduler ADDRESS (doc/python.md: dask scheduler, dask worker).
Every task has its own seed, so the totals are the same wherever they
run. A progress bar (tqdm) is drawn when stderr is a terminal.

It prints a table of wins, draws, unfinished games (each share with its
95% Wilson interval), the average length and the games per second, and
with --png FILE draws the shares as a bar chart (needs matplotlib).

    python3 python/balance.py --games 2000
    python3 python/balance.py --clan-a ninja --clan-b ikko --png balance.png
    python3 python/balance.py --games 100000 --policy random --workers 4
    python3 python/balance.py --games 100000 --scheduler tcp://10.0.0.1:8786
    python3 python/balance.py --games 400 --scenario examples/scenarios/senso-town.skirmish

Clans: a named clan (see --list) or presets with counts, e.g.
"samurai*2,ashigaru_bow*3".
"""
import argparse
import sys
from typing import Any, Callable, List, Optional, Tuple

from _find_build import import_skirmish

skirmish = import_skirmish("balance")
from skirmish import Preset  # noqa: E402
from skirmish.studies import (CLANS, Study, StudyResult, Tally, describe,  # noqa: E402
                              parse_clan, run_study)

ROWS = [("A wins", "a"), ("B wins", "b"), ("draws", "draws"), ("unfinished", "unfinished")]


def percent(t: Tally, key: str) -> str:
    rate, lo, hi = t.share(key)
    return "%.1f%% (%.1f-%.1f)" % (100 * rate, 100 * lo, 100 * hi)


def table(title_a: str, title_b: str, result: StudyResult) -> str:
    """The text table: one column per batch and the total, then the shares
    with their 95% Wilson intervals."""
    cols = result.labels + ["total"]
    tallies = result.batches + [result.total]
    w = max(12, max(len(c) for c in cols) + 2)
    out = ["A: %s" % title_a, "B: %s" % title_b, ""]
    out.append("%-16s" % "" + "".join("%*s" % (w, c) for c in cols)
               + "   share (95% interval)")
    for name, key in ROWS:
        out.append("%-16s" % name + "".join("%*d" % (w, getattr(t, key)) for t in tallies)
                   + "   " + percent(result.total, key))
    out.append("%-16s" % "games" + "".join("%*d" % (w, t.games) for t in tallies))
    out.append("%-16s" % "avg actions" + "".join(
        "%*.1f" % (w, t.actions / t.games) for t in tallies))
    out.append("%-16s" % "avg game turns" + "".join(
        "%*.2f" % (w, t.turns / t.games) for t in tallies))
    return "\n".join(out)


def chart(path: str, title_a: str, title_b: str, result: StudyResult, subtitle: str) -> bool:
    """A bar chart of the shares, batch by batch and in all: each bar with
    its value and 95% interval, the study's size and seed in the title,
    the axis up to just above the highest interval."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.stderr.write("balance: matplotlib is not installed; no chart written\n")
        return False
    groups = result.labels + ["total"]
    tallies = result.batches + [result.total]
    series = [("A: " + title_a, "a"), ("B: " + title_b, "b"), ("draws", "draws"),
              ("unfinished", "unfinished")]
    # a series that is 0 everywhere says nothing: leave it out of the chart
    series = [s for s in series if any(getattr(t, s[1]) for t in tallies)] or series[:2]
    fig, ax = plt.subplots(figsize=(9, 5))
    width = 0.8 / len(series)
    top = 0.0
    for j, (name, key) in enumerate(series):
        xs = [i + (j - (len(series) - 1) / 2) * width for i in range(len(groups))]
        shares = [t.share(key) for t in tallies]
        ys = [s[0] for s in shares]
        err = [[s[0] - s[1] for s in shares], [s[2] - s[0] for s in shares]]
        top = max(top, max(s[2] for s in shares))
        bars = ax.bar(xs, ys, width=width, yerr=err, capsize=3, label=name)
        ax.bar_label(bars, labels=["%.1f%%" % (100 * y) for y in ys], padding=3,
                     fontsize=7)
    ax.set_xticks(list(range(len(groups))))
    ax.set_xticklabels(["%s\n(%d games)" % (g, t.games) for g, t in zip(groups, tallies)])
    ax.set_ylim(0, min(1.0, top * 1.18 + 0.02))
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0, decimals=0))
    ax.set_ylabel("share of games (95% Wilson interval)")
    ax.set_title("Sensō: %s against %s\n%s" % (title_a, title_b, subtitle), fontsize=10)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


class Progress:
    """A tqdm bar on stderr when it is a terminal (and tqdm is there);
    counts the games it was told of either way."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.done = 0
        self.bar: Any = None
        if not quiet and sys.stderr.isatty():
            try:
                from tqdm import tqdm
                self.bar = tqdm(total=total, unit="game", file=sys.stderr,
                                dynamic_ncols=True, smoothing=0.1)
            except ImportError:
                pass

    def __call__(self, games: int) -> None:
        self.done += games
        if self.bar is not None:
            self.bar.update(games)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def executor(args: argparse.Namespace) -> Tuple[Any, Callable[[], None], str]:
    """(a Dask client or None, how to close it, where the games run)."""
    if args.scheduler is None and not args.workers:
        return None, lambda: None, "in this process"
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        sys.exit("balance: --scheduler and --workers need Dask's distributed "
                 "(Debian: python3-distributed; pip install distributed)")
    if args.scheduler is not None:
        client = Client(args.scheduler)
        return client, client.close, "on the Dask cluster at %s" % args.scheduler
    cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                           dashboard_address=None)
    client = Client(cluster)

    def close() -> None:
        client.close()
        cluster.close()
    return client, close, "on a local Dask cluster of %d workers" % args.workers


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="Clans: " + "; ".join(
                                     "%s (%s)" % (k, v[0]) for k, v in CLANS.items()))
    ap.add_argument("--clan-a", default="takeda", help="clan A (default: takeda)")
    ap.add_argument("--clan-b", default="ashigaru", help="clan B (default: ashigaru)")
    ap.add_argument("--scenario", metavar="FILE",
                    help="play a scenario file (doc/console.md) instead of clans: A is "
                         "its player 0, B its player 1, the seats alternating")
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
    ap.add_argument("--chunk", type=int, default=250,
                    help="games a task (default 250); the totals depend on it, "
                         "not on where the tasks run")
    ap.add_argument("--workers", type=int, default=0, metavar="N",
                    help="start a local Dask cluster of N worker processes")
    ap.add_argument("--scheduler", metavar="ADDRESS",
                    help="run on the Dask cluster of this scheduler (tcp://host:8786)")
    ap.add_argument("--png", metavar="FILE", help="bar chart of the shares (matplotlib)")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    ap.add_argument("--list", action="store_true", help="list the named clans and presets")
    ap.add_argument("--check", action="store_true",
                    help="self-check (for meson test): counts add up, progress told of "
                         "every game, the study is reproducible by seed")
    args = ap.parse_args(argv)
    if args.list:
        for k, (title, members) in CLANS.items():
            print("%-9s %s: %s" % (k, title, describe(
                [skirmish._member(Preset, m, "preset") for m in members])))
        print("presets:", ", ".join(p.name.lower() for p in Preset))
        return 0
    if args.workers < 0:
        ap.error("--workers must be 0 or more")
    if args.workers and args.scheduler:
        ap.error("--workers or --scheduler, not both")
    if args.turn_limit < 0 or args.max_actions < 0:
        ap.error("--turn-limit and --max-actions are 0 or more")
    if args.scenario:
        title_a, title_b = "player 0", "player 1"
        try:
            study = Study.of(args.scenario, args.games, seed=args.seed,
                             policy_a=args.policy_a or args.policy,
                             policy_b=args.policy_b or args.policy,
                             max_actions=args.max_actions, swap=not args.no_swap,
                             chunk=args.chunk)
        except (OSError, ValueError) as exc:
            ap.error(str(exc))
        subtitle = "%d games, seed %d, policies %s/%s, %s" % (
            study.games, study.seed, study.policy_a, study.policy_b, args.scenario)
    else:
        try:
            title_a, clan_a = parse_clan(args.clan_a)
            title_b, clan_b = parse_clan(args.clan_b)
        except ValueError as exc:
            ap.error(str(exc))
        if title_a == title_b:
            title_a, title_b = title_a + " (A)", title_b + " (B)"
        for clan in (clan_a, clan_b):
            if len(clan) > 15:
                ap.error("at most 15 figures a clan (they deploy in one line)")
        try:
            study = Study(tuple(clan_a), tuple(clan_b), args.games, seed=args.seed,
                          policy_a=args.policy_a or args.policy,
                          policy_b=args.policy_b or args.policy,
                          turn_limit=args.turn_limit, max_actions=args.max_actions,
                          terrain=not args.open_table, swap=not args.no_swap,
                          chunk=args.chunk)
        except ValueError as exc:
            ap.error(str(exc))
        subtitle = "%d games, seed %d, policies %s/%s, turn limit %s%s" % (
            study.games, study.seed, study.policy_a, study.policy_b,
            study.turn_limit or "none", ", open table" if args.open_table else ", town")
    client, close, where = executor(args)
    print("%s balance: %s against %s" % ("Scenario" if args.scenario else "Sensō",
                                         title_a, title_b))
    print(subtitle)
    print("%d tasks of at most %d games, %s" % (len(study.tasks()), study.chunk, where))
    sys.stdout.flush()
    try:
        progress = Progress(study.games, args.quiet)
        try:
            result = run_study(study, client, progress)
        finally:
            progress.close()
        print(table(title_a, title_b, result))
        print("%d games in %.1f s (%.0f games/s)" % (result.total.games, result.seconds,
                                                       result.games_per_second))
        if args.png and chart(args.png, title_a, title_b, result, subtitle):
            print("chart written to %s" % args.png)
        if args.check:
            t = result.total
            assert t.games == study.games, (t.games, study.games)
            assert sum(t.counts()) == t.games, t
            assert progress.done == t.games, (progress.done, t.games)
            assert [b.games for b in result.batches] == [n for _, n in study.batches()]
            assert t.actions > 0, t
            again = run_study(study, client)
            assert again.total == t and again.batches == result.batches, (again.total, t)
            print("check: counts add up, progress told of every game, reproducible by seed")
    finally:
        close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

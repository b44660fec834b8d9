#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A Sensō duel, 10,000 times: how often does each side win?

A samurai charges an ashigaru with a yari (change them with --attacker and
--defender). The script first prints the chances of each outcome: exact,
from the library's odds calculator when it has one, otherwise estimated
from a sample. Then it fights the duel --fights times with the built-in
dice (a progress bar on stderr), prints the table of what happened next to
the chances, and, with --png FILE, draws it as a bar chart when matplotlib
is installed.

    meson setup build && ninja -C build
    python3 python/demo.py              # finds build/python by itself
    PYTHONPATH=build/python:python python3 python/demo.py --png duel.png
    python3 python/demo.py --attacker ninja --defender monk --standoff
"""
import argparse
import sys
import time
from fractions import Fraction
from typing import Any, Dict, List, Optional, Tuple, Union

from _find_build import import_skirmish

skirmish = import_skirmish("demo")
from skirmish import Action, Game, Odds, Outcome, Preset  # noqa: E402
from skirmish.studies import wilson  # noqa: E402

Chances = Dict[Outcome, Union[Fraction, float]]

GAP = 4.0            # inches between the bases: a charge reaches (S9: 6")


def setup(attacker: str, defender: str, standoff: bool,
          seed: int = 0) -> Tuple[Game, int, int]:
    """A fresh duel: the attacker (player 0, first to play) faces the
    defender GAP inches away. Both face up the table (90 degrees), so that a
    rider's 2"-deep base (G2) keeps the gap the same."""
    g = Game("senso", player_order=[0, 1], seed=seed,
             melee_ties="standoff" if standoff else "reroll")
    a = g.add_figure(0, 10, 10, 90, preset=attacker, name="Attacker")
    d = g.add_figure(1, 10 + GAP + 1, 10, 90, preset=defender, name="Defender")
    g.start()
    return g, a, d


def exact_odds(attacker: str, defender: str,
               standoff: bool) -> Tuple[Optional[Chances], Optional[Odds]]:
    """{outcome: Fraction} from the library, or None when it has no odds."""
    if not hasattr(skirmish.lib, "skirmish_game_odds"):
        return None, None
    with setup(attacker, defender, standoff)[0] as g:
        odds = g.odds(Action.charge(0, 1))
        chances: Chances = dict(odds.as_dict())
        return chances, odds


def progress(done: int, total: int, started: float, out: Any = sys.stderr) -> None:
    width = 40
    filled = width * done // total
    rate = done / max(time.monotonic() - started, 1e-9)
    out.write("\r[%s%s] %3d%% %d/%d fights, %.0f/s" % (
        "#" * filled, "." * (width - filled), 100 * done // total, done, total, rate))
    if done == total:
        out.write("\n")
    out.flush()


def fight_many(attacker: str, defender: str, standoff: bool, n: int, seed: int,
               quiet: bool) -> Dict[Outcome, int]:
    """Fights the duel n times (seeds seed, seed + 1, ...): {outcome: fights}.
    A progress bar on stderr when it is a terminal (and not quiet)."""
    counts: Dict[Outcome, int] = {}
    quiet = quiet or not sys.stderr.isatty()
    started = time.monotonic()
    step = max(1, n // 100)
    for i in range(n):
        g, a, d = setup(attacker, defender, standoff, seed=seed + i)
        with g:
            r = g.charge(a, d)
        counts[r.outcome] = counts.get(r.outcome, 0) + 1
        if not quiet and ((i + 1) % step == 0 or i + 1 == n):
            progress(i + 1, n, started)
    return counts


LABELS = {   # the outcomes of a charge, as seen from the duel
    Outcome.ATTACKER_WINS: "attacker wins",
    Outcome.DEFENDER_WINS: "defender wins",
    Outcome.STANDOFF: "stand-off",
}


def table(counts: Dict[Outcome, int], chances: Optional[Chances], exact: bool,
          n: int) -> str:
    outcomes = sorted(set(counts) | set(chances or {}))
    head = "chance (exact)" if exact else "chance (sampled)"
    lines = ["%-15s %16s %10s %10s  %s" % ("outcome", head, "fights", "share",
                                           "95% interval")]
    for o in outcomes:
        p = chances.get(o, 0) if chances else None
        c = counts.get(o, 0)
        ptxt = ("%s = %.4f" % (p, float(p)) if exact else "%.4f" % p) if p is not None else "-"
        lo, hi = wilson(c, n)
        lines.append("%-15s %16s %10d %10.4f  %.4f-%.4f" % (
            LABELS.get(o) or skirmish.label(o), ptxt, c, c / n, lo, hi))
    return "\n".join(lines)


def chart(path: str, counts: Dict[Outcome, int], chances: Chances, exact: bool, n: int,
          title: str) -> bool:
    """Bars of the chances and of the shares of the fights, each with its
    value (the shares with their 95% Wilson interval), the number of
    fights and the first seed in the title, the axis up to just above the
    highest bar."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.stderr.write("demo: matplotlib is not installed; no chart written\n")
        return False
    outcomes = sorted(set(counts) | set(chances))
    xs = range(len(outcomes))
    fig, ax = plt.subplots(figsize=(7, 4.5))
    want = [float(chances.get(o, 0)) for o in outcomes]
    got = [counts.get(o, 0) / n for o in outcomes]
    bounds = [wilson(counts.get(o, 0), n) for o in outcomes]
    err = [[g - b[0] for g, b in zip(got, bounds)], [b[1] - g for g, b in zip(got, bounds)]]
    bars = ax.bar([x - 0.2 for x in xs], want, width=0.4,
                  label="exact chance" if exact else "sampled chance")
    ax.bar_label(bars, labels=["%.1f%%" % (100 * v) for v in want], padding=3, fontsize=8)
    bars = ax.bar([x + 0.2 for x in xs], got, width=0.4, yerr=err, capsize=3,
                  label="share of %d fights (95%% interval)" % n)
    ax.bar_label(bars, labels=["%.1f%%" % (100 * v) for v in got], padding=3, fontsize=8)
    ax.set_xticks(list(xs))
    ax.set_xticklabels([LABELS.get(o) or skirmish.label(o) for o in outcomes])
    ax.set_ylim(0, min(1.0, max(want + [b[1] for b in bounds]) * 1.18 + 0.02))
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0, decimals=0))
    ax.set_ylabel("share")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def main(argv: Optional[List[str]] = None) -> int:
    presets = [p.name.lower() for p in Preset]
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--attacker", default="samurai", choices=presets)
    ap.add_argument("--defender", default="ashigaru_yari", choices=presets)
    ap.add_argument("--fights", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1, help="seed of the first fight")
    ap.add_argument("--standoff", action="store_true",
                    help="house rule S10: a tie is a stand-off, not fought again")
    ap.add_argument("--png", metavar="FILE", help="draw a bar chart (needs matplotlib)")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    ap.add_argument("--sampled", action="store_true",
                    help="estimate the chances from a sample even when the "
                         "library can compute them exactly")
    args = ap.parse_args(argv)
    if args.fights < 1:
        ap.error("--fights must be at least 1")

    title = "%s charges %s (Sensō)" % (args.attacker.replace("_", " ").capitalize(),
                                       args.defender.replace("_", " "))
    print(title)
    g, a, d = setup(args.attacker, args.defender, args.standoff)
    with g:
        for f in (g.figure(a), g.figure(d)):
            print("  %-9s d%d, %s%s%s%s" % (
                f.name, f.dv, skirmish.label(f.melee_weapon),
                ", martial arts" if f.martial_arts else "",
                ", mounted" if f.mounted else "", ", armoured" if f.armour else ""))
    chances, odds = (None, None) if args.sampled else exact_odds(
        args.attacker, args.defender, args.standoff)
    exact = chances is not None
    if chances is not None and odds is not None:
        print("Exact chances (library odds, %d dice sequences%s):" % (
            odds.sequences, ", ties fought again" if odds.rerolls else ""))
        for m in odds.modifiers:
            print("  modifier %+d %s (%s) for %s" % (
                m.value, m.label, m.rule, "the attacker" if m.side == 0 else "the defender"))
    else:
        sample = max(1000, args.fights // 10)
        print("Chances sampled from %d other fights%s." % (
            sample, "" if args.sampled else " (this library has no odds calculator)"))
        counts = fight_many(args.attacker, args.defender, args.standoff, sample,
                            args.seed + 10 ** 6, True)
        sampled: Chances = {o: c / sample for o, c in counts.items()}
        chances = sampled
    for o, p in sorted(chances.items()):
        print("  %-15s %.4f" % (LABELS.get(o) or skirmish.label(o), float(p)))

    print("Fighting %d duels..." % args.fights)
    sys.stdout.flush()
    counts = fight_many(args.attacker, args.defender, args.standoff, args.fights,
                        args.seed, args.quiet)
    print(table(counts, chances, exact, args.fights))
    if args.png and chart(args.png, counts, chances, exact, args.fights,
                          "%s\n%d fights from seed %d, chances %s" % (
                              title, args.fights, args.seed,
                              "exact" if exact else "sampled")):
        print("chart written to %s" % args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: MIT
"""Balance studies: Sensō clans deployed on a table, or any setup (a
scenario file, a Game), played to the end by the library's built-in
policies, many games at a time, in this process
or on a Dask cluster.

A Study is cut into tasks of at most ``chunk`` games, each with its own
seed derived from the study's seed, its batch and its place in the batch;
a task is one call of skirmish_game_playouts(). The totals are sums over
the tasks in their order, so a study gives the same totals wherever its
tasks run: in-process, on one Dask worker or on forty.

    >>> from skirmish.studies import Study, parse_clan, run_study
    >>> study = Study(parse_clan("ninja")[1], parse_clan("ikko")[1], games=40,
    ...               policy_a="random", policy_b="random", chunk=10)
    >>> result = run_study(study)
    >>> sum(result.total.counts()) == 40
    True
"""
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from .enums import Preset, _member, label
from .game import Game

CLANS = {
    "takeda": ("Takeda samurai",
               ["samurai_veteran_mounted", "samurai", "samurai",
                "ashigaru_bow", "ashigaru_yari", "ashigaru_yari"]),
    "ikko": ("Ikkō-ikki", ["monk", "monk", "peasant", "peasant", "peasant",
                           "peasant", "ashigaru_arquebus"]),
    "ninja": ("Iga ninja", ["ninja", "ninja", "ninja", "fencing_instructor"]),
    "ashigaru": ("Ashigaru company", ["ashigaru_bow", "ashigaru_bow",
                                      "ashigaru_arquebus", "ashigaru_arquebus",
                                      "ashigaru_yari", "ashigaru_yari",
                                      "ashigaru_yari"]),
}

TABLE_W, TABLE_D = 72.0, 48.0
SPACING = 4.0          # inches between the centres of neighbouring figures
DEPTH = 6.0            # distance of the deployment line from the edge


def parse_clan(text: str) -> Tuple[str, List[Preset]]:
    """(title, [Preset, ...]) from a clan name or "preset*n,preset,..."."""
    key = text.strip().lower()
    if key in CLANS:
        title, presets = CLANS[key]
    else:
        title, presets = None, []
        for part in key.split(","):
            part = part.strip()
            if not part:
                continue
            name, _, count = part.partition("*")
            n = int(count) if count else 1
            if n < 1:
                raise ValueError("%r: a count is at least 1" % part)
            presets += [name.strip()] * n
    try:
        members = [_member(Preset, p, "preset") for p in presets]
    except ValueError as exc:
        raise ValueError("%s (or a clan: %s)" % (exc, ", ".join(CLANS))) from None
    if not members:
        raise ValueError("an empty clan")
    if title is None:
        title = describe(members)
    return title, members


def describe(members: Sequence[Preset]) -> str:
    counts: Dict[Preset, int] = {}
    for m in members:
        counts[m] = counts.get(m, 0) + 1
    return ", ".join(("%d %s" % (n, label(m)) if n > 1 else label(m))
                     for m, n in counts.items())


def town(g: Game) -> None:
    """A little town: two houses (impassable, block sight), a wood (rough,
    cover) and a wall (an obstacle giving cover)."""
    g.add_terrain("rect", name="house", x=24, y=24, width=6, depth=5,
                  impassable=True, blocks_sight=True)
    g.add_terrain("rect", name="storehouse", x=50, y=20, width=4, depth=6,
                  impassable=True, blocks_sight=True)
    g.add_terrain("circle", name="bamboo grove", x=40, y=32, radius=4,
                  rough=True, cover=True, blocks_sight=True)
    g.add_terrain("rect", name="garden wall", x=14, y=16, width=8, depth=0.5,
                  obstacle=True, cover=True)


def deploy(g: Game, player: int, members: Sequence[Preset], south: bool) -> None:
    """A clan in a line along the south (y = DEPTH) or north edge, facing
    the enemy, centred on the table."""
    y = DEPTH if south else TABLE_D - DEPTH
    facing = 90 if south else 270
    x0 = TABLE_W / 2 - SPACING * (len(members) - 1) / 2
    for i, preset in enumerate(members):
        g.add_figure(player, x0 + SPACING * i, y, facing, preset=preset)


def scenario(south: Sequence[Preset], north: Sequence[Preset], turn_limit: int,
             terrain: bool, seed: int) -> Game:
    """A game in setup: `south` (player 0) against `north` (player 1)."""
    g = Game("senso", players=2, table_width=TABLE_W, table_depth=TABLE_D,
             turn_limit=turn_limit, seed=seed)
    if terrain:
        town(g)
    deploy(g, 0, south, True)
    deploy(g, 1, north, False)
    return g


# --------------------------------------------------------------------------
# Studies
# --------------------------------------------------------------------------

Z95 = 1.959963984540054   # the 97.5th percentile of the normal distribution


def wilson(k: int, n: int, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval (95% by default) of a rate k / n: never
    outside 0..1, and not empty when k is 0 or n (unlike the normal
    approximation's "0.0% +-0.0")."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo = 0.0 if k <= 0 else max(0.0, centre - half)
    hi = 1.0 if k >= n else min(1.0, centre + half)
    return lo, hi


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


@dataclass(frozen=True)
class Study:
    """N games of clan A against clan B (lists of Preset) on the built-in
    town, or N games of any setup (``setup``; Study.of() makes one from a
    Game, a scenario file or saved bytes).

    With ``swap`` (the default) there are two batches of about games / 2.
    Clans: clan A deploys on the south edge in the first, on the north edge
    in the second, so that the table's sides favour neither. A setup: A is
    player 0 and B player 1, the setup's own sides; policy_a plays player 0
    in the first batch and player 1 in the second (the seats alternate),
    so that a study of unequal policies is fair to both, and one of equal
    policies measures the sides. Policies are the library's ("greedy",
    "random", "rollout"); turn_limit (G9 decides then; 0: none; a setup
    keeps its own) and max_actions (then a game is unfinished; 0: the
    library's default) are per game. ``chunk`` is the most games of one
    task; the totals depend on it and on the seed, never on where the
    tasks run."""
    # any sequence of Preset (parse_clan()'s list): kept as a tuple, so
    # that a Study is hashable
    clan_a: Sequence[Preset]
    clan_b: Sequence[Preset]
    games: int
    seed: int = 1
    policy_a: str = "greedy"
    policy_b: str = "greedy"
    turn_limit: int = 10
    max_actions: int = 0
    terrain: bool = True
    swap: bool = True
    chunk: int = 250
    setup: Optional[bytes] = None   # Game.save() of a game in setup

    @classmethod
    def of(cls, setup: Union[Game, bytes, str], games: int, **kw: Any) -> "Study":
        """A study of any setup: a Game (saved as it stands; a game in setup
        is started on every copy, rolling the order of play), the bytes of
        Game.save(), or the path of a scenario file (doc/console.md). The
        keywords are the Study's."""
        if isinstance(setup, Game):
            data = setup.save()
        elif isinstance(setup, (bytes, bytearray, memoryview)):
            data = bytes(setup)
        elif isinstance(setup, str):
            from .scenario import load_scenario
            with load_scenario(setup) as g:
                data = g.save()
        else:
            raise TypeError("setup must be a Game, bytes or a scenario file's path, not %s"
                            % type(setup).__name__)
        return cls((), (), games, setup=data, **kw)

    def __post_init__(self) -> None:
        object.__setattr__(self, "clan_a", tuple(self.clan_a))
        object.__setattr__(self, "clan_b", tuple(self.clan_b))
        if self.games < (2 if self.swap else 1):
            raise ValueError("games must be at least %d, not %d"
                             % (2 if self.swap else 1, self.games))
        if self.chunk < 1:
            raise ValueError("chunk must be at least 1, not %d" % self.chunk)
        if self.setup is None and (not self.clan_a or not self.clan_b):
            raise ValueError("a clan is empty")
        if self.setup is not None:
            Game.load(self.setup).close()   # FormatError now, not in a task

    def batches(self) -> List[Tuple[str, int]]:
        """(label, games) of each batch."""
        first, second = (("A plays policy_a", "B plays policy_a") if self.setup is not None
                         else ("A south", "A north"))
        if not self.swap:
            return [(first, self.games)]
        half = self.games // 2
        return [(first, half), (second, self.games - half)]

    def tasks(self) -> List["Task"]:
        """The study's tasks, in the order their results are summed."""
        out = []
        for b, (_, n) in enumerate(self.batches()):
            for k, first in enumerate(range(0, n, self.chunk)):
                seed = _splitmix64(_splitmix64(_splitmix64(self.seed) ^ b) ^ k)
                out.append(Task(self, b, k, min(self.chunk, n - first), seed))
        return out


@dataclass(frozen=True)
class Task:
    """One call of the playouts: ``games`` games of batch ``batch``."""
    study: Study
    batch: int
    index: int
    games: int
    seed: int


@dataclass
class Tally:
    """Counts of a set of games, seen from the clans: A's and B's wins,
    draws, unfinished games, actions and game turns in all."""
    games: int = 0
    a: int = 0
    b: int = 0
    draws: int = 0
    unfinished: int = 0
    actions: int = 0
    turns: float = 0.0

    def add(self, other: "Tally") -> None:
        """Adds other's counts to this one's."""
        for name in ("games", "a", "b", "draws", "unfinished", "actions", "turns"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def counts(self) -> Tuple[int, int, int, int]:
        """(a, b, draws, unfinished)."""
        return self.a, self.b, self.draws, self.unfinished

    def share(self, key: str) -> Tuple[float, float, float]:
        """(rate, low, high) of one count (a Wilson 95% interval)."""
        k: int = getattr(self, key)
        lo, hi = wilson(k, self.games)
        return (k / self.games if self.games else 0.0), lo, hi


def play_task(task: Task, progress: Optional[Callable[[int, int], Any]] = None) -> Tally:
    """Plays one task's games (in C) and counts them for the clans."""
    st = task.study
    a_south = task.batch == 0
    policies = [st.policy_a, st.policy_b] if a_south else [st.policy_b, st.policy_a]
    if st.setup is not None:
        with Game.load(st.setup) as g:
            s = g.playouts(task.games, seed=task.seed, max_actions=st.max_actions,
                           policy=policies, progress=progress)
        return Tally(s.games, s.wins[0], s.wins[1], s.draws, s.unfinished, s.actions,
                     s.average_turns * s.games)
    south, north = (st.clan_a, st.clan_b) if a_south else (st.clan_b, st.clan_a)
    with scenario(south, north, st.turn_limit, st.terrain, task.seed) as g:
        s = g.playouts(task.games, seed=task.seed, max_actions=st.max_actions,
                       policy=policies, progress=progress)
    a, b = (s.wins[0], s.wins[1]) if a_south else (s.wins[1], s.wins[0])
    return Tally(s.games, a, b, s.draws, s.unfinished, s.actions,
                 s.average_turns * s.games)


@dataclass
class StudyResult:
    """What a study gave: a Tally per batch and in all, and how long it
    took (seconds, wall clock) on how many workers (0: in-process)."""
    study: Study
    batches: List[Tally]
    total: Tally
    seconds: float
    workers: int
    labels: List[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time."""
        return self.total.games / self.seconds if self.seconds > 0 else 0.0


def _sum(study: Study, tallies: Iterable[Tuple[Task, Tally]], seconds: float,
         workers: int) -> StudyResult:
    ordered = sorted(tallies, key=lambda tt: (tt[0].batch, tt[0].index))
    labels = [label for label, _ in study.batches()]
    batches = [Tally() for _ in labels]
    total = Tally()
    for task, t in ordered:
        batches[task.batch].add(t)
        total.add(t)
    return StudyResult(study, batches, total, seconds, workers, labels)


def run_study(study: Study, client: Any = None,
              progress: Optional[Callable[[int], Any]] = None) -> StudyResult:
    """Plays a study's tasks: in this process (client None) or on the Dask
    cluster of a ``distributed.Client``. progress(games) is called as games
    are done (after each game in-process, after each task on a cluster)."""
    started = time.monotonic()
    results: List[Tuple[Task, Tally]] = []
    tasks = study.tasks()
    if client is None:
        for task in tasks:
            last = [0]

            def step(done: int, total: int, last: List[int] = last) -> None:
                if progress is not None:
                    progress(done - last[0])
                last[0] = done

            results.append((task, play_task(task, step)))
        return _sum(study, results, time.monotonic() - started, 0)

    from distributed import as_completed
    futures = client.map(play_task, tasks, pure=False)
    where = {f.key: t for f, t in zip(futures, tasks)}
    for fut in as_completed(futures):
        task = where[fut.key]
        results.append((task, fut.result()))
        if progress is not None:
            progress(task.games)
    workers = len(client.scheduler_info().get("workers", {}))
    return _sum(study, results, time.monotonic() - started, workers)

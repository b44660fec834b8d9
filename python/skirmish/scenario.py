# SPDX-License-Identifier: MIT
"""Console scenario files (doc/console.md, "Scenario files") as a Game in
setup: the game's options, terrain, objectives, exit edges and figures.

    >>> from skirmish.scenario import parse_scenario
    >>> g = parse_scenario('''ruleset senso
    ... table 24 24
    ... figure Kenji player 0 at 4 12 preset samurai
    ... figure Taro player 1 at 20 12 facing 180 preset ashigaru-bow''')
    >>> g.figure_count, g.figure(1).name
    (2, 'Taro')

Only the setup commands are read (the words of the console's scenario
files before `start`); a command of play, or a word this module does not
know, is a ValueError naming its line.
"""
import shlex
from typing import Any, Dict, List, Optional

from .game import Game

_OPTIONS = {"ruleset", "players", "umpire", "night", "ties", "rings", "turn-limit",
            "die-sides", "table", "order", "seed"}
_TERRAIN_FLAGS = {"rough": "rough", "bad-going": "rough", "cover": "cover",
                  "blocks-sight": "blocks_sight", "obstacle": "obstacle",
                  "water": "water", "climb": "climb", "impassable": "impassable"}
_PRESET_ALIASES = {"mounted-samurai": "samurai-veteran-mounted"}
_MELEE_ALIASES = {"wooden-weapon": "wooden"}


class _Reader:
    def __init__(self, words: List[str], line: int) -> None:
        self.words, self.at, self.line = words, 0, line

    def fail(self, what: str) -> ValueError:
        return ValueError("scenario line %d: %s" % (self.line, what))

    def more(self) -> bool:
        return self.at < len(self.words)

    def word(self, what: str) -> str:
        if not self.more():
            raise self.fail("%s expected" % what)
        self.at += 1
        return self.words[self.at - 1]

    def number(self, what: str) -> float:
        w = self.word(what)
        try:
            return float(w)
        except ValueError:
            raise self.fail("%s: a number, not %r" % (what, w)) from None

    def integer(self, what: str) -> int:
        w = self.word(what)
        try:
            return int(w)
        except ValueError:
            raise self.fail("%s: a whole number, not %r" % (what, w)) from None


def _terrain(g: Game, r: _Reader) -> None:
    shape = r.word("a shape")
    kw: Dict[str, Any] = {"name": r.word("a name")}
    if shape == "rect":
        kw.update(x=r.number("x"), y=r.number("y"), width=r.number("width"),
                  depth=r.number("depth"))
    elif shape == "circle":
        kw.update(x=r.number("x"), y=r.number("y"), radius=r.number("radius"))
    elif shape == "polygon":
        pts = []
        while r.more():
            try:
                float(r.words[r.at])
            except ValueError:
                break
            pts.append((r.number("x"), r.number("y")))
        kw["points"] = pts
    else:
        raise r.fail("a shape is rect, circle or polygon, not %r" % shape)
    while r.more():
        w = r.word("a flag")
        if w in _TERRAIN_FLAGS:
            kw[_TERRAIN_FLAGS[w]] = True
        elif w == "hill":
            kw["hill"] = True
            kw["height"] = r.number("the hill's height")
        elif w == "penalty":
            kw["move_penalty"] = r.number("the penalty")
        elif w == "angle" and shape == "rect":
            kw["angle"] = r.number("the angle")
        else:
            raise r.fail("unknown terrain word %r" % w)
    g.add_terrain(shape, **kw)


def _figure(g: Game, r: _Reader) -> None:
    kw: Dict[str, Any] = {"name": r.word("a name")}
    if r.word("player") != "player":
        raise r.fail("figure NAME player P at X Y ...")
    player = r.integer("the player")
    if r.word("at") != "at":
        raise r.fail("figure NAME player P at X Y ...")
    x, y = r.number("x"), r.number("y")
    facing = 0.0
    while r.more():
        w = r.word("a word")
        if w == "facing":
            facing = r.number("the facing")
        elif w == "preset":
            p = r.word("a preset")
            kw["preset"] = _PRESET_ALIASES.get(p, p)
        elif w == "dv":
            kw["dv"] = r.integer("the DV")
        elif w == "melee":
            m = r.word("a melee weapon")
            kw["melee_weapon"] = _MELEE_ALIASES.get(m, m)
        elif w == "missile":
            kw["missile_weapon"] = r.word("a missile weapon")
        elif w in ("armour", "no-armour"):
            kw["armour"] = w == "armour"
        elif w == "shield":
            kw["shield"] = True
        elif w == "martial-arts":
            kw["martial_arts"] = True
        elif w in ("mounted", "on-foot"):
            kw["mounted"] = w == "mounted"
        elif w == "unloaded":
            kw["unloaded"] = True
        elif w == "base":
            kw["base_width"] = r.number("the base's width")
            kw["base_depth"] = r.number("the base's depth")
        else:
            raise r.fail("unknown figure word %r" % w)
    g.add_figure(player, x, y, facing, **kw)


def parse_scenario(text: str, seed: Optional[int] = None) -> Game:
    """A Game in setup from the text of a scenario file. ``seed``, when
    given, stands over the file's own."""
    opts: Dict[str, Any] = {}
    g: Optional[Game] = None
    for n, raw in enumerate(text.splitlines(), 1):
        try:
            words = shlex.split(raw, comments=True)
        except ValueError as exc:
            raise ValueError("scenario line %d: %s" % (n, exc)) from None
        if not words:
            continue
        r = _Reader(words, n)
        cmd = r.word("a command")
        if cmd == "player":           # a name for the console's messages
            continue
        if cmd in _OPTIONS:
            if g is not None:
                raise r.fail("%r after the first piece or figure" % cmd)
            if cmd == "ruleset":
                opts["ruleset"] = r.word("a ruleset")
            elif cmd == "players":
                opts["players"] = r.integer("the players")
            elif cmd in ("umpire", "night"):
                on = r.word("on or off") if r.more() else "on"
                if on not in ("on", "off"):
                    raise r.fail("%s on|off, not %r" % (cmd, on))
                opts[cmd] = on == "on"
            elif cmd == "ties":
                opts["melee_ties"] = r.word("reroll or standoff")
            elif cmd == "rings":
                opts["ring_removal"] = r.word("player-turn or game-turn")
            elif cmd == "turn-limit":
                opts["turn_limit"] = r.integer("the turn limit")
            elif cmd == "die-sides":
                opts["die_sides"] = r.integer("the die's sides")
            elif cmd == "table":
                opts["table_width"] = r.number("the width")
                opts["table_depth"] = r.number("the depth")
            elif cmd == "order":
                order = []
                while r.more():
                    order.append(r.integer("a player"))
                opts["player_order"] = order
            else:
                opts["seed"] = r.integer("the seed")
            continue
        if g is None:
            if seed is not None:
                opts["seed"] = seed
            g = Game(**opts)
        if cmd == "terrain":
            _terrain(g, r)
        elif cmd == "figure":
            _figure(g, r)
        elif cmd == "objective":
            name = r.word("a name")
            g.add_objective(r.number("x"), r.number("y"), name=name)
        elif cmd == "exit-edge":
            player = r.integer("the player")
            g.set_exit_edge(player, r.word("an edge"))
        else:
            raise r.fail("not a setup command: %r" % cmd)
    if g is None:
        if seed is not None:
            opts["seed"] = seed
        g = Game(**opts)
    return g


def load_scenario(path: str, seed: Optional[int] = None) -> Game:
    """A Game in setup from a scenario file (parse_scenario)."""
    with open(path, encoding="utf-8") as f:
        return parse_scenario(f.read(), seed)

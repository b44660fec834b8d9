"""Balance studies: Sensō clans deployed on a table and played to the end
by the library's built-in policies, many games at a time."""
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


def parse_clan(text):
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


def describe(members):
    counts = {}
    for m in members:
        counts[m] = counts.get(m, 0) + 1
    return ", ".join(("%d %s" % (n, label(m)) if n > 1 else label(m))
                     for m, n in counts.items())


def town(g):
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


def deploy(g, player, members, south):
    """A clan in a line along the south (y = DEPTH) or north edge, facing
    the enemy, centred on the table."""
    y = DEPTH if south else TABLE_D - DEPTH
    facing = 90 if south else 270
    x0 = TABLE_W / 2 - SPACING * (len(members) - 1) / 2
    for i, preset in enumerate(members):
        g.add_figure(player, x0 + SPACING * i, y, facing, preset=preset)


def scenario(south, north, turn_limit, terrain, seed):
    """A game in setup: `south` (player 0) against `north` (player 1)."""
    g = Game("senso", players=2, table_width=TABLE_W, table_depth=TABLE_D,
             turn_limit=turn_limit, seed=seed)
    if terrain:
        town(g)
    deploy(g, 0, south, True)
    deploy(g, 1, north, False)
    return g

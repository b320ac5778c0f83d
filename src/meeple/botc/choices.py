"""The names the Blood on the Clocktower options choose among (light: the CLI offers
them without importing the game)."""

SCRIPTS = ("trouble-brewing", "bad-moon-rising", "sects-and-violets")
"""The scripts meeple knows, each with its role data in `meeple/botc/data/`."""
LAYOUTS = ("auto", "balanced", "compact", "tall")
"""How seats spread over the sides of the grimoire art (meeple.botc.layout)."""
IDS = ("seed", "official")
"""How written notation spells official characters: the seed's `fortune_teller` (the
default) or the Script Tool's `fortuneteller` (meeple.botc.characters.spelled)."""
CHARSETS = ("unicode", "ascii")
"""The grimoire art's box drawing (meeple.botc.ascii.CHARSETS)."""

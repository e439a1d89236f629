"""California Speed, the third game family (issue 33): two to four players cover matching
cards in a shared layout of rows with cards dealt from their own face-down piles; nothing is
built up or down.  Its variant section (``variants``), rules kernel (``kernel``), actions
(``actions``), log form (``wire``), the public :class:`CaliforniaGame` (``game``), pictures and
words (``picture``), the simulator's table (``table``) and the registered family (``family``).

>>> from speedrules.california import Cover, deal_california
>>> game = deal_california("california-speed", seed=7)
>>> [len(pile) for pile in game.kernel.piles], len(game.kernel.stacks)
([22, 22], 8)
>>> game.is_legal(Cover(0, 0, 0))  # the layout shows no match: nothing may be covered
False
"""

from .actions import Cover, Relay, parse_california_action
from .game import CaliforniaGame, deal_california

__all__ = ["CaliforniaGame", "Cover", "Relay", "deal_california", "parse_california_action"]

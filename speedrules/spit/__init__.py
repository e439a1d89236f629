"""Spit, the second game family: a row of stock piles and a spit pile per player, rounds, and
a race for the centre piles.  Its rules kernel (``kernel``), the public ``SpitGame`` with the
round layout rule (``game``), and the reading of a Spit log's rounds (``reader``).

>>> from speedrules.spit.game import deal_spit
>>> game = deal_spit("spit", seed=2)
>>> [len(pile) for pile in game.layout.stock[0]]
[1, 2, 3, 4, 5]
"""

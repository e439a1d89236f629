"""Nertz (Nerts, Pounce, Racing Demon): every player with their own deck, a Nertz pile, work
piles and a stock, all racing to build shared foundations up from the aces (seed 002;
docs/research/nertz.md).  Registered as the ``nertz`` family (:mod:`speedrules.nertz.family`).

>>> from speedrules import deal_nertz, family_of
>>> hand = deal_nertz("nertz-four", seed=5)
>>> family_of(hand.variant).title, hand.variant.players, len(hand.kernel.nertz[3])
('Nertz', 4, 13)
"""

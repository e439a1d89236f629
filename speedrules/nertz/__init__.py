"""Nertz (Nerts, Pounce, Racing Demon): every player with their own deck, a Nertz pile, work
piles and a stock, all racing to build shared foundations up from the aces (seed 002;
docs/research/nertz.md).  Registered as the ``nertz`` family (:mod:`speedrules.nertz.family`)."""

"""Judging logs: verdicts as values (``verdicts``), what every judged log pays for
(``judging``), the referee and its correction procedure (``referee``), counts over many logs
(``summary``) and many logs at once on every core (``parallel``).

>>> from speedrules import deal
>>> from speedrules.judge.referee import referee
>>> game = deal("speed", seed=1)
>>> game.reveal()
>>> referee(game.to_log()).valid
True
"""

"""The ground every family and every generic module stands on: cards and their integer codes,
ranks and fit tables, the rule ids, errors and violations, value checks, variants and how they
are loaded, hostile-document reading, and the collector's pause.  Nothing here knows a game's
layout or its events.

>>> from speedrules.core.cards import Card
>>> from speedrules.core.loading import load_variant
>>> load_variant("speed").fits(Card.parse("KS"), Card.parse("AD"))
True
"""

"""Pictures: a table as SVG (``svg``), a logged game as a page that replays it (``replay``)
and plots of simulated variants (``plot``).

>>> from speedrules import deal
>>> from speedrules.show import svg
>>> svg.table(deal("speed", seed=1)).startswith("<svg")
True
"""

"""Simulated real-time play: bots (``bots``) and the simulator with its statistics
(``simulation``).

>>> from speedrules.sim.simulation import simulate
>>> [result.index for result in simulate("speed", 2, seed=1)]
[0, 1]
"""

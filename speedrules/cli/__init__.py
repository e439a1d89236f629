"""The ``speedrules`` command: ``main`` (argument parsing, exit codes, the variant, deal,
referee and simulate commands) and ``pictures`` (``render`` and ``view``).

>>> from speedrules.cli.main import main
>>> main(["--version"])  # doctest: +ELLIPSIS
speedrules ...
0
"""

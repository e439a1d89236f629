"""The ``speedrules`` command: ``main`` (the parser, running a command, the simulate command),
one module per command group (``variants``: variants, show, check-variant; ``deal``;
``referee``; ``pictures``: render and view) and what they share (``common``: exit codes, error
reporting, loading a variant).

>>> from speedrules.cli.main import main
>>> main(["--version"])  # doctest: +ELLIPSIS
speedrules ...
0
"""

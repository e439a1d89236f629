"""``python -m speedrules``: the same as the ``speedrules`` command."""

import sys

from .cli.main import main

if __name__ == "__main__":
    sys.exit(main())

"""``python -m ramino``: the same command as ``ramino``."""

from ramino.cli import main

if __name__ == "__main__":
    main()

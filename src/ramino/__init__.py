"""ramino: the reference implementation of Ramino, the Italian rummy family."""

__version__ = "0.1.0"

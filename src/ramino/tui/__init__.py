"""The terminal game (``ramino play``): a Textual application where one person plays a match
against the computer. Needs the ``cli`` extra (Textual).

The match controller (:mod:`.controller`) drives the engine and the bots without any screen;
:mod:`.save` writes and reads a match in progress; the rest is the user interface.
"""

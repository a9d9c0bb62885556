"""The rules engines of the four games: pure Python, standard library only.

``python -m games.engine replay [--json] FILE ...`` replays MGN records (see ``replay.py``).
The rules each engine implements are in ``docs/rules/``, the record format in
``docs/records.md``.

Shared modules: ``core`` (errors, the game protocol, replay results), ``record`` (the MGN
layout shared by every game: records, tags, tokens, the header writer), ``registry`` (the
engine of each ``Game`` tag), ``replay`` (the command's library), ``live`` (live entry: one
interface over the four engines).

One package per game (``matrio``, ``mathematico``, ``overload``, ``integer_matrix``), its
modules named by their job, the same name for the same job in every package:

* ``cards.py`` — cards and values: codes, the deck, what a card is worth, reading a card.
* ``board.py`` — the table's geometry and its pieces: trays, cells, lines, piles, squares.
* ``rules.py`` — the game protocol: state, legal moves, ``apply`` (validate, play), outcome, scores.
* ``scoring.py`` — scoring, where a game scores apart from play (Mathematico, Integer Matrix).
* ``notation.py`` — the text of moves and tag values: parse, format, canonical tokens.
* ``records.py`` — MGN records: read the tags, judge the whole record, ``replay``, ``write_record``.
* ``random_game.py`` — seeded random legal games, ``random_game(seed, policy)``: tests, demos.
* ``fast.py`` — a fast replay path for whole records, accepting exactly what ``apply`` accepts.
* ``explain.py`` — sentences saying why a move is refused (Matrix Overload).
* ``profiles.py`` — rules profiles and line keys for the lookup tables (Mathematico).
* ``summary.py`` — what the site shows of a game: picture, table, history (Matrix Overload).

Each package's ``__init__`` gathers its public names (``new_game``, ``legal_moves``, ``apply``,
``outcome``, ``scores``, ``parse_move``, ``format_move``, ``replay``, ``write_record``,
``random_game``) and lists the modules it has.
"""

"""The solo game: one player against the Scholar, an automated opponent (SOLO-*).

The Scholar sits at seat 1 of a 2-player board ([`SCHOLAR`][sankore_rules.sankore.state.SCHOLAR])
and never decides anything: each of its turns is a run of automatic steps of the decision
engine, registered here, that the engine carries out as soon as your turn ends. Every step logs
``scholar`` events saying what the Scholar did and why, with the clause it follows.

- ``common.py``: what every Scholar action shares: the anticlockwise order (SOLO-DISC), its
  Knowledge, its storage and bag, the Sankoré tiles it places and the rewards it takes.
- ``setup.py``: the solo setup and the Scholar's draft (SOLO-SET).
- ``turn.py``: the Scholar's turn, its three phases and its last turn (SOLO-FLOW, SOLO-PH1..3,
  SOLO-SANK-4).
- ``actions.py``: the actions a turn lists, each with its priorities (SOLO-BOOK, SOLO-ENRD,
  SOLO-ENRA, SOLO-EST, SOLO-PRES, SOLO-GRAD, SOLO-SANK).
- ``teach.py``: the Teach a Class that ends every turn, its placement priorities and the
  Supported Class bonuses (SOLO-TEACH, SOLO-SUP).
- ``scoring.py``: the final scores against the Scholar (SOLO-END).
- ``validity.py``: what a solo state read from outside must satisfy.

The rulings the Scholar follows where the texts leave a question open are in
``data/rulings.toml`` (AMB-31..AMB-39, SCHOLAR-1..).
"""

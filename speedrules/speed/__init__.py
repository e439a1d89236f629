"""Speed, the first game family: a hand and a draw stack per seat, starters and reserves in
the centre.  Its rules kernel (``kernel``, with the table's timing rules in ``timing``),
dealing and the layout rule (``dealing``, ``layout``), actions and their notation
(``actions``), the position notation (``position``), the log's wire form and its coding
(``wire``, ``coding``), the public ``Game`` (``game``) and the simulator's inner loop
(``playout``).

>>> from speedrules.speed.game import deal
>>> game = deal("speed", seed=1)
>>> game.reveal()
>>> [str(action) for action in game.legal_actions(0)]
['0:JC>1']
"""

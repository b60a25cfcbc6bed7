"""The three numbers every screen obeys, in logical pixels of the 800×480 screen (the 7"
display shows them 1:1, about 0.19 mm a pixel).

Text height means the *visible* height of a capital letter ("H"), not the number passed to
``pygame.font.Font(None, size)``: pygame's bundled font at size N draws capitals about
0.5·N px tall (measured with pygame-ce 2.5.8: size 24 → 12 px, 36 → 17 px, 38 → 19 px,
47 → 24 px). So text the table reads needs font size 47, other text size 37 or more; use
:func:`companion.ui.kit.text.read_size` and :func:`~companion.ui.kit.text.min_size` rather
than numbers. 24 px capitals are 4.6 mm, about 16 minutes of arc at one metre: the usual
legibility minimum for text read from across a table.
"""

MIN_TOUCH = 64  #: px, both ways: a fingertip on the 7" screen
READ_PX = 24    #: visible capital height of what players read from across the table
MIN_PX = 18     #: visible capital height of any other text

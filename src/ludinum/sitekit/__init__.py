"""What a game's part of the companion site is made of, below both the games and the site:
the page and print data model (:mod:`.model`) and the PDF document (:mod:`.document`).

Nothing here imports a game or the site: each game's ``site.py`` builds its pages and deck
from these types, its ``board.py`` draws on a :class:`~.document.Document`, and the site
gathers them from every game (``ludinum.games.parts``)."""

"""PDF documents of the site: diplomas, print-and-play decks and boards, debriefs.

Made with fpdf2; every document embeds the DejaVu Sans fonts shipped in
``ludinum/site/fonts`` (free licence, see ``LICENSE-DejaVu.txt``), so French accents,
« guillemets » and œ render the same on every printer.
"""

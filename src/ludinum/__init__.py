"""Ludinum: four French paper games about digital risks, as software.

Ludinum : quatre jeux de plateau sur les risques du numérique, en logiciel.
"""

__version__ = "0.1.0"

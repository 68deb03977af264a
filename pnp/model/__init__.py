"""Model: the game as data (game: sets, items, groups, views for templates), and the values
it is made of: colours, hexagons, sizes; the designer's statistics (stats) read it."""

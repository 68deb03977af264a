"""Layout: what a layout file says (reader: named boxes in mm, `extends`, each box kind's
settings as values; worked: the values a layout works out once per piece), and the fonts and
text fitting both the checks and the drawing measure with."""

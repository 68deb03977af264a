"""Load: a game's folder read safely (paths, files), its YAML with every node's position
(yamlload), checked against pnp's JSON Schemas and the game's own field declarations (schema,
fields), and made into the model (game)."""

"""Kit: the kit as data, before it is drawn: its pieces (each set's items in their layouts,
with backs, names and copies), its read-me-first, and the names of its files the exports link."""

"""Stage 2: problems as data. JSON Schema first, then what a schema cannot express."""

"""Stage 1: YAML to Python data, keeping every node's position; then data to the content model."""

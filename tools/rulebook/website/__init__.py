"""The MkDocs adapter: a plugin that runs the pipeline at build time. Only this package imports MkDocs."""

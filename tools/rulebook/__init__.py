"""Board-game rules as data: load → validate → render.

The pipeline is visible in the sub-packages: `load` turns YAML into the content model,
`validate` collects problems, `render` turns the model into Markdown, and `website` plugs the
renderer into MkDocs. The content model never imports MkDocs.
"""

"""The site's Content-Security-Policy: scripts and styles from the site itself and, by hash, the
inline scripts and <style> elements that the theme's templates ship; resources from the site only.
It is the last layer: were hostile markup ever to reach a page past the checks and the sanitizer,
the browser would still refuse to run or fetch it.

The hashes are read from the templates' sources, never from a finished page: a policy computed
from the page approves whatever reached the page, an injected script included. So one policy holds
for every page of a build, and a server can send it as a header (`_headers`, `rulebook serve`).
An inline script whose source holds Jinja varies by page and is never allowed: the theme makes
such scripts files (theme/partials/javascripts/base.html) or data (theme/main.html).
"""

from __future__ import annotations

import ast
import base64
import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

# Material's stylesheet draws icons with data: SVG masks; everything else comes from the site.
_POLICY = (
    "default-src 'self'; script-src 'self'{hashes}; style-src 'self'{styles}; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'"
)
# Browsers ignore frame-ancestors in a <meta> policy: only a header can refuse framing.
_HEADER_ONLY = "; frame-ancestors 'none'"
_JAVASCRIPT_TYPES = {"", "text/javascript", "application/javascript", "module"}

_SCRIPT = re.compile(r"<script(?P<attributes>[^>]*)>(?P<body>.*?)</script>", re.DOTALL | re.IGNORECASE)
_STYLE = re.compile(r"<style(?P<attributes>[^>]*)>(?P<body>.*?)</style>", re.DOTALL | re.IGNORECASE)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
_JINJA = re.compile(r"\{[{%#]")
_META_START = '<meta http-equiv="Content-Security-Policy" content="'


def inline_scripts(html: str) -> list[str]:
    """The text of each inline script a browser would run (not data, not a file's).

    >>> inline_scripts('<script>a=1</script><script type="application/json">{}</script><script src="a.js"></script>')
    ['a=1']
    """
    scripts = []
    for match in _SCRIPT.finditer(html):
        attributes = match["attributes"]
        kind = _TYPE.search(attributes)
        if "src=" not in attributes.lower() and (kind is None or kind[1].lower() in _JAVASCRIPT_TYPES):
            scripts.append(match["body"])
    return scripts


def inline_styles(html: str) -> list[str]:
    """The text of each <style> element (Zensical's language selector ships one; Material's none).

    >>> inline_styles('<style>a{color:red}</style><link rel="stylesheet" href="a.css">')
    ['a{color:red}']
    """
    return [match["body"] for match in _STYLE.finditer(html)]


def script_hash(script: str) -> str:
    """The CSP source expression that allows this inline script.

    >>> script_hash("var a=1")
    "'sha256-WazVQOu5lmXfSreSrMJd1CsaQ4c00fUQpJfBYCuMSIw='"
    """
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def theme_templates(theme_dirs: Iterable[str | Path]) -> dict[str, Path]:
    """Each HTML template by its name, from the first folder that has it, as the theme's Jinja
    loader finds it (a custom_dir and ours override Material's)."""
    found: dict[str, Path] = {}
    for folder in map(Path, theme_dirs):
        for path in sorted(folder.rglob("*.html")):
            found.setdefault(path.relative_to(folder).as_posix(), path)
    return found


def theme_script_hashes(theme_dirs: Iterable[str | Path]) -> tuple[str, ...]:
    """The hashes of the theme's constant inline scripts: those whose source holds no Jinja, so
    that every page renders them to these very bytes, whatever its content."""
    return _constant_hashes(theme_dirs, inline_scripts)


def theme_style_hashes(theme_dirs: Iterable[str | Path]) -> tuple[str, ...]:
    """The hashes of the theme's constant <style> elements, as of its scripts, and of the constant
    stylesheets its bundles insert as <style> elements (bundle_styles)."""
    folders = list(theme_dirs)
    bundled = {script_hash(style) for style in bundle_styles(folders)}
    return tuple(sorted(set(_constant_hashes(folders, inline_styles)) | bundled))


# Zensical's bundle (0.0.73) builds its search dialog's stylesheet as a <style> in a shadow root:
# `var Tc='…'; … C("style",{},Tc.toString())`. The bundle is a file of the site, which the policy
# runs anyway; its constant stylesheet is allowed by its hash, read from the bundle, not the page.
_BUNDLE_STYLE_USE = re.compile(r"""\(["']style["'],\{\},(?P<name>[\w$]+)\.toString\(\)\)""")
_BUNDLE_CONSTANT = r"""\b(?:var|let|const)\s+{name}\s*=\s*'(?P<text>(?:[^'\\\n]|\\.)*)'"""


def bundle_styles(theme_dirs: Iterable[str | Path]) -> list[str]:
    """The constant stylesheets the theme's bundles insert as <style> elements, by the pattern of
    Zensical's minified bundle; none in Material's.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     bundle = Path(folder, "assets", "javascripts", "bundle.1.min.js")
    ...     bundle.parent.mkdir(parents=True)
    ...     _ = bundle.write_text("var Tc='.u{a:b}';x(C('style',{},Tc.toString()))")
    ...     bundle_styles([folder])
    ['.u{a:b}']
    """
    styles = []
    for folder in map(Path, theme_dirs):
        for bundle in sorted((folder / "assets" / "javascripts").glob("bundle*.js")):
            source = bundle.read_text(encoding="utf-8", errors="replace")
            for use in _BUNDLE_STYLE_USE.finditer(source):
                constant = re.search(_BUNDLE_CONSTANT.format(name=re.escape(use["name"])), source)
                if constant:
                    styles.append(_javascript_string(constant["text"]))
    return styles


def _javascript_string(text: str) -> str:
    """A single-quoted JavaScript literal's value. Its common escapes are Python's too; one that is
    not (a hostile or a new bundle) leaves the text as it is: no hash, and the browser says so."""
    try:
        value = ast.literal_eval("'" + text + "'")
    except (ValueError, SyntaxError):
        return text
    return value if isinstance(value, str) else text


def _constant_hashes(theme_dirs: Iterable[str | Path], inline: Callable[[str], list[str]]) -> tuple[str, ...]:
    hashes = set()
    for template in theme_templates(theme_dirs).values():
        try:
            source = template.read_text(encoding="utf-8")
        except UnicodeDecodeError as error:  # a --theme-dir of `rulebook finish` is anyone's folder
            raise ValueError(f"{template}: a template that is not UTF-8 text ({error.reason})") from error
        for text in inline(source):
            if not _JINJA.search(text):
                hashes.add(script_hash(text))
    return tuple(sorted(hashes))


@dataclass(frozen=True)
class SitePolicy:
    """One build's policy: the same for every page."""

    hashes: tuple[str, ...]
    style_hashes: tuple[str, ...] = ()

    @classmethod
    def of_theme(cls, theme_dirs: Iterable[str | Path]) -> SitePolicy:
        folders = list(theme_dirs)
        return cls(theme_script_hashes(folders), theme_style_hashes(folders))

    @property
    def meta(self) -> str:
        """The policy as a page's <meta> states it, for hosts that send no header."""
        return _POLICY.format(
            hashes="".join(f" {digest}" for digest in self.hashes),
            styles="".join(f" {digest}" for digest in self.style_hashes),
        )

    @property
    def header(self) -> str:
        """The policy as a server sends it: the page's, and no framing by another site."""
        return self.meta + _HEADER_ONLY

    def on(self, page: str) -> str:
        """The page with the policy as the first element of <head>, so that it governs all that follows.
        Idempotent, as `rulebook finish` must be: a policy of ours already first in <head> is replaced
        (the theme may have changed since), and a page that states its own policy further on (the
        redirects of site_files.py) keeps it alone.

        >>> policy = SitePolicy(("'sha256-x'",))
        >>> page = policy.on("<html><head><title>t</title>")
        >>> page.startswith('<html><head><meta http-equiv="Content-Security-Policy"'), "src 'self' 'sha256-x';" in page
        (True, True)
        >>> policy.on(page) == page == policy.on(SitePolicy(("'sha256-y'",)).on("<html><head><title>t</title>"))
        True
        >>> own = '<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="x"></head>'
        >>> policy.on(own) == own
        True
        """
        head = page.find("<head>")
        if head < 0:
            return page
        start = head + len("<head>")
        end = page.find("</head>", start)
        if page.startswith(_META_START, start):
            after = page.index(">", start) + 1  # a policy's value holds no ">"
        elif _META_START in page[start : end if end >= 0 else len(page)]:
            return page
        else:
            after = start
        return page[:start] + f'{_META_START}{self.meta}">' + page[after:]

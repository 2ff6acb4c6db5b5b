"""The persistent cache's entries are data (rulebook/cache/store.py, rulebook/cache/codecs.py): whatever
bytes an entry holds, reading it runs no code, and an entry that is forged, corrupted or not what
its codec writes is a miss: the work is done again, the check finds what an uncached one finds, and
the entry is written anew."""

from __future__ import annotations

import ast
import contextlib
import json
import math
import os
import pickle
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import ROOT, edit, run_cli
from rulebook.cache import store as cache
from rulebook.cache.codecs import PAGE_DIGESTS, PASSED, PROBLEMS, READ, Codec
from rulebook.load.project import forget_read_files
from rulebook.located.document import Document, parse_document
from rulebook.problems import Problem, Severity

PACKAGE = ROOT / "tools" / "rulebook"
# The modules that make objects, and so run code, from bytes: none may read the cache, or anything.
CODE_LOADERS = {"pickle", "_pickle", "marshal", "shelve", "dill", "cloudpickle", "jsonpickle", "joblib"}


@pytest.fixture
def home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This user's cache folder, where the signing key lives: outside every project."""
    folder = tmp_path_factory.mktemp("home-cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    monkeypatch.setenv("RULEBOOK_CACHE", "1")
    return folder


def _signed(home: Path, key: str, payload: bytes, secret: bytes | None = None) -> bytes:
    """An entry as the toolkit writes it, signed with this user's key unless another is given."""
    secret = secret or (home / "rulebook" / "secret").read_bytes()
    return cache._signature(secret, key, payload) + payload


class _Gadget:
    """A pickle that, if ever unpickled, creates `path`: what a forged entry ran on main."""

    def __init__(self, path: Path):
        self.path = path

    def __reduce__(self):
        return (open, (str(self.path), "w"))


def _forged_document(path: Path) -> bytes:
    # A words file that says nothing: its problems, and the game's, would go unseen.
    return json.dumps(["documents", 1, [[path.name, {"language": "fr", "units": {}}, "", None], []]]).encode()


def _next_version(payload: bytes) -> bytes:
    """The entry as the codec's next version would label it: `["checks",2,…` becomes `["checks",3,…`."""
    kind, rest = payload.split(b",", 1)
    version, rest = rest.split(b",", 1)
    return b",".join([kind, str(int(version) + 1).encode(), rest])


# Each way an entry can be bad, as (name, the entry's bytes from its file and its honest bytes).
BAD_ENTRIES: dict[str, Callable[[Path, Path, bytes], bytes]] = {
    # Valid JSON saying a words file is empty, or that a text set has no problems, signed on
    # another machine (a contributor who committed their .cache with `git add -f`).
    "forged document": lambda home, path, honest: _signed(home, path.name, _forged_document(path), os.urandom(32)),
    "forged problems": lambda home, path, honest: _signed(home, path.name, b'["checks",1,[]]', os.urandom(32)),
    "unsigned": lambda home, path, honest: honest[32:],
    "truncated": lambda home, path, honest: honest[: len(honest) // 2],
    "shorter than a signature": lambda home, path, honest: honest[:7],
    "empty": lambda home, path, honest: b"",
    "random bytes": lambda home, path, honest: os.urandom(len(honest)),
    # Signed with this user's key, yet not what the codec writes: another version, another kind,
    # a field of the wrong type, not JSON at all.
    "another version": lambda home, path, honest: _signed(home, path.name, _next_version(honest[32:])),
    "another kind": lambda home, path, honest: _signed(home, path.name, b'["pages",1,{}]'),
    "wrong field type": lambda home, path, honest: _signed(
        home,
        path.name,
        b'["documents",1,[["f.yaml",{},7,null],[]]]' if "documents" in str(path) else b'["checks",1,[[1]]]',
    ),
    "bad utf-8": lambda home, path, honest: _signed(home, path.name, b'["checks",1,["\xff"]]'),
    # The red team's entry: a pickle signed with the leaked key, whose loading creates a file.
    "pickle gadget": lambda home, path, honest: _signed(
        home, path.name, pickle.dumps(_Gadget(path.parents[4] / "gadget-ran"))
    ),
}


def _entries(project: Path, kind: str) -> dict[Path, bytes]:
    return {
        path: path.read_bytes() for path in sorted((project / ".cache/rulebook" / kind).rglob("*")) if path.is_file()
    }


CATALOG = "locales/fr/LC_MESSAGES/messages.po"


def _check(capsys: pytest.CaptureFixture[str], project: Path) -> tuple[int, str]:
    """`rulebook check` as a new process runs it: documents read by this one are forgotten, which it
    would look for before the cache's entries. The UI catalogs it judged are not: the check asks the
    cache first and judges a catalog (reading it again costs 80 ms) only when its entry is a miss."""
    forget_read_files()
    return run_cli(capsys, "--root", str(project), "check")[:2]


@pytest.mark.parametrize("kind", ["documents", "checks", "catalogs"])
@pytest.mark.parametrize("bad", list(BAD_ENTRIES))
def test_a_bad_entry_is_a_miss_and_is_written_anew(
    small_project: Path, home: Path, capsys, monkeypatch, kind, bad
) -> None:
    # Problems in a words file and in a game's captions, which a bad entry could hide, and a file
    # that cannot be parsed, whose problems are kept in the cache too. The small project has no cache.
    edit(small_project, "rules/alpha/fr.yaml", "language: fr", "language: cs")
    edit(small_project, "rules/beta/cs.yaml", "language: cs", "language: [cs")
    edit(small_project, "rules/alpha/en.yaml", "The game is for", "The game <script>x</script> is for")
    edit(small_project, CATALOG, 'msgstr "Exemple"', 'msgstr "Exemple <script>x</script>"')  # a UI catalog's
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    uncached = _check(capsys, small_project)
    assert uncached[0] == 1 and all(f"rules/{file}" in uncached[1] for file in ("alpha/fr", "beta/cs", "alpha/en"))
    assert f"{CATALOG}:" in uncached[1]
    monkeypatch.setenv("RULEBOOK_CACHE", "1")
    assert _check(capsys, small_project) == uncached
    honest = _entries(small_project, kind)
    assert honest, f"the first check fills {kind}"
    if kind == "documents":
        read = [cache.DiskCache(small_project, kind, READ).get(path.name) for path in honest]
        assert any(document is None and "beta/cs.yaml" in str(found) for document, found in filter(None, read))
    planted = {path: BAD_ENTRIES[bad](home, path, entry) for path, entry in honest.items()}
    for path, entry in planted.items():
        path.write_bytes(entry)
    if kind == "documents":
        # The games' problems are worked out again, so that every document is read again: with
        # them cached, the documents only those checks read (the editions' snapshots) are not.
        shutil.rmtree(small_project / ".cache/rulebook/checks")

    assert _check(capsys, small_project) == uncached
    assert not (small_project / "gadget-ran").exists(), "the pickle was loaded"
    rewritten = _entries(small_project, kind)
    assert rewritten.keys() == planted.keys()
    for path, entry in rewritten.items():
        assert entry != planted[path], f"{path.name} was not written anew"
        assert json.loads(entry[32:])[0] == kind
    assert _check(capsys, small_project) == uncached, "the new entries are right"


def test_no_module_of_the_toolkit_imports_a_loader_of_code() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                "__import__",
                "import_module",
            ):
                names = [arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
            found += [
                f"{path.relative_to(PACKAGE)}:{node.lineno}: {name}"
                for name in names
                if name.split(".")[0] in CODE_LOADERS
            ]
    assert not found


def test_a_signing_key_inside_the_project_is_never_made_nor_used(small_project: Path, capsys, monkeypatch) -> None:
    # A CI that keeps its caches in the workspace: the key would sit where a site or a commit publishes it.
    monkeypatch.setenv("XDG_CACHE_HOME", str(small_project / ".cache"))
    monkeypatch.setenv("RULEBOOK_CACHE", "1")
    assert run_cli(capsys, "--root", str(small_project), "check")[0] == 0
    assert not (small_project / ".cache/rulebook/secret").exists()
    assert not (small_project / ".cache/rulebook/documents").exists(), "no key, no cache"


def test_the_signing_key_is_the_users_alone(tmp_path: Path, home: Path) -> None:
    cache.DiskCache(tmp_path, "checks", PROBLEMS).put("ab" + "0" * 62, [])
    assert (home / "rulebook/secret").stat().st_mode & 0o077 == 0


@contextlib.contextmanager
def _user_cache(folder: Path) -> Iterator[Path]:
    """XDG_CACHE_HOME for a property's examples (monkeypatch is one per test, not per example)."""
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(folder)
    try:
        yield folder
    finally:
        if before is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = before


_ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=8)  # lone surrogates too
_KEYS = st.text(max_size=6)
# Everything the YAML reader gives: JSON's types, with integers of any size, every float but NaN
# (never equal to itself: tested apart) and strings with lone surrogates ("\ud800" in YAML).
_DATA = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**300), max_value=10**300)
    | st.floats(allow_nan=False)
    | _ANY_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=12,
)
_PROBLEMS = st.lists(
    st.builds(Problem, _ANY_TEXT, st.integers(0, 10**6), st.integers(0, 10**6), st.text(), st.sampled_from(Severity)),
    max_size=4,
)


def _round_trip(codec: Codec, value: object, kind: str, root: Path) -> object:
    disk = cache.DiskCache(root, kind, codec)
    key = cache.digest_of([kind, repr(value)])
    disk.put(key, value)
    return disk.get(key)


@pytest.mark.fuzz
@given(data=_DATA, text=st.none() | _ANY_TEXT, problems=_PROBLEMS)
def test_a_read_file_comes_back_as_it_went(tmp_path_factory, data, text, problems) -> None:
    root = tmp_path_factory.mktemp("p", numbered=True)
    with _user_cache(tmp_path_factory.getbasetemp() / "home-cache"):
        positions = ({(): (1, 1), ("a", 0): (2, 3)}, {("a",): (2, 1)}) if text is None else None
        document = Document("rules/x/fr.yaml", data, text=text, positions=positions)
        back = _round_trip(READ, (document, problems), "documents", root)
        assert back is not None
        assert back[0] == document and back[0].text == text and back[1] == problems
        assert [problem.severity for problem in back[1]] == [problem.severity for problem in problems]
        if text is None:
            assert back[0].positions == positions
        assert _round_trip(READ, (None, problems), "documents", root) == (None, problems)


def test_numbers_the_json_grammar_lacks_come_back(tmp_path: Path, home: Path) -> None:
    document = Document("x.yaml", {"a": [math.inf, -math.inf, -0.0, 10**4000]}, text="a: [.inf]\n")
    back = _round_trip(READ, (document, []), "documents", tmp_path)
    assert back is not None and back[0] == document
    assert math.copysign(1, back[0].data["a"][2]) == -1
    nan = _round_trip(READ, (Document("x.yaml", [math.nan], text=""), []), "documents", tmp_path)
    assert nan is not None and math.isnan(nan[0].data[0])


def test_a_cached_document_finds_its_positions_in_its_text(tmp_path: Path, home: Path) -> None:
    document = parse_document(b"language: fr\nunits:\n  summary:\n    text: Bonjour\n", "rules/x/fr.yaml")
    back = _round_trip(READ, (document, []), "documents", tmp_path)
    assert back is not None
    assert back[0].where(("units", "summary", "text")) == (4, 11)
    assert back[0].where(("units",), key=True) == (2, 1)


def test_page_digests_come_back(tmp_path: Path, home: Path) -> None:
    pages = {"en/alpha.md": bytes(range(32)), "fr/alpha.md": b"\xff" * 32}
    assert _round_trip(PAGE_DIGESTS, pages, "pages", tmp_path) == pages


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=20,
)


KINDS = [
    ("documents", READ, tuple),
    ("checks", PROBLEMS, list),
    ("pages", PAGE_DIGESTS, dict),
    ("schemas", PASSED, bool),
]
_EXAMPLES = {
    "schemas": True,
    "documents": (None, [Problem("f.yaml", 1, 2, "m")]),
    "checks": [Problem("f.yaml", 1, 2, "m", Severity.WARNING)],
    "pages": {"a.md": b"\0" * 32},
}


@pytest.mark.fuzz
@given(value=JSON_VALUES, raw=st.binary(max_size=64))
def test_any_signed_entry_is_read_or_missed_never_a_crash(tmp_path_factory, value, raw) -> None:
    """Even under this user's key, whatever JSON or bytes an entry holds gives a value of its kind or
    a miss."""
    root = tmp_path_factory.mktemp("p", numbered=True)
    with _user_cache(tmp_path_factory.getbasetemp() / "home-cache") as home:
        for kind, codec, wanted in KINDS:
            disk = cache.DiskCache(root, kind, codec)
            disk.put("00" * 32, _EXAMPLES[kind])  # makes the key and the entry's folder
            assert disk.get("00" * 32) == _EXAMPLES[kind]
            for payload in (json.dumps([kind, 1, value]).encode(), json.dumps(value).encode(), raw):
                (root / ".cache/rulebook" / kind / "00" / ("00" * 32)).write_bytes(_signed(home, "00" * 32, payload))
                found = disk.get("00" * 32)
                assert found is None or isinstance(found, wanted)

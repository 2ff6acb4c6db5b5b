"""Checks of glossary/terms.yaml beyond its schema: the whole terms translators see (`terms`) and
the stems `rulebook check` matches agree, so that the TBX never offers a term the check would refuse
or miss.

Each whole term is matched by one of its language's stems of the same standing: a preferred term
by a preferred stem (for English, by `en`), a deprecated one by a forbidden stem; and a language
with stems has whole terms.
"""

from __future__ import annotations

from rulebook.located.document import Document
from rulebook.model import Project, Term
from rulebook.problem_codes import Message
from rulebook.problems import Problem, cut
from rulebook.validate.qa import _pattern as stem_pattern

CHECK_COMMAND = "`rulebook check`"  # quoted, as interface words hold no markup


def term_problems(project: Project, document: Document) -> list[Problem]:
    problems = []
    for term in project.terms:
        for language in sorted({project.source_language, *term.preferred} - set(term.preferred_terms)):
            where = ("terms", term.index, "terms")
            missing = Message("term.no-whole-terms", {"language": language}, {"term": cut(term.id)})
            problems.append(document.problem(where, missing, field=f"terms.{term.index}.terms"))
        for language in term.preferred_terms:
            for standing, terms, stems in _standings(term, language, project.source_language):
                for position, whole in enumerate(terms):
                    if not stems or not stem_pattern(stems).fullmatch(whole):
                        where = f"terms.{term.index}.terms.{language}.{standing}.{position}"
                        path = ("terms", term.index, "terms", language, standing, position)
                        stem_key = "en" if language == project.source_language else f"{language}.{_stem_key(standing)}"
                        quoted = {
                            "term": cut(whole),
                            "stems": f"terms.{term.index}.{stem_key}",
                            "command": CHECK_COMMAND,
                        }
                        unmatched = Message("term.no-stem", {"language": language}, quoted)
                        problems.append(document.problem(path, unmatched, field=where))
    return problems


def _standings(term: Term, language: str, source: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """(key, whole terms, the stems that must match them) for preferred and deprecated terms."""
    preferred = term.english if language == source else term.preferred.get(language, ())
    forbidden = term.forbidden.get(language, ())  # the English's own, when it must avoid a word
    return [
        ("preferred", term.preferred_terms[language], preferred),
        ("deprecated", term.deprecated_terms.get(language, ()), forbidden),
    ]


def _stem_key(standing: str) -> str:
    return "preferred" if standing == "preferred" else "forbidden"

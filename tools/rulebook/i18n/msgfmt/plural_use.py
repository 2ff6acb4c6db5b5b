"""Which plural forms a catalog's rule chooses for many n: msgfmt checks such a form's format
directives strictly (all of the msgid_plural's arguments), and a form chosen for a few n only
(Czech's `1 bod`) may leave an argument out."""

from __future__ import annotations

import gettext

from babel.messages.catalog import Catalog

OFTEN = 5  # chosen this many times for n = 0 to 1000: as if for infinitely many n, as msgfmt counts
GERMANIC = (False, True)  # gettext's rule without Plural-Forms, n != 1: form 1 for many n


def often_chosen(catalog: Catalog, declared: bool) -> tuple[bool, ...] | None:
    """For each form, whether the rule chooses it for many n; None when the rule cannot say.

    >>> often_chosen(Catalog(locale="cs"), True)
    (False, False, True)
    """
    if not declared:
        return GERMANIC
    try:
        rule = gettext.c2py(catalog.plural_expr.strip().rstrip(";").strip())
        chosen = [rule(n) for n in range(1001)]
    except (ValueError, ArithmeticError, RecursionError):
        return None
    return tuple(chosen.count(form) >= OFTEN for form in range(catalog.num_plurals))

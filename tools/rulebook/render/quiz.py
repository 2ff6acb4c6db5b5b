"""Each game's rules quiz, `<game>/quiz/` in every language: the questions of render/quiz_questions.py,
each with its answer hidden until the reader checks theirs (theme/assets/javascripts/quiz.js).

The page is Markdown like the others, so that every fragment passes the sanitizer; the expected
answers are data attributes that only the script reads. Its words are UI strings; the situations
are the calculator form's words, and the rulings' texts come from the page language's words file.
"""

from __future__ import annotations

from rulebook.model import Game
from rulebook.render.context import PageContext
from rulebook.render.markup import attribute, emphasis, front_matter, literal
from rulebook.render.quiz_questions import ChoiceQuestion, Question, ScoreQuestion, quiz_questions
from rulebook.render.referee import breakdown, ruling_mark
from rulebook.scoring.given import Given


def page_path(game: Game) -> str:
    return f"{game.id}/quiz.md"


def has_quiz(context: PageContext, game: Game) -> bool:
    return bool(quiz_questions(game, context.project.root))


def quiz_page(context: PageContext, game: Game) -> str:
    _ = context._
    questions = quiz_questions(game, context.project.root)
    title = _("{game}: rules quiz").format(game=game.name)
    intro = context.ngettext(
        "{n} question made from the worked examples and the referee notes. Answer, then check: the "
        "answer comes with its breakdown and the rules it rests on.",
        "{n} questions made from the worked examples and the referee notes. Answer each one, then "
        "check: the answer comes with its breakdown and the rules it rests on.",
        len(questions),
    ).format(n=len(questions))
    # Out of search: a player asking "qui commence" wants the rule, not the question that tests it.
    lines = [*front_matter(title, intro, searched=False), f"# {literal(title)}", "", intro, ""]
    for number, question in enumerate(questions, 1):
        heading = _("Question {n}").format(n=number)
        lines += [f"## {heading} {{ #{question.anchor} data-search-exclude }}", ""]
        if isinstance(question, ScoreQuestion):
            lines.append('<div class="rb-quiz" data-search-exclude markdown>')
            lines += _score_question(context, number, question)
        else:
            # A choice's answer is its position; a score question's are on its fields.
            lines.append(f'<div class="rb-quiz" data-answer="{question.right}" data-search-exclude markdown>')
            lines += _choice_question(context, game, number, question)
        lines += _checking(context, game, number, question)
        lines += ["</div>", ""]
    return "\n".join(lines) + "\n"


def _score_question(context: PageContext, number: int, question: ScoreQuestion) -> list[str]:
    _ = context._
    situation = _("Question {n}: the situation").format(n=number)
    # TRANSLATORS: column heading of a quiz's situation table: what the calculator's form asks for.
    field = _("Field")
    # TRANSLATORS: column heading of a quiz's situation table: the number (or choice) in that field.
    value = _("Value")
    lines = ["", f"**{situation}**", "", f"| {field} | {value} |", "|---|---|"]
    lines += [f"| {_given_label(context, given)} | {_given_value(context, given)} |" for given in question.given]
    lines.append("")
    players = question.answers[0][0] is not None
    ask = _("What is each player's final score?") if players else _("What is the score?")
    legend = _("Your answer to question {n}").format(n=number)
    lines += [ask, "", '<fieldset class="rb-quiz__fields" markdown>', f"<legend>{attribute(legend)}</legend>", ""]
    for index, (player, expected) in enumerate(question.answers):
        # TRANSLATORS: the label of the quiz's one answer field, a number of points.
        label = literal(player) if player is not None else _("Points")
        field_id = f"quiz-{number}-{index}"
        lines += [
            f'<label for="{field_id}">{label}</label> '
            f'<input type="text" inputmode="numeric" autocomplete="off" id="{field_id}" data-answer="{expected}">',
            "",
        ]
    lines += ["</fieldset>", ""]
    return lines


def _choice_question(context: PageContext, game: Game, number: int, question: ChoiceQuestion) -> list[str]:
    _ = context._
    legend = _("Your answer to question {n}").format(n=number)
    lines = ["", f"**{context.text(game, question.ruling.unit_ids[0])}**", ""]
    lines += ['<fieldset class="rb-quiz__choices" markdown>', f"<legend>{attribute(legend)}</legend>", ""]
    for index, choice in enumerate(question.choices):
        choice_id = f"quiz-{number}-{index}"
        answer = context.text(game, choice.unit_ids[1])
        lines += [
            f'<input type="radio" name="quiz-{number}" id="{choice_id}" value="{index}"> '
            f'<label for="{choice_id}">{answer}</label>',
            "",
        ]
    lines += ["</fieldset>", ""]
    return lines


def _checking(context: PageContext, game: Game, number: int, question: Question) -> list[str]:
    """The check button, the spoken verdict, and the answer the script shows once the reader checks."""
    _ = context._
    # TRANSLATORS: the quiz's button that compares the reader's answer with the rules' (a verb).
    check = _("Check my answer")
    # TRANSLATORS: the quiz's verdict when the reader's answer is the rules' answer.
    right = _("Right.")
    wrong = _("Not this time: the answer is below.")
    empty = _("Answer the question first.")
    lines = [
        f'<p><button type="button" class="rb-quiz__check" hidden>{attribute(check)}</button> '
        f'<output id="quiz-{number}-verdict" aria-live="polite"></output></p>',
        f'<p class="rb-quiz__right" hidden>{attribute(right)}</p>',
        f'<p class="rb-quiz__wrong" hidden>{attribute(wrong)}</p>',
        f'<p class="rb-quiz__empty" hidden>{attribute(empty)}</p>',
        "",
        '<div class="rb-quiz__answer" hidden markdown>',
        "",
    ]
    if isinstance(question, ScoreQuestion):
        lines += _score_answer(context, game, number, question)
    else:
        lines += _choice_answer(context, game, question)
    return [*lines, "</div>", ""]


def _score_answer(context: PageContext, game: Game, number: int, question: ScoreQuestion) -> list[str]:
    _ = context._
    heading = _("Question {n}: the answer").format(n=number)
    # TRANSLATORS: in the quiz, the link to the worked example a question was made from.
    example = _("The worked example on the rules page")
    concerns = _("Concerns:")
    return [
        f"**{heading}**",
        "",
        *breakdown(context, question.outcome),
        context.text(game, question.example.unit_id),
        "",
        f"{concerns} {_rule_links(game, question.example.rules)} · [{example}](../{game.id}.md#{question.anchor})",
        "",
    ]


def _choice_answer(context: PageContext, game: Game, question: ChoiceQuestion) -> list[str]:
    _ = context._
    ruling = question.ruling
    # TRANSLATORS: in the quiz, the link to the referee note a question was made from.
    note = _("The referee note on the rules page")
    concerns, why = _("Concerns:"), _("Why:")
    return [
        f'<span class="rb-badge rb-badge--ruling">{attribute(ruling_mark(context, ruling))}</span>',
        "",
        context.text(game, ruling.unit_ids[1]),
        "",
        f"{emphasis(why)} {context.text(game, ruling.unit_ids[2])}",
        "",
        f"{concerns} {_rule_links(game, ruling.rules)} · [{note}](../{game.id}.md#{question.anchor})",
        "",
    ]


def _rule_links(game: Game, rule_ids: tuple[str, ...]) -> str:
    links = []
    for rule_id in rule_ids:
        rule = game.rule(rule_id)
        if rule is not None:
            links.append(f"[{literal(game.citation(rule))}](../{game.id}.md#{rule.id})")
    return ", ".join(links)


def _given_label(context: PageContext, given: Given) -> str:
    label = context._(given.label).format(**{key: literal(str(value)) for key, value in given.params.items()})
    if given.group is None:
        return label
    group = given.group if given.group == "{player}" else context._(given.group)
    return f"{group.format(**{key: literal(str(value)) for key, value in given.group_params.items()})} · {label}"


def _given_value(context: PageContext, given: Given) -> str:
    return context._(str(given.value)) if given.word else literal(str(given.value))

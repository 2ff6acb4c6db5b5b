"""Each game's rules quiz, `<game>/quiz/` in every language: the questions of render/quiz_questions.py,
each with what its answer needs shown first (the situation, the facts, the rulings), then its answer
hidden until the reader checks theirs, a Next button, and the score at the end
(theme/assets/javascripts/quiz.js).

The page is Markdown like the others, so that every fragment passes the sanitizer; the right choice
is a data attribute that only the script reads. Its words are UI strings; the situations are the
calculator form's words, and the rules' and rulings' texts come from the page language's words file.
"""

from __future__ import annotations

from rulebook.markup.escaping import attribute, emphasis, front_matter, literal
from rulebook.model import Game, Ruling
from rulebook.render.context import PageContext
from rulebook.render.quiz_distractors import Choice
from rulebook.render.quiz_needs import Fact, Needs
from rulebook.render.quiz_questions import OpenQuestion, ScoreQuestion, quiz_questions
from rulebook.render.referee import breakdown, ruling_mark
from rulebook.scoring.given import Given
from rulebook.scoring.outcome import Line
from rulebook.scoring.summary import label_words
from rulebook.text import placeholders

SCORE_ANCHOR = "quiz-score"


def page_path(game: Game) -> str:
    return f"{game.id}/quiz.md"


def has_quiz(context: PageContext, game: Game) -> bool:
    return bool(quiz_questions(game, context.project.root))


def quiz_page(context: PageContext, game: Game) -> str:
    _ = context._
    questions = quiz_questions(game, context.project.root)
    title = _("{game}: rules quiz").format(game=game.name)
    intro = context.ngettext(
        "{n} question made from the worked examples and the referee notes. Each shows what its answer "
        "needs; answer, then check: the answer comes with its breakdown and the rules it rests on.",
        "{n} questions made from the worked examples and the referee notes. Each shows what its answer "
        "needs; answer, then check: the answer comes with its breakdown and the rules it rests on.",
        len(questions),
    ).format(n=len(questions))
    # Out of search: a player asking "qui commence" wants the rule, not the question that tests it.
    lines = [*front_matter(title, intro, searched=False), f"# {literal(title)}", "", intro, ""]
    for number, question in enumerate(questions, 1):
        heading = _("Question {n}").format(n=number)
        lines += [f"## {heading} {{ #{question.anchor} data-search-exclude }}", ""]
        if isinstance(question, ScoreQuestion):
            # A choice's answer is its position, which only the script reads.
            lines.append(f'<div class="rb-quiz" data-answer="{question.right}" data-search-exclude markdown>')
            lines += _score_question(context, game, number, question)
        else:
            lines.append('<div class="rb-quiz rb-quiz--open" data-search-exclude markdown>')
            lines += _open_question(context, game, number, question)
        lines += _next(context, last=number == len(questions))
        lines += ["</div>", ""]
    return "\n".join([*lines, *_score(context, len(questions))]) + "\n"


def _score_question(context: PageContext, game: Game, number: int, question: ScoreQuestion) -> list[str]:
    _ = context._
    situation = _("Question {n}: the situation").format(n=number)
    # TRANSLATORS: column heading of a quiz's situation table: what the calculator's form asks for.
    field = _("Given")
    # TRANSLATORS: column heading of a quiz's situation table: the number (or choice) in that field.
    value = _("Value")
    lines = ["", f"**{situation}**", "", f"| {field} | {value} |", "|---|---|"]
    lines += [f"| {_given_label(context, given)} | {_given_value(context, given)} |" for given in question.given]
    lines += ["", *_needs(context, game, number, question.needs)]
    players = question.choices[0].answers[0][0] is not None
    ask = _("What is each player's final score?") if players else _("What is the score?")
    legend = _("Your answer to question {n}").format(n=number)
    lines += [f"**{ask}**", "", '<fieldset class="rb-quiz__choices" markdown>', f"<legend>{attribute(legend)}</legend>"]
    lines.append("")
    for index, choice in enumerate(question.choices):
        choice_id = f"quiz-{number}-{index}"
        lines += [
            f'<input type="radio" name="quiz-{number}" id="{choice_id}" value="{index}"> '
            f'<label for="{choice_id}">{_choice_label(context, choice)}</label>',
            "",
        ]
    lines += ["</fieldset>", "", *_checking(context, number)]
    lines += ['<div class="rb-quiz__answer" hidden markdown>', "", *_score_answer(context, game, number, question)]
    return [*lines, "</div>", ""]


def _needs(context: PageContext, game: Game, number: int, needs: Needs) -> list[str]:
    """What the answer rests on, shown before it: the game's numbers, the rules, the rulings."""
    _ = context._
    needed = _("Question {n}: what the answer needs").format(n=number)
    rules, rulings = _("The rules:"), _("The referee notes:")
    lines = [f"**{needed}**", ""]
    if needs.facts:
        # TRANSLATORS: column heading of a quiz's table of the game's numbers that a question needs.
        fact = _("The game's number")
        value = _("Value")
        # TRANSLATORS: column heading of a quiz's table of numbers: the rule or referee note that gives each.
        source = _("From")
        lines += [f"| {fact} | {value} | {source} |", "|---|---|---|"]
        lines += [
            f"| {_(item.label)} | {_fact_value(context, item)} | {_fact_source(game, item)} |" for item in needs.facts
        ]
        lines.append("")
    if needs.rules:
        lines += [f"{emphasis(rules)} {_rule_links(game, needs.rules)}", ""]
    if needs.rulings:
        lines += [emphasis(rulings), ""]
        lines += [_ruling_line(context, game, ruling) for ruling in needs.rulings]
        lines.append("")
    return lines


def _ruling_line(context: PageContext, game: Game, ruling: Ruling) -> str:
    question, answer = context.text(game, ruling.unit_ids[0]), context.text(game, ruling.unit_ids[1])
    return f"- [{question}](../{game.id}.md#ruling-{ruling.id}) {answer}"


def _fact_value(context: PageContext, fact: Fact) -> str:
    return literal(placeholders.format_value(fact.value, context.language))


def _fact_source(game: Game, fact: Fact) -> str:
    links = [_rule_links(game, fact.rules)] if fact.rules else []
    links += [_ruling_link(game, ruling_id) for ruling_id in fact.rulings]
    return ", ".join(links)


def _ruling_link(game: Game, ruling_id: str) -> str:
    # Its id, as the examples' notes name a ruling: its question would crowd a table on a phone.
    return f"[`{ruling_id}`](../{game.id}.md#ruling-{ruling_id})"


def _choice_label(context: PageContext, choice: Choice) -> str:
    if choice.answers[0][0] is None:
        value = choice.answers[0][1]
        return context.ngettext("{n} point", "{n} points", abs(value)).format(n=value)
    return " · ".join(f"{literal(str(player))} {value}" for player, value in choice.answers)


def _checking(context: PageContext, number: int) -> list[str]:
    """The check button, the spoken verdict, and its words, which the script takes from the page."""
    _ = context._
    # TRANSLATORS: the quiz's button that compares the reader's answer with the rules' (a verb).
    check = _("Check my answer")
    # TRANSLATORS: the quiz's verdict when the reader's answer is the rules' answer.
    right = _("Right.")
    wrong = _("Not this time: the answer is below.")
    empty = _("Answer the question first.")
    return [
        f'<p><button type="button" class="rb-quiz__check" hidden>{attribute(check)}</button> '
        f'<output id="quiz-{number}-verdict" aria-live="polite"></output></p>',
        f'<p class="rb-quiz__right" hidden>{attribute(right)}</p>',
        f'<p class="rb-quiz__wrong" hidden>{attribute(wrong)}</p>',
        f'<p class="rb-quiz__empty" hidden>{attribute(empty)}</p>',
        "",
    ]


def _score_answer(context: PageContext, game: Game, number: int, question: ScoreQuestion) -> list[str]:
    _ = context._
    heading = _("Question {n}: the answer").format(n=number)
    # TRANSLATORS: in the quiz, the link to the worked example a question was made from.
    example = _("The worked example on the rules page")
    lines = [f"**{heading}**", "", *breakdown(context, question.outcome), context.text(game, question.example.unit_id)]
    lines.append("")
    wrong = [choice for choice in question.choices if choice.mistake is not None]
    if wrong:
        lines += [emphasis(_("The other choices:")), ""]
    for choice in wrong:
        assert choice.mistake is not None
        steps = " · ".join(_step(context, line) for line in choice.outcome.lines)
        rule = _rule_links(game, (choice.mistake.rule,))
        # The catalog's colon: French puts a no-break space before it.
        said = context._("{step}: {computation}").format(
            step=f"**{_choice_label(context, choice)}**", computation=f"{_(choice.mistake.words)} ({rule}) {steps}"
        )
        lines.append(f"- {said}")
    if wrong:
        lines.append("")
    rests = _rests_on(context, game, question.needs)
    return [*lines, f"{rests} · [{example}](../{game.id}.md#{question.anchor})", ""]


def _step(context: PageContext, line: Line) -> str:
    label = label_words(line, context._, context.ngettext)
    params = {key: literal(str(value)) for key, value in line.params.items()}
    return context._("{step}: {computation}").format(step=label.format(**params), computation=literal(line.formula))


def _rests_on(context: PageContext, game: Game, needs: Needs) -> str:
    # TRANSLATORS: in the quiz's answer, before the links to the rules and referee notes it rests on.
    links = [_rule_links(game, needs.rules)] if needs.rules else []
    links += [_ruling_link(game, ruling.id) for ruling in needs.rulings]
    return f"{context._('Rests on:')} {', '.join(links)}"


def _open_question(context: PageContext, game: Game, number: int, question: OpenQuestion) -> list[str]:
    """A ruling's question: the rules it concerns quoted, the answer shown on request, self-marked."""
    _ = context._
    ruling = question.ruling
    needed = _("Question {n}: what the answer needs").format(n=number)
    lines = ["", f"**{context.text(game, ruling.unit_ids[0])}**", "", f"**{needed}**", ""]
    for rule_id in question.needs.rules:
        rule = game.rule(rule_id)
        if rule is not None:
            # Each line quoted: a rule's text may hold a list or several paragraphs.
            text = context.text(game, f"rule.{rule_id}").splitlines()
            lines += [f"> {_rule_links(game, (rule_id,))}", ">", *(f"> {line}".rstrip() for line in text), ""]
    if question.needs.rulings:
        lines += [emphasis(_("The referee notes:")), ""]
        lines += [_ruling_line(context, game, other) for other in question.needs.rulings]
        lines.append("")
    # TRANSLATORS: the quiz's button that shows a ruling's answer, which the reader answered in their head.
    show = _("Show the answer")
    # TRANSLATORS: the quiz asks readers to mark their own answer to a question with words for an answer.
    marking = _("Did you have it right?")
    yes, no = _("I had it right"), _("I had it wrong")
    note = _("The referee note on the rules page")
    why, concerns = _("Why:"), _("Concerns:")
    return [
        *lines,
        f'<p><button type="button" class="rb-quiz__show" hidden>{attribute(show)}</button></p>',
        "",
        '<div class="rb-quiz__answer" hidden markdown>',
        "",
        f'<span class="rb-badge rb-badge--ruling">{attribute(ruling_mark(context, ruling))}</span>',
        "",
        context.text(game, ruling.unit_ids[1]),
        "",
        f"{emphasis(why)} {context.text(game, ruling.unit_ids[2])}",
        "",
        f"{concerns} {_rule_links(game, ruling.rules)} · [{note}](../{game.id}.md#{question.anchor})",
        "",
        f'<p class="rb-quiz__marking">{attribute(marking)} '
        f'<button type="button" class="rb-quiz__mark" value="right">{attribute(yes)}</button> '
        f'<button type="button" class="rb-quiz__mark" value="wrong">{attribute(no)}</button></p>',
        "",
        "</div>",
        "",
    ]


def _next(context: PageContext, *, last: bool) -> list[str]:
    _ = context._
    # TRANSLATORS: the quiz's button to the next question, or, after the last one, to the score.
    words = _("See my score") if last else _("Next question")
    return [f'<p><button type="button" class="rb-quiz__next" hidden>{attribute(words)}</button></p>', ""]


def _score(context: PageContext, total: int) -> list[str]:
    _ = context._
    heading = _("Your score")
    # TRANSLATORS: the quiz's score; {right}, {total} and {left} are numbers that the page fills in.
    words = _("Right answers: {right} of {total}. Still to answer: {left}.")
    start = words.format(right=0, total=total, left=total)
    return [
        f"## {heading} {{ #{SCORE_ANCHOR} data-search-exclude }}",
        "",
        '<div class="rb-quiz-score" data-search-exclude markdown>',
        "",
        # Not in a <p>: md_in_html would split the paragraph around the <output>.
        f'<output id="rb-quiz-score-result" aria-live="polite">{attribute(start)}</output>',
        f'<p class="rb-quiz-score__words" hidden>{attribute(words)}</p>',
        "",
        "</div>",
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

// A game's rules quiz (render/quiz.py). A choice question: the reader picks, presses Check, and
// hears the verdict (an aria-live output) while the answer, with its breakdown and the rules it
// rests on, appears below. An open question (a ruling's): the reader answers in their head, shows
// the answer, and marks it right or wrong. Each question's first verdict counts towards the score
// at the end of the page; Next takes the focus to the next question, and after the last one to
// the score. The page ships the buttons hidden, so that a reader without scripts never meets a
// button that does nothing; every word comes from the page, in its language.
(function () {
  function judge(question) {
    var chosen = question.querySelector("input[type=radio]:checked");
    if (!chosen) return null;
    return chosen.value === question.getAttribute("data-answer");
  }

  function say(question, result) {
    var verdict = question.querySelector("output");
    if (!verdict) return;
    var said = result === null ? ".rb-quiz__empty" : result ? ".rb-quiz__right" : ".rb-quiz__wrong";
    var words = question.querySelector(said);
    if (words) verdict.textContent = words.textContent;
    verdict.className = "rb-quiz__verdict rb-quiz__verdict--" + (result === null ? "empty" : result ? "right" : "wrong");
  }

  function focusOn(heading) {
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
  }

  function mount() {
    var questions = Array.prototype.slice.call(document.querySelectorAll(".rb-quiz"));
    var board = document.querySelector(".rb-quiz-score");
    if (!questions.length || questions[0].rbMounted) return;
    var results = questions.map(function () { return null; });

    function tally() {
      if (!board) return;
      var output = board.querySelector("output");
      var words = board.querySelector(".rb-quiz-score__words");
      var right = results.filter(function (result) { return result === true; }).length;
      var left = results.filter(function (result) { return result === null; }).length;
      output.textContent = words.textContent
        .replace("{right}", String(right))
        .replace("{total}", String(results.length))
        .replace("{left}", String(left));
    }

    function record(index, result) {
      if (results[index] === null) results[index] = result;  // the first verdict counts
      var next = questions[index].querySelector(".rb-quiz__next");
      if (next) next.hidden = false;
      tally();
    }

    questions.forEach(function (question, index) {
      question.rbMounted = true;
      var answer = question.querySelector(".rb-quiz__answer");
      var check = question.querySelector(".rb-quiz__check");
      var show = question.querySelector(".rb-quiz__show");
      var next = question.querySelector(".rb-quiz__next");
      if (check) {
        check.hidden = false;
        check.addEventListener("click", function () {
          var result = judge(question);
          say(question, result);
          if (result === null) return;
          answer.hidden = false;
          record(index, result);
        });
      }
      if (show) {
        show.hidden = false;
        show.addEventListener("click", function () {
          answer.hidden = false;
          show.setAttribute("aria-expanded", "true");
        });
        question.querySelectorAll(".rb-quiz__mark").forEach(function (mark) {
          mark.addEventListener("click", function () {
            var result = mark.value === "right";
            question.querySelectorAll(".rb-quiz__mark").forEach(function (other) {
              other.setAttribute("aria-pressed", String(other === mark));
            });
            record(index, result);
          });
        });
      }
      if (next) {
        next.addEventListener("click", function () {
          var following = questions[index + 1];
          var heading = following ? following.previousElementSibling : board && board.previousElementSibling;
          focusOn(heading);
        });
      }
    });
    tally();
  }

  if (window.document$ && window.document$.subscribe) {
    window.document$.subscribe(mount);
  } else {
    mount();
  }
})();

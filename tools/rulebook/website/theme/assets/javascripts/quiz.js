// A game's rules quiz (render/quiz.py): the reader answers, presses Check, and hears the verdict
// (an aria-live output) while the answer, with its breakdown and rules, appears below. The page
// ships the button hidden, so that a reader without scripts never meets a button that does nothing;
// every word comes from the page, in its language.
(function () {
  function number(text) {
    var cleaned = text.trim().replace(/\u2212/g, "-");
    return /^-?\d+$/.test(cleaned) ? Number(cleaned) : null;
  }

  function judge(question) {
    var fields = question.querySelectorAll("input[data-answer]");
    if (fields.length) {
      var answered = true, right = true;
      fields.forEach(function (field) {
        var given = number(field.value);
        if (field.value.trim() === "") answered = false;
        var wrong = given !== Number(field.getAttribute("data-answer"));
        if (wrong) right = false;
        field.setAttribute("aria-invalid", String(wrong && field.value.trim() !== ""));
      });
      return answered ? right : null;
    }
    var chosen = question.querySelector("input[type=radio]:checked");
    if (!chosen) return null;
    return chosen.value === question.getAttribute("data-answer");
  }

  function mount() {
    document.querySelectorAll(".rb-quiz").forEach(function (question) {
      var check = question.querySelector(".rb-quiz__check");
      var verdict = question.querySelector("output");
      var answer = question.querySelector(".rb-quiz__answer");
      if (!check || !verdict || !answer || check.rbMounted) return;
      check.rbMounted = true;
      check.hidden = false;
      function run() {
        var result = judge(question);
        var said = result === null ? ".rb-quiz__empty" : result ? ".rb-quiz__right" : ".rb-quiz__wrong";
        verdict.textContent = question.querySelector(said).textContent;
        verdict.className = "rb-quiz__verdict rb-quiz__verdict--" + (result === null ? "empty" : result ? "right" : "wrong");
        if (result !== null) answer.hidden = false;
      }
      check.addEventListener("click", run);
      question.querySelectorAll("input[data-answer]").forEach(function (field) {
        field.addEventListener("keydown", function (event) {
          if (event.key === "Enter") {
            event.preventDefault();
            run();
          }
        });
      });
    });
  }

  if (window.document$ && window.document$.subscribe) {
    window.document$.subscribe(mount);
  } else {
    mount();
  }
})();

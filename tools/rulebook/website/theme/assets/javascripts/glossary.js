// The glossary page: the filter box, the height of its sticky bar, and anchors into filtered-out cards.
(function () {
  var input = document.getElementById("rb-filter");
  if (!input) {
    return;
  }
  var bar = document.querySelector(".rb-glossary-bar");
  var count = document.getElementById("rb-filter-count");
  var none = document.getElementById("rb-filter-none");
  var cards = Array.prototype.slice.call(document.querySelectorAll(".rb-symbol[data-filter]"));
  var sounds = Array.prototype.slice.call(document.querySelectorAll(".rb-sound[data-filter]"));
  var grids = Array.prototype.slice.call(document.querySelectorAll(".rb-glossary"));

  // The same folding as filter_words() in render/glossary.py, which writes data-filter:
  // no accents, no apostrophes ("o'clock" is "oclock"), lower case, words split on anything else.
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .replace(/œ/g, "oe").replace(/Œ/g, "OE").replace(/æ/g, "ae").replace(/Æ/g, "AE")
      .toLowerCase().replace(/['’ʼ‘`´]/g, "").replace(/[^a-z0-9]+/g, " ").trim();
  }
  // Every word of the query starts a word of the entry: "ov" does not find "love".
  function matches(words, query) {
    var padded = " " + words;
    return query.every(function (part) { return padded.indexOf(" " + part) !== -1; });
  }
  function apply() {
    var folded = fold(input.value);
    var query = folded ? folded.split(" ") : [];
    var shown = 0;
    cards.forEach(function (card) {
      card.hidden = !matches(card.getAttribute("data-filter"), query);
      if (!card.hidden) {
        shown += 1;
      }
    });
    // A theme with no card left shows neither its grid nor its heading.
    grids.forEach(function (grid) {
      grid.hidden = !grid.querySelector(".rb-symbol:not([hidden])");
      var heading = grid.previousElementSibling;
      if (heading && heading.tagName === "H2") {
        heading.hidden = grid.hidden;
      }
    });
    sounds.forEach(function (sound) {
      sound.parentElement.hidden = !matches(sound.getAttribute("data-filter"), query);
    });
    count.textContent = shown === cards.length ? String(cards.length) : shown + " / " + cards.length;
    none.hidden = shown !== 0;
  }
  // A link to a card or theme that the filter hides clears the filter first, so the target shows.
  function reveal(hash) {
    var target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target || !(target.hidden || target.closest("[hidden]"))) {
      return false;
    }
    input.value = "";
    apply();
    return true;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href*='#']") : null;
    if (link && link.pathname === window.location.pathname) {
      reveal(link.hash);
    }
  }, true);
  window.addEventListener("hashchange", function () {
    if (reveal(window.location.hash)) {
      document.getElementById(decodeURIComponent(window.location.hash.slice(1))).scrollIntoView();
    }
  });
  // Anchors land below the sticky bar, whose height depends on the width (the CSS reads it).
  function measure() {
    document.documentElement.style.setProperty("--rb-bar-height", bar.offsetHeight + "px");
  }
  window.addEventListener("resize", measure);
  measure();
  input.addEventListener("input", apply);
  apply();
  if (window.location.hash) {
    var target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (target) {
      target.scrollIntoView(); // again, now that the bar's height is known
    }
  }
})();

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

  // Words as search sees them (words.js): folded, split at apostrophes too, as filter_words() in
  // render/glossary.py writes data-filter, and without the words the language elides ("l’étoile"
  // and "l'etoile" are "etoile": a card need not say "l" to be found). A word of the query
  // finds a word of the card that it starts ("feuil", "feuille") or whose stem its stem starts, in
  // a language with a stemmer here ("šachy" finds "šachový", "kůň" finds "koňské").
  var words = window.rulebookWords;
  var language = document.documentElement.lang;
  var stemmed = Boolean(words.stemmers[language]);
  var entries = new Map();
  function entry(element) {
    var found = entries.get(element);
    if (!found) {
      var text = element.getAttribute("data-filter");
      // data-filter is folded: a stemmer that reads accents ("kůň") meets them in the query only.
      found = { words: text.split(" "), stems: stemmed ? words.stems(text, language) : [] };
      entries.set(element, found);
    }
    return found;
  }
  function starts(list, part) {
    return list.some(function (word) { return word.indexOf(part) === 0; });
  }
  function matches(element, query) {
    var found = entry(element);
    return query.every(function (part) {
      return starts(found.words, part.word) || (stemmed && starts(found.stems, part.stem));
    });
  }
  function apply() {
    var folded = words.split(input.value);
    var stems = stemmed ? words.stems(input.value, language) : folded;
    var query = folded.map(function (word, index) { return { word: word, stem: stems[index] }; });
    var shown = 0;
    cards.forEach(function (card) {
      card.hidden = !matches(card, query);
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
      sound.parentElement.hidden = !matches(sound, query);
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

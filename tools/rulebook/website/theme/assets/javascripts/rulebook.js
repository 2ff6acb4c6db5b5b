// Switching language keeps your place. mkdocs-static-i18n already links each language's copy of
// this page, and rule anchors are the same ids in every language, so we add the current anchor.
// Material's own handler expects language roots and would send the reader to the other language's
// page without the anchor; stopping the event here, before it reaches document.body, leaves the
// browser to follow the link as written.
document.addEventListener("click", function (event) {
  var link = event.target.closest ? event.target.closest("a.md-select__link[hreflang]") : null;
  if (!link) {
    return;
  }
  if (window.location.hash) {
    link.hash = window.location.hash;
  }
  event.stopPropagation();
}, true);

// The glossary's filter box: narrow the grid as you type, by name or reading, ignoring accents.
// Cards carry their searchable words already folded (data-filter), so only the query is folded here.
(function () {
  var input = document.getElementById("rb-filter");
  if (!input) {
    return;
  }
  var cards = Array.prototype.slice.call(document.querySelectorAll(".rb-symbol[data-filter]"));
  var count = document.getElementById("rb-filter-count");
  var none = document.getElementById("rb-filter-none");
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .replace(/œ/g, "oe").replace(/Œ/g, "OE").replace(/æ/g, "ae").replace(/Æ/g, "AE")
      .toLowerCase().replace(/\s+/g, " ").trim();
  }
  function apply() {
    var query = fold(input.value);
    var shown = 0;
    cards.forEach(function (card) {
      var match = !query || card.getAttribute("data-filter").indexOf(query) !== -1;
      card.hidden = !match;
      if (match) {
        shown += 1;
      }
    });
    count.textContent = shown === cards.length ? String(cards.length) : shown + " / " + cards.length;
    none.hidden = shown !== 0;
  }
  input.addEventListener("input", apply);
  apply();
})();

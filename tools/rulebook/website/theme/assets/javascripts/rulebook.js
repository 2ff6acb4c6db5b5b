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

// Accessibility on every page, after Material has mounted its components (document$ emits once a
// page is ready): the search dialog is named after its input, and a table that scrolls sideways is
// a focusable, named region, so that a keyboard can scroll it and a screen reader announces it.
(function () {
  var words = document.getElementById("rb-interface");
  var scrolls = words ? words.getAttribute("data-table-scrolls") : "";
  function label() {
    var dialog = document.querySelector(".md-search[role=dialog]");
    var input = document.querySelector(".md-search__input");
    if (dialog && input && !dialog.hasAttribute("aria-label")) {
      dialog.setAttribute("aria-label", input.getAttribute("aria-label") || input.placeholder);
    }
    // Named after what comes before the table (its heading, or an example's caption): unique.
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
      var before = wrap.previousElementSibling;
      var name = before ? before.textContent.replace(/¶$/, "").replace(/\s+/g, " ").trim().slice(0, 80) : "";
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", name ? name + " · " + scrolls : scrolls);
    });
  }
  if (window.document$ && window.document$.subscribe) {
    window.document$.subscribe(label);
  } else {
    label();
  }
})();

// Switching language keeps your place. mkdocs-static-i18n already links each language's copy of
// this page, and rule anchors are the same ids in every language, so we add the current anchor, or,
// when the address has none, the anchor of the rule or section the reader has scrolled to.
// Material's own handler expects language roots and would send the reader to the other language's
// page without the anchor; stopping the event here, before it reaches document.body, leaves the
// browser to follow the link as written.
function rbPlaceShown() {
  // The last anchored element whose top has gone under the header: what the reader is reading.
  // Not the page title (h1), whose id is made of its words and differs between languages, nor the
  // calculator's fields, nor what is not shown (a closed panel's elements measure 0 at the top).
  if (window.scrollY <= 0) {
    return "";
  }
  var header = document.querySelector(".md-header");
  var line = (header ? header.getBoundingClientRect().bottom : 0) + 1;
  var place = "";
  document.querySelectorAll("article [id]:not(h1):not(input):not(select):not(textarea):not(output)").forEach(function (element) {
    if (element.getClientRects().length && element.getBoundingClientRect().top <= line) {
      place = element.id;
    }
  });
  return place;
}

document.addEventListener("click", function (event) {
  var link = event.target.closest ? event.target.closest("a.md-select__link[hreflang]") : null;
  if (!link) {
    return;
  }
  var place = window.location.hash ? window.location.hash.slice(1) : rbPlaceShown();
  if (place) {
    link.hash = place;
  }
  event.stopPropagation();
}, true);

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
    // Named after what comes before the table (its heading, or an example's caption): unique. The
    // notes between a caption and its table ("Rests on:", "Assumption:") repeat across examples.
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
      var before = wrap.previousElementSibling;
      while (before && before.matches(".rb-rests-on, .rb-assumption")) {
        before = before.previousElementSibling;
      }
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

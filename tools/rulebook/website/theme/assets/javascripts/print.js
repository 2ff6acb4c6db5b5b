// The print edition shows the address of every link it cites. CSS can print an attribute but
// cannot resolve "#bonus-squares" into the full address a reader of paper needs, so each link of
// the page's text gets its full address in data-print-url, which the print stylesheet shows.
(function () {
  function mark() {
    document.querySelectorAll(".md-content article a[href]").forEach(function (link) {
      // Not the rule numbers, heading anchors, the pictures' links to their glossary entries, or the folded card.
      if (link.matches(".headerlink, .rb-rule__number") || link.closest(".rb-card--folded, .rb-illustration")) {
        return;
      }
      link.setAttribute("data-print-url", link.href);
    });
  }
  if (window.document$ && window.document$.subscribe) {
    window.document$.subscribe(mark);
  } else {
    mark();
  }
})();

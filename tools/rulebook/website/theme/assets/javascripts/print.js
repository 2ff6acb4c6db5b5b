// The print edition shows the address of every link it cites. CSS can print an attribute but
// cannot resolve "#bonus-squares" into the full address a reader of paper needs, so each link of
// the page's text gets its full address in data-print-url, which the print stylesheet shows.
// A link is resolved against the page's canonical address (site_url), not against the address it
// was opened at: `make print` opens the pages on a local server, whose address means nothing on
// paper. Without a canonical address, the site's own links print no address.
(function () {
  function mark() {
    var canonical = document.querySelector('link[rel="canonical"]');
    var base = canonical ? canonical.href : null;
    document.querySelectorAll(".md-content article a[href]").forEach(function (link) {
      // Not the rule numbers, heading anchors, the pictures' links to their glossary entries, or the folded card.
      if (link.matches(".headerlink, .rb-rule__number") || link.closest(".rb-card--folded, .rb-illustration")) {
        return;
      }
      var own = link.origin === window.location.origin;
      if (own && !base) {
        return;
      }
      link.setAttribute("data-print-url", own ? new URL(link.getAttribute("href"), base).href : link.href);
    });
  }
  if (window.document$ && window.document$.subscribe) {
    window.document$.subscribe(mark);
  } else {
    mark();
  }
})();

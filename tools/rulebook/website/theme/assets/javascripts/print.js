// The print edition shows the address of every link it cites. CSS can print an attribute but
// cannot resolve "#hand-size" into the address a reader of paper needs, so each link of the
// page's text gets its address in data-print-url, which the print stylesheet shows: short, without
// "https://" (addresses/site_url.py's printed_address), as one types it from paper.
// A link of the site is resolved against the site's public address (site_url), which the page
// carries as data-print-address (theme/main.html), not against the address it was opened at: `make
// print` opens the pages on a local server, whose address means nothing on paper. Without a public
// address, or with a placeholder (rules.example.org), the site's own links print no address at all.
(function () {
  function short(url) {
    return (url.host + url.pathname + url.search + url.hash).replace(/\/$/, "");
  }
  function mark() {
    var words = document.getElementById("rb-interface");
    var printed = words ? words.getAttribute("data-print-address") : "";
    // The site's root as paper names it, and the page's place under it (the canonical link's path).
    var canonical = document.querySelector('link[rel="canonical"]');
    var base = printed && canonical ? canonical.href : null;
    document.querySelectorAll(".md-content article a[href]").forEach(function (link) {
      // Not the rule numbers, heading anchors, the pictures' links to their glossary entries, or the folded card.
      if (link.matches(".headerlink, .rb-rule__number") || link.closest(".rb-card--folded, .rb-illustration")) {
        return;
      }
      var own = link.origin === window.location.origin;
      if (own && !base) {
        link.removeAttribute("data-print-url");
        return;
      }
      var url = own ? new URL(link.getAttribute("href"), base) : new URL(link.href);
      link.setAttribute("data-print-url", short(url));
    });
  }
  if (window.document$ && window.document$.subscribe) {
    window.document$.subscribe(mark);
  } else {
    mark();
  }
})();

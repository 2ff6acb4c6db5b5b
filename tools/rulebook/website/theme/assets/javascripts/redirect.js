// The /en/ pages lead to the root, where the source language's pages live. A meta refresh drops
// the address's #anchor, so a cited rule (/en/<game>/#<rule>) would open at the page's top:
// this script goes to the same place with the anchor kept. The meta refresh stays for readers
// without scripts.
(function () {
  var canonical = document.querySelector('link[rel="canonical"]');
  if (canonical) location.replace(canonical.href + location.hash);
})();

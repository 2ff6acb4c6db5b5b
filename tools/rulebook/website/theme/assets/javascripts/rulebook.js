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

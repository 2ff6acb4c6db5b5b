// Install the offline copy (sw.js, at the site root so that it serves every page). Material's
// inline script has set __md_scope to the site root. Not on file://, where service workers cannot run.
(function () {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(window.location.protocol) || !window.__md_scope) {
    return;
  }
  navigator.serviceWorker.register(new URL("sw.js", window.__md_scope)).catch(function () {});
})();

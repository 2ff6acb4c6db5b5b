// Material fetches search/search_index.json from its "base"; point a French or Czech page at its
// own language's index (written by the rulebook plugin), whose locations are relative to it. It
// runs before Material's bundle, which reads the configuration when it starts.
(function () {
  var root = document.currentScript.dataset.languageRoot;
  var element = document.getElementById("__config");
  var config = JSON.parse(element.textContent);
  // Resolved as a URL: the base is relative ("..") on pages and absolute ("/") on the 404 page.
  var base = new URL(config.base.replace(/\/?$/, "/"), window.location.href);
  config.base = new URL(root, base).pathname;
  element.textContent = JSON.stringify(config);
})();

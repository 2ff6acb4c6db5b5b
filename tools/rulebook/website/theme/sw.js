// The offline copy of the site: after the first visit, every page, script, stylesheet and search
// index is cached, so a player who loses signal at the table can still open any rule and search.
// Requests are answered from the cache and refreshed from the network in the background, so a
// reader online sees a new build on the next visit.
"use strict";

var CACHE = "rulebook-site";
var root = new URL("./", self.registration.scope);

function cacheEverything() {
  return fetch(new URL("precache.json", root), {cache: "no-cache"})
    .then(function (response) { return response.json(); })
    .then(function (list) {
      return caches.open(CACHE).then(function (cache) {
        return cache.addAll(list.files.map(function (file) { return new URL(file, root).href; }));
      });
    });
}

self.addEventListener("install", function (event) {
  event.waitUntil(cacheEverything().then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(request, {ignoreSearch: true}).then(function (cached) {
      var refreshed = fetch(request).then(function (response) {
        if (response.ok) {
          cache.put(request, response.clone());
        }
        return response;
      });
      if (cached) {
        refreshed.catch(function () {});  // offline: the cached copy is the answer
        return cached;
      }
      return refreshed.catch(function () {
        return cache.match(new URL("404.html", root).href);
      });
    });
  }));
});

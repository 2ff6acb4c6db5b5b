// The offline copy of the site: after the first visit, every page, script, stylesheet and search
// index of one build is cached, so a player who loses signal at the table can still open any rule
// and search.
//
// - One cache per build, named after the build id: a new build's worker fills its own cache, and on
//   activation deletes every other one, so a new build replaces the old copy whole. The build writes
//   its id and list into this script (rulebook/website/precache.py), so a new build is a new script,
//   which the browser installs.
// - Only what the build lists is served from the cache, and only with the bytes the build gave it
//   (their SHA-256 is in the list). An entry a page script planted, at a URL the build does not list
//   or over one it does, is never served, and is deleted. The list lives here, not in Cache Storage,
//   where any script of the site could change it.
// - Pages come from the network first, so a reader online sees what the server has: a 404 or 410
//   removes the cached copy. The cache answers when the network fails or takes more than
//   NETWORK_TIMEOUT. Other files come from the cache, checked against the network behind it
//   (stale-while-revalidate), with the same 404 and 410 rule; but once the server has sent a file
//   of another build, from the network first, so that a new page never runs an old build's script.
"use strict";

// Written by the build: {"build": id, "files": {URL relative to the site's root: SHA-256 hex}}.
const PRECACHE = {"build": "", "files": {}};

const CACHE = "rulebook-site-" + PRECACHE.build;
const NETWORK_TIMEOUT = 3000; // ms: a page the network has not sent by then comes from the cache
const root = new URL("./", self.registration.scope);
const expected = new Map(Object.entries(PRECACHE.files).map(([file, digest]) => [new URL(file, root).href, digest]));
let serverHasAnotherBuild = false; // until this worker stops: its successor is on its way

async function digestOf(response) {
  const hash = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function isTheBuilds(response, key) {
  return response.ok && !response.redirected && (await digestOf(response)) === expected.get(key);
}

async function cacheTheBuild() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      Array.from(expected.keys(), async (key) => {
        const response = await fetch(key, {cache: "no-cache"});
        if (!(await isTheBuilds(response, key))) {
          throw new Error(`sw.js: ${key} is not the file build ${PRECACHE.build} listed`);
        }
        await cache.put(key, response);
      }),
    );
  } catch (error) {
    await caches.delete(CACHE); // the server holds another build: no half copy stays
    throw error;
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheTheBuild().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// The cached copy of a listed URL, if it is still the build's; a changed one is deleted.
async function fromCache(key) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(key);
  if (cached && (await isTheBuilds(cached, key))) return cached;
  if (cached) await cache.delete(key);
  return null;
}

// The network's answer, which also keeps the cache true to the server: a 404 or 410 deletes the
// cached copy, and the build's own bytes put it back if a script had changed it. Bytes of another
// build are not cached (that build's worker will cache them), only noted.
async function fromNetwork(request, key) {
  const response = await fetch(request, {cache: "no-cache"});
  if (response.status === 404 || response.status === 410) {
    await (await caches.open(CACHE)).delete(key);
  } else if (await isTheBuilds(response, key)) {
    await (await caches.open(CACHE)).put(key, response.clone());
  } else if (response.ok && !response.redirected) {
    serverHasAnotherBuild = true;
  }
  return response;
}

// Entries the build does not list (another address, or a listed one with a query) go.
async function sweep() {
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    if (!expected.has(request.url)) await cache.delete(request);
  }
}

async function notFound() {
  const page = await fromCache(new URL("404.html", root).href);
  return page ? new Response(page.body, {status: 404, headers: page.headers}) : Response.error();
}

async function networkFirst(event, key) {
  const network = fromNetwork(event.request, key);
  event.waitUntil(network.catch(() => {}));
  const late = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT, null));
  const answer = await Promise.race([network.catch(() => null), late]);
  return answer || (await fromCache(key)) || network.catch(notFound);
}

async function cacheFirst(event, key) {
  if (serverHasAnotherBuild) return networkFirst(event, key);
  const network = fromNetwork(event.request, key);
  event.waitUntil(network.catch(() => {})); // offline: the cached copy is the answer
  return (await fromCache(key)) || network;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const navigation = request.mode === "navigate";
  if (navigation) event.waitUntil(sweep());
  url.search = "";
  url.hash = "";
  const key = url.href;
  if (!expected.has(key)) {
    // Not the build's: never from the cache. Offline, a page the build does not have is the 404 page.
    if (navigation) event.respondWith(fetch(request).catch(notFound));
    return;
  }
  const page = navigation || url.pathname.endsWith("/") || url.pathname.endsWith(".html");
  event.respondWith(page ? networkFirst(event, key) : cacheFirst(event, key));
});

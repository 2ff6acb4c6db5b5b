// Search results: each rule is a result of its own, in the order of its score. Material groups
// results by page and folds every section of a page but the best under "N more on this page"; a
// game's rules are one page, so the rule that answered a question was often folded behind a weaker
// one (a question about a tie: the tiebreaker under "23 more on this page"). Here every
// section Material found, shown or folded, is ordered by its score across pages, and nothing is
// folded: consecutive results of one page share one item under the page's title, and a page whose
// results are interleaved with another's gets an item for each run. Material's own ranking (lunr
// and lunr.rb.min.js) is left as it is: only the display changes.
(function () {
  function scoreOf(link) {
    var article = link.querySelector("[data-md-score]");
    return article ? parseFloat(article.getAttribute("data-md-score")) : 0;
  }

  function pageOf(link) {
    return new URL(link.href).pathname;
  }

  // Every result in the list, in the order Material gives it: the page's title (the first link of
  // an item, which heads it) and a section under it, or the page alone when none of its sections
  // was found. A link moved by an earlier pass keeps the title it came under (rbHead).
  function results(list) {
    var found = [];
    list.querySelectorAll(":scope > .md-search-result__item").forEach(function (item) {
      var head = item.querySelector(":scope > a");
      if (!head) {
        return;
      }
      var sections = Array.prototype.filter.call(item.querySelectorAll("a"), function (link) {
        return link !== head;
      });
      if (!sections.length) {
        found.push({ head: head.rbHead || head, link: null, score: scoreOf(head) });
      }
      sections.forEach(function (link) {
        found.push({ head: link.rbHead || head, link: link, score: scoreOf(link) });
      });
    });
    return found;
  }

  function item(head) {
    var made = document.createElement("li");
    made.className = "md-search-result__item";
    var title = head.cloneNode(true);
    title.rbHead = head;
    made.appendChild(title);
    return made;
  }

  // The list rebuilt in score order (a stable sort: equal scores keep Material's order).
  function unfold(list) {
    var found = results(list);
    if (!found.length) {
      return;
    }
    found.sort(function (a, b) { return b.score - a.score; });
    var items = [], current = null, page = null;
    found.forEach(function (result) {
      var here = pageOf(result.head);
      if (current === null || here !== page || result.link === null) {
        current = item(result.head);
        items.push(current);
        page = result.link === null ? null : here;
      }
      if (result.link !== null) {
        result.link.rbHead = result.head;
        current.appendChild(result.link);
      }
    });
    list.replaceChildren.apply(list, items);
  }

  function watch() {
    var list = document.querySelector(".md-search-result__list");
    if (!list) {
      return;
    }
    var observer = new MutationObserver(function () {
      observer.disconnect();
      unfold(list);
      observer.observe(list, { childList: true });
    });
    observer.observe(list, { childList: true });
  }
  watch();
})();

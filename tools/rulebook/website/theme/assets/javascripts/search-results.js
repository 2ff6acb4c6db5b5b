// Search results show more than one rule of a page. Material folds every section of a page but
// the best (and exact ties) under "N more on this page"; a game's rules are one page, so a
// question about one game showed one of its rules, and the rule that answered it was often the
// one folded. Here a folded section is taken out of the fold when it scores at least SHOWN_SHARE
// of the page's best and no less than the next page's best, which it would come before in a list
// of every result: a question about no game in particular still shows the next game's answer
// before a weaker rule of the first. Up to SHOWN_PER_PAGE a page, in Material's order.
(function () {
  var SHOWN_SHARE = 0.5;
  var SHOWN_PER_PAGE = 3;

  // Material's own words for the fold's label, read once: its configuration is on the page before
  // the scripts.
  var translations = {};
  try {
    translations = JSON.parse(document.getElementById("__config").textContent).translations || {};
  } catch (error) {
    // no configuration: the label keeps Material's count
  }

  function scoreOf(link) {
    var article = link.querySelector("[data-md-score]");
    return article ? parseFloat(article.getAttribute("data-md-score")) : 0;
  }

  function bestOf(links) {
    return Math.max.apply(null, Array.prototype.map.call(links, scoreOf).concat(0));
  }

  function unfold(item) {
    var more = item.querySelector("details.md-search-result__more");
    if (!more || item.rbUnfolded) {
      return;
    }
    item.rbUnfolded = true;
    var best = bestOf(item.querySelectorAll("a"));
    var shown = item.querySelectorAll(":scope > a").length - 1;  // the page's own entry heads the item
    var next = item.nextElementSibling;
    var nextBest = next ? bestOf(next.querySelectorAll("a")) : 0;
    var folded = Array.prototype.slice.call(more.querySelectorAll(":scope > a"));
    folded.forEach(function (link) {
      var score = scoreOf(link);
      if (shown < SHOWN_PER_PAGE && best > 0 && score >= SHOWN_SHARE * best && score >= nextBest) {
        item.insertBefore(link, more);
        shown++;
      }
    });
    var left = more.querySelectorAll(":scope > a").length;
    if (!left) {
      more.remove();
      return;
    }
    var label = more.querySelector("summary > div");
    var text = translations[left === 1 ? "search.result.more.one" : "search.result.more.other"];
    if (label && text) {
      label.textContent = text.replace("#", left);
    }
  }

  function watch() {
    var list = document.querySelector(".md-search-result__list");
    if (!list) {
      return;
    }
    new MutationObserver(function () {
      list.querySelectorAll(":scope > .md-search-result__item").forEach(unfold);
    }).observe(list, { childList: true });
  }
  watch();
})();

// Search results show more than one rule of a page. Material folds every section of a page but
// the best (and exact ties) under "N more on this page"; a game's rules are one page, so a
// question about one game showed one of its rules, and the rule that answered it was often the
// one folded. Here the folded sections that score at least SHOWN_SHARE of the page's best are
// taken out of the fold, up to SHOWN_PER_PAGE in all, in Material's order.
(function () {
  var SHOWN_SHARE = 0.5;
  var SHOWN_PER_PAGE = 3;

  function translation(key) {
    var config = document.getElementById("__config");
    try {
      return JSON.parse(config.textContent).translations[key];
    } catch (error) {
      return null;
    }
  }

  function scoreOf(link) {
    var article = link.querySelector("[data-md-score]");
    return article ? parseFloat(article.getAttribute("data-md-score")) : 0;
  }

  function unfold(item) {
    var more = item.querySelector("details.md-search-result__more");
    if (!more || item.rbUnfolded) {
      return;
    }
    item.rbUnfolded = true;
    var links = Array.prototype.slice.call(item.querySelectorAll(":scope > a, :scope > details > a"));
    var best = Math.max.apply(null, links.map(scoreOf));
    var shown = item.querySelectorAll(":scope > a").length - 1;  // the page's own entry heads the item
    var folded = Array.prototype.slice.call(more.querySelectorAll(":scope > a"));
    folded.forEach(function (link) {
      if (shown < SHOWN_PER_PAGE && best > 0 && scoreOf(link) >= SHOWN_SHARE * best) {
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
    var text = translation(left === 1 ? "search.result.more.one" : "search.result.more.other");
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

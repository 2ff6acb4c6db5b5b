/*!
 * rulebook: Material's own lunr language files (the Snowball stemmers of lunr-languages) on a page,
 * for the glossary filter, which then stems as search does (words.js). They expect lunr, which only
 * the search worker holds: this stands in for the three parts of lunr they touch when they load
 * (their trimmer and stop words are search's business, not the filter's). Loaded before
 * lunr.stemmer.support.min.js and lunr.<language>.min.js; snowball-register.js hands the stemmer on.
 */
(function () {
  "use strict";
  if (self.lunr) {
    return;
  }
  function same(token) { return token; }
  self.lunr = {
    Pipeline: { registerFunction: function () {} },
    trimmerSupport: { generateTrimmer: function () { return same; } },
    generateStopWordFilter: function () { return same; }
  };
})();

/*!
 * rulebook: words as search and the glossary filter both see them, in the browser.
 * Loaded by every page (for the glossary filter, glossary.js) and by the search worker
 * (lunr.rb.min.js), so that both fold and split a text the same way: lower case, no accents
 * (render/search.py's fold), split at anything that is not a letter or a digit, apostrophes
 * included ("d’échecs" is "d" and "echecs", as Material's search separator splits it).
 * A language's stemmer registers here (our own lunr language files do), so that the filter stems as
 * search does.
 */
(function () {
  "use strict";
  var words = self.rulebookWords = self.rulebookWords || {};
  words.stemmers = words.stemmers || {};
  var MARK = /\p{M}/gu;
  var LIGATURE = /[œŒæÆßłŁøØđĐ]/g;
  var LIGATURES = { "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D" };
  var NOT_WORD = /[^\p{L}\p{N}]+/u;

  // Text without accents, in lower case.
  words.fold = function (text) {
    return text.replace(LIGATURE, function (letter) { return LIGATURES[letter]; })
      .normalize("NFKD").replace(MARK, "").toLowerCase();
  };
  // The folded words of a text, in order.
  words.split = function (text) {
    return words.fold(text).split(NOT_WORD).filter(Boolean);
  };
  // The stem of each word of a text in a language (a stemmer folds, as it is given the word as
  // written), or its folded words where the language has no stemmer here.
  words.stems = function (text, language) {
    var stemmer = words.stemmers[language];
    if (!stemmer) {
      return words.split(text);
    }
    return text.toLowerCase().split(NOT_WORD).filter(Boolean).map(function (word) { return stemmer(word); });
  };
})();

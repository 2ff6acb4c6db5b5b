/*!
 * rulebook: words as search and the glossary filter both see them, in the browser.
 * Loaded by every page (for the glossary filter, glossary.js) and by the search worker
 * (lunr.rb.min.js), so that both fold and split a text the same way: lower case, one apostrophe for
 * all ("l'oeil", "l’œil"), no elided word before a word ("l’étoile" is "étoile"), no accents, split
 * at anything that is not a letter or a digit. What to fold with comes from text/folding.py, which
 * folds the same way in Python: on a page, the JSON block #rb-words (theme/main.html); in the
 * worker, the index's declaration of its folded field (render/search.py), through `learn`.
 * A language's stemmer registers here (our own lunr language files do), so that the filter stems as
 * search does.
 */
(function () {
  "use strict";
  var words = self.rulebookWords = self.rulebookWords || {};
  words.stemmers = words.stemmers || {};
  var MARK = /\p{M}/gu;
  var NOT_WORD = /[^\p{L}\p{N}]+/u;
  var ligatures = {}, ligature = null, apostrophe = null, elision = null, elisions = {};

  function escape(text) {
    return text.replace(/[\\^$.*+?()[\]{}|\/-]/g, "\\$&");
  }

  // The folding data of text/folding.py's `folding`: a language's elisions, the ligatures, the apostrophes.
  words.learn = function (data) {
    ligatures = data.ligatures || {};
    var letters = Object.keys(ligatures).map(escape).join("|");
    ligature = letters ? new RegExp(letters, "g") : null;
    apostrophe = data.apostrophes ? new RegExp("[" + escape(data.apostrophes) + "]", "g") : null;
    // An elided word starts a word and ends at its apostrophe, and a word follows: "qu'" alone stays.
    elision = data.elisions && data.elisions.length
      ? new RegExp("(^|[^\\p{L}\\p{N}])(?:" + data.elisions.map(escape).join("|") + ")'(?=[\\p{L}\\p{N}])", "gu")
      : null;
    elisions = {};
    (data.elisions || []).forEach(function (word) { elisions[word] = true; });
    words.language = data.language;
  };
  // Whether a folded word is one the language elides: alone (search splits "l’étoile" at its
  // apostrophe, as it indexes it), it says nothing.
  words.isElision = function (word) {
    return elisions[word] === true;
  };

  // Text in lower case, with one apostrophe for all and without elided words; accents kept, for a
  // stemmer that reads them.
  words.unelided = function (text) {
    var lowered = text.toLowerCase();
    if (apostrophe) {
      lowered = lowered.replace(apostrophe, "'");
    }
    return elision ? lowered.replace(elision, "$1") : lowered;
  };
  // Text without accents, in lower case.
  words.fold = function (text) {
    var plain = ligature ? text.replace(ligature, function (letter) { return ligatures[letter]; }) : text;
    return plain.normalize("NFKD").replace(MARK, "").toLowerCase();
  };
  // The folded words of a text, in order.
  words.split = function (text) {
    return words.fold(words.unelided(text)).split(NOT_WORD).filter(Boolean);
  };
  // The stem of each word of a text in a language (a stemmer folds, as it is given the word as
  // written), or its folded words where the language has no stemmer here.
  words.stems = function (text, language) {
    var stemmer = words.stemmers[language];
    if (!stemmer) {
      return words.split(text);
    }
    return words.unelided(text).split(NOT_WORD).filter(Boolean).map(function (word) { return stemmer(word); });
  };

  var block = typeof document !== "undefined" && document.getElementById("rb-words");
  if (block) {
    words.learn(JSON.parse(block.textContent));
  }
})();

/*!
 * rulebook: the page's Snowball stemmer (snowball-page.js) as the glossary filter's (words.js). Its
 * script tag names the language, as data-language="de" does.
 */
(function () {
  "use strict";
  var language = document.currentScript && document.currentScript.dataset.language;
  var lunr = self.lunr, words = self.rulebookWords;
  if (!language || !lunr || !lunr[language] || !lunr[language].stemmer || !words) {
    return;
  }
  // lunr-languages' stemmers take a token or, as here, a plain word.
  words.stemmers[language] = function (word) { return lunr[language].stemmer(word); };
})();

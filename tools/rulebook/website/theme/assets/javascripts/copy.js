// The copy button of a worked example's command. The page ships the button hidden, so that a
// reader without scripts never sees a button that does nothing; the command stays selectable.
(function () {
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    // A page over plain http (not a secure context) has no Clipboard API: select and copy instead.
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "rb-sr";
    document.body.appendChild(area);
    area.select();
    var done = document.execCommand("copy");
    document.body.removeChild(area);
    return done ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  function mount() {
    document.querySelectorAll("button.rb-copy[hidden]").forEach(function (button) {
      var code = button.parentElement.querySelector("pre code");
      if (!code) {
        return;
      }
      var label = button.textContent;
      button.hidden = false;
      button.addEventListener("click", function () {
        copyText(code.textContent).then(function () {
          button.textContent = button.getAttribute("data-copied") || label;
          setTimeout(function () { button.textContent = label; }, 2000);
        });
      });
    });
  }

  if (window.document$ && window.document$.subscribe) {
    window.document$.subscribe(mount);
  } else {
    mount();
  }
})();

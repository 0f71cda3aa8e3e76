"use strict";
// A study page's behaviour (docs/PAGES.md).
(function () {
  document.documentElement.classList.add("js");
})();

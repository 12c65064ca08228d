// Django's SelectFilter2.js builds each chooser on 'load' and puts an aria-label on the search
// icon, a bare <span>, where ARIA forbids it (axe: aria-prohibited-attr). This file comes after
// SelectFilter2.js, so its 'load' listener runs after the choosers are built: the icon becomes an
// image with that label, as it is (the magnifier).
"use strict";
window.addEventListener("load", function () {
  document.querySelectorAll("span.search-label-icon[aria-label]:not([role])").forEach(function (icon) {
    icon.setAttribute("role", "img");
  });
});

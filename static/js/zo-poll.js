// A page's polls (the elements marked data-zo-poll, which htmx polls "every …") rest while the tab
// is hidden: a phone in a pocket or a tab behind another sends nothing over the camp's Wi-Fi. When
// the tab is shown again, each poll runs at once (its trigger "zo-shown"), so the page is current
// the moment someone looks at it. No eval: htmx's trigger filters would need it, which the
// Content-Security-Policy refuses.
(function () {
  "use strict";

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (document.hidden && elt && elt.hasAttribute && elt.hasAttribute("data-zo-poll")) {
      event.preventDefault(); // htmx keeps polling on its clock; this request is not sent
    }
  });

  document.addEventListener("visibilitychange", function () {
    if (document.hidden || !window.htmx) return;
    document.querySelectorAll("[data-zo-poll]").forEach(function (elt) {
      window.htmx.trigger(elt, "zo-shown");
    });
  });
})();

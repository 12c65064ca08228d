// The team page's plan form keeps up with the plan as stored, never throwing away what was typed.
// The [data-plan-watch] element polls the plan's state (htmx, see games/islands/pages/team.py); when
// the poll brings a change ([data-changed]) and nothing was typed into the form, the fresh form is
// loaded at once; when something was typed, the watch's notice is shown instead, with its button to
// load the stored plan. A form showing a refused press's text ([data-typed]) counts as typed.
(function () {
  "use strict";

  function planForm() { return document.querySelector("#team-plan form"); }

  function typed(form) {
    if (!form) return false;
    if (form.hasAttribute("data-typed")) return true;
    return Array.prototype.some.call(form.querySelectorAll("input:not([type=hidden])"), function (input) {
      return input.value !== input.defaultValue; // also a value a script put in (a map click)
    });
  }

  document.addEventListener("input", function (event) {
    var form = planForm();
    if (form && form.contains(event.target)) form.setAttribute("data-typed", "");
  });

  document.addEventListener("htmx:load", function (event) {
    var root = event.target;
    if (!root || !root.querySelector) return;
    var watch = root.matches && root.matches("[data-plan-watch]") ? root : root.querySelector("[data-plan-watch]");
    if (!watch) return;
    var form = planForm();
    if (watch.hasAttribute("data-typed") && form) form.setAttribute("data-typed", "");
    if (!watch.hasAttribute("data-changed")) return;
    var load = watch.querySelector("[data-plan-load]");
    var notice = watch.querySelector("[data-plan-changed]");
    if (typed(form)) {
      if (notice) notice.hidden = false;
    } else if (load && window.htmx) {
      window.htmx.ajax("GET", load.getAttribute("data-hx-get"), {target: "#team-plan", swap: "outerHTML"});
    }
  });
})();

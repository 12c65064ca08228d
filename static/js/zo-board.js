// The notice board's two small helpers (no library, no build step):
// - a map in [data-zoom] zooms and pans: buttons + / − / ⟲, a drag, a pinch, the mouse wheel.
//   It changes only the SVG's viewBox; the zoom survives the board's polling (kept per data-zoom).
// - an events column in [data-pages] pages through by itself when it is longer than its box.
(function () {
  "use strict";
  var kept = {}; // data-zoom key -> [x, y, w, h]
  var MIN_SCALE = 1, MAX_SCALE = 6;

  function box(svg) { return svg.getAttribute("viewBox").split(/[ ,]+/).map(Number); }

  function setUp(holder) {
    if (holder.dataset.zoomReady) return;
    holder.dataset.zoomReady = "1";
    var svg = holder.querySelector("svg");
    if (!svg) return;
    var full = box(svg);
    var key = holder.dataset.zoom;
    var view = kept[key] ? kept[key].slice() : full.slice();

    function apply() {
      var w = Math.min(full[2], Math.max(full[2] / MAX_SCALE, view[2]));
      var h = w * full[3] / full[2];
      var x = Math.min(full[0] + full[2] - w, Math.max(full[0], view[0]));
      var y = Math.min(full[1] + full[3] - h, Math.max(full[1], view[1]));
      view = [x, y, w, h];
      kept[key] = view.slice();
      svg.setAttribute("viewBox", view.join(" "));
    }
    function zoom(factor, cx, cy) { // cx, cy: the point that stays put, in 0..1 of the box
      var w = view[2] / factor, h = view[3] / factor;
      view = [view[0] + (view[2] - w) * cx, view[1] + (view[3] - h) * cy, w, h];
      apply();
    }
    function at(event) {
      var r = svg.getBoundingClientRect();
      return [(event.clientX - r.left) / r.width, (event.clientY - r.top) / r.height];
    }

    var tools = document.createElement("div");
    tools.className = "zo-zoom-tools";
    [["+", function () { zoom(1.5, .5, .5); }], ["−", function () { zoom(1 / 1.5, .5, .5); }],
     ["⟲", function () { view = full.slice(); apply(); }]].forEach(function (b) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = b[0];
      button.setAttribute("aria-label", {"+": "zoom in", "−": "zoom out", "⟲": "whole map"}[b[0]]);
      button.addEventListener("click", b[1]);
      tools.appendChild(button);
    });
    holder.appendChild(tools);

    var pointers = {};
    var last = null; // [x, y] of one pointer, or [distance] of two
    function spread() {
      var p = Object.values(pointers);
      return Math.hypot(p[0].clientX - p[1].clientX, p[0].clientY - p[1].clientY);
    }
    svg.addEventListener("pointerdown", function (e) {
      pointers[e.pointerId] = e;
      svg.setPointerCapture(e.pointerId);
      last = Object.keys(pointers).length === 2 ? [spread()] : [e.clientX, e.clientY];
    });
    svg.addEventListener("pointermove", function (e) {
      if (!pointers[e.pointerId]) return;
      pointers[e.pointerId] = e;
      var r = svg.getBoundingClientRect();
      if (Object.keys(pointers).length === 2 && last.length === 1) {
        var d = spread();
        var p = Object.values(pointers);
        var mid = {clientX: (p[0].clientX + p[1].clientX) / 2, clientY: (p[0].clientY + p[1].clientY) / 2};
        var c = at(mid);
        if (last[0] > 0) zoom(d / last[0], c[0], c[1]);
        last = [d];
      } else if (last && last.length === 2) {
        view[0] -= (e.clientX - last[0]) * view[2] / r.width;
        view[1] -= (e.clientY - last[1]) * view[3] / r.height;
        last = [e.clientX, e.clientY];
        apply();
      }
    });
    function up(e) {
      delete pointers[e.pointerId];
      var rest = Object.values(pointers);
      last = rest.length === 1 ? [rest[0].clientX, rest[0].clientY] : null;
    }
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("wheel", function (e) {
      e.preventDefault();
      var c = at(e);
      zoom(e.deltaY < 0 ? 1.25 : 1 / 1.25, c[0], c[1]);
    }, {passive: false});
    apply();
  }

  // The events column: every few seconds one box further down, then back to the top.
  var PAGE_MS = 8000;
  setInterval(function () {
    document.querySelectorAll("[data-pages]").forEach(function (pages) {
      if (pages.scrollHeight <= pages.clientHeight + 2) { pages.scrollTop = 0; return; }
      var next = pages.scrollTop + pages.clientHeight - 24;
      pages.scrollTop = next >= pages.scrollHeight - pages.clientHeight + 1 && pages.scrollTop > 0 ? 0 : next;
    });
  }, PAGE_MS);

  function setUpAll() {
    if (document.body.classList.contains("projector")) return; // the screen is not touched
    document.querySelectorAll("[data-zoom]").forEach(setUp);
  }
  document.addEventListener("DOMContentLoaded", setUpAll);
  document.addEventListener("htmx:afterSettle", setUpAll);
  document.addEventListener("htmx:load", setUpAll);
})();

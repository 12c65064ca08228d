// The notice board's two small helpers (no library, no build step):
// - a map in [data-zoom] zooms and pans: buttons + / − / ⟲, a drag, a pinch, the mouse wheel.
//   It changes only the SVG's viewBox; the zoom survives the board's polling (kept per data-zoom).
//   A click or tap that does not move is left to the map's hex links (the team's planning map); a
//   map with data-zoom-focus starts zoomed in on that point, and follows it when it nears the edge.
// - an events column in [data-pages] shows a page of whole lines at a time when it is longer than
//   its box, and turns the pages by itself.
(function () {
  "use strict";
  var kept = {}; // data-zoom key -> [x, y, w, h]
  var MIN_SCALE = 1, MAX_SCALE = 6;
  var SLOP = 6; // px a pressed pointer moves before it drags the map
  var TAP_PX = 44; // px a hex is wide, at least, on a map first drawn zoomed in on its focus

  function box(svg) { return svg.getAttribute("viewBox").split(/[ ,]+/).map(Number); }

  function setUp(holder) {
    if (holder.dataset.zoomReady) return;
    holder.dataset.zoomReady = "1";
    var svg = holder.querySelector("svg");
    if (!svg) return;
    var full = box(svg);
    var key = holder.dataset.zoom;
    var view = kept[key] ? kept[key].slice() : full.slice();
    if (holder.dataset.zoomFocus) focus(holder.dataset.zoomFocus.split(" ").map(Number));

    function focus(f) { // f: x, y and a hex's width in the map's units (a map to tap: the team's plan)
      var w = view[2], h = view[3];
      if (!kept[key]) { // first drawn: zoomed in until a hex is a finger's width
        var scale = Math.min(MAX_SCALE, TAP_PX * full[2] / (svg.getBoundingClientRect().width * f[2]));
        if (scale < 1.2) return;
        w = full[2] / scale;
        h = full[3] / scale;
      } else if (f[0] > view[0] + w * .15 && f[0] < view[0] + w * .85 &&
                 f[1] > view[1] + h * .15 && f[1] < view[1] + h * .85) {
        return; // still well inside the part shown: the map stays as the user left it
      }
      view = [f[0] - w / 2, f[1] - h / 2, w, h];
    }

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
    var downAt = {}; // pointerId -> [x, y] where it went down
    var last = null; // [x, y] of one pointer, or [distance] of two
    function spread() {
      var p = Object.values(pointers);
      return Math.hypot(p[0].clientX - p[1].clientX, p[0].clientY - p[1].clientY);
    }
    svg.addEventListener("pointerdown", function (e) {
      pointers[e.pointerId] = e;
      downAt[e.pointerId] = [e.clientX, e.clientY];
      last = Object.keys(pointers).length === 2 ? [spread()] : [e.clientX, e.clientY];
    });
    svg.addEventListener("pointermove", function (e) {
      if (!pointers[e.pointerId]) return;
      if (!svg.hasPointerCapture(e.pointerId)) {
        // Captured only once it moves: a click or a tap stays the hex link's under it (a map to tap).
        var d = downAt[e.pointerId];
        if (Object.keys(pointers).length < 2 && Math.hypot(e.clientX - d[0], e.clientY - d[1]) < SLOP) return;
        svg.setPointerCapture(e.pointerId);
      }
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
      delete downAt[e.pointerId];
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

  // The events column: when it is longer than its box, it shows a page of whole lines (a step's
  // heading and its events; a heading never ends a page, a page begun inside a step repeats the
  // step's heading) with "more… 1/3" under it, and turns the page every few seconds.
  var PAGE_MS = 8000;
  function lines(pages) { return [].slice.call(pages.querySelectorAll("h3, h4, li li")); }
  function group(line) { return line.closest(".zo-events > li"); }
  function heading(line) { return group(line).querySelector("h3, h4"); }
  function overflows(pages) { return pages.scrollHeight > pages.clientHeight + 1; }
  function show(pages, items) { // only these lines (and their steps' headings) are drawn
    var wanted = new Set(items);
    items.forEach(function (line) { wanted.add(heading(line)); wanted.add(group(line)); });
    lines(pages).concat([].slice.call(pages.querySelectorAll(".zo-events > li"))).forEach(function (el) {
      el.classList.toggle("zo-off", !wanted.has(el));
    });
  }
  function paginate(pages) { // the index of each page's first line
    var all = lines(pages), starts = [], i = 0;
    while (i < all.length) {
      starts.push(i);
      var end = i + 1; // a page holds at least one line, even one taller than the box
      show(pages, all.slice(i, end));
      while (end < all.length) {
        show(pages, all.slice(i, end + 1));
        if (overflows(pages)) break;
        end += 1;
      }
      if (end - i > 1 && /^H/.test(all[end - 1].tagName)) end -= 1; // a heading goes with its lines
      if (end - i === 1 && /^H/.test(all[i].tagName) && end < all.length) end += 1; // never a heading alone
      i = end;
    }
    return starts;
  }
  function setUpPages(pages, again) {
    if (pages.zoPagesReady && !again) return;
    pages.zoPagesReady = true;
    var more = pages.parentNode.querySelector("[data-pages-more]");
    var all = lines(pages);
    show(pages, all);
    if (more) more.hidden = true;
    if (!overflows(pages)) { pages.zoPages = null; return; }
    if (more) more.hidden = false; // its line is taken from the box before the pages are cut
    var starts = paginate(pages);
    pages.zoPages = {starts: starts, at: -1, all: all};
    turn(pages);
  }
  function turn(pages) {
    var p = pages.zoPages;
    if (!p) return;
    p.at = (p.at + 1) % p.starts.length;
    var end = p.at + 1 < p.starts.length ? p.starts[p.at + 1] : p.all.length;
    show(pages, p.all.slice(p.starts[p.at], end));
    var more = pages.parentNode.querySelector("[data-pages-more] [data-page]");
    if (more) more.textContent = (p.at + 1) + "/" + p.starts.length;
  }
  function turnAll() { document.querySelectorAll("[data-pages]").forEach(turn); }
  setInterval(turnAll, PAGE_MS);
  window.zoBoard = {nextPage: turnAll};

  function setUpAll() {
    document.querySelectorAll("[data-pages]").forEach(setUpPages);
    if (document.body.classList.contains("projector")) return; // the screen is not touched
    document.querySelectorAll("[data-zoom]").forEach(setUp);
  }
  document.addEventListener("DOMContentLoaded", setUpAll);
  document.addEventListener("htmx:afterSettle", setUpAll);
  document.addEventListener("htmx:load", setUpAll);
  function cutAgain() {
    document.querySelectorAll("[data-pages]").forEach(function (pages) { setUpPages(pages, true); });
  }
  window.addEventListener("resize", cutAgain);
  if (document.fonts) document.fonts.ready.then(cutAgain); // a late font changes the lines' heights
})();

// A projector's ship markers stay readable from the back of the hall on any screen: the map's
// markers are laid out for 1080 lines (36 px and more there); on a smaller screen (1280×720,
// 1024×768) the whole map shrinks, so each group of markers is scaled up round its middle until a
// marker is 36 px tall again (the CSS reads --zo-hall-k; see islands/_projector_map_fonts.html).
// The SVG's data-hall-marker is a marker's height in the map's units.
(function () {
  "use strict";
  var LEAST_PX = 36.5;

  function fit() {
    var k = 1;
    document.querySelectorAll("svg[data-hall-marker]").forEach(function (svg) {
      var b = svg.getBoundingClientRect();
      var vb = svg.viewBox && svg.viewBox.baseVal;
      if (!b.height || !vb || !vb.height) return; // a frame not shown
      // the map keeps its proportions inside its box: the narrower way binds
      var scale = Math.min(b.width / vb.width, b.height / vb.height);
      var px = Number(svg.getAttribute("data-hall-marker")) * scale;
      if (px > 0) k = Math.max(k, LEAST_PX / px);
    });
    document.documentElement.style.setProperty("--zo-hall-k", k.toFixed(3));
  }
  document.addEventListener("DOMContentLoaded", fit);
  window.addEventListener("load", fit);
  window.addEventListener("resize", fit);
  document.addEventListener("htmx:afterSettle", fit);
  window.zoHall = {fit: fit};
})();

// The round replay (no library): shows one frame at a time; the frame's map moves to the stage.
// Play/pause (space), step back/forward (arrows), a speed, full screen (F, the Fullscreen API).
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var root = document.getElementById("replay");
    var stage = document.getElementById("stage");
    var frames = Array.prototype.slice.call(root.querySelectorAll(".zo-frame"));
    var play = root.querySelector('[data-act="play"]');
    var speed = root.querySelector('[data-act="speed"]');
    var current = 0, timer = null;

    function show(k) {
      current = Math.max(0, Math.min(frames.length - 1, k));
      frames.forEach(function (f, i) { f.hidden = i !== current; });
      var map = frames[current].querySelector(".zo-map-holder svg");
      stage.innerHTML = "";
      if (map) stage.appendChild(map.cloneNode(true));
      root.dataset.current = String(current);
      if (current === frames.length - 1) pause();
    }
    function pause() {
      if (timer) clearInterval(timer);
      timer = null;
      play.setAttribute("aria-pressed", "false");
      play.textContent = "▶ " + (play.dataset.playLabel || play.textContent.replace(/^[^ ]+ /, ""));
      root.dataset.playing = "false";
    }
    function start() {
      if (current === frames.length - 1) show(0);
      if (!play.dataset.playLabel) play.dataset.playLabel = play.textContent.replace(/^[^ ]+ /, "");
      play.setAttribute("aria-pressed", "true");
      play.textContent = "❚❚ " + play.dataset.playLabel;
      root.dataset.playing = "true";
      if (timer) clearInterval(timer);
      timer = setInterval(function () { show(current + 1); }, Number(speed.value));
    }
    function toggle() { if (timer) pause(); else start(); }
    function fullscreen() {
      if (document.fullscreenElement) document.exitFullscreen();
      else if (root.requestFullscreen) root.requestFullscreen();
    }

    root.querySelector('[data-act="back"]').addEventListener("click", function () { pause(); show(current - 1); });
    root.querySelector('[data-act="forward"]').addEventListener("click", function () { pause(); show(current + 1); });
    root.querySelector('[data-act="fullscreen"]').addEventListener("click", fullscreen);
    play.addEventListener("click", toggle);
    speed.addEventListener("change", function () { if (timer) start(); });
    document.addEventListener("keydown", function (e) {
      if (e.target.tagName === "SELECT") return;
      if (e.key === " ") { e.preventDefault(); toggle(); }
      else if (e.key === "ArrowRight") { e.preventDefault(); pause(); show(current + 1); }
      else if (e.key === "ArrowLeft") { e.preventDefault(); pause(); show(current - 1); }
      else if (e.key === "f" || e.key === "F") fullscreen();
      else if (e.key === "Home") { pause(); show(0); }
      else if (e.key === "End") { pause(); show(frames.length - 1); }
    });
    show(0);
  });
})();

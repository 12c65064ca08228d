// The "Paper plan" page: where the browser can read QR codes (the BarcodeDetector API), a button
// reads the order form's QR code with the camera and sends the page's form with the code it
// carries. Typing the code always works; without the API or a camera the button stays hidden.
(function () {
  "use strict";
  function start() {
    var button = document.getElementById("paper-camera");
    var form = document.getElementById("paper-form");
    var input = document.getElementById("paper-code");
    var video = document.getElementById("paper-video");
    var note = document.getElementById("paper-camera-note");
    if (!button || !form || !input || !video || !("BarcodeDetector" in window)) return;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var detector = new window.BarcodeDetector({ formats: ["qr_code"] });
      navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } }).then(function (stream) {
        video.srcObject = stream;
        video.hidden = false;
        note.hidden = false;
        button.disabled = true;
        video.play();
        function look() {
          detector.detect(video).then(function (found) {
            var text = found.length ? found[0].rawValue : "";
            var match = /code=([^&#]+)/.exec(text);
            if (text) {
              stream.getTracks().forEach(function (track) { track.stop(); });
              input.value = decodeURIComponent(match ? match[1] : text);
              form.submit();
            } else {
              window.setTimeout(look, 250);
            }
          }, function () { window.setTimeout(look, 500); });
        }
        look();
      }, function () {
        button.hidden = true; // no camera, or it was refused: typing still works
      });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

// A "Print" button (data-zo-print) opens the browser's print dialog. In a file, not an onclick
// attribute: the Content-Security-Policy runs no inline script (camp/web/security_headers.py).
"use strict";
document.addEventListener("click", function (event) {
  if (event.target.closest && event.target.closest("[data-zo-print]")) {
    window.print();
  }
});

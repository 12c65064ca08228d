// A team's plan lives on the phone too, so bad Wi-Fi loses nothing (plain HTTP: no service worker;
// localStorage works). What is typed into the plan form is kept on the phone under the section's
// data-plan-key (a keyed digest of the link, never the token) and its round; a press (save draft,
// hand in) is kept too until the server answers. A press that could not be sent (no connection) is
// sent again by itself, once, when the connection returns: the "online" event, the next poll that
// gets an answer, or the page loaded again. The server stores nothing twice (a press it already
// holds is answered as done) and refuses a stale one (the form shows the plan as stored). The
// draft is forgotten as soon as the server confirms it ([data-plan-done]). The [data-plan-local]
// line says what is kept where, in the words the page gives it (data-text-*).
(function () {
  "use strict";

  var PREFIX = "zo-plan:";
  var PRESSES = ["draft", "hand_in"];
  var sending = false; // a resend is on its way: never two at once
  var sentAt = ""; // when this page last had a press confirmed, by the server's clock ("ve 21:43")

  function section() { return document.querySelector("#team-plan[data-plan-key]"); }
  function planForm(sec) { return sec ? sec.querySelector("form") : null; }
  function keyOf(sec) { return PREFIX + sec.getAttribute("data-plan-key") + ":" + sec.getAttribute("data-plan-round"); }

  function read(key) {
    try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function write(key, record) {
    try {
      if (record) window.localStorage.setItem(key, JSON.stringify(record));
      else window.localStorage.removeItem(key);
    } catch (e) { /* storage full or refused: the page works as before */ }
  }

  function fields(form) { // the sheet's fields as typed (not the CSRF token, the version or the map's mode)
    var out = {};
    form.querySelectorAll("input[name]").forEach(function (input) {
      if (input.type === "hidden" || input.type === "radio" || input.type === "checkbox") return;
      out[input.name] = input.value;
    });
    return out;
  }
  function version(form) {
    var v = form.querySelector("input[name=v]");
    return v ? v.value : "";
  }
  function writable(form) {
    return !!form.querySelector("button[name=action][value=draft]");
  }

  function show(sec) {
    var line = sec && sec.querySelector("[data-plan-local]");
    if (!line) return;
    var record = read(keyOf(sec));
    var state = record ? (record.pending ? (sending ? "sending" : "pending") : "typed") : (sentAt ? "sent" : "");
    line.hidden = !state;
    line.setAttribute("data-state", state);
    if (!state) return;
    var text = line.getAttribute("data-text-" + state) || "";
    if (state === "sent") text = text.replace("{at}", sentAt);
    line.textContent = text;
  }

  function keep(sec, pending) {
    var form = planForm(sec);
    if (!form) return;
    var key = keyOf(sec);
    var record = read(key) || {v: version(form)};
    record.fields = fields(form);
    if (pending !== undefined) record.pending = pending;
    record.at = Date.now();
    write(key, record);
    sentAt = "";
    show(sec);
  }

  // The press kept on the phone, sent again once: the form filled as kept, the version it was typed
  // on (a plan changed since is refused, never overwritten), the same button pressed.
  function resend() {
    var sec = section();
    var form = planForm(sec);
    if (sending || flying || !form || !window.htmx) return;
    var record = read(keyOf(sec));
    if (!record || PRESSES.indexOf(record.pending) < 0) return;
    fill(form, record);
    var button = form.querySelector("button[name=action][value=" + record.pending + "]");
    if (!button) { // the form is not writable now (handed in meanwhile?): the server says what holds
      button = document.createElement("button");
      button.name = "action";
      button.value = record.pending;
      button.hidden = true;
      form.appendChild(button);
    }
    sending = true;
    show(sec);
    button.click();
  }

  function fill(form, record) {
    Object.keys(record.fields || {}).forEach(function (name) {
      var input = form.querySelector("input[name='" + name + "']");
      if (input) input.value = record.fields[name];
    });
    var v = form.querySelector("input[name=v]");
    if (v && record.v !== undefined) v.value = record.v;
    form.setAttribute("data-typed", ""); // zo-plan-watch.js leaves a typed form alone
  }

  // The page loaded (again): the draft kept for this round back in the form; an unsent press sent.
  function restore() {
    var sec = section();
    var form = planForm(sec);
    if (!form) return;
    var key = keyOf(sec);
    forgetOtherRounds(sec, key);
    var record = read(key);
    if (record && !record.pending && !writable(form)) { // typed, but the plan can no longer change
      write(key, null);
      record = null;
    }
    if (record && !record.pending) {
      fill(form, record);
      var first = form.querySelector(".zo-fields input");
      if (first) first.dispatchEvent(new Event("input", {bubbles: true})); // the live check, the map
    }
    show(sec);
    if (record && record.pending) resend();
  }

  function forgetOtherRounds(sec, key) {
    var mine = PREFIX + sec.getAttribute("data-plan-key") + ":";
    try {
      for (var i = window.localStorage.length - 1; i >= 0; i--) {
        var name = window.localStorage.key(i);
        if (name && name.indexOf(mine) === 0 && name !== key) window.localStorage.removeItem(name);
      }
    } catch (e) { /* no storage */ }
  }

  function isPlanForm(elt) {
    var sec = section();
    return sec && elt && elt.tagName === "FORM" && sec.contains(elt);
  }

  document.addEventListener("input", function (event) {
    var sec = section();
    var form = planForm(sec);
    if (form && form.contains(event.target) && event.target.type !== "radio") keep(sec);
  });

  // A press: kept (with the button) before it leaves, so a lost connection loses nothing.
  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (!isPlanForm(elt)) return;
    var action = event.detail.parameters && event.detail.parameters.get
      ? event.detail.parameters.get("action") : (event.detail.parameters || {}).action;
    if (PRESSES.indexOf(action) >= 0) keep(section(), action);
  });

  // A press on its way (its form; the form is swapped out by the answer): never a second beside it.
  var flying = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!event.defaultPrevented && isPlanForm(event.detail.elt)) flying = event.detail.elt;
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    // The element that sent it (detail.elt is the swapped-in section once the form is replaced).
    var elt = (event.detail.requestConfig && event.detail.requestConfig.elt) || event.detail.elt;
    if (elt && elt === flying) {
      flying = null;
      sending = false;
      var sec = section();
      var xhr = event.detail.xhr;
      var record = sec && read(keyOf(sec));
      // An answer came (whatever it said): the press was sent, never again. No answer (the
      // connection failed): it stays kept, to be sent again when the connection returns.
      if (xhr && xhr.status && record && record.pending) {
        record.pending = "";
        write(keyOf(sec), record);
      }
      show(sec);
      return;
    }
    // Another request got an answer (a poll): the connection is back.
    if (event.detail.successful && elt && elt.hasAttribute && elt.hasAttribute("data-zo-poll")) resend();
  });

  // What the plan partial about to swap in answers (told by the request it answers): a press, a
  // tap on the planning map, or the plan as stored (loaded on purpose, or by zo-plan-watch.js over
  // a form nobody typed into).
  var answering = "";
  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (elt && elt === flying) answering = "press";
    else if (elt && elt.closest && elt.closest("[data-plan-map]")) answering = "tap";
    else answering = "stored";
  });

  // The plan partial swapped in. Confirmed: the draft is forgotten. Refused (stale, problems) or a
  // tap: what the form now shows is kept, no press waits. The plan as stored: nothing kept.
  document.addEventListener("htmx:load", function (event) {
    var root = event.target;
    if (!root || root.id !== "team-plan" || !root.hasAttribute("data-plan-key")) return;
    var key = keyOf(root);
    var form = planForm(root);
    if (root.querySelector("[data-plan-done]")) {
      write(key, null);
      // The camp's time as the server answered: a phone's own clock is often wrong.
      sentAt = root.querySelector("[data-plan-done]").getAttribute("data-plan-done") || "";
    } else if (form && answering === "tap") {
      keep(root);
    } else if (form && answering === "press" && read(key)) {
      var record = read(key);
      record.fields = fields(form);
      record.v = version(form);
      record.pending = "";
      write(key, record);
    } else if (answering === "stored") {
      write(key, null);
    }
    show(root);
  });

  window.addEventListener("online", resend);
  // After htmx has set the page up (its own DOMContentLoaded handler came first), so a resend is
  // its request, not a plain post.
  if (document.readyState === "complete") window.setTimeout(restore, 0);
  else document.addEventListener("DOMContentLoaded", restore);
})();

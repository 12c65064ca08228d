// "Add another team" copies one empty row: without this, every new row would start with the same
// colour, shape and seat. Each added row takes the first palette colour and shape no row above has,
// and the seat after the highest, so the teams sit in the order typed.
"use strict";
document.addEventListener("formset:added", (event) => {
  if (!event.detail || event.detail.formsetName !== "teams") return;
  const row = event.target;
  const group = row.closest(".inline-group") || document;
  const others = (selector) =>
    Array.from(group.querySelectorAll(selector)).filter(
      (input) => !row.contains(input) && !input.name.includes("__prefix__"),
    );
  const colour = row.querySelector("input.zo-colour");
  if (colour && colour.dataset.palette) {
    const used = new Set(others("input.zo-colour").map((input) => input.value.toLowerCase()));
    const free = colour.dataset.palette.split(" ").filter((c) => !used.has(c));
    if (free.length) colour.value = free[0];
  }
  const shape = row.querySelector("select[name$='-shape']");
  if (shape) {
    const used = new Set(others("select[name$='-shape']").map((select) => select.value));
    const free = Array.from(shape.options).map((o) => o.value).filter((v) => v && !used.has(v));
    if (free.length) shape.value = free[0];
  }
  const seat = row.querySelector("input.zo-team-seat");
  if (seat) {
    const seats = others("input.zo-team-seat").map((input) => parseInt(input.value, 10) || 0);
    seat.value = String(Math.max(0, ...seats) + 1);
  }
});

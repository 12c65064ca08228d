// The placements form: a place and "did not play" exclude each other. Ticking "did not play"
// clears the team's place; typing a place unticks it. Each input names its partner by id in
// data-zo-clears. Without JavaScript the server refuses a row with both, naming the team.
// The changed partner gets an "input" event too, so the live preview (htmx) follows.
document.addEventListener("input", function (event) {
  var source = event.target;
  var partnerId = source && source.getAttribute && source.getAttribute("data-zo-clears");
  var partner = partnerId && document.getElementById(partnerId);
  if (!partner) {
    return;
  }
  if (source.type === "checkbox" ? source.checked && partner.value !== "" : source.value !== "" && partner.checked) {
    if (partner.type === "checkbox") {
      partner.checked = false;
    } else {
      partner.value = "";
    }
    partner.dispatchEvent(new Event("input", { bubbles: true }));
  }
});

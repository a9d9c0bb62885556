/* Start-a-game forms: optional comfort only (the forms work without it).
 *
 * Shows the deck / setup / deal / N fields only when the choice needs them and, for
 * Mathematico, the player inputs one more at a time instead of all twelve.
 */
(function () {
  "use strict";

  var form = document.querySelector(".start-form");
  if (!form) return;

  function fieldOf(name) {
    return form.querySelector('[data-field="' + name + '"]');
  }

  function chosen(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  // [radio name, value that needs the field, field shown then, field shown otherwise]
  var rules = [
    ["deck_entry", "enter", "deck", "seed"],
    ["setup_entry", "enter", "setup", "seed"],
    ["deal_entry", "whole", "deal", null],
    ["mode", "exactly", "exactly", null],
  ];

  function update() {
    rules.forEach(function (rule) {
      if (!form.querySelector('input[name="' + rule[0] + '"]')) return;
      var needed = chosen(rule[0]) === rule[1];
      var shown = fieldOf(rule[2]);
      if (shown && !shown.querySelector(".error")) shown.hidden = !needed;
      var other = rule[3] && fieldOf(rule[3]);
      if (other && !other.querySelector(".error")) other.hidden = needed;
    });
    var seats = form.querySelectorAll('[data-field^="player_"]');
    var lastFilled = 0;
    seats.forEach(function (seat, index) {
      var input = seat.querySelector("input");
      if (input && input.value.trim()) lastFilled = index + 1;
    });
    seats.forEach(function (seat, index) {
      seat.hidden = index > Math.max(lastFilled, 1);
    });
  }

  form.addEventListener("change", update);
  form.addEventListener("input", update);
  update();
  var errors = document.getElementById("form-errors");
  if (errors) errors.focus();
})();

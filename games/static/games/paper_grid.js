/* Finished paper grid entry: a number pad of 1..13 fills the grid's 25 boxes row by row
 * (one tap a cell; ⌫ takes the last one back). The boxes stay a plain form: without this
 * script they are typed, and what was typed is kept when the page answers with a refusal.
 */
(function () {
  "use strict";

  var form = document.getElementById("pg-form");
  if (!form) return;
  var pad = form.querySelector(".pg-pad");
  var cells = Array.prototype.slice.call(form.querySelectorAll("input.pg-cell"));
  if (!pad || cells.length !== 25) return;
  pad.hidden = false;
  cells.forEach(function (cell) {
    cell.setAttribute("inputmode", "none"); // the pad, not the phone's keyboard
  });

  function next() {
    for (var i = 0; i < cells.length; i++) if (!cells[i].value) return i;
    return -1;
  }

  function mark() {
    var at = next();
    cells.forEach(function (cell, i) {
      cell.classList.toggle("pg-next", i === at);
    });
  }

  pad.addEventListener("click", function (event) {
    var key = event.target.closest("button");
    if (!key) return;
    var at = next();
    if (key.dataset.back) {
      var last = at === -1 ? cells.length - 1 : at - 1;
      for (; last >= 0 && !cells[last].value; last--);
      if (last >= 0) cells[last].value = "";
    } else if (at >= 0) {
      cells[at].value = key.dataset.value;
    }
    mark();
  });
  form.addEventListener("input", mark);
  mark();
})();

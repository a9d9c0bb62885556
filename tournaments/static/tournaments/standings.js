// Refresh the live standings of an event page every 15 s (a small JSON endpoint).
(function () {
  "use strict";
  var section = document.getElementById("standings");
  if (!section) { return; }
  var url = section.getAttribute("data-url");
  var dropped = section.getAttribute("data-dropped");  // "(dropped)" in the page's language
  var body = section.querySelector("tbody");
  function cell(tag, text) {
    var el = document.createElement(tag);
    el.textContent = text;
    if (tag === "th") { el.setAttribute("scope", "row"); }
    return el;
  }
  function render(data) {
    var rows = document.createDocumentFragment();
    data.rows.forEach(function (row) {
      var tr = document.createElement("tr");
      tr.appendChild(cell("td", String(row.rank)));
      var name = cell("th", row.name);
      if (row.dropped) {
        var note = document.createElement("span");
        note.className = "help";
        note.textContent = dropped;
        name.append(" ", note);
      }
      tr.appendChild(name);
      row.values.forEach(function (value) { tr.appendChild(cell("td", value)); });
      tr.appendChild(cell("td", String(row.games)));
      tr.appendChild(cell("td", String(row.byes)));
      rows.appendChild(tr);
    });
    body.replaceChildren(rows);
  }
  function poll() {
    fetch(url, { headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) { if (data) { render(data); } })
      .catch(function () { /* offline for a moment: try again later */ });
  }
  window.setInterval(poll, 15000);
})();

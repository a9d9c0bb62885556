// Draws every chart on the page from its JSON figure (plotly.js served by our own site).
(function () {
  "use strict";
  function draw() {
    document.querySelectorAll("[data-figure]").forEach(function (box) {
      var source = document.getElementById(box.getAttribute("data-figure"));
      if (!source || !window.Plotly) { return; }
      var figure = JSON.parse(source.textContent);
      window.Plotly.newPlot(box, figure.data, figure.layout, {
        responsive: true, displaylogo: false
      }).then(function () {
        box.setAttribute("data-drawn", "true");
        // Bars whose points carry an address (customdata "/...") open it when clicked.
        box.on("plotly_click", function (event) {
          var point = event && event.points && event.points[0];
          var target = point && point.customdata;
          if (typeof target === "string" && target.charAt(0) === "/") {
            window.location.assign(target);
          }
        });
      });
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", draw);
  } else {
    draw();
  }
})();

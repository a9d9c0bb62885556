// Draws every chart on the page from its JSON figure. plotly.js (our own copy, never a CDN) is
// fetched only when the page has a chart to draw, after the page's text and tables are shown.
(function () {
  "use strict";
  var me = document.currentScript;

  function boxes() {
    return document.querySelectorAll("[data-figure]");
  }

  function small() {
    return window.matchMedia("(max-width: 700px)").matches;
  }

  function draw() {
    var phone = small();
    boxes().forEach(function (box) {
      var source = document.getElementById(box.getAttribute("data-figure"));
      if (!source || !window.Plotly) { return; }
      var figure = JSON.parse(source.textContent);
      if (phone) {
        // A phone's width: a smaller title and thinner side margins.
        figure.layout.title = Object.assign({}, figure.layout.title, { font: { size: 14 } });
        figure.layout.margin = Object.assign({}, figure.layout.margin, { l: 40, r: 10 });
      }
      window.Plotly.newPlot(box, figure.data, figure.layout, {
        responsive: true,
        displaylogo: false,
        // On a phone the toolbar would cover the title: none (hover and tap still work).
        displayModeBar: phone ? false : "hover"
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

  function start() {
    if (!boxes().length) { return; }
    if (window.Plotly) { draw(); return; }
    var script = document.createElement("script");
    script.src = me.getAttribute("data-plotly");
    script.addEventListener("load", draw);
    document.head.appendChild(script);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

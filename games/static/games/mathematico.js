/* Mathematico live entry (see games/boards/mathematico.html). live.js sends a tapped cell or
 * drawn value through the API (its data-token buttons); the same buttons also submit a plain
 * form so the page records without JavaScript. Here: cancel that form post (live.js has sent
 * the tap), and after each new board bring the value and the mover's grid (or the number pad)
 * into view, with the focus on it, so the next player's grid comes up by itself.
 */
(function () {
  "use strict";

  if (window.mathematicoReady) return; // the board fragment carries this script again
  window.mathematicoReady = true;

  document.addEventListener(
    "submit",
    function (event) {
      if (event.target.closest && event.target.closest("#board-frame .tap-form")) {
        event.preventDefault();
      }
    },
    true
  );

  function seen(top, bottom) {
    // top: in the window and not under a sticky header; bottom: in the window
    var box = top.getBoundingClientRect();
    if (box.top < 0 || bottom.getBoundingClientRect().bottom > window.innerHeight) return false;
    var hit = document.elementFromPoint(box.left + 4, box.top + 4);
    return !!hit && top.contains(hit);
  }

  function bringIntoView() {
    var frame = document.getElementById("board-frame");
    var target = frame.querySelector(".m-pad") || frame.querySelector("form.m-current");
    if (!target) return; // not entering: leave the page where the reader is
    var active = document.activeElement;
    if (!active || active === document.body || !document.body.contains(active)) {
      var first = target.querySelector("button:not([disabled])");
      if (first) first.focus({ preventScroll: true }); // the tapped button left with the old board
    }
    var top = frame.querySelector("#m-now") || target;
    if (!seen(top, target)) top.scrollIntoView({ block: "start" });
  }

  var frame = document.getElementById("board-frame");
  if (!frame || !window.MutationObserver) return;
  new MutationObserver(bringIntoView).observe(frame, { childList: true });
})();

// The game page's "re-open" form (games/_reopen.html): shown once the board says the game
// ended, hidden while it is live; it always posts the ply the board shows as the last.
(function () {
  "use strict";
  var form = document.getElementById("reopen-form");
  var frame = document.getElementById("board-frame");
  if (!form || !frame) return;
  function follow() {
    var board = frame.querySelector(".board-root");
    if (!board) return;
    var status = board.dataset.status;
    form.hidden = status !== "finished" && status !== "abandoned";
    var plies = board.dataset.plies;
    var input = form.querySelector("input[name=expected_ply]");
    if (input && plies) input.value = plies;
  }
  new MutationObserver(follow).observe(frame, { childList: true, subtree: true });
  follow();
})();

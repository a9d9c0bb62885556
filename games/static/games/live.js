/* Live entry and replay of a game page. Vanilla JS, no framework.
 *
 * The server renders the board (games/_board.html) at any ply; this script swaps that
 * fragment in (GET board/?ply=N), records moves through the JSON API (POST moves/ with
 * expected_ply, POST undo/), polls GET poll/ so the page follows other devices, and steps
 * through the replay with the buttons and the arrow, Home and End keys. The fragment also
 * carries the move list, which replaces the page's own. Without it the page
 * still reads, replays (links) and records typed moves (plain form posts).
 */
(function () {
  "use strict";

  var root = document.getElementById("live");
  if (!root) return;
  var api = root.dataset.api;
  var boardUrl = root.dataset.board;
  var frame = document.getElementById("board-frame");
  var entry = document.getElementById("entry");
  var message = document.getElementById("entry-message");
  var tokenForm = document.getElementById("token-form");
  var tokenInput = document.getElementById("token-input");
  var undoForm = document.getElementById("undo-form");
  var count = document.getElementById("ply-count");
  var csrfInput = document.querySelector("input[name=csrfmiddlewaretoken]");
  // The page's words in the reader's language (json_script "live-words"); English otherwise.
  var words = {};
  try {
    words = JSON.parse(document.getElementById("live-words").textContent) || {};
  } catch (e) {
    words = {};
  }

  function t(key, english, values) {
    var text = words[key] || english;
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("%(" + name + ")s").join(String(values[name]));
    });
    return text;
  }

  var shown = 0; // the ply on screen
  var wanted = 0; // the ply on screen once the last load asked for arrives (keys step from it)
  var plies = 0; // plies recorded (as far as this page knows)
  var busy = false;
  var picked = { card: null, rank: null, suit: null };
  var loadSeq = 0;

  function board() {
    return frame.querySelector(".board-root");
  }

  function legal() {
    var node = document.getElementById("board-legal");
    try {
      return node ? JSON.parse(node.textContent) : null;
    } catch (e) {
      return null;
    }
  }

  function readBoard() {
    var b = board();
    shown = parseInt(b.dataset.ply, 10);
    plies = parseInt(b.dataset.plies, 10);
    var open = b.dataset.entry === "1";
    if (entry) {
      entry.hidden = !open;
      entry.querySelectorAll("input[name=expected_ply]").forEach(function (input) {
        input.value = String(plies);
      });
    }
    root.dataset.shown = String(shown);
    root.dataset.plies = String(plies);
    count.innerHTML = t("ply_count", "Ply <strong>%(ply)s</strong> of %(plies)s", {
      ply: shown,
      plies: plies,
    });
    setStep("first", 0);
    setStep("prev", Math.max(0, shown - 1));
    setStep("next", Math.min(plies, shown + 1));
    setStep("last", plies);
    document.querySelectorAll("#moves a[data-ply]").forEach(function (a) {
      if (parseInt(a.dataset.ply, 10) === shown) a.setAttribute("aria-current", "step");
      else a.removeAttribute("aria-current");
    });
    picked = { card: null, rank: null, suit: null };
  }

  // The fragment carries the move list (a <template>): it replaces the page's list, so moves
  // recorded here or on another device show up under the board.
  function takeMoves() {
    var fresh = frame.querySelector("template#moves-fresh");
    if (!fresh) return;
    var box = document.getElementById("moves-box");
    if (box) {
      box.innerHTML = fresh.innerHTML;
      var section = document.getElementById("moves-section");
      if (section) section.hidden = !box.querySelector("li");
    }
    fresh.remove();
  }

  function setStep(name, ply) {
    var link = root.querySelector("[data-step=" + name + "]");
    if (link) {
      link.href = "?ply=" + ply;
      link.dataset.ply = String(ply);
    }
  }

  function say(text, kind) {
    if (!message) return;
    message.textContent = text || "";
    message.className = "entry-message" + (kind ? " " + kind : "");
  }

  function load(ply) {
    var seq = ++loadSeq;
    if (ply !== null && ply !== undefined) wanted = ply;
    var url = boardUrl + (ply === null || ply === undefined ? "" : "?ply=" + ply);
    return fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(
            t("board_failed", "the board could not be loaded (%(status)s)", {
              status: response.status,
            })
          );
        }
        return response.text();
      })
      .then(function (html) {
        if (seq !== loadSeq) return; // a newer load won
        frame.innerHTML = html;
        takeMoves();
        readBoard();
        wanted = shown;
        root.dataset.ready = String(shown);
        if (window.history && window.history.replaceState) {
          window.history.replaceState(null, "", "?ply=" + shown);
        }
      });
  }

  function post(path, body) {
    return fetch(api + path, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-CSRFToken": csrfInput ? csrfInput.value : "",
      },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return {
            message: t("server_answered", "the server answered %(status)s", {
              status: response.status,
            }),
          };
        })
        .then(function (data) {
          return { status: response.status, data: data };
        });
    });
  }

  function refused(result) {
    var data = result.data || {};
    // sentence: an illegal move in the reader's language; message: every other refusal (translated)
    var text = data.sentence || data.message || t("not_recorded", "the move was not recorded");
    if (result.status === 409) {
      say(text, "stale");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button secondary";
      button.textContent = t("reload", "Reload the game");
      button.addEventListener("click", function () {
        say("");
        load(null);
      });
      message.appendChild(document.createTextNode(" "));
      message.appendChild(button);
    } else {
      say(text, "refused");
    }
  }

  function send(token) {
    if (busy) return Promise.resolve();
    busy = true;
    root.setAttribute("aria-busy", "true");
    return post("moves/", { token: token, expected_ply: plies })
      .then(function (result) {
        if (result.status === 201) {
          say(
            t("recorded", "Recorded ply %(ply)s: %(move)s", {
              ply: result.data.move.ply,
              move: result.data.move.token,
            }),
            "ok"
          );
          if (tokenInput) tokenInput.value = "";
          return load(result.data.state.plies);
        }
        refused(result);
      })
      .catch(function (error) {
        say(
          t("no_answer_move", "No answer from the server: %(error)s. Nothing was recorded.", {
            error: error.message,
          }),
          "refused"
        );
      })
      .then(function () {
        busy = false;
        root.removeAttribute("aria-busy");
      });
  }

  function undo() {
    if (busy) return;
    busy = true;
    post("undo/", { expected_ply: plies })
      .then(function (result) {
        if (result.status === 200) {
          say(t("taken_back", "The last move was taken back."), "ok");
          return load(result.data.plies);
        }
        refused(result);
      })
      .catch(function (error) {
        say(
          t("no_answer", "No answer from the server: %(error)s", { error: error.message }),
          "refused"
        );
      })
      .then(function () {
        busy = false;
      });
  }

  // --- tapping: MatriO card then tray, legal tokens, Integer Matrix squares ------------------

  function mark(selector, value, attribute) {
    frame.querySelectorAll(selector).forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute(attribute) === value));
    });
  }

  function pickCard(card) {
    picked.card = card;
    mark("[data-card]", card, "data-card");
    var trays = (legal() || {})[card] || [];
    frame.querySelectorAll("[data-tray]").forEach(function (tray) {
      var ok = trays.indexOf(tray.dataset.tray) >= 0;
      tray.classList.toggle("legal", ok);
    });
    var note = document.getElementById("picked");
    if (note) {
      note.textContent = trays.length
        ? t("picked_legal", "%(card)s picked: legal trays %(trays)s. Tap one.", {
            card: card,
            trays: trays.join(", "),
          })
        : t("picked_none", "%(card)s picked: it cannot be played now.", { card: card });
    }
  }

  function onTap(event) {
    var target = event.target.closest("button");
    if (!target || !frame.contains(target)) return;
    var data = target.dataset;
    if (data.card) {
      pickCard(data.card);
    } else if (data.rank || data.suit) {
      if (data.rank) picked.rank = data.rank;
      if (data.suit) picked.suit = data.suit;
      mark("[data-rank]", picked.rank, "data-rank");
      mark("[data-suit]", picked.suit, "data-suit");
      if (picked.rank && picked.suit) pickCard(picked.rank + picked.suit);
    } else if (data.tray) {
      if (!picked.card) {
        say(t("pick_first", "Pick a card first, then its tray."), "refused");
        return;
      }
      send(picked.card + ">" + data.tray);
    } else if (data.token) {
      send(data.token);
    } else if (data.square) {
      var disc = document.getElementById("im-disc");
      var colour = frame.querySelector("input[name=im-colour]:checked");
      if (!disc || !disc.value.trim()) {
        say(
          t("disc_first", "Type the disc (e.g. +3/-5) first, then tap its square."),
          "refused"
        );
        if (disc) disc.focus();
        return;
      }
      send(disc.value.trim() + " " + (colour ? colour.value : "W") + " " + data.square);
    }
  }

  // --- replay --------------------------------------------------------------------------------

  function step(ply) {
    ply = Math.max(0, Math.min(plies, ply));
    if (ply === wanted) return Promise.resolve();
    return load(ply);
  }

  root.querySelectorAll("[data-step]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      step(parseInt(link.dataset.ply, 10));
    });
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("#moves a[data-ply]") : null;
    if (!link) return;
    event.preventDefault();
    step(parseInt(link.dataset.ply, 10));
  });
  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var keys = { ArrowLeft: wanted - 1, ArrowRight: wanted + 1, Home: 0, End: plies };
    if (event.key in keys) {
      event.preventDefault();
      step(keys[event.key]);
    }
  });

  // --- entry forms ---------------------------------------------------------------------------

  if (tokenForm) {
    tokenForm.addEventListener("submit", function (event) {
      event.preventDefault();
      var token = tokenInput.value.trim();
      if (!token) {
        say(t("move_first", "Type a move first."), "refused");
        return;
      }
      send(token);
    });
  }
  if (undoForm) {
    undoForm.addEventListener("submit", function (event) {
      event.preventDefault();
      undo();
    });
  }
  frame.addEventListener("click", onTap);

  // --- following other devices ---------------------------------------------------------------

  function poll() {
    if (document.hidden || busy) return;
    fetch(api + "poll/", { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (data) {
        if (!data || busy || data.ply === plies) return;
        var following = shown === plies;
        plies = data.ply;
        // following: show the game now; replaying: stay at the ply, refresh the move list
        load(following ? null : wanted);
      })
      .catch(function () {});
  }

  readBoard();
  wanted = shown;
  root.dataset.ready = String(shown);
  window.setInterval(poll, 2000);
})();

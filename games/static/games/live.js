/* Live entry and replay of a game page. Vanilla JS, no framework.
 *
 * The server renders the board (games/_board.html) at any ply; this script swaps that
 * fragment in (GET board/?ply=N), records moves through the JSON API (POST moves/ with
 * expected_ply, POST undo/), polls GET poll/ so the page follows other devices, and steps
 * through the replay with the buttons and the arrow, Home and End keys. The fragment also
 * carries the move list, which replaces the page's own. Without it the page
 * still reads, replays (links) and records typed moves (plain form posts).
 *
 * Tapping: MatriO a card then a tray; Matrix Overload the card drawn (picked for you when it
 * is known) then a pile or slot, LOOP and ABANDON after a confirm step on the page; the
 * Integer Matrix the disc's two faces, its colour (kept from move to move) and a square.
 * Keyboard: typing anywhere outside a field goes into the move box, which keeps the focus;
 * after a tapped move the focus goes back to the first control of the new board.
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
  // Integer Matrix: the disc being built; the colour and the signs stay from move to move
  var disc = { sign: "+", white: null, black: null, colour: "W" };
  var refocus = false; // a tapped move: put the focus back on the new board

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
    followStatus(b);
    if (b.dataset.kind === "integer-matrix") showDisc();
    var one = frame.querySelector("[data-one-card]");
    if (one && one.dataset.oneCard) pickOverload(one.dataset.oneCard, true);
  }

  // The header says what the board says: "Live" no more, no abandon link, once it is over.
  function followStatus(b) {
    var status = document.getElementById("game-status");
    if (status && b.dataset.status && b.dataset.statusLabel) {
      status.textContent = b.dataset.statusLabel;
      status.className = "status status-" + b.dataset.status;
    }
    var live = b.dataset.status === "live";
    ["abandon-link", "hints-toggle"].forEach(function (id) {
      var node = document.getElementById(id);
      if (node) node.hidden = !live;
    });
  }

  function focusBoard() {
    var first = frame.querySelector(
      ".picker button:not([disabled]), #im-entry button, .hand button, button[data-place]"
    );
    if (first) first.focus();
    else if (tokenInput && entry && !entry.hidden) tokenInput.focus();
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
        if (refocus) focusBoard();
        refocus = false;
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
    // plain: the refusal in club words; sentence: in the reader's language; message: as is
    var text =
      data.plain || data.sentence || data.message || t("not_recorded", "the move was not recorded");
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
          disc.white = disc.black = null; // a new disc is drawn; colour and signs stay
          // after the last move no entry is left: keep the focus on the page's result
          return load(result.data.state.plies).then(function () {
            if (document.activeElement === document.body && tokenInput && !entry.hidden) {
              tokenInput.focus();
            }
          });
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

  // Matrix Overload: legal tokens (6C:1, KH>N2, 7D:IN2, 6C while dealing) by card, then place.
  function overloadTargets() {
    var byCard = {};
    (legal() || []).forEach(function (token) {
      if (token === "LOOP" || token === "ABANDON") return;
      var parts = token.replace(">", ":").split(":");
      var place = parts[1] || "";
      if (place.length === 3 && (place[0] === "I" || place[0] === "P")) place = place.slice(1);
      byCard[parts[0]] = byCard[parts[0]] || {};
      byCard[parts[0]][place] = token;
    });
    return byCard;
  }

  function pickOverload(card, preset) {
    picked.card = card;
    mark("[data-card]", card, "data-card");
    var places = overloadTargets()[card] || {};
    if (places[""] && !preset) {
      refocus = true;
      send(places[""]); // the deal: the card is the whole move
      return;
    }
    var names = Object.keys(places);
    frame.querySelectorAll("[data-place]").forEach(function (button) {
      var ok = names.indexOf(button.dataset.place) >= 0;
      button.classList.toggle("legal", ok);
      button.disabled = !ok;
    });
    var note = document.getElementById("picked");
    if (note) {
      note.textContent = names.length
        ? t("placed_legal", "%(card)s: it may go to %(places)s. Tap one.", {
            card: card,
            places: names.join(", "),
          })
        : t("picked_none", "%(card)s picked: it cannot be played now.", { card: card });
    }
  }

  function pickCard(card) {
    if (board().dataset.kind === "matrix-overload") {
      pickOverload(card);
      return;
    }
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
      refocus = true;
      if (!picked.card) {
        say(t("pick_first", "Pick a card first, then its tray."), "refused");
        return;
      }
      send(picked.card + ">" + data.tray);
    } else if (data.place) {
      var token = (overloadTargets()[picked.card] || {})[data.place];
      if (!picked.card || !token) {
        say(t("pick_card_first", "Tap the card drawn first, then where it goes."), "refused");
        return;
      }
      refocus = true;
      send(token);
    } else if (data.token) {
      if (data.confirm) confirmThen(data.confirm, data.token);
      else send(data.token);
    } else if (data.imSign || data.imWhite || data.imBlack) {
      if (data.imSign) disc.sign = data.imSign;
      if (data.imWhite) disc.white = data.imWhite;
      if (data.imBlack) disc.black = data.imBlack;
      showDisc();
    } else if (data.square) {
      var text = discText();
      if (!text) {
        say(t("disc_first", "Tap the disc's white and black numbers first, then its square."), "refused");
        return;
      }
      refocus = true;
      send(text + " " + disc.colour + " " + data.square);
    }
  }

  // --- the Integer Matrix disc: two faces (opposite signs), the colour up ---------------------

  function face(number, positive) {
    return (positive || number === "0" ? "+" : "-") + number;
  }

  function discText() {
    if (disc.white === null || disc.black === null) return "";
    var whitePositive = disc.sign === "+";
    return face(disc.white, whitePositive) + "/" + face(disc.black, !whitePositive);
  }

  function showDisc() {
    mark("[data-im-sign]", disc.sign, "data-im-sign");
    mark("[data-im-white]", disc.white, "data-im-white");
    mark("[data-im-black]", disc.black, "data-im-black");
    var whiteSign = disc.sign === "+" ? "+" : "−";
    var blackSign = disc.sign === "+" ? "−" : "+";
    frame.querySelectorAll("[data-im-white]").forEach(function (b) {
      b.textContent = (b.dataset.imWhite === "0" ? "" : whiteSign) + b.dataset.imWhite;
    });
    frame.querySelectorAll("[data-im-black]").forEach(function (b) {
      b.textContent = (b.dataset.imBlack === "0" ? "" : blackSign) + b.dataset.imBlack;
    });
    frame.querySelectorAll("input[name=im-colour]").forEach(function (input) {
      input.checked = input.value === disc.colour;
    });
    var out = document.getElementById("im-disc");
    if (out) out.textContent = discText() ? discText() + " " + disc.colour : "";
    var key = disc.colour === "W" ? "white" : "black";
    frame.querySelectorAll("button[data-square]").forEach(function (b) {
      var ok = b.dataset[key] === "1";
      b.classList.toggle("other-colour", !ok);
      b.disabled = !ok;
    });
  }

  frame.addEventListener("change", function (event) {
    if (event.target.name === "im-colour") {
      disc.colour = event.target.value;
      showDisc();
    }
  });

  // --- a confirm step on the page (LOOP, ABANDON): works on a phone, no window.confirm ---------

  function confirmThen(question, token) {
    say(question, "stale");
    var yes = document.createElement("button");
    yes.type = "button";
    yes.className = "button danger";
    yes.id = "confirm-yes";
    yes.textContent = t("confirm_yes", "Yes, record %(move)s", { move: token });
    var no = document.createElement("button");
    no.type = "button";
    no.className = "button secondary";
    no.textContent = t("confirm_no", "No, go back");
    yes.addEventListener("click", function () {
      say("");
      send(token);
    });
    no.addEventListener("click", function () {
      say("");
      focusBoard();
    });
    message.appendChild(document.createTextNode(" "));
    message.appendChild(yes);
    message.appendChild(document.createTextNode(" "));
    message.appendChild(no);
    no.focus();
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
    // typing a move anywhere outside a field goes into the move box
    var open = tokenInput && entry && !entry.hidden;
    if (open && event.key.length === 1 && /[0-9a-zA-Z+\-\/=:>]/.test(event.key)) {
      event.preventDefault();
      tokenInput.focus();
      tokenInput.value += event.key;
      return;
    }
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
      var ends = frame.querySelector('[data-confirm][data-token="' + token.toUpperCase() + '"]');
      if (ends) confirmThen(ends.dataset.confirm, ends.dataset.token);
      else send(token);
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

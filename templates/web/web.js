// The web table's pages: taps become moves (POST), live updates replace #page (server-sent
// events, or polling where EventSource is missing). No rule here: the server sends the menu.
"use strict";
(function () {
  const page = document.getElementById("page");
  if (!page) return;
  const token = page.dataset.token;
  const api = "/api/" + encodeURIComponent(token);
  const error = document.getElementById("error");
  const TURN_BACK_MS = 3000; // a memory board's card stays in sight this long once covered
  let version = Number(page.dataset.version || 0);
  let shown = null; // the html of the state drawn last
  let busy = false;

  function showError(text) {
    error.textContent = text;
    error.hidden = !text;
    if (text) setTimeout(function () { if (error.textContent === text) error.hidden = true; }, 5000);
  }

  function render(state) {
    if (!state || typeof state.version !== "number" || state.version < version) return;
    // The state shown already comes again: a seat's own move is answered and then sent on
    // its live updates too, and a reconnected stream starts with the state as it stands.
    // Drawn again, it would close a menu step the player has just opened.
    if (state.version === version && state.html === shown) return;
    const before = {};
    page.querySelectorAll("#board .cell.up").forEach(function (cell) {
      before[cell.dataset.cell] = cell.innerHTML;
    });
    // the story keeps its place unless its reader was at its newest line (a column-reverse
    // box: scrollTop 0 is the newest line, more negative is further up)
    const oldStory = page.querySelector("#story");
    const fromTop = oldStory && oldStory.scrollTop < -2
      ? oldStory.scrollHeight - oldStory.clientHeight + oldStory.scrollTop : null;
    const chosen = page.querySelector("#hand .card.chosen");
    version = state.version;
    page.dataset.version = String(version);
    page.innerHTML = state.html;
    shown = state.html;
    const story = page.querySelector("#story");
    if (story && fromTop !== null) {
      story.scrollTop = Math.min(0, fromTop - (story.scrollHeight - story.clientHeight));
    }
    if (chosen) {  // the card tapped stays chosen while it is still in the hand
      const again = page.querySelector('#hand [data-card="' + CSS.escape(chosen.dataset.card) + '"]');
      if (again) chooseCard(again);
    }
    // A card turned face down again is shown a moment longer, then turned back (the
    // engine's view already hides it: this page only animates what it showed).
    page.querySelectorAll("#board .cell.down").forEach(function (cell) {
      const old = before[cell.dataset.cell];
      if (old === undefined) return;
      const label = cell.innerHTML;
      cell.innerHTML = old;
      cell.classList.add("turning");
      setTimeout(function () {
        if (!cell.isConnected) return;
        cell.innerHTML = label;
        cell.classList.remove("turning");
      }, TURN_BACK_MS);
    });
  }

  function send(body) {
    if (busy) return;
    busy = true;
    page.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    fetch(api + "/move", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      // the version the tap was made on: a tap that reaches the table after it moved on (a
      // double tap, a slow network) is refused, not taken as a move in the next decision
      body: JSON.stringify(Object.assign({ version: version }, body)),
      credentials: "same-origin",
      cache: "no-store",
    }).then(function (response) {
      return response.json().then(function (data) { return [response.ok, data]; });
    }).then(function (result) {
      busy = false;
      if (result[0]) { showError(""); render(result[1].state); }
      else { showError(result[1].error || "refused"); refresh(); }
    }).catch(function () { busy = false; showError("no answer from the table"); refresh(); });
  }

  function refresh() {
    fetch(api + "/state", { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (state) {
        if (!state) return;
        if (state.version === version) {
          page.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
        }
        render(state);
      })
      .catch(function () {});
  }

  function openStep(button) {
    const path = button.dataset.step;
    const under = page.querySelector('[data-under="' + CSS.escape(path) + '"]');
    if (!under) return;
    const open = under.hidden;
    // one branch open at a time on each level
    const parent = button.closest(".choices") || page.querySelector("#menu");
    parent.querySelectorAll(":scope > .step > .choices").forEach(function (c) { c.hidden = true; });
    parent.querySelectorAll(":scope > .step > [data-step]").forEach(function (b) {
      b.setAttribute("aria-expanded", "false");
    });
    under.hidden = !open;
    button.setAttribute("aria-expanded", open ? "true" : "false");
  }

  function chooseCard(card) {
    const moves = page.querySelector("#card-moves");
    const id = card.dataset.card;
    const chosen = card.classList.contains("chosen");
    page.querySelectorAll("#hand .card.chosen").forEach(function (c) { c.classList.remove("chosen"); });
    if (!moves) return;
    let any = false;
    moves.querySelectorAll(".for-card").forEach(function (list) {
      const mine = !chosen && list.dataset.for === id;
      list.hidden = !mine;
      any = any || mine;
    });
    moves.hidden = !any;
    if (any) card.classList.add("chosen");
    // the places on the board this card can go light up: a tap there is its "where"
    const places = {};
    moves.querySelectorAll(".for-card:not([hidden]) [data-where]").forEach(function (b) {
      places[b.dataset.where] = (places[b.dataset.where] || 0) + 1;
    });
    page.querySelectorAll("#board [data-target]").forEach(function (t) {
      t.classList.toggle("can-go", places[t.dataset.target] === 1);
    });
  }

  // A tap on a place on the board: with a card chosen, that card's one move there; else the
  // place's own move (a Bakeries slot to turn, a column for the Jungle), if it has one.
  function tapPlace(place) {
    const where = place.dataset.target;
    const buttons = page.querySelectorAll(
      '#card-moves .for-card:not([hidden]) [data-where="' + CSS.escape(where) + '"]');
    if (page.querySelector("#hand .card.chosen") && buttons.length === 1) {
      send({ move: buttons[0].dataset.move });
    } else if (place.dataset.move !== undefined) {
      send({ move: place.dataset.move });
    } else if (buttons.length > 1) {
      buttons[0].parentElement.scrollIntoView({ block: "nearest" });
    }
  }

  page.addEventListener("click", function (event) {
    const target = event.target.closest(
      "#board [data-target], [data-move], [data-step], #hand [data-card]");
    if (!target || !page.contains(target)) return;
    if (target.dataset.target !== undefined) tapPlace(target);
    else if (target.dataset.step !== undefined) openStep(target);
    else if (target.dataset.move !== undefined) send({ move: target.dataset.move });
    else chooseCard(target);
  });
  page.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const place = event.target.closest("#board [data-target]");
    if (place) { event.preventDefault(); tapPlace(place); }
  });

  if (window.EventSource) {
    const events = new EventSource(api + "/events");
    events.addEventListener("state", function (e) {
      try { render(JSON.parse(e.data)); } catch (err) { /* a torn message: the next one mends it */ }
    });
  } else {
    setInterval(refresh, 2000);
  }
})();

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
  let busy = false;

  function showError(text) {
    error.textContent = text;
    error.hidden = !text;
    if (text) setTimeout(function () { if (error.textContent === text) error.hidden = true; }, 5000);
  }

  function render(state) {
    if (!state || typeof state.version !== "number" || state.version < version) return;
    const before = {};
    page.querySelectorAll("#board .cell.up").forEach(function (cell) {
      before[cell.dataset.cell] = cell.innerHTML;
    });
    version = state.version;
    page.dataset.version = String(version);
    page.innerHTML = state.html;
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
      body: JSON.stringify(body),
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
  }

  page.addEventListener("click", function (event) {
    const target = event.target.closest("[data-move], [data-step], #hand [data-card]");
    if (!target || !page.contains(target)) return;
    if (target.dataset.step !== undefined) openStep(target);
    else if (target.dataset.move !== undefined) send({ move: target.dataset.move });
    else chooseCard(target);
  });
  page.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const cell = event.target.closest("#board [data-move]");
    if (cell) { event.preventDefault(); send({ move: cell.dataset.move }); }
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

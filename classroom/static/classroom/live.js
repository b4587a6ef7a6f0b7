// Playboss Classroom: keeps a game screen live, and never behind.
//
// The websocket sends this screen itself, region by region: "changed" the moment anything
// happens (for the ticker), then "screen" with the regions whose content changed. Regions are
// morphed in place (idiomorph), so a form someone is filling in survives every update. The
// server builds each viewer's own screen, so secrets never travel to another screen.
//
// Never behind: a screen message older than what is shown is ignored; the screen checks in
// every SYNC_MS over the socket (and gets the whole screen back if it is not current); when
// the socket is closed it polls the revision and fetches the panel over HTTP, a change that
// arrives during a fetch fetches again; reconnects back off with jitter.
(function () {
  "use strict";
  const root = document.getElementById("live");
  if (!root) return;
  const panel = document.getElementById("panel");
  const ticker = document.getElementById("ticker");
  const connection = document.getElementById("connection");
  const gameId = root.dataset.game;
  const SYNC_MS = 20000;
  const POLL_MS = 3000;
  let actor = root.dataset.actor || "";
  let revision = -1;        // the revision this screen shows
  let ledgerPage = 1;
  let socket = null;
  let socketOpen = false;
  let reconnects = 0;
  let fetching = false;     // an HTTP panel fetch is running
  let fetchAgain = false;   // a change came during it: fetch once more afterwards
  let tickSent = false;
  const busy = new Set();   // moves in flight, by their form's signature (no double sending)
  const keys = new Map();   // a move's idempotency key, kept across retries, by signature
  // The page's words for this script, translated by the template (data-t-*), English by default.
  const t = (key, fallback) => root.dataset[key] || fallback;

  function csrfToken() {
    const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function flash(text, kind, near) {
    let box = document.getElementById("flash");
    // A refusal is shown next to the control that was used (on a phone the top of the page
    // is far away); other news at the top.
    if (near && kind === "error") {
      let local = near.querySelector(":scope > .move-error");
      if (!local) {
        local = document.createElement("p");
        local.className = "move-error error";
        local.setAttribute("role", "alert");
        near.append(local);
      }
      local.textContent = text;
      setTimeout(() => { if (local.parentNode) local.remove(); }, 8000);
      if (!box) return;
    }
    if (!box) return;
    const p = document.createElement("p");
    p.className = kind || "info";
    p.textContent = text;
    box.replaceChildren(p);
    if (kind !== "error") setTimeout(() => { if (p.parentNode) p.remove(); }, 6000);
  }

  function addTicker(lines) {
    if (!ticker || !lines) return;
    for (const line of lines) {
      const li = document.createElement("li");
      li.textContent = line;
      ticker.prepend(li);
    }
    while (ticker.children.length > 12) ticker.lastChild.remove();
  }

  // ------------------------------------------------------------------ drawing the screen
  const morphOptions = {
    morphStyle: "innerHTML",
    callbacks: {
      // Never replace what a person is typing or has chosen: a field being edited, or edited
      // since the last send, keeps its value until its form is sent. Only while the new screen
      // has that very field there: a die chosen for a roll must not stay behind in the form
      // of the next move (which the engine would refuse: "no field die").
      beforeNodeMorphed(oldNode, newNode) {
        if (oldNode instanceof HTMLInputElement || oldNode instanceof HTMLTextAreaElement ||
            oldNode instanceof HTMLSelectElement) {
          const same = newNode.nodeName === oldNode.nodeName &&
            newNode.getAttribute("name") === oldNode.getAttribute("name");
          if (same && (oldNode === document.activeElement || oldNode.dataset.dirty)) return false;
        }
        return true;
      },
      // A <details> the person opened or closed stays so.
      beforeAttributeUpdated(name, node) {
        return !(name === "open" && node instanceof HTMLDetailsElement);
      },
    },
  };

  function morph(target, html) {
    if (window.Idiomorph) window.Idiomorph.morph(target, html, morphOptions);
    else target.innerHTML = html;
  }

  // The table of the other teams is the same for every team's screen: this screen hides its
  // own row.
  function markMine() {
    for (const row of panel.querySelectorAll("section.others tr[data-team]")) {
      row.classList.toggle("mine", row.dataset.team === actor);
    }
  }

  const fmt = (n) => n.toLocaleString(root.dataset.lang || document.documentElement.lang || undefined);

  // A number field's name as its label says it ("Marks a unit"; "You give · Marks" in a deal).
  function fieldName(input) {
    const label = input.closest("label");
    const own = label ? (label.querySelector(":scope > span") || label) : null;
    let name = own ? own.textContent.trim() : input.name;
    const set = input.closest("fieldset");
    const legend = set && set.querySelector("legend");
    if (legend) name = `${legend.textContent.trim()} · ${name}`;
    return name;
  }

  // Junk in a number field (issue 21: "1e3", "2.5", "abc", out of range): the field's own
  // sentence, or "" when the value is a whole number the field takes (an empty optional field
  // too). The browser reads "1e3" as 1000 and parseInt as 1: neither is what was meant.
  function junkOf(input) {
    const raw = input.value.trim();
    if (raw === "" && !input.validity.badInput && !input.required) return "";
    const min = input.min !== "" ? Number(input.min) : null;
    const max = input.max !== "" ? Number(input.max) : null;
    const step = Number(input.step) || 1;
    const value = /^-?\d+$/.test(raw) ? parseInt(raw, 10) : NaN;
    if (!Number.isNaN(value) && (min === null || value >= min) && (max === null || value <= max)
        && (value - (min || 0)) % step === 0) return "";
    let text = min !== null && max !== null ? t("tNumberRange", "{field}: type a whole number from {min} to {max}.")
      : min !== null ? t("tNumberFrom", "{field}: type a whole number, at least {min}.")
        : t("tNumber", "{field}: type a whole number.");
    if (step > 1) text += " " + t("tNumberStep", "In steps of {step}.");
    return text.replace("{field}", fieldName(input)).replace("{min}", fmt(min || 0))
      .replace("{max}", fmt(max || 0)).replace("{step}", fmt(step));
  }

  // A number field's consequence follows what is typed ("1,350 Marks for the lot · cash after
  // 18,650"); the server wrote it for the field's first value, in the page's language. Junk
  // gets the field's own sentence instead of a figure.
  function liveConsequence(input) {
    const out = input.form && input.form.querySelector("output.live");
    if (!out) return;
    const junk = junkOf(input);
    input.toggleAttribute("aria-invalid", Boolean(junk));
    if (junk) {
      out.textContent = junk;
      out.classList.add("error");
      return;
    }
    const value = parseInt(input.value, 10);
    if (Number.isNaN(value)) return;
    const total = value * Number(out.dataset.times);
    const cash = Number(out.dataset.cash) + Number(out.dataset.sign) * total;
    out.textContent = out.dataset.pattern.replace("{total}", fmt(total)).replace("{cash}", fmt(cash));
    out.classList.toggle("error", cash < 0); // more than the team can pay
  }

  // A private deal's form: the team's cash after the Marks it gives and gets, a loan's
  // included (the goods and machines change no cash).
  function liveDealCash(form) {
    const out = form.querySelector("output.deal-cash");
    if (!out) return;
    for (const input of form.querySelectorAll("input[type=number]")) {
      const junk = junkOf(input);
      input.toggleAttribute("aria-invalid", Boolean(junk));
      if (junk) { // no figure from a field that holds no whole number
        out.textContent = junk;
        out.classList.add("error");
        return;
      }
    }
    const marks = (name) => parseInt((form.elements[name] || {}).value, 10) || 0;
    const cash = Number(out.dataset.cash) - marks("give.cash") - marks("give.loan")
      + marks("take.cash") + marks("take.loan");
    let text = out.dataset.pattern.replace("{cash}", fmt(cash));
    // A loan with a due date (private_loan_due "agreed"): after how many of whose years (the
    // borrower's: the partner when this team lends).
    const years = parseInt((form.elements["loan_due_years"] || {}).value, 10);
    const partner = form.elements["partner"];
    if (out.dataset.dueMany && years > 0 && partner && (marks("give.loan") || marks("take.loan"))) {
      const team = marks("give.loan") > 0 ? partner.value : out.dataset.me;
      const pattern = years === 1 ? out.dataset.dueOne : out.dataset.dueMany;
      text += " · " + pattern.replace("{team}", team).replace("{years}", fmt(years));
    }
    out.textContent = text;
    out.classList.toggle("error", cash < 0);
  }

  // Paused (issue 21): every move control on this screen is disabled, the bank's own excepted
  // (it books corrections and undoes while the game is paused); a refusal shown at the top
  // ("the game is paused") goes when the game resumes or a move is taken back.
  let gameStatus = "";
  let gameHistory = "";
  function isPaused() { return gameStatus === "paused"; }
  function bankForm(form) { return (form.dataset.actor || actor) === "bank"; }
  function lockMoves() {
    const paused = isPaused();
    panel.classList.toggle("paused", paused);
    for (const form of panel.querySelectorAll("form.move, form.deal-form")) {
      const lock = paused && !bankForm(form);
      for (const control of form.querySelectorAll("button, input, select, textarea")) {
        if (lock && !control.disabled) {
          control.disabled = true;
          control.dataset.pauseLock = "1";
        } else if (!lock && control.dataset.pauseLock) {
          control.disabled = false;
          delete control.dataset.pauseLock;
        }
      }
    }
  }
  function readGameState() {
    const mark = panel.querySelector(".game-state");
    if (!mark) return;
    const resumed = gameStatus === "paused" && mark.dataset.status !== "paused";
    const undone = gameHistory !== "" && mark.dataset.history !== gameHistory;
    if (resumed || undone) {
      const box = document.getElementById("flash");
      if (box) for (const p of box.querySelectorAll("p.error")) p.remove();
      for (const p of panel.querySelectorAll(".move-error")) p.remove();
    }
    gameStatus = mark.dataset.status || "";
    gameHistory = mark.dataset.history || "";
  }

  function shown(newRevision) {
    readGameState();
    lockMoves();
    for (const input of panel.querySelectorAll("form.move input[type=number]")) liveConsequence(input);
    for (const form of panel.querySelectorAll("form.deal-form")) liveDealCash(form);
    markMine();
    revision = newRevision;
    root.dataset.revision = String(newRevision);
    panel.dataset.revision = String(newRevision);
    tickSent = false;
  }

  function applyScreen(msg) {
    if (msg.revision < revision) return; // late: this screen already shows something newer
    if (msg.layout !== undefined) {
      const template = document.createElement("template");
      template.innerHTML = msg.layout;
      for (const slot of template.content.querySelectorAll("[data-region]")) {
        slot.innerHTML = msg.regions[slot.dataset.region] || "";
      }
      morph(panel, template.innerHTML);
    } else {
      for (const [name, html] of Object.entries(msg.regions || {})) {
        const region = panel.querySelector(`[data-region="${CSS.escape(name)}"]`);
        if (!region) { askForWholeScreen(); return; }
        morph(region, html);
      }
    }
    shown(msg.revision);
    if (connection && msg.waiting) root.dataset.waiting = msg.waiting.join("\n");
  }

  function askForWholeScreen() {
    if (socketOpen) socket.send(JSON.stringify({ type: "sync", revision: -1 }));
    else fetchPanel();
  }

  // The HTTP panel: the first load without a socket, and polling.
  async function fetchPanel() {
    if (fetching) { fetchAgain = true; return; }
    fetching = true;
    try {
      do {
        fetchAgain = false;
        const url = new URL(root.dataset.panel, location.href);
        if (actor) url.searchParams.set("as", actor);
        url.searchParams.set("ledger_page", String(ledgerPage));
        const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
        // 403: this browser lost its seat (the role went elsewhere, the session ended): the
        // page itself then leads to the join form or the sign-in.
        if (response.status === 403) { location.reload(); return; }
        if (!response.ok) throw new Error(String(response.status));
        const html = await response.text();
        const got = parseInt(response.headers.get("X-Playboss-Revision") || "-1", 10);
        if (got >= revision) { morph(panel, html); shown(got); }
      } while (fetchAgain);
    } catch (err) {
      flash(t("tLoadFailed", "The game could not be loaded; retrying…"), "error");
    } finally {
      fetching = false;
    }
  }

  // ------------------------------------------------------------------ moves
  function newKey() {
    return crypto.randomUUID ? crypto.randomUUID()
      : Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  function numberOrText(value) {
    return /^-?\d+$/.test(value) ? parseInt(value, 10) : value;
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // One press of a button: sent until it is answered. A retry after a lost answer or a server
  // error carries the same key, so the server applies the move at most once.
  async function send(action, form) {
    const signature = JSON.stringify(action);
    if (busy.has(signature)) return;
    busy.add(signature);
    if (!keys.has(signature)) keys.set(signature, newKey());
    // A form may name its own actor (the representative's answers on the bank console).
    const body = JSON.stringify({ actor: form.dataset.actor || actor, action: action,
                                  key: keys.get(signature), revision: revision });
    for (const b of form.querySelectorAll("button")) b.disabled = true;
    // Sent: what was typed has been used. The screen the move brings (over the socket, often
    // before this answer) may redraw these fields for the next move.
    for (const input of form.querySelectorAll("[data-dirty]")) delete input.dataset.dirty;
    try {
      for (let attempt = 0; ; attempt++) {
        let response = null;
        try {
          response = await fetch(root.dataset.move, {
            method: "POST", credentials: "same-origin", body: body,
            headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
          });
        } catch (err) { response = null; }
        if (response && response.status < 500) {
          const answer = await response.json().catch(() => ({ ok: false, error: t("tNoAnswer", "No answer.") }));
          keys.delete(signature); // answered: the next press is a new move
          if (!answer.ok) {
            flash(answer.error, "error", form);
          } else {
            if (answer.events && answer.events.length) flash(answer.events[answer.events.length - 1]);
            for (const input of form.querySelectorAll("[data-dirty]")) delete input.dataset.dirty;
            if (form.classList.contains("deal-form")) form.reset();
          }
          break;
        }
        if (attempt >= 3) { // the key stays: pressing again retries this very move
          flash(t("tOffline", "No connection to the game; your move was not sent."), "error", form);
          break;
        }
        await sleep(400 * 2 ** attempt + Math.random() * 300);
      }
    } finally {
      busy.delete(signature);
      for (const b of form.querySelectorAll("button")) b.disabled = false;
      lockMoves(); // paused meanwhile: stays disabled
      if (!socketOpen) fetchPanel();
    }
  }

  function moveOf(form) {
    if (form.classList.contains("deal-form")) {
      const action = { type: "propose_deal", give: {}, take: {} };
      for (const input of form.querySelectorAll("select, input")) {
        const value = input.value.trim();
        if (!input.name || value === "") continue;
        const [side, field] = input.name.split(".");
        if (!field) { // a number field of the deal itself (loan_due_years) goes as a number
          const number = Number(value);
          action[side] = input.type === "number" && Number.isInteger(number) ? number : value;
          continue;
        }
        if (field === "machines" || field === "lease") {
          action[side][field] = value.split(/[ ,;]+/).filter(Boolean).map((v) => parseInt(v, 10));
        } else {
          action[side][field] = parseInt(value, 10);
        }
      }
      return action;
    }
    const action = Object.assign({ type: form.dataset.type }, JSON.parse(form.dataset.fixed || "{}"));
    for (const input of form.querySelectorAll("select, input")) {
      if (input.name) action[input.name] = numberOrText(input.value);
    }
    return action;
  }

  // A move that spends more than half the team's cash asks first, with the cash after
  // (issue 21): the server wrote the cash after each value (data-after, the engine's quotes);
  // a number field's live line has its figures. "" when there is nothing to ask.
  function spendWords(form) {
    let cash = Number(form.dataset.cash);
    let after = NaN;
    const select = form.querySelector("select");
    const chosen = select && select.selectedOptions[0];
    if (chosen && chosen.dataset.after !== undefined) after = Number(chosen.dataset.after);
    else if (form.dataset.after !== undefined) after = Number(form.dataset.after);
    else {
      const out = form.querySelector("output.live");
      const input = form.querySelector("input[type=number]");
      if (out && input) {
        cash = Number(out.dataset.cash);
        after = cash + Number(out.dataset.sign) * Number(out.dataset.times) * parseInt(input.value, 10);
      }
    }
    if (!(cash > 0) || Number.isNaN(after) || cash - after <= cash / 2) return "";
    const button = form.querySelector("button");
    return t("tSpend", "{move}: this spends {spent} of your {cash} Marks. Your cash after: {after} Marks. Go ahead?")
      .replace("{move}", button ? button.textContent.trim() : form.dataset.type)
      .replace("{spent}", fmt(cash - after)).replace("{cash}", fmt(cash)).replace("{after}", fmt(after));
  }

  // Listeners sit on the panel itself: the regions inside it change, the panel stays.
  panel.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (!form.classList.contains("move") && !form.classList.contains("deal-form")) return;
    event.preventDefault();
    if (isPaused() && !bankForm(form)) return; // its controls are disabled; Enter neither
    // Junk in a number field: its own sentence next to the form, nothing sent.
    for (const input of form.querySelectorAll("input[type=number]")) {
      const junk = junkOf(input);
      if (junk) {
        input.setAttribute("aria-invalid", "true");
        // The form's live line says it already (and is read out); otherwise beside the form.
        const out = form.querySelector("output.live, output.deal-cash");
        if (out) { out.textContent = junk; out.classList.add("error"); } else flash(junk, "error", form);
        input.focus();
        return;
      }
    }
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
    const spend = spendWords(form);
    if (spend && !window.confirm(spend)) return;
    send(moveOf(form), form);
  });
  panel.addEventListener("input", (event) => {
    const field = event.target;
    if (field instanceof HTMLElement && field.closest("form")) field.dataset.dirty = "1";
    if (field instanceof HTMLInputElement && field.type === "number") liveConsequence(field);
    const deal = field instanceof HTMLElement && field.closest("form.deal-form");
    if (deal) liveDealCash(deal);
  });
  panel.addEventListener("click", (event) => {
    const button = event.target instanceof Element && event.target.closest(".ledger-page");
    if (!button) return;
    ledgerPage = parseInt(button.dataset.page, 10) || 1;
    changeView();
  });

  // Plain POST forms inside the live screen (pause, undo, statements) carry no token in their
  // HTML, which is the same for every browser: add this browser's when one is sent.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || (form.method || "").toLowerCase() !== "post") return;
    if (form.querySelector("input[name=csrfmiddlewaretoken]")) return;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = "csrfmiddlewaretoken";
    input.value = csrfToken();
    form.append(input);
  }, true);

  function changeView() {
    if (socketOpen) {
      socket.send(JSON.stringify({ type: "view", actor: actor, ledger_page: ledgerPage }));
    } else {
      fetchPanel();
    }
  }

  // The countdown of an open bidding round or auction (every element that carries the
  // deadline shows it: the status bar, the bank's "needs you now"); when it runs out, ask the
  // bank to close.
  setInterval(() => {
    let left = null;
    for (const bar of panel.querySelectorAll("[data-deadline]")) {
      const box = bar.querySelector(".countdown");
      if (!box) continue;
      left = Math.round((new Date(bar.dataset.deadline) - new Date()) / 1000);
      box.hidden = false;
      // Words, not a stopwatch glyph: fonts without it (headless Chromium's) draw a box.
      box.textContent = `${t("tTimeLeft", "time left")} ${Math.max(left, 0)} s`;
    }
    if (left !== null && left <= 0 && !tickSent) {
      tickSent = true;
      fetch(root.dataset.tick, { method: "POST", credentials: "same-origin",
        headers: { "X-CSRFToken": csrfToken() } }).then(() => { if (!socketOpen) fetchPanel(); });
    }
  }, 1000);

  // ------------------------------------------------------------------ staying current
  // With the socket open: check in every SYNC_MS (the server answers with the screen if this
  // one is not current). Without: poll the revision, fetch the panel when it moved.
  setInterval(() => {
    if (socketOpen) socket.send(JSON.stringify({ type: "sync", revision: revision }));
  }, SYNC_MS);

  async function poll() {
    if (!socketOpen) {
      try {
        const response = await fetch(root.dataset.revisionUrl, { credentials: "same-origin", cache: "no-store" });
        if (response.status === 403) { location.reload(); return; }
        const body = await response.json();
        if (body.revision !== revision) await fetchPanel();
      } catch (err) { /* the next poll tries again */ }
    }
    setTimeout(poll, POLL_MS * (0.8 + Math.random() * 0.4));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = new URL(`${scheme}://${location.host}/ws/games/${gameId}/`);
    if (actor) url.searchParams.set("as", actor);
    url.searchParams.set("page", String(ledgerPage));
    if (root.dataset.lang) url.searchParams.set("lang", root.dataset.lang);
    try {
      socket = new WebSocket(url);
    } catch (err) {
      reconnectLater();
      return;
    }
    socket.onopen = () => {
      socketOpen = true;
      reconnects = 0;
      if (connection) connection.textContent = t("tLive", "Live.");
    };
    socket.onmessage = (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch (err) { return; }
      if (msg.type === "changed") addTicker(msg.ticker);
      else if (msg.type === "screen") applyScreen(msg);
    };
    socket.onclose = (event) => {
      const wasOpen = socketOpen;
      socketOpen = false;
      socket = null;
      if (event.code === 4403) { location.reload(); return; } // lost the seat
      if (connection) connection.textContent = t("tPolling", "Live updates by polling.");
      if (wasOpen) fetchPanel();
      reconnectLater();
    };
  }

  function reconnectLater() {
    // Exponential back-off with jitter: a whole class reconnecting after a server restart
    // does not arrive in one burst.
    const delay = Math.min(30000, 1000 * 2 ** reconnects) * (0.5 + Math.random());
    reconnects = Math.min(reconnects + 1, 6);
    setTimeout(connect, delay);
  }

  window.playbossLive = {
    refresh: () => (socketOpen ? socket.send(JSON.stringify({ type: "sync", revision: -1 })) : fetchPanel()),
    setActor: (name) => { actor = name; ledgerPage = 1; changeView(); },
    revision: () => revision,
  };
  if ("WebSocket" in window) {
    connect();
  } else {
    if (connection) connection.textContent = t("tPolling", "Live updates by polling.");
    fetchPanel();
  }
  setTimeout(() => { if (revision < 0) fetchPanel(); }, 4000); // no screen over the socket yet
  setTimeout(poll, POLL_MS);
})();

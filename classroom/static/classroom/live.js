// Playboss Classroom: keeps a game screen live.
// The websocket only says "revision N changed"; the screen then fetches its own panel as HTML,
// so secrets never travel to the wrong screen. If websockets are blocked, it polls instead.
(function () {
  "use strict";
  const root = document.getElementById("live");
  if (!root) return;
  const panel = document.getElementById("panel");
  const ticker = document.getElementById("ticker");
  const connection = document.getElementById("connection");
  const gameId = root.dataset.game;
  let actor = root.dataset.actor || "";
  let revision = -1;
  let ledgerPage = 1;
  let refreshing = null;
  let pollTimer = null;
  let tickSent = false;
  // The page's words for this script, translated by the template (data-t-*), English by default.
  const t = (key, fallback) => root.dataset[key] || fallback;

  function csrfToken() {
    const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function flash(text, kind) {
    const box = document.getElementById("flash");
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

  async function refresh() {
    if (refreshing) return refreshing;
    const url = new URL(root.dataset.panel, location.href);
    if (actor) url.searchParams.set("as", actor);
    url.searchParams.set("ledger_page", String(ledgerPage));
    refreshing = fetch(url, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((html) => {
        panel.innerHTML = html;
        const bar = panel.querySelector("[data-revision]");
        if (bar) revision = Math.max(revision, parseInt(bar.dataset.revision, 10));
        tickSent = false;
        bind();
      })
      .catch((status) => {
        // 403: this browser lost its seat (the role went elsewhere, the session ended): the
        // page itself then leads to the join form or the sign-in.
        if (status === 403) { location.reload(); return; }
        flash(t("tLoadFailed", "The game could not be loaded; retrying…"), "error");
      })
      .finally(() => { refreshing = null; });
    return refreshing;
  }

  function newKey() {
    return (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)) + "";
  }

  function numberOrText(value) {
    return /^-?\d+$/.test(value) ? parseInt(value, 10) : value;
  }

  async function send(action, form) {
    const key = form.dataset.key || (form.dataset.key = newKey());
    for (const b of form.querySelectorAll("button")) b.disabled = true;
    try {
      const response = await fetch(root.dataset.move, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ actor: actor, action: action, key: key }),
      });
      const body = await response.json().catch(() => ({ ok: false, error: t("tNoAnswer", "No answer.") }));
      if (!body.ok) {
        flash(body.error, "error");
        form.dataset.key = newKey();
      } else {
        if (body.events && body.events.length) flash(body.events[body.events.length - 1]);
      }
    } catch (err) {
      flash(t("tOffline", "No connection to the game; your move was not sent."), "error");
    } finally {
      for (const b of form.querySelectorAll("button")) b.disabled = false;
      await refresh();
    }
  }

  function bind() {
    for (const form of panel.querySelectorAll("form.move")) {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const action = Object.assign({ type: form.dataset.type }, JSON.parse(form.dataset.fixed || "{}"));
        for (const input of form.querySelectorAll("select, input")) {
          if (input.name) action[input.name] = numberOrText(input.value);
        }
        if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
        send(action, form);
      });
    }
    for (const form of panel.querySelectorAll("form.deal-form")) {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const action = { type: "propose_deal", give: {}, take: {} };
        for (const input of form.querySelectorAll("select, input")) {
          const value = input.value.trim();
          if (!input.name || value === "") continue;
          const [side, field] = input.name.split(".");
          if (!field) { action[side] = value; continue; }
          if (field === "machines" || field === "lease") {
            action[side][field] = value.split(/[ ,;]+/).filter(Boolean).map((v) => parseInt(v, 10));
          } else {
            action[side][field] = parseInt(value, 10);
          }
        }
        send(action, form);
      });
    }
    for (const button of panel.querySelectorAll(".ledger-page")) {
      button.addEventListener("click", () => { ledgerPage = parseInt(button.dataset.page, 10); refresh(); });
    }
    for (const select of panel.querySelectorAll("select.act-as")) {
      select.addEventListener("change", () => { actor = select.value; refresh(); });
    }
  }

  // The countdown of an open bidding round or auction; when it runs out, ask the bank to close.
  setInterval(() => {
    const bar = panel.querySelector("[data-deadline]");
    const box = bar && bar.querySelector(".countdown");
    if (!bar || !box) return;
    const left = Math.round((new Date(bar.dataset.deadline) - new Date()) / 1000);
    box.hidden = false;
    box.textContent = left > 0 ? `⏱ ${left}s` : "⏱ 0s";
    if (left <= 0 && !tickSent) {
      tickSent = true;
      fetch(root.dataset.tick, { method: "POST", credentials: "same-origin",
        headers: { "X-CSRFToken": csrfToken() } }).then(refresh);
    }
  }, 1000);

  function startPolling() {
    if (pollTimer) return;
    if (connection) connection.textContent = t("tPolling", "Live updates by polling.");
    pollTimer = setInterval(async () => {
      try {
        const r = await fetch(root.dataset.revisionUrl, { credentials: "same-origin" });
        const body = await r.json();
        if (body.revision !== revision) refresh();
      } catch (err) { /* the next poll tries again */ }
    }, 2000);
  }

  function stopPolling() {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
  }

  function connect() {
    let socket;
    try {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${location.host}/ws/games/${gameId}/`);
    } catch (err) {
      startPolling();
      return;
    }
    socket.onopen = () => { stopPolling(); if (connection) connection.textContent = t("tLive", "Live."); };
    socket.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "hello") {
        if (msg.revision !== revision) refresh();
      } else if (msg.type === "changed") {
        addTicker(msg.ticker);
        // A missed revision or a fresh one: either way this screen reloads its view.
        if (msg.revision !== revision) refresh();
      }
    };
    socket.onclose = () => {
      startPolling();
      setTimeout(connect, 5000);
    };
  }

  window.playbossLive = { refresh: refresh, setActor: (name) => { actor = name; refresh(); } };
  refresh();
  if ("WebSocket" in window) connect(); else startPolling();
})();

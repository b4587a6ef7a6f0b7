// Playboss Classroom: the teacher's pages. The consoles run live.js as every game screen does;
// this adds what only the teacher has: playing for a team, console buttons that post and then
// redraw the panel (pause, undo) after a confirmation, and the new-game form's team seats.
(function () {
  "use strict";

  function csrfToken() {
    const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  // The page's words, translated by the template on the live element (data-t-*).
  function t(key, fallback) {
    const live = document.getElementById("live");
    return (live && live.dataset[key]) || fallback;
  }

  function flash(text, kind) {
    const box = document.getElementById("flash");
    if (!box || !text) return;
    const p = document.createElement("p");
    p.className = kind || "info";
    p.textContent = text;
    box.replaceChildren(p);
    if (kind !== "error") setTimeout(() => { if (p.parentNode) p.remove(); }, 6000);
  }

  // "Play for": the console's actor (the bank, a team, the worker representative). The select
  // sits outside the panel, so it stays when a team's panel replaces the bank's.
  const actAs = document.getElementById("act-as");
  if (actAs && window.playbossLive) {
    const help = document.getElementById("act-as-help");
    const mark = () => {
      const acting = actAs.value !== "bank";
      if (help) help.hidden = !acting;
      document.body.classList.toggle("acting", acting);
    };
    actAs.addEventListener("change", () => {
      window.playbossLive.setActor(actAs.value);
      const url = new URL(location.href);
      if (actAs.value === "bank") url.searchParams.delete("as"); else url.searchParams.set("as", actAs.value);
      history.replaceState(null, "", url);
      mark();
    });
    mark();
  }

  // Console buttons that are plain POST forms (pause, resume, undo): ask first if the form
  // says so; with the live script, post in the background and redraw the panel.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("console-post")) return;
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      return;
    }
    if (!window.playbossLive || !window.fetch) return; // an ordinary POST and redirect
    event.preventDefault();
    for (const b of form.querySelectorAll("button")) b.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: "POST", body: new FormData(form), credentials: "same-origin",
        headers: { "Accept": "application/json", "X-CSRFToken": csrfToken() },
      });
      const body = await response.json().catch(() => ({ ok: false, error: t("tNoAnswer", "No answer.") }));
      flash(body.ok ? body.message : body.error, body.ok ? "success" : "error");
    } catch (err) {
      flash(t("tOfflineConsole", "No connection to the game; nothing was changed."), "error");
    } finally {
      await window.playbossLive.refresh();
    }
  });

  // New game: one "played by" choice per team line, labelled with the team's name.
  const teams = document.getElementById("id_teams");
  if (teams) {
    const seats = Array.from(document.querySelectorAll(".player[data-seat]"));
    for (const seat of seats) {
      const span = seat.querySelector("span");
      if (span) span.dataset.original = span.textContent;
    }
    const update = () => {
      const names = teams.value.split(/\r?\n/).map((n) => n.trim()).filter(Boolean);
      for (const seat of seats) {
        const n = parseInt(seat.dataset.seat, 10);
        const span = seat.querySelector("span");
        seat.hidden = n > Math.max(names.length, 1);
        if (span) span.textContent = names[n - 1] || span.dataset.original;
      }
    };
    teams.addEventListener("input", update);
    update();
  }
})();

// A practice game (issue 12): the bots move one at a time, each after a short delay, so the
// player sees every move on the board and in the ticker; the hint is shown in place.
(function () {
  "use strict";
  const bar = document.getElementById("practice");
  if (!bar) return;
  const status = document.getElementById("practice-status");
  const delay = parseInt(bar.dataset.delay || "900", 10);
  function csrfToken() {
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }
  async function post(url) {
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": csrfToken() },
    });
    return response.json();
  }
  async function step() {
    let next = delay * 2;
    try {
      const answer = await post(bar.dataset.bots);
      if (answer.status === "ended") {  // the statements are on the screen now
        status.textContent = "";
        return;
      }
      status.textContent = answer.waiting ? bar.dataset.thinking : bar.dataset.yourTurn;
      if (answer.moved || answer.waiting) next = delay;
    } catch (error) {
      next = delay * 4;  // the server is away: ask again later
    }
    window.setTimeout(step, next);
  }
  window.setTimeout(step, delay);
  const hintForm = document.getElementById("practice-hint-form");
  hintForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await post(hintForm.action);
    document.getElementById("practice-hint").textContent = answer.text || answer.error || "";
  });
})();

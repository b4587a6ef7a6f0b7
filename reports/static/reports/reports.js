// Report jobs: a progress bar for each document being built, polling the job's status JSON
// until it is ready (then the download link appears) or has failed (then the reason).
(function () {
  "use strict";
  const FAST = 700, SLOW = 2500;

  function update(box, job) {
    box.dataset.status = job.status;
    box.className = "report-job status-" + job.status;
    const bar = box.querySelector("progress");
    const label = box.querySelector(".job-label");
    const link = box.querySelector(".job-download");
    const error = box.querySelector(".job-error");
    const meta = box.querySelector(".job-meta");
    const pending = job.status === "queued" || job.status === "running";
    if (bar) { bar.value = job.progress; bar.textContent = job.progress + " %"; bar.hidden = !pending; }
    if (label) label.textContent = job.status_label + (pending ? " · " + job.progress + " %" : "");
    if (link) {
      link.hidden = !job.download;
      if (job.download) {
        link.href = job.download;
        const name = link.querySelector(".job-file");
        if (name) name.textContent = job.filename;
      }
    }
    if (error) { error.textContent = job.message || ""; error.hidden = !job.message; }
    if (meta && job.seq !== null && !pending) meta.hidden = false;
    for (const button of document.querySelectorAll("form.report-request button")) {
      if (!document.querySelector('.report-job[data-status="queued"], .report-job[data-status="running"]')) {
        button.disabled = false;
      }
    }
    return pending;
  }

  function follow(box, delay) {
    window.setTimeout(async () => {
      try {
        const response = await fetch(box.dataset.url, {
          credentials: "same-origin", headers: { "Accept": "application/json" },
        });
        if (!response.ok) throw new Error(String(response.status));
        const job = await response.json();
        if (update(box, job)) follow(box, FAST);
      } catch (err) {
        follow(box, SLOW);  // the server is busy or the network hiccups: keep asking, slower
      }
    }, delay);
  }

  function start() {
    for (const box of document.querySelectorAll(".report-job[data-url]")) {
      const status = box.dataset.status;
      if (status === "queued" || status === "running") follow(box, FAST);
    }
    // A double click sends one request: the button waits for the page to come back.
    document.addEventListener("submit", (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.classList.contains("report-request")) return;
      window.setTimeout(() => { for (const b of form.querySelectorAll("button")) b.disabled = true; }, 0);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

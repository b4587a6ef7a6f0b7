// Small page behaviours that would otherwise be inline handlers (onclick=, onfocus=), which the
// content security policy refuses (script-src 'self', playboss/security.py).
"use strict";
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-print]")) window.print();
});
document.addEventListener("focusin", (event) => {
  const field = event.target;
  if (field instanceof HTMLInputElement && field.hasAttribute("data-select-on-focus")) {
    field.select();
  }
});

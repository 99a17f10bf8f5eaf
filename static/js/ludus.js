// Ludus: the little JavaScript the pages need beyond htmx.
// htmx swaps a 400 (base.html's htmx-config: a refused action is its page again, with the
// reason in the flash) but no other error, so a forbidden action (403) or a server error would
// otherwise look like a button that does nothing: say what happened instead.
(function () {
  "use strict";

  function toast(text) {
    let box = document.getElementById("toast");
    if (!box) {
      box = document.createElement("div");
      box.id = "toast";
      box.className = "toast message error";
      box.setAttribute("role", "alert");
      document.body.appendChild(box);
    }
    box.textContent = text;
    clearTimeout(box._hide);
    box._hide = setTimeout(() => box.remove(), 8000);
  }

  document.addEventListener("htmx:responseError", (event) => {
    const xhr = event.detail.xhr;
    let text = `The server refused this (${xhr.status}).`;
    const page = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
    const reason = page.querySelector("main p");
    if (reason && reason.textContent.trim()) {
      text = reason.textContent.trim();
    }
    toast(text);
  });

  // htmx cancels the navigation of an HTML <a> it handles, but not of an SVG <a> (its tagName is
  // lowercase): without this, a click on the orders board would swap the order form AND load
  // the whole page. Without JavaScript the links simply load the page.
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("svg a[hx-get]");
    if (link) {
      event.preventDefault();
    }
  });

  document.addEventListener("htmx:sendError", () => {
    toast("The server could not be reached. Check the connection and try again.");
  });
})();
